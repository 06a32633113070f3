/* lib/control/ctrl-while.c -- reverse mode through while loops.
 *
 * A while loop's trip count is known only when it runs, so its tape
 * cannot be a planned buffer.  Its gradient is one node (a "while
 * gradient", WG) that, when it runs, runs the loop again keeping every
 * step's state on a stack it owns (grown as needed, kept from run to run,
 * so a plan called again with the same trip count allocates nothing), then
 * runs the backward body over the stack from the last step to the first.
 *
 * WG (c0, p, s) = (dc0, dp): the vector-Jacobian product of the loop's
 * final state c_n = PHI (c0, p) with seed s, for the float state and the
 * float captured values.  The backward body maps [lambda, dp, c_t, c_t+1,
 * p] to [J_c' lambda, dp + J_p' lambda] with J the body's Jacobian at step t
 * (recomputing what it needs from c_t; the body's result is c_t+1, read
 * from the stack).
 *
 * WG's own rule (forward mode by transposition, second order) uses the
 * tangent loop W+ : state (c, c'), body (f (c, p), J_c c' + J_p p'), the
 * same condition.  For cotangents u = (u_c, u_p) of WG's outputs:
 *   - the adjoint of s is J_PHI u, the tangent W+ computes from (c0, u_c)
 *     with p' = u_p;
 *   - the adjoint of (c0, p) is the gradient of <s, J_PHI u>, which is
 *     WG of W+ seeded with 0 for c and s for c'.
 * Both are while constructs again, so the scheme recurses to any order.
 */
#include <string.h>
#include "../autodiff/grad-impl.h"
#include "../runtime/plan-impl.h"
#include "../passes/pass.h"
#include "ctrl-impl.h"

/* ---- building the gradient node ------------------------------------------------ */

/* m[j * n_par + i] = 1 when result j reaches parameter i. */
static dfg_status reach(int n_res, dfg_node * const * res, int n_par, dfg_node * const * par,
                        uint8_t * m)
{
    for (int j = 0; j < n_res; j++) {
        pmap index;
        dfg_node ** list;
        int32_t nl;
        if (!pmap_init(&index, 64))
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
        dfg_status st = pass_topo(1, &res[j], &list, &nl, &index);
        if (st) {
            pmap_free(&index);
            return st;
        }
        for (int i = 0; i < n_par; i++)
            m[(size_t)j * (size_t)n_par + (size_t)i] = pmap_get(&index, par[i]) >= 0;
        dfg_free(list);
        pmap_free(&index);
    }
    return DFG_OK;
}

/* Scratch of make_wg: index sets and node lists over W's parameters. */
typedef struct wg_work {
    uint8_t *   dep;        /* body result j reaches parameter i            */
    uint8_t *   cdep;       /* the condition reaches parameter i            */
    uint8_t *   lam, * fwd, * pk, * reached;
    dfg_node ** n;          /* node lists below                             */
} wg_work;

/* What make_wg's phases share: its arguments, the scratch, the node lists
 * (carved from w.n; the nodes in them are kept in g), the counts and the
 * construct under way with its input and output arrays (released by
 * make_wg). */
typedef struct wg_build {
    gctx *             g;
    ctrl_rec *         W;
    dfg_node * const * c0;
    dfg_node * const * p;
    dfg_node * const * seeds;
    const int *        want_c;
    const int *        want_p;
    int                nc, np, npar;
    wg_work            w;
    /* lam params, dpa params, e, ex, pq, fb, ys/seeds, wrt, gv, from/to,
     * results, body params */
    dfg_node **        L_lam, ** L_dpa, ** L_e, ** L_ex, ** L_pq, ** L_fb, ** L_ys, ** L_sd,
             **        L_wrt, ** L_gv, ** L_from, ** L_to, ** L_res, ** L_par;
    int                nl;      /* state adjoints computed (lambda)         */
    int                nfp;     /* captured values whose adjoint is wanted  */
    int                nw;      /* what the body's product is taken against */
    int                nF, nP;  /* state and captured values the loop keeps */
    int                nb;      /* the backward body's parameters           */
    dfg_node **        s_par, ** s_ins, ** s_res;   /* the loop the node runs */
    dfg_node **        bpar;    /* the backward body's parameters          */
    ctrl_rec *         src;     /* that loop's construct: W or a trimmed W  */
    ctrl_rec *         c;       /* the gradient's construct (one reference) */
    dfg_node **        ins, ** wgout;
} wg_build;

#define DEP(j, i) b->w.dep[(size_t)(j) * (size_t)b->npar + (size_t)(i)]

/* The scratch, and which parameters each body result and the condition
 * reach; 1 (g failed) when out of memory or the walks fail. */
