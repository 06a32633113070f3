/* lib/control/ctrl-impl.h -- the control layer (lib/control owns loops
 * and conditionals: their records, bodies compiled as plans, execution and
 * gradients; it fills in the family table of DFG_FAM_CTRL so the layers
 * below reach LOOP and COND nodes without naming it).  Private to the
 * library. */
#ifndef DFG_CTRL_IMPL_H
#define DFG_CTRL_IMPL_H
#include "../core/core.h"

typedef struct dfg_plan dfg_plan;

/* An ODE's configuration (lib/control/ctrl-ode.c): a LOOP record with one
 * is dfg.ode45 / dfg.ode23 (src NULL) or its adjoint (src: the ODE). */
typedef struct ctrl_ode {
    int      mode;         /* 0 the solution, 1 its adjoint, 2 its tangent   */
    int      order;        /* 5: Dormand-Prince (ode45), 3: Bogacki-Shampine */
    int      ydt;          /* y's class                                      */
    int64_t  n, nt;        /* states, output times                           */
    double * tspan;        /* [nt], strictly monotonic (owned)               */
    double   reltol;
    int64_t  n_abs;        /* 1 or n                                         */
    double * abstol;       /* [n_abs] (owned)                                */
    double   init_step;    /* NaN: starting_stepsize.m                       */
    double   max_step;
    int      norm_control;
    int64_t  checkpoints;  /* the adjoint's most kept states (0: automatic)   */
    int      continuous;   /* the gradient by the continuous adjoint          */
    int64_t  steps, fails, fevals;  /* the last forward run                  */
    void *   buf[4];       /* an adjoint's checkpoints (records, states) and */
    int64_t  cap[2];       /* segment (steps, values), kept from run to run  */
                           /* (owned; not copied), and their capacities      */
} ctrl_ode;

/* An integral's configuration (lib/control/ctrl-integral.c): a LOOP record
 * with one is dfg.integral (src NULL) or its adjoint (src: the integral). */
typedef struct ctrl_integ {
    int      mode;         /* 0 the integral, 1 its adjoint                  */
    int      odt;          /* the result's class                             */
    double   abstol, reltol;
    int64_t  maxint;       /* MaxIntervalCount                               */
    int64_t  fevals, intervals;  /* the last run: batches of f, subintervals */
} ctrl_integ;

typedef struct ctrl_body {
    int         n_par;
    dfg_node ** par;        /* parameters (uses held)                       */
    int         n_res;
    dfg_node ** res;        /* results (uses held)                          */
    dfg_plan *  plan;       /* compiled on first use (owned)                */
    dfg_plan *  dplan[2];   /* the same for the sim device and the GPU,     */
                            /* inputs and outputs there (owned)             */
} ctrl_body;

/* One loop or conditional, shared by the nodes that name it (refs). */
typedef struct ctrl_rec {
    int32_t     refs, slot;
    uint64_t    serial;
    int         kind;       /* DFG_OP_LOOP or DFG_OP_COND                   */
    int         nc, nx, np; /* carries, sequences, captured (cond: np only) */
    int         ny;         /* per-step outputs (cond: its outputs)         */
    int64_t     T;          /* steps; < 0: a while loop                     */
    int         reverse;    /* scan from the last step                      */
    int64_t     maxiter;    /* while: > 0, an error past this many steps    */
    int         n_par;      /* nc + nx + np                                  */
    dfg_node ** par;        /* the bodies' parameters (uses held)           */
    dfg_node ** ins;        /* while being made only                        */
    ctrl_body   body[2];    /* loop: body, while condition; cond: then, else; */
                            /* while gradient: the backward body            */
    struct ctrl_rec * src;  /* while gradient: the while loop (a reference) */
    struct ctrl_rec * base; /* a scan remade with its tape: the scan it      */
                            /* extends (a reference; its outputs come first) */
    int         nfc, nfp;   /* while gradient: state adjoints (carries of   */
                            /* src lam_idx[k]), captured adjoints (dp_idx)  */
    int *       lam_idx;
    int *       dp_idx;
    void *      tape;       /* while gradient: every step's carries, grown  */
    size_t      tape_bytes; /* as needed and kept                           */
    int         n_out;      /* loop: nc + ny; cond: ny                      */
    int64_t *   off;        /* byte offsets in the packed result; [n_out]:  */
                            /* its size                                      */
    int *       odt;        /* outputs' classes ...                          */
    int *       ond;        /* ... and sizes                                 */
    int64_t   (*odims)[DFG_MAX_DIMS];
    double      flops;      /* estimated work of one step (both bodies)     */
    double      nodes;      /* the bodies' nodes that compute (one step)    */
    void *      scratch;    /* the second carry set, the condition's value  */
    size_t      scratch_bytes;
    void *      dscratch[2];/* the same on the sim device and the GPU       */
    size_t      dscratch_bytes[2];  /* (owned; given back to dbe)           */
    const struct dfg_backend * dbe[2];
    int64_t     trips;      /* steps the last run made                       */
    char        fn[24];     /* the function run-time errors name            */
    ctrl_ode *  ode;        /* an ODE or its adjoint (owned), else NULL     */
    ctrl_integ * integ;     /* an integral or its adjoint (owned), else NULL */
    int         n_hidden;   /* leading carries the user did not give        */
    int         implicit;   /* a cond that is an implicit function: its rule */
                            /* is dfg_ctrl_grad_implicit (ctrl-implicit.c)  */
} ctrl_rec;

