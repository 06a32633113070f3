/* mex/cmd-ctrl.c -- control flow (lib/control/ctrl.c): the command behind
 * dfg.scan, dfg.fori, dfg.while and dfg.cond, which trace the user's
 * functions on inputs made for them (+dfg/+internal/ctrl_trace.m). */
#include <string.h>
#include "gateway.h"

/* Operands from a cell (tensors, or arrays made constants); mxMalloc'ed. */
static int operands(gw * g, const mxArray * c, int argno, dfg_id ** ids, int * n)
{
    if (!mxIsCell(c))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d must be a cell array", g->fn, argno);
    *n = (int)mxGetNumberOfElements(c);
    *ids = mxMalloc(((size_t)*n + 1) * sizeof **ids);
    for (int k = 0; k < *n; k++) {
        const mxArray * e = mxGetCell(c, (mwIndex)k);
        if (!e)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: empty cell in argument %d", g->fn, argno);
        int st = gw_operand(g, e, argno, &(*ids)[k]);
        if (st)
            return st;
    }
    return DFG_OK;
}

/* dfg_mex ("ctrl", KIND, PAR, ARGS, NCARRY, PRED, RES1, RES2, LENGTH,
 * REVERSE, MAXITER, FN, NHIDDEN) -> a row of output handles.  FN: the
 * function errors name; NHIDDEN: leading carries the user did not give. */
int cmd_ctrl(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    char kind[16], fn[32];
    if (nrhs != 12 || !gw_string(prhs[0], kind, sizeof kind) || !gw_string(prhs[10], fn, sizeof fn))
        return dfg_set_error(DFG_ERR_ARG, "dfg: bad control-flow call");
    static char name[32];
    memcpy(name, fn, sizeof name);
    g->fn = name;
    dfg_ctrl_spec s;
    memset(&s, 0, sizeof s);
    s.kind = !strcmp(kind, "scan") ? DFG_CTRL_SCAN : !strcmp(kind, "while") ? DFG_CTRL_WHILE
           : !strcmp(kind, "cond") ? DFG_CTRL_COND : -1;
    if (s.kind < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg: unknown control-flow kind");
    dfg_id * par = NULL, * args = NULL, * r0 = NULL, * r1 = NULL, * outs = NULL;
    int np = 0, na = 0, n0 = 0, n1 = 0;
    double v;
    int st = gw_ids_from_cell(g, prhs[1], 2, "PAR", &par, &np);
    if (!st)
        st = operands(g, prhs[2], 3, &args, &na);
    if (!st && na != np)
        st = dfg_set_error(DFG_ERR_ARG, "dfg.%s: %d values for %d parameters", name, na, np);
    if (!st && !(st = gw_scalar(g, prhs[3], 4, 1, &v)))
        s.n_carry = v < 0 || v > 1e6 ? -1 : (int)v;
    if (!st && s.kind == DFG_CTRL_COND)
        st = gw_operand(g, prhs[4], 5, &s.pred);
    if (!st)
        st = operands(g, prhs[5], 6, &r0, &n0);
    if (!st)
        st = operands(g, prhs[6], 7, &r1, &n1);
    if (!st && !(st = gw_scalar(g, prhs[7], 8, 1, &v)))
        s.length = v < 0 ? -1 : v >= 9e18 ? INT64_MAX : (int64_t)v;
    if (!st && !(st = gw_scalar(g, prhs[8], 9, 1, &v)))
        s.reverse = v != 0;
    if (!st && !(st = gw_scalar(g, prhs[9], 10, 0, &v)))
        s.maxiter = !(v >= 1) || v >= 9e18 ? 0 : (int64_t)v;
    if (!st && !(st = gw_scalar(g, prhs[11], 12, 1, &v)))
        s.n_hidden = v > 1e6 ? -1 : (int)v;
    s.name = name;
    if (!st) {
        s.n_par = np;
        s.par = par;
        s.args = args;
        s.n_res[0] = n0;
        s.n_res[1] = n1;
        s.res[0] = r0;
        s.res[1] = r1;
        outs = mxMalloc(((size_t)n0 + (size_t)np + 1) * sizeof *outs);
        int no = 0;
        /* the results go straight to Octave: nothing can fail in between */
        st = dfg_ctrl(&s, &no, outs);
        if (!st) {
            plhs[0] = mxCreateNumericMatrix(1, (mwSize)no, mxUINT64_CLASS, mxREAL);
            memcpy(mxGetData(plhs[0]), outs, (size_t)no * sizeof *outs);
        }
    }
    mxFree(outs);
    mxFree(par);
    mxFree(args);
    mxFree(r0);
    mxFree(r1);
    return st;
}
