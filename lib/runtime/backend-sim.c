/* lib/runtime/backend-sim.c -- "sim": an emulated device whose memory the
 * host cannot touch.
 *
 * Its memory is one region of address space reserved with mmap (PROT_NONE,
 * private, anonymous, no swap reserved).  The region is readable and
 * writable only while one of the backend's own entry points that touch it
 * (the copies and run) is working; everywhere else a read or write of a
 * sim buffer is a SIGSEGV.  So a plan that forgets a copy, or hands a
 * device pointer to the host, faults in a test on any machine instead of
 * passing as it would on the CPU.  Steps run the CPU kernels (exec.c) on
 * the region's buffers: the pool's worker threads share the address space
 * and its protection, so threaded kernels work too.  run also checks that
 * every operand pointer it is given is device memory (a host pointer there
 * is a missing copy: DFG_ERR_INTERNAL naming the op and the operand).
 *
 * Knobs (dfg.h, "the sim device"): the memory size (DFG_SIM_MEMORY bytes in
 * the environment, read when the region is first reserved, else 1 GiB;
 * dfg_sim_set_memory), failing the Nth allocation from now
 * (dfg_sim_fail_alloc), ops it pretends to lack so that plans run them on
 * the host (DFG_SIM_HOST_OPS, dfg_sim_set_host_ops: mixed graphs in
 * every suite), and counters of copies and bytes in each direction,
 * allocations, frees, steps, bytes in use and their peak (dfg_sim_stats,
 * dfg_sim_stats_reset).
 *
 * Only the pages up to the end of the highest block ever handed out are
 * toggled (the rest are never touched), so a large region costs nothing.
 *
 * The allocator: first fit over a list of blocks that tiles the region in
 * address order (each block free or used), blocks 64-byte aligned and a
 * multiple of 64 bytes, a freed block merged with free neighbours.  The
 * list lives in host memory (dfg_malloc), outside the region.
 *
 * Ownership: the region and the block list are the process's; a buffer
 * belongs to whoever alloc gave it to until it is given back with free.
 * dfg_sim_shutdown unmaps the region when no buffer is left.
 *
 * Threads: the allocator and the protection toggle are under one mutex;
 * the region stays open while any entry point is inside it (a nesting
 * count), so an entry point that calls another (a control-flow step whose
 * body plan runs on sim) and concurrent callers are both correct.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "backend.h"
#include "../../kernels/cpu/fused.h"

enum { SIM_ALIGN = 64 };
#define SIM_DEFAULT_BYTES ((size_t)1 << 30)

typedef struct sim_block {
    size_t             off, size;   /* bytes from the region's start */
    int                used;
    struct sim_block * prev, * next;
} sim_block;

static pthread_mutex_t sim_lock = PTHREAD_MUTEX_INITIALIZER;
static char *          base;        /* the region, or NULL           */
static size_t          reserved;    /* its bytes (whole pages)       */
static size_t          limit;       /* the device's memory: blocks end at or before it */
static size_t          wanted;      /* dfg_sim_set_memory's size, 0: the default */
static sim_block *     blocks;      /* the list, in address order    */
static int64_t         n_live;      /* used blocks                   */
static int64_t         fail_in;     /* > 0: the allocation that many from now fails */
static size_t          hw;          /* bytes from the start ever handed out,
                                       whole pages: what open and close
                                       toggle (the rest stays PROT_NONE) */
static int             depth;       /* entry points inside the region */
static dfg_sim_stats   st;

static size_t default_bytes(void)
{
    const char * e = getenv("DFG_SIM_MEMORY");
    if (e && *e) {
        char * end;
        double v = strtod(e, &end);
        if (end != e && !*end && v >= 1 && v < 1e15)
            return (size_t)v;
    }
    return SIM_DEFAULT_BYTES;
}

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

/* Reserves the region of bytes (limit: bytes, reserved: whole pages).
 * Called with the lock held and no region. */
static dfg_status reserve(size_t bytes)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    size_t r = round_up(bytes, pg);
    sim_block * b = dfg_calloc(1, sizeof *b);
    if (!b)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of host memory for the sim device's "
                             "block list");
    void * m = mmap(NULL, r, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
        dfg_free(b);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: cannot reserve %.0f bytes of address space "
                             "for the sim device", (double)r);
    }
    base = m;
    reserved = r;
    limit = bytes;
    b->size = r;
    blocks = b;
    st.memory = (int64_t)limit;
    return DFG_OK;
}

