/* tests/c/test-threads.c -- the thread count (lib/base/threads.c) and the
 * threaded kernels: results must be bitwise the same for every thread
 * count.
 *
 *  - dfg_threads_get / dfg_threads_set, and their argument errors;
 *  - sums and products (kernels/cpu/reduce.c) of 1e5 and 1e6 random doubles
 *    and singles, full and along dimensions, with 1 to 4 threads, against
 *    a reference written here from the documented blocked order (blocks of
 *    DFG_RED_BLOCK along the reduced axis, then the block partials in
 *    order; kernels/cpu/cpu.h), which for n <= DFG_RED_BLOCK is the plain
 *    running sum;
 *  - plans of sum (exp (sin (x) .* x)) and friends, fused (all passes) and
 *    unfused (passes none), with 1, 2 and 3 threads: all bitwise equal;
 *  - the fused kernel with caller scratch of every size (none, too small
 *    for one thread, enough for some threads, misaligned);
 *  - element-wise unary, binary (flat, broadcast, logical results), merge
 *    and psi across thread counts, and errors raised on worker threads
 *    reported with their message on the calling thread;
 *  - the pool (lib/base/threads.c): two of the caller's threads running kernels
 *    at once, and stopping and restarting it; regions of 1 to 9 parts on
 *    3 threads, back to back and after pauses long enough for the workers
 *    to fall asleep, from one caller and from two at once: every part runs
 *    exactly once and the region returns after all of them;
 *  - a warning left by a part on a worker thread reaches the region's
 *    caller (none lost), after a warning of the caller's own;
 *  - fork after the pool has started (workers spinning, asleep, and a
 *    region running on another thread): the child stops a pool it never
 *    used, or runs regions and threaded kernels on a pool of its own, and
 *    exits; a child still running after 30 s fails and is killed;
 *  - the cost weights kernels give dfg_threads_for (dfg_cpu_op_cost).
 *
 * DFG_PASSES and DFG_THREADS are unset first. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "graph-helpers.h"
#include "../../kernels/cpu/cpu.h"
#include "../../kernels/cpu/fused.h"

static uint64_t rng = 88172645463325252ull;
static double urand(void)                       /* [0, 1) */
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

static int same_bits(const void * a, const void * b, size_t bytes)
{
    return memcmp(a, b, bytes) == 0;
}

/* ---- the count ----------------------------------------------------------------- */

static void test_get_set(void)
{
    int def = dfg_threads_get();
    CHECK(def >= 1 && def <= DFG_THREADS_MAX);
    CHECK(dfg_threads_set(-1) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "dfg.threads: N must be") != NULL);
    CHECK(dfg_threads_set(DFG_THREADS_MAX + 1) == DFG_ERR_ARG);
    CHECK(dfg_threads_get() == def);
    CHECK(dfg_threads_set(3) == DFG_OK && dfg_threads_get() == 3);
    CHECK(dfg_threads_set(1) == DFG_OK && dfg_threads_get() == 1);
    CHECK(dfg_threads_set(0) == DFG_OK && dfg_threads_get() == def);
    /* small work: one thread; never more than the count */
    CHECK(dfg_threads_set(4) == DFG_OK);
    CHECK(dfg_threads_for(10) == 1 && dfg_threads_for(DFG_PAR_MIN - 1) == 1);
    CHECK(dfg_threads_for(DFG_PAR_MIN) == 2);
    CHECK(dfg_threads_for((int64_t)1 << 40) == 4);
    CHECK(dfg_par_chunk(1000, 3, 64) == 384 && dfg_par_chunk(10, 4, 1) == 3);
    dfg_threads_set(0);
}

/* ---- reductions ------------------------------------------------------------------ */

/* The documented order for output (i, j) of a [pre, n, post] array. */
#define REF_BLOCKED(T)                                                            \
static T ref_##T(const T * x, int64_t pre, int64_t n, int64_t i, int64_t j, int prod) \
{                                                                                 \
    T acc = prod ? 1 : 0;                                                         \
    for (int64_t k0 = 0; k0 < n; k0 += DFG_RED_BLOCK) {                           \
        T p = prod ? 1 : 0;                                                       \
        for (int64_t k = k0; k < n && k < k0 + DFG_RED_BLOCK; k++) {              \
            T v = x[i + pre * (k + n * j)];                                       \
            p = prod ? (T)(p * v) : (T)(p + v);                                   \
        }                                                                         \
        acc = prod ? (T)(acc * p) : (T)(acc + p);                                 \
    }                                                                             \
    return acc;                                                                   \
}
REF_BLOCKED(double)
REF_BLOCKED(float)

