/* lib/runtime/memplan.c -- the static memory plan of a compiled plan (docs/memory.md).
 *
 * Everything here runs once, when a plan is compiled:
 *   mp_schedule      the order the nodes run in (memory-aware DFS);
 *   mp_update_plan   which variable updates are written in place, and the
 *                    ordering constraints that makes legal;
 *   mp_plan_memory   live intervals, in-place reuse, greedy-by-size
 *                    packing into one arena, and the memory report.
 * A run then only fills in the caller's pointers and calls kernels.
 */
#include <stdio.h>
#include <string.h>
#include "plan-impl.h"
#include "backend.h"
#include "../../kernels/cpu/fused.h"

/* ---- ordering constraints -------------------------------------------------- */

void mp_deps_free(mp_deps * d)
{
    dfg_free(d->after);
    dfg_free(d->before);
    memset(d, 0, sizeof *d);
}

static int deps_add(mp_deps * d, dfg_node * after, dfg_node * before)
{
    if (d->n == d->cap) {
        int32_t cap = d->cap ? 2 * d->cap : 16;
        dfg_node ** a = dfg_realloc(d->after, (size_t)cap * sizeof *a);
        if (!a)
            return 0;
        d->after = a;
        dfg_node ** b = dfg_realloc(d->before, (size_t)cap * sizeof *b);
        if (!b)
            return 0;
        d->before = b;
        d->cap = cap;
    }
    d->after[d->n] = after;
    d->before[d->n] = before;
    d->n++;
    return 1;
}

static dfg_status mp_nomem(void)
{
    return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory compiling the plan");
}

/* ---- the schedule ------------------------------------------------------------ */

/* The graph the roots reach as adjacency lists over positions of a
 * topological order: node i's children (its inputs, tallest first, then
 * what deps put before it) are child[start[i] .. start[i + 1]). */
typedef struct adj {
    int32_t      n;
    dfg_node **  list;
    pmap         index;
    int32_t *    height;
    int32_t *    start;
    int32_t *    child;
} adj;

static void adj_free(adj * g)
{
    dfg_free(g->list);
    dfg_free(g->height);
    dfg_free(g->start);
    dfg_free(g->child);
    pmap_free(&g->index);
}

/* 1 when the scheduler visits input a after input b */
static int later(const dfg_node * a, const dfg_node * b)
{
    int ra = (a->tags & DFG_TAG_RECOMPUTE) != 0, rb = (b->tags & DFG_TAG_RECOMPUTE) != 0;
    if (ra != rb)
        return ra;
    return a->seq > b->seq;
}

static dfg_status adj_build(adj * g, int n_root, dfg_node * const * roots, const mp_deps * deps)
{
    memset(g, 0, sizeof *g);
    if (!pmap_init(&g->index, 64))
        return mp_nomem();
    dfg_status st = pass_topo(n_root, roots, &g->list, &g->n, &g->index);
    if (st)
        return st;
    int32_t n = g->n;
    size_t ne = 0;
    for (int32_t i = 0; i < n; i++)
        ne += (size_t)g->list[i]->n_in;
    ne += deps ? (size_t)deps->n : 0;
    g->height = dfg_malloc(((size_t)n + 1) * sizeof *g->height);
    g->start = dfg_calloc((size_t)n + 2, sizeof *g->start);
    g->child = dfg_malloc((ne + 1) * sizeof *g->child);
    if (!g->height || !g->start || !g->child)
        return mp_nomem();
    for (int32_t i = 0; i < n; i++) {
        const dfg_node * x = g->list[i];
        int32_t h = 0;
        for (int q = 0; q < x->n_in; q++) {
            int32_t c = pmap_get(&g->index, x->in[q]);
            if (g->height[c] + 1 > h)
                h = g->height[c] + 1;
        }
        g->height[i] = h;
        g->start[i + 1] = x->n_in;
    }
    int32_t * extra = dfg_calloc((size_t)n + 1, sizeof *extra);
    if (!extra)
        return mp_nomem();
    for (int32_t k = 0; deps && k < deps->n; k++) {
        int32_t a = pmap_get(&g->index, deps->after[k]);
        if (a >= 0 && pmap_get(&g->index, deps->before[k]) >= 0)
            extra[a]++;
    }
    for (int32_t i = 0; i < n; i++)
        g->start[i + 1] += g->start[i] + extra[i];
    for (int32_t i = 0; i < n; i++) {
        const dfg_node * x = g->list[i];
        int32_t * c = g->child + g->start[i];
        /* inputs in the order they were recorded, recomputed copies last
         * (stable insertion sort: few inputs) */
        for (int q = 0; q < x->n_in; q++) {
            int32_t v = pmap_get(&g->index, x->in[q]), t = q;
            while (t > 0 && later(g->list[c[t - 1]], g->list[v])) {
                c[t] = c[t - 1];
                t--;
            }
            c[t] = v;
        }
        extra[i] = x->n_in;      /* reused: the next free place */
    }
    for (int32_t k = 0; deps && k < deps->n; k++) {
        int32_t a = pmap_get(&g->index, deps->after[k]);
        int32_t b = pmap_get(&g->index, deps->before[k]);
        if (a >= 0 && b >= 0)
            g->child[g->start[a] + extra[a]++] = b;
    }
    dfg_free(extra);
    return DFG_OK;
}

