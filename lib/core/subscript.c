/* lib/core/subscript.c -- Octave's index rules, decided when the graph is
 * built: x(s1, ..., sk) (dfg_index), x(s1, ..., sk) = v with Octave's
 * growth rules (dfg_index_assign) and x(s1, ..., sk) = [] (deletion,
 * dfg_index_delete).  This file owns the result shapes (vector
 * orientation, the shapes of logical masks, the size of a linear index's
 * result), colon and colon-equivalent subscripts, bounds, the
 * conformance of the assigned value, growth of rows, columns and N-d
 * arrays, the colons of an all-zero array (zero_dims_colons) and
 * Octave's deletion rules; what it decides becomes a GATHER, SCATTER or
 * RESHAPE node (lib/base/ops.def) or an emptied constant.  The MEX
 * gateway (mex/cmd-shape.c) only turns Octave's subscripts into dfg_sub
 * values (1-based to 0-based, masks to index lists) and calls these.
 *
 * Ownership: every entry point borrows its input ids and the subscripts'
 * index lists, and hands out one new reference in *y (the caller's), also
 * when the result is x itself (x(), x(i) = [] with an empty i, an empty X
 * assigned to an empty block).  Scratch (headers, complements, the ranges
 * that replace colons) is dfg_malloc'ed and freed before returning.  On an
 * error *y is left alone, nothing leaks, and the message (dfg_last_error)
 * reads as Octave's, prefixed "dfg.subsref: " or "dfg.subsasgn: "; errors
 * of the primitive ops are passed on as those ops set them. */
#include <stdint.h>
#include <string.h>
#include "core.h"

/* ---- helpers ---------------------------------------------------------------- */

/* The one dimension of a size that is not 1 (Octave's "N-d vector":
 * 1x5, 5x1, 1x1x5, 1x0, ...), or -1 when there is none or more than one. */
static int nd_vector(int nd, const int64_t * d)
{
    int at = -1;
    for (int j = 0; j < nd; j++)
        if (d[j] != 1) {
            if (at >= 0)
                return -1;
            at = j;
        }
    return at;
}

void dfg_sub_mask(dfg_sub * s, int64_t mask_n)
{
    int64_t cnt = s->n;
    /* a mask's index keeps the orientation of a mask that is a vector
     * along some dimension (1x1xN included), else it is a column; a
     * scalar mask is 1x1 or 0x0 */
    s->colon = 0;
    s->mask = 1;
    s->mask_n = mask_n;
    if (mask_n == 1) {
        s->nd = 2;
        s->dims[0] = cnt; s->dims[1] = cnt;
    } else if (nd_vector(s->nd, s->dims) >= 0)
        s->dims[nd_vector(s->nd, s->dims)] = cnt;
    else {
        s->nd = 2;
        s->dims[0] = cnt; s->dims[1] = 1;
    }
}

/* n elements of es bytes of scratch (dfg_malloc'ed, the caller frees),
 * with the gateway's messages for counts that cannot be had. */
static dfg_status scratch(const char * fn, int64_t n, size_t es, void * out)
{
    void ** pp = out;
    *pp = NULL;
    if (n < 0 || (uint64_t)n > (uint64_t)(SIZE_MAX / 4 / es))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory or dimension too large (%lld elements)",
                             fn, (long long)n);
    *pp = dfg_malloc((size_t)n * es);
    if (!*pp)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lld elements, %.3g GB)",
                             fn, (long long)n, (double)n * (double)es / 1e9);
    return DFG_OK;
}

/* Copies the caller's k subscripts into s and checks what the gateway's
 * parser guarantees (C callers may break it): counts, lists, sizes and
 * 0-based indices.  An index of no size (nd 0) is a 1 x n row. */
