/* lib/runtime/backend-cpu.c -- the CPU backend: host memory from the
 * library's allocator, copies with memcpy, steps run by the CPU kernels
 * (exec.c), nothing to wait for. */
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "backend.h"
#include "../../kernels/cpu/cpu.h"

static int cpu_supports(const dfg_backend * b, const dfg_node * n)
{
    (void)b;
    (void)n;
    return 1;                         /* every op has a CPU kernel */
}

static dfg_status cpu_alloc(const dfg_backend * b, size_t bytes, void ** buf)
{
    (void)b;
    *buf = dfg_malloc(bytes);
    if (!*buf)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory on the CPU: %.0f bytes",
                             (double)bytes);
    return DFG_OK;
}

static void cpu_free(const dfg_backend * b, void * buf)
{
    (void)b;
    dfg_free(buf);
}

static dfg_status cpu_copy(const dfg_backend * b, void * dst, const void * src, size_t bytes)
{
    (void)b;
    if (bytes)
        memcpy(dst, src, bytes);
    return DFG_OK;
}

static dfg_status cpu_run(const dfg_backend * b, const dfg_step_args * s)
{
    (void)b;
    if (s->fdt)
        return dfg_exec_fused_with(s->node, s->fouts, s->out, s->in, s->fdt, s->fdims,
                                   s->scratch, s->scratch_bytes);
    return dfg_exec_node(s->node, s->out, s->in);
}

static dfg_status cpu_sync(const dfg_backend * b)
{
    (void)b;
    return DFG_OK;
}

static dfg_status cpu_memory(const dfg_backend * b, double * free_bytes, double * total_bytes)
{
    (void)b;
    long pg = sysconf(_SC_PAGESIZE), av = sysconf(_SC_AVPHYS_PAGES), ph = sysconf(_SC_PHYS_PAGES);
    *free_bytes = pg > 0 && av > 0 ? (double)pg * (double)av : 0;
    *total_bytes = pg > 0 && ph > 0 ? (double)pg * (double)ph : 0;
    return DFG_OK;
}

double dfg_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Measured once: a 192^3 double product (its flop rate), copies of 8 MiB
 * (bytes read plus written per second) and a one-element add through
 * the element-wise kernel (a step's overhead); best of three each. */
static dfg_status cpu_model(const dfg_backend * b, dfg_cost * c)
{
    (void)b;
    static dfg_cost have;
    if (have.flop_s > 0) {
        *c = have;
        return DFG_OK;
    }
    enum { G = 192, MB = 8 << 20, STEPS = 2000 };
    double * a = dfg_malloc(3 * G * G * sizeof *a);
    char * s = dfg_malloc(2 * (size_t)MB);
    if (!a || !s) {
        dfg_free(a);
        dfg_free(s);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory measuring the CPU");
    }
    for (int k = 0; k < 3 * G * G; k++)
        a[k] = 1.0 / (k + 1);
    memset(s, 1, 2 * (size_t)MB);
    double tg = 1e30, tm = 1e30, tl = 1e30, one[3] = {1, 2, 0};
    for (int r = 0; r < 3; r++) {
        double t0 = dfg_seconds();
        dfg_cpu_gemm(DFG_DOUBLE, 0, 0, 0, G, G, G, a, a + G * G, a + 2 * G * G);
        double t1 = dfg_seconds();
        memcpy(s + MB, s, MB);
        double t2 = dfg_seconds();
        for (int k = 0; k < STEPS; k++)
            dfg_cpu_binary(DFG_OP_ADD, DFG_DOUBLE, one + 2, one, 0, one + 1, 0, 1);
        double t3 = dfg_seconds();
        tg = t1 - t0 < tg ? t1 - t0 : tg;
        tm = t2 - t1 < tm ? t2 - t1 : tm;
        tl = t3 - t2 < tl ? t3 - t2 : tl;
    }
    dfg_free(a);
    dfg_free(s);
    have.flop_s = 2.0 * G * G * G / (tg > 1e-9 ? tg : 1e-9);
    have.byte_s = 2.0 * MB / (tm > 1e-9 ? tm : 1e-9);
    have.launch_s = tl / STEPS;
    have.xfer_s = 0;
    *c = have;
    return DFG_OK;
}

static const dfg_backend cpu_backend = {
    .name = "cpu", .host_memory = 1,
    .supports = cpu_supports, .alloc = cpu_alloc, .free = cpu_free,
    .to_device = cpu_copy, .to_host = cpu_copy, .copy = cpu_copy,
    .run = cpu_run, .sync = cpu_sync, .memory = cpu_memory, .model = cpu_model,
};

const dfg_backend * dfg_backend_cpu(void)
{
    return &cpu_backend;
}
