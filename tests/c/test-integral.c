/* tests/c/test-integral.c -- lib/control/ctrl-integral.c (dfg_integral:
 * Octave's quadgk in a graph, and its derivatives):
 *  - q (p, a, b) = int_a^b exp (p t) dt against (exp (p b) - exp (p a)) / p,
 *    both directions, a == b and an infinite limit, with its gradients with respect to p
 *    (the adjoint construct) and to a, b (the fundamental theorem) against
 *    the analytic ones, and the tangent (forward mode);
 *  - an integrand that needs subdivision (a peak) against its closed form;
 *  - the emulated device "sim": bitwise the CPU's (the integral runs on the
 *    host);
 *  - single: f in single, the result single;
 *  - errors: a non-vectorized integrand, non-scalar limits, bad
 *    tolerances, second derivatives in p. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "plan-helpers.h"

typedef struct ex_int {
    dfg_id p, a, b, t, f, q, gp, ga, gb, tq;
} ex_int;

/* q = int_a^b exp (p t) dt, its gradients and its tangent along (1, 0, 0) */
static int make_exp(ex_int * o, int dt)
{
    int64_t d11[2] = {1, 1}, d1k[2] = {1, 15};
    memset(o, 0, sizeof *o);
    dfg_id pt = 0, one = 0;
    int st = dfg_input(dt, 2, d11, "p", &o->p);
    if (!st) st = dfg_input(DFG_DOUBLE, 2, d11, "a", &o->a);
    if (!st) st = dfg_input(DFG_DOUBLE, 2, d11, "b", &o->b);
    if (!st) st = dfg_input(dt, 2, d1k, "t", &o->t);
    dfg_id in[2] = {o->p, o->t};
    if (!st) st = dfg_op(DFG_OP_MUL, 2, in, NULL, &pt);
    if (!st) st = dfg_op(DFG_OP_EXP, 1, &pt, NULL, &o->f);
    dfg_integral_spec s = {o->t, o->f, o->a, o->b, 1e-10, 1e-6, 650, dt == DFG_SINGLE};
    if (!st) st = dfg_integral(&s, &o->q);
    dfg_id xs[3] = {o->p, o->a, o->b}, g[3] = {0, 0, 0};
    if (!st) st = dfg_grad(o->q, 3, xs, 0, g);
    o->gp = g[0];
    o->ga = g[1];
    o->gb = g[2];
    double v = 1;
    float vf = 1;
    if (!st) st = dfg_constant(dt, 2, d11, dt == DFG_DOUBLE ? (void *)&v : (void *)&vf, &one);
    if (!st) st = dfg_jvp(o->q, 1, &o->p, &one, &o->tq);
    dfg_release(pt);
    if (one)
        dfg_release(one);
    return st;
}

static void free_ex(ex_int * o)
{
    dfg_id * ids = &o->p;
    for (size_t j = 0; j < sizeof *o / sizeof *ids; j++)
        if (ids[j])
            dfg_release(ids[j]);
}

static void test_exp(void)
{
    ex_int o;
    CHECK(make_exp(&o, DFG_DOUBLE) == DFG_OK);
    const double lims[3][2] = {{0, 1}, {1.5, -0.5}, {0.3, 0.3}};
    for (int k = 0; k < 3; k++) {
        double p = 2, a = lims[k][0], b = lims[k][1];
        double q, gp, ga, gb, tq;
        dfg_id ins[3] = {o.p, o.a, o.b}, outs[5] = {o.q, o.gp, o.ga, o.gb, o.tq};
        const void * data[3] = {&p, &a, &b};
        void * res[5] = {&q, &gp, &ga, &gb, &tq};
        CHECK(run_on("cpu", 3, ins, data, 5, outs, res) == DFG_OK);
        double eq = (exp(p * b) - exp(p * a)) / p;
        double egp = (b * exp(p * b) - a * exp(p * a)) / p - eq / p;
        CHECK(fabs(q - eq) < 1e-12 * (1 + fabs(eq)));
        CHECK(fabs(gp - egp) < 1e-12 * (1 + fabs(egp)));
        CHECK(fabs(ga + exp(p * a)) < 1e-14 * exp(p * a));
        CHECK(fabs(gb - exp(p * b)) < 1e-14 * exp(p * b));
        CHECK(fabs(tq - egp) < 1e-12 * (1 + fabs(egp)));
        /* the emulated device: bitwise the CPU's */
        double r2[5];
        void * res2[5] = {&r2[0], &r2[1], &r2[2], &r2[3], &r2[4]};
        CHECK(run_on("sim", 3, ins, data, 5, outs, res2) == DFG_OK);
        CHECK(r2[0] == q && r2[1] == gp && r2[2] == ga && r2[3] == gb && r2[4] == tq);
    }
    /* an infinite limit: int_-Inf^0 exp (2 t) dt = 1/2, d/dp = -1/4, f (-Inf) = 0 */
    {
        double p = 2, a = -INFINITY, b = 0, r[5], r2[5];
        dfg_id ins[3] = {o.p, o.a, o.b}, outs[5] = {o.q, o.gp, o.ga, o.gb, o.tq};
        const void * data[3] = {&p, &a, &b};
        void * res[5] = {&r[0], &r[1], &r[2], &r[3], &r[4]};
        void * res2[5] = {&r2[0], &r2[1], &r2[2], &r2[3], &r2[4]};
        CHECK(run_on("cpu", 3, ins, data, 5, outs, res) == DFG_OK);
        CHECK(fabs(r[0] - 0.5) < 1e-9 && fabs(r[1] + 0.25) < 1e-9 && r[2] == 0 &&
              fabs(r[3] - 1) < 1e-15 && fabs(r[4] + 0.25) < 1e-9);
        CHECK(run_on("sim", 3, ins, data, 5, outs, res2) == DFG_OK);
        CHECK(!memcmp(r, r2, sizeof r));
    }
    free_ex(&o);
    /* single: f runs in single, the result is single */
    CHECK(make_exp(&o, DFG_SINGLE) == DFG_OK);
    float p = 2, q, gp;
    double a = 0, b = 1;
    dfg_id ins[3] = {o.p, o.a, o.b}, outs[2] = {o.q, o.gp};
    const void * data[3] = {&p, &a, &b};
    void * res[2] = {&q, &gp};
    CHECK(run_on("cpu", 3, ins, data, 2, outs, res) == DFG_OK);
    CHECK(fabs(q - (exp(2.0) - 1) / 2) < 1e-5);
    CHECK(fabs(gp - (exp(2.0) + 1) / 4) < 1e-5);
    free_ex(&o);
}

