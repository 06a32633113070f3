/* tests/c/test-sim.c -- the emulated device "sim" (lib/runtime/backend-sim.c):
 * its allocator (alignment, reuse, merging of freed neighbours), out of
 * memory with its message, failing the Nth allocation, the counters of
 * copies and bytes in each direction, steps run through it agreeing
 * bitwise with the CPU backend (a plain step, a fused step with its
 * scratch, a threaded step), host pointers refused by run, and the point
 * of it all: the host reading a sim buffer directly dies of SIGSEGV (in a
 * forked child; skipped under valgrind, which reports the read itself).
 * Mixed plans (lib/runtime/place.c): nodes placed on the CPU inside a plan
 * on sim, and ops sim pretends to lack, with copy nodes between: bitwise
 * the CPU's results, the copies counted.  Loops on sim: their bodies run
 * there, bitwise the CPU's, with no copy per step. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "harness.h"
#include "dfg.h"
#include "graph-helpers.h"
#include "../../lib/runtime/backend.h"

static const dfg_backend * sim(void)
{
    const dfg_backend * b = dfg_backend_get("sim");
    CHECK(b != NULL && b == dfg_backend_sim());
    return b;
}

static void test_registry(void)
{
    const dfg_backend * b = sim();
    CHECK(!strcmp(b->name, "sim") && b->host_memory == 0);
    CHECK(dfg_backend_get("tpu") == NULL);
    CHECK(strstr(dfg_last_error(), "\"sim\"") != NULL);
    double f = -1, t = -1;
    CHECK(dfg_sim_set_memory(1 << 20) == DFG_OK);
    CHECK(b->memory(b, &f, &t) == DFG_OK && t == 1 << 20 && f == t);
    CHECK(b->sync(b) == DFG_OK);
    CHECK(dfg_sim_set_memory(-1) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "sim device's memory") != NULL);
}

static void test_alloc(void)
{
    const dfg_backend * b = sim();
    CHECK(dfg_sim_set_memory(4096) == DFG_OK);
    dfg_sim_stats_reset();
    void * a = NULL, * c = NULL, * d = NULL, * z = NULL, * e = NULL;
    CHECK(b->alloc(b, 100, &a) == DFG_OK && a);
    CHECK(b->alloc(b, 1, &c) == DFG_OK && c);
    CHECK(b->alloc(b, 0, &z) == DFG_OK && z && z != a && z != c);   /* valid, unique */
    CHECK(((uintptr_t)a % 64) == 0 && ((uintptr_t)c % 64) == 0 && ((uintptr_t)z % 64) == 0);
    CHECK((char *)c - (char *)a == 128);                 /* first fit, 64-byte blocks */
    dfg_sim_stats s;
    dfg_sim_stats_get(&s);
    CHECK(s.allocs == 3 && s.in_use == 128 + 64 + 64 && s.buffers == 3 && s.memory == 4096);
    double f = 0, t = 0;
    CHECK(b->memory(b, &f, &t) == DFG_OK && f == 4096 - 256 && t == 4096);
    /* free a then c: the two merge, and a block of both sizes fits there */
    b->free(b, a);
    b->free(b, c);
    CHECK(b->alloc(b, 192, &d) == DFG_OK && d == a);
    b->free(b, d);
    b->free(b, z);
    b->free(b, NULL);
    b->free(b, (char *)a + 64);             /* not a buffer: ignored */
    dfg_sim_stats_get(&s);
    CHECK(s.frees == 4 && s.in_use == 0 && s.peak == 256 && s.buffers == 0);
    /* everything merged back: the whole memory is one block again */
    CHECK(b->alloc(b, 4096, &e) == DFG_OK && e == a);
    b->free(b, e);
    /* out of memory: the message names the device and the bytes */
    void * big = (void *)1;
    CHECK(b->alloc(b, 4097, &big) == DFG_ERR_NOMEM && big == NULL);
    CHECK(strstr(dfg_last_error(), "out of memory on the device \"sim\": 4097 bytes asked, "
                                   "4096 free of 4096") != NULL);
    /* fragmentation: two free halves with a used block between */
    void * p1, * p2, * p3;
    CHECK(b->alloc(b, 1024, &p1) == DFG_OK && b->alloc(b, 1024, &p2) == DFG_OK &&
          b->alloc(b, 2048, &p3) == DFG_OK);
    b->free(b, p1);
    b->free(b, p3);
    CHECK(b->alloc(b, 2048 + 1024, &big) == DFG_ERR_NOMEM);
    CHECK(strstr(dfg_last_error(), "3072 bytes asked, 3072 free of 4096") != NULL);
    /* the memory cannot grow past its region while p2 is allocated; it can shrink */
    CHECK(dfg_sim_set_memory(1 << 20) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "cannot grow") != NULL);
    CHECK(dfg_sim_set_memory(2048) == DFG_OK);
    CHECK(b->alloc(b, 1024, &p1) == DFG_OK && b->alloc(b, 64, &p3) == DFG_ERR_NOMEM);
    b->free(b, p1);
    b->free(b, p2);
    dfg_sim_stats_get(&s);
    CHECK(s.failed_allocs == 3 && s.buffers == 0);
    CHECK(dfg_sim_set_memory(0) == DFG_OK);        /* the default again: 1 GiB */
    CHECK(b->memory(b, &f, &t) == DFG_OK && t == (double)(1 << 30));
}

