/* lib/core/compose-elem.c -- composite element-wise and reduction
 * functions: diff, nthroot, vecnorm and mode, built as graphs
 * of primitive ops (so gradients come from the primitives' rules) with
 * Octave 7.3's values, classes and sizes.
 *
 * Ownership as in compose.c: every builder borrows its input ids and
 * hands out one new reference in *y (the caller's); intermediates live in
 * a cx list (compose-impl.h) released when the builder ends; on an error
 * *y is left alone and nothing leaks. */
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

static dfg_status cx_cast(cx * c, dfg_id x, dfg_dtype dt, dfg_id * out)
{
    dfg_attr a = {{dt}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_CAST, 1, &x, &a, out);
}

static dfg_status cx_merge(cx * c, dfg_id mask, dfg_id a, dfg_id b, dfg_id * out)
{
    dfg_id in[3] = {mask, a, b};
    return cx_op(c, DFG_OP_MERGE, 3, in, NULL, out);
}

/* First non-singleton dimension (0-based), Octave's default DIM (a
 * symbolic size is at least 2: docs/symbolic.md). */
static int first_non_singleton(int nd, const int64_t * d)
{
    for (int k = 0; k < nd; k++)
        if (d[k] != 1)
            return k;
    return 0;
}

/* The refusal of a builder that needs the length along dim (0-based) of
 * a symbolic-sized x; DFG_OK when that length is a number. */
static dfg_status need_length(const char * fn, const char * arg, int nd, const int64_t * d, int dim)
{
    char s[256];
    if (dim >= nd || !dfg_dim_is_sym(d[dim]))
        return DFG_OK;
    return dfg_set_error(DFG_ERR_SYMBOLIC,
                         "dfg.%s: not defined along a symbolic size (%s is %s, DIM %d): it reads that length; "
                         "use another DIM or make the graph with a concrete size",
                         fn, arg, dfg_shape_str(nd, d, s, sizeof s), dim + 1);
}

static dfg_status cx_broadcast(cx * c, dfg_id x, int nd, const int64_t * d, dfg_id * out)
{
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = nd;
    memcpy(a.i + 1, d, (size_t)nd * sizeof *d);
    return cx_op(c, DFG_OP_BROADCAST, 1, &x, &a, out);
}

/* ---- slices along a dimension (mode) --------------------------------------- */

/* x(.., from .. from + cnt - 1, ..) along dim (0-based), as TAKE by the
 * positions broadcast to the other dims: the slice of an x with a
 * symbolic size off dim (GATHER's header holds numbers only) */
static dfg_status slice_take(cx * c, const char * fn, dfg_id x, int nd, const int64_t * d, int dim,
                             int64_t from, int64_t cnt, dfg_id * out)
{
    double * pv = dfg_malloc((size_t)(cnt + 1) * sizeof *pv);
    if (!pv)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lld elements)", fn, (long long)cnt);
    int64_t di[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
    for (int k = 0; k < nd; k++) {
        di[k] = k == dim ? cnt : 1;
        db[k] = k == dim ? cnt : d[k];
    }
    for (int64_t q = 0; q < cnt; q++)
        pv[q] = (double)(from + q + 1);
    dfg_id p, pb;
    dfg_attr a = {{dim}, {0}, NULL, 0};
    dfg_status st = dfg_constant(DFG_DOUBLE, nd, di, pv, &p);
    dfg_free(pv);
    if (st || (st = cx_keep(c, p)) || (st = cx_broadcast(c, p, nd, db, &pb)))
        return st;
    dfg_id in[2] = {x, pb};
    return cx_op(c, DFG_OP_TAKE, 2, in, &a, out);
}

/* x(.., from .. from + cnt - 1, ..) along dim (0-based), x viewed with the
 * dims d (nd of them, dim < nd); fn names the function in messages.  A
 * GATHER (runs of memcpy), or a TAKE where x has a symbolic size. */
