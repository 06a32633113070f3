/* tests/c/test-ctrl.c -- control flow through the public API (dfg_ctrl):
 * scan, reverse scan, while, cond and a loop nested in a while body;
 * their values, gradients (reverse, forward, second order), errors, and
 * that every node, construct and body plan is released (live count back
 * to zero; valgrind in make test). */
#include <math.h>
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

static dfg_id scalar(double v)
{
    int64_t d[2] = {1, 1};
    dfg_id y = 0;
    CHECK(dfg_fill(DFG_DOUBLE, 2, d, v, &y) == DFG_OK);
    return y;
}

/* sum of every element: a column reshape, then a sum along dimension 1 */
static dfg_id sum_all(dfg_id a)
{
    dfg_dtype dt;
    int nd;
    int64_t dims[DFG_MAX_DIMS], n = 1;
    CHECK(dfg_info(a, &dt, &nd, dims) == DFG_OK);
    for (int k = 0; k < nd; k++)
        n *= dims[k];
    dfg_attr ra = {{0}, {0}, NULL, 0}, sa = {{0}, {0}, NULL, 0};
    ra.i[0] = 2;
    ra.i[1] = n;
    ra.i[2] = 1;
    dfg_id f = 0, y = 0;
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &a, &ra, &f) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &f, &sa, &y) == DFG_OK);
    dfg_release(f);
    return y;
}

static void run(int n_in, dfg_id * ins, int n_out, dfg_id * outs, const void * const * iv,
                void * const * ov, dfg_status want)
{
    dfg_id p = 0;
    CHECK(dfg_plan_compile(n_in, ins, n_out, outs, &p) == DFG_OK);
    dfg_status st = dfg_plan_run(p, iv, ov);
    CHECK(st == want);
    if (st != want)
        fprintf(stderr, "  %s\n", dfg_last_error());
    CHECK(dfg_release(p) == DFG_OK);
}

/* c_{t+1} = c_t .* x_t + w, y_t = c_t; over 4 steps of 2x1 slices */
static void test_scan(void)
{
    dfg_id xs = in2(2, 4), w = in2(2, 1), c0 = in2(2, 1);
    dfg_id pc = in2(2, 1), px = in2(2, 1);
    dfg_id m = op2(DFG_OP_MUL, pc, px), c1 = op2(DFG_OP_ADD, m, w);
    dfg_id par[2] = {pc, px}, args[2] = {c0, xs}, res[2] = {c1, pc}, outs[2] = {0, 0};
    for (int rev = 0; rev < 2; rev++) {
        dfg_ctrl_spec s = { DFG_CTRL_SCAN, 2, par, args, 1, 0, {2, 0}, {res, NULL}, -1, rev, 0, NULL, 0 };
        int no = 0;
        CHECK(dfg_ctrl(&s, &no, outs) == DFG_OK && no == 2);
        dfg_id L = sum_all(outs[0]), g[3] = {0, 0, 0}, wrt[3] = {xs, w, c0};
        CHECK(dfg_grad(L, 3, wrt, 0, g) == DFG_OK);
        dfg_id ins[3] = {xs, w, c0}, o[5] = {outs[0], outs[1], g[0], g[1], g[2]};
        double X[8] = {0.5, 2, -1, 0.25, 3, 1, 0.75, -2}, W[2] = {0.1, -0.3}, C[2] = {1, 2};
        double cf[2], ys[8], gx[8], gw[2], gc[2];
        const void * iv[3] = {X, W, C};
        void * ov[5] = {cf, ys, gx, gw, gc};
        run(3, ins, 5, o, iv, ov, DFG_OK);
        for (int i = 0; i < 2; i++) {
            /* reference, and its gradient by the adjoint recursion */
            double c[5];
            c[0] = C[i];
            for (int k = 0; k < 4; k++) {
                int t = rev ? 3 - k : k;
                CHECK_NEAR(ys[i + 2 * t], c[k], 1e-15);
                c[k + 1] = c[k] * X[i + 2 * t] + W[i];
            }
            CHECK_NEAR(cf[i], c[4], 1e-15);
            double lam = 1, dw = 0;
            for (int k = 3; k >= 0; k--) {
                int t = rev ? 3 - k : k;
                CHECK_NEAR(gx[i + 2 * t], lam * c[k], 1e-14);
                dw += lam;
                lam *= X[i + 2 * t];
            }
            CHECK_NEAR(gw[i], dw, 1e-14);
            CHECK_NEAR(gc[i], lam, 1e-14);
        }
        for (int k = 0; k < 3; k++)
            dfg_release(g[k]);
        dfg_release(L);
        dfg_release(outs[0]);
        dfg_release(outs[1]);
    }
    dfg_id all[] = {xs, w, c0, pc, px, m, c1};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
}

