/* lib/core/compose-range.c -- linspace with tensor limits: Octave 7.3's
 * construction from both ends (liboctave's linspace), so that values,
 * signs of zero, Inf and NaN are Octave's (and its older construction,
 * from the start only, for vector limits, as Octave 7.3 still has it), built from element-wise ops so
 * that gradients with respect to the limits follow.
 *
 * Ownership: as every composite builder (compose-impl.h): the limits are
 * borrowed, *y gets one new reference, intermediates are released. */
#include <math.h>
#include <string.h>
#include "compose-impl.h"

/* A constant 1 x n row of class dt: v[j] given (n <= 0: nothing). */
static dfg_status row_const(cx * c, dfg_dtype dt, int64_t n, const double * v, dfg_id * out)
{
    int64_t d[2] = {1, n};
    size_t es = dt == DFG_SINGLE ? sizeof(float) : dt == DFG_LOGICAL ? 1 : sizeof(double);
    void * buf = dfg_malloc((size_t)n * es);
    if (!buf)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.linspace: out of memory for %lld elements", (long long)n);
    for (int64_t j = 0; j < n; j++) {
        if (dt == DFG_SINGLE)
            ((float *)buf)[j] = (float)v[j];
        else if (dt == DFG_LOGICAL)
            ((unsigned char *)buf)[j] = v[j] != 0;
        else
            ((double *)buf)[j] = v[j];
    }
    dfg_id y;
    dfg_status st = dfg_constant(dt, 2, d, buf, &y);
    dfg_free(buf);
    if (st || (st = cx_keep(c, y)))
        return st;
    *out = y;
    return DFG_OK;
}

/* x broadcast to m x n (x's own size when it is that already; -0 kept). */
static dfg_status to_size(cx * c, dfg_id x, int64_t m, int64_t n, dfg_id * out)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = dfg_info(x, NULL, &nd, d);
    if (st)
        return st;
    if (nd == 2 && d[0] == m && d[1] == n) {
        *out = x;
        return DFG_OK;
    }
    dfg_attr a = {{2, m, n}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_BROADCAST, 1, &x, &a, out);
}

/* A limit as Octave reads it: a scalar or a vector, taken as a column. */
static dfg_status limit_column(cx * c, dfg_id x, int64_t * m, dfg_id * col)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = dfg_info(x, NULL, &nd, d);
    if (st)
        return st;
    int64_t n = dfg_shape_numel(nd, d);
    int nonunit = 0;
    for (int k = 0; k < nd; k++)
        nonunit += d[k] != 1;
    if (nonunit > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.linspace: START, END must be scalars or vectors");
    *m = n;
    return cx_reshape2(c, x, n, 1, col);
}

/* Vector limits (Octave's Matrix linspace): a + k * delta for k = 1 ..
 * n-2 with delta 0 where a == b, a and b in the first and last columns. */
static dfg_status by_rows(cx * c, dfg_dtype dt, dfg_id ca, dfg_id cb, int64_t m, int64_t n, dfg_id * out)
{
    double * v = dfg_malloc((size_t)n * 3 * sizeof *v);
    if (!v)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.linspace: out of memory");
    for (int64_t k = 0; k < n; k++) {
        v[k] = (double)k;
        v[n + k] = k == 0;
        v[2 * n + k] = k == n - 1;
    }
    dfg_id kr, Mf, Ml, cn1, diff, d, eq, zero, t, mid, y1;
    dfg_status st = row_const(c, dt, n, v, &kr);
    if (!st) st = row_const(c, DFG_LOGICAL, n, v + n, &Mf);
    if (!st) st = row_const(c, DFG_LOGICAL, n, v + 2 * n, &Ml);
    dfg_free(v);
    if (!st) st = cx_const(c, dt, (double)(n - 1), &cn1);
    if (!st) st = cx_op2(c, DFG_OP_SUB, cb, ca, &diff);
    if (!st) st = cx_op2(c, DFG_OP_DIV, diff, cn1, &d);
    if (!st) st = cx_op2(c, DFG_OP_EQ, ca, cb, &eq);
    if (!st) st = cx_const(c, dt, 0, &zero);
    if (!st) {
        dfg_id i3[3] = {eq, zero, d};
        st = cx_op(c, DFG_OP_MERGE, 3, i3, NULL, &d);
    }
    if (!st) st = cx_op2(c, DFG_OP_MUL, kr, d, &t);
    if (!st) st = cx_op2(c, DFG_OP_ADD, ca, t, &mid);
    if (!st) {
        dfg_id i3[3] = {Ml, cb, mid};
        st = cx_op(c, DFG_OP_MERGE, 3, i3, NULL, &y1);
    }
    if (!st) {
        dfg_id i3[3] = {Mf, ca, y1};
        st = cx_op(c, DFG_OP_MERGE, 3, i3, NULL, &y1);
    }
    if (!st)
        st = to_size(c, y1, m, n, out);
    return st;
}

