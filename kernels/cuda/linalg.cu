/* kernels/cuda/linalg.cu -- dense linear algebra on the GPU (cuSOLVER's
 * dense API, cuBLAS), following kernels/cpu/linalg.c, which follows GNU
 * Octave 7's code path for a full real matrix:
 *  - mldivide, inv and det probe a square matrix as Octave does
 *    (MatrixType.cc: upper / lower triangular, "hermitian" or full; one
 *    kernel, k_info, bit for bit the CPU's probe) and take the triangular,
 *    Cholesky or LU road; LU that finds the matrix exactly singular falls
 *    back to least squares, as Octave;
 *  - cuSOLVER has no condition estimator: the factor is copied to the host
 *    and the caller's rc (kernels/cpu/linalg.c's dfg_cpu_rcond: LAPACK's
 *    xGECON, xPOCON, xTRCON) estimates rcond there, with the 1-norm
 *    computed here as Octave's norm1 (the same sums in the same order), so
 *    the warnings are the CPU's;
 *  - least squares (Octave's xGELSD, minimum norm, singular values at or
 *    below eps * sigma_max dropped, eps LAPACK's, 2^-53 or 2^-24) is done
 *    through the SVD, which gives gelsd's answer for every shape and rank
 *    (a QR solve would not for rank-deficient or wide matrices);
 *  - cuSOLVER's gesvd needs m >= n: a wide matrix is transposed first and
 *    U and V swap;
 *  - eig uses xSYEVD (the CPU xSYEV): the same values up to rounding,
 *    eigenvectors possibly of the other sign; svd's and qr's vectors are
 *    LAPACK's algorithms (xGESVD, xGEQRF + xORGQR) but cuSOLVER's code, so
 *    their signs are expected, not guaranteed, to be the CPU's.
 * Memory: the inputs are never written; device working memory of a call
 * (copies to factor, pivots, info words, cuSOLVER's workspace) is taken
 * stream-ordered (cudaMallocAsync) and given back the same way on every
 * path (the Dev holder); host scratch is malloc'ed and freed in the call.
 * Errors: a failed CUDA, cuBLAS or cuSOLVER call is DFG_CUDA_ERR with a
 * message; Octave's errors carry Octave's message (dfg_cuda.h). */
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include "internal.h"
#include "../../lib/dfg.h"

/* ---- holders of a call's memory ----------------------------------------- */
/* device memory, freed stream-ordered when the holder goes out of scope
 * (kernels queued before on the stream still see it) */
struct Dev {
    void * p = nullptr;
    Dev() = default;
    Dev(const Dev &) = delete;
    Dev & operator=(const Dev &) = delete;
    ~Dev() { if (p) cudaFreeAsync(p, dfg_cu_stream); }
    int get(size_t bytes)
    {
        return dfg_cu_check(cudaMallocAsync(&p, bytes ? bytes : 1, dfg_cu_stream),
                            "dfg (GPU): working memory for linear algebra");
    }
    template <class T> T * as() const { return (T *)p; }
};

/* host memory, freed when the holder goes out of scope */
struct Host {
    void * p = nullptr;
    Host() = default;
    Host(const Host &) = delete;
    Host & operator=(const Host &) = delete;
    ~Host() { free(p); }
    int get(size_t bytes)
    {
        p = malloc(bytes ? bytes : 1);
        return p ? 0 : dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): out of host memory (%.0f bytes)",
                                   (double)bytes);
    }
    template <class T> T * as() const { return (T *)p; }
};

/* ---- status mapping ------------------------------------------------------ */
static int sv(cusolverStatus_t s, const char * what)
{
    return s == CUSOLVER_STATUS_SUCCESS ? 0
         : dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): %s: cuSOLVER status %d", what, (int)s);
}

static int bl(cublasStatus_t s, const char * what)
{
    return s == CUBLAS_STATUS_SUCCESS ? 0
         : dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): %s: cuBLAS status %d", what, (int)s);
}

static int launched(const char * what)
{
    return dfg_cu_check(cudaGetLastError(), what);
}

/* bytes from the device into host memory, waiting for the stream */
static int fetch(void * h, const void * d, size_t bytes, const char * what)
{
    if (!bytes)
        return 0;
    int st = dfg_cu_check(cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, dfg_cu_stream), what);
    return st ? st : dfg_cu_check(cudaStreamSynchronize(dfg_cu_stream), what);
}

/* bytes from host memory to the device, waiting for the stream */
static int put(void * d, const void * h, size_t bytes, const char * what)
{
    if (!bytes)
        return 0;
    int st = dfg_cu_check(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice,
                                          dfg_cu_stream), what);
    /* the host source lives on the caller's stack or scratch: wait */
    return st ? st : dfg_cu_check(cudaStreamSynchronize(dfg_cu_stream), what);
}

static int dcopy(void * d, const void * s, size_t bytes, const char * what)
{
    if (!bytes)
        return 0;
    return dfg_cu_check(cudaMemcpyAsync(d, s, bytes, cudaMemcpyDeviceToDevice, dfg_cu_stream), what);
}

static int dzero(void * d, size_t bytes, const char * what)
{
    if (!bytes)
        return 0;
    return dfg_cu_check(cudaMemsetAsync(d, 0, bytes, dfg_cu_stream), what);
}

/* cuSOLVER's info word (device) read back; a negative one is a bad
 * argument, a bug here */
static int info_of(const int * dinfo, int * info, const char * what)
{
    *info = 0;
    int st = fetch(info, dinfo, sizeof *info, what);
    if (!st && *info < 0)
        st = dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): %s: cuSOLVER rejected argument %d", what,
                         -*info);
    return st;
}

/* the CPU's check_args: sizes LAPACK's and cuSOLVER's int can hold */
static int dims_ok(const char * fn, int dt, int64_t a, int64_t b, int64_t c)
{
    int st = dfg_cu_ready();
    if (st)
        return st;
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "%s: only double and single matrices are "
                           "supported", fn);
    const int64_t d[3] = { a, b, c };
    for (int i = 0; i < 3; i++)
        if (d[i] < 0 || d[i] > INT_MAX)
            return dfg_cu_fail(DFG_CUDA_ARG, "%s: dimension %lld outside the LAPACK integer "
                               "range (0 to %d)", fn, (long long)d[i], INT_MAX);
    return 0;
}

