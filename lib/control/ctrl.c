/* lib/control/ctrl.c -- control flow inside graphs: loops (scan, fori, while) and
 * conditionals (cond), their execution and their gradients.
 *
 * A construct is a small record (ctrl) shared by the nodes that use it:
 * the parameters its traced functions were given (INPUT nodes), what the
 * functions returned (the bodies' results), and the loop's shape.  A LOOP
 * or COND node names its construct in two attributes (slot, serial); nodes
 * remade by the passes copy them and so share the construct, which lives
 * while any node references it.  The node's result is one packed byte
 * buffer; CTRL_OUT nodes read its outputs.
 *
 * LOOP inputs are [initial carries (nc), sequences (nx), captured (np)];
 * the body's parameters are [carries, one slice of each sequence, captured]
 * and its results [new carries, per-step outputs (ny)].  A scan runs T
 * steps (reverse: t = T-1 .. 0), slicing sequences along their last
 * dimension and stacking per-step outputs along a new last one; a while
 * loop (T < 0) runs while its condition (a second body, same parameters,
 * one scalar result) holds.  COND inputs are [pred, captured]; its two
 * bodies (then, else) have the same parameters and results of the same
 * classes and sizes.
 *
 * Values a body reads from outside (tensors of the enclosing graph,
 * variables, inputs, another loop's parameters) are captured when the
 * construct is made: each becomes a parameter of the body and an input of
 * the node, so plans, passes and autodiff see every dependence.  Constants
 * stay inside.  Parameters that the results do not reach are dropped.
 *
 * Execution: each body is compiled once, on first use, into a plan of its
 * own (the default passes, its own arena); the node's kernel runs it once
 * per step, with pointers into the packed result, the sequences and two
 * carry sets that swap, so a step copies nothing the body does not write.
 * A construct placed on a device whose memory is not the host's (the sim
 * device, a GPU: lib/runtime/place.c) runs the same way there: its bodies
 * are compiled for that device with their inputs and outputs in its
 * buffers (ports_dev), the carries are copied and swapped within it, and
 * only a while loop's condition and a conditional's predicate (one
 * scalar a step) come back to the host.
 *
 * Gradients (dfg_ctrl_grad) are constructs again, so they can be
 * differentiated in turn (second order; forward mode, which lib/autodiff/grad.c
 * builds by transposing reverse mode):
 *   - cond: a cond of the two branches' vector-Jacobian products;
 *   - scan: the same loop with the carries each step starts and ends with
 *     stacked as extra per-step outputs (the tape, planned like any
 *     intermediate), then a loop in the opposite direction over it whose
 *     body is the vector-Jacobian product of the forward body: carries
 *     are the carries' adjoints and the captured values' accumulated
 *     adjoints, per-step outputs the sequences' adjoints.  The backward
 *     body recomputes what the product needs from the step's saved carry
 *     (the body's own activations are not kept: checkpointing per step),
 *     except the body's results, which it reads from the tape.
 * The rules are in lib/control/ctrl-grad.c.
 */
#include <stdio.h>
#include <string.h>
#include "../autodiff/grad-impl.h"
#include "../runtime/plan-impl.h"
#include "../runtime/backend.h"
#include "../core/store-impl.h"
#include "../passes/pass.h"
#include "ctrl-impl.h"

/* ---- the table of constructs ------------------------------------------------ */

static ctrl_rec ** table;
static int32_t     n_table, cap_table;
static uint64_t    n_serial;

/* Frees c's memory; with refs, also gives back the uses it holds on nodes
 * and destroys its bodies' plans (dfg_reset frees those itself). */
static void record_free(ctrl_rec * c, int refs)
{
    for (int b = 0; b < 2; b++) {
        ctrl_body * y = &c->body[b];
        for (int k = 0; refs && k < y->n_res; k++)
            if (y->res[k])
                dfg_node_unuse(y->res[k]);
        for (int k = 0; refs && k < y->n_par; k++)
            if (y->par[k])
                dfg_node_unuse(y->par[k]);
        if (refs && y->plan)
            dfg_plan_destroy(y->plan);
        for (int d = 0; d < 2; d++)
            if (refs && y->dplan[d])
                dfg_plan_destroy(y->dplan[d]);
        dfg_free(y->res);
        dfg_free(y->par);
    }
    for (int k = 0; refs && k < c->n_par; k++)
        if (c->par[k])
            dfg_node_unuse(c->par[k]);
    dfg_free(c->par);
    dfg_free(c->off);
    dfg_free(c->odt);
    dfg_free(c->ond);
    dfg_free(c->odims);
    dfg_free(c->scratch);
    for (int d = 0; d < 2; d++)          /* device memory: not the store's */
        if (c->dscratch[d])
            c->dbe[d]->free(c->dbe[d], c->dscratch[d]);
    dfg_free(c->tape);
    dfg_free(c->lam_idx);
    dfg_free(c->dp_idx);
    dfg_ctrl_ode_free(c->ode);
    dfg_ctrl_integ_free(c->integ);
    dfg_free(c);
}

void dfg_ctrl_free(ctrl_rec * c)
{
    if (!c)
        return;
    if (c->src && --c->src->refs == 0)
        dfg_ctrl_free(c->src);
    if (c->base && --c->base->refs == 0)
        dfg_ctrl_free(c->base);
    if (c->slot >= 0 && c->slot < n_table && table[c->slot] == c)
        table[c->slot] = NULL;
    record_free(c, 1);
}

static dfg_status ctrl_register(ctrl_rec * c)
{
    int32_t s = -1;
    for (int32_t k = 0; k < n_table; k++)
        if (!table[k]) {
            s = k;
            break;
        }
    if (s < 0) {
        if (n_table == cap_table) {
            int32_t nc = cap_table ? 2 * cap_table : 64;
            ctrl_rec ** t = dfg_realloc(table, (size_t)nc * sizeof *t);
            if (!t)
                return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory recording a loop");
            table = t;
            cap_table = nc;
        }
        s = n_table++;
    }
    table[s] = c;
    c->slot = s;
    c->serial = ++n_serial;
    return DFG_OK;
}

ctrl_rec * dfg_ctrl_of(const dfg_node * n)
{
    if (n->op != DFG_OP_LOOP && n->op != DFG_OP_COND)
        return NULL;
    int64_t s = n->iattr[0] - 1;
    if (s < 0 || s >= n_table || !table[s] || table[s]->serial != (uint64_t)n->iattr[1])
        return NULL;
    return table[s];
}

