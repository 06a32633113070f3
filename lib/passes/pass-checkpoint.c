/* lib/passes/pass-checkpoint.c -- gradient checkpointing (docs/memory.md).
 *
 * The backward pass reads forward values ("activations") long after they
 * were made, so a plain schedule keeps them all.  This pass keeps some of
 * them (the checkpoints) and gives the backward nodes copies of the others,
 * recomputed from the checkpoints: new nodes tagged DFG_TAG_RECOMPUTE,
 * which the scheduler places just before the backward nodes that read
 * them, and which the fuse pass never merges with other kernels.
 *
 * Forward nodes are those not tagged DFG_TAG_GRAD (autodiff tags what it
 * makes).  A forward node is kept when
 *   - it was made inside dfg.checkpoint (fun) (a region) and is one of the
 *     region's results (read by a forward node outside the region, or a
 *     plan output): the region's inner values are recomputed;
 *   - it is outside every region and, with 'sqrt', it is one of every
 *     seg-th activation in topological order (seg about sqrt of their
 *     number) or among the last keep_last ones; without 'sqrt', always.
 * With 'sqrt', forward values the backward pass does not read (e.g. the
 * product before an activation function) are recomputed when a copy needs
 * them.
 * Branches need nothing special: a copy reads the copies of its inputs,
 * or the inputs themselves where they are kept, leaves or inputs.
 * Runs after cse/fold/simplify (cse would merge the copies back) and
 * before gemm and fuse.
 */
#include <stdio.h>
#include <string.h>
#include "pass.h"

typedef struct ck_ctx {
    dfg_node ** list;
    int32_t     n;
    pmap        index;
    int8_t *    keep;      /* forward node kept (or not forward at all)    */
    dfg_node ** copy;      /* its recomputed copy                          */
} ck_ctx;

static int forward(const dfg_node * n)
{
    return !(n->tags & (DFG_TAG_GRAD | DFG_TAG_RECOMPUTE)) && n->op != DFG_OP_INPUT &&
           dfg_ops[n->op].family != DFG_FAM_LEAF;
}

static dfg_status ckpt_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    ck_ctx * c = r->user;
    if (!(n->tags & DFG_TAG_GRAD))
        return DFG_OK;
    int changed = 0;
    for (int k = 0; k < n->n_in; k++) {
        int32_t i = pmap_get(&c->index, n->in[k]);
        if (i >= 0 && c->copy[i]) {
            in[k] = c->copy[i];
            changed = 1;
        }
    }
    return changed ? pass_remake(n, in, out) : DFG_OK;
}

dfg_status dfg_pass_checkpoint(pass_run * r, const pass_ckpt * ck)
{
    ck_ctx c = {0};
    r->changed = 0;
    if (!pmap_init(&c.index, 64))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    dfg_status st = pass_topo(r->n_out, r->outs, &c.list, &c.n, &c.index);
    size_t n1 = (size_t)c.n + 1;
    int8_t * region_out = NULL;
    int8_t * grad_read = NULL;
    if (!st) {
        c.keep = dfg_malloc(n1);
        c.copy = dfg_calloc(n1, sizeof *c.copy);
        region_out = dfg_calloc(n1, 1);
        grad_read = dfg_calloc(n1, 1);
        if (!c.keep || !c.copy || !region_out || !grad_read)
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    }
    if (st)
        goto done;
    /* activations: forward values the backward pass reads; region results */
    for (int32_t v = 0; v < c.n; v++) {
        dfg_node * x = c.list[v];
        for (int k = 0; k < x->n_in; k++) {
            int32_t i = pmap_get(&c.index, x->in[k]);
            const dfg_node * y = x->in[k];
            if (x->tags & DFG_TAG_GRAD)
                grad_read[i] = 1;
            else if (y->region && x->region != y->region)
                region_out[i] = 1;
        }
    }
    for (int k = 0; k < r->n_out; k++)
        region_out[pmap_get(&c.index, r->outs[k])] = 1;
    int64_t n_act = 0;
    for (int32_t v = 0; v < c.n; v++)
        n_act += forward(c.list[v]) && grad_read[v] && !c.list[v]->region;
    int64_t seg = ck->seg;
    if (ck->mode == DFG_CKPT_SQRT && seg <= 0) {
        seg = 1;
        while (seg * seg < n_act)
            seg++;
    }
    int64_t a = 0, kept = 0, total = 0;
    for (int32_t v = 0; v < c.n; v++) {
        dfg_node * x = c.list[v];
        c.keep[v] = 1;
        if (!forward(x))
            continue;
        if (x->region)
            c.keep[v] = region_out[v];
        else if (ck->mode == DFG_CKPT_SQRT && grad_read[v]) {
            a++;
            c.keep[v] = a % seg == 0 || a > n_act - ck->keep_last;
        } else if (ck->mode == DFG_CKPT_SQRT)
            c.keep[v] = 0;   /* not read backward: copied only if a copy needs it */
        if (grad_read[v]) {
            total++;
            kept += c.keep[v];
        }
    }
    /* the copies, in topological order */
    double fw = 0, re = 0;
    for (int32_t v = 0; v < c.n && !st; v++) {
        dfg_node * x = c.list[v];
        if (forward(x))
            fw += dfg_node_flops(x);
        if (c.keep[v])
            continue;
        dfg_node * small[8], ** in = x->n_in <= 8 ? small : dfg_malloc((size_t)x->n_in * sizeof *in);
        if (!in) {
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
            break;
        }
        for (int k = 0; k < x->n_in; k++) {
            int32_t i = pmap_get(&c.index, x->in[k]);
            in[k] = c.copy[i] ? c.copy[i] : x->in[k];
        }
        dfg_tags old = dfg_tags_set((dfg_tags){ x->tags | DFG_TAG_RECOMPUTE, x->region, x->seq });
        dfg_attr at;
        pass_attr_of(x, &at);
        st = pass_make(x->op, x->n_in, in, &at, &c.copy[v]);
        dfg_tags_set(old);
        if (in != small)
            dfg_free(in);
        re += dfg_node_flops(x);
    }
    if (st)
        goto done;
    r->user = &c;
    st = pass_rewrite(r, ckpt_visit);
    r->user = NULL;
    if (st)
        goto done;
    /* what the backward pass now reaches */
    dfg_node ** now;
    int32_t nn;
    if ((st = pass_topo(r->n_out, r->outs, &now, &nn, NULL)))
        goto done;
    re = 0;
    for (int32_t v = 0; v < nn; v++)
        if (now[v]->tags & DFG_TAG_RECOMPUTE) {
            r->changed++;
            re += dfg_node_flops(now[v]);
        }
    dfg_free(now);
    if (total == 0)
        snprintf(r->what, sizeof r->what, "no activations (the plan has no backward pass)");
    else
        snprintf(r->what, sizeof r->what,
                 "keeps %lld of %lld activations, recomputes %lld nodes (+%.0f%% of the forward flops)",
                 (long long)kept, (long long)total, (long long)r->changed,
                 fw > 0 ? 100.0 * re / fw : 0.0);
done:
    if (c.copy)
        for (int32_t v = 0; v < c.n; v++)
            if (c.copy[v])
                dfg_node_unuse(c.copy[v]);
    dfg_free(c.keep);
    dfg_free(c.copy);
    dfg_free(region_out);
    dfg_free(grad_read);
    dfg_free(c.list);
    pmap_free(&c.index);
    return st;
}