static dfg_status slice_range(cx * c, const char * fn, dfg_id x, int nd, const int64_t * d, int dim,
                              int64_t from, int64_t cnt, dfg_id * out)
{
    if (dfg_shape_is_sym(nd, d))
        return slice_take(c, fn, x, nd, d, dim, from, cnt, out);
    int64_t * ix = dfg_malloc((size_t)(cnt + 1) * sizeof *ix);
    if (!ix)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lld elements)", fn, (long long)cnt);
    for (int64_t q = 0; q < cnt; q++)
        ix[q] = from + q;
    int64_t len = 2 + 2 * (int64_t)nd + nd + cnt, at = 0;
    int64_t * h = dfg_malloc((size_t)len * sizeof *h);
    if (!h) {
        dfg_free(ix);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lld elements)", fn, (long long)len);
    }
    h[at++] = nd;
    for (int j = 0; j < nd; j++) h[at++] = d[j];
    for (int j = 0; j < nd; j++) h[at++] = j == dim ? cnt : -1;
    h[at++] = nd;
    for (int j = 0; j < nd; j++) h[at++] = j == dim ? cnt : d[j];
    memcpy(h + at, ix, (size_t)cnt * sizeof *h);
    dfg_attr a = {{0}, {0}, h, len};
    dfg_status st = cx_op(c, DFG_OP_GATHER, 1, &x, &a, out);
    dfg_free(h);
    dfg_free(ix);
    return st;
}

/* ---- diff ------------------------------------------------------------------ */

/* Octave's do_diff: the order-th differences of x (double or single)
 * along dim, repeated first differences (liboctave's mx_inline_diff:
 * DIFF ops), an empty result along dim where order >= its size; x itself
 * for order 0. */
static dfg_status do_diff(dfg_id x, int64_t order, int dim, dfg_id * y)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_dtype dt;
    dfg_status st = dfg_info(x, &dt, &nd, d);
    if (st)
        return st;
    if (dim >= nd) {                    /* trailing singleton dims made explicit */
        for (int k = nd; k <= dim; k++)
            d[k] = 1;
        nd = dim + 1;
    }
    if ((st = dfg_retain(x)))
        return st;
    dfg_id cur = x;
    int64_t n = d[dim];
    if (order >= n && order > 0) {
        /* an empty result of x's class */
        cx c;
        dfg_id r = 0;
        c.n = 0;
        d[dim] = 0;
        st = cx_fill(&c, dt, nd, d, 0, &r);
        st = cx_done(&c, st, r, y);
        dfg_release(cur);
        return st;
    }
    for (int64_t k = 0; k < order && !st; k++, n--) {
        /* x(2:n) - x(1:n-1) along dim in one pass (DIFF) */
        dfg_id nxt = 0;
        dfg_attr a = {{dim}, {0}, NULL, 0};
        st = dfg_op(DFG_OP_DIFF, 1, &cur, &a, &nxt);
        dfg_release(cur);
        cur = st ? 0 : nxt;
    }
    if (st)
        return st;
    *y = cur;
    return DFG_OK;
}

