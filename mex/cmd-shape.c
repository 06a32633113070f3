/* mex/cmd-shape.c -- gateway commands for indexing, indexed assignment
 * and re-shaping functions.  Octave's index rules (result shapes, colon,
 * logical masks, growth on assignment, deletion) live in the library
 * (lib/core/subscript.c: dfg_index, dfg_index_assign, dfg_index_delete);
 * subsref and subsasgn here only parse Octave's subscripts into dfg_sub
 * values (':' or 1-based numeric or logical arrays known when the graph
 * is built) and call it.  The re-shaping commands build RESHAPE / PERMUTE
 * / CAT nodes or call the composite builders of lib/core/compose.c.
 * Scratch memory is mxMalloc'd: Octave frees it if an error unwinds. */
#include <math.h>
#include <string.h>
#include "gateway.h"

static int get_dims(dfg_id x, dfg_dtype * dt, int * nd, int64_t * d)
{
    return dfg_info(x, dt, nd, d);
}

/* Whether the tensor a is of class logical (a mask). */
static int is_logical_tensor(gw * g, const mxArray * a, int argno)
{
    dfg_id id;
    dfg_dtype dt;
    return !gw_tensor(g, a, argno, &id) && !dfg_info(id, &dt, NULL, NULL) && dt == DFG_LOGICAL;
}

/* One subscript: ':' or a plain numeric / logical array, as 0-based
 * indices (a mask as the positions of its true elements).  Positive
 * integers are checked here; bounds are checked by the library. */
static int parse_sub(gw * g, const mxArray * a, int argno, dfg_sub * s)
{
    memset(s, 0, sizeof *s);
    if (mxIsClass(a, "dfg_logical") || (gw_is_tensor(a) && is_logical_tensor(g, a, argno)))   /* a tensor mask */
        return dfg_set_error(DFG_ERR_DATA_SIZE,
                             "dfg.%s: subscript %d is a logical tensor: x(mask) has as many elements as the mask has "
                             "true ones, known only when the graph runs; use merge (mask, x, 0), sum (x .* mask), or "
                             "sort with a fixed count instead (x(mask) = scalar is defined)", g->fn, argno);
    if (gw_is_tensor(a))
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.%s: subscript %d is a dfg.Tensor; indices must be plain arrays known when the graph "
                             "is built", g->fn, argno);
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
    int64_t * ix;
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
        if ((st = gw_alloc(g, cnt + 1, sizeof *ix, &ix)))
            return st;
        for (size_t k = 0, at = 0; k < n; k++)
            if (v[k] != 0)
                ix[at++] = (int64_t)k;
        s->ix = ix;
        s->n = cnt;
        dfg_sub_mask(s, (int64_t)n);    /* the index's shape: Octave's rule */
        return DFG_OK;
    }
    if ((st = gw_alloc(g, (int64_t)n + 1, sizeof *ix, &ix)))
        return st;
    s->ix = ix;
    s->n = (int64_t)n;
    for (size_t k = 0; k < n; k++) {
        double x = v[k];
        if (x != x || x != floor(x) || !(fabs(x) < 0x1p63))
            return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: subscript %d: subscripts must be either integers 1 to (2^63)-1 or logicals (found %g)",
                                 g->fn, argno, x);
        if (x < 1)
            return dfg_set_error(DFG_ERR_INDEX, "dfg.%s: index (%lld): out of bound; value %lld out of bound %s",
                                 g->fn, (long long)x, (long long)x, "1");
        ix[k] = (int64_t)x - 1;
    }
    return DFG_OK;
}

int cmd_subsref(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, y = 0;
    int st;
    if (nrhs < 1 || (st = gw_tensor(g, prhs[0], 1, &x)) || (st = get_dims(x, NULL, NULL, NULL)))
        return nrhs < 1 ? (int)dfg_set_error(DFG_ERR_ARG, "dfg.subsref: missing tensor") : st;
    int k = nrhs - 1;
    if (k > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_INDEX, "dfg.subsref: too many subscripts");
    dfg_sub s[DFG_MAX_DIMS];
    for (int j = 0; j < k; j++)
        if ((st = parse_sub(g, prhs[1 + j], j + 1, &s[j])))
            return st;
    return gw_out(g, dfg_index(x, k, s, &y), &y, plhs);
}

int cmd_subsasgn(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id x, v, y = 0;
    int st;
    if (nrhs < 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.subsasgn: expected x(i, ...) = v");
    if ((st = gw_tensor(g, prhs[0], 1, &x)) || (st = get_dims(x, NULL, NULL, NULL)))
        return st;
    int k = nrhs - 2;
    if (k > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_INDEX, "dfg.subsasgn: too many subscripts");
    const mxArray * va = prhs[1];
    if (mxIsChar(va) && is_logical_tensor(g, prhs[0], 1))
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.subsasgn: a char value assigned into a logical x is an error in "
                             "Octave (bool_array_value: wrong type argument); convert it with double () first");
    if (k == 1 && gw_is_tensor(prhs[2]) && is_logical_tensor(g, prhs[2], 1)) {
        /* x(mask) = v, mask a logical tensor (dfg.Tensor.subsasgn unwraps
         * a dfg_logical one) */
        dfg_id m;
        if (!gw_is_tensor(va) && mxIsDouble(va) && mxGetM(va) == 0 && mxGetN(va) == 0)
            return dfg_set_error(DFG_ERR_DATA_SIZE,
                                 "dfg.subsasgn: x(mask) = [] with a tensor mask deletes as many elements as the mask "
                                 "has true ones, known only when the graph runs; use merge (mask, NaN, x) or keep "
                                 "the mask beside x");
        if ((st = gw_tensor(g, prhs[2], 3, &m)) || (st = gw_operand(g, va, 2, &v)))
            return st;
        return gw_out(g, dfg_mask_assign(x, m, v, &y), &y, plhs);
    }
    dfg_sub s[DFG_MAX_DIMS];
    for (int j = 0; j < k; j++)
        if ((st = parse_sub(g, prhs[2 + j], j + 1, &s[j])))
            return st;
    if (!gw_is_tensor(va) && mxIsDouble(va) && mxGetNumberOfElements(va) == 0 &&
        mxGetM(va) == 0 && mxGetN(va) == 0)     /* x(i, ...) = [] */
        return gw_out(g, dfg_index_delete(x, k, s, &y), &y, plhs);
    if ((st = gw_operand(g, va, 2, &v)) || (st = get_dims(v, NULL, NULL, NULL)))
        return st;
    return gw_out(g, dfg_index_assign(x, k, s, v, &y), &y, plhs);
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
        if (empty_at >= 0 && numel < 0) {
            /* a symbolic size: [] stands for it when the known sizes
             * take x's other dimensions exactly */
            int64_t rest = 1, sym = 0;
            for (int j = 0; j < nd; j++) {
                if (!dfg_dim_is_sym(d[j]))
                    rest *= d[j];
                else if (sym) {
                    rest = -1;
                    break;
                } else
                    sym = d[j];
            }
            char s1[256];
            if (rest != known)
                return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.reshape: [] must stand for the symbolic size of a %s array (the known sizes multiply to %lld)",
                                     dfg_shape_str(nd, d, s1, sizeof s1), (long long)known);
            /* x empty for every size (a 0 among its other dimensions) and
             * a 0 among the known sizes: [] is 0, as Octave gives it */
            nw[empty_at] = rest == 0 ? 0 : sym;
        } else if (empty_at >= 0 && known == 0 && numel == 0)
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
    if ((st = gw_char_refused(g, nrhs, prhs, first, "Octave's concatenation with char is a char array")))
        return st;
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