void dfg_ctrl_node_free(dfg_node * n)
{
    if (n->dattr[0] != 1)
        return;
    n->dattr[0] = 0;
    ctrl_rec * c = dfg_ctrl_of(n);
    if (c && --c->refs == 0)
        dfg_ctrl_free(c);
}

void dfg_ctrl_reset(void)
{
    for (int32_t k = 0; k < n_table; k++)
        if (table[k]) {
            record_free(table[k], 0);    /* the nodes and plans go with the store */
            table[k] = NULL;
        }
    n_table = 0;
}

int dfg_ctrl_n_out(const dfg_node * n)
{
    const ctrl_rec * c = dfg_ctrl_of(n);
    return c ? c->n_out : 0;
}

/* ---- shapes ----------------------------------------------------------------- */

static int same_size(int nd, const int64_t * d, const dfg_node * b)
{
    return nd == b->ndim && !memcmp(d, b->dims, (size_t)nd * sizeof *d);
}

/* A per-step value of size d stacked T times: a column (or scalar) gives
 * d(1) x T, anything else gets T as a new last dimension. */
int dfg_ctrl_stack_dims(int nd, const int64_t * d, int64_t T, int64_t * out)
{
    for (int k = 0; k < DFG_MAX_DIMS; k++)
        out[k] = 1;
    if (nd == 2 && d[1] == 1) {
        out[0] = d[0];
        out[1] = T;
        return dfg_shape_normalize(2, out);
    }
    if (nd >= DFG_MAX_DIMS)
        return -1;
    memcpy(out, d, (size_t)nd * sizeof *d);
    out[nd] = T;
    return dfg_shape_normalize(nd + 1, out);
}

/* The slice of a sequence x along its last dimension; T gets that length. */
int dfg_ctrl_slice_dims(const dfg_node * x, int64_t * d, int64_t * T)
{
    int nd = x->ndim;
    for (int k = 0; k < DFG_MAX_DIMS; k++)
        d[k] = k < nd - 1 ? x->dims[k] : 1;
    *T = x->dims[nd - 1];
    return dfg_shape_normalize(nd - 1 < 2 ? 2 : nd - 1, d);
}

/* ---- inference -------------------------------------------------------------- */

dfg_status dfg_ctrl_infer(dfg_node * n)
{
    if (n->op == DFG_OP_CTRL_OUT) {
        const dfg_node * x = n->in[0];
        int nd = (int)n->iattr[3];
        if ((x->op != DFG_OP_LOOP && x->op != DFG_OP_COND) || nd < 1 || nd > DFG_MAX_DIMS ||
            n->iattr[0] < 0 || n->iattr[0] >= DFG_DTYPE_COUNT)
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg: malformed loop output");
        int64_t m = dfg_shape_numel(nd, n->iattr + 4) * (int64_t)dfg_dtype_size((int)n->iattr[0]);
        if (n->iattr[1] < 0 || n->iattr[1] + m > x->numel || n->iattr[2] < 0 ||
            n->iattr[2] >= dfg_ctrl_n_out(x))
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg: loop output outside the loop's result");
        n->ndim = (uint8_t)nd;
        for (int k = 0; k < DFG_MAX_DIMS; k++)
            n->dims[k] = k < nd ? n->iattr[4 + k] : 1;
        n->numel = dfg_shape_numel(nd, n->dims);
        return DFG_OK;
    }
    n->dattr[0] = 0;
    ctrl_rec * c = dfg_ctrl_of(n);
    if (!c)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: %s node without its construct", dfg_ops[n->op].name);
    int first = n->op == DFG_OP_COND ? 1 : 0;
    if (n->n_in != first + c->n_par)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: %s node with %d inputs for %d parameters",
                             dfg_ops[n->op].name, n->n_in, c->n_par);
    if (first && n->in[0]->numel != 1)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.cond: the predicate must be a scalar");
    for (int k = 0; k < c->n_par; k++) {
        const dfg_node * x = n->in[first + k], * p = c->par[k];
        int seq = n->op == DFG_OP_LOOP && k >= c->nc && k < c->nc + c->nx;
        int ok = x->dtype == p->dtype &&
                 (seq ? x->numel == p->numel * c->T : same_size(p->ndim, p->dims, x));
        if (!ok)
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg: %s input %d does not fit its parameter",
                                 dfg_ops[n->op].name, first + k + 1);
    }
    n->ndim = 2;
    for (int k = 0; k < DFG_MAX_DIMS; k++)
        n->dims[k] = 1;
    n->dims[0] = c->off[c->n_out];
    n->numel = n->dims[0];
    c->refs++;
    n->dattr[0] = 1;
    return DFG_OK;
}

double dfg_ctrl_flops(const dfg_node * n)
{
    const ctrl_rec * c = dfg_ctrl_of(n);
    if (!c)
        return 0;
    if (n->op == DFG_OP_COND)
        return c->flops;
    return c->flops * (double)(c->T > 0 ? c->T : 1);
}

/* (a while loop counted as one step, as its flops) */
double dfg_ctrl_launches(const dfg_node * n)
{
    const ctrl_rec * c = dfg_ctrl_of(n);
    if (!c)
        return 1;
    return c->nodes * (double)(n->op == DFG_OP_LOOP && c->T > 0 ? c->T : 1);
}

/* ---- making a construct ------------------------------------------------------ */

typedef struct capture_map {
    pmap         map;        /* boundary node -> its parameter's index */
    dfg_node **  repl;
} capture_map;

static dfg_status capture_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    (void)in;
    capture_map * m = r->user;
    int32_t i = pmap_get(&m->map, n);
    if (i >= 0) {
        dfg_node_use(m->repl[i]);
        *out = m->repl[i];
    }
    return DFG_OK;
}

/* outs[k] (one use each, replaced) with every node of from[] replaced by
 * to[] (same count) */
dfg_status dfg_ctrl_substitute(int n_out, dfg_node ** outs, int n, dfg_node * const * from,
                               dfg_node * const * to)
{
    capture_map m;
    if (!pmap_init(&m.map, (size_t)n + 1))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
    for (int k = 0; k < n; k++)
        if (pmap_get(&m.map, from[k]) < 0 && !pmap_put(&m.map, from[k], k)) {
            pmap_free(&m.map);
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
        }
    m.repl = (dfg_node **)to;
    pass_run r = {0};
    r.n_out = n_out;
    r.outs = outs;
    r.user = &m;
    dfg_status st = pass_rewrite(&r, capture_visit);
    pmap_free(&m.map);
    return st;
}

