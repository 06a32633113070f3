/* lib/core/compose-signal.c -- conv, conv2 and filter as Octave 7.3 has
 * them, built of the SIGNAL ops (CONV: a window of a convolution along a
 * dimension; CONV2: of a 2-D one; FILTER: Octave's filter) and re-index ops, so that gradients come from their
 * rules (lib/autodiff/grad-signal.c).
 *
 * Ownership as compose.c: the builders borrow their input ids and hand
 * out new references; intermediates live in a cx list (compose-impl.h)
 * released at the end; on an error nothing is handed out and the message
 * names the Octave function. */
#include <string.h>
#include "compose-impl.h"

/* x cast to class dt (x itself when it has it) */
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

static dfg_status cx_reshape(cx * c, dfg_id x, int nd, const int64_t * d, dfg_id * out)
{
    dfg_attr a = {{nd}, {0}, NULL, 0};
    for (int k = 0; k < nd; k++)
        a.i[1 + k] = d[k];
    return cx_op(c, DFG_OP_RESHAPE, 1, &x, &a, out);
}

/* CONV (a, b) along dim, window [off, off + len) of the full convolution */
static dfg_status cx_conv(cx * c, dfg_id a, dfg_id b, int dim, int64_t off, int64_t len, dfg_id * out)
{
    dfg_id in[2] = {a, b};
    dfg_attr at = {{dim, off, len}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_CONV, 2, in, &at, out);
}

/* cx_begin for operand `what` of fn: its class and size, refusing a
 * symbolic size by name (conv and conv2 convolve along every dimension an
 * operand has more than one of, so its length sizes the result) */
static dfg_status sig_begin(cx * c, const char * fn, const char * what, dfg_id x, dfg_dtype * dt, int * nd,
                            int64_t * d)
{
    char s[256];
    dfg_status st = cx_begin_sym(c, x, dt, nd, d);
    if (st || !dfg_shape_is_sym(*nd, d))
        return st;
    return dfg_set_error(DFG_ERR_SYMBOLIC,
                         "dfg.%s: not defined for a symbolic size (%s is %s): the convolution runs along it and its "
                         "length sizes the result; make the graph with a concrete size",
                         fn, what, dfg_shape_str(*nd, d, s, sizeof s));
}

static int is_vector(int nd, const int64_t * d)
{
    return nd == 2 && (d[0] == 1 || d[1] == 1);
}

static const char * shape_of(int nd, const int64_t * d, char * s, size_t n)
{
    return dfg_shape_str(nd, d, s, n);
}

dfg_status dfg_conv(dfg_id a, dfg_id b, int shape, dfg_id * y)
{
    cx c;
    dfg_id r = 0, ac, bc;
    dfg_dtype ta, tb;
    int nda, ndb;
    int64_t da[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
    char s1[256], s2[256];
    dfg_status st = sig_begin(&c, "conv", "A", a, &ta, &nda, da);
    if (st || (st = sig_begin(&c, "conv", "B", b, &tb, &ndb, db)))
        return st;
    if (shape < 0 || shape > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv: SHAPE argument must be \"full\", \"same\", or \"valid\"");
    if (!is_vector(nda, da) || !is_vector(ndb, db))
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv: both arguments A and B must be vectors (A is %s, B is %s)",
                             shape_of(nda, da, s1, sizeof s1), shape_of(ndb, db, s2, sizeof s2));
    dfg_dtype dt = (ta == DFG_SINGLE || tb == DFG_SINGLE) ? DFG_SINGLE : DFG_DOUBLE;
    int64_t na = da[0] * da[1], nb = db[0] * db[1];
    int row_a = da[0] == 1, row_b = db[0] == 1;
    if (na == 0 || nb == 0) {       /* conv2 of an empty column: 0x0 */
        int64_t z[2] = {0, 0};
        if (!(st = cx_fill(&c, dt, 2, z, 0, &r)))
            return cx_done(&c, st, r, y);
        return cx_done(&c, st, 0, y);
    }
    int64_t off, len;
    int row;
    if (shape == 0) {
        off = 0;
        len = na + nb - 1;
        row = na > nb ? row_a : row_b;
    } else if (shape == 1) {
        off = nb / 2;
        len = na;
        row = row_a;
    } else {
        off = nb - 1;
        len = na >= nb ? na - nb + 1 : 0;
        row = row_a;
    }
    int64_t ca[2] = {na, 1}, cb[2] = {nb, 1}, out[2] = {row ? 1 : len, row ? len : 1};
    if (!(st = cx_cast_to(&c, a, dt, &ac)) && !(st = cx_cast_to(&c, b, dt, &bc)) &&
        !(st = cx_reshape(&c, ac, 2, ca, &ac)) && !(st = cx_reshape(&c, bc, 2, cb, &bc)) &&
        !(st = cx_op(&c, DFG_OP_CONV, 2, (dfg_id[2]){ac, bc}, &(dfg_attr){{0, off, len, 1}, {0}, NULL, 0}, &r)))
        st = cx_reshape(&c, r, 2, out, &r);
    return cx_done(&c, st, r, y);
}