/* What dfg_ctrl_make builds a construct from.  par: INPUT nodes standing
 * for [carries (nc), sequence slices (nx), further arguments (np)], ins:
 * the values bound to them (sequences stacked along their last dimension,
 * T of them); res[0]: loop [new carries, per-step outputs] or cond then;
 * res[1]: while condition (one scalar) or cond else (none for a scan). */
typedef struct ctrl_spec {
    int                op;
    const char *       fn;       /* "scan", "while", "cond" in messages     */
    int                nc, nx, np;
    dfg_node * const * par;
    dfg_node * const * ins;
    dfg_node *         pred;     /* cond                                    */
    int                nr[2];
    dfg_node * const * res[2];
    int64_t            T;
    int                reverse;
    int64_t            maxiter;
    int                keep;     /* keep every parameter, read or not      */
    int                n_hidden; /* leading carries the user did not give  */
    const ctrl_ode *   ode;      /* an ODE: copied into the record; its one  */
                                 /* output is nt x n                          */
} ctrl_spec;

/* Captures what the bodies read from outside, drops unread parameters,
 * and makes the node; outs[k] gets output k (a CTRL_OUT node, one use,
 * the caller's): loop [final carries, stacked per-step outputs], cond its
 * results. */
dfg_status dfg_ctrl_make(const ctrl_spec * s, dfg_node ** outs);
ctrl_rec * dfg_ctrl_of(const dfg_node * n);
/* A new INPUT node (one use, the caller's); NULL when out of memory. */
dfg_node * dfg_ctrl_param(int dt, int nd, const int64_t * dims, const char * name);
/* outs[k] (one use each, replaced) with every from[j] replaced by to[j]. */
dfg_status dfg_ctrl_substitute(int n_out, dfg_node ** outs, int n, dfg_node * const * from,
                               dfg_node * const * to);
/* Size of a per-step value d stacked T times (-1: too many dimensions),
 * and the slice of a sequence x along its last dimension (*T: its length). */
int        dfg_ctrl_stack_dims(int nd, const int64_t * d, int64_t T, int64_t * out);
int        dfg_ctrl_slice_dims(const dfg_node * x, int64_t * d, int64_t * T);

/* Registers c (slot, serial) and makes its node on ins, with its outputs
 * (one use each) in outs. */
dfg_status dfg_ctrl_node(ctrl_rec * c, dfg_node * const * ins, dfg_node ** outs);
/* Another node of the registered construct c on ins (its outputs in outs,
 * one use each). */
dfg_status dfg_ctrl_node_again(ctrl_rec * c, dfg_node * const * ins, dfg_node ** outs);
/* Part of the cse pass: a scan whose gradient re-ran it to keep its tape
 * is read from that run (same inputs, its outputs at the same offsets). */
struct pass_run;
dfg_status dfg_ctrl_merge_tapes(struct pass_run * r);
/* Frees a construct nobody references. */
void       dfg_ctrl_free(ctrl_rec * c);
/* Lays out c->n_out outputs of classes c->odt, sizes c->ond/odims. */
dfg_status dfg_ctrl_layout(ctrl_rec * c);
/* Compiles body b of c if it is not yet. */
dfg_status dfg_ctrl_plan(ctrl_rec * c, int b);
/* Runs a while loop's gradient node (lib/control/ctrl-while.c). */
dfg_status dfg_ctrl_run_while_grad(ctrl_rec * c, void * out, const void * const * in);

/* A scalar condition's truth as Octave's if/while sees it (NaN: an error
 * naming fn). */
