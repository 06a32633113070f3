/* lib/autodiff/grad-build.c -- the graph builder behind the gradient rules (see
 * lib/autodiff/grad-impl.h): each call records one or a few nodes, keeps them in the
 * context, and turns the first error into NULL for every later call. */
#include <string.h>
#include "grad-impl.h"

dfg_node * gb_fail(gctx * c, dfg_status st)
{
    if (!c->st)
        c->st = st ? st : dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: internal error");
    return NULL;
}

void gb_release(gctx * c)
{
    for (int k = c->n_temps - 1; k >= 0; k--)
        dfg_node_unuse(c->temps[k]);
    dfg_free(c->temps);
    c->temps = NULL;
    c->n_temps = c->cap = 0;
}

/* Takes ownership of n's one use. */
static dfg_node * keep(gctx * c, dfg_node * n);
dfg_node * gb_keep(gctx * c, dfg_node * n)
{
    if (!n)
        return gb_fail(c, DFG_ERR_INTERNAL);
    return keep(c, n);
}

static dfg_node * keep(gctx * c, dfg_node * n)
{
    if (c->n_temps == c->cap) {
        int nc = c->cap ? 2 * c->cap : 32;
        dfg_node ** t = dfg_realloc(c->temps, (size_t)nc * sizeof *t);
        if (!t) {
            dfg_node_unuse(n);
            return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
        }
        c->temps = t;
        c->cap = nc;
    }
    c->temps[c->n_temps++] = n;
    return n;
}

dfg_node * gb_op(gctx * c, int op, int n, dfg_node * const * in, const dfg_attr * a)
{
    if (c->st)
        return NULL;
    for (int k = 0; k < n; k++)
        if (!in[k])
            return gb_fail(c, dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: missing operand of %s",
                                            dfg_ops[op].name));
    dfg_node * y;
    dfg_status st = dfg_build(op, n, in, a, &y);
    if (st)
        return gb_fail(c, st);
    return keep(c, y);
}

dfg_node * gb_op1(gctx * c, int op, dfg_node * x)
{
    return gb_op(c, op, 1, &x, NULL);
}

dfg_node * gb_op2(gctx * c, int op, dfg_node * x, dfg_node * y)
{
    dfg_node * in[2] = {x, y};
    return gb_op(c, op, 2, in, NULL);
}

dfg_node * gb_op1i(gctx * c, int op, dfg_node * x, int64_t i0)
{
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = i0;
    return gb_op(c, op, 1, &x, &a);
}

/* ---- constants ---------------------------------------------------------- */

/* A leaf handed out as an id becomes a temporary: its handle turns into
 * the context's use. */
static dfg_node * adopt(gctx * c, dfg_status st, dfg_id id)
{
    if (st)
        return gb_fail(c, st);
    dfg_node * n = dfg_node_get(id);
    if (!n)
        return gb_fail(c, DFG_ERR_INTERNAL);
    n->handles--;
    n->uses++;
    return keep(c, n);
}

dfg_node * gb_fill(gctx * c, int dt, int nd, const int64_t * dims, double v)
{
    if (c->st)
        return NULL;
    dfg_id id = 0;
    /* (a symbolic size: a broadcast scalar, with no data to write) */
    dfg_status st = dfg_fill((dfg_dtype)dt, nd, dims, v, &id);
    return adopt(c, st, id);
}

dfg_node * gb_scalar(gctx * c, int dt, double v)
{
    int64_t d[2] = {1, 1};
    return gb_fill(c, dt == DFG_LOGICAL ? DFG_DOUBLE : dt, 2, d, v);
}

dfg_node * gb_zeros_like(gctx * c, const dfg_node * x)
{
    if (!x)
        return gb_fail(c, DFG_ERR_INTERNAL);
    return gb_fill(c, x->dtype == DFG_LOGICAL ? DFG_DOUBLE : x->dtype, x->ndim, x->dims, 0);
}

dfg_node * gb_const(gctx * c, int dt, int nd, const int64_t * dims, const void * data)
{
    if (c->st)
        return NULL;
    dfg_id id = 0;
    dfg_status st = dfg_constant((dfg_dtype)dt, nd, dims, data, &id);
    return adopt(c, st, id);
}

