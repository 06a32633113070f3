/* tests/c/test-ode.c -- lib/control/ctrl-ode.c (dfg_ode: Octave's ode45 and
 * ode23 in a graph, and their discrete adjoint):
 *  - a linear ODE y' = -k .* y against its solution y0 exp (-k t), both
 *    orders, forward and backward in time, with tight tolerances;
 *  - gradients of a weighted sum of the solution with respect to k and y0
 *    against the analytic ones, by the discrete and the continuous adjoint,
 *    and the tangent (forward mode);
 *  - the checkpoint budget (2, 3, automatic): bitwise the same gradient;
 *  - the emulated device "sim": bitwise the CPU's (the ODE runs on the host);
 *  - errors: bad specs, a solution that blows up (an error when the plan
 *    runs), second derivatives. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "plan-helpers.h"

/* sum of every element of a matrix (one handle, the caller's) */
static int sum_all(dfg_id x, dfg_id * out)
{
    dfg_attr a0, a1;
    memset(&a0, 0, sizeof a0);
    memset(&a1, 0, sizeof a1);
    a1.i[0] = 1;
    dfg_id c = 0;
    int st = dfg_op(DFG_OP_SUM, 1, &x, &a0, &c);
    if (!st)
        st = dfg_op(DFG_OP_SUM, 1, &c, &a1, out);
    if (c)
        dfg_release(c);
    return st;
}

typedef struct lin_ode {
    dfg_id k, y0, t, y, dy, Y, L, gk, gy0;
} lin_ode;

/* Y = ode (y' = -k .* y) at ts (nt), L = sum (W .* Y), its gradients. */
static int make_lin(lin_ode * o, int order, int64_t nt, const double * ts, double rtol,
                    double atol, int64_t ck, const double * W, int continuous)
{
    int64_t d21[2] = {2, 1}, d11[2] = {1, 1}, dW[2] = {nt, 2};
    memset(o, 0, sizeof *o);
    dfg_id ky = 0, w = 0, wy = 0, s1 = 0;
    int st = dfg_input(DFG_DOUBLE, 2, d21, "k", &o->k);
    if (!st) st = dfg_input(DFG_DOUBLE, 2, d21, "y0", &o->y0);
    if (!st) st = dfg_input(DFG_DOUBLE, 2, d11, "t", &o->t);
    if (!st) st = dfg_input(DFG_DOUBLE, 2, d21, "y", &o->y);
    dfg_id in[2] = {o->k, o->y};
    if (!st) st = dfg_op(DFG_OP_MUL, 2, in, NULL, &ky);
    if (!st) st = dfg_op(DFG_OP_NEG, 1, &ky, NULL, &o->dy);
    dfg_ode_spec s = {order, o->t, o->y, o->dy, o->y0, nt, ts, rtol, 1, &atol, NAN, NAN, 0, ck,
                      continuous};
    if (!st) st = dfg_ode(&s, &o->Y);
    if (!st) st = dfg_constant(DFG_DOUBLE, 2, dW, W, &w);
    dfg_id in2[2] = {o->Y, w};
    if (!st) st = dfg_op(DFG_OP_MUL, 2, in2, NULL, &wy);
    if (!st) st = sum_all(wy, &s1);
    o->L = s1;
    dfg_id xs[2] = {o->k, o->y0}, g[2] = {0, 0};
    if (!st) st = dfg_grad(o->L, 2, xs, 0, g);
    o->gk = g[0];
    o->gy0 = g[1];
    dfg_release(ky);
    dfg_release(w);
    dfg_release(wy);
    return st;
}

static void free_lin(lin_ode * o)
{
    dfg_id * ids = &o->k;
    for (size_t j = 0; j < sizeof *o / sizeof *ids; j++)
        if (ids[j])
            dfg_release(ids[j]);
}