dfg_status dfg_ctrl_truth(const char * fn, int dt, const void * p, int * t);
/* 1 for a class that has adjoints. */
static inline int ctrl_float(const dfg_node * n)
{
    return n->dtype != DFG_LOGICAL;
}
/* lib/control/ctrl-grad.c, for the rules: a fresh parameter like x, and copies of
 * res with from[] replaced by to[], both kept in g (struct gctx,
 * lib/autodiff/grad-impl.h). */
struct gctx;
/* A rule's adjoints given back after a failure (each gx[k] NULL after). */
void       dfg_ctrl_drop(int n, dfg_node ** gx);
dfg_node * dfg_ctrl_keep_param(struct gctx * g, const dfg_node * x, const char * name);
void       dfg_ctrl_substitute_kept(struct gctx * g, int n, dfg_node * const * res, int m,
                                    dfg_node * const * from, dfg_node * const * to,
                                    dfg_node ** out);

/* ODEs (lib/control/ctrl-ode.c): the configuration's copy (NULL when out
 * of memory) and release, the run of an ODE or adjoint node, the rule. */
ctrl_ode * dfg_ctrl_ode_copy(const ctrl_ode * o);
void       dfg_ctrl_ode_free(ctrl_ode * o);
int64_t    dfg_ctrl_ode_bytes(const ctrl_ode * o);
dfg_status dfg_ctrl_ode_exec(ctrl_rec * c, void * out, const void * const * in);
dfg_status dfg_ctrl_ode_grad(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                             const int * need, dfg_node ** gx);

/* Integrals (lib/control/ctrl-integral.c): the configuration's copy (NULL
 * when out of memory) and release, the run of an integral or adjoint node,
 * the rule. */
ctrl_integ * dfg_ctrl_integ_copy(const ctrl_integ * o);
void       dfg_ctrl_integ_free(ctrl_integ * o);
dfg_status dfg_ctrl_integ_exec(ctrl_rec * c, void * out, const void * const * in);
dfg_status dfg_ctrl_integ_grad(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                               const int * need, dfg_node ** gx);

/* The rule of a while loop (lib/control/ctrl-while.c). */
dfg_status dfg_ctrl_grad_while(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                               const int * need, dfg_node ** gx);

/* The rule of an implicit function (lib/control/ctrl-implicit.c): the
 * implicit function theorem at the construct's own output. */
dfg_status dfg_ctrl_grad_implicit(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                                  const int * need, dfg_node ** gx);

/* ---- the family table's entries (lib/core/core.h) -------------------------
 * LOOP and COND nodes name a construct in ctrl.c's table; inference takes
 * a reference on it (and checks the inputs), freeing the node gives it
 * back.  dfg_ctrl_reset forgets every construct without touching nodes or
 * plans (dfg_reset frees those itself). */
dfg_status  dfg_ctrl_infer(dfg_node * n);
void        dfg_ctrl_node_free(dfg_node * n);
void        dfg_ctrl_reset(void);
dfg_status  dfg_ctrl_exec(const dfg_node * n, void * out, const void * const * in);
double      dfg_ctrl_flops(const dfg_node * n);
double      dfg_ctrl_launches(const dfg_node * n);
/* Compiles the bodies and allocates what a run needs (plan compile time),
 * on the host (be NULL) or device be; the bytes a construct holds
 * (bodies' plans, carry sets, stacks). */
dfg_status  dfg_ctrl_prepare(const dfg_node * n, const struct dfg_backend * be);
int64_t     dfg_ctrl_bytes(const dfg_node * n);
/* A construct on a device (lib/runtime/place.c): whether it can run there
 * (not a while loop's gradient, whose tape is host memory), and its run
 * there, its bodies compiled for that device, out and in its buffers. */
int         dfg_ctrl_on_device(const dfg_node * n);
dfg_status  dfg_ctrl_exec_on(const dfg_node * n, const struct dfg_backend * be, void * out,
                             const void * const * in);

/* Outputs of a LOOP or COND node (its CTRL_OUT nodes' i[2] run below). */
int        dfg_ctrl_n_out(const dfg_node * n);
/* The rule of a LOOP or COND node y: gout[k] is the adjoint of output k
 * (NULL: zero); gx[k] gets input k's adjoint where need[k] (owned, one
 * use; NULL for none). */
dfg_status dfg_ctrl_grad(dfg_node * y, dfg_node * const * gout, const int * need,
                         dfg_node ** gx);

#endif
