/* mex/cmd-interp.c -- gateway commands for the interpolation, fitting and
 * assembly functions of +dfg/+internal (interp1, histc): the ORDER family's
 * moves by data-dependent positions, TAKE and TAKE_ADD, as internal
 * commands.  Called by +dfg/+internal/interp1.m and histc.m only; not user
 * functions.
 *
 *   dfg_mex ("take", x, p, dim)      y(.., k, ..) = x(.., p(.., k, ..), ..)
 *   dfg_mex ("take_add", g, p, dim)  y = 0; y(.., p(.., k, ..), ..) += g(.., k, ..)
 *
 * p: double 1-based positions along dim (1-based): for take, of x's size
 * off dim and any length along it, for take_add of g's size; the result
 * has p's size.  x, g, p may be tensors or plain arrays; a
 * position out of range is a dfg:index error when the graph runs.  Each is
 * the other's gradient (lib/autodiff), so a gather by positions a graph
 * computed (interp1's intervals of tensor queries) is differentiable in
 * its values, to any order.
 *
 *   dfg_mex ("lookup", table, y [, opt])   Octave's lookup: opt a string
 *                                          of "m", "b", "l", "r"
 *                                          (lib/core/compose-interp.c) */
#include <math.h>
#include <string.h>
#include "gateway.h"

