/* tests/c/test-store.c -- the node store through the public API (lib/dfg.h):
 * leaves and their ids, dfg_info, reference counting (handles, consumer
 * nodes and plans keep a node alive), stale and forged ids, dfg_reset,
 * leak checks with dfg_live_count (also after errors), variables, the
 * last-error text, long chains, and the status tables. */
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "graph-helpers.h"

/* ---- helpers --------------------------------------------------------------- */

static dfg_id input(dfg_dtype dt, int64_t r, int64_t c)
{
    int64_t d[2] = {r, c};
    dfg_id id = 0;
    CHECK(dfg_input(dt, 2, d, "x", &id) == DFG_OK);
    return id;
}

/* Every node-level query rejects id with DFG_ERR_HANDLE. */
static int all_reject(dfg_id id)
{
    dfg_dtype dt;
    int nd, op, n;
    int64_t d[DFG_MAX_DIMS];
    const char * name;
    const void * data;
    dfg_id y = 0;
    int64_t one = 1;
    return dfg_info(id, &dt, &nd, d) == DFG_ERR_HANDLE &&
           dfg_node_op(id, &op, &n) == DFG_ERR_HANDLE &&
           dfg_node_name(id, &name) == DFG_ERR_HANDLE &&
           dfg_node_data(id, &data) == DFG_ERR_HANDLE &&
           dfg_op(DFG_OP_NEG, 1, &id, NULL, &y) == DFG_ERR_HANDLE &&
           dfg_retain(id) == DFG_ERR_HANDLE &&
           dfg_release(id) == DFG_ERR_HANDLE &&
           dfg_variable_assign(id, DFG_DOUBLE, 1, &one, &(double){1}) == DFG_ERR_HANDLE &&
           dfg_plan_arity(id, &nd, &n) == DFG_ERR_HANDLE &&
           dfg_plan_run(id, NULL, NULL) == DFG_ERR_HANDLE &&
           y == 0;
}

static uint64_t rng = 88172645463325252ull;
static uint64_t rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}

/* ---- tests ----------------------------------------------------------------- */

