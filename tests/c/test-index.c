/* tests/c/test-index.c -- lib/core/subscript.c: Octave's index rules as the
 * gateway's subsref and subsasgn apply them (dfg_index, dfg_index_assign,
 * dfg_index_delete, dfg_sub_mask).
 *
 * Each case builds the index on a free input x (and a free input v for
 * an assignment), compiles a plan, runs it in double and in single on
 * x(k) = k (1-based, column order) and compares the result's size and
 * values with Octave's, worked out by hand (the Octave statement is
 * quoted; subscripts are written 1-based here and converted).  Results
 * that are x unchanged must be x itself with a new reference.  Error
 * cases check the status, the message (Octave's text, as tests/octave
 * matches it), that *y is untouched and that nothing leaks.  Linked
 * with the allocation shim, test_nomem also drives every allocation
 * failure of the builders (DFG_ERR_NOMEM, nothing left behind):
 *
 *   make CUDA=0 build/libdfg.a && gcc -std=c11 -O2 -g -Wall -Wextra -Ilib \
 *       tests/c/test-index.c tests/c/alloc-shim.c build/libdfg.a \
 *       -lopenblas -lpthread -lmvec -lm -ldl -pthread -o /tmp/test-index */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "exec-helpers.h"

/* tests/c/alloc-shim.c, when the test is linked with it (the build
 * above).  Weak, so that make test links it against libdfg.a alone: there
 * test_nomem only checks that the builders succeed. */
extern int     alloc_shim_fail_after __attribute__((weak));
extern int64_t alloc_shim_live __attribute__((weak));

/* ---- subscripts ------------------------------------------------------------- */

static int64_t pool[4096];     /* index lists of the subscripts made below */
static int     pool_at;

/* 1-based values v (n of them) as a 0-based list in the pool. */
static const int64_t * lst(const int64_t * v, int64_t n)
{
    int64_t * p = pool + pool_at;
    for (int64_t q = 0; q < n; q++)
        p[q] = v[q] - 1;
    pool_at += (int)n;
    if (pool_at > 4000)
        pool_at = 0;
    return p;
}

static dfg_sub colon(void)
{
    dfg_sub s;
    memset(&s, 0, sizeof s);
    s.colon = 1;
    return s;
}

/* An index array of size shape ("1x3", "2x2", "0x0") with 1-based v. */
static dfg_sub ixs(const char * shape, const int64_t * v)
{
    dfg_sub s;
    memset(&s, 0, sizeof s);
    s.nd = parse(shape, s.dims);
    s.n = numel_of(shape);
    s.ix = lst(v, s.n);
    return s;
}

/* A logical mask of size shape with elements m (0 or 1). */
static dfg_sub mask(const char * shape, const int * m)
{
    dfg_sub s;
    memset(&s, 0, sizeof s);
    s.nd = parse(shape, s.dims);
    int64_t n = numel_of(shape), cnt = 0;
    int64_t * p = pool + pool_at;
    for (int64_t q = 0; q < n; q++)
        if (m[q])
            p[cnt++] = q;
    pool_at += (int)cnt;
    s.ix = p;
    s.n = cnt;
    dfg_sub_mask(&s, n);
    return s;
}

#define I(shape, ...) ixs(shape, (const int64_t[]){__VA_ARGS__})
#define M(shape, ...) mask(shape, (const int[]){__VA_ARGS__})
#define S(...) (dfg_sub[]){__VA_ARGS__}

/* ---- running a case -------------------------------------------------------------- */

enum { REF, ASGN, DEL };

typedef struct res {
    dfg_status st;
    int        same;      /* the result is x itself                 */
    int        nd;
    int64_t    d[DFG_MAX_DIMS];
    double     v[64];
    int64_t    n;
    char       msg[512];
} res;

/* Builds x(s) (REF), x(s) = v (ASGN, v of size vshape with values vd)
 * or x(s) = [] (DEL) on x of size xshape holding 1..numel, in class dt,
 * and runs it.  Checks that nothing leaks and that an error leaves *y
 * alone. */
