/* lib/control/ctrl-grad.c -- the gradient rules of control-flow constructs (see
 * lib/control/ctrl.c for the constructs and the scheme).  Every rule builds new
 * constructs whose bodies are vector-Jacobian products of the old bodies,
 * made by lib/autodiff/grad.c on the body graphs, so the results can be
 * differentiated again.  Temporaries live in a gctx (lib/autodiff/grad-impl.h). */
#include <string.h>
#include "../autodiff/grad-impl.h"
#include "../passes/pass.h"
#include "ctrl-impl.h"

void dfg_ctrl_drop(int n, dfg_node ** gx)
{
    for (int k = 0; k < n; k++)
        if (gx[k]) {
            dfg_node_unuse(gx[k]);
            gx[k] = NULL;
        }
}

dfg_node * dfg_ctrl_keep_param(gctx * g, const dfg_node * x, const char * name)
{
    if (g->st)
        return NULL;
    dfg_node * p = dfg_ctrl_param(x->dtype, x->ndim, x->dims, name);
    return p ? gb_keep(g, p) : gb_fail(g, DFG_ERR_NOMEM);
}

void dfg_ctrl_substitute_kept(gctx * g, int n, dfg_node * const * res, int m,
                              dfg_node * const * from, dfg_node * const * to, dfg_node ** out)
{
    if (g->st)
        return;
    for (int k = 0; k < n; k++) {
        out[k] = res[k];
        dfg_node_use(out[k]);
    }
    dfg_status st = dfg_ctrl_substitute(n, out, m, from, to);
    for (int k = 0; k < n; k++) {
        if (st) {
            dfg_node_unuse(out[k]);
            out[k] = NULL;
        } else
            gb_keep(g, out[k]);
    }
    if (st)
        gb_fail(g, st);
}

/* A construct from spec: outs (s's output count) kept in g. */
static void make(gctx * g, const ctrl_spec * s, int n_out, dfg_node ** outs)
{
    if (g->st)
        return;
    dfg_status st = dfg_ctrl_make(s, outs);
    if (st) {
        for (int k = 0; k < n_out; k++)
            outs[k] = NULL;
        gb_fail(g, st);
        return;
    }
    for (int k = 0; k < n_out; k++)
        gb_keep(g, outs[k]);
}

/* The vector-Jacobian product of n_y results with seeds (NULL entries
 * skipped) with respect to xs, kept in g (zeros where none reaches). */
static void vjp(gctx * g, int n_y, dfg_node * const * ys, dfg_node * const * seeds, int n_x,
                dfg_node * const * xs, dfg_node ** gx)
{
    if (g->st)
        return;
    dfg_status st = dfg_grad_multi(n_y, ys, seeds, n_x, xs, gx);
    if (st) {
        gb_fail(g, st);
        return;
    }
    for (int k = 0; k < n_x; k++)
        gb_keep(g, gx[k]);
}

/* growable node lists in one allocation per rule */
typedef struct nlist {
    dfg_node ** n;
    int         len;
} nlist;

static dfg_status lists_alloc(int count, int cap, nlist * ls, dfg_node *** block)
{
    *block = dfg_calloc((size_t)count * (size_t)(cap + 1), sizeof **block);
    if (!*block)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    for (int k = 0; k < count; k++) {
        ls[k].n = *block + (size_t)k * (size_t)(cap + 1);
        ls[k].len = 0;
    }
    return DFG_OK;
}

static void push(nlist * l, dfg_node * n)
{
    l->n[l->len++] = n;
}

/* ---- cond -------------------------------------------------------------------- */

/* cond (pred, then, else) -> cond (pred, vjp then, vjp else): the seeds
 * and the arguments go in, the needed arguments' adjoints come out. */