static dfg_status copy_subs(const char * fn, int k, const dfg_sub * in, dfg_sub * s)
{
    if (k > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: too many subscripts", fn);
    if (k < 0 || (k > 0 && !in))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad subscript count %d", fn, k);
    for (int j = 0; j < k; j++) {
        s[j] = in[j];
        if (s[j].colon) {
            s[j].ix = NULL;
            s[j].n = 0;
            s[j].mask = 0;
            continue;
        }
        if (s[j].n < 0 || (s[j].n > 0 && !s[j].ix) || s[j].nd < 0 || s[j].nd > DFG_MAX_DIMS ||
            (s[j].mask && s[j].mask_n < s[j].n))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: subscript %d is malformed", fn, j + 1);
        if (s[j].nd == 0) {
            s[j].nd = 2;
            s[j].dims[0] = 1;
            s[j].dims[1] = s[j].n;
        }
        for (int64_t q = 0; q < s[j].n; q++)
            if (s[j].ix[q] < 0)
                return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: index (%lld): out of bound; value %lld out of bound %s",
                                     fn, (long long)s[j].ix[q] + 1, (long long)s[j].ix[q] + 1, "1");
    }
    return DFG_OK;
}

/* Packs the GATHER / SCATTER header (lib/base/ops.def) into *h
 * (dfg_malloc'ed, the caller frees). */
static dfg_status pack_header(const char * fn, int k, const int64_t * view, const dfg_sub * s, int nd_out,
                              const int64_t * dout, int64_t ** hp, int64_t * len)
{
    int64_t total = 0;
    for (int j = 0; j < k; j++)
        total += s[j].colon ? 0 : s[j].n;
    *len = 2 + 2 * k + nd_out + total;
    int64_t * h;
    dfg_status st = scratch(fn, *len, sizeof *h, &h);
    if (st)
        return st;
    int64_t at = 0;
    h[at++] = k;
    for (int j = 0; j < k; j++) h[at++] = view[j];
    for (int j = 0; j < k; j++) h[at++] = s[j].colon ? -1 : s[j].n;
    h[at++] = nd_out;
    for (int j = 0; j < nd_out; j++) h[at++] = dout[j];
    for (int j = 0; j < k; j++)
        if (!s[j].colon) {
            memcpy(h + at, s[j].ix, (size_t)s[j].n * sizeof *h);
            at += s[j].n;
        }
    *hp = h;
    return DFG_OK;
}

/* Records op (GATHER on x, or SCATTER on x and v) with the header of s;
 * *y gets the new node's reference. */
static dfg_status index_op(const char * fn, int op, dfg_id x, dfg_id v, int k, const int64_t * view,
                           const dfg_sub * s, int nd_out, const int64_t * dout, dfg_id * y)
{
    int64_t len, * h;
    dfg_status st = pack_header(fn, k, view, s, nd_out, dout, &h, &len);
    if (st)
        return st;
    dfg_attr a = {{0}, {0}, h, len};
    dfg_id in[2] = {x, v}, out;
    if (!(st = dfg_op(op, op == DFG_OP_SCATTER ? 2 : 1, in, &a, &out)))
        *y = out;
    dfg_free(h);
    return st;
}

/* *y = a new reference to x (a result that is x unchanged). */
static dfg_status same(dfg_id x, dfg_id * y)
{
    dfg_status st = dfg_retain(x);
    if (!st)
        *y = x;
    return st;
}

/* *y = x unchanged by x(...) = v but in the class the assignment gives
 * (Octave converts x even when nothing is assigned: a logical x given a
 * single v becomes double), the class rule of SCATTER (lib/core/ops.c). */
static dfg_status same_assigned(dfg_id x, dfg_id v, dfg_id * y)
{
    dfg_node * in[2] = {dfg_node_get(x), dfg_node_get(v)};
    if (!in[0] || !in[1])
        return DFG_ERR_HANDLE;
    int dt = dfg_compute_dtype(DFG_OP_SCATTER, 2, in, NULL);
    if (dt < 0 || dt == (int)in[0]->dtype)
        return same(x, y);
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = dt;
    dfg_id out;
    dfg_status st = dfg_op(DFG_OP_CAST, 1, &x, &a, &out);
    if (!st)
        *y = out;
    return st;
}

/* A constant of class dt and size nd x d filled with zeros (an emptied
 * array). */
static dfg_status emptied(dfg_dtype dt, int nd, const int64_t * d, dfg_id * y)
{
    dfg_id out;
    dfg_status st = dfg_fill(dt, nd, d, 0, &out);
    if (!st)
        *y = out;
    return st;
}

/* ---- x(s1, ..., sk) ------------------------------------------------------------ */