/* Newton's method for sqrt(a), its derivative and second derivative */
static void test_while(void)
{
    dfg_id a = in2(1, 1), x = in2(1, 1);
    dfg_id sq = op2(DFG_OP_MUL, x, x), d = op2(DFG_OP_SUB, sq, a), ad = op1(DFG_OP_ABS, d);
    dfg_id tol = scalar(1e-12), cnd = op2(DFG_OP_GT, ad, tol);
    dfg_id q = op2(DFG_OP_DIV, a, x), s2 = op2(DFG_OP_ADD, x, q), half = scalar(0.5);
    dfg_id nx = op2(DFG_OP_MUL, s2, half);
    dfg_id par[1] = {x}, args[1] = {a}, res0[1] = {nx}, res1[1] = {cnd}, out = 0;
    dfg_ctrl_spec s = { DFG_CTRL_WHILE, 1, par, args, 1, 0, {1, 1}, {res0, res1}, -1, 0, 0, NULL, 0 };
    int no = 0;
    CHECK(dfg_ctrl(&s, &no, &out) == DFG_OK && no == 1);
    dfg_id g = 0, t = 0, H = 0, hv = 0, one = scalar(1);
    CHECK(dfg_grad(out, 1, &a, 0, &g) == DFG_OK);
    CHECK(dfg_jvp(out, 1, &a, &one, &t) == DFG_OK);
    CHECK(dfg_hessian(out, a, &H) == DFG_OK);
    /* forward over reverse is refused (docs/control-flow.md); the Hessian
     * above went reverse over reverse; so does the gradient of the gradient */
    CHECK(dfg_jvp(g, 1, &a, &one, &hv) == DFG_ERR_UNSUPPORTED);
    CHECK(dfg_grad(g, 1, &a, 0, &hv) == DFG_OK);
    dfg_id o[5] = {out, g, t, H, hv};
    double av = 3, r[5];
    const void * iv[1] = {&av};
    void * ov[5] = {r, r + 1, r + 2, r + 3, r + 4};
    run(1, &a, 5, o, iv, ov, DFG_OK);
    CHECK_NEAR(r[0], sqrt(3.0), 1e-15);
    CHECK_NEAR(r[1], 0.5 / sqrt(3.0), 1e-12);
    CHECK_NEAR(r[2], 0.5 / sqrt(3.0), 1e-12);
    CHECK_NEAR(r[3], -0.25 / (3.0 * sqrt(3.0)), 1e-8);
    CHECK_NEAR(r[4], -0.25 / (3.0 * sqrt(3.0)), 1e-8);
    /* a NaN input gives NaN (NaN > tol is false: the loop stops) */
    av = NAN;
    run(1, &a, 1, &out, iv, ov, DFG_OK);
    CHECK(isnan(r[0]));
    /* a numeric condition that is NaN is an error, as in Octave */
    dfg_id ncnd = op2(DFG_OP_SUB, ad, tol), res1n[1] = {ncnd}, outn = 0;
    dfg_ctrl_spec sn = s;
    sn.res[1] = res1n;
    CHECK(dfg_ctrl(&sn, &no, &outn) == DFG_OK);
    run(1, &a, 1, &outn, iv, ov, DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "NaN") != NULL);
    dfg_release(ncnd);
    dfg_release(outn);
    /* running past maxiter is an error naming the function */
    dfg_id out2 = 0;
    s.maxiter = 2;
    CHECK(dfg_ctrl(&s, &no, &out2) == DFG_OK);
    av = 1e6;
    run(1, &a, 1, &out2, iv, ov, DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "dfg.while: the loop did not end within MAXITER = 2") != NULL);
    /* the caller's name in construction and run-time errors; hidden
     * leading states (fori's counter) not numbered */
    dfg_id out3 = 0, out4 = 0, big = in2(2, 1), rb[2] = {nx, big}, p2[2] = {x, in2(1, 1)};
    dfg_id a2[2] = {a, a};
    dfg_ctrl_spec sf = s;
    sf.name = "fori";
    CHECK(dfg_ctrl(&sf, &no, &out3) == DFG_OK);
    run(1, &a, 1, &out3, iv, ov, DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "dfg.fori: the loop did not end") != NULL);
    sf.n_par = 2;
    sf.par = p2;
    sf.args = a2;
    sf.n_carry = 2;
    sf.n_res[0] = 2;
    sf.res[0] = rb;
    sf.n_hidden = 1;
    CHECK(dfg_ctrl(&sf, &no, &out4) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "dfg.fori: the loop state must keep its class and size: "
                 "state 1 is double 1x1 on entry but the body returns double 2x1") != NULL);
    sf.n_hidden = 3;
    CHECK(dfg_ctrl(&sf, &no, &out4) == DFG_ERR_ARG);
    sf.n_hidden = -1;
    CHECK(dfg_ctrl(&sf, &no, &out4) == DFG_ERR_ARG);
    dfg_id all[] = {a, x, sq, d, ad, tol, cnd, q, s2, half, nx, out, g, t, H, hv, one, out2, out3,
                    big, p2[1]};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
}

