/* kernels/cuda/matmul.cu -- C = op(A) * op(B) through cuBLAS (dgemm,
 * sgemm), column-major as Octave stores arrays, and the gram product A'*A,
 * A*A' (dsyrk, ssyrk) made exactly symmetric. */
#include <climits>
#include "internal.h"
#include "../../lib/dfg.h"

int dfg_cu_gemm(int dt, int ta, int tb, int64_t m, int64_t n, int64_t k,
                const void * a, const void * b, void * c)
{
    int st = dfg_cu_ready();
    if (st || m <= 0 || n <= 0)
        return st;
    if (m > INT_MAX || n > INT_MAX || k > INT_MAX)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): mtimes: a dimension past 2^31-1");
    if (k == 0)     /* an empty inner dimension: zeros, as Octave */
        return dfg_cu_check(cudaMemsetAsync(c, 0, (size_t)(m * n) * (dt == DFG_DOUBLE ? 8 : 4),
                                            dfg_cu_stream), "dfg (GPU): mtimes");
    int lda = (int)(ta ? k : m), ldb = (int)(tb ? n : k);
    cublasOperation_t oa = ta ? CUBLAS_OP_T : CUBLAS_OP_N, ob = tb ? CUBLAS_OP_T : CUBLAS_OP_N;
    cublasStatus_t bs;
    if (dt == DFG_DOUBLE) {
        const double one = 1, zero = 0;
        bs = cublasDgemm(dfg_cu_blas, oa, ob, (int)m, (int)n, (int)k, &one, (const double *)a, lda,
                         (const double *)b, ldb, &zero, (double *)c, (int)m);
    } else if (dt == DFG_SINGLE) {
        const float one = 1, zero = 0;
        bs = cublasSgemm(dfg_cu_blas, oa, ob, (int)m, (int)n, (int)k, &one, (const float *)a, lda,
                         (const float *)b, ldb, &zero, (float *)c, (int)m);
    } else
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): mtimes of double and single only");
    if (bs != CUBLAS_STATUS_SUCCESS)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): mtimes: cuBLAS status %d", (int)bs);
    return 0;
}

/* c(i, j) = c(j, i) below the diagonal of the n x n c: the upper triangle
 * mirrored, one thread an element of the strict lower triangle (the
 * element (i, j), i > j, of column-major index t is found by walking the
 * grid over all n * n and skipping the rest: simple, and the grid is the
 * size of the matrix the product wrote anyway) */
template <class T>
__global__ void k_mirror(int64_t n, T * c)
{
    int64_t total = n * n;
    for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < total;
         t += (int64_t)gridDim.x * blockDim.x) {
        int64_t i = t % n, j = t / n;
        if (i > j)
            c[t] = c[j + n * i];
    }
}

int dfg_cu_symmetrize(int dt, int64_t n, void * c)
{
    int st = dfg_cu_ready();
    if (st || n <= 1)
        return st;
    if (dt == DFG_DOUBLE)
        k_mirror<double><<<dfg_cu_blocks(n * n), 256, 0, dfg_cu_stream>>>(n, (double *)c);
    else if (dt == DFG_SINGLE)
        k_mirror<float><<<dfg_cu_blocks(n * n), 256, 0, dfg_cu_stream>>>(n, (float *)c);
    else
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): symmetrize of double and single only");
    return dfg_cu_check(cudaGetLastError(), "dfg (GPU): symmetrize");
}

/* C = A'*A (trans 1, A k x n) or A*A' (trans 0, A n x k) as Octave's xgemm
 * computes it (kernels/cpu/linalg.c): xSYRK into the upper triangle, then
 * the upper triangle mirrored, so C is exactly symmetric */
int dfg_cu_syrk(int dt, int trans, int64_t n, int64_t k, const void * a, void * c)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    if (n > INT_MAX || k > INT_MAX)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): mtimes: a dimension past 2^31-1");
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): mtimes of double and single only");
    if (k == 0)     /* an empty inner dimension: zeros, as Octave */
        return dfg_cu_check(cudaMemsetAsync(c, 0, (size_t)(n * n) * (dt == DFG_DOUBLE ? 8 : 4),
                                            dfg_cu_stream), "dfg (GPU): mtimes");
    int lda = (int)(trans ? k : n);
    cublasOperation_t op = trans ? CUBLAS_OP_T : CUBLAS_OP_N;
    cublasStatus_t bs;
    if (dt == DFG_DOUBLE) {
        const double one = 1, zero = 0;
        bs = cublasDsyrk(dfg_cu_blas, CUBLAS_FILL_MODE_UPPER, op, (int)n, (int)k, &one,
                         (const double *)a, lda, &zero, (double *)c, (int)n);
    } else {
        const float one = 1, zero = 0;
        bs = cublasSsyrk(dfg_cu_blas, CUBLAS_FILL_MODE_UPPER, op, (int)n, (int)k, &one,
                         (const float *)a, lda, &zero, (float *)c, (int)n);
    }
    if (bs != CUBLAS_STATUS_SUCCESS)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): mtimes (xSYRK): cuBLAS status %d", (int)bs);
    return dfg_cu_symmetrize(dt, n, c);
}
