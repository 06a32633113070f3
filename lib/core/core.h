/* lib/core/core.h -- the core layer: nodes, the node store, tags, shape and
 * class inference, and the per-family table through which layers above
 * core extend it (below).  Not public.  Core also builds graphs the way
 * Octave reads them, public in lib/dfg.h: composite functions
 * (lib/core/compose.c) and Octave's index rules (lib/core/subscript.c). */
#ifndef DFG_CORE_H
#define DFG_CORE_H

#include "../base/base.h"

/* ---- nodes (lib/core/store.c) ------------------------------------------- */
typedef struct dfg_node dfg_node;
#define DFG_NODE_IN_SMALL 2

/* Gradient rules live in lib/autodiff/grad-impl.h. */

struct dfg_node {
    uint32_t    gen;            /* generation; matches the id's high half   */
    uint32_t    slot;           /* index in the store                       */
    int32_t     handles;        /* references held through ids              */
    int32_t     uses;           /* references held by nodes and plans       */
    int16_t     op;             /* dfg_op_code                              */
    uint8_t     dtype;          /* dfg_dtype                                */
    uint8_t     ndim;           /* >= 2                                     */
    /* what a graph walk reads first, kept in the node's first cache line */
    int32_t     n_in;
    dfg_node ** in;             /* owned array (or in_small); each entry    */
                                /* holds a use                              */
    uint64_t    walk;           /* the last graph walk that reached it      */
                                /* (lib/core/walk.c), 0: none               */
    int32_t     pos;            /* its place in that walk's list (valid     */
                                /* while walk is that walk's number)        */
    dfg_node *  in_small[DFG_NODE_IN_SMALL]; /* in's storage when n_in is at */
                                /* most DFG_NODE_IN_SMALL (no allocation,   */
                                /* and no second cache miss for a walk)     */
    int64_t     dims[DFG_MAX_DIMS];
    int64_t     numel;
    int64_t     iattr[DFG_MAX_IATTR];
    double      dattr[2];
    int64_t *   idx;            /* owned copy of attr.idx, or NULL          */
    int64_t     nidx;
    void *      data;           /* owned: constant/variable storage (a      */
                                /* variable's: read it through              */
                                /* dfg_var_host_data, which makes it current) */
    void *      res;            /* a variable's copy on a device, or NULL:  */
                                /* the runtime's record, freed through      */
                                /* dfg_var_hooks                            */
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
/* Where the node runs when the user asked for it (dfg_place_begin, dfg.on):
 * two bits, a DFG_PLACE_* code; none: the plan's device decides. */
#define DFG_TAG_PLACE_SHIFT 2
#define DFG_TAG_PLACE     (3u << DFG_TAG_PLACE_SHIFT)
enum { DFG_PLACE_NONE, DFG_PLACE_CPU, DFG_PLACE_SIM, DFG_PLACE_GPU };
static inline int dfg_node_place(const dfg_node * n)
{
    return (int)((n->tags & DFG_TAG_PLACE) >> DFG_TAG_PLACE_SHIFT);
}
/* The device name of a DFG_PLACE_* code ("" for none). */
const char * dfg_place_name(int place);
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
/* The attributes n was made with, to make a node like it (borrowed idx). */
void        dfg_node_attr(const dfg_node * n, dfg_attr * a);
/* How many nodes of op are alive now, in the whole store. */
int64_t     dfg_live_op_count(int op);
/* Makes a node of op with inputs (each gains a use) and a copy of attr;
 * dtype/shape are filled by dfg_infer.  The new node has handles = 0,
 * uses = 0: the caller takes what it needs. */
dfg_status  dfg_node_make(int op, int n_in, dfg_node * const * in,
                          const dfg_attr * attr, dfg_node ** out);
/* Same as dfg_op but on node pointers, returning a node with one use that
 * the caller owns (release with dfg_node_unuse). */
dfg_status  dfg_build(int op, int n_in, dfg_node * const * in,
                      const dfg_attr * attr, dfg_node ** out);

/* The graph that computes roots with every symbolic size bound:
 * value[id] (>= 2) for symbol id (lib/core/symbolic.c).  out[k] is roots[k]
 * made again where it depends on a symbol, else roots[k] itself; each
 * holds one use, the caller's.  DFG_ERR_SYMBOLIC where a node cannot be
 * made with these sizes as it was recorded. */
dfg_status  dfg_specialize(int n_root, dfg_node * const * roots, const int64_t * value,
                           dfg_node ** out);

/* ---- variables living on a device (lib/core/store.c) ---------------------
 * A plan on a device whose memory is not the host's keeps a variable's
 * value there between runs (lib/runtime owns that copy, in n->res); core
 * asks through these callbacks, which the runtime sets before it makes its
 * first copy:
 *   to_host      n->data made current (copied from the device when the
 *                device copy is newer)
 *   host_written n->data was written: the device copy is stale
 *   release      n is being freed (or dfg_reset): frees n->res
 * dfg_var_host_data is the one way to read a variable's data on the host
 * (n->data of a constant is always current): *data gets n->data once it
 * is current.  dfg_var_host_written is called after writing n->data. */
typedef struct dfg_var_hooks {
    dfg_status (*to_host)(dfg_node * n);
    void       (*host_written)(dfg_node * n);
    void       (*release)(dfg_node * n);
} dfg_var_hooks;
void        dfg_var_hooks_set(const dfg_var_hooks * h);
dfg_status  dfg_var_host_data(dfg_node * n, void ** data);
void        dfg_var_host_written(dfg_node * n);

/* ---- the family table (lib/core/family.c) -------------------------------
 * What a layer above core knows about the nodes of one op family, asked
 * for by core, autodiff, the passes and the runtime instead of calling up:
 * control flow (lib/control) fills it in for DFG_FAM_CTRL when it makes
 * its first construct.  Every entry may be NULL (nothing to do, or, where
 * a node of the family needs it, DFG_ERR_INTERNAL from the asker).
 *   infer     shape and class of a new node (core; takes what it needs)
 *   node_free the node is being freed (core)
 *   reset     dfg_reset: forget everything, nodes and plans are freed by
 *             the store (core)
 *   n_out     how many results a multi-output node has (autodiff)
 *   grad      the rule: gout[k] the adjoint of result k (NULL: zero),
 *             gx[k] gets input k's adjoint where need[k] (one use, owned)
 *   merge     merges what CSE made equal across the family's records
 *             (passes; called once per CSE round)
 *   flops     estimated floating-point work of one run (cost model)
 *   launches  estimated kernel steps one run makes (cost model: a loop
 *             runs its bodies' steps at every iteration)
 *   prepare   compile-time work before a plan runs the node (runtime): on
 *             the host (be NULL) or on device be (a dfg_backend of
 *             lib/runtime/backend.h, opaque here)
 *   bytes     memory the node holds besides its output (runtime)
 *   exec      runs the node on the CPU (runtime)
 *   on_device 1 when the node can run on a device whose memory is not the
 *             host's (its buffers there), through exec_on (runtime)
 *   exec_on   runs the node on device be: out and in are be's buffers */
struct pass_run;
struct dfg_backend;
typedef struct dfg_family_fns {
    dfg_status (*infer)(dfg_node * n);
    void       (*node_free)(dfg_node * n);
    void       (*reset)(void);
    int        (*n_out)(const dfg_node * n);
    dfg_status (*grad)(dfg_node * y, dfg_node * const * gout, const int * need,
                       dfg_node ** gx);
    dfg_status (*merge)(struct pass_run * r);
    double     (*flops)(const dfg_node * n);
    double     (*launches)(const dfg_node * n);
    dfg_status (*prepare)(const dfg_node * n, const struct dfg_backend * be);
    int64_t    (*bytes)(const dfg_node * n);
    dfg_status (*exec)(const dfg_node * n, void * out, const void * const * in);
    int        (*on_device)(const dfg_node * n);
    dfg_status (*exec_on)(const dfg_node * n, const struct dfg_backend * be, void * out,
                          const void * const * in);
} dfg_family_fns;
/* fns (static, never freed) becomes the table of family. */
void                   dfg_family_set(int family, const dfg_family_fns * fns);
/* The table of family: never NULL (all entries NULL when nobody set one). */
const dfg_family_fns * dfg_family(int family);
/* The table of n's family. */
#define dfg_family_of(n) dfg_family(dfg_ops[(n)->op].family)

/* Estimated floating-point work of one run of node n (lib/core/cost.c):
 * the planner's and checkpointing's cost model. */
double      dfg_node_flops(const dfg_node * n);

/* ---- graph walks (lib/core/walk.c) --------------------------------------- */
/* Topological order of what the roots reach, inputs before users: an
 * iterative post-order DFS from roots[0], roots[1], ..., each node's
 * inputs in the order of in[] (every walk of the library takes this order:
 * the schedule, reverse mode and the passes depend on it).  *list is a new
 * array of *n borrowed pointers (free with dfg_free); index, when not
 * NULL, is an initialised map (lib/base/pmap.h) that gets node ->
 * position (the caller frees it, also on failure); nodes it holds already
 * are not walked.  Fails only with DFG_ERR_NOMEM ("dfg: out of memory
 * compiling a plan").  One thread at a time (walks mark the nodes). */
struct pmap;
dfg_status  dfg_topo(int n_root, dfg_node * const * roots, dfg_node *** list,
                     int32_t * n, struct pmap * index);

/* The node -> position index of one walk without a map: a walk leaves
 * each node it lists its position (node->pos) and its number (node->walk),
 * so a look-up is one read of the node while no later walk has reached it;
 * a node a later walk did reach (or one this walk never reached) is looked
 * up in a map made from the list the first time that happens.  list is
 * borrowed (the caller's dfg_topo list, kept alive while the index is
 * used); the map is the index's own (dfg_walk_ix_free). */
typedef struct dfg_walk_ix {
    uint64_t           walk;
    dfg_node * const * list;
    int32_t            n;
    struct pmap *      map;     /* owned, NULL until a slow look-up         */
    int32_t *          in_off;  /* owned: list[v]'s inputs' positions are   */
    int32_t *          in_pos;  /* in_pos[in_off[v] + k] (in_off: n + 1)    */
} dfg_walk_ix;
/* The position of list[v]'s k-th input. */
static inline int32_t dfg_walk_ix_in(const dfg_walk_ix * ix, int32_t v, int k)
{
    return ix->in_pos[ix->in_off[v] + k];
}
/* dfg_topo without a map, filling *ix with the walk's number and input
 * table (free with dfg_walk_ix_free, also on failure). */
dfg_status  dfg_topo_ix(int n_root, dfg_node * const * roots, dfg_node *** list,
                        int32_t * n, dfg_walk_ix * ix);
int32_t     dfg_walk_ix_slow(dfg_walk_ix * ix, const dfg_node * x);
/* x's position in the walk's list, -1 when the walk did not reach x. */
static inline int32_t dfg_walk_ix_get(dfg_walk_ix * ix, const dfg_node * x)
{
    return x->walk == ix->walk ? x->pos : dfg_walk_ix_slow(ix, x);
}
void        dfg_walk_ix_free(dfg_walk_ix * ix);

/* ---- shape and class inference (lib/core/ops.c) ------------------------- */
dfg_status  dfg_infer(dfg_node * n);
/* The class an op's kernel wants its inputs in, or -1 for "as they are";
 * dfg_build converts inputs to it. */
int         dfg_compute_dtype(int op, int n_in, dfg_node * const * in,
                              const int64_t * iattr);
#endif