static void test_fail_nth(void)
{
    const dfg_backend * b = sim();
    void * x[3] = {NULL, NULL, NULL}, * y = NULL;
    dfg_sim_fail_alloc(3);
    CHECK(b->alloc(b, 8, &x[0]) == DFG_OK && b->alloc(b, 8, &x[1]) == DFG_OK);
    CHECK(b->alloc(b, 8, &x[2]) == DFG_ERR_NOMEM && x[2] == NULL);
    CHECK(strstr(dfg_last_error(), "device \"sim\": 8 bytes asked") != NULL);
    CHECK(strstr(dfg_last_error(), "set to fail") != NULL);
    CHECK(b->alloc(b, 8, &y) == DFG_OK);           /* once only */
    dfg_sim_fail_alloc(1);
    dfg_sim_fail_alloc(0);                         /* cancelled */
    CHECK(b->alloc(b, 8, &x[2]) == DFG_OK);
    for (int k = 0; k < 3; k++)
        b->free(b, x[k]);
    b->free(b, y);
}

static void test_copies(void)
{
    const dfg_backend * b = sim();
    void * a = NULL, * c = NULL;
    CHECK(b->alloc(b, 8 * sizeof(double), &a) == DFG_OK);
    CHECK(b->alloc(b, 8 * sizeof(double), &c) == DFG_OK);
    dfg_sim_stats_reset();
    double h[8], r[8];
    for (int k = 0; k < 8; k++)
        h[k] = k * 1.5 - 2;
    CHECK(b->to_device(b, a, h, sizeof h) == DFG_OK);
    CHECK(b->copy(b, c, (const char *)a + 4 * sizeof(double), 4 * sizeof(double)) == DFG_OK);
    CHECK(b->copy(b, (char *)c + 4 * sizeof(double), a, 4 * sizeof(double)) == DFG_OK);
    CHECK(b->to_host(b, r, c, sizeof r) == DFG_OK);
    for (int k = 0; k < 8; k++)
        CHECK(r[k] == h[(k + 4) % 8]);
    CHECK(b->to_host(b, r, a, 0) == DFG_OK);       /* nothing: not counted */
    dfg_sim_stats s;
    dfg_sim_stats_get(&s);
    CHECK(s.to_device == 1 && s.to_device_bytes == 64);
    CHECK(s.to_host == 1 && s.to_host_bytes == 64);
    CHECK(s.copies == 2 && s.copy_bytes == 64);
    CHECK(s.in_use == 128 && s.peak == 128 && s.allocs == 0);
    /* host memory where device memory belongs, and the other way round */
    CHECK(b->to_device(b, r, h, sizeof h) == DFG_ERR_INTERNAL);
    CHECK(strstr(dfg_last_error(), "not device memory") != NULL);
    CHECK(b->to_host(b, r, h, sizeof h) == DFG_ERR_INTERNAL);
    CHECK(b->to_host(b, c, a, sizeof h) == DFG_ERR_INTERNAL);
    CHECK(b->copy(b, c, h, sizeof h) == DFG_ERR_INTERNAL);
    dfg_sim_stats_get(&s);
    CHECK(s.to_device == 1 && s.to_host == 1 && s.copies == 2);
    b->free(b, a);
    b->free(b, c);
}

/* n doubles on the device holding h */
static void * upload(const dfg_backend * b, const double * h, size_t n)
{
    void * d = NULL;
    CHECK(b->alloc(b, n * sizeof(double), &d) == DFG_OK);
    CHECK(b->to_device(b, d, h, n * sizeof(double)) == DFG_OK);
    return d;
}

/* one step on both backends: the sim's result, copied back, is bitwise the
 * CPU's; n inputs of len doubles, an output of olen */
static void same_step(const dfg_node * n, const double * const * in, size_t len, size_t olen)
{
    const dfg_backend * c = dfg_backend_cpu(), * b = sim();
    double * want = calloc(olen, sizeof *want), * got = calloc(olen, sizeof *got);
    const void * hin[4];
    void * din[4];
    for (int k = 0; k < n->n_in; k++) {
        hin[k] = in[k];
        din[k] = upload(b, in[k], len);
    }
    dfg_step_args hs = { .node = n, .out = want, .in = hin };
    CHECK(c->run(c, &hs) == DFG_OK);
    void * dout = NULL;
    CHECK(b->alloc(b, olen * sizeof(double), &dout) == DFG_OK);
    dfg_step_args ds = { .node = n, .out = dout, .in = (const void * const *)din };
    CHECK(b->run(b, &ds) == DFG_OK);
    CHECK(b->to_host(b, got, dout, olen * sizeof(double)) == DFG_OK);
    CHECK(!memcmp(want, got, olen * sizeof(double)));
    b->free(b, dout);
    for (int k = 0; k < n->n_in; k++)
        b->free(b, din[k]);
    free(want);
    free(got);
}

