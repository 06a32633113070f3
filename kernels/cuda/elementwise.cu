/* kernels/cuda/elementwise.cu -- unary and binary element-wise ops, double
 * and single, with Octave's semantics where they differ from C's.  The
 * element functions are kernels/elem.h's, the same source the CPU kernels
 * use and tests/c/test-elem.c checks: max/min ignoring NaN, sign (-0) = 0,
 * x .^ y decided real or complex for the whole array as Octave does (x .^
 * 2, 3, -1 as x .* x, x .* x .* x, 1 ./ x), and the domain checks: results
 * that would be complex (log of a negative number, ...) are flagged and
 * reported as an error.  Round is half away from zero and fix is trunc in
 * CUDA too.  Ops without a kernel here (gamma, gammaln, mod, rem, ...)
 * answer DFG_CUDA_UNSUPPORTED (tests/c/test-cuda.c relies on that).  And
 * dfg.rand's uniform numbers, kernels/elem.h's counter-based stream. */
#include <cmath>
#include "internal.h"
#include "../../lib/dfg.h"
#include "../elem.h"

/* kernels/elem.h's functions by type, for the templates below */
__device__ __forceinline__ double e_sign(double x) { return oct_sign_(x); }
__device__ __forceinline__ float  e_sign(float x)  { return oct_sign_f(x); }
__device__ __forceinline__ int    e_complex(int op, double x) { return oct_unary_complex_(op, x); }
__device__ __forceinline__ int    e_complex(int op, float x)  { return oct_unary_complex_f(op, x); }
__device__ __forceinline__ double e_max(double x, double y) { return oct_max_(x, y); }
__device__ __forceinline__ float  e_max(float x, float y)   { return oct_max_f(x, y); }
__device__ __forceinline__ double e_min(double x, double y) { return oct_min_(x, y); }
__device__ __forceinline__ float  e_min(float x, float y)   { return oct_min_f(x, y); }
__device__ __forceinline__ double e_pow(double x, double y, int * f) { return oct_pow_(x, y, f); }
__device__ __forceinline__ float  e_pow(float x, float y, int * f)   { return oct_pow_f(x, y, f); }
__device__ __forceinline__ int    e_pow_fast_kind(double p) { return pow_fast_kind_(p); }
__device__ __forceinline__ int    e_pow_fast_kind(float p)  { return pow_fast_kind_f(p); }
__device__ __forceinline__ double e_pow_fast(double x, double p, int k) { return pow_fast_(x, p, k); }
__device__ __forceinline__ float  e_pow_fast(float x, float p, int k)   { return pow_fast_f(x, p, k); }

template <typename T> __device__ T un(int op, T x)
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
    }
    return x;
}

static bool unary_known(int op)
{
    switch (op) {
    case DFG_OP_NEG: case DFG_OP_ABS: case DFG_OP_SIGN: case DFG_OP_SQRT: case DFG_OP_EXP:
    case DFG_OP_LOG: case DFG_OP_LOG1P: case DFG_OP_EXPM1: case DFG_OP_LOG2: case DFG_OP_LOG10:
    case DFG_OP_SIN: case DFG_OP_COS: case DFG_OP_TAN: case DFG_OP_ASIN: case DFG_OP_ACOS:
    case DFG_OP_ATAN: case DFG_OP_SINH: case DFG_OP_COSH: case DFG_OP_TANH: case DFG_OP_ASINH:
    case DFG_OP_ACOSH: case DFG_OP_ATANH: case DFG_OP_FLOOR: case DFG_OP_CEIL: case DFG_OP_ROUND:
    case DFG_OP_FIX: case DFG_OP_ERF: case DFG_OP_ERFC:
        return true;
    }
    return false;
}

static bool checks_domain(int op)
{
    switch (op) {
    case DFG_OP_SQRT: case DFG_OP_LOG: case DFG_OP_LOG2: case DFG_OP_LOG10: case DFG_OP_LOG1P:
    case DFG_OP_ASIN: case DFG_OP_ACOS: case DFG_OP_ATANH: case DFG_OP_ACOSH:
        return true;
    }
    return false;
}

template <typename T>
__global__ void k_unary(int op, T * out, const T * in, int64_t n, int * flag)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x) {
        T x = in[i];
        if (flag && e_complex(op, x))
            *flag = 1;
        out[i] = un(op, x);
    }
}

template <typename O, typename I>
__global__ void k_cast(O * out, const I * in, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = (O)in[i];
}

static int launched(const char * what)
{
    return dfg_cu_check(cudaGetLastError(), what);
}

