/* mex/cmd-shape.c -- gateway commands for indexing, indexed assignment
 * and re-shaping functions.  Octave's index rules (result shapes, end,
 * colon, logical masks, growth on assignment) are decided here, at graph
 * build time, and become GATHER / SCATTER / RESHAPE / PERMUTE / CAT nodes.
 * Scratch memory is mxMalloc'd: Octave frees it if an error unwinds. */
#include <math.h>
#include <string.h>
#include "gateway.h"

typedef struct sub {
    int       colon;
    int64_t * ix;          /* 0-based; NULL for colon                      */
    int64_t   n;           /* count                                        */
    int       nd;          /* the index array's own size (shape rules)     */
    int64_t   dims[DFG_MAX_DIMS];
    int       mask;        /* given as a logical mask ...                  */
    int64_t   mask_n;      /* ... of this many elements                    */
} sub;

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

static int get_dims(dfg_id x, dfg_dtype * dt, int * nd, int64_t * d)
{
    return dfg_info(x, dt, nd, d);
}

/* One subscript: ':' or a plain numeric / logical array.  Positive
 * integers are checked here; bounds are checked by the caller. */
static int parse_sub(gw * g, const mxArray * a, int argno, sub * s)
{
    memset(s, 0, sizeof *s);
    if (gw_is_tensor(a) || mxIsClass(a, "dfg_logical"))   /* a tensor mask */
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.%s: subscript %d is a dfg.Tensor; indices must be plain arrays known when the graph "
                             "is built (a tensor mask gives a data-dependent size: use merge (mask, x, 0) or "
                             "sum (x .* mask) instead of x(mask))", g->fn, argno);
    if (mxIsChar(a)) {
        char c[4];
        if (mxGetNumberOfElements(a) == 1 && !mxGetString(a, c, sizeof c) && c[0] == ':') {
            s->colon = 1;
            return DFG_OK;
        }
        return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: subscript %d must be numeric, logical or ':'", g->fn, argno);
    }
    if (mxIsComplex(a) || !(mxIsNumeric(a) || mxIsLogical(a)))
        return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: subscript %d must be a real numeric or logical array", g->fn, argno);
    mwSize nd = mxGetNumberOfDimensions(a);
    const mwSize * d = mxGetDimensions(a);
    /* every class, full or sparse, through the checked reader */
    double * v;
    size_t n;
    int st = gw_real_values(g, a, argno, "subscript", &v, &n);
    if (st)
        return st;
    s->nd = nd > DFG_MAX_DIMS ? DFG_MAX_DIMS : (int)nd;
    for (int k = 0; k < s->nd; k++)
        s->dims[k] = (int64_t)d[k];
    if (mxIsLogical(a)) {
        int64_t cnt = 0;
        for (size_t k = 0; k < n; k++)
            cnt += v[k] != 0;
        if ((st = gw_alloc(g, cnt + 1, sizeof *s->ix, &s->ix)))
            return st;
        for (size_t k = 0, at = 0; k < n; k++)
            if (v[k] != 0)
                s->ix[at++] = (int64_t)k;
        s->n = cnt;
        /* a mask's index keeps the orientation of a mask that is a vector
         * along some dimension (1x1xN included), else it is a column; a
         * scalar mask is 1x1 or 0x0 */
        s->mask = 1;
        s->mask_n = (int64_t)n;
        if (n == 1) {
            s->nd = 2;
            s->dims[0] = cnt; s->dims[1] = cnt;
        } else if (nd_vector(s->nd, s->dims) >= 0)
            s->dims[nd_vector(s->nd, s->dims)] = cnt;
        else {
            s->nd = 2;
            s->dims[0] = cnt; s->dims[1] = 1;
        }
        return DFG_OK;
    }
    if ((st = gw_alloc(g, (int64_t)n + 1, sizeof *s->ix, &s->ix)))
        return st;
    s->n = (int64_t)n;
    for (size_t k = 0; k < n; k++) {
        double x = v[k];
        if (x != x || x != floor(x) || !(fabs(x) < 0x1p63))
            return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: subscript %d: subscripts must be either integers 1 to (2^63)-1 or logicals (found %g)",
                                 g->fn, argno, x);
        if (x < 1)
            return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: index (%lld): out of bound; value %lld out of bound %s",
                                 g->fn, (long long)x, (long long)x, "1");
        s->ix[k] = (int64_t)x - 1;
    }
    return DFG_OK;
}

