/* kernels/cpu/special.c -- special functions with GNU Octave 7.3's values.
 *
 * psi (digamma and polygamma).  Octave computes the two with different code
 * (liboctave/numeric/lo-specfun.cc, libinterp/corefcn/psi.cc), and so do we,
 * step for step, so that results agree to the last bit or within a few ulps:
 *
 *  - k == 0, digamma (math::psi (z)): -Inf at 0 and the negative integers;
 *    the reflection psi (1 - z) - pi / tan (pi z) for other z < 0; for
 *    positive integers and half-integers the finite sums of Abramowitz and
 *    Stegun 6.3.2-4; otherwise upward recurrence to z >= 10 and the
 *    asymptotic series (10 terms).  Single input runs the same algorithm in
 *    float, with the sums and the reflection evaluated in double and rounded
 *    to float after each step, as the C++ template does.
 *  - k >= 1, polygamma (math::psi (k, z)): the SLATEC routine DPSIFN (D. E.
 *    Amos, ACM TOMS 610) for double and its single-precision twin PSIFN for
 *    single, with M = 1, KODE = 1, then Octave's rescaling by
 *    (-1)^(k+1) / gamma (k + 1).  Error codes map as Octave maps them:
 *    overflow (x too small) -> -Inf, bad input (x == 0) or too many
 *    recurrence steps (very large k) -> NaN.
 *
 * The machine constants of SLATEC's I1MACH / D1MACH / R1MACH are those of
 * Octave's LAPACK-based versions for IEEE double and single.  Fortran's
 * REAL ** INTEGER is the repeated squaring of libgcc's __powidf2 and
 * __powisf2 (powi_d / powi_f below).
 *
 * Bit-identity relies on IEEE double/float evaluation without contraction
 * into FMA (the Makefile's -std=c11 implies -ffp-contract=off with GCC).
 *
 * One deliberate departure, where Octave is impractical: the sums of A&S
 * 6.3.2 and 6.3.3 take one step per unit of z (Octave needs a second for
 * psi (1e9), hours for psi (1e13)).  Above PSI_SUM_MAX the double kernel
 * uses the asymptotic series instead, which is accurate to an ulp or so;
 * Octave's sum drifts from it by its own rounding, measured at 4e-15
 * relative just above 2^20, 2e-14 at 1e7, 1.4e-13 at 1e10.  In single
 * precision the sums stay exactly Octave's at any size: terms below half an
 * ulp of the running float sum leave it unchanged, so integer sums from
 * above 2^25 all equal one constant, and half-integers end at 2^23.  For
 * z - 1 >= 2^63 (and z = +Inf) Octave's loop counter overflows to a negative
 * value and it returns -euler_gamma; the kernel returns the same. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include "cpu.h"

static const double EULER = 0.577215664901532860606512090082402431042;
static const double PI = 3.14159265358979323846;
static const double TWO63 = 9223372036854775808.0;

/* Octave's integer and half-integer sums are run term by term up to this
 * many terms (about a millisecond per element); larger z use the series. */
#define PSI_SUM_MAX ((int64_t) 1 << 20)

/* Octave's single-precision sum for A&S 6.3.2 with 2^25 terms (the value
 * of psi (single (z)) for every integer z > 2^25 below 2^63). */
#define PSI_F_SUM25 0x1.1553acp+4f

/* Coefficients of the asymptotic series (Octave's dg_coeff). */
static const double DG[10] = {
    -0.83333333333333333e-1, 0.83333333333333333e-2,
    -0.39682539682539683e-2, 0.41666666666666667e-2,
    -0.75757575757575758e-2, 0.21092796092796093e-1,
    -0.83333333333333333e-1, 0.4432598039215686,
    -0.3053954330270122e+1,  0.125318899521531e+2
};
static const float DGF[10] = {
    -0.83333333333333333e-1f, 0.83333333333333333e-2f,
    -0.39682539682539683e-2f, 0.41666666666666667e-2f,
    -0.75757575757575758e-2f, 0.21092796092796093e-1f,
    -0.83333333333333333e-1f, 0.4432598039215686f,
    -0.3053954330270122e+1f,  0.125318899521531e+2f
};