/* Post-order DFS over g from the roots (shortest first).  order: NULL to
 * check for a cycle only.  Returns 1 on a cycle, 0 when done, -1 out of
 * memory. */
static int adj_dfs(const adj * g, int n_root, dfg_node * const * roots, int32_t * order)
{
    int32_t n = g->n;
    int8_t * color = dfg_calloc((size_t)n + 1, 1);
    int32_t * stack = dfg_malloc(((size_t)n + 1) * sizeof *stack);
    int32_t * next = dfg_malloc(((size_t)n + 1) * sizeof *next);
    int32_t * rs = dfg_malloc(((size_t)n_root + 1) * sizeof *rs);
    int rc = 0;
    if (!color || !stack || !next || !rs) {
        rc = -1;
        goto done;
    }
    for (int k = 0; k < n_root; k++) {
        int32_t v = pmap_get(&g->index, roots[k]), t = k;
        while (t > 0 && g->height[rs[t - 1]] > g->height[v]) {
            rs[t] = rs[t - 1];
            t--;
        }
        rs[t] = v;
    }
    int32_t no = 0;
    for (int k = 0; k < n_root && !rc; k++) {
        if (color[rs[k]])
            continue;
        int32_t top = 0;
        stack[top++] = rs[k];
        next[rs[k]] = g->start[rs[k]];
        color[rs[k]] = 1;
        while (top && !rc) {
            int32_t v = stack[top - 1];
            if (next[v] < g->start[v + 1]) {
                int32_t c = g->child[next[v]++];
                if (color[c] == 1)
                    rc = 1;
                else if (!color[c]) {
                    color[c] = 1;
                    next[c] = g->start[c];
                    stack[top++] = c;
                }
                continue;
            }
            color[v] = 2;
            if (order)
                order[no++] = v;
            top--;
        }
    }
done:
    dfg_free(color);
    dfg_free(stack);
    dfg_free(next);
    dfg_free(rs);
    return rc;
}

dfg_status mp_schedule(int n_root, dfg_node * const * roots, const mp_deps * deps,
                       dfg_node *** list, int32_t * count, pmap * index)
{
    adj g;
    *list = NULL;
    *count = 0;
    dfg_status st = adj_build(&g, n_root, roots, deps);
    int32_t * order = NULL;
    if (!st && !(order = dfg_malloc(((size_t)g.n + 1) * sizeof *order)))
        st = mp_nomem();
    if (!st) {
        int rc = adj_dfs(&g, n_root, roots, order);
        if (rc < 0)
            st = mp_nomem();
        else if (rc > 0)
            st = dfg_set_error(DFG_ERR_INTERNAL, "dfg.function: cyclic schedule constraints");
    }
    dfg_node ** out = NULL;
    if (!st && !(out = dfg_malloc(((size_t)g.n + 1) * sizeof *out)))
        st = mp_nomem();
    for (int32_t i = 0; !st && i < g.n; i++) {
        out[i] = g.list[order[i]];
        if (!pmap_put(index, out[i], i))
            st = mp_nomem();
    }
    if (!st) {
        *list = out;
        *count = g.n;
    } else
        dfg_free(out);
    dfg_free(order);
    adj_free(&g);
    return st;
}

/* ---- variables assigned in place -------------------------------------------- */

