/* mex/cmd-integral.c -- the command behind dfg.integral (+dfg/integral.m
 * traces the integrand on an input t of 1x15 and passes it here with the
 * limits and options; the quadrature is lib/control/ctrl-integral.c's). */
#include <math.h>
#include "gateway.h"

/* dfg_mex ("integral", T, F, A, B, ABSTOL, RELTOL, MAXINTERVALS, SINGLE)
 * -> the integral's handle (1x1).  A and B: double scalars (tensors or
 * plain numbers). */
int cmd_integral(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    g->fn = "integral";
    if (nrhs != 8)
        return dfg_set_error(DFG_ERR_ARG, "dfg: bad integral call");
    dfg_integral_spec s;
    double v;
    int st;
    if ((st = gw_operand(g, prhs[0], 1, &s.t)) || (st = gw_operand(g, prhs[1], 2, &s.f)) ||
        (st = gw_operand(g, prhs[2], 3, &s.a)) || (st = gw_operand(g, prhs[3], 4, &s.b)) ||
        (st = gw_scalar(g, prhs[4], 5, 0, &s.abstol)) ||
        (st = gw_scalar(g, prhs[5], 6, 0, &s.reltol)) || (st = gw_scalar(g, prhs[6], 7, 1, &v)))
        return st;
    s.max_intervals = (int64_t)v;
    if ((st = gw_scalar(g, prhs[7], 8, 1, &v)))
        return st;
    s.single = v != 0;
    dfg_id y;
    return gw_out(g, dfg_integral(&s, &y), &y, plhs);
}
