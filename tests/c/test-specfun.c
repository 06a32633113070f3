/* tests/c/test-specfun.c -- issue 22's element kernels and composites:
 *  - gammainc (kernels/cpu/specfun.c, every tail) and betainc (both
 *    tails): double results bitwise GNU Octave 7.3's (the bits quoted were
 *    printed by num2hex on Octave 7.3's results for the arrays below),
 *    gammainc_a1's whole-array choice of expm1, broadcasting of a scalar
 *    and of a row, and the run-time errors (a < 0, complex values, x
 *    outside [0, 1], a or b <= 0);
 *  - erfinv, erfcinv (kernels/elem.h) and cbrt bitwise Octave's;
 *  - graphs of lib/core/compose-elem.c (diff, vecnorm, nthroot, mode) on
 *    the CPU and on the emulated device "sim" (bitwise the CPU's), the
 *    gradients of gammainc / betainc in a refused (DFG_ERR_NOT_DIFF), and
 *    mode's third output refused (DFG_ERR_DATA_SIZE). */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "plan-helpers.h"
#include "../../kernels/cpu/cpu.h"
#include "../../kernels/elem.h"

static double hex(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static int same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* one 1 x n row per operand */
static int run_gi(int tail, int n, const double * x, const double * a, double * y)
{
    int dts[2] = {DFG_DOUBLE, DFG_DOUBLE};
    const void * in[2] = {x, a};
    int64_t dims[2] = {1, n}, ind[2][DFG_MAX_DIMS] = {{1, n}, {1, n}};
    return dfg_cpu_gammainc(tail, dts, DFG_DOUBLE, y, in, 2, dims, (const int64_t (*)[DFG_MAX_DIMS])ind);
}

static void test_gammainc(void)
{
    static const double X[7] = {0.5, 3, 40, 1e-3, -3, 0.2, 25}, A[7] = {2.5, 3, 12, 1, 2, 0.5, 30};
    /* Octave 7.3: num2hex (gammainc (X, A, tail)) */
    static const uint64_t want[4][7] = {
        {0x3fa32a94374ecd55ULL, 0x3fe2753a13323223ULL, 0x3fefffffdf55ef7aULL, 0x3f50603521cac48cULL,
         0x404495e5bf6fb106ULL, 0x3fde442b6bec21ecULL, 0x3fc74f2e5dcc60b7ULL},
        {0x3feecd56bc8b132bULL, 0x3fdb158bd99b9bbaULL, 0x3e70550842ebd2bbULL, 0x3feff7cfe56f1a9eULL,
         0xc04415e5bf6fb106ULL, 0x3fe0ddea4a09ef0aULL, 0x3fea2c34688ce7d2ULL},
        {0x3ff2908e5d62645aULL, 0x400498b4e28dac7cULL, 0x4159a2e89f2f8831ULL, 0x3ff0020c767a7a5fULL,
         0x3fdd270c05b06872ULL, 0x3ff2506f8c28d13eULL, 0x40100a35a222bce0ULL},
        {0x403dd5cf37a62cbfULL, 0x3ffe38e38e38e38eULL, 0x3fda2b276a619869ULL, 0x408f400000000000ULL,
         0xbfdc71c71c71c718ULL, 0x3ff4698fb54a3b52ULL, 0x403202a06c556f0fULL}};
    double y[7];
    for (int t = 0; t < 4; t++) {
        CHECK(run_gi(t, 7, X, A, y) == DFG_OK);
        for (int k = 0; k < 7; k++) {
            CHECK(same_bits(y[k], hex(want[t][k])));
            if (!same_bits(y[k], hex(want[t][k])))
                fprintf(stderr, "  gammainc tail %d, x %g, a %g: %.17g, want %.17g\n", t, X[k], A[k], y[k],
                        hex(want[t][k]));
        }
    }
    /* a == 1: expm1 for all elements with a == 1 only when all have |x| < 1/2 */
    static const double x1[3] = {1e-3, 0.2, 0.7}, x2[3] = {1e-3, 0.2, 0.3}, ones[3] = {1, 1, 1};
    CHECK(run_gi(0, 3, x1, ones, y) == DFG_OK);
    CHECK(same_bits(y[0], hex(0x3f50603521cac400ULL)) && same_bits(y[1], hex(0x3fc733d4a7a67a9cULL)) &&
          same_bits(y[2], hex(0x3fe01bf92311555fULL)));
    CHECK(run_gi(0, 3, x2, ones, y) == DFG_OK);
    CHECK(same_bits(y[0], hex(0x3f50603521cac48cULL)) && same_bits(y[1], hex(0x3fc733d4a7a67a9bULL)) &&
          same_bits(y[2], hex(0x3fd0966f2c7907f6ULL)));
    /* special values: x 0 / Inf, a 0 / Inf, NaN */
    static const double xs[6] = {0, INFINITY, 2, 2, NAN, INFINITY}, as[6] = {0, 3, 0, INFINITY, 2, INFINITY};
    CHECK(run_gi(0, 6, xs, as, y) == DFG_OK);
    CHECK(y[0] == 1 && y[1] == 1 && y[2] == 1 && y[3] == 0 && isnan(y[4]) && isnan(y[5]));
    CHECK(run_gi(3, 6, xs, as, y) == DFG_OK);
    CHECK(y[0] == 0 && y[1] == 0 && y[2] == 0 && y[3] == INFINITY && isnan(y[4]));
    /* broadcasting: a scalar a, and a 1 x 3 a over 2 x 3 x */
    {
        static const double xb[6] = {0.5, 1.5, 3, 4, 7, 9}, ab[3] = {2, 0.5, 5};
        int dts[2] = {DFG_DOUBLE, DFG_DOUBLE};
        const void * in[2] = {xb, ab};
        int64_t dims[2] = {2, 3}, ind[2][DFG_MAX_DIMS] = {{2, 3}, {1, 3}};
        double yb[6], one[1];
        CHECK(dfg_cpu_gammainc(1, dts, DFG_DOUBLE, yb, in, 2, dims, (const int64_t (*)[DFG_MAX_DIMS])ind) == DFG_OK);
        for (int k = 0; k < 6; k++) {
            CHECK(run_gi(1, 1, &xb[k], &ab[k / 2], one) == DFG_OK);
            CHECK(same_bits(yb[k], one[0]));
        }
        ind[1][0] = 1;
        ind[1][1] = 1;
        CHECK(dfg_cpu_gammainc(1, dts, DFG_DOUBLE, yb, in, 2, dims, (const int64_t (*)[DFG_MAX_DIMS])ind) == DFG_OK);
        for (int k = 0; k < 6; k++) {
            CHECK(run_gi(1, 1, &xb[k], &ab[0], one) == DFG_OK);
            CHECK(same_bits(yb[k], one[0]));
        }
    }
    /* single: computed in single arithmetic (Octave 7.3: gammainc (single
     * ([0.5 3 1e-3]), single ([2.5 3 1]))) */
    {
        static const float xf[3] = {0.5f, 3, 1e-3f}, af[3] = {2.5f, 3, 1};
        float yf[3];
        int dts[2] = {DFG_SINGLE, DFG_SINGLE};
        const void * in[2] = {xf, af};
        int64_t dims[2] = {1, 3}, ind[2][DFG_MAX_DIMS] = {{1, 3}, {1, 3}};
        CHECK(dfg_cpu_gammainc(0, dts, DFG_SINGLE, yf, in, 2, dims, (const int64_t (*)[DFG_MAX_DIMS])ind) == DFG_OK);
        CHECK_NEAR(yf[0], 0.0374342203, 1e-8);
        CHECK_NEAR(yf[1], 0.576809943, 1e-8);
        CHECK_NEAR(yf[2], 0.00099950016, 1e-8);
    }
    /* errors when it runs */
    static const double xn[2] = {1, 2}, an[2] = {1, -1}, xc[2] = {-1, 2}, ac[2] = {1.5, 1.5};
    CHECK(run_gi(0, 2, xn, an, y) == DFG_ERR_ARG && strstr(dfg_last_error(), "A must be non-negative"));
    CHECK(run_gi(0, 2, xc, ac, y) == DFG_ERR_DOMAIN && strstr(dfg_last_error(), "complex"));
}

static int run_bi(int upper, int n, const double * x, const double * a, const double * b, double * y)
{
    int dts[3] = {DFG_DOUBLE, DFG_DOUBLE, DFG_DOUBLE};
    const void * in[3] = {x, a, b};
    int64_t dims[2] = {1, n}, ind[3][DFG_MAX_DIMS] = {{1, n}, {1, n}, {1, n}};
    return dfg_cpu_betainc(upper, dts, DFG_DOUBLE, y, in, 2, dims, (const int64_t (*)[DFG_MAX_DIMS])ind);
}

static void test_betainc(void)
{
    static const double X[5] = {0.1, 0.5, 0.9, 0.3, 0.999}, A[5] = {2, 0.5, 3.5, 1, 20},
                        B[5] = {3, 0.7, 1, 2.5, 6};
    static const uint64_t want[2][5] = {
        {0x3faac710cb295ea7ULL, 0x3fe3362f0cd6616eULL, 0x3fe621819cc073bbULL, 0x3fe2e19468933cc9ULL,
         0x3feffffffffff9dfULL},
        {0x3fee538ef34d6a16ULL, 0x3fd993a1e6533d23ULL, 0x3fd3bcfcc67f188aULL, 0x3fda3cd72ed9866eULL,
         0x3d48859993eb8c72ULL}};
    double y[5];
    for (int t = 0; t < 2; t++) {
        CHECK(run_bi(t, 5, X, A, B, y) == DFG_OK);
        for (int k = 0; k < 5; k++) {
            CHECK(same_bits(y[k], hex(want[t][k])));
            if (!same_bits(y[k], hex(want[t][k])))
                fprintf(stderr, "  betainc tail %d, element %d: %.17g, want %.17g\n", t, k, y[k], hex(want[t][k]));
        }
    }
    static const double xo[2] = {0.5, 1.5}, ok[2] = {2, 2}, az[2] = {2, 0};
    CHECK(run_bi(0, 2, xo, ok, ok, y) == DFG_ERR_ARG && strstr(dfg_last_error(), "X must be in the range"));
    CHECK(run_bi(0, 2, ok, az, ok, y) == DFG_ERR_ARG);
    static const double xh[2] = {0.5, 0.25};
    CHECK(run_bi(0, 2, xh, az, ok, y) == DFG_ERR_ARG && strstr(dfg_last_error(), "A must be strictly positive"));
    CHECK(run_bi(0, 2, xh, ok, az, y) == DFG_ERR_ARG && strstr(dfg_last_error(), "B must be strictly positive"));
}

static void test_elem(void)
{
    static const double e[6] = {-0.999, -0.5, 0, 0.3, 0.97, 0.9999};
    static const uint64_t inv[6] = {0xc0029d311405cdc8ULL, 0xbfde861fbb24c00aULL, 0, 0x3fd1700774485ed3ULL,
                                    0x3ff88d40cb9b7af8ULL, 0x4006022dcb01eaa4ULL};
    static const uint64_t cinv[6] = {0x40029d311405cdc8ULL, 0x3fde861fbb24c00aULL, 0, 0xbfd1700774485ed4ULL,
                                     0xbff88d40cb9b7af8ULL, 0xc006022dcb01eaa4ULL};
    for (int k = 0; k < 6; k++) {
        CHECK(same_bits(dfg_erfinv_(e[k]), hex(inv[k])));
        CHECK(same_bits(dfg_erfcinv_(e[k] + 1), hex(cinv[k])));
    }
    CHECK(dfg_erfinv_(1) == INFINITY && dfg_erfinv_(-1) == -INFINITY && isnan(dfg_erfinv_(1.5)) &&
          isnan(dfg_erfinv_(NAN)));
    CHECK(dfg_erfcinv_(0) == INFINITY && dfg_erfcinv_(2) == -INFINITY && isnan(dfg_erfcinv_(-0.5)));
    CHECK_NEAR(dfg_erfinv_f(-0.999f), -2.32675624, 1e-7);
    CHECK_NEAR(dfg_erfinv_f(0.9999f), 2.75103545, 1e-7);
    /* cbrt through the unary kernel: libm's */
    static const double c[4] = {-27, 10, 1e-300, 7};
    static const uint64_t cw[4] = {0xc008000000000001ULL, 0x40013c484138704eULL, 0x2b2bff2ee48e0530ULL,
                                   0x3ffe9b5dba58189fULL};
    double y[4];
    CHECK(dfg_cpu_unary(DFG_OP_CBRT, DFG_DOUBLE, DFG_DOUBLE, y, c, 4) == DFG_OK);
    for (int k = 0; k < 4; k++)
        CHECK(same_bits(y[k], hex(cw[k])));
}

/* Runs the plan of y from input x on device dev ("cpu" or "sim") */
static int run_graph(dfg_id x, dfg_id y, const char * dev, const double * xv, void * out)
{
    const void * ins[1] = {xv};
    void * outs[1] = {out};
    return run_on(dev, 1, &x, ins, 1, &y, outs);
}

static void test_graphs(void)
{
    int64_t live = dfg_live_count();
    int64_t d[2] = {4, 3};
    static const double xv[12] = {1, 2, 2, 5, 3, 3, -1, 3, 0, 0, 7, 7};
    dfg_id x = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    dfg_id df = 0, vn = 0, nr = 0, md[2] = {0, 0};
    CHECK(dfg_diff(x, 2, -1, &df) == DFG_OK);
    CHECK(dfg_vecnorm(x, 3, 1, &vn) == DFG_OK);
    CHECK(dfg_nthroot(x, 5, DFG_DOUBLE, &nr) == DFG_OK);
    CHECK(dfg_mode(x, -1, 2, md) == DFG_OK);
    double o1[6], o2[6], v1[4], v2[4], r1[12], r2[12], m1[3], m2[3], f1[3], f2[3];
    CHECK(run_graph(x, df, "cpu", xv, o1) == DFG_OK && run_graph(x, df, "sim", xv, o2) == DFG_OK);
    /* diff (x, 2) of the columns [1 2 2 5], [3 3 -1 3], [0 0 7 7] */
    static const double dw[6] = {-1, 3, -4, 8, 7, -7};
    CHECK(memcmp(o1, dw, sizeof dw) == 0 && memcmp(o1, o2, sizeof o1) == 0);
    CHECK(run_graph(x, vn, "cpu", xv, v1) == DFG_OK && run_graph(x, vn, "sim", xv, v2) == DFG_OK);
    CHECK(memcmp(v1, v2, sizeof v1) == 0);
    CHECK_NEAR(v1[0], cbrt(1 + 27 + 0), 1e-15);          /* vecnorm ([1 3 0], 3) */
    CHECK(run_graph(x, nr, "cpu", xv, r1) == DFG_OK && run_graph(x, nr, "sim", xv, r2) == DFG_OK);
    CHECK(memcmp(r1, r2, sizeof r1) == 0);
    CHECK_NEAR(r1[3], pow(5, 0.2), 1e-15);
    CHECK_NEAR(r1[6], -1, 0);
    CHECK(run_graph(x, md[0], "cpu", xv, m1) == DFG_OK && run_graph(x, md[0], "sim", xv, m2) == DFG_OK);
    CHECK(run_graph(x, md[1], "cpu", xv, f1) == DFG_OK && run_graph(x, md[1], "sim", xv, f2) == DFG_OK);
    /* mode: [2 3 0], counts [2 3 2] */
    CHECK(m1[0] == 2 && m1[1] == 3 && m1[2] == 0 && memcmp(m1, m2, sizeof m1) == 0);
    CHECK(f1[0] == 2 && f1[1] == 3 && f1[2] == 2 && memcmp(f1, f2, sizeof f1) == 0);
    dfg_id three[3] = {0, 0, 0};
    CHECK(dfg_mode(x, -1, 3, three) == DFG_ERR_DATA_SIZE && three[0] == 0);
    CHECK(dfg_diff(x, -1, -1, &three[0]) == DFG_ERR_ARG && three[0] == 0);
    CHECK(dfg_vecnorm(x, 0, -1, &three[0]) == DFG_ERR_ARG && three[0] == 0);
    CHECK(dfg_nthroot(x, 0, DFG_DOUBLE, &three[0]) == DFG_ERR_ARG && three[0] == 0);
    /* gradients of gammainc / betainc in a: refused; in x: built */
    dfg_id a = 0, gi = 0, s = 0, r = 0, g[2] = {0, 0};
    int64_t one[2] = {1, 1};
    CHECK(dfg_input(DFG_DOUBLE, 2, one, "a", &a) == DFG_OK);
    dfg_id in2[2] = {x, a};
    dfg_attr ta = {{1}, {0}, NULL, 0}, ra = {{2, 12, 1}, {0}, NULL, 0}, sa = {{0}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_GAMMAINC, 2, in2, &ta, &gi) == DFG_OK);
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &gi, &ra, &r) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &r, &sa, &s) == DFG_OK);
    CHECK(dfg_grad(s, 2, in2, 0, g) == DFG_ERR_NOT_DIFF && strstr(dfg_last_error(), "gammainc"));
    CHECK(dfg_grad(s, 1, in2, 0, g) == DFG_OK);
    dfg_release(g[0]);
    dfg_id in3[3] = {x, a, a}, bi = 0, rb = 0, sb = 0;
    CHECK(dfg_op(DFG_OP_BETAINC, 3, in3, &sa, &bi) == DFG_OK);
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &bi, &ra, &rb) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &rb, &sa, &sb) == DFG_OK);
    CHECK(dfg_grad(sb, 2, in2, 0, g) == DFG_ERR_NOT_DIFF && strstr(dfg_last_error(), "betainc"));
    dfg_id all[] = {df, vn, nr, md[0], md[1], x, a, gi, s, r, bi, rb, sb};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
    CHECK(dfg_live_count() == live);
}

int main(void)
{
    RUN(test_gammainc);
    RUN(test_betainc);
    RUN(test_elem);
    RUN(test_graphs);
    HARNESS_END();
}