int mp_fused_inplace_ok(const dfg_node * f, int64_t j, const char * same)
{
    const int64_t * prog = f->idx;
    const int64_t * o = FP_O(prog, j);
    if (o[1] >= 0)
        return 0;                         /* a reduction: starts by clearing */
    int64_t w = o[0];
    if (FP_I(prog, w)[7] != -j - 1)
        return 0;
    for (int k = 0; k < f->n_in; k++) {
        if (!same[k])
            continue;
        if (FP_X(prog, k)[0] != FX_FULL || f->in[k]->dtype != (int)o[3])
            return 0;
        for (int64_t i = w + 1; i < FP_NI(prog); i++) {
            const int64_t * I = FP_I(prog, i);
            for (int a = 0; a < I[2]; a++)
                if (I[3 + a] == -k - 1)
                    return 0;             /* read after the output is written */
        }
    }
    return 1;
}

/* 1 when producer p (of value u) may write u over v's storage while it
 * reads v: element by element, each element read before it is written. */
static int reads_ok(const dfg_node * p, const dfg_node * u, const dfg_node * v)
{
    int reads = 0;
    for (int k = 0; k < p->n_in; k++)
        reads |= p->in[k] == v;
    if (!reads)
        return 1;
    if (p->op == DFG_OP_FUSED) {
        const int64_t * prog = p->idx;
        for (int64_t j = 0; j < FP_NO(prog); j++)
            if (FP_O(prog, j)[4] == u->iattr[1] && FP_O(prog, j)[1] < 0) {
                char same[64] = {0};
                if (p->n_in > 64)
                    return 0;
                for (int k = 0; k < p->n_in; k++)
                    same[k] = p->in[k] == v;
                return mp_fused_inplace_ok(p, j, same);
            }
        return 0;
    }
    int fam = dfg_ops[p->op].family;
    if (p != u || !(dfg_ops[p->op].flags & DFG_F_INPLACE) ||
        !(fam == DFG_FAM_UNARY || fam == DFG_FAM_BINARY || fam == DFG_FAM_TERNARY))
        return 0;
    for (int k = 0; k < p->n_in; k++)
        if (p->in[k] == v && (v->numel != p->numel || v->dtype != p->dtype))
            return 0;
    return 1;
}

dfg_status mp_update_plan(dfg_plan * p, int * inplace, mp_deps * deps)
{
    int n_root = p->n_out + p->n_upd;
    adj g;
    dfg_status st = adj_build(&g, n_root, p->gouts, NULL);
    for (int k = 0; !st && k < p->n_upd; k++) {
        inplace[k] = 0;
        dfg_node * v = p->upd_vars[k], * u = p->gouts[p->n_out + k];
        int fam = dfg_ops[u->op].family;
        if (fam == DFG_FAM_LEAF || u == v)
            continue;
        dfg_node * prod = u->op == DFG_OP_FUSED_OUT ? u->in[0] : u;
        int ok = reads_ok(prod, u, v);
        /* the old value is needed at the end: as an output, or as the new
         * value of another variable */
        for (int q = 0; ok && q < n_root; q++)
            if (p->gouts[q] == v)
                ok = 0;
        /* one storage per value */
        for (int q = 0; ok && q < k; q++)
            if (inplace[q] && p->gouts[p->n_out + q] == u)
                ok = 0;
        if (!ok)
            continue;
        int32_t mark = deps->n;
        for (int32_t i = 0; ok && i < g.n; i++) {
            dfg_node * x = g.list[i];
            if (x == prod)
                continue;
            for (int q = 0; q < x->n_in; q++)
                if (x->in[q] == v) {
                    if (!deps_add(deps, prod, x))
                        st = mp_nomem();
                    break;
                }
        }
        if (st)
            break;
        /* the constraints so far must leave the graph acyclic */
        adj h;
        st = adj_build(&h, n_root, p->gouts, deps);
        int rc = st ? 0 : adj_dfs(&h, n_root, p->gouts, NULL);
        adj_free(&h);
        if (!st && rc < 0)
            st = mp_nomem();
        if (st)
            break;
        if (rc > 0)
            deps->n = mark;
        else
            inplace[k] = 1;
    }
    adj_free(&g);
    return st;
}

/* ---- the memory plan -------------------------------------------------------- */

static int naive_layout;

void dfg_memplan_naive(int on)
{
    naive_layout = on != 0;
}

static int64_t val_bytes(const dfg_node * n)
{
    return n->numel * (int64_t)dfg_dtype_size(n->dtype);
}