static void check_reduce(int dt, int prod, int64_t pre, int64_t n, int64_t post)
{
    int64_t cnt = pre * n * post, nout = pre * post;
    size_t es = dt == DFG_DOUBLE ? 8 : 4;
    void * x = malloc((size_t)cnt * es);
    void * want = malloc((size_t)nout * es), * got = malloc((size_t)nout * es);
    for (int64_t q = 0; q < cnt; q++) {
        double v = prod ? 1 + (urand() - 0.5) * 1e-3 : urand() * 2 - 1;
        if (dt == DFG_DOUBLE) ((double *)x)[q] = v;
        else                  ((float *)x)[q] = (float)v;
    }
    for (int64_t j = 0; j < post; j++)
        for (int64_t i = 0; i < pre; i++) {
            if (dt == DFG_DOUBLE) ((double *)want)[i + pre * j] = ref_double(x, pre, n, i, j, prod);
            else                  ((float *)want)[i + pre * j] = ref_float(x, pre, n, i, j, prod);
        }
    int ok = 1;
    for (int nt = 1; nt <= 4; nt++) {
        dfg_threads_set(nt);
        memset(got, 0xA5, (size_t)nout * es);
        ok &= dfg_cpu_reduce(prod ? DFG_RED_PROD : DFG_RED_SUM, dt, dt, got, x, pre, n, post) == DFG_OK;
        if (!same_bits(got, want, (size_t)nout * es)) {
            fprintf(stderr, "%s %s [%lld %lld %lld], %d threads: not the blocked order\n",
                    prod ? "prod" : "sum", dt == DFG_DOUBLE ? "double" : "single",
                    (long long)pre, (long long)n, (long long)post, nt);
            ok = 0;
        }
    }
    CHECK(ok);
    dfg_threads_set(0);
    free(x);
    free(want);
    free(got);
}

static void test_reduce(void)
{
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
        check_reduce(dt, 0, 1, 100000, 1);          /* full sums */
        check_reduce(dt, 0, 1, 1000000, 1);
        check_reduce(dt, 1, 1, 100000, 1);
        check_reduce(dt, 0, 1, 10000, 7);           /* few long columns */
        check_reduce(dt, 0, 1, 1000, 500);          /* many short ones */
        check_reduce(dt, 0, 3, 100000, 1);          /* along dim 2, long */
        check_reduce(dt, 0, 64, 5000, 2);
        check_reduce(dt, 0, 1000, 500, 1);          /* sum (X, 2) of 1000x500 */
        check_reduce(dt, 1, 700, 50, 3);
    }
    /* n <= DFG_RED_BLOCK is the running sum: 4096 elements of 0.1f */
    float * y = malloc(5000 * sizeof *y), s;
    for (int q = 0; q < 5000; q++) y[q] = 0.1f;
    float run = 0;
    for (int q = 0; q < DFG_RED_BLOCK; q++) run += y[q];
    CHECK(dfg_cpu_reduce(DFG_RED_SUM, DFG_SINGLE, DFG_SINGLE, &s, y, 1, DFG_RED_BLOCK, 1) == 0);
    CHECK(s == run);
    free(y);
}

/* ---- plans: fused and unfused --------------------------------------------------- */

static dfg_id sum_dim(dfg_id a, int dim)
{
    dfg_attr at;
    memset(&at, 0, sizeof at);
    at.i[0] = dim;
    dfg_id y = 0;
    CHECK(dfg_op(DFG_OP_SUM, 1, &a, &at, &y) == DFG_OK);
    return y;
}

/* the number of fused kernels (largest group number of the node rows) */
static int count_fused(dfg_id plan)
{
    int64_t n = 0;
    int g = 0;
    dfg_plan_nodes(plan, &n);
    for (int64_t k = 0; k < n; k++) {
        dfg_node_info ni;
        if (!dfg_plan_node(plan, k, &ni) && ni.group > g)
            g = ni.group;
    }
    return g;
}

/* exp (sin (x) .* x) of x (rows x cols), of xt (cols x rows) and of xc
 * (a column of rows * cols); outputs: the first itself, its column sums,
 * the row sums of the second, the full sum of the third (three fused
 * groups: one per domain).  Fused and unfused plans with 1, 2, 3 threads
 * must all agree bitwise. */
static dfg_id chain(dfg_id x, dfg_id * keep)
{
    keep[0] = op1(DFG_OP_SIN, x);
    keep[1] = op2(DFG_OP_MUL, keep[0], x);
    return keep[2] = op1(DFG_OP_EXP, keep[1]);
}