/* A fresh parameter of the class and size of like (one use, the caller's). */
dfg_node * dfg_ctrl_param(int dt, int nd, const int64_t * dims, const char * name)
{
    dfg_id id;
    if (dfg_input((dfg_dtype)dt, nd, dims, name, &id))
        return NULL;
    dfg_node * n = dfg_node_get(id);
    n->handles--;
    n->uses++;
    return n;
}

static void describe(const dfg_node * n, char * buf, size_t len)
{
    char s[256];
    snprintf(buf, len, "%s %s", dfg_dtype_name(n->dtype), dfg_shape_str(n->ndim, n->dims, s, sizeof s));
}

static dfg_status check_spec(const ctrl_spec * s)
{
    char a[300], b[300];
    /* the counts first: nothing below may read past them */
    if (s->op == DFG_OP_LOOP) {
        int want1 = s->T < 0 ? 1 : 0;
        if (s->nr[0] < s->nc || (s->T < 0 && s->nr[0] != s->nc) || s->nr[1] != want1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %d results and %d conditions for %d carries",
                                 s->fn, s->nr[0], s->nr[1], s->nc);
    } else if (s->nr[0] != s->nr[1])
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: the branches return %d and %d values",
                             s->fn, s->nr[0], s->nr[1]);
    int ncp = s->nc + s->nx + s->np;
    for (int k = 0; k < ncp; k++) {
        if (s->par[k]->op != DFG_OP_INPUT)
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: parameter %d is not an input", s->fn, k + 1);
        for (int q = 0; q < k; q++)
            if (s->par[q] == s->par[k])
                return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: parameter %d repeated", s->fn, k + 1);
        const dfg_node * x = s->ins[k], * p = s->par[k];
        int seq = k >= s->nc && k < s->nc + s->nx;
        if (x->dtype != p->dtype ||
            (seq ? x->numel != p->numel * s->T : !same_size(p->ndim, p->dims, x))) {
            describe(x, a, sizeof a);
            describe(p, b, sizeof b);
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: %s %d is %s but its parameter is %s",
                                 s->fn, k < s->nc ? "carry" : seq ? "sequence" : "argument",
                                 k < s->nc ? k + 1 - s->n_hidden : seq ? k - s->nc + 1
                                 : k - s->nc - s->nx + 1, a, b);
        }
    }
    if (s->op == DFG_OP_LOOP) {
        for (int k = 0; k < s->nc; k++) {
            const dfg_node * r = s->res[0][k], * p = s->par[k];
            if (r->dtype != p->dtype || !same_size(p->ndim, p->dims, r)) {
                describe(p, a, sizeof a);
                describe(r, b, sizeof b);
                if (k < s->n_hidden)
                    return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: the loop's own counter "
                                         "changed from %s to %s", s->fn, a, b);
                return dfg_set_error(DFG_ERR_SHAPE,
                                     "dfg.%s: the loop state must keep its class and size: state %d "
                                     "is %s on entry but the body returns %s", s->fn,
                                     k + 1 - s->n_hidden, a, b);
            }
        }
        if (s->T < 0 && s->res[1][0]->numel != 1) {
            describe(s->res[1][0], a, sizeof a);
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: the condition must be a scalar, not %s", s->fn, a);
        }
    } else {
        for (int k = 0; k < s->nr[0]; k++) {
            const dfg_node * r0 = s->res[0][k], * r1 = s->res[1][k];
            if (r0->dtype != r1->dtype || !same_size(r0->ndim, r0->dims, r1)) {
                describe(r0, a, sizeof a);
                describe(r1, b, sizeof b);
                return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: output %d is %s from the then branch "
                                     "but %s from the else branch", s->fn, k + 1, a, b);
            }
        }
        if (s->pred->numel != 1) {
            describe(s->pred, a, sizeof a);
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: PRED must be a scalar, not %s", s->fn, a);
        }
    }
    return DFG_OK;
}


/* Sum of the estimated work of what the results reach; *nodes gets the
 * count of those that compute added. */
static double body_flops(int n, dfg_node * const * res, double * nodes)
{
    dfg_node ** list;
    int32_t nl;
    if (pass_topo(n, res, &list, &nl, NULL))
        return 0;
    double f = 0;
    for (int32_t k = 0; k < nl; k++) {
        f += dfg_node_flops(list[k]);
        *nodes += dfg_ops[list[k]->op].family != DFG_FAM_LEAF;
    }
    dfg_free(list);
    return f;
}

dfg_status dfg_ctrl_layout(ctrl_rec * c)
{
    int64_t at = 0, lim = INT64_MAX / 16;
    for (int k = 0; k < c->n_out; k++) {
        int64_t m = (int64_t)dfg_dtype_size(c->odt[k]);
        for (int j = 0; j < c->ond[k]; j++) {
            int64_t d = c->odims[k][j];
            if (d && m > lim / d)
                return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory or dimension too large "
                                     "for Octave's index type (a loop's output %d)", k + 1);
            m *= d;
        }
        c->off[k] = at;
        if (m > lim - at - 64)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory or dimension too large "
                                 "for Octave's index type (a loop's outputs)");
        at = dfg_align64(at + m);
    }
    c->off[c->n_out] = at;
    return DFG_OK;
}

dfg_status dfg_ctrl_node(ctrl_rec * c, dfg_node * const * ins, dfg_node ** outs)
{
    dfg_status st = ctrl_register(c);
    return st ? st : dfg_ctrl_node_again(c, ins, outs);
}

dfg_status dfg_ctrl_node_again(ctrl_rec * c, dfg_node * const * ins, dfg_node ** outs)
{
    dfg_status st;
    dfg_attr a;
    memset(&a, 0, sizeof a);
    a.i[0] = c->slot + 1;
    a.i[1] = (int64_t)c->serial;
    dfg_node * node;
    int first = c->kind == DFG_OP_COND ? 1 : 0;
    if ((st = dfg_build(c->kind, first + c->n_par, ins, &a, &node)))
        return st;
    for (int k = 0; k < c->n_out && !st; k++) {
        dfg_attr o;
        memset(&o, 0, sizeof o);
        o.i[0] = c->odt[k];
        o.i[1] = c->off[k];
        o.i[2] = k;
        o.i[3] = c->ond[k];
        memcpy(o.i + 4, c->odims[k], (size_t)c->ond[k] * sizeof *o.i);
        st = dfg_build(DFG_OP_CTRL_OUT, 1, &node, &o, &outs[k]);
        if (st)
            while (k-- > 0)
                dfg_node_unuse(outs[k]);
    }
    dfg_node_unuse(node);
    return st;
}

/* What core, autodiff, the passes and the runtime ask of LOOP and COND
 * nodes (the family table, lib/core/core.h); set before the first
 * construct is made, so every such node finds it. */
