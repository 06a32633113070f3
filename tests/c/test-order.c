/* tests/c/test-order.c -- kernels/cpu/order.c (dfg_cpu_sort_index,
 * dfg_cpu_cumext_index, dfg_cpu_take) and the graphs of lib/core/compose.c
 * built on them (dfg_sort, dfg_cumext, dfg_median):
 *  - fixed cases whose expected values come from GNU Octave 7.3 (the
 *    command quoted next to each);
 *  - a sweep over classes, directions and [pre, n, post] layouts against
 *    a naive reference written from Octave's rules (stable insertion sort
 *    with NaN set apart; mx_inline_cummax's loop);
 *  - median_index (selection) against the stable sort's middle positions;
 *  - threads: results equal for 1 and 4 threads;
 *  - take and take_add are adjoint (<take (x), g> == <x, take_add (g)>),
 *    and refuse positions out of bound;
 *  - graphs: sort, cummax, median and a gradient through sort, on the CPU
 *    and on the emulated device "sim" (bitwise the CPU's), and a symbolic
 *    size along the sorted dimension refused. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "plan-helpers.h"
#include "../../kernels/cpu/cpu.h"

static double get(int dt, const void * p, int64_t i)
{
    if (dt == DFG_DOUBLE) return ((const double *)p)[i];
    if (dt == DFG_SINGLE) return ((const float *)p)[i];
    return ((const uint8_t *)p)[i];
}

static void put(int dt, void * p, int64_t i, double v)
{
    if (dt == DFG_DOUBLE) ((double *)p)[i] = v;
    else if (dt == DFG_SINGLE) ((float *)p)[i] = (float)v;
    else ((uint8_t *)p)[i] = (uint8_t)(v != 0);
}

static int same_vec(const double * a, const double * b, int64_t n)
{
    for (int64_t k = 0; k < n; k++)
        if (a[k] != b[k])
            return 0;
    return 1;
}

/* ---- fixed cases from Octave 7.3 ------------------------------------------------ */

static void test_octave_cases(void)
{
    /* [s, i] = sort ([3 NaN 1 NaN 1 -0 0 2]) -> i = 6 7 3 5 8 1 2 4
     * [s, i] = sort (..., "descend")         -> i = 2 4 1 8 3 5 6 7 */
    const double x[8] = {3, NAN, 1, NAN, 1, -0.0, 0, 2};
    const double asc[8] = {6, 7, 3, 5, 8, 1, 2, 4}, desc[8] = {2, 4, 1, 8, 3, 5, 6, 7};
    double i[8];
    CHECK(dfg_cpu_sort_index(DFG_DOUBLE, 0, i, x, 1, 8, 1) == DFG_OK && same_vec(i, asc, 8));
    CHECK(dfg_cpu_sort_index(DFG_DOUBLE, 1, i, x, 1, 8, 1) == DFG_OK && same_vec(i, desc, 8));
    /* [s, i] = sort ([true false true]) -> i = 2 1 3 */
    const uint8_t b[3] = {1, 0, 1};
    const double bi[3] = {2, 1, 3};
    CHECK(dfg_cpu_sort_index(DFG_LOGICAL, 0, i, b, 1, 3, 1) == DFG_OK && same_vec(i, bi, 3));
    /* [w, iw] = cummax ([NaN 1 NaN 3 3 2]) -> iw = 1 2 2 4 4 4 */
    const double c[6] = {NAN, 1, NAN, 3, 3, 2}, cmax[6] = {1, 2, 2, 4, 4, 4};
    CHECK(dfg_cpu_cumext_index(DFG_DOUBLE, 1, i, c, 1, 6, 1) == DFG_OK && same_vec(i, cmax, 6));
    /* [w, iw] = cummin ([NaN NaN 1 NaN 0 0 2]) -> iw = 1 1 3 3 5 5 5 */
    const float d[7] = {NAN, NAN, 1, NAN, 0, 0, 2};
    const double dmin[7] = {1, 1, 3, 3, 5, 5, 5};
    CHECK(dfg_cpu_cumext_index(DFG_SINGLE, 0, i, d, 1, 7, 1) == DFG_OK && same_vec(i, dmin, 7));
    /* [s, i] = sort ([1 2; 3 0], 2) -> i = [1 2; 2 1] (column-major 1 2 2 1) */
    const double m[4] = {1, 3, 2, 0}, mi[4] = {1, 2, 2, 1};
    CHECK(dfg_cpu_sort_index(DFG_DOUBLE, 0, i, m, 2, 2, 1) == DFG_OK && same_vec(i, mi, 4));
}

