/* tests/c/test-reduce.c -- kernels/cpu/reduce.c: dfg_cpu_reduce, dfg_cpu_scan.
 *
 * Two kinds of test:
 *  - fixed cases whose expected values come from GNU Octave 7 (the command
 *    that gave each is quoted next to it);
 *  - a sweep over every op, every (input, output) dtype pair and many
 *    [pre, n, post] layouts, comparing with a naive strided reference that
 *    follows Octave's algorithms literally (first non-NaN then strict
 *    comparison for max/min; accumulation in the output class in index
 *    order for sum/prod/cumsum/cumprod -- every layout has n <=
 *    DFG_RED_BLOCK, where the blocked order of cpu.h is the index order;
 *    longer axes are tested in test-threads.c; any/all with Octave's
 *    xis_true / xis_false, see below).  Unsupported dtype pairs must fail
 *    with DFG_ERR_INTERNAL.
 *
 * Build: gcc -std=c11 -O2 -Wall -Wextra -Werror -pthread -Ilib tests/c/test-reduce.c \
 *            kernels/cpu/reduce.c lib/base/status.c lib/base/threads.c tests/c/alloc-shim.c \
 *            -lm -o /tmp/test-reduce */
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "../../kernels/cpu/cpu.h"

static const size_t dt_size[3] = { sizeof(double), sizeof(float), 1 };

static double get(int dt, const void * p, int64_t i)
{
    if (dt == DFG_DOUBLE) return ((const double *) p)[i];
    if (dt == DFG_SINGLE) return ((const float *) p)[i];
    return ((const uint8_t *) p)[i];
}

static void put(int dt, void * p, int64_t i, double v)
{
    if (dt == DFG_DOUBLE) ((double *) p)[i] = v;
    else if (dt == DFG_SINGLE) ((float *) p)[i] = (float) v;
    else ((uint8_t *) p)[i] = (uint8_t) v;
}

/* Same value, same sign of zero, or both NaN. */
static int same(double a, double b)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    return a == b && signbit(a) == signbit(b);
}

/* ---- which (op, in, out) the kernels accept ------------------------------ */
static int red_valid(int op, int ti, int to)
{
    (void) ti;
    switch (op) {
    case DFG_RED_SUM: case DFG_RED_PROD: return to != DFG_LOGICAL;
    case DFG_RED_MAX: case DFG_RED_MIN:  return to == ti;
    case DFG_RED_ANY: case DFG_RED_ALL:  return to == DFG_LOGICAL;
    default:                             return to == DFG_DOUBLE;
    }
}

/* ---- naive references (strided, element at i + pre * (k + n * j)) ------- */
static double ref_reduce(int op, int ti, int to, const void * in,
                         int64_t pre, int64_t n, int64_t i, int64_t j)
{
#define AT(k) get(ti, in, i + pre * ((k) + n * j))
    if (op == DFG_RED_SUM || op == DFG_RED_PROD) {
        int sum = op == DFG_RED_SUM;
        if (to == DFG_SINGLE) {
            float acc = sum ? 0.0f : 1.0f;
            for (int64_t k = 0; k < n; k++)
                acc = sum ? acc + (float) AT(k) : acc * (float) AT(k);
            return acc;
        }
        double acc = sum ? 0.0 : 1.0;
        for (int64_t k = 0; k < n; k++)
            acc = sum ? acc + AT(k) : acc * AT(k);
        return acc;
    }
    /* Octave 7 (liboctave/operators/mx-inlines.cc): any looks for an
     * xis_true element (nonzero, not NaN); all looks for an xis_false one
     * (exactly zero), except for pre > 1 and n <= 8 (mx_inline_all_r), where
     * it needs every element xis_true, so NaN fails it there. */
    if (op == DFG_RED_ANY) {
        for (int64_t k = 0; k < n; k++)
            if (AT(k) != 0 && !isnan(AT(k))) return 1;
        return 0;
    }
    if (op == DFG_RED_ALL) {
        int nan_fails = pre > 1 && n <= 8;
        for (int64_t k = 0; k < n; k++)
            if (AT(k) == 0 || (nan_fails && isnan(AT(k)))) return 0;
        return 1;
    }
    /* Octave: skip leading NaNs; then a strictly better element wins. */
    int is_max = op == DFG_RED_MAX || op == DFG_RED_ARGMAX;
    int64_t at = 0;
    while (at < n && isnan(AT(at))) at++;
    if (at == n) at = 0;
    double best = AT(at);
    for (int64_t k = at + 1; k < n; k++) {
        double v = AT(k);
        if (is_max ? v > best : v < best) { best = v; at = k; }
    }
    return (op == DFG_RED_MAX || op == DFG_RED_MIN) ? best : (double) (at + 1);
#undef AT
}

