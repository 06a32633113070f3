/* kernels/cuda/elementwise.cu -- unary and binary element-wise ops, double
 * and single, with Octave's semantics where they differ from C's.  The
 * element functions are kernels/elem.h's, the same source the CPU kernels
 * use and tests/c/test-elem.c checks: max/min ignoring NaN, sign (-0) = 0,
 * x .^ y decided real or complex for the whole array as Octave does (x .^
 * 2, 3, -1 as x .* x, x .* x .* x, 1 ./ x), and the domain checks: results
 * that would be complex (log of a negative number, ...) are flagged and
 * reported as an error.  Round is half away from zero and fix is trunc in
 * CUDA too.  gamma (Octave's values at the poles), gammaln (complex where
 * gamma < 0: flagged), psi (kernels/elem.h's digamma and DPSIFN, the
 * CPU's algorithm step for step), mod and rem (liboctave's), not, and, or,
 * xor and the casts to logical (NaN is an error, BAD_NANLOGIC, as on the
 * CPU), casts between every two of double, single and logical, max and
 * min of logical operands, and merge (ifelse).  Ops without a kernel here
 * answer DFG_CUDA_UNSUPPORTED (tests/c/test-cuda.c relies on that).  And
 * dfg.rand's uniform numbers, kernels/elem.h's counter-based stream. */
#include <cmath>
#include "internal.h"
#include "../../lib/dfg.h"
#include "../elem.h"

/* The element functions by op code and type (un, bin, cmp, e_*) are
 * internal.h's, shared with the fused kernel (fused.cu). */

static bool checks_domain(int op)
{
    switch (op) {
    case DFG_OP_SQRT: case DFG_OP_LOG: case DFG_OP_LOG2: case DFG_OP_LOG10: case DFG_OP_LOG1P:
    case DFG_OP_ASIN: case DFG_OP_ACOS: case DFG_OP_ATANH: case DFG_OP_ACOSH: case DFG_OP_GAMMALN:
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

/* a cast between double and single, or from logical */
template <typename O, typename I>
__global__ void k_cast(O * out, const I * in, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = (O)in[i];
}

/* to logical: x != 0 (neg 0: not, x == 0); NaN raises BAD_NANLOGIC in
 * *flag (one atomicOr per thread that saw one), the CPU's error */
template <typename I>
__global__ void k_to_logical(unsigned char * out, const I * in, int64_t n, int neg, int * flag)
{
    int bad = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x) {
        const I x = in[i];
        bad |= isnan(x);
        out[i] = (unsigned char)((x != 0) != (neg != 0));
    }
    if (bad)
        atomicOr(flag, BAD_NANLOGIC);
}

static int launched(const char * what)
{
    return dfg_cu_check(cudaGetLastError(), what);
}

static bool float_dt(int dt)
{
    return dt == DFG_DOUBLE || dt == DFG_SINGLE;
}

/* the CPU's error for NaN made logical (kernels/cpu/elementwise.c) */
static int nan_logical(const char * fn)
{
    return dfg_cu_fail(DFG_CUDA_ARG, "dfg.%s: NaN can't be converted to logical value", fn);
}

/* the flag after a kernel that raises BAD_NANLOGIC: 0, or the error */
static int logical_flag(const char * fn)
{
    int f = 0, st = dfg_cu_flag_get(&f);
    return st ? st : (f & BAD_NANLOGIC) ? nan_logical(fn) : 0;
}

/* CAST between any two of double, single, logical; NOT (x == 0 of a
 * double or single x, logical out).  NaN to logical is an error, named
 * as the CPU names it ("logical" for a cast, "not"). */
static int cast_or_not(int op, int dt_in, int dt_out, void * out, const void * in, int64_t n,
                       unsigned nb)
{
    const int es_in = dt_in == DFG_DOUBLE ? 8 : dt_in == DFG_SINGLE ? 4 : 1;
    if (op == DFG_OP_CAST && dt_in == dt_out)
        return out == in ? 0 : dfg_cu_check(cudaMemcpyAsync(out, in, (size_t)n * es_in,
                                                             cudaMemcpyDeviceToDevice, dfg_cu_stream),
                                            "dfg (GPU): cast (a copy)");
    if (dt_out == DFG_LOGICAL) {
        if (!float_dt(dt_in))
            return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): not of a logical array");
        int st, neg = op == DFG_OP_NOT;
        if ((st = dfg_cu_flag_clear()))
            return st;
        if (dt_in == DFG_DOUBLE)
            k_to_logical<<<nb, 256, 0, dfg_cu_stream>>>((unsigned char *)out, (const double *)in,
                                                        n, neg, dfg_cu_flag);
        else
            k_to_logical<<<nb, 256, 0, dfg_cu_stream>>>((unsigned char *)out, (const float *)in,
                                                        n, neg, dfg_cu_flag);
        if ((st = launched("dfg (GPU): conversion to logical")))
            return st;
        return logical_flag(neg ? "not" : "logical");
    }
    if (op != DFG_OP_CAST || !float_dt(dt_out))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for %s", "the op");
    if (dt_in == DFG_LOGICAL) {
        if (dt_out == DFG_DOUBLE)
            k_cast<<<nb, 256, 0, dfg_cu_stream>>>((double *)out, (const unsigned char *)in, n);
        else
            k_cast<<<nb, 256, 0, dfg_cu_stream>>>((float *)out, (const unsigned char *)in, n);
    } else if (dt_in == DFG_DOUBLE)
        k_cast<<<nb, 256, 0, dfg_cu_stream>>>((float *)out, (const double *)in, n);
    else
        k_cast<<<nb, 256, 0, dfg_cu_stream>>>((double *)out, (const float *)in, n);
    return launched("dfg (GPU): cast");
}