/* ---- cuSOLVER and cuBLAS by class (lda = the rows, as stored) ------------ */
/* (overloads on the element type) */
static cusolverStatus_t potrf_bs(cublasFillMode_t u, int n, double * a, int * lw)
{ return cusolverDnDpotrf_bufferSize(dfg_cu_solver, u, n, a, n, lw); }
static cusolverStatus_t potrf_bs(cublasFillMode_t u, int n, float * a, int * lw)
{ return cusolverDnSpotrf_bufferSize(dfg_cu_solver, u, n, a, n, lw); }
static cusolverStatus_t potrf_c(cublasFillMode_t u, int n, double * a, double * w, int lw, int * inf)
{ return cusolverDnDpotrf(dfg_cu_solver, u, n, a, n, w, lw, inf); }
static cusolverStatus_t potrf_c(cublasFillMode_t u, int n, float * a, float * w, int lw, int * inf)
{ return cusolverDnSpotrf(dfg_cu_solver, u, n, a, n, w, lw, inf); }
static cusolverStatus_t potrs_c(cublasFillMode_t u, int n, int p, const double * a, double * b, int * inf)
{ return cusolverDnDpotrs(dfg_cu_solver, u, n, p, a, n, b, n, inf); }
static cusolverStatus_t potrs_c(cublasFillMode_t u, int n, int p, const float * a, float * b, int * inf)
{ return cusolverDnSpotrs(dfg_cu_solver, u, n, p, a, n, b, n, inf); }
static cusolverStatus_t potri_bs(cublasFillMode_t u, int n, double * a, int * lw)
{ return cusolverDnDpotri_bufferSize(dfg_cu_solver, u, n, a, n, lw); }
static cusolverStatus_t potri_bs(cublasFillMode_t u, int n, float * a, int * lw)
{ return cusolverDnSpotri_bufferSize(dfg_cu_solver, u, n, a, n, lw); }
static cusolverStatus_t potri_c(cublasFillMode_t u, int n, double * a, double * w, int lw, int * inf)
{ return cusolverDnDpotri(dfg_cu_solver, u, n, a, n, w, lw, inf); }
static cusolverStatus_t potri_c(cublasFillMode_t u, int n, float * a, float * w, int lw, int * inf)
{ return cusolverDnSpotri(dfg_cu_solver, u, n, a, n, w, lw, inf); }
static cusolverStatus_t getrf_bs(int m, int n, double * a, int * lw)
{ return cusolverDnDgetrf_bufferSize(dfg_cu_solver, m, n, a, m, lw); }
static cusolverStatus_t getrf_bs(int m, int n, float * a, int * lw)
{ return cusolverDnSgetrf_bufferSize(dfg_cu_solver, m, n, a, m, lw); }
static cusolverStatus_t getrf_c(int m, int n, double * a, double * w, int * ipiv, int * inf)
{ return cusolverDnDgetrf(dfg_cu_solver, m, n, a, m, w, ipiv, inf); }
static cusolverStatus_t getrf_c(int m, int n, float * a, float * w, int * ipiv, int * inf)
{ return cusolverDnSgetrf(dfg_cu_solver, m, n, a, m, w, ipiv, inf); }
static cusolverStatus_t getrs_c(int n, int p, const double * a, const int * ipiv, double * b, int * inf)
{ return cusolverDnDgetrs(dfg_cu_solver, CUBLAS_OP_N, n, p, a, n, ipiv, b, n, inf); }
static cusolverStatus_t getrs_c(int n, int p, const float * a, const int * ipiv, float * b, int * inf)
{ return cusolverDnSgetrs(dfg_cu_solver, CUBLAS_OP_N, n, p, a, n, ipiv, b, n, inf); }
static cusolverStatus_t geqrf_bs(int m, int n, double * a, int * lw)
{ return cusolverDnDgeqrf_bufferSize(dfg_cu_solver, m, n, a, m, lw); }
static cusolverStatus_t geqrf_bs(int m, int n, float * a, int * lw)
{ return cusolverDnSgeqrf_bufferSize(dfg_cu_solver, m, n, a, m, lw); }
static cusolverStatus_t geqrf_c(int m, int n, double * a, double * tau, double * w, int lw, int * inf)
{ return cusolverDnDgeqrf(dfg_cu_solver, m, n, a, m, tau, w, lw, inf); }
static cusolverStatus_t geqrf_c(int m, int n, float * a, float * tau, float * w, int lw, int * inf)
{ return cusolverDnSgeqrf(dfg_cu_solver, m, n, a, m, tau, w, lw, inf); }
static cusolverStatus_t orgqr_bs(int m, int n, int k, const double * a, const double * tau, int * lw)
{ return cusolverDnDorgqr_bufferSize(dfg_cu_solver, m, n, k, a, m, tau, lw); }
static cusolverStatus_t orgqr_bs(int m, int n, int k, const float * a, const float * tau, int * lw)
{ return cusolverDnSorgqr_bufferSize(dfg_cu_solver, m, n, k, a, m, tau, lw); }
static cusolverStatus_t orgqr_c(int m, int n, int k, double * a, const double * tau, double * w,
                                int lw, int * inf)
{ return cusolverDnDorgqr(dfg_cu_solver, m, n, k, a, m, tau, w, lw, inf); }
static cusolverStatus_t orgqr_c(int m, int n, int k, float * a, const float * tau, float * w,
                                int lw, int * inf)
{ return cusolverDnSorgqr(dfg_cu_solver, m, n, k, a, m, tau, w, lw, inf); }
static cusolverStatus_t syevd_bs(cusolverEigMode_t j, int n, const double * a, const double * w, int * lw)
{ return cusolverDnDsyevd_bufferSize(dfg_cu_solver, j, CUBLAS_FILL_MODE_UPPER, n, a, n, w, lw); }
static cusolverStatus_t syevd_bs(cusolverEigMode_t j, int n, const float * a, const float * w, int * lw)
{ return cusolverDnSsyevd_bufferSize(dfg_cu_solver, j, CUBLAS_FILL_MODE_UPPER, n, a, n, w, lw); }
static cusolverStatus_t syevd_c(cusolverEigMode_t j, int n, double * a, double * w, double * wk,
                                int lw, int * inf)
{ return cusolverDnDsyevd(dfg_cu_solver, j, CUBLAS_FILL_MODE_UPPER, n, a, n, w, wk, lw, inf); }
static cusolverStatus_t syevd_c(cusolverEigMode_t j, int n, float * a, float * w, float * wk,
                                int lw, int * inf)
{ return cusolverDnSsyevd(dfg_cu_solver, j, CUBLAS_FILL_MODE_UPPER, n, a, n, w, wk, lw, inf); }
static cusolverStatus_t gesvd_bs(const double *, int m, int n, int * lw)
{ return cusolverDnDgesvd_bufferSize(dfg_cu_solver, m, n, lw); }
static cusolverStatus_t gesvd_bs(const float *, int m, int n, int * lw)
{ return cusolverDnSgesvd_bufferSize(dfg_cu_solver, m, n, lw); }
static cusolverStatus_t gesvd_c(signed char job, int m, int n, double * a, double * s, double * u,
                                double * vt, double * w, int lw, double * rw, int * inf)
{ return cusolverDnDgesvd(dfg_cu_solver, job, job, m, n, a, m, s, u, m, vt, n, w, lw, rw, inf); }
static cusolverStatus_t gesvd_c(signed char job, int m, int n, float * a, float * s, float * u,
                                float * vt, float * w, int lw, float * rw, int * inf)
{ return cusolverDnSgesvd(dfg_cu_solver, job, job, m, n, a, m, s, u, m, vt, n, w, lw, rw, inf); }
static cudaDataType cuda_type(const double *) { return CUDA_R_64F; }
static cudaDataType cuda_type(const float *) { return CUDA_R_32F; }
/* B (ldb n) = op(A)^-1 B for the triangular n x n A, on the left */
static cublasStatus_t trsm_c(cublasFillMode_t u, int n, int p, const double * a, double * b)
{
    const double one = 1;
    return cublasDtrsm(dfg_cu_blas, CUBLAS_SIDE_LEFT, u, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, p,
                       &one, a, n, b, n);
}
static cublasStatus_t trsm_c(cublasFillMode_t u, int n, int p, const float * a, float * b)
{
    const float one = 1;
    return cublasStrsm(dfg_cu_blas, CUBLAS_SIDE_LEFT, u, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT, n, p,
                       &one, a, n, b, n);
}

/* the class's code (lib/dfg.h) and LAPACK's epsilon, xLAMCH('E') */
static int dt_of(const double *) { return DFG_DOUBLE; }
static int dt_of(const float *) { return DFG_SINGLE; }
static double lapack_eps(const double *) { return DBL_EPSILON / 2; }
static double lapack_eps(const float *) { return FLT_EPSILON / 2; }

