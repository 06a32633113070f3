/* tests/c/test-elem.c -- kernels/elem.h, the element functions that the CPU
 * kernels (kernels/cpu/elementwise.c) and the CUDA kernels
 * (kernels/cuda/elementwise.cu) share: mod, rem, gamma, sign, max/min,
 * the domain checks of the unary ops, x .^ y's per-element flags and the
 * whole-array decision (pow_verdict), the x .^ 2 / 3 / -1 paths and
 * dfg.rand's stream; psi (digamma and polygamma, moved here from
 * kernels/cpu/special.c); in double and single, on the host (the same
 * source the GPU compiles).  And the element functions against the CPU
 * kernels that call them (dfg_cpu_psi, dfg_cpu_unary, dfg_cpu_binary) on
 * special values: bitwise the same, what the GPU's shared code promises.
 *
 * Every expected value is one GNU Octave 7.3 gives (but dfg.rand's, which
 * are dfg_cpu_rand's own), e.g.
 *   mod (-1, 3), rem (5, 0), 1 ./ mod (3, -3)   (signs of zero)
 *   iscomplex ((-8) .^ (1/3)), 1 ./ ([-0 -Inf] .^ [1.5 -0.5])
 *   sprintf ("%.17g ", [1.1 0.7 -1.3] .^ 3)
 * with single () around the operands for the single checks.
 *
 * Build: gcc -std=c11 -O2 -Wall -Wextra -Ilib tests/c/test-elem.c -lm */
#include <stdint.h>
#include <string.h>
#include "harness.h"
#include "../../kernels/elem.h"
#include "../../kernels/cpu/cpu.h"

#define N(x) ((int) (sizeof(x) / sizeof((x)[0])))

