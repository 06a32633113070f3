/* mex/cmd-range.c -- gateway command for linspace with tensor limits
 * (the construction is lib/core/compose-range.c's dfg_linspace).  The
 * count must be a plain number: it decides the result's size. */
#include <math.h>
#include "gateway.h"

int cmd_linspace(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id a, b, y;
    double n = 100;
    int st;
    if (nrhs < 2 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.linspace: called with %d argument%s (expected 2 or 3)",
                             nrhs, nrhs == 1 ? "" : "s");
    if (nrhs == 3) {
        const mxArray * c = prhs[2];
        if (gw_is_tensor(c) || mxIsClass(c, "dfg_logical"))
            return dfg_set_error(DFG_ERR_DATA_SIZE,
                                 "dfg.linspace: N is a dfg.Tensor: the number of points decides the size of the "
                                 "result and must be a plain number");
        if (mxGetNumberOfElements(c) != 1 || !(mxIsNumeric(c) || mxIsLogical(c)) || mxIsComplex(c))
            return dfg_set_error(DFG_ERR_ARG, "dfg.linspace: N must be a scalar");
        n = mxGetScalar(c);
    }
    if ((st = gw_operand(g, prhs[0], 1, &a)) || (st = gw_operand(g, prhs[1], 2, &b)))
        return st;
    return gw_out(g, dfg_linspace(a, b, n, &y), &y, plhs);
}
