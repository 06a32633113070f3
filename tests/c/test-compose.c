/* tests/c/test-compose.c -- lib/core/compose.c: the composite Octave
 * functions (dfg_mean, dfg_var, dfg_std, dfg_norm, dfg_dot, dfg_kron,
 * dfg_mpower, dfg_mpower_int, dfg_trace, dfg_tril, dfg_triu, dfg_diag,
 * dfg_repmat, dfg_flip, dfg_circshift, dfg_zero_by_zero_as_column,
 * dfg_fold2d, dfg_eye), lib/core/compose-range.c (dfg_linspace) and
 * lib/core/compose-linalg.c: the matrix
 * operators and LAPACK functions (dfg_mtimes, dfg_mldivide, dfg_mrdivide,
 * dfg_inv, dfg_det, dfg_pinv, dfg_chol, dfg_lu, dfg_qr, dfg_eig).
 *
 * Each case builds the composite on free inputs, compiles a plan, runs it
 * on data in double and in single, and compares with values worked out by
 * hand (the Octave command that gives each is quoted).  Error cases check
 * the status, the function named in the message, that *y is untouched and
 * that nothing leaks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "exec-helpers.h"

/* A result: class, size and values (as doubles). */
typedef struct res {
    dfg_status st;
    dfg_dtype  dt;
    int        nd;
    int64_t    d[DFG_MAX_DIMS];
    double     v[64];
    int64_t    n;
} res;

typedef dfg_status (*build1)(dfg_id x, dfg_id * y, const void * ctx);
typedef dfg_status (*build2)(dfg_id a, dfg_id b, dfg_id * y, const void * ctx);

/* Makes n inputs of class dt (shapes "2x3"), data as doubles converted to
 * dt, builds with b1 or b2, compiles and runs.  Checks that nothing leaks. */
static res run_n(int n, dfg_dtype dt, const char * const * shape, const double * const * data,
                 build1 b1, build2 b2, const void * ctx)
{
    res r;
    memset(&r, 0, sizeof r);
    int64_t live = dfg_live_count();
    dfg_id in[2] = {0, 0}, y = 0, plan = 0;
    void * buf[2] = {NULL, NULL};
    for (int k = 0; k < n; k++) {
        int64_t d[DFG_MAX_DIMS];
        int nd = parse(shape[k], d);
        int64_t m = numel_of(shape[k]);
        CHECK(dfg_input(dt, nd, d, NULL, &in[k]) == DFG_OK);
        buf[k] = calloc((size_t)m + 1, dfg_dtype_size(dt));
        for (int64_t q = 0; q < m; q++)
            put(dt, buf[k], q, data[k][q]);
    }
    r.st = n == 1 ? b1(in[0], &y, ctx) : b2(in[0], in[1], &y, ctx);
    if (!r.st)
        r.st = dfg_info(y, &r.dt, &r.nd, r.d);
    if (!r.st) {
        r.n = 1;
        for (int k = 0; k < r.nd; k++)
            r.n *= r.d[k];
        CHECK(r.n <= 64);
        void * out = calloc(64, 8);
        const void * ins[2] = {buf[0], buf[1]};
        void * outs[1] = {out};
        if (!(r.st = dfg_plan_compile(n, in, 1, &y, &plan)))
            r.st = dfg_plan_run(plan, ins, outs);
        for (int64_t q = 0; q < r.n && q < 64; q++)
            r.v[q] = get(r.dt, out, q);
        free(out);
    }
    if (plan)
        dfg_release(plan);
    if (y)
        dfg_release(y);
    for (int k = 0; k < n; k++) {
        dfg_release(in[k]);
        free(buf[k]);
    }
    CHECK(dfg_live_count() == live);
    return r;
}

static res run1(dfg_dtype dt, const char * shape, const double * data, build1 b, const void * ctx)
{
    const char * s[1] = {shape};
    const double * p[1] = {data};
    return run_n(1, dt, s, p, b, NULL, ctx);
}

static res run2(dfg_dtype dt, const char * sa, const double * a, const char * sb, const double * b,
                build2 bld, const void * ctx)
{
    const char * s[2] = {sa, sb};
    const double * p[2] = {a, b};
    return run_n(2, dt, s, p, NULL, bld, ctx);
}

/* The result has the size shape, class dt and values want (tolerance
 * relative to the class). */
static void expect(const res * r, dfg_dtype dt, const char * shape, const double * want)
{
    int64_t d[DFG_MAX_DIMS];
    int nd = parse(shape, d);
    CHECK(r->st == DFG_OK);
    if (r->st) {
        fprintf(stderr, "  status %d: %s\n", r->st, dfg_last_error());
        return;
    }
    CHECK(r->dt == dt);
    CHECK(r->nd == nd && !memcmp(r->d, d, (size_t)nd * sizeof d[0]));
    if (r->nd != nd || memcmp(r->d, d, (size_t)nd * sizeof d[0])) {
        fprintf(stderr, "  size");
        for (int k = 0; k < r->nd; k++)
            fprintf(stderr, "%s%lld", k ? "x" : " ", (long long)r->d[k]);
        fprintf(stderr, ", wanted %s\n", shape);
    }
    double tol = dt == DFG_SINGLE ? 1e-6 : 1e-13;
    for (int64_t q = 0; q < r->n && q < numel_of(shape); q++)
        CHECK_NEAR(r->v[q], want[q], tol);
}

/* The build failed with st, its message starting with prefix. */
static void expect_error(const res * r, dfg_status st, const char * prefix)
{
    CHECK(r->st == st);
    const char * m = dfg_last_error();
    CHECK(m && !strncmp(m, prefix, strlen(prefix)));
    if (r->st != st || !m || strncmp(m, prefix, strlen(prefix)))
        fprintf(stderr, "  got status %d, message '%s' (wanted %d, '%s...')\n", r->st, m ? m : "", st, prefix);
}

static const dfg_dtype FLOATS[2] = {DFG_DOUBLE, DFG_SINGLE};
static const double Z[64];      /* data for the error cases */

/* ---- builders with their parameters --------------------------------------- */

typedef struct par {
    int     dim;
    double  p;
    int     flag;
    int64_t k;
    int     m;
    int64_t v[4];
    int     dims[4];
} par;