static void test_leaves_and_info(void)
{
    int64_t base = dfg_live_count();
    static const struct { int nd; int64_t d[4]; int want_nd; int64_t want[3]; } shapes[] = {
        {2, {3, 4}, 2, {3, 4}},       {0, {0}, 2, {1, 1}},
        {1, {5}, 2, {5, 1}},          {4, {2, 3, 1, 1}, 2, {2, 3}},
        {3, {2, 1, 3}, 3, {2, 1, 3}}, {3, {0, 4, 1}, 2, {0, 4}},
        {4, {1, 1, 1, 7}, 4, {1, 1, 1}},
    };
    for (size_t k = 0; k < sizeof shapes / sizeof *shapes; k++) {
        dfg_id x = 0;
        dfg_dtype dt = DFG_LOGICAL;
        int nd = -1;
        int64_t d[DFG_MAX_DIMS];
        CHECK(dfg_input(DFG_SINGLE, shapes[k].nd, shapes[k].d, NULL, &x) == DFG_OK);
        CHECK(x != 0);
        CHECK(dfg_info(x, &dt, &nd, d) == DFG_OK);
        CHECK(dt == DFG_SINGLE && nd == shapes[k].want_nd);
        CHECK(memcmp(d, shapes[k].want, (size_t)(nd < 3 ? nd : 3) * sizeof *d) == 0);
        CHECK(dfg_info(x, NULL, NULL, NULL) == DFG_OK);
        CHECK(dfg_release(x) == DFG_OK);
    }
    /* distinct ids, names, ops */
    int64_t d2[2] = {2, 2};
    double vals[4] = {1, 2, 3, 4};
    dfg_id x, c, f, v;
    CHECK(dfg_input(DFG_DOUBLE, 2, d2, "alpha", &x) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, 2, d2, vals, &c) == DFG_OK);
    CHECK(dfg_fill(DFG_SINGLE, 2, d2, 2.5, &f) == DFG_OK);
    CHECK(dfg_variable(DFG_DOUBLE, 2, d2, vals, "w", &v) == DFG_OK);
    CHECK(x != c && x != f && x != v && c != f && c != v && f != v);
    CHECK(dfg_live_count() == base + 4);
    const char * name = NULL;
    CHECK(dfg_node_name(x, &name) == DFG_OK && strcmp(name, "alpha") == 0);
    CHECK(dfg_node_name(c, &name) == DFG_OK && strcmp(name, "") == 0);
    CHECK(dfg_node_name(v, &name) == DFG_OK && strcmp(name, "w") == 0);
    int op = -1, n = -1;
    CHECK(dfg_node_op(x, &op, &n) == DFG_OK && op == DFG_OP_INPUT && n == 0);
    CHECK(dfg_node_op(c, &op, &n) == DFG_OK && op == DFG_OP_CONSTANT && n == 0);
    CHECK(dfg_node_op(v, &op, &n) == DFG_OK && op == DFG_OP_VARIABLE && n == 0);
    dfg_id y = op2(DFG_OP_ADD, x, c);
    CHECK(dfg_node_op(y, &op, &n) == DFG_OK && op == DFG_OP_ADD && n == 2);
    /* constants own a copy of the data */
    const void * p = NULL;
    CHECK(dfg_node_data(c, &p) == DFG_OK && p != (const void *)vals);
    vals[0] = 99;
    CHECK(((const double *)p)[0] == 1 && ((const double *)p)[3] == 4);
    CHECK(dfg_node_data(f, &p) == DFG_OK && ((const float *)p)[3] == 2.5f);
    CHECK(dfg_node_data(x, &p) == DFG_ERR_ARG);     /* inputs have no data */
    CHECK(dfg_node_data(y, &p) == DFG_ERR_ARG);
    /* dfg_fill for logical: nonzero -> 1 */
    dfg_id l0, l1;
    CHECK(dfg_fill(DFG_LOGICAL, 2, d2, 0.0, &l0) == DFG_OK);
    CHECK(dfg_fill(DFG_LOGICAL, 2, d2, -3.0, &l1) == DFG_OK);
    CHECK(dfg_node_data(l0, &p) == DFG_OK && ((const uint8_t *)p)[2] == 0);
    CHECK(dfg_node_data(l1, &p) == DFG_OK && ((const uint8_t *)p)[2] == 1);
    dfg_id all[] = {x, c, f, v, y, l0, l1};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
    CHECK(dfg_live_count() == base);
}

static void test_bad_leaves(void)
{
    int64_t base = dfg_live_count();
    int64_t d[3] = {2, 3, 4}, neg[2] = {2, -1}, huge[3] = {1ll << 40, 1ll << 40, 4};
    int64_t many[DFG_MAX_DIMS + 1];
    for (int k = 0; k <= DFG_MAX_DIMS; k++) many[k] = 1;
    dfg_id x = 12345;
    CHECK(dfg_input(DFG_DTYPE_COUNT, 2, d, NULL, &x) == DFG_ERR_DTYPE);
    CHECK(dfg_input((dfg_dtype)-1, 2, d, NULL, &x) == DFG_ERR_DTYPE);
    CHECK(dfg_input(DFG_DOUBLE, 2, neg, NULL, &x) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "non-negative") != NULL);
    CHECK(dfg_input(DFG_DOUBLE, DFG_MAX_DIMS + 1, many, NULL, &x) == DFG_ERR_ARG);
    CHECK(dfg_input(DFG_DOUBLE, -1, d, NULL, &x) == DFG_ERR_ARG);
    CHECK(dfg_constant(DFG_DOUBLE, 3, huge, NULL, &x) == DFG_ERR_NOMEM);
    CHECK(dfg_fill(DFG_SINGLE, 2, neg, 1, &x) == DFG_ERR_ARG);
    CHECK(dfg_variable(DFG_LOGICAL, 3, huge, NULL, "v", &x) == DFG_ERR_NOMEM);
    CHECK(x == 12345);                         /* not written on error */
    CHECK(dfg_live_count() == base);
}

