/* kernels/cpu/matfun.c -- primary matrix functions of a square real
 * matrix: expm, sqrtm, logm, following GNU Octave 7.3 (expm.m: Pade with
 * balancing and scaling and squaring; the sqrtm builtin: Higham's Schur
 * method; logm.m: inverse scaling and squaring on the complex Schur form
 * with Pade partial fractions).  Contracts are in kernels/cpu/cpu.h.
 *
 * Numerics:
 *  - every function is computed in double; a single input is widened and
 *    its result rounded to single.  Octave computes single in single
 *    precision, so single results agree with Octave's to single rounding
 *    times the condition of the function (not bitwise);
 *  - the decisions Octave makes on values (expm's squaring count from
 *    log2 (norm (A, Inf)), sqrtm's triangular test, logm's iteration and
 *    Pade degree) are made the same way, with the class's eps in the
 *    tolerances that use it;
 *  - sqrtm and logm go through the complex Schur form (LAPACK zgees; Octave
 *    uses zgeesx without condition numbers: the same reduction).  dfg's
 *    tensors are real: where Octave's result is complex (sqrtm: the
 *    imaginary part's 1-norm above 10 n eps norm (A, 1); logm: a negative
 *    real eigenvalue, Octave's non-principal logarithm) the kernel fails
 *    with DFG_ERR_DOMAIN (dfg:complexResult) instead of returning the real
 *    part;
 *  - sqrtm of a singular matrix warns as Octave ("sqrtm: matrix is
 *    singular, may not have a square root", Octave:sqrtm:SingularMatrix),
 *    when the plan runs.
 * Scratch comes from dfg_malloc and is freed on every path; inputs are
 * never written. */
#include <cblas.h>
#include <complex.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "cpu.h"

typedef double complex zc;
typedef const int cint;

void dgebal_(const char *, cint *, double *, cint *, int *, int *, double *, int *, size_t);
void zgees_(const char *, const char *, void *, cint *, zc *, cint *, int *, zc *, zc *, cint *,
            zc *, cint *, double *, int *, int *, size_t, size_t);
void dsyev_(const char *, const char *, cint *, double *, cint *, double *, double *, cint *,
            int *, size_t, size_t);

static void * nalloc(int64_t count, size_t size)
{
    if (count < 1)
        count = 1;
    if ((uint64_t)count > SIZE_MAX / size)
        return NULL;
    return dfg_malloc((size_t)count * size);
}

static void drop(void * p)
{
    if (p)
        dfg_free(p);
}

static int check(const char * fn, int dt, int64_t n)
{
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_set_error(DFG_ERR_DTYPE, "%s: only double and single matrices are supported", fn);
    if (n < 0 || n > 46340)   /* n * n within LAPACK's int */
        return dfg_set_error(DFG_ERR_ARG, "%s: dimension %lld outside what LAPACK can take", fn,
                             (long long)n);
    return DFG_OK;
}

/* x (dt) widened to double */
static void widen(int dt, const void * a, double * x, int64_t count)
{
    for (int64_t i = 0; i < count; i++)
        x[i] = dt == DFG_DOUBLE ? ((const double *)a)[i] : ((const float *)a)[i];
}

/* x rounded to dt into out */
static void narrow(int dt, const double * x, void * out, int64_t count)
{
    for (int64_t i = 0; i < count; i++) {
        if (dt == DFG_DOUBLE)
            ((double *)out)[i] = x[i];
        else
            ((float *)out)[i] = (float)x[i];
    }
}

static double eps_of(int dt)
{
    return dt == DFG_DOUBLE ? DBL_EPSILON : FLT_EPSILON;
}

/* 1 when the off-diagonal part of the n x n a is all zero (Octave's isdiag) */
static int is_diag(int64_t n, const double * a)
{
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++)
            if (i != j && a[i + n * j] != 0)
                return 0;
    return 1;
}

/* c = a * b, n x n, double */
static void mm(int64_t n, const double * a, const double * b, double * c)
{
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0, a, (int)n, b,
                (int)n, 0.0, c, (int)n);
}

/* ---- expm ------------------------------------------------------------------ */

/* expm.m of Octave 7.3 for n >= 2 on x (double, overwritten); dt is the
 * class of the input.  LAPACK's xGEBAL refuses a NaN in the part of the
 * matrix its permutations leave to scale (INFO = -3: Octave 7.3 fails with
 * "Fortran procedure terminated by call to XERBLA"); dfg finds that part
 * with a permutation-only xGEBAL first and fails the same way, without
 * the call that would reach xerbla (which prints, or in Octave throws). */