static dfg_status b_mean(dfg_id x, dfg_id * y, const void * c) { return dfg_mean(x, ((const par *)c)->dim, y); }
static dfg_status b_var(dfg_id x, dfg_id * y, const void * c)
{
    const par * p = c;
    return dfg_var(x, p->p, p->dim, y);
}
static dfg_status b_std(dfg_id x, dfg_id * y, const void * c)
{
    const par * p = c;
    return dfg_std(x, p->p, p->dim, y);
}
static dfg_status b_norm(dfg_id x, dfg_id * y, const void * c)
{
    const par * p = c;
    return dfg_norm(x, p->p, p->flag, y);
}
static dfg_status b_dot(dfg_id a, dfg_id b, dfg_id * y, const void * c) { return dfg_dot(a, b, ((const par *)c)->dim, y); }
static dfg_status b_kron(dfg_id a, dfg_id b, dfg_id * y, const void * c) { (void)c; return dfg_kron(a, b, y); }
static dfg_status b_linspace(dfg_id a, dfg_id b, dfg_id * y, const void * c)
{
    return dfg_linspace(a, b, ((const par *)c)->p, y);
}
static dfg_status b_mpow(dfg_id a, dfg_id b, dfg_id * y, const void * c) { (void)c; return dfg_mpower(a, b, y); }
static dfg_status b_mpow_int(dfg_id x, dfg_id * y, const void * c) { return dfg_mpower_int(x, ((const par *)c)->p, y); }
static dfg_status b_trace(dfg_id x, dfg_id * y, const void * c) { (void)c; return dfg_trace(x, y); }
static dfg_status b_tril(dfg_id x, dfg_id * y, const void * c) { return dfg_tril(x, ((const par *)c)->k, y); }
static dfg_status b_triu(dfg_id x, dfg_id * y, const void * c) { return dfg_triu(x, ((const par *)c)->k, y); }
static dfg_status b_diag(dfg_id x, dfg_id * y, const void * c) { return dfg_diag(x, ((const par *)c)->k, y); }
static dfg_status b_repmat(dfg_id x, dfg_id * y, const void * c)
{
    const par * p = c;
    return dfg_repmat(x, p->m, p->v, y);
}
static dfg_status b_flip(dfg_id x, dfg_id * y, const void * c) { return dfg_flip(x, ((const par *)c)->dim, y); }
static dfg_status b_circshift(dfg_id x, dfg_id * y, const void * c)
{
    const par * p = c;
    return dfg_circshift(x, p->m, p->v, p->flag ? p->dims : NULL, y);
}

/* ---- mean, var, std ---------------------------------------------------------- */

static void test_mean(void)
{
    static const double x[6] = {1, 2, 3, 4, 5, 6};     /* [1 3 5; 2 4 6] */
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        par p = {.dim = -1};
        res r = run1(dt, "2x3", x, b_mean, &p);          /* mean ([1 3 5; 2 4 6]) */
        expect(&r, dt, "1x3", (double[]){1.5, 3.5, 5.5});
        p.dim = 1;
        r = run1(dt, "2x3", x, b_mean, &p);               /* mean (x, 2) */
        expect(&r, dt, "2x1", (double[]){3, 4});
        p.dim = 2;
        r = run1(dt, "2x3", x, b_mean, &p);               /* mean (x, 3) = x */
        expect(&r, dt, "2x3", x);
        p.dim = -1;
        r = run1(dt, "1x4", x, b_mean, &p);               /* mean (1:4) */
        expect(&r, dt, "1x1", (double[]){2.5});
        r = run1(dt, "0x0", x, b_mean, &p);               /* mean (zeros (0)) = NaN */
        expect(&r, dt, "1x1", (double[]){NAN});
        r = run1(dt, "0x3", x, b_mean, &p);               /* mean (zeros (0, 3)): 0x1, Octave 7.3 */
        expect(&r, dt, "0x1", NULL);
    }
    par p = {.dim = 16};
    res r = run1(DFG_DOUBLE, "2x3", x, b_mean, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.mean: ");
}