static int wg_reach(wg_build * b)
{
    gctx * g = b->g;
    ctrl_rec * W = b->W;
    int nc = b->nc, npar = b->npar;
    wg_work * w = &b->w;
    size_t nn = (size_t)(20 * (npar + 4));
    dfg_status st;
    w->dep = dfg_calloc((size_t)nc * (size_t)npar + 1, 1);
    w->cdep = dfg_calloc((size_t)npar + 1, 1);
    w->lam = dfg_calloc((size_t)npar + 1, 5);
    w->n = dfg_calloc(nn, sizeof *w->n);
    if (!w->dep || !w->cdep || !w->lam || !w->n) {
        gb_fail(g, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
        return 1;
    }
    w->fwd = w->lam + npar + 1;
    w->pk = w->fwd + npar + 1;
    w->reached = w->pk + npar + 1;
    if ((st = reach(nc, W->body[0].res, npar, W->par, w->dep)) ||
        (st = reach(1, W->body[1].res, npar, W->par, w->cdep))) {
        gb_fail(g, st);
        return 1;
    }
    return 0;
}

/* lambda (w.lam): the state adjoints the wanted ones depend on; counts
 * them (nl) and the wanted float captured values (nfp). */
static void wg_lambda(wg_build * b)
{
    ctrl_rec * W = b->W;
    int nc = b->nc, np = b->np;
    uint8_t * lam = b->w.lam;
    for (int j = 0; j < nc; j++)
        lam[j] = b->want_c[j] && ctrl_float(W->par[j]);
    for (int k = 0; k < np; k++)
        if (b->want_p[k] && ctrl_float(W->par[nc + k]))
            for (int j = 0; j < nc; j++)
                if (DEP(j, nc + k) && ctrl_float(W->par[j]))
                    lam[j] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < nc; i++)
            if (lam[i])
                for (int j = 0; j < nc; j++)
                    if (!lam[j] && DEP(j, i) && ctrl_float(W->par[j]))
                        lam[j] = changed = 1;
    }
    b->nl = b->nfp = 0;
    for (int j = 0; j < nc; j++)
        b->nl += lam[j];
    for (int k = 0; k < np; k++)
        b->nfp += b->want_p[k] && ctrl_float(W->par[nc + k]);
}

/* Carves consecutive lists out of one array: *lists[k] starts where
 * lists[k - 1] (of len[k - 1] slots) ends, the first at v. */
static void carve(dfg_node ** v, dfg_node *** const * lists, const int * len, int n)
{
    for (int k = 0; k < n; k++) {
        *lists[k] = v;
        v += len[k];
    }
}

/* The node lists carved from w.n, and the backward body's parameters
 * (kept in g): lambda, the wanted captured adjoints (dpa), the state at
 * the step's start and end (e, ex), the captured values (pq). */
static void wg_params(wg_build * b)
{
    gctx * g = b->g;
    ctrl_rec * W = b->W;
    int nc = b->nc, np = b->np, npar = b->npar;
    dfg_node *** lists[] = {&b->L_lam, &b->L_dpa, &b->L_e, &b->L_ex, &b->L_pq, &b->L_fb, &b->L_ys,
                                   &b->L_sd, &b->L_wrt, &b->L_gv, &b->L_from, &b->L_to, &b->L_res, &b->L_par};
    const int len[] = {npar, npar, npar, npar, npar, npar, npar, npar, npar, npar, npar, 2 * npar, 2 * npar, 0};
    carve(b->w.n, lists, len, (int)(sizeof len / sizeof *len));
    for (int j = 0, q = 0; j < nc; j++) {
        if (b->w.lam[j])
            b->L_lam[q++] = dfg_ctrl_keep_param(g, W->par[j], "state adjoint");
        b->L_e[j] = dfg_ctrl_keep_param(g, W->par[j], "state");
        b->L_ex[j] = dfg_ctrl_keep_param(g, W->par[j], "next state");
    }
    for (int k = 0, q = 0; k < np; k++) {
        const dfg_node * x = W->par[nc + k];
        if (b->want_p[k] && ctrl_float(x))
            b->L_dpa[q++] = dfg_ctrl_keep_param(g, x, "captured adjoint");
        b->L_pq[k] = dfg_ctrl_keep_param(g, x, "captured");
    }
}

/* The backward body's results (L_res, kept in g): the body on (e, pq),
 * the vector-Jacobian product of the lambda rows with respect to the
 * lambda state and the wanted captured values, with the body's results
 * read from the stack (ex); then [lambda', dp + J_p' lambda]. */
static void wg_backward_body(wg_build * b)
{
    gctx * g = b->g;
    ctrl_rec * W = b->W;
    int nc = b->nc, np = b->np, npar = b->npar;
    dfg_status st;
    for (int j = 0; j < nc; j++)
        b->L_to[j] = b->L_e[j];
    for (int k = 0; k < np; k++)
        b->L_to[nc + k] = b->L_pq[k];
    dfg_ctrl_substitute_kept(g, nc, W->body[0].res, npar, W->par, b->L_to, b->L_fb);
    int ny = 0, nw = 0;
    for (int j = 0, q = 0; j < nc && !g->st; j++)
        if (b->w.lam[j]) {
            b->L_ys[ny] = b->L_fb[j];
            b->L_sd[ny++] = b->L_lam[q++];
            b->L_wrt[nw++] = b->L_e[j];
        }
    for (int k = 0; k < np && !g->st; k++)
        if (b->want_p[k] && ctrl_float(W->par[nc + k]))
            b->L_wrt[nw++] = b->L_pq[k];
    b->nw = nw;
    if (!g->st && (st = dfg_grad_multi(ny, b->L_ys, b->L_sd, nw, b->L_wrt, b->L_gv)))
        gb_fail(g, st);
    for (int k = 0; k < nw && !g->st; k++)
        gb_keep(g, b->L_gv[k]);
    /* the body's results are the next state, on the stack */
    int nf = 0;
    for (int j = 0; j < nc && !g->st; j++)
        if (dfg_ops[b->L_fb[j]->op].family != DFG_FAM_LEAF) {
            b->L_from[nf] = b->L_fb[j];
            b->L_to[nf++] = b->L_ex[j];
        }
    if (nf && !g->st) {
        dfg_ctrl_substitute_kept(g, nw, b->L_gv, nf, b->L_from, b->L_to, b->L_res);
        for (int k = 0; k < nw && !g->st; k++)
            b->L_gv[k] = b->L_res[k];
    }
    /* results [lambda', dp + J_p' lambda] */
    for (int k = 0; k < b->nl; k++)
        b->L_res[k] = b->L_gv[k];
    for (int k = 0; k < b->nfp && !g->st; k++)
        b->L_res[b->nl + k] = pass_is_const(b->L_gv[b->nl + k], 0) ? b->L_dpa[k]
                              : gb_add(g, b->L_dpa[k], b->L_gv[b->nl + k]);
}

