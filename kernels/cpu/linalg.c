/* kernels/cpu/linalg.c -- dense linear algebra on the CPU (CBLAS, LAPACK).
 *
 * Contracts are in kernels/cpu/cpu.h.  Every kernel follows the code path
 * that GNU Octave 7 takes for a full real matrix (liboctave dMatrix.cc,
 * fMatrix.cc, MatrixType.cc, DET.h, chol.cc, qr.cc, svd.cc, EIG.cc), so
 * that values, special cases and warnings agree with Octave's:
 *  - square matrices are probed as Octave does: upper / lower triangular
 *    (all diagonal entries nonzero), "hermitian" (symmetric, positive
 *    diagonal, a(i,j)^2 < a(i,i) a(j,j)) or full; mldivide, inv and det then
 *    use triangular, Cholesky or LU code, Cholesky falling back to LU;
 *  - a matrix is singular to machine precision when LAPACK's condition
 *    estimate (xTRCON, xPOCON, xGECON) has rcond + 1 == 1 in the working
 *    precision, or is NaN.
 * double and single share one code path: the LAPACK routines are declared
 * with untyped real arguments (void *), LP(dt, name) picks the d or s
 * symbol, and scalar element access goes through ld()/st(), rounding to the
 * dtype wherever Octave computes in single precision.  Inputs are never
 * written; scratch comes from dfg_malloc and is freed on every path. */
#include <cblas.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <float.h>
#include <stdint.h>
#include <string.h>
#include "cpu.h"

/* ---- LAPACK (Fortran symbols; hidden string lengths passed at the end) -- */
typedef const int cint;
#define DS(name, params) void d##name##_ params; void s##name##_ params;
DS(getrf, (cint *, cint *, void *, cint *, int *, int *))
DS(getrs, (const char *, cint *, cint *, const void *, cint *, const int *,
           void *, cint *, int *, size_t))
DS(gecon, (const char *, cint *, const void *, cint *, const void *, void *,
           void *, int *, int *, size_t))
DS(getri, (cint *, void *, cint *, const int *, void *, cint *, int *))
DS(potrf, (const char *, cint *, void *, cint *, int *, size_t))
DS(pocon, (const char *, cint *, const void *, cint *, const void *, void *,
           void *, int *, int *, size_t))
DS(potrs, (const char *, cint *, cint *, const void *, cint *, void *, cint *,
           int *, size_t))
DS(potri, (const char *, cint *, void *, cint *, int *, size_t))
DS(trtrs, (const char *, const char *, const char *, cint *, cint *,
           const void *, cint *, void *, cint *, int *, size_t, size_t, size_t))
DS(trcon, (const char *, const char *, const char *, cint *, const void *,
           cint *, void *, void *, int *, int *, size_t, size_t, size_t))
DS(trtri, (const char *, const char *, cint *, void *, cint *, int *,
           size_t, size_t))
DS(gelsd, (cint *, cint *, cint *, void *, cint *, void *, cint *, void *,
           const void *, int *, void *, cint *, int *, int *))
DS(geqrf, (cint *, cint *, void *, cint *, void *, void *, cint *, int *))
DS(orgqr, (cint *, cint *, cint *, void *, cint *, const void *, void *,
           cint *, int *))
DS(syev, (const char *, const char *, cint *, void *, cint *, void *, void *,
          cint *, int *, size_t, size_t))
DS(geevx, (const char *, const char *, const char *, const char *, cint *,
           void *, cint *, void *, void *, void *, cint *, void *, cint *,
           int *, int *, void *, void *, void *, void *, void *, cint *, int *,
           int *, size_t, size_t, size_t, size_t))
DS(gesvd, (const char *, const char *, cint *, cint *, void *, cint *, void *,
           void *, cint *, void *, cint *, void *, cint *, int *, size_t,
           size_t))
#undef DS
#define LP(dt, name) ((dt) == DFG_DOUBLE ? d##name##_ : s##name##_)

/* A LAPACK real scalar (argument, result or workspace-query answer). */
typedef union { double d; float f; } real_t;

static real_t rmake(int dt, double v)
{
    return dt == DFG_DOUBLE ? (real_t) { .d = v } : (real_t) { .f = (float) v };
}

static double rget(int dt, real_t r) { return dt == DFG_DOUBLE ? r.d : r.f; }

/* ---- element access and scratch ----------------------------------------- */
static size_t esz(int dt) { return dt == DFG_DOUBLE ? sizeof(double) : sizeof(float); }

static double ld(int dt, const void * p, int64_t i)
{
    return dt == DFG_DOUBLE ? ((const double *) p)[i] : ((const float *) p)[i];
}

static void st(int dt, void * p, int64_t i, double v)
{
    if (dt == DFG_DOUBLE) ((double *) p)[i] = v; else ((float *) p)[i] = (float) v;
}

/* v rounded to the dtype: an operation on two floats done in double and
 * rounded this way gives the single-precision result. */
static double rnd(int dt, double v) { return dt == DFG_DOUBLE ? v : (double) (float) v; }

/* count elements of size bytes from dfg_malloc; NULL if that is too big */
static void * alloc_n(int64_t count, size_t size)
{
    if (count < 0 || (uint64_t) count > SIZE_MAX / size)
        return NULL;
    return dfg_malloc((size_t) count * size);
}
#define nbuf(dt, count) alloc_n(count, esz(dt))
#define ibuf(count) ((int *) alloc_n(count, sizeof(int)))

static void drop(void * p) { if (p) dfg_free(p); }