static void check_plans(int dt, int64_t rows, int64_t cols)
{
    enum { NO = 4 };
    int64_t numel = rows * cols;
    int64_t d1[2] = {rows, cols}, d2[2] = {cols, rows}, d3[2] = {numel, 1};
    size_t es = dt == DFG_DOUBLE ? 8 : 4;
    dfg_id ins[3] = {0, 0, 0}, tmp[9];
    CHECK(dfg_input(dt, 2, d1, "x", &ins[0]) == DFG_OK);
    CHECK(dfg_input(dt, 2, d2, "xt", &ins[1]) == DFG_OK);
    CHECK(dfg_input(dt, 2, d3, "xc", &ins[2]) == DFG_OK);
    dfg_id y = chain(ins[0], tmp), yt = chain(ins[1], tmp + 3), yc = chain(ins[2], tmp + 6);
    dfg_id outs[NO] = {y, sum_dim(y, 0), sum_dim(yt, 1), sum_dim(yc, 0)};
    size_t bytes[NO] = {(size_t)numel * es, (size_t)cols * es, (size_t)cols * es, es};

    dfg_options all, none = {0, 0};
    dfg_options_default(&all);
    dfg_id pf = 0, pu = 0;
    CHECK(dfg_plan_compile_opts(3, ins, NO, outs, &all, &pf) == DFG_OK);
    CHECK(dfg_plan_compile_opts(3, ins, NO, outs, &none, &pu) == DFG_OK);
    CHECK(count_fused(pf) >= 2 && count_fused(pu) == 0);

    void * xd = malloc((size_t)numel * es);
    for (int64_t q = 0; q < numel; q++) {
        double v = urand() * 4 - 2;
        if (dt == DFG_DOUBLE) ((double *)xd)[q] = v;
        else                  ((float *)xd)[q] = (float)v;
    }
    const void * data[3] = {xd, xd, xd};
    void * ref[NO], * got[NO];
    for (int k = 0; k < NO; k++) {
        ref[k] = malloc(bytes[k]);
        got[k] = malloc(bytes[k]);
    }
    dfg_threads_set(1);
    CHECK(dfg_plan_run(pu, data, ref) == DFG_OK);
    int ok = 1;
    for (int nt = 1; nt <= 3; nt++) {
        dfg_threads_set(nt);
        for (int p = 0; p < 2; p++) {
            for (int k = 0; k < NO; k++)
                memset(got[k], 0x5A, bytes[k]);
            ok &= dfg_plan_run(p ? pu : pf, data, got) == DFG_OK;
            for (int k = 0; k < NO; k++)
                if (!same_bits(got[k], ref[k], bytes[k])) {
                    fprintf(stderr, "%s plan, %s %lldx%lld, %d threads: output %d differs\n",
                            p ? "unfused" : "fused", dt == DFG_DOUBLE ? "double" : "single",
                            (long long)rows, (long long)cols, nt, k);
                    ok = 0;
                }
        }
    }
    CHECK(ok);
    /* the sums are the blocked ones of the element-wise values */
    int sums_ok = 1;
    for (int64_t j = 0; j < cols; j++) {
        if (dt == DFG_DOUBLE)
            sums_ok &= ref_double(ref[0], 1, rows, 0, j, 0) == ((double *)ref[1])[j] &&
                       ref_double(ref[0], cols, rows, j, 0, 0) == ((double *)ref[2])[j];
        else
            sums_ok &= ref_float(ref[0], 1, rows, 0, j, 0) == ((float *)ref[1])[j] &&
                       ref_float(ref[0], cols, rows, j, 0, 0) == ((float *)ref[2])[j];
    }
    if (dt == DFG_DOUBLE)
        sums_ok &= ref_double(ref[0], 1, numel, 0, 0, 0) == *(double *)ref[3];
    else
        sums_ok &= ref_float(ref[0], 1, numel, 0, 0, 0) == *(float *)ref[3];
    CHECK(sums_ok);
    dfg_threads_set(0);
    for (int k = 0; k < NO; k++) {
        free(ref[k]);
        free(got[k]);
    }
    free(xd);
    for (int k = 1; k < NO; k++)
        dfg_release(outs[k]);
    for (int k = 0; k < 9; k++)
        dfg_release(tmp[k]);
    for (int k = 0; k < 3; k++)
        dfg_release(ins[k]);
    dfg_release(pf);
    dfg_release(pu);
}

static void test_plans(void)
{
    int64_t live = dfg_live_count();
    check_plans(DFG_DOUBLE, 200, 200);      /* 4e4 elements, columns of 200 */
    check_plans(DFG_DOUBLE, 4500, 12);      /* columns longer than a block */
    check_plans(DFG_SINGLE, 12, 4500);      /* rows longer than a block */
    /* several whole columns per tile: folded eight and two at a time */
    check_plans(DFG_DOUBLE, 64, 33);
    check_plans(DFG_SINGLE, 7, 301);
    check_plans(DFG_DOUBLE, 1, 1000);
    CHECK(dfg_live_count() == live);
}

/* ---- the fused kernel with caller scratch ------------------------------------- */

/* A hand-made program over an n-vector: e = exp (sin (x) .* x) written to
 * output 0, sum (e) to output 1. */
