/* tests/c/test-signal.c -- kernels/cpu/signal.c (dfg_cpu_conv,
 * dfg_cpu_conv2, dfg_cpu_filter) and the graphs of lib/core/compose-signal.c
 * built on them (dfg_conv, dfg_conv2, dfg_conv2_sep, dfg_filter):
 *  - fixed cases whose expected values come from GNU Octave 7.3 (the
 *    command quoted next to each);
 *  - a sweep over classes, [pre, n, post] layouts, full and broadcast
 *    operands and windows against naive references (the convolution sum
 *    in the same order: bitwise; filter's difference equation solved
 *    directly: to rounding);
 *  - threads: results bitwise equal for 1 and 4 threads;
 *  - graphs: conv and filter (y and sf) and gradients through them on the
 *    CPU and on the emulated device "sim" (bitwise the CPU's), the
 *    gradient against the adjoint identity;
 *  - errors: classes, sizes, a(1) == 0 when the graph runs, symbolic sizes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "plan-helpers.h"
#include "../../kernels/cpu/cpu.h"

static int same_vec(const double * a, const double * b, int64_t n)
{
    for (int64_t k = 0; k < n; k++)
        if (a[k] != b[k])
            return 0;
    return 1;
}

static void fill(double * p, int64_t n, unsigned * seed)
{
    for (int64_t k = 0; k < n; k++) {
        *seed = *seed * 1103515245u + 12345u;
        p[k] = (double)((*seed >> 8) % 20001) / 10000.0 - 1.0;
    }
}

/* ---- fixed cases from Octave 7.3 ------------------------------------------------ */

static void test_octave_cases(void)
{
    /* conv ([1 2 3 4], [1 10 100]) -> 1 12 123 234 340 400;
     * conv (..., "same") -> 12 123 234 340; "valid" -> 123 234 */
    const double a[4] = {1, 2, 3, 4}, b[3] = {1, 10, 100};
    const double full[6] = {1, 12, 123, 234, 340, 400};
    double y[6];
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, a, 4, 0, b, 3, 0, 0, 6, 1, 1, 0) == DFG_OK && same_vec(y, full, 6));
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, a, 4, 0, b, 3, 0, 1, 4, 1, 1, 0) == DFG_OK && same_vec(y, full + 1, 4));
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, a, 4, 0, b, 3, 0, 2, 2, 1, 1, 0) == DFG_OK && same_vec(y, full + 2, 2));
    /* windows past either end are zero */
    const double edge[3] = {0, 1, 12};
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, a, 4, 0, b, 3, 0, -1, 3, 1, 1, 0) == DFG_OK && same_vec(y, edge, 3));
    /* conv2's order (octave != 0): conv (NaN, 0) -> 0, conv (0, NaN) -> NaN,
     * conv ([1 Inf], [1 0]) -> 1 Inf 0 (0 * Inf skipped) */
    const double nan1 = NAN, zero1 = 0, ainf[2] = {1, INFINITY}, b10[2] = {1, 0};
    const double want_inf[3] = {1, INFINITY, 0};
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, &nan1, 1, 0, &zero1, 1, 0, 0, 1, 1, 1, 1) == DFG_OK && y[0] == 0);
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, &zero1, 1, 0, &nan1, 1, 0, 0, 1, 1, 1, 1) == DFG_OK && isnan(y[0]));
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, ainf, 2, 0, b10, 2, 0, 0, 3, 1, 1, 1) == DFG_OK && same_vec(y, want_inf, 3));
    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, a, 4, 0, b, 3, 0, 0, 6, 1, 1, 1) == DFG_OK && same_vec(y, full, 6));
    /* filter ([1 2 3], [2 1], [1 2 3 4]) -> 0.5 1.75 4.125 5.9375 */
    const double fb[3] = {1, 2, 3}, fa[2] = {2, 1}, fx[4] = {1, 2, 3, 4};
    const double fy[4] = {0.5, 1.75, 4.125, 5.9375};
    CHECK(dfg_cpu_filter(DFG_DOUBLE, y, fb, 3, fa, 2, fx, NULL, 1, 4, 1) == DFG_OK && same_vec(y, fy, 4));
    /* filter ([1 2 3], [2 1], [1 2 3 4]', [1 2]) -> 1.5 3.25 3.375 6.3125 */
    const double si[2] = {1, 2}, fys[4] = {1.5, 3.25, 3.375, 6.3125};
    CHECK(dfg_cpu_filter(DFG_DOUBLE, y, fb, 3, fa, 2, fx, si, 1, 4, 1) == DFG_OK && same_vec(y, fys, 4));
    /* filter ([1 2 3], 1, [1 2], [5 6]) -> 6 10 (FIR with a state) */
    const double one = 1, fir[2] = {6, 10}, si2[2] = {5, 6};
    CHECK(dfg_cpu_filter(DFG_DOUBLE, y, fb, 3, &one, 1, fx, si2, 1, 2, 1) == DFG_OK && same_vec(y, fir, 2));
    /* filter (1, [1 2], 1:3) -> 1 0 3 (unstable, exact) */
    const double ia[2] = {1, 2}, x3[3] = {1, 2, 3}, iy[3] = {1, 0, 3};
    CHECK(dfg_cpu_filter(DFG_DOUBLE, y, &one, 1, ia, 2, x3, NULL, 1, 3, 1) == DFG_OK && same_vec(y, iy, 3));
    /* filter ([1 2], [0 1], [1 2]) -> error, Octave's message */
    const double za[2] = {0, 1};
    CHECK(dfg_cpu_filter(DFG_DOUBLE, y, fb, 2, za, 2, fx, NULL, 1, 2, 1) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "the first element of A must be nonzero") != NULL);
    /* single: filter (single ([1 2 3]), 2, single ([1 2])) -> 0.5 2 */
    const float sb[3] = {1, 2, 3}, sa = 2, sx[2] = {1, 2};
    float sy[2];
    CHECK(dfg_cpu_filter(DFG_SINGLE, sy, sb, 3, &sa, 1, sx, NULL, 1, 2, 1) == DFG_OK &&
          sy[0] == 0.5f && sy[1] == 2.0f);
}