static const dfg_family_fns ctrl_family = {
    .infer = dfg_ctrl_infer,   .node_free = dfg_ctrl_node_free,
    .reset = dfg_ctrl_reset,   .n_out = dfg_ctrl_n_out,
    .grad = dfg_ctrl_grad,     .merge = dfg_ctrl_merge_tapes,
    .flops = dfg_ctrl_flops,   .prepare = dfg_ctrl_prepare,
    .launches = dfg_ctrl_launches,
    .bytes = dfg_ctrl_bytes,   .exec = dfg_ctrl_exec,
    .on_device = dfg_ctrl_on_device, .exec_on = dfg_ctrl_exec_on,
};

/* ---- dfg_ctrl_make's phases -------------------------------------------------- */

/* The captured values of a construct being made: node[k] is a value from
 * outside that the bodies read (no use held), par[k] the parameter that
 * stands for it in the bodies (one use each, released by
 * ctrl_make_captures_free).  Both arrays have room for every boundary
 * node; entries past n are NULL. */
typedef struct ctrl_captures {
    dfg_node ** node;
    dfg_node ** par;
    int32_t     n;
} ctrl_captures;

static void ctrl_make_captures_free(ctrl_captures * k)
{
    for (int32_t j = 0; k->par && j < k->n; j++)
        if (k->par[j])
            dfg_node_unuse(k->par[j]);
    dfg_free(k->par);
    dfg_free(k->node);
}

/* The bodies' results, both bodies in one array (n_roots entries), each
 * with a new use (the caller's); NULL when out of memory (error set). */
static dfg_node ** ctrl_make_roots(const ctrl_spec * s, int n_roots)
{
    dfg_node ** roots = dfg_malloc(((size_t)n_roots + 1) * sizeof *roots);
    if (!roots) {
        dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
        return NULL;
    }
    for (int b = 0, at = 0; b < 2; b++)
        for (int k = 0; k < s->nr[b]; k++) {
            roots[at] = s->res[b][k];
            dfg_node_use(roots[at++]);
        }
    return roots;
}

/* The boundary of the bodies: *list (new, the caller's) is what the roots
 * reach in topological order and *bnd (new, the caller's, one flag per
 * listed node) marks the values from outside that nodes depending on a
 * parameter (or the results themselves) read, constants excepted; *n_bnd
 * counts them.  On error the caller frees whatever was returned. */
static dfg_status ctrl_make_boundary(const ctrl_spec * s, int n_roots, dfg_node * const * roots,
                                     dfg_node *** list, int32_t * nl, uint8_t ** bnd,
                                     int32_t * n_bnd)
{
    int n_user = s->nc + s->nx + s->np;
    pmap index = {0};
    uint8_t * dep = NULL;
    dfg_status st = DFG_OK;
    *n_bnd = 0;
    if (!pmap_init(&index, 64)) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
        goto done;
    }
    if ((st = pass_topo(n_roots, roots, list, nl, &index)))
        goto done;
    dep = dfg_calloc((size_t)*nl + 1, 1);
    *bnd = dfg_calloc((size_t)*nl + 1, 1);
    if (!dep || !*bnd) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
        goto done;
    }
    dfg_node ** L = *list;
    uint8_t * B = *bnd;
    for (int k = 0; k < n_user; k++) {
        int32_t i = pmap_get(&index, s->par[k]);
        if (i >= 0)
            dep[i] = 1;
    }
    for (int32_t v = 0; v < *nl; v++)
        for (int q2 = 0; q2 < L[v]->n_in && !dep[v]; q2++)
            dep[v] = dep[pmap_get(&index, L[v]->in[q2])];
    for (int32_t v = 0; v < *nl; v++)
        if (dep[v])
            for (int q2 = 0; q2 < L[v]->n_in; q2++) {
                int32_t i = pmap_get(&index, L[v]->in[q2]);
                if (!dep[i])
                    B[i] = 1;
            }
    for (int k = 0; k < n_roots; k++) {
        int32_t i = pmap_get(&index, roots[k]);
        if (!dep[i])
            B[i] = 1;
    }
    for (int32_t v = 0; v < *nl; v++)
        if (B[v] && L[v]->op == DFG_OP_CONSTANT)
            B[v] = 0;
        else
            *n_bnd += B[v];
done:
    dfg_free(dep);
    if (index.keys)
        pmap_free(&index);
    return st;
}

/* Captures what the bodies read from outside: a parameter for each
 * boundary value (k, the caller's to free with ctrl_make_captures_free,
 * also on error), and roots[] (one use each) rewritten to read the
 * parameters instead. */
static dfg_status ctrl_make_capture(const ctrl_spec * s, int n_roots, dfg_node ** roots,
                                    ctrl_captures * k)
{
    dfg_node ** list = NULL;
    uint8_t * bnd = NULL;
    int32_t nl = 0, n_bnd = 0;
    capture_map m = {{0}, NULL};
    dfg_status st = ctrl_make_boundary(s, n_roots, roots, &list, &nl, &bnd, &n_bnd);
    if (st)
        goto done;
    k->node = dfg_calloc((size_t)n_bnd + 1, sizeof *k->node);
    k->par = dfg_calloc((size_t)n_bnd + 1, sizeof *k->par);
    if (!k->node || !k->par || !pmap_init(&m.map, (size_t)n_bnd + 1)) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
        goto done;
    }
    for (int32_t v = 0; v < nl; v++) {
        if (!bnd[v])
            continue;
        dfg_node * x = list[v];
        if (!(k->par[k->n] = dfg_ctrl_param(x->dtype, x->ndim, x->dims, "captured"))) {
            st = DFG_ERR_NOMEM;
            goto done;
        }
        k->node[k->n] = x;
        if (!pmap_put(&m.map, x, k->n++)) {
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
            goto done;
        }
    }
    if (k->n) {
        m.repl = k->par;
        pass_run r = {0};
        r.n_out = n_roots;
        r.outs = roots;
        r.user = &m;
        st = pass_rewrite(&r, capture_visit);
    }
done:
    dfg_free(list);
    dfg_free(bnd);
    if (m.map.keys)
        pmap_free(&m.map);
    return st;
}

/* A new record for s with room for n_all parameters (and inputs), one
 * reference, the caller's: *out is set even when an array could not be
 * allocated (then the caller drops it). */
