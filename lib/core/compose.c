/* lib/core/compose.c -- composite Octave functions (mean, var, std, norm,
 * dot, kron, mpower, trace, tril, triu, diag, repmat, flip, circshift),
 * Octave's readings of an operand (0x0 as 0x1, N-d folded) and the
 * identity, built as graphs of primitive ops, so that gradients come from
 * the primitives' rules and C callers reach them as the gateway does.
 * The matrix operators and LAPACK functions are compose-linalg.c's.
 *
 * Ownership: every builder borrows its input ids and hands out one new
 * reference in *y (the caller's).  The intermediate nodes a builder makes
 * are kept in a small list (cx, compose-impl.h) and released when it
 * ends; the result, retained first, lives on through its own reference.
 * On an error *y is left alone, nothing leaks, and the message
 * (dfg_last_error) names the Octave function ("dfg.norm: ..."); errors of
 * the primitive ops are passed on as those ops set them. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "compose-impl.h"

static dfg_status cx_reduce(cx * c, int op, dfg_id x, int dim, dfg_id * out)
{
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = dim;
    return cx_op(c, op, 1, &x, &a, out);
}

/* A constant made from data (copied). */
static dfg_status cx_data(cx * c, dfg_dtype dt, int nd, const int64_t * d, const void * data, dfg_id * out)
{
    dfg_id y;
    dfg_status st = dfg_constant(dt, nd, d, data, &y);
    if (st || (st = cx_keep(c, y)))
        return st;
    *out = y;
    return DFG_OK;
}

/* n int64 of scratch (dfg_malloc'ed, the caller frees), with the gateway's
 * messages for counts that cannot be had. */
static dfg_status scratch(const char * fn, int64_t n, int64_t ** out)
{
    size_t es = sizeof **out;
    *out = NULL;
    if (n < 0 || (uint64_t)n > (uint64_t)(SIZE_MAX / 4 / es))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory or dimension too large (%lld elements)",
                             fn, (long long)n);
    *out = dfg_malloc((size_t)n * es);
    if (!*out)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lld elements, %.3g GB)",
                             fn, (long long)n, (double)n * (double)es / 1e9);
    return DFG_OK;
}

/* GATHER x(ix[0], ..., ix[k-1]) of x viewed with k dims; ix[j] NULL is a
 * colon; cnt[j] the length of list j (lib/base/ops.def). */
static dfg_status cx_gather(cx * c, const char * fn, dfg_id x, int k, const int64_t * view,
                            const int64_t * const * ix, const int64_t * cnt, int nd_out,
                            const int64_t * dout, dfg_id * out)
{
    int64_t total = 0;
    for (int j = 0; j < k; j++)
        total += ix[j] ? cnt[j] : 0;
    int64_t len = 2 + 2 * (int64_t)k + nd_out + total, at = 0;
    int64_t * h;
    dfg_status st = scratch(fn, len, &h);
    if (st)
        return st;
    h[at++] = k;
    for (int j = 0; j < k; j++) h[at++] = view[j];
    for (int j = 0; j < k; j++) h[at++] = ix[j] ? cnt[j] : -1;
    h[at++] = nd_out;
    for (int j = 0; j < nd_out; j++) h[at++] = dout[j];
    for (int j = 0; j < k; j++)
        if (ix[j]) {
            memcpy(h + at, ix[j], (size_t)cnt[j] * sizeof *h);
            at += cnt[j];
        }
    dfg_attr a = {{0}, {0}, h, len};
    st = cx_op(c, DFG_OP_GATHER, 1, &x, &a, out);
    dfg_free(h);
    return st;
}

/* ---- shape helpers -------------------------------------------------------- */

/* First non-singleton dimension (0-based), Octave's default DIM. */
static int default_dim(int nd, const int64_t * d)
{
    for (int k = 0; k < nd; k++)
        if (d[k] != 1)
            return k;
    return 0;
}

static int64_t size_along(dfg_id x, int dim)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    if (dfg_info(x, NULL, &nd, d))
        return 1;
    return dim < nd ? d[dim] : 1;
}

/* Octave's sum takes a 0x0 x as 0x1: *x becomes that reshape. */
static dfg_status zero_by_zero_as_column(cx * c, dfg_id * x)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = dfg_info(*x, NULL, &nd, d);
    if (st || !(nd == 2 && d[0] == 0 && d[1] == 0))
        return st;
    return cx_reshape2(c, *x, 0, 1, x);
}