/* Result size of x(s1, ..., sk) by Octave's rules. */
static void index_result_dims(int nd, const int64_t * d, int k, const int64_t * view,
                              const dfg_sub * s, int * nd_out, int64_t * dout)
{
    if (k == 1) {
        int64_t numel = dfg_shape_numel(nd, d);
        int64_t il = s[0].colon ? numel : s[0].n;
        if (s[0].colon) {
            *nd_out = 2; dout[0] = numel; dout[1] = 1;
            return;
        }
        /* a vector indexed by a vector keeps the source's orientation,
         * whichever dimension it lies along; otherwise the result has the
         * index's shape */
        int along = nd_vector(nd, d);
        if (numel != 1 && along >= 0 && nd_vector(s[0].nd, s[0].dims) >= 0) {
            *nd_out = nd;
            memcpy(dout, d, (size_t)nd * sizeof *dout);
            dout[along] = il;
            return;
        }
        *nd_out = s[0].nd;
        memcpy(dout, s[0].dims, (size_t)s[0].nd * sizeof *dout);
        return;
    }
    *nd_out = k;
    for (int j = 0; j < k; j++)
        dout[j] = s[j].colon ? view[j] : s[j].n;
}

static dfg_status bounds(int k, const int64_t * view, const dfg_sub * s, int nd, const int64_t * d)
{
    for (int j = 0; j < k; j++)
        for (int64_t q = 0; !s[j].colon && q < s[j].n; q++)
            if (s[j].ix[q] >= view[j]) {
                char sh[256];
                dfg_shape_str(nd, d, sh, sizeof sh);
                if (k == 1)
                    return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: index (%lld): out of bound %lld (dimensions are %s)",
                                         "subsref", (long long)s[j].ix[q] + 1, (long long)view[j], sh);
                return dfg_set_error(DFG_ERR_INDEX,
                                     "dfg.%s: out of bound; value %lld out of bound %lld in dimension %d (dimensions are %s)",
                                     "subsref", (long long)s[j].ix[q] + 1, (long long)view[j], j + 1, sh);
            }
    return DFG_OK;
}

/* Index lists are made from x's sizes: a symbolic one has none. */
static dfg_status not_symbolic(const char * fn, int nd, const int64_t * d)
{
    char b[256];
    if (!dfg_shape_is_sym(nd, d))
        return DFG_OK;
    return dfg_set_error(DFG_ERR_SYMBOLIC,
                         "dfg.%s: indexing is not defined for a symbolic size (the array is %s); make the graph with a concrete size",
                         fn, dfg_shape_str(nd, d, b, sizeof b));
}

dfg_status dfg_index(dfg_id x, int k, const dfg_sub * sub, dfg_id * y)
{
    int nd;
    int64_t d[DFG_MAX_DIMS], view[DFG_MAX_DIMS], dout[DFG_MAX_DIMS];
    dfg_status st = dfg_info(x, NULL, &nd, d);
    if (!st && k)
        st = not_symbolic("subsref", nd, d);
    if (st)
        return st;
    if (k == 0)                         /* x() is x */
        return same(x, y);
    dfg_sub s[DFG_MAX_DIMS];
    if ((st = copy_subs("subsref", k, sub, s)))
        return st;
    dfg_shape_fold(nd, d, k, view);
    if ((st = bounds(k, view, s, nd, d)))
        return st;
    int nd_out;
    index_result_dims(nd, d, k, view, s, &nd_out, dout);
    int all_colon = 1;
    for (int j = 0; j < k; j++)
        all_colon &= s[j].colon;
    if (all_colon) {                    /* x(:), x(:, :): a reshape */
        dfg_attr r = {{0}, {0}, NULL, 0};
        dfg_id out;
        r.i[0] = nd_out;
        memcpy(r.i + 1, dout, (size_t)nd_out * sizeof *dout);
        if (!(st = dfg_op(DFG_OP_RESHAPE, 1, &x, &r, &out)))
            *y = out;
        return st;
    }
    return index_op("subsref", DFG_OP_GATHER, x, 0, k, view, s, nd_out, dout, y);
}

/* ---- x(s1, ..., sk) = [] ----------------------------------------------------------- */

/* Index count of s against an extent of n (a colon spans all n). */
static int64_t sub_len(const dfg_sub * s, int64_t n)
{
    return s->colon ? n : s->n;
}