/* cond (x > 0, x^2, -3x) on both sides, gradient and an inner scan in a
 * while body (nesting) */
static void test_cond_and_nesting(void)
{
    dfg_id x = in2(1, 1), p = in2(1, 1), zero = scalar(0), three = scalar(-3);
    dfg_id pred = op2(DFG_OP_GT, x, zero), sq = op2(DFG_OP_MUL, p, p), lin = op2(DFG_OP_MUL, p, three);
    dfg_id par[1] = {p}, args[1] = {x}, r0[1] = {sq}, r1[1] = {lin}, y = 0;
    dfg_ctrl_spec s = { DFG_CTRL_COND, 1, par, args, 0, pred, {1, 1}, {r0, r1}, -1, 0, 0, NULL, 0 };
    int no = 0;
    CHECK(dfg_ctrl(&s, &no, &y) == DFG_OK && no == 1);
    dfg_id g = 0;
    CHECK(dfg_grad(y, 1, &x, 0, &g) == DFG_OK);
    dfg_id o[2] = {y, g};
    double xv, r[2];
    const void * iv[1] = {&xv};
    void * ov[2] = {r, r + 1};
    xv = 2;
    run(1, &x, 2, o, iv, ov, DFG_OK);
    CHECK(r[0] == 4 && r[1] == 4);
    xv = -2;
    run(1, &x, 2, o, iv, ov, DFG_OK);
    CHECK(r[0] == 6 && r[1] == -3);
    /* branches of different sizes: an error naming both */
    dfg_id big = in2(2, 1), r1b[1] = {big};
    s.res[1] = r1b;
    dfg_id bad = 0;
    CHECK(dfg_ctrl(&s, &no, &bad) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "1x1") && strstr(dfg_last_error(), "2x1"));
    /* while (i < 3) { i += 1; acc = scan over a captured 1x4 row of acc += x } */
    dfg_id row = in2(1, 4), i = in2(1, 1), acc = in2(1, 1), ci = in2(1, 1), sx = in2(1, 1);
    dfg_id add = op2(DFG_OP_ADD, ci, sx), spar[2] = {ci, sx}, sarg[2] = {acc, row}, sres[1] = {add};
    dfg_id inner = 0;
    dfg_ctrl_spec ss = { DFG_CTRL_SCAN, 2, spar, sarg, 1, 0, {1, 0}, {sres, NULL}, -1, 0, 0, NULL, 0 };
    CHECK(dfg_ctrl(&ss, &no, &inner) == DFG_OK);
    dfg_id one = scalar(1), lim = scalar(3), i1 = op2(DFG_OP_ADD, i, one), c = op2(DFG_OP_LT, i, lim);
    dfg_id wpar[2] = {i, acc}, init0 = scalar(0), wargs[2] = {init0, x}, wres[2] = {i1, inner}, wc[1] = {c};
    dfg_id wout[2] = {0, 0};
    dfg_ctrl_spec ws = { DFG_CTRL_WHILE, 2, wpar, wargs, 2, 0, {2, 1}, {wres, wc}, -1, 0, 0, NULL, 0 };
    CHECK(dfg_ctrl(&ws, &no, wout) == DFG_OK && no == 2);
    dfg_id gr[2] = {0, 0}, wrt[2] = {x, row};
    CHECK(dfg_grad(wout[1], 2, wrt, 0, gr) == DFG_OK);
    dfg_id ins2[2] = {x, row}, o2[3] = {wout[1], gr[0], gr[1]};
    double rowv[4] = {1, 2, 3, 4}, res[6];
    const void * iv2[2] = {&xv, rowv};
    void * ov2[3] = {res, res + 1, res + 2};
    xv = 0.5;
    run(2, ins2, 3, o2, iv2, ov2, DFG_OK);
    CHECK_NEAR(res[0], 0.5 + 3 * 10, 1e-15);
    CHECK_NEAR(res[1], 1, 1e-15);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(res[2 + k], 3, 1e-15);
    dfg_id all[] = {x, p, zero, three, pred, sq, lin, y, g, big, row, i, acc, ci, sx, add, inner,
                    one, lim, i1, c, init0, wout[0], wout[1], gr[0], gr[1]};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
}