static res run(int mode, dfg_dtype dt, const char * xshape, int k, const dfg_sub * s,
               const char * vshape, const double * vd)
{
    res r;
    memset(&r, 0, sizeof r);
    int64_t live = dfg_live_count();
    int64_t xd[DFG_MAX_DIMS], vdims[DFG_MAX_DIMS];
    int xnd = parse(xshape, xd), vnd = mode == ASGN ? parse(vshape, vdims) : 0;
    int64_t xn = numel_of(xshape), vn = mode == ASGN ? numel_of(vshape) : 0;
    dfg_id in[2] = {0, 0}, y = 12345, plan = 0;
    int n_in = mode == ASGN ? 2 : 1;
    void * buf[2];
    buf[0] = calloc((size_t)xn + 1, 8);
    buf[1] = calloc((size_t)vn + 1, 8);
    for (int64_t q = 0; q < xn; q++)
        put(dt, buf[0], q, (double)(q + 1));
    for (int64_t q = 0; q < vn; q++)
        put(dt, buf[1], q, vd[q]);
    CHECK(dfg_input(dt, xnd, xd, "x", &in[0]) == DFG_OK);
    if (mode == ASGN)
        CHECK(dfg_input(dt, vnd, vdims, "v", &in[1]) == DFG_OK);
    r.st = mode == REF ? dfg_index(in[0], k, s, &y)
         : mode == ASGN ? dfg_index_assign(in[0], k, s, in[1], &y)
         : dfg_index_delete(in[0], k, s, &y);
    if (r.st) {
        snprintf(r.msg, sizeof r.msg, "%s", dfg_last_error());
        CHECK(y == 12345);           /* untouched */
        y = 0;
    } else {
        r.same = y == in[0];
        r.st = dfg_info(y, NULL, &r.nd, r.d);
        r.n = 1;
        for (int j = 0; j < r.nd; j++)
            r.n *= r.d[j];
        CHECK(r.n <= 64);
        void * out = calloc(64, 8);
        const void * ins[2] = {buf[0], buf[1]};
        void * outs[1] = {out};
        if (!r.st && !(r.st = dfg_plan_compile(n_in, in, 1, &y, &plan)))
            r.st = dfg_plan_run(plan, ins, outs);
        for (int64_t q = 0; q < r.n && q < 64; q++)
            r.v[q] = get(dt, out, q);
        free(out);
    }
    if (plan)
        dfg_release(plan);
    if (y)
        dfg_release(y);
    for (int j = 0; j < n_in; j++)
        dfg_release(in[j]);
    free(buf[0]);
    free(buf[1]);
    CHECK(dfg_live_count() == live);
    return r;
}

/* The result has the size shape and values want (n = numel of shape). */
static void expect(const res * r, const char * shape, const double * want)
{
    int64_t d[DFG_MAX_DIMS];
    int nd = parse(shape, d);
    CHECK(r->st == DFG_OK);
    if (r->st) {
        fprintf(stderr, "  status %d: %s\n", r->st, dfg_last_error());
        return;
    }
    int same_size = r->nd == nd && !memcmp(r->d, d, (size_t)nd * sizeof d[0]);
    CHECK(same_size);
    if (!same_size) {
        fprintf(stderr, "  size");
        for (int j = 0; j < r->nd; j++)
            fprintf(stderr, "%s%lld", j ? "x" : " ", (long long)r->d[j]);
        fprintf(stderr, ", wanted %s\n", shape);
    }
    for (int64_t q = 0; q < r->n && q < numel_of(shape); q++)
        CHECK_NEAR(r->v[q], want[q], 1e-12);
}

/* The build failed with st and exactly the message msg. */
static void expect_error(const res * r, dfg_status st, const char * msg)
{
    CHECK(r->st == st);
    CHECK(!strcmp(r->msg, msg));
    if (r->st != st || strcmp(r->msg, msg))
        fprintf(stderr, "  got status %d, '%s'\n  wanted %d, '%s'\n", r->st, r->msg, st, msg);
}

#define V(...) (const double[]){__VA_ARGS__}
static const double NONE[1] = {0};
static const dfg_dtype FLOATS[2] = {DFG_DOUBLE, DFG_SINGLE};

/* ---- x(s1, ..., sk) ---------------------------------------------------------------- */