/* Which state (w.fwd) and captured values (w.pk) the loop the node runs
 * keeps: what the backward body reads, the condition reads, whose
 * adjoints come out, and what that state needs; counts them (nF, nP).
 * 1 (g failed) when out of memory or the walk fails. */
static int wg_forward_sets(wg_build * b)
{
    gctx * g = b->g;
    int nc = b->nc, np = b->np;
    wg_work * w = &b->w;
    /* the state the backward body reads, the state that needs (and the
     * condition), the captured values either reads */
    {
        pmap index;
        dfg_node ** list;
        int32_t nlist;
        dfg_status st;
        if (!pmap_init(&index, 64)) {
            gb_fail(g, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
            return 1;
        }
        if ((st = pass_topo(b->nl + b->nfp, b->L_res, &list, &nlist, &index))) {
            pmap_free(&index);
            gb_fail(g, st);
            return 1;
        }
        for (int j = 0; j < nc; j++)
            w->fwd[j] = pmap_get(&index, b->L_e[j]) >= 0 || pmap_get(&index, b->L_ex[j]) >= 0 ||
                        w->cdep[j];
        for (int k = 0; k < np; k++)
            w->pk[k] = pmap_get(&index, b->L_pq[k]) >= 0 || w->cdep[nc + k];
        dfg_free(list);
        pmap_free(&index);
    }
    /* the state and captured values whose adjoints come out are inputs
     * of the loop the node runs too, so that its rule (through the
     * tangent loop of that loop) sees every one of them; then what that
     * state needs */
    for (int j = 0; j < nc; j++)
        w->fwd[j] |= w->lam[j];
    for (int changed = 1; changed;) {
        changed = 0;
        for (int j = 0; j < nc; j++)
            if (w->fwd[j])
                for (int i = 0; i < nc; i++)
                    if (!w->fwd[i] && DEP(j, i))
                        w->fwd[i] = changed = 1;
    }
    for (int k = 0; k < np; k++)
        w->pk[k] |= b->want_p[k] && ctrl_float(b->W->par[nc + k]);
    for (int j = 0; j < nc; j++)
        if (w->fwd[j])
            for (int k = 0; k < np; k++)
                if (DEP(j, nc + k))
                    w->pk[k] = 1;
    b->nF = b->nP = 0;
    for (int j = 0; j < nc; j++)
        b->nF += w->fwd[j];
    for (int k = 0; k < np; k++)
        b->nP += w->pk[k];
    return 0;
}

#undef DEP

/* The loop the node runs: W, or W on that state and those values (a new
 * construct, its outputs kept in g), in src; its parameters, inputs and
 * results in s_par, s_ins, s_res.  1 (g failed) when it cannot be made. */
static int wg_source_loop(wg_build * b)
{
    gctx * g = b->g;
    ctrl_rec * W = b->W;
    int nc = b->nc, np = b->np, npar = b->npar, nF = b->nF, nP = b->nP;
    dfg_status st;
    b->s_par = b->L_par;
    b->s_ins = b->L_par + npar;
    b->s_res = b->L_par + 2 * npar;
    int at = 0;
    for (int j = 0; j < nc; j++)
        if (b->w.fwd[j]) {
            b->s_par[at] = W->par[j];
            b->s_ins[at] = b->c0[j];
            b->s_res[at++] = W->body[0].res[j];
        }
    for (int k = 0; k < np; k++)
        if (b->w.pk[k]) {
            b->s_par[at] = W->par[nc + k];
            b->s_ins[at++] = b->p[k];
        }
    if (nF < nc || nP < np) {
        dfg_node * outs_s[256];
        if (nF > 256) {
            gb_fail(g, dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.grad: a while loop with more than "
                                     "256 state values"));
            return 1;
        }
        ctrl_spec s = { DFG_OP_LOOP, W->fn, nF, 0, nP, b->s_par, b->s_ins, NULL, { nF, 1 },
                        { b->s_res, W->body[1].res }, -1, 0, W->maxiter, 1, 0, NULL };
        if ((st = dfg_ctrl_make(&s, outs_s))) {
            gb_fail(g, st);
            return 1;
        }
        for (int k = 0; k < nF; k++)
            gb_keep(g, outs_s[k]);
        b->src = dfg_ctrl_of(outs_s[0]->in[0]);
    }
    return 0;
}

/* The backward body's parameters (bpar, nb): [lambda, dp, e, ex, pq]
 * over src's state and captured values. */
static void wg_body_params(wg_build * b)
{
    int nc = b->nc, np = b->np, nb = 0;
    dfg_node ** bpar = b->bpar = b->L_from;   /* reused: no longer needed */
    for (int k = 0; k < b->nl; k++)
        bpar[nb++] = b->L_lam[k];
    for (int k = 0; k < b->nfp; k++)
        bpar[nb++] = b->L_dpa[k];
    for (int j = 0; j < nc; j++)
        if (b->w.fwd[j])
            bpar[nb++] = b->L_e[j];
    for (int j = 0; j < nc; j++)
        if (b->w.fwd[j])
            bpar[nb++] = b->L_ex[j];
    for (int k = 0; k < np; k++)
        if (b->w.pk[k])
            bpar[nb++] = b->L_pq[k];
    b->nb = nb;
}

