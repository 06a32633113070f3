/* lib/base/threads.c -- how many threads the kernels use (dfg.threads), and the
 * pool that runs their parallel loops (lib/core/core.h).
 *
 * One count for the whole process: kernels split large loops over it, and
 * OpenBLAS is given the same count whenever one is chosen (DFG_THREADS,
 * dfg_threads_set).  dfg runs one kernel at a time, so the pool's threads
 * and BLAS's never work at the same time and together never use more than
 * the count.  At first use the count is the environment variable
 * DFG_THREADS (a positive integer; unset, 0 or unparsable: ignored), else
 * the cores this process may run on (its affinity mask); BLAS then keeps
 * its own default, which is also the cores unless OPENBLAS_NUM_THREADS or
 * OMP_NUM_THREADS say otherwise.  dfg_threads_set(0) means the cores.
 *
 * Why a pool of our own and not OpenMP: libgomp's threads spin for about
 * 3 ms after every parallel region (GOMP_SPINCOUNT, unless
 * OMP_WAIT_POLICY=passive is set before libgomp loads -- and Octave loads
 * it at start-up), and while they spin they take the cores from the
 * OpenBLAS threads of the next matrix product: a plan alternating products
 * and element-wise kernels ran 3-4 times slower.  Here a worker spins for
 * at most DFG_SPIN_NS after its share of a region (long enough to catch
 * the next kernel of a plan, short enough not to matter to BLAS), then
 * sleeps on a condition variable.
 *
 * The pool: workers start when a region first needs them and live until
 * dfg_threads_stop().  dfg_par_run runs one region at a time; a region
 * asked for while another runs (another thread of the caller's, or a
 * kernel called by a pool thread) runs on the calling thread alone.
 * Parts are not tied to threads: the caller and the workers it wakes
 * claim them one at a time from one atomic counter, so a worker that
 * wakes late (asleep after its spin, or descheduled) costs the region
 * nothing -- the caller runs the parts nobody claimed.  That is what
 * makes regions of a few microseconds worth splitting.
 *
 * Fork: a child process has only the thread that called fork(), so the
 * workers do not exist there, and a mutex or condition variable one of
 * them was using is left in a state nothing can undo (pthread_cond_destroy
 * waits for waiters that never come back).  Handlers registered with
 * pthread_atfork before the first region on several threads make fork()
 * wait for the region in flight (the prepare handler takes pool.busy),
 * and give the child an empty pool: the workers' records freed without
 * touching their locks, the pool's own locks made new.  The child's first
 * large region starts workers of its own, and dfg_threads_stop at exit
 * finds only those.  OpenBLAS resets its own threads in the child the
 * same way (its own pthread_atfork handler).
 *
 * Errors and warnings are per thread (lib/base/status.c): a part that
 * fails on a worker records its error with dfg_par_fail; a warning a part
 * leaves on a worker is handed to the region's caller when the region
 * ends (the first one; the caller's own, earlier, stays first), so a
 * warning is never lost to the thread that happened to run the part.
 *
 * Results never depend on the count: element-wise kernels give each
 * element a value of its own operands only, and reductions use one fixed
 * order (kernels/cpu/cpu.h), so the split only decides who computes what. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "base.h"

/* OpenBLAS's setter (cblas.h of libopenblas-dev).  Weak, so that a BLAS
 * without it still links; then BLAS keeps its own setting. */
extern void openblas_set_num_threads(int n) __attribute__((weak));

#define DFG_SPIN_NS 50000               /* 50 us */

/* ---- the count ----------------------------------------------------------- */

static atomic_int n_threads;           /* 0 until the first use */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t set_lock = PTHREAD_MUTEX_INITIALIZER;

static int cores(void)
{
    long n = 0;
#ifdef CPU_COUNT
    cpu_set_t set;
    if (!sched_getaffinity(0, sizeof set, &set))
        n = CPU_COUNT(&set);           /* honours the affinity mask */
#endif
    if (n < 1)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        return 1;
    return n > DFG_THREADS_MAX ? DFG_THREADS_MAX : (int)n;
}

static void give_blas(int n)
{
    if (openblas_set_num_threads)
        openblas_set_num_threads(n);
}

