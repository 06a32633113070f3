/* mex/cmd-linalg.c -- gateway commands for the matrix functions expm,
 * sqrtm and logm, and cond and rank (issue 22).  The functions and Octave's rules are
 * lib/core/compose-linalg.c's; here only their arguments are read. */
#include <math.h>
#include <string.h>
#include "gateway.h"

/* dfg_mex ("expm" | "sqrtm" | "logm", A) */
int cmd_matfun(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    int st;
    if (nrhs != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: expected one argument, A (got %d)", g->fn, nrhs);
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    st = !strcmp(g->fn, "expm") ? dfg_expm(x, &y) : !strcmp(g->fn, "sqrtm") ? dfg_sqrtm(x, &y) : dfg_logm(x, &y);
    return gw_out(g, st, &y, plhs);
}

/* dfg_mex ("cond", A [, p]): p a number, "fro" or "inf";
 * dfg_mex ("rank", A [, tol]) */
int cmd_cond_rank(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    int st, rank = !strcmp(g->fn, "rank"), fro = 0;
    double p = 2;
    if (nrhs < 1 || nrhs > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: expected 1 or 2 arguments (got %d)", g->fn, nrhs);
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (rank) {
        if (nrhs > 1 && (st = gw_scalar(g, prhs[1], 2, 0, &p)))
            return st;
        return gw_out(g, dfg_rank(x, nrhs > 1, p, &y), &y, plhs);
    }
    if (nrhs > 1) {
        char s[16];
        if (gw_string(prhs[1], s, sizeof s)) {
            if (!strcmp(s, "fro"))
                fro = 1;
            else if (!strcmp(s, "inf") || !strcmp(s, "Inf"))
                p = INFINITY;
            else
                return dfg_set_error(DFG_ERR_ARG, "dfg.cond: unknown norm type \"%s\"", s);
        } else if ((st = gw_scalar(g, prhs[1], 2, 0, &p))) {
            return st;
        }
    }
    return gw_out(g, dfg_cond(x, p, fro, &y), &y, plhs);
}