/* Gives the region and the list back (lock held, no used block). */
static void unreserve(void)
{
    if (base)
        munmap(base, reserved);
    while (blocks) {
        sim_block * n = blocks->next;
        dfg_free(blocks);
        blocks = n;
    }
    base = NULL;
    reserved = limit = hw = 0;
}

static dfg_status ensure(void)
{
    return base ? DFG_OK : reserve(wanted ? wanted : default_bytes());
}

static int in_region(const void * p, size_t bytes)
{
    const char * c = p;
    return base && c >= base && c <= base + reserved && bytes <= (size_t)(base + reserved - c);
}

/* Makes the region readable and writable until the matching close. */
static void region_open(void)
{
    pthread_mutex_lock(&sim_lock);
    if (depth++ == 0 && base && hw)
        mprotect(base, hw, PROT_READ | PROT_WRITE);
    pthread_mutex_unlock(&sim_lock);
}

static void region_close(void)
{
    pthread_mutex_lock(&sim_lock);
    if (--depth == 0 && base && hw)
        mprotect(base, hw, PROT_NONE);
    pthread_mutex_unlock(&sim_lock);
}

/* The ops it pretends to lack: host_op[op] (read from DFG_SIM_HOST_OPS
 * the first time unless set before). */
static unsigned char host_op[DFG_OP_COUNT];
static int           host_ops_set, like_gpu;

dfg_status dfg_sim_set_host_ops(const char * ops)
{
    unsigned char want[DFG_OP_COUNT] = {0};
    like_gpu = ops && !strcmp(ops, "gpu");
    if (like_gpu)
        ;                        /* per node: the CUDA backend's coverage */
    else if (ops && (!strcmp(ops, "odd") || !strcmp(ops, "even")))
        for (int op = ops[0] == 'o'; op < DFG_OP_COUNT; op += 2)
            want[op] = 1;
    else
        for (const char * s = ops ? ops : ""; *s; ) {
            size_t n = strcspn(s, ",");
            int found = 0;
            for (int op = 0; op < DFG_OP_COUNT && n; op++)
                if (strlen(dfg_ops[op].name) == n && !strncmp(dfg_ops[op].name, s, n))
                    want[op] = found = 1;
            if (n && !found)
                return dfg_set_error(DFG_ERR_ARG, "dfg: the sim device's host ops: no op "
                                     "'%.*s'", (int)n, s);
            s += n + (s[n] == ',');
        }
    memcpy(host_op, want, sizeof host_op);
    host_ops_set = 1;
    return DFG_OK;
}

static int sim_supports(const dfg_backend * b, const dfg_node * n)
{
    (void)b;
    if (!host_ops_set) {
        const char * e = getenv("DFG_SIM_HOST_OPS");
        if (dfg_sim_set_host_ops(e) && dfg_sim_set_host_ops(NULL) == DFG_OK)
            host_ops_set = 1;    /* a bad list: none (the tests set it right) */
    }
    if (like_gpu)
        return dfg_cuda_supports(n);
    return !host_op[n->op];     /* the CPU kernels run every op */
}

static size_t free_below_limit(void)
{
    size_t f = 0;
    for (const sim_block * k = blocks; k; k = k->next)
        if (!k->used && k->off < limit)
            f += (k->off + k->size <= limit ? k->size : limit - k->off);
    return f;
}

