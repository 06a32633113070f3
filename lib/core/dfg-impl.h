/* dfg-impl.h -- libdfg internals shared by lib/ and kernels/.  Not public. */
#ifndef DFG_IMPL_H
#define DFG_IMPL_H

#include <stdarg.h>
#include <stdbool.h>
#include "../dfg.h"

/* ---- errors (lib/status.c) ----------------------------------------------
 * dfg_set_error records a printf-style message for the calling thread and
 * returns s, so "return dfg_set_error(DFG_ERR_SHAPE, ...)" reads naturally.
 * dfg_set_warning records a warning for the mex gateway to raise after a
 * plan run (the first one of a run is kept). */
dfg_status dfg_set_error(dfg_status s, const char * fmt, ...)
    __attribute__((format(printf, 2, 3)));
void       dfg_set_warning(const char * fmt, ...)
    __attribute__((format(printf, 1, 2)));
/* 1 when the interrupt hook (dfg_set_interrupt_hook) says stop. */
int        dfg_interrupt_pending(void);

/* ---- threads (lib/threads.c) --------------------------------------------
 * Kernels split large loops into nt parts, nt = dfg_threads_for(work), and
 * run them with dfg_par_run(nt, fn, ctx): fn(ctx, t) for t = 0 .. nt-1,
 * each part taken by whichever of the calling thread and the pool's
 * threads claims it first; it returns when every part is done (their
 * writes visible).  Parts must
 * not depend on each other's progress.  With nt == 1 kernels call their
 * sequential code directly (no region at all).
 * dfg_threads_for(work): how many threads a kernel with work elements
 * (element-steps, each weighted by dfg_cpu_op_cost, kernels/cpu/cpu.h)
 * should use: 1 below DFG_PAR_MIN (small arrays never pay
 * for thread start-up) or inside a parallel region (no nesting), else
 * min(dfg_threads_get(), work / (DFG_PAR_MIN / 2)).
 * dfg_par_chunk(n, nt, align): the length of each of nt contiguous chunks
 * that cover n, rounded up to a multiple of align (the last may be short,
 * trailing ones empty).
 * Errors inside a region: dfg_set_error writes the calling thread's message,
 * which is lost on a worker thread.  A kernel's region records a failure
 * with dfg_par_fail (thread-safe; keeps the failure at the lowest where, so
 * the error reported is the one the sequential loop would have met first,
 * with the message the failing thread set), and after the region the
 * calling thread returns dfg_par_finish (DFG_OK, or the recorded status
 * with its message set on the calling thread).  Zero-initialise it. */
#define DFG_THREADS_MAX 1024
#define DFG_PAR_MIN     32768
typedef void (*dfg_par_fn)(void * ctx, int t);
void       dfg_par_run(int nt, dfg_par_fn fn, void * ctx);
int        dfg_threads_for(int64_t work);
int64_t    dfg_par_chunk(int64_t n, int nt, int64_t align);
typedef struct dfg_par_status {
    int     status;
    int64_t where;
    char    msg[1024];
} dfg_par_status;
void       dfg_par_fail(dfg_par_status * ps, int64_t where, dfg_status st);
dfg_status dfg_par_finish(const dfg_par_status * ps);

/* ---- allocation (lib/store.c) -------------------------------------------
 * All library memory goes through these (one place to inject an allocator
 * or count bytes).  dfg_malloc(0) returns a valid unique pointer. */
void * dfg_malloc(size_t n);
void * dfg_calloc(size_t n, size_t size);
void * dfg_realloc(void * p, size_t n);
void   dfg_free(void * p);

/* ---- families and dtype rules (lib/ops.def) ----------------------------- */
enum dfg_family {
    DFG_FAM_LEAF, DFG_FAM_UNARY, DFG_FAM_BINARY, DFG_FAM_TERNARY,
    DFG_FAM_REDUCE, DFG_FAM_SCAN, DFG_FAM_RESHAPE, DFG_FAM_PERMUTE,
    DFG_FAM_GATHER, DFG_FAM_SCATTER, DFG_FAM_CAT, DFG_FAM_MATMUL,
    DFG_FAM_LINALG, DFG_FAM_PART, DFG_FAM_BROADCAST, DFG_FAM_FUSED,
    DFG_FAM_RAND, DFG_FAM_CTRL,
    DFG_FAM_COUNT
};
enum dfg_dtrule {
    DFG_DT_MATH, DFG_DT_LOGIC, DFG_DT_KEEP, DFG_DT_SAME, DFG_DT_DBL,
    DFG_DT_ATTR, DFG_DT_ASGN, DFG_DT_COUNT
};
#define DFG_F_ELEMWISE 1u
#define DFG_F_INPLACE  2u
#define DFG_F_DIFF     4u

typedef struct dfg_op_info {
    const char * name;      /* Octave-facing name                          */
    const char * ident;     /* C identifier, "ADD"                         */
    int          family;    /* enum dfg_family                             */
    int          arity;     /* -1: any number >= 1                         */
    int          dtrule;    /* enum dfg_dtrule                             */
    unsigned     flags;     /* DFG_F_*                                     */
} dfg_op_info;
extern const dfg_op_info dfg_ops[DFG_OP_COUNT];

/* ---- nodes (lib/store.c) ------------------------------------------------ */
typedef struct dfg_node dfg_node;

/* Gradient rules live in lib/grad-impl.h. */

