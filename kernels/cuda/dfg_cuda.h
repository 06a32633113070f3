/* kernels/cuda/dfg_cuda.h -- the CUDA backend's C interface (kernels/cuda
 * owns the GPU kernels; they use lib/dfg.h's types and kernels/kernels.h).
 *
 * The backend is a shared library of its own (build/libdfg_cuda.so, built
 * by `make` when the CUDA Toolkit is found, left out by `make CUDA=0`).
 * Nothing else links against it: lib/runtime/device.c opens it with dlopen at the
 * first request for a GPU and asks for this table with
 * dfg_cuda_api_get (DFG_CUDA_ABI), so the MEX gateway loads and runs on
 * machines without the library, the CUDA runtime or a driver.
 *
 * Conventions of every entry:
 *   - returns 0 on success, else a nonzero code; the message of the last
 *     failure (one per thread) is then in last_error ();
 *   - pointers named d* are device memory, h* host memory;
 *   - dt is a dfg_dtype code (DFG_DOUBLE = 0, DFG_SINGLE = 1, DFG_LOGICAL
 *     = 2 where an entry says so);
 *   - op codes are lib/dfg.h's dfg_op_code (elementwise) and
 *     kernels/cpu/cpu.h's dfg_red_op (reductions);
 *   - kernels run on the backend's one stream, in order; copies to the
 *     host wait for it;
 *   - one host thread at a time: the stream and the flag that domain
 *     checks use are shared, not locked.
 * Ownership: memory from alloc is the caller's, given back with release.
 * The linear-algebra entries (ABI 4) take device working memory of their
 * own for the call (stream-ordered, cudaMallocAsync) and give it back
 * before they return; host scratch likewise.
 */
#ifndef DFG_CUDA_H
#define DFG_CUDA_H
#include <stddef.h>
#include <stdint.h>
#include "../kernels.h"          /* the FUSED program format (and lib/dfg.h) */