/* ---- sweep against naive references ------------------------------------------- */

static void ref_conv(double * y, const double * a, int64_t na, int af, const double * b, int64_t nb,
                     int bf, int64_t off, int64_t len, int64_t pre, int64_t post)
{
    for (int64_t j = 0; j < post; j++)
        for (int64_t k = 0; k < len; k++)
            for (int64_t i = 0; i < pre; i++) {
                double s = 0;
                for (int64_t m = 0; m < na; m++) {
                    int64_t t = k + off - m;
                    if (t < 0 || t >= nb)
                        continue;
                    s += (af ? a[i + m * pre + j * pre * na] : a[m]) *
                         (bf ? b[i + t * pre + j * pre * nb] : b[t]);
                }
                y[i + k * pre + j * pre * len] = s;
            }
}

/* sum_k c(k) y(n-k) = sum_k d(k) x(n-k) + si(n), c = a / a(1), d = b / a(1)
 * (Octave: the state is not scaled), solved for y(n) */
static void ref_filter(double * y, const double * b, int64_t nb, const double * a, int64_t na,
                       const double * x, const double * si, int64_t pre, int64_t n, int64_t post)
{
    int64_t l = na > nb ? na : nb;
    for (int64_t s = 0; s < pre * post; s++) {
        int64_t base = s % pre + (s / pre) * pre * n;
        for (int64_t t = 0; t < n; t++) {
            double v = 0, s0 = si && t < l - 1 ? si[s * (l - 1) + t] : 0;
            for (int64_t k = 0; k < nb && k <= t; k++)
                v += b[k] * x[base + (t - k) * pre];
            for (int64_t k = 1; k < na && k <= t; k++)
                v -= a[k] * y[base + (t - k) * pre];
            y[base + t * pre] = s0 + v / a[0];
        }
    }
}