static void test_errors(void)
{
    /* the carry changes class; sequences of different lengths; LOOP by dfg_op */
    int64_t d[2] = {1, 1};
    dfg_id c = in2(1, 1), xs = in2(1, 3), ys = in2(1, 4), pc = in2(1, 1), px = in2(1, 1), py = in2(1, 1);
    dfg_attr ca = {{0}, {0}, NULL, 0};
    ca.i[0] = DFG_SINGLE;
    dfg_id cs = 0, out[2] = {0, 0};
    CHECK(dfg_op(DFG_OP_CAST, 1, &pc, &ca, &cs) == DFG_OK);
    dfg_id par[2] = {pc, px}, args[2] = {c, xs}, res[1] = {cs};
    dfg_ctrl_spec s = { DFG_CTRL_SCAN, 2, par, args, 1, 0, {1, 0}, {res, NULL}, -1, 0, 0, NULL, 0 };
    int no = 0;
    CHECK(dfg_ctrl(&s, &no, out) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "double 1x1") && strstr(dfg_last_error(), "single 1x1"));
    dfg_id par3[3] = {pc, px, py}, args3[3] = {c, xs, ys}, res3[1] = {pc};
    dfg_ctrl_spec s3 = { DFG_CTRL_SCAN, 3, par3, args3, 1, 0, {1, 0}, {res3, NULL}, -1, 0, 0, NULL, 0 };
    CHECK(dfg_ctrl(&s3, &no, out) == DFG_ERR_SHAPE);
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = 1;
    dfg_id bad = 0;
    CHECK(dfg_op(DFG_OP_LOOP, 1, &c, &a, &bad) == DFG_ERR_ARG);
    (void)d;
    dfg_id all[] = {c, xs, ys, pc, px, py, cs};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
}

/* the interrupt hook stops a loop that would not end, and its gradient */
static int polls;
static int stop_after_some(void)
{
    return ++polls > 3;
}

static void test_interrupt(void)
{
    dfg_id x = in2(1, 1), p = in2(1, 1), one = scalar(1);
    dfg_id m1 = op1(DFG_OP_NEG, one), nx = op2(DFG_OP_ADD, p, one), c = op2(DFG_OP_GT, p, m1);
    dfg_id par[1] = {p}, args[1] = {x}, r0[1] = {nx}, r1[1] = {c}, out = 0, g = 0;
    dfg_ctrl_spec s = { DFG_CTRL_WHILE, 1, par, args, 1, 0, {1, 1}, {r0, r1}, -1, 0, 0, NULL, 0 };
    int no = 0;
    CHECK(dfg_ctrl(&s, &no, &out) == DFG_OK);
    CHECK(dfg_grad(out, 1, &x, 0, &g) == DFG_OK);
    double xv = 0, r;
    const void * iv[1] = {&xv};
    void * ov[1] = {&r};
    dfg_set_interrupt_hook(stop_after_some);
    polls = 0;
    run(1, &x, 1, &out, iv, ov, DFG_ERR_INTERRUPTED);
    CHECK(strstr(dfg_last_error(), "interrupted") != NULL);
    polls = 0;
    run(1, &x, 1, &g, iv, ov, DFG_ERR_INTERRUPTED);
    dfg_set_interrupt_hook(NULL);
    dfg_id all[] = {x, p, one, m1, nx, c, out, g};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        dfg_release(all[k]);
}

/* dfg_reset with constructs and their plans alive frees everything */
static void test_reset(void)
{
    dfg_id xs = in2(1, 5), pc = in2(1, 1), px = in2(1, 1), c0 = scalar(0);
    dfg_id add = op2(DFG_OP_ADD, pc, px), par[2] = {pc, px}, args[2] = {c0, xs}, res[1] = {add};
    dfg_id out = 0, p = 0;
    dfg_ctrl_spec s = { DFG_CTRL_SCAN, 2, par, args, 1, 0, {1, 0}, {res, NULL}, -1, 0, 0, NULL, 0 };
    int no = 0;
    CHECK(dfg_ctrl(&s, &no, &out) == DFG_OK);
    CHECK(dfg_plan_compile(1, &xs, 1, &out, &p) == DFG_OK);
    dfg_reset();
    CHECK(dfg_live_count() == 0);
    CHECK(dfg_release(out) == DFG_ERR_HANDLE);
}

int main(void)
{
    RUN(test_scan);
    RUN(test_while);
    RUN(test_cond_and_nesting);
    RUN(test_errors);
    RUN(test_interrupt);
    CHECK(dfg_live_count() == 0);
    if (dfg_live_count())
        fprintf(stderr, "  %lld live objects\n", (long long)dfg_live_count());
    RUN(test_reset);
    HARNESS_END();
}