static void copy(int dt, void * dst, const void * src, int64_t count)
{
    if (count > 0)
        memcpy(dst, src, (size_t) count * esz(dt));
}

static void fill(int dt, void * p, int64_t count, double v)
{
    for (int64_t i = 0; i < count; i++)
        st(dt, p, i, v);
}

static int all_finite(int dt, const void * a, int64_t count)
{
    for (int64_t i = 0; i < count; i++)
        if (!isfinite(ld(dt, a, i)))
            return 0;
    return 1;
}

/* Size of the work array a LAPACK query answered (at least 1). */
static int lwork_of(int dt, real_t q)
{
    double v = rget(dt, q);
    return !(v >= 1) ? 1 : v >= INT_MAX ? INT_MAX : (int) v;
}

/* DFG_OK when dt is double or single and a, b, c are sizes in [0, INT_MAX]
 * (LAPACK's integer); otherwise the error, with a message naming fn. */
static int check_args(const char * fn, int dt, int64_t a, int64_t b, int64_t c)
{
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_set_error(DFG_ERR_DTYPE, "%s: only double and single "
                             "matrices are supported", fn);
    const int64_t d[3] = { a, b, c };
    for (int i = 0; i < 3; i++) {
        if (d[i] < 0)
            return dfg_set_error(DFG_ERR_ARG, "%s: negative dimension %" PRId64,
                                 fn, d[i]);
        if (d[i] > INT_MAX)
            return dfg_set_error(DFG_ERR_ARG, "%s: dimension %" PRId64 " exceeds "
                                 "the LAPACK integer range (%d)", fn, d[i], INT_MAX);
    }
    return DFG_OK;
}

/* ---- Octave's singularity tests and matrix-type probe ------------------- */
static int tiny_rcond(int dt, double r)
{
    volatile float f = (float) r + 1.0f;
    volatile double d = r + 1.0;
    return isnan(r) || (dt == DFG_SINGLE ? f == 1.0f : d == 1.0);
}

/* Octave's warn_singular_matrix (rcond). */
void dfg_cpu_warn_singular(double rcond)
{
    if (rcond == 0)
        dfg_set_warning("matrix singular to machine precision");
    else
        dfg_set_warning("matrix singular to machine precision, rcond = %g", rcond);
}

/* Octave's norm1 (dMatrix.cc): largest column sum of |a|, summed in the
 * dtype; the first Inf or NaN column sum is returned as it is. */
static double norm1(int dt, int64_t m, int64_t n, const void * a)
{
    double anorm = 0;
    for (int64_t j = 0; j < n; j++) {
        double s = 0;
        for (int64_t i = 0; i < m; i++)
            s = rnd(dt, s + fabs(ld(dt, a, i + m * j)));
        if (isinf(s) || isnan(s))
            return s;
        if (s > anorm)
            anorm = s;
    }
    return anorm;
}

enum { MT_FULL, MT_UPPER, MT_LOWER, MT_HERM };

/* matrix_real_probe of liboctave/array/MatrixType.cc for an n x n matrix. */
static int probe(int dt, int64_t n, const void * a)
{
    int upper = 1, lower = 1, herm = 1;
    for (int64_t j = 0; j < n && upper; j++) {
        double d = ld(dt, a, j + n * j);
        upper = lower = d != 0;
        herm = herm && d > 0;
    }
    for (int64_t j = 0; j < n && (upper || lower || herm); j++)
        for (int64_t i = 0; i < j; i++) {
            double aij = ld(dt, a, i + n * j), aji = ld(dt, a, j + n * i);
            lower = lower && aij == 0;
            upper = upper && aji == 0;
            herm = herm && aij == aji &&
                   rnd(dt, aij * aij) < rnd(dt, ld(dt, a, i + n * i) * ld(dt, a, j + n * j));
        }
    return upper ? MT_UPPER : lower ? MT_LOWER : herm ? MT_HERM : MT_FULL;
}

/* ---- a condition estimate for another device's factor (cpu.h) --------- */
int dfg_cpu_rcond(int dt, int kind, int upper, int64_t n64, const void * a, double anorm,
                  double * rcond, int * info)
{
    int n = (int) n64;
    real_t an = rmake(dt, anorm), rc = rmake(dt, 0);
    void * work = nbuf(dt, 4 * (int64_t) (n > 0 ? n : 1));
    int * iwork = ibuf(n > 0 ? n : 1);
    const char * uplo = upper ? "U" : "L";
    *rcond = 0;
    *info = 0;
    if (!work || !iwork) {
        drop(work); drop(iwork);
        return DFG_ERR_NOMEM;
    }
    if (kind == 'G')
        LP(dt, gecon)("1", &n, a, &n, &an, &rc, work, iwork, info, 1);
    else if (kind == 'P')
        LP(dt, pocon)(uplo, &n, a, &n, &an, &rc, work, iwork, info, 1);
    else
        LP(dt, trcon)("1", uplo, "N", &n, a, &n, &rc, work, iwork, info, 1, 1, 1);
    *rcond = rget(dt, rc);
    drop(work); drop(iwork);
    return DFG_OK;
}

/* ---- gemm ---------------------------------------------------------------- */
/* Octave's xgemm (dMatrix.cc), so that products are bit-identical to
 * Octave's: A'*A and A*A' with one operand buffer use xSYRK and mirror the
 * upper triangle (the result is exactly symmetric, which later matters to
 * the matrix-type probe); vector shapes use xDOT or xGEMV; the rest xGEMM. */
