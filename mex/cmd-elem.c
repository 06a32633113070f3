/* mex/cmd-elem.c -- gateway commands for more element-wise and
 * reduction functions: diff, nthroot, vecnorm, mode (built by
 * lib/core/compose-elem.c; here only their arguments are read), and
 * gammainc, betainc (one op each: GAMMAINC, BETAINC).  cbrt,
 * erfinv and erfcinv are element-wise ops of lib/base/ops.def, handled by
 * cmd_unary. */
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

static int plain_empty(const mxArray * a)
{
    return !gw_is_tensor(a) && (mxIsNumeric(a) || mxIsLogical(a)) && mxGetNumberOfElements(a) == 0;
}

/* diff (x), diff (x, k), diff (x, k, dim); k = [] is 1 */
int cmd_diff(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int nd, dim = -1;
    double k = 1;
    int st = nargs(g, nrhs, 1, 3);
    if (st || (st = gw_operand(g, prhs[0], 1, &x)) || (st = gw_info(x, NULL, &nd, NULL)))
        return st;
    if (nrhs > 1 && !plain_empty(prhs[1])) {
        if (!gw_is_tensor(prhs[1]) && (mxIsNumeric(prhs[1]) || mxIsLogical(prhs[1])) &&
            mxGetNumberOfElements(prhs[1]) != 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.diff: order K must be a scalar or []");
        if ((st = gw_scalar(g, prhs[1], 2, 0, &k)))
            return st;
        if (k < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.diff: order K must be non-negative");
        if (!(k == floor(k) && k < 0x1p62))
            return dfg_set_error(DFG_ERR_ARG, "dfg.diff: order K must be a non-negative integer (it is %g)", k);
    }
    if (nrhs > 2) {
        double dv;
        if (plain_empty(prhs[2]))
            return dfg_set_error(DFG_ERR_ARG, "dfg.diff: DIM must be a valid dimension, not an empty array");
        if ((st = gw_scalar(g, prhs[2], 3, 1, &dv)))
            return st;
        if (dv < 1 || dv > nd)
            return dfg_set_error(DFG_ERR_ARG, "dfg.diff: DIM must be a valid dimension (1 to %d here, not %g)",
                                 nd, dv);
        dim = (int)dv - 1;
    }
    return gw_out(g, dfg_diff(x, (int64_t)k, dim, &y), &y, plhs);
}

/* nthroot (x, n): n a plain real nonzero scalar */
int cmd_nthroot(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    dfg_dtype nt = DFG_DOUBLE;
    double n;
    int st = nargs(g, nrhs, 2, 2);
    if (st || (st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (gw_is_tensor(prhs[1]))
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.nthroot: N (argument 2) must be a plain number known when the graph is built, "
                             "not a dfg.Tensor");
    if (!(mxIsNumeric(prhs[1]) || mxIsLogical(prhs[1])) || mxIsComplex(prhs[1]) ||
        mxGetNumberOfElements(prhs[1]) != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.nthroot: N must be a real nonzero scalar");
    if (mxIsLogical(prhs[1]))
        return dfg_set_error(DFG_ERR_DTYPE,
                             "dfg.nthroot: N is logical: Octave 7.3's nthroot.m fails on it (mod: wrong type "
                             "argument 'bool'); give N as a number");
    if ((st = gw_scalar(g, prhs[1], 2, 0, &n)))
        return st;
    if (n == 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.nthroot: N must be a real nonzero scalar");
    if (mxIsSingle(prhs[1]))
        nt = DFG_SINGLE;
    return gw_out(g, dfg_nthroot(x, n, nt, &y), &y, plhs);
}

/* vecnorm (x [, p [, dim]]) */
int cmd_vecnorm(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    dfg_dtype dt;
    int dim = -1;
    double p = 2;
    int st = nargs(g, nrhs, 1, 3);
    if (st || (st = gw_operand(g, prhs[0], 1, &x)) || (st = gw_info(x, &dt, NULL, NULL)))
        return st;
    if (dt == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.vecnorm: A must be numeric (it is logical)");
    if (nrhs > 1) {
        const mxArray * a = prhs[1];
        if (!gw_is_tensor(a) && (!(mxIsNumeric(a) || mxIsLogical(a)) || mxIsComplex(a) ||
                                 mxGetNumberOfElements(a) != 1))
            return dfg_set_error(DFG_ERR_ARG, "dfg.vecnorm: P must be positive real scalar or Inf");
        if ((st = gw_scalar(g, a, 2, 0, &p)))
            return st;
        if (!(p > 0))
            return dfg_set_error(DFG_ERR_ARG, "dfg.vecnorm: P must be positive real scalar or Inf (it is %g)", p);
    }
    if (nrhs > 2) {
        double dv;
        const mxArray * a = prhs[2];
        if (!gw_is_tensor(a) && (!(mxIsNumeric(a) || mxIsLogical(a)) || mxGetNumberOfElements(a) != 1))
            return dfg_set_error(DFG_ERR_ARG, "dfg.vecnorm: DIM must be a positive integer");
        if ((st = gw_scalar(g, a, 3, 0, &dv)))
            return st;
        if (!(dv >= 1 && dv == floor(dv)))
            return dfg_set_error(DFG_ERR_ARG, "dfg.vecnorm: DIM must be a positive integer (it is %g)", dv);
        dim = (int)(dv > DFG_MAX_DIMS ? DFG_MAX_DIMS : dv) - 1;
    }
    return gw_out(g, dfg_vecnorm(x, p, dim, &y), &y, plhs);
}

/* [m, f] = mode (x [, dim]); the third output (a cell) is refused */
int cmd_mode(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id x, y[2] = {0, 0};
    int dim = -1, nout = nlhs < 1 ? 1 : nlhs;
    int st = nargs(g, nrhs, 1, 2);
    if (st || (st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (nout > 2)
        return dfg_set_error(DFG_ERR_DATA_SIZE,
                             "dfg.mode: the third output C (a cell of all the most frequent values of each slice) "
                             "has sizes that depend on the values; use [m, f] = mode (...)");
    if (nrhs > 1) {
        double dv;
        const mxArray * a = prhs[1];
        if (!gw_is_tensor(a) && (!(mxIsNumeric(a) || mxIsLogical(a)) || mxGetNumberOfElements(a) != 1))
            return dfg_set_error(DFG_ERR_ARG, "dfg.mode: DIM must be an integer and a valid dimension");
        if ((st = gw_scalar(g, a, 2, 0, &dv)))
            return st;
        if (!(dv >= 1 && dv == floor(dv)))
            return dfg_set_error(DFG_ERR_ARG, "dfg.mode: DIM must be an integer and a valid dimension (it is %g)", dv);
        dim = (int)(dv > DFG_MAX_DIMS ? DFG_MAX_DIMS : dv) - 1;
    }
    return gw_outs(g, dfg_mode(x, dim, nout, y), nout, y, plhs);
}

/* gammainc (x, a [, tail]): x and a of one size or scalars (Octave's
 * common_size); tail "lower" (default), "upper", "scaledlower",
 * "scaledupper" (case-insensitive) */
int cmd_gammainc(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    static const char * tails[] = {"lower", "upper", "scaledlower", "scaledupper"};
    dfg_id in[2], y;
    dfg_dtype dt[2];
    int nd[2], tail = 0;
    int64_t d[2][DFG_MAX_DIMS];
    int st = nargs(g, nrhs, 2, 3);
    for (int k = 0; k < 2 && !st; k++)
        if (!(st = gw_operand(g, prhs[k], k + 1, &in[k])))
            st = gw_info(in[k], &dt[k], &nd[k], d[k]);
    if (st)
        return st;
    if (nrhs == 3) {
        char s[16];
        tail = -1;
        if (gw_string(prhs[2], s, sizeof s))
            for (int k = 0; k < 4; k++)
                if (!strcmp(s, tails[k]))
                    tail = k;
        if (tail < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.gammainc: invalid value for TAIL (\"lower\", \"upper\", "
                                 "\"scaledlower\" or \"scaledupper\")");
    }
    int64_t n0 = dfg_shape_numel(nd[0], d[0]), n1 = dfg_shape_numel(nd[1], d[1]);
    if (n0 != 1 && n1 != 1 &&
        (nd[0] != nd[1] || memcmp(d[0], d[1], (size_t)nd[0] * sizeof d[0][0]))) {
        char s0[256], s1[256];
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.gammainc: X and A must be of common size or scalars (X is %s, A is %s)",
                             dfg_shape_str(nd[0], d[0], s0, sizeof s0), dfg_shape_str(nd[1], d[1], s1, sizeof s1));
    }
    if (dt[0] == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE,
                             "dfg.gammainc: X is logical: Octave 7.3's gammainc.m returns a logical array for it "
                             "(its values converted to logical); convert X with double (X)");
    dfg_attr a = {{tail}, {0}, NULL, 0};
    if (!(st = gw_op(g, DFG_OP_GAMMAINC, 2, in, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* betainc (x, a, b [, tail]): x, a, b of one size or scalars; tail
 * "lower" (default) or "upper" (case-insensitive) */
int cmd_betainc(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id in[3], y;
    dfg_dtype dt[3];
    int nd[3], upper = 0, big = -1;
    int64_t d[3][DFG_MAX_DIMS];
    int st = nargs(g, nrhs, 3, 4);
    for (int k = 0; k < 3 && !st; k++)
        if (!(st = gw_operand(g, prhs[k], k + 1, &in[k])))
            st = gw_info(in[k], &dt[k], &nd[k], d[k]);
    if (st)
        return st;
    if (nrhs == 4) {
        char s[16];
        if (!gw_string(prhs[3], s, sizeof s) || (strcmp(s, "lower") && strcmp(s, "upper")))
            return dfg_set_error(DFG_ERR_ARG, "dfg.betainc: invalid value for TAIL (\"lower\" or \"upper\")");
        upper = !strcmp(s, "upper");
    }
    for (int k = 0; k < 3; k++) {
        if (dfg_shape_numel(nd[k], d[k]) == 1)
            continue;
        if (big < 0)
            big = k;
        else if (nd[k] != nd[big] || memcmp(d[k], d[big], (size_t)nd[k] * sizeof d[k][0])) {
            char s0[256], s1[256];
            return dfg_set_error(DFG_ERR_SHAPE,
                                 "dfg.betainc: X, A, and B must be of common size or scalars (argument %d is %s, "
                                 "argument %d is %s)", big + 1, dfg_shape_str(nd[big], d[big], s0, sizeof s0),
                                 k + 1, dfg_shape_str(nd[k], d[k], s1, sizeof s1));
        }
    }
    if (dt[0] == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE,
                             "dfg.betainc: X is logical: Octave 7.3's betainc.m returns a logical array for it "
                             "(its values converted to logical); convert X with double (X)");
    dfg_attr a = {{upper}, {0}, NULL, 0};
    if (!(st = gw_op(g, DFG_OP_BETAINC, 3, in, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}
