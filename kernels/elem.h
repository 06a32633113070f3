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

#include <math.h>
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