/* Octave's is_colon_equiv: ':', a scalar 1 against a singleton, or a
 * logical mask of n elements that are all true. */
static int colon_equiv(const dfg_sub * s, int64_t n)
{
    if (s->colon)
        return 1;
    if (s->mask)
        return s->mask_n == n && s->n == n;
    return s->n == 1 && s->nd == 2 && s->dims[0] == 1 && s->dims[1] == 1 && n == 1 && s->ix[0] == 0;
}

static dfg_status del_out_of_bound(int linear, int64_t ext, int64_t n)
{
    if (linear)
        return dfg_set_error(DFG_ERR_INDEX, "dfg.subsasgn: A(I) = []: index out of bounds: value %lld out of bound %lld",
                             (long long)ext, (long long)n);
    return dfg_set_error(DFG_ERR_INDEX, "dfg.subsasgn: A(..,I,..) = []: index out of bounds: value %lld out of bound %lld",
                         (long long)ext, (long long)n);
}

/* The positions 0..n-1 that s does not name, ascending, in *keep (n + 1
 * elements, dfg_malloc'ed, the caller frees); *nk their count.  Every
 * index of s is below n. */
static dfg_status complement(const dfg_sub * s, int64_t n, int64_t ** keep, int64_t * nk)
{
    char * gone;
    dfg_status st = scratch("subsasgn", n + 1, 1, &gone);
    if (st)
        return st;
    if ((st = scratch("subsasgn", n + 1, sizeof **keep, keep))) {
        dfg_free(gone);
        return st;
    }
    memset(gone, 0, (size_t)n + 1);
    for (int64_t q = 0; q < s->n; q++)
        gone[s->ix[q]] = 1;
    int64_t m = 0;
    for (int64_t q = 0; q < n; q++)
        if (!gone[q])
            (*keep)[m++] = q;
    dfg_free(gone);
    *nk = m;
    return DFG_OK;
}

/* x(i) = [] with one subscript, as Octave's Array<T>::delete_elements: the
 * result is a row, or a column for a column vector, when the deleted
 * elements are one contiguous run named by a scalar or a prefix mask (a
 * unit-step range is handled the same way by dfg.Tensor's subsasgn, which
 * sees ranges); otherwise it is x(complement), which keeps a vector's
 * orientation and makes a column of anything else. */
static dfg_status delete_linear(dfg_id x, int nd, const int64_t * d, const dfg_sub * s, dfg_id * y)
{
    int64_t n = dfg_shape_numel(nd, d);
    dfg_dtype dt;
    dfg_info(x, &dt, NULL, NULL);
    if (s->colon) {
        int64_t z[2] = {0, 0};
        return emptied(dt, 2, z, y);
    }
    if (s->n == 0)
        return same(x, y);
    int64_t ext = 0;
    for (int64_t q = 0; q < s->n; q++)
        if (s->ix[q] + 1 > ext)
            ext = s->ix[q] + 1;
    if (ext > n)
        return del_out_of_bound(1, ext, n);
    int is_scalar = !s->mask && s->n == 1;
    /* Octave keeps a sparse mask (at most 1/16 true) as an index list */
    int mask_rep = s->mask && (s->mask_n == 1 || s->n > s->mask_n / 16);
    int cont = is_scalar || (mask_rep && ext == s->n);
    int col_vec = nd == 2 && d[1] == 1 && d[0] != 1;
    int64_t * keep, nk;
    dfg_status st = complement(s, n, &keep, &nk);
    if (st)
        return st;
    int64_t view = n, dout[DFG_MAX_DIMS];
    int nd_out = 2;
    if (cont) {
        dout[0] = col_vec ? nk : 1;
        dout[1] = col_vec ? 1 : nk;
    } else {
        int along = nd_vector(nd, d);
        if (n != 1 && along >= 0 && nk != 1) {
            nd_out = nd;
            memcpy(dout, d, (size_t)nd * sizeof *dout);
            dout[along] = nk;
        } else {
            dout[0] = nk;
            dout[1] = 1;
        }
    }
    dfg_sub ks;
    memset(&ks, 0, sizeof ks);
    ks.ix = keep;
    ks.n = nk;
    st = index_op("subsasgn", DFG_OP_GATHER, x, 0, 1, &view, &ks, nd_out, dout, y);
    dfg_free(keep);
    return st;
}