static void test_sweep(void)
{
    unsigned seed = 3;
    const int64_t lay[4][3] = {{1, 7, 1}, {3, 5, 2}, {1, 9, 4}, {4, 1, 3}};
    double a[512], b[512], y[1024], r[1024], x[512], si[512];
    for (int q = 0; q < 4; q++) {
        int64_t pre = lay[q][0], n = lay[q][1], post = lay[q][2];
        for (int af = 0; af < 2; af++)
            for (int bf = 0; bf < 2; bf++)
                for (int64_t nb = 0; nb < 4; nb++)
                    for (int64_t off = -2; off < n + nb; off += 2) {
                        int64_t len = n + nb > 1 ? n + nb - 1 : 0;
                        fill(a, 512, &seed);
                        fill(b, 512, &seed);
                        CHECK(dfg_cpu_conv(DFG_DOUBLE, y, a, n, af, b, nb, bf, off, len, pre, post, 0) == DFG_OK);
                        ref_conv(r, a, n, af, b, nb, bf, off, len, pre, post);
                        CHECK(same_vec(y, r, pre * len * post));
                        CHECK(dfg_cpu_conv(DFG_DOUBLE, y, a, n, af, b, nb, bf, off, len, pre, post, 1) == DFG_OK);
                        for (int64_t k = 0; k < pre * len * post; k++)
                            CHECK_NEAR(y[k], r[k], 1e-14);
                    }
        /* filter: FIR and IIR of several lengths, with and without a state */
        for (int64_t na = 1; na < 4; na++)
            for (int64_t nb = 0; nb < 4; nb++)
                for (int with_si = 0; with_si < 2; with_si++) {
                    fill(x, 512, &seed);
                    fill(b, 8, &seed);
                    fill(a, 8, &seed);
                    fill(si, 512, &seed);
                    a[0] = 2.5;
                    for (int64_t k = 1; k < na; k++)
                        a[k] *= 0.4;                        /* a stable filter */
                    CHECK(dfg_cpu_filter(DFG_DOUBLE, y, b, nb, a, na, x, with_si ? si : NULL,
                                         pre, n, post) == DFG_OK);
                    ref_filter(r, b, nb, a, na, x, with_si ? si : NULL, pre, n, post);
                    for (int64_t k = 0; k < pre * n * post; k++)
                        CHECK_NEAR(y[k], r[k], 1e-13);
                }
    }
    /* one slice (axpy sweeps) is bitwise the per-element loop of several,
     * in both orders, zeros and non-finite values included */
    for (int octave = 0; octave < 2; octave++) {
        double v[37], w[10], y1[60], y2[120];
        fill(v, 37, &seed);
        fill(w, 5, &seed);
        w[1] = 0;
        v[3] = INFINITY;
        memcpy(w + 5, w, 5 * sizeof *w);
        for (int64_t off = -3; off < 12; off += 5) {
            CHECK(dfg_cpu_conv(DFG_DOUBLE, y1, v, 37, 0, w, 5, 0, off, 45, 1, 1, octave) == DFG_OK);
            CHECK(dfg_cpu_conv(DFG_DOUBLE, y2, v, 37, 0, w, 5, 1, off, 45, 1, 2, octave) == DFG_OK);
            CHECK(!memcmp(y1, y2, 45 * sizeof *y1) && !memcmp(y1, y2 + 45, 45 * sizeof *y1));
        }
    }
    /* every layout is bitwise the one-slice computation of each slice, in
     * both orders, with zeros and non-finite values */
    for (int octave = 0; octave < 2; octave++)
        for (int af = 0; af < 2; af++)
            for (int bf = 0; bf < 2; bf++)
                for (int q = 1; q < 4; q++) {
                    int64_t pre = lay[q][0], n = lay[q][1] + 3, post = lay[q][2], nb = 4, len = n + 2;
                    double va[128], vb[128], one[16], sa[16], sb[16];
                    fill(va, 128, &seed);
                    fill(vb, 128, &seed);
                    va[2] = INFINITY;
                    vb[1] = 0;
                    vb[5] = 0;
                    CHECK(dfg_cpu_conv(DFG_DOUBLE, y, va, n, af, vb, nb, bf, 1, len, pre, post, octave) == DFG_OK);
                    for (int64_t j = 0; j < post; j++)
                        for (int64_t i = 0; i < pre; i++) {
                            for (int64_t m = 0; m < n; m++)
                                sa[m] = af ? va[i + m * pre + j * pre * n] : va[m];
                            for (int64_t m = 0; m < nb; m++)
                                sb[m] = bf ? vb[i + m * pre + j * pre * nb] : vb[m];
                            CHECK(dfg_cpu_conv(DFG_DOUBLE, one, sa, n, 0, sb, nb, 0, 1, len, 1, 1, octave) == DFG_OK);
                            for (int64_t k = 0; k < len; k++) {
                                double got = y[i + k * pre + j * pre * len];
                                CHECK((isnan(got) && isnan(one[k])) || !memcmp(&got, &one[k], sizeof got));
                            }
                        }
                }
    /* single: the same sums in single precision */
    float fa[6] = {1, 2, 3, 4, 5, 6}, fb[2] = {0.5f, 0.25f}, fy[7];
    CHECK(dfg_cpu_conv(DFG_SINGLE, fy, fa, 6, 0, fb, 2, 0, 0, 7, 1, 1, 0) == DFG_OK);
    CHECK(fy[0] == 0.5f && fy[3] == 2.75f && fy[6] == 1.5f);
}