int dfg_cu_unary(int op, int dt_in, int dt_out, void * out, const void * in, int64_t n)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    const bool classes_ok = (float_dt(dt_in) || dt_in == DFG_LOGICAL) &&
                            (float_dt(dt_out) || dt_out == DFG_LOGICAL);
    if (!classes_ok)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): %s: only double, single and "
                           "logical arrays", "the op");
    unsigned nb = dfg_cu_blocks(n);
    if (op == DFG_OP_CAST || op == DFG_OP_NOT)
        return cast_or_not(op, dt_in, dt_out, out, in, n, nb);
    if (!dfg_cuda_unary_math(op) || dt_in != dt_out || !float_dt(dt_in))
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
    return chk ? dfg_cu_flag_read(op == DFG_OP_GAMMALN ? "gammaln" : "the op") : 0;
}

/* ---- psi ------------------------------------------------------------------ */

/* psi (k, x) by kernels/elem.h's dfg_psi_ / dfg_psi_f; x < 0 with k > 0
 * raises the flag (dfg.psi's domain error, checked before on the CPU: the
 * values written then do not matter) */
template <typename T>
__global__ void k_psi(int k, T * out, const T * in, int64_t n, int * flag)
{
    int bad = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x) {
        const T x = in[i];
        bad |= e_psi_bad(k, x);
        out[i] = e_psi(k, x);
    }
    if (bad)
        atomicOr(flag, 1);
}

int dfg_cu_psi(int dt, int k, void * out, const void * in, int64_t n)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    if (!float_dt(dt))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): psi: only double and single arrays");
    if (k < 0)
        return dfg_cu_fail(DFG_CUDA_ARG, "dfg.psi: K must be non-negative");
    unsigned nb = dfg_cu_blocks(n);
    int bad = 0;
    if ((st = dfg_cu_flag_clear()))
        return st;
    if (dt == DFG_DOUBLE)
        k_psi<<<nb, 256, 0, dfg_cu_stream>>>(k, (double *)out, (const double *)in, n, dfg_cu_flag);
    else
        k_psi<<<nb, 256, 0, dfg_cu_stream>>>(k, (float *)out, (const float *)in, n, dfg_cu_flag);
    if ((st = launched("dfg (GPU): psi kernel")) || (st = dfg_cu_flag_get(&bad)))
        return st;
    return bad ? dfg_cu_fail(DFG_CUDA_DOMAIN, "dfg.psi: Z must be non-negative for polygamma "
                             "(K > 0)") : 0;
}

/* ---- binary ------------------------------------------------------------ */

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

/* comparisons, and / or / xor: logical out; NaN operands of the logic ops
 * raise BAD_NANLOGIC (flag: NULL for the comparisons, which raise none) */
template <typename T>
__global__ void k_compare(int op, unsigned char * out, const T * a, int64_t sa, const T * b,
                          int64_t sb, int64_t n, int * flag)
{
    int bad = 0;
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = cmp(op, a[i * sa], b[i * sb], &bad);
    if (flag && bad)
        atomicOr(flag, bad);
}

