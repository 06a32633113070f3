/* kernels/cuda/fused.cu -- the fused element-wise kernel (op FUSED) on the
 * GPU: a compiled interpreter of the program the fuse pass writes
 * (kernels/kernels.h), no run-time compilation.
 *
 * The program.  The host decodes the node's int64 words into fz_prog
 * (instructions with their operands' value slots and classes, the inputs
 * with their pointers and broadcast strides, the outputs with their
 * reduction layouts) and copies it, for every call, into the constant
 * memory of this module (c_prog, cudaMemcpyToSymbolAsync on the backend's
 * stream: ordered after the kernels of the call before, which read the
 * previous program).  Every thread reads the same instruction at the same
 * time, which is what constant memory serves best.
 *
 * Element-wise outputs: one thread per domain element (grid-stride), the
 * instructions evaluated in order into a slot array (doubles; single
 * values and logical 0/1 are exact in a double) with internal.h's element
 * functions, the ones the unfused kernels of elementwise.cu call, so each
 * element is bitwise what the unfused ops give.  Scalar inputs (FX_SCALAR)
 * are read at 0, full ones (FX_FULL) at the element, broadcast ones
 * (FX_BCAST) at the offset of the element's subscripts with stride 0 along
 * their singleton dimensions: the CPU's bcast_load, by index arithmetic.
 *
 * Reduction outputs (sum, prod along a dim, layout [pre, n, post]): in the
 * CPU's blocked order (kernels/kernels.h): one thread per (i, block b, q)
 * evaluates the program (up to the reduced instruction) along k in
 * [b * DFG_RED_BLOCK, (b + 1) * DFG_RED_BLOCK) and folds the values in
 * index order from 0 (sum) or 1 (prod); with one block that is the output,
 * else the block partials go to scratch and a second kernel folds them in
 * block order from the identity.  The order is fixed, so results are the
 * same run to run, and they are bitwise the CPU fused kernel's wherever
 * the element values agree (the element functions' CUDA math aside:
 * within a few ulps per element).  The cost: a thread folds up to
 * DFG_RED_BLOCK elements in sequence, and each reduction output evaluates
 * its instructions again (the element-wise outputs' kernel included).
 *
 * Errors: each thread ors what its elements raise into the device flag:
 * FZ_DOMAIN (a result outside the real domain: log of a negative number,
 * gammaln where gamma < 0, psi (k > 0) of a negative number), BAD_NANLOGIC
 * (NaN made logical) and the POW_ flags of x .^ y (those of Octave's
 * any-pair form shifted by FZ_ANYANY_SHIFT); the call maps them to the
 * codes the unfused kernels return.  The fuse pass takes in .^ only where
 * Octave's whole-array decision cannot come out complex; a verdict other
 * than real is an error here, as in the CPU's fused kernel, never a
 * silently different value.  Programs dfg_cuda_fused_ok (dfg_cuda.h)
 * rejects are DFG_CUDA_UNSUPPORTED, and the backend keeps them on the
 * host.
 *
 * Never run on a GPU yet: no GPU was lent while it was written. */
#include <cstring>
#include "internal.h"
#include "../kernels.h"

#define FZ_DOMAIN        1       /* BAD_NANLOGIC = 2 and POW_ 4 .. 64 beside it */
#define FZ_ANYANY_SHIFT  8
#define FZ_POW_BITS      (POW_NEG | POW_NONINT | POW_TRIG | POW_NONREAL | POW_FIX)

/* what an instruction is, worked out on the host (dfg_cuda.h's lists) */
enum { FZ_UNARY, FZ_PSI, FZ_POW, FZ_LOGIC, FZ_BINARY, FZ_OTHER };

struct fz_instr {
    int op, kind, dt, na;
    int dest;                    /* the slot its value goes to */
    int arg[3];                  /* >= 0: a slot; < 0: input -arg - 1 */
    int adt[3];                  /* the operands' classes */
    int k;                       /* psi's k */
    int pow_fast;                /* x .^ p with a full x and a scalar p */
    int anyany;                  /* x .^ y in Octave's any-pair form */
};

struct fz_input {
    const void * p;
    int dt, mode;
    int64_t str[DFG_MAX_DIMS];   /* FX_BCAST: element strides, 0 where 1 */
};