/* ---- digamma, double ------------------------------------------------------ */
static double series_d(double zc)
{
    double overz2 = 1.0 / (zc * zc), overz2k = overz2, p = 0;
    for (int k = 0; k < 10; k++, overz2k *= overz2)
        p += DG[k] * overz2k;
    p += log(zc) - 0.5 / zc;
    return p;
}

static double digamma_d(double z)
{
    int is_int = floor(z) == z;
    double p = 0;
    if (z <= 0) {
        if (is_int)
            return -INFINITY;
        return digamma_d(1 - z) - (PI / tan(PI * z));
    }
    if (is_int) {
        double top = z - 1;
        if (!(top < TWO63))              /* Octave's counter overflows */
            return -EULER;
        if (top > PSI_SUM_MAX)
            return series_d(z);
        p = -EULER;
        for (int64_t k = (int64_t) top; k > 0; k--)
            p += 1.0 / (double) k;
        return p;
    }
    if (floor(z + 0.5) == z + 0.5) {
        if (z > PSI_SUM_MAX)
            return series_d(z);
        for (int64_t k = (int64_t) z; k > 0; k--)
            p += 1.0 / (double) (2 * k - 1);
        return -EULER - 2 * log(2.0) + 2 * p;
    }
    double zc = z;
    if (z < 10) {
        int n = (int) (10 - z);
        for (int k = n - 1; k >= 0; k--)
            p -= 1.0 / (k + z);
        zc += n;
    }
    return p + series_d(zc);
}

/* ---- digamma, single ------------------------------------------------------ */
static float series_f(float zc)
{
    float overz2 = 1.0f / (zc * zc), overz2k = overz2, p = 0;
    for (int k = 0; k < 10; k++, overz2k *= overz2)
        p += DGF[k] * overz2k;
    p += logf(zc) - 0.5f / zc;
    return p;
}

static float digamma_f(float z)
{
    int is_int = floorf(z) == z;
    float p = 0;
    if (z <= 0) {
        if (is_int)
            return -INFINITY;
        return (float) ((double) digamma_f(1 - z) - (PI / tan(PI * (double) z)));
    }
    if (is_int) {
        float top = z - 1;
        if (!(top < (float) TWO63))
            return (float) -EULER;
        /* p starts at -0.577..; while |p| is in [0.5, 1) a term below 2^-25
         * (half its ulp) leaves the float sum unchanged, so every sum from
         * k >= 2^25 is the sum from 2^25 down, PSI_F_SUM25 */
        if (top >= 33554432.0f)
            return PSI_F_SUM25;
        p = (float) -EULER;
        for (int64_t k = (int64_t) top; k > 0; k--)
            p = (float) ((double) p + 1.0 / (double) k);
        return p;
    }
    if (floorf(z + 0.5f) == z + 0.5f) {   /* only below 2^23 in single */
        for (int64_t k = (int64_t) z; k > 0; k--)
            p = (float) ((double) p + 1.0 / (double) (2 * k - 1));
        return (float) (-EULER - 2 * log(2.0) + (double) (2 * p));
    }
    float zc = z;
    if (z < 10) {
        int n = (int) (10 - z);
        for (int k = n - 1; k >= 0; k--)
            p = (float) ((double) p - 1.0 / (double) ((float) k + z));
        zc += (float) n;
    }
    return p + series_f(zc);
}

/* ---- polygamma: SLATEC DPSIFN / PSIFN with M = 1, KODE = 1 ----------------
 * Return *ierr as the Fortran does (0 ok, 1 bad input, 2 overflow, 3 too
 * many recurrence steps) and the scaled value (-1)^(n+1) / n! * psi(n, x). */

/* libgcc's __powidf2 / __powisf2 (Fortran REAL ** INTEGER). */
static double powi_d(double x, int m)
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