static void test_var_std(void)
{
    static const double x[6] = {1, 2, 3, 4, 5, 6};
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        par p = {.dim = -1, .p = 0};
        res r = run1(dt, "1x4", x, b_var, &p);            /* var (1:4) */
        expect(&r, dt, "1x1", (double[]){5.0 / 3});
        p.p = 1;
        r = run1(dt, "1x4", x, b_var, &p);                /* var (1:4, 1) */
        expect(&r, dt, "1x1", (double[]){1.25});
        r = run1(dt, "1x4", x, b_std, &p);                /* std (1:4, 1) */
        expect(&r, dt, "1x1", (double[]){sqrt(1.25)});
        p.p = 0;
        r = run1(dt, "2x3", x, b_std, &p);                /* std ([1 3 5; 2 4 6]) */
        expect(&r, dt, "1x3", (double[]){sqrt(0.5), sqrt(0.5), sqrt(0.5)});
        p.dim = 1;
        r = run1(dt, "2x3", x, b_var, &p);                /* var (x, 0, 2) */
        expect(&r, dt, "2x1", (double[]){4, 4});
        p.dim = -1;
        r = run1(dt, "1x1", (double[]){INFINITY}, b_var, &p);   /* var (Inf) = NaN */
        expect(&r, dt, "1x1", (double[]){NAN});
        r = run1(dt, "1x1", (double[]){7}, b_std, &p);    /* std (7) = 0 */
        expect(&r, dt, "1x1", (double[]){0});
        r = run1(dt, "0x0", x, b_var, &p);                /* var ([]) = NaN, double */
        expect(&r, DFG_DOUBLE, "1x1", (double[]){NAN});
        p.dim = 0;
        r = run1(dt, "0x0", x, b_var, &p);                /* var ([], 0, 1): 1x0 */
        expect(&r, DFG_DOUBLE, "1x0", NULL);
        p.dim = -1;
        r = run1(dt, "0x3", x, b_std, &p);                /* std (zeros (0, 3)) */
        expect(&r, DFG_DOUBLE, "1x3", (double[]){NAN, NAN, NAN});
    }
    par p = {.dim = -1, .p = 0.5};
    res r = run1(DFG_DOUBLE, "1x4", x, b_std, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.std: OPT must be 0 or 1");
    r = run1(DFG_DOUBLE, "1x4", x, b_var, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.var: OPT must be 0 or 1");
}

/* ---- norm ----------------------------------------------------------------------- */

static void test_norm(void)
{
    static const double v[2] = {3, -4}, m[4] = {1, 3, 2, 4};   /* m = [1 2; 3 4] */
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        par p = {.p = 2};
        res r = run1(dt, "1x2", v, b_norm, &p);           /* norm ([3 -4]) */
        expect(&r, dt, "1x1", (double[]){5});
        p.p = 1;
        r = run1(dt, "2x1", v, b_norm, &p);               /* norm ([3; -4], 1) */
        expect(&r, dt, "1x1", (double[]){7});
        p.p = INFINITY;
        r = run1(dt, "1x2", v, b_norm, &p);               /* norm ([3 -4], Inf) */
        expect(&r, dt, "1x1", (double[]){4});
        p.p = -INFINITY;
        r = run1(dt, "1x2", v, b_norm, &p);               /* norm ([3 -4], -Inf) */
        expect(&r, dt, "1x1", (double[]){3});
        p.p = 0;
        r = run1(dt, "1x3", (double[]){3, 0, -4}, b_norm, &p);   /* norm ([3 0 -4], 0) */
        expect(&r, dt, "1x1", (double[]){2});
        p.p = 3;
        r = run1(dt, "1x2", v, b_norm, &p);               /* norm ([3 -4], 3) */
        expect(&r, dt, "1x1", (double[]){cbrt(91)});
        p.p = 2;
        r = run1(dt, "1x2", (double[]){1e200, 1e200}, b_norm, &p);
        if (dt == DFG_DOUBLE)                            /* scaled: no overflow */
            expect(&r, dt, "1x1", (double[]){1e200 * sqrt(2)});
        r = run1(dt, "1x2", (double[]){NAN, 1}, b_norm, &p);     /* norm ([NaN 1]) */
        expect(&r, dt, "1x1", (double[]){NAN});
        p.p = 1;
        r = run1(dt, "2x2", m, b_norm, &p);               /* norm ([1 2; 3 4], 1) */
        expect(&r, dt, "1x1", (double[]){6});
        p.p = INFINITY;
        r = run1(dt, "2x2", m, b_norm, &p);               /* norm ([1 2; 3 4], Inf) */
        expect(&r, dt, "1x1", (double[]){7});
        p.flag = 1;
        r = run1(dt, "2x2", m, b_norm, &p);               /* norm ([1 2; 3 4], "fro") */
        expect(&r, dt, "1x1", (double[]){sqrt(30)});
        p.flag = 0;
        p.p = 2;
        r = run1(dt, "2x2", m, b_norm, &p);               /* norm ([1 2; 3 4]) */
        expect(&r, dt, "1x1", (double[]){5.4649857042190426});
        r = run1(dt, "2x2", (double[]){1, INFINITY, 2, 4}, b_norm, &p);   /* Inf: NaN */
        expect(&r, dt, "1x1", (double[]){NAN});
        r = run1(dt, "0x3", m, b_norm, &p);               /* norm (zeros (0, 3)): double 0 */
        expect(&r, DFG_DOUBLE, "1x1", (double[]){0});
    }
    par p = {.p = 2};
    res r = run1(DFG_DOUBLE, "2x2x2", Z, b_norm, &p);
    expect_error(&r, DFG_ERR_SHAPE, "dfg.norm: only valid for 2-D objects");
    r = run1(DFG_LOGICAL, "2x2", m, b_norm, &p);
    expect_error(&r, DFG_ERR_DTYPE, "dfg.norm: X must be a numeric matrix");
    p.p = NAN;
    r = run1(DFG_DOUBLE, "1x2", v, b_norm, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.norm: P must not be NaN");
    p.p = 3;
    r = run1(DFG_DOUBLE, "2x2", m, b_norm, &p);
    expect_error(&r, DFG_ERR_UNSUPPORTED, "dfg.norm: the matrix norm with P = 3");
}

/* ---- dot, kron, mpower --------------------------------------------------------- */

static void test_dot_kron(void)
{
    static const double a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        par p = {.dim = -1};
        res r = run2(dt, "1x3", a, "3x1", b, b_dot, &p);  /* dot ([1 2 3], [5; 6; 7]) */
        expect(&r, dt, "1x1", (double[]){38});
        r = run2(dt, "2x2", a, "2x2", b, b_dot, &p);      /* dot ([1 3; 2 4], [5 7; 6 8]) */
        expect(&r, dt, "1x2", (double[]){17, 53});
        p.dim = 1;
        r = run2(dt, "2x2", a, "2x2", b, b_dot, &p);      /* dot (..., 2) */
        expect(&r, dt, "2x1", (double[]){26, 44});
        r = run2(dt, "1x2", a, "2x1", b, b_kron, NULL);   /* kron ([1 2], [5; 6]) */
        expect(&r, dt, "2x2", (double[]){5, 6, 10, 12});
        r = run2(dt, "2x2", a, "1x1", b, b_kron, NULL);   /* kron ([1 3; 2 4], 5) */
        expect(&r, dt, "2x2", (double[]){5, 10, 15, 20});
        r = run2(dt, "1x1x2", a, "1x2", b, b_kron, NULL); /* kron (cat (3, 1, 2), [5 6]): folded */
        expect(&r, dt, "1x4", (double[]){5, 6, 10, 12});
    }
    par p = {.dim = -1};
    res r = run2(DFG_DOUBLE, "1x3", a, "1x4", b, b_dot, &p);
    expect_error(&r, DFG_ERR_SHAPE, "dfg.dot: sizes of X and Y must match (3 vs 4 elements)");
    p.dim = 0;
    r = run2(DFG_DOUBLE, "1x3", a, "3x1", b, b_dot, &p);
    expect_error(&r, DFG_ERR_SHAPE, "dfg.dot: sizes of X and Y must match (1x3 vs 3x1)");
    r = run2(DFG_LOGICAL, "1x3", a, "1x3", b, b_dot, &p);
    expect_error(&r, DFG_ERR_DTYPE, "dfg.dot: X and Y must be numeric (argument 1 is logical)");
}