/* The construct (b->c, one reference) and its node's input and output
 * arrays (b->ins, b->wgout): inputs [c0 of src, p of src, seeds]
 * (missing seeds are zeros kept in g), outputs [lambda, dp]; the record
 * holds a use of each parameter and of the body's parameters and
 * results, and a reference to src.  1 (g failed) when too large or out of
 * memory. */
static int wg_record(wg_build * b)
{
    gctx * g = b->g;
    ctrl_rec * W = b->W;
    int nc = b->nc, np = b->np, nl = b->nl, nfp = b->nfp, nF = b->nF, nP = b->nP, nb = b->nb;
    if (nl + nfp > 64) {
        gb_fail(g, dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.grad: a while loop with more than 64 "
                                 "float state and captured values to differentiate"));
        return 1;
    }
    ctrl_rec * c = b->c = dfg_calloc(1, sizeof *c);
    if (c) {
        c->slot = -1;
        c->refs = 1;
    }
    int n_par = nF + nP + nl, n_out = nl + nfp;
    dfg_node ** ins = b->ins = dfg_calloc((size_t)n_par + 1, sizeof *ins);
    b->wgout = dfg_calloc((size_t)n_out + 1, sizeof *b->wgout);
    if (!c || !ins || !b->wgout || !(c->par = dfg_calloc((size_t)n_par + 1, sizeof *c->par)) ||
        !(c->body[0].par = dfg_calloc((size_t)nb + 1, sizeof *c->body[0].par)) ||
        !(c->body[0].res = dfg_calloc((size_t)n_out + 1, sizeof *c->body[0].res)) ||
        !(c->off = dfg_calloc((size_t)n_out + 1, sizeof *c->off)) ||
        !(c->odt = dfg_calloc((size_t)n_out + 1, sizeof *c->odt)) ||
        !(c->ond = dfg_calloc((size_t)n_out + 1, sizeof *c->ond)) ||
        !(c->odims = dfg_calloc((size_t)n_out + 1, sizeof *c->odims)) ||
        !(c->lam_idx = dfg_calloc((size_t)nl + 1, sizeof *c->lam_idx)) ||
        !(c->dp_idx = dfg_calloc((size_t)nfp + 1, sizeof *c->dp_idx))) {
        gb_fail(g, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
        return 1;
    }
    c->kind = DFG_OP_LOOP;
    c->src = b->src;
    b->src->refs++;
    c->T = -1;
    c->maxiter = W->maxiter;
    c->nc = nF;
    c->np = nP + nl;
    c->nfc = nl;
    c->nfp = nfp;
    c->n_par = n_par;
    /* inputs [c0 of src, p of src, seeds]; outputs [lambda, dp] */
    int at = 0;
    for (int j = 0; j < nF + nP; j++) {
        c->par[at] = b->s_par[j];
        ins[at++] = b->s_ins[j];
    }
    for (int j = 0, q = 0; j < nc; j++)
        if (b->w.lam[j]) {
            int at_src = 0;            /* src's carry j */
            for (int i = 0; i < j; i++)
                at_src += b->w.fwd[i];
            c->lam_idx[q] = at_src;
            c->par[at] = b->L_lam[q];
            ins[at++] = b->seeds[j] ? b->seeds[j] : gb_zeros_like(g, W->par[j]);
            const dfg_node * x = W->par[j];
            c->odt[q] = x->dtype;
            c->ond[q] = x->ndim;
            memcpy(c->odims[q], x->dims, sizeof x->dims);
            q++;
        }
    for (int k = 0, q = 0; k < np; k++)
        if (b->want_p[k] && ctrl_float(W->par[nc + k])) {
            const dfg_node * x = W->par[nc + k];
            int at_src = 0;            /* src's captured value k */
            for (int i = 0; i < k; i++)
                at_src += b->w.pk[i];
            c->dp_idx[q] = at_src;
            c->odt[nl + q] = x->dtype;
            c->ond[nl + q] = x->ndim;
            memcpy(c->odims[nl + q], x->dims, sizeof x->dims);
            q++;
        }
    for (int k = 0; k < n_par; k++)
        dfg_node_use(c->par[k]);
    c->body[0].n_par = nb;
    for (int k = 0; k < nb; k++) {
        c->body[0].par[k] = b->bpar[k];
        dfg_node_use(b->bpar[k]);
    }
    c->body[0].n_res = n_out;
    for (int k = 0; k < n_out; k++) {
        c->body[0].res[k] = b->L_res[k];
        dfg_node_use(b->L_res[k]);
    }
    c->n_out = n_out;
    {
        dfg_node ** list;
        int32_t nlist;
        double fl = b->src->flops;
        if (!pass_topo(n_out, b->L_res, &list, &nlist, NULL)) {
            for (int32_t k = 0; k < nlist; k++)
                fl += dfg_node_flops(list[k]);
            dfg_free(list);
        }
        c->flops = fl;
    }
    return 0;
}

/* The node: its layout, the WG node and its outputs (kept in g), which
 * become out_c / out_p where wanted. */