static dfg_status ctrl_make_record(const ctrl_spec * s, int n_all, ctrl_rec ** out)
{
    ctrl_rec * c = *out = dfg_calloc(1, sizeof *c);
    if (c) {
        c->slot = -1;
        c->refs = 1;
    }
    if (!c || !(c->par = dfg_calloc((size_t)n_all + 1, sizeof *c->par)) ||
        !(c->ins = dfg_calloc((size_t)n_all + 2, sizeof *c->ins)))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
    c->kind = s->op;
    if (s->ode && !(c->ode = dfg_ctrl_ode_copy(s->ode)))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
    snprintf(c->fn, sizeof c->fn, "%s", s->fn);
    c->n_hidden = s->n_hidden;
    c->T = s->T;
    c->reverse = s->reverse;
    c->maxiter = s->maxiter;
    c->nc = s->nc;
    return DFG_OK;
}

/* The parameters the results reach (in *reached): carries always;
 * sequences, arguments and captured values only when read (or all with
 * s->keep).  c->par gets a use of each, c->ins (after COND's predicate)
 * the value it is bound to; nx, np and ny are counted. */
static void ctrl_make_params(ctrl_rec * c, const ctrl_spec * s, const pmap * reached,
                             const ctrl_captures * k)
{
    int n_user = s->nc + s->nx + s->np, n_all = n_user + k->n;
    int first = s->op == DFG_OP_COND ? 1 : 0;
    if (first)
        c->ins[0] = s->pred;
    for (int j = 0; j < n_all; j++) {
        dfg_node * p = j < n_user ? s->par[j] : k->par[j - n_user];
        dfg_node * x = j < n_user ? s->ins[j] : k->node[j - n_user];
        int keep = s->keep || j < s->nc || pmap_get(reached, p) >= 0;
        if (!keep)
            continue;
        int at = c->n_par++;
        c->par[at] = p;
        dfg_node_use(p);
        c->ins[first + at] = x;
        if (j >= s->nc && j < s->nc + s->nx)
            c->nx++;
        else if (j >= s->nc)
            c->np++;
    }
    c->ny = s->op == DFG_OP_LOOP ? s->nr[0] - s->nc : s->nr[0];
}

/* The two bodies: their results are roots[] (whose uses move into the
 * record; the entries taken become NULL), their parameters c->par (a use
 * each); and the estimated work of one run of them. */
static dfg_status ctrl_make_bodies(ctrl_rec * c, const ctrl_spec * s, dfg_node ** roots)
{
    for (int b = 0, at = 0; b < 2; b++) {
        if (!(c->body[b].res = dfg_calloc((size_t)s->nr[b] + 1, sizeof *c->body[b].res)))
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
        c->body[b].n_res = s->nr[b];
        for (int k = 0; k < s->nr[b]; k++) {
            c->body[b].res[k] = roots[at];
            roots[at++] = NULL;
        }
        if (!(c->body[b].par = dfg_calloc((size_t)c->n_par + 1, sizeof *c->body[b].par)))
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
        c->body[b].n_par = c->n_par;
        for (int k = 0; k < c->n_par; k++) {
            c->body[b].par[k] = c->par[k];
            dfg_node_use(c->par[k]);
        }
    }
    c->nodes = 0;
    c->flops = body_flops(c->body[0].n_res, c->body[0].res, &c->nodes) +
               body_flops(c->body[1].n_res, c->body[1].res, &c->nodes);
    return DFG_OK;
}

/* The outputs' classes and sizes (a loop's per-step outputs stacked along
 * a new last dimension), in arrays of the record; the offsets are left to
 * dfg_ctrl_layout. */
static dfg_status ctrl_make_outputs(ctrl_rec * c, const ctrl_spec * s)
{
    c->n_out = s->op == DFG_OP_LOOP ? c->nc + c->ny : c->ny;
    c->off = dfg_calloc((size_t)c->n_out + 1, sizeof *c->off);
    c->odt = dfg_calloc((size_t)c->n_out + 1, sizeof *c->odt);
    c->ond = dfg_calloc((size_t)c->n_out + 1, sizeof *c->ond);
    c->odims = dfg_calloc((size_t)c->n_out + 1, sizeof *c->odims);
    if (!c->off || !c->odt || !c->ond || !c->odims)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
    for (int k = 0; k < c->n_out; k++) {
        const dfg_node * r = c->body[0].res[k];
        c->odt[k] = r->dtype;
        if (c->ode) {                    /* the solution at the output times */
            c->ond[k] = 2;
            c->odims[k][0] = c->ode->nt;
            c->odims[k][1] = c->ode->n;
        } else if (s->op == DFG_OP_LOOP && k >= c->nc) {
            c->ond[k] = dfg_ctrl_stack_dims(r->ndim, r->dims, c->T < 0 ? 0 : c->T, c->odims[k]);
            if (c->ond[k] < 0)
                return dfg_set_error(DFG_ERR_ARG, "dfg.%s: per-step output %d has too many "
                                     "dimensions to be stacked", s->fn, k - c->nc + 1);
        } else {
            c->ond[k] = r->ndim;
            memcpy(c->odims[k], r->dims, sizeof r->dims);
        }
    }
    return DFG_OK;
}

/* See ctrl-impl.h: the phases above in order; done: gives back what is
 * left (the record's reference, the results' and captured parameters'
 * uses not taken over) on every path. */
dfg_status dfg_ctrl_make(const ctrl_spec * s, dfg_node ** outs)
{
    dfg_family_set(DFG_FAM_CTRL, &ctrl_family);
    dfg_status st = check_spec(s);
    if (st)
        return st;
    int n_user = s->nc + s->nx + s->np, n_roots = s->nr[0] + s->nr[1];
    dfg_node ** roots = ctrl_make_roots(s, n_roots);
    if (!roots)
        return DFG_ERR_NOMEM;
    ctrl_captures cap = {NULL, NULL, 0};
    dfg_node ** list = NULL;
    int32_t nl = 0;
    pmap reached = {0};
    ctrl_rec * c = NULL;
    if ((st = ctrl_make_capture(s, n_roots, roots, &cap)))
        goto done;
    /* what the (rewritten) results reach */
    if (!pmap_init(&reached, 64)) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", s->fn);
        goto done;
    }
    if ((st = pass_topo(n_roots, roots, &list, &nl, &reached)))
        goto done;
    if ((st = ctrl_make_record(s, n_user + cap.n, &c)))
        goto done;
    ctrl_make_params(c, s, &reached, &cap);
    if ((st = ctrl_make_bodies(c, s, roots)) || (st = ctrl_make_outputs(c, s)))
        goto done;
    if (!(st = dfg_ctrl_layout(c)))
        st = dfg_ctrl_node(c, c->ins, outs);