/* dfg_linspace (lib/core/compose-range.c): Octave 7.3's values. */
static void test_linspace(void)
{
    static const double a[2] = {1, -2}, b[2] = {2, 4};
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        par p = {.p = 5};
        res r = run2(dt, "1x1", a, "1x1", b, b_linspace, &p);   /* linspace (1, 2, 5) */
        expect(&r, dt, "1x5", (double[]){1, 1.25, 1.5, 1.75, 2});
        r = run2(dt, "2x1", a, "2x1", b, b_linspace, &p);       /* linspace ([1; -2], [2; 4], 5) */
        expect(&r, dt, "2x5", (double[]){1, -2, 1.25, -0.5, 1.5, 1, 1.75, 2.5, 2, 4});
        r = run2(dt, "1x2", a, "1x1", b, b_linspace, &p);       /* linspace ([1 -2], 2, 5) */
        expect(&r, dt, "2x5", (double[]){1, -2, 1.25, -1, 1.5, 0, 1.75, 1, 2, 2});
        p.p = 1;
        r = run2(dt, "1x1", a, "1x1", b, b_linspace, &p);       /* linspace (1, 2, 1) */
        expect(&r, dt, "1x1", (double[]){2});
        p.p = 0;
        r = run2(dt, "2x1", a, "2x1", b, b_linspace, &p);       /* linspace ([1; -2], [2; 4], 0) */
        expect(&r, dt, "2x0", NULL);
    }
    /* the middle of an odd count where a == -b is 0; the ends exact */
    static const double c[1] = {-3}, e[1] = {3};
    par p = {.p = 3};
    res r = run2(DFG_DOUBLE, "1x1", c, "1x1", e, b_linspace, &p);
    expect(&r, DFG_DOUBLE, "1x3", (double[]){-3, 0, 3});
    p.p = 4;
    r = run2(DFG_DOUBLE, "2x2", a, "1x1", b, b_linspace, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.linspace: START, END must be scalars or vectors");
    r = run2(DFG_DOUBLE, "2x1", a, "1x3", Z, b_linspace, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.linspace: vectors must be of equal length");
}

static void test_mpower(void)
{
    static const double a[4] = {1, 0, 1, 1};     /* [1 1; 0 1] */
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        par p = {.p = 3};
        res r = run1(dt, "2x2", a, b_mpow_int, &p);       /* [1 1; 0 1] ^ 3 */
        expect(&r, dt, "2x2", (double[]){1, 0, 3, 1});
        p.p = 10;
        r = run1(dt, "2x2", (double[]){1, 1, 1, 0}, b_mpow_int, &p);   /* [1 1; 1 0] ^ 10 */
        expect(&r, dt, "2x2", (double[]){89, 55, 55, 34});
        p.p = 0;
        r = run1(dt, "2x2", a, b_mpow_int, &p);           /* A ^ 0 = eye (2) */
        expect(&r, dt, "2x2", (double[]){1, 0, 0, 1});
        p.p = -2;
        r = run1(dt, "2x2", a, b_mpow_int, &p);           /* [1 1; 0 1] ^ -2 */
        expect(&r, dt, "2x2", (double[]){1, 0, -2, 1});
        p.p = 0.5;
        r = run1(dt, "1x1", (double[]){4}, b_mpow_int, &p);    /* 4 ^ 0.5 */
        expect(&r, dt, "1x1", (double[]){2});
        p.p = 2;
        r = run1(dt, "0x3", a, b_mpow_int, &p);           /* zeros (0, 3) ^ 2: 0x0 */
        expect(&r, dt, "0x0", NULL);
        r = run2(dt, "1x1", (double[]){2}, "1x1", (double[]){5}, b_mpow, NULL);   /* 2 ^ 5 */
        expect(&r, dt, "1x1", (double[]){32});
    }
    /* a logical matrix power is double, also A ^ 1 */
    for (int e = 0; e <= 2; e++) {
        par q = {.p = e};
        res r = run1(DFG_LOGICAL, "2x2", a, b_mpow_int, &q);
        expect(&r, DFG_DOUBLE, "2x2", e == 0 ? (double[]){1, 0, 0, 1} : e == 1 ? a : (double[]){1, 0, 2, 1});
    }
    par p = {.p = 2};
    res r = run1(DFG_DOUBLE, "2x3", Z, b_mpow_int, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.mpower: for x^y, only square matrix arguments");
    p.p = 0.5;
    r = run1(DFG_DOUBLE, "2x2", a, b_mpow_int, &p);
    expect_error(&r, DFG_ERR_UNSUPPORTED, "dfg.mpower: non-integer matrix powers");
    r = run2(DFG_DOUBLE, "2x2", a, "1x1", a, b_mpow, NULL);
    expect_error(&r, DFG_ERR_UNSUPPORTED, "dfg.mpower: the exponent of a matrix power");
}

/* ---- trace, tril, triu, diag ------------------------------------------------------ */

static void test_trace_tri_diag(void)
{
    static const double m[9] = {1, 4, 7, 2, 5, 8, 3, 6, 9};   /* [1 2 3; 4 5 6; 7 8 9] */
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        res r = run1(dt, "3x3", m, b_trace, NULL);        /* trace (m) */
        expect(&r, dt, "1x1", (double[]){15});
        r = run1(dt, "2x3", m, b_trace, NULL);            /* trace ([1 7 5; 4 2 8]) */
        expect(&r, dt, "1x1", (double[]){3});
        r = run1(dt, "1x3", m, b_trace, NULL);            /* trace ([1 4 7]) = 1 */
        expect(&r, dt, "1x1", (double[]){1});
        r = run1(dt, "0x3", m, b_trace, NULL);            /* trace (zeros (0, 3)) = 0, double */
        expect(&r, DFG_DOUBLE, "1x1", (double[]){0});
        par p = {.k = 0};
        r = run1(dt, "3x3", m, b_tril, &p);               /* tril (m) */
        expect(&r, dt, "3x3", (double[]){1, 4, 7, 0, 5, 8, 0, 0, 9});
        p.k = 1;
        r = run1(dt, "3x3", m, b_triu, &p);               /* triu (m, 1) */
        expect(&r, dt, "3x3", (double[]){0, 0, 0, 2, 0, 0, 3, 6, 0});
        p.k = -1;
        r = run1(dt, "2x3", m, b_tril, &p);               /* tril ([1 7 5; 4 2 8], -1) */
        expect(&r, dt, "2x3", (double[]){0, 4, 0, 0, 0, 0});
        p.k = 0;
        r = run1(dt, "3x3", m, b_diag, &p);               /* diag (m) */
        expect(&r, dt, "3x1", (double[]){1, 5, 9});
        p.k = -1;
        r = run1(dt, "3x3", m, b_diag, &p);               /* diag (m, -1) */
        expect(&r, dt, "2x1", (double[]){4, 8});
        p.k = 1;
        r = run1(dt, "1x2", (double[]){7, 8}, b_diag, &p);    /* diag ([7 8], 1) */
        expect(&r, dt, "3x3", (double[]){0, 0, 0, 7, 0, 0, 0, 8, 0});
        p.k = 5;
        r = run1(dt, "3x3", m, b_diag, &p);               /* diag (m, 5): 0x1 */
        expect(&r, dt, "0x1", NULL);
        r = run1(dt, "0x0", m, b_diag, &p);               /* diag ([], 5): 0x0 */
        expect(&r, dt, "0x0", NULL);
    }
    par p = {.k = 0};
    res r = run1(DFG_DOUBLE, "2x2x2", m, b_trace, NULL);
    expect_error(&r, DFG_ERR_SHAPE, "dfg.trace: only valid on 2-D objects (A is 2x2x2)");
    r = run1(DFG_DOUBLE, "2x2x2", m, b_triu, &p);
    expect_error(&r, DFG_ERR_SHAPE, "dfg.triu: need a 2-D matrix");
    r = run1(DFG_DOUBLE, "2x2x2", m, b_diag, &p);
    expect_error(&r, DFG_ERR_SHAPE, "dfg.diag: requires a 2-D argument");
    p.k = (int64_t)1 << 40;
    r = run1(DFG_DOUBLE, "1x2", m, b_diag, &p);
    expect_error(&r, DFG_ERR_NOMEM, "dfg.diag: out of memory or dimension too large");
}

/* ---- repmat, flip, circshift ---------------------------------------------------- */

