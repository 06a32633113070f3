/* mex/cmd-ode.c -- the command behind dfg.ode45 and dfg.ode23
 * (+dfg/+internal/ode_impl.m traces the right-hand side on an input t and
 * an input y and passes them here with the options; the integration is
 * lib/control/ctrl-ode.c's). */
#include <math.h>
#include "gateway.h"

/* A real scalar option (NaN when empty: "not given"). */
static int opt_scalar(gw * g, const mxArray * a, int argno, const char * what, double * v)
{
    double * x;
    size_t n;
    int st = gw_real_values(g, a, argno, what, &x, &n);
    if (st)
        return st;
    if (n > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s must be a scalar", g->fn, what);
    *v = n ? x[0] : NAN;
    return DFG_OK;
}

/* dfg_mex ("ode", NAME, ORDER, T, Y, DY, Y0, TSPAN, RELTOL, ABSTOL,
* INITIALSTEP, MAXSTEP, NORMCONTROL, CHECKPOINTS) -> the solution's
 * handle (nt x n).  Empty options: Octave's defaults. */
int cmd_ode(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    static char name[16];
    if (nrhs != 14 || !gw_string(prhs[0], name, sizeof name))
        return dfg_set_error(DFG_ERR_ARG, "dfg: bad ode call");
    g->fn = name;
    dfg_ode_spec s;
    double v, * ts, * at;
    size_t nts, nat;
    int st;
    if ((st = gw_scalar(g, prhs[1], 2, 1, &v)))
        return st;
    s.order = (int)v;
    if ((st = gw_operand(g, prhs[2], 3, &s.t)) || (st = gw_operand(g, prhs[3], 4, &s.y)) ||
        (st = gw_operand(g, prhs[4], 5, &s.dy)) || (st = gw_operand(g, prhs[5], 6, &s.y0)))
        return st;
    if ((st = gw_real_values(g, prhs[6], 7, "TRANGE", &ts, &nts)))
        return st;
    s.nt = (int64_t)nts;
    s.tspan = ts;
    if ((st = opt_scalar(g, prhs[7], 8, "RelTol", &s.reltol)))
        return st;
    if (s.reltol != s.reltol)
        s.reltol = 1e-3;
    if ((st = gw_real_values(g, prhs[8], 9, "AbsTol", &at, &nat)))
        return st;
    static const double abs_default = 1e-6;
    s.n_abstol = nat ? (int64_t)nat : 1;
    s.abstol = nat ? at : &abs_default;
    if ((st = opt_scalar(g, prhs[9], 10, "InitialStep", &s.initial_step)) ||
        (st = opt_scalar(g, prhs[10], 11, "MaxStep", &s.max_step)) ||
        (st = gw_scalar(g, prhs[11], 12, 1, &v)))
        return st;
    s.norm_control = v != 0;
    if ((st = gw_scalar(g, prhs[12], 13, 1, &v)))
        return st;
    if (!(v >= 0 && v < 1e15) || v != floor(v))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: Checkpoints must be a non-negative integer", name);
    s.checkpoints = (int64_t)v;
    if ((st = gw_scalar(g, prhs[13], 14, 1, &v)))
        return st;
    s.continuous = v != 0;
    dfg_id y;
    return gw_out(g, dfg_ode(&s, &y), &y, plhs);
}