static void test_fused_scratch(void)
{
    enum { N = 40003 };
    int64_t prog[FP_LEN(3, 2, 1)];
    memset(prog, 0, sizeof prog);
    prog[0] = 3; prog[1] = 2; prog[2] = 2; prog[3] = 2;
    prog[4] = N; prog[5] = 1;
    int64_t * I = FP_I(prog, 0);
    I[0] = DFG_OP_SIN; I[1] = DFG_DOUBLE; I[2] = 1; I[3] = -1; I[7] = 0;
    I = FP_I(prog, 1);
    I[0] = DFG_OP_MUL; I[1] = DFG_DOUBLE; I[2] = 2; I[3] = 0; I[4] = -1; I[7] = 1;
    I = FP_I(prog, 2);
    I[0] = DFG_OP_EXP; I[1] = DFG_DOUBLE; I[2] = 1; I[3] = 1; I[7] = -1;
    int64_t * O = FP_O(prog, 0);
    O[0] = 2; O[1] = -1; O[2] = 0; O[3] = DFG_DOUBLE; O[4] = 0; O[5] = N;
    O = FP_O(prog, 1);
    O[0] = 2; O[1] = DFG_OP_SUM; O[2] = 0; O[3] = DFG_DOUBLE; O[4] = 0; O[5] = 1;
    FP_X(prog, 0)[0] = FX_FULL;

    double * x = malloc(N * sizeof *x), * e = malloc(N * sizeof *e), s;
    double * e0 = malloc(N * sizeof *e0), s0;
    for (int q = 0; q < N; q++) x[q] = urand() * 4 - 2;
    const void * in[1] = {x};
    int dts[1] = {DFG_DOUBLE};
    int64_t dims[1][DFG_MAX_DIMS] = {{N, 1}};
    void * out[2] = {e0, &s0};
    dfg_threads_set(1);
    CHECK(dfg_cpu_fused(prog, 1, in, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, out, NULL, 0) == DFG_OK);
    CHECK(s0 == ref_double(e0, 1, N, 0, 0, 0));
    size_t one = dfg_cpu_fused_scratch(prog, 1, 1), four = dfg_cpu_fused_scratch(prog, 1, 4);
    CHECK(one > 2 * DFG_FUSE_TILE * sizeof(double) && four > one);
    char * buf = malloc(four + 8);
    size_t sizes[] = {0, 1, one - 64, one, (one + four) / 2, four};
    out[0] = e;
    out[1] = &s;
    int ok = 1;
    for (int nt = 1; nt <= 4; nt++) {
        dfg_threads_set(nt);
        for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
            for (int mis = 0; mis <= 8; mis += 8) {
                if (sizes[k] + (size_t)mis > four + 8)
                    continue;
                memset(e, 0, N * sizeof *e);
                s = -1;
                ok &= dfg_cpu_fused(prog, 1, in, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, out,
                                    buf + mis, sizes[k]) == DFG_OK;
                ok &= same_bits(e, e0, N * sizeof *e) && same_bits(&s, &s0, sizeof s);
            }
        memset(e, 0, N * sizeof *e);
        ok &= dfg_cpu_fused(prog, 1, in, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, out,
                            NULL, 12345) == DFG_OK;
        ok &= same_bits(e, e0, N * sizeof *e) && same_bits(&s, &s0, sizeof s);
    }
    CHECK(ok);
    /* a program without scratch slots: e = exp (x) written to output 0,
     * read back for sum (e); any scratch (even 0 bytes) is enough */
    int64_t prog2[FP_LEN(1, 2, 1)];
    memset(prog2, 0, sizeof prog2);
    prog2[0] = 1; prog2[1] = 2; prog2[2] = 0; prog2[3] = 2;
    prog2[4] = N; prog2[5] = 1;
    I = FP_I(prog2, 0);
    I[0] = DFG_OP_EXP; I[1] = DFG_DOUBLE; I[2] = 1; I[3] = -1; I[7] = -1;
    O = FP_O(prog2, 0);
    O[0] = 0; O[1] = -1; O[2] = 0; O[3] = DFG_DOUBLE; O[4] = 0; O[5] = N;
    O = FP_O(prog2, 1);
    O[0] = 0; O[1] = DFG_OP_SUM; O[2] = 0; O[3] = DFG_DOUBLE; O[4] = 0; O[5] = 1;
    FP_X(prog2, 0)[0] = FX_FULL;
    dfg_threads_set(1);
    CHECK(dfg_cpu_fused(prog2, 1, in, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, out, NULL, 0) == DFG_OK);
    memcpy(e0, e, N * sizeof *e);
    s0 = s;
    CHECK(s0 == ref_double(e0, 1, N, 0, 0, 0));
    CHECK(dfg_cpu_fused_scratch(prog2, 1, 4) < 1024);     /* partials, no tiles */
    ok = 1;
    for (int nt = 1; nt <= 4; nt++) {
        dfg_threads_set(nt);
        for (size_t k = 0; k < 3; k++) {
            memset(e, 0, N * sizeof *e);
            s = -1;
            ok &= dfg_cpu_fused(prog2, 1, in, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, out,
                                k ? buf + 8 : NULL, k == 2 ? 320 : 0) == DFG_OK;
            ok &= same_bits(e, e0, N * sizeof *e) && same_bits(&s, &s0, sizeof s);
        }
    }
    CHECK(ok);

    /* an error on a worker thread: log of a negative in the last chunk */
    I = FP_I(prog, 2);
    I[0] = DFG_OP_LOG;
    x[N - 1] = -5;                          /* sin(-5) .* -5 < 0 */
    for (int nt = 1; nt <= 4; nt += 3) {
        dfg_threads_set(nt);
        dfg_set_error(DFG_OK, "%s", "");
        CHECK(dfg_cpu_fused(prog, 1, in, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, out,
                            NULL, 0) == DFG_ERR_DOMAIN);
        CHECK(strstr(dfg_last_error(), "dfg.log: the result would be complex") != NULL);
    }
    dfg_threads_set(0);
    free(buf);
    free(x);
    free(e);
    free(e0);
}

