/* tests/c/test-grad.c -- the autodiff engine through the public API:
 * values of gradients, JVPs, Jacobians and Hessians of small graphs,
 * second order, stop_gradient, error paths, and that every node is
 * released (live count back to zero), under valgrind in make test. */
#include <string.h>
#include "dfg.h"
#include "harness.h"
#include "graph-helpers.h"

static dfg_id in2(int64_t r, int64_t c)
{
    int64_t d[2] = {r, c};
    dfg_id x = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    return x;
}

static dfg_id sum0(dfg_id a)
{
    dfg_attr at = {{0}, {0}, NULL, 0};
    dfg_id y = 0;
    CHECK(dfg_op(DFG_OP_SUM, 1, &a, &at, &y) == DFG_OK);
    return y;
}

/* runs out = f(x) for one double input and one output */
static void run1(dfg_id x, dfg_id out, const double * xv, double * ov)
{
    dfg_id p = 0;
    CHECK(dfg_plan_compile(1, &x, 1, &out, &p) == DFG_OK);
    const void * in[1] = {xv};
    void * o[1] = {ov};
    CHECK(dfg_plan_run(p, in, o) == DFG_OK);
    CHECK(dfg_release(p) == DFG_OK);
}

static void test_seed_example(void)
{
    /* f(x1, x2) = log(x1) + x1 x2 - sin(x2) at (2, 5) */
    dfg_id x1 = in2(1, 1), x2 = in2(1, 1);
    dfg_id l = op1(DFG_OP_LOG, x1), m = op2(DFG_OP_MUL, x1, x2), s = op1(DFG_OP_SIN, x2);
    dfg_id a = op2(DFG_OP_ADD, l, m), y = op2(DFG_OP_SUB, a, s);
    dfg_id xs[2] = {x1, x2}, g[2] = {0, 0};
    CHECK(dfg_grad(y, 2, xs, 0, g) == DFG_OK);
    dfg_id outs[3] = {y, g[0], g[1]}, p = 0;
    CHECK(dfg_plan_compile(2, xs, 3, outs, &p) == DFG_OK);
    double v1 = 2, v2 = 5, o[3];
    const void * in[2] = {&v1, &v2};
    void * op[3] = {&o[0], &o[1], &o[2]};
    CHECK(dfg_plan_run(p, in, op) == DFG_OK);
    CHECK_NEAR(o[0], log(2.0) + 10 - sin(5.0), 1e-15);
    CHECK_NEAR(o[1], 5.5, 1e-15);
    CHECK_NEAR(o[2], 2 - cos(5.0), 1e-15);
    dfg_id all[] = {p, g[0], g[1], y, a, s, m, l, x1, x2};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
}

static void test_higher_order(void)
{
    /* d^3/dx^3 exp(2x) at 0.3 = 8 exp(0.6), by three nested grads */
    dfg_id x = in2(1, 1), two = 0;
    int64_t d[2] = {1, 1};
    CHECK(dfg_fill(DFG_DOUBLE, 2, d, 2, &two) == DFG_OK);
    dfg_id t = op2(DFG_OP_MUL, two, x), y = op1(DFG_OP_EXP, t);
    dfg_id g1, g2, g3;
    CHECK(dfg_grad(y, 1, &x, 0, &g1) == DFG_OK);
    CHECK(dfg_grad(g1, 1, &x, 0, &g2) == DFG_OK);
    CHECK(dfg_grad(g2, 1, &x, 0, &g3) == DFG_OK);
    double xv = 0.3, o = 0;
    run1(x, g3, &xv, &o);
    CHECK_NEAR(o, 8 * exp(0.6), 1e-14);
    dfg_id all[] = {g3, g2, g1, y, t, two, x};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
}

static void test_jvp_jacobian_hessian(void)
{
    /* y = x .* x .* x (3x1): J = diag(3 x^2), H of sum(y) = diag(6 x) */
    dfg_id x = in2(3, 1), xx = op2(DFG_OP_MUL, x, x), y = op2(DFG_OP_MUL, xx, x);
    double xv[3] = {1, 2, 3}, o[9];
    dfg_id v = 0;
    int64_t d[2] = {3, 1};
    double vv[3] = {1, 0, -1};
    CHECK(dfg_constant(DFG_DOUBLE, 2, d, vv, &v) == DFG_OK);
    dfg_id t = 0;
    CHECK(dfg_jvp(y, 1, &x, &v, &t) == DFG_OK);
    run1(x, t, xv, o);
    CHECK_NEAR(o[0], 3, 1e-15);
    CHECK_NEAR(o[1], 0, 1e-15);
    CHECK_NEAR(o[2], -27, 1e-15);
    for (int mode = 1; mode <= 2; mode++) {
        dfg_id J = 0;
        CHECK(dfg_jacobian(y, x, mode, &J) == DFG_OK);
        dfg_dtype dt;
        int nd;
        int64_t dims[DFG_MAX_DIMS];
        CHECK(dfg_info(J, &dt, &nd, dims) == DFG_OK);
        CHECK(nd == 2 && dims[0] == 3 && dims[1] == 3);
        run1(x, J, xv, o);
        for (int i = 0; i < 9; i++)
            CHECK_NEAR(o[i], i % 4 == 0 ? 3 * xv[i / 4] * xv[i / 4] : 0, 1e-14);
        CHECK(dfg_release(J) == DFG_OK);
    }
    dfg_id s = sum0(y), H = 0;
    CHECK(dfg_hessian(s, x, &H) == DFG_OK);
    run1(x, H, xv, o);
    for (int i = 0; i < 9; i++)
        CHECK_NEAR(o[i], i % 4 == 0 ? 6 * xv[i / 4] : 0, 1e-14);
    dfg_id all[] = {H, s, t, v, y, xx, x};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
}

