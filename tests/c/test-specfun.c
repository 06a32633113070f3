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
#include <float.h>
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

/* ---- derivatives in the parameters against quadrature (issue 22) ---------------
 * The reference: the differentiated integrands, integrated in long double by
 * tanh-sinh quadrature (pieces split at the integrand's peak and a few
 * widths either side), at step h and h/2 (the two must agree: the
 * reference checks itself), with digamma / trigamma by recurrence and
 * their asymptotic series (long double, independent of kernels/elem.h). */
typedef long double ld;
typedef ld (*ref_fn)(ld t, ld th, const ld * p);  /* th = hi - t, exact */

static ld ref_digamma(ld z)
{
    ld r = 0;
    for (; z < 30; z += 1)
        r -= 1 / z;
    ld z2 = 1 / (z * z);
    return r + logl(z) - 1 / (2 * z) -
           z2 * (1.0L / 12 - z2 * (1.0L / 120 - z2 * (1.0L / 252 - z2 * (1.0L / 240 - z2 / 132))));
}

static ld ref_trigamma(ld z)
{
    ld r = 0;
    for (; z < 30; z += 1)
        r += 1 / (z * z);
    ld z2 = 1 / (z * z);
    return r + 1 / z + z2 / 2 +
           z2 / z * (1.0L / 6 - z2 * (1.0L / 30 - z2 * (1.0L / 42 - z2 * (1.0L / 30 - z2 * 5 / 66))));
}

/* tanh-sinh on [lo, hi] at step h */
static ld ts_piece(ref_fn f, const ld * p, ld lo, ld hi, ld h)
{
    const ld pi = 3.141592653589793238462643383279503L;
    ld s = 0, len = hi - lo;
    for (int k = -(int)(6.5L / h); k <= (int)(6.5L / h); k++) {
        ld t = k * h, z = pi * sinhl(t);
        /* u = 1 / (1 + e^-z), 1 - u = 1 / (1 + e^z), du/dt = pi cosh t u (1 - u) */
        ld u = 1 / (1 + expl(-z)), v = 1 / (1 + expl(z)), w = pi * coshl(t) * u * v;
        if (w == 0 || u * len == 0 || v * len == 0)
            continue;
        s += w * f(lo + u * len, v * len, p);
    }
    return s * h * len;
}

/* over [lo, hi], pieces split at the points in cut[] inside it */
static ld ts_int(ref_fn f, const ld * p, ld lo, ld hi, const ld * cut, int nc, ld h)
{
    ld pts[8];
    int n = 0;
    pts[n++] = lo;
    for (int k = 0; k < nc; k++)
        if (cut[k] > pts[n - 1] && cut[k] < hi)
            pts[n++] = cut[k];
    pts[n++] = hi;
    ld s = 0;
    for (int k = 0; k + 1 < n; k++)
        s += ts_piece(f, p, pts[k], pts[k + 1], h);
    return s;
}

/* gammainc: p = {a, x, which (1: d/da, 2: d2/da2), scaled, psi(a), psi1(a)} */
static ld gi_integrand(ld t, ld th, const ld * p)
{
    (void)th;
    ld a = p[0], x = p[1], lt = logl(t), w, L;
    if (p[3] != 0) {       /* / D: t^(a-1) e^(x-t) x^-a a, L = log (t/x) + 1/a */
        w = expl((a - 1) * lt - a * logl(x) + logl(a));
        /* lower: over [0, x] the integrand without e^(x-t) integrates to 0
         * exactly (both orders): e^(x-t) - 1 avoids the cancellation */
        w *= p[3] == 2 ? expm1l(x - t) : expl(x - t);
        L = lt - logl(x) + 1 / a;
        return w * (p[2] == 1 ? L : L * L - 1 / (a * a));
    }
    w = expl((a - 1) * lt - t - lgammal(a));
    L = lt - p[4];
    return w * (p[2] == 1 ? L : L * L - p[5]);
}

/* the scaled lower tail for a < 1 in v = (t/x)^a (t^(a-1) is too singular
 * at 0 for the quadrature): the integrand e^(x (1 - v^(1/a))) - 1 (as
 * above) times (log v + 1) / a, or ((log v + 1)^2 - 1) / a^2 */