static double ref_scan(int op, int ti, int to, const void * in,
                       int64_t pre, int64_t n, int64_t i, int64_t k, int64_t j)
{
    int64_t base = i + pre * n * j;
    if (to == DFG_SINGLE) {
        float acc = (float) get(ti, in, base);
        for (int64_t q = 1; q <= k; q++) {
            float v = (float) get(ti, in, base + pre * q);
            acc = op == DFG_SCAN_CUMSUM ? acc + v : acc * v;
        }
        return acc;
    }
    double acc = get(ti, in, base);
    for (int64_t q = 1; q <= k; q++) {
        double v = get(ti, in, base + pre * q);
        acc = op == DFG_SCAN_CUMSUM ? acc + v : acc * v;
    }
    return acc;
}

/* ---- random data with ties, signed zeros, infinities and NaN runs -------- */
static uint32_t rng = 12345u;
static uint32_t rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
    return rng;
}

static void fill(int dt, void * p, int64_t count, int nan_pct)
{
    static const double pool[] = { -2, -1, -0.0, 0, 0.5, 1, 1.25, 2, 3, -3 };
    for (int64_t q = 0; q < count; q++) {
        double v;
        if (dt == DFG_LOGICAL)
            v = rnd() % 2;
        else if ((int) (rnd() % 100) < nan_pct)
            v = NAN;
        else if (rnd() % 25 == 0)
            v = (rnd() % 2) ? INFINITY : -INFINITY;
        else
            v = pool[rnd() % 10];
        put(dt, p, q, v);
    }
}

/* ---- the sweep ----------------------------------------------------------- */
static const int64_t layouts[][3] = {
    {1, 1, 1}, {1, 2, 1}, {1, 7, 1}, {1, 33, 1}, {1, 5, 4}, {1, 1, 6},
    {2, 3, 1}, {3, 1, 2}, {7, 5, 3}, {5, 2, 2}, {300, 4, 2}, {513, 3, 1},
    {256, 6, 2}, {1, 0, 3}, {4, 0, 2}, {300, 0, 1}, {3, 8, 2}, {3, 9, 2},
    {1, 9, 2}, {270, 12, 1},
};
#define NLAYOUT ((int) (sizeof layouts / sizeof layouts[0]))

static void test_reduce_sweep(void)
{
    for (int op = 0; op < DFG_RED_COUNT; op++)
    for (int ti = 0; ti < DFG_DTYPE_COUNT; ti++)
    for (int to = 0; to < DFG_DTYPE_COUNT; to++)
    for (int L = 0; L < NLAYOUT; L++) {
        int64_t pre = layouts[L][0], n = layouts[L][1], post = layouts[L][2];
        int nan_pct = (L % 3) * 30;               /* 0, 30 or 60 % NaN */
        void * in = malloc((size_t) (pre * n * post) * dt_size[ti] + 1);
        void * out = malloc((size_t) (pre * post) * dt_size[to] + 1);
        fill(ti, in, pre * n * post, nan_pct);
        memset(out, 0xAB, (size_t) (pre * post) * dt_size[to] + 1);
        int st = dfg_cpu_reduce(op, ti, to, out, in, pre, n, post);
        if (!red_valid(op, ti, to)) {
            if (L == 0) {                         /* once per combination */
                CHECK(st == DFG_ERR_INTERNAL);
                CHECK(dfg_last_error()[0] != '\0');
            }
        } else if (n == 0 && op != DFG_RED_SUM && op != DFG_RED_PROD &&
                   op != DFG_RED_ANY && op != DFG_RED_ALL) {
            /* empty result: nothing written */
            const unsigned char * b = out;
            int untouched = 1;
            for (size_t q = 0; q < (size_t) (pre * post) * dt_size[to]; q++)
                untouched &= b[q] == 0xAB;
            CHECK(st == DFG_OK && untouched);
        } else {
            int bad = 0;
            for (int64_t j = 0; j < post && !bad; j++)
            for (int64_t i = 0; i < pre && !bad; i++) {
                double want = ref_reduce(op, ti, to, in, pre, n, i, j);
                double got = get(to, out, i + pre * j);
                if (!same(got, want)) {
                    fprintf(stderr, "reduce op %d %d->%d [%lld %lld %lld] "
                            "(%lld,%lld): got %g want %g\n", op, ti, to,
                            (long long) pre, (long long) n, (long long) post,
                            (long long) i, (long long) j, got, want);
                    bad = 1;
                }
            }
            CHECK(st == DFG_OK && !bad);
        }
        free(in);
        free(out);
    }
}