static void init(void)
{
    int n = 0;
    const char * e = getenv("DFG_THREADS");
    if (e && *e) {
        char * end;
        long v = strtol(e, &end, 10);
        while (*end == ' ')
            end++;
        if (!*end && v > 0 && v <= DFG_THREADS_MAX)
            n = (int)v;
    }
    if (n)
        give_blas(n);   /* else BLAS keeps its own default (the cores, or
                         * OPENBLAS_NUM_THREADS & co.) until dfg_threads_set */
    else
        n = cores();
    atomic_store(&n_threads, n);
}

int dfg_threads_get(void)
{
    int n = atomic_load_explicit(&n_threads, memory_order_relaxed);
    if (n)
        return n;
    pthread_once(&once, init);
    return atomic_load(&n_threads);
}

dfg_status dfg_threads_set(int n)
{
    if (n < 0 || n > DFG_THREADS_MAX)
        return dfg_set_error(DFG_ERR_ARG, "dfg.threads: N must be a positive integer "
                             "(at most %d) or 0 for the default, got %d",
                             DFG_THREADS_MAX, n);
    pthread_once(&once, init);         /* DFG_THREADS read first, then replaced */
    if (!n)
        n = cores();
    pthread_mutex_lock(&set_lock);
    give_blas(n);
    atomic_store(&n_threads, n);
    pthread_mutex_unlock(&set_lock);
    return DFG_OK;
}

/* ---- the pool ------------------------------------------------------------ */

typedef struct worker {
    pthread_t       th;
    pthread_mutex_t m;
    pthread_cond_t  c;
    atomic_uint     go;                /* the region it is to help with next */
    atomic_int      asleep;            /* 1 while it waits on c */
    atomic_int      quit;
    unsigned        seen0;             /* go when it was started */
} worker;

static struct {
    pthread_mutex_t busy;              /* held while a region runs */
    pthread_mutex_t dm;                /* "done" */
    pthread_cond_t  dc;
    worker *        w[DFG_THREADS_MAX];
    int             n;                 /* workers started */
    unsigned        seq;               /* regions run */
    dfg_par_fn      fn;                /* the region */
    void *          ctx;
    /* the parts to claim: region (seq) << 32 | parts << 16 | next part */
    _Atomic uint64_t claim;
    atomic_int      left;              /* parts not done yet */
    atomic_int      caller_asleep;     /* 1 while the caller waits on dc */
    /* a warning a part left on a worker thread (dfg_set_warning writes the
     * calling thread's slot): the first of the region, under wl, handed to
     * the region's caller when the region ends */
    pthread_mutex_t wl;
    int             warned;
    const char *    warn_id;           /* a string literal (status.c) */
    char            warn_msg[512];
} pool = {
    .busy = PTHREAD_MUTEX_INITIALIZER,
    .dm = PTHREAD_MUTEX_INITIALIZER,
    .dc = PTHREAD_COND_INITIALIZER,
    .wl = PTHREAD_MUTEX_INITIALIZER,
};

static _Thread_local int in_pool;      /* a pool thread, or inside a region */

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Waking a sleeping thread: in a virtual machine the futex call costs the
 * waker about 4 us and the sleeper wakes 7-12 us later (measured on the
 * 2-core KVM guests dfg is developed on), more than a small region takes.
 * So the mutex and condition variable are used only by a thread that has
 * stopped spinning: it sets its asleep flag, then checks once more for
 * work, then waits; the waker publishes the work, then checks the flag,
 * and signals only when it is set.  (Both sides sequentially consistent:
 * either the waker sees the flag, or the sleeper sees the work.)  A
 * spinning thread is handed work with one atomic store. */
static void wake(atomic_int * asleep, pthread_mutex_t * m, pthread_cond_t * c)
{
    if (atomic_load(asleep)) {
        pthread_mutex_lock(m);
        pthread_cond_signal(c);
        pthread_mutex_unlock(m);
    }
}

/* One part of the region is done: the last one wakes the caller. */
static void part_done(void)
{
    if (atomic_fetch_sub(&pool.left, 1) == 1)
        wake(&pool.caller_asleep, &pool.dm, &pool.dc);
}

/* A worker's part left a warning in the worker's own slot: kept for the
 * region's caller (the first one), so that it is not lost. */
static void keep_warning(void)
{
    const char * msg = dfg_take_warning();
    if (!msg)
        return;
    pthread_mutex_lock(&pool.wl);
    if (!pool.warned) {
        pool.warned = 1;
        pool.warn_id = dfg_warning_id();
        snprintf(pool.warn_msg, sizeof pool.warn_msg, "%s", msg);
    }
    pthread_mutex_unlock(&pool.wl);
}