static dfg_status sim_alloc(const dfg_backend * b, size_t bytes, void ** buf)
{
    (void)b;
    *buf = NULL;
    pthread_mutex_lock(&sim_lock);
    dfg_status s = ensure();
    if (s) {
        pthread_mutex_unlock(&sim_lock);
        return s;
    }
    if (fail_in > 0 && --fail_in == 0) {
        st.failed_allocs++;
        size_t fr = free_below_limit();
        pthread_mutex_unlock(&sim_lock);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory on the device \"sim\": %.0f bytes "
                             "asked, %.0f free of %.0f (this allocation was set to fail: "
                             "dfg_sim_fail_alloc)", (double)bytes, (double)fr, (double)limit);
    }
    size_t need = bytes > SIZE_MAX - SIM_ALIGN ? SIZE_MAX : round_up(bytes ? bytes : 1, SIM_ALIGN);
    sim_block * k = blocks;
    while (k && (k->used || k->size < need || k->off + need > limit))
        k = k->next;
    if (!k || need == SIZE_MAX) {
        st.failed_allocs++;
        size_t fr = free_below_limit();
        pthread_mutex_unlock(&sim_lock);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory on the device \"sim\": %.0f bytes "
                             "asked, %.0f free of %.0f", (double)bytes, (double)fr,
                             (double)limit);
    }
    if (k->size > need) {        /* split: the rest stays free after it */
        sim_block * r = dfg_calloc(1, sizeof *r);
        if (!r) {
            pthread_mutex_unlock(&sim_lock);
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of host memory for the sim device's "
                                 "block list");
        }
        r->off = k->off + need;
        r->size = k->size - need;
        r->prev = k;
        r->next = k->next;
        if (k->next)
            k->next->prev = r;
        k->next = r;
        k->size = need;
    }
    k->used = 1;
    size_t end = round_up(k->off + need, (size_t)sysconf(_SC_PAGESIZE));
    if (end > hw) {            /* inside an open region: the new pages open too */
        if (depth > 0)
            mprotect(base + hw, end - hw, PROT_READ | PROT_WRITE);
        hw = end;
    }
    n_live++;
    st.allocs++;
    st.in_use += (int64_t)need;
    if (st.in_use > st.peak)
        st.peak = st.in_use;
    *buf = base + k->off;
    pthread_mutex_unlock(&sim_lock);
    return DFG_OK;
}

/* Merges k's successor into k (both free). */
static void merge_next(sim_block * k)
{
    sim_block * n = k->next;
    k->size += n->size;
    k->next = n->next;
    if (n->next)
        n->next->prev = k;
    dfg_free(n);
}

static void sim_free(const dfg_backend * b, void * buf)
{
    (void)b;
    if (!buf)
        return;
    pthread_mutex_lock(&sim_lock);
    sim_block * k = blocks;
    size_t off = in_region(buf, 0) ? (size_t)((char *)buf - base) : SIZE_MAX;
    while (k && k->off != off)
        k = k->next;
    if (k && k->used) {          /* anything else is not a live sim buffer: ignored */
        k->used = 0;
        n_live--;
        st.frees++;
        st.in_use -= (int64_t)k->size;
        if (k->next && !k->next->used)
            merge_next(k);
        if (k->prev && !k->prev->used) {
            k = k->prev;
            merge_next(k);
        }
        /* the whole pages of the free block go back to the system, and
         * the toggled span ends at the highest used block: toggling costs
         * what is in use, not what ever was */
        size_t pg = (size_t)sysconf(_SC_PAGESIZE);
        size_t lo = round_up(k->off, pg), hi = (k->off + k->size) / pg * pg;
        if (hi > lo)
            madvise(base + lo, hi - lo, MADV_DONTNEED);
        if (depth == 0) {
            const sim_block * top = k->next ? NULL : k->prev;   /* k is the last block: */
            if (!k->next)                                        /* its used neighbour   */
                hw = top ? round_up(top->off + top->size, pg) : 0;
        }
    }
    pthread_mutex_unlock(&sim_lock);
}

static dfg_status bad_pointer(const char * what, const void * p, size_t bytes)
{
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: the sim device's %s was given %p for %.0f "
                         "bytes, %s device memory", what, p, (double)bytes,
                         in_region(p, 0) ? "running past the end of" : "not");
}

/* The copy itself, inside the opened region, counted in *count and *nbytes. */
static dfg_status sim_move(void * dst, const void * src, size_t bytes, int64_t * count, int64_t * nbytes)
{
    region_open();
    memmove(dst, src, bytes);
    region_close();
    pthread_mutex_lock(&sim_lock);
    (*count)++;
    *nbytes += (int64_t)bytes;
    pthread_mutex_unlock(&sim_lock);
    return DFG_OK;
}