static void test_scan_sweep(void)
{
    for (int op = 0; op < DFG_SCAN_COUNT; op++)
    for (int ti = 0; ti < DFG_DTYPE_COUNT; ti++)
    for (int to = 0; to < DFG_DTYPE_COUNT; to++)
    for (int L = 0; L < NLAYOUT; L++) {
        int64_t pre = layouts[L][0], n = layouts[L][1], post = layouts[L][2];
        int64_t cnt = pre * n * post;
        void * in = malloc((size_t) cnt * dt_size[ti] + 1);
        void * out = malloc((size_t) cnt * dt_size[to] + 1);
        fill(ti, in, cnt, (L % 3) * 20);
        int st = dfg_cpu_scan(op, ti, to, out, in, pre, n, post);
        if (to == DFG_LOGICAL) {
            if (L == 0) {
                CHECK(st == DFG_ERR_INTERNAL);
                CHECK(dfg_last_error()[0] != '\0');
            }
        } else {
            int bad = 0;
            for (int64_t j = 0; j < post && !bad; j++)
            for (int64_t k = 0; k < n && !bad; k++)
            for (int64_t i = 0; i < pre && !bad; i++) {
                double want = ref_scan(op, ti, to, in, pre, n, i, k, j);
                double got = get(to, out, i + pre * (k + n * j));
                bad = !same(got, want);
            }
            CHECK(st == DFG_OK && !bad);
            if (ti == to && cnt > 0) {            /* in place: out == in */
                void * io = malloc((size_t) cnt * dt_size[ti]);
                memcpy(io, in, (size_t) cnt * dt_size[ti]);
                st = dfg_cpu_scan(op, ti, to, io, io, pre, n, post);
                /* same(), not memcmp: NaN sign/payload may differ between
                 * vectorised and scalar code (NaN + NaN keeps either). */
                bad = 0;
                for (int64_t q = 0; q < cnt; q++)
                    bad |= !same(get(to, io, q), get(to, out, q));
                CHECK(st == DFG_OK && !bad);
                free(io);
            }
        }
        free(in);
        free(out);
    }
}