/* ---- conv2 ----------------------------------------------------------------------- */

/* the naive 2-D sum: per output a's columns ascending, then a's rows
 * ascending, or (octave) b's rows ascending with zero b elements skipped */
static void ref_conv2_order(double * y, const double * a, int64_t ma, int64_t na, const double * b,
                            int64_t mb, int64_t nb, int64_t offr, int64_t lr, int64_t offc, int64_t lc,
                            int octave)
{
    for (int64_t s = 0; s < lc; s++)
        for (int64_t r = 0; r < lr; r++) {
            double acc = 0;
            for (int64_t q = 0; q < na; q++)
                for (int64_t pp = 0; pp < ma; pp++) {
                    int64_t p = octave ? ma - 1 - pp : pp;
                    int64_t i = r + offr - p, j = s + offc - q;
                    if (i >= 0 && i < mb && j >= 0 && j < nb && (!octave || b[i + j * mb] != 0))
                        acc += a[p + q * ma] * b[i + j * mb];
                }
            y[r + s * lr] = acc;
        }
}

static void ref_conv2(double * y, const double * a, int64_t ma, int64_t na, const double * b,
                      int64_t mb, int64_t nb, int64_t offr, int64_t lr, int64_t offc, int64_t lc)
{
    ref_conv2_order(y, a, ma, na, b, mb, nb, offr, lr, offc, lc, 0);
}

static void test_conv2(void)
{
    /* conv2 (magic (3), [1 2; 3 4]) -> [8 25 9 18; ...]: its "same" part
     * [46 39 38; 44 61 32; 43 42 8] (Octave 7.3) */
    const double m3[9] = {8, 3, 4, 1, 5, 9, 6, 7, 2}, k[4] = {1, 3, 2, 4};
    const double same[9] = {46, 44, 43, 39, 61, 42, 38, 32, 8};
    double y[16], r[16];
    for (int octave = 0; octave < 2; octave++) {
        CHECK(dfg_cpu_conv2(DFG_DOUBLE, y, m3, 3, 3, k, 2, 2, 1, 3, 1, 3, octave) == DFG_OK);
        CHECK(same_vec(y, same, 9));
    }
    /* conv2 (NaN, 0) -> 0, conv2 (0, NaN) -> NaN */
    const double nan1 = NAN, zero1 = 0;
    CHECK(dfg_cpu_conv2(DFG_DOUBLE, y, &nan1, 1, 1, &zero1, 1, 1, 0, 1, 0, 1, 1) == DFG_OK && y[0] == 0);
    CHECK(dfg_cpu_conv2(DFG_DOUBLE, y, &zero1, 1, 1, &nan1, 1, 1, 0, 1, 0, 1, 1) == DFG_OK && isnan(y[0]));
    /* a sweep of windows against the naive double sum */
    unsigned seed = 21;
    double a[20], b[12], *yy = malloc(400 * sizeof *yy), *rr = malloc(400 * sizeof *rr);
    fill(a, 20, &seed);
    fill(b, 12, &seed);
    b[4] = 0;                                   /* a zero, skipped in conv2's order */
    for (int64_t offr = -2; offr < 6; offr += 3)
        for (int64_t offc = -1; offc < 6; offc += 2) {
            CHECK(dfg_cpu_conv2(DFG_DOUBLE, yy, a, 4, 5, b, 3, 4, offr, 7, offc, 8, 0) == DFG_OK);
            ref_conv2(rr, a, 4, 5, b, 3, 4, offr, 7, offc, 8);
            CHECK(same_vec(yy, rr, 56));
            CHECK(dfg_cpu_conv2(DFG_DOUBLE, yy, a, 4, 5, b, 3, 4, offr, 7, offc, 8, 1) == DFG_OK);
            ref_conv2_order(rr, a, 4, 5, b, 3, 4, offr, 7, offc, 8, 1);
            CHECK(same_vec(yy, rr, 56));
        }
    free(yy);
    free(rr);
    (void)r;
}