static void wg_node(wg_build * b, dfg_node ** out_c, dfg_node ** out_p)
{
    gctx * g = b->g;
    ctrl_rec * c = b->c;
    int nc = b->nc, np = b->np, nl = b->nl, n_out = c->n_out;
    dfg_status st;
    if (!g->st && (st = dfg_ctrl_layout(c)))
        gb_fail(g, st);
    if (g->st)
        return;
    if ((st = dfg_ctrl_node(c, b->ins, b->wgout))) {
        gb_fail(g, st);
        return;
    }
    for (int k = 0; k < n_out; k++)
        gb_keep(g, b->wgout[k]);
    for (int j = 0, q = 0; j < nc; j++)
        if (b->w.lam[j]) {
            if (b->want_c[j])
                out_c[j] = b->wgout[q];
            q++;
        }
    for (int k = 0, q = 0; k < np; k++)
        if (b->want_p[k] && ctrl_float(b->W->par[nc + k]))
            out_p[k] = b->wgout[nl + q++];
}

/* The gradient node of while loop W on inputs c0 (W->nc), p (W->np) and
 * seeds (one per carry of W, NULL for zero): out_c[j] gets the adjoint of
 * carry j where want_c[j], out_p[k] that of captured value k where
 * want_p[k] (kept in g; NULL when nothing reaches it).  Only what the
 * wanted adjoints need is built: the state adjoints they depend on
 * (lambda), and of the loop itself only the state those read, so that a
 * value nothing needs (a tangent, a cotangent) is not an input.  The
 * phases above in order; a phase that fails has failed g. */
static void make_wg(gctx * g, ctrl_rec * W, dfg_node * const * c0, dfg_node * const * p,
                    dfg_node * const * seeds, const int * want_c, const int * want_p,
                    dfg_node ** out_c, dfg_node ** out_p)
{
    if (g->st)
        return;
    int nc = W->nc, np = W->np;
    for (int j = 0; j < nc; j++)
        out_c[j] = NULL;
    for (int k = 0; k < np; k++)
        out_p[k] = NULL;
    wg_build b;
    memset(&b, 0, sizeof b);
    b.g = g;
    b.W = W;
    b.c0 = c0;
    b.p = p;
    b.seeds = seeds;
    b.want_c = want_c;
    b.want_p = want_p;
    b.nc = nc;
    b.np = np;
    b.npar = W->n_par;
    b.src = W;
    if (wg_reach(&b))
        goto done;
    wg_lambda(&b);
    if (!b.nl)
        goto done;           /* no wanted adjoint depends on anything */
    wg_params(&b);
    wg_backward_body(&b);
    if (g->st)
        goto done;
    if (wg_forward_sets(&b) || wg_source_loop(&b))
        goto done;
    wg_body_params(&b);
    if (wg_record(&b))
        goto done;
    wg_node(&b, out_c, out_p);
done:
    if (b.c && --b.c->refs == 0)
        dfg_ctrl_free(b.c);
    dfg_free(b.ins);
    dfg_free(b.wgout);
    dfg_free(b.w.dep);
    dfg_free(b.w.cdep);
    dfg_free(b.w.lam);
    dfg_free(b.w.n);
}

/* ---- running it -------------------------------------------------------------------- */

/* The plans of W's bodies and of the backward body, c's scratch (the
 * second set of [lambda, dp]) and a stack of at least two steps of slot
 * bytes each, all kept in c from run to run. */
static dfg_status wg_run_buffers(ctrl_rec * c, size_t slot)
{
    ctrl_rec * W = c->src;
    dfg_status st = dfg_ctrl_plan(W, 0);
    if (!st)
        st = dfg_ctrl_plan(W, 1);
    if (!st)
        st = dfg_ctrl_plan(c, 0);
    if (st)
        return st;
    size_t need = (size_t)c->off[c->n_out] + 64;
    if (c->scratch_bytes < need) {
        void * s = dfg_realloc(c->scratch, need);
        if (!s)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.while: out of memory");
        c->scratch = s;
        c->scratch_bytes = need;
    }
    if (c->tape_bytes < 2 * slot) {
        void * t = dfg_realloc(c->tape, 2 * slot);
        if (!t)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.while: out of memory for the loop's stack");
        c->tape = t;
        c->tape_bytes = 2 * slot;
    }
    return DFG_OK;
}

/* Forward: runs W from the inputs, slot t of the stack holding the state
 * step t starts from (the stack grows by doubling); *trips gets the steps
 * run.  pin and pout are the body's parameter and result pointers. */
