/* lib/runtime/runtime.h -- the runtime layer (lib/runtime owns compiled
 * plans, scheduling and the static memory plan, the executor and the
 * devices; it uses passes, autodiff, core, kernels and base), for the
 * layers above (control flow, the gateway) and the tests.  Not public. */
#ifndef DFG_RUNTIME_H
#define DFG_RUNTIME_H
#include "../core/core.h"

/* ---- plans (lib/runtime/plan.c, exec.c, device.c) ----------------------- */
/* Testing: plans compiled while on give every intermediate its own buffer
 * (no reuse, no in-place), the reference the planner is checked against. */
void        dfg_memplan_naive(int on);

/* lib/runtime/device.c: the CUDA backend's table when a GPU can be used, else NULL
 * and an error (DFG_ERR_NODEVICE with the reason); and giving the
 * backend, its device state and the library back (MEX exit). */
struct dfg_cuda_api;
const struct dfg_cuda_api * dfg_device_cuda(void);
void        dfg_device_shutdown(void);
typedef struct dfg_plan dfg_plan;
dfg_status  dfg_exec_node(const dfg_node * n, void * out, const void * const * in);
/* A FUSED node: output j to outs[j] (NULL: into the packed buffer). */
dfg_status  dfg_exec_fused(const dfg_node * n, void * const * outs, void * packed,
                           const void * const * in);
/* The same with operand classes and dims (padded to DFG_MAX_DIMS with 1)
 * and working memory from the caller: allocates nothing when scratch has
 * the bytes dfg_cpu_fused_scratch (kernels/cpu/fused.h) asks for. */
dfg_status  dfg_exec_fused_with(const dfg_node * n, void * const * outs, void * packed,
                                const void * const * in, const int * dts,
                                const int64_t (*dims)[DFG_MAX_DIMS],
                                void * scratch, size_t scratch_bytes);

#endif