/* ---- element-wise ------------------------------------------------------------------ */

static void test_elementwise(void)
{
    enum { N = 70001, R = 300, C = 150 };
    double * x = malloc(N * sizeof *x), * y = malloc(N * sizeof *y);
    float * xf = malloc(N * sizeof *xf);
    double * o1 = malloc(N * sizeof *o1), * o2 = malloc(N * sizeof *o2);
    uint8_t * l1 = malloc(N), * l2 = malloc(N);
    for (int q = 0; q < N; q++) {
        x[q] = urand() * 10 - 5;
        y[q] = urand() * 10 - 5;
        xf[q] = (float)x[q];
    }
    static const int unary[] = {DFG_OP_EXP, DFG_OP_SIN, DFG_OP_ABS, DFG_OP_GAMMA};
    int ok = 1;
    for (size_t u = 0; u < sizeof unary / sizeof *unary; u++)
        for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
            const void * a = dt == DFG_DOUBLE ? (const void *)x : (const void *)xf;
            size_t bytes = N * (dt == DFG_DOUBLE ? 8 : 4);
            dfg_threads_set(1);
            ok &= dfg_cpu_unary(unary[u], dt, dt, o1, a, N) == DFG_OK;
            for (int nt = 2; nt <= 4; nt++) {
                dfg_threads_set(nt);
                memset(o2, 0, bytes);
                ok &= dfg_cpu_unary(unary[u], dt, dt, o2, a, N) == DFG_OK;
                ok &= same_bits(o1, o2, bytes);
            }
        }
    CHECK(ok);

    /* binary: flat, scalar operand, logical result; n-ary with a broadcast row */
    static const int binary[] = {DFG_OP_ADD, DFG_OP_POW, DFG_OP_ATAN2, DFG_OP_LT, DFG_OP_MOD};
    ok = 1;
    double two = 2;
    for (size_t b = 0; b < sizeof binary / sizeof *binary; b++) {
        int logic = binary[b] == DFG_OP_LT;
        void * r1 = logic ? (void *)l1 : (void *)o1, * r2 = logic ? (void *)l2 : (void *)o2;
        size_t bytes = logic ? N : N * sizeof(double);
        const double * bb = binary[b] == DFG_OP_POW ? &two : y;
        int64_t sb = binary[b] == DFG_OP_POW ? 0 : 1;
        const double * aa = binary[b] == DFG_OP_POW ? y : x;
        dfg_threads_set(1);
        ok &= dfg_cpu_binary(binary[b], DFG_DOUBLE, r1, aa, 1, bb, sb, N) == DFG_OK;
        for (int nt = 2; nt <= 4; nt++) {
            dfg_threads_set(nt);
            memset(r2, 0, bytes);
            ok &= dfg_cpu_binary(binary[b], DFG_DOUBLE, r2, aa, 1, bb, sb, N) == DFG_OK;
            ok &= same_bits(r1, r2, bytes);
            /* the same through the n-ary kernel: x (R x C) op y (1 x C) */
            int dts[2] = {DFG_DOUBLE, DFG_DOUBLE};
            const void * ins[2] = {x, y};
            int64_t dims[2] = {R, C}, ind[2][DFG_MAX_DIMS] = {{R, C}, {1, C}};
            int dto = logic ? DFG_LOGICAL : DFG_DOUBLE;
            size_t nb = (size_t)R * C * (logic ? 1 : 8);
            /* (pow of a negative x to a non-integer: DFG_ERR_DOMAIN either way) */
            dfg_threads_set(1);
            int st1 = dfg_cpu_nary(binary[b], 2, dts, dto, r1, ins, 2, dims,
                                   (const int64_t (*)[DFG_MAX_DIMS])ind);
            dfg_threads_set(nt);
            memset(r2, 0, nb);
            int st2 = dfg_cpu_nary(binary[b], 2, dts, dto, r2, ins, 2, dims,
                                   (const int64_t (*)[DFG_MAX_DIMS])ind);
            ok &= st1 == st2 && (binary[b] == DFG_OP_POW ? st1 == DFG_ERR_DOMAIN : st1 == DFG_OK);
            ok &= same_bits(r1, r2, nb);
            dfg_threads_set(1);
            ok &= dfg_cpu_binary(binary[b], DFG_DOUBLE, r1, aa, 1, bb, sb, N) == DFG_OK;
        }
    }
    CHECK(ok);

    /* merge and psi */
    ok = 1;
    for (int q = 0; q < N; q++) l1[q] = x[q] > 0;
    for (int nt = 1; nt <= 4; nt++) {
        dfg_threads_set(nt);
        int dts[3] = {DFG_LOGICAL, DFG_DOUBLE, DFG_DOUBLE};
        const void * ins[3] = {l1, x, y};
        int64_t dims[2] = {N, 1}, ind[3][DFG_MAX_DIMS] = {{N, 1}, {N, 1}, {N, 1}};
        ok &= dfg_cpu_nary(DFG_OP_MERGE, 3, dts, DFG_DOUBLE, o2, ins, 2, dims,
                           (const int64_t (*)[DFG_MAX_DIMS])ind) == DFG_OK;
        for (int q = 0; q < N; q++)
            ok &= o2[q] == (l1[q] ? x[q] : y[q]);
        if (nt == 1)
            ok &= dfg_cpu_psi(DFG_DOUBLE, 0, o1, x, N / 4) == DFG_OK;
        else {
            ok &= dfg_cpu_psi(DFG_DOUBLE, 0, o2, x, N / 4) == DFG_OK;
            ok &= same_bits(o1, o2, N / 4 * sizeof *o1);
        }
    }
    CHECK(ok);

    /* errors on worker threads reach the calling thread */
    x[N - 10] = -1;
    y[N - 3] = NAN;
    for (int nt = 1; nt <= 4; nt += 3) {
        dfg_threads_set(nt);
        dfg_set_error(DFG_OK, "%s", "");
        CHECK(dfg_cpu_unary(DFG_OP_SQRT, DFG_DOUBLE, DFG_DOUBLE, o1, x, N) == DFG_ERR_DOMAIN);
        CHECK(strstr(dfg_last_error(), "dfg.sqrt: the result would be complex") != NULL);
        dfg_set_error(DFG_OK, "%s", "");
        CHECK(dfg_cpu_unary(DFG_OP_CAST, DFG_DOUBLE, DFG_LOGICAL, l1, y, N) == DFG_ERR_ARG);
        CHECK(strstr(dfg_last_error(), "NaN can't be converted to logical value") != NULL);
        dfg_set_error(DFG_OK, "%s", "");
        CHECK(dfg_cpu_binary(DFG_OP_AND, DFG_DOUBLE, l1, x, 1, y, 1, N) == DFG_ERR_ARG);
        CHECK(strstr(dfg_last_error(), "dfg.and: NaN") != NULL);
        dfg_set_error(DFG_OK, "%s", "");
        CHECK(dfg_cpu_psi(DFG_DOUBLE, 1, o1, x, N) == DFG_ERR_DOMAIN);
        CHECK(strstr(dfg_last_error(), "non-negative for polygamma") != NULL);
    }
    dfg_threads_set(0);
    free(x); free(y); free(xf); free(o1); free(o2); free(l1); free(l2);
}