static dfg_status grad_cond(ctrl_rec * c, dfg_node * y, dfg_node * const * gout, const int * need,
                            dfg_node ** gx)
{
    gctx g = {0};
    enum { SEED, SEEDIN, Q, WRT, WHO, PAR, INS, R, GQ, R2, GQ2, NL };
    nlist L[NL];
    dfg_node ** block;
    int cap = c->n_par + c->n_out + 2;
    dfg_status st = lists_alloc(NL, 2 * cap, L, &block);
    if (st)
        return st;
    int sel[64], n_sel = 0;   /* outputs with a seed */
    for (int k = 0; k < c->n_out && n_sel < 64; k++)
        if (gout[k] && ctrl_float(c->body[0].res[k])) {
            sel[n_sel++] = k;
            push(&L[SEED], dfg_ctrl_keep_param(&g, gout[k], "seed"));
            push(&L[SEEDIN], gout[k]);
        }
    for (int k = 0; k < c->n_par; k++) {
        push(&L[Q], dfg_ctrl_keep_param(&g, c->par[k], "argument"));
        if (need[1 + k] && ctrl_float(c->par[k])) {
            push(&L[WRT], L[Q].n[k]);
            push(&L[WHO], (dfg_node *)(intptr_t)k);
        }
    }
    if (!L[WRT].len || !n_sel || g.st)
        goto done;
    for (int b = 0; b < 2; b++) {
        nlist * r = &L[b ? R2 : R], * gq = &L[b ? GQ2 : GQ];
        dfg_node * ys[64];
        dfg_ctrl_substitute_kept(&g, c->n_out, c->body[b].res, c->n_par, c->par, L[Q].n, r->n);
        for (int k = 0; k < n_sel && !g.st; k++)
            ys[k] = r->n[sel[k]];
        vjp(&g, n_sel, ys, L[SEED].n, L[WRT].len, L[WRT].n, gq->n);
        gq->len = L[WRT].len;
    }
    for (int k = 0; k < n_sel; k++) {
        push(&L[PAR], L[SEED].n[k]);
        push(&L[INS], L[SEEDIN].n[k]);
    }
    for (int k = 0; k < c->n_par; k++) {
        push(&L[PAR], L[Q].n[k]);
        push(&L[INS], y->in[1 + k]);
    }
    ctrl_spec s = { DFG_OP_COND, "cond", 0, 0, L[PAR].len, L[PAR].n, L[INS].n, y->in[0],
                    { L[GQ].len, L[GQ2].len }, { L[GQ].n, L[GQ2].n }, 0, 0, 0, 0, 0, NULL };
    dfg_node ** outs = L[R].n;     /* reused: the rows are no longer needed */
    make(&g, &s, L[GQ].len, outs);
    for (int k = 0; k < L[WRT].len && !g.st; k++) {
        int who = (int)(intptr_t)L[WHO].n[k];
        gx[1 + who] = outs[k];
        dfg_node_use(outs[k]);
    }
done:
    st = g.st;
    gb_release(&g);
    dfg_free(block);
    return st;
}

/* ---- scan -------------------------------------------------------------------- */

/* The node lists of grad_scan (see its phases below). */
enum { GS_RES2, GS_OUT2, GS_DC, GS_DPA, GS_E, GS_EX, GS_XQ, GS_DY, GS_YO, GS_PQ, GS_RB,
       GS_SEEDS, GS_YS, GS_WRT, GS_GV, GS_FROM, GS_TO, GS_RES3, GS_PAR, GS_INS, GS_OUT3,
       GS_NL };

/* The state grad_scan's phases share: the rule's arguments, the
 * temporaries (g, which owns every node made), the lists, and what the
 * phases tell each other. */
typedef struct gscan {
    ctrl_rec *         c;
    dfg_node *         y;
    dfg_node * const * gout;
    const int *        need;
    gctx               g;
    nlist              L[GS_NL];
    int                nfc;          /* float carries                        */
    int                n_wp;         /* captured values whose adjoint is wanted */
    int                nc_b, nx_b;   /* the backward loop's carries, sequences */
    int                wantp[256];   /* captured value k's adjoint wanted    */
    int                has_dy[256];  /* per-step output k has a seed         */
    int                wantx[256];   /* sequence k's adjoint wanted          */
} gscan;