/* products rounded once, never fused into an FMA: the probe compares them
 * as the CPU does */
__device__ static inline double mul_rn(double a, double b) { return __dmul_rn(a, b); }
__device__ static inline float mul_rn(float a, float b) { return __fmul_rn(a, b); }
__device__ static inline double abs_of(double a) { return fabs(a); }
__device__ static inline float abs_of(float a) { return fabsf(a); }

/* ---- kernels ------------------------------------------------------------- */
#define GRID(total) for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; \
                         t < (total); t += (int64_t)gridDim.x * blockDim.x)
#define LAUNCH(total) grid_of(total), 256, 0, dfg_cu_stream

/* blocks for total elements; at least one (an empty grid is a launch
 * error; the kernels' loops do nothing then) */
static unsigned grid_of(int64_t total)
{
    unsigned b = dfg_cu_blocks(total);
    return b ? b : 1;
}

/* k_info's bits: what the m x n matrix is not */
enum {
    NOT_UPPER = 1,      /* a nonzero below the diagonal                   */
    NOT_LOWER = 2,      /* a nonzero above the diagonal                   */
    ZERO_DIAG = 4,      /* a zero on the diagonal: neither triangular     */
    NOT_HERM = 8,       /* Octave's "hermitian" test fails                */
    NOT_SYM = 16,       /* a(i, j) != a(j, i) somewhere (NaN included)    */
    NOT_FINITE = 32     /* an Inf or NaN                                  */
};

/* the bits of every element, or'ed into *flags; the pair tests only for a
 * square matrix (sq).  The hermitian test is the CPU probe's: positive
 * diagonal, a(i,j) == a(j,i) and a(i,j)^2 < a(i,i) a(j,j), the products
 * in the class */
template <class T>
__global__ void k_info(int64_t m, int64_t n, const T * a, int sq, int * flags)
{
    int bits = 0;
    GRID(m * n) {
        int64_t i = t % m, j = t / m;
        T v = a[t];
        if (!isfinite(v))
            bits |= NOT_FINITE;
        if (!sq)
            continue;
        if (i == j) {
            if (v == 0)
                bits |= ZERO_DIAG;
            if (!(v > 0))
                bits |= NOT_HERM;
        } else if (i > j) {
            if (v != 0)
                bits |= NOT_UPPER;
        } else {                                    /* i < j: v = a(i, j) */
            T w = a[j + m * i];
            if (v != 0)
                bits |= NOT_LOWER;
            if (!(v == w))
                bits |= NOT_SYM;
            if (!(v == w && mul_rn(v, v) < mul_rn(a[i + m * i], a[j + m * j])))
                bits |= NOT_HERM;
        }
    }
    if (bits)
        atomicOr(flags, bits);
}

/* column sums of |a| in the class, in row order (Octave's norm1's sums) */
template <class T>
__global__ void k_colsum(int64_t m, int64_t n, const T * a, double * sums)
{
    GRID(n) {
        T s = 0;
        for (int64_t i = 0; i < m; i++)
            s = s + abs_of(a[i + m * t]);
        sums[t] = s;
    }
}

/* dst (rows x cols, ld rows) = the upper triangle of src (ld lds), zeros
 * below; dst may be src when rows == lds */
template <class T>
__global__ void k_triu(int64_t rows, int64_t cols, const T * src, int64_t lds, T * dst)
{
    GRID(rows * cols) {
        int64_t i = t % rows, j = t / rows;
        dst[t] = i <= j ? src[i + lds * j] : T(0);
    }
}

/* identity: the rows x cols matrix with ones on its diagonal */
template <class T>
__global__ void k_eye(int64_t rows, int64_t cols, T * a)
{
    GRID(rows * cols)
        a[t] = t % rows == t / rows ? T(1) : T(0);
}

template <class T>
__global__ void k_fill(int64_t n, T * a, T v)
{
    GRID(n)
        a[t] = v;
}

/* x[j] = b[j] / a[0] (Octave's scalar division) */
template <class T>
__global__ void k_div(int64_t n, const T * b, const T * a, T * x)
{
    GRID(n)
        x[t] = b[t] / a[0];
}

/* a singular value -0 made +0, as svd<T> since Octave bug #55710 */
template <class T>
__global__ void k_plus_zero(int64_t n, T * s)
{
    GRID(n)
        if (s[t] == 0)
            s[t] = 0;
}

/* out (rows x cols) = a * diag (1 ./ s): each reciprocal rounded to the
 * class, then the product (the CPU's pinv) */
template <class T>
__global__ void k_scale_cols(int64_t rows, int64_t cols, const T * a, const T * s, T * out)
{
    GRID(rows * cols) {
        T d = T(1) / s[t / rows];
        out[t] = mul_rn(a[t], d);
    }
}

/* a (rows x cols) = diag (1 ./ s) * a, in place */
template <class T>
__global__ void k_scale_rows(int64_t rows, int64_t cols, T * a, const T * s)
{
    GRID(rows * cols)
        a[t] = a[t] / s[t % rows];
}

/* c (cols x rows) = a' for the rows x cols a */
template <class T>
__global__ void k_transpose(int64_t rows, int64_t cols, const T * a, T * c)
{
    GRID(rows * cols) {
        int64_t i = t % rows, j = t / rows;
        c[j + cols * i] = a[t];
    }
}

template <class T>
static int transpose(int64_t rows, int64_t cols, const T * a, T * c)
{
    k_transpose<T><<<LAUNCH(rows * cols)>>>(rows, cols, a, c);
    return launched("dfg (GPU): svd (transpose)");
}

/* the diagonal of the n x n a */
template <class T>
__global__ void k_diag(int64_t n, const T * a, T * d)
{
    GRID(n)
        d[t] = a[t + n * t];
}

/* LAPACK's row interchanges (1-based ipiv, k of them) as the permutation
 * pvt of m rows: row i of P*A is row pvt[i] of A; sequential, one thread */
__global__ void k_pivots(int m, int k, const int * ipiv, int * pvt)
{
    if (blockIdx.x != 0 || threadIdx.x != 0)
        return;
    for (int i = 0; i < m; i++)
        pvt[i] = i;
    for (int i = 0; i < k; i++) {
        int t = pvt[i], o = ipiv[i] - 1;
        pvt[i] = pvt[o];
        pvt[o] = t;
    }
}

/* L (m x k): the unit lower triangle of the factored f (ld m); with
 * permute_l row i goes to row pvt[i] (P' * L) */
template <class T>
__global__ void k_lu_l(int64_t m, int64_t k, const T * f, const int * pvt, int permute_l, T * l)
{
    GRID(m * k) {
        int64_t i = t % m, j = t / m;
        T v = i > j ? f[t] : i == j ? T(1) : T(0);
        l[(permute_l ? pvt[i] : i) + m * j] = v;
    }
}

/* P (m x m, zeroed before): P(i, pvt[i]) = 1 */
template <class T>
__global__ void k_lu_p(int64_t m, const int * pvt, T * p)
{
    GRID(m)
        p[t + m * pvt[t]] = 1;
}

/* ---- the matrix facts: k_info's bits and the 1-norm --------------------- */
enum { MT_FULL, MT_UPPER, MT_LOWER, MT_HERM };

static int mtype_of(int bits)
{
    int upper = !(bits & (ZERO_DIAG | NOT_UPPER)), lower = !(bits & (ZERO_DIAG | NOT_LOWER));
    return upper ? MT_UPPER : lower ? MT_LOWER : !(bits & NOT_HERM) ? MT_HERM : MT_FULL;
}

