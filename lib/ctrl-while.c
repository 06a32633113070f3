/* lib/ctrl-while.c -- reverse mode through while loops.
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
#include "grad-impl.h"
#include "plan-impl.h"
#include "pass.h"
#include "ctrl-impl.h"

static int is_float(const dfg_node * n)
{
    return n->dtype != DFG_LOGICAL;
}

static dfg_node * keep_param(gctx * g, const dfg_node * x, const char * name)
{
    if (g->st)
        return NULL;
    dfg_node * p = dfg_ctrl_param(x->dtype, x->ndim, x->dims, name);
    return p ? gb_keep(g, p) : gb_fail(g, DFG_ERR_NOMEM);
}

static void substitute(gctx * g, int n, dfg_node * const * res, int m, dfg_node * const * from,
                       dfg_node * const * to, dfg_node ** out)
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

/* ---- building the gradient node ------------------------------------------------ */

/* Node lists of a rule, freed together. */
typedef struct wlists {
    dfg_node ** lam, ** dpa, ** e, ** ex, ** pq, ** fb, ** ys, ** wrt, ** gv, ** from, ** to,
             ** res, ** par;
    dfg_node ** block;
} wlists;

static dfg_status wlists_alloc(wlists * w, int cap)
{
    dfg_node *** f[] = { &w->lam, &w->dpa, &w->e, &w->ex, &w->pq, &w->fb, &w->ys, &w->wrt,
                         &w->gv, &w->from, &w->to, &w->res, &w->par };
    int nf = (int)(sizeof f / sizeof *f);
    w->block = dfg_calloc((size_t)nf * (size_t)(cap + 1), sizeof *w->block);
    if (!w->block)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    for (int k = 0; k < nf; k++)
        *f[k] = w->block + (size_t)k * (size_t)(cap + 1);
    return DFG_OK;
}

/* The gradient node of while loop W on inputs c0 (nc), p (np) and seeds
 * (one per float carry): outs gets [dc0 (float carries), dp (float
 * captured)], kept in g. */