dfg_node * gb_eye(gctx * c, int dt, int64_t n)
{
    if (c->st)
        return NULL;
    int64_t d[2] = {n, n};
    dfg_node * z = gb_fill(c, dt, 2, d, 0);
    if (!z || !z->data)
        return gb_fail(c, DFG_ERR_INTERNAL);
    for (int64_t i = 0; i < n; i++) {
        if (dt == DFG_DOUBLE)
            ((double *)z->data)[i + n * i] = 1;
        else if (dt == DFG_SINGLE)
            ((float *)z->data)[i + n * i] = 1;
        else
            ((char *)z->data)[i + n * i] = 1;
    }
    return z;
}

/* ---- arithmetic ----------------------------------------------------------- */

dfg_node * gb_add(gctx * c, dfg_node * a, dfg_node * b) { return gb_op2(c, DFG_OP_ADD, a, b); }
dfg_node * gb_sub(gctx * c, dfg_node * a, dfg_node * b) { return gb_op2(c, DFG_OP_SUB, a, b); }
dfg_node * gb_mul(gctx * c, dfg_node * a, dfg_node * b) { return gb_op2(c, DFG_OP_MUL, a, b); }
dfg_node * gb_div(gctx * c, dfg_node * a, dfg_node * b) { return gb_op2(c, DFG_OP_DIV, a, b); }
dfg_node * gb_neg(gctx * c, dfg_node * a)               { return gb_op1(c, DFG_OP_NEG, a); }
dfg_node * gb_sq(gctx * c, dfg_node * a)                { return gb_mul(c, a, a); }

dfg_node * gb_muls(gctx * c, dfg_node * a, double s)
{
    if (!a)
        return gb_fail(c, DFG_ERR_INTERNAL);
    return gb_mul(c, a, gb_scalar(c, a->dtype, s));
}

dfg_node * gb_adds(gctx * c, dfg_node * a, double s)
{
    if (!a)
        return gb_fail(c, DFG_ERR_INTERNAL);
    return gb_add(c, a, gb_scalar(c, a->dtype, s));
}

dfg_node * gb_merge(gctx * c, dfg_node * mask, dfg_node * a, dfg_node * b)
{
    dfg_node * in[3] = {mask, a, b};
    return gb_op(c, DFG_OP_MERGE, 3, in, NULL);
}

dfg_node * gb_safe_recip(gctx * c, dfg_node * d)
{
    if (!d)
        return gb_fail(c, DFG_ERR_INTERNAL);
    dfg_node * zero = gb_scalar(c, d->dtype, 0);
    dfg_node * z = gb_op2(c, DFG_OP_EQ, d, zero);
    dfg_node * safe = gb_merge(c, z, gb_scalar(c, d->dtype, 1), d);
    return gb_merge(c, z, zero, gb_div(c, gb_scalar(c, d->dtype, 1), safe));
}

/* ---- shape ------------------------------------------------------------------ */

dfg_node * gb_cast(gctx * c, dfg_node * x, int dt)
{
    if (!x)
        return gb_fail(c, DFG_ERR_INTERNAL);
    if (x->dtype == dt)
        return x;
    return gb_op1i(c, DFG_OP_CAST, x, dt);
}

/* op (x) with attr [ndim, dims] (RESHAPE, BROADCAST); x itself when it
 * already has that (normalized) size. */
static dfg_node * to_shape(gctx * c, int op, dfg_node * x, int nd, const int64_t * dims)
{
    if (!x)
        return gb_fail(c, DFG_ERR_INTERNAL);
    int64_t d[DFG_MAX_DIMS] = {1, 1};
    memcpy(d, dims, (size_t)nd * sizeof *d);
    nd = dfg_shape_normalize(nd < 2 ? 2 : nd, d);
    if (nd == x->ndim && !memcmp(d, x->dims, (size_t)nd * sizeof *d))
        return x;
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = nd;
    memcpy(a.i + 1, d, (size_t)nd * sizeof *d);
    return gb_op(c, op, 1, &x, &a);
}

dfg_node * gb_reshape(gctx * c, dfg_node * x, int nd, const int64_t * dims)
{
    return to_shape(c, DFG_OP_RESHAPE, x, nd, dims);
}