/* x(s1, ..., sk) = [] with k > 1, as Octave's Array<T>::delete_elements:
 * the subscripts refer to x's own dimensions (not folded); all colons
 * empty the first dimension; one non-colon deletes along its dimension;
 * more are allowed only when the slice they name is empty. */
static dfg_status delete_elems(dfg_id x, int nd, const int64_t * d, int k, const dfg_sub * s, dfg_id * y)
{
    if (k == 1)
        return delete_linear(x, nd, d, &s[0], y);
    dfg_dtype dt;
    dfg_info(x, &dt, NULL, NULL);
    int del = -1, more = 0;
    for (int j = 0; j < k; j++)
        if (!s[j].colon) {
            if (del >= 0)
                more = 1;
            else
                del = j;
        }
    char sh[256];
    dfg_shape_str(nd, d, sh, sizeof sh);
    if (del < 0) {        /* x(:, :) = [] */
        int64_t z[DFG_MAX_DIMS];
        memcpy(z, d, (size_t)nd * sizeof *z);
        z[0] = 0;
        return emptied(dt, nd, z, y);
    }
    if (more) {
        int non_colon = 0;
        for (int j = 0; j < k; j++) {
            int64_t len = j < nd ? d[j] : 1;
            if (sub_len(&s[j], len) == 0)
                return same(x, y);      /* an empty slice: nothing to delete */
            if (!colon_equiv(&s[j], len) && ++non_colon == 2)
                break;
        }
        return dfg_set_error(DFG_ERR_INDEX,
                             "dfg.subsasgn: a null assignment can only have one non-colon index (deleting from a %s array)", sh);
    }
    if (del >= nd)
        return dfg_set_error(DFG_ERR_INDEX,
                             "dfg.subsasgn: A(..,I,..) = []: subscript %d is past the %d dimensions of the %s array (invalid dimension in "
                             "delete_elements)", del + 1, nd, sh);
    int64_t n = d[del];
    if (s[del].n == 0)
        return same(x, y);
    for (int64_t q = 0; q < s[del].n; q++)
        if (s[del].ix[q] >= n)
            return del_out_of_bound(0, s[del].ix[q] + 1, n);
    int64_t * keep, nk;
    dfg_status st = complement(&s[del], n, &keep, &nk);
    if (st)
        return st;
    dfg_sub ks[DFG_MAX_DIMS];
    int64_t cnt[DFG_MAX_DIMS];
    memset(ks, 0, sizeof ks);
    for (int j = 0; j < nd; j++) {
        ks[j].colon = j != del;
        ks[j].ix = j == del ? keep : NULL;
        ks[j].n = j == del ? nk : d[j];
        cnt[j] = ks[j].n;
    }
    st = index_op("subsasgn", DFG_OP_GATHER, x, 0, nd, d, ks, nd, cnt, y);
    dfg_free(keep);
    return st;
}

/* What dfg_index_delete and dfg_index_assign start with: x's size and
 * the checked copy of the k >= 1 subscripts. */
static dfg_status asgn_begin(dfg_id x, int k, const dfg_sub * sub, int * nd, int64_t * d, dfg_sub * s)
{
    dfg_status st = dfg_info(x, NULL, nd, d);
    if (!st)
        st = not_symbolic("subsasgn", *nd, d);
    if (st)
        return st;
    if (k == 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.subsasgn: expected x(i, ...) = v");
    return copy_subs("subsasgn", k, sub, s);
}

dfg_status dfg_index_delete(dfg_id x, int k, const dfg_sub * sub, dfg_id * y)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_sub s[DFG_MAX_DIMS];
    dfg_status st = asgn_begin(x, k, sub, &nd, d, s);
    if (st)
        return st;
    return delete_elems(x, nd, d, k, s, y);
}

/* ---- x(s1, ..., sk) = v -------------------------------------------------------------- */

/* Non-singleton dims of a size, for Octave's A(I) = X conformance test. */
static int squeezed(int nd, const int64_t * d, int64_t * out)
{
    int m = 0;
    for (int j = 0; j < nd; j++)
        if (d[j] != 1)
            out[m++] = d[j];
    return m;
}

