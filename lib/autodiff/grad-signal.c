/* lib/autodiff/grad-signal.c -- gradient rules of the SIGNAL ops (CONV,
 * FILTER; lib/base/ops.def).  Every adjoint is again CONV and FILTER with
 * flips, sums and reshapes, so higher orders follow.
 *
 * CONV (a, b; off, len): y(k) = sum_m a(m) b(k + off - m).  Its adjoint in
 * a is the correlation ga(m) = sum_k g(k) b(k + off - m) = CONV (g, flip
 * (b); nb - 1 - off, na), and in b CONV (g, flip (a); na - 1 - off, nb);
 * an operand used for every slice (a vector along the dimension) gets the
 * sum over the slices.
 *
 * CONV2 likewise in both dimensions, both operands flipped in both.
 *
 * FILTER (b, a, x, si): with c = a / a(1), d = b / a(1), y solves
 * sum_k c(k) y(n-k) = sum_k d(k) x(n-k) + si(n) (si zero past its end).
 * H, the filter 1/c, is lower triangular Toeplitz, its transpose
 * flip H flip, so with w = flip (filter (a(1), a, flip (g))) = H' g:
 *   gx  = flip (filter (b, a, flip (g)))          (filters commute)
 *   gsi = w(0 .. L-2), zero past x's length
 *   gd(k) = sum_n w(n) x(n-k),  gc(k) = -sum_n w(n) y(n-k)  (k = 0 too:
 *           the derivative in an unnormalised c(1))
 * and through the normalisation (y depends on (d, c) = (b, a) / a(1), and
 * is unchanged by scaling b, a and si together): gb = gd / a(1), ga =
 * (gc + e1 * sum (gsi .* si)) / a(1). */
#include "grad-impl.h"

#define X(k) (y->in[k])

static int64_t along(const dfg_node * x, int dim)
{
    return dim < x->ndim ? x->dims[dim] : 1;
}

static dfg_node * conv(gctx * c, dfg_node * a, dfg_node * b, int dim, int64_t off, int64_t len)
{
    dfg_node * in[2] = {a, b};
    dfg_attr at = {{dim, off, len}, {0}, NULL, 0};
    if (!a || !b)
        return gb_fail(c, DFG_ERR_INTERNAL);
    return gb_op(c, DFG_OP_CONV, 2, in, &at);
}

static dfg_node * filter(gctx * c, dfg_node * b, dfg_node * a, dfg_node * x, int dim)
{
    int64_t z[2] = {0, 0};
    if (!b || !a || !x)
        return gb_fail(c, DFG_ERR_INTERNAL);
    dfg_node * in[4] = {b, a, x, gb_fill(c, x->dtype, 2, z, 0)};
    dfg_attr at = {{dim}, {0}, NULL, 0};
    return in[3] ? gb_op(c, DFG_OP_FILTER, 4, in, &at) : NULL;
}

/* s (x's layout with len along dim) summed over every other dimension and
 * given like's size (numel len) */
static dfg_node * collapse(gctx * c, dfg_node * s, int dim, const dfg_node * like)
{
    for (int j = 0; s && j < s->ndim; j++)
        if (j != dim && s->dims[j] != 1)
            s = gb_sum(c, s, j);
    return gb_reshape_like(c, s, like);
}

static void grad_conv(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    int dim = (int)y->iattr[0];
    int64_t off = y->iattr[1], na = along(X(0), dim), nb = along(X(1), dim);
    if (need[0])
        gx[0] = gb_sum_to(c, conv(c, g, gb_flip(c, X(1), dim), dim, nb - 1 - off, na), X(0));
    if (need[1])
        gx[1] = gb_sum_to(c, conv(c, g, gb_flip(c, X(0), dim), dim, na - 1 - off, nb), X(1));
}

/* CONV2: the same in both dimensions (both operands flipped in both) */
static dfg_node * conv2(gctx * c, dfg_node * a, dfg_node * b, int64_t offr, int64_t lr,
                        int64_t offc, int64_t lc)
{
    dfg_node * in[2] = {a, b};
    dfg_attr at = {{0, offr, lr, offc, lc}, {0}, NULL, 0};
    if (!a || !b)
        return gb_fail(c, DFG_ERR_INTERNAL);
    return gb_op(c, DFG_OP_CONV2, 2, in, &at);
}