dfg_status dfg_diff(dfg_id x, int64_t order, int dim, dfg_id * y)
{
    cx c;
    dfg_id r = 0, xd = x;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin_sym(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (order < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.diff: order K must be non-negative");
    if (dim >= nd)
        return dfg_set_error(DFG_ERR_ARG, "dfg.diff: DIM must be a valid dimension (at most %d here)", nd);
    /* a symbolic size is taken off the dimension differenced: the
     * builder reads that one's length (docs/symbolic.md) */
    if (dim < 0) {
        dim = first_non_singleton(nd, d);
        if ((st = need_length("diff", "X", nd, d, dim)))
            return st;
        if (d[dim] <= order) {
            /* Octave's data.cc, "this behavior is really wicked": a
             * singleton x is a 0x0 of its class; else differences along
             * the next dimensions, each taken of the original x */
            if (d[dim] == 1) {
                int64_t z[2] = {0, 0};
                st = cx_fill(&c, dt, 2, z, 0, &r);
                return cx_done(&c, st, r, y);
            }
            if (dt == DFG_LOGICAL && (st = cx_cast(&c, x, DFG_DOUBLE, &xd)))
                return cx_done(&c, st, 0, y);
            r = xd;
            while (order > 0 && !st) {
                dfg_id t = 0;
                if (dim == nd) {
                    if (!(st = do_diff(xd, order, dim - 1, &t)))
                        st = cx_keep(&c, t);
                    r = t;
                    order = 0;
                } else if ((st = need_length("diff", "X", nd, d, dim))) {
                    break;
                } else if (d[dim] == 1) {
                    dim++;
                } else {
                    if (!(st = do_diff(xd, d[dim] - 1, dim, &t)))
                        st = cx_keep(&c, t);
                    r = t;
                    order -= d[dim] - 1;
                    dim++;
                }
            }
            return cx_done(&c, st, r, y);
        }
    }
    if ((st = need_length("diff", "X", nd, d, dim)))
        return st;
    if (dt == DFG_LOGICAL && (st = cx_cast(&c, x, DFG_DOUBLE, &xd)))
        return cx_done(&c, st, 0, y);
    if (!(st = do_diff(xd, order, dim, &r)))
        st = cx_keep(&c, r);
    return cx_done(&c, st, r, y);
}

/* ---- nthroot ------------------------------------------------------------------ */

/* y = ((n-1) y + x ./ y.^(n-1)) / n, then x where that is not finite */
static dfg_status newton_step(cx * c, dfg_id x, dfg_id y, double n, dfg_dtype nt, dfg_id * out)
{
    dfg_id n1, nn, a, p, q, s, t, fin, ay, inf;
    dfg_status st;
    if ((st = cx_const(c, nt, n - 1, &n1)) || (st = cx_const(c, nt, n, &nn)) ||
        (st = cx_op2(c, DFG_OP_MUL, n1, y, &a)) || (st = cx_op2(c, DFG_OP_POW, y, n1, &p)) ||
        (st = cx_op2(c, DFG_OP_DIV, x, p, &q)) || (st = cx_op2(c, DFG_OP_ADD, a, q, &s)) ||
        (st = cx_op2(c, DFG_OP_DIV, s, nn, &t)))
        return st;
    /* isfinite (t): abs (t) < Inf */
    if ((st = cx_op1(c, DFG_OP_ABS, t, &ay)) || (st = cx_const(c, DFG_DOUBLE, INFINITY, &inf)) ||
        (st = cx_op2(c, DFG_OP_LT, ay, inf, &fin)))
        return st;
    /* merge needs one class: x may be double with a single t */
    dfg_dtype tt, xt;
    dfg_info(t, &tt, NULL, NULL);
    dfg_info(x, &xt, NULL, NULL);
    dfg_id xx = x;
    if (xt != tt && (st = cx_cast(c, x, tt, &xx)))
        return st;
    return cx_merge(c, fin, t, xx, out);
}

static dfg_status nthroot_pos(cx * c, dfg_id x, double n, dfg_dtype nt, dfg_id * out)
{
    dfg_id r, e, ax, sg, p;
    dfg_status st;
    if (n == 3)
        return cx_op1(c, DFG_OP_CBRT, x, out);
    int integer_n = n == trunc(n);
    /* 1 / n in n's class (Octave computes it so) */
    double inv = nt == DFG_SINGLE ? (double)(1.0f / (float)n) : 1.0 / n;
    if ((st = cx_const(c, nt, inv, &e)))
        return st;
    if (integer_n && fmod(n, 2) == 1) {
        if ((st = cx_op1(c, DFG_OP_ABS, x, &ax)) || (st = cx_op2(c, DFG_OP_POW, ax, e, &p)) ||
            (st = cx_op1(c, DFG_OP_SIGN, x, &sg)) || (st = cx_op2(c, DFG_OP_MUL, p, sg, &r)))
            return st;
    } else if ((st = cx_op2(c, DFG_OP_POW, x, e, &r)))
        /* negative elements make x .^ (1/n) complex: an error when the
         * graph runs (Octave: "N must be an odd integer if X contains
         * negative values") */
        return st;
    if (integer_n && n > 0 && isfinite(n)) {
        dfg_id t;
        if ((st = newton_step(c, x, r, n, nt, &t)))
            return st;
        if (is_scalar(r)) {
            /* Octave skips the step for a scalar 0 (bug #43492) */
            dfg_id z, zero;
            if ((st = cx_const(c, DFG_DOUBLE, 0, &zero)) || (st = cx_op2(c, DFG_OP_EQ, r, zero, &z)))
                return st;
            dfg_dtype rt, tt;
            dfg_info(r, &rt, NULL, NULL);
            dfg_info(t, &tt, NULL, NULL);
            if (rt != tt && (st = cx_cast(c, r, tt, &r)))
                return st;
            return cx_merge(c, z, r, t, out);
        }
        r = t;
    }
    *out = r;
    return DFG_OK;
}

dfg_status dfg_nthroot(dfg_id x, double n, dfg_dtype nt, dfg_id * y)
{
    cx c;
    dfg_id r = 0, one, t;
    dfg_status st = cx_begin_sym(&c, x, NULL, NULL, NULL);
    if (st)
        return st;
    if (n == 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.nthroot: N must be a real nonzero scalar");
    if (nt == DFG_LOGICAL)
        nt = DFG_DOUBLE;
    double an = fabs(n);
    if (an == trunc(an) && isfinite(an) && an != 3) {
        /* nthroot.m's last step, merge (isfinite (y), y, x), refuses an
         * array x of another class than y's, and for a scalar x its class
         * would depend on the value */
        dfg_dtype xt;
        int nd;
        int64_t d[DFG_MAX_DIMS];
        dfg_info(x, &xt, &nd, d);
        if (nt == DFG_SINGLE && xt != DFG_SINGLE)
            return dfg_set_error(DFG_ERR_DTYPE,
                                 "dfg.nthroot: N is single and X is %s: Octave 7.3's nthroot.m fails on such arrays "
                                 "(merge: cannot merge single with double) and its class for a scalar depends on the "
                                 "value; give N as a double", dfg_dtype_name(xt));
        if (xt == DFG_LOGICAL && dfg_shape_numel(nd, d) != 1)
            return dfg_set_error(DFG_ERR_DTYPE,
                                 "dfg.nthroot: X is a logical array: Octave 7.3's nthroot.m fails on it (merge: cannot "
                                 "merge double with logical with array mask); convert X with double (X)");
    }
    if (n == -3 || n < 0) {
        /* 1 ./ cbrt (x), 1 ./ nthroot (x, -n) */
        if (!(st = nthroot_pos(&c, x, -n, nt, &t)) && !(st = cx_const(&c, nt, 1, &one)))
            st = cx_op2(&c, DFG_OP_DIV, one, t, &r);
    } else
        st = nthroot_pos(&c, x, n, nt, &r);
    return cx_done(&c, st, r, y);
}

/* ---- vecnorm --------------------------------------------------------------------- */

/* f (x) where x is not 0, 0 where it is, with no NaN in the gradient at
 * 0: f (merge (x == 0, 1, x)) (the subgradient 0 there, as dfg's norm) */
static dfg_status guard0(cx * c, dfg_id x, int op, dfg_id e, dfg_id * out)
{
    dfg_id zero, one, z, safe, f, zz;
    dfg_dtype dt;
    dfg_status st = dfg_info(x, &dt, NULL, NULL);
    if (st || (st = cx_const(c, dt, 0, &zero)) || (st = cx_const(c, dt, 1, &one)) ||
        (st = cx_op2(c, DFG_OP_EQ, x, zero, &z)) || (st = cx_merge(c, z, one, x, &safe)))
        return st;
    if (op == DFG_OP_POW)
        st = cx_op2(c, DFG_OP_POW, safe, e, &f);
    else
        st = cx_op1(c, op, safe, &f);
    dfg_dtype ft;
    if (st || (st = dfg_info(f, &ft, NULL, NULL)) || (st = cx_const(c, ft, 0, &zz)))
        return st;
    return cx_merge(c, z, zz, f, out);
}

static dfg_status sum_along(cx * c, dfg_id x, int dim, dfg_id * out)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = dfg_info(x, NULL, &nd, d);
    if (st)
        return st;
    if (nd == 2 && d[0] == 0 && d[1] == 0 && (st = cx_reshape2(c, x, 0, 1, &x)))
        return st;      /* Octave's sum takes a 0x0 as 0x1 */
    return cx_reduce(c, DFG_OP_SUM, x, dim, out);
}

dfg_status dfg_vecnorm(dfg_id x, double p, int dim, dfg_id * y)
{
    cx c;
    dfg_id r = 0, ax, s, q, t;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin_sym(&c, x, &dt, &nd, d);    /* any size: sums and max along any dim */
    if (st)
        return st;
    if (dt == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.vecnorm: A must be numeric (it is logical)");
    if (!(p > 0))
        return dfg_set_error(DFG_ERR_ARG, "dfg.vecnorm: P must be positive real scalar or Inf");
    if (dim >= DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.vecnorm: DIM must be a positive integer");
    if (dim < 0)      /* vecnorm.m: the first dimension larger than 1, else 1 */
        dim = first_dim_above_one(nd, d);
    if ((st = cx_op1(&c, DFG_OP_ABS, x, &ax)))
        return cx_done(&c, st, 0, y);
    if (p == 1)
        st = sum_along(&c, ax, dim, &r);
    else if (p == 2) {
        /* sqrt (sumsq (A, dim)) */
        if (!(st = cx_op2(&c, DFG_OP_MUL, x, x, &q)) && !(st = sum_along(&c, q, dim, &s)))
            st = guard0(&c, s, DFG_OP_SQRT, 0, &r);
    } else if (p == INFINITY) {
        if (nd == 2 && d[0] == 0 && d[1] == 0 && dim < 2)
            r = ax;                       /* Octave: max ([], [], dim) is [] */
        else
            st = cx_reduce(&c, DFG_OP_MAX, ax, dim, &r);
    } else {
        /* vecnorm.m: even p: sum (A.^2 .^ (p/2)) .^ (1/p); else
         * sum (abs (A) .^ p) .^ (1/p) (0 .^ p guarded, p < 1 included) */
        dfg_id two, base = ax, ph, ip;
        if (fmod(p, 2) == 0) {
            if ((st = cx_const(&c, DFG_DOUBLE, 2, &two)) || (st = cx_op2(&c, DFG_OP_POW, x, two, &base)) ||
                (st = cx_const(&c, DFG_DOUBLE, p / 2, &ph)))
                return cx_done(&c, st, 0, y);
        } else if ((st = cx_const(&c, DFG_DOUBLE, p, &ph)))
            return cx_done(&c, st, 0, y);
        if (!(st = guard0(&c, base, DFG_OP_POW, ph, &t)) && !(st = sum_along(&c, t, dim, &s)) &&
            !(st = cx_const(&c, DFG_DOUBLE, 1 / p, &ip)))
            st = guard0(&c, s, DFG_OP_POW, ip, &r);
    }
    return cx_done(&c, st, r, y);
}

/* ---- mode ------------------------------------------------------------------------ */

/* mode.m's algorithm without its cell output, as whole-array ops: along
 * dim of the sorted x (stable, NaN last), a run starts where the
 * difference from the element before is not 0 (so NaN and repeated
 * infinities, whose differences are NaN, each start one); L, the count so far
 * in the current run (position - its start + 1), peaks at each run's
 * length, so f = max (L) and the first position where L == f ends the
 * first most frequent run; m is that run's first element, i.e. x at the
 * first occurrence of the smallest most frequent value (its gradient goes
 * there, by TAKE). */
dfg_status dfg_mode(dfg_id x, int dim, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[2] = {0, 0};
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin_sym(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (nout < 1 || nout > 2)
        return dfg_set_error(DFG_ERR_DATA_SIZE,
                             "dfg.mode: the third output C (a cell of all the most frequent values of each slice) "
                             "has sizes that depend on the values; use [m, f] = mode (...)");
    if (dim < 0)      /* mode.m: the first dimension larger than 1, else 1 */
        dim = first_dim_above_one(nd, d);
    /* a symbolic size off dim only: the runs are counted along dim */
    if ((st = need_length("mode", "X", nd, d, dim)))
        return st;
    if (dim >= nd) {
        /* mode.m: m = x, f = ones (size (x)) */
        r[0] = x;
        st = cx_fill(&c, DFG_DOUBLE, nd, d, 1, &r[1]);
        return cx_done_n(&c, st, nout, r, y);
    }
    int64_t n = d[dim], d2[DFG_MAX_DIMS];
    if (n == 0 && dfg_shape_is_sym(nd, d))
        return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.mode: X has no elements along DIM %d and a symbolic size; "
                             "make the graph with a concrete size", dim + 1);
    memcpy(d2, d, sizeof d2);
    d2[dim] = 1;
    if (!dfg_shape_is_sym(nd, d) && dfg_shape_numel(nd, d) == 0) {
        if (dfg_shape_numel(nd, d2) != 0)
            return dfg_set_error(DFG_ERR_ARG,
                                 "dfg.mode: X has no elements along DIM %d but other slices (Octave 7.3's mode.m "
                                 "fails: index out of bound)", dim + 1);
        /* m: zeros (sz2, class (x)); f: max (zeros (sz), [], dim) */
        if (!(st = cx_fill(&c, dt, nd, d2, 0, &r[0]))) {
            if (nd == 2 && d[0] == 0 && d[1] == 0)
                st = cx_fill(&c, DFG_DOUBLE, nd, d, 0, &r[1]);
            else {
                dfg_id z;
                if (!(st = cx_fill(&c, DFG_DOUBLE, nd, d, 0, &z)))
                    st = cx_reduce(&c, DFG_OP_MAX, z, dim, &r[1]);
            }
        }
        return cx_done_n(&c, st, nout, r, y);
    }
    dfg_id p, xs, t, t1, hi, lo, ne, pos, kt, s, cm, one, l, f, eq, q, sp, spb, orig, mfull, fq;
    double * iota = dfg_malloc((size_t)n * sizeof *iota);
    if (!iota)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.mode: out of memory (%lld elements)", (long long)n);
    int64_t di[DFG_MAX_DIMS];
    for (int k = 0; k < nd; k++)
        di[k] = k == dim ? n : 1;
    for (int64_t k = 0; k < n; k++)
        iota[k] = (double)(k + 1);
    dfg_attr sa = {{dim, 0}, {0}, NULL, 0}, ra = {{dim}, {0}, NULL, 0};
    st = cx_op(&c, DFG_OP_SORT_INDEX, 1, &x, &sa, &p);
    if (!st) {
        dfg_id in[2] = {x, p};
        st = cx_op(&c, DFG_OP_TAKE, 2, in, &ra, &xs);
    }
    if (!st)
        st = cx_fill(&c, DFG_LOGICAL, nd, d2, 1, &t1);
    if (!st && n > 1) {
        /* t = cat (dim, true (sz2), diff (xs) != 0): a difference, not
         * xs(k) != xs(k-1), so that equal infinities (Inf - Inf is NaN)
         * start new runs as in mode.m */
        dfg_id df, z0;
        if (!(st = slice_range(&c, "mode", xs, nd, d, dim, 1, n - 1, &hi)) &&
            !(st = slice_range(&c, "mode", xs, nd, d, dim, 0, n - 1, &lo)) &&
            !(st = cx_op2(&c, DFG_OP_SUB, hi, lo, &df)) && !(st = cx_const(&c, DFG_DOUBLE, 0, &z0)) &&
            !(st = cx_op2(&c, DFG_OP_NE, df, z0, &ne))) {
            dfg_id in[2] = {t1, ne};
            st = cx_op(&c, DFG_OP_CAT, 2, in, &ra, &t);
        }
    } else
        t = t1;
    if (!st) {
        dfg_id sv[1];
        /* s = cummax (pos .* t): the start of the run each element is in */
        if (!(st = dfg_constant(DFG_DOUBLE, nd, di, iota, &pos)) && !(st = cx_keep(&c, pos)) &&
            !(st = cx_op2(&c, DFG_OP_MUL, pos, t, &kt)) &&
            !(st = cx_take(&c, dfg_cumext(kt, dim, 1, 1, sv), sv, &s)) && !(st = cx_const(&c, DFG_DOUBLE, 1, &one)) &&
            !(st = cx_op2(&c, DFG_OP_SUB, pos, s, &cm)) && !(st = cx_op2(&c, DFG_OP_ADD, cm, one, &l)) &&
            !(st = cx_op(&c, DFG_OP_MAX, 1, &l, &ra, &f)) && !(st = cx_op2(&c, DFG_OP_EQ, l, f, &eq)) &&
            !(st = cx_op(&c, DFG_OP_ARGMAX, 1, &eq, &ra, &q)) && !(st = cx_op2(&c, DFG_OP_SUB, q, f, &fq)) &&
            !(st = cx_op2(&c, DFG_OP_ADD, fq, one, &sp)) && !(st = cx_broadcast(&c, sp, nd, d, &spb))) {
            /* the start's position in x, then x there (along dim: all the same) */
            dfg_id in1[2] = {p, spb};
            if (!(st = cx_op(&c, DFG_OP_TAKE, 2, in1, &ra, &orig))) {
                dfg_id in2[2] = {x, orig};
                if (!(st = cx_op(&c, DFG_OP_TAKE, 2, in2, &ra, &mfull)))
                    st = slice_range(&c, "mode", mfull, nd, d, dim, 0, 1, &r[0]);
            }
            r[1] = f;
        }
    }
    dfg_free(iota);
    return cx_done_n(&c, st, nout, r, y);
}