/* ---- the sweep against a naive reference ----------------------------------------- */

static void ref_sort(int dt, int desc, double * out, const void * in, int64_t pre, int64_t n,
                     int64_t post)
{
    int64_t * ord = malloc((size_t)(n ? n : 1) * sizeof *ord);
    for (int64_t j = 0; j < post; j++)
        for (int64_t i = 0; i < pre; i++) {
            int64_t base = i + pre * n * j, m = 0;
            /* NaNs apart, in order, first (descend) or last (ascend) */
            if (desc)
                for (int64_t k = 0; k < n; k++)
                    if (isnan(get(dt, in, base + k * pre)))
                        ord[m++] = k;
            int64_t lo = m;
            for (int64_t k = 0; k < n; k++) {
                double v = get(dt, in, base + k * pre);
                if (isnan(v))
                    continue;
                int64_t q = m++;
                while (q > lo) {
                    double u = get(dt, in, base + ord[q - 1] * pre);
                    if (!(desc ? v > u : v < u))
                        break;
                    ord[q] = ord[q - 1];
                    q--;
                }
                ord[q] = k;
            }
            if (!desc)
                for (int64_t k = 0; k < n; k++)
                    if (isnan(get(dt, in, base + k * pre)))
                        ord[m++] = k;
            for (int64_t k = 0; k < n; k++)
                out[base + k * pre] = (double)ord[k] + 1;
        }
    free(ord);
}

/* Octave's mx_inline_cummax / cummin with indices, literally */
static void ref_cumext(int dt, int is_max, double * out, const void * in, int64_t pre, int64_t n,
                       int64_t post)
{
    for (int64_t jj = 0; jj < post; jj++)
        for (int64_t ii = 0; ii < pre; ii++) {
            int64_t base = ii + pre * n * jj;
            if (!n)
                continue;
#define V(k) get(dt, in, base + (k) * pre)
            double tmp = V(0);
            int64_t tmpi = 0, i = 1, j = 0;
            if (isnan(tmp)) {
                for (; i < n && isnan(V(i)); i++)
                    ;
                for (; j < i; j++)
                    out[base + j * pre] = (double)tmpi + 1;
                if (i < n) {
                    tmp = V(i);
                    tmpi = i;
                }
            }
            for (; i < n; i++)
                if (is_max ? V(i) > tmp : V(i) < tmp) {
                    for (; j < i; j++)
                        out[base + j * pre] = (double)tmpi + 1;
                    tmp = V(i);
                    tmpi = i;
                }
            for (; j < i; j++)
                out[base + j * pre] = (double)tmpi + 1;
#undef V
        }
}

static void fill(int dt, void * p, int64_t count, unsigned * seed)
{
    for (int64_t k = 0; k < count; k++) {
        int r = rand_r(seed) % 100;
        double v = dt == DFG_LOGICAL ? r % 2 : r < 8 ? NAN : r < 10 ? (r % 2 ? 0.0 : -0.0)
                                            : (double)(rand_r(seed) % 7) - 3;
        put(dt, p, k, v);
    }
}