/* *bits: k_info's of the m x n a (the pair tests when square); *anorm
 * (when not NULL): Octave's norm1, the largest column sum of |a| summed in
 * the class, the first Inf or NaN column sum as it is.  Waits. */
template <class T>
static int mat_info(int64_t m, int64_t n, const T * a, int * bits, double * anorm)
{
    Dev dflag, dsum;
    Host hsum;
    int st = dflag.get(sizeof(int));
    st = st ? st : dzero(dflag.p, sizeof(int), "dfg (GPU): matrix probe");
    if (!st && m * n > 0) {
        k_info<T><<<LAUNCH(m * n)>>>(m, n, a, m == n, dflag.as<int>());
        st = launched("dfg (GPU): matrix probe");
    }
    if (!st && anorm && n > 0) {
        st = dsum.get(sizeof(double) * (size_t)n);
        if (!st) {
            k_colsum<T><<<LAUNCH(n)>>>(m, n, a, dsum.as<double>());
            st = launched("dfg (GPU): norm1");
        }
    }
    st = st ? st : fetch(bits, dflag.p, sizeof(int), "dfg (GPU): matrix probe");
    if (!st && anorm) {
        *anorm = 0;
        st = hsum.get(sizeof(double) * (size_t)n);
        st = st ? st : fetch(hsum.p, dsum.p, sizeof(double) * (size_t)n, "dfg (GPU): norm1");
        for (int64_t j = 0; !st && j < n; j++) {
            double s = hsum.as<double>()[j];
            if (std::isinf(s) || std::isnan(s)) {
                *anorm = s;
                break;
            }
            if (s > *anorm)
                *anorm = s;
        }
    }
    return st;
}

/* ---- Octave's singularity test and warning ------------------------------ */
/* rcond + 1 == 1 in the class, or NaN (the CPU's tiny_rcond) */
static int tiny_rcond(int dt, double r)
{
    volatile float f = (float)r + 1.0f;
    volatile double d = r + 1.0;
    return std::isnan(r) || (dt == DFG_SINGLE ? f == 1.0f : d == 1.0);
}

/* the first warning of a call, as dfg_set_warning keeps it */
struct Warn {
    int * on;
    double * rcond;
    void raise(double r)
    {
        if (!*on) {
            *on = 1;
            *rcond = r;
        }
    }
};

/* the host's estimate for the n x n device factor f */
template <class T>
static int rcond_of(dfg_cuda_rcond_fn rc, int kind, int upper, int64_t n, const T * f,
                    double anorm, double * r, int * info)
{
    Host h;
    size_t bytes = sizeof(T) * (size_t)(n * n);
    if (!rc)
        return dfg_cu_fail(DFG_CUDA_ARG, "dfg (GPU): no condition estimator given");
    int st = h.get(bytes);
    st = st ? st : fetch(h.p, f, bytes, "dfg (GPU): a factor to the host");
    if (!st && rc(dt_of(f), kind, upper, n, h.p, anorm, r, info))
        st = dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): the condition estimate on the host failed "
                         "(out of host memory)");
    return st;
}

/* ---- factorisations with their workspace --------------------------------- */
template <class T>
static int potrf(cublasFillMode_t u, int n, T * a, int * info)
{
    Dev w, di;
    int lw = 0;
    int st = sv(potrf_bs(u, n, a, &lw), "potrf");
    st = st ? st : w.get(sizeof(T) * (size_t)lw);
    st = st ? st : di.get(sizeof(int));
    st = st ? st : sv(potrf_c(u, n, a, w.as<T>(), lw, di.as<int>()), "potrf");
    return st ? st : info_of(di.as<int>(), info, "potrf");
}

template <class T>
static int getrf(int m, int n, T * a, int * ipiv, int * info)
{
    Dev w, di;
    int lw = 0;
    int st = sv(getrf_bs(m, n, a, &lw), "getrf");
    st = st ? st : w.get(sizeof(T) * (size_t)lw);
    st = st ? st : di.get(sizeof(int));
    st = st ? st : sv(getrf_c(m, n, a, w.as<T>(), ipiv, di.as<int>()), "getrf");
    return st ? st : info_of(di.as<int>(), info, "getrf");
}

template <class T>
static int getrs(int n, int p, const T * f, const int * ipiv, T * b)
{
    Dev di;
    int info = 0;
    int st = di.get(sizeof(int));
    st = st ? st : sv(getrs_c(n, p, f, ipiv, b, di.as<int>()), "getrs");
    return st ? st : info_of(di.as<int>(), &info, "getrs");
}

/* the economy SVD of the m x n a (m, n >= 1, all finite), k = min (m, n):
 * s (k); with vectors (u and v not NULL) U (m x k) and V (n x k).  gesvd
 * wants m >= n: a wide a is transposed, A' = U2 S V2', so U = V2 (VT2
 * transposed) and V = U2.  A -0 singular value becomes +0.  gesvd's info
 * is not an error (the CPU's dgesvd info is not looked at either). */
template <class T>
static int svd_core(int m, int n, const T * a, T * s, T * u, T * v)
{
    int wide = m < n, r = wide ? n : m, c = wide ? m : n, vec = u != nullptr, lw = 0, info = 0;
    Dev f, vt, w, rw, di;
    /* f: the r x c matrix gesvd factors (a or a'), vt: its VT (c x c) */
    int st = f.get(sizeof(T) * (size_t)r * c);
    st = st ? st : vec ? vt.get(sizeof(T) * (size_t)c * c) : 0;
    if (!st)
        st = wide ? transpose<T>(m, n, a, f.as<T>())
                  : dcopy(f.p, a, sizeof(T) * (size_t)r * c, "dfg (GPU): svd");
    st = st ? st : sv(gesvd_bs(a, r, c, &lw), "gesvd");
    st = st ? st : w.get(sizeof(T) * (size_t)lw);
    st = st ? st : rw.get(sizeof(T) * (size_t)c);
    st = st ? st : di.get(sizeof(int));
    /* U of f: u when tall, else v (r x c either way) */
    T * uf = vec ? (wide ? v : u) : nullptr;
    st = st ? st : sv(gesvd_c(vec ? 'S' : 'N', r, c, f.as<T>(), s, uf, vec ? vt.as<T>() : nullptr,
                              w.as<T>(), lw, rw.as<T>(), di.as<int>()), "gesvd");
    st = st ? st : info_of(di.as<int>(), &info, "gesvd");
    if (!st && vec)      /* V = VT' when tall; U = VT2' when wide (c x c) */
        st = transpose<T>(c, c, vt.as<T>(), wide ? u : v);
    if (!st) {
        k_plus_zero<T><<<LAUNCH(c)>>>(c, s);
        st = launched("dfg (GPU): svd");
    }
    return st;
}

/* ---- chol ---------------------------------------------------------------- */
/* chol<Matrix>: the upper triangle of a into r, zeros below, xPOTRF("U");
 * the strict lower triangle is cleared again after it (cuSOLVER documents
 * it as not referenced, not as untouched) */
template <class T>
static int chol_t(int n, const T * a, T * r)
{
    int info = 0;
    k_triu<T><<<LAUNCH((int64_t)n * n)>>>(n, n, a, n, r);
    int st = launched("dfg (GPU): chol");
    st = st ? st : potrf(CUBLAS_FILL_MODE_UPPER, n, r, &info);
    if (!st && info != 0)
        return dfg_cu_fail(DFG_CUDA_DOMAIN, "chol: input matrix must be positive definite");
    if (!st) {
        k_triu<T><<<LAUNCH((int64_t)n * n)>>>(n, n, r, n, r);
        st = launched("dfg (GPU): chol");
    }
    return st;
}