done:
    if (c) {
        dfg_free(c->ins);     /* the node holds its inputs */
        c->ins = NULL;
        if (--c->refs == 0)
            dfg_ctrl_free(c);
    }
    for (int k = 0; k < n_roots; k++)
        if (roots[k])
            dfg_node_unuse(roots[k]);
    dfg_free(roots);
    ctrl_make_captures_free(&cap);
    dfg_free(list);
    if (reached.keys)
        pmap_free(&reached);
    return st;
}

/* ---- merging a scan with its taped run --------------------------------------- */

typedef struct merge_state {
    int32_t     n;
    dfg_node ** ext;         /* LOOP nodes whose construct extends another */
} merge_state;

static int same_inputs(const dfg_node * a, const dfg_node * b)
{
    if (a->n_in != b->n_in)
        return 0;
    for (int k = 0; k < a->n_in; k++)
        if (a->in[k] != b->in[k])
            return 0;
    return 1;
}

static dfg_status merge_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    merge_state * m = r->user;
    if (n->op != DFG_OP_LOOP)
        return DFG_OK;
    const ctrl_rec * c = dfg_ctrl_of(n);
    for (int32_t k = 0; c && k < m->n; k++) {
        const ctrl_rec * e = dfg_ctrl_of(m->ext[k]);
        if (e && e->base == c && same_inputs(n, m->ext[k])) {
            /* the extended node's inputs are the originals: remake it on
             * what they became */
            dfg_node * x = m->ext[k];
            int changed = 0;
            for (int q = 0; q < n->n_in; q++)
                changed |= in[q] != n->in[q];
            if (changed)
                return DFG_OK;   /* the inputs were rewritten: keep both */
            dfg_node_use(x);
            *out = x;
            r->changed++;
            return DFG_OK;
        }
    }
    return DFG_OK;
}

dfg_status dfg_ctrl_merge_tapes(pass_run * r)
{
    dfg_node ** list;
    int32_t nl;
    if (!dfg_live_op_count(DFG_OP_LOOP))     /* no loop anywhere: no walk */
        return DFG_OK;
    dfg_status st = pass_topo(r->n_out, r->outs, &list, &nl, NULL);
    if (st)
        return st;
    merge_state m = { 0, list };
    for (int32_t k = 0; k < nl; k++) {
        const ctrl_rec * c = list[k]->op == DFG_OP_LOOP ? dfg_ctrl_of(list[k]) : NULL;
        if (c && c->base)
            list[m.n++] = list[k];
    }
    if (m.n) {
        void * user = r->user;
        r->user = &m;
        st = pass_rewrite(r, merge_visit);
        r->user = user;
    }
    dfg_free(list);
    return st;
}

/* ---- preparing (plan compile time) ---------------------------------------------- */

static dfg_status ctrl_grow(void ** p, size_t * have, size_t need)
{
    if (*have >= need)
        return DFG_OK;
    void * q = dfg_realloc(*p, need);
    if (!q)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory preparing a loop");
    *p = q;
    *have = need;
    return DFG_OK;
}

static dfg_status body_plan(ctrl_rec * c, int b, const dfg_backend * be, dfg_plan ** plan);
static dfg_status loop_scratch(ctrl_rec * c, const dfg_backend * be, size_t need, void ** out);

/* What a run needs, ahead of it: the bodies' plans, the second carry set,
 * a while gradient's first stack slots; on a device, the bodies' plans
 * there and the carry set there. */
dfg_status dfg_ctrl_prepare(const dfg_node * n, const dfg_backend * be)
{
    ctrl_rec * c = dfg_ctrl_of(n);
    if (!c)
        return DFG_OK;
    if (be && !be->host_memory && !c->src) {        /* on a device */
        dfg_plan * bp;
        void * scr;
        dfg_status st = DFG_OK;
        for (int b = 0; b < 2 && !st; b++)
            if (c->body[b].n_res)
                st = body_plan(c, b, be, &bp);
        if (!st && c->kind != DFG_OP_COND)
            st = loop_scratch(c, be, (size_t)c->off[c->nc] + 64, &scr);
        return st;
    }
    ctrl_rec * w = c->src ? c->src : c;
    dfg_status st = DFG_OK;
    for (int b = 0; b < 2 && !st; b++) {
        if (w->body[b].n_res)
            st = dfg_ctrl_plan(w, b);
        if (!st && c != w && c->body[b].n_res)
            st = dfg_ctrl_plan(c, b);
    }
    if (st || c->kind == DFG_OP_COND || c->ode || c->integ)
        return st;
    if (c->src) {
        size_t slot = (size_t)w->off[w->nc] + 64;
        st = ctrl_grow(&c->scratch, &c->scratch_bytes, (size_t)c->off[c->n_out] + 64);
        if (!st)
            st = ctrl_grow(&c->tape, &c->tape_bytes, 2 * slot);
        return st;
    }
    return ctrl_grow(&c->scratch, &c->scratch_bytes, (size_t)c->off[c->nc] + 64);
}

static int64_t plan_bytes(const dfg_plan * p)
{
    if (!p)
        return 0;
    int64_t b = p->mem.arena_bytes + (int64_t)p->scratch_bytes;
    for (int32_t v = 0; v < p->n_vals; v++)
        if (p->vals[v]->op == DFG_OP_LOOP || p->vals[v]->op == DFG_OP_COND)
            b += dfg_ctrl_bytes(p->vals[v]);
    return b;
}

int64_t dfg_ctrl_bytes(const dfg_node * n)
{
    const ctrl_rec * c = dfg_ctrl_of(n);
    if (!c)
        return 0;
    int64_t b = (c->ode ? dfg_ctrl_ode_bytes(c->ode) : 0) + (int64_t)c->scratch_bytes + (int64_t)c->tape_bytes +
                (int64_t)c->dscratch_bytes[0] + (int64_t)c->dscratch_bytes[1];
    for (int k = 0; k < 2; k++) {
        b += plan_bytes(c->body[k].plan) + plan_bytes(c->body[k].dplan[0]) +
             plan_bytes(c->body[k].dplan[1]);
        if (c->src)
            b += plan_bytes(c->src->body[k].plan);
    }
    return b;
}

/* ---- execution -------------------------------------------------------------- */

dfg_status dfg_ctrl_plan(ctrl_rec * c, int b)
{
    if (c->body[b].plan)
        return DFG_OK;
    return dfg_plan_compile_nodes(c->body[b].n_par, c->body[b].par, c->body[b].n_res,
                                  c->body[b].res, NULL, &c->body[b].plan);
}

/* Which of a construct's device slots be's are: 0 the sim device, 1 the GPU. */
static int dev_slot(const dfg_backend * be)
{
    return strcmp(be->name, "sim") ? 1 : 0;
}