/* Claims and runs parts of region seq until none is left (on a worker:
 * worker 1, whose warnings go to the region's caller).  fn and ctx are
 * read only after a claim succeeded: the region cannot end before that
 * part is done, so they are still the region's. */
static void take_parts(unsigned seq, int worker)
{
    uint64_t v = atomic_load_explicit(&pool.claim, memory_order_acquire);
    for (;;) {
        unsigned next = (unsigned)(v & 0xffff), parts = (unsigned)((v >> 16) & 0xffff);
        if ((unsigned)(v >> 32) != seq || next >= parts)
            return;
        if (!atomic_compare_exchange_weak_explicit(&pool.claim, &v, v + 1,
                                                   memory_order_acq_rel, memory_order_acquire))
            continue;
        pool.fn(pool.ctx, (int)next);
        if (worker)
            keep_warning();            /* before part_done: the region is still on */
        part_done();
        v = atomic_load_explicit(&pool.claim, memory_order_acquire);
    }
}

static void * worker_main(void * arg)
{
    worker * w = arg;
    unsigned seen = w->seen0;
    in_pool = 1;
    for (;;) {
        unsigned s = atomic_load_explicit(&w->go, memory_order_acquire);
        if (s == seen) {
            /* spin a little: the next kernel of a plan follows at once */
            int64_t until = now_ns() + DFG_SPIN_NS;
            for (int k = 0; s == seen && !atomic_load_explicit(&w->quit, memory_order_relaxed); k++) {
                relax();
                s = atomic_load_explicit(&w->go, memory_order_acquire);
                if ((k & 63) == 63 && now_ns() > until)
                    break;
            }
        }
        if (s == seen) {               /* nothing came: sleep */
            pthread_mutex_lock(&w->m);
            atomic_store(&w->asleep, 1);
            while ((s = atomic_load(&w->go)) == seen && !atomic_load(&w->quit))
                pthread_cond_wait(&w->c, &w->m);
            atomic_store(&w->asleep, 0);
            pthread_mutex_unlock(&w->m);
        }
        if (atomic_load(&w->quit))
            return NULL;
        seen = s;
        take_parts(s, 1);
    }
}

/* ---- fork ---------------------------------------------------------------- */

static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

/* Before fork(): no region runs while the process is copied. */
static void fork_prepare(void)
{
    pthread_mutex_lock(&pool.busy);
}

static void fork_parent(void)
{
    pthread_mutex_unlock(&pool.busy);
}

/* In the child, on the thread that forked (it holds pool.busy).  The
 * workers' mutexes and condition variables may be held or waited on by
 * threads that do not exist here: their memory is freed, never destroyed
 * or used.  (glibc's malloc is usable in fork handlers.) */
static void fork_child(void)
{
    for (int k = 0; k < pool.n; k++) {
        free(pool.w[k]);
        pool.w[k] = NULL;
    }
    pool.n = 0;
    pool.fn = NULL;
    pool.ctx = NULL;
    atomic_store(&pool.left, 0);
    atomic_store(&pool.caller_asleep, 0);
    pthread_mutex_init(&pool.dm, NULL);
    pthread_cond_init(&pool.dc, NULL);
    pthread_mutex_init(&pool.wl, NULL);
    pool.warned = 0;
    /* held, maybe, by a thread of the parent's when it forked */
    pthread_mutex_init(&fail_lock, NULL);
    pthread_mutex_init(&set_lock, NULL);
    pthread_mutex_unlock(&pool.busy);
}