int dfg_cu_chol(int dt, int64_t n, const void * a, void * r)
{
    int st = dims_ok("chol", dt, n, 0, 0);
    if (st || n == 0)
        return st;
    return dt == DFG_DOUBLE ? chol_t((int)n, (const double *)a, (double *)r)
                            : chol_t((int)n, (const float *)a, (float *)r);
}

/* ---- lu ------------------------------------------------------------------ */
/* lu<Matrix>: xGETRF of a copy (a singular U is not an error), then L, U
 * and P laid out as the CPU's (P = eye (m) for an m x 0 a) */
template <class T>
static int lu_t(int m, int n, const T * a, T * l, T * u, T * p, int permute_l)
{
    int k = m < n ? m : n, info = 0;
    Dev f, ipiv, pvt;
    int st = f.get(sizeof(T) * (size_t)m * n);
    st = st ? st : ipiv.get(sizeof(int) * (size_t)(k > 0 ? k : 1));
    st = st ? st : pvt.get(sizeof(int) * (size_t)m);
    st = st ? st : dcopy(f.p, a, sizeof(T) * (size_t)m * n, "dfg (GPU): lu");
    if (!st && k > 0)
        st = getrf(m, n, f.as<T>(), ipiv.as<int>(), &info);
    if (st)
        return st;
    k_pivots<<<1, 1, 0, dfg_cu_stream>>>(m, k, ipiv.as<int>(), pvt.as<int>());
    if ((st = launched("dfg (GPU): lu")))
        return st;
    if (k > 0) {
        k_lu_l<T><<<LAUNCH((int64_t)m * k)>>>(m, k, f.as<T>(), pvt.as<int>(), permute_l, l);
        k_triu<T><<<LAUNCH((int64_t)k * n)>>>(k, n, f.as<T>(), m, u);
    }
    st = launched("dfg (GPU): lu");
    st = st ? st : dzero(p, sizeof(T) * (size_t)m * m, "dfg (GPU): lu");
    if (!st) {
        k_lu_p<T><<<LAUNCH(m)>>>(m, pvt.as<int>(), p);
        st = launched("dfg (GPU): lu");
    }
    return st;
}

int dfg_cu_lu(int dt, int64_t m, int64_t n, const void * a, void * l, void * u, void * p,
              int permute_l)
{
    int st = dims_ok("lu", dt, m, n, 0);
    if (st || m == 0)
        return st;
    return dt == DFG_DOUBLE
        ? lu_t((int)m, (int)n, (const double *)a, (double *)l, (double *)u, (double *)p, permute_l)
        : lu_t((int)m, (int)n, (const float *)a, (float *)l, (float *)u, (float *)p, permute_l);
}

/* ---- qr ------------------------------------------------------------------ */
/* qr<Matrix>: xGEQRF of a copy, R (rr x n) its upper triangle, Q (m x qc)
 * by xORGQR from the reflectors (for n == 0: no reflectors, Q = I, as
 * LAPACK's xORGQR with k = 0 gives) */
template <class T>
static int qr_t(int econ, int m, int n, const T * a, T * q, T * r)
{
    int k = m < n ? m : n, qc = econ ? k : m, rr = econ ? k : m, lw = 0, info = 0;
    Dev f, tau, w, di;
    int st = f.get(sizeof(T) * (size_t)m * n);
    st = st ? st : tau.get(sizeof(T) * (size_t)(k > 0 ? k : 1));
    st = st ? st : di.get(sizeof(int));
    st = st ? st : dcopy(f.p, a, sizeof(T) * (size_t)m * n, "dfg (GPU): qr");
    if (!st && k > 0) {
        st = sv(geqrf_bs(m, n, f.as<T>(), &lw), "geqrf");
        st = st ? st : w.get(sizeof(T) * (size_t)lw);
        st = st ? st : sv(geqrf_c(m, n, f.as<T>(), tau.as<T>(), w.as<T>(), lw, di.as<int>()), "geqrf");
        st = st ? st : info_of(di.as<int>(), &info, "geqrf");
    }
    if (st)
        return st;
    if ((int64_t)rr * n > 0) {
        k_triu<T><<<LAUNCH((int64_t)rr * n)>>>(rr, n, f.as<T>(), m, r);
        if ((st = launched("dfg (GPU): qr")))
            return st;
    }
    if (qc == 0)
        return 0;
    if (k == 0) {
        k_eye<T><<<LAUNCH((int64_t)m * qc)>>>(m, qc, q);
        return launched("dfg (GPU): qr");
    }
    int nc = n < qc ? n : qc;
    st = dcopy(q, f.p, sizeof(T) * (size_t)m * nc, "dfg (GPU): qr");
    st = st ? st : dzero(q + (size_t)m * nc, sizeof(T) * (size_t)m * (qc - nc), "dfg (GPU): qr");
    Dev w2;
    st = st ? st : sv(orgqr_bs(m, qc, k, q, tau.as<T>(), &lw), "orgqr");
    st = st ? st : w2.get(sizeof(T) * (size_t)lw);
    st = st ? st : sv(orgqr_c(m, qc, k, q, tau.as<T>(), w2.as<T>(), lw, di.as<int>()), "orgqr");
    return st ? st : info_of(di.as<int>(), &info, "orgqr");
}

int dfg_cu_qr(int dt, int econ, int64_t m, int64_t n, const void * a, void * q, void * r)
{
    int st = dims_ok("qr", dt, m, n, 0);
    if (st || m == 0)
        return st;
    return dt == DFG_DOUBLE ? qr_t(econ, (int)m, (int)n, (const double *)a, (double *)q, (double *)r)
                            : qr_t(econ, (int)m, (int)n, (const float *)a, (float *)q, (float *)r);
}

/* ---- eig (symmetric) ----------------------------------------------------- */
/* a symmetry check first (the GPU has the symmetric solver only: the
 * general one, xGEEVX, is the CPU's, exec.c), then
 * the CPU's Inf / NaN error, then xSYEVD on the upper triangle of a copy
 * (v itself when the vectors are wanted): ascending values */
template <class T>
static int eig_t(int n, const T * a, T * w, T * v)
{
    int bits = 0, lw = 0, info = 0;
    int st = mat_info<T>(n, n, a, &bits, nullptr);
    if (st)
        return st;
    if (bits & NOT_SYM)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg.eig: on the GPU A must be symmetric (the GPU has "
                           "the real symmetric eigensolver only; eig of a non-symmetric A runs in a "
                           "CPU plan, or use (A + A')/2 for a symmetric part)");
    if (bits & NOT_FINITE)
        return dfg_cu_fail(DFG_CUDA_ARG, "EIG: matrix contains Inf or NaN values");
    Dev scratch, wk, di;
    T * f = v;
    if (!f) {
        st = scratch.get(sizeof(T) * (size_t)n * n);
        f = scratch.as<T>();
    }
    cusolverEigMode_t job = v ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
    st = st ? st : dcopy(f, a, sizeof(T) * (size_t)n * n, "dfg (GPU): eig");
    st = st ? st : sv(syevd_bs(job, n, f, w, &lw), "syevd");
    st = st ? st : wk.get(sizeof(T) * (size_t)lw);
    st = st ? st : di.get(sizeof(int));
    st = st ? st : sv(syevd_c(job, n, f, w, wk.as<T>(), lw, di.as<int>()), "syevd");
    st = st ? st : info_of(di.as<int>(), &info, "syevd");
    if (!st && info != 0)   /* the CPU's message, which names its LAPACK routine */
        st = dfg_cu_fail(DFG_CUDA_ARG, "eig: %s failed to converge",
                         dt_of(a) == DFG_DOUBLE ? "dsyev" : "ssyev");
    return st;
}