static int expm_core(int dt, int64_t n, double * x, double * r)
{
    static const double c[8] = {5.0000000000000000e-1, 1.1666666666666667e-1, 1.6666666666666667e-2,
                                1.6025641025641026e-3, 1.0683760683760684e-4, 4.8562548562548563e-6,
                                1.3875013875013875e-7, 1.9270852604185938e-9};
    int64_t nn = n * n;
    int ni = (int)n, ilo = 1, ihi = ni, info = 0, s = DFG_ERR_NOMEM;
    double * scale = nalloc(n, sizeof *scale), * a2 = nalloc(nn, sizeof *a2);
    double * px = nalloc(nn, sizeof *px), * py = nalloc(nn, sizeof *py), * t = nalloc(nn, sizeof *t);
    int * pv = nalloc(n, sizeof *pv);
    if (!scale || !a2 || !px || !py || !t || !pv)
        goto done;
    for (int64_t i = 0; i < nn; i++)           /* A(A == -Inf) = -realmax () */
        if (x[i] == -INFINITY)
            x[i] = dt == DFG_DOUBLE ? -DBL_MAX : -FLT_MAX;
    double tr = 0;
    for (int64_t i = 0; i < n; i++)
        tr += x[i + n * i];
    double trshift = tr / (double)n;
    if (trshift > 0)
        for (int64_t i = 0; i < n; i++)
            x[i + n * i] -= trshift;
    /* [d, p, aa] = balance (A): xGEBAL "B", Octave's aepbalance vectors */
    memcpy(t, x, (size_t)nn * sizeof *t);
    dgebal_("P", &ni, t, &ni, &ilo, &ihi, scale, &info, 1);
    int inf = 0;
    for (int64_t j = ilo - 1; j < ihi; j++)
        for (int64_t i = ilo - 1; i < ihi; i++) {
            if (isnan(t[i + n * j])) {
                s = dfg_set_error(DFG_ERR_ARG, "expm: a NaN that balancing cannot set aside (Octave 7.3: "
                                  "DGEBAL: parameter number 3 is invalid; Fortran procedure terminated "
                                  "by call to XERBLA)");
                goto done;
            }
            inf = inf || isinf(t[i + n * j]);
        }
    if (inf) {
        /* an Inf there: xGEBAL's scaling can loop for ever (Octave 7.3's
         * expm hangs on some such matrices) or give NaN (Octave's result
         * where it returns, with its singular warning): NaN */
        for (int64_t i = 0; i < nn; i++)
            r[i] = NAN;
        dfg_cpu_warn_singular(0);
        s = DFG_OK;
        goto done;
    }
    dgebal_("B", &ni, x, &ni, &ilo, &ihi, scale, &info, 1);
    for (int i = 0; i < ni; i++)
        pv[i] = i;
    for (int i = ni - 1; i >= ihi; i--) {
        int j = (int)scale[i] - 1, tmp = pv[i];
        pv[i] = pv[j];
        pv[j] = tmp;
    }
    for (int i = 0; i < ilo - 1; i++) {
        int j = (int)scale[i] - 1, tmp = pv[i];
        pv[i] = pv[j];
        pv[j] = tmp;
    }
    for (int i = 0; i < ni; i++)
        if (i < ilo - 1 || i >= ihi)
            scale[i] = 1;
    /* [~, e] = log2 (norm (aa, "inf")); s = min (max (0, e), 1023) */
    double ninf = 0;
    for (int64_t i = 0; i < n; i++) {
        double rs = 0;
        for (int64_t j = 0; j < n; j++)
            rs += fabs(x[i + n * j]);
        if (isnan(rs)) {
            ninf = NAN;
            break;
        }
        if (rs > ninf)
            ninf = rs;
    }
    int e = 0;
    if (isfinite(ninf))
        frexp(ninf, &e);
    int sq = e < 0 ? 0 : e > 1023 ? 1023 : e;
    double f = ldexp(1.0, -sq);
    for (int64_t i = 0; i < nn; i++)
        x[i] *= f;
    /* Pade: x = (((c8 a2 + c6 I) a2 + c4 I) a2 + c2 I) a2 + I,
     *       y = (((c7 a2 + c5 I) a2 + c3 I) a2 + c1 I) aa */
    mm(n, x, x, a2);
    for (int64_t i = 0; i < nn; i++) {
        px[i] = c[7] * a2[i];
        py[i] = c[6] * a2[i];
    }
    for (int k = 0; k < 3; k++) {
        for (int64_t i = 0; i < n; i++) {
            px[i + n * i] += c[5 - 2 * k];
            py[i + n * i] += c[4 - 2 * k];
        }
        mm(n, px, a2, t);
        memcpy(px, t, (size_t)nn * sizeof *t);
        if (k < 2) {
            mm(n, py, a2, t);
            memcpy(py, t, (size_t)nn * sizeof *t);
        }
    }
    for (int64_t i = 0; i < n; i++)
        px[i + n * i] += 1;
    mm(n, py, x, t);                          /* y */
    for (int64_t i = 0; i < nn; i++) {
        double xv = px[i], yv = t[i];
        px[i] = xv - yv;                       /* x - y */
        py[i] = xv + yv;                       /* x + y */
    }
    /* r = (x - y) \ (x + y), Octave's mldivide */
    if ((s = dfg_cpu_mldivide(DFG_DOUBLE, n, n, n, px, py, r)) != DFG_OK)
        goto done;
    for (int k = 0; k < sq; k++) {
        mm(n, r, r, t);
        memcpy(r, t, (size_t)nn * sizeof *t);
    }
    /* d * r / d, then r(p, p) = r */
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++)
            t[pv[i] + n * pv[j]] = scale[i] * r[i + n * j] / scale[j];
    double g = trshift > 0 ? exp(trshift) : 1;
    for (int64_t i = 0; i < nn; i++)
        r[i] = trshift > 0 ? t[i] * g : t[i];
    s = DFG_OK;
