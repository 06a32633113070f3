/* kernels/cpu/fused.h -- the program of a fused element-wise kernel (op FUSED),
 * shared by the fuse pass (lib/passes/pass-fuse.c), the executor (lib/runtime/exec.c) and
 * the kernel (kernels/cpu/fused.c).  Private to the library.
 *
 * The program's format (FP_* and FX_*) is kernels/kernels.h's, shared with
 * the GPU's fused kernel (kernels/cuda/fused.cu).
 */
#ifndef DFG_FUSED_H
#define DFG_FUSED_H
#include "../../lib/base/base.h"
#include "../kernels.h"

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
