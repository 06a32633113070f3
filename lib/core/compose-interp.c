/* lib/core/compose-interp.c -- the interpolation, binning and assembly
 * functions built of the ORDER ops: lookup (LOOKUP, a binary search of a
 * table), histc (LOOKUP's bins counted by a scatter-add) and accumarray
 * (a scatter-add, TAKE_ADD, for @sum; a gather and a reduction for @max /
 * @min), with the shape rules of Octave 7.3's m-files.
 *
 * Ownership as compose.c: the builders borrow their input ids and hand
 * out new references; intermediates live in a cx list (compose-impl.h)
 * released at the end; on an error nothing is handed out and the message
 * names the Octave function. */
#include <math.h>
#include <stdlib.h>
#include "compose-impl.h"

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

static dfg_status cx_reshape(cx * c, dfg_id x, int nd, const int64_t * d, dfg_id * out)
{
    dfg_attr a = {{nd}, {0}, NULL, 0};
    for (int k = 0; k < nd; k++)
        a.i[1 + k] = d[k];
    return cx_op(c, DFG_OP_RESHAPE, 1, &x, &a, out);
}

/* x(0 .. n-1) of a column x (a GATHER of a leading block) */
static dfg_status cx_head(cx * c, dfg_id x, int64_t len, int64_t n, dfg_id * out)
{
    int64_t * ix = dfg_malloc((size_t)(n ? n : 1) * sizeof *ix);
    if (!ix)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
    for (int64_t k = 0; k < n; k++)
        ix[k] = k;
    int64_t len_h = 6 + n;
    int64_t * h = dfg_malloc((size_t)len_h * sizeof *h);
    if (!h) {
        dfg_free(ix);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
    }
    h[0] = 1; h[1] = len; h[2] = n; h[3] = 2; h[4] = n; h[5] = 1;
    memcpy(h + 6, ix, (size_t)n * sizeof *h);
    dfg_free(ix);
    dfg_attr a = {{0}, {0}, h, len_h};
    dfg_status st = cx_op(c, DFG_OP_GATHER, 1, &x, &a, out);
    dfg_free(h);
    return st;
}

static dfg_status cx_cast_to(cx * c, dfg_id x, dfg_dtype dt, dfg_id * out)
{
    dfg_dtype have;
    dfg_status st = dfg_info(x, &have, NULL, NULL);
    if (st)
        return st;
    if (have == dt) {
        *out = x;
        return DFG_OK;
    }
    dfg_attr a = {{dt}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_CAST, 1, &x, &a, out);
}

dfg_status dfg_lookup(dfg_id table, dfg_id y, int opts, dfg_id * out)
{
    cx c;
    dfg_id r = 0, in[2] = {table, y};
    dfg_dtype tt, ty;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    char b[256];
    dfg_status st = dfg_info(table, &tt, &nd, d);
    if (st)
        return st;
    if (dfg_shape_is_sym(nd, d))
        return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.lookup: TABLE has a symbolic size (%s); make the "
                             "graph with a concrete size", dfg_shape_str(nd, d, b, sizeof b));
    st = cx_begin(&c, table, &tt, NULL, NULL);
    if (st || (st = dfg_info(y, &ty, NULL, NULL)))
        return st;
    if (opts & ~(DFG_LOOKUP_M | DFG_LOOKUP_B | DFG_LOOKUP_L | DFG_LOOKUP_R))
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: bad options code %d", opts);
    if ((opts & DFG_LOOKUP_M) && (opts & DFG_LOOKUP_B))
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: only one of m or b can be specified");
    if ((opts & (DFG_LOOKUP_M | DFG_LOOKUP_B)) && (opts & (DFG_LOOKUP_L | DFG_LOOKUP_R)))
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: m, b cannot be specified with l or r");
    if (tt == DFG_LOGICAL || ty == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.lookup: %s (argument %d) is logical; Octave's lookup takes numeric arrays",
                             tt == DFG_LOGICAL ? "TABLE" : "Y", tt == DFG_LOGICAL ? 1 : 2);
    /* the op's codes: 1 match, 2 left, 4 right ("b" is "m" != 0) */
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = ((opts & (DFG_LOOKUP_M | DFG_LOOKUP_B)) ? 1 : 0) | ((opts & DFG_LOOKUP_L) ? 2 : 0) |
             ((opts & DFG_LOOKUP_R) ? 4 : 0);
    if ((st = cx_op(&c, DFG_OP_LOOKUP, 2, in, &a, &r)))
        return cx_done(&c, st, 0, out);
    if (opts & DFG_LOOKUP_B) {
        dfg_id z;
        if ((st = cx_const(&c, DFG_DOUBLE, 0, &z)) || (st = cx_op2(&c, DFG_OP_NE, r, z, &r)))
            return cx_done(&c, st, 0, out);
    }
    return cx_done(&c, st, r, out);
}