/* Greedy by size: the largest buffer first, each at the lowest offset that
 * no placed buffer live at the same time overlaps.  Returns the arena
 * size.  O(n^2) in the number of buffers. */
static int64_t pack(int32_t nb, const int64_t * size, const int32_t * first,
                    const int32_t * last, int64_t * offset)
{
    int32_t * ord = dfg_malloc(((size_t)nb + 1) * sizeof *ord);
    int32_t * placed = dfg_malloc(((size_t)nb + 1) * sizeof *placed);
    if (!ord || !placed) {
        dfg_free(ord);
        dfg_free(placed);
        return -1;
    }
    for (int32_t i = 0; i < nb; i++) {
        int32_t t = i;
        while (t > 0 && (size[ord[t - 1]] < size[i] ||
                         (size[ord[t - 1]] == size[i] && first[ord[t - 1]] > first[i]))) {
            ord[t] = ord[t - 1];
            t--;
        }
        ord[t] = i;
    }
    int64_t total = 0;
    int32_t np = 0;               /* placed, sorted by offset */
    for (int32_t r = 0; r < nb; r++) {
        int32_t b = ord[r];
        int64_t at = 0;
        for (int32_t q = 0; q < np; q++) {
            int32_t c = placed[q];
            if (last[c] < first[b] || last[b] < first[c])
                continue;                          /* not live together */
            if (offset[c] >= at + size[b])
                break;                             /* fits in the gap */
            if (offset[c] + size[c] > at)
                at = offset[c] + size[c];
        }
        offset[b] = at;
        if (at + size[b] > total)
            total = at + size[b];
        int32_t t = np++;
        while (t > 0 && offset[placed[t - 1]] > at) {
            placed[t] = placed[t - 1];
            t--;
        }
        placed[t] = b;
    }
    dfg_free(ord);
    dfg_free(placed);
    return total;
}

/* What the phases of mp_plan_memory share, per value v (nv of them) and
 * per buffer b (nb so far): v's defining step, last reader, the value
 * whose storage it views (root, at offset voff), its last step counting
 * its views (glast), its buffer; each buffer's live steps, size, offset,
 * first owner and the step that last claimed it; v's report row.  Owned
 * by mp_plan_memory. */
typedef struct mp_work {
    int32_t * def, * last, * root, * glast, * buf, * row;
    int64_t * voff;
    int32_t * bfirst, * blast, * bowner, * bclaim;
    int64_t * bsize, * boff;
    int32_t   nb;
    int64_t   inplace;
} mp_work;

static void mp_work_free(mp_work * w)
{
    dfg_free(w->def);
    dfg_free(w->last);
    dfg_free(w->root);
    dfg_free(w->voff);
    dfg_free(w->glast);
    dfg_free(w->buf);
    dfg_free(w->bfirst);
    dfg_free(w->blast);
    dfg_free(w->bsize);
    dfg_free(w->boff);
    dfg_free(w->bowner);
    dfg_free(w->bclaim);
    dfg_free(w->row);
}

static dfg_status mp_work_alloc(mp_work * w, int32_t nv)
{
    size_t n = (size_t)nv + 1;
    w->def = dfg_malloc(n * sizeof *w->def);
    w->last = dfg_malloc(n * sizeof *w->last);
    w->root = dfg_malloc(n * sizeof *w->root);
    w->voff = dfg_calloc(n, sizeof *w->voff);
    w->glast = dfg_malloc(n * sizeof *w->glast);
    w->buf = dfg_malloc(n * sizeof *w->buf);
    w->bfirst = dfg_malloc(n * sizeof *w->bfirst);
    w->blast = dfg_malloc(n * sizeof *w->blast);
    w->bsize = dfg_malloc(n * sizeof *w->bsize);
    w->boff = dfg_malloc(n * sizeof *w->boff);
    w->bowner = dfg_malloc(n * sizeof *w->bowner);
    w->bclaim = dfg_malloc(n * sizeof *w->bclaim);
    w->row = dfg_malloc(n * sizeof *w->row);
    if (!w->def || !w->last || !w->root || !w->voff || !w->glast || !w->buf || !w->bfirst ||
        !w->blast || !w->bsize || !w->boff || !w->bowner || !w->bclaim || !w->row)
        return mp_nomem();
    for (int32_t v = 0; v < nv; v++) {
        w->def[v] = -1;
        w->last[v] = -1;
        w->root[v] = v;
        w->buf[v] = -1;
    }
    return DFG_OK;
}