static void test_sweep(void)
{
    static const int64_t lay[][3] = {{1, 1, 1}, {1, 7, 1}, {3, 5, 2}, {1, 40, 3}, {4, 1, 5},
                                     {2, 0, 3}, {0, 4, 2}, {5, 33, 1}, {1, 200, 2}};
    const int dts[3] = {DFG_DOUBLE, DFG_SINGLE, DFG_LOGICAL};
    unsigned seed = 11;
    int bad = 0;
    for (size_t l = 0; l < sizeof lay / sizeof lay[0]; l++)
        for (int t = 0; t < 3; t++) {
            int dt = dts[t];
            int64_t pre = lay[l][0], n = lay[l][1], post = lay[l][2], cnt = pre * n * post;
            size_t sz = (size_t)(cnt ? cnt : 1);
            void * x = malloc(sz * 8);
            double * got = malloc(sz * sizeof *got), * want = malloc(sz * sizeof *want);
            fill(dt, x, cnt, &seed);
            for (int op = 0; op < 4; op++) {
                memset(got, 0, sz * sizeof *got);
                memset(want, 0, sz * sizeof *want);
                int st;
                if (op < 2) {
                    st = dfg_cpu_sort_index(dt, op, got, x, pre, n, post);
                    ref_sort(dt, op, want, x, pre, n, post);
                } else {
                    st = dfg_cpu_cumext_index(dt, op == 2, got, x, pre, n, post);
                    ref_cumext(dt, op == 2, want, x, pre, n, post);
                }
                if (st != DFG_OK || !same_vec(got, want, cnt)) {
                    if (!bad++)
                        fprintf(stderr, "  sweep: op %d class %d layout [%lld %lld %lld]\n", op, dt,
                                (long long)pre, (long long)n, (long long)post);
                }
            }
            free(x);
            free(got);
            free(want);
        }
    CHECK(bad == 0);
}

/* ---- median by selection ------------------------------------------------------------ */

/* median_index's reference: positions k-1 and k of the stable sort
 * (ref_sort), or the slice's first NaN in each place */
static void ref_median(int dt, double * out, const void * in, int64_t pre, int64_t n, int64_t post)
{
    int64_t cnt = n % 2 ? 1 : 2, k = (n + 1) / 2 - 1;
    double * ord = malloc((size_t)(pre * n * post + 1) * sizeof *ord);
    ref_sort(dt, 0, ord, in, pre, n, post);
    for (int64_t j = 0; j < post; j++)
        for (int64_t i = 0; i < pre; i++) {
            int64_t base = i + pre * n * j, nan_at = -1;
            for (int64_t q = n - 1; q >= 0; q--)
                if (isnan(get(dt, in, base + q * pre)))
                    nan_at = q;
            for (int64_t q = 0; q < cnt; q++)
                out[i + pre * (q + cnt * j)] = nan_at >= 0 ? (double)nan_at + 1 : ord[base + (k + q) * pre];
        }
    free(ord);
}

static void test_median_sweep(void)
{
    static const int64_t lay[][3] = {{1, 1, 1}, {1, 2, 1}, {1, 7, 1}, {3, 6, 2}, {1, 40, 3},
                                     {5, 33, 1}, {2, 200, 2}, {1, 1001, 1}, {1, 5000, 1}};
    const int dts[3] = {DFG_DOUBLE, DFG_SINGLE, DFG_LOGICAL};
    unsigned seed = 17;
    int bad = 0;
    for (size_t l = 0; l < sizeof lay / sizeof lay[0]; l++)
        for (int t = 0; t < 3; t++)
            for (int kind = 0; kind < 4; kind++) {
                int dt = dts[t];
                int64_t pre = lay[l][0], n = lay[l][1], post = lay[l][2], cnt = pre * n * post;
                int64_t ocnt = pre * (n % 2 ? 1 : 2) * post;
                void * x = malloc((size_t)cnt * 8);
                double * got = malloc((size_t)ocnt * sizeof *got), * want = malloc((size_t)ocnt * sizeof *want);
                /* kind 0: fill's values (NaN, +-0, ties); 1: its NaNs made
                 * 1; 2: ascending with repeats; 3: descending distinct */
                fill(dt, x, cnt, &seed);
                for (int64_t e = 0; e < cnt && kind; e++) {
                    double v = kind == 1 ? (isnan(get(dt, x, e)) ? 1 : get(dt, x, e))
                             : kind == 2 ? (double)(e / 3) : (double)(cnt - e);
                    put(dt, x, e, dt == DFG_LOGICAL ? (double)((int64_t)v % 2 != 0) : v);
                }
                int st = dfg_cpu_median_index(dt, got, x, pre, n, post);
                ref_median(dt, want, x, pre, n, post);
                if (st != DFG_OK || !same_vec(got, want, ocnt)) {
                    if (!bad++)
                        fprintf(stderr, "  median sweep: class %d kind %d layout [%lld %lld %lld]\n", dt, kind,
                                (long long)pre, (long long)n, (long long)post);
                }
                free(x);
                free(got);
                free(want);
            }
    CHECK(bad == 0);
}