int dfg_cpu_gemm(int dt, int ta, int tb, int gram, int64_t m64, int64_t n64, int64_t k64,
                 const void * a, const void * b, void * c)
{
    int s = check_args("mtimes", dt, m64, n64, k64);
    if (s != DFG_OK || m64 == 0 || n64 == 0)
        return s;
    if (k64 == 0) {                 /* empty inner dimension: zeros, no BLAS */
        fill(dt, c, m64 * n64, 0);
        return DFG_OK;
    }
    int m = (int) m64, n = (int) n64, k = (int) k64, d = dt == DFG_DOUBLE;
    int lda = ta ? k : m, ldb = tb ? n : k;           /* rows as stored */
    enum CBLAS_TRANSPOSE opa = ta ? CblasTrans : CblasNoTrans;
    enum CBLAS_TRANSPOSE opb = tb ? CblasTrans : CblasNoTrans;
    if (gram && a == b && m == n && !ta != !tb) {
        if (d) cblas_dsyrk(CblasColMajor, CblasUpper, opa, n, k, 1.0, a, lda, 0.0, c, n);
        else   cblas_ssyrk(CblasColMajor, CblasUpper, opa, n, k, 1.0f, a, lda, 0.0f, c, n);
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = j + 1; i < n; i++)
                st(dt, c, i + n64 * j, ld(dt, c, j + n64 * i));
    } else if (n == 1 && m == 1) {
        st(dt, c, 0, d ? cblas_ddot(k, a, 1, b, 1) : cblas_sdot(k, a, 1, b, 1));
    } else if (n == 1) {                    /* c = op(A) * b */
        if (d) cblas_dgemv(CblasColMajor, opa, lda, ta ? m : k, 1.0, a, lda, b, 1, 0.0, c, 1);
        else   cblas_sgemv(CblasColMajor, opa, lda, ta ? m : k, 1.0f, a, lda, b, 1, 0.0f, c, 1);
    } else if (m == 1) {                    /* c = op(B)' * a */
        enum CBLAS_TRANSPOSE rb = tb ? CblasNoTrans : CblasTrans;
        if (d) cblas_dgemv(CblasColMajor, rb, ldb, tb ? k : n, 1.0, b, ldb, a, 1, 0.0, c, 1);
        else   cblas_sgemv(CblasColMajor, rb, ldb, tb ? k : n, 1.0f, b, ldb, a, 1, 0.0f, c, 1);
    } else if (d) {
        cblas_dgemm(CblasColMajor, opa, opb, m, n, k, 1.0, a, lda, b, ldb, 0.0, c, m);
    } else {
        cblas_sgemm(CblasColMajor, opa, opb, m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, m);
    }
    return DFG_OK;
}

/* ---- mldivide ------------------------------------------------------------ */
/* Matrix::lssolve: minimum-norm least squares by xGELSD with rcond = -1;
 * a matrix with an Inf 1-norm gives zeros, a NaN 1-norm NaN.  m, n, p >= 1. */
static int lssolve(int dt, int m, int n, int p, const void * a, const void * b,
                   void * x)
{
    double anorm = norm1(dt, m, n, a);
    if (isinf(anorm) || isnan(anorm)) {
        fill(dt, x, (int64_t) n * p, isinf(anorm) ? 0 : NAN);
        return DFG_OK;
    }
    int mx = m > n ? m : n, mn = m < n ? m : n, rank, info, lwork = -1, iq = 1;
    real_t rc = rmake(dt, -1), wq;
    int status = DFG_ERR_NOMEM, * iwork = NULL;
    void * f = nbuf(dt, (int64_t) m * n), * bb = nbuf(dt, (int64_t) mx * p);
    void * s = nbuf(dt, mn), * work = NULL;
    if (!f || !bb || !s)
        goto done;
    copy(dt, f, a, (int64_t) m * n);
    for (int64_t j = 0; j < p; j++) {
        copy(dt, (char *) bb + (size_t) (j * mx) * esz(dt),
             (const char *) b + (size_t) (j * m) * esz(dt), m);
        for (int64_t i = m; i < mx; i++)
            st(dt, bb, i + mx * j, 0);
    }
    LP(dt, gelsd)(&m, &n, &p, f, &m, bb, &mx, s, &rc, &rank, &wq, &lwork, &iq, &info);
    lwork = lwork_of(dt, wq);
    if (!(work = nbuf(dt, lwork)) || !(iwork = ibuf(iq > 1 ? iq : 1)))
        goto done;
    LP(dt, gelsd)(&m, &n, &p, f, &m, bb, &mx, s, &rc, &rank, work, &lwork, iwork, &info);
    for (int64_t j = 0; j < p; j++)
        copy(dt, (char *) x + (size_t) (j * n) * esz(dt),
             (const char *) bb + (size_t) (j * mx) * esz(dt), n);
    status = DFG_OK;
done:
    drop(f); drop(bb); drop(s); drop(work); drop(iwork);
    return status;
}

/* Matrix::solve for a square n x n a (n >= 2): triangular, Cholesky or LU
 * solve with Octave's warnings.  *need_ls is set when Octave falls back to
 * lssolve (LU found the matrix exactly singular). */