/* ---- fixed cases from Octave --------------------------------------------- */
static void test_octave_max_min(void)
{
    double o[3], x[5];
    /* [m,i] = max([NaN 1 3 3 NaN]) -> 3, 3 */
    double a[] = { NAN, 1, 3, 3, NAN };
    CHECK(dfg_cpu_reduce(DFG_RED_MAX, DFG_DOUBLE, DFG_DOUBLE, o, a, 1, 5, 1) == 0);
    CHECK(o[0] == 3);
    CHECK(dfg_cpu_reduce(DFG_RED_ARGMAX, DFG_DOUBLE, DFG_DOUBLE, o, a, 1, 5, 1) == 0);
    CHECK(o[0] == 3);
    /* [m,i] = min([NaN NaN]) -> NaN, 1 */
    x[0] = x[1] = NAN;
    dfg_cpu_reduce(DFG_RED_MIN, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 2, 1);
    CHECK(isnan(o[0]));
    dfg_cpu_reduce(DFG_RED_ARGMIN, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 2, 1);
    CHECK(o[0] == 1);
    /* [m,i] = max([2 NaN 2]) -> 2, 1 */
    x[0] = 2; x[1] = NAN; x[2] = 2;
    dfg_cpu_reduce(DFG_RED_ARGMAX, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 3, 1);
    CHECK(o[0] == 1);
    /* [m,i] = max([NaN NaN 1]) -> 1, 3 */
    x[0] = NAN; x[1] = NAN; x[2] = 1;
    dfg_cpu_reduce(DFG_RED_ARGMAX, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 3, 1);
    CHECK(o[0] == 3);
    /* 1./max([-0 0]) -> -Inf (first of equal wins); 1./min([0 -0]) -> Inf */
    x[0] = -0.0; x[1] = 0.0;
    dfg_cpu_reduce(DFG_RED_MAX, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 2, 1);
    CHECK(o[0] == 0 && signbit(o[0]));
    x[0] = 0.0; x[1] = -0.0;
    dfg_cpu_reduce(DFG_RED_MIN, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 2, 1);
    CHECK(o[0] == 0 && !signbit(o[0]));
    /* [m,i] = max([Inf NaN Inf]) -> Inf, 1; min([-Inf NaN -Inf]) -> -Inf, 1 */
    x[0] = INFINITY; x[1] = NAN; x[2] = INFINITY;
    dfg_cpu_reduce(DFG_RED_ARGMAX, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 3, 1);
    CHECK(o[0] == 1);
    /* [m,i] = min(single([NaN -Inf -Inf])) -> -Inf, 2 */
    float f[3] = { NAN, -INFINITY, -INFINITY }, fo[1];
    CHECK(dfg_cpu_reduce(DFG_RED_MIN, DFG_SINGLE, DFG_SINGLE, fo, f, 1, 3, 1) == 0);
    CHECK(isinf(fo[0]) && fo[0] < 0);
    dfg_cpu_reduce(DFG_RED_ARGMIN, DFG_SINGLE, DFG_DOUBLE, o, f, 1, 3, 1);
    CHECK(o[0] == 2);
    /* [m,i] = max(logical([0 1 1])) -> true, 2 (class logical) */
    uint8_t l[3] = { 0, 1, 1 }, lo[1];
    CHECK(dfg_cpu_reduce(DFG_RED_MAX, DFG_LOGICAL, DFG_LOGICAL, lo, l, 1, 3, 1) == 0);
    CHECK(lo[0] == 1);
    dfg_cpu_reduce(DFG_RED_ARGMAX, DFG_LOGICAL, DFG_DOUBLE, o, l, 1, 3, 1);
    CHECK(o[0] == 2);
    /* A = [NaN 5; 3 NaN; NaN NaN] (column-major);
     * [m,i] = max(A, [], 1) -> [3 5], [2 1]
     * [m,i] = max(A, [], 2) -> [5; 3; NaN], [2; 1; 1] */
    double A[6] = { NAN, 3, NAN, 5, NAN, NAN };
    dfg_cpu_reduce(DFG_RED_MAX, DFG_DOUBLE, DFG_DOUBLE, o, A, 1, 3, 2);
    CHECK(o[0] == 3 && o[1] == 5);
    dfg_cpu_reduce(DFG_RED_ARGMAX, DFG_DOUBLE, DFG_DOUBLE, o, A, 1, 3, 2);
    CHECK(o[0] == 2 && o[1] == 1);
    dfg_cpu_reduce(DFG_RED_MAX, DFG_DOUBLE, DFG_DOUBLE, o, A, 3, 2, 1);
    CHECK(o[0] == 5 && o[1] == 3 && isnan(o[2]));
    dfg_cpu_reduce(DFG_RED_ARGMAX, DFG_DOUBLE, DFG_DOUBLE, o, A, 3, 2, 1);
    CHECK(o[0] == 2 && o[1] == 1 && o[2] == 1);
}