static ld gi_v_integrand(ld v, ld th, const ld * p)
{
    (void)th;
    ld a = p[0], x = p[1], lv = logl(v), w = expm1l(x * -expm1l(lv / a));
    return p[2] == 1 ? w * (lv + 1) / a : w * ((lv + 1) * (lv + 1) - 1) / (a * a);
}

/* d^order/da^order gammainc (x, a, tail), both steps (r[0] at h, r[1] at h/2) */
static void ref_gammainc(double x, double a, int tail, int order, ld r[2])
{
    ld p[6] = {a, x, order, tail == 2 ? 2 : tail == 3, ref_digamma(a), ref_trigamma(a)};
    ld pk = a > 1 ? a - 1 : 0, wd = 4 * sqrtl(a + 1);
    ld cut[3] = {pk - wd, pk, pk + wd};
    /* the unscaled tails: the integrand's integral over [0, Inf) is 0 (a
     * derivative of 1), so either side gives it: the side away from the
     * peak (no cancellation); the scaled tails their own side */
    int up = tail == 1 || tail == 3, side_up = tail >= 2 ? up : x > pk;
    ld sign = side_up == up ? 1 : -1;
    ld hi = (x > pk ? x : pk) + 80 + 15 * sqrtl(a);   /* past it: < e^-50 of the rest */
    for (int k = 0; k < 2; k++) {
        ld h = k ? 1.0L / 128 : 1.0L / 64;
        if (tail == 2 && a < 1) {
            r[k] = ts_int(gi_v_integrand, p, 0, 1, cut, 0, h / 2);     /* log v: finer */
            continue;
        }
        r[k] = sign * (side_up ? ts_int(gi_integrand, p, x, hi, cut, 3, h)
                               : ts_int(gi_integrand, p, 0, x, cut, 3, h));
    }
}

/* betainc: p = {a, b, which 0..4, psi(a), psi(b), psi(a+b), psi1(a), psi1(b), psi1(a+b), lbeta, hi} */
static ld bi_integrand(ld t, ld th, const ld * p)
{
    ld a = p[0], b = p[1], lt = logl(t), l1 = p[10] == 1 ? logl(th) : log1pl(-t);
    ld w = expl((a - 1) * lt + (b - 1) * l1 - p[9]);
    ld La = lt - p[3] + p[5], Lb = l1 - p[4] + p[5];
    switch ((int)p[2]) {
    case 0:  return w * La;
    case 1:  return w * Lb;
    case 2:  return w * (La * La - p[6] + p[8]);
    case 3:  return w * (La * Lb + p[8]);
    default: return w * (Lb * Lb - p[7] + p[8]);
    }
}

static void ref_betainc(double x, double a, double b, int upper, int which, ld r[2])
{
    ld p[11] = {a, b, which, ref_digamma(a), ref_digamma(b), ref_digamma((ld)a + b), ref_trigamma(a),
                ref_trigamma(b), ref_trigamma((ld)a + b), lgammal(a) + lgammal(b) - lgammal((ld)a + b), 0};
    ld cut[1] = {a > 1 && b > 1 ? (ld)(a - 1) / (a + b - 2) : 0};
    /* as for gammainc: the side away from the mean a / (a + b) */
    int side_up = x > (ld)a / ((ld)a + b);
    ld sign = side_up == upper ? 1 : -1;
    p[10] = side_up;
    for (int k = 0; k < 2; k++) {
        ld h = k ? 1.0L / 128 : 1.0L / 64;
        r[k] = sign * (side_up ? ts_int(bi_integrand, p, x, 1, cut, 1, h) : ts_int(bi_integrand, p, 0, x, cut, 1, h));
    }
}

