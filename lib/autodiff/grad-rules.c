/* lib/autodiff/grad-rules.c -- gradient rules for element-wise, reduction, scan and
 * re-index ops and mtimes (linear algebra: lib/autodiff/grad-linalg.c).
 *
 * Each rule builds the adjoint of its inputs from g, the adjoint of y (see
 * lib/autodiff/grad-impl.h).  Rules use only differentiable ops, so the gradient of
 * a gradient is again a gradient.  Conventions, chosen once:
 *   - at a kink the rule gives one subgradient: abs'(0) = sign(0) = 0;
 *     max/min pass the gradient to the element Octave returns (the first
 *     maximum along a dimension; for max(a, b) a on ties, and whichever is
 *     not NaN);
 *   - floor, ceil, round, fix, sign have zero derivative where defined, and
 *     mod(a, b) / rem(a, b) have derivative 1 in a and -floor(a./b) /
 *     -fix(a./b) in b (0 where b == 0, where mod(a, 0) = a);
 *   - divisions that a rule adds are guarded ("safe" reciprocals) where a
 *     zero is a legitimate value, so that NaNs do not leak into gradients
 *     of well-defined points.
 */
#include <math.h>
#include <string.h>
#include "grad-impl.h"

/* C11 has no M_PI & co. */
static const double LN2 = 0.693147180559945309417232121458;
static const double LN10 = 2.30258509299404568401799145468;
static const double PI = 3.14159265358979323846264338328;

#define X(k) (y->in[k])
#define UNUSED_RULE_ARGS (void)need

static int dim_attr(const dfg_node * y) { return (int)y->iattr[0]; }

static int64_t extent(const dfg_node * x, int d) { return d < x->ndim ? x->dims[d] : 1; }

/* ---- element-wise unary: gx = g .* f'(x) ----------------------------------- */

static dfg_node * unary_partial(gctx * c, dfg_node * y)
{
    dfg_node * x = X(0);
    int dt = y->dtype;
    switch (y->op) {
    case DFG_OP_EXP:   return y;
    case DFG_OP_LOG:   return gb_div(c, gb_scalar(c, dt, 1), x);
    case DFG_OP_LOG1P: return gb_div(c, gb_scalar(c, dt, 1), gb_adds(c, x, 1));
    case DFG_OP_EXPM1: return gb_adds(c, y, 1);
    case DFG_OP_LOG2:  return gb_div(c, gb_scalar(c, dt, 1 / LN2), x);
    case DFG_OP_LOG10: return gb_div(c, gb_scalar(c, dt, 1 / LN10), x);
    case DFG_OP_SQRT:  return gb_div(c, gb_scalar(c, dt, 0.5), y);
    case DFG_OP_ABS:   return gb_op1(c, DFG_OP_SIGN, x);
    case DFG_OP_SIN:   return gb_op1(c, DFG_OP_COS, x);
    case DFG_OP_COS:   return gb_neg(c, gb_op1(c, DFG_OP_SIN, x));
    case DFG_OP_TAN:   return gb_adds(c, gb_sq(c, y), 1);
    case DFG_OP_ASIN:
        return gb_div(c, gb_scalar(c, dt, 1),
                      gb_op1(c, DFG_OP_SQRT, gb_sub(c, gb_scalar(c, dt, 1), gb_sq(c, x))));
    case DFG_OP_ACOS:
        return gb_div(c, gb_scalar(c, dt, -1),
                      gb_op1(c, DFG_OP_SQRT, gb_sub(c, gb_scalar(c, dt, 1), gb_sq(c, x))));
    case DFG_OP_ATAN:  return gb_div(c, gb_scalar(c, dt, 1), gb_adds(c, gb_sq(c, x), 1));
    case DFG_OP_SINH:  return gb_op1(c, DFG_OP_COSH, x);
    case DFG_OP_COSH:  return gb_op1(c, DFG_OP_SINH, x);
    case DFG_OP_TANH:  return gb_sub(c, gb_scalar(c, dt, 1), gb_sq(c, y));
    case DFG_OP_ASINH:
        return gb_div(c, gb_scalar(c, dt, 1), gb_op1(c, DFG_OP_SQRT, gb_adds(c, gb_sq(c, x), 1)));
    case DFG_OP_ACOSH:
        /* 1 / (sqrt(x-1) sqrt(x+1)): no cancellation in x^2 - 1 near 1 */
        return gb_div(c, gb_scalar(c, dt, 1),
                      gb_mul(c, gb_op1(c, DFG_OP_SQRT, gb_adds(c, x, -1)),
                             gb_op1(c, DFG_OP_SQRT, gb_adds(c, x, 1))));
    case DFG_OP_ATANH: return gb_div(c, gb_scalar(c, dt, 1), gb_sub(c, gb_scalar(c, dt, 1), gb_sq(c, x)));
    case DFG_OP_ERF:
    case DFG_OP_ERFC: {
        double k = (y->op == DFG_OP_ERF ? 2 : -2) / sqrt(PI);
        return gb_muls(c, gb_op1(c, DFG_OP_EXP, gb_neg(c, gb_sq(c, x))), k);
    }
    case DFG_OP_GAMMA:   return gb_mul(c, y, gb_op1i(c, DFG_OP_PSI, x, 0));
    case DFG_OP_GAMMALN: return gb_op1i(c, DFG_OP_PSI, x, 0);
    case DFG_OP_PSI:     return gb_op1i(c, DFG_OP_PSI, x, y->iattr[0] + 1);
    /* 1 / (3 cbrt(x)^2): Inf at 0, as sqrt's 0.5 / sqrt(x) */
    case DFG_OP_CBRT:    return gb_div(c, gb_scalar(c, dt, 1.0 / 3), gb_sq(c, y));
    /* +-sqrt(pi)/2 exp(erfinv(x)^2): Inf at the ends of the domain */
    case DFG_OP_ERFINV:
    case DFG_OP_ERFCINV:
        return gb_muls(c, gb_op1(c, DFG_OP_EXP, gb_sq(c, y)),
                       (y->op == DFG_OP_ERFINV ? 0.5 : -0.5) * sqrt(PI));
    }
    return gb_fail(c, dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: no derivative for %s",
                                    dfg_ops[y->op].name));
}

