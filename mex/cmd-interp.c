/* mex/cmd-interp.c -- gateway commands for the interpolation, fitting and
 * assembly functions of +dfg/+internal (interp1, histc): the ORDER family's
 * moves by data-dependent positions, TAKE and TAKE_ADD, as internal
 * commands.  Called by +dfg/+internal/interp1.m and histc.m only; not user
 * functions.
 *
 *   dfg_mex ("take", x, p, dim)      y(.., k, ..) = x(.., p(.., k, ..), ..)
 *   dfg_mex ("take_add", g, p, dim)  y = 0; y(.., p(.., k, ..), ..) += g(.., k, ..)
 *
 * p: double 1-based positions along dim (1-based), of x's (g's) size; the
 * result has that size.  x, g, p may be tensors or plain arrays; a
 * position out of range is a dfg:index error when the graph runs.  Each is
 * the other's gradient (lib/autodiff), so a gather by positions a graph
 * computed (interp1's intervals of tensor queries) is differentiable in
 * its values, to any order.
 *
 *   dfg_mex ("lookup", table, y [, opt])   Octave's lookup: opt a string
 *                                          of "m", "b", "l", "r"
 *                                          (lib/core/compose-interp.c) */
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

/* lookup (table, y [, opt]): either may be a tensor; the options parsed
 * as Octave's lookup parses them (each letter once in any order; m and b
 * exclusive, and not with l or r: the builder checks the pairs) */
int cmd_lookup(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id t, y, r = 0;
    int st, opts = 0;
    if (nrhs < 2 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: called with %d arguments (expected 2 or 3)", nrhs);
    if (nrhs == 3) {
        char s[16];
        if (!mxIsChar(prhs[2]))
            return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: OPT (argument 3) must be a string");
        if (mxGetNumberOfElements(prhs[2]) >= sizeof s || mxGetString(prhs[2], s, sizeof s))
            return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: unrecognized option (argument 3)");
        for (const char * c = s; *c; c++) {
            int bit = *c == 'm' ? DFG_LOOKUP_M : *c == 'b' ? DFG_LOOKUP_B : *c == 'l' ? DFG_LOOKUP_L
                    : *c == 'r' ? DFG_LOOKUP_R : 0;
            if (!bit)
                return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: unrecognized option: %c", *c);
            opts |= bit;
        }
    }
    if ((st = gw_operand(g, prhs[0], 1, &t)) || (st = gw_operand(g, prhs[1], 2, &y)))
        return st;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    if ((st = gw_info(t, NULL, &nd, d)))
        return st;
    if (nd > 2 || (d[0] != 1 && d[1] != 1 && d[0] * d[1] != 0))
        mexWarnMsgTxt("lookup: table is not a vector");
    return gw_out(g, dfg_lookup(t, y, opts, &r), &r, plhs);
}
