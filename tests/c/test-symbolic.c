/* tests/c/test-symbolic.c -- symbolic sizes (lib/core/symbolic.c,
 * lib/runtime/plan-sym.c): inputs with a size symbol, shape rules over
 * symbols (broadcasting, reductions, matmul, reshape, refused families),
 * a plan bound to several sizes with the values of plans made for those
 * sizes, the bounded cache of concrete plans (the least recently used one
 * released, its memory with it), binding errors, a variable update, the
 * introspection of the binding used last; nothing left alive at the end
 * (valgrind in make test). */
#include <string.h>
#include "dfg.h"
#include "harness.h"
#include "graph-helpers.h"

static int64_t sym(const char * name)
{
    int64_t d = 0;
    CHECK(dfg_size_symbol(name, &d) == DFG_OK);
    return d;
}

/* y = sum (tanh (x * w + b), 1) for x n x 3 (n a symbol, or concrete) */
static dfg_id model(int64_t n, dfg_id * x, dfg_id * w, dfg_id * b)
{
    int64_t dx[2] = {n, 3}, dw[2] = {3, 2}, db[2] = {1, 2};
    CHECK(dfg_input(DFG_DOUBLE, 2, dx, "x", x) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dw, "w", w) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, db, "b", b) == DFG_OK);
    dfg_id m = op2(DFG_OP_MATMUL, *x, *w), s = op2(DFG_OP_ADD, m, *b), t = op1(DFG_OP_TANH, s), y = 0;
    dfg_attr a = {{0}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_SUM, 1, &t, &a, &y) == DFG_OK);
    dfg_release(m);
    dfg_release(s);
    dfg_release(t);
    return y;
}

static void fill(double * p, int64_t n, double seed)
{
    for (int64_t k = 0; k < n; k++)
        p[k] = 0.1 * ((double)((k * 7 + (int64_t)seed) % 11) - 5);
}

static void test_shapes(void)
{
    int64_t n = sym("n"), m = sym("m");
    CHECK(n != m && sym("n") == n && n < 0 && m < 0);
    int64_t dz = 0;
    CHECK(dfg_size_symbol("9x", &dz) == DFG_ERR_ARG);
    int64_t d1[2] = {n, 3}, d2[2] = {1, 3}, d3[2] = {m, 3}, d4[2] = {4, 3};
    dfg_id x, r, q, k, y;
    CHECK(dfg_input(DFG_DOUBLE, 2, d1, "x", &x) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d2, "r", &r) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d3, "q", &q) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d4, "k", &k) == DFG_OK);
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    y = op2(DFG_OP_ADD, x, r);                           /* n x 3 + 1 x 3 */
    CHECK(dfg_info(y, &dt, &nd, d) == DFG_OK && nd == 2 && d[0] == n && d[1] == 3);
    dfg_release(y);
    dfg_id in2[2] = {x, q};
    dfg_attr a = {{0}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_ADD, 2, in2, &a, &y) == DFG_ERR_SHAPE);     /* n vs m */
    in2[1] = k;
    CHECK(dfg_op(DFG_OP_ADD, 2, in2, &a, &y) == DFG_ERR_SHAPE);     /* n vs 4 */
    dfg_attr p = {{2, 1, 0}, {0}, NULL, 0};
    dfg_id xt = 0;
    CHECK(dfg_op(DFG_OP_PERMUTE, 1, &x, &p, &xt) == DFG_OK);
    in2[0] = xt; in2[1] = x;
    CHECK(dfg_op(DFG_OP_MATMUL, 2, in2, &a, &y) == DFG_OK);         /* x' * x: 3 x 3 */
    CHECK(dfg_info(y, &dt, &nd, d) == DFG_OK && d[0] == 3 && d[1] == 3);
    dfg_release(y);
    CHECK(dfg_op(DFG_OP_INV, 1, &x, &a, &y) == DFG_ERR_SYMBOLIC);
    dfg_attr rs = {{2, 3, 0}, {0}, NULL, 0};
    rs.i[2] = n;
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &x, &rs, &y) == DFG_OK);        /* 3 x n */
    dfg_release(y);
    rs.i[2] = m;
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &x, &rs, &y) == DFG_ERR_SHAPE);
    dfg_release(xt);
    /* a fill of a symbolic size: a scalar broadcast to it; a constant with
     * data cannot have one */
    CHECK(dfg_fill(DFG_DOUBLE, 2, d1, 7, &y) == DFG_OK);
    int op = -1, nin = -1;
    CHECK(dfg_node_op(y, &op, &nin) == DFG_OK && op == DFG_OP_BROADCAST && nin == 1);
    CHECK(dfg_info(y, &dt, &nd, d) == DFG_OK && d[0] == n && d[1] == 3);
    dfg_release(y);
    double z6[6] = {0};
    CHECK(dfg_constant(DFG_DOUBLE, 2, d1, z6, &y) == DFG_ERR_ARG);
    dfg_release(x); dfg_release(r); dfg_release(q); dfg_release(k);
}

