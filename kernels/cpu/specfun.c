/* kernels/cpu/specfun.c -- the incomplete gamma and beta functions as
 * Octave 7.3's gammainc.m and betainc.m compute them (issue 22), element
 * by element with broadcasting operands (betainc below).
 *
 * gammainc.m chooses a method per element (its "cases"): the special
 * values (x or a 0 or Inf), a == 1 (expm1 / exp), integer 1 < a <= 18 with
 * 0.1 <= |x| <= 36 (the closed finite sum), the series of Numerical
 * Recipes 6.2.5 for x < a - 0.25, x < 0 or |x| < 1 (with a + 2 and the
 * recurrence for 0 < a < 2, x < 0), else Lentz's continued fraction
 * (libinterp's __gammainc__: tiny = 2^-100, eps, at most 200 terms); the
 * scale exp(-x) x^a / Gamma(a+1) is its subfunction D (Knusel's asymptotic
 * log-gamma above a = 10).  Each of those is written here for one element
 * in the same order of operations, so double results are Octave's
 * (a .^ 3 as a * a * a, as Octave's elem_xpow for arrays); single in
 * single arithmetic, as Octave's (GI_FUNCS below).
 *
 * One decision is Octave's for the whole array: gammainc_a1 takes expm1
 * for every element with a == 1 only when all of them have |x| < 1/2.
 *
 * Octave refuses a < 0 (an error here too) and gives complex values for
 * x < 0 with a non-integer a (D's log of a negative x): dfg supports real
 * values only, so that is an error.  Sequential: each element loops a
 * data-dependent number of times (no fixed cost to cut into chunks). */
#include <float.h>
#include <math.h>
#include <string.h>
#include "cpu.h"

static const double GI_PI = 3.14159265358979323846;

enum { GI_LOWER, GI_UPPER, GI_SLOWER, GI_SUPPER };

/* One element's functions for T = double (SFX empty) and float (SFX f):
 * single in single arithmetic as Octave computes it (its double scalars
 * rounded to single first; a .^ k for integer k > 3 in double, rounded,
 * as elem_xpow for single; eps of the series the double eps; Lentz's
 * tiny and eps single's: 2^-50, FLT_EPSILON). */