static void test_subsref(void)
{
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        res r;
        /* x = reshape (1:6, 2, 3) */
        r = run(REF, dt, "2x3", 1, S(colon()), NULL, NULL);              /* x(:) */
        expect(&r, "6x1", V(1, 2, 3, 4, 5, 6));
        r = run(REF, dt, "2x3", 2, S(colon(), colon()), NULL, NULL);     /* x(:, :) */
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
        r = run(REF, dt, "2x3x2", 2, S(colon(), colon()), NULL, NULL);   /* x(:, :) folds: 2x6 */
        expect(&r, "2x6", V(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
        r = run(REF, dt, "2x3", 1, S(I("1x2", 2, 5)), NULL, NULL);       /* x([2 5]) */
        expect(&r, "1x2", V(2, 5));
        r = run(REF, dt, "2x3", 1, S(I("2x1", 2, 5)), NULL, NULL);       /* x([2; 5]) */
        expect(&r, "2x1", V(2, 5));
        r = run(REF, dt, "2x3", 1, S(I("2x2", 6, 1, 2, 3)), NULL, NULL); /* x([6 2; 1 3]) */
        expect(&r, "2x2", V(6, 1, 2, 3));
        r = run(REF, dt, "2x3", 2, S(I("1x1", 2), I("1x2", 1, 3)), NULL, NULL);   /* x(2, [1 3]) */
        expect(&r, "1x2", V(2, 6));
        r = run(REF, dt, "2x3", 2, S(colon(), I("1x1", 2)), NULL, NULL);          /* x(:, 2) */
        expect(&r, "2x1", V(3, 4));
        r = run(REF, dt, "2x3", 2, S(I("1x1", 2), colon()), NULL, NULL);          /* x(2, :) */
        expect(&r, "1x3", V(2, 4, 6));
        r = run(REF, dt, "2x3", 2, S(I("1x3", 2, 1, 2), I("1x2", 3, 3)), NULL, NULL); /* x([2 1 2], [3 3]) */
        expect(&r, "3x2", V(6, 5, 6, 6, 5, 6));
        r = run(REF, dt, "2x3", 2, S(I("1x0", 0), colon()), NULL, NULL);          /* x([], :) */
        expect(&r, "0x3", NONE);
        /* a vector indexed by a vector keeps its orientation */
        r = run(REF, dt, "1x5", 1, S(I("2x1", 1, 3)), NULL, NULL);       /* (1:5)([1; 3]) */
        expect(&r, "1x2", V(1, 3));
        r = run(REF, dt, "5x1", 1, S(I("1x2", 1, 3)), NULL, NULL);       /* (1:5)'([1 3]) */
        expect(&r, "2x1", V(1, 3));
        r = run(REF, dt, "1x1x4", 1, S(I("1x2", 2, 3)), NULL, NULL);     /* x = 1x1x4; x([2 3]) */
        expect(&r, "1x1x2", V(2, 3));
        r = run(REF, dt, "1x5", 1, S(I("2x2", 1, 2, 3, 4)), NULL, NULL); /* (1:5)([1 3; 2 4]): index's shape */
        expect(&r, "2x2", V(1, 2, 3, 4));
        r = run(REF, dt, "1x1", 1, S(I("2x1", 1, 1)), NULL, NULL);       /* 1([1; 1]): a scalar takes the index's shape */
        expect(&r, "2x1", V(1, 1));
        r = run(REF, dt, "1x1", 1, S(I("1x3", 1, 1, 1)), NULL, NULL);
        expect(&r, "1x3", V(1, 1, 1));
        /* k subscripts fold x's trailing dimensions into the k-th */
        r = run(REF, dt, "2x3x2", 3, S(I("1x1", 2), colon(), I("1x1", 2)), NULL, NULL); /* x(2, :, 2) */
        expect(&r, "1x3", V(8, 10, 12));
        r = run(REF, dt, "2x3x2", 2, S(I("1x1", 2), I("1x1", 4)), NULL, NULL);          /* x(2, 4) of 2x6 */
        expect(&r, "1x1", V(8));
        r = run(REF, dt, "2x3", 3, S(colon(), I("1x1", 3), I("1x1", 1)), NULL, NULL);   /* x(:, 3, 1) */
        expect(&r, "2x1", V(5, 6));
        /* x() is x */
        r = run(REF, dt, "2x3", 0, NULL, NULL, NULL);
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
        CHECK(r.same);
    }
}

/* Logical masks: the index's shape (dfg_sub_mask) and the results. */
static void test_masks(void)
{
    dfg_sub s = M("1x6", 1, 0, 1, 0, 1, 1);       /* a row mask: a row index */
    CHECK(s.mask && s.mask_n == 6 && s.n == 4 && s.nd == 2 && s.dims[0] == 1 && s.dims[1] == 4);
    s = M("2x3", 1, 0, 0, 1, 1, 1);                /* a matrix mask: a column */
    CHECK(s.nd == 2 && s.dims[0] == 4 && s.dims[1] == 1);
    s = M("1x1x3", 1, 0, 1);                       /* an N-d vector keeps its orientation */
    CHECK(s.nd == 3 && s.dims[0] == 1 && s.dims[1] == 1 && s.dims[2] == 2);
    s = M("1x1", 1);                               /* true: 1x1; false: 0x0 */
    CHECK(s.nd == 2 && s.dims[0] == 1 && s.dims[1] == 1);
    s = M("1x1", 0);
    CHECK(s.nd == 2 && s.dims[0] == 0 && s.dims[1] == 0 && s.n == 0);
    s = M("3x1", 0, 0, 0);
    CHECK(s.nd == 2 && s.dims[0] == 0 && s.dims[1] == 1);
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        res r;
        r = run(REF, dt, "2x3", 1, S(M("1x6", 1, 0, 1, 0, 1, 1)), NULL, NULL);   /* x(logical ([1 0 1 0 1 1])) */
        expect(&r, "1x4", V(1, 3, 5, 6));
        r = run(REF, dt, "2x3", 1, S(M("2x3", 1, 0, 0, 1, 1, 1)), NULL, NULL);   /* x(logical ([1 0 1; 0 1 1])) */
        expect(&r, "4x1", V(1, 4, 5, 6));
        r = run(REF, dt, "1x5", 1, S(M("5x1", 0, 1, 0, 1, 0)), NULL, NULL);      /* row x, column mask: a row */
        expect(&r, "1x2", V(2, 4));
        r = run(REF, dt, "1x1", 1, S(M("1x1", 1)), NULL, NULL);                  /* 1(true) */
        expect(&r, "1x1", V(1));
        r = run(REF, dt, "1x1", 1, S(M("1x1", 0)), NULL, NULL);                  /* 1(false) */
        expect(&r, "0x0", NONE);
        r = run(REF, dt, "2x3", 2, S(M("2x1", 0, 1), M("1x3", 1, 0, 1)), NULL, NULL); /* x(logical ([0 1]), logical ([1 0 1])) */
        expect(&r, "1x2", V(2, 6));
        r = run(ASGN, dt, "2x3", 1, S(M("2x3", 1, 0, 0, 0, 0, 1)), "1x1", V(0)); /* x(logical ([1 0 0; 0 0 1])) = 0 */
        expect(&r, "2x3", V(0, 2, 3, 4, 5, 0));
    }
}