struct dfg_node {
    uint32_t    gen;            /* generation; matches the id's high half   */
    uint32_t    slot;           /* index in the store                       */
    int32_t     handles;        /* references held through ids              */
    int32_t     uses;           /* references held by nodes and plans       */
    int16_t     op;             /* dfg_op_code                              */
    uint8_t     dtype;          /* dfg_dtype                                */
    uint8_t     ndim;           /* >= 2                                     */
    int64_t     dims[DFG_MAX_DIMS];
    int64_t     numel;
    int32_t     n_in;
    dfg_node ** in;             /* owned array; each entry holds a use      */
    int64_t     iattr[DFG_MAX_IATTR];
    double      dattr[2];
    int64_t *   idx;            /* owned copy of attr.idx, or NULL          */
    int64_t     nidx;
    void *      data;           /* owned: constant/variable storage         */
    char *      name;           /* owned, or NULL                           */
    uint64_t    hash;           /* structural hash (op, inputs, attrs)      */
    uint32_t    tags;           /* DFG_TAG_*: where the node came from      */
    int32_t     region;         /* dfg.checkpoint region it was made in, 0  */
    uint64_t    seq;            /* when it was recorded (a pass's new nodes */
                                /* take the seq of the node they replace)   */
};

/* Tags a node is made with (dfg_node_make copies the current ones): nodes
 * made by reverse-mode autodiff are DFG_TAG_GRAD, copies made by gradient
 * checkpointing DFG_TAG_RECOMPUTE; nodes made inside dfg.checkpoint (fun)
 * carry the region's number.  A pass rewriting node n makes its new nodes
 * with n's tags and seq.  dfg_tags_set returns the tags it replaces. */
#define DFG_TAG_GRAD      1u
#define DFG_TAG_RECOMPUTE 2u
typedef struct dfg_tags {
    uint32_t tags;
    int32_t  region;
    uint64_t seq;      /* 0: a new number for each node */
} dfg_tags;
dfg_tags    dfg_tags_set(dfg_tags t);
dfg_tags    dfg_tags_get(void);

/* Node helpers for the library's own code.  Pointers are only valid while
 * the node holds a reference. */
dfg_node *  dfg_node_get(dfg_id id);            /* NULL + error if stale    */
dfg_id      dfg_node_id(const dfg_node * n);
void        dfg_node_use(dfg_node * n);         /* uses++                    */
void        dfg_node_unuse(dfg_node * n);       /* uses--, may free         */
/* Makes a node of op with inputs (each gains a use) and a copy of attr;
 * dtype/shape are filled by dfg_infer.  The new node has handles = 0,
 * uses = 0: the caller takes what it needs. */
dfg_status  dfg_node_make(int op, int n_in, dfg_node * const * in,
                          const dfg_attr * attr, dfg_node ** out);
/* Same as dfg_op but on node pointers, returning a node with one use that
 * the caller owns (release with dfg_node_unuse). */
dfg_status  dfg_build(int op, int n_in, dfg_node * const * in,
                      const dfg_attr * attr, dfg_node ** out);

/* ---- control flow (lib/ctrl.c) ------------------------------------------
 * LOOP and COND nodes name a construct in ctrl.c's table; inference takes
 * a reference on it (and checks the inputs), freeing the node gives it
 * back.  dfg_ctrl_reset forgets every construct without touching nodes or
 * plans (dfg_reset frees those itself). */
dfg_status  dfg_ctrl_infer(dfg_node * n);
void        dfg_ctrl_node_free(dfg_node * n);
void        dfg_ctrl_reset(void);
dfg_status  dfg_ctrl_exec(const dfg_node * n, void * out, const void * const * in);
double      dfg_ctrl_flops(const dfg_node * n);
/* Compiles the bodies and allocates what a run needs (plan compile time);
 * the bytes a construct holds (bodies' plans, carry sets, stacks). */
dfg_status  dfg_ctrl_prepare(const dfg_node * n);
int64_t     dfg_ctrl_bytes(const dfg_node * n);

/* ---- shape and class inference (lib/ops.c) ------------------------------ */
dfg_status  dfg_infer(dfg_node * n);
/* The class an op's kernel wants its inputs in, or -1 for "as they are";
 * dfg_build converts inputs to it. */
int         dfg_compute_dtype(int op, int n_in, dfg_node * const * in,
                              const int64_t * iattr);
/* Writes "3x4x2" into buf (at least 24 * DFG_MAX_DIMS bytes advised). */
const char * dfg_shape_str(int ndim, const int64_t * dims, char * buf, size_t len);
/* Drops trailing singletons (keeping 2 dims); returns the new ndim. */
int         dfg_shape_normalize(int ndim, int64_t * dims);
int64_t     dfg_shape_numel(int ndim, const int64_t * dims);
/* dims (ndim of them) viewed as k >= 1 dims: the last takes the product of
 * the rest, missing ones are 1 (Octave's rule for fewer subscripts). */
void        dfg_shape_fold(int ndim, const int64_t * dims, int64_t k, int64_t * view);

/* ---- plans (lib/plan.c, lib/exec.c) ------------------------------------- */
/* Testing: plans compiled while on give every intermediate its own buffer
 * (no reuse, no in-place), the reference the planner is checked against. */
void        dfg_memplan_naive(int on);

/* lib/device.c: the CUDA backend's table when a GPU can be used, else NULL
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
 * the bytes dfg_cpu_fused_scratch (lib/fused.h) asks for. */
dfg_status  dfg_exec_fused_with(const dfg_node * n, void * const * outs, void * packed,
                                const void * const * in, const int * dts,
                                const int64_t (*dims)[DFG_MAX_DIMS],
                                void * scratch, size_t scratch_bytes);

#endif