static void test_steps(void)
{
    const dfg_backend * b = sim();
    /* element-wise on a large array (threaded), a matrix product, a sum */
    enum { N = 200 };
    int64_t d[2] = {N, N}, dv[2] = {N * N, 1};
    double * x = malloc(sizeof(double) * N * N), * w = malloc(sizeof(double) * N * N);
    for (int k = 0; k < N * N; k++) {
        x[k] = sin(k * 0.37) * 3;
        w[k] = cos(k * 0.11) + 0.5;
    }
    dfg_id xi, wi, xv;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &xi) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "w", &wi) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dv, "v", &xv) == DFG_OK);
    dfg_id m = op2(DFG_OP_MUL, xi, wi), e = op1(DFG_OP_EXP, xv), mm = op2(DFG_OP_MATMUL, xi, wi);
    dfg_id s = op1(DFG_OP_SUM, xi);
    const double * two[2] = {x, w};
    dfg_sim_stats_reset();
    same_step(dfg_node_get(m), two, N * N, N * N);
    same_step(dfg_node_get(e), two, N * N, N * N);
    same_step(dfg_node_get(mm), two, N * N, N * N);
    same_step(dfg_node_get(s), two, N * N, N);
    dfg_sim_stats st;
    dfg_sim_stats_get(&st);
    CHECK(st.runs == 4 && st.to_host == 4 && st.to_device == 6 && st.in_use == 0);
    /* a host pointer in a step is a missing copy: refused, not run */
    void * dx = upload(b, x, N * N), * dout = NULL;
    CHECK(b->alloc(b, sizeof(double) * N * N, &dout) == DFG_OK);
    const void * mixed[2] = {dx, w};
    dfg_step_args a = { .node = dfg_node_get(m), .out = dout, .in = mixed };
    CHECK(b->run(b, &a) == DFG_ERR_INTERNAL);
    CHECK(strstr(dfg_last_error(), "host buffer for its input 2") != NULL);
    const void * din2[2] = {dx, dx};
    a.in = din2;
    a.out = x;
    CHECK(b->run(b, &a) == DFG_ERR_INTERNAL);
    CHECK(strstr(dfg_last_error(), "host buffer for its output") != NULL);
    /* a kernel's own error comes through: sqrt of a negative */
    dfg_id r = op1(DFG_OP_SQRT, xi);
    dfg_step_args q = { .node = dfg_node_get(r), .out = dout, .in = din2 };
    CHECK(b->run(b, &q) == DFG_ERR_DOMAIN);
    b->free(b, dx);
    b->free(b, dout);
    dfg_id ids[] = {r, s, mm, e, m, xv, wi, xi};
    for (size_t k = 0; k < sizeof ids / sizeof *ids; k++)
        dfg_release(ids[k]);
    free(x);
    free(w);
}

/* 1 when this process runs under valgrind (its preload is in the map) */
static int under_valgrind(void)
{
    const char * p = getenv("LD_PRELOAD");
    if (p && strstr(p, "valgrind"))
        return 1;
    FILE * f = fopen("/proc/self/maps", "r");
    char line[512];
    int v = 0;
    while (f && !v && fgets(line, sizeof line, f))
        v = strstr(line, "vgpreload") != NULL;
    if (f)
        fclose(f);
    return v;
}

static void test_fault(void)
{
    if (under_valgrind()) {
        printf("test-sim: the host-read fault test is skipped under valgrind (it reports "
               "the invalid read itself)\n");
        return;
    }
    const dfg_backend * b = sim();
    double h[4] = {1, 2, 3, 4};
    volatile double * d = upload(b, h, 4);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {                 /* the child: the host reads a device buffer */
        double v = d[1];
        _exit(v == 2 ? 0 : 1);      /* reached only when the read did not fault */
    }
    int status = 0;
    CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV);
    /* the parent is unaffected and the data is there */
    double r[4] = {0};
    CHECK(b->to_host(b, r, (const void *)d, sizeof r) == DFG_OK && !memcmp(r, h, sizeof h));
    b->free(b, (void *)d);
}

/* A training step, y = tanh (x * w + c), s = sum (y .* y), w <- w - 0.01 *
 * ds/dw, compiled for device dev with a variable of its own; it runs three
 * times and its outputs (y, s, x itself, a reshape of y) and final w are
 * kept in res (4 outputs then w). */
enum { R = 40, K = 30, M = 5 };
/* check_counts: 1 the exact copies of a plan all on sim, 0 none (a plan
 * on the CPU), 2 not checked (a mixed plan: dfg_sim_set_host_ops) */