static void test_shape(void)
{
    static const double x[6] = {1, 2, 3, 4, 5, 6};
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        par p = {.m = 2, .v = {2, 2}};
        res r = run1(dt, "1x2", x, b_repmat, &p);         /* repmat ([1 2], 2, 2) */
        expect(&r, dt, "2x4", (double[]){1, 1, 2, 2, 1, 1, 2, 2});
        p = (par){.m = 3, .v = {1, 1, 2}};
        r = run1(dt, "2x1", x, b_repmat, &p);             /* repmat ([1; 2], 1, 1, 2) */
        expect(&r, dt, "2x1x2", (double[]){1, 2, 1, 2});
        p = (par){.m = 2, .v = {0, 3}};
        r = run1(dt, "2x2", x, b_repmat, &p);             /* repmat (x, 0, 3) */
        expect(&r, dt, "0x6", NULL);
        p = (par){.dim = -1};
        r = run1(dt, "1x3", x, b_flip, &p);               /* flip ([1 2 3]) */
        expect(&r, dt, "1x3", (double[]){3, 2, 1});
        r = run1(dt, "2x3", x, b_flip, &p);               /* flip ([1 3 5; 2 4 6]) */
        expect(&r, dt, "2x3", (double[]){2, 1, 4, 3, 6, 5});
        p.dim = 1;
        r = run1(dt, "2x3", x, b_flip, &p);               /* fliplr ([1 3 5; 2 4 6]) */
        expect(&r, dt, "2x3", (double[]){5, 6, 3, 4, 1, 2});
        p = (par){.m = 1, .v = {1}};
        r = run1(dt, "1x4", x, b_circshift, &p);          /* circshift (1:4, 1) */
        expect(&r, dt, "1x4", (double[]){4, 1, 2, 3});
        p = (par){.m = 1, .v = {-1}, .flag = 1, .dims = {1}};
        r = run1(dt, "2x3", x, b_circshift, &p);          /* circshift ([1 3 5; 2 4 6], -1, 2) */
        expect(&r, dt, "2x3", (double[]){3, 4, 5, 6, 1, 2});
        p = (par){.m = 2, .v = {1, 1}};
        r = run1(dt, "2x3", x, b_circshift, &p);          /* circshift ([1 3 5; 2 4 6], [1 1]) */
        expect(&r, dt, "2x3", (double[]){6, 5, 2, 1, 4, 3});
        p = (par){.m = 1, .v = {3}};
        r = run1(dt, "1x3", x, b_circshift, &p);          /* circshift (1:3, 3): unchanged */
        expect(&r, dt, "1x3", x);
    }
    par p = {.m = 2, .v = {(int64_t)1 << 40, (int64_t)1 << 40}};
    res r = run1(DFG_DOUBLE, "4x4", Z, b_repmat, &p);
    expect_error(&r, DFG_ERR_NOMEM, "dfg.repmat: out of memory or dimension too large (repeating a 4x4 array)");
    p = (par){.m = 0};
    r = run1(DFG_DOUBLE, "1x4", x, b_circshift, &p);
    expect_error(&r, DFG_ERR_ARG, "dfg.circshift: N must be a vector");
}

/* ---- ownership: a result outlives its inputs, errors leave *y alone --------- */

static void test_ownership(void)
{
    int64_t live = dfg_live_count();
    int64_t d[2] = {1, 4};
    dfg_id x, y = 0, plan;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_std(x, 0, -1, &y) == DFG_OK);
    CHECK(dfg_release(x) == DFG_OK);          /* y keeps what it needs */
    CHECK(dfg_plan_compile(0, NULL, 1, &y, &plan) == DFG_ERR_FREE_INPUT);
    CHECK(dfg_release(y) == DFG_OK);
    CHECK(dfg_release(y) == DFG_ERR_HANDLE);  /* one reference only */
    CHECK(dfg_live_count() == live);

    /* an error: *y untouched, nothing made */
    int64_t d3[3] = {2, 2, 2};
    CHECK(dfg_input(DFG_DOUBLE, 3, d3, "x", &x) == DFG_OK);
    y = 12345;
    CHECK(dfg_norm(x, 2, 0, &y) == DFG_ERR_SHAPE);
    CHECK(y == 12345);
    CHECK(dfg_tril(x, 0, &y) == DFG_ERR_SHAPE);
    CHECK(y == 12345);
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_live_count() == live);

    /* stale ids */
    CHECK(dfg_mean(x, -1, &y) == DFG_ERR_HANDLE);
    CHECK(dfg_kron(x, x, &y) == DFG_ERR_HANDLE);
    CHECK(y == 12345);

    /* constant inputs fold to a plan with no inputs */
    double v[4] = {3, 4, 0, 0};
    int64_t d2[2] = {1, 2};
    dfg_id c;
    double out = 0;
    void * outs[1] = {&out};
    CHECK(dfg_constant(DFG_DOUBLE, 2, d2, v, &c) == DFG_OK);
    CHECK(dfg_norm(c, 2, 0, &y) == DFG_OK);
    CHECK(dfg_plan_compile(0, NULL, 1, &y, &plan) == DFG_OK);
    CHECK(dfg_plan_run(plan, NULL, outs) == DFG_OK);
    CHECK_NEAR(out, 5, 1e-15);
    dfg_release(plan);
    dfg_release(y);
    dfg_release(c);
    CHECK(dfg_live_count() == live);
}

/* ---- gradients come from the primitives ---------------------------------------- */

static void test_grad(void)
{
    int64_t live = dfg_live_count();
    int64_t d[2] = {1, 2};
    dfg_id x, y, g, plan;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_norm(x, 2, 0, &y) == DFG_OK);
    CHECK(dfg_grad(y, 1, &x, 0, &g) == DFG_OK);     /* d norm / dx = x / norm (x) */
    CHECK(dfg_plan_compile(1, &x, 1, &g, &plan) == DFG_OK);
    double xv[2] = {3, -4}, gv[2] = {0, 0};
    const void * ins[1] = {xv};
    void * outs[1] = {gv};
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK);
    CHECK_NEAR(gv[0], 0.6, 1e-14);
    CHECK_NEAR(gv[1], -0.8, 1e-14);
    dfg_release(plan);
    dfg_release(g);
    dfg_release(y);
    dfg_release(x);
    CHECK(dfg_live_count() == live);
}

/* ---- matrix operators -------------------------------------------------------------- */

static dfg_status b_mtimes(dfg_id a, dfg_id b, dfg_id * y, const void * c) { (void)c; return dfg_mtimes(a, b, y); }
static dfg_status b_mldivide(dfg_id a, dfg_id b, dfg_id * y, const void * c) { (void)c; return dfg_mldivide(a, b, y); }
static dfg_status b_mrdivide(dfg_id a, dfg_id b, dfg_id * y, const void * c) { (void)c; return dfg_mrdivide(a, b, y); }

static void test_matrix_ops(void)
{
    static const double a[4] = {1, 3, 2, 4};           /* [1 2; 3 4] */
    static const double dg[4] = {2, 0, 0, 4};          /* [2 0; 0 4] */
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        res r = run2(dt, "2x2", a, "2x2", a, b_mtimes, NULL);       /* [1 2; 3 4] * [1 2; 3 4] */
        expect(&r, dt, "2x2", (double[]){7, 15, 10, 22});
        r = run2(dt, "1x1", (double[]){2}, "2x2", a, b_mtimes, NULL);    /* 2 * A */
        expect(&r, dt, "2x2", (double[]){2, 6, 4, 8});
        r = run2(dt, "2x2", a, "1x1", (double[]){-1}, b_mtimes, NULL);   /* A * -1 */
        expect(&r, dt, "2x2", (double[]){-1, -3, -2, -4});
        /* an N-d operand folded: ones (1, 2, 2) * [1; 2; 3; 4] = 10 */
        r = run2(dt, "1x2x2", (double[]){1, 1, 1, 1}, "4x1", (double[]){1, 2, 3, 4}, b_mtimes, NULL);
        expect(&r, dt, "1x1", (double[]){10});
        /* a scalar times an N-d array stays N-d: 3 * ones (2, 1, 2) */
        r = run2(dt, "1x1", (double[]){3}, "2x1x2", (double[]){1, 1, 1, 1}, b_mtimes, NULL);
        expect(&r, dt, "2x1x2", (double[]){3, 3, 3, 3});
        r = run2(dt, "2x2", dg, "2x1", (double[]){2, 4}, b_mldivide, NULL);   /* [2 0; 0 4] \ [2; 4] */
        expect(&r, dt, "2x1", (double[]){1, 1});
        r = run2(dt, "1x1", (double[]){2}, "1x3", (double[]){2, 4, 6}, b_mldivide, NULL);   /* 2 \ [2 4 6] */
        expect(&r, dt, "1x3", (double[]){1, 2, 3});
        r = run2(dt, "1x2", (double[]){2, 4}, "2x2", dg, b_mrdivide, NULL);   /* [2 4] / [2 0; 0 4] */
        expect(&r, dt, "1x2", (double[]){1, 1});
        r = run2(dt, "2x2", a, "2x2", a, b_mrdivide, NULL);                    /* A / A = eye (2) */
        expect(&r, dt, "2x2", (double[]){1, 0, 0, 1});
        r = run2(dt, "1x3", (double[]){2, 4, 6}, "1x1", (double[]){2}, b_mrdivide, NULL);   /* [2 4 6] / 2 */
        expect(&r, dt, "1x3", (double[]){1, 2, 3});
        /* mrdivide folds too: reshape (1:4, 1, 2, 2) / eye (4) */
        r = run2(dt, "1x2x2", (double[]){1, 2, 3, 4}, "4x4",
                 (double[]){1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, b_mrdivide, NULL);
        expect(&r, dt, "1x4", (double[]){1, 2, 3, 4});
    }
    res r = run2(DFG_DOUBLE, "2x3", Z, "2x2", Z, b_mrdivide, NULL);
    expect_error(&r, DFG_ERR_SHAPE, "dfg.mrdivide: nonconformant arguments (A is 2x3, B is 2x2)");
    r = run2(DFG_DOUBLE, "2x3", Z, "2x3", Z, b_mtimes, NULL);
    CHECK(r.st == DFG_ERR_SHAPE);
    r = run2(DFG_DOUBLE, "2x2", Z, "3x1", Z, b_mldivide, NULL);
    CHECK(r.st == DFG_ERR_SHAPE);
}

