/* lib/passes/pass-gemm.c -- horizontal fusion of matrix products.
 *
 * Independent products that share their left operand, A*B1, A*B2, ...
 * (the same A node, the same transpose flags, the same class), become one
 * product A*[B1 B2 ...] whose column blocks are the old results: A is read
 * once and BLAS gets one wider, more efficient call.  (With B transposed
 * the blocks of B' stack as rows: A*[B1; B2]'.)  It pays where the products
 * are narrow: each B has at most MAX_COLS columns and all together at most
 * MAX_TOTAL, the case of several small heads on one input; wide products
 * are already efficient and would only pay for the copies.  "Independent":
 * no B may depend on another product of the set (that would be a cycle).
 *
 * Results: BLAS does not promise that column j of A*B rounds the same
 * whichever columns are beside it (OpenBLAS 0.3.21 takes gemv for one
 * column and blocks wider products differently), and differences of a few
 * ulp were measured: the pass runs only with the 'fast' option.
 */
#include <stdio.h>
#include <string.h>
#include "pass.h"

#define MAX_COLS  256
#define MAX_TOTAL 1024
#define MAX_SET   16

typedef struct gstate {
    dfg_node * member[MAX_SET];
    dfg_node * part[MAX_SET];
    int        n;
} gstate;

static int64_t cols_of(const dfg_node * m) { return m->dims[1]; }

static int candidate(const dfg_node * n)
{
    /* A'*A and A*A' are left alone: their results are made exactly
     * symmetric (lib/runtime/exec.c), which a block of a wider product is not */
    return n->op == DFG_OP_MATMUL && n->ndim == 2 && cols_of(n) <= MAX_COLS && n->numel > 0 &&
           n->iattr[2] != 1;
}

static int compatible(const dfg_node * a, const dfg_node * b)
{
    return a->in[0] == b->in[0] && a->iattr[0] == b->iattr[0] && a->iattr[1] == b->iattr[1] &&
           a->dtype == b->dtype && a->in[1]->dtype == b->in[1]->dtype;
}

/* Picks the first set of at least two compatible independent products. */
static dfg_status pick(pass_run * r, gstate * s)
{
    dfg_node ** list;
    int32_t n;
    pmap index;
    s->n = 0;
    if (!pmap_init(&index, 64))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    dfg_status st = pass_topo(r->n_out, r->outs, &list, &n, &index);
    if (st) {
        pmap_free(&index);
        return st;
    }
    if (r->walked < 0)              /* the manager's count of the graph */
        r->walked = n;
    uint32_t * dep = dfg_malloc(((size_t)n + 1) * sizeof *dep);
    if (!dep) {
        dfg_free(list);
        pmap_free(&index);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    }
    for (int32_t v = 0; v < n && s->n < 2; v++) {
        if (!candidate(list[v]))
            continue;
        /* the compatible products, then which of them each node depends on */
        dfg_node * set[MAX_SET];
        int k = 0;
        for (int32_t w = v; w < n && k < MAX_SET; w++)
            if (candidate(list[w]) && compatible(list[v], list[w]))
                set[k++] = list[w];
        if (k < 2)
            continue;
        for (int32_t w = 0; w < n; w++) {
            dep[w] = 0;
            for (int q = 0; q < list[w]->n_in; q++)
                dep[w] |= dep[pmap_get(&index, list[w]->in[q])];
            for (int q = 0; q < k; q++)
                if (list[w] == set[q])
                    dep[w] |= 1u << q;
        }
        /* greedy: keep a product when it and the kept ones are independent */
        uint32_t kept = 0;
        int64_t total = 0;
        s->n = 0;
        for (int q = 0; q < k; q++) {
            uint32_t d = dep[pmap_get(&index, set[q]->in[1])];
            int ok = !(d & kept) && total + cols_of(set[q]) <= MAX_TOTAL;
            for (int t = 0; t < s->n && ok; t++)
                ok = !(dep[pmap_get(&index, s->member[t]->in[1])] & (1u << q));
            if (ok) {
                kept |= 1u << q;
                total += cols_of(set[q]);
                s->member[s->n++] = set[q];
            }
        }
        if (s->n < 2)
            s->n = 0;
    }
    dfg_free(dep);
    dfg_free(list);
    pmap_free(&index);
    return DFG_OK;
}

/* C = A * [B1 B2 ...] and the parts that stand for each product. */
static dfg_status combine(gstate * s)
{
    dfg_node * bs[MAX_SET];
    const dfg_node * m0 = s->member[0];
    int tb = (int)m0->iattr[1];
    for (int q = 0; q < s->n; q++)
        bs[q] = s->member[q]->in[1];
    dfg_attr at;
    memset(&at, 0, sizeof at);
    at.i[0] = tb ? 0 : 1;               /* B' blocks stack as rows */
    dfg_node * bcat, * c;
    dfg_status st = pass_make(DFG_OP_CAT, s->n, bs, &at, &bcat);
    if (st)
        return st;
    at.i[0] = m0->iattr[0];
    at.i[1] = tb;
    at.i[2] = 2;                         /* not a Gram product */
    dfg_node * in[2] = { m0->in[0], bcat };
    st = pass_make(DFG_OP_MATMUL, 2, in, &at, &c);
    dfg_node_unuse(bcat);
    if (st)
        return st;
    int64_t off = 0;
    for (int q = 0; q < s->n && !st; q++) {
        const dfg_node * m = s->member[q];
        memset(&at, 0, sizeof at);
        at.i[0] = off;
        at.i[1] = 2;
        at.i[2] = m->dims[0];
        at.i[3] = m->dims[1];
        st = pass_make(DFG_OP_PART, 1, &c, &at, &s->part[q]);
        off += m->numel;
    }
    dfg_node_unuse(c);
    return st;
}

static dfg_status gemm_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    (void)in;
    gstate * s = r->user;
    for (int q = 0; q < s->n; q++)
        if (s->member[q] == n) {
            dfg_node_use(s->part[q]);
            *out = s->part[q];
            return DFG_OK;
        }
    return DFG_OK;
}

dfg_status dfg_pass_gemm(pass_run * r)
{
    gstate s;
    int64_t products = 0;
    dfg_status st = DFG_OK;
    if (!r->fast) {
        snprintf(r->what, sizeof r->what, "off without 'fast' (BLAS rounding may differ)");
        return DFG_OK;
    }
    for (int round = 0; round < 64 && !st; round++) {
        memset(&s, 0, sizeof s);
        if ((st = pick(r, &s)) || s.n == 0)
            break;
        if (!(st = combine(&s))) {
            r->user = &s;
            st = pass_rewrite(r, gemm_visit);
            r->user = NULL;
        }
        for (int q = 0; q < s.n; q++)
            if (s.part[q])
                dfg_node_unuse(s.part[q]);
        r->changed++;
        products += s.n;
    }
    if (r->changed)
        snprintf(r->what, sizeof r->what, "%lld matmuls sharing an input -> %lld GEMM%s",
                 (long long)products, (long long)r->changed, r->changed == 1 ? "" : "s");
    else
        snprintf(r->what, sizeof r->what, "no matmuls to combine");
    return st;
}