static void test_refcounts(void)
{
    int64_t base = dfg_live_count();
    dfg_id x = input(DFG_DOUBLE, 2, 3);
    /* retain/release pairs */
    CHECK(dfg_retain(x) == DFG_OK);
    CHECK(dfg_retain(x) == DFG_OK);
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_info(x, NULL, NULL, NULL) == DFG_OK);   /* one handle left */
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_live_count() == base);
    CHECK(dfg_release(x) == DFG_ERR_HANDLE);          /* twice: no crash */
    CHECK(dfg_release(x) == DFG_ERR_HANDLE);
    CHECK(all_reject(x));

    /* a consumer node keeps its input alive; the plan keeps both */
    x = input(DFG_DOUBLE, 2, 3);
    dfg_id y = op2(DFG_OP_ADD, x, x);
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_live_count() == base + 2);
    CHECK(dfg_release(x) == DFG_ERR_HANDLE);          /* no handle left */
    CHECK(dfg_live_count() == base + 2);
    dfg_id z = op1(DFG_OP_EXP, y);
    CHECK(dfg_release(y) == DFG_OK);
    CHECK(dfg_live_count() == base + 3);
    /* the input of a plan must be an input node: use a fresh graph */
    dfg_id a = input(DFG_DOUBLE, 2, 3), b = op2(DFG_OP_ADD, a, a), plan = 0;
    CHECK(dfg_plan_compile(1, &a, 1, &b, &plan) == DFG_OK);
    CHECK(dfg_release(a) == DFG_OK && dfg_release(b) == DFG_OK);
    CHECK(dfg_live_count() == base + 3 + 3);          /* a, b, plan */
    double in[6] = {1, 2, 3, 4, 5, 6}, out[6] = {0};
    const void * ins[1] = {in};
    void * outs[1] = {out};
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK);
    CHECK(out[0] == 2 && out[5] == 12);
    CHECK(dfg_retain(plan) == DFG_ERR_HANDLE);        /* plans are not nodes */
    CHECK(dfg_info(plan, NULL, NULL, NULL) == DFG_ERR_HANDLE);
    CHECK(dfg_op(DFG_OP_NEG, 1, &plan, NULL, &a) == DFG_ERR_HANDLE);
    int pi = 0, po = 0;
    CHECK(dfg_plan_arity(z, &pi, &po) == DFG_ERR_HANDLE);     /* nor nodes plans */
    CHECK(dfg_plan_arity(plan, &pi, &po) == DFG_OK && pi == 1 && po == 1);
    CHECK(dfg_release(plan) == DFG_OK);
    CHECK(dfg_release(plan) == DFG_ERR_HANDLE);
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_ERR_HANDLE);
    CHECK(dfg_live_count() == base + 3);
    CHECK(dfg_release(z) == DFG_OK);                  /* frees z, y, x */
    CHECK(dfg_live_count() == base);
    CHECK(all_reject(z) && all_reject(y));
}

static void test_stale_and_forged(void)
{
    int64_t base = dfg_live_count();
    dfg_id x = input(DFG_DOUBLE, 1, 1);
    dfg_id keep = input(DFG_SINGLE, 2, 2);
    CHECK(dfg_release(x) == DFG_OK);
    /* the slot is reused with a new generation */
    dfg_id x2 = input(DFG_DOUBLE, 1, 1);
    CHECK(x2 != x && (x2 & 0xffffffffu) == (x & 0xffffffffu));
    CHECK(all_reject(x));
    CHECK(dfg_info(x2, NULL, NULL, NULL) == DFG_OK);
    CHECK(strstr(dfg_last_error(), "invalid") != NULL);
    /* forged: zero, flipped generation bits, slots beyond the store, a live
     * node's slot with another slot's generation, random values */
    CHECK(all_reject(0));
    CHECK(all_reject(~0ull));
    CHECK(all_reject(x2 & 0xffffffffu));
    int flips_ok = 1;
    for (int b = 32; b < 64; b++)
        flips_ok &= all_reject(x2 ^ (1ull << b));
    CHECK(flips_ok);
    CHECK(all_reject((x2 & ~0xffffffffull) | 0xffffffffull));
    CHECK(all_reject((x2 & ~0xffffffffull) | ((x2 & 0xffffffffu) + 100000)));
    CHECK(all_reject((x2 & ~0xffffffffull) | (keep & 0xffffffffu)));
    int rand_ok = 1;
    for (int k = 0; k < 20000; k++)
        rand_ok &= all_reject(rnd());
    CHECK(rand_ok);
    /* random generations on live slots */
    rand_ok = 1;
    for (int k = 0; k < 20000; k++) {
        dfg_id f = (rnd() << 32) | (x2 & 0xffffffffu);
        if (f != x2)
            rand_ok &= all_reject(f);
    }
    CHECK(rand_ok);
    CHECK(dfg_live_count() == base + 2);
    /* a stale input to a plan */
    dfg_id plan = 0;
    CHECK(dfg_plan_compile(1, &x, 1, &x2, &plan) == DFG_ERR_HANDLE);
    CHECK(dfg_plan_compile(0, NULL, 1, &x, &plan) == DFG_ERR_HANDLE);
    CHECK(plan == 0);
    CHECK(dfg_live_count() == base + 2);
    CHECK(dfg_release(x2) == DFG_OK && dfg_release(keep) == DFG_OK);
    CHECK(dfg_live_count() == base);
}

