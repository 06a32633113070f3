/* tests/c/test-cuda.c -- the CUDA backend (kernels/cuda, lib/runtime/device.c).
 *
 * On every machine: finding and probing the backend gives an answer with
 * a reason, asking for the GPU where none can be used fails with
 * DFG_ERR_NODEVICE and leaves the CPU the default.
 *
 * With a GPU: each kernel against the CPU kernel on the same data, double
 * and single: unary math (relative 1e-13 double, 2e-6 single: CUDA's math
 * library is within a few ulps, libmvec and glibc too), binary ops
 * (bitwise for + - .* ./ and comparisons; the others to the same bounds),
 * reductions (summation order differs: 1e-12 / 1e-4 relative to the sum
 * of magnitudes), matrix products (cuBLAS's rounding: 1e-12 / 1e-4
 * relative to |A| |B|), the domain errors (log of a negative number), the
 * unsupported ops, and copies both ways.  Without a GPU these are skipped
 * with the reason printed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "../../lib/runtime/runtime.h"
#include "../../kernels/cpu/cpu.h"
#include "../../kernels/cuda/dfg_cuda.h"

#define N 3001

static const dfg_cuda_api * cu;

static void test_no_gpu_path(void)
{
    dfg_device_info info;
    dfg_device_query(&info);
    CHECK(info.reason[0] != 0);
    CHECK(dfg_device_get() == DFG_DEVICE_CPU);
    dfg_status st = dfg_device_set(DFG_DEVICE_GPU);
    CHECK(info.available ? st == DFG_OK && dfg_device_get() == DFG_DEVICE_GPU
                         : st != DFG_OK && dfg_device_get() == DFG_DEVICE_CPU);
    if (!info.available) {
        CHECK(st == DFG_ERR_NODEVICE);
        CHECK(strstr(dfg_last_error(), info.reason) != NULL);
        CHECK(dfg_device_cuda() == NULL);
        printf("test-cuda: no GPU (%s): kernel checks skipped\n", info.reason);
    } else {
        CHECK(dfg_device_cuda() != NULL);
        printf("test-cuda: GPU %s (compute %d.%d, %.1f GiB), CUDA runtime %d, driver %d\n",
               info.name, info.cc_major, info.cc_minor, info.total_bytes / 1073741824.0,
               info.runtime_version, info.driver_version);
    }
    CHECK(dfg_device_set(DFG_DEVICE_CPU) == DFG_OK);
}

/* values over the domains of the ops, with signed zeros, Inf and NaN */
static void fill(double * v, int n, double lo, double hi, unsigned seed)
{
    srand(seed);
    for (int k = 0; k < n; k++)
        v[k] = lo + (hi - lo) * (rand() / (double)RAND_MAX);
    v[0] = 0.0; v[1] = -0.0; v[2] = INFINITY; v[3] = -INFINITY; v[4] = NAN; v[5] = 0.5;
    v[6] = -0.5; v[7] = 2.5; v[8] = -2.5; v[9] = 1.0;
}

static void * to_dt(int dt, const double * v, int n)
{
    void * p = malloc(8 * (size_t)n);
    for (int k = 0; k < n; k++) {
        if (dt == DFG_DOUBLE) ((double *)p)[k] = v[k];
        else ((float *)p)[k] = (float)v[k];
    }
    return p;
}

static double at(int dt, const void * p, int k)
{
    return dt == DFG_DOUBLE ? ((const double *)p)[k] : ((const float *)p)[k];
}

/* the device result of a host array: n elements of size es */
static void * dev(const void * h, size_t bytes)
{
    void * d = NULL;
    if (cu->alloc(&d, bytes) || cu->to_device(d, h, bytes))
        return NULL;
    return d;
}

static int near_all(int dt, const void * got, const void * want, int n, double tol)
{
    int bad = 0;
    for (int k = 0; k < n; k++) {
        double g = at(dt, got, k), w = at(dt, want, k);
        int ok = (isnan(g) && isnan(w)) || g == w ||
                 fabs(g - w) <= tol * fmax(fabs(w), dt == DFG_DOUBLE ? 1e-300 : 1e-30);
        if (!ok && bad++ < 3)
            fprintf(stderr, "  element %d: GPU %.17g, CPU %.17g\n", k, g, w);
    }
    return bad == 0;
}

/* every |got - want| <= tol */
static int within(int dt, const void * got, const void * want, int n, double tol)
{
    for (int t = 0; t < n; t++)
        if (!(fabs(at(dt, got, t) - at(dt, want, t)) <= tol))
            return 0;
    return 1;
}