/* ---- the pool ------------------------------------------------------------------- */

/* Two threads of the caller's run kernels at once: one gets the pool, the
 * other runs alone; both results are right.  Then the pool stops and
 * starts again. */
typedef struct user_job {
    const double * x;
    const double * want;
    double * out;
    int n, ok;
} user_job;

static void * user_thread(void * arg)
{
    user_job * u = arg;
    u->ok = 1;
    for (int r = 0; r < 20; r++) {
        memset(u->out, 0, (size_t)u->n * sizeof *u->out);
        u->ok &= dfg_cpu_unary(DFG_OP_SIN, DFG_DOUBLE, DFG_DOUBLE, u->out, u->x, u->n) == DFG_OK;
        u->ok &= same_bits(u->out, u->want, (size_t)u->n * sizeof *u->out);
    }
    return NULL;
}

/* Runs fn (a) and fn (b) on two threads of the caller's at once; 0 when
 * a thread could not be started. */
static int two_at_once(void * (*fn)(void *), void * a, void * b)
{
    pthread_t t1, t2;
    if (pthread_create(&t1, NULL, fn, a))
        return 0;
    if (pthread_create(&t2, NULL, fn, b)) {
        pthread_join(t1, NULL);
        return 0;
    }
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 1;
}

static void test_pool(void)
{
    enum { N = 100000 };
    double * x = malloc(N * sizeof *x), * want = malloc(N * sizeof *want);
    double * o1 = malloc(N * sizeof *o1), * o2 = malloc(N * sizeof *o2);
    for (int q = 0; q < N; q++) x[q] = urand() * 10 - 5;
    dfg_threads_set(1);
    CHECK(dfg_cpu_unary(DFG_OP_SIN, DFG_DOUBLE, DFG_DOUBLE, want, x, N) == DFG_OK);
    dfg_threads_set(3);
    user_job u1 = {x, want, o1, N, 0}, u2 = {x, want, o2, N, 0};
    CHECK(two_at_once(user_thread, &u1, &u2));
    CHECK(u1.ok && u2.ok);
    for (int k = 0; k < 2; k++) {
        dfg_threads_stop();
        memset(o1, 0, N * sizeof *o1);
        CHECK(dfg_cpu_unary(DFG_OP_SIN, DFG_DOUBLE, DFG_DOUBLE, o1, x, N) == DFG_OK);
        CHECK(same_bits(o1, want, N * sizeof *o1));
    }
    dfg_threads_set(0);
    free(x); free(want); free(o1); free(o2);
}