/* Live intervals, in steps: where each value is made and last read (the
 * copies at the end of a run read at step ns); a view lives as long as
 * its root and keeps the root alive as long as itself. */
static void mp_intervals(const dfg_plan * p, mp_work * w)
{
    int32_t nv = p->n_vals, ns = p->n_steps;
    for (int32_t s = 0; s < ns; s++) {
        const step * sp = &p->steps[s];
        if (sp->out >= 0)
            w->def[sp->out] = s;
        else
            for (int64_t j = 0; j < FP_NO(sp->node->idx); j++)
                w->def[p->fout[sp->fouts + j]] = s;
        for (int32_t q = 0; q < sp->node->n_in; q++)
            w->last[p->args[sp->first + q]] = s;
    }
    for (int32_t c = 0; c < p->n_copies; c++)
        w->last[p->copies[c].from] = ns;
    for (int32_t c = 0; c < p->n_ucopies; c++)
        w->last[p->ucopies[c].from] = ns;
    for (int32_t i = 0; i < p->n_views; i++) {
        const view_of * vw = &p->views[i];
        w->root[vw->val] = w->root[vw->src];
        w->voff[vw->val] = w->voff[vw->src] + vw->off;
        w->def[vw->val] = w->def[vw->src];
    }
    for (int32_t v = 0; v < nv; v++)
        w->glast[v] = w->last[v] > w->def[v] ? w->last[v] : w->def[v];
    for (int32_t v = 0; v < nv; v++)
        if (w->root[v] != v && w->glast[v] > w->glast[w->root[v]])
            w->glast[w->root[v]] = w->glast[v];
}

/* 1 when buffer b is on the host side of a plan on a device (its first
 * owner's side: a buffer is only taken over by a value of its side). */
static int buf_host(const dfg_plan * p, const mp_work * w, int32_t b)
{
    return p->vhost && p->vhost[w->bowner[b]];
}

/* The buffer result j of step s may take over: a dying operand's buffer
 * of the same size holding every operand in it whole at offset 0, where
 * the kernel allows it; -1 for none. */
static int32_t mp_take_over(const dfg_plan * p, const mp_work * w, int32_t s, int64_t j,
                            int32_t o, int64_t ob)
{
    const step * sp = &p->steps[s];
    const dfg_node * n = sp->node, * on = p->vals[o];
    int elem = sp->out >= 0 && (dfg_ops[n->op].flags & DFG_F_INPLACE) &&
               (dfg_ops[n->op].family == DFG_FAM_UNARY ||
                dfg_ops[n->op].family == DFG_FAM_BINARY ||
                dfg_ops[n->op].family == DFG_FAM_TERNARY);
    int fused = sp->out < 0 && FP_O(n->idx, j)[1] < 0;
    for (int32_t q = 0; (elem || fused) && !naive_layout && q < n->n_in; q++) {
        int32_t a = p->args[sp->first + q], ra = w->root[a];
        if (p->kind[ra] != VAL_ARENA || w->buf[ra] < 0)
            continue;
        int32_t b = w->buf[ra];
        if (w->blast[b] != s || w->bsize[b] != ob || w->bclaim[b] == s ||
            buf_host(p, w, b) != (p->vhost && p->vhost[o]) ||
            n->in[q]->dtype != on->dtype || n->in[q]->numel != on->numel)
            continue;
        /* every operand in this buffer: whole, at offset 0 */
        char same[64] = {0};
        int ok = n->n_in <= 64;
        for (int32_t t = 0; ok && t < n->n_in; t++) {
            int32_t x = p->args[sp->first + t];
            if (p->kind[w->root[x]] != VAL_ARENA || w->buf[w->root[x]] != b)
                continue;
            same[t] = 1;
            ok = w->voff[x] == 0 && n->in[t]->numel == on->numel &&
                 n->in[t]->dtype == on->dtype;
        }
        if (ok && fused)
            ok = mp_fused_inplace_ok(n, j, same);
        if (ok)
            return b;
    }
    return -1;
}

/* Buffers, in schedule order: each arena result takes over a dying
 * input's buffer where it may, else gets a new one. */
