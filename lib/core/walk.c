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
dfg_status dfg_topo(int n_root, dfg_node * const * roots, dfg_node *** list,
                    int32_t * count, pmap * index)
{
    typedef struct { dfg_node * n; int32_t next; } frame;
    const uint64_t w = ++walk_count;
    const int held = index && index->n > 0;
    *list = NULL;
    *count = 0;
    size_t cap = 64, top = 0, nv = 0, vcap = 64;
    frame * st = dfg_malloc(cap * sizeof *st);
    dfg_node ** vals = dfg_malloc(vcap * sizeof *vals);
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
                vcap *= 2;
            }
            if (index && !pmap_put(index, f->n, (int32_t)nv))
                goto nomem;
            vals[nv++] = f->n;
            top--;
        }
    }
#undef SEEN
    dfg_free(st);
    *list = vals;
    *count = (int32_t)nv;
    return DFG_OK;
nomem:
    dfg_free(st);
    dfg_free(vals);
    return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
}