/* ---- accumarray ------------------------------------------------------------ */

/* The linear (1-based) index of each row of subs and the output size, as
 * accumarray.m: one column: the subscripts themselves, size [max, 1] or
 * sz (at least 2 dimensions, max within its count); several: sub2ind
 * into sz or the columns' maxima.  lin: nsubs doubles (the caller's). */
static dfg_status accum_index(const double * subs, int64_t nsubs, int nd, const int64_t * sz, int nsz,
                              double * lin, int * ond, int64_t * od)
{
    for (int64_t k = 0; k < nsubs * nd; k++)
        if (!(subs[k] >= 1 && subs[k] == floor(subs[k]) && subs[k] < 9007199254740992.0))
            return dfg_set_error(DFG_ERR_INDEX, "dfg.accumarray: SUBS must be positive integers");
    if (nd > 1) {
        if (nsz && nsz != nd)
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.accumarray: SZ has %d elements but SUBS has %d columns (dimensions mismatch)",
                                 nsz, nd);
        if (nd > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SUBS has %d columns; at most %d dimensions are supported",
                                 nd, DFG_MAX_DIMS);
        for (int j = 0; j < nd; j++) {
            double m = 0;
            for (int64_t k = 0; k < nsubs; k++)
                m = subs[k + nsubs * j] > m ? subs[k + nsubs * j] : m;
            if (nsz && m > (double)sz[j])
                return dfg_set_error(DFG_ERR_INDEX, "dfg.accumarray: a subscript (%g) in column %d is out of bound for SZ (%lld)",
                                     m, j + 1, (long long)sz[j]);
            od[j] = nsz ? sz[j] : (int64_t)m;
        }
        *ond = nd;
        for (int64_t k = 0; k < nsubs; k++) {
            double l = 0, stride = 1;
            for (int j = 0; j < nd; j++) {
                l += (subs[k + nsubs * j] - 1) * stride;
                stride *= (double)od[j];
            }
            lin[k] = l + 1;
        }
    } else {
        if (nsz && nsz < 2)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SZ needs at least 2 dimensions");
        if (nsz > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: SZ has %d elements; at most %d dimensions are supported",
                                 nsz, DFG_MAX_DIMS);
        double m = 0;
        for (int64_t k = 0; k < nsubs; k++) {
            lin[k] = subs[k];
            m = subs[k] > m ? subs[k] : m;
        }
        if (nsz) {
            double n = 1;
            for (int j = 0; j < nsz; j++) {
                od[j] = sz[j];
                n *= (double)sz[j];
            }
            if (m > n)
                return dfg_set_error(DFG_ERR_INDEX, "dfg.accumarray: a subscript (%g) is out of bound for SZ (%g elements)", m, n);
            *ond = nsz;
        } else {
            od[0] = (int64_t)m;
            od[1] = 1;
            *ond = 2;
        }
    }
    return DFG_OK;
}