/* Body b of c compiled for the host (be NULL) or for device be, in *plan. */
static dfg_status body_plan(ctrl_rec * c, int b, const dfg_backend * be, dfg_plan ** plan)
{
    dfg_status st = DFG_OK;
    if (!be) {
        st = dfg_ctrl_plan(c, b);
        *plan = c->body[b].plan;
        return st;
    }
    dfg_plan ** d = &c->body[b].dplan[dev_slot(be)];
    if (!*d)
        st = dfg_plan_compile_nodes(c->body[b].n_par, c->body[b].par, c->body[b].n_res,
                                    c->body[b].res, be, d);
    *plan = *d;
    return st;
}

/* A loop's working memory on the host (be NULL) or on device be, at least
 * need bytes, kept for later runs. */
static dfg_status loop_scratch(ctrl_rec * c, const dfg_backend * be, size_t need, void ** out)
{
    if (!be) {
        dfg_status st = ctrl_grow(&c->scratch, &c->scratch_bytes, need);
        *out = c->scratch;
        return st;
    }
    int d = dev_slot(be);
    if (c->dscratch_bytes[d] < need) {
        if (c->dscratch[d])
            c->dbe[d]->free(c->dbe[d], c->dscratch[d]);
        c->dscratch[d] = NULL;
        c->dscratch_bytes[d] = 0;
        dfg_status st = be->alloc(be, need, &c->dscratch[d]);
        if (st)
            return st;
        c->dbe[d] = be;
        c->dscratch_bytes[d] = need;
    }
    *out = c->dscratch[d];
    return DFG_OK;
}

/* bytes copied within one side: host memory (be NULL) or device be's */
static dfg_status side_copy(const dfg_backend * be, void * dst, const void * src, size_t bytes)
{
    if (!bytes)
        return DFG_OK;
    if (be)
        return be->copy(be, dst, src, bytes);
    memcpy(dst, src, bytes);
    return DFG_OK;
}

/* A condition's truth (one scalar of class dt at p, on device be's side
 * when be is not NULL: copied to the host first). */
static dfg_status side_truth(const char * fn, const dfg_backend * be, int dt, const void * p,
                             int * t)
{
    double v[1];
    if (be) {
        dfg_status st = be->to_host(be, v, p, dfg_dtype_size(dt));
        if (st)
            return st;
        p = v;
    }
    return dfg_ctrl_truth(fn, dt, p, t);
}

/* A scalar condition's truth, Octave's way (NaN is an error). */
dfg_status dfg_ctrl_truth(const char * fn, int dt, const void * p, int * t)
{
    double v = dt == DFG_DOUBLE ? *(const double *)p
             : dt == DFG_SINGLE ? *(const float *)p : *(const uint8_t *)p;
    if (v != v)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: the condition is NaN", fn);
    *t = v != 0;
    return DFG_OK;
}

/* The conditional's run, on the host (be NULL) or on device be. */
static dfg_status run_cond(ctrl_rec * c, const dfg_node * n, const dfg_backend * be, void * out,
                           const void * const * in)
{
    int t = 0;
    dfg_plan * bp = NULL;
    dfg_status st = side_truth("cond", be, n->in[0]->dtype, in[0], &t);
    int b = t ? 0 : 1;
    if (!st)
        st = body_plan(c, b, be, &bp);
    if (st)
        return st;
    void * small[16], ** o = c->n_out <= 16 ? small : dfg_malloc((size_t)c->n_out * sizeof *o);
    if (!o)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.cond: out of memory");
    for (int k = 0; k < c->n_out; k++)
        o[k] = (char *)out + c->off[k];
    st = dfg_plan_exec(bp, in + 1, o);
    if (o != small)
        dfg_free(o);
    return st;
}

/* The loop's run, on the host (be NULL) or on device be: every buffer
 * is on that side. */
static dfg_status run_loop(ctrl_rec * c, const dfg_backend * be, void * out,
                           const void * const * in)
{
    const char * fn = c->fn;
    dfg_plan * body = NULL, * test = NULL;
    void * scratch = NULL;
    dfg_status st = body_plan(c, 0, be, &body);
    if (!st && c->T < 0)
        st = body_plan(c, 1, be, &test);
    if (st)
        return st;
    int nc = c->nc, nx = c->nx, ny = c->ny;
    /* the second carry set (the first is the packed result) and the
     * condition's value: allocated on the first run, kept */
    if ((st = loop_scratch(c, be, (size_t)c->off[nc] + 64, &scratch)))
        return st;
    int n_ptr = c->n_par + c->n_out + 2 * nc;
    void * small[64], ** ptr = n_ptr <= 64 ? small : dfg_malloc((size_t)n_ptr * sizeof *ptr);
    if (!ptr)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
    const void ** pin = (const void **)ptr;   /* [c, x, p] */
    void ** pout = ptr + c->n_par;            /* [c', y] */
    void ** set = pout + c->n_out;            /* set[s * nc + j] */
    for (int j = 0; j < nc; j++) {
        set[j] = (char *)out + c->off[j];
        set[nc + j] = (char *)scratch + c->off[j];
    }
    /* a scan ends in the packed result: start where T swaps land there */
    int cur = c->T > 0 && c->T % 2 ? 1 : 0;
    for (int j = 0; j < nc && !st; j++)
        st = side_copy(be, set[cur * nc + j], in[j],
                       (size_t)c->par[j]->numel * dfg_dtype_size(c->par[j]->dtype));
    for (int k = nc + nx; k < c->n_par; k++)
        pin[k] = in[k];
    int64_t i = 0;
    uint8_t * cond = (uint8_t *)scratch + c->off[nc];
    for (; !st; i++) {
        for (int j = 0; j < nc; j++)
            pin[j] = set[cur * nc + j];
        if (c->T < 0) {
            void * co = cond;
            int t = 0;
            if ((st = dfg_plan_exec(test, pin, &co)) ||
                (st = side_truth(fn, be, c->body[1].res[0]->dtype, cond, &t)))
                break;
            if (!t)
                break;
            if (c->maxiter > 0 && i >= c->maxiter) {
                st = dfg_set_error(DFG_ERR_ARG, "dfg.%s: the loop did not end within MAXITER = %lld "
                                   "iterations", fn, (long long)c->maxiter);
                break;
            }
        } else if (i >= c->T)
            break;
        if ((i & 255) == 255 && dfg_interrupt_pending()) {
            st = dfg_set_error(DFG_ERR_INTERRUPTED, "dfg.%s: interrupted after %lld steps", fn,
                               (long long)i);
            break;
        }
        int64_t t = c->reverse ? c->T - 1 - i : i;
        for (int k = 0; k < nx; k++) {
            const dfg_node * p = c->par[nc + k];
            pin[nc + k] = (const char *)in[nc + k] + (size_t)t * (size_t)p->numel * dfg_dtype_size(p->dtype);
        }
        for (int j = 0; j < nc; j++)
            pout[j] = set[(1 - cur) * nc + j];
        for (int k = 0; k < ny; k++) {
            const dfg_node * r = c->body[0].res[nc + k];
            pout[nc + k] = (char *)out + c->off[nc + k] + (size_t)t * (size_t)r->numel * dfg_dtype_size(r->dtype);
        }
        if ((st = dfg_plan_exec(body, pin, pout)))
            break;
        cur = 1 - cur;
    }
    if (!st && cur)
        for (int j = 0; j < nc && !st; j++)
            st = side_copy(be, set[j], set[nc + j],
                           (size_t)c->par[j]->numel * dfg_dtype_size(c->par[j]->dtype));
    c->trips = i;
    if (ptr != small)
        dfg_free(ptr);
    return st;
}