/* Octave's assignment into an array whose dimensions are all zero (0x0,
 * 0x0x0): a colon takes its extent from X (liboctave's zero_dims_inquire):
 * all colons take X's size; as many non-scalar subscripts as X has
 * dimensions match them in order; otherwise the colons take X's
 * non-singleton dimensions in order, then 1.  The colons become explicit
 * ranges (dfg_malloc'ed into owned[j], which the caller frees; owned
 * holds k NULLs on entry), and the usual growth rules do the rest. */
static dfg_status zero_dims_colons(int nd, const int64_t * d, int k, dfg_sub * s, int vnd, const int64_t * vd,
                                   int64_t ** owned)
{
    for (int j = 0; j < nd; j++)
        if (d[j] != 0)
            return DFG_OK;
    int64_t ext[DFG_MAX_DIMS];
    int nonsc = 0, all_colons = 1;
    for (int j = 0; j < k; j++) {
        nonsc += s[j].colon || s[j].n != 1;
        all_colons &= s[j].colon;
    }
    if (all_colons) {
        for (int j = 0; j < k; j++)
            ext[j] = j < vnd ? vd[j] : 1;
        if (vnd > k)             /* X's trailing dimensions fold into the last */
            for (int j = k; j < vnd; j++)
                ext[k - 1] *= vd[j];
    } else if (nonsc == vnd) {
        for (int j = 0, q = 0; j < k; j++) {
            if (!s[j].colon && s[j].n == 1)
                continue;
            ext[j] = vd[q++];
        }
    } else {
        int64_t v0[DFG_MAX_DIMS];
        int n0 = 0;
        for (int j = 0; j < vnd; j++)
            if (vd[j] != 1)
                v0[n0++] = vd[j];
        for (int j = 0, q = 0; j < k; j++) {
            if (!s[j].colon && s[j].n == 1)
                continue;
            if (s[j].colon)
                ext[j] = q < n0 ? v0[q++] : 1;
        }
    }
    for (int j = 0; j < k; j++) {
        if (!s[j].colon)
            continue;
        dfg_status st = scratch("subsasgn", ext[j] + 1, sizeof *owned[j], &owned[j]);
        if (st)
            return st;
        for (int64_t q = 0; q < ext[j]; q++)
            owned[j][q] = q;
        s[j].colon = 0;
        s[j].n = ext[j];
        s[j].ix = owned[j];
        s[j].nd = 2;
        s[j].dims[0] = 1;
        s[j].dims[1] = ext[j];
    }
    return DFG_OK;
}