/* the same bits (any NaN equals any NaN) */
static int same(double a, double b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

static int same_f(float a, float b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

static void test_mod_rem(void)
{
    /* signs, y = 0, the near-integer quotient rule (x / y within eps of an
     * integer, y not an integer: 0), Inf operands */
    CHECK(oct_mod_(-1, 3) == 2);
    CHECK(oct_rem_(-1, 3) == -1);
    CHECK(oct_mod_(5, 0) == 5);
    CHECK(isnan(oct_rem_(5, 0)));
    CHECK(same(oct_mod_(0.3, 0.1), 0));
    CHECK(same(oct_rem_(0.3, 0.1), 0));
    CHECK(same(oct_mod_(-0.3, 0.1), 0));
    CHECK(same(oct_rem_(-0.3, 0.1), -0.0));
    CHECK(same(oct_mod_(1, 0.1), 0));
    CHECK(same(oct_rem_(1, 0.1), 0));
    CHECK(same(oct_mod_(2.9999, 0.1), 0.099899999999999434));   /* not near */
    CHECK(oct_mod_(5.5, 2) == 1.5);
    CHECK(oct_rem_(-5.5, 2) == -1.5);
    CHECK(oct_mod_(-5.5, 2) == 0.5);
    CHECK(oct_mod_(5, -3) == -1);
    CHECK(oct_rem_(5, -3) == 2);
    CHECK(isnan(oct_mod_(INFINITY, 3)) && isnan(oct_rem_(INFINITY, 3)));
    CHECK(isnan(oct_mod_(3, INFINITY)) && isnan(oct_rem_(3, INFINITY)));
    CHECK(isnan(oct_mod_(-3, INFINITY)));
    /* zero results: mod takes y's sign, rem x's, except when x == y */
    static const struct { int rem; double x, y, want; } z[] = {
        {0, -0.0, 3, 0}, {0, 3, -3, -0.0}, {1, -3, 3, -0.0}, {0, -3, -3, 0},
        {1, 3, -3, 0}, {0, 0, -5, -0.0}, {1, -0.0, 5, -0.0}, {0, 6, 3, 0},
        {0, -6, 3, 0}, {1, -6, 3, -0.0}, {0, 0.3, -0.1, -0.0}, {1, -0.3, 0.1, -0.0},
    };
    for (int i = 0; i < N(z); i++)
        CHECK(same(z[i].rem ? oct_rem_(z[i].x, z[i].y) : oct_mod_(z[i].x, z[i].y), z[i].want));

    /* single */
    CHECK(oct_mod_f(-1, 3) == 2);
    CHECK(oct_rem_f(-1, 3) == -1);
    CHECK(oct_mod_f(5, 0) == 5);
    CHECK(isnan(oct_rem_f(5, 0)));
    CHECK(same_f(oct_mod_f(0.3f, 0.1f), 0));
    CHECK(same_f(oct_rem_f(-0.3f, 0.1f), -0.0f));
    CHECK(same_f(oct_mod_f(2.9999f, 0.1f), 0.099900007247924805f));
    CHECK(oct_mod_f(5.5f, 2) == 1.5f);
    CHECK(oct_rem_f(-5.5f, 2) == -1.5f);
    CHECK(same_f(oct_mod_f(3, -3), -0.0f));
    CHECK(same_f(oct_rem_f(-3, 3), -0.0f));
    CHECK(same_f(oct_mod_f(-0.0f, 3), 0));
    CHECK(same_f(oct_mod_f(-3, -3), 0));
}

static void test_gamma_sign_max(void)
{
    CHECK(same(oct_gamma_(0), INFINITY));
    CHECK(same(oct_gamma_(-0.0), -INFINITY));
    CHECK(same(oct_gamma_(-1), INFINITY));
    CHECK(same(oct_gamma_(-3), INFINITY));
    CHECK(same(oct_gamma_(-INFINITY), INFINITY));
    CHECK(same(oct_gamma_(INFINITY), INFINITY));
    CHECK(isnan(oct_gamma_(NAN)));
    CHECK(oct_gamma_(5) == 24);
    CHECK_NEAR(oct_gamma_(-0.5), -3.5449077018110318, 1e-15);
    CHECK(same_f(oct_gamma_f(0), INFINITY));
    CHECK(same_f(oct_gamma_f(-0.0f), -INFINITY));
    CHECK(same_f(oct_gamma_f(-3), INFINITY));
    CHECK(same_f(oct_gamma_f(-INFINITY), INFINITY));
    CHECK(isnan(oct_gamma_f(NAN)));
    CHECK(oct_gamma_f(5) == 24);
    CHECK_NEAR(oct_gamma_f(-0.5f), -3.5449080467224121, 1e-6);

    /* sign (-0) = +0, sign (NaN) = NaN */
    CHECK(same(oct_sign_(-0.0), 0));
    CHECK(same(oct_sign_(0), 0));
    CHECK(isnan(oct_sign_(NAN)));
    CHECK(oct_sign_(-3) == -1 && oct_sign_(INFINITY) == 1 && oct_sign_(1e-300) == 1);
    CHECK(same_f(oct_sign_f(-0.0f), 0));
    CHECK(isnan(oct_sign_f(NAN)));
    CHECK(oct_sign_f(-3) == -1 && oct_sign_f(INFINITY) == 1);

    /* max/min ignore NaN; of -0 and 0 the first wins */
    CHECK(oct_max_(NAN, 1) == 1 && oct_max_(1, NAN) == 1);
    CHECK(oct_min_(NAN, 2) == 2 && oct_min_(2, NAN) == 2);
    CHECK(isnan(oct_max_(NAN, NAN)) && isnan(oct_min_(NAN, NAN)));
    CHECK(same(oct_max_(-0.0, 0), -0.0) && same(oct_max_(0, -0.0), 0));
    CHECK(same(oct_min_(-0.0, 0), -0.0) && same(oct_min_(0, -0.0), 0));
    CHECK(oct_max_(-1, 3) == 3 && oct_min_(-1, 3) == -1);
    CHECK(oct_max_f(NAN, 1) == 1 && oct_max_f(1, NAN) == 1);
    CHECK(oct_min_f(NAN, 2) == 2 && oct_min_f(2, NAN) == 2);
    CHECK(isnan(oct_max_f(NAN, NAN)));
    CHECK(same_f(oct_max_f(-0.0f, 0), -0.0f) && same_f(oct_min_f(0, -0.0f), 0));
}

static void test_domain(void)
{
    /* gammaln: complex where gamma < 0 and at -0 (Octave: iscomplex) */
    static const double gx[] = {-0.5, -1.5, -0.0, -2.5, -3, -INFINITY, 0, 2, NAN};
    static const int gc[] = {1, 0, 1, 1, 0, 0, 0, 0, 0};
    for (int i = 0; i < N(gx); i++) {
        CHECK(lgamma_complex_(gx[i]) == gc[i]);
        CHECK(lgamma_complex_f((float)gx[i]) == gc[i]);
        CHECK(oct_unary_complex_(DFG_OP_GAMMALN, gx[i]) == gc[i]);
    }
    /* the edges of the other domains (log (-0), sqrt (-0), log1p (-1),
     * acosh (1), atanh (-1): real) */
    CHECK(!oct_unary_complex_(DFG_OP_LOG, -0.0) && oct_unary_complex_(DFG_OP_LOG, -1e-300));
    CHECK(!oct_unary_complex_(DFG_OP_SQRT, -0.0) && oct_unary_complex_(DFG_OP_SQRT, -1));
    CHECK(!oct_unary_complex_(DFG_OP_LOG2, 0) && oct_unary_complex_(DFG_OP_LOG10, -2));
    CHECK(!oct_unary_complex_(DFG_OP_LOG1P, -1) && oct_unary_complex_(DFG_OP_LOG1P, -1.0001));
    CHECK(!oct_unary_complex_(DFG_OP_ACOSH, 1) && oct_unary_complex_(DFG_OP_ACOSH, 0.999));
    CHECK(oct_unary_complex_(DFG_OP_ASIN, 1.0000001) && !oct_unary_complex_(DFG_OP_ASIN, 1));
    CHECK(!oct_unary_complex_(DFG_OP_ATANH, -1) && oct_unary_complex_(DFG_OP_ACOS, -1.5));
    CHECK(!oct_unary_complex_(DFG_OP_LOG, NAN) && !oct_unary_complex_(DFG_OP_ACOSH, NAN));
    CHECK(!oct_unary_complex_(DFG_OP_EXP, -1) && !oct_unary_complex_(DFG_OP_GAMMA, -0.5));
    CHECK(!oct_unary_complex_f(DFG_OP_LOG1P, -1) && oct_unary_complex_f(DFG_OP_LOG1P, -1.001f));
    CHECK(oct_unary_complex_f(DFG_OP_ATANH, 1.5f) && !oct_unary_complex_f(DFG_OP_SQRT, -0.0f));
    CHECK(below0_(-1) && !below0_(-0.0) && below_m1_f(-2) && outside_unit_(-1.5) &&
          !outside_unit_f(1) && below1_(0.5) && !below1_f(1));
}

/* x .^ y on whole arrays as the kernels run it: one pass collecting the
 * flags, pow_verdict, a second pass with POW_FORCE on POW_AGAIN.  Operands
 * of nx, ny elements (1 or n). */
static int pow_array(const double * x, int nx, const double * y, int ny, int n,
                     int anyany, double * out)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        out[i] = oct_pow_(x[nx == 1 ? 0 : i], y[ny == 1 ? 0 : i], &bad);
    const int v = pow_verdict(bad, anyany);
    if (v == POW_AGAIN)
        for (int i = 0; i < n; i++) {
            int f = POW_FORCE;
            out[i] = oct_pow_(x[nx == 1 ? 0 : i], y[ny == 1 ? 0 : i], &f);
        }
    return v;
}

static int pow_array_f(const float * x, int nx, const float * y, int ny, int n,
                       int anyany, float * out)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        out[i] = oct_pow_f(x[nx == 1 ? 0 : i], y[ny == 1 ? 0 : i], &bad);
    const int v = pow_verdict(bad, anyany);
    if (v == POW_AGAIN)
        for (int i = 0; i < n; i++) {
            int f = POW_FORCE;
            out[i] = oct_pow_f(x[nx == 1 ? 0 : i], y[ny == 1 ? 0 : i], &f);
        }
    return v;
}