static void test_linear(void)
{
    const double ts[6] = {0, 0.1, 0.5, 1, 1.5, 2}, tb[4] = {1, 0.5, -0.25, -1};
    double W[12], k[2] = {1.5, 0.3}, y0[2] = {2, -1};
    for (int j = 0; j < 12; j++)
        W[j] = 0.25 * (j + 1);
    for (int order = 3; order <= 5; order += 2)
        for (int back = 0; back < 4; back++) {
            int cont = back >= 2;            /* the continuous adjoint */
            int64_t nt = back % 2 ? 4 : 6;
            const double * t = back % 2 ? tb : ts;
            lin_ode o;
            CHECK(make_lin(&o, order, nt, t, 1e-11, 1e-13, 0, W, cont) == DFG_OK);
            double Y[12], L, gk[2], gy[2];
            dfg_id ins[2] = {o.k, o.y0}, outs[4] = {o.Y, o.L, o.gk, o.gy0};
            const void * data[2] = {k, y0};
            void * res[4] = {Y, &L, gk, gy};
            CHECK(run_on("cpu", 2, ins, data, 4, outs, res) == DFG_OK);
            double egk[2] = {0, 0}, egy[2] = {0, 0}, err = 0;
            for (int64_t i = 0; i < nt; i++)
                for (int q = 0; q < 2; q++) {
                    double tt = t[i] - t[0], e = y0[q] * exp(-k[q] * tt), w = W[i + nt * q];
                    err = fmax(err, fabs(Y[i + nt * q] - e));
                    egk[q] += w * -tt * e;
                    egy[q] += w * exp(-k[q] * tt);
                }
            CHECK(err < (order == 5 ? 1e-9 : 1e-8));
            for (int q = 0; q < 2; q++) {
                CHECK(fabs(gk[q] - egk[q]) < 1e-7 * (1 + fabs(egk[q])));
                CHECK(fabs(gy[q] - egy[q]) < 1e-7 * (1 + fabs(egy[q])));
            }
            /* forward mode: the tangent along (dk, dy0) against the analytic one */
            double dk[2] = {0.5, -1}, dy[2] = {1, 2}, TY[12];
            dfg_id vk = 0, vy = 0, ty = 0, xs[2] = {o.k, o.y0};
            int64_t d21[2] = {2, 1};
            CHECK(dfg_constant(DFG_DOUBLE, 2, d21, dk, &vk) == DFG_OK);
            CHECK(dfg_constant(DFG_DOUBLE, 2, d21, dy, &vy) == DFG_OK);
            dfg_id vs[2] = {vk, vy};
            CHECK(dfg_jvp(o.Y, 2, xs, vs, &ty) == DFG_OK);
            void * rt[1] = {TY};
            CHECK(run_on("cpu", 2, ins, data, 1, &ty, rt) == DFG_OK);
            double terr = 0;
            for (int64_t i = 0; i < nt; i++)
                for (int q = 0; q < 2; q++) {
                    double tt = t[i] - t[0], e = exp(-k[q] * tt);
                    terr = fmax(terr, fabs(TY[i + nt * q] - (dy[q] * e - y0[q] * tt * e * dk[q])));
                }
            CHECK(terr < 1e-7);
            dfg_release(vk);
            dfg_release(vy);
            dfg_release(ty);
            /* the emulated device: bitwise the CPU's */
            double Y2[12], L2, gk2[2], gy2[2];
            void * res2[4] = {Y2, &L2, gk2, gy2};
            CHECK(run_on("sim", 2, ins, data, 4, outs, res2) == DFG_OK);
            CHECK(!memcmp(Y, Y2, (size_t)nt * 2 * sizeof *Y) && !memcmp(gk, gk2, sizeof gk) &&
                  !memcmp(gy, gy2, sizeof gy));
            free_lin(&o);
        }
}

