/* mex/cmd-signal.c -- gateway commands for signal processing: conv, conv2
 * and filter (built by lib/core/compose-signal.c; here only their arguments
 * are read, in Octave 7.3's order of checks where the library cannot see
 * them). */
#include <math.h>
#include <string.h>
#include "gateway.h"

static int nargs(gw * g, int nrhs, int lo, int hi)
{
    if (nrhs < lo || nrhs > hi)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: called with %d argument%s (expected %d to %d)",
                             g->fn, nrhs, nrhs == 1 ? "" : "s", lo, hi);
    return DFG_OK;
}

/* Whether any of the n operands p[0..n-1] is single (a tensor's class or
 * a plain array's). */
static int any_single(gw * g, const mxArray * const * p, int n)
{
    for (int k = 0; k < n; k++) {
        dfg_id id;
        dfg_dtype dt;
        if (gw_is_tensor(p[k]) ? !gw_tensor(g, p[k], k + 1, &id) && !gw_info(id, &dt, NULL, NULL) &&
                                 dt == DFG_SINGLE
                               : mxIsSingle(p[k]))
            return 1;
    }
    return 0;
}

/* Operand k (0-based) of conv, conv2 or filter, as Octave 7.3's builtins
 * read it: numeric or logical as it is; char only where another operand
 * is single (its float path converts the codes), a constant of the codes
 * (no gradient); else Octave's error.  what names the argument. */
static int sig_operand(gw * g, const mxArray * const * p, int n, int k, const char * what, dfg_id * id)
{
    const mxArray * a = p[k];
    if (gw_is_tensor(a) || mxIsNumeric(a) || mxIsLogical(a))
        return gw_operand(g, a, k + 1, id);
    if (!mxIsChar(a))
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: %s (argument %d) must be numeric, logical or char, not %s",
                             g->fn, what, k + 1, mxGetClassName(a));
    if (!any_single(g, p, n))
        return dfg_set_error(DFG_ERR_DTYPE,
                             "dfg.%s: invalid conversion from string to real matrix (%s, argument %d, is char; Octave "
                             "converts char only beside a single argument)", g->fn, what, k + 1);
    size_t nd = mxGetNumberOfDimensions(a), m = mxGetNumberOfElements(a);
    const mwSize * md = mxGetDimensions(a);
    if (nd > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d has more than %d dimensions", g->fn, k + 1, DFG_MAX_DIMS);
    int64_t dims[DFG_MAX_DIMS];
    for (size_t j = 0; j < nd; j++)
        dims[j] = (int64_t)md[j];
    double * v;
    int st = gw_alloc(g, (int64_t)m + 1, sizeof *v, &v);
    if (st)
        return st;
    const mxChar * c = mxGetChars(a);
    for (size_t j = 0; j < m; j++)
        v[j] = (double)c[j];
    if ((st = dfg_constant(DFG_DOUBLE, (int)nd, dims, v, id)))
        return st;
    return gw_temp(g, *id);
}

/* conv's and conv2's SHAPE word: 0 "full", 1 "same", 2 "valid", -1 else. */
static int shape_word(const char * s)
{
    return !strcmp(s, "full") ? 0 : !strcmp(s, "same") ? 1 : !strcmp(s, "valid") ? 2 : -1;
}