int dfg_cu_eig_sym(int dt, int64_t n, const void * a, void * w, void * v)
{
    int st = dims_ok("eig", dt, n, 0, 0);
    if (st || n == 0)
        return st;
    return dt == DFG_DOUBLE ? eig_t((int)n, (const double *)a, (double *)w, (double *)v)
                            : eig_t((int)n, (const float *)a, (float *)w, (float *)v);
}

/* ---- svd, pinv ----------------------------------------------------------- */
template <class T>
static int svd_t(int m, int n, const T * a, T * u, T * s, T * v)
{
    int bits = 0;
    int st = mat_info<T>(m, n, a, &bits, nullptr);
    if (st)
        return st;
    if (bits & NOT_FINITE)
        return dfg_cu_fail(DFG_CUDA_ARG, "svd: cannot take SVD of matrix containing Inf or NaN "
                           "values");
    return svd_core(m, n, a, s, u, v);
}

int dfg_cu_svd(int dt, int64_t m, int64_t n, const void * a, void * u, void * s, void * v)
{
    int st = dims_ok("svd", dt, m, n, 0);
    if (st || m == 0 || n == 0)
        return st;
    if (!u != !v)
        return dfg_cu_fail(DFG_CUDA_ARG, "dfg (GPU): svd: U and V are both wanted or neither");
    return dt == DFG_DOUBLE
        ? svd_t((int)m, (int)n, (const double *)a, (double *)u, (double *)s, (double *)v)
        : svd_t((int)m, (int)n, (const float *)a, (float *)u, (float *)s, (float *)v);
}

/* the value rounded to the class of p */
static double rnd(const double *, double v) { return v; }
static double rnd(const float *, double v) { return (double)(float)v; }

/* Matrix::pseudo_inverse as the CPU: economy SVD, singular values below
 * tol = max (m, n) * sigma_max * eps (0 -> realmin) dropped, out (n x m) =
 * V_r * diag (1 ./ s_r) * U_r'; Inf or NaN: all NaN */
template <class T>
static int pinv_t(int m, int n, const T * a, T * out)
{
    int bits = 0, k = m < n ? m : n;
    int st = mat_info<T>(m, n, a, &bits, nullptr);
    if (st)
        return st;
    if (bits & NOT_FINITE) {
        k_fill<T><<<LAUNCH((int64_t)m * n)>>>((int64_t)m * n, out, T(NAN));
        return launched("dfg (GPU): pinv");
    }
    Dev u, s, v, vd;
    Host hs;
    st = u.get(sizeof(T) * (size_t)m * k);
    st = st ? st : s.get(sizeof(T) * (size_t)k);
    st = st ? st : v.get(sizeof(T) * (size_t)n * k);
    st = st ? st : hs.get(sizeof(T) * (size_t)k);
    st = st ? st : svd_core(m, n, a, s.as<T>(), u.as<T>(), v.as<T>());
    st = st ? st : fetch(hs.p, s.p, sizeof(T) * (size_t)k, "dfg (GPU): pinv");
    if (st)
        return st;
    const T * sh = hs.as<T>();
    double eps = dt_of(a) == DFG_DOUBLE ? DBL_EPSILON : FLT_EPSILON;
    double tol = rnd(a, rnd(a, (double)(m > n ? m : n) * sh[0]) * eps);
    if (tol == 0)
        tol = dt_of(a) == DFG_DOUBLE ? DBL_MIN : FLT_MIN;
    int r;
    for (r = k - 1; r >= 0 && sh[r] < tol; r--)
        ;
    if (r < 0)
        return dzero(out, sizeof(T) * (size_t)m * n, "dfg (GPU): pinv");
    st = vd.get(sizeof(T) * (size_t)n * (r + 1));
    if (st)
        return st;
    k_scale_cols<T><<<LAUNCH((int64_t)n * (r + 1))>>>(n, r + 1, v.as<T>(), s.as<T>(), vd.as<T>());
    st = launched("dfg (GPU): pinv");
    return st ? st : dfg_cu_gemm(dt_of(a), 0, 1, n, m, r + 1, vd.p, u.p, out);
}

int dfg_cu_pinv(int dt, int64_t m, int64_t n, const void * a, void * out)
{
    int st = dims_ok("pinv", dt, m, n, 0);
    if (st || m == 0 || n == 0)
        return st;
    return dt == DFG_DOUBLE ? pinv_t((int)m, (int)n, (const double *)a, (double *)out)
                            : pinv_t((int)m, (int)n, (const float *)a, (float *)out);
}

/* ---- mldivide ------------------------------------------------------------ */
/* Matrix::lssolve: xGELSD's minimum-norm least squares with rcond = -1,
 * through the SVD: x = V_r diag (1 ./ s_r) U_r' b with the singular values
 * above eps * s_max (LAPACK's eps, xLALSD's test); a matrix with an Inf
 * 1-norm gives zeros, a NaN 1-norm NaN.  m, n, p >= 1. */
template <class T>
static int lssolve(int m, int n, int p, const T * a, const T * b, T * x)
{
    int bits = 0, k = m < n ? m : n;
    double anorm = 0;
    int st = mat_info<T>(m, n, a, &bits, &anorm);
    if (st)
        return st;
    if (std::isinf(anorm) || std::isnan(anorm)) {
        k_fill<T><<<LAUNCH((int64_t)n * p)>>>((int64_t)n * p, x, std::isinf(anorm) ? T(0) : T(NAN));
        return launched("dfg (GPU): mldivide");
    }
    Dev u, s, v, tb;
    Host hs;
    st = u.get(sizeof(T) * (size_t)m * k);
    st = st ? st : s.get(sizeof(T) * (size_t)k);
    st = st ? st : v.get(sizeof(T) * (size_t)n * k);
    st = st ? st : hs.get(sizeof(T) * (size_t)k);
    st = st ? st : svd_core(m, n, a, s.as<T>(), u.as<T>(), v.as<T>());
    st = st ? st : fetch(hs.p, s.p, sizeof(T) * (size_t)k, "dfg (GPU): mldivide");
    if (st)
        return st;
    const T * sh = hs.as<T>();
    double tol = lapack_eps(a) * sh[0];
    int r = 0;
    while (r < k && sh[r] > tol)
        r++;
    if (r == 0)
        return dzero(x, sizeof(T) * (size_t)n * p, "dfg (GPU): mldivide");
    int dt = dt_of(a);
    st = tb.get(sizeof(T) * (size_t)r * p);
    st = st ? st : dfg_cu_gemm(dt, 1, 0, r, p, m, u.p, b, tb.p);         /* U_r' b   */
    if (st)
        return st;
    k_scale_rows<T><<<LAUNCH((int64_t)r * p)>>>(r, p, tb.as<T>(), s.as<T>());
    st = launched("dfg (GPU): mldivide");
    return st ? st : dfg_cu_gemm(dt, 0, 0, n, p, r, v.p, tb.p, x);       /* V_r (..) */
}

/* Matrix::solve for a square n x n a (n >= 2): triangular, Cholesky or LU
 * solve with Octave's warnings; *need_ls when Octave falls back to
 * lssolve (LU found the matrix exactly singular) */