/* dfg_index_assign after the subscripts were copied and checked. */
static dfg_status assign(dfg_id x, int nd, const int64_t * d, int k, dfg_sub * s, dfg_id v, int64_t ** owned,
                         dfg_id * y)
{
    int vnd;
    int64_t view[DFG_MAX_DIMS], rview[DFG_MAX_DIMS], dout[DFG_MAX_DIMS], vd[DFG_MAX_DIMS];
    dfg_status st = dfg_info(v, NULL, &vnd, vd);
    if (!st)
        st = not_symbolic("subsasgn", vnd, vd);
    if (st)
        return st;
    if (k >= 2 && (st = zero_dims_colons(nd, d, k, s, vnd, vd, owned)))
        return st;
    dfg_shape_fold(nd, d, k, view);
    /* the result's view, grown where an index goes past the end */
    int64_t numel = dfg_shape_numel(nd, d);
    for (int j = 0; j < k; j++) {
        rview[j] = view[j];
        for (int64_t q = 0; !s[j].colon && q < s[j].n; q++)
            if (s[j].ix[q] + 1 > rview[j])
                rview[j] = s[j].ix[q] + 1;
    }
    int nd_out, grow_err = 0;
    if (k == 1) {
        if (rview[0] > numel) {
            /* Octave's resize1: 0xN and 1xN grow as rows, Nx1 as columns */
            if (nd == 2 && (d[0] == 1 || d[0] == 0)) {
                dout[0] = 1; dout[1] = rview[0];
            } else if (nd == 2 && d[1] == 1) {
                dout[0] = rview[0]; dout[1] = 1;
            } else
                return dfg_set_error(DFG_ERR_INDEX,
                                     "dfg.subsasgn: A(I) = X: X must have the same size as I, and a matrix cannot be "
                                     "resized by a linear index (index %lld, %lld elements)",
                                     (long long)rview[0], (long long)numel);
            nd_out = 2;
        } else {
            nd_out = nd;
            memcpy(dout, d, sizeof dout);
        }
    } else {
        int grown = 0;
        for (int j = 0; j < k; j++)
            grown |= rview[j] != view[j];
        if (!grown) {
            nd_out = nd;
            memcpy(dout, d, sizeof dout);
        } else {
            int all_zero = 1;        /* an all-zero array grows to K dims */
            for (int j = 0; j < nd; j++)
                all_zero &= d[j] == 0;
            /* Octave resizes an N-d array through fewer subscripts only when
             * its folded view is 0x0 and the subscripts cover the new size
             * in order (A = X, reshaped); otherwise it is an error unless
             * nothing is assigned */
            int fold_zero = 1, cover = 1;
            for (int j = 0; j < k; j++) {
                fold_zero &= view[j] == 0;
                if (!s[j].colon) {
                    cover &= s[j].n == rview[j];
                    for (int64_t q = 0; cover && q < s[j].n; q++)
                        cover &= s[j].ix[q] == q;
                }
            }
            grow_err = k < nd && !all_zero && !(fold_zero && cover);
            nd_out = k;
            memcpy(dout, rview, (size_t)k * sizeof *dout);
        }
    }
    /* X must be a scalar or match the block (singletons aside) */
    int64_t blk[DFG_MAX_DIMS], sb[DFG_MAX_DIMS], sv[DFG_MAX_DIMS], bn = 1;
    for (int j = 0; j < k; j++) {
        blk[j] = s[j].colon ? view[j] : s[j].n;
        bn *= blk[j];
    }
    int64_t vn = dfg_shape_numel(vnd, vd);
    if (vn != 1) {
        int nb = squeezed(k, blk, sb), nv = squeezed(vnd, vd, sv);
        int ok = nb == nv && !memcmp(sb, sv, (size_t)nb * sizeof *sb);
        if (k == 1)
            ok = vn == bn;
        if (!ok && bn == 0 && vn == 0)
            /* Octave: any empty X can be assigned to an empty block, which
             * changes nothing (no growth either) but the class */
            return same_assigned(x, v, y);
        if (!ok) {
            char s1[256], s2[256];
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.subsasgn: =: nonconformant arguments (op1 is %s, op2 is %s)",
                                 dfg_shape_str(k, blk, s1, sizeof s1), dfg_shape_str(vnd, vd, s2, sizeof s2));
        }
    }
    if (grow_err)     /* Octave resizes only 2-D arrays this way */
        return dfg_set_error(DFG_ERR_INDEX,
                             "dfg.subsasgn: Octave:index-out-of-bounds: A(I,J,...) = X: resizing an N-d array with "
                             "fewer subscripts than dimensions is not possible (Invalid resizing operation)");
    return index_op("subsasgn", DFG_OP_SCATTER, x, v, k, view, s, nd_out, dout, y);
}

dfg_status dfg_index_assign(dfg_id x, int k, const dfg_sub * sub, dfg_id v, dfg_id * y)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_sub s[DFG_MAX_DIMS];
    dfg_status st = asgn_begin(x, k, sub, &nd, d, s);
    if (st)
        return st;
    int64_t * owned[DFG_MAX_DIMS] = {NULL};
    st = assign(x, nd, d, k, s, v, owned, y);
    for (int j = 0; j < k; j++)
        dfg_free(owned[j]);
    return st;
}

/* ---- x(mask) = v with a logical tensor mask ---------------------------------- */

/* The mask's true positions are known only when the graph runs, so
 * x(mask) = v is static only for a scalar v: merge (mask, v, x), in the
 * class the assignment gives (SCATTER's rule, as dfg_index_assign).  A
 * mask with fewer elements than x covers x's first elements (the rest are
 * false, as Octave pads it); one with more could grow x: data-dependent.
 * Intermediates (reshape, padding, casts) are released before returning. */
static dfg_status cast_to(dfg_id x, int dt, dfg_id * keep, int * nk, dfg_id * y)
{
    dfg_dtype xdt;
    dfg_status st = dfg_info(x, &xdt, NULL, NULL);
    if (st || (int)xdt == dt) {
        *y = x;
        return st;
    }
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = dt;
    if (!(st = dfg_op(DFG_OP_CAST, 1, &x, &a, y)))
        keep[(*nk)++] = *y;
    return st;
}