static void train(const char * dev, double * res, int check_counts)
{
    int64_t dx[2] = {R, K}, dw[2] = {K, M}, dc[2] = {1, M}, dr[2] = {R * M, 1};
    double W[K * M], C[M], X[R * K];
    for (int k = 0; k < K * M; k++)
        W[k] = sin(k * 0.3) * 0.2;
    for (int k = 0; k < M; k++)
        C[k] = 0.1 * k - 0.2;
    dfg_id x, w, c;
    CHECK(dfg_input(DFG_DOUBLE, 2, dx, "x", &x) == DFG_OK);
    CHECK(dfg_variable(DFG_DOUBLE, 2, dw, W, "w", &w) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, 2, dc, C, &c) == DFG_OK);
    dfg_id xw = op2(DFG_OP_MATMUL, x, w), a = op2(DFG_OP_ADD, xw, c), y = op1(DFG_OP_TANH, a);
    dfg_id yy = op2(DFG_OP_MUL, y, y), s1 = op1(DFG_OP_SUM, yy), s = 0;
    dfg_attr d1;
    memset(&d1, 0, sizeof d1);
    d1.i[0] = 1;
    CHECK(dfg_op(DFG_OP_SUM, 1, &s1, &d1, &s) == DFG_OK);
    dfg_attr ra;
    memset(&ra, 0, sizeof ra);
    ra.i[0] = 2;
    ra.i[1] = dr[0];
    ra.i[2] = dr[1];
    dfg_id yr = 0, g = 0, lr, step, nw, plan = 0;
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &y, &ra, &yr) == DFG_OK);
    CHECK(dfg_grad(s, 1, &w, 0, &g) == DFG_OK || !fprintf(stderr, "%s\n", dfg_last_error()));
    int64_t one[2] = {1, 1};
    CHECK(dfg_fill(DFG_DOUBLE, 2, one, 0.01, &lr) == DFG_OK);
    step = op2(DFG_OP_MUL, lr, g);
    nw = op2(DFG_OP_SUB, w, step);
    dfg_id outs[4] = {y, s, x, yr};
    dfg_plan_spec sp = { .n_in = 1, .ins = &x, .n_out = 4, .outs = outs, .n_upd = 1,
                         .upd_vars = &w, .upd_vals = &nw, .device = dev };
    CHECK(dfg_plan_compile_spec(&sp, &plan) == DFG_OK);
    dfg_memory_info mi;
    const char * on = check_counts ? "sim" : "cpu";
    CHECK(dfg_plan_memory(plan, &mi) == DFG_OK && !strcmp(mi.device, on));
    /* on sim: the constants' copies only (w has its own, made at the first run) */
    CHECK(check_counts ? mi.leaf_bytes > 0 && mi.leaf_bytes < K * M * 8 : mi.leaf_bytes == 0);
    /* (mixed: the copies depend on which ops fusion hid in its kernels) */
    CHECK(check_counts == 2 || (mi.copies == 0 && mi.host_arena_bytes == 0));
    double * o[4] = {res, res + R * M, res + R * M + 1, res + R * M + 1 + R * K};
    for (int it = 0; it < 3; it++) {
        for (int k = 0; k < R * K; k++)
            X[k] = cos(k * 0.07 + it);
        const void * in[1] = {X};
        dfg_sim_stats_reset();
        CHECK(dfg_plan_run(plan, in, (void * const *)o) == DFG_OK);
        dfg_sim_stats st;
        dfg_sim_stats_get(&st);
        if (check_counts == 2)
            CHECK(st.to_device + st.to_host >= 1);
        else if (check_counts) {     /* x in (and w at the first run: its copy made
                                 * there); y, s, x and the reshape out, never w */
            int first = it == 0;
            CHECK(st.to_device == 1 + first &&
                  st.to_device_bytes == (R * K + first * K * M) * 8);
            CHECK(st.to_host == 4 && st.allocs == first && st.runs > 0);
            CHECK(st.to_host_bytes == (2 * R * M + 1 + R * K) * 8);
            CHECK(st.in_use >= K * M * 8);       /* w's copy stays on the device */
        } else
            CHECK(st.to_device == 0 && st.to_host == 0 && st.runs == 0);
    }
    void * wd = NULL;           /* w's value: copied back from sim first */
    dfg_sim_stats_reset();
    CHECK(dfg_var_host_data(dfg_node_get(w), &wd) == DFG_OK && wd);
    dfg_sim_stats sw;
    dfg_sim_stats_get(&sw);
    int back = check_counts != 0;
    CHECK(check_counts == 2 || (sw.to_host == back && sw.to_host_bytes == back * K * M * 8));
    memcpy(res + 2 * R * M + 1 + R * K, wd, sizeof W);
    CHECK(dfg_var_host_data(dfg_node_get(w), &wd) == DFG_OK);   /* current: no copy */
    dfg_sim_stats st2;
    dfg_sim_stats_get(&st2);
    CHECK(st2.to_host == sw.to_host);
    dfg_id ids[] = {plan, nw, step, lr, g, yr, s, s1, yy, y, a, xw, c, w, x};
    for (size_t k = 0; k < sizeof ids / sizeof *ids; k++)
        dfg_release(ids[k]);
}

/* Variables live on sim between runs: a step there copies its input in and
 * its output out, never the variable; a CPU plan reading it, dfg_node_data
 * and dfg_variable_assign see and make the current value; releasing the
 * variable gives its device memory back. */
static double run_var_plan(dfg_id plan, const double * x, double * y, dfg_sim_stats * st)
{
    const void * in[1] = {x};
    void * out[1] = {y};
    dfg_sim_stats_reset();
    CHECK(dfg_plan_run(plan, in, out) == DFG_OK || !fprintf(stderr, "%s\n", dfg_last_error()));
    dfg_sim_stats_get(st);
    return y[0];
}

