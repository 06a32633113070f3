/* tests/c/test-walk.c -- the library's one topological sort (dfg_topo,
 * lib/core/walk.c; pass_topo in lib/passes/pass.h is the same function):
 * the exact order (a post-order DFS from the roots in the order given,
 * inputs in the order of in[]), which the schedule, reverse mode and the
 * passes rely on, the index map, shared nodes listed once, and a long
 * chain walked without recursion. */
#include <string.h>
#include "harness.h"
#include "../../lib/core/core.h"
#include "../../lib/base/pmap.h"

static dfg_id in1(const char * name)
{
    int64_t d[2] = {2, 2};
    dfg_id x = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, name, &x) == DFG_OK);
    return x;
}

static dfg_id op(int code, int n, dfg_id a, dfg_id b)
{
    dfg_id in[2] = {a, b}, y = 0;
    CHECK(dfg_op(code, n, in, NULL, &y) == DFG_OK);
    return y;
}

/* The walk of roots as a string of one letter per node (names from ids). */
static void walk(int n_root, const dfg_id * roots, const dfg_id * ids, const char * letters,
                 int n_ids, char * out, int with_index)
{
    dfg_node * r[4];
    for (int k = 0; k < n_root; k++)
        r[k] = dfg_node_get(roots[k]);
    dfg_node ** list = NULL;
    int32_t n = -1;
    pmap index;
    CHECK(!with_index || pmap_init(&index, 8));
    CHECK(dfg_topo(n_root, r, &list, &n, with_index ? &index : NULL) == DFG_OK);
    for (int32_t i = 0; i < n; i++) {
        out[i] = '?';
        for (int k = 0; k < n_ids; k++)
            if (list[i] == dfg_node_get(ids[k]))
                out[i] = letters[k];
        if (with_index)
            CHECK(pmap_get(&index, list[i]) == i);
    }
    out[n < 0 ? 0 : n] = 0;
    if (with_index)
        pmap_free(&index);
    dfg_free(list);
}

static void test_order(void)
{
    int64_t live = dfg_live_count();
    /* a = x + y, b = sin (x), c = a .* b, d = b - y */
    dfg_id x = in1("x"), y = in1("y");
    dfg_id a = op(DFG_OP_ADD, 2, x, y), b = op(DFG_OP_SIN, 1, x, 0);
    dfg_id c = op(DFG_OP_MUL, 2, a, b), d = op(DFG_OP_SUB, 2, b, y);
    dfg_id ids[] = {x, y, a, b, c, d};
    const char * L = "xyabcd";
    char s[16];
    dfg_id r1[] = {c};
    walk(1, r1, ids, L, 6, s, 1);
    CHECK(strcmp(s, "xyabc") == 0);
    dfg_id r2[] = {d, c};
    walk(2, r2, ids, L, 6, s, 1);
    CHECK(strcmp(s, "xbydac") == 0);
    dfg_id r3[] = {c, d, y, c};          /* roots reached before are not repeated */
    walk(4, r3, ids, L, 6, s, 0);
    CHECK(strcmp(s, "xyabcd") == 0);
    dfg_id r4[] = {y, x};
    walk(2, r4, ids, L, 6, s, 0);
    CHECK(strcmp(s, "yx") == 0);
    walk(0, r4, ids, L, 6, s, 1);
    CHECK(strcmp(s, "") == 0);
    for (int k = 5; k >= 0; k--)
        dfg_release(ids[k]);
    CHECK(dfg_live_count() == live);
}

static void test_long_chain(void)
{
    int64_t live = dfg_live_count();
    enum { LEN = 200000 };
    dfg_id x = in1("x"), t = x;
    int built = 1;
    for (int k = 0; k < LEN && built; k++) {
        dfg_id u = 0;
        built = dfg_op(DFG_OP_NEG, 1, &t, NULL, &u) == DFG_OK;
        if (t != x)
            dfg_release(t);
        t = u;
    }
    CHECK(built);
    dfg_node * r = dfg_node_get(t), ** list = NULL;
    int32_t n = 0;
    CHECK(dfg_topo(1, &r, &list, &n, NULL) == DFG_OK);
    CHECK(n == LEN + 1 && list[0] == dfg_node_get(x) && list[LEN] == r);
    int ok = 1;
    for (int32_t i = 1; i <= LEN && n == LEN + 1; i++)
        ok &= list[i]->in[0] == list[i - 1];
    CHECK(ok);
    dfg_free(list);
    dfg_release(t);
    dfg_release(x);
    CHECK(dfg_live_count() == live);
}

int main(void)
{
    RUN(test_order);
    RUN(test_long_chain);
    HARNESS_END();
}