static void test_subsref_errors(void)
{
    res r;
    r = run(REF, DFG_DOUBLE, "2x3", 1, S(I("1x2", 1, 7)), NULL, NULL);
    expect_error(&r, DFG_ERR_INDEX, "dfg.subsref: index (7): out of bound 6 (dimensions are 2x3)");
    r = run(REF, DFG_DOUBLE, "2x3", 2, S(I("1x1", 3), I("1x1", 1)), NULL, NULL);
    expect_error(&r, DFG_ERR_INDEX,
                 "dfg.subsref: out of bound; value 3 out of bound 2 in dimension 1 (dimensions are 2x3)");
    r = run(REF, DFG_DOUBLE, "2x3x2", 2, S(colon(), I("1x1", 7)), NULL, NULL);       /* the view is 2x6 */
    expect_error(&r, DFG_ERR_INDEX,
                 "dfg.subsref: out of bound; value 7 out of bound 6 in dimension 2 (dimensions are 2x3x2)");
    dfg_sub many[DFG_MAX_DIMS + 1];
    for (int j = 0; j <= DFG_MAX_DIMS; j++)
        many[j] = colon();
    r = run(REF, DFG_DOUBLE, "2x3", DFG_MAX_DIMS + 1, many, NULL, NULL);
    expect_error(&r, DFG_ERR_INDEX, "dfg.subsref: too many subscripts");
    /* what the gateway's parser rules out, a C caller may still give */
    r = run(REF, DFG_DOUBLE, "2x3", 1, S(I("1x1", 0)), NULL, NULL);                  /* 0-based -1 */
    expect_error(&r, DFG_ERR_INDEX, "dfg.subsref: index (0): out of bound; value 0 out of bound 1");
    dfg_sub bad;
    memset(&bad, 0, sizeof bad);
    bad.n = 2;                                                                        /* no list */
    r = run(REF, DFG_DOUBLE, "2x3", 1, &bad, NULL, NULL);
    expect_error(&r, DFG_ERR_ARG, "dfg.subsref: subscript 1 is malformed");
    bad = I("1x2", 1, 2);
    bad.nd = DFG_MAX_DIMS + 1;
    r = run(ASGN, DFG_DOUBLE, "2x3", 1, &bad, "1x1", V(0));
    expect_error(&r, DFG_ERR_ARG, "dfg.subsasgn: subscript 1 is malformed");
    /* an index list without a size is a row */
    bad = I("1x2", 2, 3);
    bad.nd = 0;
    r = run(REF, DFG_DOUBLE, "2x3", 1, &bad, NULL, NULL);
    expect(&r, "1x2", V(2, 3));
    /* a stale x */
    int64_t d[2] = {2, 3};
    dfg_id x, y = 77;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, NULL, &x) == DFG_OK);
    dfg_release(x);
    dfg_sub c = colon();
    CHECK(dfg_index(x, 1, &c, &y) == DFG_ERR_HANDLE && y == 77);
    CHECK(dfg_index_delete(x, 1, &c, &y) == DFG_ERR_HANDLE && y == 77);
    CHECK(dfg_index_assign(x, 1, &c, x, &y) == DFG_ERR_HANDLE && y == 77);
}

/* ---- x(s1, ..., sk) = v --------------------------------------------------------------- */