struct fz_output {
    void * p;
    int slot, dt, red, upto;     /* upto: instructions to evaluate */
    int64_t pre, n, nb;          /* red >= 0: the layout and block count */
};

struct fz_prog {
    int ni, n_in, no, nd, has_bcast;
    int64_t numel;
    int64_t dims[DFG_MAX_DIMS];
    fz_instr I[DFG_CUDA_FUSED_MAX_INSTR];
    fz_input X[DFG_CUDA_FUSED_MAX_IN];
    fz_output O[DFG_CUDA_FUSED_MAX_OUT];
};

static_assert(sizeof(fz_prog) < 60000, "fz_prog must fit in constant memory");

__constant__ fz_prog c_prog;

/* ---- device: one element ------------------------------------------------- */

/* input x's value at domain element e (subscripts c when it broadcasts) */
__device__ __forceinline__ double fz_load(int k, int64_t e, const int64_t * c)
{
    const fz_input & x = c_prog.X[k];
    int64_t off = e;
    if (x.mode == FX_SCALAR)
        off = 0;
    else if (x.mode == FX_BCAST) {
        off = 0;
        for (int j = 0; j < c_prog.nd; j++)
            off += c[j] * x.str[j];
    }
    if (x.dt == DFG_DOUBLE)
        return ((const double *)x.p)[off];
    if (x.dt == DFG_SINGLE)
        return (double)((const float *)x.p)[off];
    return (double)((const unsigned char *)x.p)[off];
}

/* instruction i on operands x, y of class T (double or single) */
template <typename T>
__device__ __forceinline__ double fz_typed(int i, T x, T y, int & bad)
{
    const fz_instr & I = c_prog.I[i];
    const int op = I.op;
    if (I.kind == FZ_PSI) {
        if (e_psi_bad(I.k, x))
            bad |= FZ_DOMAIN;
        return (double)e_psi(I.k, x);
    }
    if (I.kind == FZ_UNARY) {
        if (e_complex(op, x))
            bad |= FZ_DOMAIN;
        return (double)un(op, x);
    }
    if (I.kind == FZ_POW) {
        /* as dfg_cpu_binary on a tile: a full x and a scalar p of 2, 3, -1
         * (single: an int) by pow_fast, else oct_pow and its flags */
        if (I.pow_fast) {
            const int kind = e_pow_fast_kind(y);
            if (kind != POW_FAST_NONE)
                return (double)e_pow_fast(x, y, kind);
        }
        int f = 0;
        const T r = e_pow(x, y, &f);
        bad |= I.anyany ? f << FZ_ANYANY_SHIFT : f;
        return (double)r;
    }
    if (I.kind == FZ_LOGIC)
        return (double)cmp(op, x, y, &bad);
    return (double)bin(op, x, y);
}

/* instruction i on its operands' values a (classes as dfg_cuda_elementwise_ok) */
__device__ __noinline__ double fz_step(int i, const double * a, int & bad)
{
    const fz_instr & I = c_prog.I[i];
    const int op = I.op;
    if (op == DFG_OP_MERGE)
        return a[0] != 0 ? a[1] : a[2];
    if (op == DFG_OP_CAST) {
        if (I.dt == DFG_LOGICAL) {
            if (isnan(a[0]))
                bad |= BAD_NANLOGIC;
            return a[0] != 0 ? 1.0 : 0.0;
        }
        return I.dt == DFG_SINGLE ? (double)(float)a[0] : a[0];
    }
    if (op == DFG_OP_NOT) {
        if (isnan(a[0]))
            bad |= BAD_NANLOGIC;
        return a[0] == 0 ? 1.0 : 0.0;
    }
    if (I.adt[0] == DFG_LOGICAL)          /* max, min of logical operands */
        return (double)bin_logical(op, (unsigned char)a[0], (unsigned char)a[1]);
    if (I.adt[0] == DFG_DOUBLE)
        return fz_typed<double>(i, a[0], a[1], bad);
    return fz_typed<float>(i, (float)a[0], (float)a[1], bad);
}