static void test_resident(void)
{
    dfg_sim_stats s0, st;
    dfg_sim_stats_get(&s0);
    int64_t d[2] = {2, 2};
    double W[4] = {1, 2, 3, 4}, X[4] = {1, 1, 1, 1}, Y[4], A[4] = {10, 20, 30, 40};
    dfg_id x, w, xw, loss, nw, ww, sim = 0, cpu = 0, cpu_upd = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_variable(DFG_DOUBLE, 2, d, W, "w", &w) == DFG_OK);
    xw = op2(DFG_OP_MUL, x, w);
    loss = op1(DFG_OP_SUM, xw);       /* 1 x 2 */
    nw = op2(DFG_OP_ADD, w, x);
    ww = op2(DFG_OP_ADD, w, w);
    dfg_plan_spec sp = { .n_in = 1, .ins = &x, .n_out = 1, .outs = &loss, .n_upd = 1,
                         .upd_vars = &w, .upd_vals = &nw, .device = "sim" };
    CHECK(dfg_plan_compile_spec(&sp, &sim) == DFG_OK);
    dfg_plan_spec sc = { .n_in = 1, .ins = &x, .n_out = 1, .outs = &ww, .device = "cpu" };
    CHECK(dfg_plan_compile_spec(&sc, &cpu) == DFG_OK);
    sp.device = "cpu";
    CHECK(dfg_plan_compile_spec(&sp, &cpu_upd) == DFG_OK);
    dfg_node * wn = dfg_node_get(w);
    /* w's copy cannot be made: DFG_ERR_NOMEM, w's value untouched */
    const void * in1[1] = {X};
    void * out1[1] = {Y};
    dfg_sim_fail_alloc(1);
    CHECK(dfg_plan_run(sim, in1, out1) == DFG_ERR_NOMEM && !wn->res);
    dfg_sim_fail_alloc(0);
    CHECK(((double *)wn->data)[3] == 4);
    /* first sim step: w's copy made and copied in; then only x in, loss out */
    run_var_plan(sim, X, Y, &st);
    CHECK(st.allocs == 1 && st.to_device == 2 && st.to_host == 1 && st.to_host_bytes == 16);
    for (int k = 0; k < 3; k++) {
        run_var_plan(sim, X, Y, &st);
        CHECK(st.allocs == 0 && st.to_device == 1 && st.to_device_bytes == 32);
        CHECK(st.to_host == 1 && st.to_host_bytes == 16 && st.frees == 0);
    }
    CHECK(Y[0] == 4 + 5 && Y[1] == 6 + 7);         /* w was 1..4 + 3 */
    CHECK(((double *)wn->data)[0] == 1);             /* the host's copy is stale */
    /* a CPU plan reading w sees the new value: one copy back */
    run_var_plan(cpu, X, Y, &st);
    CHECK(st.to_host == 1 && st.to_host_bytes == 32 && st.to_device == 0);
    CHECK(Y[0] == 10 && Y[1] == 12 && Y[2] == 14 && Y[3] == 16);
    run_var_plan(cpu, X, Y, &st);                   /* now current: no copy */
    CHECK(st.to_host == 0 && Y[3] == 16);
    /* a CPU step updates w on the host: the next sim step copies it in */
    run_var_plan(cpu_upd, X, Y, &st);
    CHECK(st.to_host == 0 && st.to_device == 0);
    run_var_plan(sim, X, Y, &st);
    CHECK(st.to_device == 2 && st.to_device_bytes == 64 && st.allocs == 0);
    CHECK(Y[0] == 6 + 7 && Y[1] == 8 + 9);
    const void * wd;
    CHECK(dfg_node_data(w, &wd) == DFG_OK);
    CHECK(((const double *)wd)[0] == 7 && ((const double *)wd)[3] == 10);
    /* dfg_variable_assign writes the host; the next sim step copies it in */
    CHECK(dfg_variable_assign(w, DFG_DOUBLE, 2, d, A) == DFG_OK);
    run_var_plan(sim, X, Y, &st);
    CHECK(st.to_device == 2 && Y[0] == 30 && Y[1] == 70);
    CHECK(dfg_node_data(w, &wd) == DFG_OK && ((const double *)wd)[2] == 31);
    /* releasing everything gives w's copy back */
    dfg_id ids[] = {sim, cpu, cpu_upd, ww, nw, loss, xw, w, x};
    for (size_t k = 0; k < sizeof ids / sizeof *ids; k++)
        dfg_release(ids[k]);
    dfg_sim_stats_get(&st);
    CHECK(st.in_use == s0.in_use && st.buffers == s0.buffers);
}

/* dfg_reset frees a variable's copy on the device (its plan and the
 * variable still held). */
static void test_resident_reset(void)
{
    dfg_sim_stats s0, st;
    dfg_sim_stats_get(&s0);
    int64_t d[2] = {3, 1};
    double W[3] = {1, 2, 3}, X[3] = {1, 1, 1}, Y[3];
    dfg_id x, w, nw, plan;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_variable(DFG_DOUBLE, 2, d, W, "w", &w) == DFG_OK);
    nw = op2(DFG_OP_MUL, w, x);
    dfg_plan_spec sp = { .n_in = 1, .ins = &x, .n_out = 1, .outs = &nw, .n_upd = 1,
                         .upd_vars = &w, .upd_vals = &nw, .device = "sim" };
    CHECK(dfg_plan_compile_spec(&sp, &plan) == DFG_OK);
    run_var_plan(plan, X, Y, &st);
    dfg_sim_stats_get(&st);
    CHECK(st.buffers > s0.buffers && dfg_node_get(w)->res);
    dfg_reset();
    dfg_sim_stats_get(&st);
    CHECK(st.buffers == s0.buffers && st.in_use == s0.in_use);
}

static void test_plans(void)
{
    size_t n = 2 * R * M + 1 + R * K + K * M;
    double * want = calloc(n, sizeof *want), * got = calloc(n, sizeof *got);
    train("cpu", want, 0);
    dfg_sim_stats s0;
    dfg_sim_stats_get(&s0);
    train("sim", got, 1);
    CHECK(!memcmp(want, got, n * sizeof *got));           /* bitwise */
    dfg_sim_stats s;
    dfg_sim_stats_get(&s);
    CHECK(s.buffers == s0.buffers && s.in_use == 0);      /* the plan gave all back */
    /* the default device from dfg_device_set */
    CHECK(dfg_device_set(DFG_DEVICE_SIM) == DFG_OK && dfg_device_get() == DFG_DEVICE_SIM);
    memset(got, 0, n * sizeof *got);
    train(NULL, got, 1);
    CHECK(!memcmp(want, got, n * sizeof *got));
    CHECK(dfg_device_set(DFG_DEVICE_CPU) == DFG_OK);
    CHECK(!strcmp(dfg_device_name(DFG_DEVICE_SIM), "sim"));
    free(want);
    free(got);
}

/* Mixed plans: dfg_place_begin ("cpu") inside a plan on sim, the copy
 * nodes and what they copy; the training step with half the ops on the
 * host (either half), bitwise the CPU's; placement errors. */
