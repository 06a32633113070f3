/* kernels/cuda/internal.h -- what the backend's sources share (C++). */
#ifndef DFG_CUDA_INTERNAL_H
#define DFG_CUDA_INTERNAL_H
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cusolverDn.h>
#include "dfg_cuda.h"

/* runtime.cu: the stream, the cuBLAS and cuSOLVER handles (on the stream)
 * and a device int for domain checks, made by probe; the message of the
 * last failure (per thread) */
extern cudaStream_t       dfg_cu_stream;
extern cublasHandle_t     dfg_cu_blas;
extern cusolverDnHandle_t dfg_cu_solver;
extern int *          dfg_cu_flag;
int  dfg_cu_fail(int code, const char * fmt, ...);
int  dfg_cu_check(cudaError_t e, const char * what);   /* 0 or DFG_CUDA_ERR */
int  dfg_cu_ready(void);          /* 0 when probe succeeded, else its code */
/* clears the domain flag before a checked kernel; after it, 0 or
 * DFG_CUDA_DOMAIN (waits for the stream) */
int  dfg_cu_flag_clear(void);
int  dfg_cu_flag_read(const char * what);
/* the flag's value after the kernels before it (waits for the stream):
 * the POW_ bits of kernels/elem.h that x .^ y's kernel or's into it */
int  dfg_cu_flag_get(int * value);

/* the family entries (elementwise.cu, reduce.cu, matmul.cu, index.cu) */
int dfg_cu_unary(int op, int dt_in, int dt_out, void * out, const void * in, int64_t n);
int dfg_cu_binary(int op, int dt, void * out, const void * a, int64_t sa,
                  const void * b, int64_t sb, int64_t n);
int dfg_cu_reduce(int op, int dt, void * out, const void * in,
                  int64_t pre, int64_t n, int64_t post);
int dfg_cu_gemm(int dt, int ta, int tb, int64_t m, int64_t n, int64_t k,
                const void * a, const void * b, void * c);
int dfg_cu_rand(int dt, void * out, int64_t n, uint64_t seed, uint64_t stream, int ctr_dt,
                const void * ctr);
int dfg_cu_permute(int es, void * out, const void * in, int ndim, const int64_t * dims,
                   const int64_t * perm);
int dfg_cu_scan(int op, int dt, void * out, const void * in, int64_t pre, int64_t n,
                int64_t post);
int dfg_cu_cat(int es, void * out, int n, const void * const * in, const int64_t * ext,
               int ndim, const int64_t * dims, int dim);
int dfg_cu_gather(int es, void * out, const void * in, const int64_t * hdr);
int dfg_cu_broadcast(int es, void * out, const void * in, int ndim, const int64_t * idims,
                     const int64_t * odims);
int dfg_cu_scatter(int add, int es, void * out, const void * x, int64_t x_numel, const void * v,
                   int64_t v_numel, const int64_t * hdr);
/* matmul.cu: the gram product; linalg.cu: the dense linear algebra */
int dfg_cu_syrk(int dt, int trans, int64_t n, int64_t k, const void * a, void * c);
int dfg_cu_symmetrize(int dt, int64_t n, void * c);
int dfg_cu_mldivide(int dt, int64_t m, int64_t n, int64_t p, const void * a, const void * b,
                    void * x, dfg_cuda_rcond_fn rc, int * hwarn, double * hrcond);
int dfg_cu_inv(int dt, int64_t n, const void * a, void * out, dfg_cuda_rcond_fn rc, int * hwarn,
               double * hrcond);
int dfg_cu_det(int dt, int64_t n, const void * a, void * out, dfg_cuda_rcond_fn rc);
int dfg_cu_chol(int dt, int64_t n, const void * a, void * r);
int dfg_cu_lu(int dt, int64_t m, int64_t n, const void * a, void * l, void * u, void * p,
              int permute_l);
int dfg_cu_qr(int dt, int econ, int64_t m, int64_t n, const void * a, void * q, void * r);
int dfg_cu_eig_sym(int dt, int64_t n, const void * a, void * w, void * v);
int dfg_cu_svd(int dt, int64_t m, int64_t n, const void * a, void * u, void * s, void * v);
int dfg_cu_pinv(int dt, int64_t m, int64_t n, const void * a, void * out);

/* a launch grid for n elements, 256 threads a block */
static inline unsigned dfg_cu_blocks(int64_t n)
{
    int64_t b = (n + 255) / 256;
    return (unsigned)(b > 65535 * 32 ? 65535 * 32 : b);
}
#endif