/* instructions [0, upto) at domain element e into the slots v */
__device__ __forceinline__ void fz_eval(int64_t e, int upto, double * v, int & bad)
{
    int64_t c[DFG_MAX_DIMS];
    if (c_prog.has_bcast) {
        int64_t r = e;
        for (int j = 0; j < c_prog.nd; j++) {
            c[j] = r % c_prog.dims[j];
            r /= c_prog.dims[j];
        }
    }
    for (int i = 0; i < upto; i++) {
        const fz_instr & I = c_prog.I[i];
        double a[3] = {0, 0, 0};
        for (int q = 0; q < I.na; q++)
            a[q] = I.arg[q] >= 0 ? v[I.arg[q]] : fz_load(-I.arg[q] - 1, e, c);
        v[I.dest] = fz_step(i, a, bad);
    }
}

__device__ __forceinline__ void fz_store(void * p, int dt, int64_t e, double x)
{
    if (dt == DFG_DOUBLE)
        ((double *)p)[e] = x;
    else if (dt == DFG_SINGLE)
        ((float *)p)[e] = (float)x;
    else
        ((unsigned char *)p)[e] = (unsigned char)x;
}

/* the element-wise outputs, one thread per element */
__global__ void __launch_bounds__(256) k_fused_elem(int * flag)
{
    double v[DFG_CUDA_FUSED_MAX_SLOT];
    int bad = 0;
    for (int64_t e = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; e < c_prog.numel;
         e += (int64_t)gridDim.x * blockDim.x) {
        fz_eval(e, c_prog.ni, v, bad);
        for (int j = 0; j < c_prog.no; j++)
            if (c_prog.O[j].red < 0)
                fz_store(c_prog.O[j].p, c_prog.O[j].dt, e, v[c_prog.O[j].slot]);
    }
    if (bad)
        atomicOr(flag, bad);
}

/* the fold's steps, rounded on their own (never contracted) */
__device__ __forceinline__ double fz_fold(int red, double a, double x)
{
    return red == DFG_OP_SUM ? __dadd_rn(a, x) : __dmul_rn(a, x);
}
__device__ __forceinline__ float fz_fold(int red, float a, float x)
{
    return red == DFG_OP_SUM ? __fadd_rn(a, x) : __fmul_rn(a, x);
}

/* reduction output j: thread (i, b, q) folds block b of line (i, q) in
 * index order from the identity, into the output (one block) or the
 * partials part[(q * nb + b) * pre + i] */
template <typename T>
__global__ void __launch_bounds__(256) k_fused_red(int j, T * part, int * flag)
{
    const fz_output & O = c_prog.O[j];
    const int64_t pre = O.pre, n = O.n, nb = O.nb, post = c_prog.numel / (pre * n);
    const T id = O.red == DFG_OP_SUM ? T(0) : T(1);
    double v[DFG_CUDA_FUSED_MAX_SLOT];
    int bad = 0;
    for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < pre * nb * post;
         t += (int64_t)gridDim.x * blockDim.x) {
        const int64_t i = t % pre, r = t / pre, b = r % nb, q = r / nb;
        const int64_t k1 = (b + 1) * DFG_RED_BLOCK < n ? (b + 1) * DFG_RED_BLOCK : n;
        T acc = id;
        for (int64_t k = b * DFG_RED_BLOCK; k < k1; k++) {
            fz_eval(i + pre * (k + n * q), O.upto, v, bad);
            acc = fz_fold(O.red, acc, (T)v[O.slot]);
        }
        if (nb == 1)
            ((T *)O.p)[i + pre * q] = acc;
        else
            part[(q * nb + b) * pre + i] = acc;
    }
    if (bad)
        atomicOr(flag, bad);
}

/* output j (i, q) = identity op part (i, q, 0) op part (i, q, 1) ... */
template <typename T>
__global__ void k_fused_combine(int j, const T * part)
{
    const fz_output & O = c_prog.O[j];
    const int64_t pre = O.pre, nb = O.nb, post = c_prog.numel / (pre * O.n);
    for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < pre * post;
         t += (int64_t)gridDim.x * blockDim.x) {
        const int64_t i = t % pre, q = t / pre;
        T a = O.red == DFG_OP_SUM ? T(0) : T(1);
        for (int64_t b = 0; b < nb; b++)
            a = fz_fold(O.red, a, part[(q * nb + b) * pre + i]);
        ((T *)O.p)[i + pre * q] = a;
    }
}