static void make_wg(gctx * g, ctrl_rec * W, dfg_node * const * c0, dfg_node * const * p,
                    dfg_node * const * seeds, dfg_node ** outs)
{
    if (g->st)
        return;
    int nc = W->nc, np = W->np, nfc = 0, nfp = 0;
    wlists w;
    dfg_status st = wlists_alloc(&w, 4 * (W->n_par + 4));
    if (st) {
        gb_fail(g, st);
        return;
    }
    ctrl_rec * c = NULL;
    dfg_node ** ins = NULL;
    for (int j = 0; j < nc; j++) {
        if (is_float(W->par[j]))
            w.lam[nfc++] = keep_param(g, W->par[j], "state adjoint");
        w.e[j] = keep_param(g, W->par[j], "state");
        w.ex[j] = keep_param(g, W->par[j], "next state");
    }
    for (int k = 0; k < np; k++) {
        const dfg_node * q = W->par[nc + k];
        if (is_float(q))
            w.dpa[nfp++] = keep_param(g, q, "captured adjoint");
        w.pq[k] = keep_param(g, q, "captured");
    }
    /* the body on (e, pq), its vector-Jacobian product */
    for (int j = 0; j < nc; j++)
        w.to[j] = w.e[j];
    for (int k = 0; k < np; k++)
        w.to[nc + k] = w.pq[k];
    substitute(g, nc, W->body[0].res, W->n_par, W->par, w.to, w.fb);
    int ny = 0, nw = 0;
    for (int j = 0; j < nc && !g->st; j++)
        if (is_float(W->par[j])) {
            w.ys[ny++] = w.fb[j];
            w.wrt[nw++] = w.e[j];
        }
    for (int k = 0; k < np && !g->st; k++)
        if (is_float(W->par[nc + k]))
            w.wrt[nw++] = w.pq[k];
    if (!g->st && (st = dfg_grad_multi(ny, w.ys, w.lam, nw, w.wrt, w.gv)))
        gb_fail(g, st);
    for (int k = 0; k < nw && !g->st; k++)
        gb_keep(g, w.gv[k]);
    /* the body's results are the next state, on the stack */
    int nf = 0;
    for (int j = 0; j < nc && !g->st; j++)
        if (dfg_ops[w.fb[j]->op].family != DFG_FAM_LEAF) {
            w.from[nf] = w.fb[j];
            w.to[nf++] = w.ex[j];
        }
    if (nf && !g->st) {
        substitute(g, nw, w.gv, nf, w.from, w.to, w.res);
        for (int k = 0; k < nw && !g->st; k++)
            w.gv[k] = w.res[k];
    }
    /* results [lambda', dp + J_p' lambda] */
    for (int k = 0; k < nfc; k++)
        w.res[k] = w.gv[k];
    for (int k = 0; k < nfp && !g->st; k++)
        w.res[nfc + k] = pass_is_const(w.gv[nfc + k], 0) ? w.dpa[k] : gb_add(g, w.dpa[k], w.gv[nfc + k]);
    int nb = 0;
    for (int k = 0; k < nfc; k++)
        w.par[nb++] = w.lam[k];
    for (int k = 0; k < nfp; k++)
        w.par[nb++] = w.dpa[k];
    for (int j = 0; j < nc; j++)
        w.par[nb++] = w.e[j];
    for (int j = 0; j < nc; j++)
        w.par[nb++] = w.ex[j];
    for (int k = 0; k < np; k++)
        w.par[nb++] = w.pq[k];
    if (g->st)
        goto done;
    /* the construct */
    c = dfg_calloc(1, sizeof *c);
    int n_par = nc + np + nfc, n_out = nfc + nfp;
    ins = dfg_calloc((size_t)n_par + 1, sizeof *ins);
    if (!c || !ins || !(c->par = dfg_calloc((size_t)n_par + 1, sizeof *c->par)) ||
        !(c->body[0].par = dfg_calloc((size_t)nb + 1, sizeof *c->body[0].par)) ||
        !(c->body[0].res = dfg_calloc((size_t)n_out + 1, sizeof *c->body[0].res)) ||
        !(c->off = dfg_calloc((size_t)n_out + 1, sizeof *c->off)) ||
        !(c->odt = dfg_calloc((size_t)n_out + 1, sizeof *c->odt)) ||
        !(c->ond = dfg_calloc((size_t)n_out + 1, sizeof *c->ond)) ||
        !(c->odims = dfg_calloc((size_t)n_out + 1, sizeof *c->odims))) {
        gb_fail(g, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
        goto done;
    }
    c->slot = -1;
    c->refs = 1;
    c->kind = DFG_OP_LOOP;
    c->src = W;
    W->refs++;
    c->T = -1;
    c->maxiter = W->maxiter;
    c->nc = nc;
    c->np = np + nfc;
    c->nfc = nfc;
    c->nfp = nfp;
    c->n_par = n_par;
    for (int k = 0; k < nc + np; k++)
        c->par[k] = W->par[k];
    for (int k = 0; k < nfc; k++)
        c->par[nc + np + k] = w.lam[k];
    for (int k = 0; k < n_par; k++)
        dfg_node_use(c->par[k]);
    c->body[0].n_par = nb;
    for (int k = 0; k < nb; k++) {
        c->body[0].par[k] = w.par[k];
        dfg_node_use(w.par[k]);
    }
    c->body[0].n_res = n_out;
    for (int k = 0; k < n_out; k++) {
        c->body[0].res[k] = w.res[k];
        dfg_node_use(w.res[k]);
    }
    c->n_out = n_out;
    for (int k = 0, at = 0; k < nc + np; k++) {
        const dfg_node * q = W->par[k];
        if (!is_float(q))
            continue;
        c->odt[at] = q->dtype;
        c->ond[at] = q->ndim;
        memcpy(c->odims[at], q->dims, sizeof q->dims);
        at++;
    }
    {
        dfg_node ** r = w.res;
        int nr = n_out;
        dfg_node ** list;
        int32_t nl;
        double fl = W->flops;
        if (!pass_topo(nr, r, &list, &nl, NULL)) {
            for (int32_t k = 0; k < nl; k++)
                fl += mp_flops(list[k]);
            dfg_free(list);
        }
        c->flops = fl;
    }
    dfg_ctrl_layout(c);
    for (int j = 0; j < nc; j++)
        ins[j] = c0[j];
    for (int k = 0; k < np; k++)
        ins[nc + k] = p[k];
    for (int k = 0; k < nfc; k++)
        ins[nc + np + k] = seeds[k];
    if ((st = dfg_ctrl_node(c, ins, outs)))
        gb_fail(g, st);
    else
        for (int k = 0; k < n_out; k++)
            gb_keep(g, outs[k]);
done:
    if (c && --c->refs == 0)
        dfg_ctrl_free(c);
    dfg_free(ins);
    dfg_free(w.block);
}

/* ---- running it -------------------------------------------------------------------- */

static dfg_status truth(int dt, const void * p, int * t)
{
    double v = dt == DFG_DOUBLE ? *(const double *)p
             : dt == DFG_SINGLE ? *(const float *)p : *(const uint8_t *)p;
    if (v != v)
        return dfg_set_error(DFG_ERR_DOMAIN, "dfg.while: the condition is NaN");
    *t = v != 0;
    return DFG_OK;
}

dfg_status dfg_ctrl_run_while_grad(ctrl_rec * c, void * out, const void * const * in)
{
    ctrl_rec * W = c->src;
    dfg_status st = dfg_ctrl_plan(W, 0);
    if (!st)
        st = dfg_ctrl_plan(W, 1);
    if (!st)
        st = dfg_ctrl_plan(c, 0);
    if (st)
        return st;
    int nc = W->nc, np = W->np, nfc = c->nfc, nfp = c->nfp;
    size_t slot = (size_t)W->off[nc] + 64;      /* one step's state, then the condition */
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
    int n_ptr = nfc + nfp + 2 * nc + np + 2 * (nfc + nfp) + 8;
    void * small[64], ** ptr = n_ptr <= 64 ? small : dfg_malloc((size_t)n_ptr * sizeof *ptr);
    if (!ptr)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.while: out of memory");
    const void ** pin = (const void **)ptr;
    void ** pout = ptr + nfc + nfp + 2 * nc + np;
    /* forward: slot t of the stack holds the state step t starts from */
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
            (st = truth(W->body[1].res[0]->dtype, co, &t)) || !t)
            break;
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
    c->trips = n;
    if (st)
        goto done;
    /* backward: [lambda, dp] in two sets that swap, ending in out */
    int nb = nfc + nfp;
    void ** set = pout + nc + 2;
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
done:
    if (ptr != small)
        dfg_free(ptr);
    return st;
}

