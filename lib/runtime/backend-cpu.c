/* lib/runtime/backend-cpu.c -- the CPU backend: host memory from the
 * library's allocator, copies with memcpy, steps run by the CPU kernels
 * (exec.c), nothing to wait for. */
#include <string.h>
#include <unistd.h>
#include "backend.h"

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

static const dfg_backend cpu_backend = {
    .name = "cpu", .host_memory = 1,
    .supports = cpu_supports, .alloc = cpu_alloc, .free = cpu_free,
    .to_device = cpu_copy, .to_host = cpu_copy, .copy = cpu_copy,
    .run = cpu_run, .sync = cpu_sync, .memory = cpu_memory,
};

const dfg_backend * dfg_backend_cpu(void)
{
    return &cpu_backend;
}