/* ---- warnings left on worker threads ---------------------------------------------- */

/* Part 1 warns on whichever thread runs it; part 0 (on the caller or a
 * worker) waits until part 1 has run, so that with two threads each runs
 * one part: the warning is left on a worker in about half the runs, and
 * the caller must see it every time. */
typedef struct warn_job {
    atomic_int done1;
    pthread_t  caller;
    atomic_int on_worker;
} warn_job;

static void warn_part(void * ctx, int t)
{
    warn_job * j = ctx;
    if (t == 1) {
        dfg_set_warning_id("dfg:test", "part %d warned", t);
        if (!pthread_equal(pthread_self(), j->caller))
            atomic_store(&j->on_worker, 1);
        atomic_store(&j->done1, 1);
        return;
    }
    struct timespec ts = {0, 20000};
    for (int k = 0; k < 100000 && !atomic_load(&j->done1); k++)
        nanosleep(&ts, NULL);
}

static void test_warnings(void)
{
    dfg_threads_set(2);
    int seen = 0, worker = 0, runs = 40;
    (void)dfg_take_warning();
    for (int r = 0; r < runs; r++) {
        warn_job j;
        atomic_init(&j.done1, 0);
        atomic_init(&j.on_worker, 0);
        j.caller = pthread_self();
        dfg_par_run(2, warn_part, &j);
        const char * w = dfg_take_warning();
        seen += w && !strcmp(w, "part 1 warned") && !strcmp(dfg_warning_id(), "dfg:test");
        worker += atomic_load(&j.on_worker);
    }
    CHECK(seen == runs);            /* none lost, on a worker or not */
    CHECK(worker > 0);              /* the case that matters did occur */
    /* the caller's own warning, set before the region, stays the first */
    dfg_set_warning_id("dfg:first", "the caller's");
    for (int r = 0; r < 5; r++) {
        warn_job j;
        atomic_init(&j.done1, 0);
        atomic_init(&j.on_worker, 0);
        j.caller = pthread_self();
        dfg_par_run(2, warn_part, &j);
    }
    const char * w = dfg_take_warning();
    CHECK(w && !strcmp(w, "the caller's") && !strcmp(dfg_warning_id(), "dfg:first"));
    CHECK(dfg_take_warning() == NULL);
    dfg_threads_set(0);
}

/* ---- dfg_par_run itself ------------------------------------------------------ */

typedef struct region_job {
    atomic_int runs[16];
    int        nt;
} region_job;

static void region_part(void * ctx, int t)
{
    region_job * j = ctx;
    volatile double a = t;
    for (int k = 0; k < 200 * (t + 1); k++)     /* uneven parts */
        a = a * 1.0000001 + 1e-9;
    atomic_fetch_add(&j->runs[t], 1);
}

/* n regions of 1..9 parts; a pause (us) before every 16th: each part of
 * each region must have run exactly once when dfg_par_run returns. */
static int run_regions(int n, int pause_us)
{
    int ok = 1;
    for (int r = 0; r < n; r++) {
        if (pause_us && r % 16 == 0) {
            struct timespec ts = {0, (long)pause_us * 1000};
            nanosleep(&ts, NULL);
        }
        region_job j;
        j.nt = 1 + r % 9;
        for (int t = 0; t < 16; t++)
            atomic_init(&j.runs[t], 0);
        dfg_par_run(j.nt, region_part, &j);
        for (int t = 0; t < 16; t++)
            ok &= atomic_load(&j.runs[t]) == (t < j.nt);
    }
    return ok;
}

typedef struct region_user { int n, pause_us, ok; } region_user;

static void * region_thread(void * arg)
{
    region_user * u = arg;
    u->ok = run_regions(u->n, u->pause_us);
    return NULL;
}

static void test_regions(void)
{
    dfg_threads_set(3);
    CHECK(run_regions(20000, 0));
    CHECK(run_regions(400, 200));     /* the workers spin 50 us, then sleep */
    region_user u1 = {20000, 0, 0}, u2 = {2000, 100, 0};
    CHECK(two_at_once(region_thread, &u1, &u2));
    CHECK(u1.ok && u2.ok);
    dfg_threads_stop();
    CHECK(run_regions(100, 0));       /* restarted */
    dfg_threads_set(0);
}

/* ---- fork ------------------------------------------------------------------ */

/* The child's exit code, or -1 when it did not exit normally within 30 s
 * (then it is killed: a hang fails the test, never blocks it). */