done:
    drop(scale); drop(a2); drop(px); drop(py); drop(t); drop(pv);
    return s;
}

int dfg_cpu_expm(int dt, int64_t n, const void * a, void * out)
{
    int s = check("expm", dt, n);
    if (s != DFG_OK || n == 0)
        return s;
    int64_t nn = n * n;
    double * x = nalloc(nn, sizeof *x), * r = nalloc(nn, sizeof *r);
    s = DFG_ERR_NOMEM;
    if (!x || !r)
        goto done;
    widen(dt, a, x, nn);
    s = DFG_OK;
    if (n == 1 || is_diag(n, x)) {             /* exp (A), diag (exp (diag (A))) */
        memset(r, 0, (size_t)nn * sizeof *r);
        for (int64_t i = 0; i < n; i++)
            r[i + n * i] = exp(x[i + n * i]);
    } else {
        s = expm_core(dt, n, x, r);
    }
    if (s == DFG_OK)
        narrow(dt, r, out, nn);
done:
    drop(x); drop(r);
    return s;
}

/* ---- complex Schur and triangular square roots -------------------------------- */

/* sqrtm_utri_inplace of Octave's sqrtm.cc on the upper triangle of the
 * n x n t (complex when z, else real).  Returns 1 when a diagonal entry
 * is zero (Octave's singular warning). */
static int utri_sqrt_z(int64_t n, zc * t)
{
    int singular = 0;
    for (int64_t j = 0; j < n; j++) {
        zc * colj = t + n * j;
        if (colj[j] != 0)
            colj[j] = csqrt(colj[j]);
        else
            singular = 1;
        for (int64_t i = j - 1; i >= 0; i--) {
            const zc * coli = t + n * i;
            if (colj[i] != 0)                   /* 0 stays 0 (Higham's loop) */
                colj[i] /= (coli[i] + colj[j]);
            zc colji = colj[i];
            for (int64_t k = 0; k < i; k++)
                colj[k] -= coli[k] * colji;
        }
    }
    return singular;
}

static int utri_sqrt_d(int64_t n, double * t)
{
    int singular = 0;
    for (int64_t j = 0; j < n; j++) {
        double * colj = t + n * j;
        if (colj[j] != 0)
            colj[j] = sqrt(colj[j]);
        else
            singular = 1;
        for (int64_t i = j - 1; i >= 0; i--) {
            const double * coli = t + n * i;
            if (colj[i] != 0)
                colj[i] /= (coli[i] + colj[j]);
            double colji = colj[i];
            for (int64_t k = 0; k < i; k++)
                colj[k] -= coli[k] * colji;
        }
    }
    return singular;
}

