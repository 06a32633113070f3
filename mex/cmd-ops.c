/* mex/cmd-ops.c -- gateway commands for element-wise ops, reductions,
 * statistics, norms, matrix operators and LAPACK functions.  Each parses
 * Octave's calling forms and records primitive ops (composites such as
 * mean, var, norm, mpower are built from primitives here, so gradients
 * come from the primitives' rules). */
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
    if (st)
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

static int zero_by_zero_as_column(gw * g, dfg_id * x)
{
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    int st = dfg_info(*x, NULL, &nd, dims);
    if (st || !(nd == 2 && dims[0] == 0 && dims[1] == 0))
        return st;
    dfg_attr a = {{2, 0, 1}, {0}, NULL, 0};
    return gw_op(g, DFG_OP_RESHAPE, 1, x, &a, x);
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
    if (st)
        return st;
    int op = !strcmp(g->fn, "sum") ? DFG_OP_SUM : !strcmp(g->fn, "prod") ? DFG_OP_PROD
           : !strcmp(g->fn, "any") ? DFG_OP_ANY : DFG_OP_ALL;
    if (!(st = reduce(g, op, x, dim, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* max (x), max (x, [], dim), [m, i] = max (...), max (a, b) */
int cmd_minmax(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    int is_max = !strcmp(g->fn, "max");
    dfg_id x, y, idx;
    int st = nargs(g, nrhs, 1, 3);
    if (st)
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

/* ---- statistics ------------------------------------------------------------------------ */

static int64_t size_along(dfg_id x, int dim)
{
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    dfg_info(x, NULL, &nd, dims);
    return dim < nd ? dims[dim] : 1;
}

/* mean as Octave 7's mean.m: sum (x, dim) / size (x, dim), default DIM the
 * first dimension larger than 1. */
static int mean_of(gw * g, dfg_id x, int dim, dfg_id * y)
{
    dfg_id s, n;
    int st = reduce(g, DFG_OP_SUM, x, dim, &s);
    if (!st)
        st = gw_const(g, DFG_DOUBLE, (double)size_along(x, dim), &n);
    if (!st)
        st = gw_op2(g, DFG_OP_DIV, s, n, y);
    return st;
}

int cmd_stats(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    dfg_dtype dt;
    int nd, dim, st;
    int64_t dims[DFG_MAX_DIMS];
    int is_mean = !strcmp(g->fn, "mean");
    if ((st = nargs(g, nrhs, 1, is_mean ? 2 : 3)) || (st = gw_operand(g, prhs[0], 1, &x)) ||
        (st = dfg_info(x, &dt, &nd, dims)))
        return st;
    if (is_mean) {
        if (nrhs > 1) {
            if ((st = reduce_dim(g, prhs[1], 2, x, &dim)))
                return st;
        } else {
            dim = 0;
            for (int k = nd - 1; k >= 0; k--)
                if (dims[k] > 1)
                    dim = k;
        }
        /* Octave's mean is sum (x, dim) / size (x, dim), and sum takes a
         * 0x0 x as 0x1: mean (zeros (0)) is NaN */
        if ((st = zero_by_zero_as_column(g, &x)))
            return st;
        if (!(st = mean_of(g, x, dim, &y)))
            plhs[0] = gw_result(g, y);
        return st;
    }
    /* var / std (x [, opt [, dim]]) as Octave 7's var.m */
    double w = 0;
    if (nrhs > 1 && !(mxIsNumeric(prhs[1]) && mxGetNumberOfElements(prhs[1]) == 0 && !gw_is_tensor(prhs[1]))) {
        if ((st = gw_scalar(g, prhs[1], 2, 0, &w)))
            return st;
        if (w != 0 && w != 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: OPT must be 0 or 1 (weight vectors are not supported)", g->fn);
    }
    int dflt = nrhs < 3;
    if ((st = reduce_dim_opt(g, nrhs > 2 ? prhs[2] : NULL, 3, x, 1, &dim)))
        return st;
    int64_t n = size_along(x, dim);
    dfg_dtype rt = dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
    int64_t numel = dfg_shape_numel(nd, dims);
    if (numel == 0) {
        /* NaN of the reduced size (1x1 for a 0x0 input with default DIM) */
        int64_t od[DFG_MAX_DIMS];
        int ond = nd;
        memcpy(od, dims, sizeof od);
        if (dflt && nd == 2 && dims[0] == 0 && dims[1] == 0)
            od[0] = od[1] = 1;
        else if (dim < nd)
            od[dim] = 1;
        /* Octave's var.m gives a double NaN for any empty x, single too */
        if ((st = dfg_fill(DFG_DOUBLE, ond, od, NAN, &y)) || (st = gw_temp(g, y)))
            return st;
    } else if (n == 1) {
        /* zeros, NaN where x is NaN or Inf: x - x gives exactly that */
        dfg_id d, zero;
        if ((st = gw_op2(g, DFG_OP_SUB, x, x, &d)) || (st = gw_const(g, rt, 0, &zero)) ||
            (st = gw_op2(g, DFG_OP_MUL, d, zero, &y)))
            return st;
        if (dt == DFG_LOGICAL) {   /* logical - logical is double already */ }
    } else {
        dfg_id m, c, sq, s, den;
        if ((st = mean_of(g, x, dim, &m)) || (st = gw_op2(g, DFG_OP_SUB, x, m, &c)) ||
            (st = gw_op2(g, DFG_OP_MUL, c, c, &sq)) || (st = reduce(g, DFG_OP_SUM, sq, dim, &s)) ||
            (st = gw_const(g, DFG_DOUBLE, (double)n - 1 + w, &den)) ||
            (st = gw_op2(g, DFG_OP_DIV, s, den, &y)))
            return st;
    }
    /* std: the square root, but not of the n == 1 and empty cases (0 or
     * NaN, their own roots): its derivative at 0 would make the gradient
     * NaN where std is constant */
    if (!strcmp(g->fn, "std") && numel != 0 && n != 1 && (st = gw_op1(g, DFG_OP_SQRT, y, &y)))
        return st;
    plhs[0] = gw_result(g, y);
    return DFG_OK;
}

/* dot (a, b [, dim]): sum (a .* b, dim); vectors of equal length are
 * treated as columns, as Octave does. */
int cmd_dot(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id a, b, p, y;
    int st = nargs(g, nrhs, 2, 3);
    if (!st)
        st = gw_operand(g, prhs[0], 1, &a);
    if (!st)
        st = gw_operand(g, prhs[1], 2, &b);
    if (st)
        return st;
    int na, nb, dim;
    int64_t da[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
    dfg_dtype ta, tb;
    dfg_info(a, &ta, &na, da);
    dfg_info(b, &tb, &nb, db);
    if (ta == DFG_LOGICAL || tb == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.dot: X and Y must be numeric (argument %d is logical)",
                             ta == DFG_LOGICAL ? 1 : 2);
    int va = na == 2 && (da[0] == 1 || da[1] == 1), vb = nb == 2 && (db[0] == 1 || db[1] == 1);
    if (nrhs < 3 && va && vb) {
        if (da[0] * da[1] != db[0] * db[1])
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.dot: sizes of X and Y must match (%lld vs %lld elements)",
                                 (long long)(da[0] * da[1]), (long long)(db[0] * db[1]));
        dfg_attr col = {{2, da[0] * da[1], 1}, {0}, NULL, 0};
        if ((st = gw_op(g, DFG_OP_RESHAPE, 1, &a, &col, &a)) ||
            (st = gw_op(g, DFG_OP_RESHAPE, 1, &b, &col, &b)))
            return st;
    } else {
        int same = na == nb;
        for (int k = 0; same && k < na; k++)
            same = da[k] == db[k];
        if (!same) {
            char s1[256], s2[256];
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.dot: sizes of X and Y must match (%s vs %s)",
                                 dfg_shape_str(na, da, s1, sizeof s1), dfg_shape_str(nb, db, s2, sizeof s2));
        }
    }
    if ((st = gw_op2(g, DFG_OP_MUL, a, b, &p)) ||
        (st = reduce_dim(g, nrhs > 2 ? prhs[2] : NULL, 3, p, &dim)) ||
        (st = reduce(g, DFG_OP_SUM, p, dim, &y)))
        return st;
    plhs[0] = gw_result(g, y);
    return DFG_OK;
}

/* A scalar logical: any element of x is NaN (nan_only) or not finite. */
static int any_bad(gw * g, dfg_id x, int nan_only, int64_t numel, dfg_id * out)
{
    dfg_attr col = {{2, numel, 1}, {0}, NULL, 0};
    dfg_id xc, d, z, m;
    int st;
    if ((st = gw_op(g, DFG_OP_RESHAPE, 1, &x, &col, &xc)))
        return st;
    if (nan_only)
        st = gw_op2(g, DFG_OP_NE, xc, xc, &m);
    else
        st = gw_op2(g, DFG_OP_SUB, xc, xc, &d) || gw_const(g, DFG_DOUBLE, 0, &z) ||
             gw_op2(g, DFG_OP_NE, d, z, &m);
    return st ? st : reduce(g, DFG_OP_ANY, m, 0, out);
}

/* merge (flag, v, y) with a scalar constant v, into *y. */
static int override(gw * g, dfg_id flag, dfg_dtype rt, double v, dfg_id * y)
{
    dfg_id c;
    int st = gw_const(g, rt, v, &c);
    if (st)
        return st;
    dfg_id in3[3] = {flag, c, *y};
    return gw_op(g, DFG_OP_MERGE, 3, in3, NULL, y);
}

/* norm (x [, p]) as Octave 7.3 computes it: vector p-norms for any p
 * (p = 0 counts nonzeros; p < 0 gives NaN with a NaN element, 0 when all
 * elements are infinite and Inf otherwise, as Octave's accumulator does),
 * matrix 1, 2, Inf and "fro"; a NaN element makes the norm NaN (but for
 * p = 0 and the matrix 1- and Inf-norms), and an Inf makes the matrix
 * 2-norm NaN. */
int cmd_norm(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, ax, y, t, nanf;
    dfg_dtype dt;
    int nd, st;
    int64_t d[DFG_MAX_DIMS];
    double p = 2;
    int fro = 0;
    if ((st = nargs(g, nrhs, 1, 2)) || (st = gw_operand(g, prhs[0], 1, &x)) ||
        (st = dfg_info(x, &dt, &nd, d)))
        return st;
    if (nd != 2)
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
    if (p != p)
        return dfg_set_error(DFG_ERR_ARG, "dfg.norm: P must not be NaN");
    int64_t numel = d[0] * d[1];
    int vec = d[0] == 1 || d[1] == 1;
    dfg_dtype rt = dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
    if (dt == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.norm: X must be a numeric matrix, not logical (xnorm: wrong type argument 'bool matrix')");
    if (numel == 0) {         /* 0: a double even for a single X, as Octave,
                                 * but for "fro" (single for a single X) */
        if ((st = gw_const(g, fro ? rt : DFG_DOUBLE, 0, &y)))
            return st;
        plhs[0] = gw_result(g, y);
        return DFG_OK;
    }
    if (!vec && !fro && p != 1 && p != 2 && p != INFINITY)
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.norm: the matrix norm with P = %g (a %lldx%lld matrix) is not supported; matrix norms "
                             "are 1, 2, Inf and \"fro\" (use a vector, e.g. norm (A(:), P), for an element-wise norm)",
                             p, (long long)d[0], (long long)d[1]);
    dfg_attr col = {{2, numel, 1}, {0}, NULL, 0};
    if ((st = gw_op1(g, DFG_OP_ABS, x, &ax)) || (st = any_bad(g, x, 1, numel, &nanf)))
        return st;
    if (vec && p == 0) {
        /* the number of nonzero elements (NaN counts) */
        dfg_id xc, z, nz, c;
        dfg_attr cast = {{rt}, {0}, NULL, 0};
        if ((st = gw_op(g, DFG_OP_RESHAPE, 1, &x, &col, &xc)) || (st = gw_const(g, dt, 0, &z)) ||
            (st = gw_op2(g, DFG_OP_NE, xc, z, &nz)) || (st = reduce(g, DFG_OP_SUM, nz, 0, &c)) ||
            (st = gw_op(g, DFG_OP_CAST, 1, &c, &cast, &y)))
            return st;
    } else if (vec && p < 0 && p != -INFINITY) {
        /* Octave 7.3's minus-p accumulator: Inf unless every element is
         * infinite (then 0); NaN with a NaN */
        dfg_id xc, inf, isinf, allinf, one, r;
        dfg_attr cast = {{rt}, {0}, NULL, 0};
        if ((st = gw_op(g, DFG_OP_RESHAPE, 1, &ax, &col, &xc)) || (st = gw_const(g, rt, INFINITY, &inf)) ||
            (st = gw_op2(g, DFG_OP_EQ, xc, inf, &isinf)) || (st = reduce(g, DFG_OP_ALL, isinf, 0, &allinf)) ||
            (st = gw_op1(g, DFG_OP_NOT, allinf, &one)) || (st = gw_op(g, DFG_OP_CAST, 1, &one, &cast, &r)) ||
            (st = gw_op2(g, DFG_OP_MUL, r, inf, &y)))
            return st;
        /* 0 * Inf is NaN: put the 0 back */
        if ((st = override(g, allinf, rt, 0, &y)))
            return st;
    } else if (fro || (vec && p > 0 && p != 1 && p != INFINITY)) {
        /* scaled as Octave does, so that 1e200 does not overflow:
         * s * sum ((|x| / s).^p) ^ (1/p), s = max |x|; s = 0 or Inf -> s */
        dfg_id xc, sc, q, sq, s, r, zero, inf, bad0, bad1, bad;
        double pp = fro ? 2 : p;
        if ((st = gw_op(g, DFG_OP_RESHAPE, 1, &ax, &col, &xc)) || (st = reduce(g, DFG_OP_MAX, xc, 0, &sc)) ||
            (st = gw_op2(g, DFG_OP_DIV, xc, sc, &q)))
            return st;
        if (pp == 2)
            st = gw_op2(g, DFG_OP_MUL, q, q, &sq);
        else {
            dfg_id pc;
            st = gw_const(g, rt, pp, &pc) || gw_op2(g, DFG_OP_POW, q, pc, &sq);
        }
        if (st || (st = reduce(g, DFG_OP_SUM, sq, 0, &s)))
            return st;
        if (pp == 2)
            st = gw_op1(g, DFG_OP_SQRT, s, &r);
        else {
            dfg_id ip;
            st = gw_const(g, rt, 1 / pp, &ip) || gw_op2(g, DFG_OP_POW, s, ip, &r);
        }
        if (st || (st = gw_op2(g, DFG_OP_MUL, sc, r, &r)) || (st = gw_const(g, rt, 0, &zero)) ||
            (st = gw_const(g, rt, INFINITY, &inf)) || (st = gw_op2(g, DFG_OP_EQ, sc, zero, &bad0)) ||
            (st = gw_op2(g, DFG_OP_EQ, sc, inf, &bad1)) || (st = gw_op2(g, DFG_OP_OR, bad0, bad1, &bad)))
            return st;
        dfg_id in3[3] = {bad, sc, r};
        if ((st = gw_op(g, DFG_OP_MERGE, 3, in3, NULL, &y)))
            return st;
    } else if (vec) {
        dfg_id xc;
        if ((st = gw_op(g, DFG_OP_RESHAPE, 1, &ax, &col, &xc)))
            return st;
        if (p == INFINITY)
            st = reduce(g, DFG_OP_MAX, xc, 0, &y);
        else if (p == -INFINITY)
            st = reduce(g, DFG_OP_MIN, xc, 0, &y);
        else
            st = reduce(g, DFG_OP_SUM, xc, 0, &y);
        if (st)
            return st;
    } else if (p == 1 || p == INFINITY) {
        /* the largest column (row) sum; Octave's max starts from the first
         * sum, so a NaN there gives NaN and a NaN elsewhere is skipped */
        int64_t view = p == 1 ? d[1] : d[0], one = 1, dout[2] = {1, 1}, first = 0;
        const int64_t * ix[1] = {&first};
        dfg_id t0, isn;
        if ((st = reduce(g, DFG_OP_SUM, ax, p == 1 ? 0 : 1, &t)) ||
            (st = reduce(g, DFG_OP_MAX, t, p == 1 ? 1 : 0, &y)) ||
            (st = gw_gather(g, t, 1, &view, ix, &one, 2, dout, &t0)) ||
            (st = gw_op2(g, DFG_OP_NE, t0, t0, &isn)) || (st = override(g, isn, rt, NAN, &y)))
            return st;
    } else {
        /* the largest singular value; NaN when x has a NaN or an Inf (the
         * SVD is taken of x with those zeroed, so that it runs) */
        dfg_id bad, xs, sv, zero;
        if ((st = any_bad(g, x, 0, numel, &bad)) || (st = gw_const(g, dt, 0, &zero)))
            return st;
        dfg_id in3[3] = {bad, zero, x};
        if ((st = gw_op(g, DFG_OP_MERGE, 3, in3, NULL, &xs)) || (st = gw_op1(g, DFG_OP_SVD, xs, &sv)) ||
            (st = reduce(g, DFG_OP_MAX, sv, 0, &y)) || (st = override(g, bad, rt, NAN, &y)))
            return st;
    }
    /* a NaN makes the norm NaN, except for the count of nonzeros and the
     * matrix 1- and Inf-norms (above) */
    int keeps_nan = (vec && p == 0) || (!vec && !fro && (p == 1 || p == INFINITY));
    if (!keeps_nan && (st = override(g, nanf, rt, NAN, &y)))
        return st;
    plhs[0] = gw_result(g, y);
    return DFG_OK;
}

/* ---- matrix operators ---------------------------------------------------------------------- */

static int is_scalar(dfg_id x)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_info(x, NULL, &nd, d);
    return dfg_shape_numel(nd, d) == 1;
}

static int transpose2(gw * g, dfg_id x, dfg_id * y)
{
    dfg_attr a = {{2, 1, 0}, {0}, NULL, 0};
    return gw_op(g, DFG_OP_PERMUTE, 1, &x, &a, y);
}

static int eye_like(gw * g, dfg_id x, int64_t n, dfg_id * y)
{
    dfg_dtype dt;
    dfg_info(x, &dt, NULL, NULL);
    int64_t d[2] = {n, n};
    int st = dfg_fill(dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE, 2, d, 0, y);
    if (st)
        return st;
    const void * data;
    dfg_node_data(*y, &data);
    for (int64_t k = 0; k < n; k++) {
        if (dt == DFG_SINGLE)
            ((float *)data)[k * (n + 1)] = 1;
        else
            ((double *)data)[k * (n + 1)] = 1;
    }
    return gw_temp(g, *y);
}

int cmd_matrix(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id a, b, y;
    int st = nargs(g, nrhs, 2, 2);
    if (st)
        return st;
    if (!strcmp(g->fn, "mpower")) {
        double p;
        if ((st = gw_operand(g, prhs[0], 1, &a)))
            return st;
        if (gw_is_tensor(prhs[1]) || mxGetNumberOfElements(prhs[1]) != 1) {
            if ((st = gw_operand(g, prhs[1], 2, &b)))
                return st;
            if (is_scalar(a) && is_scalar(b)) {
                if (!(st = gw_op2(g, DFG_OP_POW, a, b, &y)))
                    plhs[0] = gw_result(g, y);
                return st;
            }
            return dfg_set_error(DFG_ERR_UNSUPPORTED,
                                 "dfg.mpower: the exponent of a matrix power must be a plain integer scalar");
        }
        if ((st = gw_scalar(g, prhs[1], 2, 0, &p)))
            return st;
        dfg_dtype adt;
        int and_;
        int64_t ad[DFG_MAX_DIMS];
        if ((st = dfg_info(a, &adt, &and_, ad)))
            return st;
        if (dfg_shape_numel(and_, ad) != 0 && !is_scalar(a) && (st = gw_fold2d(g, &a)))
            return st;    /* an N-d matrix is read folded, as Octave does */
        if (dfg_shape_numel(and_, ad) == 0) {
            /* Octave: any power of an empty matrix (any shape) is 0x0 */
            int64_t z[2] = {0, 0};
            if ((st = dfg_fill(adt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE, 2, z, 0, &y)) || (st = gw_temp(g, y)))
                return st;
            plhs[0] = gw_result(g, y);
            return DFG_OK;
        }
        if (is_scalar(a)) {
            if ((st = gw_operand(g, prhs[1], 2, &b)) || (st = gw_op2(g, DFG_OP_POW, a, b, &y)))
                return st;
            plhs[0] = gw_result(g, y);
            return DFG_OK;
        }
        if (adt == DFG_LOGICAL) {          /* Octave: a logical matrix power is double */
            dfg_attr c = attr1(DFG_DOUBLE);
            if ((st = gw_op(g, DFG_OP_CAST, 1, &a, &c, &a)))
                return st;
        }
        int nd;
        int64_t d[DFG_MAX_DIMS];
        dfg_info(a, NULL, &nd, d);
        if (nd != 2 || d[0] != d[1])
            return dfg_set_error(DFG_ERR_ARG, "dfg.mpower: for x^y, only square matrix arguments are permitted "
                                 "and one argument must be scalar; use .^ for elementwise power");
        if (p != floor(p) || fabs(p) > 1e9)
            return dfg_set_error(DFG_ERR_UNSUPPORTED,
                                 "dfg.mpower: non-integer matrix powers are not supported (use expm/logm on arrays)");
        if (p < 0 && (st = gw_op1(g, DFG_OP_INV, a, &a)))
            return st;
        int64_t e = (int64_t)fabs(p);
        if (e == 0)
            st = eye_like(g, a, d[0], &y);
        else {
            /* square-and-multiply, left to right over the bits */
            int top = 62;
            while (!((e >> top) & 1))
                top--;
            y = a;
            for (int bit = top - 1; bit >= 0 && !st; bit--) {
                st = gw_op2(g, DFG_OP_MATMUL, y, y, &y);
                if (!st && ((e >> bit) & 1))
                    st = gw_op2(g, DFG_OP_MATMUL, y, a, &y);
            }
        }
        if (!st)
            plhs[0] = gw_result(g, y);
        return st;
    }
    if ((st = gw_operand(g, prhs[0], 1, &a)) || (st = gw_operand(g, prhs[1], 2, &b)))
        return st;
    /* a product or division of matrices reads N-d operands as Octave does */
    int solve = !strcmp(g->fn, "mldivide") ? !is_scalar(a)
              : !strcmp(g->fn, "mrdivide") ? !is_scalar(b) : !is_scalar(a) && !is_scalar(b);
    if (solve && ((st = gw_fold2d(g, &a)) || (st = gw_fold2d(g, &b))))
        return st;
    if (!strcmp(g->fn, "mtimes")) {
        if (is_scalar(a) || is_scalar(b))
            st = gw_op2(g, DFG_OP_MUL, a, b, &y);
        else
            st = gw_op2(g, DFG_OP_MATMUL, a, b, &y);
    } else if (!strcmp(g->fn, "mldivide")) {
        if (is_scalar(a))
            st = gw_op2(g, DFG_OP_DIV, b, a, &y);
        else
            st = gw_op2(g, DFG_OP_MLDIVIDE, a, b, &y);
    } else {   /* mrdivide: a / b = (b' \ a')' */
        if (is_scalar(b))
            st = gw_op2(g, DFG_OP_DIV, a, b, &y);
        else {
            dfg_id at, bt, z;
            int na, nb;
            int64_t da[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
            dfg_info(a, NULL, &na, da);
            dfg_info(b, NULL, &nb, db);
            if (na != 2 || nb != 2 || da[1] != db[1]) {
                char s1[256], s2[256];
                return dfg_set_error(DFG_ERR_SHAPE, "dfg.mrdivide: nonconformant arguments (A is %s, B is %s)",
                                     dfg_shape_str(na, da, s1, sizeof s1), dfg_shape_str(nb, db, s2, sizeof s2));
            }
            if (!(st = transpose2(g, a, &at)) && !(st = transpose2(g, b, &bt)) &&
                !(st = gw_op2(g, DFG_OP_MLDIVIDE, bt, at, &z)))
                st = transpose2(g, z, &y);
        }
    }
    if (!st)
        plhs[0] = gw_result(g, y);
    return st;
}

/* ---- LAPACK functions ------------------------------------------------------------------------- */

static int part(gw * g, dfg_id packed, int64_t off, int64_t r, int64_t c, dfg_id * y)
{
    dfg_attr a = {{off, 2, r, c}, {0}, NULL, 0};
    return gw_op(g, DFG_OP_PART, 1, &packed, &a, y);
}

int cmd_linalg(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id x, y, packed;
    int nd, st;
    int64_t d[DFG_MAX_DIMS];
    const char * f = g->fn;
    int is_qr = !strcmp(f, "qr");
    /* lu, qr, pinv and chol read an N-d array as Octave does (inv, det,
     * eig and svd refuse it, as Octave does) */
    int folds = !strcmp(f, "lu") || is_qr || !strcmp(f, "pinv") || !strcmp(f, "chol");
    if ((st = nargs(g, nrhs, 1, is_qr ? 2 : 1)) || (st = gw_operand(g, prhs[0], 1, &x)) ||
        (folds && (st = gw_fold2d(g, &x))) || (st = dfg_info(x, NULL, &nd, d)))
        return st;
    int64_t m = d[0], n = nd > 1 ? d[1] : 1, k = m < n ? m : n;
    if (dfg_shape_numel(nd, d) == 0 && (!strcmp(f, "eig") || !strcmp(f, "det") || !strcmp(f, "pinv") ||
                                         !strcmp(f, "lu") || (!strcmp(f, "chol") && nlhs <= 1))) {
        /* Octave 7.3: eig, pinv, lu and chol of any empty array (single
         * too, any shape) give a double 0x0 for each output, det gives 1 */
        int64_t z[2] = {0, 0};
        int nout = !strcmp(f, "det") || nlhs < 1 ? 1 : nlhs;
        for (int o = 0; o < nout && !st; o++) {
            if (!strcmp(f, "det"))
                st = gw_const(g, DFG_DOUBLE, 1, &y);
            else if (!(st = dfg_fill(DFG_DOUBLE, 2, z, 0, &y)))
                st = gw_temp(g, y);
            if (!st)
                plhs[o] = gw_result(g, y);
        }
        return st;
    }
    if (!strcmp(f, "inv") && dfg_shape_numel(nd, d) == 0) {
        /* Octave's inv returns a double 0x0 for any empty argument */
        int64_t z[2] = {0, 0};
        if ((st = dfg_fill(DFG_DOUBLE, 2, z, 0, &y)) || (st = gw_temp(g, y)))
            return st;
        plhs[0] = gw_result(g, y);
        return DFG_OK;
    }
    if (!strcmp(f, "inv") || !strcmp(f, "det") || !strcmp(f, "pinv") ||
        (!strcmp(f, "chol") && nlhs <= 1) || (!strcmp(f, "svd") && nlhs <= 1)) {
        int op = !strcmp(f, "inv") ? DFG_OP_INV : !strcmp(f, "det") ? DFG_OP_DET
               : !strcmp(f, "pinv") ? DFG_OP_PINV : !strcmp(f, "chol") ? DFG_OP_CHOL : DFG_OP_SVD;
        if (!(st = gw_op1(g, op, x, &y)))
            plhs[0] = gw_result(g, y);
        return st;
    }
    if (!strcmp(f, "chol"))
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.chol: the failure output [R, p] is not supported");
    if (!strcmp(f, "svd"))
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.svd: only singular values (s = svd (A)) are supported");
    if (!strcmp(f, "eig")) {
        dfg_attr a = {{nlhs > 1}, {0}, NULL, 0};
        if ((st = gw_op(g, DFG_OP_EIG_SYM, 1, &x, &a, &packed)))
            return st;
        dfg_id w;
        if ((st = part(g, packed, 0, m, 1, &w)))
            return st;
        if (nlhs <= 1) {
            plhs[0] = gw_result(g, w);
            return DFG_OK;
        }
        dfg_id v, dm, eye, wt;
        /* D = diag (w): eye .* w' */
        if ((st = part(g, packed, m, m, m, &v)) || (st = eye_like(g, x, m, &eye)) ||
            (st = transpose2(g, w, &wt)) || (st = gw_op2(g, DFG_OP_MUL, eye, wt, &dm)))
            return st;
        plhs[0] = gw_result(g, v);
        plhs[1] = gw_result(g, dm);
        return DFG_OK;
    }
    if (!strcmp(f, "lu") && m * n == 0) {
        /* Octave: L, U and P of an empty matrix are all 0x0 */
        dfg_dtype dt;
        int64_t z[2] = {0, 0};
        dfg_info(x, &dt, NULL, NULL);
        dt = dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
        for (int q = 0; q < (nlhs < 1 ? 1 : nlhs) && q < 3; q++) {
            dfg_id e;
            if ((st = dfg_fill(q == 2 ? DFG_DOUBLE : dt, 2, z, 0, &e)) || (st = gw_temp(g, e)))
                return st;
            plhs[q] = gw_result(g, e);
        }
        return DFG_OK;
    }
    if (!strcmp(f, "lu")) {
        /* the two-output form's L is P' L, rows moved by the kernel */
        dfg_id l, u, p;
        dfg_attr la = {{nlhs == 2}, {0}, NULL, 0};
        if ((st = gw_op(g, DFG_OP_LU, 1, &x, &la, &packed)) || (st = part(g, packed, 0, m, k, &l)) ||
            (st = part(g, packed, m * k, k, n, &u)) || (st = part(g, packed, m * k + k * n, m, m, &p)))
            return st;
        if (nlhs <= 1) {
            if (m != n)
                return dfg_set_error(DFG_ERR_UNSUPPORTED,
                                     "dfg.lu: the one-output form is supported for square matrices only; use [L, U, P] = lu (A)");
            /* Y = L + U - I, LAPACK's packed factors */
            dfg_id s, eye;
            if ((st = gw_op2(g, DFG_OP_ADD, l, u, &s)) || (st = eye_like(g, x, m, &eye)) ||
                (st = gw_op2(g, DFG_OP_SUB, s, eye, &y)))
                return st;
            plhs[0] = gw_result(g, y);
            return DFG_OK;
        }
        if (nlhs > 2) {   /* Octave's permutation matrix is double */
            dfg_attr c = attr1(DFG_DOUBLE);
            if ((st = gw_op(g, DFG_OP_CAST, 1, &p, &c, &p)))
                return st;
        }
        plhs[0] = gw_result(g, l);
        plhs[1] = gw_result(g, u);
        if (nlhs > 2)
            plhs[2] = gw_result(g, p);
        return DFG_OK;
    }
    if (is_qr) {
        int econ = 0;
        if (nrhs > 1) {
            char s[16];
            double z;
            if (gw_string(prhs[1], s, sizeof s) && !strcmp(s, "econ"))
                econ = 1;
            else if (!gw_scalar(g, prhs[1], 2, 1, &z) && z == 0)
                econ = 1;
            else
                return dfg_set_error(DFG_ERR_ARG, "dfg.qr: the second argument must be 0 or \"econ\"");
        }
        if (nlhs <= 1)
            return dfg_set_error(DFG_ERR_UNSUPPORTED,
                                 "dfg.qr: the one-output form (LAPACK's packed factors) is not supported; use [Q, R] = qr (A)");
        dfg_attr a = {{econ}, {0}, NULL, 0};
        int64_t qc = econ ? k : m;
        dfg_id q, r;
        if ((st = gw_op(g, DFG_OP_QR, 1, &x, &a, &packed)) || (st = part(g, packed, 0, m, qc, &q)) ||
            (st = part(g, packed, m * qc, qc, n, &r)))
            return st;
        plhs[0] = gw_result(g, q);
        plhs[1] = gw_result(g, r);
        return DFG_OK;
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: unknown function", f);
}
