/* kernels/cuda/reduce.cu -- sum, prod, max, min, any, all and the indices
 * of max and min along the middle axis of [pre, n, post]: one block per
 * output, a tree in shared memory.  max and
 * min ignore NaN unless all are NaN (Octave's max); an empty axis gives 0
 * (sum) or 1 (prod).  The order of the additions differs from the CPU
 * kernel's blocked order, so sums agree to rounding, not bitwise.  And
 * cumsum and cumprod, in the CPU's order (bitwise the same). */
#include <cmath>
#include "internal.h"
#include "../../lib/dfg.h"
#include "../kernels.h"

template <typename T> __device__ T ident(int op)
{
    return op == DFG_RED_PROD ? T(1) : op == DFG_RED_SUM ? T(0) : T(NAN);
}

template <typename T> __device__ T comb(int op, T a, T b)
{
    switch (op) {
    case DFG_RED_SUM:  return a + b;
    case DFG_RED_PROD: return a * b;
    case DFG_RED_MAX:  return isnan(a) ? b : isnan(b) ? a : (a >= b ? a : b);
    case DFG_RED_MIN:  return isnan(a) ? b : isnan(b) ? a : (a <= b ? a : b);
    }
    return a;
}

template <typename T>
__global__ void k_reduce(int op, T * out, const T * in, int64_t pre, int64_t n, int64_t post)
{
    __shared__ T part[256];
    for (int64_t o = blockIdx.x; o < pre * post; o += gridDim.x) {
        int64_t i = o % pre, q = o / pre;
        const T * x = in + i + q * pre * n;
        T acc = ident<T>(op);
        for (int64_t j = threadIdx.x; j < n; j += blockDim.x)
            acc = comb(op, acc, x[j * pre]);
        part[threadIdx.x] = acc;
        __syncthreads();
        for (int s = blockDim.x / 2; s > 0; s >>= 1) {
            if ((int)threadIdx.x < s)
                part[threadIdx.x] = comb(op, part[threadIdx.x], part[threadIdx.x + s]);
            __syncthreads();
        }
        if (threadIdx.x == 0)
            out[o] = part[0];
        __syncthreads();
    }
}

static int reduce_other(int op, int dt, void * out, const void * in, int64_t pre, int64_t n,
                        int64_t post);          /* any, all, argmax, argmin: below */

int dfg_cu_reduce(int op, int dt, void * out, const void * in,
                  int64_t pre, int64_t n, int64_t post)
{
    int st = dfg_cu_ready();
    if (st || pre * post <= 0)
        return st;
    if (op == DFG_RED_ANY || op == DFG_RED_ALL) {
        if (dt != DFG_DOUBLE && dt != DFG_SINGLE && dt != DFG_LOGICAL)
            return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): any/all of double, single and logical only");
        return reduce_other(op, dt, out, in, pre, n, post);
    }
    if (op == DFG_RED_ARGMAX || op == DFG_RED_ARGMIN) {
        if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
            return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): max/min indices of double and single only");
        return reduce_other(op, dt, out, in, pre, n, post);
    }
    if (op != DFG_RED_SUM && op != DFG_RED_PROD && op != DFG_RED_MAX && op != DFG_RED_MIN)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for this reduction");
    if (n == 0 && (op == DFG_RED_MAX || op == DFG_RED_MIN))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): max/min along an empty dimension");
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): reductions of double and single only");
    int64_t no = pre * post;
    unsigned nb = (unsigned)(no > 65535 * 16 ? 65535 * 16 : no);
    if (dt == DFG_DOUBLE)
        k_reduce<<<nb, 256, 0, dfg_cu_stream>>>(op, (double *)out, (const double *)in, pre, n, post);
    else
        k_reduce<<<nb, 256, 0, dfg_cu_stream>>>(op, (float *)out, (const float *)in, pre, n, post);
    return dfg_cu_check(cudaGetLastError(), "dfg (GPU): reduction kernel");
}

/* ---- any, all, argmax, argmin ---------------------------------------------
 * Exact in any order, so one block per output and a tree give the CPU's
 * results (kernels/cpu/reduce.c's rules, Octave 7.3's):
 *   any: some element nonzero and not NaN; all: no element exactly zero,
 *   except for pre > 1 and n <= 8 (Octave's mx_inline_all_r, the CPU's
 *   "allr") where a NaN fails it too; any of an empty axis is 0, all 1;
 *   argmax, argmin: the 1-based index of the first best element, NaN
 *   skipped unless all are NaN (then 1): the pair (value, index) of a tree
 *   node is the better one, equal values (-0 == 0 too) the lower index. */
template <typename T>
__global__ void k_anyall(int mode, uint8_t * out, const T * in, int64_t pre, int64_t n,
                         int64_t post)
{
    for (int64_t o = blockIdx.x; o < pre * post; o += gridDim.x) {
        const T * x = in + o % pre + o / pre * pre * n;
        int hit = 0;                         /* any: a true one; all: a false one */
        for (int64_t j = threadIdx.x; j < n && !hit; j += blockDim.x) {
            const T v = x[j * pre];
            const bool yes = v != T(0) && v == v;
            hit = mode == 0 ? yes : mode == 1 ? v == T(0) : !yes;
        }
        hit = __syncthreads_or(hit);
        if (threadIdx.x == 0)
            out[o] = (uint8_t)(mode == 0 ? hit != 0 : hit == 0);
    }
}