static int square_solve(int dt, int n, int p, const void * a, const void * b,
                        void * x, int * need_ls)
{
    int typ = probe(dt, n, a), info = 0, s = DFG_ERR_NOMEM;
    real_t an = rmake(dt, norm1(dt, n, n, a)), rc = rmake(dt, 0);
    void * f = NULL, * work = nbuf(dt, 4 * (int64_t) n);
    int * ipiv = ibuf(n), * iwork = ibuf(n);
    *need_ls = 0;
    if (!work || !ipiv || !iwork)
        goto done;
    if (typ == MT_UPPER || typ == MT_LOWER) {
        const char * uplo = typ == MT_UPPER ? "U" : "L";
        copy(dt, x, b, (int64_t) n * p);
        LP(dt, trtrs)(uplo, "N", "N", &n, &p, a, &n, x, &n, &info, 1, 1, 1);
        LP(dt, trcon)("1", uplo, "N", &n, a, &n, &rc, work, iwork, &info, 1, 1, 1);
        if (tiny_rcond(dt, rget(dt, rc)))
            dfg_cpu_warn_singular(rget(dt, rc));
        s = DFG_OK;
        goto done;
    }
    if (!(f = nbuf(dt, (int64_t) n * n)))
        goto done;
    if (typ == MT_HERM) {
        copy(dt, f, a, (int64_t) n * n);
        LP(dt, potrf)("L", &n, f, &n, &info, 1);
        if (info == 0) {
            LP(dt, pocon)("L", &n, f, &n, &an, &rc, work, iwork, &info, 1);
            if (tiny_rcond(dt, rget(dt, rc))) {
                dfg_cpu_warn_singular(rget(dt, rc));
                info = -2;
            }
            if (info == 0) {
                copy(dt, x, b, (int64_t) n * p);
                LP(dt, potrs)("L", &n, &p, f, &n, x, &n, &info, 1);
                s = DFG_OK;
                goto done;
            }
        }
    }
    copy(dt, f, a, (int64_t) n * n);       /* full, or Cholesky failed: LU */
    LP(dt, getrf)(&n, &n, f, &n, ipiv, &info);
    if (info != 0) {
        dfg_cpu_warn_singular(0);
        *need_ls = 1;
    } else {
        rc = rmake(dt, 0);
        LP(dt, gecon)("1", &n, f, &n, &an, &rc, work, iwork, &info, 1);
        if (tiny_rcond(dt, rget(dt, rc)))
            dfg_cpu_warn_singular(rget(dt, rc));
        if (info != 0)
            *need_ls = 1;
        else {
            copy(dt, x, b, (int64_t) n * p);
            LP(dt, getrs)("N", &n, &p, f, &n, ipiv, x, &n, &info, 1);
        }
    }
    s = DFG_OK;
done:
    drop(f); drop(work); drop(ipiv); drop(iwork);
    return s;
}

int dfg_cpu_mldivide(int dt, int64_t m, int64_t n, int64_t p,
                     const void * a, const void * b, void * x)
{
    int s = check_args("mldivide", dt, m, n, p), need_ls = 1;
    if (s != DFG_OK)
        return s;
    if (m == 0 || n == 0 || p == 0) {
        fill(dt, x, n * p, 0);
        return DFG_OK;
    }
    if (m == 1 && n == 1) {          /* a scalar: Octave divides elementwise */
        for (int64_t j = 0; j < p; j++)
            st(dt, x, j, rnd(dt, ld(dt, b, j) / ld(dt, a, 0)));
        return DFG_OK;
    }
    if (m == n && (s = square_solve(dt, (int) n, (int) p, a, b, x, &need_ls)) != DFG_OK)
        return s;
    return need_ls ? lssolve(dt, (int) m, (int) n, (int) p, a, b, x) : DFG_OK;
}

/* ---- inv ----------------------------------------------------------------- */
/* Matrix::inverse with force and calc_cond (as Finv calls it): rcond == 0
 * gives an all-Inf result; Finv warns when rcond is tiny or a factorisation
 * failed, never for a scalar. */
int dfg_cpu_inv(int dt, int64_t n64, const void * a, void * out)
{
    int s = check_args("inverse", dt, n64, 0, 0);
    if (s != DFG_OK || n64 == 0)
        return s;
    if (n64 == 1) {
        st(dt, out, 0, rnd(dt, 1 / ld(dt, a, 0)));
        return DFG_OK;
    }
    int n = (int) n64, typ = probe(dt, n, a), info = 0, failed = 0, lwork = -1;
    real_t an = rmake(dt, norm1(dt, n, n, a)), rc = rmake(dt, 0), wq;
    double r = 0;
    void * work = nbuf(dt, 4 * (int64_t) n), * w2 = NULL;
    int * ipiv = ibuf(n), * iwork = ibuf(n);
    s = DFG_ERR_NOMEM;
    if (!work || !ipiv || !iwork)
        goto done;
    copy(dt, out, a, n64 * n64);
    if (typ == MT_UPPER || typ == MT_LOWER) {            /* tinverse */
        const char * uplo = typ == MT_UPPER ? "U" : "L";
        LP(dt, trtri)(uplo, "N", &n, out, &n, &info, 1, 1);
        if (info == 0)
            LP(dt, trcon)("1", uplo, "N", &n, out, &n, &rc, work, iwork, &info, 1, 1, 1);
        failed = info != 0;
        r = failed ? 0 : rget(dt, rc);
        s = DFG_OK;
        goto finish;
    }
    if (typ == MT_HERM) {                  /* chol (upper) inverse, xPOTRI */
        for (int64_t j = 0; j < n; j++)
            for (int64_t i = j + 1; i < n; i++)
                st(dt, out, i + n64 * j, 0);
        LP(dt, potrf)("U", &n, out, &n, &info, 1);
        if (info == 0)
            LP(dt, pocon)("U", &n, out, &n, &an, &rc, work, iwork, &info, 1);
        if (info == 0) {
            r = rget(dt, rc);
            LP(dt, potri)("U", &n, out, &n, &info, 1);
            for (int64_t j = 0; j < n; j++)
                for (int64_t i = j + 1; i < n; i++)
                    st(dt, out, i + n64 * j, ld(dt, out, j + n64 * i));
            s = DFG_OK;
            goto finish;
        }
        copy(dt, out, a, n64 * n64);
    }
    LP(dt, getrf)(&n, &n, out, &n, ipiv, &info);          /* finverse */
    if (info != 0)
        failed = 1;
    else {
        LP(dt, gecon)("1", &n, out, &n, &an, &rc, work, iwork, &info, 1);
        r = rget(dt, rc);
        failed = info != 0;
        LP(dt, getri)(&n, out, &n, ipiv, &wq, &lwork, &info);
        lwork = lwork_of(dt, wq);
        if (!(w2 = nbuf(dt, lwork)))
            goto done;
        LP(dt, getri)(&n, out, &n, ipiv, w2, &lwork, &info);
        failed = failed || info != 0;
    }
    s = DFG_OK;
finish:
    if (r == 0)
        fill(dt, out, n64 * n64, INFINITY);
    if (failed || tiny_rcond(dt, r))
        dfg_cpu_warn_singular(r);
done:
    drop(work); drop(w2); drop(ipiv); drop(iwork);
    return s;
}