int dfg_cu_unary(int op, int dt_in, int dt_out, void * out, const void * in, int64_t n)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    if ((dt_in != DFG_DOUBLE && dt_in != DFG_SINGLE) || (dt_out != DFG_DOUBLE && dt_out != DFG_SINGLE))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): %s: only double and single arrays",
                           "the op");
    unsigned nb = dfg_cu_blocks(n);
    if (op == DFG_OP_CAST) {
        if (dt_in == DFG_DOUBLE && dt_out == DFG_SINGLE)
            k_cast<<<nb, 256, 0, dfg_cu_stream>>>((float *)out, (const double *)in, n);
        else if (dt_in == DFG_SINGLE && dt_out == DFG_DOUBLE)
            k_cast<<<nb, 256, 0, dfg_cu_stream>>>((double *)out, (const float *)in, n);
        else if (dt_in == DFG_DOUBLE)
            k_cast<<<nb, 256, 0, dfg_cu_stream>>>((double *)out, (const double *)in, n);
        else
            k_cast<<<nb, 256, 0, dfg_cu_stream>>>((float *)out, (const float *)in, n);
        return launched("dfg (GPU): cast");
    }
    if (!unary_known(op) || dt_in != dt_out)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for %s", "the op");
    int chk = checks_domain(op);
    if (chk && (st = dfg_cu_flag_clear()))
        return st;
    if (dt_in == DFG_DOUBLE)
        k_unary<<<nb, 256, 0, dfg_cu_stream>>>(op, (double *)out, (const double *)in, n,
                                               chk ? dfg_cu_flag : nullptr);
    else
        k_unary<<<nb, 256, 0, dfg_cu_stream>>>(op, (float *)out, (const float *)in, n,
                                               chk ? dfg_cu_flag : nullptr);
    if ((st = launched("dfg (GPU): unary kernel")))
        return st;
    return chk ? dfg_cu_flag_read("the op") : 0;
}

/* ---- binary ------------------------------------------------------------ */

template <typename T> __device__ T bin(int op, T a, T b)
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
    }
    return a;
}

template <typename T> __device__ unsigned char cmp(int op, T a, T b)
{
    switch (op) {
    case DFG_OP_EQ: return a == b;
    case DFG_OP_NE: return a != b;
    case DFG_OP_LT: return a < b;
    case DFG_OP_LE: return a <= b;
    case DFG_OP_GT: return a > b;
    case DFG_OP_GE: return a >= b;
    }
    return 0;
}

template <typename T>
__global__ void k_binary(int op, T * out, const T * a, int64_t sa, const T * b, int64_t sb,
                         int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = bin(op, a[i * sa], b[i * sb]);
}

/* x .^ y: each element by oct_pow, its POW_ flags or'ed into *flag (one
 * atomicOr per thread); with a full x and a scalar p of 2, 3 or -1 (single:
 * any integer in int range), Octave's x .* x & co. (pow_fast), which raise
 * no flag.  flags0: POW_FORCE on the second pass, which has no flag. */
template <typename T>
__global__ void k_pow(T * out, const T * a, int64_t sa, const T * b, int64_t sb, int64_t n,
                      int flags0, int * flag)
{
    const int kind = sa && !sb ? e_pow_fast_kind(b[0]) : (int)POW_FAST_NONE;
    int f = flags0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x) {
        const T x = a[i * sa], y = b[i * sb];
        out[i] = kind != POW_FAST_NONE ? e_pow_fast(x, y, kind) : e_pow(x, y, &f);
    }
    if (flag && f != flags0)
        atomicOr(flag, f);
}

template <typename T>
__global__ void k_compare(int op, unsigned char * out, const T * a, int64_t sa, const T * b,
                          int64_t sb, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = cmp(op, a[i * sa], b[i * sb]);
}

static int pow_launch(int dt, void * out, const void * a, int64_t sa, const void * b,
                      int64_t sb, int64_t n, unsigned nb, int flags0, int * flag)
{
    if (dt == DFG_DOUBLE)
        k_pow<<<nb, 256, 0, dfg_cu_stream>>>((double *)out, (const double *)a, sa,
                                             (const double *)b, sb, n, flags0, flag);
    else
        k_pow<<<nb, 256, 0, dfg_cu_stream>>>((float *)out, (const float *)a, sa,
                                             (const float *)b, sb, n, flags0, flag);
    return launched("dfg (GPU): power kernel");
}

static bool overlaps(const void * p, int64_t np, const void * q, int64_t nq)
{
    const char * x = (const char *)p, * y = (const char *)q;
    return x < y + nq && y < x + np;
}

/* x .^ y as Octave decides it for the whole array (pow_verdict,
 * kernels/elem.h) and as the CPU's dfg_cpu_binary runs it: the operands
 * are full or scalars, so the form is "any pair" (scalar .^ array)
 * exactly when sa == 0, sb != 0 and n > 1.  A complex result is an error;
 * a real one whose complex values differ (signs of zero) is computed
 * again, every element the complex way (POW_FORCE). */