/* ---- host ------------------------------------------------------------------ */

/* The decoded program: one host thread at a time (dfg_cuda.h), and the
 * copy to constant memory has read it when the call returns (a copy from
 * pageable memory is staged before cudaMemcpyToSymbolAsync returns). */
static fz_prog h_prog;

/* p (kernels/kernels.h, checked by dfg_cuda_fused_ok) into h */
static void decode(fz_prog & h, const int64_t * p, int n_in, const void * const * in,
                   const int * in_dt, const int64_t * in_dims, void * const * out)
{
    memset(&h, 0, sizeof h);
    h.ni = (int)FP_NI(p);
    h.no = (int)FP_NO(p);
    h.n_in = n_in;
    h.nd = (int)FP_NDIM(p);
    h.numel = 1;
    for (int j = 0; j < h.nd; j++) {
        h.dims[j] = FP_DIMS(p)[j];
        h.numel *= h.dims[j];
    }
    /* slots: the program's scratch slots, then one per output for the
     * instructions written straight into an output (dest < 0) */
    const int ns = (int)FP_NSLOT(p);
    auto slot_of = [&](int64_t i) {
        const int64_t d = FP_I(p, i)[7];
        return d >= 0 ? (int)d : ns + (int)(-d - 1);
    };
    for (int k = 0; k < n_in; k++) {
        fz_input & x = h.X[k];
        x.p = in[k];
        x.dt = in_dt[k];
        x.mode = (int)FP_X(p, k)[0];
        h.has_bcast |= x.mode == FX_BCAST;
        int64_t s = 1;
        for (int j = 0; j < h.nd; j++) {
            const int64_t e = in_dims[(size_t)k * DFG_MAX_DIMS + j];
            x.str[j] = e == 1 ? 0 : s;
            s *= e;
        }
    }
    for (int i = 0; i < h.ni; i++) {
        const int64_t * W = FP_I(p, i);
        fz_instr & I = h.I[i];
        I.op = (int)W[0];
        I.dt = (int)W[1];
        I.na = (int)W[2];
        I.k = (int)W[6];
        I.kind = I.op == DFG_OP_PSI ? FZ_PSI : I.op == DFG_OP_POW ? FZ_POW
               : dfg_cuda_unary_math(I.op) ? FZ_UNARY : dfg_cuda_binary_logic(I.op) ? FZ_LOGIC
               : dfg_cuda_binary_math(I.op) ? FZ_BINARY : FZ_OTHER;
        I.dest = slot_of(i);
        int scalar[3] = {0, 0, 0};
        for (int a = 0; a < I.na; a++) {
            const int64_t r = W[3 + a];
            if (r >= 0) {
                I.arg[a] = slot_of(r);
                I.adt[a] = (int)FP_I(p, r)[1];
            } else {
                I.arg[a] = (int)r;
                I.adt[a] = in_dt[-r - 1];
                scalar[a] = FP_X(p, -r - 1)[0] == FX_SCALAR;
            }
        }
        /* dfg_cpu_binary's strides on a tile: 0 for a scalar, else 1 */
        I.pow_fast = I.op == DFG_OP_POW && !scalar[0] && scalar[1];
        I.anyany = I.op == DFG_OP_POW && scalar[0] && !scalar[1] && h.numel > 1;
    }
    for (int j = 0; j < h.no; j++) {
        const int64_t * W = FP_O(p, j);
        fz_output & o = h.O[j];
        o.p = out[j];
        o.slot = slot_of(W[0]);
        o.upto = (int)W[0] + 1;
        o.red = W[1] < 0 ? -1 : (int)W[1];
        o.dt = (int)W[3];
        const int d = (int)W[2];
        o.pre = 1;
        for (int t = 0; t < h.nd && t < d; t++)
            o.pre *= h.dims[t];
        o.n = d < h.nd ? h.dims[d] : 1;
        o.nb = o.n > DFG_RED_BLOCK ? (o.n + DFG_RED_BLOCK - 1) / DFG_RED_BLOCK : 1;
    }
}

static int launched(const char * what)
{
    return dfg_cu_check(cudaGetLastError(), what);
}

/* the kernels of the decoded program h (in c_prog); part: the partials'
 * memory (at least what the largest reduction with more than one block
 * needs) */