static void test_unary(void)
{
    static const struct { int op; double lo, hi; } ops[] = {
        {DFG_OP_NEG, -5, 5}, {DFG_OP_ABS, -5, 5}, {DFG_OP_SIGN, -5, 5}, {DFG_OP_SQRT, 0, 100},
        {DFG_OP_EXP, -20, 20}, {DFG_OP_LOG, 0, 100}, {DFG_OP_LOG1P, -1, 10},
        {DFG_OP_EXPM1, -5, 5}, {DFG_OP_LOG2, 0, 100}, {DFG_OP_LOG10, 0, 100},
        {DFG_OP_SIN, -10, 10}, {DFG_OP_COS, -10, 10}, {DFG_OP_TAN, -1.5, 1.5},
        {DFG_OP_ASIN, -1, 1}, {DFG_OP_ACOS, -1, 1}, {DFG_OP_ATAN, -10, 10},
        {DFG_OP_SINH, -5, 5}, {DFG_OP_COSH, -5, 5}, {DFG_OP_TANH, -5, 5},
        {DFG_OP_ASINH, -10, 10}, {DFG_OP_ACOSH, 1, 10}, {DFG_OP_ATANH, -0.99, 0.99},
        {DFG_OP_FLOOR, -5, 5}, {DFG_OP_CEIL, -5, 5}, {DFG_OP_ROUND, -5, 5}, {DFG_OP_FIX, -5, 5},
        {DFG_OP_ERF, -3, 3}, {DFG_OP_ERFC, -3, 6},
    };
    double v[N];
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
        size_t bytes = (size_t)N * dfg_dtype_size(dt);
        for (size_t q = 0; q < sizeof ops / sizeof *ops; q++) {
            fill(v, N, ops[q].lo, ops[q].hi, 7 + (unsigned)q);
            /* keep the fixed values inside the op's domain */
            for (int k = 0; k < 10; k++)
                if (v[k] < ops[q].lo || v[k] > ops[q].hi)
                    v[k] = isnan(v[k]) ? v[k] : ops[q].lo;
            void * h = to_dt(dt, v, N), * want = malloc(bytes), * got = malloc(bytes);
            void * d = dev(h, bytes), * dout = NULL;
            CHECK(d && !cu->alloc(&dout, bytes));
            CHECK(dfg_cpu_unary(ops[q].op, dt, dt, want, h, N) == DFG_OK);
            int st = cu->unary(ops[q].op, dt, dt, dout, d, N);
            CHECK(st == 0 && !cu->to_host(got, dout, bytes));
            if (st)
                fprintf(stderr, "  %s: %s\n", dfg_op_name(ops[q].op), cu->last_error());
            int ok = near_all(dt, got, want, N, dt == DFG_DOUBLE ? 1e-13 : 2e-6);
            if (!ok)
                fprintf(stderr, "  %s (%s) differs\n", dfg_op_name(ops[q].op), dfg_dtype_name(dt));
            CHECK(ok);
            cu->release(d);
            cu->release(dout);
            free(h); free(want); free(got);
        }
    }
    /* casts */
    fill(v, N, -1e6, 1e6, 3);
    void * h = to_dt(DFG_DOUBLE, v, N), * want = malloc(4 * N), * got = malloc(4 * N);
    void * d = dev(h, 8 * N), * dout = NULL;
    CHECK(d && !cu->alloc(&dout, 4 * N));
    CHECK(cu->unary(DFG_OP_CAST, DFG_DOUBLE, DFG_SINGLE, dout, d, N) == 0);
    CHECK(dfg_cpu_unary(DFG_OP_CAST, DFG_DOUBLE, DFG_SINGLE, want, h, N) == DFG_OK);
    CHECK(!cu->to_host(got, dout, 4 * N) && !memcmp(got, want, 4 * N));
    /* domain errors and unsupported ops */
    CHECK(cu->unary(DFG_OP_LOG, DFG_DOUBLE, DFG_DOUBLE, d, d, N) == DFG_CUDA_DOMAIN);
    CHECK(strstr(cu->last_error(), "complex") != NULL);
    CHECK(cu->unary(DFG_OP_GAMMA, DFG_DOUBLE, DFG_DOUBLE, d, d, N) == DFG_CUDA_UNSUPPORTED);
    cu->release(d);
    cu->release(dout);
    free(h); free(want); free(got);
}

