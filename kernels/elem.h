/* kernels/elem.h -- the element functions of the element-wise ops, written
 * once for every device: Octave's scalar semantics where they differ from
 * C's (mod/rem as liboctave, x .^ y and its whole-array decision, gamma at
 * the poles, sign, max/min ignoring NaN) and the domain checks of the
 * unary ops (where Octave's result would be complex); and the numbers of
 * dfg.rand's counter-based stream.
 *
 * C11 and CUDA C++ both compile this file: kernels/cpu/elementwise.c and
 * kernels/cuda/elementwise.cu include it, and tests/c/test-elem.c checks
 * the functions on the host, so the arithmetic of the GPU kernels is
 * tested on every machine.  Each function exists for double (suffix "_")
 * and single (suffix "_f"); the math functions called are the C library's
 * on the host and CUDA's functions of the same names (floor, floorf, pow,
 * powf, ...) in device code.  Uses lib/dfg.h only (the op codes). */
#ifndef DFG_KERNELS_ELEM_H
#define DFG_KERNELS_ELEM_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include "../lib/dfg.h"

#ifdef __CUDACC__
#define DFG_HD __host__ __device__ __forceinline__
#else
#define DFG_HD static inline
#endif

/* A product that is rounded on its own: never contracted with the
 * subtraction that follows into a fused multiply-add (nvcc contracts by
 * default; so may a C compiler with -ffp-contract=fast). */
#ifdef __CUDA_ARCH__
#define DFG_MUL_RN_(a, b) __dmul_rn(a, b)
#define DFG_MUL_RN_f(a, b) __fmul_rn(a, b)
#endif

/* ---- flags a kernel loop raises (or'ed into an int) ------------------------ */

#define BAD_NANLOGIC 2     /* NaN converted to logical (CPU logical ops) */
/* x .^ y: Octave decides for the whole array (see pow_verdict) */
#define POW_NEG      4     /* some x < 0 */
#define POW_NONINT   8     /* some y not a finite integer */
#define POW_TRIG     16    /* some x < 0 with y not an int-range integer */
#define POW_NONREAL  32    /* some element non-real in complex arithmetic */
#define POW_FIX      64    /* some real element whose complex value differs */
#define POW_FORCE    128   /* in: compute every element the complex way */
#define POW_BCAST    256   /* in: a broadcast, each element by pow (bsxfun) */

#define DFG_EPS_ 2.220446049250313e-16
#define DFG_EPS_f 1.1920929e-07f

/* ---- scalar semantics shared by double and single ------------------------ */

#ifdef __CUDA_ARCH__
#define DFG_ELEM_MUL_(SFX, a, b) DFG_MUL_RN_##SFX(a, b)
#else
#define DFG_ELEM_MUL_(SFX, a, b) dfg_mul_rn_##SFX(a, b)
#endif

