/* tests/c/test-backend.c -- the device backend interface
 * (lib/runtime/backend.h): the registry, the CPU backend's buffers, copies,
 * steps, sync and memory, a FUSED-free step run through it agreeing with
 * the plan that runs the same node, and the GPU backend's absence (with
 * its reason) on a machine where no GPU can be used. */
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "graph-helpers.h"
#include "../../lib/runtime/backend.h"

static void test_registry(void)
{
    const dfg_backend * b = dfg_backend_get("cpu");
    CHECK(b != NULL && b == dfg_backend_cpu());
    CHECK(b && !strcmp(b->name, "cpu") && b->host_memory == 1);
    CHECK(dfg_backend_get("tpu") == NULL);
    CHECK(strstr(dfg_last_error(), "unknown device \"tpu\"") != NULL);
    const dfg_backend * g = dfg_backend_get("gpu");
    if (g) {                     /* a GPU machine: the CUDA library's table */
        CHECK(!strcmp(g->name, "gpu") && g->host_memory == 0);
        double f = -1, t = -1;
        CHECK(g->memory(g, &f, &t) == DFG_OK && t > 0 && f >= 0 && f <= t);
    } else {
        dfg_device_info info;
        dfg_device_query(&info);
        CHECK(!info.available);
        CHECK(strstr(dfg_last_error(), "no GPU can be used") != NULL);
    }
    dfg_device_shutdown();
}

static void test_cpu_buffers(void)
{
    const dfg_backend * b = dfg_backend_cpu();
    void * a = NULL, * z = NULL;
    CHECK(b->alloc(b, 8 * sizeof(double), &a) == DFG_OK && a);
    CHECK(b->alloc(b, 0, &z) == DFG_OK && z && z != a);   /* valid, unique */
    double h[8], r[8];
    for (int k = 0; k < 8; k++)
        h[k] = k * 1.5 - 2;
    CHECK(b->to_device(b, a, h, sizeof h) == DFG_OK);
    CHECK(b->to_host(b, r, a, sizeof r) == DFG_OK);
    CHECK(!memcmp(h, r, sizeof h));
    CHECK(b->copy(b, a, (const char *)a + 4 * sizeof(double), 4 * sizeof(double)) == DFG_OK);
    CHECK(((double *)a)[0] == h[4] && ((double *)a)[3] == h[7] && ((double *)a)[4] == h[4]);
    CHECK(b->sync(b) == DFG_OK);
    double fr = -1, tot = -1;
    CHECK(b->memory(b, &fr, &tot) == DFG_OK && tot > 0 && fr >= 0 && fr <= tot);
    b->free(b, a);
    b->free(b, z);
    b->free(b, NULL);
}

/* one step through the backend: y = x .* w + 1 as MUL then ADD */
static void test_cpu_step(void)
{
    const dfg_backend * b = dfg_backend_cpu();
    int64_t d[2] = {2, 3};
    double xd[6] = {1, -2, 3.5, 0, -0.25, 7}, wd[6] = {2, 2, -1, 4, 8, 0.5};
    dfg_id x, w, m;
    CHECK(dfg_constant(DFG_DOUBLE, 2, d, xd, &x) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, 2, d, wd, &w) == DFG_OK);
    m = op2(DFG_OP_MUL, x, w);
    dfg_node * n = dfg_node_get(m);
    CHECK(n && b->supports(b, n));
    double out[6] = {0};
    const void * in[2] = {xd, wd};
    dfg_step_args s = { .node = n, .out = out, .in = in };
    CHECK(b->run(b, &s) == DFG_OK);
    for (int k = 0; k < 6; k++)
        CHECK(out[k] == xd[k] * wd[k]);
    /* a failing step reports its kernel's error: sqrt of a negative */
    dfg_id r = op1(DFG_OP_SQRT, x);
    dfg_step_args s2 = { .node = dfg_node_get(r), .out = out, .in = in };
    CHECK(b->run(b, &s2) == DFG_ERR_DOMAIN);
    dfg_release(r);
    dfg_release(m);
    dfg_release(x);
    dfg_release(w);
}

/* a plan runs through its backend: the same answer as the step above */
static void test_plan_on_backend(void)
{
    int64_t d[2] = {2, 3};
    dfg_id x, w, m, plan;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "w", &w) == DFG_OK);
    m = op2(DFG_OP_MUL, x, w);
    dfg_id ins[2] = {x, w};
    CHECK(dfg_plan_compile(2, ins, 1, &m, &plan) == DFG_OK);
    double xd[6] = {1, -2, 3.5, 0, -0.25, 7}, wd[6] = {2, 2, -1, 4, 8, 0.5}, out[6];
    const void * in[2] = {xd, wd};
    void * o[1] = {out};
    CHECK(dfg_plan_run(plan, in, o) == DFG_OK);
    for (int k = 0; k < 6; k++)
        CHECK(out[k] == xd[k] * wd[k]);
    dfg_release(plan);
    dfg_release(m);
    dfg_release(x);
    dfg_release(w);
}

int main(void)
{
    RUN(test_registry);
    RUN(test_cpu_buffers);
    RUN(test_cpu_step);
    RUN(test_plan_on_backend);
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