/* Complex Schur form of the real n x n x: t = u' x u upper triangular
 * (t, u n x n complex, written; all NaN where zgees fails). */
static int schur_z(int64_t n, const double * x, zc * t, zc * u)
{
    int ni = (int)n, sdim = 0, info = 0, lwork = -1, s = DFG_ERR_NOMEM;
    zc wq;
    zc * w = nalloc(n, sizeof *w), * work = NULL;
    double * rwork = nalloc(n, sizeof *rwork);
    if (!w || !rwork)
        goto done;
    for (int64_t i = 0; i < n * n; i++)
        t[i] = x[i];
    zgees_("V", "N", NULL, &ni, t, &ni, &sdim, w, u, &ni, &wq, &lwork, rwork, NULL, &info, 1, 1);
    lwork = (int)creal(wq);
    if (lwork < 1)
        lwork = 1;
    if (!(work = nalloc(lwork, sizeof *work)))
        goto done;
    zgees_("V", "N", NULL, &ni, t, &ni, &sdim, w, u, &ni, work, &lwork, rwork, NULL, &info, 1, 1);
    /* Octave's schur does not look at INFO (a NaN or Inf in x): NaN */
    if (info != 0)
        for (int64_t i = 0; i < n * n; i++)
            t[i] = u[i] = NAN;
    s = DFG_OK;
done:
    drop(w); drop(work); drop(rwork);
    return s;
}

/* r = u t u' (complex n x n); scratch m n x n */
static void unschur(int64_t n, const zc * u, const zc * t, zc * m, zc * r)
{
    const zc one = 1, zero = 0;
    int ni = (int)n;
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, ni, ni, ni, &one, u, ni, t, ni, &zero, m, ni);
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasConjTrans, ni, ni, ni, &one, m, ni, u, ni, &zero, r, ni);
}

/* 1-norm (largest column sum of |.|) of the imaginary part of z */
static double imag_norm1(int64_t n, const zc * z)
{
    double best = 0;
    for (int64_t j = 0; j < n; j++) {
        double c = 0;
        for (int64_t i = 0; i < n; i++)
            c += fabs(cimag(z[i + n * j]));
        if (!(c <= best))
            best = c;
    }
    return best;
}

static int all_real(int64_t count, const zc * z)
{
    for (int64_t i = 0; i < count; i++)
        if (cimag(z[i]) != 0)
            return 0;
    return 1;
}

static double norm1(int64_t n, const double * x)
{
    double best = 0;
    for (int64_t j = 0; j < n; j++) {
        double c = 0;
        for (int64_t i = 0; i < n; i++)
            c += fabs(x[i + n * j]);
        if (!(c <= best))
            best = c;
    }
    return best;
}

static int complex_result(const char * fn, const char * why)
{
    return dfg_set_error(DFG_ERR_DOMAIN, "dfg.%s: the result is complex (%s); dfg's tensors are real "
                         "(complex results are not supported yet)", fn, why);
}

/* ---- sqrtm ------------------------------------------------------------------ */

static int all_zero(int64_t n, const double * x, int upper)
{
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++)
            if ((upper ? i > j : i < j) && x[i + n * j] != 0)
                return 0;
    return 1;
}

