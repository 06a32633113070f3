/* lib/autodiff/grad-specfun.c -- gradient rules of the incomplete gamma and
 * beta functions (issue 22): GAMMAINC, BETAINC and their derivative ops
 * GAMMAINC_DA, BETAINC_D (lib/base/ops.def; kernels/cpu/specfun-deriv.c).
 *
 * In x the derivatives are closed forms: the integrand h and its
 * derivatives in the parameters (log and psi terms).  In a (and b) they
 * are the derivative ops, whose own derivatives in the parameters are the
 * second-order ops; a third derivative in the parameters is
 * dfg:notDifferentiable (the mixed x-derivatives of every order are built).
 *
 * gammainc (x, a, tail), P = lower, Q = upper:
 *   dP/dx = h = x^(a-1) exp(-x) / Gamma(a),  dQ/dx = -h,
 *   d/da h = h L,  d2/da2 h = h (L^2 - psi1(a)),  L = log x - psi(a);
 *   scaled tails F = P/D or Q/D (D = exp(-x) x^a / Gamma(a+1)), s = +1 or
 *   -1: dF/dx = s a/x - F (a/x - 1), so d/da = s/x - F_a (a/x - 1) - F/x
 *   and d2/da2 = -F_aa (a/x - 1) - 2 F_a / x.
 * betainc (x, a, b), I = lower (upper: every derivative negated):
 *   dI/dx = h = x^(a-1) (1-x)^(b-1) / B(a, b), with La = log x - psi(a) +
 *   psi(a+b), Lb = log1p(-x) - psi(b) + psi(a+b), T = psi1(a+b):
 *   d/da h = h La, d/db h = h Lb, d2/da2 h = h (La^2 - psi1(a) + T),
 *   d2/dadb h = h (La Lb + T), d2/db2 h = h (Lb^2 - psi1(b) + T). */
#include "grad-impl.h"

#define X(k) (y->in[k])

static dfg_node * gi_node(gctx * c, int op, dfg_node * x, dfg_node * a, int tail, int k)
{
    dfg_node * in[2] = {x, a};
    dfg_attr at = {{tail, k}, {0}, NULL, 0};
    return gb_op(c, op, 2, in, &at);
}

static dfg_node * bi_node(gctx * c, int op, dfg_node * x, dfg_node * a, dfg_node * b, int upper, int w)
{
    dfg_node * in[3] = {x, a, b};
    dfg_attr at = {{upper, w}, {0}, NULL, 0};
    return gb_op(c, op, 3, in, &at);
}

static dfg_node * psi_k(gctx * c, dfg_node * a, int k) { return gb_op1i(c, DFG_OP_PSI, a, k); }

static void third_order(gctx * c, const char * f, const char * arg)
{
    gb_fail(c, dfg_set_error(DFG_ERR_NOT_DIFF,
                             "dfg.grad: %s: derivatives with respect to %s are built to the second order "
                             "only; a third derivative in the parameters is not differentiable in dfg",
                             f, arg));
}

/* d/dx of d^k/da^k gammainc (x, a, tail), k = 0, 1, 2; yk the node of
 * d^k/da^k when k > 0 (the op being differentiated), else the value */
static dfg_node * gi_dx(gctx * c, dfg_node * x, dfg_node * a, int tail, int k, dfg_node * yk)
{
    if (tail <= 1) {
        dfg_node * h = gb_mul(c, gb_op2(c, DFG_OP_POW, x, gb_adds(c, a, -1)),
                              gb_op1(c, DFG_OP_EXP, gb_sub(c, gb_neg(c, x), gb_op1(c, DFG_OP_GAMMALN, a))));
        if (tail == 1)
            h = gb_neg(c, h);
        if (k == 0)
            return h;
        dfg_node * L = gb_sub(c, gb_op1(c, DFG_OP_LOG, x), psi_k(c, a, 0));
        if (k == 1)
            return gb_mul(c, h, L);
        return gb_mul(c, h, gb_sub(c, gb_sq(c, L), psi_k(c, a, 1)));
    }
    double s = tail == 2 ? 1 : -1;
    dfg_node * ax = gb_div(c, a, x), * ax1 = gb_adds(c, ax, -1);
    if (k == 0)     /* s a/x - F (a/x - 1) */
        return gb_sub(c, gb_muls(c, ax, s), gb_mul(c, yk, ax1));
    dfg_node * rx = gb_div(c, gb_scalar(c, yk->dtype, 1), x);
    if (k == 1) {   /* s/x - F_a (a/x - 1) - F/x */
        dfg_node * F = gi_node(c, DFG_OP_GAMMAINC, x, a, tail, 0);
        return gb_sub(c, gb_sub(c, gb_muls(c, rx, s), gb_mul(c, yk, ax1)), gb_mul(c, F, rx));
    }
    /* -F_aa (a/x - 1) - 2 F_a / x */
    dfg_node * Fa = gi_node(c, DFG_OP_GAMMAINC_DA, x, a, tail, 0);
    return gb_neg(c, gb_add(c, gb_mul(c, yk, ax1), gb_muls(c, gb_mul(c, Fa, rx), 2)));
}