static dfg_status wg_run_forward(ctrl_rec * c, const void * const * in, size_t slot,
                                 const void ** pin, void ** pout, int64_t * trips)
{
    ctrl_rec * W = c->src;
    int nc = W->nc, np = W->np;
    dfg_status st = DFG_OK;
    for (int j = 0; j < nc; j++)
        memcpy((char *)c->tape + W->off[j], in[j],
               (size_t)W->par[j]->numel * dfg_dtype_size(W->par[j]->dtype));
    int64_t n = 0;
    for (;; n++) {
        char * cur = (char *)c->tape + (size_t)n * slot;
        for (int j = 0; j < nc; j++)
            pin[j] = cur + W->off[j];
        for (int k = 0; k < np; k++)
            pin[nc + k] = in[nc + k];
        void * co = cur + W->off[nc];
        int t = 0;
        if ((st = dfg_plan_exec(W->body[1].plan, pin, &co)) ||
            (st = dfg_ctrl_truth(W->fn, W->body[1].res[0]->dtype, co, &t)) || !t)
            break;
        if ((n & 255) == 255 && dfg_interrupt_pending()) {
            st = dfg_set_error(DFG_ERR_INTERRUPTED, "dfg.while: interrupted after %lld steps",
                               (long long)n);
            break;
        }
        if (W->maxiter > 0 && n >= W->maxiter) {
            st = dfg_set_error(DFG_ERR_ARG, "dfg.while: the loop did not end within MAXITER = %lld "
                               "iterations", (long long)W->maxiter);
            break;
        }
        if ((size_t)(n + 2) * slot > c->tape_bytes) {
            size_t nb = c->tape_bytes * 2;
            void * tp = dfg_realloc(c->tape, nb);
            if (!tp) {
                st = dfg_set_error(DFG_ERR_NOMEM, "dfg.while: out of memory for the loop's stack "
                                   "(%lld steps)", (long long)n);
                break;
            }
            c->tape = tp;
            c->tape_bytes = nb;
            cur = (char *)c->tape + (size_t)n * slot;
            for (int j = 0; j < nc; j++)
                pin[j] = cur + W->off[j];
        }
        for (int j = 0; j < nc; j++)
            pout[j] = cur + slot + W->off[j];
        if ((st = dfg_plan_exec(W->body[0].plan, pin, pout)))
            break;
    }
    *trips = n;
    return st;
}

/* Backward: [lambda, dp] in two sets (set, 2 x nfc + nfp pointers) that
 * swap, starting from the seeds and zeros and ending in out; the backward
 * body runs over the stack from step n - 1 to step 0. */
static dfg_status wg_run_backward(ctrl_rec * c, void * out, const void * const * in, size_t slot,
                                  int64_t n, const void ** pin, void ** set)
{
    ctrl_rec * W = c->src;
    int nc = W->nc, np = W->np, nfc = c->nfc, nfp = c->nfp;
    dfg_status st = DFG_OK;
    int nb = nfc + nfp;
    for (int k = 0; k < nb; k++) {
        set[k] = (char *)out + c->off[k];
        set[nb + k] = (char *)c->scratch + c->off[k];
    }
    int cur = (int)(n % 2);
    for (int k = 0; k < nb; k++) {
        size_t bytes = (size_t)dfg_shape_numel(c->ond[k], c->odims[k]) * dfg_dtype_size(c->odt[k]);
        if (k < nfc)
            memcpy(set[cur * nb + k], in[nc + np + k], bytes);
        else
            memset(set[cur * nb + k], 0, bytes);
    }
    for (int64_t t = n - 1; t >= 0; t--) {
        const char * a = (const char *)c->tape + (size_t)t * slot, * b = a + slot;
        int q = 0;
        for (int k = 0; k < nb; k++)
            pin[q++] = set[cur * nb + k];
        for (int j = 0; j < nc; j++)
            pin[q++] = a + W->off[j];
        for (int j = 0; j < nc; j++)
            pin[q++] = b + W->off[j];
        for (int k = 0; k < np; k++)
            pin[q++] = in[nc + k];
        void * o[64];
        void ** po = nb <= 64 ? o : NULL;
        if (!po) {
            st = dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.while: too many state values");
            break;
        }
        for (int k = 0; k < nb; k++)
            po[k] = set[(1 - cur) * nb + k];
        if ((st = dfg_plan_exec(c->body[0].plan, pin, po)))
            break;
        cur = 1 - cur;
    }
    return st;
}

/* The buffers, then the forward run and the backward run (above) with
 * one pointer array for both. */
dfg_status dfg_ctrl_run_while_grad(ctrl_rec * c, void * out, const void * const * in)
{
    ctrl_rec * W = c->src;
    int nc = W->nc, np = W->np, nfc = c->nfc, nfp = c->nfp;
    size_t slot = (size_t)W->off[nc] + 64;      /* one step's state, then the condition */
    dfg_status st = wg_run_buffers(c, slot);
    if (st)
        return st;
    /* pin [lambda, dp, c_t, c_t+1, p]; pout [c' (nc)]; 2 spare; set: 2 x [lambda, dp] */
    int n_ptr = (nfc + nfp + 2 * nc + np) + (nc + 2) + 2 * (nfc + nfp) + 8;
    void * small[64], ** ptr = n_ptr <= 64 ? small : dfg_malloc((size_t)n_ptr * sizeof *ptr);
    if (!ptr)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.while: out of memory");
    const void ** pin = (const void **)ptr;
    void ** pout = ptr + nfc + nfp + 2 * nc + np;
    int64_t n = 0;
    st = wg_run_forward(c, in, slot, pin, pout, &n);
    c->trips = n;
    if (!st)
        st = wg_run_backward(c, out, in, slot, n, pin, pout + nc + 2);
    if (ptr != small)
        dfg_free(ptr);
    return st;
}

/* ---- the rules ----------------------------------------------------------------------- */

/* What grad_wg's phases share: the rule's arguments, the temporaries (g
 * owns every node made), the node lists over W's parameters (carved from
 * one block) and the tangent loop's counts. */
typedef struct wgr {
    ctrl_rec *         c;
    ctrl_rec *         W;       /* c->src                                   */
    dfg_node *         y;
    dfg_node * const * gout;
    const int *        need;
    gctx               g;
    int                nc, np, nl, nfp, npar;
    int                nft, nfq; /* float state and captured values (tangents) */
    dfg_node **        cq, ** tq, ** pq, ** tp, ** to, ** fb, ** cb, ** tb, ** wrt, ** dir,
             **        apar, ** ains, ** ares, ** aout, ** seeds, ** oc, ** op;
    int *              wc, * wp;
} wgr;