static void test_subsasgn(void)
{
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        res r;
        r = run(ASGN, dt, "2x3", 2, S(I("1x1", 2), I("1x1", 2)), "1x1", V(9));   /* x(2, 2) = 9 */
        expect(&r, "2x3", V(1, 2, 3, 9, 5, 6));
        r = run(ASGN, dt, "2x3", 2, S(colon(), I("1x1", 1)), "2x1", V(7, 8));    /* x(:, 1) = [7; 8] */
        expect(&r, "2x3", V(7, 8, 3, 4, 5, 6));
        r = run(ASGN, dt, "2x3", 2, S(colon(), I("1x1", 1)), "1x2", V(7, 8));    /* x(:, 1) = [7 8]: singletons aside */
        expect(&r, "2x3", V(7, 8, 3, 4, 5, 6));
        r = run(ASGN, dt, "2x3", 1, S(I("1x2", 1, 6)), "1x2", V(10, 20));        /* x([1 6]) = [10 20] */
        expect(&r, "2x3", V(10, 2, 3, 4, 5, 20));
        r = run(ASGN, dt, "2x3", 1, S(I("1x2", 1, 6)), "2x1", V(10, 20));        /* linear: numel must agree */
        expect(&r, "2x3", V(10, 2, 3, 4, 5, 20));
        r = run(ASGN, dt, "2x3", 1, S(colon()), "1x1", V(0));                    /* x(:) = 0 */
        expect(&r, "2x3", V(0, 0, 0, 0, 0, 0));
        r = run(ASGN, dt, "2x3x2", 3, S(colon(), colon(), I("1x1", 2)), "2x3", V(-1, -2, -3, -4, -5, -6));
        expect(&r, "2x3x2", V(1, 2, 3, 4, 5, 6, -1, -2, -3, -4, -5, -6));   /* x(:, :, 2) = -reshape (1:6, 2, 3) */
        /* growth with zeros */
        r = run(ASGN, dt, "2x3", 2, S(I("1x1", 3), I("1x1", 4)), "1x1", V(1));   /* x(3, 4) = 1 */
        expect(&r, "3x4", V(1, 2, 0, 3, 4, 0, 5, 6, 0, 0, 0, 1));
        r = run(ASGN, dt, "2x3", 2, S(colon(), I("1x1", 5)), "2x1", V(7, 8));    /* x(:, 5) = [7; 8] */
        expect(&r, "2x5", V(1, 2, 3, 4, 5, 6, 0, 0, 7, 8));
        r = run(ASGN, dt, "1x3", 1, S(I("1x1", 5)), "1x1", V(9));                /* r = 1:3; r(5) = 9: a row */
        expect(&r, "1x5", V(1, 2, 3, 0, 9));
        r = run(ASGN, dt, "3x1", 1, S(I("1x1", 5)), "1x1", V(9));                /* c = (1:3)'; c(5) = 9: a column */
        expect(&r, "5x1", V(1, 2, 3, 0, 9));
        r = run(ASGN, dt, "0x0", 1, S(I("1x1", 3)), "1x1", V(1));                /* x = []; x(3) = 1: a row */
        expect(&r, "1x3", V(0, 0, 1));
        r = run(ASGN, dt, "0x2", 1, S(I("1x1", 2)), "1x1", V(4));                /* zeros (0, 2)(2) = 4: a row */
        expect(&r, "1x2", V(0, 4));
        r = run(ASGN, dt, "1x1", 1, S(I("1x1", 3)), "1x1", V(5));                /* x = 1; x(3) = 5 */
        expect(&r, "1x3", V(1, 0, 5));
        r = run(ASGN, dt, "2x2x2", 3, S(I("1x1", 1), I("1x1", 1), I("1x1", 3)), "1x1", V(9)); /* x(1, 1, 3) = 9 */
        expect(&r, "2x2x3", V(1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0));
        /* an all-zero x: the colons take their extents from v */
        r = run(ASGN, dt, "0x0", 2, S(colon(), I("1x1", 1)), "3x1", V(1, 2, 3)); /* x = []; x(:, 1) = [1; 2; 3] */
        expect(&r, "3x1", V(1, 2, 3));
        r = run(ASGN, dt, "0x0", 2, S(colon(), I("1x1", 1)), "1x3", V(1, 2, 3)); /* x = []; x(:, 1) = [1 2 3] */
        expect(&r, "3x1", V(1, 2, 3));
        r = run(ASGN, dt, "0x0", 2, S(colon(), colon()), "2x2", V(1, 2, 3, 4));  /* x = []; x(:, :) = [1 3; 2 4] */
        expect(&r, "2x2", V(1, 2, 3, 4));
        r = run(ASGN, dt, "0x0", 2, S(colon(), I("1x1", 2)), "2x1", V(1, 2));    /* x = []; x(:, 2) = [1; 2] */
        expect(&r, "2x2", V(0, 0, 1, 2));
        r = run(ASGN, dt, "0x0x0", 2, S(colon(), colon()), "2x3", V(1, 2, 3, 4, 5, 6)); /* zeros (0, 0, 0)(:, :) = X */
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
        r = run(ASGN, dt, "0x0", 3, S(colon(), I("1x1", 2), colon()), "2x3",     /* non-scalars match X in order */
                V(1, 2, 3, 4, 5, 6));
        expect(&r, "2x2x3", V(0, 0, 1, 2, 0, 0, 3, 4, 0, 0, 5, 6));
        /* an empty X into an empty block changes nothing: x itself */
        r = run(ASGN, dt, "2x3", 2, S(I("1x0", 0), I("1x1", 1)), "0x3", NONE);   /* x([], 1) = zeros (0, 3) */
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
        CHECK(r.same);
        r = run(ASGN, dt, "2x3", 1, S(I("1x0", 0)), "0x0", NONE);                /* x([]) = zeros (0, 0) */
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
    }
}