/* 1. The loop again with its tape, the entry and exit carries of every
 * step as extra per-step outputs (in OUT2, kept in g); the taped run
 * references the construct it extends. */
static void gscan_taped_loop(gscan * sg)
{
    ctrl_rec * c = sg->c;
    nlist * L = sg->L;
    int nc = c->nc, nx = c->nx, np = c->np, ny = c->ny;
    for (int k = 0; k < nc + ny; k++)
        push(&L[GS_RES2], c->body[0].res[k]);
    for (int j = 0; j < nc; j++)
        push(&L[GS_RES2], c->par[j]);
    for (int j = 0; j < nc; j++)
        push(&L[GS_RES2], c->body[0].res[j]);
    ctrl_spec s1 = { DFG_OP_LOOP, c->fn, nc, nx, np, c->par, sg->y->in, NULL,
                     { L[GS_RES2].len, 0 }, { L[GS_RES2].n, NULL }, c->T, c->reverse, 0, 0, 0, NULL };
    make(&sg->g, &s1, L[GS_RES2].len, L[GS_OUT2].n);
    if (!sg->g.st) {
        /* the cse pass reads the scan's own outputs from this run */
        ctrl_rec * t = dfg_ctrl_of(L[GS_OUT2].n[0]->in[0]);
        if (t && !t->base) {
            t->base = c;
            c->refs++;
        }
    }
}

/* 2. The backward body's parameters (kept in g): carry adjoints (DC),
 * accumulated captured adjoints (DPA), entry and exit carries (E, EX),
 * slices (XQ), step outputs (YO) and their seeds (DY), captured values
 * (PQ); sets nfc, wantp, n_wp, has_dy. */
static void gscan_params(gscan * sg)
{
    ctrl_rec * c = sg->c;
    gctx * g = &sg->g;
    nlist * L = sg->L;
    int nc = c->nc, nx = c->nx, np = c->np, ny = c->ny;
    for (int j = 0; j < nc; j++)
        if (ctrl_float(c->par[j])) {
            push(&L[GS_DC], dfg_ctrl_keep_param(g, c->par[j], "carry adjoint"));
            sg->nfc++;
        }
    for (int k = 0; k < np && k < 256; k++)
        if (sg->need[nc + nx + k] && ctrl_float(c->par[nc + nx + k])) {
            sg->wantp[k] = 1;
            push(&L[GS_DPA], dfg_ctrl_keep_param(g, c->par[nc + nx + k], "captured adjoint"));
            sg->n_wp++;
        }
    for (int j = 0; j < nc; j++) {
        push(&L[GS_E], dfg_ctrl_keep_param(g, c->par[j], "carry"));
        push(&L[GS_EX], dfg_ctrl_keep_param(g, c->par[j], "next carry"));
    }
    for (int k = 0; k < nx; k++)
        push(&L[GS_XQ], dfg_ctrl_keep_param(g, c->par[nc + k], "slice"));
    for (int k = 0; k < ny && k < 256; k++) {
        const dfg_node * r = c->body[0].res[nc + k];
        push(&L[GS_YO], dfg_ctrl_keep_param(g, r, "step output"));
        if (sg->gout[nc + k] && ctrl_float(r)) {
            sg->has_dy[k] = 1;
            dfg_node * d = dfg_ctrl_keep_param(g, r, "step output adjoint");
            push(&L[GS_DY], d);
        }
    }
    for (int k = 0; k < np; k++)
        push(&L[GS_PQ], dfg_ctrl_keep_param(g, c->par[nc + nx + k], "captured"));
}

/* 3. The body again on the parameters (RB) and its vector-Jacobian
 * product (GV, kept in g) with respect to the float carries, the wanted
 * slices (wantx) and the wanted captured values. */