static void atfork_register(void)
{
    /* Registered from the code that holds the handlers: glibc removes them
     * when the object is unloaded (clear mex).  On failure (ENOMEM) fork
     * stays unsafe, as it was before: nothing else depends on it. */
    (void)pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* Starts workers up to n (pool.busy held); returns how many there are. */
static int pool_grow(int n)
{
    while (pool.n < n) {
        worker * w = calloc(1, sizeof *w);
        if (!w)
            break;
        pthread_mutex_init(&w->m, NULL);
        pthread_cond_init(&w->c, NULL);
        atomic_store(&w->go, pool.seq);
        w->seen0 = pool.seq;
        if (pthread_create(&w->th, NULL, worker_main, w)) {
            pthread_mutex_destroy(&w->m);
            pthread_cond_destroy(&w->c);
            free(w);
            break;
        }
        pool.w[pool.n++] = w;
    }
    return pool.n;
}

void dfg_par_run(int nt, dfg_par_fn fn, void * ctx)
{
    if (nt > DFG_THREADS_MAX)
        nt = DFG_THREADS_MAX;
    if (nt > 1 && !in_pool)
        /* before pool.busy: fork holds glibc's handler lock while it runs
         * fork_prepare, which takes pool.busy */
        pthread_once(&atfork_once, atfork_register);
    if (nt <= 1 || in_pool || pthread_mutex_trylock(&pool.busy)) {
        /* one thread, a nested region, or the pool is in use: here alone */
        for (int t = 0; t < nt || t == 0; t++)
            fn(ctx, t);
        return;
    }
    int have = pool_grow(nt - 1);
    pool.fn = fn;
    pool.ctx = ctx;
    int helpers = have < nt - 1 ? have : nt - 1;
    atomic_store(&pool.left, nt);
    pool.seq++;
    atomic_store_explicit(&pool.claim, (uint64_t)pool.seq << 32 | (uint64_t)nt << 16,
                          memory_order_release);
    for (int k = 0; k < helpers; k++) {
        worker * w = pool.w[k];
        atomic_store(&w->go, pool.seq);
        wake(&w->asleep, &w->m, &w->c);
    }
    in_pool = 1;
    take_parts(pool.seq, 0);           /* with the workers, or all of them */
    in_pool = 0;
    /* wait: spin a little, then sleep */
    if (atomic_load_explicit(&pool.left, memory_order_acquire)) {
        int64_t until = now_ns() + DFG_SPIN_NS;
        for (int k = 0; atomic_load_explicit(&pool.left, memory_order_acquire); k++) {
            relax();
            if ((k & 63) == 63 && now_ns() > until)
                break;
        }
    }
    if (atomic_load(&pool.left)) {
        pthread_mutex_lock(&pool.dm);
        atomic_store(&pool.caller_asleep, 1);
        while (atomic_load(&pool.left))
            pthread_cond_wait(&pool.dc, &pool.dm);
        atomic_store(&pool.caller_asleep, 0);
        pthread_mutex_unlock(&pool.dm);
    }
    pthread_mutex_lock(&pool.wl);
    if (pool.warned) {                 /* a worker's warning: now the caller's */
        pool.warned = 0;
        dfg_set_warning_id(pool.warn_id, "%s", pool.warn_msg);
    }
    pthread_mutex_unlock(&pool.wl);
    pthread_mutex_unlock(&pool.busy);
}

void dfg_threads_stop(void)
{
    pthread_mutex_lock(&pool.busy);
    for (int k = 0; k < pool.n; k++) {
        worker * w = pool.w[k];
        pthread_mutex_lock(&w->m);
        atomic_store(&w->quit, 1);
        pthread_cond_signal(&w->c);
        pthread_mutex_unlock(&w->m);
        pthread_join(w->th, NULL);
        pthread_mutex_destroy(&w->m);
        pthread_cond_destroy(&w->c);
        free(w);
        pool.w[k] = NULL;
    }
    pool.n = 0;
    pthread_mutex_unlock(&pool.busy);
}

/* ---- helpers for kernels -------------------------------------------------- */

int dfg_threads_for(int64_t work)
{
    if (work < DFG_PAR_MIN || in_pool)
        return 1;
    int n = dfg_threads_get();
    int64_t most = work / (DFG_PAR_MIN / 2);
    return most < n ? (int)most : n;
}

int64_t dfg_par_chunk(int64_t n, int nt, int64_t align)
{
    if (nt < 1)
        nt = 1;
    int64_t c = (n + nt - 1) / nt;
    c = (c + align - 1) / align * align;
    return c > 0 ? c : align;
}

void dfg_par_fail(dfg_par_status * ps, int64_t where, dfg_status st)
{
    if (!st)
        return;
    pthread_mutex_lock(&fail_lock);
    if (!ps->status || where < ps->where) {
        ps->status = st;
        ps->where = where;
        snprintf(ps->msg, sizeof ps->msg, "%s", dfg_last_error());
    }
    pthread_mutex_unlock(&fail_lock);
}

dfg_status dfg_par_finish(const dfg_par_status * ps)
{
    if (!ps->status)
        return DFG_OK;
    return dfg_set_error((dfg_status)ps->status, "%s", ps->msg);
}
