/* kernels/cuda/elementwise.cu -- unary and binary element-wise ops, double
 * and single, with Octave's semantics where they differ from C's: round
 * half away from zero, fix = trunc, sign (-0) = 0, max/min ignore NaN,
 * x .^ 2 = x .* x (as the CPU kernel), and results that would be complex
 * (log of a negative number, ...) flagged and reported as an error. */
#include <cmath>
#include "internal.h"
#include "../../lib/dfg.h"

/* out of the real domain: Octave would return a complex result */
template <typename T> __device__ bool outside(int op, T x)
{
    switch (op) {
    case DFG_OP_SQRT: case DFG_OP_LOG: case DFG_OP_LOG2: case DFG_OP_LOG10: return x < T(0);
    case DFG_OP_LOG1P: return x < T(-1);
    case DFG_OP_ASIN: case DFG_OP_ACOS: case DFG_OP_ATANH: return x < T(-1) || x > T(1);
    case DFG_OP_ACOSH: return x < T(1);
    }
    return false;
}

template <typename T> __device__ T un(int op, T x)
{
    switch (op) {
    case DFG_OP_NEG:   return -x;
    case DFG_OP_ABS:   return fabs(x);
    case DFG_OP_SIGN:  return x > T(0) ? T(1) : x < T(0) ? T(-1) : x == T(0) ? T(0) : x;
    case DFG_OP_SQRT:  return sqrt(x);
    case DFG_OP_EXP:   return exp(x);
    case DFG_OP_LOG:   return log(x);
    case DFG_OP_LOG1P: return log1p(x);
    case DFG_OP_EXPM1: return expm1(x);
    case DFG_OP_LOG2:  return log2(x);
    case DFG_OP_LOG10: return log10(x);
    case DFG_OP_SIN:   return sin(x);
    case DFG_OP_COS:   return cos(x);
    case DFG_OP_TAN:   return tan(x);
    case DFG_OP_ASIN:  return asin(x);
    case DFG_OP_ACOS:  return acos(x);
    case DFG_OP_ATAN:  return atan(x);
    case DFG_OP_SINH:  return sinh(x);
    case DFG_OP_COSH:  return cosh(x);
    case DFG_OP_TANH:  return tanh(x);
    case DFG_OP_ASINH: return asinh(x);
    case DFG_OP_ACOSH: return acosh(x);
    case DFG_OP_ATANH: return atanh(x);
    case DFG_OP_FLOOR: return floor(x);
    case DFG_OP_CEIL:  return ceil(x);
    case DFG_OP_ROUND: return round(x);
    case DFG_OP_FIX:   return trunc(x);
    case DFG_OP_ERF:   return erf(x);
    case DFG_OP_ERFC:  return erfc(x);
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
        if (flag && outside(op, x))
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
    case DFG_OP_POW:   return b == T(2) ? a * a : pow(a, b);
    case DFG_OP_ATAN2: return atan2(a, b);
    case DFG_OP_HYPOT: return hypot(a, b);
    case DFG_OP_MAX2:  return isnan(a) ? b : isnan(b) ? a : (a >= b ? a : b);
    case DFG_OP_MIN2:  return isnan(a) ? b : isnan(b) ? a : (a <= b ? a : b);
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
                         int64_t n, int * flag)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x) {
        T x = a[i * sa], y = b[i * sb];
        /* a negative base with a non-integer exponent: complex in Octave */
        if (flag && x < T(0) && isfinite(y) && y != trunc(y))
            *flag = 1;
        out[i] = bin(op, x, y);
    }
}

template <typename T>
__global__ void k_compare(int op, unsigned char * out, const T * a, int64_t sa, const T * b,
                          int64_t sb, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = cmp(op, a[i * sa], b[i * sb]);
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
    case DFG_OP_ADD: case DFG_OP_SUB: case DFG_OP_MUL: case DFG_OP_DIV: case DFG_OP_POW:
    case DFG_OP_ATAN2: case DFG_OP_HYPOT: case DFG_OP_MAX2: case DFG_OP_MIN2:
        break;
    default:
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for %s", "the op");
    }
    int chk = op == DFG_OP_POW;
    if (chk && (st = dfg_cu_flag_clear()))
        return st;
    if (dt == DFG_DOUBLE)
        k_binary<<<nb, 256, 0, dfg_cu_stream>>>(op, (double *)out, (const double *)a, sa,
                                                (const double *)b, sb, n, chk ? dfg_cu_flag : nullptr);
    else
        k_binary<<<nb, 256, 0, dfg_cu_stream>>>(op, (float *)out, (const float *)a, sa,
                                                (const float *)b, sb, n, chk ? dfg_cu_flag : nullptr);
    if ((st = launched("dfg (GPU): binary kernel")))
        return st;
    return chk ? dfg_cu_flag_read("power") : 0;
}