static void gscan_body_vjp(gscan * sg)
{
    ctrl_rec * c = sg->c;
    gctx * g = &sg->g;
    nlist * L = sg->L;
    int nc = c->nc, nx = c->nx, np = c->np, ny = c->ny;
    dfg_node ** to = L[GS_TO].n;
    for (int j = 0; j < nc; j++)
        to[j] = L[GS_E].n[j];
    for (int k = 0; k < nx; k++)
        to[nc + k] = L[GS_XQ].n[k];
    for (int k = 0; k < np; k++)
        to[nc + nx + k] = L[GS_PQ].n[k];
    dfg_ctrl_substitute_kept(g, nc + ny, c->body[0].res, c->n_par, c->par, to, L[GS_RB].n);
    for (int j = 0, f = 0; j < nc && !g->st; j++)
        if (ctrl_float(c->par[j])) {
            push(&L[GS_YS], L[GS_RB].n[j]);
            push(&L[GS_SEEDS], L[GS_DC].n[f++]);
        }
    for (int k = 0, d = 0; k < ny && !g->st; k++)
        if (sg->has_dy[k]) {
            push(&L[GS_YS], L[GS_RB].n[nc + k]);
            push(&L[GS_SEEDS], L[GS_DY].n[d++]);
        }
    for (int j = 0; j < nc; j++)
        if (ctrl_float(c->par[j]))
            push(&L[GS_WRT], L[GS_E].n[j]);
    for (int k = 0; k < nx && k < 256; k++)
        if (sg->need[nc + k] && ctrl_float(c->par[nc + k])) {
            sg->wantx[k] = 1;
            push(&L[GS_WRT], L[GS_XQ].n[k]);
        }
    for (int k = 0; k < np; k++)
        if (sg->wantp[k])
            push(&L[GS_WRT], L[GS_PQ].n[k]);
    vjp(g, L[GS_YS].len, L[GS_YS].n, L[GS_SEEDS].n, L[GS_WRT].len, L[GS_WRT].n, L[GS_GV].n);
    L[GS_GV].len = L[GS_WRT].len;
}

/* The body's results are on the tape: GV rewritten to read them there
 * (EX, YO) instead of recomputing them (and whatever only they needed). */
static void gscan_read_tape(gscan * sg)
{
    ctrl_rec * c = sg->c;
    gctx * g = &sg->g;
    nlist * L = sg->L;
    int nc = c->nc, ny = c->ny;
    for (int j = 0; j < nc && !g->st; j++)
        if (dfg_ops[L[GS_RB].n[j]->op].family != DFG_FAM_LEAF) {
            push(&L[GS_FROM], L[GS_RB].n[j]);
            L[GS_TO].n[L[GS_FROM].len - 1] = L[GS_EX].n[j];
        }
    for (int k = 0; k < ny && !g->st; k++)
        if (dfg_ops[L[GS_RB].n[nc + k]->op].family != DFG_FAM_LEAF) {
            push(&L[GS_FROM], L[GS_RB].n[nc + k]);
            L[GS_TO].n[L[GS_FROM].len - 1] = L[GS_YO].n[k];
        }
    if (L[GS_FROM].len && !g->st) {
        dfg_node ** sub = L[GS_RES3].n;
        dfg_ctrl_substitute_kept(g, L[GS_GV].len, L[GS_GV].n, L[GS_FROM].len, L[GS_FROM].n,
                                 L[GS_TO].n, sub);
        for (int k = 0; k < L[GS_GV].len && !g->st; k++)
            L[GS_GV].n[k] = sub[k];
    }
}

/* 4a. The backward body's results (RES3): [carry adjoints, accumulated
 * captured adjoints, the wanted sequences' adjoints]. */