int dfg_cpu_sqrtm(int dt, int64_t n, const void * a, void * out)
{
    int s = check("sqrtm", dt, n);
    if (s != DFG_OK || n == 0)
        return s;
    int64_t nn = n * n;
    double * x = nalloc(nn, sizeof *x);
    zc * t = NULL, * u = NULL, * m = NULL, * r = NULL;
    if (!x)
        return DFG_ERR_NOMEM;
    widen(dt, a, x, nn);
    /* Octave's MatrixType: triangular when the other triangle is zero and
     * no diagonal entry is; real arithmetic when none is negative either */
    int diag_ok = 1, diag_nonneg = 1, singular = 0;
    for (int64_t i = 0; i < n; i++) {
        diag_ok = diag_ok && x[i + n * i] != 0;
        diag_nonneg = diag_nonneg && !(x[i + n * i] < 0);
    }
    int upper = diag_ok && all_zero(n, x, 1), lower = !upper && diag_ok && all_zero(n, x, 0);
    if ((upper || lower) && diag_nonneg) {
        if (lower)
            for (int64_t j = 0; j < n; j++)    /* transpose in place */
                for (int64_t i = j + 1; i < n; i++) {
                    double v = x[i + n * j];
                    x[i + n * j] = x[j + n * i];
                    x[j + n * i] = v;
                }
        singular = utri_sqrt_d(n, x);
        if (lower)
            for (int64_t j = 0; j < n; j++)
                for (int64_t i = j + 1; i < n; i++) {
                    double v = x[i + n * j];
                    x[i + n * j] = x[j + n * i];
                    x[j + n * i] = v;
                }
        narrow(dt, x, out, nn);
        s = DFG_OK;
        goto done;
    }
    s = DFG_ERR_NOMEM;
    if (!(t = nalloc(nn, sizeof *t)) || !(u = nalloc(nn, sizeof *u)) || !(m = nalloc(nn, sizeof *m)) ||
        !(r = nalloc(nn, sizeof *r)))
        goto done;
    if (upper || lower) {
        /* a triangular A with a negative diagonal entry: Octave takes the
         * square root of the triangle itself, in complex arithmetic, and
         * keeps the (complex) result */
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < n; i++)
                t[i + n * j] = lower ? x[j + n * i] : x[i + n * j];
        singular = utri_sqrt_z(n, t);
        s = all_real(nn, t) ? DFG_OK : complex_result("sqrtm", "A has a negative eigenvalue");
        for (int64_t j = 0; j < n && s == DFG_OK; j++)
            for (int64_t i = 0; i < n; i++)
                x[i + n * j] = creal(lower ? t[j + n * i] : t[i + n * j]);
    } else {
        double cutoff = 10 * (double)n * eps_of(dt) * norm1(n, x);
        if ((s = schur_z(n, x, t, u)) != DFG_OK)
            goto done;
        singular = utri_sqrt_z(n, t);
        unschur(n, u, t, m, r);
        double in = imag_norm1(n, r);
        if ((cutoff > 0 && in <= cutoff) || all_real(nn, r)) {
            for (int64_t i = 0; i < nn; i++)
                x[i] = creal(r[i]);
        } else {
            s = complex_result("sqrtm", "A has an eigenvalue on the negative real axis, or a NaN or Inf");
        }
    }
    if (s == DFG_OK)
        narrow(dt, x, out, nn);
done:
    if (s == DFG_OK && singular)
        dfg_set_warning_id("Octave:sqrtm:SingularMatrix", "sqrtm: matrix is singular, may not have a square root");
    drop(x); drop(t); drop(u); drop(m); drop(r);
    return s;
}

/* ---- logm ------------------------------------------------------------------- */

/* Gauss-Legendre nodes and weights on [0, 1] for m points (logm.m's
 * gauss_legendre: eig of the Jacobi matrix, xSYEV as Octave's eig) */
static int gauss_legendre(int m, double * x, double * w)
{
    double j[49] = {0}, work[64];
    int info = 0, lwork = 64;
    for (int i = 1; i < m; i++) {
        double v = i / sqrt(4.0 * i * i - 1);
        j[i + m * (i - 1)] = v;
        j[(i - 1) + m * i] = v;
    }
    dsyev_("V", "U", &m, j, &m, x, work, &lwork, &info, 1, 1);
    if (info)
        return dfg_set_error(DFG_ERR_ARG, "logm: dsyev failed");
    for (int i = 0; i < m; i++) {
        w[i] = 2 * j[m * i] * j[m * i] / 2;   /* wts /= 2 */
        x[i] = (x[i] + 1) / 2;                  /* nodes = (nodes + 1) / 2 */
    }
    return DFG_OK;
}

/* logm_pade_pf on the upper triangular s (n x n complex): sum over the
 * nodes of w_j s / (I + x_j s); b, c scratch.  The result into r. */
static int pade_pf(int64_t n, int m, const zc * s, zc * b, zc * c, zc * r)
{
    double x[7], w[7];
    int st = gauss_legendre(m, x, w), ni = (int)n;
    const zc one = 1;
    if (st)
        return st;
    for (int64_t i = 0; i < n * n; i++)
        r[i] = 0;
    for (int k = 0; k < m; k++) {
        for (int64_t i = 0; i < n * n; i++) {
            b[i] = x[k] * s[i];
            c[i] = s[i];
        }
        for (int64_t i = 0; i < n; i++)
            b[i + n * i] += 1;
        /* c = s / b: c b = s, b upper triangular */
        cblas_ztrsm(CblasColMajor, CblasRight, CblasUpper, CblasNoTrans, CblasNonUnit, ni, ni, &one, b, ni,
                    c, ni);
        for (int64_t i = 0; i < n * n; i++)
            r[i] += w[k] * c[i];
    }
    return DFG_OK;
}

