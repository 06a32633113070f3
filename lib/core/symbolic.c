/* lib/core/symbolic.c -- graphs with symbolic sizes made concrete.
 *
 * A graph recorded with a symbolic dimension (dfg_sym_dim, lib/base) holds
 * symbols only in nodes whose sizes follow their inputs dimension by
 * dimension: dfg_infer refuses a symbolic input to any other family, and
 * the only attributes that carry a symbol are the dims of the RESHAPE and
 * BROADCAST families.  dfg_specialize makes the same graph with every
 * symbol bound to a size.  A node is made again, through dfg_build, when
 * it has a symbol or one of its inputs was made again, so every shape
 * check and class rule runs again on the concrete sizes; every other node
 * (constants, variables, what does not depend on a symbol) is shared.
 *
 * Shapes were inferred with each symbol taken as a size of at least 2
 * (never a singleton, never empty), as Octave's rules that look at a size
 * (broadcasting, a reduction's default dimension) did when the graph was
 * made; the caller binds sizes of at least 2 only (lib/runtime/plan.c),
 * and each node made again is checked to have the size its recorded one
 * gives under the binding, so that a rule that would have decided
 * otherwise is an error, never a different graph. */
#include <string.h>
#include "core.h"
#include "../base/pmap.h"

static int64_t bound(int64_t d, const int64_t * value)
{
    return dfg_dim_is_sym(d) ? value[dfg_dim_sym(d)] : d;
}

static int has_sym(const dfg_node * n)
{
    if (n->numel < 0)
        return 1;
    int fam = dfg_ops[n->op].family;
    if (fam == DFG_FAM_RESHAPE || fam == DFG_FAM_BROADCAST)
        return dfg_shape_is_sym((int)n->iattr[0], n->iattr + 1);
    return 0;
}

/* n made again on inputs in (each borrowed), sizes bound: *out holds one
 * use (the caller's). */
static dfg_status remake(dfg_node * n, dfg_node * const * in, const int64_t * value,
                         dfg_node ** out)
{
    char s1[256], s2[256];
    dfg_status st;
    if (n->op == DFG_OP_INPUT) {
        int64_t d[DFG_MAX_DIMS];
        dfg_id id;
        for (int k = 0; k < n->ndim; k++)
            d[k] = bound(n->dims[k], value);
        if ((st = dfg_input((dfg_dtype)n->dtype, n->ndim, d, n->name, &id)))
            return st;
        *out = dfg_node_get(id);
        dfg_node_use(*out);
        dfg_release(id);
        return DFG_OK;
    }
    if (n->n_in == 0 || dfg_ops[n->op].family == DFG_FAM_CTRL ||
        dfg_ops[n->op].family == DFG_FAM_FUSED)
        return dfg_set_error(DFG_ERR_SYMBOLIC,
                             "dfg.%s: not defined on values computed from a symbolic size; make the graph with a concrete size",
                             dfg_ops[n->op].name);
    dfg_attr a;
    dfg_node_attr(n, &a);
    int fam = dfg_ops[n->op].family;
    if (fam == DFG_FAM_RESHAPE || fam == DFG_FAM_BROADCAST)
        for (int64_t k = 0; k < a.i[0] && k + 1 < DFG_MAX_IATTR; k++)
            a.i[1 + k] = bound(a.i[1 + k], value);
    dfg_tags was = dfg_tags_set((dfg_tags){ n->tags, n->region, n->seq });
    st = dfg_build(n->op, n->n_in, in, &a, out);
    dfg_tags_set(was);
    if (st)
        return st;
    /* the size the recorded one gives under the binding, or the graph
     * would not be the one recorded */
    int64_t want[DFG_MAX_DIMS];
    for (int k = 0; k < n->ndim; k++)
        want[k] = bound(n->dims[k], value);
    if ((*out)->ndim != n->ndim || memcmp((*out)->dims, want, (size_t)n->ndim * sizeof *want)) {
        dfg_shape_str(n->ndim, n->dims, s1, sizeof s1);
        dfg_shape_str((*out)->ndim, (*out)->dims, s2, sizeof s2);
        dfg_node_unuse(*out);
        *out = NULL;
        return dfg_set_error(DFG_ERR_SYMBOLIC,
                             "dfg.%s: recorded as %s, but %s with these sizes",
                             dfg_ops[n->op].name, s1, s2);
    }
    return DFG_OK;
}

dfg_status dfg_specialize(int n_root, dfg_node * const * roots, const int64_t * value,
                          dfg_node ** out)
{
    dfg_node ** order = NULL;
    int32_t count = 0;
    pmap at;
    if (!pmap_init(&at, 64))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory binding sizes");
    dfg_status st = dfg_topo(n_root, roots, &order, &count, &at);
    dfg_node ** made = st ? NULL : dfg_calloc((size_t)count + 1, sizeof *made);
    dfg_node * in_small[8], ** in = in_small;
    int in_cap = 8;
    if (!st && !made)
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory binding sizes");
    for (int32_t k = 0; k < count && !st; k++) {
        dfg_node * n = order[k];
        int changed = has_sym(n);
        if (n->n_in > in_cap) {
            dfg_node ** b = in == in_small ? dfg_malloc((size_t)n->n_in * sizeof *b)
                                           : dfg_realloc(in, (size_t)n->n_in * sizeof *b);
            if (!b) {
                st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory binding sizes");
                break;
            }
            in = b;
            in_cap = n->n_in;
        }
        for (int j = 0; j < n->n_in; j++) {
            in[j] = made[pmap_get(&at, n->in[j])];
            changed |= in[j] != n->in[j];
        }
        if (!changed) {
            dfg_node_use(n);
            made[k] = n;
        } else
            st = remake(n, in, value, &made[k]);
    }
    for (int r = 0; r < n_root; r++) {
        out[r] = st ? NULL : made[pmap_get(&at, roots[r])];
        if (out[r])
            dfg_node_use(out[r]);
    }
    for (int32_t k = 0; made && k < count; k++)
        if (made[k])
            dfg_node_unuse(made[k]);
    if (in != in_small)
        dfg_free(in);
    dfg_free(made);
    dfg_free(order);
    pmap_free(&at);
    return st;
}

dfg_status dfg_size_symbol(const char * name, int64_t * dim)
{
    int id = dfg_sym_intern(name);
    if (!id)
        return DFG_ERR_ARG;
    *dim = dfg_sym_dim(id);
    return DFG_OK;
}