/* ---- det ----------------------------------------------------------------- */
/* Octave's base_det (DET.h): the value c * 2^e with c renormalised into
 * [0.5, 1) after every product, so intermediate products cannot overflow. */
typedef struct { double c; int e; } det_t;

static det_t det_make(int dt, double c, int e)
{
    det_t d;
    int f;
    d.c = frexp(rnd(dt, c), &f);
    d.e = f + e;
    return d;
}

static void det_mul(int dt, det_t * d, double t)
{
    int f;
    d->c = frexp(rnd(dt, d->c * t), &f);
    d->e += f;
}

int dfg_cpu_det(int dt, int64_t n64, const void * a, void * out)
{
    int s = check_args("det", dt, n64, 0, 0);
    if (s != DFG_OK)
        return s;
    int n = (int) n64, typ = probe(dt, n, a), info = 0, singular = 0;
    det_t d = det_make(dt, 1, 0);
    if (typ == MT_UPPER || typ == MT_LOWER) {
        for (int64_t i = 0; i < n; i++)
            det_mul(dt, &d, ld(dt, a, i + n64 * i));
    } else {
        void * f = nbuf(dt, n64 * n64), * work = nbuf(dt, 4 * n64);
        int * ipiv = ibuf(n), * iwork = ibuf(n);
        if (!f || !work || !ipiv || !iwork) {
            drop(f); drop(work); drop(ipiv); drop(iwork);
            return DFG_ERR_NOMEM;
        }
        copy(dt, f, a, n64 * n64);
        if (typ == MT_HERM) {           /* Cholesky: det = prod(diag(L))^2 */
            LP(dt, potrf)("L", &n, f, &n, &info, 1);
            if (info == 0) {
                for (int64_t i = 0; i < n; i++)
                    det_mul(dt, &d, ld(dt, f, i + n64 * i));
                d = det_make(dt, d.c * d.c, 2 * d.e);
            } else {
                typ = MT_FULL;
                copy(dt, f, a, n64 * n64);
            }
        }
        if (typ == MT_FULL) {           /* LU; Octave's det is 0 on failure */
            real_t an = rmake(dt, norm1(dt, n, n, a)), rc;
            LP(dt, getrf)(&n, &n, f, &n, ipiv, &info);
            if (info == 0)
                LP(dt, gecon)("1", &n, f, &n, &an, &rc, work, iwork, &info, 1);
            singular = info != 0;
            for (int i = 0; i < n && !singular; i++) {
                double c = ld(dt, f, i + n64 * i);
                det_mul(dt, &d, ipiv[i] != i + 1 ? -c : c);
            }
        }
        drop(f); drop(work); drop(ipiv); drop(iwork);
    }
    st(dt, out, 0, singular ? 0 : rnd(dt, d.c * rnd(dt, ldexp(1.0, d.e))));
    return DFG_OK;
}

/* ---- chol ---------------------------------------------------------------- */
/* chol<Matrix>::init: the upper triangle of a (the lower is not read) is
 * factored in place by xPOTRF("U"). */
int dfg_cpu_chol(int dt, int64_t n64, const void * a, void * r)
{
    int s = check_args("chol", dt, n64, 0, 0), n = (int) n64, info = 0;
    if (s != DFG_OK || n == 0)
        return s;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++)
            st(dt, r, i + n64 * j, i <= j ? ld(dt, a, i + n64 * j) : 0);
    LP(dt, potrf)("U", &n, r, &n, &info, 1);
    if (info != 0)
        return dfg_set_error(DFG_ERR_DOMAIN, "chol: input matrix must be positive definite");
    return DFG_OK;
}

/* ---- lu ------------------------------------------------------------------ */
/* lu<Matrix>: xGETRF (a singular U is not an error).  An empty A gives the
 * shapes of cpu.h (P = eye(m) for an m x 0 A); Octave itself returns L, U
 * and P all 0x0 then, which is for shape inference to mirror. */