/* The lists carved from v (nodes) and iv (flags). */
static void wgr_lists(wgr * r, dfg_node ** v, int * iv)
{
    int npar = r->npar;
    dfg_node *** lists[] = {&r->cq, &r->tq, &r->pq, &r->tp, &r->to, &r->fb, &r->cb, &r->tb, &r->wrt,
                                   &r->dir, &r->apar, &r->ains, &r->ares, &r->aout, &r->seeds, &r->oc, &r->op};
    const int len[] = {npar, npar, npar, npar, npar, npar, 1, npar, npar,
                       npar, 2 * npar, 2 * npar, 2 * npar, 2 * npar, 2 * npar, 2 * npar, 0};
    carve(v, lists, len, (int)(sizeof len / sizeof *len));
    r->wc = iv;
    r->wp = r->wc + 2 * npar;
}

/* W+'s body (kept in g): parameters state c (cq) and captured p (pq),
 * with tangents for the float ones (tq, tp; nft, nfq); the condition (cb)
 * and the body (fb) on them; the body's tangents J_c c' + J_p p' (tb). */
static void wgr_tangent_body(wgr * r)
{
    ctrl_rec * W = r->W;
    gctx * g = &r->g;
    int nc = r->nc, np = r->np, npar = r->npar;
    for (int j = 0; j < nc; j++) {
        r->cq[j] = dfg_ctrl_keep_param(g, W->par[j], "state");
        if (ctrl_float(W->par[j]))
            r->tq[r->nft++] = dfg_ctrl_keep_param(g, W->par[j], "state tangent");
    }
    for (int k = 0; k < np; k++) {
        r->pq[k] = dfg_ctrl_keep_param(g, W->par[nc + k], "captured");
        if (ctrl_float(W->par[nc + k]))
            r->tp[r->nfq++] = dfg_ctrl_keep_param(g, W->par[nc + k], "captured tangent");
    }
    for (int j = 0; j < nc; j++)
        r->to[j] = r->cq[j];
    for (int k = 0; k < np; k++)
        r->to[nc + k] = r->pq[k];
    dfg_ctrl_substitute_kept(g, 1, W->body[1].res, npar, W->par, r->to, r->cb);
    dfg_ctrl_substitute_kept(g, nc, W->body[0].res, npar, W->par, r->to, r->fb);
    int nw = 0;
    for (int j = 0, f = 0; j < nc; j++)
        if (ctrl_float(W->par[j])) {
            r->wrt[nw] = r->cq[j];
            r->dir[nw++] = r->tq[f++];
        }
    for (int k = 0, f = 0; k < np; k++)
        if (ctrl_float(W->par[nc + k])) {
            r->wrt[nw] = r->pq[k];
            r->dir[nw++] = r->tp[f++];
        }
    for (int j = 0, f = 0; j < nc && !g->st; j++)
        if (ctrl_float(W->par[j])) {
            dfg_node * t;
            dfg_status st = dfg_jvp_nodes(r->fb[j], nw, r->wrt, r->dir, &t);
            if (st)
                gb_fail(g, st);
            else
                r->tb[f++] = gb_keep(g, t);
        }
}

/* W+ itself (outputs in aout, kept in g): its parameters (apar) bound to
 * WG's inputs and, for the tangents, to the cotangents of WG's outputs
 * (ains; zeros where none), its results [c, c'] (ares). */
static void wgr_tangent_loop(wgr * r)
{
    ctrl_rec * c = r->c, * W = r->W;
    gctx * g = &r->g;
    dfg_node * y = r->y;
    int nc = r->nc, np = r->np, nl = r->nl, nfp = r->nfp, nft = r->nft;
    int na = 0, ni = 0;
    for (int j = 0; j < nc; j++) {
        r->apar[na++] = r->cq[j];
        r->ains[ni++] = y->in[j];
    }
    for (int j = 0, f = 0; j < nc && !g->st; j++)
        if (ctrl_float(W->par[j])) {
            dfg_node * u = NULL;
            for (int q = 0; q < nl; q++)
                if (c->lam_idx[q] == j)
                    u = r->gout[q];
            r->apar[na++] = r->tq[f++];
            r->ains[ni++] = u ? u : gb_zeros_like(g, W->par[j]);
        }
    for (int k = 0; k < np; k++) {
        r->apar[na++] = r->pq[k];
        r->ains[ni++] = y->in[nc + k];
    }
    for (int k = 0, f = 0; k < np && !g->st; k++)
        if (ctrl_float(W->par[nc + k])) {
            dfg_node * u = NULL;
            for (int q = 0; q < nfp; q++)
                if (c->dp_idx[q] == k)
                    u = r->gout[nl + q];
            r->apar[na++] = r->tp[f++];
            r->ains[ni++] = u ? u : gb_zeros_like(g, W->par[nc + k]);
        }
    for (int j = 0; j < nc; j++)
        r->ares[j] = r->fb[j];
    for (int k = 0; k < nft; k++)
        r->ares[nc + k] = r->tb[k];
    if (!g->st) {
        ctrl_spec s = { DFG_OP_LOOP, W->fn, nc + nft, 0, np + r->nfq, r->apar, r->ains, NULL,
                        { nc + nft, 1 }, { r->ares, r->cb }, -1, 0, W->maxiter, 0, 0, NULL };
        dfg_status st = dfg_ctrl_make(&s, r->aout);
        if (st)
            gb_fail(g, st);
        else
            for (int k = 0; k < nc + nft; k++)
                gb_keep(g, r->aout[k]);
    }
}