static dfg_status sim_to_device(const dfg_backend * b, void * dst, const void * host, size_t bytes)
{
    (void)b;
    if (!bytes)
        return DFG_OK;
    if (!in_region(dst, bytes))
        return bad_pointer("copy to the device (destination)", dst, bytes);
    if (in_region(host, 0))
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: the sim device's copy to the device was "
                             "given device memory as its host source");
    return sim_move(dst, host, bytes, &st.to_device, &st.to_device_bytes);
}

static dfg_status sim_to_host(const dfg_backend * b, void * host, const void * src, size_t bytes)
{
    (void)b;
    if (!bytes)
        return DFG_OK;
    if (!in_region(src, bytes))
        return bad_pointer("copy to the host (source)", src, bytes);
    if (in_region(host, 0))
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: the sim device's copy to the host was "
                             "given device memory as its host destination");
    return sim_move(host, src, bytes, &st.to_host, &st.to_host_bytes);
}

static dfg_status sim_copy(const dfg_backend * b, void * dst, const void * src, size_t bytes)
{
    (void)b;
    if (!bytes)
        return DFG_OK;
    if (!in_region(dst, bytes))
        return bad_pointer("copy within the device (destination)", dst, bytes);
    if (!in_region(src, bytes))
        return bad_pointer("copy within the device (source)", src, bytes);
    return sim_move(dst, src, bytes, &st.copies, &st.copy_bytes);
}

static dfg_status operand_not_here(const dfg_node * n, const char * what, int k)
{
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: a %s step on the sim device was given a host "
                         "buffer for its %s %d (a missing copy to the device)",
                         dfg_ops[n->op].name, what, k + 1);
}

static int64_t run_fail_in;    /* > 0: the step that many from now fails */

void dfg_sim_fail_run(int64_t nth)
{
    pthread_mutex_lock(&sim_lock);
    run_fail_in = nth > 0 ? nth : 0;
    pthread_mutex_unlock(&sim_lock);
}

static dfg_status sim_run(const dfg_backend * b, const dfg_step_args * s)
{
    (void)b;
    const dfg_node * n = s->node;
    for (int k = 0; k < n->n_in; k++)
        if (s->in[k] && !in_region(s->in[k], 0))
            return operand_not_here(n, "input", k);
    if (s->out && !in_region(s->out, 0))
        return operand_not_here(n, "output", 0);
    for (int64_t j = 0; s->fouts && j < FP_NO(n->idx); j++)
        if (!in_region(s->fouts[j], 0))
            return operand_not_here(n, "output", (int)j);
    pthread_mutex_lock(&sim_lock);
    int fail = run_fail_in > 0 && --run_fail_in == 0;
    pthread_mutex_unlock(&sim_lock);
    if (fail)
        return dfg_set_error(DFG_ERR_DEVICE, "dfg: the device \"sim\" failed running %s "
                             "(a kernel failure, injected by dfg_sim_fail_run)",
                             dfg_ops[n->op].name);
    if (s->scratch && !in_region(s->scratch, s->scratch_bytes))
        return operand_not_here(n, "working memory", 0);
    region_open();
    dfg_status r = s->fdt ? dfg_exec_fused_with(n, s->fouts, s->out, s->in, s->fdt, s->fdims,
                                                s->scratch, s->scratch_bytes)
                          : dfg_exec_node(n, s->out, s->in);
    region_close();
    pthread_mutex_lock(&sim_lock);
    st.runs++;
    pthread_mutex_unlock(&sim_lock);
    return r;
}

static dfg_status sim_sync(const dfg_backend * b)
{
    (void)b;
    return DFG_OK;              /* every entry point finishes its work */
}

static dfg_status sim_memory(const dfg_backend * b, double * free_bytes, double * total_bytes)
{
    (void)b;
    pthread_mutex_lock(&sim_lock);
    dfg_status s = ensure();
    *free_bytes = s ? 0 : (double)free_below_limit();
    *total_bytes = s ? 0 : (double)limit;
    pthread_mutex_unlock(&sim_lock);
    return s;
}

/* Its cost model: the CPU's kernels (the CPU's flop and byte rates, times
 * the speed-up set for tests of automatic placement), a step's overhead
 * the CPU's plus opening and closing the region, copies at the CPU's
 * copy rate. */
