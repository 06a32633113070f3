/* kernels/cuda/internal.h -- what the backend's sources share (C++). */
#ifndef DFG_CUDA_INTERNAL_H
#define DFG_CUDA_INTERNAL_H
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cusolverDn.h>
#include "dfg_cuda.h"
#include "../../lib/dfg.h"
#include "../elem.h"

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
int dfg_cu_psi(int dt, int k, void * out, const void * in, int64_t n);
int dfg_cu_merge(int es, void * out, const void * m, int64_t sm, const void * a, int64_t sa,
                 const void * b, int64_t sb, int64_t n);
int dfg_cu_fused(const int64_t * prog, int n_in, const void * const * in, const int * in_dt,
                 const int64_t * in_dims, void * const * out, void * scratch, size_t scratch_bytes);

/* ---- the element functions of the element-wise kernels --------------------
 * kernels/elem.h's functions by op code and type, for elementwise.cu and
 * fused.cu alike: the unfused and the fused kernels compute every element
 * with these same functions, so their results agree bitwise.  un: the
 * unary math ops (not psi, not, cast); bin: the binary ops whose result
 * has the operands' class; cmp: the comparisons and and/or/xor (logical
 * result; NaN operands of and/or/xor raise BAD_NANLOGIC in *bad).  Which
 * ops each one takes: dfg_cuda.h's dfg_cuda_unary_math & co. */
__device__ __forceinline__ double e_sign(double x) { return oct_sign_(x); }
__device__ __forceinline__ float  e_sign(float x)  { return oct_sign_f(x); }
__device__ __forceinline__ double e_gamma(double x) { return oct_gamma_(x); }
__device__ __forceinline__ float  e_gamma(float x)  { return oct_gamma_f(x); }
__device__ __forceinline__ double e_erfinv(double x) { return dfg_erfinv_(x); }
__device__ __forceinline__ float  e_erfinv(float x)  { return dfg_erfinv_f(x); }
__device__ __forceinline__ double e_erfcinv(double x) { return dfg_erfcinv_(x); }
__device__ __forceinline__ float  e_erfcinv(float x)  { return dfg_erfcinv_f(x); }
__device__ __forceinline__ double e_psi(int k, double x) { return dfg_psi_(k, x); }
__device__ __forceinline__ float  e_psi(int k, float x)  { return dfg_psi_f(k, x); }
__device__ __forceinline__ int    e_psi_bad(int k, double x) { return dfg_psi_bad_(k, x); }
__device__ __forceinline__ int    e_psi_bad(int k, float x)  { return dfg_psi_bad_f(k, x); }
__device__ __forceinline__ int    e_complex(int op, double x) { return oct_unary_complex_(op, x); }
__device__ __forceinline__ int    e_complex(int op, float x)  { return oct_unary_complex_f(op, x); }
__device__ __forceinline__ double e_max(double x, double y) { return oct_max_(x, y); }
__device__ __forceinline__ float  e_max(float x, float y)   { return oct_max_f(x, y); }
__device__ __forceinline__ double e_min(double x, double y) { return oct_min_(x, y); }
__device__ __forceinline__ float  e_min(float x, float y)   { return oct_min_f(x, y); }
__device__ __forceinline__ double e_mod(double x, double y) { return oct_mod_(x, y); }
__device__ __forceinline__ float  e_mod(float x, float y)   { return oct_mod_f(x, y); }
__device__ __forceinline__ double e_rem(double x, double y) { return oct_rem_(x, y); }
__device__ __forceinline__ float  e_rem(float x, float y)   { return oct_rem_f(x, y); }
__device__ __forceinline__ double e_pow(double x, double y, int * f) { return oct_pow_(x, y, f); }
__device__ __forceinline__ float  e_pow(float x, float y, int * f)   { return oct_pow_f(x, y, f); }
__device__ __forceinline__ int    e_pow_fast_kind(double p) { return pow_fast_kind_(p); }
__device__ __forceinline__ int    e_pow_fast_kind(float p)  { return pow_fast_kind_f(p); }
__device__ __forceinline__ double e_pow_fast(double x, double p, int k) { return pow_fast_(x, p, k); }
__device__ __forceinline__ float  e_pow_fast(float x, float p, int k)   { return pow_fast_f(x, p, k); }