/* ---- threads -------------------------------------------------------------------- */

static void test_threads(void)
{
    int64_t n = 40000, cols = 50, nb = 7;
    double * x = malloc((size_t)(n * cols) * sizeof *x), * b = malloc(64 * sizeof *b);
    double * y1 = malloc((size_t)((n + nb) * cols) * sizeof *y1);
    double * y4 = malloc((size_t)((n + nb) * cols) * sizeof *y4);
    double a[3] = {1, -0.3, 0.1};
    unsigned seed = 9;
    fill(x, n * cols, &seed);
    fill(b, 64, &seed);
    for (int k = 0; k < 2; k++) {
        int64_t pre = k ? 1 : cols, post = k ? cols : 1;      /* along rows, then columns */
        CHECK(dfg_threads_set(1) == DFG_OK);
        CHECK(dfg_cpu_conv(DFG_DOUBLE, y1, b, nb, 0, x, n, 1, 0, n + nb - 1, pre, post, 0) == DFG_OK);
        CHECK(dfg_threads_set(4) == DFG_OK);
        CHECK(dfg_cpu_conv(DFG_DOUBLE, y4, b, nb, 0, x, n, 1, 0, n + nb - 1, pre, post, 0) == DFG_OK);
        CHECK(!memcmp(y1, y4, (size_t)((n + nb - 1) * cols) * sizeof *y1));
        CHECK(dfg_threads_set(1) == DFG_OK);
        CHECK(dfg_cpu_filter(DFG_DOUBLE, y1, b, nb, a, 3, x, NULL, pre, n, post) == DFG_OK);
        CHECK(dfg_threads_set(4) == DFG_OK);
        CHECK(dfg_cpu_filter(DFG_DOUBLE, y4, b, nb, a, 3, x, NULL, pre, n, post) == DFG_OK);
        CHECK(!memcmp(y1, y4, (size_t)(n * cols) * sizeof *y1));
    }
    /* conv2 of 200 x 250 by 5 x 4: split by columns */
    CHECK(dfg_threads_set(1) == DFG_OK);
    CHECK(dfg_cpu_conv2(DFG_DOUBLE, y1, x, 200, 250, b, 5, 4, 0, 204, 0, 253, 1) == DFG_OK);
    CHECK(dfg_threads_set(4) == DFG_OK);
    CHECK(dfg_cpu_conv2(DFG_DOUBLE, y4, x, 200, 250, b, 5, 4, 0, 204, 0, 253, 1) == DFG_OK);
    CHECK(!memcmp(y1, y4, (size_t)(204 * 253) * sizeof *y1));
    CHECK(dfg_threads_set(0) == DFG_OK);
    free(x); free(b); free(y1); free(y4);
}

/* ---- graphs --------------------------------------------------------------------- */

static int run(const char * dev, int n_in, const dfg_id * ins, const void * const * data,
               int n_out, const dfg_id * outs, double ** res)
{
    return run_on(dev, n_in, ins, data, n_out, outs, (void * const *)res);
}