int dfg_cpu_lu(int dt, int64_t m64, int64_t n64, const void * a,
               void * l, void * u, void * p, int permute_l)
{
    int s = check_args("lu", dt, m64, n64, 0);
    if (s != DFG_OK)
        return s;
    int m = (int) m64, n = (int) n64, k = m < n ? m : n, info = 0;
    void * f = nbuf(dt, m64 * n64);
    int * ipiv = ibuf(k), * pvt = ibuf(m);
    if (!f || !ipiv || !pvt) {
        drop(f); drop(ipiv); drop(pvt);
        return DFG_ERR_NOMEM;
    }
    copy(dt, f, a, m64 * n64);
    if (k > 0)
        LP(dt, getrf)(&m, &n, f, &m, ipiv, &info);
    for (int i = 0; i < m; i++)
        pvt[i] = i;
    for (int i = 0; i < k; i++) {        /* row i of P*A is row pvt[i] of A */
        int t = pvt[i], o = ipiv[i] - 1;
        pvt[i] = pvt[o];
        pvt[o] = t;
    }
    for (int64_t j = 0; j < k; j++)      /* row i of L is row pvt[i] of P' L */
        for (int64_t i = 0; i < m; i++)
            st(dt, l, (permute_l ? pvt[i] : i) + m64 * j,
               i > j ? ld(dt, f, i + m64 * j) : i == j);
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < k; i++)
            st(dt, u, i + k * j, i <= j ? ld(dt, f, i + m64 * j) : 0);
    fill(dt, p, m64 * m64, 0);
    for (int64_t i = 0; i < m; i++)
        st(dt, p, i + m64 * pvt[i], 1);
    drop(f); drop(ipiv); drop(pvt);
    return DFG_OK;
}

/* ---- qr ------------------------------------------------------------------ */
/* qr<Matrix>: xGEQRF, R from the upper triangle, Q by xORGQR on the
 * reflectors (Q m x m, or m x min(m, n) for the economy form). */
int dfg_cpu_qr(int dt, int econ, int64_t m64, int64_t n64, const void * a,
               void * q, void * r)
{
    int s = check_args("qr", dt, m64, n64, 0);
    if (s != DFG_OK || m64 == 0)
        return s;
    int m = (int) m64, n = (int) n64, k = m < n ? m : n, qc = econ ? k : m;
    int rr = econ ? k : m, info = 0, lwork = -1;
    real_t wq;
    void * f = nbuf(dt, m64 * n64), * tau = nbuf(dt, k > 0 ? k : 1), * work = NULL;
    s = DFG_ERR_NOMEM;
    if (!f || !tau)
        goto done;
    copy(dt, f, a, m64 * n64);
    if (k > 0) {
        LP(dt, geqrf)(&m, &n, f, &m, tau, &wq, &lwork, &info);
        lwork = lwork_of(dt, wq);
        if (!(work = nbuf(dt, lwork)))
            goto done;
        LP(dt, geqrf)(&m, &n, f, &m, tau, work, &lwork, &info);
        drop(work);
        work = NULL;
    }
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < rr; i++)
            st(dt, r, i + rr * j, i <= j ? ld(dt, f, i + m64 * j) : 0);
    if (qc > 0) {
        int nc = n < qc ? n : qc;
        copy(dt, q, f, m64 * nc);
        fill(dt, (char *) q + (size_t) (m64 * nc) * esz(dt), m64 * (qc - nc), 0);
        lwork = -1;
        LP(dt, orgqr)(&m, &qc, &k, q, &m, tau, &wq, &lwork, &info);
        lwork = lwork_of(dt, wq);
        if (!(work = nbuf(dt, lwork)))
            goto done;
        LP(dt, orgqr)(&m, &qc, &k, q, &m, tau, work, &lwork, &info);
    }
    s = DFG_OK;
done:
    drop(f); drop(tau); drop(work);
    return s;
}

/* qr<Matrix> with type raw, Octave 7.3's one-output qr (A) of a full A:
 * xGEQRF's m x n result with the part below the diagonal of column j
 * (from row min(j, k-1) + 2 on, 1-based) multiplied by tau(j). */
int dfg_cpu_qr_raw(int dt, int64_t m64, int64_t n64, const void * a, void * r)
{
    int s = check_args("qr", dt, m64, n64, 0);
    if (s != DFG_OK || m64 == 0 || n64 == 0)
        return s;
    int m = (int) m64, n = (int) n64, k = m < n ? m : n, info = 0, lwork = -1;
    real_t wq;
    void * tau = nbuf(dt, k), * work = NULL;
    if (!tau)
        return DFG_ERR_NOMEM;
    copy(dt, r, a, m64 * n64);
    LP(dt, geqrf)(&m, &n, r, &m, tau, &wq, &lwork, &info);
    lwork = lwork_of(dt, wq);
    if (!(work = nbuf(dt, lwork))) {
        drop(tau);
        return DFG_ERR_NOMEM;
    }
    LP(dt, geqrf)(&m, &n, r, &m, tau, work, &lwork, &info);
    for (int64_t j = 0; j < k; j++) {
        int64_t lim = j < k - 1 ? j : k - 1;
        double t = ld(dt, tau, j);
        for (int64_t i = lim + 1; i < m; i++)
            st(dt, r, i + m64 * j, rnd(dt, ld(dt, r, i + m64 * j) * t));
    }
    drop(tau); drop(work);
    return DFG_OK;
}

/* ---- eig (symmetric) ----------------------------------------------------- */
/* EIG::symmetric_init: xSYEV with the upper triangle, as Octave (for the
 * symmetric matrices this kernel is meant for, either triangle gives the
 * same).  Inf or NaN anywhere is an error, as in Octave. */
