/* lib/runtime/plan-impl.h -- a compiled plan's layout, shared by plan.c
 * (compile, run, node table) and memplan.c (schedule, memory plan).
 * Private to the library.
 *
 * A plan's values are the nodes its outputs reach, in schedule order.  Each
 * value has a kind saying where its data lives; bufs[v] is its data
 * pointer during a run.  Everything but the pointers to the caller's
 * inputs and outputs is decided when the plan is compiled.
 */
#ifndef DFG_PLAN_IMPL_H
#define DFG_PLAN_IMPL_H

#include "runtime.h"
#include "../passes/pass.h"
#include "../base/pmap.h"

enum {
    VAL_INPUT,    /* the caller's input array, read in place (on a device  */
                  /* whose memory is not the host's: its copy in the arena) */
    VAL_LEAF,     /* a constant's or variable's own storage (on such a     */
                  /* device: a constant's copy in the plan's leaves, a     */
                  /* variable's copy kept on the device, resident.c)       */
    VAL_ARENA,    /* an intermediate: a buffer in the plan's arena         */
    VAL_OUTPUT,   /* written straight into the caller's output array       */
    VAL_VIRTUAL,  /* a fused kernel's packed result, never stored: the     */
                  /* kernel writes its outputs to their FUSED_OUT values   */
    VAL_VAR,      /* a variable's new value, computed in the variable's    */
                  /* storage (the plan assigns the variable in place)      */
    VAL_VIEW      /* the data of another value at an offset (reshape,      */
                  /* part of a packed result): no kernel, no storage       */
};

typedef struct step {
    dfg_node * node;
    int32_t    out;      /* value index of the result (-1: virtual)         */
    int32_t    first;    /* its inputs' value indices: args[first .. +n_in) */
    int32_t    fouts;    /* fused kernel: its outputs' value indices are    */
                         /* fout[fouts .. + n_out); else -1                 */
    int32_t    fmeta;    /* fused kernel: its operand classes and sizes at  */
                         /* fdt/fdims[fmeta .. + n_in); else -1             */
} step;

typedef struct view_of {
    int32_t val;         /* this value's data ...                            */
    int32_t src;         /* ... is src's ...                                 */
    int64_t off;         /* ... at this byte offset                          */
} view_of;

typedef struct copy_out {
    int32_t from;        /* value whose data is copied ...                  */
    int32_t to;          /* ... into output k, or into variable upd_vars[k] */
} copy_out;

typedef struct node_row {  /* dfg_plan_node's table                         */
    const char * op;
    int32_t      val;      /* value index, or -1                            */
    int32_t      first;    /* inputs: rows_in[first .. + n_in)              */
    int32_t      n_in;
    int32_t      group;
    uint32_t     tags;     /* DFG_TAG_* of the node (a fused kernel's)      */
    const char * device;   /* where it runs: "cpu", or the plan's device    */
    int          dtype, ndim, is_output;
    int64_t      dims[DFG_MAX_DIMS];
} node_row;

typedef struct buf_row {   /* dfg_plan_buffer's table: one per intermediate */
    int32_t val;
    int64_t offset, bytes;
    int32_t first, last;
    int32_t shares;        /* row whose buffer it reuses, or -1             */
} buf_row;

struct dfg_plan {
    uint32_t    slot;
    const struct dfg_backend * be;  /* the device it runs on: its arena and
                                       scratch come from it, its steps run
                                       through it (backend.h)               */
    int         n_in, n_out, n_upd;
    dfg_node ** ins;          /* input nodes (uses held)                    */
    dfg_node ** outs;         /* output nodes (uses held)                   */
    dfg_node ** upd_vars;     /* variables the plan assigns (uses held)     */
    int32_t *   in_val;       /* value index of input k                     */
    int32_t *   out_val;      /* value index bound to output k, or -1       */
    int32_t     n_vals;
    dfg_node ** vals;         /* every value's node (uses held)             */
    int8_t *    kind;         /* every value's VAL_*                        */
    void **     bufs;         /* every value's data pointer                 */
    int32_t     n_steps;
    step *      steps;
    int32_t *   args;
    const void ** argp;       /* run-time operand pointers, one per arg     */
    int32_t     n_views;
    view_of *   views;        /* resolved at the start of each run, in order */
    int32_t     n_copies;     /* outputs not written in place               */
    copy_out *  copies;
    int32_t     n_ucopies;    /* variable updates not computed in place     */
    copy_out *  ucopies;
    void *      arena;        /* intermediates, owned                       */
    size_t      arena_bytes;
    void *      scratch;      /* fused kernels' tiles, owned                */
    size_t      scratch_bytes;
    /* a device whose memory is not the host's (be->host_memory == 0):
     * inputs have buffers in the arena (copied in at each run), outputs
     * are copied out, the constants the plan reads have copies in leaves,
     * and variables are read and updated in their own copies on the
     * device, which stay there between runs (resident.c) */
    void *      leaves;       /* constants, owned                           */
    size_t      leaf_bytes;
    /* a device plan's host side (place.c): the values made on the host,
     * their arena and fused kernels' scratch there, and the host pointers
     * of the inputs and constants that host steps read in place */
    int8_t *    vhost;        /* every value: 1 on the host side            */
    const void ** hbufs;      /* every value: its host data, or NULL        */
    void *      harena;       /* owned (host memory)                        */
    size_t      harena_bytes;
    void *      hscratch;     /* owned (host memory)                        */
    size_t      hscratch_bytes;
    int32_t     n_var_in;     /* the variables the plan reads (made current */
    int32_t *   var_in;       /* on its device at each run): value indices  */
    int32_t *   fout;         /* fused kernels' output values               */
    int *       fdt;          /* fused kernels' operand classes ...         */
    int64_t   (*fdims)[DFG_MAX_DIMS]; /* ... and sizes                      */
    dfg_node ** gouts;        /* outputs then update values after the       */
                              /* passes (uses held)                         */
    pass_report_list report;
    int64_t     n_rows;       /* dfg_plan_node's table                      */
    node_row *  rows;
    int32_t *   rows_in;
    int32_t *   val_row;      /* value -> its row in that table, or -1      */
    dfg_memory_info mem;      /* dfg_plan_memory                            */
    int64_t     n_bufrows;
    buf_row *   bufrows;
    struct plan_sym * sym;    /* symbolic sizes: the graph as recorded and */
                              /* its concrete plans (plan-sym.c), owned;    */
                              /* such a plan runs only through those        */
    int         dry;          /* compiled to measure only: no arena         */
    int         ports_dev;    /* a control-flow body compiled for a device
                                 (dfg_plan_compile_nodes with one): its
                                 inputs and outputs are buffers on that
                                 device, read and written in place there,
                                 and a host step reads an input through a
                                 copy node (as a variable)                */
};

