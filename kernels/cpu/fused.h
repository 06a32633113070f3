/* kernels/cpu/fused.h -- the program of a fused element-wise kernel (op FUSED),
 * shared by the fuse pass (lib/passes/pass-fuse.c), the executor (lib/runtime/exec.c) and
 * the kernel (kernels/cpu/fused.c).  Private to the library.
 *
 * A FUSED node's idx holds, as int64 words:
 *   header  FP_HDR words: n_instr, n_out, n_slot, ndim, dims[DFG_MAX_DIMS]
 *           (the domain: every instruction's result has these dims)
 *   instr   FP_INSTR words each, in execution order:
 *           op, dtype of the result, n_args, arg[3], iattr[0], dest
 *           arg >= 0: the result of instruction arg; arg < 0: external
 *           input -arg-1 (the FUSED node's input).  dest >= 0: scratch slot
 *           dest; dest < 0: written straight into output -dest-1.
 *   out     FP_OUT words each: instr, red, dim, dtype, byte offset, numel
 *           red = -1: the instruction's values (domain-sized); else
 *           DFG_OP_SUM or DFG_OP_PROD of them along dim, accumulated in
 *           the blocked order of the unfused reduction kernel (index order
 *           within blocks of DFG_RED_BLOCK along dim, then the block
 *           partials in block order; kernels/cpu/cpu.h), so that both agree
 *           bitwise whatever the thread count.
 *   ext     one word per external input: FX_FULL (the domain's size, read
 *           in place), FX_SCALAR (one element, used as a scalar operand),
 *           FX_BCAST (broadcast into the domain, loaded per tile).
 */
#ifndef DFG_FUSED_H
#define DFG_FUSED_H
#include "../../lib/base/base.h"

#define FP_HDR   (4 + DFG_MAX_DIMS)
#define FP_INSTR 8
#define FP_OUT   6
enum { FX_FULL, FX_SCALAR, FX_BCAST };

#define FP_NI(p)        ((p)[0])
#define FP_NO(p)        ((p)[1])
#define FP_NSLOT(p)     ((p)[2])
#define FP_NDIM(p)      ((p)[3])
#define FP_DIMS(p)      ((p) + 4)
#define FP_I(p, i)      ((p) + FP_HDR + FP_INSTR * (i))
#define FP_O(p, j)      ((p) + FP_HDR + FP_INSTR * FP_NI(p) + FP_OUT * (j))
#define FP_X(p, k)      ((p) + FP_HDR + FP_INSTR * FP_NI(p) + FP_OUT * FP_NO(p) + (k))
#define FP_LEN(ni, no, nx) (FP_HDR + FP_INSTR * (ni) + FP_OUT * (no) + (nx))

/* Runs a fused program (kernels/cpu/fused.c).  in[k] has class in_dt[k]
 * and dims in_dims[k] (ndim of the domain, padded with 1); out[j] is output
 * j's buffer.  Streams the domain in tiles of DFG_FUSE_TILE elements, split
 * across up to dfg_threads_for(numel * cost) threads (lib/base/threads.c), cost
 * the sum of the instructions' dfg_cpu_op_cost.
 * scratch (scratch_bytes, any alignment) is the caller's working memory
 * for the tiles and reduction partials: dfg_cpu_fused_scratch(prog, n_in,
 * nthreads) bytes are enough for nthreads threads (64-byte aligned per
 * thread); with fewer bytes the kernel uses as many threads as fit, and
 * with scratch == NULL (or too small for one thread) it allocates what it
 * needs itself.  Errors are set on the calling thread. */
#define DFG_FUSE_TILE 512
int dfg_cpu_fused(const int64_t * prog, int n_in, const void * const * in,
                  const int * in_dt, const int64_t (*in_dims)[DFG_MAX_DIMS],
                  void * const * out, void * scratch, size_t scratch_bytes);
size_t dfg_cpu_fused_scratch(const int64_t * prog, int n_in, int nthreads);
#endif