dfg_status dfg_linspace(dfg_id a, dfg_id b, double nreq, dfg_id * y)
{
    cx c;
    dfg_id ca, cb, r = 0;
    int64_t ma, mb;
    dfg_status st = cx_begin(&c, a, NULL, NULL, NULL);
    if (st)
        return st;
    if ((st = cx_begin(&c, b, NULL, NULL, NULL)))
        return st;
    if ((st = limit_column(&c, a, &ma, &ca)) || (st = limit_column(&c, b, &mb, &cb)))
        return cx_done(&c, st, 0, y);
    if (ma != mb && ma != 1 && mb != 1)
        return cx_done(&c, dfg_set_error(DFG_ERR_ARG, "dfg.linspace: vectors must be of equal length"), 0, y);
    int64_t m = ma > mb ? ma : mb;
    if (ma == 0 || mb == 0)
        m = 0;
    /* the class: a + b's (single beats double; logical gives double) */
    dfg_node * in[2] = {dfg_node_get(ca), dfg_node_get(cb)};
    int cls = dfg_compute_dtype(DFG_OP_ADD, 2, in, NULL);
    if (cls < 0)
        return cx_done(&c, dfg_set_error(DFG_ERR_INTERNAL, "dfg.linspace: no class"), 0, y);
    dfg_dtype dt = (dfg_dtype)cls;
    /* N as Octave converts it to an index: truncated; NaN and N < 1 give
     * no columns */
    int64_t n = (isnan(nreq) || nreq < 1) ? 0 : nreq > 1e15 ? (int64_t)1e15 : (int64_t)nreq;
    if (n == 0 || m == 0) {
        int64_t d[2] = {m, n};
        st = cx_fill(&c, dt, 2, d, 0, &r);
        return cx_done(&c, st, r, y);
    }
    dfg_attr ca_ = {{0}, {0}, NULL, 0};
    ca_.i[0] = dt;
    dfg_node * na = dfg_node_get(ca), * nb = dfg_node_get(cb);
    if (na->dtype != dt && (st = cx_op(&c, DFG_OP_CAST, 1, &ca, &ca_, &ca)))
        return cx_done(&c, st, 0, y);
    if (nb->dtype != dt && (st = cx_op(&c, DFG_OP_CAST, 1, &cb, &ca_, &cb)))
        return cx_done(&c, st, 0, y);
    if (n == 1) {      /* the end limit alone */
        st = to_size(&c, cb, m, 1, &r);
        return cx_done(&c, st, r, y);
    }
    if (ma != 1 || mb != 1) {
        st = by_rows(&c, dt, ca, cb, m, n, &r);
        return cx_done(&c, st, r, y);
    }
    /* positions 1 .. n2-1 from the start, n-1-i for i in 1 .. n2-1 from
     * the end, the middle of an odd count, and the two limits */
    int64_t n2 = n / 2;
    double * v = dfg_malloc((size_t)n * 6 * sizeof *v);
    if (!v)
        return cx_done(&c, dfg_set_error(DFG_ERR_NOMEM, "dfg.linspace: out of memory"), 0, y);
    double * iv = v, * jv = v + n, * mfirst = v + 2 * n, * mlo = v + 3 * n, * mhi = v + 4 * n, * mmid = v + 5 * n;
    for (int64_t k = 0; k < n; k++) {
        iv[k] = (double)k;
        jv[k] = (double)(n - 1 - k);
        mfirst[k] = k == 0;
        mlo[k] = k >= 1 && k <= n2 - 1;
        mhi[k] = (n - 1 - k) >= 1 && (n - 1 - k) <= n2 - 1;
        mmid[k] = (n % 2 == 1) && k == n2;
    }
    dfg_id ir, jr, Mf, Ml, Mh, Mm, cn1, diff, d, lo, hi, t, mid, sum, half, neg, eqn, zero, y1;
    st = row_const(&c, dt, n, iv, &ir);
    if (!st) st = row_const(&c, dt, n, jv, &jr);
    if (!st) st = row_const(&c, DFG_LOGICAL, n, mfirst, &Mf);
    if (!st) st = row_const(&c, DFG_LOGICAL, n, mlo, &Ml);
    if (!st) st = row_const(&c, DFG_LOGICAL, n, mhi, &Mh);
    if (!st) st = row_const(&c, DFG_LOGICAL, n, mmid, &Mm);
    dfg_free(v);
    /* delta = (b - a) / (n - 1); lo = a + i * delta; hi = b - j * delta */
    if (!st) st = cx_const(&c, dt, (double)(n - 1), &cn1);
    if (!st) st = cx_op2(&c, DFG_OP_SUB, cb, ca, &diff);
    if (!st) st = cx_op2(&c, DFG_OP_DIV, diff, cn1, &d);
    if (!st) st = cx_op2(&c, DFG_OP_MUL, ir, d, &t);
    if (!st) st = cx_op2(&c, DFG_OP_ADD, ca, t, &lo);
    if (!st) st = cx_op2(&c, DFG_OP_MUL, jr, d, &t);
    if (!st) st = cx_op2(&c, DFG_OP_SUB, cb, t, &hi);
    /* middle: 0 where a == -b, else (a + b) / 2; for finite limits the
     * two agree ((a + b) / 2 is +0 there), so only infinite ones take the
     * 0 and the gradient of the middle stays 1/2 to each limit */
    if (!st) st = cx_op2(&c, DFG_OP_ADD, ca, cb, &sum);
    if (!st) st = cx_const(&c, dt, 2, &half);
    if (!st) st = cx_op2(&c, DFG_OP_DIV, sum, half, &mid);
    if (!st) st = cx_op1(&c, DFG_OP_NEG, cb, &neg);
    dfg_id inf, aabs, isinf_;
    if (!st) st = cx_op2(&c, DFG_OP_EQ, ca, neg, &eqn);
    if (!st) st = cx_const(&c, dt, INFINITY, &inf);
    if (!st) st = cx_op1(&c, DFG_OP_ABS, ca, &aabs);
    if (!st) st = cx_op2(&c, DFG_OP_EQ, aabs, inf, &isinf_);
    if (!st) st = cx_op2(&c, DFG_OP_AND, eqn, isinf_, &eqn);
    if (!st) st = cx_const(&c, dt, 0, &zero);
    if (!st) {
        dfg_id i3[3] = {eqn, zero, mid};
        st = cx_op(&c, DFG_OP_MERGE, 3, i3, NULL, &mid);
    }
    /* y = b, then the middle, hi, lo, a where their masks say */
    dfg_id parts[4][2] = {{Mm, mid}, {Mh, hi}, {Ml, lo}, {Mf, ca}};
    y1 = cb;
    for (int k = 0; k < 4 && !st; k++) {
        dfg_id i3[3] = {parts[k][0], parts[k][1], y1};
        st = cx_op(&c, DFG_OP_MERGE, 3, i3, NULL, &y1);
    }
    /* every row has n columns (a scalar limit beside a vector one) */
    if (!st)
        st = to_size(&c, y1, m, n, &r);
    return cx_done(&c, st, r, y);
}