static void test_binary(void)
{
    static const int ops[] = {DFG_OP_ADD, DFG_OP_SUB, DFG_OP_MUL, DFG_OP_DIV, DFG_OP_POW,
                              DFG_OP_ATAN2, DFG_OP_HYPOT, DFG_OP_MAX2, DFG_OP_MIN2, DFG_OP_EQ,
                              DFG_OP_NE, DFG_OP_LT, DFG_OP_LE, DFG_OP_GT, DFG_OP_GE};
    double a[N], b[N];
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
        size_t bytes = (size_t)N * dfg_dtype_size(dt);
        for (size_t q = 0; q < sizeof ops / sizeof *ops; q++) {
            int op = ops[q], logical = op >= DFG_OP_EQ && op <= DFG_OP_GE;
            fill(a, N, op == DFG_OP_POW ? 0 : -4, 4, 11);
            fill(b, N, -3, 3, 12);
            if (op == DFG_OP_POW)      /* real results only: no negative base */
                for (int k = 0; k < 10; k++)
                    a[k] = fabs(a[k]);
            for (int sb = 0; sb <= 1; sb++) {      /* b a scalar, then full */
                if (op == DFG_OP_POW && !sb)
                    b[0] = 2;                      /* the x .* x path */
                void * ha = to_dt(dt, a, N), * hb = to_dt(dt, b, N);
                size_t ob = logical ? (size_t)N : bytes;
                void * want = malloc(ob), * got = malloc(ob);
                void * da = dev(ha, bytes), * db = dev(hb, bytes), * dout = NULL;
                CHECK(da && db && !cu->alloc(&dout, ob));
                CHECK(dfg_cpu_binary(op, dt, want, ha, 1, hb, sb, N) == DFG_OK);
                int st = cu->binary(op, dt, dout, da, 1, db, sb, N);
                CHECK(st == 0 && !cu->to_host(got, dout, ob));
                if (st)
                    fprintf(stderr, "  %s: %s\n", dfg_op_name(op), cu->last_error());
                int exact = logical || op <= DFG_OP_DIV || op == DFG_OP_MAX2 || op == DFG_OP_MIN2;
                int ok = logical ? !memcmp(got, want, ob)
                                 : near_all(dt, got, want, N, exact ? 0 : dt == DFG_DOUBLE ? 1e-13 : 2e-6);
                if (!ok)
                    fprintf(stderr, "  %s (%s, b %s) differs\n", dfg_op_name(op), dfg_dtype_name(dt),
                            sb ? "full" : "scalar");
                CHECK(ok);
                cu->release(da); cu->release(db); cu->release(dout);
                free(ha); free(hb); free(want); free(got);
            }
        }
    }
    /* (-8) .^ (1/3): complex in Octave */
    double m8 = -8, third = 1.0 / 3, r;
    void * d1 = dev(&m8, 8), * d2 = dev(&third, 8), * d3 = NULL;
    CHECK(d1 && d2 && !cu->alloc(&d3, 8));
    CHECK(cu->binary(DFG_OP_POW, DFG_DOUBLE, d3, d1, 0, d2, 0, 1) == DFG_CUDA_DOMAIN);
    CHECK(cu->binary(DFG_OP_MOD, DFG_DOUBLE, d3, d1, 0, d2, 0, 1) == DFG_CUDA_UNSUPPORTED);
    CHECK(cu->binary(DFG_OP_ADD, DFG_DOUBLE, d3, d1, 0, d2, 0, 1) == 0 && !cu->to_host(&r, d3, 8));
    CHECK(r == m8 + third);
    cu->release(d1); cu->release(d2); cu->release(d3);
}