template <class T>
static int square_solve(int n, int p, const T * a, const T * b, T * x, dfg_cuda_rcond_fn rc,
                        Warn & warn, int * need_ls)
{
    int bits = 0, info = 0, dt = dt_of(a);
    double anorm = 0, r = 0;
    size_t nb = sizeof(T) * (size_t)n * n, xb = sizeof(T) * (size_t)n * p;
    *need_ls = 0;
    int st = mat_info<T>(n, n, a, &bits, &anorm);
    if (st)
        return st;
    int typ = mtype_of(bits);
    if (typ == MT_UPPER || typ == MT_LOWER) {
        /* xTRTRS's zero-diagonal test cannot fire: the probe saw none */
        cublasFillMode_t u = typ == MT_UPPER ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
        st = dcopy(x, b, xb, "dfg (GPU): mldivide");
        st = st ? st : bl(trsm_c(u, n, p, a, x), "mldivide (trsm)");
        st = st ? st : rcond_of(rc, 'T', typ == MT_UPPER, n, a, anorm, &r, &info);
        if (!st && tiny_rcond(dt, r))
            warn.raise(r);
        return st;
    }
    Dev f, ipiv, di;
    st = f.get(nb);
    st = st ? st : ipiv.get(sizeof(int) * (size_t)n);
    st = st ? st : di.get(sizeof(int));
    if (st)
        return st;
    if (typ == MT_HERM) {
        st = dcopy(f.p, a, nb, "dfg (GPU): mldivide");
        st = st ? st : potrf(CUBLAS_FILL_MODE_LOWER, n, f.as<T>(), &info);
        if (!st && info == 0) {
            st = rcond_of(rc, 'P', 0, n, f.as<T>(), anorm, &r, &info);
            if (!st && tiny_rcond(dt, r)) {
                warn.raise(r);
                info = -2;
            }
            if (!st && info == 0) {
                st = dcopy(x, b, xb, "dfg (GPU): mldivide");
                st = st ? st : sv(potrs_c(CUBLAS_FILL_MODE_LOWER, n, p, f.as<T>(), x,
                                          di.as<int>()), "potrs");
                int i2 = 0;
                return st ? st : info_of(di.as<int>(), &i2, "potrs");
            }
        }
        if (st)
            return st;
    }
    /* full, or Cholesky failed: LU */
    st = dcopy(f.p, a, nb, "dfg (GPU): mldivide");
    st = st ? st : getrf(n, n, f.as<T>(), ipiv.as<int>(), &info);
    if (st)
        return st;
    if (info != 0) {
        warn.raise(0);
        *need_ls = 1;
        return 0;
    }
    r = 0;
    st = rcond_of(rc, 'G', 0, n, f.as<T>(), anorm, &r, &info);
    if (st)
        return st;
    if (tiny_rcond(dt, r))
        warn.raise(r);
    if (info != 0) {
        *need_ls = 1;
        return 0;
    }
    st = dcopy(x, b, xb, "dfg (GPU): mldivide");
    return st ? st : getrs(n, p, f.as<T>(), ipiv.as<int>(), x);
}

template <class T>
static int mldivide_t(int m, int n, int p, const T * a, const T * b, T * x, dfg_cuda_rcond_fn rc,
                      Warn & warn)
{
    int need_ls = 1, st = 0;
    if (m == 1 && n == 1) {          /* a scalar: Octave divides elementwise */
        k_div<T><<<LAUNCH(p)>>>(p, b, a, x);
        return launched("dfg (GPU): mldivide");
    }
    if (m == n && (st = square_solve(n, p, a, b, x, rc, warn, &need_ls)))
        return st;
    return need_ls ? lssolve(m, n, p, a, b, x) : 0;
}

int dfg_cu_mldivide(int dt, int64_t m, int64_t n, int64_t p, const void * a, const void * b,
                    void * x, dfg_cuda_rcond_fn rc, int * hwarn, double * hrcond)
{
    Warn warn = { hwarn, hrcond };
    *hwarn = 0;
    *hrcond = 0;
    int st = dims_ok("mldivide", dt, m, n, p);
    if (st)
        return st;
    if (m == 0 || n == 0 || p == 0)
        return dzero(x, (size_t)(n * p) * (dt == DFG_DOUBLE ? 8 : 4), "dfg (GPU): mldivide");
    return dt == DFG_DOUBLE
        ? mldivide_t((int)m, (int)n, (int)p, (const double *)a, (const double *)b, (double *)x, rc, warn)
        : mldivide_t((int)m, (int)n, (int)p, (const float *)a, (const float *)b, (float *)x, rc, warn);
}

/* ---- inv ----------------------------------------------------------------- */
/* Matrix::inverse with force and calc_cond (as Finv calls it): xTRTRI and
 * xTRCON for a triangular matrix, xPOTRF / xPOCON / xPOTRI for a
 * "hermitian" one (falling back to LU when not positive definite), else
 * xGETRF / xGECON and the inverse from the LU factors (cuSOLVER has no
 * xGETRI: xGETRS on the identity, the same inverse up to rounding).
 * rcond == 0 gives an all-Inf result; the warning when rcond is tiny or a
 * factorisation failed.  n >= 2. */
template <class T>
static int inv_t(int n, const T * a, T * out, dfg_cuda_rcond_fn rc, Warn & warn)
{
    int bits = 0, info = 0, failed = 0, dt = dt_of(a);
    double anorm = 0, r = 0, rcv = 0;
    size_t nb = sizeof(T) * (size_t)n * n;
    int st = mat_info<T>(n, n, a, &bits, &anorm);
    st = st ? st : dcopy(out, a, nb, "dfg (GPU): inverse");
    if (st)
        return st;
    int typ = mtype_of(bits);
    if (typ == MT_UPPER || typ == MT_LOWER) {                  /* tinverse */
        cublasFillMode_t u = typ == MT_UPPER ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
        size_t dws = 0, hws = 0;
        Dev w, di;
        Host hw;
        st = sv(cusolverDnXtrtri_bufferSize(dfg_cu_solver, u, CUBLAS_DIAG_NON_UNIT, n,
                                            cuda_type(a), out, n, &dws, &hws), "trtri");
        st = st ? st : w.get(dws);
        st = st ? st : hw.get(hws);
        st = st ? st : di.get(sizeof(int));
        st = st ? st : sv(cusolverDnXtrtri(dfg_cu_solver, u, CUBLAS_DIAG_NON_UNIT, n, cuda_type(a),
                                           out, n, w.p, dws, hws ? hw.p : nullptr, hws,
                                           di.as<int>()), "trtri");
        st = st ? st : info_of(di.as<int>(), &info, "trtri");
        if (!st && info == 0)
            st = rcond_of(rc, 'T', typ == MT_UPPER, n, out, anorm, &rcv, &info);
        if (st)
            return st;
        failed = info != 0;
        r = failed ? 0 : rcv;
    } else {
        int done = 0;
        if (typ == MT_HERM) {                 /* chol (upper) inverse, xPOTRI */
            k_triu<T><<<LAUNCH((int64_t)n * n)>>>(n, n, out, n, out);
            st = launched("dfg (GPU): inverse");
            st = st ? st : potrf(CUBLAS_FILL_MODE_UPPER, n, out, &info);
            if (!st && info == 0)
                st = rcond_of(rc, 'P', 1, n, out, anorm, &rcv, &info);
            if (!st && info == 0) {
                Dev w, di;
                int lw = 0, i2 = 0;
                r = rcv;
                st = sv(potri_bs(CUBLAS_FILL_MODE_UPPER, n, out, &lw), "potri");
                st = st ? st : w.get(sizeof(T) * (size_t)lw);
                st = st ? st : di.get(sizeof(int));
                st = st ? st : sv(potri_c(CUBLAS_FILL_MODE_UPPER, n, out, w.as<T>(), lw,
                                          di.as<int>()), "potri");
                st = st ? st : info_of(di.as<int>(), &i2, "potri");
                st = st ? st : dfg_cu_symmetrize(dt, n, out);
                done = 1;
            }
            if (!st && !done)
                st = dcopy(out, a, nb, "dfg (GPU): inverse");
            if (st)
                return st;
        }
        if (!done) {                                          /* finverse */
            Dev f, ipiv;
            st = f.get(nb);
            st = st ? st : ipiv.get(sizeof(int) * (size_t)n);
            st = st ? st : dcopy(f.p, a, nb, "dfg (GPU): inverse");
            st = st ? st : getrf(n, n, f.as<T>(), ipiv.as<int>(), &info);
            if (st)
                return st;
            if (info != 0)
                failed = 1;
            else {
                st = rcond_of(rc, 'G', 0, n, f.as<T>(), anorm, &rcv, &info);
                if (st)
                    return st;
                r = rcv;
                failed = info != 0;
                k_eye<T><<<LAUNCH((int64_t)n * n)>>>(n, n, out);
                st = launched("dfg (GPU): inverse");
                st = st ? st : getrs(n, n, f.as<T>(), ipiv.as<int>(), out);
                if (st)
                    return st;
            }
        }
    }
    if (r == 0) {
        k_fill<T><<<LAUNCH((int64_t)n * n)>>>((int64_t)n * n, out, T(INFINITY));
        if ((st = launched("dfg (GPU): inverse")))
            return st;
    }
    if (failed || tiny_rcond(dt, r))
        warn.raise(r);
    return 0;
}

