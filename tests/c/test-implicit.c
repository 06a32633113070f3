/* tests/c/test-implicit.c -- implicit functions through the public API
 * (dfg_implicit, lib/control/ctrl-implicit.c): x^3 + x = p at p = 10 (root
 * 2) given as a constant; its value and residual, first and second
 * derivatives in reverse mode, forward mode, the errors, and that every
 * node, construct and body plan is released (live count back to zero;
 * valgrind in make test). */
#include <math.h>
#include <string.h>
#include "dfg.h"
#include "harness.h"
#include "graph-helpers.h"

static dfg_id in11(const char * name)
{
    int64_t d[2] = {1, 1};
    dfg_id x = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, name, &x) == DFG_OK);
    return x;
}

static dfg_id scalar(double v)
{
    int64_t d[2] = {1, 1};
    dfg_id y = 0;
    CHECK(dfg_fill(DFG_DOUBLE, 2, d, v, &y) == DFG_OK);
    return y;
}

/* runs a plan of one double input p, n scalar outputs into out */
static void run(dfg_id p, int n, dfg_id * outs, double pv, double * out)
{
    dfg_id plan = 0;
    CHECK(dfg_plan_compile(1, &p, n, outs, &plan) == DFG_OK);
    const void * iv[1] = {&pv};
    void * ov[8];
    for (int k = 0; k < n; k++)
        ov[k] = &out[k];
    dfg_status st = dfg_plan_run(plan, iv, ov);
    CHECK(st == DFG_OK);
    if (st)
        fprintf(stderr, "  %s\n", dfg_last_error());
    CHECK(dfg_release(plan) == DFG_OK);
}

/* F (u) = u^3 + u - p, traced on u; the root 2 (p = 10) as a constant */
static void test_cubic(void)
{
    dfg_id p = in11("p"), u = in11("u");
    dfg_id u2 = op2(DFG_OP_MUL, u, u), u3 = op2(DFG_OP_MUL, u2, u), s = op2(DFG_OP_ADD, u3, u);
    dfg_id r = op2(DFG_OP_SUB, s, p), xs = scalar(2), x = 0, fv = 0;
    CHECK(dfg_implicit(xs, u, r, "implicit", &x, &fv) == DFG_OK);
    dfg_id g = 0, g2 = 0, one = scalar(1), t = 0;
    CHECK(dfg_grad(x, 1, &p, 0, &g) == DFG_OK);
    CHECK(dfg_grad(g, 1, &p, 0, &g2) == DFG_OK);
    CHECK(dfg_jvp(x, 1, &p, &one, &t) == DFG_OK);
    dfg_id outs[5] = {x, fv, g, g2, t};
    double o[5];
    run(p, 5, outs, 10, o);
    CHECK_NEAR(o[0], 2, 0);
    CHECK_NEAR(o[1], 0, 0);
    CHECK_NEAR(o[2], 1.0 / 13, 1e-15);
    CHECK_NEAR(o[3], -6 * 2 * pow(1.0 / 13, 3), 1e-15);   /* x'' = -6 x x'^3 */
    CHECK_NEAR(o[4], 1.0 / 13, 1e-15);
    /* the residual at another p: x stays the given root */
    run(p, 2, outs, 11, o);
    CHECK_NEAR(o[0], 2, 0);
    CHECK_NEAR(o[1], -1, 0);
    dfg_id all[] = {p, u, u2, u3, s, r, xs, x, fv, g, g2, one, t};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
}

static void test_errors(void)
{
    int64_t d21[2] = {2, 1};
    dfg_id p = in11("p"), u = in11("u"), v = 0, x = 0, fv = 0, xs2 = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d21, "v", &v) == DFG_OK);
    CHECK(dfg_fill(DFG_DOUBLE, 2, d21, 1, &xs2) == DFG_OK);
    dfg_id r = op2(DFG_OP_SUB, u, p), xs = scalar(1), lg = op2(DFG_OP_GT, u, p);
    /* the root and the parameter F was traced on differ */
    CHECK(dfg_implicit(xs, v, r, "fsolve", &x, &fv) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "dfg.fsolve: X0 (1x1) and the parameter") != NULL);
    /* F returns 1x1 for a 2x1 unknown */
    CHECK(dfg_implicit(xs2, v, p, NULL, &x, &fv) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "dfg.implicit: F returns 1x1 for X of 2x1") != NULL);
    /* the parameter must be an input; the residual floating point */
    CHECK(dfg_implicit(xs, r, r, NULL, &x, &fv) == DFG_ERR_ARG);
    CHECK(dfg_implicit(xs, u, lg, NULL, &x, &fv) == DFG_ERR_DTYPE);
    CHECK(dfg_implicit(xs, u, 123456789, NULL, &x, &fv) == DFG_ERR_HANDLE);
    dfg_id all[] = {p, u, v, xs2, r, xs, lg};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
}

/* dfg_reset with an implicit construct and its plan alive frees everything */
static void test_reset(void)
{
    dfg_id p = in11("p"), u = in11("u"), r = op2(DFG_OP_SUB, u, p), xs = scalar(1), x = 0,
           fv = 0, plan = 0;
    CHECK(dfg_implicit(xs, u, r, NULL, &x, &fv) == DFG_OK);
    CHECK(dfg_plan_compile(1, &p, 1, &x, &plan) == DFG_OK);
    dfg_reset();
    CHECK(dfg_live_count() == 0);
    CHECK(dfg_release(x) == DFG_ERR_HANDLE);
}

int main(void)
{
    RUN(test_cubic);
    RUN(test_errors);
    CHECK(dfg_live_count() == 0);
    if (dfg_live_count())
        fprintf(stderr, "  %lld live objects\n", (long long)dfg_live_count());
    RUN(test_reset);
    HARNESS_END();
}