/* s = sum (w .* y(:)) for a constant w of y's size */
static dfg_id weighted_sum(dfg_id y, int64_t n, const double * w)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_id c = 0, p = 0, f = 0, s = 0;
    dfg_attr a0 = {{0}, {0}, NULL, 0};
    CHECK(dfg_info(y, NULL, &nd, d) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, nd, d, w, &c) == DFG_OK);
    dfg_id in[2] = {y, c};
    CHECK(dfg_op(DFG_OP_MUL, 2, in, NULL, &p) == DFG_OK);
    dfg_attr r = {{2, n, 1}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &p, &r, &f) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &f, &a0, &s) == DFG_OK);
    dfg_release(c);
    dfg_release(p);
    dfg_release(f);
    return s;
}

static void test_graphs(void)
{
    /* x 5 x 2, b 1 x 3, a 1 x 2, si 2 x 2: [y, sf] = filter (b, a, x, si);
     * c = conv (b, x(:, 1)) is not formed (x is a matrix): conv (b, v) */
    int64_t dx[2] = {5, 2}, db[2] = {1, 3}, da[2] = {1, 2}, ds[2] = {2, 2}, dv[2] = {4, 1};
    dfg_id x = 0, b = 0, a = 0, si = 0, v = 0, ys[2] = {0, 0}, c = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, dx, "x", &x) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, db, "b", &b) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, da, "a", &a) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, ds, "si", &si) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dv, "v", &v) == DFG_OK);
    CHECK(dfg_filter(b, a, x, si, -1, 2, ys) == DFG_OK);
    CHECK(dfg_conv(b, v, 0, &c) == DFG_OK);
    double W[10], Ws[4], Wc[6];
    unsigned seed = 4;
    fill(W, 10, &seed);
    fill(Ws, 4, &seed);
    fill(Wc, 6, &seed);
    dfg_id s1 = weighted_sum(ys[0], 10, W), s2 = weighted_sum(ys[1], 4, Ws), s3 = weighted_sum(c, 6, Wc);
    dfg_id t = 0, u = 0, g[5] = {0, 0, 0, 0, 0};
    dfg_id in2[2] = {s1, s2};
    CHECK(dfg_op(DFG_OP_ADD, 2, in2, NULL, &t) == DFG_OK);
    dfg_id in3[2] = {t, s3};
    CHECK(dfg_op(DFG_OP_ADD, 2, in3, NULL, &u) == DFG_OK);
    dfg_id xs[5] = {x, b, a, si, v};
    CHECK(dfg_grad(u, 5, xs, 0, g) == DFG_OK);
    double X[10], B[3] = {0.5, 0.3, 0.2}, A[2] = {1.25, -0.5}, S[4] = {0.1, -0.2, 0.3, 0.4}, V[4];
    fill(X, 10, &seed);
    fill(V, 4, &seed);
    const void * data[5] = {X, B, A, S, V};
    dfg_id outs[8] = {ys[0], ys[1], c, g[0], g[1], g[2], g[3], g[4]};
    static double r[2][8][16];
    double * rc[8], * rs[8];
    memset(r, 0, sizeof r);
    for (int k = 0; k < 8; k++) {
        rc[k] = r[0][k];
        rs[k] = r[1][k];
    }
    CHECK(run("cpu", 5, xs, data, 8, outs, rc) == DFG_OK);
    CHECK(run("sim", 5, xs, data, 8, outs, rs) == DFG_OK || !fprintf(stderr, "  sim: %s\n", dfg_last_error()));
    CHECK(!memcmp(r[0], r[1], sizeof r[0]));          /* sim: bitwise the CPU's */
    /* values: y against the kernel, conv against the naive sum */
    double y[10], cv[6];
    CHECK(dfg_cpu_filter(DFG_DOUBLE, y, B, 3, A, 2, X, S, 1, 5, 2) == DFG_OK && same_vec(r[0][0], y, 10));
    ref_conv(cv, B, 3, 0, V, 4, 0, 0, 6, 1, 1);
    CHECK(same_vec(r[0][2], cv, 6));
    /* sf (Octave's recursion) from the difference equation: the state after
     * the last sample, i.e. y's continuation with x = 0 beyond, without a */
    for (int j = 0; j < 2; j++) {
        const double * yc = r[0][0] + 5 * j, * xc = X + 5 * j;
        double sf0 = (B[1] * xc[4] + B[2] * xc[3] - A[1] * yc[4]) / A[0];
        double sf1 = (B[2] * xc[4]) / A[0];
        CHECK_NEAR(r[0][1][2 * j], sf0, 1e-14);
        CHECK_NEAR(r[0][1][2 * j + 1], sf1, 1e-14);
    }
    /* the gradient in x: the linear map's adjoint, <W, dy/dx e_k> by one
     * more filter run per element */
    for (int k = 0; k < 10; k++) {
        double e[10] = {0}, ye[10], z[4] = {0, 0, 0, 0};
        e[k] = 1;
        CHECK(dfg_cpu_filter(DFG_DOUBLE, ye, B, 3, A, 2, e, z, 1, 5, 2) == DFG_OK);
        double dot = 0;
        for (int q = 0; q < 10; q++)
            dot += W[q] * ye[q];
        /* sf's part: the state of the zero-input response */
        int j = k / 5;
        const double * yc = ye + 5 * j, * xc = e + 5 * j;
        dot += Ws[2 * j] * (B[1] * xc[4] + B[2] * xc[3] - A[1] * yc[4]) / A[0];
        dot += Ws[2 * j + 1] * (B[2] * xc[4]) / A[0];
        CHECK_NEAR(r[0][3][k], dot, 1e-12);
    }
    dfg_id ids[] = {x, b, a, si, v, ys[0], ys[1], c, s1, s2, s3, t, u, g[0], g[1], g[2], g[3], g[4]};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
        dfg_release(ids[k]);
}