static void gscan_backward_results(gscan * sg)
{
    ctrl_rec * c = sg->c;
    gctx * g = &sg->g;
    nlist * L = sg->L;
    int nx = c->nx, np = c->np;
    L[GS_RES3].len = 0;
    int at = 0;
    for (int j = 0; j < sg->nfc; j++)
        push(&L[GS_RES3], L[GS_GV].n[at++]);
    int gx_at = at;
    for (int k = 0; k < nx; k++)
        if (sg->wantx[k])
            at++;
    for (int k = 0, d = 0; k < np && !g->st; k++)
        if (sg->wantp[k]) {
            dfg_node * acc = L[GS_DPA].n[d++], * add = L[GS_GV].n[at++];
            push(&L[GS_RES3], pass_is_const(add, 0) ? acc : gb_add(g, acc, add));
        }
    for (int k = 0, q = gx_at; k < nx; k++)
        if (sg->wantx[k])
            push(&L[GS_RES3], L[GS_GV].n[q++]);
}

/* 4b. The backward loop's parameters (PAR) and what they are bound to
 * (INS): carries [carry adjoints (seeded with the outputs' adjoints),
 * accumulated captured adjoints (from zero)], sequences [tape, sequences,
 * output seeds, outputs], then the captured values; sets nc_b, nx_b. */
static void gscan_backward_inputs(gscan * sg)
{
    ctrl_rec * c = sg->c;
    gctx * g = &sg->g;
    nlist * L = sg->L;
    dfg_node * y = sg->y;
    dfg_node * const * gout = sg->gout;
    int nc = c->nc, nx = c->nx, np = c->np, ny = c->ny;
    for (int k = 0; k < sg->nfc; k++)
        push(&L[GS_PAR], L[GS_DC].n[k]);
    for (int k = 0; k < sg->n_wp; k++)
        push(&L[GS_PAR], L[GS_DPA].n[k]);
    for (int j = 0, f = 0; j < nc && !g->st; j++)
        if (ctrl_float(c->par[j])) {
            dfg_node * s = gout[j] ? gout[j] : gb_fill(g, c->par[j]->dtype, c->par[j]->ndim,
                                                       c->par[j]->dims, 0);
            push(&L[GS_INS], s);
            f++;
        }
    for (int k = 0; k < np; k++)
        if (sg->wantp[k])
            push(&L[GS_INS], gb_fill(g, c->par[nc + nx + k]->dtype, c->par[nc + nx + k]->ndim,
                                     c->par[nc + nx + k]->dims, 0));
    sg->nc_b = L[GS_PAR].len;
    for (int j = 0; j < nc; j++) {
        push(&L[GS_PAR], L[GS_E].n[j]);
        push(&L[GS_INS], L[GS_OUT2].n[nc + ny + j]);
    }
    for (int j = 0; j < nc; j++) {
        push(&L[GS_PAR], L[GS_EX].n[j]);
        push(&L[GS_INS], L[GS_OUT2].n[nc + ny + nc + j]);
    }
    for (int k = 0; k < nx; k++) {
        push(&L[GS_PAR], L[GS_XQ].n[k]);
        push(&L[GS_INS], y->in[nc + k]);
    }
    for (int k = 0, d = 0; k < ny; k++)
        if (sg->has_dy[k]) {
            push(&L[GS_PAR], L[GS_DY].n[d++]);
            push(&L[GS_INS], gout[nc + k]);
        }
    for (int k = 0; k < ny; k++) {
        push(&L[GS_PAR], L[GS_YO].n[k]);
        push(&L[GS_INS], L[GS_OUT2].n[nc + k]);
    }
    sg->nx_b = L[GS_PAR].len - sg->nc_b;
    for (int k = 0; k < np; k++) {
        push(&L[GS_PAR], L[GS_PQ].n[k]);
        push(&L[GS_INS], y->in[nc + nx + k]);
    }
}

/* 5. The adjoints of the inputs from the backward loop's outputs (OUT3):
 * gx[k] gets a use of each (the caller's). */