/* ---- inv, det, pinv, chol ------------------------------------------------------------ */

static dfg_status b_inv(dfg_id x, dfg_id * y, const void * c) { (void)c; return dfg_inv(x, y); }
static dfg_status b_det(dfg_id x, dfg_id * y, const void * c) { (void)c; return dfg_det(x, y); }
static dfg_status b_pinv(dfg_id x, dfg_id * y, const void * c) { (void)c; return dfg_pinv(x, y); }
static dfg_status b_chol(dfg_id x, dfg_id * y, const void * c) { (void)c; return dfg_chol(x, y); }

static void test_linalg1(void)
{
    static const double a[4] = {4, 2, 2, 3};           /* [4 2; 2 3] */
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        res r = run1(dt, "2x2", a, b_inv, NULL);         /* inv ([4 2; 2 3]) = [3 -2; -2 4] / 8 */
        expect(&r, dt, "2x2", (double[]){0.375, -0.25, -0.25, 0.5});
        r = run1(dt, "2x2", a, b_det, NULL);             /* det = 8 */
        expect(&r, dt, "1x1", (double[]){8});
        r = run1(dt, "2x2", a, b_pinv, NULL);            /* pinv = inv here */
        expect(&r, dt, "2x2", (double[]){0.375, -0.25, -0.25, 0.5});
        r = run1(dt, "1x2x2", (double[]){1, 0, 0, 0}, b_pinv, NULL);   /* pinv ([1 0 0 0]) folded */
        expect(&r, dt, "4x1", (double[]){1, 0, 0, 0});
        r = run1(dt, "2x2", (double[]){4, 2, 2, 5}, b_chol, NULL);      /* chol ([4 2; 2 5]) = [2 1; 0 2] */
        expect(&r, dt, "2x2", (double[]){2, 0, 1, 2});
        /* Octave 7.3: empty arguments, any shape, give a double 0x0 (det 1) */
        const char * empty[3] = {"0x0", "0x3", "2x0x2"};
        for (int e = 0; e < 3; e++) {
            r = run1(dt, empty[e], Z, b_inv, NULL);
            expect(&r, DFG_DOUBLE, "0x0", NULL);
            r = run1(dt, empty[e], Z, b_det, NULL);
            expect(&r, DFG_DOUBLE, "1x1", (double[]){1});
            r = run1(dt, empty[e], Z, b_pinv, NULL);
            expect(&r, DFG_DOUBLE, "0x0", NULL);
            r = run1(dt, empty[e], Z, b_chol, NULL);
            expect(&r, DFG_DOUBLE, "0x0", NULL);
        }
    }
    res r = run1(DFG_DOUBLE, "2x3", Z, b_inv, NULL);
    CHECK(r.st == DFG_ERR_SHAPE);
    r = run1(DFG_DOUBLE, "2x2x2", Z, b_det, NULL);       /* inv and det do not fold */
    CHECK(r.st == DFG_ERR_SHAPE);
}

/* ---- lu, qr, eig: several outputs ------------------------------------------------------- */

typedef dfg_status (*buildn)(dfg_id x, int nout, dfg_id * y, const void * ctx);

/* Builds nout outputs of one input (class dt, size shape, data), runs them
 * in one plan into r[0..nout-1]; returns the build's status (r untouched
 * but for it on an error, the outputs left alone).  Checks nothing leaks. */
static dfg_status run_multi(dfg_dtype dt, const char * shape, const double * data, int nout, buildn b,
                            const void * ctx, res * r)
{
    int64_t live = dfg_live_count();
    int64_t d[DFG_MAX_DIMS];
    int nd = parse(shape, d);
    int64_t m = numel_of(shape);
    dfg_id in, y[3] = {777, 777, 777}, plan = 0;
    void * buf = calloc((size_t)m + 1, dfg_dtype_size(dt)), * outs[3] = {NULL, NULL, NULL};
    CHECK(dfg_input(dt, nd, d, NULL, &in) == DFG_OK);
    for (int64_t q = 0; q < m; q++)
        put(dt, buf, q, data[q]);
    memset(r, 0, 3 * sizeof *r);
    dfg_status st = b(in, nout, y, ctx);
    if (st) {
        for (int k = 0; k < 3; k++)
            CHECK(y[k] == 777);
    } else {
        for (int k = 0; k < nout; k++) {
            CHECK(dfg_info(y[k], &r[k].dt, &r[k].nd, r[k].d) == DFG_OK);
            r[k].n = 1;
            for (int j = 0; j < r[k].nd; j++)
                r[k].n *= r[k].d[j];
            CHECK(r[k].n <= 64);
            outs[k] = calloc(64, 8);
        }
        const void * ins[1] = {buf};
        if (!(st = dfg_plan_compile(1, &in, nout, y, &plan)))
            st = dfg_plan_run(plan, ins, outs);
        for (int k = 0; k < nout; k++) {
            r[k].st = st;
            for (int64_t q = 0; q < r[k].n && q < 64; q++)
                r[k].v[q] = get(r[k].dt, outs[k], q);
            free(outs[k]);
            dfg_release(y[k]);
        }
        if (plan)
            dfg_release(plan);
    }
    dfg_release(in);
    free(buf);
    CHECK(dfg_live_count() == live);
    return st;
}