dfg_status dfg_zero_by_zero_as_column(dfg_id x, dfg_id * y)
{
    cx c;
    dfg_id r = x;
    dfg_status st = cx_begin_sym(&c, x, NULL, NULL, NULL);
    if (!st)
        st = zero_by_zero_as_column(&c, &r);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_fold2d(dfg_id x, dfg_id * y)
{
    cx c;
    dfg_id r = x;
    dfg_status st = cx_begin_sym(&c, x, NULL, NULL, NULL);
    if (!st)
        st = fold2d(&c, &r);
    return cx_done(&c, st, r, y);
}

static dfg_status check_dim(const char * fn, int dim)
{
    if (dim >= DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM must be a valid dimension", fn);
    return DFG_OK;
}

/* ---- mean, var, std ------------------------------------------------------- */

/* size (x, dim) + add as a double scalar: a constant, or for a symbolic
 * size the sum of ones along it, which the plan of each binding folds. */
static dfg_status count_along(cx * c, dfg_id x, int dim, double add, dfg_id * n)
{
    int64_t e = size_along(x, dim);
    if (!dfg_dim_is_sym(e))
        return cx_const(c, DFG_DOUBLE, (double)e + add, n);
    int64_t d[DFG_MAX_DIMS];
    int nd = dim + 1 > 2 ? dim + 1 : 2;
    for (int k = 0; k < nd; k++)
        d[k] = k == dim ? e : 1;
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = nd;
    memcpy(a.i + 1, d, (size_t)nd * sizeof *d);
    dfg_id one, ones, cnt, k;
    dfg_status st = cx_const(c, DFG_DOUBLE, 1, &one);
    if (!st && !(st = cx_op(c, DFG_OP_BROADCAST, 1, &one, &a, &ones)))
        st = cx_reduce(c, DFG_OP_SUM, ones, dim, &cnt);
    if (st || add == 0) {
        *n = cnt;
        return st;
    }
    if (!(st = cx_const(c, DFG_DOUBLE, add, &k)))
        st = cx_op2(c, DFG_OP_ADD, cnt, k, n);
    return st;
}

/* sum (x, dim) / size (x, dim), as Octave 7's mean.m. */
static dfg_status mean_of(cx * c, dfg_id x, int dim, dfg_id * y)
{
    dfg_id s, n;
    dfg_status st = cx_reduce(c, DFG_OP_SUM, x, dim, &s);
    if (!st)
        st = count_along(c, x, dim, 0, &n);
    if (!st)
        st = cx_op2(c, DFG_OP_DIV, s, n, y);
    return st;
}

dfg_status dfg_mean(dfg_id x, int dim, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin_sym(&c, x, NULL, &nd, d);
    if (st || (st = check_dim("mean", dim)))
        return st;
    if (dim < 0) {            /* the first dimension larger than 1 (a symbol is) */
        dim = 0;
        for (int k = nd - 1; k >= 0; k--)
            if (d[k] > 1 || dfg_dim_is_sym(d[k]))
                dim = k;
    }
    /* sum takes a 0x0 x as 0x1: mean (zeros (0)) is NaN */
    if (!(st = zero_by_zero_as_column(&c, &x)))
        st = mean_of(&c, x, dim, &r);
    return cx_done(&c, st, r, y);
}

static dfg_status var_std(const char * fn, dfg_id x, double w, int dim, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin_sym(&c, x, &dt, &nd, d);
    if (st || (st = check_dim(fn, dim)))
        return st;
    if (w != 0 && w != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: OPT must be 0 or 1 (weight vectors are not supported)", fn);
    int dflt = dim < 0;
    if (dflt)
        dim = default_dim(nd, d);
    int64_t n = dim < nd ? d[dim] : 1;
    dfg_dtype rt = dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
    int64_t numel = dfg_shape_numel(nd, d);
    for (int k = 0; k < nd; k++)
        if (d[k] == 0)
            numel = 0;          /* empty also beside a symbolic size */
    if (numel == 0) {
        /* NaN of the reduced size (1x1 for a 0x0 x with the default DIM);
         * Octave's var.m gives a double NaN for any empty x, single too */
        int64_t od[DFG_MAX_DIMS];
        memcpy(od, d, sizeof od);
        if (dflt && nd == 2 && d[0] == 0 && d[1] == 0)
            od[0] = od[1] = 1;
        else if (dim < nd)
            od[dim] = 1;
        st = cx_fill(&c, DFG_DOUBLE, nd, od, NAN, &r);
    } else if (n == 1) {
        /* zeros, NaN where x is NaN or Inf: x - x gives exactly that
         * (logical - logical is double already) */
        dfg_id df, zero;
        if (!(st = cx_op2(&c, DFG_OP_SUB, x, x, &df)) && !(st = cx_const(&c, rt, 0, &zero)))
            st = cx_op2(&c, DFG_OP_MUL, df, zero, &r);
    } else {
        dfg_id m, ce, sq, s, den;
        if (!(st = mean_of(&c, x, dim, &m)) && !(st = cx_op2(&c, DFG_OP_SUB, x, m, &ce)) &&
            !(st = cx_op2(&c, DFG_OP_MUL, ce, ce, &sq)) && !(st = cx_reduce(&c, DFG_OP_SUM, sq, dim, &s)) &&
            !(st = count_along(&c, x, dim, w - 1, &den)))
            st = cx_op2(&c, DFG_OP_DIV, s, den, &r);
    }
    /* std: the square root, but not of the n == 1 and empty cases (0 or
     * NaN, their own roots): its derivative at 0 would make the gradient
     * NaN where std is constant */
    if (!st && !strcmp(fn, "std") && numel != 0 && n != 1)
        st = cx_op1(&c, DFG_OP_SQRT, r, &r);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_var(dfg_id x, double opt, int dim, dfg_id * y)
{
    return var_std("var", x, opt, dim, y);
}

dfg_status dfg_std(dfg_id x, double opt, int dim, dfg_id * y)
{
    return var_std("std", x, opt, dim, y);
}

/* ---- norm ----------------------------------------------------------------- */

/* A scalar logical: any element of x is NaN (nan_only) or not finite. */
static dfg_status any_bad(cx * c, dfg_id x, int nan_only, int64_t numel, dfg_id * out)
{
    dfg_id xc, df, z, m;
    dfg_status st = cx_reshape2(c, x, numel, 1, &xc);
    if (st)
        return st;
    if (nan_only)
        st = cx_op2(c, DFG_OP_NE, xc, xc, &m);
    else if (!(st = cx_op2(c, DFG_OP_SUB, xc, xc, &df)) && !(st = cx_const(c, DFG_DOUBLE, 0, &z)))
        st = cx_op2(c, DFG_OP_NE, df, z, &m);
    return st ? st : cx_reduce(c, DFG_OP_ANY, m, 0, out);
}

/* merge (flag, v, *y) with a scalar constant v, into *y. */
static dfg_status override(cx * c, dfg_id flag, dfg_dtype rt, double v, dfg_id * y)
{
    dfg_id k;
    dfg_status st = cx_const(c, rt, v, &k);
    if (st)
        return st;
    dfg_id in3[3] = {flag, k, *y};
    return cx_op(c, DFG_OP_MERGE, 3, in3, NULL, y);
}

dfg_status dfg_norm(dfg_id x, double p, int fro, dfg_id * y)
{
    cx c;
    dfg_id ax, r = 0, t, nanf;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (nd != 2)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.norm: only valid for 2-D objects");
    if (fro)
        p = 2;
    if (p != p)
        return dfg_set_error(DFG_ERR_ARG, "dfg.norm: P must not be NaN");
    int64_t numel = d[0] * d[1];
    int vec = d[0] == 1 || d[1] == 1;
    dfg_dtype rt = dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
    if (dt == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.norm: X must be a numeric matrix, not logical (xnorm: wrong type argument 'bool matrix')");
    if (numel == 0) {
        /* 0: a double even for a single X, as Octave, but for "fro"
         * (single for a single X) */
        st = cx_const(&c, fro ? rt : DFG_DOUBLE, 0, &r);
        return cx_done(&c, st, r, y);
    }
    if (!vec && !fro && p != 1 && p != 2 && p != INFINITY)
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.norm: the matrix norm with P = %g (a %lldx%lld matrix) is not supported; matrix norms "
                             "are 1, 2, Inf and \"fro\" (use a vector, e.g. norm (A(:), P), for an element-wise norm)",
                             p, (long long)d[0], (long long)d[1]);
    if ((st = cx_op1(&c, DFG_OP_ABS, x, &ax)) || (st = any_bad(&c, x, 1, numel, &nanf)))
        return cx_done(&c, st, 0, y);
    if (vec && p == 0) {
        /* the number of nonzero elements (NaN counts) */
        dfg_id xc, z, nz, cnt;
        dfg_attr cast = {{rt}, {0}, NULL, 0};
        if (!(st = cx_reshape2(&c, x, numel, 1, &xc)) && !(st = cx_const(&c, dt, 0, &z)) &&
            !(st = cx_op2(&c, DFG_OP_NE, xc, z, &nz)) && !(st = cx_reduce(&c, DFG_OP_SUM, nz, 0, &cnt)))
            st = cx_op(&c, DFG_OP_CAST, 1, &cnt, &cast, &r);
    } else if (vec && p < 0 && p != -INFINITY) {
        /* Octave 7.3's minus-p accumulator: Inf unless every element is
         * infinite (then 0); NaN with a NaN */
        dfg_id xc, inf, isinf, allinf, one, rr;
        dfg_attr cast = {{rt}, {0}, NULL, 0};
        if (!(st = cx_reshape2(&c, ax, numel, 1, &xc)) && !(st = cx_const(&c, rt, INFINITY, &inf)) &&
            !(st = cx_op2(&c, DFG_OP_EQ, xc, inf, &isinf)) && !(st = cx_reduce(&c, DFG_OP_ALL, isinf, 0, &allinf)) &&
            !(st = cx_op1(&c, DFG_OP_NOT, allinf, &one)) && !(st = cx_op(&c, DFG_OP_CAST, 1, &one, &cast, &rr)) &&
            !(st = cx_op2(&c, DFG_OP_MUL, rr, inf, &r)))
            st = override(&c, allinf, rt, 0, &r);    /* 0 * Inf is NaN: put the 0 back */
    } else if (fro || (vec && p > 0 && p != 1 && p != INFINITY)) {
        /* scaled as Octave does, so that 1e200 does not overflow:
         * s * sum ((|x| / s).^p) ^ (1/p), s = max |x|; s = 0 or Inf -> s */
        dfg_id xc, sc, q, sq, s, rr, zero, inf, bad0, bad1, bad, pc, ip;
        double pp = fro ? 2 : p;
        if (!(st = cx_reshape2(&c, ax, numel, 1, &xc)) && !(st = cx_reduce(&c, DFG_OP_MAX, xc, 0, &sc)) &&
            !(st = cx_op2(&c, DFG_OP_DIV, xc, sc, &q))) {
            if (pp == 2)
                st = cx_op2(&c, DFG_OP_MUL, q, q, &sq);
            else if (!(st = cx_const(&c, rt, pp, &pc)))
                st = cx_op2(&c, DFG_OP_POW, q, pc, &sq);
        }
        if (!st && !(st = cx_reduce(&c, DFG_OP_SUM, sq, 0, &s))) {
            if (pp == 2)
                st = cx_op1(&c, DFG_OP_SQRT, s, &rr);
            else if (!(st = cx_const(&c, rt, 1 / pp, &ip)))
                st = cx_op2(&c, DFG_OP_POW, s, ip, &rr);
        }
        if (!st && !(st = cx_op2(&c, DFG_OP_MUL, sc, rr, &rr)) && !(st = cx_const(&c, rt, 0, &zero)) &&
            !(st = cx_const(&c, rt, INFINITY, &inf)) && !(st = cx_op2(&c, DFG_OP_EQ, sc, zero, &bad0)) &&
            !(st = cx_op2(&c, DFG_OP_EQ, sc, inf, &bad1)) && !(st = cx_op2(&c, DFG_OP_OR, bad0, bad1, &bad))) {
            dfg_id in3[3] = {bad, sc, rr};
            st = cx_op(&c, DFG_OP_MERGE, 3, in3, NULL, &r);
        }
    } else if (vec) {
        dfg_id xc;
        if (!(st = cx_reshape2(&c, ax, numel, 1, &xc)))
            st = cx_reduce(&c, p == INFINITY ? DFG_OP_MAX : p == -INFINITY ? DFG_OP_MIN : DFG_OP_SUM, xc, 0, &r);
    } else if (p == 1 || p == INFINITY) {
        /* the largest column (row) sum; Octave's max starts from the first
         * sum, so a NaN there gives NaN and a NaN elsewhere is skipped */
        int64_t view = p == 1 ? d[1] : d[0], one = 1, dout[2] = {1, 1}, first = 0;
        const int64_t * ix[1] = {&first};
        dfg_id t0, isn;
        if (!(st = cx_reduce(&c, DFG_OP_SUM, ax, p == 1 ? 0 : 1, &t)) &&
            !(st = cx_reduce(&c, DFG_OP_MAX, t, p == 1 ? 1 : 0, &r)) &&
            !(st = cx_gather(&c, "norm", t, 1, &view, ix, &one, 2, dout, &t0)) &&
            !(st = cx_op2(&c, DFG_OP_NE, t0, t0, &isn)))
            st = override(&c, isn, rt, NAN, &r);
    } else {
        /* the largest singular value; NaN when x has a NaN or an Inf (the
         * SVD is taken of x with those zeroed, so that it runs) */
        dfg_id bad, xs, sv, zero;
        if (!(st = any_bad(&c, x, 0, numel, &bad)) && !(st = cx_const(&c, dt, 0, &zero))) {
            dfg_id in3[3] = {bad, zero, x};
            if (!(st = cx_op(&c, DFG_OP_MERGE, 3, in3, NULL, &xs)) && !(st = cx_op1(&c, DFG_OP_SVD, xs, &sv)) &&
                !(st = cx_reduce(&c, DFG_OP_MAX, sv, 0, &r)))
                st = override(&c, bad, rt, NAN, &r);
        }
    }
    /* a NaN makes the norm NaN, except for the count of nonzeros and the
     * matrix 1- and Inf-norms (above) */
    int keeps_nan = (vec && p == 0) || (!vec && !fro && (p == 1 || p == INFINITY));
    if (!st && !keeps_nan)
        st = override(&c, nanf, rt, NAN, &r);
    return cx_done(&c, st, r, y);
}

/* ---- dot, kron, mpower ---------------------------------------------------- */

dfg_status dfg_dot(dfg_id a, dfg_id b, int dim, dfg_id * y)
{
    cx c;
    dfg_id p, r = 0;
    int na, nb;
    int64_t da[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
    dfg_dtype ta, tb;
    dfg_status st;
    if ((st = cx_begin(&c, a, &ta, &na, da)) || (st = dfg_info(b, &tb, &nb, db)) || (st = check_dim("dot", dim)))
        return st;
    if (ta == DFG_LOGICAL || tb == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.dot: X and Y must be numeric (argument %d is logical)",
                             ta == DFG_LOGICAL ? 1 : 2);
    int va = na == 2 && (da[0] == 1 || da[1] == 1), vb = nb == 2 && (db[0] == 1 || db[1] == 1);
    if (dim < 0 && va && vb) {
        /* vectors of equal length are taken as columns */
        if (da[0] * da[1] != db[0] * db[1])
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.dot: sizes of X and Y must match (%lld vs %lld elements)",
                                 (long long)(da[0] * da[1]), (long long)(db[0] * db[1]));
        if ((st = cx_reshape2(&c, a, da[0] * da[1], 1, &a)) || (st = cx_reshape2(&c, b, da[0] * da[1], 1, &b)))
            return cx_done(&c, st, 0, y);
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
    if (!(st = cx_op2(&c, DFG_OP_MUL, a, b, &p))) {
        if (dim < 0) {
            int np;
            int64_t dp[DFG_MAX_DIMS];
            if (!(st = dfg_info(p, NULL, &np, dp)))
                dim = default_dim(np, dp);
        }
        if (!st)
            st = cx_reduce(&c, DFG_OP_SUM, p, dim, &r);
    }
    return cx_done(&c, st, r, y);
}

dfg_status dfg_kron(dfg_id a, dfg_id b, dfg_id * y)
{
    /* kron (a, b) = reshape (reshape (b, [mb 1 nb 1]) .* reshape (a, [1 ma 1 na]), ...) */
    cx c;
    dfg_id ra, rb, p, r = 0;
    int na, nb;
    int64_t da[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
    dfg_status st;
    if ((st = cx_begin(&c, a, NULL, NULL, NULL)) || (st = fold2d(&c, &a)) || (st = fold2d(&c, &b)) || (st = dfg_info(a, NULL, &na, da)) ||
        (st = dfg_info(b, NULL, &nb, db)))
        return cx_done(&c, st, 0, y);
    if (na != 2 || nb != 2)
        return cx_done(&c, dfg_set_error(DFG_ERR_SHAPE, "dfg.kron: A and B must be 2-D matrices"), 0, y);
    dfg_attr sa = {{4, 1, da[0], 1, da[1]}, {0}, NULL, 0};
    dfg_attr sb = {{4, db[0], 1, db[1], 1}, {0}, NULL, 0};
    dfg_attr so = {{2, da[0] * db[0], da[1] * db[1]}, {0}, NULL, 0};
    if (!(st = cx_op(&c, DFG_OP_RESHAPE, 1, &a, &sa, &ra)) && !(st = cx_op(&c, DFG_OP_RESHAPE, 1, &b, &sb, &rb)) &&
        !(st = cx_op2(&c, DFG_OP_MUL, rb, ra, &p)))
        st = cx_op(&c, DFG_OP_RESHAPE, 1, &p, &so, &r);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_mpower(dfg_id a, dfg_id b, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    dfg_status st;
    if ((st = cx_begin(&c, a, NULL, NULL, NULL)) || (st = dfg_info(b, NULL, NULL, NULL)))
        return st;
    if (!is_scalar(a) || !is_scalar(b))
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.mpower: the exponent of a matrix power must be a plain integer scalar");
    st = cx_op2(&c, DFG_OP_POW, a, b, &r);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_eye_named(const char * fn, dfg_dtype dt, int64_t n, dfg_id * y)
{
    int64_t d[2] = {n, n};
    dfg_id e;
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE && dt != DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: the identity is double, single or logical", fn);
    size_t es = dfg_dtype_size(dt);
    if (n < 0 || (n > 0 && (uint64_t)n > (uint64_t)(SIZE_MAX / 4 / es) / (uint64_t)n))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory or dimension too large (%lldx%lld)",
                             fn, (long long)n, (long long)n);
    dfg_status st = dfg_fill(dt, 2, d, 0, &e);
    if (st == DFG_ERR_NOMEM)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lldx%lld)", fn, (long long)n, (long long)n);
    if (st)
        return st;
    /* the new constant is ours alone until it is handed out: its ones
     * go in place */
    void * data = dfg_node_get(e)->data;
    for (int64_t k = 0; k < n; k++) {
        if (dt == DFG_SINGLE)
            ((float *)data)[k * (n + 1)] = 1;
        else if (dt == DFG_DOUBLE)
            ((double *)data)[k * (n + 1)] = 1;
        else
            ((uint8_t *)data)[k * (n + 1)] = 1;
    }
    *y = e;
    return DFG_OK;
}

dfg_status dfg_eye(dfg_dtype dt, int64_t n, dfg_id * y)
{
    return dfg_eye_named("eye", dt, n, y);
}

/* The n x n identity of class dt, in the list. */
static dfg_status eye(cx * c, const char * fn, dfg_dtype dt, int64_t n, dfg_id * y)
{
    dfg_id e = 0;
    return cx_take(c, dfg_eye_named(fn, dt, n, &e), &e, y);
}

dfg_status dfg_mpower_int(dfg_id a, double p, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, a, &dt, &nd, d);
    if (st)
        return st;
    int64_t numel = dfg_shape_numel(nd, d);
    if (numel == 0) {
        /* Octave: any power of an empty matrix (any shape) is 0x0 */
        int64_t z[2] = {0, 0};
        st = cx_fill(&c, dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE, 2, z, 0, &r);
        return cx_done(&c, st, r, y);
    }
    if (numel == 1) {
        dfg_id b;
        if (!(st = cx_const(&c, DFG_DOUBLE, p, &b)))
            st = cx_op2(&c, DFG_OP_POW, a, b, &r);
        return cx_done(&c, st, r, y);
    }
    /* an N-d matrix is read folded, as Octave does */
    if ((st = fold2d(&c, &a)) || (st = dfg_info(a, &dt, &nd, d)))
        return cx_done(&c, st, 0, y);
    if (nd != 2 || d[0] != d[1])
        st = dfg_set_error(DFG_ERR_ARG, "dfg.mpower: for x^y, only square matrix arguments are permitted "
                           "and one argument must be scalar; use .^ for elementwise power");
    else if (p != floor(p) || fabs(p) > 1e9)
        st = dfg_set_error(DFG_ERR_UNSUPPORTED,
                           "dfg.mpower: non-integer matrix powers are not supported (use expm/logm on arrays)");
    if (!st && dt == DFG_LOGICAL) {     /* Octave: a logical matrix power is double */
        dfg_attr cast = {.i = {DFG_DOUBLE}};
        st = cx_op(&c, DFG_OP_CAST, 1, &a, &cast, &a);
    }
    if (st)
        return cx_done(&c, st, 0, y);
    if (p < 0 && (st = cx_op1(&c, DFG_OP_INV, a, &a)))
        return cx_done(&c, st, 0, y);
    int64_t e = (int64_t)fabs(p);
    if (e == 0) {
        dfg_dtype at;
        if (!(st = dfg_info(a, &at, NULL, NULL)))
            st = eye(&c, "mpower", at == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE, d[0], &r);
    } else {
        /* square-and-multiply, left to right over the bits */
        int top = 62;
        while (!((e >> top) & 1))
            top--;
        r = a;
        for (int bit = top - 1; bit >= 0 && !st; bit--) {
            st = cx_op2(&c, DFG_OP_MATMUL, r, r, &r);
            if (!st && ((e >> bit) & 1))
                st = cx_op2(&c, DFG_OP_MATMUL, r, a, &r);
        }
    }
    return cx_done(&c, st, r, y);
}

/* ---- trace, tril, triu, diag ---------------------------------------------- */

dfg_status dfg_trace(dfg_id x, dfg_id * y)
{
    /* as Octave 7.3's trace.m: 0 (double) for an empty A, A(1) for a
     * vector or scalar (A's class), else sum (diag (A)), non-square too */
    cx c;
    dfg_id dg, r = 0;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, NULL, &nd, d);
    if (st)
        return st;
    if (nd != 2) {
        char sh[256];
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.trace: only valid on 2-D objects (A is %s)",
                             dfg_shape_str(nd, d, sh, sizeof sh));
    }
    int64_t m = d[0], n = d[1], view = m * n;
    if (view == 0) {
        st = cx_const(&c, DFG_DOUBLE, 0, &r);
        return cx_done(&c, st, r, y);
    }
    int vec = m == 1 || n == 1;
    int64_t k = vec ? 1 : (m < n ? m : n), dout[2] = {k, 1};
    int64_t * ix;
    if ((st = scratch("trace", k + 1, &ix)))
        return st;
    for (int64_t q = 0; q < k; q++)
        ix[q] = q * (m + 1);
    const int64_t * ixs[1] = {ix};
    st = cx_gather(&c, "trace", x, 1, &view, ixs, &k, 2, dout, &dg);
    dfg_free(ix);
    if (!st) {
        if (vec)
            r = dg;
        else
            st = cx_reduce(&c, DFG_OP_SUM, dg, 0, &r);
    }
    return cx_done(&c, st, r, y);
}

static dfg_status tri(const char * fn, int lower, dfg_id x, int64_t k, dfg_id * y)
{
    cx c;
    dfg_id mask, zero, r = 0;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (nd != 2)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: need a 2-D matrix", fn);
    int64_t n = d[0] * d[1];
    uint8_t * m = dfg_malloc((size_t)n + 1);
    if (!m)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lld elements)", fn, (long long)n);
    for (int64_t j = 0; j < d[1]; j++)
        for (int64_t i = 0; i < d[0]; i++)
            m[i + d[0] * j] = lower ? (j - i <= k) : (j - i >= k);
    st = cx_data(&c, DFG_LOGICAL, 2, d, m, &mask);
    dfg_free(m);
    if (!st && !(st = cx_const(&c, dt, 0, &zero))) {
        dfg_id in[3] = {mask, x, zero};
        st = cx_op(&c, DFG_OP_MERGE, 3, in, NULL, &r);
    }
    return cx_done(&c, st, r, y);
}

dfg_status dfg_tril(dfg_id x, int64_t k, dfg_id * y)
{
    return tri("tril", 1, x, k, y);
}

dfg_status dfg_triu(dfg_id x, int64_t k, dfg_id * y)
{
    return tri("triu", 0, x, k, y);
}

dfg_status dfg_diag(dfg_id x, int64_t k, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (nd != 2)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.diag: requires a 2-D argument");
    if (d[0] == 0 && d[1] == 0) {      /* Octave: 0x0 for any K */
        int64_t z[2] = {0, 0};
        st = cx_fill(&c, dt, 2, z, 0, &r);
        return cx_done(&c, st, r, y);
    }
    int64_t ak = k == INT64_MIN ? INT64_MAX : k < 0 ? -k : k;
    if ((d[0] == 1 || d[1] == 1) && ak > ((int64_t)1 << 31) - d[0] * d[1])
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.diag: out of memory or dimension too large (k = %lld)",
                             (long long)k);
    if (d[0] == 1 || d[1] == 1) {
        /* a vector: SCATTER it into the k-th diagonal of an m x m zero */
        int64_t n = d[0] * d[1], m = n + ak;
        int64_t z[2] = {m, m};
        dfg_id zero;
        if ((st = cx_fill(&c, dt, 2, z, 0, &zero)))
            return cx_done(&c, st, 0, y);
        int64_t len = 2 + 2 + 2 + n;
        int64_t * h;
        if ((st = scratch("diag", len, &h)))
            return cx_done(&c, st, 0, y);
        h[0] = 1; h[1] = m * m; h[2] = n; h[3] = 2; h[4] = m; h[5] = m;
        for (int64_t q = 0; q < n; q++)
            h[6 + q] = (q + (k < 0 ? ak : 0)) + m * (q + (k > 0 ? ak : 0));
        dfg_attr a = {{0}, {0}, h, len};
        dfg_id in[2] = {zero, x};
        st = cx_op(&c, DFG_OP_SCATTER, 2, in, &a, &r);
        dfg_free(h);
        return cx_done(&c, st, r, y);
    }
    /* a matrix: GATHER its k-th diagonal as a column */
    int64_t r0 = k < 0 ? ak : 0, c0 = k > 0 ? ak : 0;
    int64_t n = 0;
    if (r0 < d[0] && c0 < d[1])
        n = (d[0] - r0 < d[1] - c0) ? d[0] - r0 : d[1] - c0;
    int64_t * ix;
    if ((st = scratch("diag", n + 1, &ix)))
        return st;
    for (int64_t q = 0; q < n; q++)
        ix[q] = (r0 + q) + d[0] * (c0 + q);
    int64_t view = d[0] * d[1], dout[2] = {n, 1};
    const int64_t * ixs[1] = {ix};
    st = cx_gather(&c, "diag", x, 1, &view, ixs, &n, 2, dout, &r);
    dfg_free(ix);
    return cx_done(&c, st, r, y);
}

/* ---- repmat, flip, circshift ---------------------------------------------- */

dfg_status dfg_repmat(dfg_id x, int m, const int64_t * reps, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, NULL, &nd, d);
    if (st)
        return st;
    if (m < 0 || m > DFG_MAX_DIMS || (m > 0 && !reps))
        return dfg_set_error(DFG_ERR_ARG, "dfg.repmat: too many dimensions");
    int k = nd > m ? nd : m;
    int64_t view[DFG_MAX_DIMS] = {0}, cnt[DFG_MAX_DIMS] = {0};
    int64_t * ix[DFG_MAX_DIMS] = {0};
    for (int j = 0; j < k; j++) {
        view[j] = j < nd ? d[j] : 1;
        int64_t rep = j < m ? (reps[j] < 0 ? 0 : reps[j]) : 1;
        int64_t two[2] = {view[j], rep};
        cnt[j] = dfg_shape_numel_checked(2, two);
    }
    if (dfg_shape_numel_checked(k, cnt) < 0) {
        char s1[256];
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.repmat: out of memory or dimension too large (repeating a %s array)",
                             dfg_shape_str(nd, d, s1, sizeof s1));
    }
    for (int j = 0; j < k && !st; j++)
        if (!(st = scratch("repmat", cnt[j] + 1, &ix[j])))
            for (int64_t q = 0; q < cnt[j]; q++)
                ix[j][q] = q % view[j];
    if (!st)
        st = cx_gather(&c, "repmat", x, k, view, (const int64_t * const *)ix, cnt, k, cnt, &r);
    for (int j = 0; j < k; j++)
        dfg_free(ix[j]);
    return cx_done(&c, st, r, y);
}