dfg_node * gb_reshape_like(gctx * c, dfg_node * x, const dfg_node * like)
{
    if (!like)
        return gb_fail(c, DFG_ERR_INTERNAL);
    return gb_reshape(c, x, like->ndim, like->dims);
}

dfg_node * gb_transpose(gctx * c, dfg_node * x)
{
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = 2; a.i[1] = 1; a.i[2] = 0;
    return gb_op(c, DFG_OP_PERMUTE, 1, &x, &a);
}

dfg_node * gb_sum(gctx * c, dfg_node * x, int dim)
{
    return gb_op1i(c, DFG_OP_SUM, x, dim);
}

dfg_node * gb_sum_all(gctx * c, dfg_node * x)
{
    if (!x)
        return gb_fail(c, DFG_ERR_INTERNAL);
    int64_t d[2] = {x->numel, 1};
    return gb_sum(c, gb_reshape(c, x, 2, d), 0);
}

dfg_node * gb_sum_to(gctx * c, dfg_node * g, const dfg_node * like)
{
    if (!g || !like)
        return gb_fail(c, DFG_ERR_INTERNAL);
    for (int j = 0; j < g->ndim && g; j++) {
        int64_t e = j < like->ndim ? like->dims[j] : 1;
        if (e == 1 && g->dims[j] != 1)
            g = gb_sum(c, g, j);
    }
    g = gb_reshape_like(c, g, like);
    if (g && like->dtype != DFG_LOGICAL)
        g = gb_cast(c, g, like->dtype);
    return g;
}

dfg_node * gb_broadcast_to(gctx * c, dfg_node * x, int nd, const int64_t * dims)
{
    return to_shape(c, DFG_OP_BROADCAST, x, nd, dims);
}

/* gb_take of an x with a symbolic size (off dim: the caller's length
 * along dim is a number): TAKE by the 1-based positions broadcast to x's
 * other dims, since GATHER's header holds numbers only */