/* The bins' neutral value where a bin is empty (accumarray.m): @sum:
 * FILLVAL when it is not 0; @max / @min: 0 when FILLVAL is 0 and every
 * value is >= 0 (<= 0 for @min), else NaN. */
static dfg_status accum_fill(cx * c, int func, double fillval, dfg_id v, dfg_dtype dt, int nd, const int64_t * d,
                             const uint8_t * empty, dfg_id * a)
{
    dfg_id m, z, in[3];
    dfg_status st;
    if ((st = cx_data(c, DFG_LOGICAL, nd, d, empty, &m)))
        return st;
    if (func == 0) {
        st = cx_const(c, dt, fillval, &z);
    } else if (fillval == 0) {
        dfg_id zero, nan, sign, all;
        dfg_attr ra = {{0}, {0}, NULL, 0};
        if ((st = cx_const(c, dt, 0, &zero)) || (st = cx_const(c, dt, NAN, &nan)) ||
            (st = cx_op2(c, func == 1 ? DFG_OP_GE : DFG_OP_LE, v, zero, &sign)) ||
            (st = cx_op(c, DFG_OP_ALL, 1, &sign, &ra, &all)))
            return st;
        in[0] = all; in[1] = zero; in[2] = nan;
        st = cx_op(c, DFG_OP_MERGE, 3, in, NULL, &z);
    } else {
        st = cx_const(c, dt, NAN, &z);
    }
    if (st)
        return st;
    in[0] = m; in[1] = z; in[2] = *a;
    return cx_op(c, DFG_OP_MERGE, 3, in, NULL, a);
}