static void test_conv2_graph(void)
{
    /* y = conv2 (A, K, "same") + conv2 (u, v, A, "valid") summed with
     * weights (3 x 3); gradients on cpu and sim, bitwise */
    int64_t da[2] = {4, 5}, dk[2] = {2, 3}, du[2] = {1, 2}, dv[2] = {3, 1};
    dfg_id A = 0, K = 0, u = 0, v = 0, c1 = 0, c2 = 0, g[4] = {0, 0, 0, 0};
    CHECK(dfg_input(DFG_DOUBLE, 2, da, "A", &A) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dk, "K", &K) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, du, "u", &u) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dv, "v", &v) == DFG_OK);
    CHECK(dfg_conv2(A, K, 1, &c1) == DFG_OK);
    CHECK(dfg_conv2_sep(u, v, A, 2, &c2) == DFG_OK);
    double W1[20], W2[9];
    unsigned seed = 31;
    fill(W1, 20, &seed);
    fill(W2, 9, &seed);
    dfg_id s1 = weighted_sum(c1, 20, W1), s2 = weighted_sum(c2, 9, W2), t = 0;
    dfg_id in[2] = {s1, s2};
    CHECK(dfg_op(DFG_OP_ADD, 2, in, NULL, &t) == DFG_OK);
    dfg_id xs[4] = {A, K, u, v};
    CHECK(dfg_grad(t, 4, xs, 0, g) == DFG_OK);
    double XA[20], XK[6], XU[2], XV[3];
    fill(XA, 20, &seed);
    fill(XK, 6, &seed);
    fill(XU, 2, &seed);
    fill(XV, 3, &seed);
    const void * data[4] = {XA, XK, XU, XV};
    dfg_id outs[6] = {c1, c2, g[0], g[1], g[2], g[3]};
    static double r[2][6][20];
    double * rc[6], * rs[6];
    memset(r, 0, sizeof r);
    for (int k = 0; k < 6; k++) {
        rc[k] = r[0][k];
        rs[k] = r[1][k];
    }
    CHECK(run("cpu", 4, xs, data, 6, outs, rc) == DFG_OK);
    CHECK(run("sim", 4, xs, data, 6, outs, rs) == DFG_OK || !fprintf(stderr, "  sim: %s\n", dfg_last_error()));
    CHECK(!memcmp(r[0], r[1], sizeof r[0]));
    /* the value against the naive sum; the gradient in K: sum_rs W1(r, s)
     * dy(r, s)/dK, one naive conv2 per element of K */
    double want[20];
    ref_conv2(want, XA, 4, 5, XK, 2, 3, 1, 4, 1, 5);
    for (int k = 0; k < 20; k++)
        CHECK_NEAR(r[0][0][k], want[k], 1e-14);
    for (int k = 0; k < 6; k++) {
        double e[6] = {0}, ye[20], dot = 0;
        e[k] = 1;
        ref_conv2(ye, XA, 4, 5, e, 2, 3, 1, 4, 1, 5);
        for (int q = 0; q < 20; q++)
            dot += W1[q] * ye[q];
        CHECK_NEAR(r[0][3][k], dot, 1e-13);
    }
    dfg_id ids[] = {A, K, u, v, c1, c2, s1, s2, t, g[0], g[1], g[2], g[3]};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
        dfg_release(ids[k]);
}