static int wait_child(pid_t pid)
{
    for (int k = 0; k < 30000; k++) {
        int st;
        pid_t p = waitpid(pid, &st, WNOHANG);
        if (p == pid)
            return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        if (p < 0)
            return -1;
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    fprintf(stderr, "child %d still running after 30 s: killed\n", (int)pid);
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -1;
}

typedef struct fork_data {
    const double * x, * want;
    double *       out;
    int            n;
} fork_data;

/* In the child: 0 when the pool works there (and stops), 3 when not. */
static int child_work(const fork_data * d, int use)
{
    int ok = 1;
    if (use) {
        ok &= run_regions(300, 0);
        ok &= run_regions(20, 200);
        memset(d->out, 0, d->n * sizeof *d->out);
        ok &= dfg_cpu_unary(DFG_OP_SIN, DFG_DOUBLE, DFG_DOUBLE, d->out, d->x, d->n) == DFG_OK;
        ok &= same_bits(d->out, d->want, d->n * sizeof *d->out);
    }
    dfg_threads_stop();                /* what the gateway's exit hook does */
    return ok ? 0 : 3;
}

/* Forks (twice: a child that only stops the pool, one that uses it);
 * the children's exit codes must be 0. */
static int fork_twice(const fork_data * d)
{
    int ok = 1;
    for (int use = 0; use < 2; use++) {
        fflush(stdout);
        fflush(stderr);
        pid_t pid = fork();
        if (pid == 0)
            _exit(child_work(d, use));
        if (pid < 0)
            return 0;
        int code = wait_child(pid);
        if (code)
            fprintf(stderr, "fork child (use %d): exit code %d\n", use, code);
        ok &= code == 0;
    }
    return ok;
}

typedef struct busy_user { atomic_int stop; int ok; } busy_user;

static void * busy_thread(void * arg)
{
    busy_user * u = arg;
    u->ok = 1;
    while (!atomic_load(&u->stop))
        u->ok &= run_regions(50, 0);
    return NULL;
}

static void test_fork(void)
{
    enum { N = 100000 };
    double * x = malloc(N * sizeof *x), * want = malloc(N * sizeof *want);
    double * out = malloc(N * sizeof *out);
    for (int q = 0; q < N; q++) x[q] = urand() * 10 - 5;
    dfg_threads_set(1);
    CHECK(dfg_cpu_unary(DFG_OP_SIN, DFG_DOUBLE, DFG_DOUBLE, want, x, N) == DFG_OK);
    dfg_threads_set(3);
    fork_data d = {x, want, out, N};
    /* the workers just ran a region (spinning) */
    CHECK(run_regions(200, 0));
    CHECK(fork_twice(&d));
    /* the workers asleep on their condition variables */
    CHECK(run_regions(50, 0));
    struct timespec ts = {0, 20000000};
    nanosleep(&ts, NULL);
    CHECK(fork_twice(&d));
    /* a region running on another thread while this one forks */
    busy_user u;
    atomic_init(&u.stop, 0);
    pthread_t th;
    CHECK(pthread_create(&th, NULL, busy_thread, &u) == 0);
    for (int k = 0; k < 5; k++)
        CHECK(fork_twice(&d));
    atomic_store(&u.stop, 1);
    pthread_join(th, NULL);
    CHECK(u.ok);
    /* the parent's pool still works */
    CHECK(run_regions(200, 0));
    CHECK(dfg_cpu_unary(DFG_OP_SIN, DFG_DOUBLE, DFG_DOUBLE, out, x, N) == DFG_OK);
    CHECK(same_bits(out, want, N * sizeof *out));
    dfg_threads_set(0);
    free(x); free(want); free(out);
}

static void test_costs(void)
{
    /* an add is the unit; library functions weigh more, those without a
     * SIMD version most: a tanh kernel is split at fewer elements */
    CHECK(dfg_cpu_op_cost(DFG_OP_ADD) == 1 && dfg_cpu_op_cost(DFG_OP_LT) == 1);
    CHECK(dfg_cpu_op_cost(DFG_OP_EXP) > dfg_cpu_op_cost(DFG_OP_DIV));
    CHECK(dfg_cpu_op_cost(DFG_OP_TANH) >= dfg_cpu_op_cost(DFG_OP_EXP));
    CHECK(dfg_cpu_op_cost(DFG_OP_POW) > dfg_cpu_op_cost(DFG_OP_TANH));
    dfg_threads_set(2);
    CHECK(dfg_threads_for(4096) == 1);
    CHECK(dfg_threads_for(4096 * dfg_cpu_op_cost(DFG_OP_TANH)) == 2);
    dfg_threads_set(0);
}

int main(void)
{
    unsetenv("DFG_PASSES");
    unsetenv("DFG_THREADS");
    RUN(test_get_set);
    RUN(test_reduce);
    RUN(test_plans);
    RUN(test_fused_scratch);
    RUN(test_elementwise);
    RUN(test_pool);
    RUN(test_regions);
    RUN(test_warnings);
    RUN(test_fork);
    RUN(test_costs);
    dfg_threads_stop();
    HARNESS_END();
}