static void test_pow(void)
{
    double o[2];
    float of[2];
    int f;

    /* (-8) .^ (1/3): complex */
    f = 0;
    oct_pow_(-8, 1.0 / 3, &f);
    CHECK((f & POW_NEG) && (f & POW_NONINT) && (f & POW_TRIG) && (f & POW_NONREAL));
    CHECK(pow_verdict(f, 0) == POW_COMPLEX && pow_verdict(f, 1) == POW_COMPLEX);
    CHECK(pow_array((const double[]){-8}, 1, (const double[]){1.0 / 3}, 1, 1, 0, o) == POW_COMPLEX);
    CHECK(pow_array_f((const float[]){-8}, 1, (const float[]){1.0f / 3}, 1, 1, 0, of) == POW_COMPLEX);

    /* [-Inf] .^ [-0.5]: real; +0 in double (the complex value underflows
     * to 0 - 0i and is narrowed), -0 in single (cos (-pi/2) < 0 there) */
    f = 0;
    CHECK(same(oct_pow_(-INFINITY, -0.5, &f), 0));
    CHECK((f & POW_TRIG) && !(f & POW_NONREAL) && !(f & POW_FIX));
    CHECK(pow_array((const double[]){-INFINITY}, 1, (const double[]){-0.5}, 1, 1, 0, o) == POW_REAL);
    CHECK(same(o[0], 0));
    CHECK(pow_array_f((const float[]){-INFINITY}, 1, (const float[]){-0.5f}, 1, 1, 0, of) == POW_AGAIN);
    CHECK(same_f(of[0], -0.0f));

    /* [-0 -Inf] .^ [1.5 -0.5]: real, the first element's sign from the
     * complex value: -0, +0 (single: +0, -0) */
    CHECK(pow_array((const double[]){-0.0, -INFINITY}, 2, (const double[]){1.5, -0.5}, 2, 2, 0, o)
          == POW_AGAIN);
    CHECK(same(o[0], -0.0) && same(o[1], 0));
    f = POW_FORCE;
    CHECK(same(oct_pow_(-0.0, 1.5, &f), -0.0));
    f = 0;
    CHECK(same(oct_pow_(-0.0, 1.5, &f), 0) && (f & POW_FIX) && !(f & POW_NEG));
    CHECK(pow_array_f((const float[]){-0.0f, -INFINITY}, 2, (const float[]){1.5f, -0.5f}, 2, 2, 0, of)
          == POW_AGAIN);
    CHECK(same_f(of[0], 0) && same_f(of[1], -0.0f));

    /* (-2) .^ [3e10 3e10], scalar .^ array (any pair): every y an
     * integer, so real: Inf; (-2) .^ 3e10 (element-wise): 3e10 is out of
     * int range, so complex (Inf - Inf i) */
    CHECK(pow_array((const double[]){-2}, 1, (const double[]){3e10, 3e10}, 2, 2, 1, o) == POW_REAL);
    CHECK(o[0] == INFINITY && o[1] == INFINITY);
    CHECK(pow_array((const double[]){-2}, 1, (const double[]){3e10}, 1, 1, 0, o) == POW_COMPLEX);
    CHECK(pow_array_f((const float[]){-2}, 1, (const float[]){3e10f, 3e10f}, 2, 2, 1, of) == POW_REAL);
    CHECK(of[0] == INFINITY && of[1] == INFINITY);
    CHECK(pow_array_f((const float[]){-2}, 1, (const float[]){3e10f}, 1, 1, 0, of) == POW_COMPLEX);

    /* int range: 2^31 is not an int, 2^31 - 1 and -2^31 are */
    f = 0;
    oct_pow_(-1, 2147483648.0, &f);
    CHECK((f & POW_TRIG) && !(f & POW_NONINT));
    f = 0;
    CHECK(oct_pow_(-1, 2147483647.0, &f) == -1 && !(f & POW_TRIG));
    f = 0;
    CHECK(oct_pow_(-1, -2147483648.0, &f) == 1 && !(f & POW_TRIG));
    CHECK(pow_array((const double[]){-1}, 1, (const double[]){2147483648.0}, 1, 1, 0, o) == POW_COMPLEX);
    CHECK(pow_array((const double[]){-1, -1}, 2, (const double[]){2147483647.0, -2147483648.0}, 2, 2, 0, o)
          == POW_REAL);
    CHECK(o[0] == -1 && o[1] == 1);
    CHECK(pow_array_f((const float[]){-1}, 1, (const float[]){2147483648.0f}, 1, 1, 0, of) == POW_COMPLEX);
    CHECK(pow_array_f((const float[]){-1}, 1, (const float[]){-2147483648.0f}, 1, 1, 0, of) == POW_REAL);
    CHECK(of[0] == 1);

    /* the any-pair rule: some x < 0 and some (other) y not an integer.
     * [-1 1] .^ [2 0.5] (element-wise): real; [-1; 1] .^ [2 0.5]
     * (broadcast): complex, even (-1) .^ 2 = 1 - 2.4493e-16i */
    f = 0;
    CHECK(oct_pow_(-1, 2, &f) == 1 && (f & POW_NONREAL));
    CHECK(oct_pow_(1, 0.5, &f) == 1);
    CHECK(pow_verdict(f, 0) == POW_REAL && pow_verdict(f, 1) == POW_COMPLEX);
    /* (-1) .^ [2 3]: every y an integer: real */
    CHECK(pow_array((const double[]){-1}, 1, (const double[]){2, 3}, 2, 2, 1, o) == POW_REAL);
    CHECK(o[0] == 1 && o[1] == -1);
    /* [2 -4] .^ [0.5 0.5]: complex; a positive x never sets POW_NEG */
    CHECK(pow_array((const double[]){2, -4}, 2, (const double[]){0.5}, 1, 2, 0, o) == POW_COMPLEX);
    f = 0;
    CHECK(oct_pow_(2, 0.5, &f) == sqrt(2) && f == POW_NONINT);
    f = 0;
    CHECK(oct_pow_f(1.5f, 2.5f, &f) == 2.7556760311126709f);
    CHECK(oct_pow_(1.5, 2.5, &f) == 2.7556759606310752);
    f = 0;
    CHECK(oct_pow_(-0.5, -1, &f) == -2 && !(f & POW_TRIG) && (f & POW_NEG));
    CHECK(pow_verdict(0, 0) == POW_REAL && pow_verdict(POW_NEG | POW_NONINT, 0) == POW_REAL);
}