static void test_errors_do_not_leak(void)
{
    int64_t base = dfg_live_count();
    dfg_id a = input(DFG_DOUBLE, 3, 4), b = input(DFG_DOUBLE, 5, 4);
    dfg_id l = input(DFG_LOGICAL, 5, 4), c = 0, y = 0, plan = 0;
    int64_t d2[2] = {3, 4};
    CHECK(dfg_fill(DFG_DOUBLE, 2, d2, 1, &c) == DFG_OK);
    dfg_id ab[2] = {a, b}, al[2] = {a, l}, stale[2] = {a, 77};
    CHECK(dfg_op(DFG_OP_ADD, 2, ab, NULL, &y) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "3x4") && strstr(dfg_last_error(), "5x4"));
    /* logical + double: a conversion node is made, then the add fails */
    CHECK(dfg_op(DFG_OP_ADD, 2, al, NULL, &y) == DFG_ERR_SHAPE);
    CHECK(dfg_op(DFG_OP_ADD, 2, stale, NULL, &y) == DFG_ERR_HANDLE);
    CHECK(dfg_op(DFG_OP_ADD, 1, ab, NULL, &y) == DFG_ERR_ARG);
    CHECK(dfg_op(DFG_OP_INPUT, 0, NULL, NULL, &y) == DFG_ERR_ARG);
    CHECK(dfg_op(DFG_OP_COUNT, 1, ab, NULL, &y) == DFG_ERR_ARG);
    CHECK(dfg_op(DFG_OP_NEG, -1, ab, NULL, &y) == DFG_ERR_ARG);
    dfg_attr bad = {{7}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_CAST, 1, &a, &bad, &y) == DFG_ERR_DTYPE);
    CHECK(y == 0);
    /* plan compile errors */
    dfg_id s = op2(DFG_OP_ADD, a, c);
    CHECK(dfg_plan_compile(0, NULL, 1, &s, &plan) == DFG_ERR_FREE_INPUT);
    CHECK(strstr(dfg_last_error(), "'x'") != NULL);
    dfg_id twice[2] = {a, a};
    CHECK(dfg_plan_compile(2, twice, 1, &s, &plan) == DFG_ERR_ARG);
    CHECK(dfg_plan_compile(1, &c, 1, &s, &plan) == DFG_ERR_ARG);
    CHECK(dfg_plan_compile(-1, &a, 1, &s, &plan) == DFG_ERR_ARG);
    CHECK(plan == 0);
    /* a run error leaves the plan usable and leaks nothing */
    dfg_id lg = op1(DFG_OP_LOG, s);
    CHECK(dfg_plan_compile(1, &a, 1, &lg, &plan) == DFG_OK);
    double in[12], out[12];
    for (int k = 0; k < 12; k++) in[k] = k - 3;
    const void * ins[1] = {in};
    void * outs[1] = {out};
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_ERR_DOMAIN);
    for (int k = 0; k < 12; k++) in[k] = k;
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK && out[0] == 0 && fabs(out[11] - log(12)) < 1e-15);
    dfg_id all[] = {a, b, l, c, s, lg, plan};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
    CHECK(dfg_live_count() == base);
}

