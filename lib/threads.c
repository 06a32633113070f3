/* lib/threads.c -- how many threads the kernels use (dfg.threads), and the
 * helpers kernels need to run a loop across them (lib/dfg-impl.h).
 *
 * One count for the whole process: kernels split large loops over it with
 * OpenMP, and OpenBLAS is given the same count.  dfg runs one kernel at a
 * time, so OpenMP kernels and BLAS calls never overlap and together never
 * use more than the count.  The count is fixed at first use from the
 * environment variable DFG_THREADS (a positive integer; 0, unset or
 * unparsable: the default), else the default: the cores this process may
 * run on.  Built without OpenMP every kernel runs on the calling thread and
 * the count only goes to BLAS.
 *
 * Results never depend on the count: element-wise kernels give each
 * element a value of its own operands only, and reductions use one fixed
 * order (kernels/cpu/cpu.h), so the split only decides who computes what. */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif
#include "dfg-impl.h"

/* OpenBLAS's setter (cblas.h of libopenblas-dev).  Weak, so that a BLAS
 * without it still links; then BLAS keeps its own setting. */
extern void openblas_set_num_threads(int n) __attribute__((weak));

static atomic_int n_threads;           /* 0 until the first use */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t set_lock = PTHREAD_MUTEX_INITIALIZER;

static int cores(void)
{
#ifdef _OPENMP
    int n = omp_get_num_procs();       /* honours the affinity mask */
#else
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#endif
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
    if (!n)
        n = cores();
    give_blas(n);
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

int dfg_threads_for(int64_t work)
{
    if (work < DFG_PAR_MIN)
        return 1;
#ifdef _OPENMP
    if (omp_in_parallel())             /* a kernel run by a kernel's thread */
        return 1;
#endif
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
#ifdef _OPENMP
#pragma omp critical (dfg_par_fail)
#endif
    {
        if (!ps->status || where < ps->where) {
            ps->status = st;
            ps->where = where;
            snprintf(ps->msg, sizeof ps->msg, "%s", dfg_last_error());
        }
    }
}

dfg_status dfg_par_finish(const dfg_par_status * ps)
{
    if (!ps->status)
        return DFG_OK;
    return dfg_set_error((dfg_status)ps->status, "%s", ps->msg);
}