static void test_pow_fast(void)
{
    /* x .^ 3 = x .* x .* x, x .^ -1 = 1 ./ x (Octave's bits) */
    static const double c[] = {1.1, 0.7, -1.3};
    static const double c3[] = {1.3310000000000004, 0.34299999999999992, -2.1970000000000005};
    static const double r[] = {3, 7, -0.3};
    static const double r1[] = {0.33333333333333331, 0.14285714285714285, -3.3333333333333335};
    CHECK(pow_fast_kind_(2) == POW_FAST_SQUARE && pow_fast_kind_(3) == POW_FAST_CUBE &&
          pow_fast_kind_(-1) == POW_FAST_RECIP && pow_fast_kind_(4) == POW_FAST_NONE &&
          pow_fast_kind_(0.5) == POW_FAST_NONE && pow_fast_kind_(NAN) == POW_FAST_NONE);
    for (int i = 0; i < 3; i++) {
        CHECK(same(pow_fast_(c[i], 3, POW_FAST_CUBE), c3[i]));
        CHECK(same(pow_fast_(r[i], -1, POW_FAST_RECIP), r1[i]));
        CHECK(same(pow_fast_(c[i], 2, POW_FAST_SQUARE), c[i] * c[i]));
    }
    /* single: any integer p in int range in double, then rounded */
    static const float s[] = {1.1f, -0.7f, 1.3f};
    static const float s7[] = {1.9487173557281494f, -0.082354292273521423f, 6.2748498916625977f};
    static const float s3[] = {1.3310000896453857f, -0.34299999475479126f, 2.1969997882843018f};
    static const float sm3[] = {0.75131475925445557f, 0.125f, 0.037037037312984467f};
    static const float sx[] = {1.1f, 2, 3};
    CHECK(pow_fast_kind_f(7) == POW_FAST_WIDE && pow_fast_kind_f(-3) == POW_FAST_WIDE &&
          pow_fast_kind_f(3) == POW_FAST_CUBE && pow_fast_kind_f(2147483648.0f) == POW_FAST_NONE &&
          pow_fast_kind_f(0.5f) == POW_FAST_NONE && pow_fast_kind_f(NAN) == POW_FAST_NONE &&
          pow_fast_kind_f(INFINITY) == POW_FAST_NONE);
    for (int i = 0; i < 3; i++) {
        CHECK(same_f(pow_fast_f(s[i], 7, POW_FAST_WIDE), s7[i]));
        CHECK(same_f(pow_fast_f(s[i], 3, POW_FAST_CUBE), s3[i]));
        CHECK(same_f(pow_fast_f(sx[i], -3, POW_FAST_WIDE), sm3[i]));
    }
}