static void test_mixed(void)
{
    enum { N = 300 };
    int64_t d[2] = {N, 1};
    dfg_id x, y, z, w, outs[2];
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    y = op1(DFG_OP_EXP, x);
    int prev = dfg_place_begin("cpu");
    CHECK(prev == DFG_PLACE_NONE);
    z = op1(DFG_OP_SIN, y);
    dfg_place_end(prev);
    w = op2(DFG_OP_MUL, z, x);
    outs[0] = w;
    outs[1] = z;
    double X[N], want[2][N], got[2][N];
    for (int k = 0; k < N; k++)
        X[k] = cos(k * 0.37) * 3;
    const void * in[1] = {X};
    dfg_id pc = 0, ps = 0;
    dfg_plan_spec sp = { .n_in = 1, .ins = &x, .n_out = 2, .outs = outs, .device = "cpu" };
    CHECK(dfg_plan_compile_spec(&sp, &pc) == DFG_OK);
    sp.device = "sim";
    CHECK(dfg_plan_compile_spec(&sp, &ps) == DFG_OK);
    void * oc[2] = {want[0], want[1]}, * os[2] = {got[0], got[1]};
    CHECK(dfg_plan_run(pc, in, oc) == DFG_OK);
    dfg_sim_stats_reset();
    CHECK(dfg_plan_run(ps, in, os) == DFG_OK || !fprintf(stderr, "%s\n", dfg_last_error()));
    CHECK(!memcmp(want, got, sizeof want));
    /* x in; y to the host for sin, z back for the product; w out (z, made
     * on the host, straight into its output) */
    dfg_sim_stats st;
    dfg_sim_stats_get(&st);
    CHECK(st.to_device == 2 && st.to_device_bytes == 2 * N * 8);
    CHECK(st.to_host == 2 && st.to_host_bytes == 2 * N * 8);
    dfg_memory_info mi;
    CHECK(dfg_plan_memory(ps, &mi) == DFG_OK && !strcmp(mi.device, "sim"));
    /* y's copy on the host; z, made there, straight into the caller's array */
    CHECK(mi.copies == 2 && mi.host_arena_bytes == dfg_align64(N * 8));
    int64_t rows = 0, copies = 0;
    CHECK(dfg_plan_nodes(ps, &rows) == DFG_OK);
    for (int64_t r = 0; r < rows; r++) {
        dfg_node_info ni;
        CHECK(dfg_plan_node(ps, r, &ni) == DFG_OK);
        if (!strcmp(ni.op, "sin"))
            CHECK(!strcmp(ni.device, "cpu"));
        if (!strcmp(ni.op, "exp") || !strcmp(ni.op, "times"))
            CHECK(!strcmp(ni.device, "sim"));
        copies += !strcmp(ni.op, "copy");
    }
    CHECK(copies == 2);
    /* the CPU plan: no copies, every node on the cpu */
    CHECK(dfg_plan_memory(pc, &mi) == DFG_OK && mi.copies == 0 && !strcmp(mi.device, "cpu"));
    /* nodes placed on sim move a plan for the CPU there */
    prev = dfg_place_begin("sim");
    dfg_id v = op1(DFG_OP_TANH, x);
    dfg_place_end(prev);
    dfg_id pv = 0, u = op2(DFG_OP_ADD, v, x);
    sp.device = "cpu";
    sp.n_out = 1;
    sp.outs = &u;
    CHECK(dfg_plan_compile_spec(&sp, &pv) == DFG_OK);
    CHECK(dfg_plan_memory(pv, &mi) == DFG_OK && !strcmp(mi.device, "sim") && mi.copies == 1);
    CHECK(dfg_plan_run(pv, in, os) == DFG_OK);
    for (int k = 0; k < N; k++)
        CHECK(got[0][k] == tanh(X[k]) + X[k] || fabs(got[0][k] - (tanh(X[k]) + X[k])) < 1e-15);
    /* the training step with ops on the host, either half, and then with
     * the ops a step uses on the host one at a time */
    size_t n = 2 * R * M + 1 + R * K + K * M;
    double * tw = calloc(n, sizeof *tw), * tg = calloc(n, sizeof *tg);
    train("cpu", tw, 0);
    const char * sets[] = {"odd", "even", "tanh", "mtimes", "sum", "times,minus", "gpu"};
    for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) {
        CHECK(dfg_sim_set_host_ops(sets[k]) == DFG_OK);
        memset(tg, 0, n * sizeof *tg);
        train("sim", tg, 2);
        CHECK(!memcmp(tw, tg, n * sizeof *tg) || !fprintf(stderr, "  host ops %s\n", sets[k]));
    }
    /* placed as on a GPU: the CUDA backend has fused kernels, so the chain
     * is one fused kernel, on the device */
    CHECK(dfg_sim_set_host_ops("gpu") == DFG_OK);
    dfg_id e1 = op1(DFG_OP_SIN, x), e2 = op1(DFG_OP_EXP, e1), pf = 0;
    dfg_id e3 = op2(DFG_OP_ADD, e2, x);
    sp.device = "sim";
    sp.outs = &e3;
    CHECK(dfg_plan_compile_spec(&sp, &pf) == DFG_OK);
    CHECK(dfg_plan_nodes(pf, &rows) == DFG_OK);
    int grouped = 0;
    for (int64_t r = 0; r < rows; r++) {
        dfg_node_info ni;
        CHECK(dfg_plan_node(pf, r, &ni) == DFG_OK);
        if (!strcmp(ni.op, "sin") || !strcmp(ni.op, "exp") || !strcmp(ni.op, "plus"))
            grouped += ni.group == 1;
        if (strcmp(ni.op, "input"))
            CHECK(!strcmp(ni.device, "sim"));
    }
    CHECK(grouped == 3);
    dfg_release(pf);
    dfg_release(e3);
    dfg_release(e2);
    dfg_release(e1);
    CHECK(dfg_sim_set_host_ops("") == DFG_OK);
    free(tw);
    free(tg);
    /* errors: no such device or op name; a device that cannot be used */
    CHECK(dfg_place_begin("tpu") == DFG_ERR_ARG && strstr(dfg_last_error(), "tpu"));
    CHECK(dfg_sim_set_host_ops("exp,nosuchop") == DFG_ERR_ARG &&
          strstr(dfg_last_error(), "nosuchop"));
    prev = dfg_place_begin("gpu");
    dfg_id gq = op1(DFG_OP_EXP, x), pg = 0;
    dfg_place_end(prev);
    sp.outs = &gq;
    CHECK(dfg_plan_compile_spec(&sp, &pg) != DFG_OK && pg == 0);
    dfg_id ids[] = {pc, ps, pv, u, v, gq, w, z, y, x};
    for (size_t k = 0; k < sizeof ids / sizeof *ids; k++)
        dfg_release(ids[k]);
}