/* The adjoint of the seeds: the tangent W+ computes (gx gets a use). */
static void wgr_seed_adjoints(wgr * r, dfg_node ** gx)
{
    ctrl_rec * W = r->W;
    int nc = r->nc, np = r->np;
    for (int q = 0; q < r->nl; q++)
        if (r->need[nc + np + q]) {
            int j = r->c->lam_idx[q], f = 0;
            for (int i = 0; i < j; i++)
                f += ctrl_float(W->par[i]);
            gx[nc + np + q] = r->aout[nc + f];
            dfg_node_use(r->aout[nc + f]);
        }
}

/* The adjoint of (c0, p): WG of W+ seeded with 0 for c, s for c' (gx
 * gets a use of each). */
static void wgr_input_adjoints(wgr * r, dfg_node ** gx)
{
    ctrl_rec * W = r->W;
    gctx * g = &r->g;
    dfg_node * y = r->y;
    const int * need = r->need;
    int nc = r->nc, np = r->np;
    dfg_node * node = r->aout[0]->in[0];
    ctrl_rec * A = dfg_ctrl_of(node);
    for (int i = 0; i < A->nc; i++) {
        r->seeds[i] = NULL;
        r->wc[i] = i < nc && need[i];
    }
    for (int q = 0; q < r->nl; q++) {
        int j = r->c->lam_idx[q], f = 0;
        for (int i = 0; i < j; i++)
            f += ctrl_float(W->par[i]);
        r->seeds[nc + f] = y->in[nc + np + q];
    }
    for (int q = 0; q < A->np; q++) {
        r->wp[q] = 0;
        for (int k = 0; k < np; k++)
            if (A->par[A->nc + q] == r->pq[k] && need[nc + k])
                r->wp[q] = 1;
    }
    make_wg(g, A, node->in, node->in + A->nc, r->seeds, r->wc, r->wp, r->oc, r->op);
    if (g->st)
        return;
    for (int j = 0; j < nc; j++)
        if (need[j] && r->oc[j]) {
            gx[j] = r->oc[j];
            dfg_node_use(r->oc[j]);
        }
    for (int q = 0; q < A->np; q++)
        for (int k = 0; k < np; k++)
            if (A->par[A->nc + q] == r->pq[k] && need[nc + k] && r->op[q]) {
                gx[nc + k] = r->op[q];
                dfg_node_use(r->op[q]);
            }
}

/* The rule of WG (see the top of the file).  WG's inputs are [c0 (src's
 * carries), p (src's captured), s (seeds of the carries lam_idx)], its
 * outputs [lambda (the carries lam_idx), dp (the captured dp_idx)].  The
 * phases above in order; on failure the adjoints set are dropped. */
static dfg_status grad_wg(ctrl_rec * c, dfg_node * y, dfg_node * const * gout, const int * need,
                          dfg_node ** gx)
{
    wgr r;
    memset(&r, 0, sizeof r);
    r.c = c;
    r.W = c->src;
    r.y = y;
    r.gout = gout;
    r.need = need;
    r.nc = r.W->nc;
    r.np = r.W->np;
    r.nl = c->nfc;
    r.nfp = c->nfp;
    r.npar = r.W->n_par;
    int nc = r.nc, np = r.np;
    int want_s = 0, want_cp = 0;
    for (int k = 0; k < nc + np; k++)
        want_cp |= need[k];
    for (int k = 0; k < r.nl; k++)
        want_s |= need[nc + np + k];
    size_t nn = (size_t)(24 * (r.npar + 4));
    dfg_node ** v = dfg_calloc(nn, sizeof *v);
    int * iv = dfg_calloc(nn, sizeof *iv);
    if (!v || !iv) {
        dfg_free(v);
        dfg_free(iv);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    }
    wgr_lists(&r, v, iv);
    /* W+ : state [c, c'] (c' for the float carries), captured [p, p'] */
    wgr_tangent_body(&r);
    wgr_tangent_loop(&r);
    if (r.g.st)
        goto done;
    if (want_s)
        wgr_seed_adjoints(&r, gx);
    if (want_cp)
        wgr_input_adjoints(&r, gx);
done:;
    dfg_status st = r.g.st;
    if (st)
        dfg_ctrl_drop(y->n_in, gx);
    gb_release(&r.g);
    dfg_free(v);
    dfg_free(iv);
    return st;
}

dfg_status dfg_ctrl_grad_while(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                               const int * need, dfg_node ** gx)
{
    if (c->src)
        return grad_wg(c, y, gout, need, gx);
    /* a while loop: its gradient node, seeded with the adjoints of the
     * final state */
    int nc = c->nc, np = c->np;
    gctx g = {0};
    dfg_node ** v = dfg_calloc((size_t)(2 * (nc + np)) + 2, sizeof *v);
    int * want = dfg_calloc((size_t)(nc + np) + 1, sizeof *want);
    if (!v || !want) {
        dfg_free(v);
        dfg_free(want);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    }
    for (int k = 0; k < nc + np; k++)
        want[k] = need[k];
    make_wg(&g, c, y->in, y->in + nc, gout, want, want + nc, v, v + nc);
    for (int k = 0; k < nc + np && !g.st; k++)
        if (need[k] && v[k]) {
            gx[k] = v[k];
            dfg_node_use(v[k]);
        }
    dfg_status st = g.st;
    gb_release(&g);
    dfg_free(v);
    dfg_free(want);
    return st;
}