int dfg_cpu_eig_sym(int dt, int64_t n64, const void * a, void * w, void * v)
{
    int s = check_args("eig", dt, n64, 0, 0), n = (int) n64, info = 0, lwork = -1;
    if (s != DFG_OK || n == 0)
        return s;
    if (!all_finite(dt, a, n64 * n64))
        return dfg_set_error(DFG_ERR_ARG, "EIG: matrix contains Inf or NaN values");
    const char * job = v ? "V" : "N";
    real_t wq;
    void * f = v ? v : nbuf(dt, n64 * n64), * work = NULL;
    if (!f)
        return DFG_ERR_NOMEM;
    copy(dt, f, a, n64 * n64);
    LP(dt, syev)(job, "U", &n, f, &n, w, &wq, &lwork, &info, 1, 1);
    lwork = lwork_of(dt, wq);
    if (!(work = nbuf(dt, lwork)))
        s = DFG_ERR_NOMEM;
    else {
        LP(dt, syev)(job, "U", &n, f, &n, w, work, &lwork, &info, 1, 1);
        if (info != 0)
            s = dfg_set_error(DFG_ERR_ARG, "eig: %s failed to converge",
                              dt == DFG_DOUBLE ? "dsyev" : "ssyev");
    }
    if (f != v)
        drop(f);
    drop(work);
    return s;
}

/* ---- eig (general) ------------------------------------------------------ */
/* EIG::init for a real matrix that is not exactly symmetric: xGEEVX with
 * balancing ("B", Octave's default), no left vectors, right vectors when v
 * is not NULL, no condition numbers.  dfg's results are real: the values
 * (unsorted, as LAPACK gives them) and vectors of a real spectrum; a
 * complex eigenvalue (wi != 0) is DFG_ERR_DOMAIN, never a wrong real
 * number.  Inf or NaN is Octave's error. */
int dfg_cpu_eig_gen(int dt, int64_t n64, const void * a, void * w, void * v)
{
    int s = check_args("eig", dt, n64, 0, 0), n = (int) n64, info = 0, lwork = -1, ilo, ihi;
    if (s != DFG_OK || n == 0)
        return s;
    if (!all_finite(dt, a, n64 * n64))
        return dfg_set_error(DFG_ERR_ARG, "EIG: matrix contains Inf or NaN values");
    const char * job = v ? "V" : "N";
    int one = 1, ldv = v ? n : 1;
    real_t wq, abnrm, dummy;
    void * f = nbuf(dt, n64 * n64), * wi = nbuf(dt, n64), * scale = nbuf(dt, n64);
    void * rce = nbuf(dt, n64), * rcv = nbuf(dt, n64), * work = NULL;
    int * iwork = ibuf(2 * n64);
    s = DFG_ERR_NOMEM;
    if (!f || !wi || !scale || !rce || !rcv || !iwork)
        goto done;
    copy(dt, f, a, n64 * n64);
    LP(dt, geevx)("B", "N", job, "N", &n, f, &n, w, wi, &dummy, &one, v ? v : &dummy, &ldv, &ilo, &ihi,
                  scale, &abnrm, rce, rcv, &wq, &lwork, iwork, &info, 1, 1, 1, 1);
    lwork = lwork_of(dt, wq);
    if (!(work = nbuf(dt, lwork)))
        goto done;
    LP(dt, geevx)("B", "N", job, "N", &n, f, &n, w, wi, &dummy, &one, v ? v : &dummy, &ldv, &ilo, &ihi,
                  scale, &abnrm, rce, rcv, work, &lwork, iwork, &info, 1, 1, 1, 1);
    s = DFG_OK;
    if (info != 0)
        s = dfg_set_error(DFG_ERR_ARG, "eig: %s failed to converge", dt == DFG_DOUBLE ? "dgeevx" : "sgeevx");
    for (int64_t i = 0; i < n64 && s == DFG_OK; i++)
        if (ld(dt, wi, i) != 0)
            s = dfg_set_error(DFG_ERR_DOMAIN, "dfg.eig: A has complex eigenvalues (%g%+gi); dfg's "
                              "tensors are real (complex results are not supported yet)",
                              ld(dt, w, i), ld(dt, wi, i));
done:
    drop(f); drop(wi); drop(scale); drop(rce); drop(rcv); drop(work); drop(iwork);
    return s;
}

/* ---- svd, pinv ----------------------------------------------------------- */
/* xGESVD of the m x n matrix f (overwritten), m, n >= 1: job "N" gives the
 * singular values only, "S" also U (m x k) and VT (k x n), k = min(m, n).
 * A singular value LAPACK returns as -0 becomes +0, as svd<T> does since
 * Octave's bug #55710 (1 / svd (-0) is Inf). */
static int gesvd(int dt, const char * job, int m, int n, void * f, void * s,
                 void * u, void * vt)
{
    int k = m < n ? m : n, ldu = *job == 'N' ? 1 : m;
    int ldvt = *job == 'S' ? k : *job == 'A' ? n : 1;
    int lwork = -1, info = 0;
    real_t wq, du, dvt;
    void * work;
    LP(dt, gesvd)(job, job, &m, &n, f, &m, s, u ? u : &du, &ldu, vt ? vt : &dvt,
                  &ldvt, &wq, &lwork, &info, 1, 1);
    lwork = lwork_of(dt, wq);
    if (!(work = nbuf(dt, lwork)))
        return DFG_ERR_NOMEM;
    LP(dt, gesvd)(job, job, &m, &n, f, &m, s, u ? u : &du, &ldu, vt ? vt : &dvt,
                  &ldvt, work, &lwork, &info, 1, 1);
    drop(work);
    for (int i = 0; i < k; i++)
        if (ld(dt, s, i) == 0)
            st(dt, s, i, 0);
    return DFG_OK;
}