static void test_variables(void)
{
    int64_t base = dfg_live_count();
    int64_t d[2] = {2, 3}, d3[3] = {2, 3, 1}, bad[2] = {3, 2};
    double v0[6] = {1, 2, 3, 4, 5, 6}, v1[6] = {6, 5, 4, 3, 2, 1};
    float f[6] = {0};
    dfg_id v = 0, x = input(DFG_DOUBLE, 2, 3);
    CHECK(dfg_variable(DFG_DOUBLE, 2, d, v0, "w", &v) == DFG_OK);
    dfg_id y = op2(DFG_OP_MUL, x, v), plan = 0;
    CHECK(dfg_plan_compile(1, &x, 1, &y, &plan) == DFG_OK);
    double in[6] = {1, 1, 1, 1, 1, 2}, out[6];
    const void * ins[1] = {in};
    void * outs[1] = {out};
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK && out[0] == 1 && out[5] == 12);
    CHECK(dfg_variable_assign(v, DFG_DOUBLE, 2, d, v1) == DFG_OK);
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK && out[0] == 6 && out[5] == 2);
    CHECK(dfg_variable_assign(v, DFG_DOUBLE, 3, d3, v0) == DFG_OK);  /* 2x3x1 is 2x3 */
    const void * p;
    CHECK(dfg_node_data(v, &p) == DFG_OK && ((const double *)p)[5] == 6);
    CHECK(dfg_variable_assign(v, DFG_SINGLE, 2, d, f) == DFG_ERR_DTYPE);
    CHECK(strstr(dfg_last_error(), "double") && strstr(dfg_last_error(), "single"));
    CHECK(dfg_variable_assign(v, DFG_DOUBLE, 2, bad, v1) == DFG_ERR_SHAPE);
    CHECK(strstr(dfg_last_error(), "3x2") && strstr(dfg_last_error(), "2x3"));
    CHECK(dfg_variable_assign(v, DFG_DOUBLE, DFG_MAX_DIMS + 1, d, v1) == DFG_ERR_SHAPE);
    CHECK(dfg_variable_assign(x, DFG_DOUBLE, 2, d, v1) == DFG_ERR_ARG);
    CHECK(dfg_variable_assign(y, DFG_DOUBLE, 2, d, v1) == DFG_ERR_ARG);
    CHECK(dfg_node_data(v, &p) == DFG_OK && ((const double *)p)[0] == 1);  /* unchanged */
    CHECK(dfg_release(v) == DFG_OK);    /* still used by y and the plan */
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK && out[5] == 12);
    CHECK(dfg_release(plan) == DFG_OK && dfg_release(y) == DFG_OK && dfg_release(x) == DFG_OK);
    CHECK(dfg_live_count() == base);
}

static void test_long_chain(void)
{
    enum { N = 100000 };
    int64_t base = dfg_live_count();
    dfg_id x = input(DFG_DOUBLE, 1, 2), cur = x;
    CHECK(dfg_retain(x) == DFG_OK);
    int ok = 1;
    for (int k = 0; k < N && ok; k++) {
        dfg_id nxt;
        ok &= dfg_op(DFG_OP_NEG, 1, &cur, NULL, &nxt) == DFG_OK;
        ok &= dfg_release(cur) == DFG_OK;
        cur = nxt;
    }
    CHECK(ok);
    CHECK(dfg_live_count() == base + N + 1);
    dfg_id plan = 0;
    int64_t steps = 0;
    dfg_options none = { 0, 0 };
    CHECK(dfg_plan_compile_opts(1, &x, 1, &cur, &none, &plan) == DFG_OK);
    CHECK(dfg_plan_size(plan, &steps) == DFG_OK && steps == N);
    double in[2] = {1.5, -2}, out[2] = {0, 0};
    const void * ins[1] = {in};
    void * outs[1] = {out};
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK && out[0] == 1.5 && out[1] == -2);
    CHECK(dfg_release(plan) == DFG_OK);
    /* with the passes (iterative walks, no recursion): --x pairs vanish */
    CHECK(dfg_plan_compile(1, &x, 1, &cur, &plan) == DFG_OK);
    CHECK(dfg_plan_size(plan, &steps) == DFG_OK && steps == 0);
    out[0] = out[1] = 0;
    CHECK(dfg_plan_run(plan, ins, outs) == DFG_OK && out[0] == 1.5 && out[1] == -2);
    CHECK(dfg_release(plan) == DFG_OK);
    CHECK(dfg_release(cur) == DFG_OK);             /* frees the chain */
    CHECK(dfg_live_count() == base + 1);
    CHECK(dfg_release(x) == DFG_OK);
    CHECK(dfg_live_count() == base);
}

