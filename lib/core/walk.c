/* lib/core/walk.c -- graph walks: the one topological sort of the library.
 *
 * Reverse mode (lib/autodiff/grad.c), the passes (lib/passes, as
 * pass_topo), the plan compiler and the memory planner's adjacency
 * (lib/runtime), control flow (lib/control) and the gateway's graph
 * listing all order nodes with it, so that they agree on one order. */
#include "core.h"
#include "../base/pmap.h"

/* An iterative post-order DFS: roots in the order given, each node's
 * inputs in[0], in[1], ... in turn, a node listed once all its inputs are.
 * While the walk runs, the map holds -2 for nodes on the stack. */
dfg_status dfg_topo(int n_root, dfg_node * const * roots, dfg_node *** list,
                    int32_t * count, pmap * index)
{
    typedef struct { dfg_node * n; int32_t next; } frame;
    pmap own, * seen = index;
    *list = NULL;
    *count = 0;
    if (!seen) {
        if (!pmap_init(&own, 64))
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
        seen = &own;
    }
    size_t cap = 64, top = 0, nv = 0, vcap = 64;
    frame * st = dfg_malloc(cap * sizeof *st);
    dfg_node ** vals = dfg_malloc(vcap * sizeof *vals);
    if (!st || !vals)
        goto nomem;
    for (int k = 0; k < n_root; k++) {
        if (pmap_get(seen, roots[k]) != -1)
            continue;
        if (!pmap_put(seen, roots[k], -2))
            goto nomem;
        st[top++] = (frame){ roots[k], 0 };
        while (top) {
            frame * f = &st[top - 1];
            if (f->next < f->n->n_in) {
                dfg_node * c = f->n->in[f->next++];
                if (pmap_get(seen, c) != -1)
                    continue;
                if (top == cap) {
                    frame * ns = dfg_realloc(st, 2 * cap * sizeof *st);
                    if (!ns)
                        goto nomem;
                    st = ns;
                    cap *= 2;
                }
                if (!pmap_put(seen, c, -2))
                    goto nomem;
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
            if (!pmap_put(seen, f->n, (int32_t)nv))
                goto nomem;
            vals[nv++] = f->n;
            top--;
        }
    }
    dfg_free(st);
    if (seen == &own)
        pmap_free(&own);
    *list = vals;
    *count = (int32_t)nv;
    return DFG_OK;
nomem:
    dfg_free(st);
    dfg_free(vals);
    if (seen == &own)
        pmap_free(&own);
    return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
}