static void mp_assign_buffers(const dfg_plan * p, mp_work * w)
{
    /* on a device whose memory is not the host's the inputs are copied
     * into buffers of their own, live from the start to their last use
     * (never taken over: a run reads them before any step writes); a
     * device body's inputs are its caller's buffers there (ports_dev) */
    for (int32_t v = 0; v < p->n_vals && !p->be->host_memory && !p->ports_dev; v++) {
        if (p->kind[v] != VAL_INPUT || p->vhost[v])    /* (read on the host alone) */
            continue;
        int32_t nb = w->nb++;
        w->buf[v] = nb;
        w->bfirst[nb] = 0;
        w->blast[nb] = w->glast[v] > 0 ? w->glast[v] : 0;
        w->bsize[nb] = dfg_align64(val_bytes(p->vals[v]));
        w->bowner[nb] = v;
        w->bclaim[nb] = -1;
    }
    for (int32_t s = 0; s < p->n_steps; s++) {
        const step * sp = &p->steps[s];
        int64_t no = sp->out >= 0 ? 1 : FP_NO(sp->node->idx);
        for (int64_t j = 0; j < no; j++) {
            int32_t o = sp->out >= 0 ? sp->out : p->fout[sp->fouts + j];
            if (p->kind[o] != VAL_ARENA)
                continue;
            int64_t ob = dfg_align64(val_bytes(p->vals[o]));
            int32_t take = mp_take_over(p, w, s, j, o, ob);
            if (take >= 0) {
                w->buf[o] = take;
                w->bclaim[take] = s;
                if (w->glast[o] > w->blast[take])
                    w->blast[take] = w->glast[o];
                w->inplace++;
            } else {
                int32_t nb = w->nb++;
                w->buf[o] = nb;
                w->bfirst[nb] = s;
                w->blast[nb] = w->glast[o];
                w->bsize[nb] = ob;
                w->bowner[nb] = o;
                w->bclaim[nb] = s;
            }
        }
    }
}

/* Offsets of the buffers of one side (host: the host side of a plan on a
 * device; else the plan's arena) packed, or one after the other for the
 * naive layout; the arena's bytes, -1 when out of memory. */
static int64_t mp_pack_side(const dfg_plan * p, mp_work * w, int host)
{
    int64_t arena = 0;
    int32_t n = 0;
    for (int32_t b = 0; b < w->nb; b++)
        n += buf_host(p, w, b) == host;
    if (!n)
        return 0;
    if (naive_layout) {
        for (int32_t b = 0; b < w->nb; b++)
            if (buf_host(p, w, b) == host) {
                w->boff[b] = arena;
                arena += w->bsize[b];
            }
        return arena;
    }
    if (n == w->nb)
        return pack(w->nb, w->bsize, w->bfirst, w->blast, w->boff);
    /* a side of its own: its buffers packed apart */
    int32_t * ix = dfg_malloc((size_t)n * sizeof *ix), * f = dfg_malloc((size_t)n * sizeof *f);
    int32_t * l = dfg_malloc((size_t)n * sizeof *l);
    int64_t * sz = dfg_malloc((size_t)n * sizeof *sz), * off = dfg_malloc((size_t)n * sizeof *off);
    if (ix && f && l && sz && off) {
        int32_t m = 0;
        for (int32_t b = 0; b < w->nb; b++)
            if (buf_host(p, w, b) == host) {
                ix[m] = b;
                f[m] = w->bfirst[b];
                l[m] = w->blast[b];
                sz[m++] = w->bsize[b];
            }
        arena = pack(n, sz, f, l, off);
        for (int32_t k = 0; k < n && arena >= 0; k++)
            w->boff[ix[k]] = off[k];
    } else
        arena = -1;
    dfg_free(ix);
    dfg_free(f);
    dfg_free(l);
    dfg_free(sz);
    dfg_free(off);
    return arena;
}

/* Offsets of the buffers in the plan's arena (and, on a device, in the
 * host side's), and the arenas (none for a dry plan).  A value never read
 * still occupies its buffer at the step that makes it. */