static void test_reduce(void)
{
    static const int shapes[][3] = {{1, 3001, 1}, {7, 50, 3}, {40, 1, 9}, {3, 0, 4}, {1, 100000, 1}};
    static const int ops[] = {DFG_RED_SUM, DFG_RED_PROD, DFG_RED_MAX, DFG_RED_MIN};
    double * v = malloc(100000 * sizeof *v);
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
            for (size_t q = 0; q < sizeof ops / sizeof *ops; q++) {
                int pre = shapes[s][0], n = shapes[s][1], post = shapes[s][2], op = ops[q];
                if (n == 0 && (op == DFG_RED_MAX || op == DFG_RED_MIN))
                    continue;
                int total = pre * n * post, no = pre * post;
                fill(v, total > 10 ? total : 10, op == DFG_RED_PROD ? 0.9 : -1,
                     op == DFG_RED_PROD ? 1.1 : 1, 5);
                /* finite values (fill's fixed ones include NaN and Inf):
                 * the NaN case is max/min's below */
                for (int k = 0; k < 10 && k < total; k++)
                    v[k] = op == DFG_RED_PROD ? 1.0 + 0.01 * k : 0.1 * k - 0.45;
                size_t es = dfg_dtype_size(dt);
                void * h = to_dt(dt, v, total + 1), * want = malloc(es * no), * got = malloc(es * no);
                void * d = dev(h, es * (size_t)(total + 1)), * dout = NULL;
                CHECK(d && !cu->alloc(&dout, es * no));
                CHECK(dfg_cpu_reduce(op, dt, dt, want, h, pre, n, post) == DFG_OK);
                CHECK(cu->reduce(op, dt, dout, d, pre, n, post) == 0 && !cu->to_host(got, dout, es * no));
                double tol = dt == DFG_DOUBLE ? 1e-12 : 1e-4;
                int ok = 1;
                for (int k = 0; k < no; k++) {
                    double mag = 0;
                    int i = k % pre, j = k / pre;
                    for (int t = 0; t < n; t++)
                        mag += fabs(v[i + (size_t)t * pre + (size_t)j * pre * n]);
                    ok &= fabs(at(dt, got, k) - at(dt, want, k)) <= tol * fmax(1, mag);
                }
                if (!ok)
                    fprintf(stderr, "  reduce %d over %dx%dx%d (%s) differs\n", op, pre, n, post,
                            dfg_dtype_name(dt));
                CHECK(ok);
                cu->release(d); cu->release(dout);
                free(h); free(want); free(got);
            }
    /* max ignores NaN */
    double x[4] = {NAN, 2, NAN, -1}, r = 0;
    void * d = dev(x, sizeof x), * o = NULL;
    CHECK(d && !cu->alloc(&o, 8));
    CHECK(!cu->reduce(DFG_RED_MAX, DFG_DOUBLE, o, d, 1, 4, 1) && !cu->to_host(&r, o, 8) && r == 2);
    cu->release(d); cu->release(o);
    free(v);
}

static void test_gemm(void)
{
    static const int sz[][3] = {{64, 32, 48}, {1, 7, 5}, {33, 1, 17}, {5, 6, 0}};
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (size_t s = 0; s < sizeof sz / sizeof *sz; s++)
            for (int ta = 0; ta <= 1; ta++)
                for (int tb = 0; tb <= 1; tb++) {
                    int m = sz[s][0], n = sz[s][1], k = sz[s][2];
                    size_t es = dfg_dtype_size(dt);
                    double * va = malloc(sizeof(double) * (m * k + 10)), * vb = malloc(sizeof(double) * (k * n + 10));
                    fill(va, m * k + 10, -1, 1, 21);
                    fill(vb, k * n + 10, -1, 1, 22);
                    va[4] = vb[4] = 0.25;     /* no NaN, no Inf */
                    va[2] = va[3] = vb[2] = vb[3] = 1;
                    void * ha = to_dt(dt, va, m * k + 1), * hb = to_dt(dt, vb, k * n + 1);
                    void * want = malloc(es * (m * n + 1)), * got = malloc(es * (m * n + 1));
                    void * da = dev(ha, es * (m * k + 1)), * db = dev(hb, es * (k * n + 1)), * dc = NULL;
                    CHECK(da && db && !cu->alloc(&dc, es * (m * n + 1)));
                    CHECK(dfg_cpu_gemm(dt, ta, tb, 0, m, n, k, ha, hb, want) == DFG_OK);
                    CHECK(cu->gemm(dt, ta, tb, m, n, k, da, db, dc) == 0 &&
                          !cu->to_host(got, dc, es * m * n));
                    /* |entries| <= 1: |A| |B| <= k */
                    int ok = within(dt, got, want, m * n, (dt == DFG_DOUBLE ? 1e-12 : 1e-4) * (k ? k : 1));
                    CHECK(ok);
                    cu->release(da); cu->release(db); cu->release(dc);
                    free(va); free(vb); free(ha); free(hb); free(want); free(got);
                }
}

int main(void)
{
    RUN(test_no_gpu_path);
    cu = dfg_device_cuda();
    if (cu) {
        RUN(test_unary);
        RUN(test_binary);
        RUN(test_reduce);
        RUN(test_gemm);
    }
    dfg_device_shutdown();
    HARNESS_END();
}