/* The class of x(s) = v when nothing is assigned (an empty v into an
 * empty block): Octave converts x all the same, a logical x given a single
 * v to double; otherwise x keeps its class and the result is x itself. */
static void test_subsasgn_empty_class(void)
{
    static const dfg_dtype C[3] = {DFG_DOUBLE, DFG_SINGLE, DFG_LOGICAL};
    int64_t live = dfg_live_count();
    int64_t xd[2] = {2, 3}, vd[2] = {0, 3};
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
            dfg_id x, v, y = 0;
            CHECK(dfg_input(C[a], 2, xd, "x", &x) == DFG_OK);
            CHECK(dfg_input(C[b], 2, vd, "v", &v) == DFG_OK);
            /* x([], 1) = zeros (0, 3) */
            CHECK(dfg_index_assign(x, 2, S(I("1x0", 0), I("1x1", 1)), v, &y) == DFG_OK);
            dfg_dtype dt = DFG_DOUBLE;
            int nd = 0;
            int64_t d[DFG_MAX_DIMS];
            CHECK(dfg_info(y, &dt, &nd, d) == DFG_OK);
            dfg_dtype want = C[a] == DFG_LOGICAL && C[b] == DFG_SINGLE ? DFG_DOUBLE : C[a];
            CHECK(dt == want);
            CHECK(nd == 2 && d[0] == 2 && d[1] == 3);
            CHECK((y == x) == (want == C[a]));
            dfg_release(y);
            dfg_release(v);
            dfg_release(x);
        }
    CHECK(dfg_live_count() == live);
}

static void test_subsasgn_errors(void)
{
    res r;
    r = run(ASGN, DFG_DOUBLE, "2x3", 1, S(I("1x1", 7)), "1x1", V(1));        /* a matrix grown linearly */
    expect_error(&r, DFG_ERR_INDEX,
                 "dfg.subsasgn: A(I) = X: X must have the same size as I, and a matrix cannot be resized by a "
                 "linear index (index 7, 6 elements)");
    r = run(ASGN, DFG_DOUBLE, "2x3", 2, S(colon(), I("1x1", 1)), "1x3", V(1, 2, 3));
    expect_error(&r, DFG_ERR_SHAPE, "dfg.subsasgn: =: nonconformant arguments (op1 is 2x1, op2 is 1x3)");
    r = run(ASGN, DFG_DOUBLE, "2x3", 1, S(I("1x2", 1, 2)), "1x3", V(1, 2, 3));
    /* (the block of a linear index is named by its count alone; Octave
     * says "op1 is 1x2") */
    expect_error(&r, DFG_ERR_SHAPE, "dfg.subsasgn: =: nonconformant arguments (op1 is 2, op2 is 1x3)");
    r = run(ASGN, DFG_DOUBLE, "2x2x2", 2, S(I("1x1", 3), I("1x1", 1)), "1x1", V(1)); /* an N-d x, fewer subscripts */
    expect_error(&r, DFG_ERR_INDEX,
                 "dfg.subsasgn: Octave:index-out-of-bounds: A(I,J,...) = X: resizing an N-d array with fewer "
                 "subscripts than dimensions is not possible (Invalid resizing operation)");
    r = run(ASGN, DFG_DOUBLE, "2x3", 0, NULL, "1x1", V(1));
    expect_error(&r, DFG_ERR_ARG, "dfg.subsasgn: expected x(i, ...) = v");
    r = run(ASGN, DFG_DOUBLE, "2x3", 1, S(I("1x1", 0)), "1x1", V(1));
    expect_error(&r, DFG_ERR_INDEX, "dfg.subsasgn: index (0): out of bound; value 0 out of bound 1");
}

/* ---- x(s1, ..., sk) = [] ------------------------------------------------------------------ */