static void grad_conv2(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * a = X(0), * b = X(1);
    int64_t offr = y->iattr[1], offc = y->iattr[3];
    int64_t ma = a->dims[0], na = a->dims[1], mb = b->dims[0], nb = b->dims[1];
    if (need[0])
        gx[0] = conv2(c, g, gb_flip(c, gb_flip(c, b, 0), 1), mb - 1 - offr, ma, nb - 1 - offc, na);
    if (need[1])
        gx[1] = conv2(c, g, gb_flip(c, gb_flip(c, a, 0), 1), ma - 1 - offr, mb, na - 1 - offc, nb);
}

static void grad_filter(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    int dim = (int)y->iattr[0];
    dfg_node * b = X(0), * a = X(1), * x = X(2), * si = X(3);
    int64_t n = along(x, dim), nb = b->numel, na = a->numel, l = na > nb ? na : nb;
    int dt = y->dtype;
    if (n == 0 || y->numel == 0)
        return;                                     /* every adjoint is zero */
    dfg_node * gf = gb_flip(c, g, dim);
    if (need[2])
        gx[2] = gb_flip(c, filter(c, b, a, gf, dim), dim);
    int want_si = need[3] && si->numel > 0;
    if (!need[0] && !need[1] && !want_si)
        return;
    if (x->numel < 0) {
        /* the gradients in b and a sum correlations over X's slices */
        char s[256];
        gb_fail(c, dfg_set_error(DFG_ERR_SYMBOLIC,
                                 "dfg.filter: the gradient in B and A is not defined for a symbolic X (%s); "
                                 "make the graph with a concrete size (the gradient in X is)",
                                 dfg_shape_str(x->ndim, x->dims, s, sizeof s)));
        return;
    }
    int64_t col[2] = {na, 1};
    dfg_node * one = gb_scalar(c, dt, 1);
    dfg_node * a0 = conv(c, one, gb_reshape(c, a, 2, col), 0, 0, 1);        /* a(1) */
    dfg_node * w = gb_flip(c, filter(c, a0, a, gf, dim), dim);
    dfg_node * gs = NULL;
    if (want_si || (need[1] && si->numel > 0)) {
        /* w's first L-1 along dim, the dimension moved first, si's size */
        dfg_node * t = conv(c, one, w, dim, 0, l - 1);
        if (t && dim > 0) {
            int nd = t->ndim > dim + 1 ? t->ndim : dim + 1;     /* t may end in 1s */
            dfg_attr p = {{nd}, {0}, NULL, 0};
            p.i[1] = dim;
            for (int k = 0, q = 2; k < nd; k++)
                if (k != dim)
                    p.i[q++] = k;
            t = gb_op(c, DFG_OP_PERMUTE, 1, &t, &p);
        }
        gs = gb_reshape_like(c, t, si);
        if (want_si)
            gx[3] = gs;
    }
    if (need[0])
        gx[0] = gb_div(c, collapse(c, conv(c, w, gb_flip(c, x, dim), dim, n - 1, nb), dim, b), a0);
    if (need[1]) {
        dfg_node * ga = gb_neg(c, collapse(c, conv(c, w, gb_flip(c, y, dim), dim, n - 1, na), dim, a));
        if (si->numel > 0) {
            dfg_node * e = gb_sum_all(c, gb_mul(c, gs, si));       /* 1x1 */
            ga = gb_add(c, ga, gb_reshape_like(c, conv(c, e, one, 0, 0, na), a));
        }
        gx[1] = gb_div(c, ga, a0);
    }
}

void dfg_grad_signal(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    if (y->op == DFG_OP_CONV)
        grad_conv(c, y, g, need, gx);
    else if (y->op == DFG_OP_CONV2)
        grad_conv2(c, y, g, need, gx);
    else
        grad_filter(c, y, g, need, gx);
}