int cmd_take(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id in[2], y;
    double dim;
    int st;
    if (nrhs != 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: called with %d arguments (expected 3)", g->fn, nrhs);
    if ((st = gw_operand(g, prhs[0], 1, &in[0])) || (st = gw_operand(g, prhs[1], 2, &in[1])) ||
        (st = gw_scalar(g, prhs[2], 3, 1, &dim)))
        return st;
    if (dim < 1 || dim > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM (argument 3) must be from 1 to %d, not %g", g->fn,
                             DFG_MAX_DIMS, dim);
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = (int64_t)dim - 1;
    int op = strcmp(g->fn, "take_add") ? DFG_OP_TAKE : DFG_OP_TAKE_ADD;
    if ((st = gw_op(g, op, 2, in, &a, &y)))
        return st;
    plhs[0] = gw_result(g, y);
    return DFG_OK;
}

/* lookup (table, y [, opt]): either may be a tensor; the options parsed
 * as Octave's lookup parses them (each letter once in any order; m and b
 * exclusive, and not with l or r: the builder checks the pairs) */
int cmd_lookup(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id t, y, r = 0;
    int st, opts = 0;
    if (nrhs < 2 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: called with %d arguments (expected 2 or 3)", nrhs);
    if (nrhs == 3) {
        char s[16];
        if (!mxIsChar(prhs[2]))
            return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: OPT (argument 3) must be a string");
        if (mxGetNumberOfElements(prhs[2]) >= sizeof s || mxGetString(prhs[2], s, sizeof s))
            return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: unrecognized option (argument 3)");
        for (const char * c = s; *c; c++) {
            int bit = *c == 'm' ? DFG_LOOKUP_M : *c == 'b' ? DFG_LOOKUP_B : *c == 'l' ? DFG_LOOKUP_L
                    : *c == 'r' ? DFG_LOOKUP_R : 0;
            if (!bit)
                return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: unrecognized option: %c", *c);
            opts |= bit;
        }
    }
    if ((st = gw_operand(g, prhs[0], 1, &t)) || (st = gw_operand(g, prhs[1], 2, &y)))
        return st;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    if ((st = gw_info(t, NULL, &nd, d)))
        return st;
    if (nd > 2 || (d[0] != 1 && d[1] != 1 && d[0] * d[1] != 0))
        mexWarnMsgTxt("lookup: table is not a vector");
    return gw_out(g, dfg_lookup(t, y, opts, &r), &r, plhs);
}

/* accumarray (subs, vals [, sz [, func [, fillval [, issparse]]]]): subs,
 * sz, fillval plain; func the text of the function handle (func2str, by
 * +dfg/+internal/accumarray.m) or empty; the shape rules in
 * lib/core/compose-interp.c */
int cmd_accumarray(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id v, r = 0;
    int st, func = 0;
    double fillval = 0;
    if (nrhs < 2 || nrhs > 6)
        return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: called with %d arguments (expected 2 to 6)", nrhs);
    if (gw_is_tensor(prhs[0])) {
        int nd;
        int64_t d[DFG_MAX_DIMS];
        char s[256];
        dfg_id t;
        if ((st = gw_tensor(g, prhs[0], 1, &t)) || (st = gw_info(t, NULL, &nd, d)))
            return st;
        return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SUBS (argument 1) is a dfg.Tensor of size %s; the subscripts must be a plain array known when the graph is built (they fix the output size), VALS may be a tensor",
                             dfg_shape_str(nd, d, s, sizeof s));
    }
    for (int k = 2; k < nrhs; k++)
        if (gw_is_tensor(prhs[k]))
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SZ, FUNC, FILLVAL and ISSPARSE must be plain values, not dfg.Tensor");
    if (nrhs > 5 && !mxIsEmpty(prhs[5])) {
        double sp;
        if ((st = gw_scalar(g, prhs[5], 6, 0, &sp)))
            return st;
        if (sp != 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: a sparse result is not available for tensors (dfg has no sparse arrays)");
    }
    if (nrhs > 3 && !mxIsEmpty(prhs[3])) {
        char f[256];
        if (!mxIsChar(prhs[3]) || mxGetString(prhs[3], f, sizeof f))
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: FUNC must be a function handle");
        const char * name = f[0] == '@' ? f + 1 : f;
        if (!strcmp(name, "sum"))
            func = 0;
        else if (!strcmp(name, "max"))
            func = 1;
        else if (!strcmp(name, "min"))
            func = 2;
        else
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: FUNC %s%s is not available for tensor VALS (use @sum, @max or @min)",
                                 f[0] == '@' ? "" : "@", f);
    }
    if (nrhs > 4 && !mxIsEmpty(prhs[4])) {
        if (!(mxIsNumeric(prhs[4]) || mxIsLogical(prhs[4])) || mxGetNumberOfElements(prhs[4]) != 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: FILLVAL must be a numeric scalar");
        if ((st = gw_scalar(g, prhs[4], 5, 0, &fillval)))
            return st;
    }
    /* the subscripts: a matrix (one column per dimension) or a cell of
     * vectors of one length */
    double * subs = NULL;
    size_t ns = 0;
    int64_t nsubs;
    int nd;
    if (mxIsCell(prhs[0])) {
        size_t nc = mxGetNumberOfElements(prhs[0]), len = 0;
        if (nc == 0 || nc > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SUBS is a cell of %zu vectors (1 to %d are supported)", nc,
                                 DFG_MAX_DIMS);
        for (size_t j = 0; j < nc; j++) {
            double * c;
            size_t n;
            const mxArray * e = mxGetCell(prhs[0], j);
            if (!e)
                return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SUBS{%zu} is empty", j + 1);
            if ((st = gw_real_values(g, e, 1, "SUBS", &c, &n)))
                return st;
            if (j == 0) {
                len = n;
                if ((st = gw_alloc(g, (int64_t)(len * nc + 1), sizeof *subs, &subs)))
                    return st;
            } else if (n != len) {
                return dfg_set_error(DFG_ERR_SHAPE, "dfg.accumarray: the subscript vectors of SUBS have different lengths");
            }
            memcpy(subs + len * j, c, len * sizeof *subs);
        }
        nsubs = (int64_t)len;
        nd = (int)nc;
    } else {
        if ((st = gw_real_values(g, prhs[0], 1, "SUBS", &subs, &ns)))
            return st;
        if (mxGetNumberOfDimensions(prhs[0]) > 2)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SUBS must be a matrix (one column per dimension) or a cell of vectors");
        nsubs = (int64_t)mxGetM(prhs[0]);
        nd = (int)mxGetN(prhs[0]);
        if (nd < 1)
            nd = 1;
    }
    int64_t sz[DFG_MAX_DIMS];
    int nsz = 0;
    if (nrhs > 2 && !mxIsEmpty(prhs[2])) {
        double * d;
        size_t n;
        if ((st = gw_real_values(g, prhs[2], 3, "SZ", &d, &n)))
            return st;
        if (n > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SZ has %zu elements; at most %d dimensions are supported",
                                 n, DFG_MAX_DIMS);
        for (size_t k = 0; k < n; k++) {
            if (!(d[k] >= 0 && d[k] == (double)(int64_t)d[k]))
                return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SZ must hold non-negative integers");
            sz[k] = (int64_t)d[k];
        }
        nsz = (int)n;
    }
    if ((st = gw_operand(g, prhs[1], 2, &v)))
        return st;
    return gw_out(g, dfg_accumarray(subs, nsubs, nd, sz, nsz, v, func, fillval, &r), &r, plhs);
}

/* [n, idx] = histc (x, edges [, dim]): edges and dim plain; an empty
 * EDGES gives [] and [] with histc.m's warning, unsorted ones its warning
 * (lib/core/compose-interp.c sorts them) */
int cmd_histc(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    int nout = nlhs < 1 ? 1 : nlhs, st;
    dfg_id x, y[2] = {0, 0};
    if (nrhs < 2 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.histc: called with %d arguments (expected 2 to 3)", nrhs);
    if (nout > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.histc: called with too many outputs (%d; histc has at most 2)", nout);
    if (gw_is_tensor(prhs[1]) || (nrhs > 2 && gw_is_tensor(prhs[2])))
        return dfg_set_error(DFG_ERR_ARG, "dfg.histc: EDGES and DIM must be plain arrays known when the graph is built, not dfg.Tensor (X may be a tensor)");
    if (!(mxIsNumeric(prhs[1]) || mxIsLogical(prhs[1])) || mxIsComplex(prhs[1]))
        return dfg_set_error(DFG_ERR_ARG, "dfg.histc: EDGES must be real-valued numbers");
    double * e;
    size_t ne;
    if ((st = gw_real_values(g, prhs[1], 2, "EDGES", &e, &ne)) || (st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    int dim = -1;
    if (nrhs > 2) {
        int nd;
        int64_t d[DFG_MAX_DIMS];
        double v = 0;
        char s[256];
        if ((st = gw_info(x, NULL, &nd, d)))
            return st;
        if (!(mxIsNumeric(prhs[2]) && mxGetNumberOfElements(prhs[2]) == 1) ||
            gw_scalar(g, prhs[2], 3, 0, &v) || v != floor(v) || v < 1 || v > nd)
            return dfg_set_error(DFG_ERR_ARG, "dfg.histc: DIM must be an integer and a valid dimension (X is %s)",
                                 dfg_shape_str(nd, d, s, sizeof s));
        dim = (int)v - 1;
    }
    if (ne == 0) {
        mexWarnMsgTxt("histc: empty EDGES specified\n");
        for (int k = 0; k < nout; k++)
            plhs[k] = mxCreateDoubleMatrix(0, 0, mxREAL);
        return DFG_OK;
    }
    for (size_t k = 1; k < ne; k++)
        if (!(e[k - 1] <= e[k]) || e[0] > e[ne - 1]) {
            mexWarnMsgTxt("histc: edge values not sorted on input");
            break;
        }
    return gw_outs(g, dfg_histc(x, e, (int64_t)ne, dim, nout, y), nout, y, plhs);
}