/* ---- diff ----------------------------------------------------------------------- */

/* the kernel against the definition, layouts with pre 1 and more, one
 * long slice, on 1 and 4 threads, double and single (+-0, Inf, NaN) */
static void test_diff(void)
{
    static const int64_t lay[][3] = {{1, 2, 1}, {1, 9, 3}, {3, 5, 2}, {4, 1, 2}, {2, 0, 3},
                                     {1, 70000, 1}, {300, 130, 2}, {1, 600, 90}};
    unsigned seed = 23;
    int bad = 0;
    for (size_t l = 0; l < sizeof lay / sizeof lay[0]; l++)
        for (int t = 0; t < 2; t++)
            for (int th = 1; th <= 4; th += 3) {
                int dt = t ? DFG_SINGLE : DFG_DOUBLE;
                int64_t pre = lay[l][0], n = lay[l][1], post = lay[l][2], cnt = pre * n * post;
                int64_t m = n > 0 ? n - 1 : 0, ocnt = pre * m * post;
                void * x = malloc((size_t)(cnt + 1) * 8), * y = malloc((size_t)(ocnt + 1) * 8);
                for (int64_t e = 0; e < cnt; e++) {
                    int r = rand_r(&seed) % 50;
                    put(dt, x, e, r == 0 ? NAN : r == 1 ? INFINITY : r == 2 ? -0.0 : r < 6 ? 0.0
                                  : (double)(rand_r(&seed) % 1000) / 7 - 70);
                }
                CHECK(dfg_threads_set(th) == DFG_OK);
                int st = dfg_cpu_diff(dt, y, x, pre, n, post);
                for (int64_t j = 0; j < post && !st; j++)
                    for (int64_t k = 0; k < m; k++)
                        for (int64_t i = 0; i < pre; i++) {
                            double a = get(dt, x, i + pre * (k + 1 + n * j)), b = get(dt, x, i + pre * (k + n * j));
                            double w = t ? (double)((float)a - (float)b) : a - b, g = get(dt, y, i + pre * (k + m * j));
                            if (!(g == w && signbit(g) == signbit(w)) && !(isnan(g) && isnan(w)))
                                bad++;
                        }
                if (st)
                    bad++;
                free(x);
                free(y);
            }
    CHECK(dfg_threads_set(0) == DFG_OK);
    CHECK(bad == 0);
    CHECK(dfg_cpu_diff(DFG_LOGICAL, NULL, NULL, 1, 2, 1) == DFG_ERR_ARG);
}

/* ---- threads ------------------------------------------------------------------- */