/* ---- the rules ----------------------------------------------------------------------- */

/* The rule of WG (see the top of the file). */
static dfg_status grad_wg(ctrl_rec * c, dfg_node * y, dfg_node * const * gout, const int * need,
                          dfg_node ** gx)
{
    ctrl_rec * W = c->src;
    int nc = W->nc, np = W->np, nfc = c->nfc, nfp = c->nfp;
    int want_s = 0, want_cp = 0;
    for (int k = 0; k < nc + np; k++)
        want_cp |= need[k];
    for (int k = 0; k < nfc; k++)
        want_s |= need[nc + np + k];
    gctx g = {0};
    wlists w;
    dfg_status st = wlists_alloc(&w, 4 * (W->n_par + nfc + nfp + 4));
    if (st)
        return st;
    dfg_node ** aux = dfg_calloc((size_t)(8 * (W->n_par + 4)), sizeof *aux);
    if (!aux) {
        dfg_free(w.block);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    }
    dfg_node ** cq = aux, ** tq = cq + nc, ** pq = tq + nfc, ** tp = pq + np,
              ** cb = tp + nfp, ** tb = cb + 1;
    /* the tangent loop W+ */
    for (int j = 0, f = 0; j < nc; j++) {
        cq[j] = keep_param(&g, W->par[j], "state");
        if (is_float(W->par[j]))
            tq[f++] = keep_param(&g, W->par[j], "state tangent");
    }
    for (int k = 0, f = 0; k < np; k++) {
        pq[k] = keep_param(&g, W->par[nc + k], "captured");
        if (is_float(W->par[nc + k]))
            tp[f++] = keep_param(&g, W->par[nc + k], "captured tangent");
    }
    for (int j = 0; j < nc; j++)
        w.to[j] = cq[j];
    for (int k = 0; k < np; k++)
        w.to[nc + k] = pq[k];
    substitute(&g, 1, W->body[1].res, W->n_par, W->par, w.to, cb);
    substitute(&g, nc, W->body[0].res, W->n_par, W->par, w.to, w.fb);
    int nw = 0;
    for (int j = 0, f = 0; j < nc; j++)
        if (is_float(W->par[j])) {
            w.wrt[nw] = cq[j];
            w.gv[nw++] = tq[f++];
        }
    for (int k = 0, f = 0; k < np; k++)
        if (is_float(W->par[nc + k])) {
            w.wrt[nw] = pq[k];
            w.gv[nw++] = tp[f++];
        }
    for (int j = 0, f = 0; j < nc && !g.st; j++)
        if (is_float(W->par[j])) {
            dfg_node * t;
            if ((st = dfg_jvp_nodes(w.fb[j], nw, w.wrt, w.gv, &t)))
                gb_fail(&g, st);
            else
                tb[f++] = gb_keep(&g, t);
        }
    int na = 0;
    for (int j = 0; j < nc; j++)
        w.par[na++] = cq[j];
    for (int k = 0; k < nfc; k++)
        w.par[na++] = tq[k];
    for (int k = 0; k < np; k++)
        w.par[na++] = pq[k];
    for (int k = 0; k < nfp; k++)
        w.par[na++] = tp[k];
    dfg_node ** ains = w.ys;
    int ni = 0;
    for (int j = 0; j < nc; j++)
        ains[ni++] = y->in[j];
    for (int k = 0; k < nfc && !g.st; k++)
        ains[ni++] = gout[k] ? gout[k] : gb_zeros_like(&g, tq[k]);
    for (int k = 0; k < np; k++)
        ains[ni++] = y->in[nc + k];
    for (int k = 0; k < nfp && !g.st; k++)
        ains[ni++] = gout[nfc + k] ? gout[nfc + k] : gb_zeros_like(&g, tp[k]);
    for (int j = 0; j < nc; j++)
        w.res[j] = w.fb[j];
    for (int k = 0; k < nfc; k++)
        w.res[nc + k] = tb[k];
    dfg_node ** aout = w.lam;
    if (!g.st) {
        ctrl_spec s = { DFG_OP_LOOP, "while", nc + nfc, 0, np + nfp, w.par, ains, NULL,
                        { nc + nfc, 1 }, { w.res, cb }, -1, 0, W->maxiter };
        if ((st = dfg_ctrl_make(&s, aout)))
            gb_fail(&g, st);
        else
            for (int k = 0; k < nc + nfc; k++)
                gb_keep(&g, aout[k]);
    }
    if (g.st)
        goto done;
    /* the adjoint of the seeds: the tangent W+ computes */
    for (int k = 0; k < nfc && want_s; k++)
        if (need[nc + np + k]) {
            gx[nc + np + k] = aout[nc + k];
            dfg_node_use(gx[nc + np + k]);
        }
    if (want_cp) {
        /* the adjoint of (c0, p): WG of W+ seeded with 0 for c, s for c' */
        dfg_node * node = aout[0]->in[0];
        ctrl_rec * A = dfg_ctrl_of(node);
        dfg_node ** seeds = w.e, ** gouts = w.ex;
        int ns = 0;
        for (int j = 0; j < A->nc && !g.st; j++)
            if (is_float(A->par[j])) {
                /* A's float carries: those of c, then the tangents */
                seeds[ns] = ns < nfc ? gb_zeros_like(&g, A->par[j]) : y->in[nc + np + (ns - nfc)];
                ns++;
            }
        make_wg(&g, A, node->in, node->in + A->nc, seeds, gouts);
        if (g.st)
            goto done;
        /* outputs [d carries (float), d captured (float)] of A */
        int at = 0;
        for (int j = 0, f = 0; j < nc; j++)
            if (is_float(W->par[j])) {
                if (need[j]) {
                    gx[j] = gouts[f];
                    dfg_node_use(gx[j]);
                }
                f++;
            }
        at = 0;
        for (int j = 0; j < A->nc; j++)
            at += is_float(A->par[j]);
        /* A's captured parameters are those of pq (and tp) it kept */
        for (int q = 0; q < A->np; q++) {
            dfg_node * par = A->par[A->nc + q];
            if (!is_float(par))
                continue;
            for (int k = 0; k < np; k++)
                if (par == pq[k] && need[nc + k]) {
                    gx[nc + k] = gouts[at];
                    dfg_node_use(gx[nc + k]);
                }
            at++;
        }
    }
done:
    st = g.st;
    if (st)
        for (int k = 0; k < y->n_in; k++)
            if (gx[k]) {
                dfg_node_unuse(gx[k]);
                gx[k] = NULL;
            }
    gb_release(&g);
    dfg_free(aux);
    dfg_free(w.block);
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
    if (!v)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    dfg_node ** seeds = v, ** outs = v + nc + 1;
    int nfc = 0;
    for (int j = 0; j < nc; j++)
        if (is_float(c->par[j])) {
            seeds[nfc++] = gout[j] ? gout[j] : gb_zeros_like(&g, c->par[j]);
        }
    make_wg(&g, c, y->in, y->in + nc, seeds, outs);
    if (!g.st) {
        int at = 0;
        for (int j = 0; j < nc; j++)
            if (is_float(c->par[j])) {
                if (need[j]) {
                    gx[j] = outs[at];
                    dfg_node_use(gx[j]);
                }
                at++;
            }
        for (int k = 0; k < np; k++)
            if (is_float(c->par[nc + k])) {
                if (need[nc + k]) {
                    gx[nc + k] = outs[at];
                    dfg_node_use(gx[nc + k]);
                }
                at++;
            }
    }
    dfg_status st = g.st;
    gb_release(&g);
    dfg_free(v);
    return st;
}