static float powi_f(float x, int m)
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

/* Bernoulli numbers B(1..22) of DPSIFN (index 0 unused here: b[k] = B(k)). */
#define BERNOULLI(S) { 0, \
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
static const double BD[23] = BERNOULLI();
static const float BF[23] = BERNOULLI(f);

static double dpsifn(double x, int n, int * ierr)
{
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
        return powi_d(x, -n - 1);
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
            s = s + powi_d(den, -n - 1);
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
            s = s + powi_d(fx, -nn - 1);
            xm = xm - 1.0;
            fx = x + xm;
        }
    }
    return s;
}

static float psifn(float x, int n, int * ierr)
{
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
        return powi_f(x, -n - 1);
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
            s = s + powi_f(den, -n - 1);
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
            s = s + powi_f(fx, -nn - 1);
            xm = xm - 1.0f;
            fx = x + xm;
        }
    }
    return s;
}

/* Octave's xpsi (n, z) around the Fortran: unscale, map the error codes. */
static double polygamma_d(int k, double x)
{
    int ierr;
    if (isnan(x))                          /* NaN all through the Fortran */
        return x;
    double ans = dpsifn(x, k, &ierr);
    if (ierr == 0)
        return k > 1 ? ans / (pow(-1.0, (double) k + 1.0) / tgamma((double) k + 1.0)) : ans;
    return ierr == 2 ? -INFINITY : NAN;
}

static float polygamma_f(int k, float x)
{
    int ierr;
    if (isnan(x))
        return x;
    float ans = psifn(x, k, &ierr);
    if (ierr == 0)
        return k > 1 ? (float) ((double) ans / (pow(-1.0, (double) k + 1.0) /
                                               tgamma((double) k + 1.0)))
                     : ans;
    return ierr == 2 ? -INFINITY : NAN;
}

/* out[a..b) = psi(k, in[a..b)); the domain was checked. */
static void psi_range(int dt, int k, void * out, const void * in, int64_t a, int64_t b)
{
    if (dt == DFG_DOUBLE) {
        const double * x = in;
        double * o = out;
        for (int64_t i = a; i < b; i++)
            o[i] = k == 0 ? digamma_d(x[i]) : polygamma_d(k, x[i]);
    } else {
        const float * x = in;
        float * o = out;
        for (int64_t i = a; i < b; i++)
            o[i] = k == 0 ? digamma_f(x[i]) : polygamma_f(k, x[i]);
    }
}

typedef struct psi_job {
    int dt, k;
    void * out;
    const void * in;
    int64_t n, chunk;
} psi_job;

static void psi_part(void * ctx, int t)
{
    psi_job * j = ctx;
    const int64_t a = t * j->chunk, b = a + j->chunk < j->n ? a + j->chunk : j->n;
    if (a < b)
        psi_range(j->dt, j->k, j->out, j->in, a, b);
}

int dfg_cpu_psi(int dt, int k, void * out, const void * in, int64_t n)
{
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.psi: Z must be a floating point");
    if (k < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.psi: K must be non-negative");
    if (n < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.psi: negative element count");
    if (k > 0) {
        int bad = 0;
        if (dt == DFG_DOUBLE)
            for (int64_t i = 0; i < n; i++)
                bad |= ((const double *)in)[i] < 0;
        else
            for (int64_t i = 0; i < n; i++)
                bad |= ((const float *)in)[i] < 0;
        if (bad)
            return dfg_set_error(DFG_ERR_DOMAIN, "dfg.psi: Z must be "
                                 "non-negative for polygamma (K > 0)");
    }
    /* a few dozen flops per element: worth threads sooner than a plain op */
    int nt = dfg_threads_for(n * 16);
    if (nt <= 1) {
        psi_range(dt, k, out, in, 0, n);
        return DFG_OK;
    }
    psi_job j = {dt, k, out, in, n, dfg_par_chunk(n, nt, 64)};
    dfg_par_run(nt, psi_part, &j);
    return DFG_OK;
}