/* Packs the GATHER / SCATTER header (lib/base/ops.def). */
static int64_t * pack_header(int k, const int64_t * view, const sub * s, int nd_out,
                             const int64_t * dout, int64_t * len)
{
    int64_t total = 0;
    for (int j = 0; j < k; j++)
        total += s[j].colon ? 0 : s[j].n;
    *len = 2 + 2 * k + nd_out + total;
    int64_t * h = mxMalloc((size_t)*len * sizeof *h);
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
    return h;
}

int gw_gather(gw * g, dfg_id x, int k, const int64_t * view,
              const int64_t * const * ix, const int64_t * cnt, int nd_out,
              const int64_t * dout, dfg_id * out)
{
    sub s[DFG_MAX_DIMS];
    for (int j = 0; j < k; j++) {
        memset(&s[j], 0, sizeof s[j]);
        s[j].ix = (int64_t *)ix[j];
        s[j].n = cnt[j];
        s[j].colon = ix[j] == NULL;
    }
    int64_t len;
    int64_t * h = pack_header(k, view, s, nd_out, dout, &len);
    dfg_attr a = {{0}, {0}, h, len};
    int st = gw_op(g, DFG_OP_GATHER, 1, &x, &a, out);
    mxFree(h);
    return st;
}

/* Result size of x(s1, ..., sk) by Octave's rules. */
static void index_result_dims(int nd, const int64_t * d, int k, const int64_t * view,
                              const sub * s, int * nd_out, int64_t * dout)
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

static int bounds(gw * g, int k, const int64_t * view, const sub * s, int nd, const int64_t * d)
{
    for (int j = 0; j < k; j++)
        for (int64_t q = 0; !s[j].colon && q < s[j].n; q++)
            if (s[j].ix[q] >= view[j]) {
                char sh[256];
                dfg_shape_str(nd, d, sh, sizeof sh);
                if (k == 1)
                    return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: index (%lld): out of bound %lld (dimensions are %s)",
                                         g->fn, (long long)s[j].ix[q] + 1, (long long)view[j], sh);
                return dfg_set_error(DFG_ERR_INDEX,
                                     "dfg.%s: out of bound; value %lld out of bound %lld in dimension %d (dimensions are %s)",
                                     g->fn, (long long)s[j].ix[q] + 1, (long long)view[j], j + 1, sh);
            }
    return DFG_OK;
}

