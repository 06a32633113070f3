/* mex/cmd-ops.c -- gateway commands for element-wise ops, reductions,
 * statistics, norms, matrix operators and LAPACK functions.  Each parses
 * Octave's calling forms and records primitive ops; composites such as
 * mean, var, norm, dot and mpower are built by lib/core/compose.c, the
 * matrix operators (*, \, /) and lu, qr, eig, inv, det, pinv and chol by
 * lib/core/compose-linalg.c: here only their arguments are read. */
#include <ctype.h>
#include <math.h>
#include <string.h>
#include "gateway.h"

static int op_by_name(const char * name, int family)
{
    for (int op = 0; op < DFG_OP_COUNT; op++)
        if (dfg_ops[op].family == family && !strcmp(dfg_ops[op].name, name))
            return op;
    return -1;
}

static int nargs(gw * g, int nrhs, int lo, int hi)
{
    if (nrhs < lo || nrhs > hi)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: called with %d argument%s (expected %d to %d)",
                             g->fn, nrhs, nrhs == 1 ? "" : "s", lo, hi);
    return DFG_OK;
}

static dfg_attr attr1(int64_t v)
{
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = v;
    return a;
}

/* ---- element-wise ------------------------------------------------------------------ */

int cmd_unary(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    dfg_dtype dt;
    int st = nargs(g, nrhs, 1, 1);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &x);
    if (st)
        return st;
    if (!strcmp(g->fn, "uplus")) {
        if ((st = dfg_info(x, &dt, NULL, NULL)))
            return st;
        if (dt != DFG_LOGICAL) {
            plhs[0] = gw_result(g, x);
            return DFG_OK;
        }
        dfg_attr a = attr1(DFG_DOUBLE);
        st = gw_op(g, DFG_OP_CAST, 1, &x, &a, &y);
    } else {
        int op = !strcmp(g->fn, "uminus") ? DFG_OP_NEG : op_by_name(g->fn, DFG_FAM_UNARY);
        if (op < 0)
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: no such op", g->fn);
        st = gw_op1(g, op, x, &y);
    }
    if (!st)
        plhs[0] = gw_result(g, y);
    return st;
}