template <class T>
__global__ void k_recip(const T * a, T * out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        out[0] = T(1) / a[0];
}

int dfg_cu_inv(int dt, int64_t n, const void * a, void * out, dfg_cuda_rcond_fn rc, int * hwarn,
               double * hrcond)
{
    Warn warn = { hwarn, hrcond };
    *hwarn = 0;
    *hrcond = 0;
    int st = dims_ok("inverse", dt, n, 0, 0);
    if (st || n == 0)
        return st;
    if (n == 1) {                       /* a scalar: no warning, as Finv */
        if (dt == DFG_DOUBLE)
            k_recip<double><<<1, 1, 0, dfg_cu_stream>>>((const double *)a, (double *)out);
        else
            k_recip<float><<<1, 1, 0, dfg_cu_stream>>>((const float *)a, (float *)out);
        return launched("dfg (GPU): inverse");
    }
    return dt == DFG_DOUBLE ? inv_t((int)n, (const double *)a, (double *)out, rc, warn)
                            : inv_t((int)n, (const float *)a, (float *)out, rc, warn);
}

/* ---- det ----------------------------------------------------------------- */
/* Octave's base_det (DET.h), on the host as the CPU: c * 2^e with c
 * renormalised into [0.5, 1) after every product, so no product overflows;
 * the factors' diagonals (and pivots) are copied over */
struct Det {
    double c;
    int e;
};

static Det det_make(double (*rn)(double), double c, int e)
{
    Det d;
    int f;
    d.c = std::frexp(rn(c), &f);
    d.e = f + e;
    return d;
}

static void det_mul(double (*rn)(double), Det * d, double t)
{
    int f;
    d->c = std::frexp(rn(d->c * t), &f);
    d->e += f;
}

static double rn_double(double v) { return v; }
static double rn_single(double v) { return (double)(float)v; }

/* the diagonal of the n x n device matrix f, on the host as doubles */
template <class T>
static int diag_of(int n, const T * f, double * hd)
{
    Dev d;
    Host h;
    int st = d.get(sizeof(T) * (size_t)n);
    st = st ? st : h.get(sizeof(T) * (size_t)n);
    if (st)
        return st;
    k_diag<T><<<LAUNCH(n)>>>(n, f, d.as<T>());
    st = launched("dfg (GPU): det");
    st = st ? st : fetch(h.p, d.p, sizeof(T) * (size_t)n, "dfg (GPU): det");
    for (int i = 0; !st && i < n; i++)
        hd[i] = h.as<T>()[i];
    return st;
}

/* triangular: the product of the diagonal; "hermitian": Cholesky,
 * det = prod (diag (L))^2 (LU when not positive definite); full: LU, the
 * pivots' signs, 0 when LU or xGECON fails (as Octave's det) */
template <class T>
static int det_t(int n, const T * a, T * out, dfg_cuda_rcond_fn rc)
{
    double (*rn)(double) = dt_of(a) == DFG_DOUBLE ? rn_double : rn_single;
    int bits = 0, info = 0, singular = 0;
    double anorm = 0;
    Det d = det_make(rn, 1, 0);
    Host hd, hp;
    int st = mat_info<T>(n, n, a, &bits, &anorm);
    st = st ? st : hd.get(sizeof(double) * (size_t)(n > 0 ? n : 1));
    st = st ? st : hp.get(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (st)
        return st;
    int typ = n == 0 ? MT_UPPER : mtype_of(bits);
    double * diag = hd.as<double>();
    if (typ == MT_UPPER || typ == MT_LOWER) {
        st = diag_of(n, a, diag);
        for (int i = 0; !st && i < n; i++)
            det_mul(rn, &d, diag[i]);
    } else {
        Dev f, ipiv;
        size_t nb = sizeof(T) * (size_t)n * n;
        st = f.get(nb);
        st = st ? st : ipiv.get(sizeof(int) * (size_t)n);
        st = st ? st : dcopy(f.p, a, nb, "dfg (GPU): det");
        if (!st && typ == MT_HERM) {
            st = potrf(CUBLAS_FILL_MODE_LOWER, n, f.as<T>(), &info);
            if (!st && info == 0) {
                st = diag_of(n, f.as<T>(), diag);
                for (int i = 0; !st && i < n; i++)
                    det_mul(rn, &d, diag[i]);
                d = det_make(rn, d.c * d.c, 2 * d.e);
            } else if (!st) {
                typ = MT_FULL;
                st = dcopy(f.p, a, nb, "dfg (GPU): det");
            }
        }
        if (!st && typ == MT_FULL) {
            double rcv = 0;
            st = getrf(n, n, f.as<T>(), ipiv.as<int>(), &info);
            if (!st && info == 0)
                st = rcond_of(rc, 'G', 0, n, f.as<T>(), anorm, &rcv, &info);
            singular = info != 0;
            if (!st && !singular) {
                const int * piv = hp.as<int>();
                st = diag_of(n, f.as<T>(), diag);
                st = st ? st : fetch(hp.p, ipiv.p, sizeof(int) * (size_t)n, "dfg (GPU): det");
                for (int i = 0; !st && i < n; i++)
                    det_mul(rn, &d, piv[i] != i + 1 ? -diag[i] : diag[i]);
            }
        }
    }
    if (st)
        return st;
    T v = (T)(singular ? 0 : rn(d.c * rn(std::ldexp(1.0, d.e))));
    return put(out, &v, sizeof v, "dfg (GPU): det");
}

int dfg_cu_det(int dt, int64_t n, const void * a, void * out, dfg_cuda_rcond_fn rc)
{
    int st = dims_ok("det", dt, n, 0, 0);
    if (st)
        return st;
    return dt == DFG_DOUBLE ? det_t((int)n, (const double *)a, (double *)out, rc)
                            : det_t((int)n, (const float *)a, (float *)out, rc);
}
