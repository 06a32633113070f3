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

#ifdef __cplusplus
extern "C" {
#endif

#define DFG_CUDA_ABI 4

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

    /* out[i] = op (in[i]), i < n; dt_in, dt_out: double or single (cast
     * between them is DFG_OP_CAST) */
    int  (*unary)(int op, int dt_in, int dt_out, void * dout, const void * din, int64_t n);
    /* out[i] = a[i * sa] op b[i * sb] (sa, sb: 1, or 0 for a scalar);
     * a and b of class dt; out of class dt, or logical (1 byte) for the
     * comparison and logic ops */
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
} dfg_cuda_api;

/* The table for ABI version abi, or NULL when this library has another. */
const dfg_cuda_api * dfg_cuda_api_get(int abi);

#ifdef __cplusplus
}
#endif
#endif
