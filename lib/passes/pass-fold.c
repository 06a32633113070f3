/* lib/passes/pass-fold.c -- constant folding.
 *
 * A node whose inputs are all constants is run once, now, by the same
 * kernel a plan would run (the evaluator the plan compiler passes in), and replaced by a constant holding the result;
 * since the walk goes inputs first, every subgraph whose leaves are
 * constants folds to one constant.  Variables are not constants (their
 * value changes between runs) and inputs are not.  A node is left as it is
 * when its kernel fails (log of a negative number, say: the plan then
 * raises the error when it runs, as without the pass), when it warns (the
 * warning belongs to each run), and when its result would take more than
 * FOLD_MAX_BYTES (a constant that large costs more memory than the work it
 * saves), and when it would expand its inputs into something larger than
 * FOLD_EXPAND elements (a broadcast of a scalar into a million elements is
 * cheaper to keep: the fuse pass reads the scalar per tile).  Results are
 * those of the kernel: bitwise what the run gives.
 */
#include <stdio.h>
#include "pass.h"

#define FOLD_MAX_BYTES ((int64_t)64 << 20)
#define FOLD_EXPAND    4096

static dfg_status fold_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    /* loops and conditionals run when the plan does (a loop can be long,
     * and its packed result is only read through its CTRL_OUT nodes) */
    if (!r->eval || n->n_in == 0 || n->op == DFG_OP_LOOP || n->op == DFG_OP_COND)
        return DFG_OK;
    for (int k = 0; k < n->n_in; k++)
        if (in[k]->op != DFG_OP_CONSTANT)
            return DFG_OK;
    if (n->numel * (int64_t)dfg_dtype_size(n->dtype) > FOLD_MAX_BYTES)
        return DFG_OK;
    int64_t in_numel = 0;
    for (int k = 0; k < n->n_in; k++)
        in_numel += in[k]->numel;
    if (n->numel > FOLD_EXPAND && n->numel > in_numel)
        return DFG_OK;
    dfg_node * y, * c;
    dfg_status st = pass_remake(n, in, &y);
    if (st)
        return st;
    if ((st = dfg_leaf_constant(y->dtype, y->ndim, y->dims, &c))) {
        dfg_node_unuse(y);
        return st;
    }
    const void * small[16], ** ins = small;
    if (y->n_in > 16 && !(ins = dfg_malloc((size_t)y->n_in * sizeof *ins))) {
        dfg_node_unuse(y);
        dfg_node_unuse(c);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    }
    for (int k = 0; k < y->n_in; k++)
        ins[k] = y->in[k]->data;
    (void)dfg_take_warning();
    dfg_status ex = r->eval(y, c->data, ins);
    int warned = dfg_take_warning() != NULL;
    if (ins != small)
        dfg_free(ins);
    if (ex || warned) {          /* keep the node: the run reports it */
        dfg_node_unuse(c);
        *out = y;
        return DFG_OK;
    }
    dfg_node_unuse(y);
    r->changed++;
    *out = c;
    return DFG_OK;
}

dfg_status dfg_pass_fold(pass_run * r)
{
    dfg_status st = pass_rewrite(r, fold_visit);
    if (r->changed)
        snprintf(r->what, sizeof r->what, "folded %lld node%s into constants",
                 (long long)r->changed, r->changed == 1 ? "" : "s");
    else
        snprintf(r->what, sizeof r->what, "nothing constant to fold");
    return st;
}