static void gscan_adjoints(gscan * sg, dfg_node ** gx)
{
    ctrl_rec * c = sg->c;
    gctx * g = &sg->g;
    nlist * L = sg->L;
    int nc = c->nc, nx = c->nx, np = c->np;
    for (int j = 0, f = 0; j < nc; j++)
        if (ctrl_float(c->par[j])) {
            if (sg->need[j]) {
                gx[j] = L[GS_OUT3].n[f];
                dfg_node_use(gx[j]);
            }
            f++;
        }
    for (int k = 0, d = 0; k < np; k++)
        if (sg->wantp[k]) {
            gx[nc + nx + k] = L[GS_OUT3].n[sg->nfc + d++];
            dfg_node_use(gx[nc + nx + k]);
        }
    for (int k = 0, q = 0; k < nx && !g->st; k++)
        if (sg->wantx[k]) {
            dfg_node * s = gb_reshape_like(g, L[GS_OUT3].n[sg->nc_b + q++], sg->y->in[nc + k]);
            if (s) {
                gx[nc + k] = s;
                dfg_node_use(s);
            }
        }
}

/* See lib/control/ctrl.c: the loop again with its carries stacked (the tape), then
 * the reverse loop of vector-Jacobian products over it.  The phases make
 * their nodes in g (nothing once g has failed); on failure the adjoints
 * set so far are dropped. */
static dfg_status grad_scan(ctrl_rec * c, dfg_node * y, dfg_node * const * gout, const int * need,
                            dfg_node ** gx)
{
    gscan sg;
    memset(&sg, 0, sizeof sg);
    sg.c = c;
    sg.y = y;
    sg.gout = gout;
    sg.need = need;
    dfg_node ** block;
    int cap = 4 * (c->n_par + c->n_out) + 8;
    dfg_status st = lists_alloc(GS_NL, cap, sg.L, &block);
    if (st)
        return st;
    gscan_taped_loop(&sg);
    gscan_params(&sg);
    gscan_body_vjp(&sg);
    gscan_read_tape(&sg);
    gscan_backward_results(&sg);
    gscan_backward_inputs(&sg);
    if (sg.g.st)
        goto done;
    ctrl_spec s2 = { DFG_OP_LOOP, c->fn, sg.nc_b, sg.nx_b, c->np, sg.L[GS_PAR].n, sg.L[GS_INS].n,
                     NULL, { sg.L[GS_RES3].len, 0 }, { sg.L[GS_RES3].n, NULL }, c->T, !c->reverse,
                     0, 0, 0, NULL };
    make(&sg.g, &s2, sg.L[GS_RES3].len, sg.L[GS_OUT3].n);
    if (sg.g.st)
        goto done;
    gscan_adjoints(&sg, gx);
done:
    st = sg.g.st;
    if (st)
        dfg_ctrl_drop(y->n_in, gx);
    gb_release(&sg.g);
    dfg_free(block);
    return st;
}

dfg_status dfg_ctrl_grad(dfg_node * y, dfg_node * const * gout, const int * need, dfg_node ** gx)
{
    ctrl_rec * c = dfg_ctrl_of(y);
    if (!c)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: %s node without its construct",
                             dfg_ops[y->op].name);
    if (c->ode)
        return dfg_ctrl_ode_grad(c, y, gout, need, gx);
    if (c->integ)
        return dfg_ctrl_integ_grad(c, y, gout, need, gx);
    if (c->n_par > 256 || c->n_out > 64)
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.grad: a loop or cond with more than 256 "
                             "inputs or 64 outputs cannot be differentiated");
    if (c->implicit)
        return dfg_ctrl_grad_implicit(c, y, gout, need, gx);
    if (y->op == DFG_OP_COND)
        return grad_cond(c, y, gout, need, gx);
    if (c->T < 0)
        return dfg_ctrl_grad_while(c, y, gout, need, gx);
    return grad_scan(c, y, gout, need, gx);
}
