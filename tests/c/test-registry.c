/* tests/c/test-registry.c -- the places that know about ops agree with the
 * registry (lib/base/ops.def), so that an op line cannot be half added:
 *
 * 1. DFG_F_DIFF and the gradient table (lib/autodiff/grad-rules.c): an op
 *    is flagged differentiable exactly when dfg_grad_rules[] has a rule
 *    for it.  The one family that differs is CTRL: LOOP, COND and CTRL_OUT
 *    are flagged (so that reverse mode marks them as lying on a path from
 *    a requested input) but have no entry in dfg_grad_rules: grad.c hands
 *    a CTRL_OUT's adjoint to its construct, and the construct's rule is
 *    the family table's (dfg_family(DFG_FAM_CTRL)->grad, filled in by
 *    lib/control; tests/c/test-ctrl.c runs it).  For every flagged unary
 *    and binary op, the gradient of sum (op (x)) builds and runs.
 * 2. Every op of the UNARY and BINARY families has an inference path
 *    (dfg_op builds it on double and single inputs, with the class its
 *    DTYPE_RULE gives and the size of its broadcast inputs) and an exec
 *    path: a plan compiled with passes none runs it, and a plan with the
 *    fuse pass alone (the op inside a fused kernel, kernels/cpu/fused.c)
 *    gives bitwise the same result.  Logical inputs, where dfg_op takes
 *    them, must run too.
 *
 * tests/octave/test_registry.m ties ops.def to the gateway's command table
 * and to dfg.Tensor's methods. */
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "../../lib/autodiff/grad-impl.h"

static int unary_or_binary(int op)
{
    int f = dfg_ops[op].family;
    return f == DFG_FAM_UNARY || f == DFG_FAM_BINARY;
}

/* ---- 1. DFG_F_DIFF <=> a gradient rule -------------------------------------- */

static void test_diff_flag_and_rules(void)
{
    for (int op = 0; op < DFG_OP_COUNT; op++) {
        int diff = (dfg_ops[op].flags & DFG_F_DIFF) != 0;
        int rule = dfg_grad_rules[op] != NULL;
        int ok;
        if (dfg_ops[op].family == DFG_FAM_CTRL)
            ok = diff && !rule;         /* rule: the family table's (above) */
        else
            ok = diff == rule;
        CHECK(ok);
        if (!ok)
            fprintf(stderr, "  op %s (\"%s\"): DFG_F_DIFF %s, gradient rule %s\n",
                    dfg_ops[op].ident, dfg_ops[op].name, diff ? "set" : "not set",
                    rule ? "present" : "missing");
    }
}

/* ---- 2. inference and exec of every unary and binary op ----------------------- */

enum { N = 6 };                     /* x: 2x3; the second operand: 1x3 or 2x3 */

static void fill_values(dfg_dtype dt, int binary_second, void * buf)
{
    for (int i = 0; i < N; i++) {
        /* 1 is in every unary op's domain (acosh, atanh, asin, log, gamma, ...);
         * binary ops see a in [1.25, 2.5] and b in [0.5, 1.5] */
        double v = binary_second < 0 ? 1 : binary_second ? 0.5 + 0.5 * (i % 3) : 1.25 + 0.25 * i;
        if (dt == DFG_DOUBLE)
            ((double *)buf)[i] = v;
        else if (dt == DFG_SINGLE)
            ((float *)buf)[i] = (float)v;
        else
            ((uint8_t *)buf)[i] = v != 0;
    }
}

static int want_dtype(int op, dfg_dtype a, dfg_dtype b)
{
    int math = a == DFG_SINGLE || b == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
    switch (dfg_ops[op].dtrule) {
    case DFG_DT_LOGIC: return DFG_LOGICAL;
    case DFG_DT_KEEP:  return a == DFG_LOGICAL && b == DFG_LOGICAL ? DFG_LOGICAL : math;
    case DFG_DT_SAME:  return a;
    case DFG_DT_DBL:   return DFG_DOUBLE;
    case DFG_DT_MATH:  return math;
    default:           return -1;    /* ATTR: set by the caller */
    }
}

/* Runs plan p on the inputs; out gets N elements of class dt. */
static dfg_status run_plan(dfg_id p, int n_in, void * const * in, void * out)
{
    const void * ins[2] = {in[0], n_in > 1 ? in[1] : NULL};
    void * outs[1] = {out};
    return dfg_plan_run(p, ins, outs);
}

/* One op on inputs of class dt (a binary op's second operand has b_rows
 * rows: 1 broadcasts it): inference, then the plain and the fused plans.
 * required: the build must succeed (else only what builds runs). */