static void grad_unary(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    gx[0] = gb_mul(c, g, unary_partial(c, y));
}

/* Piecewise-constant ops: zero gradient (NULL = no contribution). */
static void grad_zero(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    (void)c; (void)y; (void)g; (void)need; (void)gx;
}

static void grad_neg(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS; (void)y;
    gx[0] = gb_neg(c, g);
}

static void grad_cast(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    if (X(0)->dtype != DFG_LOGICAL)
        gx[0] = gb_cast(c, g, X(0)->dtype);
}

/* ---- element-wise binary (broadcasting: adjoints are summed back) ---------- */

/* Whether node x is a constant with no element equal to 0. */
static int const_nonzero(const dfg_node * x)
{
    if (x->op != DFG_OP_CONSTANT || !x->data)
        return 0;
    for (int64_t i = 0; i < x->numel; i++) {
        double v = x->dtype == DFG_DOUBLE ? ((const double *)x->data)[i]
                 : x->dtype == DFG_SINGLE ? ((const float *)x->data)[i]
                 : ((const char *)x->data)[i];
        if (v == 0)
            return 0;
    }
    return 1;
}

static void grad_binary(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * a = X(0), * b = X(1), * ga = NULL, * gbn = NULL;
    int dt = y->dtype;
    switch (y->op) {
    case DFG_OP_ADD:
        ga = g; gbn = g;
        break;
    case DFG_OP_SUB:
        ga = g;
        if (need[1]) gbn = gb_neg(c, g);
        break;
    case DFG_OP_MUL:
        if (need[0]) ga = gb_mul(c, g, b);
        if (need[1]) gbn = gb_mul(c, g, a);
        break;
    case DFG_OP_DIV: {
        dfg_node * q = gb_div(c, g, b);
        ga = q;
        if (need[1]) gbn = gb_neg(c, gb_mul(c, q, y));
        break;
    }
    case DFG_OP_POW:
        if (need[0]) {
            /* b .* a.^(b-1); where b == 0 the derivative is 0 (also at a = 0) */
            dfg_node * d = gb_mul(c, b, gb_op2(c, DFG_OP_POW, a, gb_adds(c, b, -1)));
            if (!const_nonzero(b))
                d = gb_merge(c, gb_op2(c, DFG_OP_EQ, b, gb_scalar(c, dt, 0)), gb_scalar(c, dt, 0), d);
            ga = gb_mul(c, g, d);
        }
        if (need[1]) {
            /* y .* log|a|: the real part where a < 0; 0 where a == 0 */
            dfg_node * z = gb_op2(c, DFG_OP_EQ, a, gb_scalar(c, dt, 0));
            dfg_node * la = gb_op1(c, DFG_OP_LOG,
                                   gb_op1(c, DFG_OP_ABS, gb_merge(c, z, gb_scalar(c, dt, 1), a)));
            gbn = gb_merge(c, z, gb_scalar(c, dt, 0), gb_mul(c, g, gb_mul(c, y, la)));
        }
        break;
    case DFG_OP_ATAN2: {
        dfg_node * r = gb_safe_recip(c, gb_add(c, gb_sq(c, a), gb_sq(c, b)));
        if (need[0]) ga = gb_mul(c, g, gb_mul(c, b, r));
        if (need[1]) gbn = gb_neg(c, gb_mul(c, g, gb_mul(c, a, r)));
        break;
    }
    case DFG_OP_HYPOT: {
        dfg_node * r = gb_mul(c, g, gb_safe_recip(c, y));
        if (need[0]) ga = gb_mul(c, r, a);
        if (need[1]) gbn = gb_mul(c, r, b);
        break;
    }
    case DFG_OP_MOD:
    case DFG_OP_REM:
        ga = g;
        if (need[1]) {
            dfg_node * z = gb_op2(c, DFG_OP_EQ, b, gb_scalar(c, dt, 0));
            dfg_node * q = gb_div(c, a, gb_merge(c, z, gb_scalar(c, dt, 1), b));
            q = gb_op1(c, y->op == DFG_OP_MOD ? DFG_OP_FLOOR : DFG_OP_FIX, q);
            gbn = gb_merge(c, z, gb_scalar(c, dt, 0), gb_neg(c, gb_mul(c, g, q)));
        }
        break;
    case DFG_OP_MAX2:
    case DFG_OP_MIN2: {
        /* a wins where a >= b (max) / a <= b (min), or where b is NaN */
        dfg_node * m = gb_op2(c, y->op == DFG_OP_MAX2 ? DFG_OP_GE : DFG_OP_LE, a, b);
        m = gb_op2(c, DFG_OP_OR, m, gb_op2(c, DFG_OP_NE, b, b));
        dfg_node * zero = gb_scalar(c, dt, 0);
        if (need[0]) ga = gb_merge(c, m, g, zero);
        if (need[1]) gbn = gb_merge(c, m, zero, g);
        break;
    }
    default:
        gb_fail(c, dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: no rule for %s", dfg_ops[y->op].name));
        return;
    }
    if (need[0] && ga)
        gx[0] = gb_sum_to(c, ga, a);
    if (need[1] && gbn)
        gx[1] = gb_sum_to(c, gbn, b);
}

static void grad_merge(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * zero = gb_scalar(c, y->dtype, 0);
    if (need[1])
        gx[1] = gb_sum_to(c, gb_merge(c, X(0), g, zero), X(1));
    if (need[2])
        gx[2] = gb_sum_to(c, gb_merge(c, X(0), zero, g), X(2));
}

/* ---- reductions and scans ------------------------------------------------------ */

static void grad_sum(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    gx[0] = gb_broadcast_to(c, g, X(0)->ndim, X(0)->dims);
}

/* exclusive cumulative product along d: [1, x1, x1 x2, ...] */
static dfg_node * excl_cumprod(gctx * c, dfg_node * x, int d)
{
    int64_t n = extent(x, d);
    int64_t dims[DFG_MAX_DIMS];
    int nd = x->ndim > d + 1 ? x->ndim : d + 1;
    for (int j = 0; j < nd; j++)
        dims[j] = j == d ? 1 : extent(x, j);
    dfg_node * one = gb_fill(c, x->dtype, nd, dims, 1);
    if (n <= 1)
        return one;
    dfg_node * parts[2] = {one, gb_op1i(c, DFG_OP_CUMPROD, gb_slice(c, x, d, 0, n - 1), d)};
    return gb_cat(c, d, 2, parts);
}

static void grad_prod(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    dfg_node * x = X(0);
    int d = dim_attr(y);
    if (x->numel == 0)
        return;
    if (extent(x, d) == 1) {
        gx[0] = gb_reshape_like(c, g, x);
        return;
    }
    /* d prod / d x_i = prod_{j<i} x_j * prod_{j>i} x_j: exact with zeros */
    dfg_node * left = excl_cumprod(c, x, d);
    dfg_node * right = gb_flip(c, excl_cumprod(c, gb_flip(c, x, d), d), d);
    gx[0] = gb_mul(c, gb_mul(c, g, left), right);
}

/* 1:n along dimension d (a constant of class double) */
static dfg_node * iota(gctx * c, int64_t n, int d)
{
    int64_t dims[DFG_MAX_DIMS];
    int nd = d + 1 > 2 ? d + 1 : 2;
    for (int j = 0; j < nd; j++)
        dims[j] = j == d ? n : 1;
    dfg_node * t = gb_fill(c, DFG_DOUBLE, nd, dims, 0);
    if (t && !t->data)
        return gb_fail(c, DFG_ERR_INTERNAL);
    if (t)
        for (int64_t i = 0; i < n; i++)
            ((double *)t->data)[i] = (double)(i + 1);
    return t;
}

static void grad_maxmin(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    dfg_node * x = X(0);
    int d = dim_attr(y);
    if (x->numel == 0)
        return;
    /* to the element Octave's [m, i] = max (x) returns */
    dfg_node * at = gb_op1i(c, y->op == DFG_OP_MAX ? DFG_OP_ARGMAX : DFG_OP_ARGMIN, x, d);
    dfg_node * mask = gb_op2(c, DFG_OP_EQ, iota(c, extent(x, d), d), at);
    gx[0] = gb_merge(c, mask, g, gb_scalar(c, y->dtype, 0));
}

static dfg_node * rev_cumsum(gctx * c, dfg_node * x, int d)
{
    return gb_flip(c, gb_op1i(c, DFG_OP_CUMSUM, gb_flip(c, x, d), d), d);
}

static void grad_cumsum(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    gx[0] = rev_cumsum(c, g, dim_attr(y));
}

static void grad_cumprod(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    dfg_node * x = X(0);
    int d = dim_attr(y), dt = y->dtype;
    if (x->numel == 0)
        return;
    /* before the first zero along d: revcumsum(g .* y) ./ x.  At the first
     * zero z: revcumsum(g .* y1), y1 the cumprod of x1 = x with x_z := 1.
     * After it: x_z .* revcumsum(g .* y1) ./ x1 -- zero in value, and
     * with the right derivative in x_z, so second derivatives are exact
     * along dimensions with at most one zero. */
    dfg_node * zero = gb_scalar(c, dt, 0), * one = gb_scalar(c, dt, 1);
    dfg_node * isz = gb_op2(c, DFG_OP_EQ, x, zero);
    dfg_node * nz = gb_op1i(c, DFG_OP_CUMSUM, isz, d);         /* zeros so far */
    dfg_node * before = gb_op2(c, DFG_OP_EQ, nz, gb_scalar(c, DFG_DOUBLE, 0));
    dfg_node * first = gb_op2(c, DFG_OP_AND, isz, gb_op2(c, DFG_OP_EQ, nz, gb_scalar(c, DFG_DOUBLE, 1)));
    dfg_node * t0 = gb_div(c, rev_cumsum(c, gb_mul(c, g, y), d), gb_merge(c, before, x, one));
    dfg_node * x1 = gb_merge(c, first, one, x);
    dfg_node * t1 = rev_cumsum(c, gb_mul(c, g, gb_op1i(c, DFG_OP_CUMPROD, x1, d)), d);
    dfg_node * xz = gb_sum(c, gb_merge(c, first, x, zero), d);   /* x_z, 0 in value */
    dfg_node * t2 = gb_mul(c, xz, gb_div(c, t1, gb_merge(c, isz, one, x)));
    gx[0] = gb_merge(c, before, t0, gb_merge(c, first, t1, t2));
}

/* ---- re-index ----------------------------------------------------------------- */

/* ---- order: values moved by positions (sort, cummax, cummin) ----------------- */

/* TAKE (x, p) and TAKE_ADD (g, p) are each other's adjoint in their first
 * input (TAKE_ADD back to x's length along the dimension); the positions
 * have none (they are piecewise constant). */
static void grad_take(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    if (!need[0] || X(0)->dtype == DFG_LOGICAL)
        return;
    int dim = (int)dim_attr(y);
    dfg_attr a = {{dim, 0}, {0}, NULL, 0};
    if (y->op == DFG_OP_TAKE && dim < X(0)->ndim)
        a.i[1] = X(0)->dims[dim];
    dfg_node * in[2] = {gb_cast(c, g, X(0)->dtype), X(1)};
    gx[0] = gb_op(c, y->op == DFG_OP_TAKE ? DFG_OP_TAKE_ADD : DFG_OP_TAKE, 2, in, &a);
}

/* DIFF (x) is linear: its adjoint is [0; g] - [g; 0] along the dimension
 * (gx(k) = g(k-1) - g(k), the missing ends zero), made of CAT so that
 * higher orders follow */
static void grad_diff(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    int dim = dim_attr(y);
    int64_t d[DFG_MAX_DIMS];
    int nd = y->ndim > dim + 1 ? y->ndim : dim + 1;
    for (int k = 0; k < nd; k++)
        d[k] = k == dim ? 1 : k < y->ndim ? y->dims[k] : 1;
    dfg_node * z = gb_fill(c, y->dtype, nd, d, 0);
    dfg_node * lo[2] = {z, g}, * hi[2] = {g, z};
    gx[0] = gb_sub(c, gb_cat(c, dim, 2, lo), gb_cat(c, dim, 2, hi));
}

static void grad_reshape(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    gx[0] = gb_reshape_like(c, g, X(0));
}

static void grad_broadcast(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    gx[0] = gb_sum_to(c, g, X(0));
}

static void grad_permute(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    dfg_attr a = {{0}, {0}, NULL, 0};
    int nd = (int)y->iattr[0];
    a.i[0] = nd;
    for (int j = 0; j < nd; j++)
        a.i[1 + y->iattr[1 + j]] = j;
    gx[0] = gb_reshape_like(c, gb_op(c, DFG_OP_PERMUTE, 1, &g, &a), X(0));
}

/* Index header pieces (ops.def GATHER/SCATTER). */
typedef struct hdr {
    int64_t         k;
    const int64_t * view, * cnt, * ix;
    int64_t         n_ix;
    int64_t         nd_out;
    const int64_t * dout;
} hdr;

static hdr decode(const dfg_node * n)
{
    hdr h;
    h.k = n->idx[0];
    h.view = n->idx + 1;
    h.cnt = n->idx + 1 + h.k;
    h.nd_out = n->idx[1 + 2 * h.k];
    h.dout = n->idx + 2 + 2 * h.k;
    h.ix = h.dout + h.nd_out;
    h.n_ix = n->nidx - (2 + 2 * h.k + h.nd_out);
    return h;
}

/* A header with the given view, h's index lists, and result dims. */
static dfg_node * index_op(gctx * c, int op, dfg_node * const * in, int n_in, const hdr * h,
                           const int64_t * view, int nd_out, const int64_t * dout)
{
    if (c->st)
        return NULL;
    int64_t k = h->k, len = 2 + 2 * k + nd_out + h->n_ix;
    int64_t * b = dfg_malloc((size_t)len * sizeof *b);
    if (!b)
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    b[0] = k;
    memcpy(b + 1, view, (size_t)k * sizeof *b);
    memcpy(b + 1 + k, h->cnt, (size_t)k * sizeof *b);
    b[1 + 2 * k] = nd_out;
    memcpy(b + 2 + 2 * k, dout, (size_t)nd_out * sizeof *b);
    memcpy(b + 2 + 2 * k + nd_out, h->ix, (size_t)h->n_ix * sizeof *b);
    dfg_attr a = {{0}, {0}, b, len};
    dfg_node * r = gb_op(c, op, n_in, in, &a);
    dfg_free(b);
    return r;
}

static void grad_gather(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    dfg_node * x = X(0);
    hdr h = decode(y);
    dfg_node * in[2] = {gb_zeros_like(c, x), g};
    gx[0] = index_op(c, DFG_OP_SCATTER_ADD, in, 2, &h, h.view, x->ndim, x->dims);
}

/* The adjoint of x in y = scatter(x, v) or scatter_add(x, v): g with the
 * assigned block cleared (plain assignment), cut to x's leading block. */
static dfg_node * scatter_gx(gctx * c, dfg_node * y, dfg_node * g, const hdr * h)
{
    dfg_node * x = X(0);
    int64_t rv[DFG_MAX_DIMS];
    dfg_shape_fold(y->ndim, y->dims, h->k, rv);
    if (y->op == DFG_OP_SCATTER) {
        dfg_node * in[2] = {g, gb_scalar(c, y->dtype, 0)};
        g = index_op(c, DFG_OP_SCATTER, in, 2, h, rv, y->ndim, y->dims);
    }
    if (x->numel == y->numel)
        return gb_reshape_like(c, g, x);
    /* growth: x sits in the leading block of y's view */
    int64_t k = h->k, len = 2 + 2 * k + x->ndim, tot = 0;
    for (int64_t j = 0; j < k; j++)
        tot += h->view[j];
    int64_t * b = dfg_malloc((size_t)(len + tot) * sizeof *b);
    if (!b)
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    b[0] = k;
    memcpy(b + 1, rv, (size_t)k * sizeof *b);
    for (int64_t j = 0; j < k; j++)
        b[1 + k + j] = h->view[j];
    b[1 + 2 * k] = x->ndim;
    memcpy(b + 2 + 2 * k, x->dims, (size_t)x->ndim * sizeof *b);
    int64_t at = len;
    for (int64_t j = 0; j < k; j++)
        for (int64_t i = 0; i < h->view[j]; i++)
            b[at++] = i;
    dfg_attr a = {{0}, {0}, b, len + tot};
    dfg_node * r = gb_op(c, DFG_OP_GATHER, 1, &g, &a);
    dfg_free(b);
    return r;
}

/* For plain assignment with repeated indices, the last write wins: a mask
 * over the block (column-major) of the positions that survive, or NULL
 * when no position repeats. */
static dfg_node * winners(gctx * c, const hdr * h, const int64_t * rv, int64_t block)
{
    int rep = 0;
    const int64_t * p = h->ix;
    for (int64_t j = 0; j < h->k && !rep; j++) {
        if (h->cnt[j] < 0)
            continue;
        /* a repeat in one list repeats block positions */
        for (int64_t a = 0; a < h->cnt[j] && !rep; a++)
            for (int64_t b = a + 1; b < h->cnt[j] && !rep; b++)
                rep = p[a] == p[b];
        p += h->cnt[j];
    }
    if (!rep || c->st)
        return NULL;
    int64_t d[2] = {block, 1}, total = 1;
    for (int64_t j = 0; j < h->k; j++)
        total *= rv[j];
    dfg_node * m = gb_fill(c, DFG_LOGICAL, 2, d, 0);
    int64_t * last = dfg_malloc((size_t)(total ? total : 1) * sizeof *last);
    if (!m || !m->data || !last) {
        dfg_free(last);
        return gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
    }
    int64_t ctr[DFG_MAX_DIMS] = {0}, str[DFG_MAX_DIMS];
    const int64_t * lists[DFG_MAX_DIMS];
    int64_t cnt[DFG_MAX_DIMS];
    p = h->ix;
    for (int64_t j = 0, s = 1; j < h->k; j++) {
        str[j] = s;
        s *= rv[j];
        lists[j] = h->cnt[j] < 0 ? NULL : p;
        cnt[j] = h->cnt[j] < 0 ? rv[j] : h->cnt[j];
        p += h->cnt[j] < 0 ? 0 : h->cnt[j];
    }
    for (int64_t e = 0; e < block; e++) {
        int64_t off = 0;
        for (int64_t j = 0; j < h->k; j++)
            off += (lists[j] ? lists[j][ctr[j]] : ctr[j]) * str[j];
        last[off] = e;
        for (int64_t j = 0; j < h->k; j++) {
            if (++ctr[j] < cnt[j]) break;
            ctr[j] = 0;
        }
    }
    memset(ctr, 0, sizeof ctr);
    for (int64_t e = 0; e < block; e++) {
        int64_t off = 0;
        for (int64_t j = 0; j < h->k; j++)
            off += (lists[j] ? lists[j][ctr[j]] : ctr[j]) * str[j];
        ((char *)m->data)[e] = last[off] == e;
        for (int64_t j = 0; j < h->k; j++) {
            if (++ctr[j] < cnt[j]) break;
            ctr[j] = 0;
        }
    }
    dfg_free(last);
    return m;
}

static void grad_scatter(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * v = X(1);
    hdr h = decode(y);
    if (need[0])
        gx[0] = scatter_gx(c, y, g, &h);
    if (!need[1])
        return;
    int64_t rv[DFG_MAX_DIMS], block = 1;
    dfg_shape_fold(y->ndim, y->dims, h.k, rv);
    for (int64_t j = 0; j < h.k; j++)
        block *= h.cnt[j] < 0 ? rv[j] : h.cnt[j];
    int64_t col[2] = {block, 1};
    dfg_node * gv = index_op(c, DFG_OP_GATHER, &g, 1, &h, rv, 2, col);
    if (y->op == DFG_OP_SCATTER) {
        dfg_node * m = winners(c, &h, rv, block);
        if (m)
            gv = gb_merge(c, m, gv, gb_scalar(c, y->dtype, 0));
    }
    if (v->numel == 1 && block != 1)
        gv = gb_sum_all(c, gv);
    gx[1] = gb_reshape_like(c, gv, v);
}

static void grad_cat(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    int d = dim_attr(y);
    int64_t off = 0;
    for (int k = 0; k < y->n_in; k++) {
        int64_t e = extent(X(k), d);
        if (need[k])
            gx[k] = gb_reshape_like(c, gb_slice(c, g, d, off, off + e), X(k));
        off += e;
    }
}

static void grad_part(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    UNUSED_RULE_ARGS;
    dfg_node * p = X(0);
    int64_t m = y->numel, len = 2 + 2 + 2 + m;
    int64_t * b = dfg_malloc((size_t)len * sizeof *b);
    if (!b) {
        gb_fail(c, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
        return;
    }
    /* [k = 1, view = numel, count = m, nd_out = 2, dims = packed, offsets] */
    b[0] = 1; b[1] = p->numel; b[2] = m; b[3] = 2; b[4] = p->dims[0]; b[5] = p->dims[1];
    for (int64_t i = 0; i < m; i++)
        b[6 + i] = y->iattr[0] + i;
    dfg_attr a = {{0}, {0}, b, len};
    int64_t col[2] = {m, 1};
    dfg_node * in[2] = {gb_zeros_like(c, p), gb_reshape(c, g, 2, col)};
    gx[0] = gb_op(c, DFG_OP_SCATTER_ADD, 2, in, &a);
    dfg_free(b);
}

/* ---- mtimes --------------------------------------------------------------------- */

static void grad_matmul(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * a = X(0), * b = X(1);
    int ta = (int)y->iattr[0], tb = (int)y->iattr[1];
    /* C = op(A) op(B): dop(A) = G op(B)', dop(B) = op(A)' G */
    if (need[0])
        gx[0] = ta ? gb_matmul(c, b, g, tb, 1) : gb_matmul(c, g, b, 0, !tb);
    if (need[1])
        gx[1] = tb ? gb_matmul(c, g, a, 1, ta) : gb_matmul(c, a, g, !ta, 0);
}

/* ---- the table ------------------------------------------------------------------ */

void dfg_grad_linalg(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx);
void dfg_grad_signal(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx);  /* grad-signal.c */
void dfg_grad_specfun(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx); /* grad-specfun.c */

const dfg_grad_rule dfg_grad_rules[DFG_OP_COUNT] = {
    [DFG_OP_NEG] = grad_neg, [DFG_OP_CAST] = grad_cast,
    [DFG_OP_EXP] = grad_unary, [DFG_OP_LOG] = grad_unary, [DFG_OP_LOG1P] = grad_unary,
    [DFG_OP_EXPM1] = grad_unary, [DFG_OP_LOG2] = grad_unary, [DFG_OP_LOG10] = grad_unary,
    [DFG_OP_SQRT] = grad_unary, [DFG_OP_ABS] = grad_unary, [DFG_OP_SIN] = grad_unary,
    [DFG_OP_COS] = grad_unary, [DFG_OP_TAN] = grad_unary, [DFG_OP_ASIN] = grad_unary,
    [DFG_OP_ACOS] = grad_unary, [DFG_OP_ATAN] = grad_unary, [DFG_OP_SINH] = grad_unary,
    [DFG_OP_COSH] = grad_unary, [DFG_OP_TANH] = grad_unary, [DFG_OP_ASINH] = grad_unary,
    [DFG_OP_ACOSH] = grad_unary, [DFG_OP_ATANH] = grad_unary, [DFG_OP_ERF] = grad_unary,
    [DFG_OP_ERFC] = grad_unary, [DFG_OP_GAMMA] = grad_unary, [DFG_OP_GAMMALN] = grad_unary,
    [DFG_OP_PSI] = grad_unary, [DFG_OP_CBRT] = grad_unary, [DFG_OP_ERFINV] = grad_unary,
    [DFG_OP_ERFCINV] = grad_unary,
    [DFG_OP_SIGN] = grad_zero, [DFG_OP_FLOOR] = grad_zero, [DFG_OP_CEIL] = grad_zero,
    [DFG_OP_ROUND] = grad_zero, [DFG_OP_FIX] = grad_zero,
    [DFG_OP_GAMMAINC] = dfg_grad_specfun, [DFG_OP_BETAINC] = dfg_grad_specfun,
    [DFG_OP_GAMMAINC_DA] = dfg_grad_specfun, [DFG_OP_BETAINC_D] = dfg_grad_specfun,
    [DFG_OP_ADD] = grad_binary, [DFG_OP_SUB] = grad_binary, [DFG_OP_MUL] = grad_binary,
    [DFG_OP_DIV] = grad_binary, [DFG_OP_POW] = grad_binary, [DFG_OP_ATAN2] = grad_binary,
    [DFG_OP_HYPOT] = grad_binary, [DFG_OP_MOD] = grad_binary, [DFG_OP_REM] = grad_binary,
    [DFG_OP_MAX2] = grad_binary, [DFG_OP_MIN2] = grad_binary,
    [DFG_OP_MERGE] = grad_merge,
    [DFG_OP_SUM] = grad_sum, [DFG_OP_PROD] = grad_prod,
    [DFG_OP_MAX] = grad_maxmin, [DFG_OP_MIN] = grad_maxmin,
    [DFG_OP_CUMSUM] = grad_cumsum, [DFG_OP_CUMPROD] = grad_cumprod,
    [DFG_OP_RESHAPE] = grad_reshape, [DFG_OP_PERMUTE] = grad_permute,
    [DFG_OP_GATHER] = grad_gather, [DFG_OP_SCATTER] = grad_scatter,
    [DFG_OP_SCATTER_ADD] = grad_scatter, [DFG_OP_CAT] = grad_cat,
    [DFG_OP_BROADCAST] = grad_broadcast, [DFG_OP_PART] = grad_part,
    [DFG_OP_MATMUL] = grad_matmul,
    [DFG_OP_TAKE] = grad_take, [DFG_OP_TAKE_ADD] = grad_take, [DFG_OP_DIFF] = grad_diff,
    [DFG_OP_CONV] = dfg_grad_signal, [DFG_OP_FILTER] = dfg_grad_signal,
    [DFG_OP_CONV2] = dfg_grad_signal,
    [DFG_OP_MLDIVIDE] = dfg_grad_linalg, [DFG_OP_INV] = dfg_grad_linalg,
    [DFG_OP_DET] = dfg_grad_linalg, [DFG_OP_CHOL] = dfg_grad_linalg,
    [DFG_OP_LU] = dfg_grad_linalg, [DFG_OP_QR] = dfg_grad_linalg,
    [DFG_OP_EIG_SYM] = dfg_grad_linalg, [DFG_OP_SVD] = dfg_grad_linalg,
    [DFG_OP_EXPM] = dfg_grad_linalg, [DFG_OP_SQRTM] = dfg_grad_linalg, [DFG_OP_LOGM] = dfg_grad_linalg,
    [DFG_OP_FRECHET] = dfg_grad_linalg,
    [DFG_OP_PINV] = dfg_grad_linalg,
};
