/* lib/control/ctrl-implicit.c -- implicit functions (docs/implicit.md).
 *
 * x = implicit (F, x_star) is a value equal to x_star, taken to be the root
 * of F (x, p) = 0, whose derivatives come from the implicit function
 * theorem: for the adjoint g of x,
 *
 *     lambda = J' \ g,   J = dF/dx (x, p),   adjoint of p = -(dF/dp)' lambda
 *
 * with J and dF/dp built as graph nodes evaluated at x itself (this
 * construct's own output), so that differentiating the adjoints again goes
 * through the construct again: derivatives of any order, and forward mode
 * by dfg's transposition of reverse mode.  x_star gets no adjoint (the root
 * does not depend on how it was found): iterations that computed it are
 * never differentiated.
 *
 * The construct is a COND of lib/control/ctrl.c whose predicate is the
 * constant true and whose two (equal) bodies return [u, F (u, q)]: u the
 * parameter bound to x_star, q the parameters bound to what F reads from
 * outside (captured by dfg_ctrl_make as for every construct).  So a run
 * copies x_star and evaluates the residual at it (the second output,
 * fval), on every device a cond runs on; the record's `implicit` flag
 * makes dfg_ctrl_grad use the rule below instead of cond's.  fval =
 * F (x (p), p) is zero as a function of p by the theorem: its adjoint is
 * ignored. */
#include <string.h>
#include "../autodiff/grad-impl.h"
#include "ctrl-impl.h"

/* The checks of dfg_implicit: u an input standing for x_star (same class
 * and size), r a residual of as many elements, both floating point. */
static dfg_status implicit_check(const char * fn, const dfg_node * xs, const dfg_node * u,
                                 const dfg_node * r)
{
    char a[256], b[256];
    if (u->op != DFG_OP_INPUT)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: the parameter F was traced on must be an input",
                             fn);
    if (xs->dtype == DFG_LOGICAL || r->dtype == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: %s must be double or single, not logical", fn,
                             xs->dtype == DFG_LOGICAL ? "X0" : "the value of F");
    if (xs->dtype != u->dtype || xs->ndim != u->ndim ||
        memcmp(xs->dims, u->dims, (size_t)xs->ndim * sizeof *xs->dims))
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: X0 (%s) and the parameter F was traced on "
                             "(%s) differ", fn, dfg_shape_str(xs->ndim, xs->dims, a, sizeof a),
                             dfg_shape_str(u->ndim, u->dims, b, sizeof b));
    if (r->numel != xs->numel)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: F returns %s for X of %s: the system must be "
                             "square (as many equations as unknowns)", fn,
                             dfg_shape_str(r->ndim, r->dims, a, sizeof a),
                             dfg_shape_str(xs->ndim, xs->dims, b, sizeof b));
    if (xs->numel > (1 << 16))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: X has %lld elements; at most 65536 (its "
                             "Jacobian is built as a graph)", fn, (long long)xs->numel);
    return DFG_OK;
}

dfg_status dfg_implicit(dfg_id xstar, dfg_id par, dfg_id res, const char * name, dfg_id * x,
                        dfg_id * fval)
{
    const char * fn = name && *name ? name : "implicit";
    dfg_node * xs = dfg_node_get(xstar), * u = dfg_node_get(par), * r = dfg_node_get(res);
    if (!xs || !u || !r)
        return DFG_ERR_HANDLE;
    dfg_status st = implicit_check(fn, xs, u, r);
    if (st)
        return st;
    gctx g = {0};
    int64_t one[2] = {1, 1};
    dfg_node * pred = gb_fill(&g, DFG_LOGICAL, 2, one, 1);
    dfg_node * body[2] = {u, r}, * outs[2] = {NULL, NULL};
    if (!(st = g.st)) {
        ctrl_spec s = { DFG_OP_COND, fn, 0, 0, 1, &u, &xs, pred, {2, 2}, {body, body}, 0, 0, 0,
                        1, 0, NULL };
        st = dfg_ctrl_make(&s, outs);
    }
    if (!st) {
        dfg_ctrl_of(outs[0]->in[0])->implicit = 1;
        dfg_id * ids[2] = {x, fval};
        for (int k = 0; k < 2; k++) {
            outs[k]->uses--;
            outs[k]->handles++;
            *ids[k] = dfg_node_id(outs[k]);
        }
    }
    gb_release(&g);
    return st;
}

