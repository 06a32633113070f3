/* lib/runtime/backend.h -- the device backend interface.  Not public.
 *
 * A device is a backend behind one table of entries (in the spirit of
 * ggml-backend's interface): whether it runs an op, its buffers, copies
 * in each direction, running one step of a plan, waiting for its work,
 * and its memory.  Plans hold the backend they were compiled for, take
 * their arena and working memory from it and run their steps through it,
 * so a second device never touches the planner or the executor.
 *
 * Backends: "cpu" (backend-cpu.c: the kernels of kernels/cpu through
 * exec.c; always there; its buffers are host memory) and "gpu"
 * (backend-cuda.c: the CUDA library of kernels/cuda opened by device.c;
 * there when a GPU can be used) and "sim" (backend-sim.c: an emulated
 * device, always there, whose memory the host cannot touch outside its
 * entry points; its steps run the CPU kernels).  dfg_backend_get finds
 * them by name.
 *
 * Conventions: entries return DFG_OK or a status with its message set
 * (dfg_set_error); buffers are 64-byte aligned at least for host backends
 * as malloc gives them (offsets within an arena are 64-byte aligned by
 * the planner); a backend owns nothing of the plan but the buffers it
 * hands out, which the plan gives back with free.
 */
#ifndef DFG_BACKEND_H
#define DFG_BACKEND_H
#include "runtime.h"

/* One step of a plan: node's result into out from its inputs' buffers.
 * For a FUSED node also its outputs (fouts, or NULL: into out, the packed
 * buffer), its operands' classes and dims (worked out at compile time) and
 * working memory (scratch, scratch_bytes; see kernels/cpu/fused.h). */
typedef struct dfg_step_args {
    const dfg_node *      node;
    void *                out;
    const void * const *  in;
    void * const *        fouts;
    const int *           fdt;
    const int64_t       (*fdims)[DFG_MAX_DIMS];
    void *                scratch;
    size_t                scratch_bytes;
} dfg_step_args;

/* What a device's work costs, measured on the machine the first time it is
 * asked for (automatic placement, autoplace.c): per step (dispatch and
 * launch), per flop and per byte of its memory traffic, and per byte
 * copied between the host and it (0 for host memory). */
typedef struct dfg_cost {
    double launch_s;    /* seconds per step                               */
    double flop_s;      /* flops per second (a matrix product's rate)     */
    double byte_s;      /* bytes per second read and written in its memory */
    double xfer_s;      /* bytes per second host <-> device; 0: none      */
} dfg_cost;

typedef struct dfg_backend dfg_backend;
struct dfg_backend {
    const char * name;          /* "cpu", "gpu", "sim"                       */
    int          host_memory;   /* 1: its buffers are host memory, read and
                                   written in place by the caller            */
    /* 1 when run can execute node n on this device */
    int        (*supports)(const dfg_backend * b, const dfg_node * n);
    /* bytes of device memory (bytes == 0 gives a valid unique buffer);
     * DFG_ERR_NOMEM naming the device and the bytes when there are none */
    dfg_status (*alloc)(const dfg_backend * b, size_t bytes, void ** buf);
    void       (*free)(const dfg_backend * b, void * buf);   /* NULL: nothing */
    /* copies of bytes: host to device, device to host, within the device */
    dfg_status (*to_device)(const dfg_backend * b, void * dst, const void * host, size_t bytes);
    dfg_status (*to_host)(const dfg_backend * b, void * host, const void * src, size_t bytes);
    dfg_status (*copy)(const dfg_backend * b, void * dst, const void * src, size_t bytes);
    /* runs one step (may return before the device is done: see sync) */
    dfg_status (*run)(const dfg_backend * b, const dfg_step_args * s);
    /* waits until everything run and copied so far is done */
    dfg_status (*sync)(const dfg_backend * b);
    /* free and total bytes of the device's memory */
    dfg_status (*memory)(const dfg_backend * b, double * free_bytes, double * total_bytes);
    /* its cost model (measured once, then the same answer) */
    dfg_status (*model)(const dfg_backend * b, dfg_cost * c);
};

/* seconds on a monotonic clock (the cost models' stopwatch) */
double dfg_seconds(void);

/* The backend called name ("cpu", "gpu", "sim"), or NULL with DFG_ERR_NODEVICE
 * (the reason) when that device cannot be used, or DFG_ERR_ARG for a name
 * that is none. */
const dfg_backend * dfg_backend_get(const char * name);
/* The CPU backend: always there. */
const dfg_backend * dfg_backend_cpu(void);
/* The emulated device (backend-sim.c): always there. */
const dfg_backend * dfg_backend_sim(void);
/* The CUDA library's backend (backend-cuda.c), or NULL and the reason. */
const dfg_backend * dfg_backend_cuda(void);

/* Whether the CUDA backend has a kernel for node n (its supports entry,
 * which needs no GPU: the sim device can mimic the GPU's coverage). */
int dfg_cuda_supports(const dfg_node * n);

/* device.c: the backend of the device called name for a plan ("cpu",
 * "sim", "gpu"; NULL or "auto": the default device), or an error naming
 * fn: DFG_ERR_NODEVICE for "gpu" where no GPU can be used (the reason),
 * DFG_ERR_ARG for a name that is none, DFG_DEVICE's error for the
 * default. */
dfg_status dfg_device_backend(const char * name, const char * fn, const dfg_backend ** be);

/* resident.c: variables living on a device between runs (core.h,
 * "variables living on a device").  dfg_var_on_device gives in *buf n's
 * copy on be (device memory owned by n's record, freed with n), made the
 * first time and copied in from n->data when that is newer.
 * dfg_var_device_written: a plan wrote the copy (n->data is stale until
 * dfg_var_host_data). */
dfg_status  dfg_var_on_device(dfg_node * n, const dfg_backend * be, void ** buf);
void        dfg_var_device_written(dfg_node * n);

/* exec.c: the [pre, n, post] view of x along dim, and the kernels' code of
 * a reduction op (kernels/kernels.h), -1 for other ops. */
void        dfg_split_dim(const dfg_node * x, int dim, int64_t * pre, int64_t * n,
                          int64_t * post);
int         dfg_red_code(int op);
/* exec.c: each input's extent along a CAT node's dimension, in small (16
 * entries) or a new array for more inputs (free it when it is not small);
 * NULL with DFG_ERR_NOMEM set when out of memory. */
int64_t *   dfg_cat_extents(const dfg_node * n, int64_t * small);

#endif