static void test_delete(void)
{
    for (int t = 0; t < 2; t++) {
        dfg_dtype dt = FLOATS[t];
        res r;
        /* one subscript */
        r = run(DEL, dt, "1x5", 1, S(I("1x1", 2)), NULL, NULL);                  /* r = 1:5; r(2) = [] */
        expect(&r, "1x4", V(1, 3, 4, 5));
        r = run(DEL, dt, "5x1", 1, S(I("1x1", 2)), NULL, NULL);                  /* c = (1:5)'; c(2) = [] */
        expect(&r, "4x1", V(1, 3, 4, 5));
        r = run(DEL, dt, "2x3", 1, S(I("1x1", 2)), NULL, NULL);                  /* x(2) = []: a row */
        expect(&r, "1x5", V(1, 3, 4, 5, 6));
        r = run(DEL, dt, "2x3", 1, S(I("1x2", 1, 3)), NULL, NULL);               /* x([1 3]) = []: a column */
        expect(&r, "4x1", V(2, 4, 5, 6));
        r = run(DEL, dt, "1x5", 1, S(I("1x2", 1, 3)), NULL, NULL);               /* r([1 3]) = [] */
        expect(&r, "1x3", V(2, 4, 5));
        r = run(DEL, dt, "5x1", 1, S(I("1x2", 1, 3)), NULL, NULL);               /* c([1 3]) = [] */
        expect(&r, "3x1", V(2, 4, 5));
        r = run(DEL, dt, "1x1x4", 1, S(I("1x2", 1, 3)), NULL, NULL);             /* an N-d vector keeps its orientation */
        expect(&r, "1x1x2", V(2, 4));
        r = run(DEL, dt, "2x3", 1, S(M("2x3", 1, 1, 0, 0, 0, 0)), NULL, NULL);  /* a prefix mask: one run, a row */
        expect(&r, "1x4", V(3, 4, 5, 6));
        r = run(DEL, dt, "2x3", 1, S(M("2x3", 0, 1, 0, 1, 0, 0)), NULL, NULL);  /* another mask: a column */
        expect(&r, "4x1", V(1, 3, 5, 6));
        r = run(DEL, dt, "1x5", 1, S(I("1x5", 1, 2, 3, 4, 5)), NULL, NULL);      /* all of a row */
        expect(&r, "1x0", NONE);
        r = run(DEL, dt, "2x3", 1, S(colon()), NULL, NULL);                      /* x(:) = [] */
        expect(&r, "0x0", NONE);
        r = run(DEL, dt, "2x3", 1, S(I("1x0", 0)), NULL, NULL);                  /* x([]) = []: x itself */
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
        CHECK(r.same);
        /* k subscripts: along the one that is not a colon */
        r = run(DEL, dt, "2x3", 2, S(colon(), I("1x1", 2)), NULL, NULL);         /* x(:, 2) = [] */
        expect(&r, "2x2", V(1, 2, 5, 6));
        r = run(DEL, dt, "2x3", 2, S(I("1x1", 1), colon()), NULL, NULL);         /* x(1, :) = [] */
        expect(&r, "1x3", V(2, 4, 6));
        r = run(DEL, dt, "2x3", 2, S(colon(), I("1x2", 3, 1)), NULL, NULL);      /* x(:, [3 1]) = [] */
        expect(&r, "2x1", V(3, 4));
        r = run(DEL, dt, "2x3", 2, S(colon(), colon()), NULL, NULL);             /* x(:, :) = []: 0x3 */
        expect(&r, "0x3", NONE);
        r = run(DEL, dt, "2x3x2", 3, S(colon(), colon(), I("1x1", 1)), NULL, NULL); /* x(:, :, 1) = [] */
        expect(&r, "2x3", V(7, 8, 9, 10, 11, 12));
        r = run(DEL, dt, "2x3x2", 3, S(colon(), I("1x1", 2), colon()), NULL, NULL); /* x(:, 2, :) = [] */
        expect(&r, "2x2x2", V(1, 2, 5, 6, 7, 8, 11, 12));
        r = run(DEL, dt, "2x3x2", 3, S(colon(), colon(), colon()), NULL, NULL);  /* x(:, :, :) = [] */
        expect(&r, "0x3x2", NONE);
        r = run(DEL, dt, "2x3", 2, S(colon(), I("1x0", 0)), NULL, NULL);         /* x(:, []) = []: x itself */
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
        CHECK(r.same);
        r = run(DEL, dt, "2x3", 2, S(I("1x0", 0), I("1x1", 1)), NULL, NULL);     /* x([], 1) = []: an empty slice */
        expect(&r, "2x3", V(1, 2, 3, 4, 5, 6));
        CHECK(r.same);
    }
}

static void test_delete_errors(void)
{
    res r;
    r = run(DEL, DFG_DOUBLE, "2x3", 1, S(I("1x2", 1, 7)), NULL, NULL);
    expect_error(&r, DFG_ERR_INDEX, "dfg.subsasgn: A(I) = []: index out of bounds: value 7 out of bound 6");
    r = run(DEL, DFG_DOUBLE, "2x3", 2, S(colon(), I("1x1", 4)), NULL, NULL);
    expect_error(&r, DFG_ERR_INDEX, "dfg.subsasgn: A(..,I,..) = []: index out of bounds: value 4 out of bound 3");
    r = run(DEL, DFG_DOUBLE, "2x3", 2, S(I("1x1", 1), I("1x1", 2)), NULL, NULL);
    expect_error(&r, DFG_ERR_INDEX,
                 "dfg.subsasgn: a null assignment can only have one non-colon index (deleting from a 2x3 array)");
    r = run(DEL, DFG_DOUBLE, "2x3", 3, S(colon(), colon(), I("1x1", 1)), NULL, NULL);
    expect_error(&r, DFG_ERR_INDEX,
                 "dfg.subsasgn: A(..,I,..) = []: subscript 3 is past the 2 dimensions of the 2x3 array (invalid "
                 "dimension in delete_elements)");
    r = run(DEL, DFG_DOUBLE, "2x3", 0, NULL, NULL, NULL);
    expect_error(&r, DFG_ERR_ARG, "dfg.subsasgn: expected x(i, ...) = v");
}