/* Output k of construct y as a node (kept in g): the CTRL_OUT that
 * dfg_ctrl_node made for it, or an equal one. */
static dfg_node * ctrl_output(gctx * g, ctrl_rec * c, dfg_node * y, int k)
{
    dfg_attr o;
    memset(&o, 0, sizeof o);
    o.i[0] = c->odt[k];
    o.i[1] = c->off[k];
    o.i[2] = k;
    o.i[3] = c->ond[k];
    memcpy(o.i + 4, c->odims[k], (size_t)c->ond[k] * sizeof *o.i);
    return gb_op(g, DFG_OP_CTRL_OUT, 1, &y, &o);
}

/* See the head of this file.  y->in: [pred, x_star, captured...]; c->par:
 * [u, q...]; c->body[0].res: [u, F (u, q)]. */
dfg_status dfg_ctrl_grad_implicit(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                                  const int * need, dfg_node ** gx)
{
    int np = c->n_par;
    if (!gout[0] || np < 2)
        return DFG_OK;
    dfg_node ** block = dfg_calloc((size_t)(4 * np + 4), sizeof *block);
    int * who = dfg_calloc((size_t)np + 1, sizeof *who);
    if (!block || !who) {
        dfg_free(block);
        dfg_free(who);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    }
    dfg_node ** wrt = block, ** gq = block + np, ** from = block + 2 * np, ** to = block + 3 * np + 1;
    int nw = 0;
    for (int k = 1; k < np; k++)
        if (need[1 + k] && ctrl_float(c->par[k])) {
            who[nw] = k;
            wrt[nw++] = c->par[k];
        }
    gctx g = {0};
    dfg_node * u = c->par[0], * r = c->body[0].res[1];
    if (!nw)
        goto done;
    /* in the body's parameters: J = dF/du, and -(dF/dq)' W for a multiplier W */
    dfg_node * J = NULL;
    dfg_status st = dfg_jacobian_nodes(r, u, 0, &J);
    if (st) {
        gb_fail(&g, st);
        goto done;
    }
    gb_keep(&g, J);
    dfg_node * W = dfg_ctrl_keep_param(&g, r, "multiplier");
    if (!g.st) {
        if ((st = dfg_grad_multi(1, &r, &W, nw, wrt, gq)))
            gb_fail(&g, st);
        else
            for (int k = 0; k < nw; k++)
                gb_keep(&g, gq[k]);
    }
    /* at the solution: u is this construct's own output, q what it captured */
    for (int k = 0; k < np; k++) {
        from[k] = c->par[k];
        to[k] = k ? y->in[1 + k] : ctrl_output(&g, c, y, 0);
    }
    dfg_node * Jx = NULL;
    dfg_ctrl_substitute_kept(&g, 1, &J, np, from, to, &Jx);
    if (g.st)
        goto done;
    int dt = Jx->dtype == DFG_SINGLE || gout[0]->dtype == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
    int64_t col[2] = {u->numel, 1};
    dfg_node * lam = gb_op2(&g, DFG_OP_MLDIVIDE, gb_transpose(&g, gb_cast(&g, Jx, dt)),
                            gb_reshape(&g, gb_cast(&g, gout[0], dt), 2, col));
    from[np] = W;
    to[np] = gb_cast(&g, gb_reshape(&g, gb_neg(&g, lam), r->ndim, r->dims), r->dtype);
    dfg_node * outs[256];
    dfg_ctrl_substitute_kept(&g, nw, gq, np + 1, from, to, outs);
    for (int k = 0; k < nw && !g.st; k++) {
        gx[1 + who[k]] = outs[k];
        dfg_node_use(outs[k]);
    }
done:
    st = g.st;
    gb_release(&g);
    dfg_free(block);
    dfg_free(who);
    return st;
}