static dfg_node * take_sym(gctx * c, dfg_node * x, int dim, const int64_t * list, int64_t n)
{
    int nd = x->ndim > dim + 1 ? x->ndim : dim + 1;
    int64_t di[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
    for (int j = 0; j < nd; j++) {
        di[j] = j == dim ? n : 1;
        db[j] = j == dim ? n : j < x->ndim ? x->dims[j] : 1;
    }
    double * pv = dfg_malloc((size_t)(n + 1) * sizeof *pv);
    if (!pv)
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    for (int64_t i = 0; i < n; i++)
        pv[i] = (double)list[i] + 1;
    dfg_node * p = gb_const(c, DFG_DOUBLE, nd, di, pv);
    dfg_free(pv);
    dfg_node * in[2] = {x, gb_broadcast_to(c, p, nd, db)};
    if (!in[1])
        return NULL;
    dfg_attr a = {{dim}, {0}, NULL, 0};
    return gb_op(c, DFG_OP_TAKE, 2, in, &a);
}

dfg_node * gb_take(gctx * c, dfg_node * x, int dim, const int64_t * list, int64_t n)
{
    if (!x || c->st)
        return gb_fail(c, DFG_ERR_INTERNAL);
    if (x->numel < 0)
        return take_sym(c, x, dim, list, n);
    int nd = x->ndim > dim + 1 ? x->ndim : dim + 1;
    /* header: [k, view (k), counts (k), nd_out, dims_out, list] */
    int64_t len = 2 + 2 * (int64_t)nd + nd + n;
    int64_t * h = dfg_malloc((size_t)len * sizeof *h);
    if (!h)
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    h[0] = nd;
    for (int j = 0; j < nd; j++) {
        h[1 + j] = j < x->ndim ? x->dims[j] : 1;
        h[1 + nd + j] = j == dim ? n : -1;
        h[2 + 2 * nd + j] = j == dim ? n : h[1 + j];
    }
    h[1 + 2 * nd] = nd;
    memcpy(h + 2 + 3 * nd, list, (size_t)n * sizeof *h);
    dfg_attr a = {{0}, {0}, h, len};
    dfg_node * y = gb_op(c, DFG_OP_GATHER, 1, &x, &a);
    dfg_free(h);
    return y;
}

dfg_node * gb_slice(gctx * c, dfg_node * x, int dim, int64_t lo, int64_t hi)
{
    if (!x || c->st)
        return gb_fail(c, DFG_ERR_INTERNAL);
    int64_t e = dim < x->ndim ? x->dims[dim] : 1;
    if (lo == 0 && hi == e)
        return x;
    int64_t n = hi > lo ? hi - lo : 0;
    int64_t * l = dfg_malloc((size_t)(n ? n : 1) * sizeof *l);
    if (!l)
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    for (int64_t i = 0; i < n; i++)
        l[i] = lo + i;
    dfg_node * y = gb_take(c, x, dim, l, n);
    dfg_free(l);
    return y;
}

dfg_node * gb_flip(gctx * c, dfg_node * x, int dim)
{
    if (!x || c->st)
        return gb_fail(c, DFG_ERR_INTERNAL);
    int64_t e = dim < x->ndim ? x->dims[dim] : 1;
    if (e <= 1)
        return x;
    int64_t * l = dfg_malloc((size_t)e * sizeof *l);
    if (!l)
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    for (int64_t i = 0; i < e; i++)
        l[i] = e - 1 - i;
    dfg_node * y = gb_take(c, x, dim, l, e);
    dfg_free(l);
    return y;
}

dfg_node * gb_cat(gctx * c, int dim, int n, dfg_node * const * xs)
{
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = dim;
    return gb_op(c, DFG_OP_CAT, n, xs, &a);
}

dfg_node * gb_matmul(gctx * c, dfg_node * a, dfg_node * b, int ta, int tb)
{
    dfg_node * in[2] = {a, b};
    dfg_attr t = {{0}, {0}, NULL, 0};
    t.i[0] = ta;
    t.i[1] = tb;
    return gb_op(c, DFG_OP_MATMUL, 2, in, &t);
}

/* A constant logical mask of x's (2-D) size: i - j <= -k (upper) or
 * i - j >= -k (lower), as triu / tril. */
dfg_node * gb_tri(gctx * c, dfg_node * x, int upper, int64_t k)
{
    if (!x || c->st)
        return gb_fail(c, DFG_ERR_INTERNAL);
    int64_t m = x->dims[0], q = x->dims[1];
    dfg_node * mask = gb_fill(c, DFG_LOGICAL, 2, x->dims, 0);
    if (!mask || !mask->data)
        return gb_fail(c, DFG_ERR_INTERNAL);
    char * p = mask->data;
    for (int64_t j = 0; j < q; j++)
        for (int64_t i = 0; i < m; i++)
            p[i + m * j] = upper ? (j - i >= k) : (j - i <= k);
    return gb_merge(c, mask, x, gb_scalar(c, x->dtype, 0));
}

dfg_node * gb_diag_part(gctx * c, dfg_node * x)
{
    if (!x || c->st)
        return gb_fail(c, DFG_ERR_INTERNAL);
    int64_t m = x->dims[0], q = x->dims[1], k = m < q ? m : q;
    int64_t * l = dfg_malloc((size_t)(k ? k : 1) * sizeof *l);
    if (!l)
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    for (int64_t i = 0; i < k; i++)
        l[i] = i + m * i;
    int64_t d[2] = {x->numel, 1};
    dfg_node * y = gb_take(c, gb_reshape(c, x, 2, d), 0, l, k);
    dfg_free(l);
    return y;
}

dfg_node * gb_diag_matrix(gctx * c, dfg_node * v)
{
    if (!v || c->st)
        return gb_fail(c, DFG_ERR_INTERNAL);
    int64_t n = v->numel;
    /* eye(n) .* v(:)' broadcast down the columns */
    dfg_node * e = gb_eye(c, v->dtype == DFG_LOGICAL ? DFG_DOUBLE : v->dtype, n);
    int64_t r[2] = {1, n};
    return gb_mul(c, e, gb_reshape(c, v, 2, r));
}

dfg_node * gb_part(gctx * c, dfg_node * packed, int64_t off, int64_t r, int64_t q)
{
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = off; a.i[1] = 2; a.i[2] = r; a.i[3] = q;
    return gb_op(c, DFG_OP_PART, 1, &packed, &a);
}