int cmd_subsref(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    int nd, st;
    int64_t d[DFG_MAX_DIMS], view[DFG_MAX_DIMS], dout[DFG_MAX_DIMS];
    if (nrhs < 1 || (st = gw_tensor(g, prhs[0], 1, &x)) || (st = get_dims(x, NULL, &nd, d)))
        return nrhs < 1 ? (int)dfg_set_error(DFG_ERR_ARG, "dfg.subsref: missing tensor") : st;
    int k = nrhs - 1;
    if (k == 0) {                       /* x() is x */
        plhs[0] = gw_result(g, x);
        return DFG_OK;
    }
    if (k > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_INDEX, "dfg.subsref: too many subscripts");
    sub s[DFG_MAX_DIMS];
    for (int j = 0; j < k; j++)
        if ((st = parse_sub(g, prhs[1 + j], j + 1, &s[j])))
            return st;
    dfg_shape_fold(nd, d, k, view);
    if ((st = bounds(g, k, view, s, nd, d)))
        return st;
    int nd_out;
    index_result_dims(nd, d, k, view, s, &nd_out, dout);
    int all_colon = 1;
    for (int j = 0; j < k; j++)
        all_colon &= s[j].colon;
    if (all_colon) {                    /* x(:), x(:, :): a reshape */
        dfg_attr r = {{0}, {0}, NULL, 0};
        r.i[0] = nd_out;
        memcpy(r.i + 1, dout, (size_t)nd_out * sizeof *dout);
        if (!(st = gw_op(g, DFG_OP_RESHAPE, 1, &x, &r, &y)))
            plhs[0] = gw_result(g, y);
        return st;
    }
    int64_t len;
    int64_t * h = pack_header(k, view, s, nd_out, dout, &len);
    dfg_attr a = {{0}, {0}, h, len};
    if (!(st = gw_op(g, DFG_OP_GATHER, 1, &x, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* Non-singleton dims of a size, for Octave's A(I) = X conformance test. */
static int squeezed(int nd, const int64_t * d, int64_t * out)
{
    int m = 0;
    for (int j = 0; j < nd; j++)
        if (d[j] != 1)
            out[m++] = d[j];
    return m;
}

/* Index count of s against an extent of n (a colon spans all n). */
static int64_t sub_len(const sub * s, int64_t n)
{
    return s->colon ? n : s->n;
}

/* Octave's is_colon_equiv: ':', a scalar 1 against a singleton, or a
 * logical mask of n elements that are all true. */
static int colon_equiv(const sub * s, int64_t n)
{
    if (s->colon)
        return 1;
    if (s->mask)
        return s->mask_n == n && s->n == n;
    return s->n == 1 && s->nd == 2 && s->dims[0] == 1 && s->dims[1] == 1 && n == 1 && s->ix[0] == 0;
}

static int del_out_of_bound(gw * g, int linear, int64_t ext, int64_t n)
{
    (void)g;
    if (linear)
        return dfg_set_error(DFG_ERR_INDEX, "dfg.subsasgn: A(I) = []: index out of bounds: value %lld out of bound %lld",
                             (long long)ext, (long long)n);
    return dfg_set_error(DFG_ERR_INDEX, "dfg.subsasgn: A(..,I,..) = []: index out of bounds: value %lld out of bound %lld",
                         (long long)ext, (long long)n);
}

/* The positions 0..n-1 that s does not name, ascending, in keep (n + 1
 * elements); returns their count. */
static int64_t complement(const sub * s, int64_t n, int64_t * keep)
{
    char * gone = mxCalloc((size_t)n + 1, 1);
    for (int64_t q = 0; q < s->n; q++)
        gone[s->ix[q]] = 1;
    int64_t nk = 0;
    for (int64_t q = 0; q < n; q++)
        if (!gone[q])
            keep[nk++] = q;
    mxFree(gone);
    return nk;
}

/* x(i) = [] with one subscript, as Octave's Array<T>::delete_elements: the
 * result is a row, or a column for a column vector, when the deleted
 * elements are one contiguous run named by a scalar or a prefix mask (a
 * unit-step range is handled the same way by dfg.Tensor's subsasgn, which
 * sees ranges); otherwise it is x(complement), which keeps a vector's
 * orientation and makes a column of anything else. */
static int delete_linear(gw * g, dfg_id x, int nd, const int64_t * d, const sub * s, dfg_id * y)
{
    int64_t n = dfg_shape_numel(nd, d);
    dfg_dtype dt;
    dfg_info(x, &dt, NULL, NULL);
    if (s->colon) {
        int64_t z[2] = {0, 0};
        int st = dfg_fill(dt, 2, z, 0, y);
        return st ? st : gw_temp(g, *y);
    }
    if (s->n == 0) {
        *y = x;
        return DFG_OK;
    }
    int64_t ext = 0;
    for (int64_t q = 0; q < s->n; q++)
        if (s->ix[q] + 1 > ext)
            ext = s->ix[q] + 1;
    if (ext > n)
        return del_out_of_bound(g, 1, ext, n);
    int is_scalar = !s->mask && s->n == 1;
    /* Octave keeps a sparse mask (at most 1/16 true) as an index list */
    int mask_rep = s->mask && (s->mask_n == 1 || s->n > s->mask_n / 16);
    int cont = is_scalar || (mask_rep && ext == s->n);
    int col_vec = nd == 2 && d[1] == 1 && d[0] != 1;
    int64_t * keep = mxMalloc(((size_t)n + 1) * sizeof *keep);
    int64_t nk = complement(s, n, keep);
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
    const int64_t * ix[1] = {keep};
    return gw_gather(g, x, 1, &view, ix, &nk, nd_out, dout, y);
}

/* x(s1, ..., sk) = [] with k > 1, as Octave's Array<T>::delete_elements:
 * the subscripts refer to x's own dimensions (not folded); all colons
 * empty the first dimension; one non-colon deletes along its dimension;
 * more are allowed only when the slice they name is empty. */
static int delete_elems(gw * g, dfg_id x, int nd, const int64_t * d, int k, sub * s, dfg_id * y)
{
    if (k == 1)
        return delete_linear(g, x, nd, d, &s[0], y);
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
        int st = dfg_fill(dt, nd, z, 0, y);
        return st ? st : gw_temp(g, *y);
    }
    if (more) {
        int non_colon = 0;
        for (int j = 0; j < k; j++) {
            int64_t len = j < nd ? d[j] : 1;
            if (sub_len(&s[j], len) == 0) {
                *y = x;       /* an empty slice: nothing to delete */
                return DFG_OK;
            }
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
    if (s[del].n == 0) {
        *y = x;
        return DFG_OK;
    }
    for (int64_t q = 0; q < s[del].n; q++)
        if (s[del].ix[q] >= n)
            return del_out_of_bound(g, 0, s[del].ix[q] + 1, n);
    int64_t * keep = mxMalloc(((size_t)n + 1) * sizeof *keep);
    int64_t nk = complement(&s[del], n, keep);
    const int64_t * ix[DFG_MAX_DIMS];
    int64_t cnt[DFG_MAX_DIMS];
    for (int j = 0; j < nd; j++) {
        ix[j] = j == del ? keep : NULL;
        cnt[j] = j == del ? nk : d[j];
    }
    return gw_gather(g, x, nd, d, ix, cnt, nd, cnt, y);
}

/* Octave's assignment into an array whose dimensions are all zero (0x0,
 * 0x0x0): a colon takes its extent from X (liboctave's zero_dims_inquire):
 * all colons take X's size; as many non-scalar subscripts as X has
 * dimensions match them in order; otherwise the colons take X's
 * non-singleton dimensions in order, then 1.  The colons become explicit
 * ranges, and the usual growth rules do the rest. */
static int zero_dims_colons(gw * g, int nd, const int64_t * d, int k, sub * s, int vnd, const int64_t * vd)
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
        s[j].colon = 0;
        s[j].n = ext[j];
        s[j].ix = mxMalloc((size_t)(ext[j] + 1) * sizeof *s[j].ix);
        for (int64_t q = 0; q < ext[j]; q++)
            s[j].ix[q] = q;
        s[j].nd = 2;
        s[j].dims[0] = 1;
        s[j].dims[1] = ext[j];
    }
    (void)g;
    return DFG_OK;
}

int cmd_subsasgn(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, v, y;
    int nd, st, vnd;
    int64_t d[DFG_MAX_DIMS], view[DFG_MAX_DIMS], rview[DFG_MAX_DIMS], dout[DFG_MAX_DIMS], vd[DFG_MAX_DIMS];
    if (nrhs < 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.subsasgn: expected x(i, ...) = v");
    if ((st = gw_tensor(g, prhs[0], 1, &x)) || (st = get_dims(x, NULL, &nd, d)))
        return st;
    int k = nrhs - 2;
    if (k > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_INDEX, "dfg.subsasgn: too many subscripts");
    sub s[DFG_MAX_DIMS];
    for (int j = 0; j < k; j++)
        if ((st = parse_sub(g, prhs[2 + j], j + 1, &s[j])))
            return st;
    const mxArray * va = prhs[1];
    if (!gw_is_tensor(va) && mxIsDouble(va) && mxGetNumberOfElements(va) == 0 &&
        mxGetM(va) == 0 && mxGetN(va) == 0) {
        if ((st = delete_elems(g, x, nd, d, k, s, &y)))
            return st;
        plhs[0] = gw_result(g, y);
        return DFG_OK;
    }
    if ((st = gw_operand(g, va, 2, &v)) || (st = get_dims(v, NULL, &vnd, vd)))
        return st;
    if (k >= 2 && (st = zero_dims_colons(g, nd, d, k, s, vnd, vd)))
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
        if (!ok && bn == 0 && vn == 0) {
            /* Octave: any empty X can be assigned to an empty block, which
             * changes nothing (no growth either) */
            plhs[0] = gw_result(g, x);
            return DFG_OK;
        }
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
    int64_t len;
    int64_t * h = pack_header(k, view, s, nd_out, dout, &len);
    dfg_attr a = {{0}, {0}, h, len};
    dfg_id in[2] = {x, v};
    if (!(st = gw_op(g, DFG_OP_SCATTER, 2, in, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* ---- reshape, squeeze, permute, transpose ---------------------------------------------------- */

int cmd_reshape(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    int nd, st;
    int64_t d[DFG_MAX_DIMS], nw[DFG_MAX_DIMS];
    if (nrhs < 1 || (st = gw_operand(g, prhs[0], 1, &x)) || (st = get_dims(x, NULL, &nd, d)))
        return nrhs < 1 ? (int)dfg_set_error(DFG_ERR_ARG, "dfg.%s: missing argument", g->fn) : st;
    int64_t numel = dfg_shape_numel(nd, d);
    int m = 0;
    if (!strcmp(g->fn, "squeeze")) {
        if (nd > 2) {
            for (int j = 0; j < nd; j++)
                if (d[j] != 1)
                    nw[m++] = d[j];
            while (m < 2)
                nw[m++] = 1;
            if (m == 2 && nw[1] == 1 && d[0] == 1 && d[1] == 1) { /* 1x1xN -> Nx1 */ }
        } else {
            m = nd;
            memcpy(nw, d, sizeof nw);
        }
    } else if (nrhs == 2) {
        if ((st = gw_size_vec(g, prhs[1], 2, &m, nw)))
            return st;
        if (m < 2)
            return dfg_set_error(DFG_ERR_ARG, "dfg.reshape: SIZE must have 2 or more dimensions");
    } else if (nrhs > 2) {
        int empty_at = -1;
        m = nrhs - 1;
        if (m > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.reshape: too many dimensions");
        int64_t known = 1;
        for (int j = 0; j < m; j++) {
            const mxArray * a = prhs[1 + j];
            if (!gw_is_tensor(a) && mxIsNumeric(a) && mxGetNumberOfElements(a) == 0) {
                if (empty_at >= 0)
                    return dfg_set_error(DFG_ERR_ARG, "dfg.reshape: only a single dimension can be unknown");
                empty_at = j;
                continue;
            }
            double v;
            if ((st = gw_scalar(g, a, 2 + j, 1, &v)))
                return st;
            if (v < 0)
                return dfg_set_error(DFG_ERR_ARG, "dfg.reshape: SIZE must be non-negative");
            nw[j] = (int64_t)v;
            known *= nw[j];
        }
        if (empty_at >= 0 && known == 0 && numel == 0)
            nw[empty_at] = 0;
        else if (empty_at >= 0) {
            if (known == 0 || numel % known) {
                char s1[256];
                return dfg_set_error(DFG_ERR_SHAPE, "dfg.reshape: SIZE is not divisible by the product of known dimensions (= %lld) for %s array",
                                     (long long)known, dfg_shape_str(nd, d, s1, sizeof s1));
            }
            nw[empty_at] = numel / known;
        }
    } else
        return dfg_set_error(DFG_ERR_ARG, "dfg.reshape: expected reshape (x, SIZE) or reshape (x, m, n, ...)");
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = m;
    memcpy(a.i + 1, nw, (size_t)m * sizeof *nw);
    if (!(st = gw_op(g, DFG_OP_RESHAPE, 1, &x, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

int cmd_permute(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y;
    int nd, st, m;
    int64_t d[DFG_MAX_DIMS], p[DFG_MAX_DIMS];
    int tr = !strcmp(g->fn, "transpose") || !strcmp(g->fn, "ctranspose");
    if (nrhs != (tr ? 1 : 2))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: wrong number of arguments", g->fn);
    if ((st = gw_operand(g, prhs[0], 1, &x)) || (st = get_dims(x, NULL, &nd, d)))
        return st;
    if (tr) {
        if (nd != 2)
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: transpose not defined for N-D objects", g->fn);
        m = 2; p[0] = 1; p[1] = 0;
    } else {
        if ((st = gw_int_vec(g, prhs[1], 2, "PERM", 1, DFG_MAX_DIMS, DFG_MAX_DIMS, &m, p)))
            return st;
        int seen[DFG_MAX_DIMS] = {0};
        for (int j = 0; j < m; j++) {
            if (p[j] < 1 || p[j] > m || seen[p[j] - 1]++)
                return dfg_set_error(DFG_ERR_ARG, "dfg.%s: PERM is not a valid permutation vector", g->fn);
            p[j]--;
        }
        if (!strcmp(g->fn, "ipermute")) {
            int64_t q[DFG_MAX_DIMS];
            for (int j = 0; j < m; j++)
                q[p[j]] = j;
            memcpy(p, q, (size_t)m * sizeof *p);
        }
    }
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = m;
    memcpy(a.i + 1, p, (size_t)m * sizeof *p);
    if (!(st = gw_op(g, DFG_OP_PERMUTE, 1, &x, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* ---- cat ---------------------------------------------------------------------------------------- */

int cmd_cat(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    int dim, first = 0, st;
    if (!strcmp(g->fn, "horzcat"))
        dim = 1;
    else if (!strcmp(g->fn, "vertcat"))
        dim = 0;
    else {
        double v;
        if (nrhs < 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.cat: missing DIM");
        if ((st = gw_scalar(g, prhs[0], 1, 1, &v)))
            return st;
        if (v < 1 || v > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.cat: DIM must be a valid dimension");
        dim = (int)v - 1;
        first = 1;
    }
    int n = nrhs - first;
    if (n < 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: nothing to concatenate", g->fn);
    dfg_id * ids = mxMalloc((size_t)n * sizeof *ids);
    int64_t (*dims)[DFG_MAX_DIMS] = mxMalloc((size_t)n * sizeof *dims);
    int * nds = mxMalloc((size_t)n * sizeof *nds);
    for (int k = 0; k < n; k++)
        if ((st = gw_operand(g, prhs[first + k], first + k + 1, &ids[k])) ||
            (st = get_dims(ids[k], NULL, &nds[k], dims[k])))
            return st;
    /* the class follows every operand, skipped empties included:
     * single if any is single, else double if any is double */
    int any_single = 0, any_double = 0;
    for (int k = 0; k < n; k++) {
        dfg_dtype dk;
        dfg_info(ids[k], &dk, NULL, NULL);
        any_single |= dk == DFG_SINGLE;
        any_double |= dk == DFG_DOUBLE;
    }
    dfg_dtype want = any_single ? DFG_SINGLE : any_double ? DFG_DOUBLE : DFG_LOGICAL;
    /* Octave's dimension rules (liboctave dim_vector::concat, and for
     * horzcat / vertcat dim_vector::hvcat): sizes must agree but along
     * DIM; a 0x0 operand that does not fit is left out, and an array that
     * is all 0x0 so far takes the next operand's size; horzcat and vertcat
     * also leave out 1x0 and 0x1 operands that do not fit.  Operands left
     * out (or replaced) hold no elements, so only the others are joined. */
    int hv = first == 0;
    int dnd = nds[0], m = 0;
    int64_t dv[DFG_MAX_DIMS];
    for (int j = 0; j < DFG_MAX_DIMS; j++)
        dv[j] = j < nds[0] ? dims[0][j] : 1;
    ids[m++] = ids[0];
    for (int k = 1; k < n; k++) {
        int nb = nds[k];
        const int64_t * db = dims[k];
        int match = 1;
        for (int j = 0; j < DFG_MAX_DIMS; j++)
            if (j != dim && dv[j] != (j < nb ? db[j] : 1))
                match = 0;
        int cur2 = 1;
        for (int j = 2; j < DFG_MAX_DIMS; j++)
            cur2 &= dv[j] == 1;
        int b2 = 1;
        for (int j = 2; j < nb; j++)
            b2 &= db[j] == 1;
        if (match) {
            dv[dim] += dim < nb ? db[dim] : 1;
            ids[m++] = ids[k];
            if (dim + 1 > dnd)
                dnd = dim + 1;
            if (nb > dnd)
                dnd = nb;
        } else if (b2 && db[0] == 0 && db[1] == 0) {
            continue;                              /* a 0x0 operand: left out */
        } else if (cur2 && dv[0] == 0 && dv[1] == 0) {
            for (int j = 0; j < DFG_MAX_DIMS; j++) /* all 0x0 so far: B's size */
                dv[j] = j < nb ? db[j] : 1;
            dnd = nb;
            m = 0;
            ids[m++] = ids[k];
        } else if (hv && cur2 && b2 && db[0] + db[1] == 1) {
            if (dv[0] + dv[1] == 1) {              /* 1x0 with 0x1: 0x0 */
                dv[0] = dv[1] = 0;
                m = 0;
            }
        } else if (hv && cur2 && b2 && dv[0] + dv[1] == 1) {
            for (int j = 0; j < DFG_MAX_DIMS; j++)
                dv[j] = j < nb ? db[j] : 1;
            dnd = nb;
            m = 0;
            ids[m++] = ids[k];
        } else {
            char s1[256], s2[256];
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: dimension mismatch (%s vs %s)", g->fn,
                                 dfg_shape_str(dnd, dv, s1, sizeof s1), dfg_shape_str(nb, db, s2, sizeof s2));
        }
    }
    if (m == 0) {                                  /* nothing left: empty of size DV */
        dfg_id y;
        if ((st = dfg_fill(want, dnd < 2 ? 2 : dnd, dv, 0, &y)) || (st = gw_temp(g, y)))
            return st;
        plhs[0] = gw_result(g, y);
        return DFG_OK;
    }
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = dim;
    dfg_id y;
    dfg_dtype got;
    if (m == 1)
        y = ids[0];
    else if ((st = gw_op(g, DFG_OP_CAT, m, ids, &a, &y)))
        return st;
    dfg_info(y, &got, NULL, NULL);
    if (got != want) {
        dfg_attr c = {{want}, {0}, NULL, 0};
        if ((st = gw_op(g, DFG_OP_CAST, 1, &y, &c, &y)))
            return st;
    }
    plhs[0] = gw_result(g, y);
    return DFG_OK;
}

/* ---- repmat, flip, circshift, diag, tril/triu, trace, kron ----------------------------------------
 * Arguments are read here; lib/core/compose.c builds the graphs. */

int cmd_repmat(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int st, m = 0;
    int64_t r[DFG_MAX_DIMS];
    if (nrhs < 2 || (st = gw_operand(g, prhs[0], 1, &x)))
        return nrhs < 2 ? (int)dfg_set_error(DFG_ERR_ARG, "dfg.repmat: expected repmat (A, m, n, ...)") : st;
    if (nrhs == 2) {
        if ((st = gw_size_vec(g, prhs[1], 2, &m, r)))
            return st;
        if (m == 1) { r[1] = r[0]; m = 2; }
    } else {
        m = nrhs - 1;
        if (m > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.repmat: too many dimensions");
        for (int j = 0; j < m; j++) {
            double v;
            if ((st = gw_scalar(g, prhs[1 + j], 2 + j, 1, &v)))
                return st;
            r[j] = v < 0 ? 0 : (int64_t)v;
        }
    }
    return gw_out(g, dfg_repmat(x, m, r, &y), &y, plhs);
}

int cmd_flip(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int st, dim;
    int gen = !strcmp(g->fn, "flip");
    if (nrhs < 1 || nrhs > (gen ? 2 : 1))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: wrong number of arguments", g->fn);
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (!gen)
        dim = !strcmp(g->fn, "fliplr") ? 1 : 0;
    else if (nrhs > 1) {
        double v;
        if ((st = gw_scalar(g, prhs[1], 2, 1, &v)))
            return st;
        if (v < 1 || v > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.flip: DIM must be a positive integer");
        dim = (int)v - 1;
    } else
        dim = -1;                  /* the first non-singleton dimension */
    return gw_out(g, dfg_flip(x, dim, &y), &y, plhs);
}

int cmd_circshift(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int st, m;
    int64_t sh[DFG_MAX_DIMS];
    if (nrhs < 2 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.circshift: expected circshift (x, n [, dim])");
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if ((st = gw_int_vec(g, prhs[1], 2, "N", -9e15, 9e15, DFG_MAX_DIMS, &m, sh)))
        return st;
    if (m == 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.circshift: N must be a vector, no longer than the number of dimensions in X");
    int dims_of[DFG_MAX_DIMS];
    if (nrhs == 3 && !gw_is_tensor(prhs[2]) && mxIsNumeric(prhs[2]) && mxGetNumberOfElements(prhs[2]) == 0)
        nrhs = 2;                         /* circshift (x, n, []): the default DIM, as Octave */
    if (nrhs == 3) {
        double v;
        if ((st = gw_scalar(g, prhs[2], 3, 1, &v)))
            return st;
        if (v < 1 || v > DFG_MAX_DIMS || m != 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.circshift: DIM must be a valid dimension and N a scalar");
        dims_of[0] = (int)v - 1;
    }
    return gw_out(g, dfg_circshift(x, m, sh, nrhs == 3 ? dims_of : NULL, &y), &y, plhs);
}

int cmd_diag(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int st;
    int64_t kk = 0;
    if (nrhs < 1 || nrhs > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.diag: expected diag (x [, k])");
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (nrhs > 1) {
        double v;
        if ((st = gw_scalar(g, prhs[1], 2, 1, &v)))
            return st;
        kk = (int64_t)v;
    }
    return gw_out(g, dfg_diag(x, kk, &y), &y, plhs);
}

int cmd_tri(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int st;
    int64_t kk = 0;
    int lower = !strcmp(g->fn, "tril");
    if (nrhs < 1 || nrhs > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: expected %s (A [, k])", g->fn, g->fn);
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    if (nrhs > 1) {
        double v;
        if ((st = gw_scalar(g, prhs[1], 2, 1, &v)))
            return st;
        kk = (int64_t)v;
    }
    return gw_out(g, lower ? dfg_tril(x, kk, &y) : dfg_triu(x, kk, &y), &y, plhs);
}

/* trace (A) */
int cmd_trace(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int st;
    if (nrhs != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.trace: expected one argument");
    if ((st = gw_operand(g, prhs[0], 1, &x)))
        return st;
    return gw_out(g, dfg_trace(x, &y), &y, plhs);
}

/* kron (A, B) */
int cmd_kron(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id a, b, y = 0;
    int st;
    if (nrhs != 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.kron: expected kron (A, B)");
    if ((st = gw_operand(g, prhs[0], 1, &a)) || (st = gw_operand(g, prhs[1], 2, &b)))
        return st;
    return gw_out(g, dfg_kron(a, b, &y), &y, plhs);
}
