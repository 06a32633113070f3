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
                    { L[GQ].len, L[GQ2].len }, { L[GQ].n, L[GQ2].n }, 0, 0, 0, 0, 0 };
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

/* See lib/control/ctrl.c: the loop again with its carries stacked (the tape), then
 * the reverse loop of vector-Jacobian products over it. */
static dfg_status grad_scan(ctrl_rec * c, dfg_node * y, dfg_node * const * gout, const int * need,
                            dfg_node ** gx)
{
    gctx g = {0};
    int nc = c->nc, nx = c->nx, np = c->np, ny = c->ny;
    enum { RES2, OUT2, DC, DPA, E, EX, XQ, DY, YO, PQ, RB, SEEDS, YS, WRT, GV, FROM, TO,
           RES3, PAR, INS, OUT3, NL };
    nlist L[NL];
    dfg_node ** block;
    int cap = 4 * (c->n_par + c->n_out) + 8;
    dfg_status st = lists_alloc(NL, cap, L, &block);
    if (st)
        return st;
    /* 1. the loop with its tape: entry and exit carries of every step */
    for (int k = 0; k < nc + ny; k++)
        push(&L[RES2], c->body[0].res[k]);
    for (int j = 0; j < nc; j++)
        push(&L[RES2], c->par[j]);
    for (int j = 0; j < nc; j++)
        push(&L[RES2], c->body[0].res[j]);
    ctrl_spec s1 = { DFG_OP_LOOP, c->fn, nc, nx, np, c->par, y->in, NULL,
                     { L[RES2].len, 0 }, { L[RES2].n, NULL }, c->T, c->reverse, 0, 0, 0 };
    make(&g, &s1, L[RES2].len, L[OUT2].n);
    if (!g.st) {
        /* the cse pass reads the scan's own outputs from this run */
        ctrl_rec * t = dfg_ctrl_of(L[OUT2].n[0]->in[0]);
        if (t && !t->base) {
            t->base = c;
            c->refs++;
        }
    }
    /* 2. the backward body's parameters */
    int nfc = 0;
    for (int j = 0; j < nc; j++)
        if (ctrl_float(c->par[j])) {
            push(&L[DC], dfg_ctrl_keep_param(&g, c->par[j], "carry adjoint"));
            nfc++;
        }
    int wantp[256] = {0}, n_wp = 0;
    for (int k = 0; k < np && k < 256; k++)
        if (need[nc + nx + k] && ctrl_float(c->par[nc + nx + k])) {
            wantp[k] = 1;
            push(&L[DPA], dfg_ctrl_keep_param(&g, c->par[nc + nx + k], "captured adjoint"));
            n_wp++;
        }
    for (int j = 0; j < nc; j++) {
        push(&L[E], dfg_ctrl_keep_param(&g, c->par[j], "carry"));
        push(&L[EX], dfg_ctrl_keep_param(&g, c->par[j], "next carry"));
    }
    for (int k = 0; k < nx; k++)
        push(&L[XQ], dfg_ctrl_keep_param(&g, c->par[nc + k], "slice"));
    int has_dy[256] = {0};
    for (int k = 0; k < ny && k < 256; k++) {
        const dfg_node * r = c->body[0].res[nc + k];
        push(&L[YO], dfg_ctrl_keep_param(&g, r, "step output"));
        if (gout[nc + k] && ctrl_float(r)) {
            has_dy[k] = 1;
            dfg_node * d = dfg_ctrl_keep_param(&g, r, "step output adjoint");
            push(&L[DY], d);
        }
    }
    for (int k = 0; k < np; k++)
        push(&L[PQ], dfg_ctrl_keep_param(&g, c->par[nc + nx + k], "captured"));
    /* 3. the body again on them, and its vector-Jacobian product */
    dfg_node ** to = L[TO].n;
    for (int j = 0; j < nc; j++)
        to[j] = L[E].n[j];
    for (int k = 0; k < nx; k++)
        to[nc + k] = L[XQ].n[k];
    for (int k = 0; k < np; k++)
        to[nc + nx + k] = L[PQ].n[k];
    dfg_ctrl_substitute_kept(&g, nc + ny, c->body[0].res, c->n_par, c->par, to, L[RB].n);
    for (int j = 0, f = 0; j < nc && !g.st; j++)
        if (ctrl_float(c->par[j])) {
            push(&L[YS], L[RB].n[j]);
            push(&L[SEEDS], L[DC].n[f++]);
        }
    for (int k = 0, d = 0; k < ny && !g.st; k++)
        if (has_dy[k]) {
            push(&L[YS], L[RB].n[nc + k]);
            push(&L[SEEDS], L[DY].n[d++]);
        }
    int wantx[256] = {0};
    for (int j = 0; j < nc; j++)
        if (ctrl_float(c->par[j]))
            push(&L[WRT], L[E].n[j]);
    for (int k = 0; k < nx && k < 256; k++)
        if (need[nc + k] && ctrl_float(c->par[nc + k])) {
            wantx[k] = 1;
            push(&L[WRT], L[XQ].n[k]);
        }
    for (int k = 0; k < np; k++)
        if (wantp[k])
            push(&L[WRT], L[PQ].n[k]);
    vjp(&g, L[YS].len, L[YS].n, L[SEEDS].n, L[WRT].len, L[WRT].n, L[GV].n);
    L[GV].len = L[WRT].len;
    /* the body's results are on the tape: read them there instead of
     * recomputing them (and whatever only they needed) */
    for (int j = 0; j < nc && !g.st; j++)
        if (dfg_ops[L[RB].n[j]->op].family != DFG_FAM_LEAF) {
            push(&L[FROM], L[RB].n[j]);
            L[TO].n[L[FROM].len - 1] = L[EX].n[j];
        }
    for (int k = 0; k < ny && !g.st; k++)
        if (dfg_ops[L[RB].n[nc + k]->op].family != DFG_FAM_LEAF) {
            push(&L[FROM], L[RB].n[nc + k]);
            L[TO].n[L[FROM].len - 1] = L[YO].n[k];
        }
    if (L[FROM].len && !g.st) {
        dfg_node ** sub = L[RES3].n;
        dfg_ctrl_substitute_kept(&g, L[GV].len, L[GV].n, L[FROM].len, L[FROM].n, L[TO].n, sub);
        for (int k = 0; k < L[GV].len && !g.st; k++)
            L[GV].n[k] = sub[k];
    }
    /* 4. the backward loop: carries [carry adjoints, accumulated captured
     * adjoints], sequences [tape, sequences, output seeds, outputs],
     * per-step outputs the sequences' adjoints */
    L[RES3].len = 0;
    int at = 0;
    for (int j = 0; j < nfc; j++)
        push(&L[RES3], L[GV].n[at++]);
    int gx_at = at;
    for (int k = 0; k < nx; k++)
        if (wantx[k])
            at++;
    for (int k = 0, d = 0; k < np && !g.st; k++)
        if (wantp[k]) {
            dfg_node * acc = L[DPA].n[d++], * add = L[GV].n[at++];
            push(&L[RES3], pass_is_const(add, 0) ? acc : gb_add(&g, acc, add));
        }
    for (int k = 0, q = gx_at; k < nx; k++)
        if (wantx[k])
            push(&L[RES3], L[GV].n[q++]);
    for (int k = 0; k < nfc; k++)
        push(&L[PAR], L[DC].n[k]);
    for (int k = 0; k < n_wp; k++)
        push(&L[PAR], L[DPA].n[k]);
    for (int j = 0, f = 0; j < nc && !g.st; j++)
        if (ctrl_float(c->par[j])) {
            dfg_node * s = gout[j] ? gout[j] : gb_fill(&g, c->par[j]->dtype, c->par[j]->ndim,
                                                       c->par[j]->dims, 0);
            push(&L[INS], s);
            f++;
        }
    for (int k = 0; k < np; k++)
        if (wantp[k])
            push(&L[INS], gb_fill(&g, c->par[nc + nx + k]->dtype, c->par[nc + nx + k]->ndim,
                                  c->par[nc + nx + k]->dims, 0));
    int nc_b = L[PAR].len;
    for (int j = 0; j < nc; j++) {
        push(&L[PAR], L[E].n[j]);
        push(&L[INS], L[OUT2].n[nc + ny + j]);
    }
    for (int j = 0; j < nc; j++) {
        push(&L[PAR], L[EX].n[j]);
        push(&L[INS], L[OUT2].n[nc + ny + nc + j]);
    }
    for (int k = 0; k < nx; k++) {
        push(&L[PAR], L[XQ].n[k]);
        push(&L[INS], y->in[nc + k]);
    }
    for (int k = 0, d = 0; k < ny; k++)
        if (has_dy[k]) {
            push(&L[PAR], L[DY].n[d++]);
            push(&L[INS], gout[nc + k]);
        }
    for (int k = 0; k < ny; k++) {
        push(&L[PAR], L[YO].n[k]);
        push(&L[INS], L[OUT2].n[nc + k]);
    }
    int nx_b = L[PAR].len - nc_b;
    for (int k = 0; k < np; k++) {
        push(&L[PAR], L[PQ].n[k]);
        push(&L[INS], y->in[nc + nx + k]);
    }
    if (g.st)
        goto done;
    ctrl_spec s2 = { DFG_OP_LOOP, c->fn, nc_b, nx_b, np, L[PAR].n, L[INS].n, NULL,
                     { L[RES3].len, 0 }, { L[RES3].n, NULL }, c->T, !c->reverse, 0, 0, 0 };
    make(&g, &s2, L[RES3].len, L[OUT3].n);
    if (g.st)
        goto done;
    /* 5. the adjoints of the inputs */
    for (int j = 0, f = 0; j < nc; j++)
        if (ctrl_float(c->par[j])) {
            if (need[j]) {
                gx[j] = L[OUT3].n[f];
                dfg_node_use(gx[j]);
            }
            f++;
        }
    for (int k = 0, d = 0; k < np; k++)
        if (wantp[k]) {
            gx[nc + nx + k] = L[OUT3].n[nfc + d++];
            dfg_node_use(gx[nc + nx + k]);
        }
    for (int k = 0, q = 0; k < nx && !g.st; k++)
        if (wantx[k]) {
            dfg_node * s = gb_reshape_like(&g, L[OUT3].n[nc_b + q++], y->in[nc + k]);
            if (s) {
                gx[nc + k] = s;
                dfg_node_use(s);
            }
        }
done:
    st = g.st;
    if (st)
        dfg_ctrl_drop(y->n_in, gx);
    gb_release(&g);
    dfg_free(block);
    return st;
}

dfg_status dfg_ctrl_grad(dfg_node * y, dfg_node * const * gout, const int * need, dfg_node ** gx)
{
    ctrl_rec * c = dfg_ctrl_of(y);
    if (!c)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: %s node without its construct",
                             dfg_ops[y->op].name);
    if (c->n_par > 256 || c->n_out > 64)
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.grad: a loop or cond with more than 256 "
                             "inputs or 64 outputs cannot be differentiated");
    if (y->op == DFG_OP_COND)
        return grad_cond(c, y, gout, need, gx);
    if (c->T < 0)
        return dfg_ctrl_grad_while(c, y, gout, need, gx);
    return grad_scan(c, y, gout, need, gx);
}
