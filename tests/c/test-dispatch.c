/* tests/c/test-dispatch.c -- dispatch caches (lib/runtime/dispatch.c, the
 * plans of dfg.jit and the transforms by call signature): find and put,
 * the argument positions, the entry used last matched by its bytes,
 * replacing a key, the bound with the least
 * recently used entry replaced and its plan released, the order of
 * dfg_cache_entry, clear, releasing the cache (its plans with it), stale
 * handles, bad arguments; nothing left alive at the end (valgrind in make
 * test). */
#include <string.h>
#include "dfg.h"
#include "harness.h"
#include "graph-helpers.h"

/* a plan of x + k for a 2x1 input, and its input node (the caller's) */
static dfg_id plan_plus(double k, dfg_id * x)
{
    int64_t d[2] = {2, 1};
    dfg_id c = 0, y = 0, p = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", x) == DFG_OK);
    CHECK(dfg_fill(DFG_DOUBLE, 2, d, k, &c) == DFG_OK);
    y = op2(DFG_OP_ADD, *x, c);
    CHECK(dfg_plan_compile(1, x, 1, &y, &p) == DFG_OK);
    dfg_release(c);
    dfg_release(y);
    return p;
}

static double run_plan(dfg_id p)
{
    double in[2] = {1, 2}, out[2] = {0, 0};
    const void * iv[1] = {in};
    void * ov[1] = {out};
    CHECK(dfg_plan_run(p, iv, ov) == DFG_OK);
    return out[0] - 1;
}

static void test_cache(void)
{
    dfg_id c = 0, x[4], p[4];
    CHECK(dfg_cache_new(2, &c) == DFG_OK);
    for (int k = 0; k < 4; k++)
        p[k] = plan_plus(10 * (k + 1), &x[k]);
    dfg_id got = 1;
    const int32_t * pos = NULL;
    int32_t np = -1, n = -1, max = -1;
    CHECK(dfg_cache_find(c, "a", 1, &got, &pos, &np) == DFG_OK && got == 0);
    int32_t pa[1] = {2}, pb[2] = {0, 3};
    CHECK(dfg_cache_put(c, "a", 1, p[0], pa, 1) == DFG_OK);
    CHECK(dfg_cache_put(c, "bb", 2, p[1], pb, 2) == DFG_OK);
    CHECK(dfg_cache_find(c, "a", 1, &got, &pos, &np) == DFG_OK && got == p[0] && np == 1 &&
          pos[0] == 2);
    CHECK(run_plan(got) == 10);
    CHECK(dfg_cache_find(c, "bb", 2, &got, &pos, &np) == DFG_OK && got == p[1] && np == 2 &&
          pos[0] == 0 && pos[1] == 3);
    CHECK(dfg_cache_find(c, "b", 1, &got, &pos, &np) == DFG_OK && got == 0);   /* a prefix */
    /* the entry used last ("bb") is matched by its bytes first: a key of
     * its length with other bytes, or longer with it as prefix, is a miss,
     * and another entry is still found (then matched first itself) */
    CHECK(dfg_cache_find(c, "bb", 2, &got, &pos, &np) == DFG_OK && got == p[1]);
    CHECK(dfg_cache_find(c, "bc", 2, &got, &pos, &np) == DFG_OK && got == 0);
    CHECK(dfg_cache_find(c, "bbb", 3, &got, &pos, &np) == DFG_OK && got == 0);
    CHECK(dfg_cache_find(c, "a", 1, &got, &pos, &np) == DFG_OK && got == p[0]);
    CHECK(dfg_cache_find(c, "a", 1, &got, &pos, &np) == DFG_OK && got == p[0] && np == 1);
    CHECK(dfg_cache_find(c, "bb", 2, &got, &pos, &np) == DFG_OK && got == p[1]);
    CHECK(dfg_cache_entries(c, &n, &max) == DFG_OK && n == 2 && max == 2);
    /* "a" used last but one: a third key replaces it, releasing its plan */
    CHECK(dfg_cache_put(c, "ccc", 3, p[2], NULL, 0) == DFG_OK);
    CHECK(dfg_cache_find(c, "a", 1, &got, &pos, &np) == DFG_OK && got == 0);
    CHECK(dfg_release(p[0]) == DFG_ERR_HANDLE);                 /* freed by the cache */
    CHECK(dfg_cache_find(c, "bb", 2, &got, &pos, &np) == DFG_OK && got == p[1]);
    /* the order of last use: ccc, then bb */
    const void * key = NULL;
    size_t len = 0;
    CHECK(dfg_cache_entry(c, 0, &got, &key, &len) == DFG_OK && got == p[2] && len == 3 &&
          !memcmp(key, "ccc", 3));
    CHECK(dfg_cache_entry(c, 1, &got, &key, &len) == DFG_OK && got == p[1] && len == 2);
    CHECK(dfg_cache_entry(c, 2, &got, &key, &len) == DFG_ERR_ARG);
    /* a key put again: its entry replaced, the old plan released */
    CHECK(dfg_cache_put(c, "bb", 2, p[3], NULL, 0) == DFG_OK);
    CHECK(dfg_release(p[1]) == DFG_ERR_HANDLE);
    CHECK(dfg_cache_find(c, "bb", 2, &got, &pos, &np) == DFG_OK && got == p[3] && np == 0);
    CHECK(run_plan(got) == 40);
    CHECK(dfg_cache_clear(c) == DFG_OK);
    CHECK(dfg_cache_entries(c, &n, NULL) == DFG_OK && n == 0);
    CHECK(dfg_release(p[2]) == DFG_ERR_HANDLE && dfg_release(p[3]) == DFG_ERR_HANDLE);
    /* releasing the cache releases what it holds */
    dfg_id xq = 0, q = plan_plus(5, &xq);
    dfg_release(xq);
    CHECK(dfg_cache_put(c, "q", 1, q, NULL, 0) == DFG_OK);
    CHECK(dfg_release(c) == DFG_OK);
    CHECK(dfg_release(q) == DFG_ERR_HANDLE);
    CHECK(dfg_cache_find(c, "q", 1, &got, &pos, &np) == DFG_ERR_HANDLE);   /* stale */
    CHECK(dfg_cache_put(c, "q", 1, 0, NULL, 0) == DFG_ERR_HANDLE);
    CHECK(dfg_cache_new(0, &c) == DFG_ERR_ARG);
    for (int k = 0; k < 4; k++)
        dfg_release(x[k]);
}

int main(void)
{
    RUN(test_cache);
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
