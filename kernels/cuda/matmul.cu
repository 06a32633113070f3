/* kernels/cuda/matmul.cu -- C = op(A) * op(B) through cuBLAS (dgemm,
 * sgemm), column-major as Octave stores arrays. */
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