/* a step failing on the device (dfg_sim_fail_run): DFG_ERR_DEVICE
 * ("deviceError") naming the device and the op; the plan runs again */
static void test_fail_run(void)
{
    int64_t d[2] = {4, 4};
    dfg_id x, xx, y, p = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    xx = op2(DFG_OP_MATMUL, x, x);
    y = op1(DFG_OP_EXP, xx);
    dfg_plan_spec sp = { .n_in = 1, .ins = &x, .n_out = 1, .outs = &y, .device = "sim" };
    CHECK(dfg_plan_compile_spec(&sp, &p) == DFG_OK);
    double X[16], Y[16], Z[16];
    for (int k = 0; k < 16; k++)
        X[k] = 0.1 * k;
    const void * in[1] = {X};
    void * o1[1] = {Y}, * o2[1] = {Z};
    dfg_sim_fail_run(1);
    CHECK(dfg_plan_run(p, in, o1) == DFG_ERR_DEVICE &&
          !strcmp(dfg_status_id(DFG_ERR_DEVICE), "deviceError") &&
          strstr(dfg_last_error(), "\"sim\"") && strstr(dfg_last_error(), "mtimes"));
    CHECK(dfg_plan_run(p, in, o1) == DFG_OK && dfg_plan_run(p, in, o2) == DFG_OK &&
          !memcmp(Y, Z, sizeof Y));
    dfg_sim_fail_run(0);
    dfg_release(p);
    dfg_release(y);
    dfg_release(xx);
    dfg_release(x);
}

/* A scan on sim (c' = c .* x_t + w, y_t = c, over 50 steps of 64x1
 * slices) and its gradient: the loops run on the device, their bodies
 * compiled for it, bitwise the CPU's values; a run copies its three
 * inputs in and its outputs out and nothing per step (the carries are
 * copied within the device); a kernel failing inside a body is
 * DFG_ERR_DEVICE and the plan runs again; nothing is left behind. */
static void test_loops(void)
{
    enum { R = 64, T = 50 };
    int64_t dx[2] = {R, T}, dc[2] = {R, 1};
    dfg_id xs, w, c0, pc, px;
    CHECK(dfg_input(DFG_DOUBLE, 2, dx, "xs", &xs) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dc, "w", &w) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dc, "c0", &c0) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dc, "c", &pc) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, dc, "x", &px) == DFG_OK);
    dfg_id m = op2(DFG_OP_MUL, pc, px), c1 = op2(DFG_OP_ADD, m, w);
    dfg_id par[2] = {pc, px}, args[2] = {c0, xs}, res[2] = {c1, pc}, outs[2] = {0, 0};
    dfg_ctrl_spec cs = { DFG_CTRL_SCAN, 2, par, args, 1, 0, {2, 0}, {res, NULL}, -1, 0, 0, NULL, 0 };
    int no = 0;
    CHECK(dfg_ctrl(&cs, &no, outs) == DFG_OK && no == 2);
    dfg_attr ra = {{0}, {0}, NULL, 0}, sa = {{0}, {0}, NULL, 0};
    ra.i[0] = 2;                          /* ys (R x 1 x T) as a column, summed */
    ra.i[1] = R * T;
    ra.i[2] = 1;
    dfg_id ycol = 0, L = 0, g[2] = {0, 0}, wrt[2] = {xs, w};
    CHECK(dfg_op(DFG_OP_RESHAPE, 1, &outs[1], &ra, &ycol) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &ycol, &sa, &L) == DFG_OK);
    CHECK(dfg_grad(L, 2, wrt, 0, g) == DFG_OK);
    dfg_id ins[3] = {xs, w, c0}, o[4] = {outs[0], outs[1], g[0], g[1]};
    static double X[R * T], W[R], C[R], out[2][R + 2 * R * T + R];
    for (int k = 0; k < R * T; k++)
        X[k] = 0.9 + 0.002 * (k % 97);
    for (int k = 0; k < R; k++) {
        W[k] = 0.01 * k;
        C[k] = 1 - 0.005 * k;
    }
    const void * iv[3] = {X, W, C};
    dfg_id plan[2] = {0, 0};
    const char * dev[2] = {"cpu", "sim"};
    dfg_sim_stats s0, s1;
    for (int d = 0; d < 2; d++) {
        dfg_plan_spec sp = { .n_in = 3, .ins = ins, .n_out = 4, .outs = o, .device = dev[d] };
        CHECK(dfg_plan_compile_spec(&sp, &plan[d]) == DFG_OK);
        double * b = out[d];
        void * ov[4] = {b, b + R, b + R + R * T, b + R + 2 * R * T};
        dfg_sim_stats_get(&s0);
        CHECK(dfg_plan_run(plan[d], iv, ov) == DFG_OK);
        dfg_sim_stats_get(&s1);
        if (d == 1) {
            /* in: xs, w, c0; out: four results; no copy per step */
            CHECK(s1.to_device - s0.to_device == 3);
            CHECK(s1.to_host - s0.to_host == 4);
            CHECK(s1.to_host_bytes - s0.to_host_bytes == (int64_t)sizeof out[1]);
            CHECK(s1.runs - s0.runs >= 2 * T);          /* the bodies' steps there */
            CHECK(s1.allocs == s0.allocs);              /* all made at compile time */
        }
    }
    CHECK(!memcmp(out[0], out[1], sizeof out[0]));      /* bitwise */
    int64_t nn = 0;
    CHECK(dfg_plan_nodes(plan[1], &nn) == DFG_OK);
    int loops = 0;
    for (int64_t k = 0; k < nn; k++) {
        dfg_node_info r;
        CHECK(dfg_plan_node(plan[1], k, &r) == DFG_OK);
        if (!strcmp(r.op, "loop")) {
            loops++;
            CHECK(!strcmp(r.device, "sim"));
        }
    }
    CHECK(loops == 2);                                  /* forward and backward */
    /* a step failing inside a body */
    double * b = out[1];
    void * ov[4] = {b, b + R, b + R + R * T, b + R + 2 * R * T};
    dfg_sim_fail_run(7);
    CHECK(dfg_plan_run(plan[1], iv, ov) == DFG_ERR_DEVICE);
    dfg_sim_fail_run(0);
    memset(out[1], 0, sizeof out[1]);
    CHECK(dfg_plan_run(plan[1], iv, ov) == DFG_OK && !memcmp(out[0], out[1], sizeof out[0]));
    for (int d = 0; d < 2; d++)
        dfg_release(plan[d]);
    dfg_id rel[] = {xs, w, c0, pc, px, m, c1, outs[0], outs[1], ycol, L, g[0], g[1]};
    for (size_t k = 0; k < sizeof rel / sizeof *rel; k++)
        dfg_release(rel[k]);
}