/* ---- ownership -------------------------------------------------------------------------- */

/* Results are new references: x outlives its release by the caller while
 * y holds it (x() and an empty deletion are x itself), and the node an
 * index makes keeps x alive through its input. */
static void test_ownership(void)
{
    int64_t live = dfg_live_count();
    int64_t d[2] = {2, 3};
    dfg_id x, y0, y1, y2, y3;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    dfg_sub none = I("1x0", 0), two = I("1x1", 2), c = colon();
    CHECK(dfg_index(x, 0, NULL, &y0) == DFG_OK && y0 == x);
    CHECK(dfg_index_delete(x, 1, &none, &y1) == DFG_OK && y1 == x);
    CHECK(dfg_index(x, 1, &two, &y2) == DFG_OK && y2 != x);
    CHECK(dfg_index_delete(x, 1, &c, &y3) == DFG_OK && y3 != x);
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_info(y0, NULL, NULL, NULL) == DFG_OK);    /* still alive: y0 and y1 hold it */
    CHECK(dfg_release(y0) == DFG_OK);
    CHECK(dfg_release(y1) == DFG_OK);
    CHECK(dfg_info(y2, NULL, NULL, NULL) == DFG_OK);
    CHECK(dfg_release(y2) == DFG_OK);
    CHECK(dfg_release(y3) == DFG_OK);
    CHECK(dfg_live_count() == live);
}

/* ---- allocation failures ------------------------------------------------------------ */

enum { NOMEM_REF, NOMEM_ASGN0, NOMEM_DEL1, NOMEM_DELK };

static dfg_status nomem_case(int c, dfg_id x, dfg_id z, dfg_id v, dfg_id * y)
{
    dfg_sub s1[1] = {I("1x2", 1, 3)}, s2[2] = {colon(), I("1x1", 2)};
    switch (c) {
    case NOMEM_REF:  return dfg_index(x, 2, s2, y);              /* header            */
    case NOMEM_ASGN0: return dfg_index_assign(z, 2, s2, v, y);   /* colons as ranges  */
    case NOMEM_DEL1: return dfg_index_delete(x, 1, s1, y);       /* complement + list */
    default:         return dfg_index_delete(x, 2, s2, y);
    }
}

/* Each builder fails cleanly at each of its allocations in turn (with the
 * shim), then succeeds; the shim's and the store's counts return to where
 * they were. */
static void test_nomem(void)
{
    int shim = &alloc_shim_fail_after != NULL && &alloc_shim_live != NULL;
    int64_t d[2] = {2, 3}, z0[2] = {0, 0}, vd[2] = {2, 1};
    dfg_id x, z, v;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, z0, "z", &z) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, vd, "v", &v) == DFG_OK);
    for (int c = NOMEM_REF; c <= NOMEM_DELK; c++) {
        dfg_id y = 0;
        CHECK(nomem_case(c, x, z, v, &y) == DFG_OK);     /* warm: the store has grown */
        dfg_release(y);
        int64_t live = dfg_live_count(), blocks = shim ? alloc_shim_live : 0;
        dfg_status st = DFG_ERR_NOMEM;
        int fails = 0;
        for (int k = 0; k < 64 && st == DFG_ERR_NOMEM; k++) {
            y = 99;
            if (shim)
                alloc_shim_fail_after = k;
            st = nomem_case(c, x, z, v, &y);
            if (shim)
                alloc_shim_fail_after = -1;
            if (st == DFG_ERR_NOMEM) {
                fails++;
                CHECK(y == 99);
                CHECK(!strncmp(dfg_last_error(), "dfg.", 4) || strstr(dfg_last_error(), "memory"));
            } else if (st == DFG_OK)
                dfg_release(y);
            CHECK(st == DFG_OK || st == DFG_ERR_NOMEM);
            CHECK(dfg_live_count() == live);
            CHECK(!shim || alloc_shim_live == blocks);
        }
        CHECK(st == DFG_OK);
        CHECK(!shim || fails > 0);
    }
    dfg_release(v);
    dfg_release(z);
    dfg_release(x);
}

int main(void)
{
    RUN(test_subsref);
    RUN(test_masks);
    RUN(test_subsref_errors);
    RUN(test_subsasgn);
    RUN(test_subsasgn_empty_class);
    RUN(test_subsasgn_errors);
    RUN(test_delete);
    RUN(test_delete_errors);
    RUN(test_ownership);
    RUN(test_nomem);
    dfg_reset();
    HARNESS_END();
}