int cmd_binary(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id a, b, y;
    int st = nargs(g, nrhs, 2, 2);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &a);
    if (!st)
        st = gw_operand(g, prhs[1], 2, &b);
    if (st)
        return st;
    int swap = !strcmp(g->fn, "ldivide");
    int op = swap ? DFG_OP_DIV : op_by_name(g->fn, DFG_FAM_BINARY);
    if (op == DFG_OP_MOD || op == DFG_OP_REM || op == DFG_OP_HYPOT || op == DFG_OP_ATAN2) {
        /* Octave's mod, rem, hypot and atan2 refuse logical arguments */
        dfg_dtype ta, tb;
        dfg_info(a, &ta, NULL, NULL);
        dfg_info(b, &tb, NULL, NULL);
        if (ta == DFG_LOGICAL || tb == DFG_LOGICAL)
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: wrong type argument 'bool' (argument %d is logical)",
                                 g->fn, ta == DFG_LOGICAL ? 1 : 2);
    }
    if (op < 0)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: no such op", g->fn);
    if (!(st = gw_op2(g, op, swap ? b : a, swap ? a : b, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

int cmd_merge(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id in[3], y;
    int st = nargs(g, nrhs, 3, 3);
    if (st || (st = gw_char_refused(g, nrhs, prhs, 0, "Octave's merge gives a char array or refuses it")))
        return st;
    const mxArray * m = prhs[0];
    if (!gw_is_tensor(m) && (mxIsNumeric(m) || mxIsLogical(m)) && !mxIsComplex(m) &&
        mxGetNumberOfElements(m) == 1) {
        /* a plain scalar mask chooses a whole branch, as in Octave: the
         * result is that branch, with its size and class */
        double v = mxGetScalar(m);
        if (v != v)
            return dfg_set_error(DFG_ERR_ARG, "dfg.merge: MASK is NaN, which cannot be converted to logical");
        int pick = v != 0 ? 1 : 2;
        if ((st = gw_operand(g, prhs[pick], pick + 1, &y)))
            return st;
        plhs[0] = gw_result(g, y);
        return DFG_OK;
    }
    for (int k = 0; k < 3 && !st; k++)
        st = gw_operand(g, prhs[k], k + 1, &in[k]);
    if (st)
        return st;
    dfg_dtype dt[3];
    int nd[3];
    int64_t d[3][DFG_MAX_DIMS];
    for (int k = 0; k < 3 && !st; k++)
        st = dfg_info(in[k], &dt[k], &nd[k], d[k]);
    if (st)
        return st;
    if (dfg_shape_numel(nd[0], d[0]) == 1 && gw_is_tensor(m) &&
        (dt[1] != dt[2] || nd[1] != nd[2] || memcmp(d[1], d[2], (size_t)nd[1] * sizeof d[1][0]))) {
        /* a scalar tensor mask is known only when the graph runs, and it
         * would choose the result's size and class */
        char s1[256], s2[256];
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.merge: MASK is a scalar dfg.Tensor, so it chooses a whole branch when the graph runs, "
                             "but TVAL (%s %s) and FVAL (%s %s) differ in size or class: the result's size and class would "
                             "depend on data; give both branches the same size and class (for example with repmat and "
                             "cast) or use a plain logical MASK",
                             dfg_shape_str(nd[1], d[1], s1, sizeof s1), dfg_dtype_name(dt[1]),
                             dfg_shape_str(nd[2], d[2], s2, sizeof s2), dfg_dtype_name(dt[2]));
    }
    if (dfg_shape_numel(nd[0], d[0]) != 1)
        for (int k = 1; k < 3; k++)
            if (dfg_shape_numel(nd[k], d[k]) != 1 &&
                (nd[k] != nd[0] || memcmp(d[k], d[0], (size_t)nd[0] * sizeof d[0][0]))) {
                /* Octave's merge does not broadcast: scalars or MASK's size */
                char s0[256], s1[256];
                return dfg_set_error(DFG_ERR_SHAPE,
                                     "dfg.merge: MASK, TVAL, and FVAL dimensions must match (MASK is %s, %s is %s)",
                                     dfg_shape_str(nd[0], d[0], s0, sizeof s0), k == 1 ? "TVAL" : "FVAL",
                                     dfg_shape_str(nd[k], d[k], s1, sizeof s1));
            }
    if (dfg_shape_numel(nd[0], d[0]) != 1 && (dt[1] != dt[2] || dt[1] == DFG_LOGICAL))
        /* Octave's merge with an array mask: two double or two single
         * values (logical ones neither) */
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.merge: cannot merge %s with %s with an array MASK (%s)",
                             dfg_dtype_name(dt[1]), dfg_dtype_name(dt[2]),
                             dt[1] == dt[2] ? "logical values cannot be merged" : "give TVAL and FVAL the same class");
    if (!(st = gw_op(g, DFG_OP_MERGE, 3, in, NULL, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* ---- reductions ---------------------------------------------------------------------- */

/* DIM argument (1-based in Octave) or the default; *x may be replaced by a
 * reshaped tensor where Octave treats 0x0 as 0x1 (sum, prod, any, all). */
static int reduce_dim_opt(gw * g, const mxArray * a, int argno, dfg_id x, int empty_ok, int * dim)
{
    dfg_dtype dt;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    int st = dfg_info(x, &dt, &nd, dims);
    if (st)
        return st;
    if (!a || (empty_ok && mxIsNumeric(a) && mxGetNumberOfElements(a) == 0 && !gw_is_tensor(a))) {
        *dim = gw_default_dim(nd, dims);
        return DFG_OK;
    }
    if (!gw_is_tensor(a) && (mxIsNumeric(a) || mxIsLogical(a)) && mxGetNumberOfElements(a) == 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM (argument %d) must be a positive integer, not an empty array",
                             g->fn, argno);
    double d;
    if ((st = gw_scalar(g, a, argno, 1, &d)))
        return st;
    if (d < 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM must be a valid dimension", g->fn);
    *dim = (int)(d > DFG_MAX_DIMS ? DFG_MAX_DIMS : d) - 1;
    return DFG_OK;
}

/* DIM where Octave refuses an empty one (all but var and std). */
static int reduce_dim(gw * g, const mxArray * a, int argno, dfg_id x, int * dim)
{
    return reduce_dim_opt(g, a, argno, x, 0, dim);
}

/* Octave's sum, prod, any and all take a 0x0 x as 0x1. */
static int zero_by_zero_as_column(gw * g, dfg_id * x)
{
    dfg_id y = 0;
    int st = dfg_zero_by_zero_as_column(*x, &y);
    if (!st && !(st = gw_temp(g, y)))
        *x = y;
    return st;
}

static int reduce(gw * g, int op, dfg_id x, int dim, dfg_id * y)
{
    dfg_attr a = attr1(dim);
    return gw_op(g, op, 1, &x, &a, y);
}

int cmd_reduce(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    int dim;
    int st = nargs(g, nrhs, 1, 2);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &x);
    if (!st && nrhs > 1 && mxIsChar(prhs[1]))
        st = dfg_set_error(DFG_ERR_ARG, "dfg.%s: string options are not supported; cast the result instead",
                           g->fn);
    if (!st)
        st = zero_by_zero_as_column(g, &x);
    if (!st)
        st = reduce_dim(g, nrhs > 1 ? prhs[1] : NULL, 2, x, &dim);
    int sumsq = !strcmp(g->fn, "sumsq");
    if (!st && sumsq)          /* sumsq (x, dim) is sum (x .* x, dim) for real x */
        st = gw_op2(g, DFG_OP_MUL, x, x, &x);
    if (st)
        return st;
    int op = !strcmp(g->fn, "sum") || sumsq ? DFG_OP_SUM : !strcmp(g->fn, "prod") ? DFG_OP_PROD
           : !strcmp(g->fn, "any") ? DFG_OP_ANY : DFG_OP_ALL;
    if (!(st = reduce(g, op, x, dim, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* isnan, isinf, isfinite (x): logical, of x's size (false / false / true
 * for a logical x, as Octave): x ~= x, abs (x) == Inf, abs (x) < Inf */
int cmd_isfp(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, a, inf, y;
    int st = nargs(g, nrhs, 1, 1);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &x);
    if (st)
        return st;
    if (!strcmp(g->fn, "isnan"))
        st = gw_op2(g, DFG_OP_NE, x, x, &y);
    else if (!(st = gw_op1(g, DFG_OP_ABS, x, &a)) && !(st = gw_const(g, DFG_DOUBLE, INFINITY, &inf)))
        st = gw_op2(g, !strcmp(g->fn, "isinf") ? DFG_OP_EQ : DFG_OP_LT, a, inf, &y);
    if (!st)
        plhs[0] = gw_result(g, y);
    return st;
}

/* real, conj (x): x (double for a logical x, as Octave); imag (x): zeros
 * of x's size in its floating class, computed from x; nnz (x): the count of nonzero
 * elements, a double scalar.  Tensors are real. */
int cmd_realpart(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    int st = nargs(g, nrhs, 1, 1);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &x);
    if (!st)
        st = gw_info(x, &dt, &nd, d);
    if (st)
        return st;
    dfg_dtype ft = dt == DFG_LOGICAL ? DFG_DOUBLE : dt;
    if (!strcmp(g->fn, "imag")) {
        /* zeros that still read x (isnan (x) > 1, never true): a value
         * that is complex in Octave (log of a negative) must raise
         * dfg:complexResult when the plan runs, not give 0 */
        dfg_id nan, one, f;
        dfg_attr a = {{ft}, {0}, NULL, 0};
        if (!(st = gw_op2(g, DFG_OP_NE, x, x, &nan)) && !(st = gw_const(g, DFG_LOGICAL, 1, &one)) &&
            !(st = gw_op2(g, DFG_OP_GT, nan, one, &f)))
            st = gw_op(g, DFG_OP_CAST, 1, &f, &a, &y);
    } else if (!strcmp(g->fn, "nnz")) {
        dfg_id z, nz, col;
        dfg_attr a = {{0}, {0}, NULL, 0};
        char b[256];
        if (dfg_shape_is_sym(nd, d))
            return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.nnz: not defined for a symbolic size (X is %s)",
                                 dfg_shape_str(nd, d, b, sizeof b));
        a.i[0] = 2;
        a.i[1] = dfg_shape_numel(nd, d);
        a.i[2] = 1;
        if (!(st = gw_const(g, dt, 0, &z)) && !(st = gw_op2(g, DFG_OP_NE, x, z, &nz)) &&
            !(st = gw_op(g, DFG_OP_RESHAPE, 1, &nz, &a, &col)))
            st = reduce(g, DFG_OP_SUM, col, 0, &y);
    } else if (dt == DFG_LOGICAL) {
        dfg_attr a = {{DFG_DOUBLE}, {0}, NULL, 0};
        st = gw_op(g, DFG_OP_CAST, 1, &x, &a, &y);
    } else
        y = x;
    if (!st)
        plhs[0] = gw_result(g, y);
    return st;
}

/* max (x), max (x, [], dim), [m, i] = max (...), max (a, b) */
int cmd_minmax(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    int is_max = !strcmp(g->fn, "max");
    dfg_id x, y, idx;
    int st;
    for (int k = 1; k < nrhs; k++)
        if (mxIsChar(prhs[k])) {
            /* Octave 7.3's max / min take no option strings */
            char s[32] = "";
            mxGetString(prhs[k], s, sizeof s);
            return dfg_set_error(DFG_ERR_ARG,
                                 "dfg.%s: argument %d is the string \"%s\": Octave 7.3's %s accepts no options "
                                 "(\"omitnan\" / \"includenan\" came later); it always omits NaN unless every "
                                 "element is NaN", g->fn, k + 1, s, g->fn);
        }
    if ((st = nargs(g, nrhs, 1, 3)))
        return st;
    if (nrhs == 2) {
        if (nlhs > 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: second output is not defined for two input arrays", g->fn);
        dfg_id b;
        if ((st = gw_operand(g, prhs[0], 1, &x)) || (st = gw_operand(g, prhs[1], 2, &b)))
            return st;
        if (!(st = gw_op2(g, is_max ? DFG_OP_MAX2 : DFG_OP_MIN2, x, b, &y)))
            plhs[0] = gw_result(g, y);
        return st;
    }
    if (nrhs == 3 && (gw_is_tensor(prhs[1]) || mxGetNumberOfElements(prhs[1]) != 0))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: second argument is ignored with DIM; use [] as in %s (x, [], dim)",
                             g->fn, g->fn);
    int dim;
    if ((st = gw_operand(g, prhs[0], 1, &x)) ||
        (st = reduce_dim(g, nrhs == 3 ? prhs[2] : NULL, 3, x, &dim)))
        return st;
    /* Octave 7.3's one-output max / min of an empty logical array returns
     * the array as it is, along any DIM (not so with the index output) */
    dfg_dtype xdt;
    int xnd;
    int64_t xdims[DFG_MAX_DIMS];
    if ((st = gw_info(x, &xdt, &xnd, xdims)))
        return st;
    int64_t xn = 1;
    for (int k = 0; k < xnd; k++)
        xn *= xdims[k];
    if (xdt == DFG_LOGICAL && xn == 0 && nlhs <= 1) {
        plhs[0] = gw_result(g, x);
        return DFG_OK;
    }
    if ((st = reduce(g, is_max ? DFG_OP_MAX : DFG_OP_MIN, x, dim, &y)))
        return st;
    if (nlhs > 1 && (st = reduce(g, is_max ? DFG_OP_ARGMAX : DFG_OP_ARGMIN, x, dim, &idx)))
        return st;
    plhs[0] = gw_result(g, y);
    if (nlhs > 1)
        plhs[1] = gw_result(g, idx);
    return DFG_OK;
}

int cmd_scan(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    int dim;
    int st = nargs(g, nrhs, 1, 2);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &x);
    if (!st)
        st = reduce_dim(g, nrhs > 1 ? prhs[1] : NULL, 2, x, &dim);
    if (st)
        return st;
    dfg_attr a = attr1(dim);
    if (!(st = gw_op(g, !strcmp(g->fn, "cumsum") ? DFG_OP_CUMSUM : DFG_OP_CUMPROD, 1, &x, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* ---- order: sort, cummax, cummin, median (lib/core/compose.c) -------------------- */

/* sort (x [, dim] [, mode]), [s, i] = sort (...); [w, iw] = cummax (x [, dim])
 * and cummin; median (x [, dim]) */
int cmd_order(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    int is_sort = !strcmp(g->fn, "sort"), is_median = !strcmp(g->fn, "median");
    int nout = nlhs < 1 ? 1 : nlhs, desc = 0, dim;
    dfg_id x, y[2] = {0, 0};
    int st = nargs(g, nrhs, 1, is_sort ? 3 : 2);
    if (st || (st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (nout > (is_median ? 1 : 2))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: called with too many outputs (%d; %s has at most %d)",
                             g->fn, nout, g->fn, is_median ? 1 : 2);
    const mxArray * dim_arg = nrhs > 1 ? prhs[1] : NULL;
    if (is_sort && nrhs > 1 && mxIsChar(prhs[nrhs - 1])) {
        char mode[16];      /* (case matters, as in Octave: not gw_string) */
        if (mxGetM(prhs[nrhs - 1]) > 1 || mxGetString(prhs[nrhs - 1], mode, sizeof mode) ||
            (strcmp(mode, "ascend") && strcmp(mode, "descend")))
            return dfg_set_error(DFG_ERR_ARG, "dfg.sort: MODE must be either \"ascend\" or \"descend\"");
        desc = !strcmp(mode, "descend");
        dim_arg = nrhs == 3 ? prhs[1] : NULL;
    } else if (is_sort && nrhs == 3) {
        return dfg_set_error(DFG_ERR_ARG, "dfg.sort: MODE (argument 3) must be \"ascend\" or \"descend\"");
    }
    if (dim_arg && mxIsChar(dim_arg))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM must be a valid dimension", g->fn);
    if ((st = reduce_dim(g, dim_arg, 2, x, &dim)))
        return st;
    if (is_median)
        return gw_out(g, dfg_median(x, dim, &y[0]), &y[0], plhs);
    if (is_sort)
        st = dfg_sort(x, dim, desc, nout, y);
    else
        st = dfg_cumext(x, dim, !strcmp(g->fn, "cummax"), nout, y);
    return gw_outs(g, st, nout, y, plhs);
}

/* ---- statistics, dot, norm (built by lib/core/compose.c) ------------------------------------------ */

int cmd_stats(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int dim = -1, st;
    int is_mean = !strcmp(g->fn, "mean");
    if ((st = nargs(g, nrhs, 1, is_mean ? 2 : 3)) || (st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (is_mean) {
        if (nrhs > 1 && (st = reduce_dim(g, prhs[1], 2, x, &dim)))
            return st;
        return gw_out(g, dfg_mean(x, dim, &y), &y, plhs);
    }
    /* var / std (x [, opt [, dim]]); an empty DIM is the default DIM,
     * passed resolved (the size of an empty result follows Octave's var.m) */
    double w = 0;
    if (nrhs > 1 && !(mxIsNumeric(prhs[1]) && mxGetNumberOfElements(prhs[1]) == 0 && !gw_is_tensor(prhs[1]))) {
        if ((st = gw_scalar(g, prhs[1], 2, 0, &w)))
            return st;
        if (w != 0 && w != 1)   /* (dfg_var checks it too: here it comes before DIM's errors) */
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: OPT must be 0 or 1 (weight vectors are not supported)", g->fn);
    }
    if (nrhs > 2 && (st = reduce_dim_opt(g, prhs[2], 3, x, 1, &dim)))
        return st;
    st = !strcmp(g->fn, "std") ? dfg_std(x, w, dim, &y) : dfg_var(x, w, dim, &y);
    return gw_out(g, st, &y, plhs);
}

/* dot (a, b [, dim]) */
int cmd_dot(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id a, b, y = 0;
    int dim = -1;
    int st = nargs(g, nrhs, 2, 3);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &a);
    if (!st)
        st = gw_operand(g, prhs[1], 2, &b);
    if (!st && nrhs > 2)
        st = reduce_dim(g, prhs[2], 3, a, &dim);
    if (st)
        return st;
    return gw_out(g, dfg_dot(a, b, dim, &y), &y, plhs);
}

/* norm (x [, p]), p a number or "fro", "inf", "-inf" */
int cmd_norm(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int nd, st;
    double p = 2;
    int fro = 0;
    if ((st = nargs(g, nrhs, 1, 2)) || (st = gw_operand(g, prhs[0], 1, &x)) ||
        (st = dfg_info(x, NULL, &nd, NULL)))
        return st;
    if (nd != 2)      /* (dfg_norm checks it too: here it comes before P's errors) */
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.norm: only valid for 2-D objects");
    if (nrhs > 1) {
        char s[16];
        if (gw_string(prhs[1], s, sizeof s)) {
            if (!strcmp(s, "fro"))
                fro = 1;
            else if (!strcmp(s, "inf") || !strcmp(s, "Inf"))
                p = INFINITY;
            else if (!strcmp(s, "-inf") || !strcmp(s, "-Inf"))
                p = -INFINITY;
            else
                return dfg_set_error(DFG_ERR_ARG, "dfg.norm: unknown norm type \"%s\"", s);
        } else if ((st = gw_scalar(g, prhs[1], 2, 0, &p)))
            return st;
    }
    return gw_out(g, dfg_norm(x, p, fro, &y), &y, plhs);
}

/* ---- matrix operators ---------------------------------------------------------------------- */

static int is_scalar(dfg_id x)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_info(x, NULL, &nd, d);
    return dfg_shape_numel(nd, d) == 1;
}

int cmd_matrix(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id a, b, y;
    int st = nargs(g, nrhs, 2, 2);
    if (st)
        return st;
    if (!strcmp(g->fn, "mpower")) {
        /* a plain scalar exponent is known now (dfg_mpower_int); a tensor
         * or an array one only when the graph runs (dfg_mpower) */
        double p;
        if ((st = gw_operand(g, prhs[0], 1, &a)))
            return st;
        int known = !gw_is_tensor(prhs[1]) && mxGetNumberOfElements(prhs[1]) == 1;
        if (known && (st = gw_scalar(g, prhs[1], 2, 0, &p)))
            return st;
        if (!known || is_scalar(a)) {
            /* a scalar base takes the exponent with its class */
            if ((st = gw_operand(g, prhs[1], 2, &b)))
                return st;
            return gw_out(g, dfg_mpower(a, b, &y), &y, plhs);
        }
        return gw_out(g, dfg_mpower_int(a, p, &y), &y, plhs);
    }
    if ((st = gw_operand(g, prhs[0], 1, &a)) || (st = gw_operand(g, prhs[1], 2, &b)))
        return st;
    st = !strcmp(g->fn, "mtimes") ? dfg_mtimes(a, b, &y)
       : !strcmp(g->fn, "mldivide") ? dfg_mldivide(a, b, &y) : dfg_mrdivide(a, b, &y);
    return gw_out(g, st, &y, plhs);
}

/* ---- LAPACK functions ------------------------------------------------------------------------- */

/* inv, det, pinv, chol (x); [...] = lu (x), qr (x [, "econ" | 0]),
 * svd (x [, econ]), eig (x): the forms and Octave's rules are lib/core/compose-linalg.c's. */
int cmd_linalg(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id x, y[3] = {0, 0, 0};
    const char * f = g->fn;
    int is_qr = !strcmp(f, "qr"), is_svd = !strcmp(f, "svd"), nout = nlhs < 1 ? 1 : nlhs, st;
    int two = is_qr || is_svd || !strcmp(f, "pinv") || !strcmp(f, "chol");
    if ((st = nargs(g, nrhs, 1, two ? 2 : 1)) || (st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (!strcmp(f, "chol") && nlhs > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.chol: using three output arguments, matrix A must be sparse "
                             "(as Octave; dfg's tensors are full)");
    if (!strcmp(f, "chol") && nlhs > 1)
        /* Octave's R is (p-1) x (p-1) when A is not positive definite */
        return dfg_set_error(DFG_ERR_DATA_SIZE, "dfg.chol: [R, p] = chol (A) has a size that depends on the "
                             "values (R is (p-1)x(p-1) when A is not positive definite); use R = chol (A), "
                             "an error when A is not positive definite, or min (eig ((A + A')/2)) > 0 as a test");
    if (is_svd) {
        /* Octave 7.3: a second argument with one element that is not a
         * string (svd (A, 0)) asks for the economy SVD when A has more rows
         * than columns; any other second argument ("econ") for it always */
        int econ = 0;
        if (nrhs > 1) {
            dfg_id e;
            int64_t ne = mxGetNumberOfElements(prhs[1]);
            if (gw_is_tensor(prhs[1])) {
                int nd;
                int64_t d[DFG_MAX_DIMS];
                if ((st = gw_operand(g, prhs[1], 2, &e)) || (st = dfg_info(e, NULL, &nd, d)))
                    return st;
                ne = dfg_shape_numel(nd, d);
            }
            econ = !mxIsChar(prhs[1]) && ne == 1 ? 2 : 1;
        }
        return gw_outs(g, dfg_svd(x, econ, nout, y), nout, y, plhs);
    }
    if (!strcmp(f, "inv"))
        return gw_out(g, dfg_inv(x, &y[0]), &y[0], plhs);
    if (!strcmp(f, "det"))
        return gw_out(g, dfg_det(x, &y[0]), &y[0], plhs);
    if (!strcmp(f, "pinv")) {
        double tol = 0;   /* pinv (A, tol): a tolerance known now */
        if (nrhs > 1 && (st = gw_scalar(g, prhs[1], 2, 0, &tol)))
            return st;
        return gw_out(g, dfg_pinv_tol(x, tol, &y[0]), &y[0], plhs);
    }
    if (!strcmp(f, "chol")) {
        /* chol (A, "upper" | "lower"), any case, as Octave ("vector" is
         * for sparse A) */
        char s[16] = "upper";
        if (nrhs > 1 && !gw_string(prhs[1], s, sizeof s))
            return dfg_set_error(DFG_ERR_ARG, "dfg.chol: optional argument must be one of \"vector\", "
                                 "\"lower\", or \"upper\"");
        for (char * p = s; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        if (!strcmp(s, "vector"))
            return dfg_set_error(DFG_ERR_ARG, "dfg.chol: A must be sparse for the \"vector\" option");
        if (strcmp(s, "lower") && strcmp(s, "upper"))
            return dfg_set_error(DFG_ERR_ARG, "dfg.chol: optional argument must be one of \"vector\", "
                                 "\"lower\", or \"upper\"");
        st = !strcmp(s, "lower") ? dfg_chol_lower(x, &y[0]) : dfg_chol(x, &y[0]);
        return gw_out(g, st, &y[0], plhs);
    }
    if (!strcmp(f, "lu"))
        return gw_outs(g, dfg_lu(x, nout, y), nout, y, plhs);
    if (!strcmp(f, "eig"))
        return gw_outs(g, dfg_eig(x, nout, y), nout, y, plhs);
    if (is_qr) {
        int econ = 0;
        if (nrhs > 1) {
            /* Octave 7.3: "vector" and "matrix" (P's form, case as written)
             * leave Q and R the full ones; another string ("econ" too) is
             * its error; a scalar 0 of any class is the economy form; any
             * other B is qr (A, B), [C, R] with C = Q' * B */
            char s[64];
            double z;
            if (mxIsChar(prhs[1])) {
                mxGetString(prhs[1], s, sizeof s);
                if (strcmp(s, "vector") && strcmp(s, "matrix"))
                    return dfg_set_error(DFG_ERR_ARG, "dfg.qr: type for P must be 'matrix' or 'vector', not %s", s);
            } else if (!gw_scalar(g, prhs[1], 2, 0, &z) && z == 0) {
                econ = 1;
            } else {
                return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.qr: the form qr (A, B) (C = Q' * B) is not "
                                     "supported: the second argument must be 0, \"vector\" or \"matrix\"; "
                                     "use [Q, R] = qr (A) and Q' * B");
            }
        }
        return gw_outs(g, dfg_qr(x, econ, nout, y), nout < 2 ? nout : 2, y, plhs);
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: unknown function", f);
}