/* ---- lib/runtime/plan.c ---------------------------------------------------- */
/* Frees p (its uses on nodes, its arena) and its handle. */
void       dfg_plan_destroy(dfg_plan * p);
/* A plan of the graph from ins to outs (the library's own use: control-flow
 * bodies, lib/control/ctrl.c), compiled with the default options for the
 * host (be NULL or the CPU) or for device be, whose buffers its inputs and
 * outputs then are (ports_dev); registered in the store like any plan,
 * owned by the caller (dfg_plan_destroy). */
dfg_status dfg_plan_compile_nodes(int n_in, dfg_node * const * ins, int n_out,
                                  dfg_node * const * outs, const struct dfg_backend * be,
                                  dfg_plan ** plan);
/* Runs p (dfg_plan_run without the handle check and the warning reset). */
dfg_status dfg_plan_exec(dfg_plan * p, const void * const * in, void * const * out);

/* ---- lib/runtime/plan-sym.c ------------------------------------------------ */
/* 1 when an input of sp has a symbolic size. */
int        plan_spec_is_symbolic(const dfg_plan_spec * sp);
/* Makes new plan p (registered, empty) the symbolic plan of sp: holds the
 * graph, checks it by compiling it once with sizes 2, 3, ...  On an error
 * the caller destroys p. */
dfg_status plan_sym_compile(const dfg_plan_spec * sp, dfg_plan * p);
/* Frees p->sym (its concrete plans released). */
void       plan_sym_free(dfg_plan * p);
/* 1 and *id: the concrete plan a symbolic p ran last; 0: none. */
int        plan_sym_last(const dfg_plan * p, dfg_id * id);

/* 1 when value v is made and kept on the host (every value of a plan on
 * the CPU; the host side of a plan on a device). */
int        plan_val_host(const dfg_plan * p, int32_t v);

/* ---- lib/runtime/autoplace.c ------------------------------------------------ */
/* "device", "auto": p->be becomes the CPU or the candidate device,
 * whichever the cost model says is faster for the graph of p->gouts;
 * the estimates go to p->mem.placement. */
dfg_status dfg_auto_place(dfg_plan * p, int n_root);

/* ---- lib/runtime/place.c ---------------------------------------------------- */
/* Places the nodes of p->gouts (after the passes, before the schedule):
 * the plan's device (p->be may change to the device its nodes name), and on
 * a device whose memory is not the host's, the copy nodes where a value
 * crosses sides (p->gouts rewritten).  host gets every node that runs on
 * the host (on such a device). */
dfg_status dfg_place_plan(dfg_plan * p, int n_root, pmap * host);

/* ---- lib/runtime/memplan.c -------------------------------------------------------- */

/* Extra ordering constraints for the scheduler: node after[k] must be
 * scheduled after node before[k]. */
typedef struct mp_deps {
    int32_t      n, cap;
    dfg_node **  after;
    dfg_node **  before;
} mp_deps;

/* The schedule: every node the roots reach, inputs (and deps) before their
 * users (a depth-first walk), each node's inputs visited in the order they
 * were recorded and recomputed copies last (so they are made just before
 * the backward node that reads them), roots with the shortest longest
 * path first (a backward pass then runs layer by layer, each gradient
 * used as soon as it is made).  *list: new array of *n borrowed pointers; index gets
 * node -> position.  A cycle through deps: DFG_ERR_INTERNAL. */
dfg_status mp_schedule(int n_root, dfg_node * const * roots, const mp_deps * deps,
                       dfg_node *** list, int32_t * n, pmap * index);

/* Decides which variable updates are computed in the variable's storage
 * and the ordering that needs (every other reader of the variable runs
 * first).  inplace[k] = 1 for those; deps gets the constraints. */
dfg_status mp_update_plan(dfg_plan * p, int * inplace, mp_deps * deps);

/* Lays the intermediates out: views, in-place reuse, live intervals,
 * packing into one arena (allocated here), and the memory report.  Needs
 * p->vals, p->kind, p->steps, p->args, p->fout, p->copies, p->ucopies. */
dfg_status mp_plan_memory(dfg_plan * p);

/* 1 when output j of the fused kernel f may be written over the buffer
 * of its inputs marked in same[] (they are all read, element by element,
 * no later than output j is written). */
int        mp_fused_inplace_ok(const dfg_node * f, int64_t j, const char * same);

void       mp_deps_free(mp_deps * d);

#endif