static void test_threads(void)
{
    int64_t pre = 300, n = 257, post = 3, cnt = pre * n * post;
    double * x = malloc((size_t)cnt * sizeof *x);
    double * a = malloc((size_t)cnt * sizeof *a), * b = malloc((size_t)cnt * sizeof *b);
    double * ta = malloc((size_t)cnt * sizeof *ta), * tb = malloc((size_t)cnt * sizeof *tb);
    unsigned seed = 5;
    fill(DFG_DOUBLE, x, cnt, &seed);
    for (int op = 0; op < 3; op++) {
        CHECK(dfg_threads_set(1) == DFG_OK);
        int s1 = op < 2 ? dfg_cpu_sort_index(DFG_DOUBLE, op, a, x, pre, n, post)
                        : dfg_cpu_cumext_index(DFG_DOUBLE, 1, a, x, pre, n, post);
        CHECK(s1 == DFG_OK && dfg_cpu_take(DFG_DOUBLE, 1, ta, x, a, pre, n, n, post) == DFG_OK);
        CHECK(dfg_threads_set(4) == DFG_OK);
        int s4 = op < 2 ? dfg_cpu_sort_index(DFG_DOUBLE, op, b, x, pre, n, post)
                        : dfg_cpu_cumext_index(DFG_DOUBLE, 1, b, x, pre, n, post);
        CHECK(s4 == DFG_OK && dfg_cpu_take(DFG_DOUBLE, 1, tb, x, b, pre, n, n, post) == DFG_OK);
        CHECK(same_vec(a, b, cnt));
        CHECK(!memcmp(ta, tb, (size_t)cnt * sizeof *ta));
    }
    /* one long column: sorted on one thread, still right */
    double * ref = malloc((size_t)cnt * sizeof *ref);
    CHECK(dfg_cpu_sort_index(DFG_DOUBLE, 0, a, x, 1, 3000, 1) == DFG_OK);
    ref_sort(DFG_DOUBLE, 0, ref, x, 1, 3000, 1);
    CHECK(same_vec(a, ref, 3000));
    CHECK(dfg_threads_set(0) == DFG_OK);
    free(x); free(a); free(b); free(ta); free(tb); free(ref);
}

/* ---- take and take_add ------------------------------------------------------------ */

static void test_take(void)
{
    /* 2 x 3 x 2, positions along the middle dimension */
    int64_t pre = 2, n = 3, post = 2;
    double x[12], g[12], p[12], y[12], z[12];
    float xs[12], ys[12];
    for (int k = 0; k < 12; k++) {
        x[k] = k * 0.5 - 2;
        xs[k] = (float)x[k];
        g[k] = cos(k);
        p[k] = 1 + (k * 7 % 5) % 3;          /* repeats: a cummax-like map */
    }
    CHECK(dfg_cpu_take(DFG_DOUBLE, 0, y, x, p, pre, n, n, post) == DFG_OK);
    CHECK(dfg_cpu_take(DFG_SINGLE, 0, ys, xs, p, pre, n, n, post) == DFG_OK);
    for (int64_t j = 0; j < post; j++)
        for (int64_t k = 0; k < n; k++)
            for (int64_t i = 0; i < pre; i++) {
                int64_t e = i + pre * (k + n * j), s = i + pre * ((int64_t)p[e] - 1 + n * j);
                CHECK(y[e] == x[s] && ys[e] == xs[s]);
            }
    CHECK(dfg_cpu_take(DFG_DOUBLE, 1, z, g, p, pre, n, n, post) == DFG_OK);
    double lhs = 0, rhs = 0;
    for (int k = 0; k < 12; k++) {
        lhs += y[k] * g[k];
        rhs += x[k] * z[k];
    }
    CHECK_NEAR(lhs, rhs, 1e-12);
    /* positions shorter than x (m = 2 of n = 3: median's pair): take
     * reads x at them, take_add spreads back to length 3, adjoint still */
    double y2[8], z2[12];
    CHECK(dfg_cpu_take(DFG_DOUBLE, 0, y2, x, p, pre, n, 2, post) == DFG_OK);
    for (int64_t j = 0; j < post; j++)
        for (int64_t k = 0; k < 2; k++)
            for (int64_t i = 0; i < pre; i++) {
                int64_t e = i + pre * (k + 2 * j), s = i + pre * ((int64_t)p[e] - 1 + n * j);
                CHECK(y2[e] == x[s]);
            }
    CHECK(dfg_cpu_take(DFG_DOUBLE, 1, z2, g, p, pre, n, 2, post) == DFG_OK);
    lhs = rhs = 0;
    for (int k = 0; k < 8; k++)
        lhs += y2[k] * g[k];
    for (int k = 0; k < 12; k++)
        rhs += x[k] * z2[k];
    CHECK_NEAR(lhs, rhs, 1e-12);
    uint8_t lb[12], lo[12];
    for (int k = 0; k < 12; k++)
        lb[k] = (uint8_t)(k % 3 == 0);
    CHECK(dfg_cpu_take(DFG_LOGICAL, 0, lo, lb, p, pre, n, n, post) == DFG_OK);
    CHECK(lo[0] == lb[2 * ((int64_t)p[0] - 1)]);
    /* errors: a position out of bound or not an integer; take_add of logical */
    p[5] = 4;
    CHECK(dfg_cpu_take(DFG_DOUBLE, 0, y, x, p, pre, n, n, post) == DFG_ERR_INDEX);
    CHECK(strstr(dfg_last_error(), "out of bound") != NULL);
    p[5] = 1.5;
    CHECK(dfg_cpu_take(DFG_DOUBLE, 1, z, g, p, pre, n, n, post) == DFG_ERR_INDEX);
    p[5] = NAN;
    CHECK(dfg_cpu_take(DFG_DOUBLE, 0, y, x, p, pre, n, n, post) == DFG_ERR_INDEX);
    p[5] = 1;
    CHECK(dfg_cpu_take(DFG_LOGICAL, 1, lo, lb, p, pre, n, n, post) == DFG_ERR_ARG);
    CHECK(dfg_cpu_sort_index(7, 0, y, x, pre, n, post) == DFG_ERR_ARG);
}