static void test_plan(void)
{
    dfg_id x, w, b, y = model(sym("n"), &x, &w, &b), ins[3] = {x, w, b}, p = 0;
    CHECK(dfg_plan_compile(3, ins, 1, &y, &p) == DFG_OK);
    int cnt = -1, max = -1;
    CHECK(dfg_plan_bound(p, &cnt, &max) == DFG_OK && cnt == 0 && max >= 2);
    dfg_memory_info mi;
    CHECK(dfg_plan_memory(p, &mi) == DFG_ERR_SYMBOLIC);                /* not run yet */
    double in[3 * 40], wv[6], bv[2], out[2], ref[2];
    fill(wv, 6, 1);
    fill(bv, 2, 2);
    int64_t sizes[] = {5, 2, 40, 5, 7};
    for (int s = 0; s < 5; s++) {
        int64_t n = sizes[s];
        fill(in, 3 * n, (double)n);
        int nds[3] = {2, 2, 2};
        int64_t dims[3 * DFG_MAX_DIMS] = {0};
        dims[0] = n; dims[1] = 3;
        dims[DFG_MAX_DIMS] = 3; dims[DFG_MAX_DIMS + 1] = 2;
        dims[2 * DFG_MAX_DIMS] = 1; dims[2 * DFG_MAX_DIMS + 1] = 2;
        dfg_id bound = 0;
        CHECK(dfg_plan_bind(p, 3, nds, dims, &bound) == DFG_OK && bound != p);
        const void * iv[3] = {in, wv, bv};
        void * ov[1] = {out};
        CHECK(dfg_plan_run(bound, iv, ov) == DFG_OK);
        /* the plan made for size n gives the same bits */
        dfg_id xc, wc, bc, yc = model(n, &xc, &wc, &bc), insc[3] = {xc, wc, bc}, pc = 0;
        CHECK(dfg_plan_compile(3, insc, 1, &yc, &pc) == DFG_OK);
        void * rv[1] = {ref};
        CHECK(dfg_plan_run(pc, iv, rv) == DFG_OK);
        CHECK(!memcmp(out, ref, sizeof out));
        dfg_release(pc); dfg_release(xc); dfg_release(wc); dfg_release(bc); dfg_release(yc);
        CHECK(dfg_plan_memory(p, &mi) == DFG_OK);                      /* the last binding's */
    }
    CHECK(dfg_plan_bound(p, &cnt, &max) == DFG_OK && cnt == 4);        /* 5, 2, 40, 7 */
    CHECK(dfg_plan_run(p, NULL, NULL) == DFG_ERR_ARG);                 /* only bound */
    /* binding errors */
    int nds[3] = {2, 2, 2};
    int64_t dims[3 * DFG_MAX_DIMS] = {0};
    dims[0] = 1; dims[1] = 3;
    dims[DFG_MAX_DIMS] = 3; dims[DFG_MAX_DIMS + 1] = 2;
    dims[2 * DFG_MAX_DIMS] = 1; dims[2 * DFG_MAX_DIMS + 1] = 2;
    dfg_id bound = 0;
    CHECK(dfg_plan_bind(p, 3, nds, dims, &bound) == DFG_ERR_SYMBOLIC);  /* n = 1 */
    dims[0] = 4; dims[1] = 4;
    CHECK(dfg_plan_bind(p, 3, nds, dims, &bound) == DFG_ERR_ARG);       /* 4 x 4 */
    CHECK(dfg_plan_bind(p, 2, nds, dims, &bound) == DFG_ERR_ARG);       /* count */
    /* the bound: past it, the least recently used plan goes */
    dims[1] = 3;
    for (int64_t n = 8; n < 8 + 2 * max; n++) {
        dims[0] = n;
        CHECK(dfg_plan_bind(p, 3, nds, dims, &bound) == DFG_OK);
    }
    CHECK(dfg_plan_bound(p, &cnt, &max) == DFG_OK && cnt == max);
    dfg_release(p);
    CHECK(dfg_plan_bind(p, 3, nds, dims, &bound) == DFG_ERR_HANDLE);
    CHECK(dfg_release(bound) == DFG_ERR_HANDLE);                       /* went with it */
    dfg_release(x); dfg_release(w); dfg_release(b); dfg_release(y);
}