static dfg_status b_lu(dfg_id x, int nout, dfg_id * y, const void * c) { (void)c; return dfg_lu(x, nout, y); }
static dfg_status b_eig(dfg_id x, int nout, dfg_id * y, const void * c) { (void)c; return dfg_eig(x, nout, y); }
static dfg_status b_qr(dfg_id x, int nout, dfg_id * y, const void * c)
{
    return dfg_qr(x, c ? ((const par *)c)->flag : 0, nout, y);
}

/* The build failed with st and a message starting with prefix. */
static void expect_build_error(dfg_status got, dfg_status st, const char * prefix)
{
    res r;
    memset(&r, 0, sizeof r);
    r.st = got;
    expect_error(&r, st, prefix);
}

static void test_lu(void)
{
    static const double a[4] = {4, 6, 3, 3};           /* [4 3; 6 3]: P A = L U, rows swapped */
    res r[3];
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        CHECK(run_multi(dt, "2x2", a, 3, b_lu, NULL, r) == DFG_OK);    /* [L, U, P] = lu (A) */
        expect(&r[0], dt, "2x2", (double[]){1, 2.0 / 3, 0, 1});
        expect(&r[1], dt, "2x2", (double[]){6, 0, 3, 1});
        expect(&r[2], DFG_DOUBLE, "2x2", (double[]){0, 1, 1, 0});     /* P is double */
        CHECK(run_multi(dt, "2x2", a, 2, b_lu, NULL, r) == DFG_OK);    /* [L, U] = lu (A): L = P' L */
        expect(&r[0], dt, "2x2", (double[]){2.0 / 3, 1, 1, 0});
        expect(&r[1], dt, "2x2", (double[]){6, 0, 3, 1});
        CHECK(run_multi(dt, "2x2", a, 1, b_lu, NULL, r) == DFG_OK);    /* Y = lu (A) = L + U - I */
        expect(&r[0], dt, "2x2", (double[]){6, 2.0 / 3, 3, 1});
        /* a 2x3: L 2x2, U 2x3, P 2x2; lu ([4 3 1; 6 3 2]) */
        CHECK(run_multi(dt, "2x3", (double[]){4, 6, 3, 3, 1, 2}, 3, b_lu, NULL, r) == DFG_OK);
        expect(&r[0], dt, "2x2", (double[]){1, 2.0 / 3, 0, 1});
        expect(&r[1], dt, "2x3", (double[]){6, 0, 3, 1, 2, -1.0 / 3});
        expect(&r[2], DFG_DOUBLE, "2x2", (double[]){0, 1, 1, 0});
        /* N-d folded: lu (reshape ([4 6 3 3], 2, 1, 2)) as the 2x2 */
        CHECK(run_multi(dt, "2x1x2", a, 1, b_lu, NULL, r) == DFG_OK);
        expect(&r[0], dt, "2x2", (double[]){6, 2.0 / 3, 3, 1});
        /* empty: every output a double 0x0 */
        for (int n = 1; n <= 3; n++) {
            CHECK(run_multi(dt, "0x3", Z, n, b_lu, NULL, r) == DFG_OK);
            for (int k = 0; k < n; k++)
                expect(&r[k], DFG_DOUBLE, "0x0", NULL);
        }
    }
    expect_build_error(run_multi(DFG_DOUBLE, "2x3", Z, 1, b_lu, NULL, r), DFG_ERR_UNSUPPORTED,
                       "dfg.lu: the one-output form is supported for square matrices only; use [L, U, P] = lu (A)");
    expect_build_error(run_multi(DFG_DOUBLE, "2x2", Z, 4, b_lu, NULL, r), DFG_ERR_ARG, "dfg.lu: NOUT");
    expect_build_error(run_multi(DFG_DOUBLE, "2x2", Z, 0, b_lu, NULL, r), DFG_ERR_ARG, "dfg.lu: NOUT");
}

/* C = A * B of column-major m x k and k x n. */
static void matmul(int m, int k, int n, const double * a, const double * b, double * c)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int q = 0; q < k; q++)
                s += a[i + m * q] * b[q + k * j];
            c[i + m * j] = s;
        }
}

static void test_qr(void)
{
    static const double a[6] = {3, 4, 0, 1, 2, 2};     /* [3 1; 4 2; 0 2] */
    res r[3];
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        double tol = dt == DFG_SINGLE ? 1e-5 : 1e-12;
        for (int econ = 0; econ < 2; econ++) {
            par p = {.flag = econ};
            CHECK(run_multi(dt, "3x2", a, 2, b_qr, &p, r) == DFG_OK);
            int qc = econ ? 2 : 3;
            expect(&r[0], dt, econ ? "3x2" : "3x3", r[0].v);     /* sizes and class */
            expect(&r[1], dt, econ ? "2x2" : "3x2", r[1].v);
            double qrv[6], qtq[9], qt[9];
            matmul(3, qc, 2, r[0].v, r[1].v, qrv);                /* Q * R = A */
            for (int q = 0; q < 6; q++)
                CHECK_NEAR(qrv[q], a[q], tol);
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < qc; j++)
                    qt[j + qc * i] = r[0].v[i + 3 * j];
            matmul(qc, 3, qc, qt, r[0].v, qtq);                   /* Q' * Q = I */
            for (int i = 0; i < qc; i++)
                for (int j = 0; j < qc; j++)
                    CHECK_NEAR(qtq[i + qc * j], i == j, tol);
            CHECK_NEAR(fabs(r[1].v[0]), 5, tol);                  /* |R(1,1)| = norm (A(:, 1)) */
            CHECK_NEAR(r[1].v[1], 0, tol);                        /* R upper triangular */
        }
        /* N-d folded: qr (ones (2, 1, 2)) as ones (2) */
        CHECK(run_multi(dt, "2x1x2", (double[]){1, 1, 1, 1}, 2, b_qr, NULL, r) == DFG_OK);
        expect(&r[0], dt, "2x2", r[0].v);
        expect(&r[1], dt, "2x2", r[1].v);
    }
    /* one output: Octave 7.3's raw xGEQRF result, qr ([3 1; 4 2; 0 2]) */
    CHECK(run_multi(DFG_DOUBLE, "3x2", a, 1, b_qr, NULL, r) == DFG_OK);
    expect(&r[0], DFG_DOUBLE, "3x2", (const double[]){-5, 0.80000000000000004, 0, -2.2000000000000002, -2.0396078054371141, 0.98058067569092011});
    expect_build_error(run_multi(DFG_DOUBLE, "3x2", a, 3, b_qr, NULL, r), DFG_ERR_UNSUPPORTED,
                       "dfg.qr: the form with 3 outputs is not supported");
}