/* A budget of 2 or 3 saved states: more recomputation, the same gradient. */
static void test_checkpoints(void)
{
    double ts[41], W[82], k[2] = {0.7, 2.5}, y0[2] = {1, 3}, ref[2] = {0, 0};
    for (int i = 0; i < 41; i++)
        ts[i] = 0.25 * i;
    for (int j = 0; j < 82; j++)
        W[j] = sin(j);
    const int64_t budgets[3] = {0, 2, 3};
    for (int b = 0; b < 3; b++) {
        lin_ode o;
        CHECK(make_lin(&o, 5, 41, ts, 1e-9, 1e-12, budgets[b], W, 0) == DFG_OK);
        double gk[2];
        dfg_id ins[2] = {o.k, o.y0}, outs[1] = {o.gk};
        const void * data[2] = {k, y0};
        void * res[1] = {gk};
        CHECK(run_on("cpu", 2, ins, data, 1, outs, res) == DFG_OK);
        if (!b)
            memcpy(ref, gk, sizeof ref);
        else
            CHECK(!memcmp(ref, gk, sizeof gk));
        free_lin(&o);
    }
}

static void test_errors(void)
{
    int64_t d11[2] = {1, 1}, d21[2] = {2, 1};
    dfg_id t = 0, y = 0, y2 = 0, dy = 0, Y = 0, bad = 0;
    const double ts[3] = {0, 1, 2}, tn[3] = {0, 2, 1}, atol = 1e-6;
    CHECK(dfg_input(DFG_DOUBLE, 2, d11, "t", &t) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d11, "y", &y) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d21, "y2", &y2) == DFG_OK);
    dfg_id in[2] = {y, y};
    CHECK(dfg_op(DFG_OP_MUL, 2, in, NULL, &dy) == DFG_OK);     /* y' = y^2 */
    dfg_id one = 0;
    double v1 = 1;
    CHECK(dfg_constant(DFG_DOUBLE, 2, d11, &v1, &one) == DFG_OK);
    dfg_ode_spec s = {5, t, y, dy, one, 3, tn, 1e-3, 1, &atol, NAN, NAN, 0, 0, 0};
    CHECK(dfg_ode(&s, &bad) == DFG_ERR_ARG);                    /* not monotonic */
    s.tspan = ts;
    s.order = 4;
    CHECK(dfg_ode(&s, &bad) == DFG_ERR_ARG);
    s.order = 5;
    s.dy = y2;                                                   /* wrong size */
    CHECK(dfg_ode(&s, &bad) == DFG_ERR_SHAPE);
    s.dy = dy;
    s.reltol = -1;
    CHECK(dfg_ode(&s, &bad) == DFG_ERR_ARG);
    s.reltol = 1e-3;
    /* y' = y^2 from 1 blows up at t = 1: an error when the plan runs */
    CHECK(dfg_ode(&s, &Y) == DFG_OK);
    dfg_id plan = 0;
    dfg_plan_spec sp = {.n_in = 0, .ins = NULL, .n_out = 1, .outs = &Y, .device = "cpu"};
    CHECK(dfg_plan_compile_spec(&sp, &plan) == DFG_OK);
    double out[3];
    void * res[1] = {out};
    CHECK(dfg_plan_run(plan, NULL, res) == DFG_ERR_ARG);
    dfg_release(plan);
    /* second order: unsupported */
    dfg_id g = 0, gg = 0, sum = 0;
    CHECK(sum_all(Y, &sum) == DFG_OK);
    CHECK(dfg_grad(sum, 1, &one, 0, &g) == DFG_OK);
    CHECK(dfg_grad(g, 1, &one, 0, &gg) == DFG_ERR_UNSUPPORTED);
    dfg_id ids[8] = {t, y, y2, dy, Y, one, g, sum};
    for (int j = 0; j < 8; j++)
        if (ids[j])
            dfg_release(ids[j]);
}

int main(void)
{
    RUN(test_linear);
    RUN(test_checkpoints);
    RUN(test_errors);
    HARNESS_END();
}