/* ---- errors --------------------------------------------------------------------- */

static void test_errors(void)
{
    int64_t d22[2] = {2, 2}, d13[2] = {1, 3}, d12[2] = {1, 2}, d00[2] = {0, 0};
    dfg_id m = 0, v = 0, w = 0, s = 0, e = 0, y[2] = {0, 0};
    CHECK(dfg_input(DFG_DOUBLE, 2, d22, "m", &m) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d13, "v", &v) == DFG_OK);
    CHECK(dfg_input(DFG_SINGLE, 2, d12, "w", &w) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d00, "e", &e) == DFG_OK);
    CHECK(dfg_conv(m, v, 0, y) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "both arguments A and B must be vectors") != NULL);
    CHECK(dfg_conv(v, v, 3, y) == DFG_ERR_ARG);
    CHECK(dfg_filter(v, e, v, 0, -1, 1, y) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "A must not be empty") != NULL);
    CHECK(dfg_filter(v, v, m, 0, 2, 1, y) == DFG_ERR_ARG);            /* DIM 3 of a matrix */
    CHECK(dfg_filter(v, v, m, w, -1, 1, y) == DFG_ERR_ARG);           /* si 1x2 vs x 2x2 */
    CHECK(strstr(dfg_last_error(), "first dimension of SI") != NULL);
    CHECK(dfg_filter(v, v, m, 0, -1, 3, y) == DFG_ERR_ARG);
    /* the ops themselves: mixed classes, a state of the wrong size */
    dfg_id in[2] = {v, w}, r = 0;
    dfg_attr a = {{1, 0, 3}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_CONV, 2, in, &a, &r) == DFG_ERR_DTYPE);
    dfg_id fin[4] = {v, v, v, v};
    dfg_attr fa = {{1}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_FILTER, 4, fin, &fa, &r) == DFG_ERR_SHAPE);   /* si 3, not 2 */
    /* a(1) == 0 is found when the graph runs */
    double zero_a[3] = {0, 1, 1}, one3[3] = {1, 2, 3};
    dfg_id za = 0, xx = 0;
    CHECK(dfg_constant(DFG_DOUBLE, 2, d13, zero_a, &za) == DFG_OK);
    CHECK(dfg_filter(v, za, v, 0, -1, 1, y) == DFG_OK);
    double out[3];
    double * outs[1] = {out};
    const void * data[1] = {one3};
    CHECK(run("cpu", 1, &v, data, 1, y, outs) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "the first element of A must be nonzero") != NULL);
    CHECK(run("sim", 1, &v, data, 1, y, outs) == DFG_ERR_ARG);
    dfg_release(y[0]);
    /* symbolic sizes: refused by the builders */
    int64_t n = 0, ds[2] = {0, 1};
    CHECK(dfg_size_symbol("n", &n) == DFG_OK);
    ds[0] = n;
    CHECK(dfg_input(DFG_DOUBLE, 2, ds, "xx", &xx) == DFG_OK);
    CHECK(dfg_conv(xx, v, 0, y) == DFG_ERR_SYMBOLIC);
    CHECK(dfg_filter(v, v, xx, 0, -1, 1, y) == DFG_ERR_SYMBOLIC);
    dfg_id ids[] = {m, v, w, s, e, za, xx};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
        if (ids[k])
            dfg_release(ids[k]);
}

int main(void)
{
    RUN(test_octave_cases);
    RUN(test_sweep);
    RUN(test_threads);
    RUN(test_conv2);
    RUN(test_graphs);
    RUN(test_conv2_graph);
    RUN(test_errors);
    HARNESS_END();
}