static void test_eig(void)
{
    static const double a[4] = {2, 1, 1, 2};           /* [2 1; 1 2]: eigenvalues 1 and 3 */
    res r[3];
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        double tol = dt == DFG_SINGLE ? 1e-5 : 1e-12;
        CHECK(run_multi(dt, "2x2", a, 1, b_eig, NULL, r) == DFG_OK);   /* eig (A) */
        expect(&r[0], dt, "2x1", (double[]){1, 3});
        CHECK(run_multi(dt, "2x2", a, 2, b_eig, NULL, r) == DFG_OK);   /* [V, D] = eig (A) */
        expect(&r[1], dt, "2x2", (double[]){1, 0, 0, 3});             /* D = diag ([1 3]), A's class */
        expect(&r[0], dt, "2x2", r[0].v);
        double vd[4], vdvt[4], vt[4] = {r[0].v[0], r[0].v[2], r[0].v[1], r[0].v[3]};
        matmul(2, 2, 2, r[0].v, r[1].v, vd);                          /* V D V' = A */
        matmul(2, 2, 2, vd, vt, vdvt);
        for (int q = 0; q < 4; q++)
            CHECK_NEAR(vdvt[q], a[q], tol);
        for (int n = 1; n <= 3; n++) {                                 /* empty: double 0x0s */
            CHECK(run_multi(dt, "0x0", Z, n, b_eig, NULL, r) == DFG_OK);
            for (int k = 0; k < n; k++)
                expect(&r[k], DFG_DOUBLE, "0x0", NULL);
        }
    }
    expect_build_error(run_multi(DFG_DOUBLE, "2x2", a, 3, b_eig, NULL, r), DFG_ERR_UNSUPPORTED,
                       "dfg.eig: the form with 3 outputs is not supported");
    CHECK(run_multi(DFG_DOUBLE, "2x3", Z, 1, b_eig, NULL, r) != DFG_OK);      /* not square */
}

/* ---- eye, fold2d, zero_by_zero_as_column ----------------------------------------------- */

static dfg_status b_fold2d(dfg_id x, dfg_id * y, const void * c) { (void)c; return dfg_fold2d(x, y); }
static dfg_status b_zz(dfg_id x, dfg_id * y, const void * c) { (void)c; return dfg_zero_by_zero_as_column(x, y); }

static void test_readings(void)
{
    int64_t live = dfg_live_count();
    for (int t = 0; t < 3; t++) {
        dfg_dtype dt = DT[t];
        dfg_id e = 0;
        const void * data;
        CHECK(dfg_eye(dt, 3, &e) == DFG_OK);        /* eye (3) of class dt */
        dfg_dtype edt;
        int nd;
        int64_t d[DFG_MAX_DIMS];
        CHECK(dfg_info(e, &edt, &nd, d) == DFG_OK && edt == dt && nd == 2 && d[0] == 3 && d[1] == 3);
        CHECK(dfg_node_data(e, &data) == DFG_OK);
        for (int q = 0; q < 9; q++)
            CHECK(get(dt, data, q) == (q % 4 == 0));
        CHECK(dfg_release(e) == DFG_OK);
        CHECK(dfg_eye(dt, 0, &e) == DFG_OK);        /* eye (0): 0x0 */
        CHECK(dfg_info(e, NULL, &nd, d) == DFG_OK && nd == 2 && d[0] == 0 && d[1] == 0);
        CHECK(dfg_release(e) == DFG_OK);
    }
    dfg_id e = 12345;
    expect_build_error(dfg_eye(DFG_DOUBLE, -1, &e), DFG_ERR_NOMEM, "dfg.eye: out of memory or dimension too large");
    expect_build_error(dfg_eye(DFG_DOUBLE, (int64_t)1 << 40, &e), DFG_ERR_NOMEM,
                       "dfg.eye: out of memory or dimension too large (1099511627776x1099511627776)");
    CHECK(e == 12345);
    CHECK(dfg_live_count() == live);

    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        static const double x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        res r = run1(dt, "2x2x2", x, b_fold2d, NULL);      /* the columns take the trailing dims */
        expect(&r, dt, "2x4", x);
        r = run1(dt, "2x1x3", x, b_fold2d, NULL);
        expect(&r, dt, "2x3", x);
        r = run1(dt, "2x3", x, b_fold2d, NULL);
        expect(&r, dt, "2x3", x);
        r = run1(dt, "0x0", x, b_zz, NULL);                /* sum's reading of a 0x0 */
        expect(&r, dt, "0x1", NULL);
        r = run1(dt, "0x3", x, b_zz, NULL);
        expect(&r, dt, "0x3", NULL);
        r = run1(dt, "2x3", x, b_zz, NULL);
        expect(&r, dt, "2x3", x);
    }
    /* where nothing changes, *y is a new reference to x itself */
    int64_t d[2] = {2, 3};
    dfg_id x, y, z;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_fold2d(x, &y) == DFG_OK && y == x);
    CHECK(dfg_zero_by_zero_as_column(x, &z) == DFG_OK && z == x);
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_release(y) == DFG_OK);
    CHECK(dfg_release(z) == DFG_OK);
    CHECK(dfg_release(z) == DFG_ERR_HANDLE);
    y = 12345;
    CHECK(dfg_fold2d(x, &y) == DFG_ERR_HANDLE);             /* stale ids */
    CHECK(dfg_mtimes(x, x, &y) == DFG_ERR_HANDLE);
    CHECK(dfg_lu(x, 3, &y) == DFG_ERR_HANDLE);
    CHECK(y == 12345);
    CHECK(dfg_live_count() == live);
}

/* ---- gradients of the new builders come from the primitives --------------------------- */

static void test_grad_linalg(void)
{
    /* d sum (sum (A * B)) / dA = ones * B' (B = [1 2; 3 4]: [3 7; 3 7]) */
    int64_t live = dfg_live_count();
    int64_t d[2] = {2, 2};
    dfg_id a, b, p, s1, s2, g, plan;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "a", &a) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "b", &b) == DFG_OK);
    CHECK(dfg_mtimes(a, b, &p) == DFG_OK);
    dfg_attr r0 = {{0}, {0}, NULL, 0}, r1 = {{1}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_SUM, 1, &p, &r0, &s1) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &s1, &r1, &s2) == DFG_OK);
    CHECK(dfg_grad(s2, 1, &a, 0, &g) == DFG_OK);
    dfg_id ins[2] = {a, b};
    CHECK(dfg_plan_compile(2, ins, 1, &g, &plan) == DFG_OK);
    double av[4] = {1, 0, 0, 1}, bv[4] = {1, 3, 2, 4}, gv[4];
    const void * iv[2] = {av, bv};
    void * ov[1] = {gv};
    CHECK(dfg_plan_run(plan, iv, ov) == DFG_OK);
    double want[4] = {3, 3, 7, 7};
    for (int q = 0; q < 4; q++)
        CHECK_NEAR(gv[q], want[q], 1e-14);
    dfg_release(plan);
    dfg_release(g);
    dfg_release(s2);
    dfg_release(s1);
    dfg_release(p);
    dfg_release(b);
    dfg_release(a);
    CHECK(dfg_live_count() == live);
}

int main(void)
{
    RUN(test_mean);
    RUN(test_var_std);
    RUN(test_norm);
    RUN(test_dot_kron);
    RUN(test_linspace);
    RUN(test_mpower);
    RUN(test_trace_tri_diag);
    RUN(test_shape);
    RUN(test_ownership);
    RUN(test_grad);
    RUN(test_matrix_ops);
    RUN(test_linalg1);
    RUN(test_lu);
    RUN(test_qr);
    RUN(test_eig);
    RUN(test_readings);
    RUN(test_grad_linalg);
    dfg_reset();
    HARNESS_END();
}