/* dfg.rand's stream: the numbers dfg_cpu_rand gave for seed 7, stream 0,
 * counter 3 (and for the extreme seed, stream 12345 and counter 2^53 - 1)
 * before its arithmetic moved here, bit for bit; the counters it refuses */
static void test_rand_stream(void)
{
    static const uint64_t d7[] = {0x3fe4863de65be3edull, 0x3fb1de742cd9f6c8ull,
                                  0x3fc7db070c6c0030ull, 0x3fedf87913630125ull};
    static const uint32_t f7[] = {0x3f2431ef, 0x3d8ef3a0, 0x3e3ed838, 0x3f6fc3c8};
    static const uint64_t dx[] = {0x3fe8ff6271fb4f69ull, 0x3fe62cdc6b7ffb55ull};
    const uint64_t k7 = dfg_rand_key(7, 0, 3);
    for (int i = 0; i < N(d7); i++) {
        double d = dfg_rand_elem_(k7, i);
        float f = dfg_rand_elem_f(k7, i);
        uint64_t u;
        uint32_t v;
        memcpy(&u, &d, sizeof u);
        memcpy(&v, &f, sizeof v);
        CHECK(u == d7[i] && v == f7[i]);
        /* single keeps the top 24 of the 53 bits */
        CHECK(f == (float)(d - fmod(d, 0x1p-24)));
    }
    const uint64_t kx = dfg_rand_key(0xFFFFFFFFFFFFFFFFull, 12345, 9007199254740991.0);
    for (int i = 0; i < N(dx); i++) {
        double d = dfg_rand_elem_(kx, i);
        uint64_t u;
        memcpy(&u, &d, sizeof u);
        CHECK(u == dx[i]);
    }
    CHECK(dfg_mix64(0) == 0 && dfg_mix64(1) != 1);
    CHECK(dfg_rand_counter_ok(0) && dfg_rand_counter_ok(9007199254740991.0));
    CHECK(!dfg_rand_counter_ok(9007199254740992.0) && !dfg_rand_counter_ok(-1) &&
          !dfg_rand_counter_ok(0.5) && !dfg_rand_counter_ok(NAN) &&
          !dfg_rand_counter_ok(INFINITY));
}

