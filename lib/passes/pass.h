/* lib/passes/pass.h -- the passes layer (lib/passes owns the graph
 * rewrites and the framework they share; it uses autodiff, core and base,
 * and runs nodes only through the evaluator its caller passes in).
 * Private to the library.
 *
 * A plan is compiled from its output nodes.  Passes never edit nodes (nodes
 * are immutable and may be shared with the user's graph and other plans):
 * a pass maps the graph to a new one, node by node, in topological order,
 * and the plan then holds the new outputs.  Whatever the new outputs do
 * not reach is dropped, so dead-code elimination follows every rewrite by
 * construction (and pruning to the requested outputs is the first such
 * walk).
 *
 * The passes, in the order lib/passes/passes.c runs them (docs/passes.md):
 *   cse       common subexpressions (pass-cse.c)
 *   fold      constant folding (pass-fold.c)
 *   simplify  algebraic simplification (pass-simplify.c)
 *   checkpoint gradient checkpointing, when asked for (pass-checkpoint.c)
 *   gemm      horizontal fusion of matmuls sharing an input (pass-gemm.c)
 *   fuse      element-wise (vertical) fusion (pass-fuse.c)
 */
#ifndef DFG_PASS_H
#define DFG_PASS_H

#include "../core/core.h"
#include "../base/pmap.h"

/* Runs node n once on the host, as a plan would, into out from its
 * inputs' data (the caller's executor: passes do not know devices). */
typedef dfg_status (*pass_eval)(const dfg_node * n, void * out, const void * const * in);

/* A walk of the graph kept from one pass for the next (the manager's):
 * nodes are immutable, so while the outputs are the roots it was made
 * from, the graph and its walk are the same, and a pass that changed
 * nothing hands its walk to the next pass instead of that pass walking
 * again.  Any change of the outputs drops it (pass_walk_drop). */
typedef struct pass_walk {
    int          n_root;     /* 0: nothing kept                             */
    dfg_node **  roots;      /* owned copy of the outputs it was made from  */
    uint64_t *   gens;       /* owned: their generation and slot (a freed   */
                             /* root's address may come back as another node)*/
    dfg_node **  list;       /* owned: the walk's list                      */
    int32_t      n;
    dfg_walk_ix  ix;         /* its index (tables owned)                    */
} pass_walk;

/* A graph under optimisation: its outputs, each holding one use. */
typedef struct pass_run {
    int          n_out;
    dfg_node **  outs;
    int          fast;       /* the 'fast' option: rewrites that may change
                                rounding, NaN, Inf or the sign of zero     */
    int64_t      changed;    /* what the pass did, counted by the pass      */
    int64_t      extra;      /* a second count (e.g. kernels made)          */
    void *       user;       /* the pass's own state during a walk          */
    pass_eval    eval;       /* constant folding's evaluator; NULL: no fold */
    char         what[256];  /* what it changed, for dfg.explain            */
    int64_t      nodes;      /* the graph's node count when known (the pass
                                manager's), else 0: sizes the walks' maps  */
    int64_t      walked;     /* set by the pass's first rewriting walk (of
                                the graph as the pass got it): its node
                                count; -1 before (the manager's)           */
    pass_walk *  keep;       /* the manager's kept walk, or NULL (borrowed) */
} pass_run;

/* The walk of r->outs (pass_topo with an index): the kept one when it is
 * of these outputs (taken: r->keep is left empty), else a new one.  The
 * caller owns *list and ix's tables (pass_walk_put or free them). */
dfg_status pass_walk_take(pass_run * r, dfg_node *** list, int32_t * n, dfg_walk_ix * ix);
/* Gives a walk back to r->keep, taken by pass_walk_take when r->outs were
 * roots (n_root of them): kept when the outputs are still those (the
 * graph did not change), else freed.  Takes ownership of list and ix. */
void       pass_walk_put(pass_run * r, dfg_node * const * roots, dfg_node ** list,
                         int32_t n, dfg_walk_ix * ix);
/* Frees what w keeps. */
void       pass_walk_drop(pass_walk * w);