static double speedup = 1;

dfg_status dfg_sim_set_speedup(double s)
{
    if (!(s > 0 && s < 1e9))
        return dfg_set_error(DFG_ERR_ARG, "dfg: the sim device's speed-up must be > 0, "
                             "got %g", s);
    speedup = s;
    return DFG_OK;
}

static dfg_status sim_model(const dfg_backend * b, dfg_cost * c)
{
    (void)b;
    static double toggle = -1;
    dfg_status st = dfg_backend_cpu()->model(dfg_backend_cpu(), c);
    if (st)
        return st;
    if (toggle < 0) {              /* a page made accessible and back */
        enum { N = 200 };
        size_t pg = (size_t)sysconf(_SC_PAGESIZE);
        void * m = mmap(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        double t0 = dfg_seconds();
        for (int k = 0; k < N && m != MAP_FAILED; k++) {
            mprotect(m, pg, PROT_READ | PROT_WRITE);
            mprotect(m, pg, PROT_NONE);
        }
        toggle = (dfg_seconds() - t0) / N;
        if (m != MAP_FAILED)
            munmap(m, pg);
    }
    c->xfer_s = c->byte_s / 2;          /* a copy reads and writes each byte */
    c->flop_s *= speedup;
    c->byte_s *= speedup;
    c->launch_s += toggle;
    return DFG_OK;
}

static const dfg_backend sim_backend = {
    .name = "sim", .host_memory = 0,
    .supports = sim_supports, .alloc = sim_alloc, .free = sim_free,
    .to_device = sim_to_device, .to_host = sim_to_host, .copy = sim_copy,
    .run = sim_run, .sync = sim_sync, .memory = sim_memory, .model = sim_model,
};

const dfg_backend * dfg_backend_sim(void)
{
    return &sim_backend;
}

/* ---- the knobs (dfg.h) --------------------------------------------------- */

dfg_status dfg_sim_set_memory(double bytes)
{
    if (!(bytes >= 0) || bytes >= 1e15)
        return dfg_set_error(DFG_ERR_ARG, "dfg: the sim device's memory must be 0 (the default) "
                             "or from 1 to 1e15 bytes, not %g", bytes);
    pthread_mutex_lock(&sim_lock);
    size_t want = bytes >= 1 ? (size_t)bytes : default_bytes();
    dfg_status s = DFG_OK;
    if (!n_live && depth == 0) {          /* nothing in it: a region of that size */
        unreserve();
        wanted = bytes >= 1 ? want : 0;
        s = reserve(want);
    } else if (want <= reserved) {        /* buffers in it: a new limit inside */
        wanted = bytes >= 1 ? want : 0;
        limit = want;
        st.memory = (int64_t)limit;
    } else
        s = dfg_set_error(DFG_ERR_ARG, "dfg: the sim device's memory cannot grow to %.0f bytes "
                          "while %lld of its buffers are allocated in %.0f (free them first)",
                          (double)want, (long long)n_live, (double)reserved);
    pthread_mutex_unlock(&sim_lock);
    return s;
}

void dfg_sim_fail_alloc(int64_t nth)
{
    pthread_mutex_lock(&sim_lock);
    fail_in = nth > 0 ? nth : 0;
    pthread_mutex_unlock(&sim_lock);
}

void dfg_sim_stats_get(dfg_sim_stats * s)
{
    pthread_mutex_lock(&sim_lock);
    *s = st;
    s->memory = (int64_t)(base ? limit : (wanted ? wanted : default_bytes()));
    s->buffers = n_live;
    pthread_mutex_unlock(&sim_lock);
}

void dfg_sim_stats_reset(void)
{
    pthread_mutex_lock(&sim_lock);
    int64_t in_use = st.in_use, mem = st.memory;
    memset(&st, 0, sizeof st);
    st.in_use = st.peak = in_use;
    st.memory = mem;
    pthread_mutex_unlock(&sim_lock);
}

void dfg_sim_shutdown(void)
{
    pthread_mutex_lock(&sim_lock);
    if (!n_live && depth == 0)
        unreserve();
    fail_in = 0;
    pthread_mutex_unlock(&sim_lock);
}