/* a variable updated from a symbolic batch: v <- v + sum (x) */
static void test_update(void)
{
    int64_t dx[2] = {sym("batch"), 1}, dv[2] = {1, 1};
    double zero = 0;
    dfg_id x, v, s = 0, u, p = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, dx, "x", &x) == DFG_OK);
    CHECK(dfg_variable(DFG_DOUBLE, 2, dv, &zero, "v", &v) == DFG_OK);
    dfg_attr a = {{0}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_SUM, 1, &x, &a, &s) == DFG_OK);
    u = op2(DFG_OP_ADD, v, s);
    dfg_plan_spec sp = { .n_in = 1, .ins = &x, .n_out = 1, .outs = &s, .n_upd = 1,
                         .upd_vars = &v, .upd_vals = &u };
    CHECK(dfg_plan_compile_spec(&sp, &p) == DFG_OK);
    double in[6] = {1, 2, 3, 4, 5, 6}, out = 0;
    for (int64_t n = 2; n <= 6; n += 2) {
        int nd = 2;
        int64_t dims[DFG_MAX_DIMS] = {n, 1};
        dfg_id bound = 0;
        CHECK(dfg_plan_bind(p, 1, &nd, dims, &bound) == DFG_OK);
        const void * iv[1] = {in};
        void * ov[1] = {&out};
        CHECK(dfg_plan_run(bound, iv, ov) == DFG_OK);
    }
    const void * vd = NULL;
    CHECK(dfg_node_data(v, &vd) == DFG_OK && *(const double *)vd == 3 + 10 + 21);
    CHECK(out == 21);
    dfg_release(p); dfg_release(x); dfg_release(v); dfg_release(s); dfg_release(u);
}

/* dfg_reset with a symbolic plan holding concrete plans: all freed */
static void test_reset(void)
{
    dfg_id x, w, b, y = model(sym("n"), &x, &w, &b), ins[3] = {x, w, b}, p = 0, bound = 0;
    CHECK(dfg_plan_compile(3, ins, 1, &y, &p) == DFG_OK);
    int nds[3] = {2, 2, 2};
    int64_t dims[3 * DFG_MAX_DIMS] = {0};
    dims[1] = 3;
    dims[DFG_MAX_DIMS] = 3; dims[DFG_MAX_DIMS + 1] = 2;
    dims[2 * DFG_MAX_DIMS] = 1; dims[2 * DFG_MAX_DIMS + 1] = 2;
    for (int64_t n = 2; n < 5; n++) {
        dims[0] = n;
        CHECK(dfg_plan_bind(p, 3, nds, dims, &bound) == DFG_OK);
    }
    dfg_reset();
    CHECK(dfg_live_count() == 0);
    CHECK(dfg_plan_bind(p, 3, nds, dims, &bound) == DFG_ERR_HANDLE);
}

int main(void)
{
    RUN(test_shapes);
    RUN(test_plan);
    RUN(test_update);
    CHECK(dfg_live_count() == 0);
    RUN(test_reset);
    HARNESS_END();
}