dfg_status dfg_accumarray(const double * subs, int64_t nsubs, int nd, const int64_t * sz, int nsz, dfg_id vals,
                          int func, double fillval, dfg_id * y)
{
    cx c;
    dfg_id r = 0, v;
    dfg_dtype dt;
    int vnd, ond = 0;
    int64_t vd[DFG_MAX_DIMS], od[DFG_MAX_DIMS];
    char s[256];
    c.n = 0;
    dfg_status st = dfg_info(vals, &dt, &vnd, vd);
    if (st)
        return st;
    if (dfg_shape_is_sym(vnd, vd))
        return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.accumarray: VALS has a symbolic size (%s); make the graph with a concrete size",
                             dfg_shape_str(vnd, vd, s, sizeof s));
    if (func < 0 || func > 2 || nd < 1 || nsubs < 0 || nsz < 0 || (nsz && !sz))
        return dfg_set_error(DFG_ERR_ARG, "dfg.accumarray: bad arguments");
    int64_t nvals = dfg_shape_numel(vnd, vd);
    if (nvals > 1 && nvals != nsubs)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.accumarray: VALS has %lld elements but SUBS has %lld rows (dimension mismatch)",
                             (long long)nvals, (long long)nsubs);
    if (dt == DFG_LOGICAL && func)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.accumarray: logical VALS with @%s are not supported on tensors: use double (VALS)",
                             func == 1 ? "max" : "min");
    double * lin = dfg_malloc((size_t)(nsubs ? nsubs : 1) * sizeof *lin);
    if (!lin)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.accumarray: out of memory");
    if ((st = accum_index(subs, nsubs, nd, sz, nsz, lin, &ond, od))) {
        dfg_free(lin);
        return st;
    }
    int64_t N = dfg_shape_numel_checked(ond, od);
    if (N < 0) {
        dfg_free(lin);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.accumarray: the result is too large");
    }
    dfg_dtype cls = dt == DFG_LOGICAL ? DFG_DOUBLE : dt;
    /* the bins' counts: an empty bin gets the neutral value */
    int64_t * cnt = calloc((size_t)(N ? N : 1), sizeof *cnt);
    uint8_t * empty = dfg_malloc((size_t)(N ? N : 1));
    int64_t * ix = NULL;
    double * p = NULL;
    int any_empty = 0;
    if (!cnt || !empty) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.accumarray: out of memory");
        goto done;
    }
    for (int64_t k = 0; k < nsubs; k++)
        cnt[(int64_t)lin[k] - 1]++;
    for (int64_t j = 0; j < N; j++)
        any_empty |= (empty[j] = cnt[j] == 0);
    /* the values as a column of nsubs (a single value repeated) */
    int64_t col[2] = {nvals, 1};
    if ((st = cx_cast_to(&c, vals, cls, &v)) || (st = cx_reshape(&c, v, 2, col, &v)))
        goto done;
    if (nvals == 1 && nsubs != 1) {
        int64_t reps[2] = {nsubs, 1};
        dfg_id t;
        if ((st = cx_take(&c, dfg_repmat(v, 2, reps, &t), &t, &v)))
            goto done;
    }
    if (func == 0) {
        /* TAKE_ADD: r(p(k)) += v(k) in the order of k (Octave's
         * __accumarray_sum__), into L = max (nsubs, N) slots: v padded
         * with zeros at position 1 */
        int64_t L = nsubs > N ? nsubs : N, pl[2] = {L, 1};
        if (!(p = dfg_malloc((size_t)(L ? L : 1) * sizeof *p))) {
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg.accumarray: out of memory");
            goto done;
        }
        for (int64_t k = 0; k < L; k++)
            p[k] = k < nsubs ? lin[k] : 1;
        dfg_id pos, in[2];
        if (L > nsubs) {
            int64_t zd[2] = {L - nsubs, 1};
            dfg_id z;
            if ((st = cx_fill(&c, cls, 2, zd, 0, &z)))
                goto done;
            in[0] = v; in[1] = z;
            dfg_attr ca = {{0}, {0}, NULL, 0};
            if ((st = cx_op(&c, DFG_OP_CAT, 2, in, &ca, &v)))
                goto done;
        }
        dfg_attr ta = {{0}, {0}, NULL, 0};
        if ((st = cx_data(&c, DFG_DOUBLE, 2, pl, p, &pos)))
            goto done;
        in[0] = v; in[1] = pos;
        if ((st = cx_op(&c, DFG_OP_TAKE_ADD, 2, in, &ta, &r)))
            goto done;
        if (L > N && (st = cx_head(&c, r, L, N, &r)))
            goto done;
        if ((st = cx_reshape(&c, r, ond, od, &r)))
            goto done;
        if (fillval != 0 && any_empty)
            st = accum_fill(&c, 0, fillval, v, cls, ond, od, empty, &r);
        goto done;
    }
    /* @max / @min: M(q, j) = the q-th value of bin j in the order of subs,
     * NaN past its count (max and min skip NaN), reduced along q */
    int64_t K = 0;
    for (int64_t j = 0; j < N; j++)
        K = cnt[j] > K ? cnt[j] : K;
    int64_t Kr = K ? K : 1;
    if ((double)Kr * (double)N > 1e10 || !(ix = dfg_malloc((size_t)(Kr * N != 0 ? Kr * N : 1) * sizeof *ix))) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.accumarray: out of memory (%lld bins of up to %lld values)",
                           (long long)N, (long long)Kr);
        goto done;
    }
    for (int64_t q = 0; q < Kr * N; q++)
        ix[q] = nsubs;                          /* the NaN after the values */
    memset(cnt, 0, (size_t)(N ? N : 1) * sizeof *cnt);
    for (int64_t k = 0; k < nsubs; k++) {
        int64_t j = (int64_t)lin[k] - 1;
        ix[cnt[j]++ + Kr * j] = k;
    }
    {
        dfg_id nan, ve, in[2], M;
        int64_t one[2] = {1, 1};
        dfg_attr ca = {{0}, {0}, NULL, 0};
        if ((st = cx_fill(&c, cls, 2, one, NAN, &nan)))
            goto done;
        in[0] = v; in[1] = nan;
        if ((st = cx_op(&c, DFG_OP_CAT, 2, in, &ca, &ve)))
            goto done;
        int64_t len_h = 2 + 2 + 2 + Kr * N;
        int64_t * h = dfg_malloc((size_t)len_h * sizeof *h);
        if (!h) {
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg.accumarray: out of memory");
            goto done;
        }
        h[0] = 1; h[1] = nsubs + 1; h[2] = Kr * N; h[3] = 2; h[4] = Kr; h[5] = N;
        memcpy(h + 6, ix, (size_t)(Kr * N) * sizeof *h);
        dfg_attr ga = {{0}, {0}, h, len_h};
        st = cx_op(&c, DFG_OP_GATHER, 1, &ve, &ga, &M);
        dfg_free(h);
        dfg_attr ra = {{0}, {0}, NULL, 0};
        if (st || (st = cx_op(&c, func == 1 ? DFG_OP_MAX : DFG_OP_MIN, 1, &M, &ra, &r)) ||
            (st = cx_reshape(&c, r, ond, od, &r)))
            goto done;
        if (any_empty)
            st = accum_fill(&c, func, fillval, v, cls, ond, od, empty, &r);
    }