static dfg_status mp_layout(dfg_plan * p, mp_work * w)
{
    int64_t arena = mp_pack_side(p, w, 0), harena = p->vhost ? mp_pack_side(p, w, 1) : 0;
    if (arena < 0 || harena < 0)
        return mp_nomem();
    if (arena && !p->dry && p->be->alloc(p->be, (size_t)arena, &p->arena)) {
        if (p->be->host_memory)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory allocating %lld "
                                 "bytes for intermediates", (long long)arena);
        char m[512];        /* the device's message: its name, asked, free */
        snprintf(m, sizeof m, "%s", dfg_last_error());
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: %s (the plan's arena: inputs and "
                             "intermediates)", m + (strncmp(m, "dfg: ", 5) ? 0 : 5));
    }
    if (harena && !p->dry &&
        dfg_backend_cpu()->alloc(dfg_backend_cpu(), (size_t)harena, &p->harena))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory allocating %lld "
                             "bytes for the intermediates made on the host", (long long)harena);
    p->arena_bytes = (size_t)arena;
    p->mem.arena_bytes = arena;
    p->harena_bytes = (size_t)harena;
    p->mem.host_arena_bytes = harena;
    return DFG_OK;
}

/* The report's rows, one per intermediate (arena values and their views),
 * and each root value's data pointer in the arena. */
static dfg_status mp_rows(dfg_plan * p, mp_work * w)
{
    int64_t naive = 0, nrow = 0, views = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        w->row[v] = -1;
        int k = p->kind[w->root[v]];
        if ((k == VAL_ARENA || k == VAL_INPUT) && w->buf[w->root[v]] >= 0) {
            w->row[v] = (int32_t)nrow++;
            naive += dfg_align64(val_bytes(p->vals[v]));
            views += w->root[v] != v;
        }
    }
    p->bufrows = dfg_calloc((size_t)nrow + 1, sizeof *p->bufrows);
    if (!p->bufrows)
        return mp_nomem();
    p->n_bufrows = nrow;
    for (int32_t v = 0; v < p->n_vals; v++) {
        if (w->row[v] < 0)
            continue;
        int32_t b = w->buf[w->root[v]];
        buf_row * r = &p->bufrows[w->row[v]];
        r->val = v;
        r->offset = w->boff[b] + w->voff[v];
        r->bytes = val_bytes(p->vals[v]);
        r->first = w->def[v] > 0 ? w->def[v] : 0;     /* an input: from the start */
        r->last = w->glast[v];
        r->shares = w->bowner[b] != v ? w->row[w->bowner[b]] : -1;
        char * base = buf_host(p, w, b) ? p->harena : p->arena;
        if (w->root[v] == v && base)
            p->bufs[v] = base + w->boff[b];
    }
    p->mem.naive_bytes = naive;
    p->mem.n_buffers = nrow;
    p->mem.views = views;
    return DFG_OK;
}

/* The report's totals: the most bytes live at once (a bound no packing of
 * these buffers beats), in-place results, steps, and the work. */
static dfg_status mp_totals(dfg_plan * p, const mp_work * w)
{
    int32_t ns = p->n_steps;
    int64_t lower = 0;
    int64_t * live = dfg_calloc((size_t)ns + 2, sizeof *live);
    if (!live)
        return mp_nomem();
    for (int32_t b = 0; b < w->nb; b++) {
        live[w->bfirst[b]] += w->bsize[b];
        live[w->blast[b] + 1] -= w->bsize[b];
    }
    for (int32_t s = 0; s <= ns; s++) {
        if (s > 0)
            live[s] += live[s - 1];
        if (live[s] > lower)
            lower = live[s];
    }
    dfg_free(live);
    dfg_memory_info * m = &p->mem;
    m->lower_bound = lower;
    m->inplace = w->inplace;
    m->n_steps = ns;
    m->flops = 0;
    m->recompute_flops = 0;
    m->recomputed = 0;
    for (int32_t s = 0; s < ns; s++) {
        double f = dfg_node_flops(p->steps[s].node);
        m->flops += f;
        if (p->steps[s].node->tags & DFG_TAG_RECOMPUTE) {
            m->recompute_flops += f;
            m->recomputed++;
        }
    }
    return DFG_OK;
}

dfg_status mp_plan_memory(dfg_plan * p)
{
    mp_work w;
    memset(&w, 0, sizeof w);
    dfg_status st = mp_work_alloc(&w, p->n_vals);
    if (!st) {
        mp_intervals(p, &w);
        mp_assign_buffers(p, &w);
        if (!(st = mp_layout(p, &w)) && !(st = mp_rows(p, &w)))
            st = mp_totals(p, &w);
    }
    mp_work_free(&w);
    return st;
}
