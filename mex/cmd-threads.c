/* mex/cmd-threads.c -- dfg.threads: the thread count of the kernels. */
#include "gateway.h"

/* dfg_mex ("threads" [, N]): the current count, or sets it and returns the
 * one before (N = 0: the default, the number of cores). */
int cmd_threads(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    if (nrhs > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.threads: expected dfg.threads () or dfg.threads (N)");
    int old = dfg_threads_get();
    if (nrhs == 1) {
        const mxArray * a = prhs[0];
        if (gw_is_tensor(a) || !(mxIsDouble(a) || mxIsSingle(a) || mxIsInt32(a)) ||
            mxIsComplex(a) || mxGetNumberOfElements(a) != 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.threads: N must be a real scalar: "
                                 "a positive integer, or 0 for the default");
        double v = mxGetScalar(a);
        if (!(v >= 0) || v != (double)(int)v || v > DFG_THREADS_MAX)
            return dfg_set_error(DFG_ERR_ARG, "dfg.threads: N must be a positive integer "
                                 "(at most %d) or 0 for the default, got %g",
                                 DFG_THREADS_MAX, v);
        int st = dfg_threads_set((int)v);
        if (st)
            return st;
    }
    plhs[0] = mxCreateDoubleScalar(old);
    return DFG_OK;
}