static void test_reset(void)
{
    dfg_id x = input(DFG_DOUBLE, 2, 2), y = op1(DFG_OP_EXP, x), plan = 0;
    CHECK(dfg_plan_compile(1, &x, 1, &y, &plan) == DFG_OK);
    CHECK(dfg_retain(y) == DFG_OK);
    CHECK(dfg_live_count() >= 3);
    dfg_reset();
    CHECK(dfg_live_count() == 0);
    CHECK(all_reject(x) && all_reject(y) && all_reject(plan));
    /* the store works after a reset, and old ids stay stale */
    dfg_id z = input(DFG_SINGLE, 1, 1);
    CHECK(z != x && z != y && z != plan);
    CHECK(dfg_info(z, NULL, NULL, NULL) == DFG_OK);
    CHECK(all_reject(x) && all_reject(y));
    CHECK(dfg_live_count() == 1);
    dfg_reset();
    dfg_reset();                                   /* idempotent */
    CHECK(dfg_live_count() == 0 && all_reject(z));
}

static void test_status_tables(void)
{
    int distinct = 1;
    for (int s = 0; s < DFG_STATUS_COUNT; s++) {
        const char * str = dfg_status_str((dfg_status)s);
        const char * id = dfg_status_id((dfg_status)s);
        CHECK(str && str[0] && strcmp(str, "unknown status") != 0);
        CHECK(id && id[0] && strchr(id, ' ') == NULL && strchr(id, ':') == NULL);
        for (int t = 0; t < s; t++)
            distinct &= strcmp(dfg_status_id((dfg_status)t), id) != 0 &&
                        strcmp(dfg_status_str((dfg_status)t), str) != 0;
    }
    CHECK(distinct);
    CHECK(strcmp(dfg_status_id(DFG_ERR_HANDLE), "invalidHandle") == 0);
    CHECK(strcmp(dfg_status_id(DFG_ERR_SHAPE), "nonconformant") == 0);
    CHECK(strcmp(dfg_status_id(DFG_OK), "ok") == 0);
    CHECK(strcmp(dfg_status_str(DFG_STATUS_COUNT), "unknown status") == 0);
    CHECK(strcmp(dfg_status_str((dfg_status)-1), "unknown status") == 0);
    CHECK(strcmp(dfg_status_id((dfg_status)99), "internal") == 0);
    CHECK(dfg_dtype_size(DFG_DOUBLE) == 8 && dfg_dtype_size(DFG_SINGLE) == 4 &&
          dfg_dtype_size(DFG_LOGICAL) == 1);
    CHECK(strcmp(dfg_dtype_name(DFG_DOUBLE), "double") == 0 &&
          strcmp(dfg_dtype_name(DFG_SINGLE), "single") == 0 &&
          strcmp(dfg_dtype_name(DFG_LOGICAL), "logical") == 0 &&
          strcmp(dfg_dtype_name(DFG_DTYPE_COUNT), "?") == 0);
    CHECK(dfg_take_warning() == NULL);
}

int main(void)
{
    CHECK(dfg_live_count() == 0);
    RUN(test_leaves_and_info);
    RUN(test_bad_leaves);
    RUN(test_refcounts);
    RUN(test_stale_and_forged);
    RUN(test_errors_do_not_leak);
    RUN(test_variables);
    RUN(test_long_chain);
    RUN(test_reset);
    RUN(test_status_tables);
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