/* GATHER x with the index along dim replaced by map (others whole). */
static dfg_status remap_dim(cx * c, const char * fn, dfg_id x, int nd, const int64_t * d, int dim,
                            const int64_t * map, dfg_id * y)
{
    int k = nd > dim + 1 ? nd : dim + 1;
    int64_t view[DFG_MAX_DIMS];
    const int64_t * ix[DFG_MAX_DIMS];
    for (int j = 0; j < k; j++) {
        view[j] = j < nd ? d[j] : 1;
        ix[j] = j == dim ? map : NULL;
    }
    return cx_gather(c, fn, x, k, view, ix, view, k, view, y);
}

dfg_status dfg_flip(dfg_id x, int dim, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, NULL, &nd, d);
    if (st)
        return st;
    if (dim >= DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.flip: DIM must be a positive integer");
    if (dim < 0)
        dim = default_dim(nd, d);
    int64_t n = dim < nd ? d[dim] : 1;
    int64_t * map;
    if ((st = scratch("flip", n + 1, &map)))
        return st;
    for (int64_t q = 0; q < n; q++)
        map[q] = n - 1 - q;
    st = remap_dim(&c, "flip", x, nd, d, dim, map, &r);
    dfg_free(map);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_circshift(dfg_id x, int m, const int64_t * shifts, const int * dims, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, NULL, &nd, d);
    if (st)
        return st;
    if (m < 1 || m > DFG_MAX_DIMS || !shifts)
        return dfg_set_error(DFG_ERR_ARG, "dfg.circshift: N must be a vector, no longer than the number of dimensions in X");
    int dims_of[DFG_MAX_DIMS];
    for (int j = 0; j < m; j++) {
        dims_of[j] = dims ? dims[j] : m == 1 ? default_dim(nd, d) : j;
        if (dims_of[j] < 0 || dims_of[j] >= DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.circshift: DIM must be a valid dimension and N a scalar");
    }
    r = x;
    for (int j = 0; j < m && !st; j++) {
        int dim = dims_of[j];
        int64_t n = dim < nd ? d[dim] : 1;
        if (n == 0 || shifts[j] % n == 0)
            continue;
        int64_t * map;
        if ((st = scratch("circshift", n + 1, &map)))
            break;
        for (int64_t q = 0; q < n; q++)
            map[q] = (((q - shifts[j]) % n) + n) % n;
        st = remap_dim(&c, "circshift", r, nd, d, dim, map, &r);
        dfg_free(map);
    }
    return cx_done(&c, st, r, y);
}

/* ---- order: sort, cummax / cummin, median --------------------------------- */

/* x moved along dim by the positions p (a TAKE node) */
static dfg_status take_by(cx * c, dfg_id x, dfg_id p, int dim, dfg_id * out)
{
    dfg_id in[2] = {x, p};
    dfg_attr a = {{dim}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_TAKE, 2, in, &a, out);
}

dfg_status dfg_sort(dfg_id x, int dim, int desc, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[2] = {0, 0};
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin_sym(&c, x, NULL, &nd, d);
    if (st)
        return st;
    if (nout < 1 || nout > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.sort: called with too many outputs (%d; sort has at most 2)", nout);
    if (dim < 0)
        dim = default_dim(nd, d);
    if (dim >= nd)
        return dfg_set_error(DFG_ERR_ARG, "dfg.sort: DIM must be a valid dimension (at most %d here)", nd);
    dfg_attr a = {{dim, desc != 0}, {0}, NULL, 0};
    if (!(st = cx_op(&c, DFG_OP_SORT_INDEX, 1, &x, &a, &r[1])))
        st = take_by(&c, x, r[1], dim, &r[0]);
    return cx_done_n(&c, st, nout, r, y);
}

dfg_status dfg_cumext(dfg_id x, int dim, int is_max, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[2] = {0, 0};
    int nd;
    int64_t d[DFG_MAX_DIMS];
    const char * fn = is_max ? "cummax" : "cummin";
    dfg_status st = cx_begin_sym(&c, x, NULL, &nd, d);
    if (st)
        return st;
    if (nout < 1 || nout > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: called with too many outputs (%d; %s has at most 2)",
                             fn, nout, fn);
    if (dim < 0)
        dim = default_dim(nd, d);
    if (dim >= DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM must be a valid dimension", fn);
    dfg_attr a = {{dim}, {0}, NULL, 0};
    if (!(st = cx_op(&c, is_max ? DFG_OP_CUMMAX_INDEX : DFG_OP_CUMMIN_INDEX, 1, &x, &a, &r[1])))
        st = take_by(&c, x, r[1], dim, &r[0]);
    return cx_done_n(&c, st, nout, r, y);
}

dfg_status dfg_median(dfg_id x, int dim, dfg_id * y)
{
    cx c;
    dfg_id r = 0, p, m, mask, nan;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin_sym(&c, x, &dt, &nd, d);
    if (st)
        return st;
    char sz[256];
    int empty = 0;                   /* a size 0 beside symbols too: empty for every binding */
    for (int k = 0; k < nd; k++)
        empty |= !dfg_dim_is_sym(d[k]) && d[k] == 0;
    if (empty)
        return dfg_set_error(DFG_ERR_ARG, "dfg.median: X cannot be an empty matrix");
    if (dim < 0)
        dim = default_dim(nd, d);    /* median.m's first one above 1: x is not empty */
    if (dim >= DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.median: DIM must be an integer and a valid dimension");
    int64_t n = dim < nd ? d[dim] : 1;
    if (dfg_dim_is_sym(n))
        return dfg_set_error(DFG_ERR_SYMBOLIC,
                             "dfg.median: not defined along a symbolic size (X is %s, DIM %d): the middle is a position; make the graph with a concrete size",
                             dfg_shape_str(nd, d, sz, sizeof sz), dim + 1);
    if (n == 1)
        return cx_done(&c, DFG_OK, x, y);
    /* Octave 7.3's median.m: nth_element's middle element, or the two
     * middle ones summed in the class and halved (for logical, either one
     * true); NaN where the slice has one.  MEDIAN_INDEX selects their
     * positions (a NaN's where the slice has one), TAKE moves the values
     * (so the gradient goes to the selected elements: TAKE_ADD) */
    dfg_attr a = {{dim, 0}, {0}, NULL, 0};
    if ((st = cx_op(&c, DFG_OP_MEDIAN_INDEX, 1, &x, &a, &p)) || (st = take_by(&c, x, p, dim, &m)))
        return cx_done(&c, st, 0, y);
    if (n % 2 == 0) {
        dfg_attr ra = {{dim}, {0}, NULL, 0};
        dfg_id two;
        if (dt == DFG_LOGICAL)
            st = cx_op(&c, DFG_OP_ANY, 1, &m, &ra, &m);
        else if (!(st = cx_op(&c, DFG_OP_SUM, 1, &m, &ra, &m)) && !(st = cx_const(&c, dt, 2, &two)))
            st = cx_op2(&c, DFG_OP_DIV, m, two, &m);
        if (st)
            return cx_done(&c, st, 0, y);
    }
    if (dt == DFG_LOGICAL)
        return cx_done(&c, DFG_OK, m, y);
    /* NaN where the slice has one, with no gradient (m is NaN there) */
    if (!(st = cx_op2(&c, DFG_OP_NE, m, m, &mask)) && !(st = cx_const(&c, dt, NAN, &nan))) {
        dfg_id in[3] = {mask, nan, m};
        st = cx_op(&c, DFG_OP_MERGE, 3, in, NULL, &r);
    }
    return cx_done(&c, st, r, y);
}