int dfg_cpu_svd_values(int dt, int64_t m, int64_t n, const void * a, void * s)
{
    int status = check_args("svd", dt, m, n, 0);
    if (status != DFG_OK || m == 0 || n == 0)
        return status;
    if (!all_finite(dt, a, m * n))
        return dfg_set_error(DFG_ERR_ARG, "svd: cannot take SVD of matrix "
                             "containing Inf or NaN values");
    void * f = nbuf(dt, m * n);
    if (!f)
        return DFG_ERR_NOMEM;
    copy(dt, f, a, m * n);
    status = gesvd(dt, "N", (int) m, (int) n, f, s, NULL, NULL);
    drop(f);
    return status;
}

/* svd<Matrix> with Driver::GESVD, as Octave's [U, S, V] = svd (A, "econ")
 * (full == 0: xGESVD with JOBU = JOBVT = "S", U m x k, V n x k) or
 * [U, S, V] = svd (A) (full: "A", U m x m, V n x n); U written in place
 * (ldu = m), then V = VT'.  Empty A: nothing to write (the caller's
 * shapes); Inf or NaN: Fsvd's error. */
static int svd_vectors(int dt, int full, int64_t m, int64_t n, const void * a, void * u,
                       void * s, void * v)
{
    int status = check_args("svd", dt, m, n, 0);
    if (status != DFG_OK || m == 0 || n == 0)
        return status;
    if (!all_finite(dt, a, m * n))
        return dfg_set_error(DFG_ERR_ARG, "svd: cannot take SVD of matrix "
                             "containing Inf or NaN values");
    int64_t k = m < n ? m : n, vr = full ? n : k;   /* rows of VT */
    void * f = nbuf(dt, m * n), * vt = nbuf(dt, vr * n);
    status = DFG_ERR_NOMEM;
    if (!f || !vt)
        goto done;
    copy(dt, f, a, m * n);
    if ((status = gesvd(dt, full ? "A" : "S", (int) m, (int) n, f, s, u, vt)) != DFG_OK)
        goto done;
    for (int64_t j = 0; j < vr; j++)          /* V(i, j) = VT(j, i) */
        for (int64_t i = 0; i < n; i++)
            st(dt, v, i + n * j, ld(dt, vt, j + vr * i));
done:
    drop(f); drop(vt);
    return status;
}

int dfg_cpu_svd(int dt, int64_t m, int64_t n, const void * a, void * u, void * s, void * v)
{
    return svd_vectors(dt, 0, m, n, a, u, s, v);
}

int dfg_cpu_svd_full(int dt, int64_t m, int64_t n, const void * a, void * u, void * s, void * v)
{
    return svd_vectors(dt, 1, m, n, a, u, s, v);
}

/* Matrix::pseudo_inverse: economy SVD, singular values below tol dropped
 * (utol > 0: tol = utol, Octave's pinv (A, tol); else tol = max(m, n) *
 * sigma_max * eps(class), 0 -> realmin), result V_r * diag(1 ./ sigma_r) *
 * U_r'.  Inf or NaN gives all NaN, as Octave's pinv does. */
int dfg_cpu_pinv(int dt, int64_t m, int64_t n, const void * a, void * out)
{
    return dfg_cpu_pinv_tol(dt, m, n, a, 0, out);
}

int dfg_cpu_pinv_tol(int dt, int64_t m, int64_t n, const void * a, double utol, void * out)
{
    int status = check_args("pinv", dt, m, n, 0);
    if (status != DFG_OK || m == 0 || n == 0)
        return status;
    if (!all_finite(dt, a, m * n)) {
        fill(dt, out, m * n, NAN);
        return DFG_OK;
    }
    int64_t k = m < n ? m : n, r;
    void * f = nbuf(dt, m * n), * s = nbuf(dt, k), * u = nbuf(dt, m * k);
    void * vt = nbuf(dt, k * n), * vd = NULL, * ut = NULL;
    status = DFG_ERR_NOMEM;
    if (!f || !s || !u || !vt)
        goto done;
    copy(dt, f, a, m * n);
    if ((status = gesvd(dt, "S", (int) m, (int) n, f, s, u, vt)) != DFG_OK)
        goto done;
    double eps = dt == DFG_DOUBLE ? DBL_EPSILON : FLT_EPSILON;
    double tol = utol > 0 ? rnd(dt, utol) : rnd(dt, rnd(dt, (double) (m > n ? m : n) * ld(dt, s, 0)) * eps);
    if (tol == 0)
        tol = dt == DFG_DOUBLE ? DBL_MIN : FLT_MIN;
    for (r = k - 1; r >= 0 && ld(dt, s, r) < tol; r--)
        ;
    if (r < 0) {
        fill(dt, out, m * n, 0);
        goto done;
    }
    status = DFG_ERR_NOMEM;
    if (!(vd = nbuf(dt, n * (r + 1))) || !(ut = nbuf(dt, (r + 1) * m)))
        goto done;
    for (int64_t j = 0; j <= r; j++) {
        double dj = rnd(dt, 1 / ld(dt, s, j));
        for (int64_t i = 0; i < n; i++)       /* V_r * D: V = VT' */
            st(dt, vd, i + n * j, rnd(dt, ld(dt, vt, j + k * i) * dj));
        for (int64_t i = 0; i < m; i++)       /* U_r' */
            st(dt, ut, j + (r + 1) * i, ld(dt, u, i + m * j));
    }
    status = dfg_cpu_gemm(dt, 0, 0, 0, n, m, r + 1, vd, ut, out);
done:
    drop(f); drop(s); drop(u); drop(vt); drop(vd); drop(ut);
    return status;
}