dfg_status dfg_ctrl_exec(const dfg_node * n, void * out, const void * const * in)
{
    ctrl_rec * c = dfg_ctrl_of(n);
    if (!c)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: %s node without its construct", dfg_ops[n->op].name);
    if (c->ode)
        return dfg_ctrl_ode_exec(c, out, in);
    if (c->integ)
        return dfg_ctrl_integ_exec(c, out, in);
    if (c->src)
        return dfg_ctrl_run_while_grad(c, out, in);
    return n->op == DFG_OP_COND ? run_cond(c, n, NULL, out, in) : run_loop(c, NULL, out, in);
}

int dfg_ctrl_on_device(const dfg_node * n)
{
    const ctrl_rec * c = dfg_ctrl_of(n);
    return c && !c->src && !c->ode && !c->integ;
}

dfg_status dfg_ctrl_exec_on(const dfg_node * n, const dfg_backend * be, void * out,
                            const void * const * in)
{
    ctrl_rec * c = dfg_ctrl_of(n);
    if (!c || c->src || !be || be->host_memory)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: %s node cannot run on a device here",
                             dfg_ops[n->op].name);
    return n->op == DFG_OP_COND ? run_cond(c, n, be, out, in) : run_loop(c, be, out, in);
}

/* ---- the public entry point -------------------------------------------------- */

static dfg_status ctrl_nodes_of(int n, const dfg_id * ids, dfg_node ** out)
{
    for (int k = 0; k < n; k++)
        if (!(out[k] = dfg_node_get(ids[k])))
            return DFG_ERR_HANDLE;
    return DFG_OK;
}

dfg_status dfg_ctrl(const dfg_ctrl_spec * s, int * n_out, dfg_id * outs)
{
    static const char * names[] = { "scan", "while", "cond" };
    if (!s || s->kind < DFG_CTRL_SCAN || s->kind > DFG_CTRL_COND || s->n_par < 0 ||
        s->n_res[0] < 0 || s->n_res[1] < 0 || s->n_par > 4096 || s->n_res[0] > 4096 ||
        s->n_res[1] > 4096)
        return dfg_set_error(DFG_ERR_ARG, "dfg: bad control-flow spec");
    const char * fn = s->name && *s->name ? s->name : names[s->kind];
    int cond = s->kind == DFG_CTRL_COND;
    if (!cond && (s->n_carry < 0 || s->n_carry > s->n_par))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad carry count", fn);
    if (s->n_hidden < 0 || s->n_hidden > (cond ? 0 : s->n_carry))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad hidden carry count", fn);
    if (s->kind == DFG_CTRL_WHILE && s->n_carry != s->n_par)
        return dfg_set_error(DFG_ERR_ARG, "dfg.while: every parameter is a carry");
    int n = s->n_par, nr = s->n_res[0] + s->n_res[1];
    dfg_node ** v = dfg_calloc((size_t)(2 * n + nr) + 1, sizeof *v);
    if (!v)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
    dfg_node ** par = v, ** ins = v + n, ** res = v + 2 * n, * pred = NULL;
    dfg_status st = ctrl_nodes_of(n, s->par, par);
    if (!st)
        st = ctrl_nodes_of(n, s->args, ins);
    if (!st)
        st = ctrl_nodes_of(s->n_res[0], s->res[0], res);
    if (!st)
        st = ctrl_nodes_of(s->n_res[1], s->res[1], res + s->n_res[0]);
    if (!st && cond && !(pred = dfg_node_get(s->pred)))
        st = DFG_ERR_HANDLE;
    int64_t T = s->kind == DFG_CTRL_WHILE ? -1 : s->length;
    int nc = cond ? 0 : s->n_carry, nx = s->kind == DFG_CTRL_SCAN ? n - nc : 0;
    /* every sequence gives the step count */
    for (int k = nc; !st && k < nc + nx; k++) {
        int64_t d[DFG_MAX_DIMS], len;
        dfg_ctrl_slice_dims(ins[k], d, &len);
        if (T < 0)
            T = len;
        else if (len != T) {
            char a[256];
            st = dfg_set_error(DFG_ERR_SHAPE, "dfg.scan: sequence %d (%s) has %lld steps along its "
                               "last dimension, not %lld", k - nc + 1,
                               dfg_shape_str(ins[k]->ndim, ins[k]->dims, a, sizeof a),
                               (long long)len, (long long)T);
        }
    }
    if (!st && s->kind == DFG_CTRL_SCAN && T < 0)
        st = dfg_set_error(DFG_ERR_ARG, "dfg.scan: the number of steps is needed when there is no sequence");
    dfg_node ** o = NULL;
    int no = 0;
    if (!st) {
        ctrl_spec cs = { cond ? DFG_OP_COND : DFG_OP_LOOP, fn, nc, nx, n - nc - nx, par, ins, pred,
                         { s->n_res[0], s->n_res[1] }, { res, res + s->n_res[0] }, T,
                         s->reverse != 0, s->maxiter, 0, s->n_hidden, NULL };
        no = s->kind == DFG_CTRL_WHILE ? nc : s->n_res[0];
        if (!(o = dfg_calloc((size_t)no + 1, sizeof *o)))
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
        else
            st = dfg_ctrl_make(&cs, o);
    }
    if (!st) {
        for (int k = 0; k < no; k++) {
            o[k]->uses--;
            o[k]->handles++;
            outs[k] = dfg_node_id(o[k]);
        }
        *n_out = no;
    }
    dfg_free(o);
    dfg_free(v);
    return st;
}
