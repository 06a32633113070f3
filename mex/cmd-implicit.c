/* mex/cmd-implicit.c -- the command behind dfg.implicit, dfg.fsolve and
 * dfg.argmin (lib/control/ctrl-implicit.c): their .m files trace the
 * residual F on an input made for the root and pass both here. */
#include <string.h>
#include "gateway.h"

/* dfg_mex ("implicit", X_STAR, PAR, RES, FN) -> [x, fval]: X_STAR a tensor
 * or an array (made a constant), PAR the input F was traced on, RES its
 * value (a tensor, or an array: a residual that reads no tensor), FN the
 * function errors name. */
int cmd_implicit(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    char fn[24];
    if (nrhs != 4 || !gw_string(prhs[3], fn, sizeof fn))
        return dfg_set_error(DFG_ERR_ARG, "dfg.implicit: bad call (X_STAR, PAR, RES, FN)");
    static char name[24];
    memcpy(name, fn, sizeof name);
    g->fn = name;
    dfg_id xs, u, r, y[2];
    int st;
    if ((st = gw_operand(g, prhs[0], 1, &xs)) || (st = gw_tensor(g, prhs[1], 2, &u)) ||
        (st = gw_operand(g, prhs[2], 3, &r)))
        return st;
    return gw_outs(g, dfg_implicit(xs, u, r, name, &y[0], &y[1]), 2, y, plhs);
}
