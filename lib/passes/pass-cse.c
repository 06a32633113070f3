/* lib/passes/pass-cse.c -- common-subexpression elimination.
 *
 * Two nodes are the same value when they have the same op, the same
 * (already merged) inputs, the same attributes and index lists, the same
 * class and size: the second is replaced by the first.  Constants with
 * bitwise-equal data merge too (so the many 1s and 0s autodiff makes become
 * one); inputs and variables never do.  Because the walk goes inputs first,
 * whole equal subgraphs merge, and since a plan compiles forward and
 * backward graphs together, an expression the gradient recomputes (cos(x)
 * in the gradient of sin(x), say) merges with the forward one.
 */
#include <stdio.h>
#include <string.h>
#include "pass.h"

/* Open addressing; each slot keeps its node's key hash, so a probe past
 * another node compares hashes and reads no node (a node is a cache miss),
 * and growing rehashes without reading the nodes. */
typedef struct entry {
    dfg_node * node;        /* borrowed: the walk's map holds it; NULL: empty */
    uint64_t   hash;
} entry;
typedef struct table {
    entry *     slot;       /* owned */
    size_t      cap, n;
} table;

static uint64_t cse_mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

static uint64_t key_hash(const dfg_node * n)
{
    /* every node but a leaf carries a structural hash of its op, inputs and
     * attributes made with it (lib/core/store.c): a few fields more than
     * that is the key, without walking dims and index lists again; a
     * constant's hash is made unique (its slot), so constants hash their
     * data here */
    if (dfg_ops[n->op].family != DFG_FAM_LEAF) {
        uint64_t d[2];
        memcpy(d, n->dattr, sizeof d);
        return cse_mix(cse_mix(cse_mix(n->hash, (uint64_t)n->dtype), d[0]), d[1]);
    }
    uint64_t h = cse_mix((uint64_t)n->op, (uint64_t)n->dtype);
    for (int j = 0; j < n->ndim; j++)
        h = cse_mix(h, (uint64_t)n->dims[j]);
    for (int k = 0; k < n->n_in; k++)
        h = cse_mix(h, (uint64_t)(uintptr_t)n->in[k]);
    for (int k = 0; k < DFG_MAX_IATTR; k++)
        h = cse_mix(h, (uint64_t)n->iattr[k]);
    uint64_t d[2];
    memcpy(d, n->dattr, sizeof d);
    h = cse_mix(cse_mix(h, d[0]), d[1]);
    for (int64_t k = 0; k < n->nidx; k++)
        h = cse_mix(h, (uint64_t)n->idx[k]);
    if (n->op == DFG_OP_CONSTANT) {
        size_t b = (size_t)n->numel * dfg_dtype_size(n->dtype);
        const unsigned char * p = n->data;
        for (size_t k = 0; k < b; k++)
            h = cse_mix(h, p[k]);
    }
    return h;
}

static int same(const dfg_node * a, const dfg_node * b)
{
    if (a->op != b->op || a->dtype != b->dtype || a->ndim != b->ndim ||
        a->n_in != b->n_in || a->nidx != b->nidx ||
        (a->tags & DFG_TAG_PLACE) != (b->tags & DFG_TAG_PLACE))   /* placed apart */
        return 0;
    if (memcmp(a->dims, b->dims, (size_t)a->ndim * sizeof *a->dims) ||
        memcmp(a->iattr, b->iattr, sizeof a->iattr) ||
        memcmp(a->dattr, b->dattr, sizeof a->dattr))
        return 0;
    for (int k = 0; k < a->n_in; k++)
        if (a->in[k] != b->in[k])
            return 0;
    if (a->nidx && memcmp(a->idx, b->idx, (size_t)a->nidx * sizeof *a->idx))
        return 0;
    if (a->op == DFG_OP_CONSTANT &&
        memcmp(a->data, b->data, (size_t)a->numel * dfg_dtype_size(a->dtype)))
        return 0;
    return 1;
}

static int mergeable(const dfg_node * n)
{
    return n->op != DFG_OP_INPUT && n->op != DFG_OP_VARIABLE;
}

static dfg_status cse_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    table * t = r->user;
    dfg_node * y;
    dfg_status st = pass_remake(n, in, &y);
    if (st)
        return st;
    if (!mergeable(y)) {
        *out = y;
        return DFG_OK;
    }
    if (2 * (t->n + 1) > t->cap) {
        size_t nc = t->cap ? 2 * t->cap : 256;
        entry * ns = dfg_calloc(nc, sizeof *ns);
        if (!ns) {
            dfg_node_unuse(y);
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
        }
        for (size_t k = 0; k < t->cap; k++)
            if (t->slot[k].node) {
                size_t i = (size_t)t->slot[k].hash & (nc - 1);
                while (ns[i].node)
                    i = (i + 1) & (nc - 1);
                ns[i] = t->slot[k];
            }
        dfg_free(t->slot);
        t->slot = ns;
        t->cap = nc;
    }
    uint64_t h = key_hash(y);
    size_t i = (size_t)h & (t->cap - 1);
    for (; t->slot[i].node; i = (i + 1) & (t->cap - 1)) {
        dfg_node * z = t->slot[i].node;
        if (z == y || (t->slot[i].hash == h && same(z, y))) {
            if (z != y) {
                r->changed++;
                dfg_node_unuse(y);
                y = z;
                dfg_node_use(y);
            }
            *out = y;
            return DFG_OK;
        }
    }
    t->slot[i] = (entry){ y, h };
    t->n++;
    *out = y;
    return DFG_OK;
}

dfg_status dfg_pass_cse(pass_run * r)
{
    table t = { NULL, 0, 0 };
    dfg_status st = DFG_OK;
    for (int f = 0; f < DFG_FAM_COUNT; f++)      /* control flow's tapes */
        if (dfg_family(f)->merge && (st = dfg_family(f)->merge(r)))
            return st;
    r->user = &t;
    st = pass_rewrite(r, cse_visit);
    dfg_free(t.slot);
    r->user = NULL;
    if (r->changed)
        snprintf(r->what, sizeof r->what, "merged %lld duplicate node%s",
                 (long long)r->changed, r->changed == 1 ? "" : "s");
    else
        snprintf(r->what, sizeof r->what, "no duplicates");
    return st;
}