static void test_octave_any_all_empty(void)
{
    uint8_t lo[3];
    double o[3];
    /* any ignores NaN: any([0 NaN]) -> 0, any(NaN) -> 0, any([NaN NaN 1]) -> 1 */
    double a[3] = { 0, NAN, 1 }, b[2] = { 1, NAN };
    CHECK(dfg_cpu_reduce(DFG_RED_ANY, DFG_DOUBLE, DFG_LOGICAL, lo, a, 1, 2, 1) == 0);
    CHECK(lo[0] == 0);
    CHECK(dfg_cpu_reduce(DFG_RED_ANY, DFG_DOUBLE, DFG_LOGICAL, lo, a + 1, 1, 1, 1) == 0);
    CHECK(lo[0] == 0);
    CHECK(dfg_cpu_reduce(DFG_RED_ANY, DFG_DOUBLE, DFG_LOGICAL, lo, a, 1, 3, 1) == 0);
    CHECK(lo[0] == 1);
    float fa[2] = { 0, NAN };
    dfg_cpu_reduce(DFG_RED_ANY, DFG_SINGLE, DFG_LOGICAL, lo, fa, 1, 2, 1);
    CHECK(lo[0] == 0);
    /* all([1 NaN]) -> 1, all(NaN) -> 1 */
    CHECK(dfg_cpu_reduce(DFG_RED_ALL, DFG_DOUBLE, DFG_LOGICAL, lo, b, 1, 2, 1) == 0);
    CHECK(lo[0] == 1);
    CHECK(dfg_cpu_reduce(DFG_RED_ALL, DFG_DOUBLE, DFG_LOGICAL, lo, b + 1, 1, 1, 1) == 0);
    CHECK(lo[0] == 1);
    /* Octave's pre > 1, n <= 8 path: all([NaN 1; 1 1], 2) -> [0; 1],
     * all([NaN 1; 1 1]) -> [1 1]; with n = 9:
     * all([NaN ones(1,8); ones(1,9)], 2) -> [1; 1] */
    double m2[4] = { NAN, 1, 1, 1 };
    CHECK(dfg_cpu_reduce(DFG_RED_ALL, DFG_DOUBLE, DFG_LOGICAL, lo, m2, 2, 2, 1) == 0);
    CHECK(lo[0] == 0 && lo[1] == 1);
    CHECK(dfg_cpu_reduce(DFG_RED_ALL, DFG_DOUBLE, DFG_LOGICAL, lo, m2, 1, 2, 2) == 0);
    CHECK(lo[0] == 1 && lo[1] == 1);
    float m9[18];
    for (int q = 0; q < 18; q++) m9[q] = 1;
    m9[0] = NAN;
    CHECK(dfg_cpu_reduce(DFG_RED_ALL, DFG_SINGLE, DFG_LOGICAL, lo, m9, 2, 9, 1) == 0);
    CHECK(lo[0] == 1 && lo[1] == 1);
    CHECK(dfg_cpu_reduce(DFG_RED_ALL, DFG_SINGLE, DFG_LOGICAL, lo, m9, 2, 8, 1) == 0);
    CHECK(lo[0] == 0 && lo[1] == 1);
    /* sum(zeros(0,3)) -> [0 0 0]; prod(zeros(0,3)) -> [1 1 1];
     * any(zeros(0,3)) -> [0 0 0]; all(zeros(0,3)) -> [1 1 1] */
    const double * none = a;
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_DOUBLE, DFG_DOUBLE, o, none, 1, 0, 3) == 0);
    CHECK(o[0] == 0 && o[1] == 0 && o[2] == 0);
    CHECK(dfg_cpu_reduce(DFG_RED_PROD, DFG_DOUBLE, DFG_DOUBLE, o, none, 1, 0, 3) == 0);
    CHECK(o[0] == 1 && o[1] == 1 && o[2] == 1);
    CHECK(dfg_cpu_reduce(DFG_RED_ANY, DFG_DOUBLE, DFG_LOGICAL, lo, none, 3, 0, 1) == 0);
    CHECK(lo[0] == 0 && lo[1] == 0 && lo[2] == 0);
    CHECK(dfg_cpu_reduce(DFG_RED_ALL, DFG_DOUBLE, DFG_LOGICAL, lo, none, 3, 0, 1) == 0);
    CHECK(lo[0] == 1 && lo[1] == 1 && lo[2] == 1);
    float fo[1];
    CHECK(dfg_cpu_reduce(DFG_RED_PROD, DFG_LOGICAL, DFG_SINGLE, fo, none, 1, 0, 1) == 0);
    CHECK(fo[0] == 1);
    /* empty pre or post: nothing to do */
    CHECK(dfg_cpu_reduce(DFG_RED_MAX, DFG_DOUBLE, DFG_DOUBLE, o, none, 0, 5, 1) == 0);
    CHECK(dfg_cpu_scan(DFG_SCAN_CUMSUM, DFG_DOUBLE, DFG_DOUBLE, o, none, 3, 5, 0) == 0);
}