static void check_op(int op, dfg_dtype dt, int b_rows, int required)
{
    int binary = dfg_ops[op].family == DFG_FAM_BINARY;
    int64_t da[2] = {2, 3}, db[2] = {b_rows, 3};
    dfg_id x[2] = {0, 0};
    CHECK(dfg_input(dt, 2, da, "a", &x[0]) == DFG_OK);
    if (binary)
        CHECK(dfg_input(dt, 2, db, "b", &x[1]) == DFG_OK);
    dfg_attr at = {{0}, {0}, NULL, 0};
    int want = want_dtype(op, dt, dt);
    if (op == DFG_OP_CAST) {
        at.i[0] = dt == DFG_SINGLE ? DFG_DOUBLE : DFG_SINGLE;
        want = (int)at.i[0];
    }
    dfg_id y = 0, z = 0;
    dfg_status st = dfg_op(op, binary ? 2 : 1, x, &at, &y);
    if (st != DFG_OK) {
        CHECK(!required);
        if (required)
            fprintf(stderr, "  %s on %s: no inference: %s\n", dfg_ops[op].ident,
                    dfg_dtype_name(dt), dfg_last_error());
        goto done;
    }
    /* inference: class by the DTYPE_RULE, size of the broadcast */
    dfg_dtype ydt;
    int nd;
    int64_t yd[DFG_MAX_DIMS];
    CHECK(dfg_info(y, &ydt, &nd, yd) == DFG_OK);
    int inf_ok = (int)ydt == want && nd == 2 && yd[0] == 2 && yd[1] == 3;
    CHECK(inf_ok);
    if (!inf_ok)
        fprintf(stderr, "  %s on %s: inferred %s %lldx%lld, want %s 2x3\n", dfg_ops[op].ident,
                dfg_dtype_name(dt), dfg_dtype_name(ydt), (long long)yd[0], (long long)yd[1],
                want >= 0 ? dfg_dtype_name((dfg_dtype)want) : "?");
    /* z = y + a: two element-wise ops, which the fuse pass makes one kernel */
    dfg_id za[2] = {y, x[0]};
    CHECK(dfg_op(DFG_OP_ADD, 2, za, NULL, &z) == DFG_OK);
    dfg_dtype zdt;
    int64_t zd[DFG_MAX_DIMS];
    CHECK(dfg_info(z, &zdt, &nd, zd) == DFG_OK);

    double av[N], bv[N];
    fill_values(dt, binary ? 0 : -1, av);
    fill_values(dt, 1, bv);
    void * in[2] = {av, bv};
    double plain[2][N], fused[2][N];      /* y and z */
    memset(plain, 0x5a, sizeof plain);
    memset(fused, 0xa5, sizeof fused);
    dfg_options none = {0, 0}, fuse = {1u << DFG_PASS_FUSE, 0};
    for (int k = 0; k < 2; k++) {
        dfg_id out = k ? z : y, pn = 0, pf = 0;
        size_t bytes = N * dfg_dtype_size(k ? zdt : ydt);
        CHECK(dfg_plan_compile_opts(binary ? 2 : 1, x, 1, &out, &none, &pn) == DFG_OK);
        st = run_plan(pn, binary ? 2 : 1, in, plain[k]);
        CHECK(st == DFG_OK);
        if (st)
            fprintf(stderr, "  %s on %s: no exec path: %s\n", dfg_ops[op].ident,
                    dfg_dtype_name(dt), dfg_last_error());
        CHECK(dfg_plan_compile_opts(binary ? 2 : 1, x, 1, &out, &fuse, &pf) == DFG_OK);
        /* the op is inside a fused kernel; x .^ y is not, unless its
         * exponent is a constant integer or its base a constant >= 0
         * (pow_ok in lib/passes/pass-fuse.c; here both are inputs); nor is
         * gammainc and its derivative op (fusible_ew: the tail attribute) */
        if (k == 1 && op != DFG_OP_POW && op != DFG_OP_GAMMAINC && op != DFG_OP_GAMMAINC_DA) {
            int64_t rows = 0, in_group = 0;
            CHECK(dfg_plan_nodes(pf, &rows) == DFG_OK);
            for (int64_t r = 0; r < rows; r++) {
                dfg_node_info ni;
                if (dfg_plan_node(pf, r, &ni) == DFG_OK && ni.group > 0 &&
                    !strcmp(ni.op, dfg_ops[op].name))
                    in_group = 1;
            }
            CHECK(in_group);
            if (!in_group)
                fprintf(stderr, "  %s on %s: not fused\n", dfg_ops[op].ident, dfg_dtype_name(dt));
        }
        st = run_plan(pf, binary ? 2 : 1, in, fused[k]);
        CHECK(st == DFG_OK);
        if (st)
            fprintf(stderr, "  %s on %s (fused): %s\n", dfg_ops[op].ident, dfg_dtype_name(dt),
                    dfg_last_error());
        int same = !memcmp(plain[k], fused[k], bytes);
        CHECK(same);
        if (!same)
            fprintf(stderr, "  %s on %s: the fused kernel differs\n", dfg_ops[op].ident,
                    dfg_dtype_name(dt));
        dfg_release(pn);
        dfg_release(pf);
    }
done:
    if (z) dfg_release(z);
    if (y) dfg_release(y);
    if (x[1]) dfg_release(x[1]);
    dfg_release(x[0]);
}