/* psi: a few of Octave 7.3's values (tests/c/test-special.c has the
 * tables), the poles, NaN, the domain check */
static void test_psi(void)
{
    CHECK(same(dfg_psi_(0, 1), -0.57721566490153287));
    CHECK(same(dfg_psi_(0, 0), -INFINITY));
    CHECK(same(dfg_psi_(0, -0.0), -INFINITY));
    CHECK(same(dfg_psi_(0, -3), -INFINITY));
    CHECK(same(dfg_psi_(0, INFINITY), -0.57721566490153287));   /* Octave's counter */
    CHECK(isnan(dfg_psi_(0, NAN)) && isnan(dfg_psi_(2, NAN)));
    CHECK(same(dfg_psi_(1, 0), -INFINITY) || isnan(dfg_psi_(1, 0)));
    CHECK(fabs(dfg_psi_(0, 0.5) - (-0.57721566490153287 - 2 * log(2.0))) < 1e-15);
    CHECK(fabs(dfg_psi_(1, 1) - 1.6449340668482264) < 1e-15);   /* pi^2 / 6 */
    CHECK(same_f(dfg_psi_f(0, 1), (float)-0.57721566490153287));
    CHECK(same_f(dfg_psi_f(0, -2), -INFINITY));
    CHECK(fabsf(dfg_psi_f(1, 1) - 1.644934f) < 1e-6f);
    CHECK(dfg_psi_bad_(1, -0.5) && !dfg_psi_bad_(0, -0.5) && !dfg_psi_bad_(1, 0));
    CHECK(dfg_psi_bad_f(2, -1e-30f) && !dfg_psi_bad_f(2, NAN));
}

/* special values, signed zeros, poles, integers and half-integers, tiny
 * and huge, both signs */