template <typename T> __device__ __forceinline__ T un(int op, T x)
{
    switch (op) {
    case DFG_OP_NEG:     return -x;
    case DFG_OP_ABS:     return fabs(x);
    case DFG_OP_SIGN:    return e_sign(x);
    case DFG_OP_SQRT:    return sqrt(x);
    case DFG_OP_EXP:     return exp(x);
    case DFG_OP_LOG:     return log(x);
    case DFG_OP_LOG1P:   return log1p(x);
    case DFG_OP_EXPM1:   return expm1(x);
    case DFG_OP_LOG2:    return log2(x);
    case DFG_OP_LOG10:   return log10(x);
    case DFG_OP_SIN:     return sin(x);
    case DFG_OP_COS:     return cos(x);
    case DFG_OP_TAN:     return tan(x);
    case DFG_OP_ASIN:    return asin(x);
    case DFG_OP_ACOS:    return acos(x);
    case DFG_OP_ATAN:    return atan(x);
    case DFG_OP_SINH:    return sinh(x);
    case DFG_OP_COSH:    return cosh(x);
    case DFG_OP_TANH:    return tanh(x);
    case DFG_OP_ASINH:   return asinh(x);
    case DFG_OP_ACOSH:   return acosh(x);
    case DFG_OP_ATANH:   return atanh(x);
    case DFG_OP_FLOOR:   return floor(x);
    case DFG_OP_CEIL:    return ceil(x);
    case DFG_OP_ROUND:   return round(x);
    case DFG_OP_FIX:     return trunc(x);
    case DFG_OP_ERF:     return erf(x);
    case DFG_OP_ERFC:    return erfc(x);
    case DFG_OP_GAMMA:   return e_gamma(x);
    case DFG_OP_GAMMALN: return lgamma(x);
    case DFG_OP_CBRT:    return cbrt(x);
    case DFG_OP_ERFINV:  return e_erfinv(x);
    case DFG_OP_ERFCINV: return e_erfcinv(x);
    }
    return x;
}

template <typename T> __device__ __forceinline__ T bin(int op, T a, T b)
{
    switch (op) {
    case DFG_OP_ADD:   return a + b;
    case DFG_OP_SUB:   return a - b;
    case DFG_OP_MUL:   return a * b;
    case DFG_OP_DIV:   return a / b;
    case DFG_OP_ATAN2: return atan2(a, b);
    case DFG_OP_HYPOT: return hypot(a, b);
    case DFG_OP_MAX2:  return e_max(a, b);
    case DFG_OP_MIN2:  return e_min(a, b);
    case DFG_OP_MOD:   return e_mod(a, b);
    case DFG_OP_REM:   return e_rem(a, b);
    }
    return a;
}

/* max and min of logical operands (the CPU's bin_logical): or, and */
__device__ __forceinline__ unsigned char bin_logical(int op, unsigned char a, unsigned char b)
{
    return op == DFG_OP_MAX2 ? (unsigned char)(a | b) : (unsigned char)(a & b);
}


template <typename T> __device__ __forceinline__ unsigned char cmp(int op, T a, T b, int * bad)
{
    switch (op) {
    case DFG_OP_EQ:  return a == b;
    case DFG_OP_NE:  return a != b;
    case DFG_OP_LT:  return a < b;
    case DFG_OP_LE:  return a <= b;
    case DFG_OP_GT:  return a > b;
    case DFG_OP_GE:  return a >= b;
    case DFG_OP_AND: *bad |= BAD_NANLOGIC * (isnan(a) || isnan(b)); return a != 0 && b != 0;
    case DFG_OP_OR:  *bad |= BAD_NANLOGIC * (isnan(a) || isnan(b)); return a != 0 || b != 0;
    case DFG_OP_XOR: *bad |= BAD_NANLOGIC * (isnan(a) || isnan(b)); return (a != 0) != (b != 0);
    }
    return 0;
}

/* a launch grid for n elements, 256 threads a block */
static inline unsigned dfg_cu_blocks(int64_t n)
{
    int64_t b = (n + 255) / 256;
    return (unsigned)(b > 65535 * 32 ? 65535 * 32 : b);
}
#endif