#define DFG_ELEM_SCALARS(T, SFX)                                               \
/* the product rounded to T on its own (volatile: not fused with what    */   \
/* follows)                                                               */   \
DFG_HD T dfg_mul_rn_##SFX(T a, T b) { volatile T t = a * b; return t; }        \
DFG_HD T nint_##SFX(T x) { return floor##SFX(x + (T)0.5); }                    \
/* mod (x, y) (rem = 0) and rem (x, y) (rem = 1) as liboctave: y == 0  */   \
/* gives x (mod) or NaN (rem); a quotient within eps of an integer for  */   \
/* a non-integer y gives 0; the result takes y's sign (mod) or x's      */   \
/* (rem) unless x == y.                                                  */   \
DFG_HD T oct_modrem_##SFX(T x, T y, int rem)                                   \
{                                                                              \
    T r;                                                                       \
    if (y == 0)                                                                \
        r = rem ? (T)NAN : x;                                                  \
    else {                                                                     \
        T q = x / y;                                                           \
        if (nint_##SFX(y) != y &&                                              \
            fabs##SFX((q - nint_##SFX(q)) / nint_##SFX(q)) < DFG_EPS_##SFX)    \
            r = 0;                                                             \
        else                                                                   \
            r = x - DFG_ELEM_MUL_(SFX, y, rem ? trunc##SFX(q) : floor##SFX(q)); \
    }                                                                          \
    if (x != y && y != 0)                                                      \
        r = copysign##SFX(r, rem ? x : y);                                     \
    return r;                                                                  \
}                                                                              \
DFG_HD T oct_mod_##SFX(T x, T y) { return oct_modrem_##SFX(x, y, 0); }         \
DFG_HD T oct_rem_##SFX(T x, T y) { return oct_modrem_##SFX(x, y, 1); }         \
/* x .^ y, one element of an array (see pow_verdict): the real pow (x,   */   \
/* y), or with POW_FORCE in *bad the real part of the complex std::pow   */   \
/* (x + 0i, y) (libstdc++: pow (x, y) for x > 0, else polar (exp (y log  */   \
/* |x|), y arg x)); the POW_ flags record what Octave's decision for the */   \
/* whole array needs to know about this element.                         */   \
DFG_HD T oct_pow_##SFX(T x, T y, int * bad)                                    \
{                                                                              \
    int f = isfinite(y) && floor##SFX(y) == y ? 0 : POW_NONINT;                \
    if (x > 0) {                                                               \
        *bad |= f;                                                             \
        return pow##SFX(x, y);                                                 \
    }                                                                          \
    const T th = isnan(x) ? x : x < 0 || signbit(x) ? (T)3.14159265358979323846 : (T)0; \
    const T rho = exp##SFX(y * log##SFX(fabs##SFX(x)));                        \
    const T im = rho * sin##SFX(y * th), re = rho * cos##SFX(y * th);          \
    if (x < 0) {                                                               \
        f |= POW_NEG;                                                          \
        if (!(floor##SFX(y + (T)0.5) == y && (double)y <= 2147483647.0 &&      \
              (double)y >= -2147483648.0))                                     \
            f |= POW_TRIG;                                                     \
    }                                                                          \
    T v = (*bad & POW_FORCE) ? re : pow##SFX(x, y);                            \
    if (!(im == 0))                                                            \
        f |= POW_NONREAL;                                                      \
    else if (re != v || !signbit(re) != !signbit(v))                           \
        f |= POW_FIX;                                                          \
    *bad |= f;                                                                 \
    return v;                                                                  \
}                                                                              \
DFG_HD T oct_gamma_##SFX(T x)                                                  \
{                                                                              \
    if (x == 0)                                                                \
        return signbit(x) ? -(T)INFINITY : (T)INFINITY;                        \
    if ((x < 0 && nint_##SFX(x) == x) || isinf(x))                             \
        return (T)INFINITY;                                                    \
    if (isnan(x))                                                              \
        return (T)NAN;                                                         \
    return tgamma##SFX(x);                                                     \
}                                                                              \
DFG_HD T oct_sign_##SFX(T x)                                                   \
{                                                                              \
    return isnan(x) ? x : x > 0 ? (T)1 : x < 0 ? (T)-1 : (T)0;                 \
}                                                                              \
DFG_HD T oct_max_##SFX(T x, T y) { return isnan(y) ? x : (x >= y ? x : y); }   \
DFG_HD T oct_min_##SFX(T x, T y) { return isnan(y) ? x : (x <= y ? x : y); }   \
/* Octave gives a complex result where gamma(x) < 0: x < 0, not an       */   \
/* integer, floor(x) odd; and at -0 (gamma(-0) = -Inf: Inf + pi i).      */   \
DFG_HD int lgamma_complex_##SFX(T x)                                           \
{                                                                              \
    return (x < 0 && floor##SFX(x) != x && !isinf(x) &&                        \
            fmod##SFX(floor##SFX(x), (T)2) != 0) || (x == 0 && signbit(x));       \
}                                                                              \
/* Domain checks of the unary ops: true where Octave's result would be   */   \
/* complex (NaN never is).                                               */   \
DFG_HD int below0_##SFX(T x) { return x < 0; }         /* log log2 log10 sqrt */ \
DFG_HD int below_m1_##SFX(T x) { return x < -1; }      /* log1p */             \
DFG_HD int outside_unit_##SFX(T x) { return x < -1 || x > 1; } /* asin acos atanh */ \
DFG_HD int below1_##SFX(T x) { return x < 1; }         /* acosh */             \
/* the same by op code: 0 for ops without a domain check                */   \
DFG_HD int oct_unary_complex_##SFX(int op, T x)                                \
{                                                                              \
    switch (op) {                                                              \
    case DFG_OP_LOG: case DFG_OP_LOG2: case DFG_OP_LOG10: case DFG_OP_SQRT:    \
        return below0_##SFX(x);                                                \
    case DFG_OP_LOG1P:                                                         \
        return below_m1_##SFX(x);                                              \
    case DFG_OP_ASIN: case DFG_OP_ACOS: case DFG_OP_ATANH:                     \
        return outside_unit_##SFX(x);                                          \
    case DFG_OP_ACOSH:                                                         \
        return below1_##SFX(x);                                                \
    case DFG_OP_GAMMALN:                                                       \
        return lgamma_complex_##SFX(x);                                        \
    default:                                                                   \
        return 0;                                                              \
    }                                                                          \
}                                                                              \
/* x .^ p for a full x and a scalar p of 2, 3 or -1 as Octave's elem_xpow */  \
/* does (x .* x, x .* x .* x, 1 ./ x: x .* x .* x and 1 ./ x can differ  */   \
/* from pow in the last place, and Octave's bits are the contract); for  */   \
/* single, also any p that is an integer in int range, as std::pow       */   \
/* (float, int): in double, then rounded.  pow_fast_kind says which one  */   \
/* (POW_FAST_NONE: each element by oct_pow), pow_fast the value.  Not in */   \
/* a row of a broadcast, where Octave's bsxfun calls pow for each        */   \
/* element, nor for a scalar x.                                           */   \
DFG_HD T pow_fast_##SFX(T x, T p, int kind)                                    \
{                                                                              \
    switch (kind) {                                                            \
    case POW_FAST_SQUARE: return x * x;                                        \
    case POW_FAST_CUBE:   return x * x * x;                                    \
    case POW_FAST_RECIP:  return 1 / x;                                        \
    default:              return (T)pow((double)x, (double)p);                 \
    }                                                                          \
}

enum { POW_FAST_NONE, POW_FAST_SQUARE, POW_FAST_CUBE, POW_FAST_RECIP, POW_FAST_WIDE };

DFG_ELEM_SCALARS(double, )
DFG_ELEM_SCALARS(float, f)

DFG_HD int pow_fast_kind_(double p)
{
    return p == 2 ? POW_FAST_SQUARE : p == 3 ? POW_FAST_CUBE : p == -1 ? POW_FAST_RECIP
         : POW_FAST_NONE;
}

DFG_HD int pow_fast_kind_f(float p)
{
    return p == 2 ? POW_FAST_SQUARE : p == 3 ? POW_FAST_CUBE : p == -1 ? POW_FAST_RECIP
         : fabsf(p) < 0x1p31f && p == (float)(int)p ? POW_FAST_WIDE : POW_FAST_NONE;
}

/* Octave's x .^ y (liboctave's elem_xpow) decides for the whole array:
 * it is computed in complex arithmetic when, in the element-wise forms
 * (equal sizes, array .^ scalar, scalar .^ scalar), some x(i) < 0 has a
 * y(i) that is not an integer in int range; in the any-pair forms (scalar
 * .^ array, broadcasting), when some x < 0 and some y is not a finite
 * integer.  The complex result is narrowed to real when every imaginary
 * part is 0.  So, from the POW_ flags of every element (oct_pow): the
 * real values stand (POW_REAL), or the result is complex (POW_COMPLEX, an
 * error in dfg), or it is real but some element's complex value differs
 * (a sign of zero, an underflow to 0 where pow gives NaN): computed again
 * with POW_FORCE (POW_AGAIN). */
enum { POW_REAL, POW_COMPLEX, POW_AGAIN };

DFG_HD int pow_verdict(int flags, int anyany)
{
    int trig = anyany ? (flags & POW_NEG) && (flags & POW_NONINT) : (flags & POW_TRIG) != 0;
    if (!trig)
        return POW_REAL;
    if (flags & POW_NONREAL)
        return POW_COMPLEX;
    return flags & POW_FIX ? POW_AGAIN : POW_REAL;
}

/* ---- erfinv, erfcinv (Octave 7.3's liboctave lo-specfun.cc) ----------------
 * A rational approximation (the AS 241-style coefficients Octave uses),
 * then, for double, one step of Halley's method; single is the double
 * computation without the step, rounded (Octave's float erfinv calls
 * do_erfinv ((double) x, false)).  erfinv (+-1) = +-Inf, erfcinv (0) = Inf,
 * erfcinv (2) = -Inf, NaN outside the domain.  The coefficient tables are
 * local (device code has no host statics). */
#define DFG_ERFINV_A { -2.806989788730439e+01,  1.562324844726888e+02, \
    -1.951109208597547e+02,  9.783370457507161e+01, -2.168328665628878e+01, 1.772453852905383e+00 }
#define DFG_ERFINV_B { -5.447609879822406e+01,  1.615858368580409e+02, \
    -1.556989798598866e+02,  6.680131188771972e+01, -1.328068155288572e+01 }
#define DFG_ERFINV_C { -5.504751339936943e-03, -2.279687217114118e-01, \
    -1.697592457770869e+00, -1.802933168781950e+00,  3.093354679843505e+00, 2.077595676404383e+00 }
#define DFG_ERFINV_D { 7.784695709041462e-03,  3.224671290700398e-01, \
    2.445134137142996e+00,  3.754408661907416e+00 }
#define DFG_ERFINV_SPI2 8.862269254527579e-01     /* sqrt(pi)/2 */

DFG_HD double dfg_erfinv_do_(double x, int refine)
{
    const double a[6] = DFG_ERFINV_A, b[5] = DFG_ERFINV_B, c[6] = DFG_ERFINV_C, d[4] = DFG_ERFINV_D;
    const double ax = fabs(x);
    double y;
    if (ax <= 0.95150) {
        const double q = 0.5 * x, r = q * q;
        const double yn = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q;
        const double yd = ((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0;
        y = yn / yd;
    } else if (ax < 1.0) {
        const double q = sqrt(-2 * log(0.5 * (1 - ax)));
        const double yn = ((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5];
        const double yd = (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0;
        y = yn / yd * (-x > 0 ? 1.0 : -1.0);          /* signum (-x), x not 0 here */
    } else if (ax == 1.0)
        return x > 0 ? (double)INFINITY : -(double)INFINITY;
    else
        return (double)NAN;
    if (refine) {
        const double u = (erf(y) - x) * DFG_ERFINV_SPI2 * exp(y * y);
        y -= u / (1 + y * u);
    }
    return y;
}

DFG_HD double dfg_erfcinv_do_(double x, int refine)
{
    const double a[6] = DFG_ERFINV_A, b[5] = DFG_ERFINV_B, c[6] = DFG_ERFINV_C, d[4] = DFG_ERFINV_D;
    double y;
    if (x >= 0.04850 && x <= 1.95150) {
        const double q = 0.5 * (1 - x), r = q * q;
        const double yn = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q;
        const double yd = ((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0;
        y = yn / yd;
    } else if (x > 0.0 && x < 2.0) {
        const double q = x < 1 ? sqrt(-2 * log(0.5 * x)) : sqrt(-2 * log(0.5 * (2 - x)));
        const double yn = ((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5];
        const double yd = (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0;
        y = yn / yd;
        if (x < 0.04850)
            y = -y;
    } else if (x == 0.0)
        return (double)INFINITY;
    else if (x == 2.0)
        return -(double)INFINITY;
    else
        return (double)NAN;
    if (refine) {
        const double u = (erf(y) - (1 - x)) * DFG_ERFINV_SPI2 * exp(y * y);
        y -= u / (1 + y * u);
    }
    return y;
}

DFG_HD double dfg_erfinv_(double x) { return dfg_erfinv_do_(x, 1); }
DFG_HD float dfg_erfinv_f(float x) { return (float)dfg_erfinv_do_((double)x, 0); }
DFG_HD double dfg_erfcinv_(double x) { return dfg_erfcinv_do_(x, 1); }
DFG_HD float dfg_erfcinv_f(float x) { return (float)dfg_erfcinv_do_((double)x, 0); }

/* ---- psi: digamma and polygamma (Octave 7.3's algorithms) -----------------
 * The element functions of dfg.psi, moved here from kernels/cpu/special.c
 * (which keeps the description of the algorithms and of the one
 * deliberate departure from Octave, PSI_SUM_MAX) so that the GPU runs the
 * same steps: dfg_psi_ (k, x) and dfg_psi_f (k, x).  The constant tables
 * are local to the functions (device code has no host statics); the
 * reflection z <= 0 of digamma is written without the recursion (the same
 * operations in the same order).  On the host the results are bitwise
 * those of the code they replace; on a GPU they follow CUDA's log, tan,
 * exp and tgamma, within a few ulps of glibc's. */
#define DFG_PSI_EULER 0.577215664901532860606512090082402431042
#define DFG_PSI_PI    3.14159265358979323846
#define DFG_PSI_TWO63 9223372036854775808.0
#define DFG_PSI_SUM_MAX ((int64_t) 1 << 20)
#define DFG_PSI_F_SUM25 0x1.1553acp+4f
#define DFG_PSI_DG(S) { \
    -0.83333333333333333e-1##S, 0.83333333333333333e-2##S, \
    -0.39682539682539683e-2##S, 0.41666666666666667e-2##S, \
    -0.75757575757575758e-2##S, 0.21092796092796093e-1##S, \
    -0.83333333333333333e-1##S, 0.4432598039215686##S,     \
    -0.3053954330270122e+1##S,  0.125318899521531e+2##S }
/* Bernoulli numbers B(1..22) of DPSIFN (index 0 unused: b[k] = B(k)) */
#define DFG_PSI_BERNOULLI(S) { 0, \
    1.00000000000000000e+00##S, -5.00000000000000000e-01##S, \
    1.66666666666666667e-01##S, -3.33333333333333333e-02##S, \
    2.38095238095238095e-02##S, -3.33333333333333333e-02##S, \
    7.57575757575757576e-02##S, -2.53113553113553114e-01##S, \
    1.16666666666666667e+00##S, -7.09215686274509804e+00##S, \
    5.49711779448621554e+01##S, -5.29124242424242424e+02##S, \
    6.19212318840579710e+03##S, -8.65802531135531136e+04##S, \
    1.42551716666666667e+06##S, -2.72982310678160920e+07##S, \
    6.01580873900642368e+08##S, -1.51163157670921569e+10##S, \
    4.29614643061166667e+11##S, -1.37116552050883328e+13##S, \
    4.88332318973593167e+14##S, -1.92965793419400681e+16##S }

/* the asymptotic series (Octave's dg_coeff) at zc */
DFG_HD double dfg_psi_series_(double zc)
{
    const double DG[10] = DFG_PSI_DG();
    double overz2 = 1.0 / (zc * zc), overz2k = overz2, p = 0;
    for (int k = 0; k < 10; k++, overz2k *= overz2)
        p += DG[k] * overz2k;
    p += log(zc) - 0.5 / zc;
    return p;
}

DFG_HD float dfg_psi_series_f(float zc)
{
    const float DG[10] = DFG_PSI_DG(f);
    float overz2 = 1.0f / (zc * zc), overz2k = overz2, p = 0;
    for (int k = 0; k < 10; k++, overz2k *= overz2)
        p += DG[k] * overz2k;
    p += logf(zc) - 0.5f / zc;
    return p;
}

/* digamma for z > 0 (and what the reflection hands it) */
DFG_HD double dfg_digamma_pos_(double z)
{
    int is_int = floor(z) == z;
    double p = 0;
    if (is_int) {
        double top = z - 1;
        if (!(top < DFG_PSI_TWO63))          /* Octave's counter overflows */
            return -DFG_PSI_EULER;
        if (top > DFG_PSI_SUM_MAX)
            return dfg_psi_series_(z);
        p = -DFG_PSI_EULER;
        for (int64_t k = (int64_t) top; k > 0; k--)
            p += 1.0 / (double) k;
        return p;
    }
    if (floor(z + 0.5) == z + 0.5) {
        if (z > DFG_PSI_SUM_MAX)
            return dfg_psi_series_(z);
        for (int64_t k = (int64_t) z; k > 0; k--)
            p += 1.0 / (double) (2 * k - 1);
        return -DFG_PSI_EULER - 2 * log(2.0) + 2 * p;
    }
    double zc = z;
    if (z < 10) {
        int n = (int) (10 - z);
        for (int k = n - 1; k >= 0; k--)
            p -= 1.0 / (k + z);
        zc += n;
    }
    return p + dfg_psi_series_(zc);
}

/* digamma: -Inf at 0 and the negative integers, the reflection psi (1 - z)
 * - pi / tan (pi z) for other z < 0 */
DFG_HD double dfg_digamma_(double z)
{
    if (z <= 0) {
        if (floor(z) == z)
            return -INFINITY;
        return dfg_digamma_pos_(1 - z) - (DFG_PSI_PI / tan(DFG_PSI_PI * z));
    }
    return dfg_digamma_pos_(z);
}

/* single: the sums and the reflection in double, rounded to float after
 * each step, as Octave's C++ template */
DFG_HD float dfg_digamma_pos_f(float z)
{
    int is_int = floorf(z) == z;
    float p = 0;
    if (is_int) {
        float top = z - 1;
        if (!(top < (float) DFG_PSI_TWO63))
            return (float) -DFG_PSI_EULER;
        /* p starts at -0.577..; while |p| is in [0.5, 1) a term below 2^-25
         * (half its ulp) leaves the float sum unchanged, so every sum from
         * k >= 2^25 is the sum from 2^25 down, DFG_PSI_F_SUM25 */
        if (top >= 33554432.0f)
            return DFG_PSI_F_SUM25;
        p = (float) -DFG_PSI_EULER;
        for (int64_t k = (int64_t) top; k > 0; k--)
            p = (float) ((double) p + 1.0 / (double) k);
        return p;
    }
    if (floorf(z + 0.5f) == z + 0.5f) {   /* only below 2^23 in single */
        for (int64_t k = (int64_t) z; k > 0; k--)
            p = (float) ((double) p + 1.0 / (double) (2 * k - 1));
        return (float) (-DFG_PSI_EULER - 2 * log(2.0) + (double) (2 * p));
    }
    float zc = z;
    if (z < 10) {
        int n = (int) (10 - z);
        for (int k = n - 1; k >= 0; k--)
            p = (float) ((double) p - 1.0 / (double) ((float) k + z));
        zc += (float) n;
    }
    return p + dfg_psi_series_f(zc);
}

DFG_HD float dfg_digamma_f(float z)
{
    if (z <= 0) {
        if (floorf(z) == z)
            return -INFINITY;
        return (float) ((double) dfg_digamma_pos_f(1 - z) -
                        (DFG_PSI_PI / tan(DFG_PSI_PI * (double) z)));
    }
    return dfg_digamma_pos_f(z);
}

/* libgcc's __powidf2 / __powisf2 (Fortran REAL ** INTEGER) */
DFG_HD double dfg_powi_(double x, int m)
{
    unsigned int n = m < 0 ? -(unsigned int) m : (unsigned int) m;
    double y = n % 2 ? x : 1;
    while (n >>= 1) {
        x = x * x;
        if (n % 2)
            y = y * x;
    }
    return m < 0 ? 1 / y : y;
}

DFG_HD float dfg_powi_f(float x, int m)
{
    unsigned int n = m < 0 ? -(unsigned int) m : (unsigned int) m;
    float y = n % 2 ? x : 1;
    while (n >>= 1) {
        x = x * x;
        if (n % 2)
            y = y * x;
    }
    return m < 0 ? 1 / y : y;
}

/* SLATEC DPSIFN with M = 1, KODE = 1: *ierr as the Fortran's (0 ok, 1 bad
 * input, 2 overflow, 3 too many recurrence steps) and the scaled value
 * (-1)^(n+1) / n! * psi (n, x) */
DFG_HD double dfg_dpsifn_(double x, int n, int * ierr)
{
    const double BD[23] = DFG_PSI_BERNOULLI();
    const int nmax = 100;
    *ierr = 0;
    if (x <= 0 || n < 0) {
        *ierr = 1;
        return 0;
    }
    int nx = 1021;                          /* min(-I1MACH(15), I1MACH(16)) */
    double r1m5 = log10(2.0);               /* D1MACH(5) */
    double r1m4 = DBL_EPSILON * 0.5;        /* D1MACH(4) * 0.5 */
    double wdtol = r1m4 > 0.5e-18 ? r1m4 : 0.5e-18;
    double elim = 2.302 * ((double) nx * r1m5 - 3.0);
    double xln = log(x);
    int nn = n, fn = nn;
    double t = ((double) fn + 1.0) * xln;
    if (fabs(t) > elim) {
        if (t > 0)
            return 0;                       /* underflow: NZ = 1, ANS = 0 */
        *ierr = 2;
        return 0;
    }
    if (x < wdtol)
        return dfg_powi_(x, -n - 1);
    double rln = r1m5 * 53;                 /* I1MACH(14) */
    rln = rln < 18.06 ? rln : 18.06;
    double fln = (rln > 3.0 ? rln : 3.0) - 3.0;
    double yint = 3.50 + 0.40 * fln;
    double slope = 0.21 + fln * (0.0006038 * fln + 0.008677);
    double xm = yint + slope * (double) fn;
    int mx = (int) xm + 1;
    double xmin = mx;
    xm = -2.302 * rln - (xln < 0.0 ? xln : 0.0);
    double arg = xm / (double) n;
    arg = arg < 0.0 ? arg : 0.0;
    double eps = exp(arg);
    xm = 1.0 - eps;
    if (fabs(arg) < 1.0e-3)
        xm = -arg;
    fln = x * xm / eps;
    xm = xmin - x;
    if (xm > 7.0 && fln < 15.0) {           /* series sum (x + k)^-(n+1) */
        int terms = (int) fln + 1;
        double t1 = ((double) n + 1.0) * xln, s = exp(-t1), den = x;
        for (int i = 1; i <= terms; i++) {
            den = den + 1.0;
            s = s + dfg_powi_(den, -n - 1);
        }
        return s;
    }
    double xdmy = x, xdmln = xln, xinc = 0.0;
    if (x < xmin) {
        nx = (int) x;
        xinc = xmin - (double) nx;
        xdmy = x + xinc;
        xdmln = log(xdmy);
    }
    /* asymptotic expansion at xdmy */
    t = (double) fn * xdmln;
    double t1 = xdmln + xdmln, t2 = t + xdmln;
    double tk = fabs(t);
    if (fabs(t1) > tk) tk = fabs(t1);
    if (fabs(t2) > tk) tk = fabs(t2);
    if (tk > elim)
        return 0;                           /* NZ = 1, ANS = 0 */
    double tss = exp(-t), tt = 0.5 / xdmy;
    t1 = tt;
    double tst = wdtol * tt;
    if (nn != 0)
        t1 = tt + 1.0 / (double) fn;
    double rxsq = 1.0 / (xdmy * xdmy), ta = 0.5 * rxsq;
    t = ((double) fn + 1.0) * ta;
    double s = t * BD[3];
    if (!(fabs(s) < tst)) {
        tk = 2.0;
        for (int k = 4; k <= 22; k++) {
            t = t * ((tk + (double) fn + 1.0) / (tk + 1.0))
                  * ((tk + (double) fn) / (tk + 2.0)) * rxsq;
            double trm = t * BD[k];
            if (fabs(trm) < tst)
                break;
            s = s + trm;
            tk = tk + 2.0;
        }
    }
    s = (s + t1) * tss;
    if (xinc != 0.0) {                      /* backward recurrence to x */
        nx = (int) xinc;
        if (nx > nmax) {
            *ierr = 3;
            return 0;
        }
        xm = xinc - 1.0;
        double fx = x + xm;
        for (int i = 1; i <= nx; i++) {
            s = s + dfg_powi_(fx, -nn - 1);
            xm = xm - 1.0;
            fx = x + xm;
        }
    }
    return s;
}

/* PSIFN, DPSIFN's single-precision twin */
DFG_HD float dfg_psifn_f(float x, int n, int * ierr)
{
    const float BF[23] = DFG_PSI_BERNOULLI(f);
    const int nmax = 100;
    *ierr = 0;
    if (x <= 0 || n < 0) {
        *ierr = 1;
        return 0;
    }
    int nx = 125;                           /* min(-I1MACH(12), I1MACH(13)) */
    float r1m5 = log10f(2.0f);              /* R1MACH(5) */
    float r1m4 = FLT_EPSILON * 0.5f;        /* R1MACH(4) * 0.5 */
    float wdtol = r1m4 > 0.5e-18f ? r1m4 : 0.5e-18f;
    float elim = 2.302f * ((float) nx * r1m5 - 3.0f);
    float xln = logf(x);
    int nn = n;
    float fn = (float) nn, fnp = fn + 1.0f;
    float t = fnp * xln;
    if (fabsf(t) > elim) {
        if (t > 0)
            return 0;
        *ierr = 2;
        return 0;
    }
    if (x < wdtol)
        return dfg_powi_f(x, -n - 1);
    float rln = r1m5 * 24.0f;               /* I1MACH(11) */
    rln = rln < 18.06f ? rln : 18.06f;
    float fln = (rln > 3.0f ? rln : 3.0f) - 3.0f;
    float yint = 3.50f + 0.40f * fln;
    float slope = 0.21f + fln * (0.0006038f * fln + 0.008677f);
    float xm = yint + slope * fn;
    int mx = (int) xm + 1;
    float xmin = (float) mx;
    xm = -2.302f * rln - (xln < 0.0f ? xln : 0.0f);
    float fns = (float) n;
    float arg = xm / fns;
    arg = arg < 0.0f ? arg : 0.0f;
    float eps = expf(arg);
    xm = 1.0f - eps;
    if (fabsf(arg) < 1.0e-3f)
        xm = -arg;
    fln = x * xm / eps;
    xm = xmin - x;
    if (xm > 7.0f && fln < 15.0f) {
        int terms = (int) fln + 1;
        float t1 = (fns + 1.0f) * xln, s = expf(-t1), den = x;
        for (int i = 1; i <= terms; i++) {
            den = den + 1.0f;
            s = s + dfg_powi_f(den, -n - 1);
        }
        return s;
    }
    float xdmy = x, xdmln = xln, xinc = 0.0f;
    if (x < xmin) {
        nx = (int) x;
        xinc = xmin - (float) nx;
        xdmy = x + xinc;
        xdmln = logf(xdmy);
    }
    t = fn * xdmln;
    float t1 = xdmln + xdmln, t2 = t + xdmln;
    float tk = fabsf(t);
    if (fabsf(t1) > tk) tk = fabsf(t1);
    if (fabsf(t2) > tk) tk = fabsf(t2);
    if (tk > elim)
        return 0;
    float tss = expf(-t), tt = 0.5f / xdmy;
    t1 = tt;
    float tst = wdtol * tt;
    if (nn != 0)
        t1 = tt + 1.0f / fn;
    float rxsq = 1.0f / (xdmy * xdmy), ta = 0.5f * rxsq;
    t = fnp * ta;
    float s = t * BF[3];
    if (!(fabsf(s) < tst)) {
        tk = 2.0f;
        for (int k = 4; k <= 22; k++) {
            t = t * ((tk + fn + 1.0f) / (tk + 1.0f))
                  * ((tk + fn) / (tk + 2.0f)) * rxsq;
            float trm = t * BF[k];
            if (fabsf(trm) < tst)
                break;
            s = s + trm;
            tk = tk + 2.0f;
        }
    }
    s = (s + t1) * tss;
    if (xinc != 0.0f) {
        nx = (int) xinc;
        if (nx > nmax) {
            *ierr = 3;
            return 0;
        }
        xm = xinc - 1.0f;
        float fx = x + xm;
        for (int i = 1; i <= nx; i++) {
            s = s + dfg_powi_f(fx, -nn - 1);
            xm = xm - 1.0f;
            fx = x + xm;
        }
    }
    return s;
}

/* Octave's xpsi (n, z) around the Fortran: unscale, map the error codes
 * (overflow -> -Inf, bad input or too many steps -> NaN) */
DFG_HD double dfg_polygamma_(int k, double x)
{
    int ierr;
    if (isnan(x))                          /* NaN all through the Fortran */
        return x;
    double ans = dfg_dpsifn_(x, k, &ierr);
    if (ierr == 0)
        return k > 1 ? ans / (pow(-1.0, (double) k + 1.0) / tgamma((double) k + 1.0)) : ans;
    return ierr == 2 ? -INFINITY : NAN;
}

DFG_HD float dfg_polygamma_f(int k, float x)
{
    int ierr;
    if (isnan(x))
        return x;
    float ans = dfg_psifn_f(x, k, &ierr);
    if (ierr == 0)
        return k > 1 ? (float) ((double) ans / (pow(-1.0, (double) k + 1.0) /
                                               tgamma((double) k + 1.0)))
                     : ans;
    return ierr == 2 ? -INFINITY : NAN;
}

/* psi (k, x): digamma (k == 0) or polygamma; psi_bad: the domain error of
 * dfg.psi (x < 0 with k > 0, "Z must be non-negative for polygamma") */
DFG_HD double dfg_psi_(int k, double x) { return k == 0 ? dfg_digamma_(x) : dfg_polygamma_(k, x); }
DFG_HD float dfg_psi_f(int k, float x)  { return k == 0 ? dfg_digamma_f(x) : dfg_polygamma_f(k, x); }
DFG_HD int dfg_psi_bad_(int k, double x) { return k > 0 && x < 0; }
DFG_HD int dfg_psi_bad_f(int k, float x) { return k > 0 && x < 0; }

/* ---- counter-based uniform random numbers (dfg.rand) ---------------------
 * One key per (seed, stream, counter); element i's number is mix64 (key +
 * (i + 1) * golden ratio): splitmix64's own sequence from that key, so
 * any element is computed on its own (one GPU thread each) and the
 * numbers never depend on who computes which.  kernels/cpu/elementwise.c
 * (dfg_cpu_rand) and kernels/cuda/elementwise.cu fill with these. */

/* splitmix64's finaliser: a bijection of 64-bit words that mixes every bit */
DFG_HD uint64_t dfg_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* the counter dfg.rand accepts: a non-negative integer below 2^53 */
DFG_HD int dfg_rand_counter_ok(double counter)
{
    return counter >= 0 && counter < 9007199254740992.0 && counter == floor(counter);
}

/* the key of (seed, stream, counter); counter as dfg_rand_counter_ok */
DFG_HD uint64_t dfg_rand_key(uint64_t seed, uint64_t stream, double counter)
{
    return dfg_mix64(dfg_mix64(dfg_mix64(seed ^ 0x6A09E667F3BCC909ull) +
                               stream * 0xBB67AE8584CAA73Bull) +
                     (uint64_t)counter * 0x9E3779B97F4A7C15ull);
}

/* element i's number in [0, 1): the top 53 (double) or 24 (single) bits */
DFG_HD double dfg_rand_elem_(uint64_t key, int64_t i)
{
    return (double)(dfg_mix64(key + (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ull) >> 11) *
           1.1102230246251565e-16;                                        /* 2^-53 */
}

DFG_HD float dfg_rand_elem_f(uint64_t key, int64_t i)
{
    return (float)(dfg_mix64(key + (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ull) >> 40) *
           5.9604645e-08f;                                                /* 2^-24 */
}

#undef DFG_ELEM_SCALARS
#endif