/* GAMMAINC (k = 0) and GAMMAINC_DA (k = 1 + i[1]) */
static void grad_gammainc(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * x = X(0), * a = X(1);
    int tail = (int)y->iattr[0], k = y->op == DFG_OP_GAMMAINC ? 0 : 1 + (int)y->iattr[1];
    if (need[1]) {
        if (k == 2) {
            third_order(c, "gammainc (x, a)", "A (argument 2)");
            return;
        }
        dfg_node * d = gi_node(c, DFG_OP_GAMMAINC_DA, x, a, tail, k);
        gx[1] = gb_sum_to(c, gb_mul(c, g, d), a);
    }
    if (need[0])
        gx[0] = gb_sum_to(c, gb_mul(c, g, gi_dx(c, x, a, tail, k, y)), x);
}

/* BETAINC (w = -1) and BETAINC_D (w = i[1]) */
static void grad_betainc(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * x = X(0), * a = X(1), * b = X(2);
    int upper = (int)y->iattr[0], w = y->op == DFG_OP_BETAINC ? -1 : (int)y->iattr[1];
    /* the derivative op of d/da (then d/db) of this one; -1: third order */
    static const int next_a[6] = {0, 2, 3, -1, -1, -1}, next_b[6] = {1, 3, 4, -1, -1, -1};
    if ((need[1] && next_a[w + 1] < 0) || (need[2] && next_b[w + 1] < 0)) {
        third_order(c, "betainc (x, a, b)", need[1] && next_a[w + 1] < 0 ? "A (argument 2)" : "B (argument 3)");
        return;
    }
    if (need[1])
        gx[1] = gb_sum_to(c, gb_mul(c, g, bi_node(c, DFG_OP_BETAINC_D, x, a, b, upper, next_a[w + 1])), a);
    if (need[2])
        gx[2] = gb_sum_to(c, gb_mul(c, g, bi_node(c, DFG_OP_BETAINC_D, x, a, b, upper, next_b[w + 1])), b);
    if (!need[0])
        return;
    int dt = y->dtype;
    dfg_node * ab = gb_add(c, a, b);
    dfg_node * p = gb_op2(c, DFG_OP_POW, x, gb_adds(c, a, -1));
    dfg_node * q = gb_op2(c, DFG_OP_POW, gb_sub(c, gb_scalar(c, dt, 1), x), gb_adds(c, b, -1));
    dfg_node * lb = gb_sub(c, gb_op1(c, DFG_OP_GAMMALN, ab),
                           gb_add(c, gb_op1(c, DFG_OP_GAMMALN, a), gb_op1(c, DFG_OP_GAMMALN, b)));
    dfg_node * h = gb_mul(c, gb_mul(c, p, q), gb_op1(c, DFG_OP_EXP, lb));
    if (upper)
        h = gb_neg(c, h);
    if (w >= 0) {
        dfg_node * pab = psi_k(c, ab, 0), * f = NULL, * T = w >= 2 ? psi_k(c, ab, 1) : NULL;
        dfg_node * La = w != 1 && w != 4 ? gb_add(c, gb_sub(c, gb_op1(c, DFG_OP_LOG, x), psi_k(c, a, 0)), pab)
                                          : NULL;
        dfg_node * Lb = w == 1 || w >= 3
                        ? gb_add(c, gb_sub(c, gb_op1(c, DFG_OP_LOG1P, gb_neg(c, x)), psi_k(c, b, 0)), pab)
                        : NULL;
        switch (w) {
        case 0:  f = La; break;
        case 1:  f = Lb; break;
        case 2:  f = gb_add(c, gb_sub(c, gb_sq(c, La), psi_k(c, a, 1)), T); break;
        case 3:  f = gb_add(c, gb_mul(c, La, Lb), T); break;
        default: f = gb_add(c, gb_sub(c, gb_sq(c, Lb), psi_k(c, b, 1)), T); break;
        }
        h = gb_mul(c, h, f);
    }
    gx[0] = gb_sum_to(c, gb_mul(c, g, h), x);
}

void dfg_grad_specfun(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    if (y->op == DFG_OP_GAMMAINC || y->op == DFG_OP_GAMMAINC_DA)
        grad_gammainc(c, y, g, need, gx);
    else
        grad_betainc(c, y, g, need, gx);
}