static double run_gda(int tail, int order, double x, double a, int dt, int * st)
{
    int dts[2] = {DFG_DOUBLE, DFG_DOUBLE};
    const void * in[2] = {&x, &a};
    int64_t dims[2] = {1, 1}, ind[2][DFG_MAX_DIMS] = {{1, 1}, {1, 1}};
    double y = 0;
    float yf = 0;
    *st = dfg_cpu_gammainc_da(tail, order, dts, dt, dt == DFG_SINGLE ? (void *)&yf : (void *)&y, in, 2, dims,
                              (const int64_t (*)[DFG_MAX_DIMS])ind);
    return dt == DFG_SINGLE ? yf : y;
}

static double run_bd(int upper, int which, double x, double a, double b, int * st)
{
    int dts[3] = {DFG_DOUBLE, DFG_DOUBLE, DFG_DOUBLE};
    const void * in[3] = {&x, &a, &b};
    int64_t dims[2] = {1, 1}, ind[3][DFG_MAX_DIMS] = {{1, 1}, {1, 1}, {1, 1}};
    double y = 0;
    *st = dfg_cpu_betainc_d(upper, which, dts, DFG_DOUBLE, &y, in, 2, dims, (const int64_t (*)[DFG_MAX_DIMS])ind);
    return y;
}

/* Is long double wider than double at run time?  (Not under valgrind,
 * which computes x87 arithmetic in double: the reference is then good to
 * about 1e-12 and the tolerances below widen.) */
static int ld_extended(void)
{
    volatile ld one = 1, e = LDBL_EPSILON;
    return one + e != one && DBL_EPSILON > 2 * LDBL_EPSILON;
}

/* |got - want| <= tol |want|, the reference agreeing with itself first */
static double rel_err(double got, const ld r[2], const char * what, int i, int j)
{
    ld want = r[1], ext = ld_extended();
    int self = fabsl(r[0] - r[1]) <= (ext ? 1e-14L : 1e-10L) * fabsl(r[1]) + (ext ? 1e-17L : 1e-14L);
    CHECK(self);
    if (!self)
        fprintf(stderr, "  %s point %d (%d): quadrature unsettled: %.17Lg vs %.17Lg\n", what, i, j, r[0], r[1]);
    return want == 0 ? fabs(got) : (double)(fabsl(got - want) / fabsl(want));
}