/* ---- graphs --------------------------------------------------------------------- */

/* runs outs of the graph of input x on device dev */
static int run(const char * dev, dfg_id x, const double * X, int n_out, const dfg_id * outs,
               double ** res)
{
    const void * in[1] = {X};
    return run_on(dev, 1, &x, in, n_out, outs, (void * const *)res);
}

static void test_graphs(void)
{
    /* x 4 x 3; s, i = sort (x, 1, "descend"); w = cummax (x, 2); m = median (x);
     * gradient of sum (s .* W) */
    int64_t dims[2] = {4, 3};
    dfg_id x = 0, si[2] = {0, 0}, cm[2] = {0, 0}, m = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, dims, "x", &x) == DFG_OK);
    CHECK(dfg_sort(x, 0, 1, 2, si) == DFG_OK);
    CHECK(dfg_cumext(x, 1, 1, 2, cm) == DFG_OK);
    CHECK(dfg_median(x, -1, &m) == DFG_OK);
    double X[12] = {3, 1, NAN, 2, 5, 5, -1, 0, 4, 4, 4, 4};
    double W[12];
    for (int k = 0; k < 12; k++)
        W[k] = k + 1;
    dfg_id w = 0, prod = 0, s1 = 0, s2 = 0, g = 0;
    CHECK(dfg_constant(DFG_DOUBLE, 2, dims, W, &w) == DFG_OK);
    dfg_id pin[2] = {si[0], w};
    CHECK(dfg_op(DFG_OP_MUL, 2, pin, NULL, &prod) == DFG_OK);
    dfg_attr a0 = {{0}, {0}, NULL, 0}, a1 = {{1}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_SUM, 1, &prod, &a0, &s1) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &s1, &a1, &s2) == DFG_OK);
    CHECK(dfg_grad(s2, 1, &x, 0, &g) == DFG_OK);
    dfg_id outs[6] = {si[0], si[1], cm[0], cm[1], m, g};
    double r[2][6][12];
    double * rc[6], * rs[6];
    memset(r, 0, sizeof r);
    for (int k = 0; k < 6; k++) {
        rc[k] = r[0][k];
        rs[k] = r[1][k];
    }
    CHECK(run("cpu", x, X, 6, outs, rc) == DFG_OK);
    CHECK(run("sim", x, X, 6, outs, rs) == DFG_OK || !fprintf(stderr, "  sim: %s\n", dfg_last_error()));
    /* Octave: [s, i] = sort ([3 5 4; 1 5 4; NaN -1 4; 2 0 4], "descend") */
    const double s_want[12] = {NAN, 3, 2, 1, 5, 5, 0, -1, 4, 4, 4, 4};
    const double i_want[12] = {3, 1, 4, 2, 1, 2, 4, 3, 1, 2, 3, 4};
    /* [w, iw] = cummax (x, 2): iw = [1 2 2; 1 2 2; 1 2 3; 1 1 3] */
    const double iw_want[12] = {1, 1, 1, 1, 2, 2, 2, 1, 2, 2, 3, 3};
    /* median (x) = [NaN 2.5 4] */
    CHECK(isnan(r[0][0][0]) && same_vec(r[0][0] + 1, s_want + 1, 11));
    CHECK(same_vec(r[0][1], i_want, 12));
    CHECK(same_vec(r[0][3], iw_want, 12));
    CHECK(isnan(r[0][4][0]) && r[0][4][1] == 2.5 && r[0][4][2] == 4);
    /* the gradient: W moved back through the permutation */
    for (int j = 0; j < 3; j++)
        for (int k = 0; k < 4; k++)
            CHECK(r[0][5][j * 4 + (int)i_want[j * 4 + k] - 1] == W[j * 4 + k]);
    CHECK(!memcmp(r[0], r[1], sizeof r[0]));          /* sim: bitwise the CPU's */
    dfg_id ids[] = {x, si[0], si[1], cm[0], cm[1], m, w, prod, s1, s2, g};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
        dfg_release(ids[k]);
}