dfg_status dfg_mask_assign(dfg_id x, dfg_id mask, dfg_id v, dfg_id * y)
{
    dfg_dtype mdt;
    int xnd, mnd, vnd;
    int64_t xd[DFG_MAX_DIMS], md[DFG_MAX_DIMS], vd[DFG_MAX_DIMS];
    char s1[256], s2[256];
    dfg_status st;
    if ((st = dfg_info(x, NULL, &xnd, xd)) || (st = dfg_info(mask, &mdt, &mnd, md)) ||
        (st = dfg_info(v, NULL, &vnd, vd)))
        return st;
    if (mdt != DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_ARG, "dfg.subsasgn: a tensor subscript must be a logical mask (a %s tensor was given)",
                             dfg_dtype_name(mdt));
    if (dfg_shape_is_sym(vnd, vd) || dfg_shape_numel(vnd, vd) != 1)
        return dfg_set_error(DFG_ERR_DATA_SIZE,
                             "dfg.subsasgn: x(mask) = v with a tensor mask needs as many values as the mask has true "
                             "elements, which is known only when the graph runs (v is %s); assign a scalar, or use "
                             "merge (mask, v, x) with v of x's size",
                             dfg_shape_str(vnd, vd, s1, sizeof s1));
    int same = xnd == mnd && !memcmp(xd, md, (size_t)xnd * sizeof *xd);
    if (!same && ((st = not_symbolic("subsasgn", xnd, xd)) || (st = not_symbolic("subsasgn", mnd, md))))
        return st;
    int64_t xn = dfg_shape_numel(xnd, xd), mn = dfg_shape_numel(mnd, md);
    if (!same && mn > xn)
        return dfg_set_error(DFG_ERR_DATA_SIZE,
                             "dfg.subsasgn: x(mask) = v with a tensor mask of more elements than x (mask %s, x %s) "
                             "grows x only where the mask is true past x's end, which is known only when the graph "
                             "runs; use a mask of x's size",
                             dfg_shape_str(mnd, md, s1, sizeof s1), dfg_shape_str(xnd, xd, s2, sizeof s2));
    dfg_node * in[2] = {dfg_node_get(x), dfg_node_get(v)};
    if (!in[0] || !in[1])
        return DFG_ERR_HANDLE;
    int dt = dfg_compute_dtype(DFG_OP_SCATTER, 2, in, NULL);
    if (dt < 0)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.subsasgn: no class for x(mask) = v");
    dfg_id keep[6], m = mask, xc, vc, out;
    int nk = 0;
    if (!same && mn < xn) {
        /* mask(:) followed by false up to x's element count */
        dfg_attr col = {{2, mn, 1}, {0}, NULL, 0};
        int64_t pd[2] = {xn - mn, 1};
        dfg_id cat[2];
        if (!(st = dfg_op(DFG_OP_RESHAPE, 1, &mask, &col, &cat[0]))) {
            keep[nk++] = cat[0];
            if (!(st = dfg_fill(DFG_LOGICAL, 2, pd, 0, &cat[1]))) {
                keep[nk++] = cat[1];
                dfg_attr a0 = {{0}, {0}, NULL, 0};
                if (!(st = dfg_op(DFG_OP_CAT, 2, cat, &a0, &m)))
                    keep[nk++] = m;
            }
        }
    }
    if (!st && !same) {
        dfg_attr r = {{xnd}, {0}, NULL, 0};
        memcpy(&r.i[1], xd, (size_t)xnd * sizeof *xd);
        dfg_id mm;
        if (!(st = dfg_op(DFG_OP_RESHAPE, 1, &m, &r, &mm))) {
            keep[nk++] = mm;
            m = mm;
        }
    }
    if (!st && !(st = cast_to(x, dt, keep, &nk, &xc)) && !(st = cast_to(v, dt, keep, &nk, &vc))) {
        dfg_id in3[3] = {m, vc, xc};
        if (!(st = dfg_op(DFG_OP_MERGE, 3, in3, NULL, &out)))
            *y = out;
    }
    for (int k = 0; k < nk; k++)
        dfg_release(keep[k]);
    return st;
}