static int power(int dt, void * out, const void * a, int64_t sa, const void * b, int64_t sb,
                 int64_t n, unsigned nb)
{
    int st, flags = 0;
    if ((st = dfg_cu_flag_clear()) ||
        (st = pow_launch(dt, out, a, sa, b, sb, n, nb, 0, dfg_cu_flag)) ||
        (st = dfg_cu_flag_get(&flags)))
        return st;
    const int v = pow_verdict(flags, sa == 0 && sb != 0 && n > 1);
    if (v == POW_COMPLEX)
        return dfg_cu_fail(DFG_CUDA_DOMAIN, "power: the result would be complex (an element "
                           "outside the real domain)");
    if (v == POW_REAL)
        return 0;
    /* the second pass reads x and y again */
    const int64_t es = dt == DFG_DOUBLE ? 8 : 4;
    if (overlaps(out, n * es, a, (sa ? n : 1) * es) || overlaps(out, n * es, b, (sb ? n : 1) * es))
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): power: the result overwrites an operand "
                           "that a second pass reads");
    return pow_launch(dt, out, a, sa, b, sb, n, nb, POW_FORCE, nullptr);
}

int dfg_cu_binary(int op, int dt, void * out, const void * a, int64_t sa,
                  const void * b, int64_t sb, int64_t n)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): %s: only double and single arrays",
                           "the op");
    unsigned nb = dfg_cu_blocks(n);
    switch (op) {
    case DFG_OP_EQ: case DFG_OP_NE: case DFG_OP_LT: case DFG_OP_LE: case DFG_OP_GT: case DFG_OP_GE:
        if (dt == DFG_DOUBLE)
            k_compare<<<nb, 256, 0, dfg_cu_stream>>>(op, (unsigned char *)out, (const double *)a, sa,
                                                     (const double *)b, sb, n);
        else
            k_compare<<<nb, 256, 0, dfg_cu_stream>>>(op, (unsigned char *)out, (const float *)a, sa,
                                                     (const float *)b, sb, n);
        return launched("dfg (GPU): comparison kernel");
    case DFG_OP_POW:
        return power(dt, out, a, sa, b, sb, n, nb);
    case DFG_OP_ADD: case DFG_OP_SUB: case DFG_OP_MUL: case DFG_OP_DIV: case DFG_OP_ATAN2:
    case DFG_OP_HYPOT: case DFG_OP_MAX2: case DFG_OP_MIN2:
        break;
    default:
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for %s", "the op");
    }
    if (dt == DFG_DOUBLE)
        k_binary<<<nb, 256, 0, dfg_cu_stream>>>(op, (double *)out, (const double *)a, sa,
                                                (const double *)b, sb, n);
    else
        k_binary<<<nb, 256, 0, dfg_cu_stream>>>(op, (float *)out, (const float *)a, sa,
                                                (const float *)b, sb, n);
    return launched("dfg (GPU): binary kernel");
}

/* ---- dfg.rand ------------------------------------------------------------ */

/* kernels/elem.h's stream: element i from (key, i) alone, so each thread
 * computes its own numbers, the same bits as dfg_cpu_rand.  The counter
 * is read here, on the device: a bad one raises the flag and writes
 * nothing. */
template <typename T> __device__ T rand_elem(uint64_t key, int64_t i);
template <> __device__ double rand_elem<double>(uint64_t key, int64_t i) { return dfg_rand_elem_(key, i); }
template <> __device__ float rand_elem<float>(uint64_t key, int64_t i)   { return dfg_rand_elem_f(key, i); }

template <typename T>
__global__ void k_rand(T * out, int64_t n, uint64_t seed, uint64_t stream, int ctr_double,
                       const void * ctr, int * flag)
{
    const double c = ctr_double ? *(const double *)ctr : (double)*(const float *)ctr;
    if (!dfg_rand_counter_ok(c)) {
        if (blockIdx.x == 0 && threadIdx.x == 0)
            *flag = 1;
        return;
    }
    const uint64_t key = dfg_rand_key(seed, stream, c);
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = rand_elem<T>(key, i);
}

int dfg_cu_rand(int dt, void * out, int64_t n, uint64_t seed, uint64_t stream, int ctr_dt,
                const void * ctr)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    if ((dt != DFG_DOUBLE && dt != DFG_SINGLE) || (ctr_dt != DFG_DOUBLE && ctr_dt != DFG_SINGLE))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): dfg.rand: double or single only");
    unsigned nb = dfg_cu_blocks(n);
    int bad = 0;
    if ((st = dfg_cu_flag_clear()))
        return st;
    if (dt == DFG_DOUBLE)
        k_rand<<<nb, 256, 0, dfg_cu_stream>>>((double *)out, n, seed, stream,
                                              ctr_dt == DFG_DOUBLE, ctr, dfg_cu_flag);
    else
        k_rand<<<nb, 256, 0, dfg_cu_stream>>>((float *)out, n, seed, stream,
                                              ctr_dt == DFG_DOUBLE, ctr, dfg_cu_flag);
    if ((st = launched("dfg (GPU): rand kernel")) || (st = dfg_cu_flag_get(&bad)))
        return st;
    return bad ? dfg_cu_fail(DFG_CUDA_ARG, "dfg.rand: the counter must be a non-negative "
                             "integer below 2^53") : 0;
}