/* max and min of logical operands */
__global__ void k_binary_logical(int op, unsigned char * out, const unsigned char * a, int64_t sa,
                                 const unsigned char * b, int64_t sb, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = bin_logical(op, a[i * sa], b[i * sb]);
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

static const char * logic_name(int op)
{
    return op == DFG_OP_AND ? "and" : op == DFG_OP_OR ? "or" : "xor";
}

int dfg_cu_binary(int op, int dt, void * out, const void * a, int64_t sa,
                  const void * b, int64_t sb, int64_t n)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    unsigned nb = dfg_cu_blocks(n);
    if (dt == DFG_LOGICAL) {
        /* the CPU has max and min of logical operands only (the other ops
         * see them converted to double) */
        if (op != DFG_OP_MAX2 && op != DFG_OP_MIN2)
            return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for %s on logical "
                               "arrays", "the op");
        k_binary_logical<<<nb, 256, 0, dfg_cu_stream>>>(op, (unsigned char *)out,
                                                        (const unsigned char *)a, sa,
                                                        (const unsigned char *)b, sb, n);
        return launched("dfg (GPU): binary kernel");
    }
    if (!float_dt(dt))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): %s: only double, single and "
                           "logical arrays", "the op");
    if (dfg_cuda_binary_logic(op)) {
        const bool logic = op == DFG_OP_AND || op == DFG_OP_OR || op == DFG_OP_XOR;
        if (logic && (st = dfg_cu_flag_clear()))
            return st;
        int * flag = logic ? dfg_cu_flag : nullptr;
        if (dt == DFG_DOUBLE)
            k_compare<<<nb, 256, 0, dfg_cu_stream>>>(op, (unsigned char *)out, (const double *)a, sa,
                                                     (const double *)b, sb, n, flag);
        else
            k_compare<<<nb, 256, 0, dfg_cu_stream>>>(op, (unsigned char *)out, (const float *)a, sa,
                                                     (const float *)b, sb, n, flag);
        if ((st = launched("dfg (GPU): comparison kernel")))
            return st;
        return logic ? logical_flag(logic_name(op)) : 0;
    }
    if (op == DFG_OP_POW)
        return power(dt, out, a, sa, b, sb, n, nb);
    if (!dfg_cuda_binary_math(op))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): no kernel for %s", "the op");
    if (dt == DFG_DOUBLE)
        k_binary<<<nb, 256, 0, dfg_cu_stream>>>(op, (double *)out, (const double *)a, sa,
                                                (const double *)b, sb, n);
    else
        k_binary<<<nb, 256, 0, dfg_cu_stream>>>(op, (float *)out, (const float *)a, sa,
                                                (const float *)b, sb, n);
    return launched("dfg (GPU): binary kernel");
}

/* ---- merge (ifelse) -------------------------------------------------------- */

/* out[i] = m[i * sm] ? a[i * sa] : b[i * sb], elements of type T (moved
 * as words: the CPU's merge_row copies the chosen element's bits) */
template <typename T>
__global__ void k_merge(T * out, const unsigned char * m, int64_t sm, const T * a, int64_t sa,
                        const T * b, int64_t sb, int64_t n)
{
    for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        out[i] = m[i * sm] ? a[i * sa] : b[i * sb];
}

int dfg_cu_merge(int es, void * out, const void * m, int64_t sm, const void * a, int64_t sa,
                 const void * b, int64_t sb, int64_t n)
{
    int st = dfg_cu_ready();
    if (st || n <= 0)
        return st;
    unsigned nb = dfg_cu_blocks(n);
    const unsigned char * M = (const unsigned char *)m;
    if (es == 8)
        k_merge<<<nb, 256, 0, dfg_cu_stream>>>((uint64_t *)out, M, sm, (const uint64_t *)a, sa,
                                               (const uint64_t *)b, sb, n);
    else if (es == 4)
        k_merge<<<nb, 256, 0, dfg_cu_stream>>>((uint32_t *)out, M, sm, (const uint32_t *)a, sa,
                                               (const uint32_t *)b, sb, n);
    else if (es == 1)
        k_merge<<<nb, 256, 0, dfg_cu_stream>>>((unsigned char *)out, M, sm,
                                               (const unsigned char *)a, sa,
                                               (const unsigned char *)b, sb, n);
    else
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): merge of %d-byte elements", es);
    return launched("dfg (GPU): merge kernel");
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