static double norm1_z_minus_eye(int64_t n, const zc * s)
{
    double best = 0;
    for (int64_t j = 0; j < n; j++) {
        double c = 0;
        for (int64_t i = 0; i < n; i++)
            c += cabs(s[i + n * j] - (i == j ? 1 : 0));
        if (!(c <= best))
            best = c;
    }
    return best;
}

/* Octave's eps (x) for the class of dt: the spacing at |x| */
static double eps_at(int dt, double x)
{
    x = fabs(x);
    if (dt == DFG_SINGLE) {
        float f = (float)x;
        if (!(f >= FLT_MIN))
            return ldexp(1.0, -149);
        return nextafterf(f, INFINITY) - f;
    }
    if (!(x >= DBL_MIN))
        return ldexp(1.0, -1074);
    return nextafter(x, INFINITY) - x;
}

int dfg_cpu_logm(int dt, int64_t n, const void * a, void * out)
{
    return dfg_cpu_logm_opt(dt, n, a, 100, 100, out, NULL);
}

int dfg_cpu_logm_opt(int dt, int64_t n, const void * a, double lo, double hi, void * out, double * iters)
{
    int s = check("logm", dt, n);
    if (s != DFG_OK || n == 0)
        return s;
    int64_t nn = n * n;
    double * x = nalloc(nn, sizeof *x);
    zc * t = NULL, * u = NULL, * b = NULL, * c = NULL, * r = NULL;
    if (!x)
        return DFG_ERR_NOMEM;
    widen(dt, a, x, nn);
    if (n == 1 || is_diag(n, x)) {
        /* log (A), diag (log (diag (A))): a negative entry is complex;
         * logm.m returns here before it sets ITERS */
        if (iters) {
            s = dfg_set_error(DFG_ERR_ARG, "logm: ITERS is undefined for a diagonal A (Octave's logm.m "
                              "returns log (diag (A)) before it sets ITERS: 'iters' undefined)");
            goto done;
        }
        for (int64_t i = 0; i < n; i++)
            if (x[i + n * i] < 0) {
                s = complex_result("logm", "A has a negative eigenvalue");
                goto done;
            }
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = 0; i < n; i++)
                x[i + n * j] = i == j ? log(x[i + n * j]) : 0;
        narrow(dt, x, out, nn);
        s = DFG_OK;
        goto done;
    }
    s = DFG_ERR_NOMEM;
    if (!(t = nalloc(nn, sizeof *t)) || !(u = nalloc(nn, sizeof *u)) || !(b = nalloc(nn, sizeof *b)) ||
        !(c = nalloc(nn, sizeof *c)) || !(r = nalloc(nn, sizeof *r)))
        goto done;
    if ((s = schur_z(n, x, t, u)) != DFG_OK)
        goto done;
    /* tol = n * eps (max (abs (eigv))); a real negative eigenvalue (real
     * part < -tol, imaginary part <= tol) gives Octave's complex
     * non-principal logarithm */
    double emax = 0;
    for (int64_t i = 0; i < n; i++)            /* max skips NaN, as Octave's */
        if (cabs(t[i + n * i]) > emax)
            emax = cabs(t[i + n * i]);
    double tol = (double)n * eps_at(dt, emax);
    int real_eig = 1;
    for (int64_t i = 0; i < n; i++)
        if (creal(t[i + n * i]) < -tol && cimag(t[i + n * i]) <= tol)
            real_eig = 0;
    double offmax = 0;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < j; i++)
            if (cabs(t[i + n * j]) > offmax)
                offmax = cabs(t[i + n * j]);
    if (offmax < tol) {
        /* a normal A: u diag (log (eigv)) u', an infinite log -log (realmax) */
        for (int64_t i = 0; i < nn; i++)
            b[i] = 0;
        for (int64_t i = 0; i < n; i++) {
            zc l = clog(t[i + n * i]);
            b[i + n * i] = isinf(creal(l)) || isinf(cimag(l)) ? -log(DBL_MAX) : l;
        }
        unschur(n, u, b, c, r);
        if (iters)
            *iters = 0;
    } else {
        static const double theta[7] = {0, 0, 1.61e-2, 5.38e-2, 1.13e-1, 1.86e-1, 2.6429608311114350e-1};
        int k = 0, p = 0, m = 7, sing = 0;
        while (k < lo) {
            if (dfg_interrupt_pending()) {      /* opt_iters = Inf on a singular A never ends */
                s = dfg_set_error(DFG_ERR_INTERRUPTED, "logm: interrupted after %d square roots", k);
                goto done;
            }
            double tau = norm1_z_minus_eye(n, t);
            if (tau <= theta[6]) {
                int j1 = 0, j2 = 0;
                p++;
                while (j1 < 7 && !(tau <= theta[j1]))
                    j1++;
                while (j2 < 7 && !(tau / 2 <= theta[j2]))
                    j2++;
                if (j1 - j2 <= 1 || p == 2) {
                    m = j1 + 1;
                    break;
                }
            }
            k++;
            sing |= utri_sqrt_z(n, t);          /* s = sqrtm (s), s triangular */
        }
        (void)sing;
        if (k >= hi)
            dfg_set_warning_id("", "logm: maximum number of square roots exceeded; results may still be accurate");
        if (iters)
            *iters = k;
        for (int64_t i = 0; i < n; i++)
            t[i + n * i] -= 1;
        if (m > 1) {
            if ((s = pade_pf(n, m, t, b, c, r)) != DFG_OK)
                goto done;
            memcpy(t, r, (size_t)nn * sizeof *t);
        }
        double f = ldexp(1.0, k);
        for (int64_t i = 0; i < nn; i++)
            t[i] *= f;
        unschur(n, u, t, c, r);
    }
    if (!real_eig && !all_real(nn, r)) {
        s = complex_result("logm", "A has a negative real eigenvalue: Octave's non-principal logarithm");
        goto done;
    }
    for (int64_t i = 0; i < nn; i++)
        x[i] = creal(r[i]);
    narrow(dt, x, out, nn);
    s = DFG_OK;