static const double SPECIAL[] = {
    0, -0.0, INFINITY, -INFINITY, NAN, 1, -1, 2, -2, 3, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
    1e-300, -1e-300, 1e-30, 1e300, -1e300, 1e7, 1e7 + 0.5, 1048577, 1048576.5, 4e15, 1e19,
    -1e-20, 1e-6, 7.25, 9.99, 10, 10.5, -3.3, 171.5, 172, -170.5, 0.1, -0.1, 33.7, -7.9,
    5e-324, 2.2250738585072014e-308, 0.3, -0.3, 6, -6, 1e-3, 100.25,
};

/* the element functions the GPU compiles give the CPU kernels' bits */
static void test_shared_with_cpu(void)
{
    enum { M = N(SPECIAL) };
    double o[M], w[M], pos[M];
    float xf[M], of[M], wf[M], posf[M];
    for (int i = 0; i < M; i++) {
        xf[i] = (float)SPECIAL[i];
        pos[i] = fabs(SPECIAL[i]);
        posf[i] = fabsf(xf[i]);
    }
    /* psi, k = 0 .. 4 (k > 0 on |x|: the domain) */
    for (int k = 0; k <= 4; k++) {
        const double * x = k ? pos : SPECIAL;
        const float * y = k ? posf : xf;
        float yy[M];
        memcpy(yy, y, sizeof yy);
        CHECK(dfg_cpu_psi(DFG_DOUBLE, k, w, x, M) == DFG_OK);
        CHECK(dfg_cpu_psi(DFG_SINGLE, k, wf, yy, M) == DFG_OK);
        for (int i = 0; i < M; i++) {
            CHECK(same(dfg_psi_(k, x[i]), w[i]) ||
                  !fprintf(stderr, "  psi (%d, %.17g)\n", k, x[i]));
            CHECK(same_f(dfg_psi_f(k, yy[i]), wf[i]) ||
                  !fprintf(stderr, "  psi (%d, single %.9g)\n", k, yy[i]));
        }
    }
    /* gamma (no domain check); gammaln where it is real */
    CHECK(dfg_cpu_unary(DFG_OP_GAMMA, DFG_DOUBLE, DFG_DOUBLE, w, SPECIAL, M) == DFG_OK);
    CHECK(dfg_cpu_unary(DFG_OP_GAMMA, DFG_SINGLE, DFG_SINGLE, wf, xf, M) == DFG_OK);
    for (int i = 0; i < M; i++) {
        o[i] = oct_gamma_(SPECIAL[i]);
        of[i] = oct_gamma_f(xf[i]);
        CHECK(same(o[i], w[i]) && same_f(of[i], wf[i]));
    }
    CHECK(dfg_cpu_unary(DFG_OP_GAMMALN, DFG_DOUBLE, DFG_DOUBLE, w, pos, M) == DFG_OK);
    CHECK(dfg_cpu_unary(DFG_OP_GAMMALN, DFG_SINGLE, DFG_SINGLE, wf, posf, M) == DFG_OK);
    for (int i = 0; i < M; i++) {
        CHECK(!lgamma_complex_(pos[i]) && same(lgamma(pos[i]), w[i]));
        CHECK(!lgamma_complex_f(posf[i]) && same_f(lgammaf(posf[i]), wf[i]));
    }
    /* mod and rem of every pair */
    for (int op = 0; op < 2; op++)
        for (int j = 0; j < M; j++) {
            const double y = SPECIAL[j];
            const float yf = xf[j];
            const int code = op ? DFG_OP_REM : DFG_OP_MOD;
            CHECK(dfg_cpu_binary(code, DFG_DOUBLE, w, SPECIAL, 1, &y, 0, M) == DFG_OK);
            CHECK(dfg_cpu_binary(code, DFG_SINGLE, wf, xf, 1, &yf, 0, M) == DFG_OK);
            for (int i = 0; i < M; i++) {
                CHECK(same(oct_modrem_(SPECIAL[i], y, op), w[i]));
                CHECK(same_f(oct_modrem_f(xf[i], yf, op), wf[i]));
            }
        }
}

int main(void)
{
    RUN(test_mod_rem);
    RUN(test_gamma_sign_max);
    RUN(test_domain);
    RUN(test_pow);
    RUN(test_pow_fast);
    RUN(test_rand_stream);
    RUN(test_psi);
    RUN(test_shared_with_cpu);
    HARNESS_END();
}
