/* mex/cmd-interp.c -- gateway commands for the interpolation, fitting and
 * assembly functions of +dfg/+internal (interp1, histc): the ORDER family's
 * moves by data-dependent positions, TAKE and TAKE_ADD, as internal
 * commands.  Called by +dfg/+internal/interp1.m and histc.m only; not user
 * functions.
 *
 *   dfg_mex ("take", x, p, dim)      y(.., k, ..) = x(.., p(.., k, ..), ..)
 *   dfg_mex ("take_add", g, p, dim)  y = 0; y(.., p(.., k, ..), ..) += g(.., k, ..)
 *
 * p: double 1-based positions along dim (1-based): for take, of x's size
 * off dim and any length along it, for take_add of g's size; the result
 * has p's size.  x, g, p may be tensors or plain arrays; a
 * position out of range is a dfg:index error when the graph runs.  Each is
 * the other's gradient (lib/autodiff), so a gather by positions a graph
 * computed (interp1's intervals of tensor queries) is differentiable in
 * its values, to any order. */
#include <string.h>
#include "gateway.h"

int cmd_take(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id in[2], y;
    double dim;
    int st;
    if (nrhs != 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: called with %d arguments (expected 3)", g->fn, nrhs);
    if ((st = gw_operand(g, prhs[0], 1, &in[0])) || (st = gw_operand(g, prhs[1], 2, &in[1])) ||
        (st = gw_scalar(g, prhs[2], 3, 1, &dim)))
        return st;
    if (dim < 1 || dim > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM (argument 3) must be from 1 to %d, not %g", g->fn,
                             DFG_MAX_DIMS, dim);
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = (int64_t)dim - 1;
    int op = strcmp(g->fn, "take_add") ? DFG_OP_TAKE : DFG_OP_TAKE_ADD;
    if ((st = gw_op(g, op, 2, in, &a, &y)))
        return st;
    plhs[0] = gw_result(g, y);
    return DFG_OK;
}