/* int_0^1 1 / (e + (t - 0.3)^2) dt = (atan (0.7 / s) + atan (0.3 / s)) / s,
 * s = sqrt (e): needs subdivision */
static void test_peak(void)
{
    int64_t d11[2] = {1, 1}, d1k[2] = {1, 15};
    dfg_id e = 0, t = 0, c = 0, d = 0, d2 = 0, den = 0, f = 0, q = 0, ge = 0, a = 0, b = 0;
    double va = 0, vb = 1, c3 = 0.3, one = 1;
    CHECK(dfg_input(DFG_DOUBLE, 2, d11, "e", &e) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d1k, "t", &t) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, 2, d11, &c3, &c) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, 2, d11, &va, &a) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, 2, d11, &vb, &b) == DFG_OK);
    dfg_id i1[2] = {t, c};
    CHECK(dfg_op(DFG_OP_SUB, 2, i1, NULL, &d) == DFG_OK);
    dfg_id i2[2] = {d, d};
    CHECK(dfg_op(DFG_OP_MUL, 2, i2, NULL, &d2) == DFG_OK);
    dfg_id i3[2] = {d2, e};
    CHECK(dfg_op(DFG_OP_ADD, 2, i3, NULL, &den) == DFG_OK);
    dfg_id on = 0;
    CHECK(dfg_constant(DFG_DOUBLE, 2, d11, &one, &on) == DFG_OK);
    dfg_id i4[2] = {on, den};
    CHECK(dfg_op(DFG_OP_DIV, 2, i4, NULL, &f) == DFG_OK);
    dfg_integral_spec s = {t, f, a, b, 1e-12, 1e-10, 650, 0};
    CHECK(dfg_integral(&s, &q) == DFG_OK);
    CHECK(dfg_grad(q, 1, &e, 0, &ge) == DFG_OK);
    double ve = 1e-3, vq, vg;
    dfg_id outs[2] = {q, ge};
    const void * data[1] = {&ve};
    void * res[2] = {&vq, &vg};
    CHECK(run_on("cpu", 1, &e, data, 2, outs, res) == DFG_OK);
    double sq = sqrt(ve), eq = (atan(0.7 / sq) + atan(0.3 / sq)) / sq;
    /* d/de: -int 1 / (e + (t - 0.3)^2)^2 dt, by central differences of eq */
    double h = 1e-7, s1 = sqrt(ve + h), s0 = sqrt(ve - h);
    double eg = ((atan(0.7 / s1) + atan(0.3 / s1)) / s1 - (atan(0.7 / s0) + atan(0.3 / s0)) / s0) /
                (2 * h);
    CHECK(fabs(vq - eq) < 1e-9 * eq);
    CHECK(fabs(vg - eg) < 1e-5 * fabs(eg));
    /* errors: second derivatives in e; a non-vectorized integrand; limits */
    dfg_id gg = 0, sum = 0, bad = 0;
    CHECK(dfg_grad(ge, 1, &e, 0, &gg) == DFG_ERR_UNSUPPORTED);
    dfg_attr a1;
    memset(&a1, 0, sizeof a1);
    a1.i[0] = 1;
    CHECK(dfg_op(DFG_OP_SUM, 1, &f, &a1, &sum) == DFG_OK);      /* 1x1 */
    dfg_integral_spec sb = s;
    sb.f = sum;
    CHECK(dfg_integral(&sb, &bad) == DFG_ERR_SHAPE);
    sb = s;
    sb.a = t;
    CHECK(dfg_integral(&sb, &bad) == DFG_ERR_SHAPE);
    sb = s;
    sb.reltol = -1;
    CHECK(dfg_integral(&sb, &bad) == DFG_ERR_ARG);
    sb = s;
    sb.t = e;
    CHECK(dfg_integral(&sb, &bad) == DFG_ERR_ARG);
    dfg_id ids[13] = {e, t, c, d, d2, den, f, q, ge, a, b, on, sum};
    for (int j = 0; j < 13; j++)
        if (ids[j])
            dfg_release(ids[j]);
}

int main(void)
{
    RUN(test_exp);
    RUN(test_peak);
    HARNESS_END();
}