/* compiling for sim when its memory is short, or an allocation fails:
 * DFG_ERR_NOMEM naming the device, nothing left behind */
static void test_plan_nomem(void)
{
    int64_t d[2] = {100, 100};
    dfg_id x, y, z, plan = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    y = op1(DFG_OP_EXP, x);
    z = op2(DFG_OP_MATMUL, y, x);
    dfg_plan_spec sp = { .n_in = 1, .ins = &x, .n_out = 1, .outs = &z, .device = "sim" };
    CHECK(dfg_sim_set_memory(50000) == DFG_OK);
    int64_t live = dfg_live_count();
    CHECK(dfg_plan_compile_spec(&sp, &plan) == DFG_ERR_NOMEM);
    CHECK(strstr(dfg_last_error(), "dfg.function: out of memory on the device \"sim\": ") != NULL);
    CHECK(strstr(dfg_last_error(), "free of 50000") != NULL);
    CHECK(dfg_live_count() == live);
    dfg_sim_stats s;
    dfg_sim_stats_get(&s);
    CHECK(s.buffers == 0);
    CHECK(dfg_sim_set_memory(0) == DFG_OK);
    for (int nth = 1; nth <= 3; nth++) {
        dfg_sim_fail_alloc(nth);
        dfg_status st = dfg_plan_compile_spec(&sp, &plan);
        if (st == DFG_OK) {
            dfg_release(plan);
            dfg_sim_fail_alloc(0);
            break;
        }
        CHECK(st == DFG_ERR_NOMEM && strstr(dfg_last_error(), "\"sim\"") != NULL);
        dfg_sim_stats_get(&s);
        CHECK(s.buffers == 0 && dfg_live_count() == live);
    }
    CHECK(dfg_plan_compile_spec(&sp, &plan) == DFG_OK);
    double X[10000], Z[10000], Zc[10000];
    for (int k = 0; k < 10000; k++)
        X[k] = (k % 17) * 0.01;
    const void * in[1] = {X};
    void * o[1] = {Z};
    CHECK(dfg_plan_run(plan, in, o) == DFG_OK);
    dfg_release(plan);
    sp.device = "cpu";
    CHECK(dfg_plan_compile_spec(&sp, &plan) == DFG_OK);
    o[0] = Zc;
    CHECK(dfg_plan_run(plan, in, o) == DFG_OK && !memcmp(Z, Zc, sizeof Z));
    dfg_release(plan);
    /* an empty constant: no host pointer reaches the device */
    int64_t d0[2] = {0, 4};
    dfg_id e, ne, pe;
    CHECK(dfg_constant(DFG_DOUBLE, 2, d0, NULL, &e) == DFG_OK);
    ne = op1(DFG_OP_NEG, e);
    dfg_plan_spec se = { .n_in = 0, .n_out = 1, .outs = &ne, .device = "sim" };
    {
        dfg_options o;
        dfg_options_default(&o);
        CHECK(dfg_options_parse("none", &o) == DFG_OK);    /* no folding it away */
        se.opts = &o;
        CHECK(dfg_plan_compile_spec(&se, &pe) == DFG_OK);
    }
    double dummy = 0;
    void * oe[1] = {&dummy};
    CHECK(dfg_plan_run(pe, NULL, oe) == DFG_OK);
    dfg_release(pe);
    dfg_release(ne);
    dfg_release(e);
    /* devices that are not there or not devices */
    sp.device = "tpu";
    CHECK(dfg_plan_compile_spec(&sp, &plan) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "dfg.function: unknown device 'tpu'") != NULL);
    sp.device = "gpu";
    dfg_status st = dfg_plan_compile_spec(&sp, &plan);
    CHECK(st == DFG_ERR_NODEVICE || st == DFG_ERR_UNSUPPORTED);
    dfg_release(z);
    dfg_release(y);
    dfg_release(x);
}

int main(void)
{
    RUN(test_registry);
    RUN(test_alloc);
    RUN(test_fail_nth);
    RUN(test_copies);
    RUN(test_steps);
    RUN(test_fault);
    RUN(test_plans);
    RUN(test_resident);
    RUN(test_plan_nomem);
    RUN(test_resident_reset);
    RUN(test_mixed);
    RUN(test_fail_run);
    RUN(test_loops);
    dfg_sim_stats s;
    dfg_sim_stats_get(&s);
    CHECK(s.buffers == 0 && s.in_use == 0);
    dfg_device_shutdown();
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