static void test_param_derivatives(void)
{
    /* every case of gammainc.m: the series (x < a - 1/4 or x < 1), the
     * continued fraction, D by lgamma (a <= 10) and by Knusel's series
     * (a > 10), integer a (the finite sum's values), a == 1, small and
     * large x and a (x = 300: the scaled lower tail near 1e120, its
     * derivatives computed without overflow) */
    static const double X[] = {0.5, 3, 40, 1e-3, 0.2, 25, 2, 12, 100, 0.9, 5, 60, 190, 215, 1e-8, 30, 300, 10};
    static const double A[] = {2.5, 3, 12, 1, 0.5, 30, 0.3, 15.5, 90, 0.05, 7, 5, 200, 200, 3, 0.7, 5, 0.001};
    const int n = (int)(sizeof X / sizeof *X);
    const double tol = ld_extended() ? 1e-10 : 1e-9;
    if (!ld_extended())
        printf("  (long double is double here: quadrature reference to ~1e-12, tolerance %g)\n", tol);
    static const char * tails[4] = {"lower", "upper", "scaledlower", "scaledupper"};
    for (int tail = 0; tail < 4; tail++) {
        for (int order = 1; order <= 2; order++) {
            double worst = 0;
            for (int i = 0; i < n; i++) {
                ld r[2];
                int st;
                double got = run_gda(tail, order, X[i], A[i], DFG_DOUBLE, &st);
                CHECK(st == DFG_OK);
                ref_gammainc(X[i], A[i], tail, order, r);
                double e = rel_err(got, r, tails[tail], i, order);
                if (e > worst)
                    worst = e;
                CHECK(e <= tol);
                if (!(e <= tol))
                    fprintf(stderr, "  gammainc %s d%d/da x=%g a=%g: %.17g, quadrature %.17Lg (rel %.2g)\n",
                            tails[tail], order, X[i], A[i], got, r[1], e);
                /* single: the double result rounded */
                float gf = (float)run_gda(tail, order, X[i], A[i], DFG_SINGLE, &st);
                CHECK(st == DFG_OK && gf == (float)got);
            }
            printf("  gammainc %-11s d%d/da%s: %d points, worst relative error %.2g\n", tails[tail], order,
                   order == 1 ? " " : "2", n, worst);
        }
    }
    /* betainc: both sides of a / (a + b) (the swap), a or b == 1 (the
     * value's closed forms), small and large a, b, x near 0 and 1 */
    static const double BX[] = {0.3, 0.9, 0.01, 0.5, 0.2, 0.7, 0.999, 0.4, 0.6, 1e-4};
    static const double BA[] = {2, 0.5, 3, 1, 30, 0.3, 5, 1, 2.5, 0.8};
    static const double BB[] = {3, 4, 0.7, 1, 50, 0.2, 2, 3.5, 1, 12};
    const int nb = (int)(sizeof BX / sizeof *BX);
    static const char * dname[5] = {"d/da   ", "d/db   ", "d2/da2 ", "d2/dadb", "d2/db2 "};
    for (int upper = 0; upper < 2; upper++) {
        for (int w = 0; w < 5; w++) {
            double worst = 0;
            for (int i = 0; i < nb; i++) {
                ld r[2];
                int st;
                double got = run_bd(upper, w, BX[i], BA[i], BB[i], &st);
                CHECK(st == DFG_OK);
                ref_betainc(BX[i], BA[i], BB[i], upper, w, r);
                double e = rel_err(got, r, "betainc", i, w);
                /* d2/dadb of betainc (x, 1, 1) = x: 0 up to rounding */
                if (fabsl(r[1]) < 1e-14L)
                    e = fabs(got) <= 1e-14 ? 0 : e;
                if (e > worst)
                    worst = e;
                CHECK(e <= tol);
                if (!(e <= tol))
                    fprintf(stderr, "  betainc %s %s x=%g a=%g b=%g: %.17g, quadrature %.17Lg (rel %.2g)\n",
                            upper ? "upper" : "lower", dname[w], BX[i], BA[i], BB[i], got, r[1], e);
            }
            printf("  betainc %s %s: %d points, worst relative error %.2g\n", upper ? "upper" : "lower",
                   dname[w], nb, worst);
        }
    }
    /* special values and errors */
    int st;
    CHECK(run_gda(0, 1, 0, 2, DFG_DOUBLE, &st) == 0 && st == DFG_OK);
    CHECK(run_gda(1, 2, INFINITY, 2, DFG_DOUBLE, &st) == 0 && st == DFG_OK);
    CHECK(isnan(run_gda(3, 1, 0, 2, DFG_DOUBLE, &st)) && st == DFG_OK);
    CHECK(run_gda(0, 1, 3, INFINITY, DFG_DOUBLE, &st) == 0 && st == DFG_OK);
    CHECK(isnan(run_gda(0, 1, 3, 0, DFG_DOUBLE, &st)) && st == DFG_OK);
    run_gda(0, 1, -2, 3, DFG_DOUBLE, &st);
    CHECK(st == DFG_ERR_DOMAIN && strstr(dfg_last_error(), "complex"));
    run_gda(2, 1, 2, -1, DFG_DOUBLE, &st);
    CHECK(st == DFG_ERR_ARG && strstr(dfg_last_error(), "A must be non-negative"));
    run_gda(0, 3, 2, 1, DFG_DOUBLE, &st);
    CHECK(st == DFG_ERR_ARG);
    CHECK(run_bd(0, 2, 0, 2, 3, &st) == 0 && st == DFG_OK);
    CHECK(run_bd(1, 3, 1, 2, 3, &st) == 0 && st == DFG_OK);
    run_bd(0, 0, 1.5, 2, 3, &st);
    CHECK(st == DFG_ERR_ARG && strstr(dfg_last_error(), "X must be in the range"));
    run_bd(0, 1, 0.5, 2, 0, &st);
    CHECK(st == DFG_ERR_ARG && strstr(dfg_last_error(), "B must be strictly positive"));
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
    /* gradients of gammainc / betainc in x and the parameters: built to the
     * second order in the parameters; a third is refused (DFG_ERR_NOT_DIFF) */
    dfg_id a = 0, gi = 0, s = 0, r = 0, g[2] = {0, 0}, g2[2] = {0, 0}, g3[2] = {0, 0};
    int64_t one[2] = {1, 1};
    CHECK(dfg_input(DFG_DOUBLE, 2, one, "a", &a) == DFG_OK);
    dfg_id in2[2] = {x, a};
    dfg_attr ta = {{1}, {0}, NULL, 0}, ra = {{2, 12, 1}, {0}, NULL, 0}, sa = {{0}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_GAMMAINC, 2, in2, &ta, &gi) == DFG_OK);
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &gi, &ra, &r) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &r, &sa, &s) == DFG_OK);
    CHECK(dfg_grad(s, 2, in2, 0, g) == DFG_OK);
    CHECK(dfg_grad(g[1], 2, in2, 0, g2) == DFG_OK);
    CHECK(dfg_grad(g2[1], 1, &a, 0, g3) == DFG_ERR_NOT_DIFF && strstr(dfg_last_error(), "gammainc") &&
          strstr(dfg_last_error(), "A (argument 2)"));
    /* d/da and d2/da2 of sum (gammainc (x, a, "upper")) and the mixed
     * d2/dxda, on the CPU and on the emulated device (host kernels beside
     * it): the same bits, the kernel's sums */
    static const double xp[12] = {0.1, 0.5, 1, 2, 3, 5, 8, 0.02, 12, 20, 0.7, 1.5}, av = 2.5;
    {
        double o[2][14], * res[2][3];
        dfg_id outs[3] = {g[1], g2[1], g2[0]};
        const void * data[2] = {xp, &av};
        for (int dv = 0; dv < 2; dv++) {
            res[dv][0] = &o[dv][0];
            res[dv][1] = &o[dv][1];
            res[dv][2] = &o[dv][2];
            CHECK(run_on(dv ? "sim" : "cpu", 2, in2, data, 3, outs, (void * const *)res[dv]) == DFG_OK);
        }
        CHECK(memcmp(o[0], o[1], sizeof o[0]) == 0);
        double s1 = 0, s2 = 0;
        int st;
        for (int k = 0; k < 12; k++) {
            s1 += run_gda(1, 1, xp[k], av, DFG_DOUBLE, &st);
            s2 += run_gda(1, 2, xp[k], av, DFG_DOUBLE, &st);
        }
        CHECK_NEAR(o[0][0], s1, 1e-14);
        CHECK_NEAR(o[0][1], s2, 1e-14);
        /* d2/dxda of the upper tail = -h (log x - psi (a)) */
        double h = -pow(xp[3], av - 1) * exp(-xp[3] - lgamma(av));
        CHECK_NEAR(o[0][2 + 3], h * (log(xp[3]) - dfg_psi_(0, av)), 1e-13);
    }
    dfg_id rel[] = {g[0], g[1], g2[0], g2[1]};
    for (size_t k = 0; k < 4; k++)
        dfg_release(rel[k]);
    dfg_id in3[3] = {x, a, a}, bi = 0, rb = 0, sb = 0;
    CHECK(dfg_op(DFG_OP_BETAINC, 3, in3, &sa, &bi) == DFG_OK);
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &bi, &ra, &rb) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &rb, &sa, &sb) == DFG_OK);
    CHECK(dfg_grad(sb, 2, in2, 0, g) == DFG_OK);
    CHECK(dfg_grad(g[1], 2, in2, 0, g2) == DFG_OK);
    CHECK(dfg_grad(g2[1], 1, &a, 0, g3) == DFG_ERR_NOT_DIFF && strstr(dfg_last_error(), "betainc"));
    for (size_t k = 0; k < 4; k++)
        dfg_release(k < 2 ? g[k] : g2[k - 2]);
    dfg_id all[] = {df, vn, nr, md[0], md[1], x, a, gi, s, r, bi, rb, sb};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
    CHECK(dfg_live_count() == live);
}

int main(void)
{
    RUN(test_gammainc);
    RUN(test_betainc);
    RUN(test_param_derivatives);
    RUN(test_elem);
    RUN(test_graphs);
    HARNESS_END();
}