static int run_kernels(const fz_prog & h, void * part)
{
    int st;
    bool elem = false;
    for (int j = 0; j < h.no; j++)
        elem |= h.O[j].red < 0;
    if (elem) {
        k_fused_elem<<<dfg_cu_blocks(h.numel), 256, 0, dfg_cu_stream>>>(dfg_cu_flag);
        if ((st = launched("dfg (GPU): fused kernel")))
            return st;
    }
    /* one reduction at a time: the partials' memory is reused (the
     * stream runs the kernels in order) */
    for (int j = 0; j < h.no; j++) {
        const fz_output & o = h.O[j];
        if (o.red < 0)
            continue;
        const int64_t lines = h.numel / o.n;
        const unsigned nb = dfg_cu_blocks(lines * o.nb), nc = dfg_cu_blocks(lines);
        if (o.dt == DFG_DOUBLE)
            k_fused_red<double><<<nb, 256, 0, dfg_cu_stream>>>(j, (double *)part, dfg_cu_flag);
        else
            k_fused_red<float><<<nb, 256, 0, dfg_cu_stream>>>(j, (float *)part, dfg_cu_flag);
        if ((st = launched("dfg (GPU): fused reduction")))
            return st;
        if (o.nb == 1)
            continue;
        if (o.dt == DFG_DOUBLE)
            k_fused_combine<double><<<nc, 256, 0, dfg_cu_stream>>>(j, (const double *)part);
        else
            k_fused_combine<float><<<nc, 256, 0, dfg_cu_stream>>>(j, (const float *)part);
        if ((st = launched("dfg (GPU): fused reduction's partials")))
            return st;
    }
    return 0;
}

/* the flags the kernels raised, as the unfused kernels report them */
static int fz_verdict(int f)
{
    if (f & FZ_DOMAIN)
        return dfg_cu_fail(DFG_CUDA_DOMAIN, "dfg (GPU): a fused kernel: the result would be "
                           "complex (an element outside the real domain)");
    if (f & BAD_NANLOGIC)
        return dfg_cu_fail(DFG_CUDA_ARG, "dfg (GPU): a fused kernel: NaN can't be converted "
                           "to logical value");
    if (pow_verdict(f & FZ_POW_BITS, 0) != POW_REAL ||
        pow_verdict((f >> FZ_ANYANY_SHIFT) & FZ_POW_BITS, 1) != POW_REAL)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): power in a fused kernel went complex");
    return 0;
}

int dfg_cu_fused(const int64_t * prog, int n_in, const void * const * in, const int * in_dt,
                 const int64_t * in_dims, void * const * out, void * scratch, size_t scratch_bytes)
{
    int st = dfg_cu_ready();
    if (st)
        return st;
    if (!prog || !dfg_cuda_fused_ok(prog, n_in, in_dt))
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): a fused program this kernel does "
                           "not run");
    fz_prog & h = h_prog;
    decode(h, prog, n_in, in, in_dt, in_dims, out);
    if (h.numel == 0)
        return 0;
    /* the partials of the reductions with more than one block */
    size_t need = 0;
    for (int j = 0; j < h.no; j++)
        if (h.O[j].red >= 0 && h.O[j].nb > 1) {
            const size_t b = (size_t)(h.numel / h.O[j].n * h.O[j].nb) *
                             (h.O[j].dt == DFG_DOUBLE ? 8 : 4);
            need = b > need ? b : need;
        }
    void * part = scratch, * mine = nullptr;
    if (need > 0 && (!scratch || scratch_bytes < need)) {
        if ((st = dfg_cu_check(cudaMalloc(&mine, need), "dfg (GPU): fused kernel's partials")))
            return st;
        part = mine;
    }
    int flags = 0;
    if (!(st = dfg_cu_check(cudaMemcpyToSymbolAsync(c_prog, &h, sizeof h, 0,
                                                    cudaMemcpyHostToDevice, dfg_cu_stream),
                            "dfg (GPU): copying a fused program")) &&
        !(st = dfg_cu_flag_clear()) && !(st = run_kernels(h, part)))
        st = dfg_cu_flag_get(&flags);       /* waits for the kernels */
    if (mine)
        cudaFree(mine);
    return st ? st : fz_verdict(flags);
}