done:
    drop(x); drop(t); drop(u); drop(b); drop(c); drop(r);
    return s;
}

/* ---- Frechet derivatives ------------------------------------------------------ */

int dfg_cpu_frechet(int dt, int f, int64_t n, const void * a, const void * e, double lo, void * out)
{
    const char * fn = f == 'e' ? "expm" : f == 's' ? "sqrtm" : "logm";
    int s = check(fn, dt, 2 * n);
    if (s != DFG_OK || n == 0)
        return s;
    int64_t m = 2 * n, es = dt == DFG_DOUBLE ? sizeof(double) : sizeof(float);
    char * b = nalloc(m * m, (size_t)es), * r = nalloc(m * m, (size_t)es);
    s = DFG_ERR_NOMEM;
    if (!b || !r)
        goto done;
    memset(b, 0, (size_t)(m * m * es));
    for (int64_t j = 0; j < n; j++) {           /* [a e; 0 a] */
        memcpy(b + (size_t)((j * m) * es), (const char *)a + (size_t)(j * n * es), (size_t)(n * es));
        memcpy(b + (size_t)(((j + n) * m) * es), (const char *)e + (size_t)(j * n * es), (size_t)(n * es));
        memcpy(b + (size_t)(((j + n) * m + n) * es), (const char *)a + (size_t)(j * n * es), (size_t)(n * es));
    }
    s = f == 'e' ? dfg_cpu_expm(dt, m, b, r) : f == 's' ? dfg_cpu_sqrtm(dt, m, b, r)
        : dfg_cpu_logm_opt(dt, m, b, lo, INFINITY, r, NULL);
    if (s == DFG_ERR_DOMAIN) {
        /* f ([a e; 0 a]) complex where f (a) was real (a gradient is taken
         * of a real result): a at a branch point, e.g. sqrtm of a singular
         * a (a zero eigenvalue, now repeated, rounds to either side); the
         * derivative does not exist there: NaN, as a partial derivative of
         * sqrt at 0 meeting rounding would give */
        for (int64_t i = 0; i < n * n; i++) {
            if (dt == DFG_DOUBLE)
                ((double *)out)[i] = NAN;
            else
                ((float *)out)[i] = NAN;
        }
        s = DFG_OK;
        goto done;
    }
    if (s == DFG_OK)
        for (int64_t j = 0; j < n; j++)
            memcpy((char *)out + (size_t)(j * n * es), r + (size_t)(((j + n) * m) * es), (size_t)(n * es));
done:
    drop(b); drop(r);
    return s;
}
