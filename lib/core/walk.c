/* lib/core/walk.c -- graph walks: the one topological sort of the library.
 *
 * Reverse mode (lib/autodiff/grad.c), the passes (lib/passes, as
 * pass_topo), the plan compiler and the memory planner's adjacency
 * (lib/runtime), control flow (lib/control) and the gateway's graph
 * listing all order nodes with it, so that they agree on one order. */
#include "core.h"
#include "../base/pmap.h"

/* Each walk has a number of its own; a node it reaches gets it in
 * node->walk, so "seen" is one compare with no map (a map of 10^5 nodes
 * is cache misses at every look-up).  64 bits: never wraps. */
static uint64_t walk_count;

/* An iterative post-order DFS: roots in the order given, each node's
 * inputs in[0], in[1], ... in turn, a node listed once all its inputs are.
 * A node is seen once its walk number is this walk's (or, given a map
 * that held nodes before the walk, it is one of those). */
/* The walk; with ix, also its input table (ix->in_off, ix->in_pos): a
 * node's inputs' positions, read as it is listed, when they have just been
 * reached and are in the cache. */
static dfg_status walk(int n_root, dfg_node * const * roots, dfg_node *** list,
                       int32_t * count, pmap * index, dfg_walk_ix * ix)
{
    typedef struct { dfg_node * n; int32_t next; } frame;
    const uint64_t w = ++walk_count;
    const int held = index && index->n > 0;
    *list = NULL;
    *count = 0;
    size_t cap = 64, top = 0, nv = 0, vcap = 64, ne = 0, ecap = 64;
    frame * st = dfg_malloc(cap * sizeof *st);
    dfg_node ** vals = dfg_malloc(vcap * sizeof *vals);
    int32_t * off = NULL, * pos = NULL;
    if (ix && (!(off = dfg_malloc((vcap + 1) * sizeof *off)) ||
               !(pos = dfg_malloc(ecap * sizeof *pos))))
        goto nomem;
    if (!st || !vals)
        goto nomem;
#define SEEN(x) ((x)->walk == w || (held && pmap_get(index, (x)) != -1))
    for (int k = 0; k < n_root; k++) {
        if (SEEN(roots[k]))
            continue;
        roots[k]->walk = w;
        st[top++] = (frame){ roots[k], 0 };
        while (top) {
            frame * f = &st[top - 1];
            if (f->next < f->n->n_in) {
                dfg_node * c = f->n->in[f->next++];
                if (SEEN(c))
                    continue;
                if (top == cap) {
                    frame * ns = dfg_realloc(st, 2 * cap * sizeof *st);
                    if (!ns)
                        goto nomem;
                    st = ns;
                    cap *= 2;
                }
                c->walk = w;
                st[top++] = (frame){ c, 0 };
                continue;
            }
            if (nv == vcap) {
                dfg_node ** nvv = dfg_realloc(vals, 2 * vcap * sizeof *nvv);
                if (!nvv)
                    goto nomem;
                vals = nvv;
                if (ix) {
                    int32_t * no = dfg_realloc(off, (2 * vcap + 1) * sizeof *no);
                    if (!no)
                        goto nomem;
                    off = no;
                }
                vcap *= 2;
            }
            if (index && !pmap_put(index, f->n, (int32_t)nv))
                goto nomem;
            f->n->pos = (int32_t)nv;
            if (ix) {
                dfg_node * x = f->n;
                if (ne + (size_t)x->n_in > ecap) {
                    size_t nc = 2 * ecap;
                    while (nc < ne + (size_t)x->n_in)
                        nc *= 2;
                    int32_t * np = dfg_realloc(pos, nc * sizeof *np);
                    if (!np)
                        goto nomem;
                    pos = np;
                    ecap = nc;
                }
                off[nv] = (int32_t)ne;
                for (int32_t k = 0; k < x->n_in; k++)
                    pos[ne++] = x->in[k]->pos;   /* listed before x, this walk */
            }
            vals[nv++] = f->n;
            top--;
        }
    }
#undef SEEN
    dfg_free(st);
    *list = vals;
    *count = (int32_t)nv;
    if (ix) {
        off[nv] = (int32_t)ne;
        ix->in_off = off;
        ix->in_pos = pos;
    }
    return DFG_OK;
nomem:
    dfg_free(st);
    dfg_free(vals);
    dfg_free(off);
    dfg_free(pos);
    return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
}

dfg_status dfg_topo(int n_root, dfg_node * const * roots, dfg_node *** list,
                    int32_t * count, pmap * index)
{
    return walk(n_root, roots, list, count, index, NULL);
}

dfg_status dfg_topo_ix(int n_root, dfg_node * const * roots, dfg_node *** list,
                       int32_t * count, dfg_walk_ix * ix)
{
    ix->map = NULL;
    ix->in_off = ix->in_pos = NULL;
    dfg_status st = walk(n_root, roots, list, count, NULL, ix);
    ix->walk = walk_count;
    ix->list = *list;
    ix->n = *count;
    return st;
}

/* A node this walk did not reach, or one a later walk re-marked: the map
 * of the list, made once (a linear search when there is no memory for
 * it: slow, never wrong). */
int32_t dfg_walk_ix_slow(dfg_walk_ix * ix, const dfg_node * x)
{
    if (!ix->map) {
        pmap * m = dfg_malloc(sizeof *m);
        if (m && pmap_init(m, (size_t)ix->n)) {
            int32_t v = 0;
            while (v < ix->n && pmap_put(m, ix->list[v], v))
                v++;
            if (v == ix->n)
                ix->map = m;
            else
                pmap_free(m);
        }
        if (!ix->map) {
            dfg_free(m);
            for (int32_t v = 0; v < ix->n; v++)
                if (ix->list[v] == x)
                    return v;
            return -1;
        }
    }
    return pmap_get(ix->map, x);
}

void dfg_walk_ix_free(dfg_walk_ix * ix)
{
    dfg_free(ix->in_off);
    dfg_free(ix->in_pos);
    ix->in_off = ix->in_pos = NULL;
    if (ix->map) {
        pmap_free(ix->map);
        dfg_free(ix->map);
    }
    ix->map = NULL;
}