/* (v, iv) better than (a, ia), for max (mx) or min */
template <typename T> __device__ bool ext_better(int mx, T v, int64_t iv, T a, int64_t ia)
{
    if (isnan(a))
        return !isnan(v) || iv < ia;
    if (isnan(v))
        return false;
    return (mx ? v > a : v < a) || (v == a && iv < ia);
}

template <typename T>
__global__ void k_argext(int mx, double * out, const T * in, int64_t pre, int64_t n, int64_t post)
{
    __shared__ T bv[256];
    __shared__ int64_t bi[256];
    for (int64_t o = blockIdx.x; o < pre * post; o += gridDim.x) {
        const T * x = in + o % pre + o / pre * pre * n;
        T best = T(0);
        int64_t at = -1;                     /* -1: no element yet */
        for (int64_t j = threadIdx.x; j < n; j += blockDim.x) {
            const T v = x[j * pre];
            if (at < 0 || ext_better(mx, v, j, best, at)) {
                best = v;
                at = j;
            }
        }
        bv[threadIdx.x] = best;
        bi[threadIdx.x] = at;
        __syncthreads();
        for (int s = blockDim.x / 2; s > 0; s >>= 1) {
            const int t = threadIdx.x;
            if (t < s && bi[t + s] >= 0 &&
                (bi[t] < 0 || ext_better(mx, bv[t + s], bi[t + s], bv[t], bi[t]))) {
                bv[t] = bv[t + s];
                bi[t] = bi[t + s];
            }
            __syncthreads();
        }
        if (threadIdx.x == 0)
            out[o] = (double)(bi[0] + 1);
        __syncthreads();
    }
}

static int reduce_other(int op, int dt, void * out, const void * in, int64_t pre, int64_t n,
                        int64_t post)
{
    const int64_t no = pre * post;
    const unsigned nb = (unsigned)(no > 65535 * 16 ? 65535 * 16 : no);
    if (op == DFG_RED_ANY || op == DFG_RED_ALL) {
        /* all's path as the CPU chooses it (kernels/cpu/reduce.c) */
        const int mode = op == DFG_RED_ANY ? 0 : pre > 1 && n <= 8 ? 2 : 1;
        if (dt == DFG_DOUBLE)
            k_anyall<<<nb, 256, 0, dfg_cu_stream>>>(mode, (uint8_t *)out, (const double *)in, pre, n, post);
        else if (dt == DFG_SINGLE)
            k_anyall<<<nb, 256, 0, dfg_cu_stream>>>(mode, (uint8_t *)out, (const float *)in, pre, n, post);
        else
            k_anyall<<<nb, 256, 0, dfg_cu_stream>>>(mode, (uint8_t *)out, (const uint8_t *)in, pre, n, post);
    } else if (n > 0) {                  /* empty axes: an empty result, nothing to write */
        const int mx = op == DFG_RED_ARGMAX;
        if (dt == DFG_DOUBLE)
            k_argext<<<nb, 256, 0, dfg_cu_stream>>>(mx, (double *)out, (const double *)in, pre, n, post);
        else
            k_argext<<<nb, 256, 0, dfg_cu_stream>>>(mx, (double *)out, (const float *)in, pre, n, post);
    }
    return dfg_cu_check(cudaGetLastError(), "dfg (GPU): reduction kernel");
}

/* ---- cumsum, cumprod ------------------------------------------------------
 * One thread per line (i, q) of [pre, n, post], walking the axis in index
 * order from its first element: the CPU's sequential order
 * (kernels/cpu/reduce.c), each step rounded to T, so the results agree
 * bitwise.  Neighbouring threads take neighbouring i: their reads and
 * writes are contiguous.  out may be in: each element is read before its
 * place is written, by the one thread that owns the line. */
template <typename T>
__global__ void k_scan(int prod, T * out, const T * in, int64_t pre, int64_t n, int64_t post)
{
    for (int64_t l = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; l < pre * post;
         l += (int64_t)gridDim.x * blockDim.x) {
        const int64_t base = l % pre + l / pre * pre * n;
        T acc = in[base];
        out[base] = acc;
        for (int64_t k = 1; k < n; k++) {
            const T v = in[base + k * pre];
            acc = prod ? acc * v : acc + v;
            out[base + k * pre] = acc;
        }
    }
}

int dfg_cu_scan(int op, int dt, void * out, const void * in, int64_t pre, int64_t n,
                int64_t post)
{
    int st = dfg_cu_ready();
    if (st || pre <= 0 || n <= 0 || post <= 0)
        return st;
    if (op != DFG_OP_CUMSUM && op != DFG_OP_CUMPROD)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for this scan");
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): scans of double and single only");
    unsigned nb = dfg_cu_blocks(pre * post);
    if (dt == DFG_DOUBLE)
        k_scan<<<nb, 256, 0, dfg_cu_stream>>>(op == DFG_OP_CUMPROD, (double *)out,
                                              (const double *)in, pre, n, post);
    else
        k_scan<<<nb, 256, 0, dfg_cu_stream>>>(op == DFG_OP_CUMPROD, (float *)out,
                                              (const float *)in, pre, n, post);
    return dfg_cu_check(cudaGetLastError(), "dfg (GPU): scan kernel");
}
