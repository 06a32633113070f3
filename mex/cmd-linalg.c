/* mex/cmd-linalg.c -- gateway commands for the matrix functions expm,
 * sqrtm and logm, and cond and rank (issue 22).  The functions and Octave's rules are
 * lib/core/compose-linalg.c's; here only their arguments are read. */
#include <math.h>
#include <string.h>
#include "gateway.h"

/* logm's OPT_ITERS as logm.m's loop reads it, any real array (numeric,
 * logical or char: `while (k < opt_iters)` is all (k < opt_iters)): *lo =
 * min (opt_iters(:)) and *hi = max (opt_iters(:)); an empty or NaN-holding
 * opt_iters takes no square root and never warns (lo = 0, hi = Inf). */
static int opt_iters(gw * g, const mxArray * a, double * lo, double * hi)
{
    double * v = NULL;
    size_t n = 0;
    int st;
    if (mxIsChar(a)) {
        const mxChar * c = mxGetChars(a);
        n = mxGetNumberOfElements(a);
        if ((st = gw_alloc(g, (int64_t)n + 1, sizeof *v, &v)))
            return st;
        for (size_t k = 0; k < n; k++)
            v[k] = (unsigned char)c[k];
    } else if ((st = gw_real_values(g, a, 2, "OPT_ITERS", &v, &n))) {
        return st;
    }
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t k = 0; k < n; k++) {
        if (isnan(v[k]))
            n = 0;
        if (v[k] < *lo)
            *lo = v[k];
        if (v[k] > *hi)
            *hi = v[k];
    }
    if (n == 0) {
        *lo = 0;
        *hi = INFINITY;
    }
    return DFG_OK;
}

/* dfg_mex ("expm" | "sqrtm", A); [S, ITERS] = dfg_mex ("logm", A [, opt_iters]) */
int cmd_matfun(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id x, y[2] = {0, 0};
    int st, logm = !strcmp(g->fn, "logm"), nout = nlhs < 1 ? 1 : nlhs;
    double lo = 100, hi = 100;
    if (nrhs != 1 && !(logm && nrhs == 2))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: expected %s (got %d arguments)", g->fn,
                             logm ? "A [, OPT_ITERS]" : "one argument, A", nrhs);
    if (nout > (logm ? 2 : 1))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: called with too many outputs (%d)", g->fn, nout);
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (nrhs == 2 && (st = opt_iters(g, prhs[1], &lo, &hi)))
        return st;
    if (logm)
        return gw_outs(g, dfg_logm_opt(x, nrhs == 2, lo, hi, nout, y), nout, y, plhs);
    st = !strcmp(g->fn, "expm") ? dfg_expm(x, &y[0]) : dfg_sqrtm(x, &y[0]);
    return gw_out(g, st, &y[0], plhs);
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