done:
    dfg_free(lin);
    free(cnt);
    dfg_free(empty);
    dfg_free(ix);
    dfg_free(p);
    return cx_done(&c, st, st ? 0 : r, y);
}

/* ---- histc ------------------------------------------------------------------ */

static int cmp_double(const void * a, const void * b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

dfg_status dfg_histc(dfg_id x, const double * edges, int64_t ne, int dim, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[2] = {0, 0}, xd, e, k, in[3];
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    char s[256];
    double * ed = NULL;
    dfg_status st = dfg_info(x, &dt, &nd, d);
    if (st)
        return st;
    if (dfg_shape_is_sym(nd, d))
        return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.histc: X has a symbolic size (%s); make the graph "
                             "with a concrete size", dfg_shape_str(nd, d, s, sizeof s));
    if ((st = cx_begin(&c, x, &dt, &nd, d)))
        return st;
    if (ne < 1 || !edges || nout < 1 || nout > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.histc: bad arguments (EDGES must not be empty)");
    if (dim < 0)
        dim = first_dim_above_one(nd, d);
    else if (dim >= nd)
        return dfg_set_error(DFG_ERR_ARG, "dfg.histc: DIM must be an integer and a valid dimension (X is %s)",
                             dfg_shape_str(nd, d, s, sizeof s));
    /* the edges sorted (histc.m sorts them, with a warning: the gateway's) */
    if (!(ed = dfg_malloc((size_t)ne * sizeof *ed)))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.histc: out of memory");
    memcpy(ed, edges, (size_t)ne * sizeof *ed);
    qsort(ed, (size_t)ne, sizeof *ed, cmp_double);
    /* each element's bin: lookup (edges, x), 0 past edges(end) and NaN */
    int64_t de[2] = {ne, 1};
    dfg_id last, zero, le;
    dfg_attr la = {{0}, {0}, NULL, 0};
    if ((st = cx_cast_to(&c, x, dt == DFG_LOGICAL ? DFG_DOUBLE : dt, &xd)) ||
        (st = cx_data(&c, DFG_DOUBLE, 2, de, ed, &e)) ||
        (st = cx_const(&c, DFG_DOUBLE, ed[ne - 1], &last)) || (st = cx_const(&c, DFG_DOUBLE, 0, &zero)))
        goto done;
    in[0] = e; in[1] = xd;
    if ((st = cx_op(&c, DFG_OP_LOOKUP, 2, in, &la, &k)) || (st = cx_op2(&c, DFG_OP_LE, xd, last, &le)))
        goto done;
    in[0] = le; in[1] = k; in[2] = zero;
    if ((st = cx_op(&c, DFG_OP_MERGE, 3, in, NULL, &r[1])))
        goto done;
    /* the counts along dim: the bins of each slice (dim first, the rest
     * folded into columns), bin 0 sent to a spare ne+1, ones scatter-added
     * (TAKE_ADD) into max (len, ne + 1) rows, the first ne kept */
    {
        int64_t len = d[dim], rest = 1, pd[DFG_MAX_DIMS];
        dfg_attr pa = {{nd}, {0}, NULL, 0};
        int64_t inv[DFG_MAX_DIMS];
        for (int j = 0, o = 1; j < nd; j++) {
            int src = j == dim ? 0 : o++;
            pa.i[1 + src] = j;
            inv[j] = src;
        }
        for (int j = 0; j < nd; j++) {
            pd[j] = d[pa.i[1 + j]];
            if (j)
                rest *= pd[j];
        }
        dfg_id P = r[1], spare, isz, G;
        if (dim != 0 && (st = cx_op(&c, DFG_OP_PERMUTE, 1, &P, &pa, &P)))
            goto done;
        int64_t d2[2] = {len, rest};
        if ((st = cx_reshape(&c, P, 2, d2, &P)) || (st = cx_const(&c, DFG_DOUBLE, (double)(ne + 1), &spare)) ||
            (st = cx_op2(&c, DFG_OP_EQ, P, zero, &isz)))
            goto done;
        in[0] = isz; in[1] = spare; in[2] = P;
        if ((st = cx_op(&c, DFG_OP_MERGE, 3, in, NULL, &P)) || (st = cx_fill(&c, DFG_DOUBLE, 2, d2, 1, &G)))
            goto done;
        int64_t L = len > ne + 1 ? len : ne + 1;
        if (L > len) {
            int64_t dp[2] = {L - len, rest};
            dfg_id po, go;
            dfg_attr ca = {{0}, {0}, NULL, 0};
            if ((st = cx_fill(&c, DFG_DOUBLE, 2, dp, 1, &po)) || (st = cx_fill(&c, DFG_DOUBLE, 2, dp, 0, &go)))
                goto done;
            in[0] = P; in[1] = po;
            if ((st = cx_op(&c, DFG_OP_CAT, 2, in, &ca, &P)))
                goto done;
            in[0] = G; in[1] = go;
            if ((st = cx_op(&c, DFG_OP_CAT, 2, in, &ca, &G)))
                goto done;
        }
        dfg_attr ta = {{0}, {0}, NULL, 0};
        in[0] = G; in[1] = P;
        if ((st = cx_op(&c, DFG_OP_TAKE_ADD, 2, in, &ta, &r[0])))
            goto done;
        if (L > ne) {
            /* rows 0 .. ne-1 of the L x rest counts */
            int64_t * h;
            int64_t len_h = 2 + 4 + 2 + ne;
            if (!(h = dfg_malloc((size_t)len_h * sizeof *h))) {
                st = dfg_set_error(DFG_ERR_NOMEM, "dfg.histc: out of memory");
                goto done;
            }
            h[0] = 2; h[1] = L; h[2] = rest; h[3] = ne; h[4] = -1; h[5] = 2; h[6] = ne; h[7] = rest;
            for (int64_t q = 0; q < ne; q++)
                h[8 + q] = q;
            dfg_attr ga = {{0}, {0}, h, len_h};
            st = cx_op(&c, DFG_OP_GATHER, 1, &r[0], &ga, &r[0]);
            dfg_free(h);
            if (st)
                goto done;
        }
        pd[0] = ne;
        if ((st = cx_reshape(&c, r[0], nd, pd, &r[0])))
            goto done;
        if (dim != 0) {
            dfg_attr ia = {{nd}, {0}, NULL, 0};
            for (int j = 0; j < nd; j++)
                ia.i[1 + j] = inv[j];
            if ((st = cx_op(&c, DFG_OP_PERMUTE, 1, &r[0], &ia, &r[0])))
                goto done;
        }
    }
done:
    dfg_free(ed);
    return cx_done_n(&c, st, nout, r, y);
}