static void test_symbolic(void)
{
    int64_t n = 0, dims[2] = {0, 3};
    CHECK(dfg_size_symbol("n", &n) == DFG_OK);
    dims[0] = n;
    dfg_id x = 0, y[2] = {0, 0}, m = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, dims, "x", &x) == DFG_OK);
    /* along the symbolic dimension: refused; along the other: fine */
    CHECK(dfg_sort(x, 0, 0, 2, y) == DFG_ERR_SYMBOLIC);
    CHECK(strstr(dfg_last_error(), "symbolic") != NULL);
    CHECK(dfg_cumext(x, 0, 1, 1, y) == DFG_ERR_SYMBOLIC);
    CHECK(dfg_median(x, 0, &m) == DFG_ERR_SYMBOLIC);
    CHECK(strstr(dfg_last_error(), "dfg.median") && strstr(dfg_last_error(), "DIM 1"));
    CHECK(dfg_median(x, -1, &m) == DFG_ERR_SYMBOLIC);
    CHECK(dfg_median(x, 1, &m) == DFG_OK);      /* along the 3: n x 1 */
    dfg_release(m);
    CHECK(dfg_sort(x, 1, 1, 2, y) == DFG_OK);
    dfg_release(y[0]);
    dfg_release(y[1]);
    CHECK(dfg_cumext(x, 1, 0, 1, y) == DFG_OK);
    dfg_release(y[0]);
    dfg_release(x);
}

static void test_errors(void)
{
    int64_t dims[2] = {2, 2}, e[2] = {0, 3};
    dfg_id x = 0, z = 0, y[2] = {0, 0};
    CHECK(dfg_input(DFG_DOUBLE, 2, dims, "x", &x) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, e, "z", &z) == DFG_OK);
    CHECK(dfg_sort(x, 2, 0, 1, y) == DFG_ERR_ARG);               /* sort (x, 3) */
    CHECK(strstr(dfg_last_error(), "DIM must be a valid dimension") != NULL);
    CHECK(dfg_sort(x, 0, 0, 3, y) == DFG_ERR_ARG);
    CHECK(dfg_median(z, -1, y) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "X cannot be an empty matrix") != NULL);
    /* TAKE with positions of another size or class */
    dfg_id in[2] = {x, z}, t = 0;
    dfg_attr a = {{0}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_TAKE, 2, in, &a, &t) == DFG_ERR_SHAPE);
    dfg_release(x);
    dfg_release(z);
}

int main(void)
{
    RUN(test_octave_cases);
    RUN(test_sweep);
    RUN(test_median_sweep);
    RUN(test_diff);
    RUN(test_threads);
    RUN(test_take);
    RUN(test_graphs);
    RUN(test_symbolic);
    RUN(test_errors);
    HARNESS_END();
}