static void test_octave_sum_precision(void)
{
    enum { N = 1000000 };
    float * y = malloc(N * sizeof *y);
    float fo[3];
    double o[3];
    for (int q = 0; q < N; q++) y[q] = 0.1f;
    /* Up to DFG_RED_BLOCK (4096) elements along the axis the sum is
     * Octave's running sum in the output class (not a double or pairwise
     * one):
     * printf("%.17g", sum(single(ones(4096,1)*0.1))) -> 409.61578369140625
     * Z = single(ones(3,4096)*0.1); printf("%.17g", sum(Z,2)(2)) -> the same */
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_SINGLE, DFG_SINGLE, fo, y, 1, 4096, 1) == 0);
    CHECK(fo[0] == 409.61578369140625f);
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_SINGLE, DFG_SINGLE, fo, y, 3, 4096, 1) == 0);
    CHECK(fo[0] == 409.61578369140625f && fo[1] == fo[0] && fo[2] == fo[0]);
    /* Longer axes use the blocked order (cpu.h), not Octave's: Octave's
     * sum(single(ones(1e6,1)*0.1)) is 100958.34375 (a double accumulator
     * gives 100000.0015); blocks of 4096 give 100004.0703125.  Likewise
     * sum(Z,2) of Z = single(ones(3,1e5)*0.1): Octave 9998.556640625,
     * blocked 10000.3818359375. */
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_SINGLE, DFG_SINGLE, fo, y, 1, N, 1) == 0);
    CHECK(fo[0] == 100004.0703125f);
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_SINGLE, DFG_SINGLE, fo, y, 3, 100000, 1) == 0);
    CHECK(fo[0] == 10000.3818359375f && fo[1] == fo[0] && fo[2] == fo[0]);
    /* c = cumsum(single(ones(1,1e5)*0.1)): c(50000) = 5002.529296875,
     * c(end) = 9998.556640625 */
    float * c = malloc(100000 * sizeof *c);
    CHECK(dfg_cpu_scan(DFG_SCAN_CUMSUM, DFG_SINGLE, DFG_SINGLE, c, y, 1, 100000, 1) == 0);
    CHECK(c[49999] == 5002.529296875f && c[99999] == 9998.556640625f);
    /* prod(single(1.0001*ones(1,4096))) -> 1.5062856674194336 (running);
     * prod(single(1.0001*ones(1,1e4))): Octave 2.7185957431793213, blocked
     * 2.718592643737793 (exact: 2.71859697; either may be the closer) */
    for (int q = 0; q < 10000; q++) y[q] = 1.0001f;
    CHECK(dfg_cpu_reduce(DFG_RED_PROD, DFG_SINGLE, DFG_SINGLE, fo, y, 1, 4096, 1) == 0);
    CHECK(fo[0] == 1.5062856674194336f);
    CHECK(dfg_cpu_reduce(DFG_RED_PROD, DFG_SINGLE, DFG_SINGLE, fo, y, 1, 10000, 1) == 0);
    CHECK(fo[0] == 2.718592643737793f);
    /* sum(single([16777216 1 1])) -> 16777216; with 'double' -> 16777218 */
    float s[3] = { 16777216.0f, 1, 1 };
    dfg_cpu_reduce(DFG_RED_SUM, DFG_SINGLE, DFG_SINGLE, fo, s, 1, 3, 1);
    CHECK(fo[0] == 16777216.0f);
    dfg_cpu_reduce(DFG_RED_SUM, DFG_SINGLE, DFG_DOUBLE, o, s, 1, 3, 1);
    CHECK(o[0] == 16777218.0);
    /* cumsum(single([16777216 1 1])) -> all 16777216 */
    dfg_cpu_scan(DFG_SCAN_CUMSUM, DFG_SINGLE, DFG_SINGLE, c, s, 1, 3, 1);
    CHECK(c[0] == 16777216.0f && c[1] == c[0] && c[2] == c[0]);
    /* prod(single([1e-30 1e-30 1e30 1e30])) -> 0 (underflow in single) */
    float u[4] = { 1e-30f, 1e-30f, 1e30f, 1e30f };
    dfg_cpu_reduce(DFG_RED_PROD, DFG_SINGLE, DFG_SINGLE, fo, u, 1, 4, 1);
    CHECK(fo[0] == 0);
    /* 1/sum(-0) -> Inf (starts from +0); 1/cumsum(-0) -> -Inf */
    double mz[2] = { -0.0, -0.0 };
    dfg_cpu_reduce(DFG_RED_SUM, DFG_DOUBLE, DFG_DOUBLE, o, mz, 1, 2, 1);
    CHECK(o[0] == 0 && !signbit(o[0]));
    dfg_cpu_scan(DFG_SCAN_CUMSUM, DFG_DOUBLE, DFG_DOUBLE, o, mz, 1, 2, 1);
    CHECK(signbit(o[0]) && signbit(o[1]));
    /* sum(true(2)) -> [2 2] (class double); cumprod(logical) is double */
    uint8_t t[4] = { 1, 1, 1, 0 };
    dfg_cpu_reduce(DFG_RED_SUM, DFG_LOGICAL, DFG_DOUBLE, o, t, 1, 2, 2);
    CHECK(o[0] == 2 && o[1] == 1);
    dfg_cpu_scan(DFG_SCAN_CUMPROD, DFG_LOGICAL, DFG_DOUBLE, o, t + 1, 1, 3, 1);
    CHECK(o[0] == 1 && o[1] == 1 && o[2] == 0);
    free(c);
    free(y);
}