#define GI_FUNCS(T, SFX, TINY, LEPS)                                               \
/* gammainc.m's D (x, a) = exp (-x) x^a / Gamma (a + 1); *cplx set where */       \
/* Octave's value is complex (x < 0, a not an integer) */                          \
static T gi_D##SFX(T x, T a, int * cplx)                                           \
{                                                                                  \
    const T athresh = 10;                                                          \
    if (x == 0)                                                                    \
        return 0;                                                                  \
    if (x > 0 && a > athresh) {                                                    \
        T a3 = a * a * a;                                                          \
        T lnGa = log##SFX((T)(2 * GI_PI) * a) / 2 + 1 / (12 * a) - 1 / (360 * a3) +  \
                 1 / (1260 * (T)pow(a, 5)) - 1 / (1680 * (T)pow(a, 7)) +           \
                 1 / (1188 * (T)pow(a, 9)) - 691 / (87360 * (T)pow(a, 11)) +       \
                 1 / (156 * (T)pow(a, 13)) - 3617 / (122400 * (T)pow(a, 15)) +     \
                 43867 / (244188 * (T)pow(a, 17)) - 174611 / (125400 * (T)pow(a, 19)); \
        T lns = a >= x ? log1p##SFX((a - x) / x) : -log1p##SFX((x - a) / a);        \
        return exp##SFX((a - x) - a * lns - lnGa);                                 \
    }                                                                              \
    if (x <= 0 || a <= athresh) {                                                  \
        if (x > 0 || x != x)                                                       \
            return exp##SFX(a * log##SFX(x) - x - lgamma##SFX(a + 1));             \
        /* log (x) = log (-x) + pi i: the real part of the complex exp */         \
        T re = a * log##SFX(-x) - x - lgamma##SFX(a + 1), im = a * (T)GI_PI;       \
        if (a != trunc##SFX(a))                                                    \
            *cplx = 1;                                                             \
        return exp##SFX(re) * cos##SFX(im);                                        \
    }                                                                              \
    return 0;       /* NaN a with x > 0: no case of D applies (Octave's 0) */      \
}                                                                                  \
                                                                                   \
/* Lentz's algorithm of __gammainc__.cc */                                         \
static T gi_lentz##SFX(T x, T a)                                                   \
{                                                                                  \
    const T tiny = TINY, eps = LEPS;                                               \
    T y = tiny, Cj = y, Dj = 0, bj = x - a + 1, aj = a, Deltaj = 0;                \
    int j = 1;                                                                     \
    while (fabs##SFX((Deltaj - 1) / y) > eps && j < 200) {                         \
        Cj = bj + aj / Cj;                                                         \
        Dj = 1 / (bj + aj * Dj);                                                   \
        Deltaj = Cj * Dj;                                                          \
        y *= Deltaj;                                                               \
        bj += 2;                                                                   \
        aj = j * (a - j);                                                          \
        j++;                                                                       \
    }                                                                              \
    return y;                                                                      \
}                                                                                  \
                                                                                   \
/* the series (gammainc_s); Octave loops while the term matters (a cap far */     \
/* past convergence where Octave would loop for ever) */                          \
static T gi_series##SFX(T x, T a, int tail, int * cplx)                            \
{                                                                                  \
    T y, term;                                                                     \
    if (tail == GI_SLOWER || tail == GI_SUPPER) {                                  \
        y = 1;                                                                     \
        term = x / (a + 1);                                                        \
    } else {                                                                       \
        y = gi_D##SFX(x, a, cplx);                                                 \
        term = y * x / (a + 1);                                                    \
    }                                                                              \
    double n = 1;                                                                  \
    for (long it = 0; fabs##SFX(term) > fabs##SFX(y) * (T)DBL_EPSILON && it < 10000000; it++) { \
        n += 1;                                                                    \
        y += term;                                                                 \
        term *= x / (a + (T)n);                                                    \
    }                                                                              \
    if (tail == GI_UPPER)                                                          \
        y = 1 - y;                                                                 \
    else if (tail == GI_SUPPER)                                                    \
        y = 1 / gi_D##SFX(x, a, cplx) - y;                                         \
    return y;                                                                      \
}                                                                                  \
                                                                                   \
static T gammainc1##SFX(T x, T a, int tail, int a1_small, int * cplx, int * neg_a) \
{                                                                                  \
    if (a < 0) {                                                                   \
        *neg_a = 1;                                                                \
        return (T)NAN;                                                             \
    }                                                                              \
    const int up = tail == GI_UPPER || tail == GI_SUPPER;                          \
    const T inf = (T)INFINITY;                                                     \
    if (x == inf && a == inf)                                                      \
        return (T)NAN;                                                             \
    if (x == 0 && a == 0)                                                          \
        return up ? 0 : 1;                                                         \
    if (x == 0)                                                                    \
        return tail == GI_LOWER ? 0 : tail == GI_SUPPER ? inf : 1;                 \
    if (x == inf)                                                                  \
        return tail == GI_LOWER ? 1 : up ? 0 : inf;                                \
    if (a == inf)                                                                  \
        return tail == GI_LOWER ? 0 : tail == GI_SUPPER ? inf : 1;                 \
    if (a == 0)                                                                    \
        return tail == GI_LOWER ? 1 : tail == GI_SLOWER ? exp##SFX(x) : 0;         \
    if (a == 1) {                                                                  \
        switch (tail) {                                                            \
        case GI_LOWER:  return a1_small ? -expm1##SFX(-x) : 1 - exp##SFX(-x);      \
        case GI_UPPER:  return exp##SFX(-x);                                       \
        case GI_SLOWER: return a1_small ? expm1##SFX(x) / x : (exp##SFX(x) - 1) / x; \
        default:        return 1 / x;                                              \
        }                                                                          \
    }                                                                              \
    if (a == trunc##SFX(a) && a > 1 && a <= 18 && x <= 36 && fabs##SFX(x) >= (T).1) { \
        T y = 1, t = 1;                                                            \
        for (double i = 1; a > i; i++) {                                           \
            t *= x / (T)i;                                                         \
            y += t;                                                                \
        }                                                                          \
        switch (tail) {                                                            \
        case GI_LOWER:  return 1 - exp##SFX(-x) * y;                               \
        case GI_UPPER:  return y * exp##SFX(-x);                                   \
        case GI_SLOWER: return (1 - exp##SFX(-x) * y) / gi_D##SFX(x, a, cplx);     \
        default:        return y * (exp##SFX(-x) / gi_D##SFX(x, a, cplx));         \
        }                                                                          \
    }                                                                              \
    int small = fabs##SFX(a) > 0 && fabs##SFX(a) < 2 && x < 0;                     \
    if (small)                                                                     \
        a += 2;                                                                    \
    int flag_s = (((x + (T)0.25 < a) || (x < 0)) && (x > -20)) || (fabs##SFX(x) < 1); \
    T y;                                                                           \
    if (flag_s)                                                                    \
        y = gi_series##SFX(x, a, tail, cplx);                                      \
    else {                                                                         \
        y = gi_lentz##SFX(x, a);                                                   \
        if (tail == GI_LOWER)                                                      \
            y = 1 - y * gi_D##SFX(x, a, cplx);                                     \
        else if (tail == GI_UPPER)                                                 \
            y *= gi_D##SFX(x, a, cplx);                                            \
        else if (tail == GI_SLOWER)                                                \
            y = 1 / gi_D##SFX(x, a, cplx) - y;                                     \
    }                                                                              \
    if (small) {                                                                   \
        if (tail == GI_LOWER)                                                      \
            y += gi_D##SFX(x, a - 1, cplx) + gi_D##SFX(x, a - 2, cplx);            \
        else if (tail == GI_UPPER)                                                 \
            y -= gi_D##SFX(x, a - 1, cplx) + gi_D##SFX(x, a - 2, cplx);            \
        else if (tail == GI_SLOWER)                                                \
            y = y * (x * x) / (a * (a - 1)) + (x / (a - 1)) + 1;                   \
        else                                                                       \
            y = y * (x * x) / (a * (a - 1)) - (x / (a - 1)) - 1;                   \
    }                                                                              \
    return y;                                                                      \
}

GI_FUNCS(double, , 0x1p-100, DBL_EPSILON)
GI_FUNCS(float, f, 0x1p-50f, FLT_EPSILON)

static double load(int dt, const void * p, int64_t i)
{
    switch (dt) {
    case DFG_DOUBLE: return ((const double *)p)[i];
    case DFG_SINGLE: return ((const float *)p)[i];
    default:         return ((const unsigned char *)p)[i];
    }
}

int dfg_cpu_gammainc(int tail, const int * dt_in, int dt_out, void * out, const void * const * in,
                     int ndim, const int64_t * dims, const int64_t (*ind)[DFG_MAX_DIMS])
{
    int64_t stride[2][DFG_MAX_DIMS], idx[DFG_MAX_DIMS] = {0}, off[2] = {0, 0};
    int64_t numel = dfg_shape_numel(ndim, dims);
    for (int k = 0; k < 2; k++) {
        int64_t s = 1;
        for (int j = 0; j < ndim; j++) {
            stride[k][j] = ind[k][j] == 1 ? 0 : s;
            s *= ind[k][j];
        }
    }
    /* gammainc_a1's "if (abs (x) < 1/2)" asks it of every element with
     * a == 1 at once (x not 0 or Inf): expm1 for all of them or for none */
    int cplx = 0, neg_a = 0, a1_small = 1;
    for (int pass = 0; pass < 2; pass++) {
        memset(idx, 0, sizeof idx);
        off[0] = off[1] = 0;
        for (int64_t i = 0; i < numel; i++) {
            double xv = load(dt_in[0], in[0], off[0]), av = load(dt_in[1], in[1], off[1]);
            if (pass == 0) {
                if (av == 1 && xv != 0 && xv != INFINITY && !(fabs(xv) < 0.5))
                    a1_small = 0;
            } else if (dt_out == DFG_SINGLE)
                ((float *)out)[i] = gammainc1f((float)xv, (float)av, tail, a1_small, &cplx, &neg_a);
            else
                ((double *)out)[i] = gammainc1(xv, av, tail, a1_small, &cplx, &neg_a);
            for (int j = 0; j < ndim; j++) {      /* the next multi-index */
                off[0] += stride[0][j];
                off[1] += stride[1][j];
                if (++idx[j] < dims[j])
                    break;
                off[0] -= stride[0][j] * dims[j];
                off[1] -= stride[1][j] * dims[j];
                idx[j] = 0;
            }
        }
    }
    if (neg_a)
        return dfg_set_error(DFG_ERR_ARG, "dfg.gammainc: A must be non-negative");
    if (cplx)
        return dfg_set_error(DFG_ERR_DOMAIN,
                             "dfg.gammainc: the result would be complex for some elements of the input (X < 0 "
                             "with a non-integer A); dfg supports real values only");
    return DFG_OK;
}

/* ---- betainc (x, a, b, tail) as Octave 7.3's betainc.m ------------------------
 * The trivial cases a == 1 or b == 1 by expm1 / log1p / pow as betainc.m
 * writes them; else the side where the continued fraction converges
 * (x <= a / (a + b); the other through I_x(a,b) = 1 - I_(1-x)(b,a)), the
 * fraction of libinterp's __betainc__ (CPVWJ 18.5.20, modified Lentz:
 * tiny 2^-100 / 2^-50, eps of the class, at most 200 terms), and the
 * prefactor exp (a log x + b log1p (-x) + lgamma (a+b) - lgamma (a) -
 * lgamma (b) + log f) (real part: a negative f gives -exp).  Single in
 * single arithmetic. */
#define BI_FUNCS(T, SFX, TINY, LEPS)                                               \
static T bi_lentz##SFX(T xj, T aj, T bj)                                           \
{                                                                                  \
    const T tiny = TINY, eps = LEPS;                                               \
    T y = tiny, Cj = y, Dj = 0, Deltaj = 0, alpha_j = 1;                           \
    T beta_j = aj - (aj * (aj + bj)) / (aj + 1) * xj, x2 = xj * xj;                \
    int j = 1;                                                                     \
    while (fabs##SFX(Deltaj - 1) > eps && j < 200) {                               \
        Dj = beta_j + alpha_j * Dj;                                                \
        if (Dj == 0)                                                               \
            Dj = tiny;                                                             \
        Cj = beta_j + alpha_j / Cj;                                                \
        if (Cj == 0)                                                               \
            Cj = tiny;                                                             \
        Dj = 1 / Dj;                                                               \
        Deltaj = Cj * Dj;                                                          \
        y *= Deltaj;                                                               \
        alpha_j = ((aj + j - 1) * (aj + bj + j - 1) * (bj - j) * j) /              \
                  ((aj + 2 * j - 1) * (aj + 2 * j - 1)) * x2;                      \
        beta_j = aj + 2 * j + ((j * (bj - j)) / (aj + 2 * j - 1) -                 \
                               ((aj + j) * (aj + bj + j)) / (aj + 2 * j + 1)) * xj; \
        j++;                                                                       \
    }                                                                              \
    return y;                                                                      \
}                                                                                  \
                                                                                   \
static T betainc1##SFX(T x, T a, T b, int upper)                                   \
{                                                                                  \
    if (a == 1 || b == 1) {                                                        \
        if (a == 1 && b == 1)                                                      \
            return upper ? 1 - x : x;                                              \
        if (a == 1)                                                                \
            return upper ? exp##SFX(log1p##SFX(-x) * b) : -expm1##SFX(log1p##SFX(-x) * b); \
        return upper ? -expm1##SFX(log##SFX(x) * a) : pow##SFX(x, a);              \
    }                                                                              \
    int fflag;                                                                     \
    if (!upper) {                                                                  \
        fflag = x > a / (a + b);                                                   \
        if (fflag) {                                                               \
            T t = a;                                                               \
            x = 1 - x;                                                             \
            a = b;                                                                 \
            b = t;                                                                 \
        }                                                                          \
    } else {                                                                       \
        fflag = x < (a / (a + b));                                                 \
        if (!fflag) {                                                              \
            T t = a;                                                               \
            x = 1 - x;                                                             \
            a = b;                                                                 \
            b = t;                                                                 \
        }                                                                          \
    }                                                                              \
    T f = bi_lentz##SFX(x, a, b);                                                  \
    T lf = f < 0 ? log##SFX(-f) : log##SFX(f);                                     \
    T y = a * log##SFX(x) + b * log1p##SFX(-x) +                                   \
          (lgamma##SFX(a + b) - lgamma##SFX(a) - lgamma##SFX(b)) + lf;             \
    y = f < 0 ? -exp##SFX(y) : exp##SFX(y);                                        \
    return fflag ? 1 - y : y;                                                      \
}

BI_FUNCS(double, , 0x1p-100, DBL_EPSILON)
BI_FUNCS(float, f, 0x1p-50f, FLT_EPSILON)

int dfg_cpu_betainc(int upper, const int * dt_in, int dt_out, void * out, const void * const * in,
                    int ndim, const int64_t * dims, const int64_t (*ind)[DFG_MAX_DIMS])
{
    int64_t stride[3][DFG_MAX_DIMS], idx[DFG_MAX_DIMS] = {0}, off[3] = {0, 0, 0};
    int64_t numel = dfg_shape_numel(ndim, dims);
    for (int k = 0; k < 3; k++) {
        int64_t s = 1;
        for (int j = 0; j < ndim; j++) {
            stride[k][j] = ind[k][j] == 1 ? 0 : s;
            s *= ind[k][j];
        }
    }
    /* betainc.m checks every element first: X in [0, 1], A and B > 0 */
    int bad_x = 0, bad_a = 0, bad_b = 0;
    for (int pass = 0; pass < 2; pass++) {
        memset(idx, 0, sizeof idx);
        off[0] = off[1] = off[2] = 0;
        for (int64_t i = 0; i < numel; i++) {
            double xv = load(dt_in[0], in[0], off[0]), av = load(dt_in[1], in[1], off[1]),
                   bv = load(dt_in[2], in[2], off[2]);
            if (pass == 0) {
                bad_x |= xv < 0 || xv > 1;
                bad_a |= av <= 0;
                bad_b |= bv <= 0;
            } else if (dt_out == DFG_SINGLE)
                ((float *)out)[i] = betainc1f((float)xv, (float)av, (float)bv, upper);
            else
                ((double *)out)[i] = betainc1(xv, av, bv, upper);
            for (int j = 0; j < ndim; j++) {
                for (int k = 0; k < 3; k++)
                    off[k] += stride[k][j];
                if (++idx[j] < dims[j])
                    break;
                for (int k = 0; k < 3; k++)
                    off[k] -= stride[k][j] * dims[j];
                idx[j] = 0;
            }
        }
        if (pass == 0 && (bad_x || bad_a || bad_b))
            return dfg_set_error(DFG_ERR_ARG, "dfg.betainc: %s", bad_x ? "X must be in the range [0, 1]"
                                 : bad_a ? "A must be strictly positive" : "B must be strictly positive");
    }
    return DFG_OK;
}