static void test_unary_binary_paths(void)
{
    int64_t live = dfg_live_count();
    int n_ops = 0;
    for (int op = 0; op < DFG_OP_COUNT; op++) {
        if (!unary_or_binary(op))
            continue;
        n_ops++;
        for (int b_rows = 1; b_rows <= (dfg_ops[op].family == DFG_FAM_BINARY ? 2 : 1); b_rows++) {
            check_op(op, DFG_DOUBLE, b_rows, 1);
            check_op(op, DFG_SINGLE, b_rows, 1);
            check_op(op, DFG_LOGICAL, b_rows, 0);
        }
    }
    CHECK(n_ops > 40);
    CHECK(dfg_live_count() == live);
}

/* ---- the gradient of every differentiable unary and binary op builds ---------- */

static void test_unary_binary_grads(void)
{
    int64_t live = dfg_live_count();
    for (int op = 0; op < DFG_OP_COUNT; op++) {
        if (!unary_or_binary(op) || !(dfg_ops[op].flags & DFG_F_DIFF))
            continue;
        int binary = dfg_ops[op].family == DFG_FAM_BINARY;
        int64_t da[2] = {2, 3}, db[2] = {1, 3};
        dfg_id x[2] = {0, 0}, y = 0, f = 0, s = 0, g[2] = {0, 0}, p = 0;
        CHECK(dfg_input(DFG_DOUBLE, 2, da, "a", &x[0]) == DFG_OK);
        if (binary)
            CHECK(dfg_input(DFG_DOUBLE, 2, db, "b", &x[1]) == DFG_OK);
        dfg_attr at = {{0}, {0}, NULL, 0}, ra = {{2, N, 1}, {0}, NULL, 0}, sa = {{0}, {0}, NULL, 0};
        if (op == DFG_OP_CAST)
            at.i[0] = DFG_SINGLE;
        CHECK(dfg_op(op, binary ? 2 : 1, x, &at, &y) == DFG_OK);
        CHECK(dfg_op(DFG_OP_RESHAPE, 1, &y, &ra, &f) == DFG_OK);
        CHECK(dfg_op(DFG_OP_SUM, 1, &f, &sa, &s) == DFG_OK);
        int n_wrt = binary ? 2 : 1;
        dfg_status st = dfg_grad(s, n_wrt, x, 0, g);
        CHECK(st == DFG_OK);
        if (st) {
            fprintf(stderr, "  %s: no gradient: %s\n", dfg_ops[op].ident, dfg_last_error());
        } else {
            double av[N], bv[N], ga[N], gb[N];
            fill_values(DFG_DOUBLE, binary ? 0 : -1, av);
            fill_values(DFG_DOUBLE, 1, bv);
            const void * in[2] = {av, bv};
            void * out[2] = {ga, gb};
            CHECK(dfg_plan_compile(binary ? 2 : 1, x, n_wrt, g, &p) == DFG_OK);
            st = dfg_plan_run(p, in, out);
            CHECK(st == DFG_OK);
            if (st)
                fprintf(stderr, "  %s: the gradient does not run: %s\n", dfg_ops[op].ident,
                        dfg_last_error());
            dfg_release(p);
        }
        dfg_id all[] = {g[0], g[1], s, f, y, x[0], x[1]};
        for (size_t k = 0; k < sizeof all / sizeof *all; k++)
            if (all[k])
                dfg_release(all[k]);
    }
    CHECK(dfg_live_count() == live);
}

int main(void)
{
    RUN(test_diff_flag_and_rules);
    RUN(test_unary_binary_paths);
    RUN(test_unary_binary_grads);
    HARNESS_END();
}