/* Topological order of what outs reach, inputs before users: core's one
 * walk (dfg_topo, lib/core/core.h), under the name the passes, the
 * runtime and control flow call it by.  *list is a new array of *n
 * borrowed pointers (free with dfg_free); index, when not NULL, is an
 * initialised map that gets node -> position. */
#define pass_topo dfg_topo

/* The rewriting walk.  visit(r, n, in, &out) is called for every node n the
 * outputs reach, inputs first; in[k] is what n's k-th input became.  It
 * sets out to the node that stands for n from now on, holding one use the
 * walk takes over, or leaves it NULL to keep n (remade on the new inputs
 * when any changed).  On return r->outs are the new outputs. */
typedef dfg_status (*pass_visit)(pass_run * r, dfg_node * n, dfg_node ** in,
                                 dfg_node ** out);
dfg_status pass_rewrite(pass_run * r, pass_visit visit);

/* n with inputs in (n itself, with a new use, when nothing changed). */
dfg_status pass_remake(dfg_node * n, dfg_node * const * in, dfg_node ** out);
/* A new node of op on in with n's attributes replaced by attr. */
dfg_status pass_make(int op, int n_in, dfg_node * const * in,
                     const dfg_attr * attr, dfg_node ** out);
/* The attributes of n as a dfg_attr (idx borrowed from n). */
void       pass_attr_of(const dfg_node * n, dfg_attr * a);
/* A constant scalar of class dt (one use, the caller's). */
dfg_status pass_scalar(int dt, double v, dfg_node ** out);
/* 1 when n is a constant (not a variable or input), or a broadcast or
 * reshape of one, whose every element is v, with the sign of v when v is
 * zero; numel >= 1. */
int        pass_is_const(const dfg_node * n, double v);
/* 1 when n is a one-element constant, or a broadcast or reshape of one,
 * with its value in *v; else 0 (*v untouched). */
int        pass_const_scalar(const dfg_node * n, double * v);
int        pass_same_shape(const dfg_node * a, const dfg_node * b);

/* The passes: one entry point each. */
dfg_status dfg_pass_cse(pass_run * r);
dfg_status dfg_pass_fold(pass_run * r);
dfg_status dfg_pass_simplify(pass_run * r);
dfg_status dfg_pass_gemm(pass_run * r);
dfg_status dfg_pass_fuse(pass_run * r);
/* Gradient checkpointing (pass-checkpoint.c): mode DFG_CKPT_NONE (only
 * dfg.checkpoint regions) or DFG_CKPT_SQRT (every seg-th activation kept,
 * seg <= 0: about sqrt of their number, and the last keep_last). */
typedef struct pass_ckpt {
    int     mode;
    int64_t seg, keep_last;
} pass_ckpt;
dfg_status dfg_pass_checkpoint(pass_run * r, const pass_ckpt * ck);

/* The manager (passes.c): what each pass did, for dfg_plan_report. */
#define PASS_REPORT_MAX 16
typedef struct pass_report_row {
    char    pass[16];
    int64_t before, after, changed;
    char    what[256];
    double  ms;
} pass_report_row;
typedef struct pass_report_list {
    int             n;
    pass_report_row rows[PASS_REPORT_MAX];
} pass_report_list;
/* given (NULL: the default) with DFG_PASSES applied on top. */
void       dfg_options_effective(const dfg_options * given, dfg_options * o);
/* Runs the passes o switches on over the graph of outs (each holding one
 * use; replaced by the new outputs), with gradient checkpointing (ck:
 * NULL for none) between the cse/fold/simplify rounds and gemm; fold runs
 * nodes with eval. */
dfg_status dfg_passes_run(const dfg_options * o, int n_out, dfg_node ** outs,
                          pass_report_list * rep, const pass_ckpt * ck, pass_eval eval);

/* Constant leaf of class dt and size dims with uninitialised data (store.c):
 * one use, the caller's. */
dfg_status dfg_leaf_constant(int dt, int ndim, const int64_t * dims, dfg_node ** out);

#endif