/* ---- conv2 ---------------------------------------------------------------- */

/* the window [*off, *off + *len) of a full convolution of lengths n (the
 * first operand's) and k for shape 0 full, 1 same, 2 valid (convn's) */
static void window(int shape, int64_t n, int64_t k, int64_t * off, int64_t * len)
{
    *off = shape == 0 ? 0 : shape == 1 ? k / 2 : k - 1;
    *len = shape == 0 ? n + k - 1 : shape == 1 ? n : (n >= k ? n - k + 1 : 0);
}

dfg_status dfg_conv2(dfg_id a, dfg_id b, int shape, dfg_id * y)
{
    cx c;
    dfg_id r = 0, ac, bc;
    dfg_dtype ta, tb;
    int nda, ndb;
    int64_t da[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
    dfg_status st = sig_begin(&c, "conv2", "A", a, &ta, &nda, da);
    if (st || (st = sig_begin(&c, "conv2", "B", b, &tb, &ndb, db)))
        return st;
    if (shape < 0 || shape > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: SHAPE type not valid");
    if (nda > 2 || ndb > 2) {
        char s1[256], s2[256];
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: A and B must be 1-D vectors or 2-D matrices (A is %s, B is %s)",
                             shape_of(nda, da, s1, sizeof s1), shape_of(ndb, db, s2, sizeof s2));
    }
    dfg_dtype dt = (ta == DFG_SINGLE || tb == DFG_SINGLE) ? DFG_SINGLE : DFG_DOUBLE;
    int64_t o[2], l[2];
    if (da[0] * da[1] == 0 || db[0] * db[1] == 0) {     /* Octave: 0x0 */
        int64_t z[2] = {0, 0};
        st = cx_fill(&c, dt, 2, z, 0, &r);
        return cx_done(&c, st, st ? 0 : r, y);
    }
    window(shape, da[0], db[0], &o[0], &l[0]);
    window(shape, da[1], db[1], &o[1], &l[1]);
    dfg_attr at = {{0, o[0], l[0], o[1], l[1], 1}, {0}, NULL, 0};
    if (!(st = cx_cast_to(&c, a, dt, &ac)) && !(st = cx_cast_to(&c, b, dt, &bc)))
        st = cx_op(&c, DFG_OP_CONV2, 2, (dfg_id[2]){ac, bc}, &at, &r);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_conv2_sep(dfg_id v1, dfg_id v2, dfg_id m, int shape, dfg_id * y)
{
    cx c;
    dfg_id r = 0, u1, u2, mc;
    dfg_dtype t1, t2, tm;
    int nd1, nd2, ndm;
    int64_t d1[DFG_MAX_DIMS], d2[DFG_MAX_DIMS], dm[DFG_MAX_DIMS];
    dfg_status st = sig_begin(&c, "conv2", "V1", v1, &t1, &nd1, d1);
    if (st || (st = sig_begin(&c, "conv2", "V2", v2, &t2, &nd2, d2)) ||
        (st = sig_begin(&c, "conv2", "M", m, &tm, &ndm, dm)))
        return st;
    if (shape < 0 || shape > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: SHAPE type not valid");
    if (!is_vector(nd1, d1) || !is_vector(nd2, d2))
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: arguments must be vectors for separable option");
    /* an N-d m is read as a matrix (Octave's matrix_value): the trailing
     * dimensions folded into the columns */
    for (int k = 2; k < ndm; k++)
        dm[1] *= dm[k];
    dfg_dtype dt = (t1 == DFG_SINGLE || t2 == DFG_SINGLE || tm == DFG_SINGLE) ? DFG_SINGLE : DFG_DOUBLE;
    int64_t n1 = d1[0] * d1[1], n2 = d2[0] * d2[1];
    if (n1 == 0 || n2 == 0 || dm[0] * dm[1] == 0) {    /* Octave: 0x0 */
        int64_t z[2] = {0, 0};
        st = cx_fill(&c, dt, 2, z, 0, &r);
        return cx_done(&c, st, st ? 0 : r, y);
    }
    int64_t o[2], l[2], col[2] = {n1, 1}, row[2] = {1, n2};
    window(shape, dm[0], n1, &o[0], &l[0]);
    window(shape, dm[1], n2, &o[1], &l[1]);
    /* columns with v1, then rows with v2, each in conv2's order */
    dfg_attr a1 = {{0, o[0], l[0], 1}, {0}, NULL, 0}, a2 = {{1, o[1], l[1], 1}, {0}, NULL, 0};
    if (!(st = cx_cast_to(&c, v1, dt, &u1)) && !(st = cx_cast_to(&c, v2, dt, &u2)) &&
        !(st = cx_cast_to(&c, m, dt, &mc)) && !(st = cx_reshape(&c, mc, 2, dm, &mc)) &&
        !(st = cx_reshape(&c, u1, 2, col, &u1)) &&
        !(st = cx_reshape(&c, u2, 2, row, &u2)) &&
        !(st = cx_op(&c, DFG_OP_CONV, 2, (dfg_id[2]){mc, u1}, &a1, &r)))
        st = cx_op(&c, DFG_OP_CONV, 2, (dfg_id[2]){r, u2}, &a2, &r);
    return cx_done(&c, st, r, y);
}

/* ---- filter --------------------------------------------------------------- */

/* Octave's dim_vector rule: trailing singletons dropped, at least 2 */
static int norm_dims(int nd, int64_t * d)
{
    while (nd > 2 && d[nd - 1] == 1)
        nd--;
    return nd;
}

/* The checks of liboctave's filter on SI (sd, snd) against X (xd, xnd)
 * along dim with state length ns; Octave's messages.  Octave does not
 * compare si's dim with x's dim - 1: it filters with si's first (L-1) x
 * slices elements and returns the others unchanged; fewer is an error
 * here (Octave reads past si). */
static dfg_status check_si(int snd, const int64_t * sd, int xnd, const int64_t * xd, int dim, int64_t ns)
{
    char s1[256], s2[256];
    if (sd[0] != ns)
        return dfg_set_error(DFG_ERR_ARG, "dfg.filter: first dimension of SI must be of length max (length (a), length (b)) - 1 (%lld; SI is %s)",
                             (long long)ns, dfg_shape_str(snd, sd, s1, sizeof s1));
    int bad = snd != xnd;
    for (int i = 1; !bad && i < dim; i++)
        bad = sd[i] != xd[i - 1];
    if (!bad && dim > 0)            /* Octave uses the first columns it needs */
        bad = sd[dim] < xd[dim - 1];
    for (int i = dim + 1; !bad && i < xnd; i++)
        bad = sd[i] != xd[i];
    if (bad)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.filter: dimensionality of SI and X must agree (SI is %s, X is %s, DIM %d)",
                             dfg_shape_str(snd, sd, s1, sizeof s1), dfg_shape_str(xnd, xd, s2, sizeof s2), dim + 1);
    return DFG_OK;
}

/* v (a vector along dim of size d) with zeros after it to length l */
static dfg_status pad_to(cx * c, dfg_id v, dfg_dtype dt, int nd, const int64_t * d, int dim, int64_t l,
                         dfg_id * out)
{
    int64_t z[DFG_MAX_DIMS];
    if (d[dim] >= l) {
        *out = v;
        return DFG_OK;
    }
    memcpy(z, d, (size_t)nd * sizeof *z);
    z[dim] = l - d[dim];
    dfg_id in[2] = {v, 0};
    dfg_attr a = {{dim}, {0}, NULL, 0};
    dfg_status st = cx_fill(c, dt, nd, z, 0, &in[1]);
    return st ? st : cx_op(c, DFG_OP_CAT, 2, in, &a, out);
}

/* The final state: sf(j) = sum_m b(m) x(n + j - m) - sum_m a(m) y(n + j -
 * m) + si(n + j) (terms outside x, y, si are zero), with b and a divided
 * by a(1): windows of convolutions, moved to si's layout (the dimension
 * first), (L-1) x slices; si0 is si's part the filter used (or 0), rest
 * the part it did not (Octave returns it unchanged), sf si's size sd. */
static dfg_status final_state(cx * c, dfg_id b, dfg_id a, dfg_id x, dfg_id y, dfg_id si0, dfg_id rest,
                              dfg_dtype dt, int xnd, const int64_t * xd, int dim, int64_t nb, int64_t na,
                              int snd, const int64_t * sd, dfg_id * sf)
{
    int64_t l = na > nb ? na : nb, n = dim < xnd ? xd[dim] : 1, v[DFG_MAX_DIMS], col[2] = {na, 1};
    int nd = xnd > dim + 1 ? xnd : dim + 1;
    dfg_id one, a0, bv, av, t, u;
    dfg_status st;
    if ((st = cx_const(c, dt, 1, &one)) || (st = cx_reshape(c, a, 2, col, &a0)) ||
        (st = cx_conv(c, one, a0, 0, 0, 1, &a0)))                  /* a(1) */
        return st;
    for (int k = 0; k < nd; k++)
        v[k] = 1;
    v[dim] = nb;
    /* b, and a when longer than 1, padded with zeros to L as Octave does:
     * its 0 * Inf terms are NaN there too */
    if ((st = cx_op2(c, DFG_OP_DIV, b, a0, &bv)) || (st = cx_reshape(c, bv, nd, v, &bv)) ||
        (st = pad_to(c, bv, dt, nd, v, dim, l, &bv)) || (st = cx_conv(c, bv, x, dim, n, l - 1, &t)))
        return st;
    if (na > 1) {
        v[dim] = na;
        if ((st = cx_op2(c, DFG_OP_DIV, a, a0, &av)) || (st = cx_reshape(c, av, nd, v, &av)) ||
            (st = pad_to(c, av, dt, nd, v, dim, l, &av)) ||
            (st = cx_conv(c, av, y, dim, n, l - 1, &u)) || (st = cx_op2(c, DFG_OP_SUB, t, u, &t)))
            return st;
    }
    if (dim > 0) {
        dfg_attr p = {{nd}, {0}, NULL, 0};
        p.i[1] = dim;
        for (int k = 0, q = 2; k < nd; k++)
            if (k != dim)
                p.i[q++] = k;
        if ((st = cx_op(c, DFG_OP_PERMUTE, 1, &t, &p, &t)))
            return st;
    }
    int64_t flat[2] = {l - 1, 1};
    for (int k = 0; k < xnd; k++)
        flat[1] *= k == dim ? 1 : xd[k];
    if ((st = cx_reshape(c, t, 2, flat, &t)))
        return st;
    if (si0 && ((st = cx_reshape(c, si0, 2, flat, &u)) || (st = cx_conv(c, one, u, 0, n, l - 1, &u)) ||
                (st = cx_op2(c, DFG_OP_ADD, t, u, &t))))
        return st;
    if (rest) {
        int64_t all[2] = {flat[0] * flat[1], 1};
        dfg_attr ca = {{0}, {0}, NULL, 0};
        dfg_id in[2] = {0, rest};
        if ((st = cx_reshape(c, t, 2, all, &in[0])) || (st = cx_op(c, DFG_OP_CAT, 2, in, &ca, &t)))
            return st;
    }
    return cx_reshape(c, t, snd, sd, sf);
}

dfg_status dfg_filter(dfg_id b, dfg_id a, dfg_id x, dfg_id si, int dim, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[2] = {0, 0}, ins[4];
    dfg_dtype tb, ta, tx, ts = DFG_DOUBLE;
    int ndb, nda, xnd, snd = 0;
    int64_t db[DFG_MAX_DIMS], da[DFG_MAX_DIMS], xd[DFG_MAX_DIMS], sd[DFG_MAX_DIMS];
    dfg_status st = sig_begin(&c, "filter", "B", b, &tb, &ndb, db);
    if (st || (st = sig_begin(&c, "filter", "A", a, &ta, &nda, da)) || (st = cx_begin_sym(&c, x, &tx, &xnd, xd)) ||
        (si && (st = sig_begin(&c, "filter", "SI", si, &ts, &snd, sd))))
        return st;
    int xsym = dfg_shape_is_sym(xnd, xd);
    if (nout < 1 || nout > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.filter: called with too many outputs (%d; filter has at most 2)", nout);
    int64_t nb = dfg_shape_numel(ndb, db), na = dfg_shape_numel(nda, da), l = na > nb ? na : nb;
    if (na == 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.filter: A must not be empty");
    if (dim < 0) {
        dim = 0;
        while (dim < xnd && xd[dim] == 1)
            dim++;
        if (dim == xnd)
            dim = 0;
    }
    if (dim >= xnd)
        return dfg_set_error(DFG_ERR_ARG, "dfg.filter: DIM must be a valid dimension (at most %d here)", xnd);
    if (si && dfg_shape_numel(snd, sd) == 0)
        si = 0;                     /* [] is the zero state, as Octave */
    if (xsym) {
        /* a symbolic X (docs/symbolic.md): each slice along a dimension of
         * numbers filtered from the zero state; the states' sizes are
         * X's without DIM, so SI and SF are not taken */
        char s[256];
        shape_of(xnd, xd, s, sizeof s);
        if (dfg_dim_is_sym(xd[dim]))
            return dfg_set_error(DFG_ERR_SYMBOLIC,
                                 "dfg.filter: not defined along a symbolic size (X is %s, DIM %d): the filter runs along "
                                 "it; give DIM of another dimension or make the graph with a concrete size", s, dim + 1);
        if (si || nout > 1)
            return dfg_set_error(DFG_ERR_SYMBOLIC,
                                 "dfg.filter: %s is not defined for a symbolic X (%s): its size is X's slices; make "
                                 "the graph with a concrete size", si ? "an initial state SI" : "the final state SF", s);
        dfg_dtype dt = (tb == DFG_SINGLE || ta == DFG_SINGLE || tx == DFG_SINGLE) ? DFG_SINGLE : DFG_DOUBLE;
        int64_t z[2] = {0, 0};
        dfg_attr at = {{dim}, {0}, NULL, 0};
        if ((st = cx_cast_to(&c, b, dt, &ins[0])) || (st = cx_cast_to(&c, a, dt, &ins[1])) ||
            (st = cx_cast_to(&c, x, dt, &ins[2])) || (st = cx_fill(&c, dt, 2, z, 0, &ins[3])) ||
            (st = cx_op(&c, DFG_OP_FILTER, 4, ins, &at, &r[0])))
            return cx_done(&c, st, 0, y);
        return cx_done(&c, DFG_OK, r[0], y);
    }
    /* si's size: given (a vector for a vector x taken as a column), or
     * Octave's default [L-1, x's size without dim] */
    if (si) {
        if (is_vector(snd, sd) && is_vector(xnd, xd)) {
            sd[0] = sd[0] * sd[1];
            sd[1] = 1;
        }
    } else {
        snd = xnd;
        sd[0] = l - 1;
        for (int i = 1; i < xnd; i++)
            sd[i] = i <= dim ? xd[i - 1] : xd[i];
        snd = norm_dims(snd, sd);
    }
    if ((st = check_si(snd, sd, xnd, xd, dim, l - 1)))
        return st;
    dfg_dtype dt = (tb == DFG_SINGLE || ta == DFG_SINGLE || tx == DFG_SINGLE || (si && ts == DFG_SINGLE))
                   ? DFG_SINGLE : DFG_DOUBLE;
    int64_t z[2] = {0, 0}, used = l - 1, total = dfg_shape_numel(snd, sd);
    for (int k = 0; k < xnd; k++)
        used *= k == dim ? 1 : xd[k];
    dfg_id rest = 0, sic = 0;
    if ((st = cx_cast_to(&c, b, dt, &ins[0])) || (st = cx_cast_to(&c, a, dt, &ins[1])) ||
        (st = cx_cast_to(&c, x, dt, &ins[2])) || (si && (st = cx_cast_to(&c, si, dt, &sic))))
        return cx_done(&c, st, 0, y);
    if (si && used < total) {      /* the part used, and the rest (a column each) */
        int64_t all[2] = {total, 1};
        dfg_id one, f;
        if ((st = cx_const(&c, dt, 1, &one)) || (st = cx_reshape(&c, sic, 2, all, &f)) ||
            (st = cx_conv(&c, one, f, 0, 0, used, &ins[3])) ||
            (st = cx_conv(&c, one, f, 0, used, total - used, &rest)))
            return cx_done(&c, st, 0, y);
    } else if (si) {
        ins[3] = sic;
    } else if ((st = cx_fill(&c, dt, 2, z, 0, &ins[3]))) {
        return cx_done(&c, st, 0, y);
    }
    dfg_attr at = {{dim}, {0}, NULL, 0};
    if ((st = cx_op(&c, DFG_OP_FILTER, 4, ins, &at, &r[0])))
        return cx_done(&c, st, 0, y);
    if (nout == 2) {
        if (l == 1)
            st = cx_fill(&c, dt, snd, sd, 0, &r[1]);
        else
            st = final_state(&c, ins[0], ins[1], ins[2], r[0], si ? ins[3] : 0, rest, dt, xnd, xd, dim,
                             nb, na, snd, sd, &r[1]);
    }
    return cx_done_n(&c, st, nout, r, y);
}