/* y = conv (a, b [, shape]) */
int cmd_conv(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id a, b, y = 0;
    int shape = 0;
    int st = nargs(g, nrhs, 2, 3);
    if (st)
        return st;
    if (nlhs > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv: called with too many outputs (%d; conv has 1)", nlhs);
    if (nrhs == 3) {
        char s[16];
        /* conv.m accepts any case, then conv2 only lower case: both refuse
         * anything else */
        if (gw_is_tensor(prhs[2]) || !mxIsChar(prhs[2]) || mxGetM(prhs[2]) > 1 ||
            mxGetString(prhs[2], s, sizeof s))
            return dfg_set_error(DFG_ERR_ARG, "dfg.conv: SHAPE argument must be \"full\", \"same\", or \"valid\"");
        if ((shape = shape_word(s)) < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.conv: SHAPE argument must be \"full\", \"same\", or \"valid\" (lower case), not \"%s\"", s);
    }
    if ((st = sig_operand(g, prhs, 2, 0, "A", &a)) || (st = sig_operand(g, prhs, 2, 1, "B", &b)))
        return st;
    return gw_out(g, dfg_conv(a, b, shape, &y), &y, plhs);
}

/* y = conv2 (a, b [, shape]), conv2 (v1, v2, m [, shape]) */
int cmd_conv2(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id in[3] = {0, 0, 0}, y = 0;
    int shape = 0, st = nargs(g, nrhs, 2, 4);
    if (st)
        return st;
    if (nlhs > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: called with too many outputs (%d; conv2 has 1)", nlhs);
    /* Octave: a third char argument is SHAPE, else the separable form */
    int sep = nrhs == 4 || (nrhs == 3 && (gw_is_tensor(prhs[2]) || !mxIsChar(prhs[2])));
    int nops = sep ? 3 : 2;
    if (nrhs > nops) {
        char s[16];
        const mxArray * p = prhs[nops];
        if (gw_is_tensor(p) || !mxIsChar(p) || mxGetM(p) > 1 || mxGetString(p, s, sizeof s))
            return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: SHAPE type not valid");
        if ((shape = shape_word(s)) < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: SHAPE type not valid (\"%s\"; \"full\", \"same\" or \"valid\")", s);
    }
    static const char * names[2][3] = {{"A", "B", ""}, {"V1", "V2", "M"}};
    for (int k = 0; k < nops; k++)
        if ((st = sig_operand(g, prhs, nops, k, names[sep][k], &in[k])))
            return st;
    if (sep)
        return gw_out(g, dfg_conv2_sep(in[0], in[1], in[2], shape, &y), &y, plhs);
    return gw_out(g, dfg_conv2(in[0], in[1], shape, &y), &y, plhs);
}

/* y = filter (b, a, x [, si [, dim]]), [y, sf] = filter (...) */
int cmd_filter(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id in[4] = {0, 0, 0, 0}, y[2] = {0, 0};
    int nout = nlhs < 1 ? 1 : nlhs, dim = -1;
    int st = nargs(g, nrhs, 3, 5);
    if (st)
        return st;
    if (nout > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.filter: called with too many outputs (%d; filter has at most 2)", nout);
    if (nrhs == 5) {
        double d;
        if ((st = gw_scalar(g, prhs[4], 5, 0, &d)))
            return st;
        d = nearbyint(d);
        if (!(d >= 1 && d <= DFG_MAX_DIMS))
            return dfg_set_error(DFG_ERR_ARG, "dfg.filter: DIM must be a valid dimension");
        dim = (int)d - 1;
    }
    static const char * names[4] = {"B", "A", "X", "SI"};
    int nops = nrhs < 4 ? nrhs : 4;
    for (int k = 0; k < nops; k++) {
        const mxArray * p = prhs[k];
        if (k == 3 && !gw_is_tensor(p) && mxGetNumberOfElements(p) == 0 && (mxIsNumeric(p) || mxIsLogical(p)))
            continue;                               /* [] : the zero state */
        if (!gw_is_tensor(p) && !mxIsNumeric(p) && !mxIsLogical(p) && !(mxIsChar(p) && any_single(g, prhs, nops)))
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.filter: %s (argument %d) must be %s%s", names[k], k + 1,
                                 k < 2 ? "a numeric vector" : "a numeric array",
                                 mxIsChar(p) ? " (Octave converts char only beside a single argument)" : "");
        if ((st = sig_operand(g, prhs, nops, k, names[k], &in[k])))
            return st;
    }
    return gw_outs(g, dfg_filter(in[0], in[1], in[2], in[3], dim, nout, y), nout, y, plhs);
}