static void test_zero_and_stop(void)
{
    /* an input y does not depend on gets zeros; stop_gradient blocks */
    dfg_id x = in2(2, 2), z = in2(1, 3);
    dfg_attr at = {{0}, {0}, NULL, 0};
    at.i[0] = 2; at.i[1] = 2; at.i[2] = 2;
    dfg_id sg = 0;
    CHECK(dfg_op(DFG_OP_STOP_GRADIENT, 1, &x, &at, &sg) == DFG_OK);
    dfg_id m = op2(DFG_OP_MUL, x, sg), s1 = sum0(m);
    dfg_attr a1 = {{0}, {0}, NULL, 0};
    a1.i[0] = 1;
    dfg_id s = 0;
    CHECK(dfg_op(DFG_OP_SUM, 1, &s1, &a1, &s) == DFG_OK);
    dfg_id xs[2] = {x, z}, g[2] = {0, 0};
    CHECK(dfg_grad(s, 2, xs, 0, g) == DFG_OK);
    dfg_dtype dt;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    CHECK(dfg_info(g[1], &dt, &nd, dims) == DFG_OK);
    CHECK(dt == DFG_DOUBLE && dims[0] == 1 && dims[1] == 3);
    double xv[4] = {1, 2, 3, 4}, o[4];
    run1(x, g[0], xv, o);
    for (int i = 0; i < 4; i++)
        CHECK_NEAR(o[i], xv[i], 0);          /* d(x .* c)/dx = c = x */
    dfg_id all[] = {g[0], g[1], s, s1, m, sg, z, x};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
}

static void test_errors(void)
{
    dfg_id x = in2(2, 1), y = op1(DFG_OP_EXP, x), g = 0, bad = 0x123456789ull;
    CHECK(dfg_grad(y, 1, &x, 0, &g) == DFG_ERR_SHAPE);              /* not a scalar */
    CHECK(strstr(dfg_last_error(), "Y must be a scalar") != NULL);
    CHECK(dfg_grad(bad, 1, &x, 0, &g) == DFG_ERR_HANDLE);
    CHECK(dfg_grad(y, 1, &bad, 0, &g) == DFG_ERR_HANDLE);
    CHECK(dfg_grad(y, 0, &x, 0, &g) == DFG_ERR_ARG);
    dfg_id seed = in2(3, 1);
    CHECK(dfg_grad(y, 1, &x, seed, &g) == DFG_ERR_SHAPE);           /* seed size */
    CHECK(dfg_jvp(y, 1, &x, &seed, &g) == DFG_ERR_SHAPE);           /* tangent size */
    CHECK(dfg_jacobian(y, x, 7, &g) == DFG_ERR_ARG);
    CHECK(dfg_hessian(y, x, &g) == DFG_ERR_SHAPE);
    /* full qr of a tall matrix has no gradient rule: a clear error, no leak */
    dfg_id a = in2(4, 3), lu = op1(DFG_OP_QR, a), s = sum0(lu), s2 = 0;
    dfg_attr a1 = {{0}, {0}, NULL, 0};
    a1.i[0] = 1;
    CHECK(dfg_op(DFG_OP_SUM, 1, &s, &a1, &s2) == DFG_OK);
    CHECK(dfg_grad(s2, 1, &a, 0, &g) == DFG_ERR_NO_GRAD);
    dfg_id all[] = {s2, s, lu, a, seed, y, x};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
}

static void test_long_chain(void)
{
    /* 20000 sin nodes: the walk is iterative (no recursion) */
    dfg_id x = in2(1, 1), y = x;
    CHECK(dfg_retain(x) == DFG_OK);
    int ok = 1;
    for (int k = 0; k < 20000; k++) {
        dfg_id n = 0;
        ok &= dfg_op(DFG_OP_SIN, 1, &y, NULL, &n) == DFG_OK;
        ok &= dfg_release(y) == DFG_OK;
        y = n;
    }
    CHECK(ok);
    dfg_id g = 0;
    CHECK(dfg_grad(y, 1, &x, 0, &g) == DFG_OK);
    double xv = 0.5, o = 0, v = 0.5, d = 1;
    for (int k = 0; k < 20000; k++) {
        d *= cos(v);
        v = sin(v);
    }
    run1(x, g, &xv, &o);
    CHECK_NEAR(o, d, 1e-12);
    CHECK(dfg_release(g) == DFG_OK);
    CHECK(dfg_release(y) == DFG_OK);
    CHECK(dfg_release(x) == DFG_OK);
}

int main(void)
{
    RUN(test_seed_example);
    RUN(test_higher_order);
    RUN(test_jvp_jacobian_hessian);
    RUN(test_zero_and_stop);
    RUN(test_errors);
    RUN(test_long_chain);
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