#ifdef __cplusplus
extern "C" {
#endif

#define DFG_CUDA_ABI 5

/* codes the entries return besides 0 */
enum {
    DFG_CUDA_ERR = 1,         /* a CUDA or cuBLAS call failed               */
    DFG_CUDA_NODEVICE,        /* no usable device or driver                 */
    DFG_CUDA_UNSUPPORTED,     /* op or class this backend has no kernel for */
    DFG_CUDA_DOMAIN,          /* a result outside the real domain (Octave:
                                 complex), e.g. log of a negative number    */
    DFG_CUDA_ARG              /* a bad operand value, e.g. rand's counter   */
};

typedef struct dfg_cuda_info {
    int     devices;          /* number of devices                          */
    char    name[256];        /* device 0's name                            */
    int     cc_major, cc_minor;
    size_t  total_bytes, free_bytes;
    int     runtime_version, driver_version;   /* e.g. 13000 = 13.0        */
} dfg_cuda_info;

/* The host's condition estimate that the solvers (mldivide, inv, det) call
 * back with a factor copied to host memory ha (n x n, column-major): kind
 * 'G' LU factors of xGETRF (xGECON, anorm the matrix's 1-norm), 'P' a
 * Cholesky factor (xPOCON, upper: its triangle), 'T' a triangular matrix
 * itself (xTRCON, upper: its triangle).  The caller gives
 * kernels/cpu/linalg.c's dfg_cpu_rcond, so that the estimate, and Octave's
 * warnings that follow from it, are LAPACK's as on the CPU: cuSOLVER has
 * no condition estimator.  Returns 0 with *rcond and LAPACK's *info, else
 * nonzero (out of host memory). */
typedef int (*dfg_cuda_rcond_fn)(int dt, int kind, int upper, int64_t n, const void * ha,
                                 double anorm, double * rcond, int * info);

typedef struct dfg_cuda_api {
    int          abi;
    /* the device: 0 and *info filled when one is usable (device 0 then the
     * current device, the stream and cuBLAS handle made); else nonzero with
     * the reason in last_error (no driver, no device, ...) */
    int          (*probe)(dfg_cuda_info * info);
    const char * (*last_error)(void);
    void         (*shutdown)(void);       /* handles and stream freed      */

    int  (*alloc)(void ** dptr, size_t bytes);
    void (*release)(void * dptr);
    int  (*to_device)(void * dst, const void * hsrc, size_t bytes);
    int  (*to_host)(void * hdst, const void * dsrc, size_t bytes);
    int  (*copy)(void * ddst, const void * dsrc, size_t bytes);
    int  (*sync)(void);

    /* out[i] = op (in[i]), i < n; the math ops (dfg_cuda_unary_math):
     * dt_in == dt_out, double or single; DFG_OP_CAST between any two of
     * double, single and logical; DFG_OP_NOT: dt_in double or single,
     * dt_out logical.  NaN made logical (cast, not) is DFG_CUDA_ARG, a
     * result outside the real domain (log of a negative number, gammaln
     * where gamma < 0) DFG_CUDA_DOMAIN; both wait for the stream */
    int  (*unary)(int op, int dt_in, int dt_out, void * dout, const void * din, int64_t n);
    /* out[i] = a[i * sa] op b[i * sb] (sa, sb: 1, or 0 for a scalar);
     * a and b of class dt; out of class dt, or logical (1 byte) for the
     * comparison and logic ops (dfg_cuda_binary_logic; NaN operands of
     * and, or, xor: DFG_CUDA_ARG); dt logical for max and min only */
    int  (*binary)(int op, int dt, void * dout, const void * da, int64_t sa,
                   const void * db, int64_t sb, int64_t n);
    /* reduction of the middle axis of [pre, n, post]: sum, prod, max, min
     * (max and min ignore NaN unless all are NaN, as Octave), out of class
     * dt; any, all (Octave's NaN rules, kernels/cpu/reduce.c's): dt also
     * logical, out logical (1 byte); argmax, argmin: out double, the
     * 1-based index of the first best element (bitwise the CPU's) */
    int  (*reduce)(int op, int dt, void * dout, const void * din,
                   int64_t pre, int64_t n, int64_t post);
    /* C (m x n) = op(A) * op(B), column-major, k the inner size; ta, tb:
     * transpose A, B (cuBLAS's own rounding) */
    int  (*gemm)(int dt, int ta, int tb, int64_t m, int64_t n, int64_t k,
                 const void * da, const void * db, void * dc);
    /* dfg.rand: n uniform numbers in [0, 1) of class dt, kernels/elem.h's
     * stream of (seed, stream, counter), bit for bit the CPU's numbers;
     * the counter is the one element at dctr, of class ctr_dt; one that is
     * not an integer in [0, 2^53) is DFG_CUDA_ARG (waits for the stream) */
    int  (*rand)(int dt, void * dout, int64_t n, uint64_t seed, uint64_t stream,
                 int ctr_dt, const void * dctr);
    /* out = permute (in, perm): in has ndim dims hdims (host), out's dim j
     * is hdims[hperm[j]]; es: bytes an element, 1, 4 or 8 */
    int  (*permute)(int es, void * dout, const void * din, int ndim,
                    const int64_t * hdims, const int64_t * hperm);
    /* cumsum (op DFG_OP_CUMSUM) or cumprod (DFG_OP_CUMPROD) along the
     * middle axis of [pre, n, post], out and in of class dt, in index order
     * as the CPU (bitwise the same); out may be in */
    int  (*scan)(int op, int dt, void * dout, const void * din,
                 int64_t pre, int64_t n, int64_t post);
    /* out = cat (dim + 1, in[0], ..., in[n - 1]): out has ndim dims hdims
     * (host), input k's extent along dim is hext[k] (host); din is a host
     * array of n device pointers; es as permute */
    int  (*cat)(int es, void * dout, int n, const void * const * din, const int64_t * hext,
                int ndim, const int64_t * hdims, int dim);
    /* out = x (i1, ..., ik) with lib/base/ops.def's GATHER header hhdr
     * (host memory; its index lists are copied to the device for the
     * call); es as permute */
    int  (*gather)(int es, void * dout, const void * din, const int64_t * hhdr);
    /* out = in expanded to the output's ndim dims hodims (host): in's dims
     * hidims (host) are each 1 or the output's; es as permute */
    int  (*broadcast)(int es, void * dout, const void * din, int ndim,
                      const int64_t * hidims, const int64_t * hodims);
    /* out = x (x_numel elements) with the block x (i1, ..., ik) of the
     * ops.def SCATTER header hhdr (host; the result's size is its dims_out,
     * growing x with zeros) set to v (add 0; es as permute) or added to
     * (add 1, SCATTER_ADD; es 8: double, 4: single); v has v_numel
     * elements, 1 or the block's.  Repeated subscripts: the last value
     * (set) or every value added in block order, as the CPU, bit for bit;
     * out may be x */
    int  (*scatter)(int add, int es, void * dout, const void * dx, int64_t x_numel,
                    const void * dv, int64_t v_numel, const int64_t * hhdr);

    /* ---- ABI 4: the gram product and dense linear algebra (linalg.cu,
     * cuSOLVER and cuBLAS); each follows the CPU kernel of the same name
     * in kernels/cpu/linalg.c (its contract: kernels/cpu/cpu.h): the same
     * results up to rounding, the same layouts, special cases and errors,
     * dt double or single.  Sizes past 2^31-1 are DFG_CUDA_ARG (cuSOLVER's
     * int).  Errors Octave raises carry Octave's message: DFG_CUDA_DOMAIN
     * for chol of a matrix that is not positive definite, DFG_CUDA_ARG for
     * Inf or NaN given to eig or svd and for eig not converging,
     * DFG_CUDA_UNSUPPORTED for eig of a matrix that is not symmetric. ---- */
    /* C (n x n) = A'*A (trans 1, A k x n) or A*A' (trans 0, A n x k) by
     * xSYRK, the upper triangle mirrored: exactly symmetric, as Octave */
    int  (*syrk)(int dt, int trans, int64_t n, int64_t k, const void * da, void * dc);
    /* the upper triangle of the n x n C copied onto the lower (as
     * kernels/cpu/index.c's dfg_cpu_symmetrize) */
    int  (*symmetrize)(int dt, int64_t n, void * dc);
    /* the solvers: X (n x p) = A (m x n) \ B (m x p), inv of n x n, det of
     * n x n into the one element dout (device memory).  rc: the host's
     * condition estimate (above).  When Octave warns "matrix singular to
     * machine precision", *hwarn is 1 and *hrcond the rcond it names (the
     * first warning of the call, as dfg_set_warning keeps), else *hwarn 0:
     * the caller raises it. */
    int  (*mldivide)(int dt, int64_t m, int64_t n, int64_t p, const void * da, const void * db,
                     void * dx, dfg_cuda_rcond_fn rc, int * hwarn, double * hrcond);
    int  (*inv)(int dt, int64_t n, const void * da, void * dout, dfg_cuda_rcond_fn rc,
                int * hwarn, double * hrcond);
    int  (*det)(int dt, int64_t n, const void * da, void * dout, dfg_cuda_rcond_fn rc);
    /* the factorisations; the outputs as kernels/cpu/cpu.h and
     * lib/base/ops.def lay them out */
    int  (*chol)(int dt, int64_t n, const void * da, void * dr);
    int  (*lu)(int dt, int64_t m, int64_t n, const void * da, void * dl, void * du, void * dp,
               int permute_l);
    int  (*qr)(int dt, int econ, int64_t m, int64_t n, const void * da, void * dq, void * dr);
    /* dv NULL: the eigenvalues alone */
    int  (*eig_sym)(int dt, int64_t n, const void * da, void * dw, void * dv);
    /* du and dv NULL: the singular values alone; else U (m x k), V (n x k) */
    int  (*svd)(int dt, int64_t m, int64_t n, const void * da, void * du, void * ds, void * dv);
    int  (*pinv)(int dt, int64_t m, int64_t n, const void * da, void * dout);
    /* ---- ABI 5: psi, merge and the fused kernel (elementwise.cu, fused.cu) ---- */
    /* dfg.psi: out[i] = psi (k, in[i]), class dt (double or single), by
     * kernels/elem.h's dfg_psi_; k > 0 with some in[i] < 0 is
     * DFG_CUDA_DOMAIN (waits for the stream) */
    int  (*psi)(int dt, int k, void * dout, const void * din, int64_t n);
    /* merge (ifelse): out[i] = m[i * sm] ? a[i * sa] : b[i * sb] (strides
     * 1, or 0 for a scalar); m logical, a, b and out of es bytes (1, 4, 8) */
    int  (*merge)(int es, void * dout, const void * dm, int64_t sm, const void * da,
                  int64_t sa, const void * db, int64_t sb, int64_t n);
    /* a FUSED program (kernels/kernels.h; hprog: the node's idx, host
     * memory, copied to the device's constant memory for the call) over
     * n_in inputs din[k] (device) of class hin_dt[k] and dims
     * hin_dims[k * DFG_MAX_DIMS ...] (host, the domain's ndim padded with
     * ones); dout[j] receives output j (hprog's out table; din and dout
     * host arrays of device pointers).  dscratch (device, scratch_bytes,
     * may be NULL) holds the partials of reductions longer than
     * DFG_RED_BLOCK: dfg_cpu_fused_scratch's bytes are enough; with less
     * the call allocates its own.  Element-wise outputs are bitwise the
     * unfused kernels' (the same element functions); sum and prod outputs
     * are accumulated in the CPU's blocked order (kernels/kernels.h), so
     * bitwise the CPU fused kernel's where the element values agree.
     * Programs dfg_cuda_fused_ok rejects are DFG_CUDA_UNSUPPORTED; the
     * errors are those of the unfused kernels (waits for the stream) */
    int  (*fused)(const int64_t * hprog, int n_in, const void * const * din, const int * hin_dt,
                  const int64_t * hin_dims, void * const * dout, void * dscratch,
                  size_t scratch_bytes);
} dfg_cuda_api;

/* ---- what the element-wise and fused kernels run --------------------------
 * Shared by the kernels (kernels/cuda) and the backend's supports
 * (lib/runtime/backend-cuda.c), so that a node the backend accepts is one
 * the library runs: the lists of ops by kind, and the fused programs. */

/* unary math ops, class in == class out, double or single */
static inline int dfg_cuda_unary_math(int op)
{
    switch (op) {
    case DFG_OP_NEG: case DFG_OP_ABS: case DFG_OP_SIGN: case DFG_OP_SQRT: case DFG_OP_EXP:
    case DFG_OP_LOG: case DFG_OP_LOG1P: case DFG_OP_EXPM1: case DFG_OP_LOG2: case DFG_OP_LOG10:
    case DFG_OP_SIN: case DFG_OP_COS: case DFG_OP_TAN: case DFG_OP_ASIN: case DFG_OP_ACOS:
    case DFG_OP_ATAN: case DFG_OP_SINH: case DFG_OP_COSH: case DFG_OP_TANH: case DFG_OP_ASINH:
    case DFG_OP_ACOSH: case DFG_OP_ATANH: case DFG_OP_FLOOR: case DFG_OP_CEIL: case DFG_OP_ROUND:
    case DFG_OP_FIX: case DFG_OP_ERF: case DFG_OP_ERFC: case DFG_OP_GAMMA: case DFG_OP_GAMMALN:
    case DFG_OP_CBRT: case DFG_OP_ERFINV: case DFG_OP_ERFCINV:
        return 1;
    }
    return 0;
}

/* binary ops with the operands' class (x .^ y included), double or single;
 * max and min also logical */
static inline int dfg_cuda_binary_math(int op)
{
    switch (op) {
    case DFG_OP_ADD: case DFG_OP_SUB: case DFG_OP_MUL: case DFG_OP_DIV: case DFG_OP_POW:
    case DFG_OP_ATAN2: case DFG_OP_HYPOT: case DFG_OP_MAX2: case DFG_OP_MIN2: case DFG_OP_MOD:
    case DFG_OP_REM:
        return 1;
    }
    return 0;
}

/* comparisons and logic ops: double or single operands, logical result */
static inline int dfg_cuda_binary_logic(int op)
{
    switch (op) {
    case DFG_OP_EQ: case DFG_OP_NE: case DFG_OP_LT: case DFG_OP_LE: case DFG_OP_GT: case DFG_OP_GE:
    case DFG_OP_AND: case DFG_OP_OR: case DFG_OP_XOR:
        return 1;
    }
    return 0;
}

/* an element-wise op with result class dt and operand classes adt[0..na)
 * that the kernels run (the classes the CPU's kernels take) */
static inline int dfg_cuda_elementwise_ok(int op, int dt, int na, const int * adt)
{
    const int fl0 = na >= 1 && (adt[0] == DFG_DOUBLE || adt[0] == DFG_SINGLE);
    const int any0 = na >= 1 && (fl0 || adt[0] == DFG_LOGICAL);
    const int anyd = dt == DFG_DOUBLE || dt == DFG_SINGLE || dt == DFG_LOGICAL;
    if (op == DFG_OP_CAST)
        return na == 1 && any0 && anyd;
    if (op == DFG_OP_NOT)
        return na == 1 && fl0 && dt == DFG_LOGICAL;
    if (op == DFG_OP_PSI || dfg_cuda_unary_math(op))
        return na == 1 && fl0 && adt[0] == dt;
    if (dfg_cuda_binary_math(op))
        return na == 2 && adt[1] == adt[0] && adt[0] == dt &&
               (fl0 || (dt == DFG_LOGICAL && (op == DFG_OP_MAX2 || op == DFG_OP_MIN2)));
    if (dfg_cuda_binary_logic(op))
        return na == 2 && fl0 && adt[1] == adt[0] && dt == DFG_LOGICAL;
    if (op == DFG_OP_MERGE)
        return na == 3 && adt[0] == DFG_LOGICAL && adt[1] == dt && adt[2] == dt && anyd;
    return 0;
}

/* The fused programs the fused entry runs: at most these many instructions,
 * inputs, outputs and value slots (the program's scratch slots plus one
 * per output); every instruction dfg_cuda_elementwise_ok with its
 * operands' classes (an instruction's result, or input k's in_dt[k]);
 * element-wise outputs written by their instruction, of its class;
 * reductions (sum, prod) of double or single, of their instruction's
 * class. */
#define DFG_CUDA_FUSED_MAX_INSTR 128
#define DFG_CUDA_FUSED_MAX_IN    64
#define DFG_CUDA_FUSED_MAX_OUT   64
#define DFG_CUDA_FUSED_MAX_SLOT  64

static inline int dfg_cuda_fused_ok(const int64_t * prog, int n_in, const int * in_dt)
{
    const int64_t ni = FP_NI(prog), no = FP_NO(prog), ns = FP_NSLOT(prog);
    if (ni < 1 || ni > DFG_CUDA_FUSED_MAX_INSTR || no < 1 || no > DFG_CUDA_FUSED_MAX_OUT ||
        n_in < 0 || n_in > DFG_CUDA_FUSED_MAX_IN || ns < 0 || ns + no > DFG_CUDA_FUSED_MAX_SLOT ||
        FP_NDIM(prog) < 1 || FP_NDIM(prog) > DFG_MAX_DIMS)
        return 0;
    for (int k = 0; k < n_in; k++) {
        const int64_t m = FP_X(prog, k)[0];
        if (m != FX_FULL && m != FX_SCALAR && m != FX_BCAST)
            return 0;
    }
    for (int64_t i = 0; i < ni; i++) {
        const int64_t * I = FP_I(prog, i);
        const int64_t na = I[2];
        int adt[3] = {-1, -1, -1};
        if (na < 1 || na > 3 || I[0] < 0 || I[0] >= DFG_OP_COUNT || I[7] >= ns || I[7] < -no)
            return 0;
        for (int a = 0; a < na; a++) {
            const int64_t r = I[3 + a];
            if (r >= i || r < -(int64_t)n_in)
                return 0;
            adt[a] = r >= 0 ? (int)FP_I(prog, r)[1] : in_dt[-r - 1];
        }
        if (!dfg_cuda_elementwise_ok((int)I[0], (int)I[1], (int)na, adt))
            return 0;
        if (I[0] == DFG_OP_PSI && (I[6] < 0 || I[6] > 1000))
            return 0;
    }
    for (int64_t j = 0; j < no; j++) {
        const int64_t * O = FP_O(prog, j);
        if (O[0] < 0 || O[0] >= ni)
            return 0;
        const int dt = (int)FP_I(prog, O[0])[1];
        /* an element-wise output is its instruction's own (dest -j - 1) */
        if (O[1] < 0 ? O[3] != dt || FP_I(prog, O[0])[7] != -j - 1
                     : (O[1] != DFG_OP_SUM && O[1] != DFG_OP_PROD) || O[3] != dt ||
                       (dt != DFG_DOUBLE && dt != DFG_SINGLE) || O[2] < 0)
            return 0;
    }
    return 1;
}

/* The table for ABI version abi, or NULL when this library has another. */
const dfg_cuda_api * dfg_cuda_api_get(int abi);

#ifdef __cplusplus
}
#endif
#endif