static void test_errors(void)
{
    double o[2] = { 0, 0 }, x[2] = { 1, 2 };
    CHECK(dfg_cpu_reduce(DFG_RED_COUNT, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 2, 1)
          == DFG_ERR_INTERNAL);
    CHECK(dfg_cpu_reduce(-1, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 2, 1)
          == DFG_ERR_INTERNAL);
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_DTYPE_COUNT, DFG_DOUBLE, o, x, 1, 2, 1)
          == DFG_ERR_INTERNAL);
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_DOUBLE, -1, o, x, 1, 2, 1)
          == DFG_ERR_INTERNAL);
    CHECK(strstr(dfg_last_error(), "dfg_cpu_reduce") != NULL);
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, -2, 1)
          == DFG_ERR_INTERNAL);
    CHECK(dfg_cpu_scan(DFG_SCAN_COUNT, DFG_DOUBLE, DFG_DOUBLE, o, x, 1, 2, 1)
          == DFG_ERR_INTERNAL);
    CHECK(strstr(dfg_last_error(), "dfg_cpu_scan") != NULL);
    CHECK(dfg_cpu_scan(DFG_SCAN_CUMSUM, DFG_DOUBLE, DFG_DOUBLE, o, x, -1, 2, 1)
          == DFG_ERR_INTERNAL);
    CHECK(o[0] == 0 && o[1] == 0);              /* nothing written on error */
}

int main(void)
{
    RUN(test_reduce_sweep);
    RUN(test_scan_sweep);
    RUN(test_octave_max_min);
    RUN(test_octave_any_all_empty);
    RUN(test_octave_sum_precision);
    RUN(test_errors);
    HARNESS_END();
}
