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
 * of magnitudes; any, all and the indices of max and min bitwise, NaN,
 * ties and all's two paths), matrix products (cuBLAS's rounding: 1e-12 / 1e-4
 * relative to |A| |B|), the domain errors (log of a negative number), the
 * unsupported ops, and copies both ways; dfg.rand (bitwise: the same
 * stream, kernels/elem.h), permute (bitwise, 1/4/8-byte elements, empty
 * and 1-element shapes), cumsum/cumprod (bitwise: the CPU's order), cat
 * and gather (bitwise, with empty parts, colons and repeated subscripts),
 * broadcast (bitwise), a part's offset copy, scatter and scatter_add
 * (bitwise: repeated subscripts, growth, in place, a scalar value); the
 * gram product A'*A, A*A' (xSYRK: exactly symmetric) and the linear
 * algebra of ABI 4 (mldivide, inv, det, chol, lu, qr, eig, svd, pinv:
 * triangular, positive definite, indefinite, singular and ill-conditioned
 * matrices, tall, wide and empty shapes, Octave's warnings and errors);
 * gamma, gammaln, psi (CUDA's math: 1e-12 / 1e-11 double, 1e-5 single,
 * relative to max (|x|, 1)), casts between double, single and logical,
 * not, mod, rem, and, or, xor, logical max and min, merge (bitwise), the
 * NaN-to-logical and domain errors; fused programs (kernels/cuda/fused.cu)
 * written by hand against the CPU's fused kernel and the unfused GPU
 * kernels: element-wise outputs bitwise the unfused GPU ops', sums and
 * products bitwise the CPU fused kernel's where the elements agree
 * (broadcast, scalar and logical inputs, x .^ 2, a sum longer than
 * DFG_RED_BLOCK), its errors; and a plan on the GPU whose element-wise
 * chain the fuse pass fuses, against the CPU's plan.
 * Without a GPU these are skipped with the reason printed; which fused
 * programs the GPU takes (dfg_cuda_fused_ok) is checked everywhere. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "../../lib/runtime/runtime.h"
#include "../../kernels/cpu/cpu.h"
#include "../../kernels/cpu/fused.h"
#include "../../kernels/cuda/dfg_cuda.h"
#include "../../kernels/elem.h"
#include "dfg.h"
#include "graph-helpers.h"

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

/* the same bits, or both NaN: which NaN a sum of NaNs gives is not fixed
 * (x86 keeps an operand's payload, the order the compiler chose; a GPU
 * gives its canonical NaN) */
static int same_bits(int dt, const void * got, const void * want, int n)
{
    size_t es = dfg_dtype_size(dt);
    for (int k = 0; k < n; k++)
        if (memcmp((const char *)got + k * es, (const char *)want + k * es, es) &&
            !(isnan(at(dt, got, k)) && isnan(at(dt, want, k)))) {
            fprintf(stderr, "  element %d: GPU %.17g, CPU %.17g\n", k, at(dt, got, k),
                    at(dt, want, k));
            return 0;
        }
    return 1;
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
        {DFG_OP_CBRT, -1000, 1000}, {DFG_OP_ERFINV, -0.99, 0.99}, {DFG_OP_ERFCINV, 0.01, 1.99},
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
    CHECK(cu->unary(DFG_OP_CUMSUM, DFG_DOUBLE, DFG_DOUBLE, d, d, N) == DFG_CUDA_UNSUPPORTED);
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
    CHECK(cu->binary(DFG_OP_MERGE, DFG_DOUBLE, d3, d1, 0, d2, 0, 1) == DFG_CUDA_UNSUPPORTED);
    CHECK(cu->binary(DFG_OP_ADD, DFG_LOGICAL, d3, d1, 0, d2, 0, 1) == DFG_CUDA_UNSUPPORTED);
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

/* dfg.rand: the GPU's numbers are dfg_cpu_rand's bit for bit (kernels/elem.h's
 * stream), for a double and a single counter; a bad counter is
 * DFG_CUDA_ARG, as the CPU refuses it */
static void test_rand(void)
{
    static const int64_t sizes[] = {1, 7, 3001, 100003};
    static const struct { uint64_t seed, stream; double ctr; } keys[] = {
        {7, 0, 3}, {0, 0, 0}, {0xFFFFFFFFFFFFFFFFull, 12345, 9007199254740991.0}, {42, 1, 16777216},
    };
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (int cdt = DFG_DOUBLE; cdt <= DFG_SINGLE; cdt++)
            for (size_t q = 0; q < sizeof keys / sizeof *keys; q++)
                for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
                    int64_t n = sizes[z];
                    /* a single counter holds the integers up to 2^24 exactly */
                    double c = cdt == DFG_SINGLE && keys[q].ctr > 16777216 ? 5 : keys[q].ctr;
                    float cf = (float)c;
                    size_t bytes = (size_t)n * dfg_dtype_size(dt);
                    void * want = malloc(bytes), * got = malloc(bytes);
                    void * dc = dev(cdt == DFG_DOUBLE ? (void *)&c : (void *)&cf, cdt == DFG_DOUBLE ? 8 : 4);
                    void * dout = NULL;
                    CHECK(dc && !cu->alloc(&dout, bytes));
                    CHECK(dfg_cpu_rand(dt, want, n, keys[q].seed, keys[q].stream, c) == DFG_OK);
                    int st = cu->rand(dt, dout, n, keys[q].seed, keys[q].stream, cdt, dc);
                    if (st)
                        fprintf(stderr, "  rand: %s\n", cu->last_error());
                    CHECK(st == 0 && !cu->to_host(got, dout, bytes));
                    int ok = !memcmp(got, want, bytes);
                    if (!ok)
                        fprintf(stderr, "  rand (%s, %lld numbers, key %zu) differs\n",
                                dfg_dtype_name(dt), (long long)n, q);
                    CHECK(ok);
                    cu->release(dc); cu->release(dout);
                    free(want); free(got);
                }
    /* bad counters; n == 0 writes nothing */
    static const double bad[] = {-1, 0.5, 9007199254740992.0, NAN, INFINITY};
    double r[4] = {9, 9, 9, 9};
    void * o = dev(r, sizeof r);
    CHECK(o != NULL);
    for (size_t q = 0; q < sizeof bad / sizeof *bad; q++) {
        void * dc = dev(&bad[q], 8);
        CHECK(dc && cu->rand(DFG_DOUBLE, o, 4, 7, 0, DFG_DOUBLE, dc) == DFG_CUDA_ARG);
        CHECK(strstr(cu->last_error(), "counter") != NULL);
        CHECK(cu->rand(DFG_DOUBLE, o, 0, 7, 0, DFG_DOUBLE, dc) == 0);
        cu->release(dc);
    }
    double r2[4];
    CHECK(!cu->to_host(r2, o, sizeof r2) && !memcmp(r, r2, sizeof r));
    CHECK(cu->rand(DFG_LOGICAL, o, 4, 7, 0, DFG_DOUBLE, o) == DFG_CUDA_UNSUPPORTED);
    cu->release(o);
}

/* permute: against dfg_cpu_permute, bitwise, for 1, 4 and 8-byte
 * elements, 2-d to 5-d, with 1-element, singleton and empty dims */
static void test_permute(void)
{
    static const struct { int nd; int64_t dims[5]; int64_t perm[5]; } cases[] = {
        {2, {37, 53}, {1, 0}}, {2, {1, 1}, {1, 0}}, {2, {4, 6}, {0, 1}},
        {3, {5, 7, 3}, {2, 0, 1}}, {3, {5, 7, 3}, {1, 2, 0}}, {3, {1, 9, 1}, {2, 1, 0}},
        {4, {3, 4, 5, 6}, {3, 1, 0, 2}}, {5, {2, 3, 1, 4, 5}, {4, 3, 2, 1, 0}},
        {3, {4, 0, 5}, {2, 1, 0}}, {2, {0, 0}, {1, 0}}, {3, {64, 33, 17}, {1, 2, 0}},
    };
    static const int sizes[] = {1, 4, 8};
    for (size_t q = 0; q < sizeof cases / sizeof *cases; q++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int es = sizes[z], nd = cases[q].nd;
            int64_t n = 1;
            for (int j = 0; j < nd; j++)
                n *= cases[q].dims[j];
            size_t bytes = (size_t)(n ? n : 1) * (size_t)es;
            unsigned char * h = malloc(bytes), * want = malloc(bytes), * got = malloc(bytes);
            for (size_t b = 0; b < bytes; b++)
                h[b] = (unsigned char)(b * 131 + b / 7);
            memset(want, 0xAB, bytes);
            memcpy(got, want, bytes);
            void * d = dev(h, bytes), * dout = dev(want, bytes);
            CHECK(d && dout);
            CHECK(dfg_cpu_permute((size_t)es, want, h, nd, cases[q].dims, cases[q].perm) == DFG_OK);
            int st = cu->permute(es, dout, d, nd, cases[q].dims, cases[q].perm);
            if (st)
                fprintf(stderr, "  permute: %s\n", cu->last_error());
            CHECK(st == 0 && !cu->to_host(got, dout, bytes));
            int ok = !memcmp(got, want, bytes);
            if (!ok)
                fprintf(stderr, "  permute case %zu (%d-byte elements) differs\n", q, es);
            CHECK(ok);
            cu->release(d); cu->release(dout);
            free(h); free(want); free(got);
        }
    int64_t dims[2] = {2, 2}, perm[2] = {1, 0};
    CHECK(cu->permute(2, NULL, NULL, 2, dims, perm) == DFG_CUDA_UNSUPPORTED);
}

/* cumsum, cumprod: against dfg_cpu_scan, bitwise (the same sequential
 * order; any NaN equals any NaN), in place too; empty axes write nothing */
static void test_scan(void)
{
    static const int shapes[][3] = {{1, 3001, 1}, {7, 50, 3}, {40, 1, 9}, {1, 1, 1},
                                    {300, 20, 2}, {5, 4, 1}, {1, 100000, 1}};
    static const int ops[] = {DFG_OP_CUMSUM, DFG_OP_CUMPROD};
    double * v = malloc(100010 * sizeof *v);
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
            for (size_t q = 0; q < sizeof ops / sizeof *ops; q++)
                for (int inplace = 0; inplace <= 1; inplace++) {
                    int pre = shapes[s][0], n = shapes[s][1], post = shapes[s][2], op = ops[q];
                    int total = pre * n * post;
                    int prod = op == DFG_OP_CUMPROD;
                    fill(v, total > 10 ? total : 10, prod ? 0.99 : -1, prod ? 1.01 : 1, 9 + inplace);
                    /* and fill's signed zeros, Inf and NaN on the first line */
                    size_t es = dfg_dtype_size(dt), bytes = es * (size_t)total;
                    void * h = to_dt(dt, v, total), * want = malloc(bytes), * got = malloc(bytes);
                    void * d = dev(h, bytes), * dout = NULL;
                    CHECK(d && (inplace || !cu->alloc(&dout, bytes)));
                    CHECK(dfg_cpu_scan(prod ? DFG_SCAN_CUMPROD : DFG_SCAN_CUMSUM, dt, dt, want, h,
                                       pre, n, post) == DFG_OK);
                    int st = cu->scan(op, dt, inplace ? d : dout, d, pre, n, post);
                    if (st)
                        fprintf(stderr, "  scan: %s\n", cu->last_error());
                    CHECK(st == 0 && !cu->to_host(got, inplace ? d : dout, bytes));
                    int ok = same_bits(dt, got, want, total);
                    if (!ok)
                        fprintf(stderr, "  %s over %dx%dx%d (%s%s) differs\n", dfg_op_name(op),
                                pre, n, post, dfg_dtype_name(dt), inplace ? ", in place" : "");
                    CHECK(ok);
                    cu->release(d); cu->release(dout);
                    free(h); free(want); free(got);
                }
    double x = 5;
    void * d = dev(&x, 8);
    CHECK(d && cu->scan(DFG_OP_CUMSUM, DFG_DOUBLE, d, d, 3, 0, 4) == 0);
    CHECK(cu->scan(DFG_OP_CUMSUM, DFG_DOUBLE, d, d, 0, 5, 4) == 0);
    CHECK(!cu->to_host(&x, d, 8) && x == 5);
    CHECK(cu->scan(DFG_OP_SUM, DFG_DOUBLE, d, d, 1, 1, 1) == DFG_CUDA_UNSUPPORTED);
    CHECK(cu->scan(DFG_OP_CUMSUM, DFG_LOGICAL, d, d, 1, 1, 1) == DFG_CUDA_UNSUPPORTED);
    cu->release(d);
    free(v);
}

/* a device copy of n bytes made from a pattern, and its host twin */
static unsigned char * pattern(size_t bytes, unsigned seed)
{
    unsigned char * h = malloc(bytes ? bytes : 1);
    for (size_t b = 0; b < bytes; b++)
        h[b] = (unsigned char)(b * 131 + b / 7 + seed * 29);
    return h;
}

/* any, all, argmax, argmin: against dfg_cpu_reduce, bitwise (exact in any
 * order): NaN (leading, all-NaN lines, mixed), zeros of both signs, ties
 * (the first index), all's other path (pre > 1, n <= 8), empty axes and
 * 1 element; any/all of logical input too */
static void test_reduce_exact(void)
{
    static const int shapes[][3] = {{1, 3001, 1}, {7, 50, 3}, {40, 1, 9}, {3, 0, 4}, {5, 8, 2},
                                    {4, 9, 2}, {1, 1, 1}, {1, 100000, 1}, {300, 3, 2}};
    static const int ops[] = {DFG_RED_ANY, DFG_RED_ALL, DFG_RED_ARGMAX, DFG_RED_ARGMIN};
    double * v = malloc(100010 * sizeof *v);
    for (int dt = DFG_DOUBLE; dt <= DFG_LOGICAL; dt++)
        for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
            for (size_t q = 0; q < sizeof ops / sizeof *ops; q++)
                for (int pat = 0; pat < 3; pat++) {
                    int pre = shapes[s][0], n = shapes[s][1], post = shapes[s][2], op = ops[q];
                    int arg = op == DFG_RED_ARGMAX || op == DFG_RED_ARGMIN;
                    if (arg && dt == DFG_LOGICAL)
                        continue;
                    int total = pre * n * post, no = pre * post;
                    /* 0: few distinct values (ties), zeros, NaN; 1: mostly
                     * NaN; 2: mostly zeros with a few ones */
                    for (int k = 0; k < total + 1; k++) {
                        unsigned h = (unsigned)k * 2654435761u >> 7;
                        v[k] = pat == 0 ? (h % 7 == 0 ? NAN : h % 5 == 0 ? -0.0 : (double)(h % 4) - 1.5)
                             : pat == 1 ? (h % 13 == 0 ? (double)(h % 3) : NAN)
                             : (h % 17 == 0 ? 1.0 : h % 2 ? 0.0 : -0.0);
                        if (dt == DFG_LOGICAL)
                            v[k] = v[k] != 0 && !isnan(v[k]);
                    }
                    size_t es = dfg_dtype_size(dt), eo = arg ? 8 : 1;
                    void * h = malloc(es * (size_t)(total + 1));
                    for (int k = 0; k < total + 1; k++) {
                        if (dt == DFG_DOUBLE) ((double *)h)[k] = v[k];
                        else if (dt == DFG_SINGLE) ((float *)h)[k] = (float)v[k];
                        else ((unsigned char *)h)[k] = (unsigned char)v[k];
                    }
                    unsigned char * want = pattern(eo * (size_t)no, 1), * got = malloc(eo * (size_t)no + 1);
                    void * d = dev(h, es * (size_t)(total + 1)), * dout = dev(want, eo * (size_t)no + 1);
                    CHECK(d && dout);
                    CHECK(dfg_cpu_reduce(op, dt, arg ? DFG_DOUBLE : DFG_LOGICAL, want, h, pre, n,
                                         post) == DFG_OK);
                    int st = cu->reduce(op, dt, dout, d, pre, n, post);
                    if (st)
                        fprintf(stderr, "  reduce: %s\n", cu->last_error());
                    CHECK(st == 0 && !cu->to_host(got, dout, eo * (size_t)no));
                    int ok = !memcmp(got, want, eo * (size_t)no);
                    if (!ok)
                        fprintf(stderr, "  reduce %d over %dx%dx%d (%s, pattern %d) differs\n", op,
                                pre, n, post, dfg_dtype_name(dt), pat);
                    CHECK(ok);
                    cu->release(d); cu->release(dout);
                    free(h); free(want); free(got);
                }
    void * d = NULL;
    CHECK(!cu->alloc(&d, 64));
    CHECK(cu->reduce(DFG_RED_ARGMAX, DFG_LOGICAL, d, d, 1, 4, 1) == DFG_CUDA_UNSUPPORTED);
    cu->release(d);
    free(v);
}

/* cat: against dfg_cpu_cat, bitwise, along each dimension, with empty
 * inputs among them, 1, 4 and 8-byte elements */
static void test_cat(void)
{
    /* out dims, dim, the inputs' extents along dim */
    static const struct { int nd; int64_t dims[3]; int dim, n; int64_t ext[4]; } cases[] = {
        {2, {5, 7}, 0, 3, {2, 0, 3}}, {2, {5, 7}, 1, 2, {4, 3}}, {3, {3, 4, 6}, 2, 4, {1, 2, 0, 3}},
        {3, {3, 4, 6}, 1, 2, {1, 3}}, {2, {1, 1}, 0, 1, {1}}, {2, {0, 4}, 1, 2, {1, 3}},
        {2, {300, 40}, 1, 3, {10, 20, 10}},
    };
    static const int sizes[] = {1, 4, 8};
    for (size_t q = 0; q < sizeof cases / sizeof *cases; q++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int es = sizes[z], nd = cases[q].nd, dim = cases[q].dim, n = cases[q].n;
            int64_t total = 1, other = 1;
            for (int j = 0; j < nd; j++) {
                total *= cases[q].dims[j];
                other *= j == dim ? 1 : cases[q].dims[j];
            }
            size_t bytes = (size_t)total * (size_t)es;
            const void * hin[4], * din[4];
            for (int k = 0; k < n; k++) {
                size_t b = (size_t)(other * cases[q].ext[k]) * (size_t)es;
                hin[k] = pattern(b, (unsigned)k);
                din[k] = dev(hin[k], b ? b : 1);
                CHECK(din[k] != NULL);
            }
            unsigned char * want = pattern(bytes, 99), * got = malloc(bytes ? bytes : 1);
            void * dout = dev(want, bytes ? bytes : 1);
            CHECK(dfg_cpu_cat((size_t)es, want, n, hin, cases[q].ext, nd, cases[q].dims, dim) == DFG_OK);
            int st = cu->cat(es, dout, n, din, cases[q].ext, nd, cases[q].dims, dim);
            if (st)
                fprintf(stderr, "  cat: %s\n", cu->last_error());
            CHECK(st == 0 && !cu->to_host(got, dout, bytes));
            int ok = !memcmp(got, want, bytes);
            if (!ok)
                fprintf(stderr, "  cat case %zu (%d-byte elements) differs\n", q, es);
            CHECK(ok);
            for (int k = 0; k < n; k++) {
                cu->release((void *)din[k]);
                free((void *)hin[k]);
            }
            cu->release(dout);
            free(want); free(got);
        }
}

/* gather: against dfg_cpu_gather, bitwise: lists and colons, repeated and
 * reversed subscripts, linear indexing (k = 1), an empty block */
static void test_gather(void)
{
    /* view dims, counts (-1: a colon), then the lists */
    static const struct { int k; int64_t view[3], cnt[3]; int64_t ix[12]; } cases[] = {
        {2, {6, 5}, {3, -1}, {5, 0, 5}},
        {2, {6, 5}, {-1, 4}, {4, 3, 3, 0}},
        {1, {30}, {7}, {29, 0, 1, 1, 17, 3, 28}},
        {3, {4, 3, 5}, {2, 1, 3}, {3, 1, 2, 4, 0, 2}},
        {3, {4, 3, 5}, {-1, -1, 2}, {4, 0}},
        {2, {6, 5}, {0, -1}, {0}},
        {2, {1, 1}, {1, 1}, {0, 0}},
        {2, {500, 70}, {-1, 3}, {69, 0, 35}},
    };
    static const int sizes[] = {1, 4, 8};
    for (size_t q = 0; q < sizeof cases / sizeof *cases; q++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int es = sizes[z], k = cases[q].k;
            int64_t hdr[64], xn = 1, on = 1, nix = 0;
            int p = 0;
            hdr[p++] = k;
            for (int j = 0; j < k; j++)
                hdr[p++] = cases[q].view[j];
            for (int j = 0; j < k; j++)
                hdr[p++] = cases[q].cnt[j];
            hdr[p++] = k;                     /* dims_out: the block's */
            for (int j = 0; j < k; j++) {
                int64_t c = cases[q].cnt[j] < 0 ? cases[q].view[j] : cases[q].cnt[j];
                hdr[p++] = c;
                xn *= cases[q].view[j];
                on *= c;
                nix += cases[q].cnt[j] < 0 ? 0 : cases[q].cnt[j];
            }
            for (int64_t t = 0; t < nix; t++)
                hdr[p++] = cases[q].ix[t];
            size_t xb = (size_t)xn * (size_t)es, ob = (size_t)on * (size_t)es;
            unsigned char * hx = pattern(xb, 3), * want = pattern(ob, 5), * got = malloc(ob ? ob : 1);
            void * dx = dev(hx, xb), * dout = dev(want, ob ? ob : 1);
            CHECK(dx && dout);
            CHECK(dfg_cpu_gather((size_t)es, want, hx, hdr) == DFG_OK);
            int st = cu->gather(es, dout, dx, hdr);
            if (st)
                fprintf(stderr, "  gather: %s\n", cu->last_error());
            CHECK(st == 0 && !cu->to_host(got, dout, ob));
            int ok = !memcmp(got, want, ob);
            if (!ok)
                fprintf(stderr, "  gather case %zu (%d-byte elements) differs\n", q, es);
            CHECK(ok);
            cu->release(dx); cu->release(dout);
            free(hx); free(want); free(got);
        }
}

/* broadcast: against dfg_cpu_broadcast, bitwise, 1, 4 and 8-byte
 * elements, expanded first, middle and last dims, empty and 1-element */
static void test_broadcast(void)
{
    static const struct { int nd; int64_t in[4], out[4]; } cases[] = {
        {2, {1, 7}, {5, 7}}, {2, {5, 1}, {5, 7}}, {3, {3, 1, 4}, {3, 6, 4}},
        {3, {1, 1, 1}, {2, 3, 4}}, {2, {1, 1}, {1, 1}}, {2, {1, 3}, {0, 3}},
        {4, {1, 2, 1, 3}, {4, 2, 5, 3}}, {2, {300, 1}, {300, 70}}, {2, {4, 5}, {4, 5}},
    };
    static const int sizes[] = {1, 4, 8};
    for (size_t q = 0; q < sizeof cases / sizeof *cases; q++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int es = sizes[z], nd = cases[q].nd;
            int64_t xn = 1, on = 1;
            for (int j = 0; j < nd; j++) {
                xn *= cases[q].in[j];
                on *= cases[q].out[j];
            }
            size_t xb = (size_t)xn * (size_t)es, ob = (size_t)on * (size_t)es;
            unsigned char * hx = pattern(xb, 7), * want = pattern(ob, 8), * got = malloc(ob ? ob : 1);
            void * dx = dev(hx, xb ? xb : 1), * dout = dev(want, ob ? ob : 1);
            CHECK(dx && dout);
            CHECK(dfg_cpu_broadcast((size_t)es, want, hx, nd, cases[q].in, cases[q].out) == DFG_OK);
            int st = cu->broadcast(es, dout, dx, nd, cases[q].in, cases[q].out);
            if (st)
                fprintf(stderr, "  broadcast: %s\n", cu->last_error());
            CHECK(st == 0 && !cu->to_host(got, dout, ob));
            int ok = !memcmp(got, want, ob);
            if (!ok)
                fprintf(stderr, "  broadcast case %zu (%d-byte elements) differs\n", q, es);
            CHECK(ok);
            cu->release(dx); cu->release(dout);
            free(hx); free(want); free(got);
        }
    int64_t a[2] = {2, 3}, b[2] = {4, 3};
    CHECK(cu->broadcast(2, NULL, NULL, 2, a, a) == DFG_CUDA_UNSUPPORTED);
    CHECK(cu->broadcast(8, NULL, NULL, 2, a, b) == DFG_CUDA_ERR);
}

/* a part of a packed result (DFG_FAM_PART where the plan does not make
 * it a view): the device copy at an element offset */
static void test_part(void)
{
    double h[10], got[4];
    for (int k = 0; k < 10; k++)
        h[k] = k + 0.25;
    void * d = dev(h, sizeof h), * o = NULL;
    CHECK(d && !cu->alloc(&o, sizeof got));
    CHECK(!cu->copy(o, (const char *)d + 3 * sizeof *h, sizeof got) && !cu->to_host(got, o, sizeof got));
    CHECK(!memcmp(got, h + 3, sizeof got));
    cu->release(d); cu->release(o);
}

/* scatter and scatter_add: against dfg_cpu_scatter, bitwise: lists and
 * colons, repeated subscripts (the last value set; the values added in
 * the CPU's order, chosen so that another order rounds differently),
 * growth with zeros, a scalar v, in place, an empty block, 1 element */
static void test_scatter(void)
{
    /* x's view, counts (-1: a colon), dims_out (2-d, or 3-d folded), the lists */
    static const struct { int k; int64_t view[3], cnt[3]; int nd; int64_t dout[3]; int64_t ix[16]; int vs; } cases[] = {
        {2, {6, 5}, {3, -1}, 2, {6, 5}, {5, 0, 5}, 0},
        {2, {6, 5}, {-1, 4}, 2, {6, 5}, {4, 3, 3, 0}, 0},
        {1, {30}, {9}, 2, {30, 1}, {29, 0, 1, 1, 17, 3, 1, 28, 1}, 0},
        {1, {30}, {6}, 2, {30, 1}, {2, 2, 2, 2, 2, 2}, 1},
        {3, {4, 3, 5}, {3, 2, 3}, 3, {4, 3, 5}, {3, 1, 3, 2, 2, 4, 0, 4}, 0},
        {2, {6, 5}, {2, 2}, 2, {8, 7}, {7, 1, 6, 6}, 0},
        {2, {6, 5}, {-1, 1}, 2, {6, 9}, {8}, 1},
        {2, {0, 0}, {1, 1}, 2, {2, 3}, {1, 2}, 0},
        {2, {6, 5}, {0, -1}, 2, {6, 5}, {0}, 0},
        {2, {1, 1}, {1, 1}, 2, {1, 1}, {0, 0}, 0},
        {2, {4, 6}, {3, 2}, 3, {4, 3, 2}, {0, 0, 0, 5, 5}, 0},
        {2, {500, 70}, {6, -1}, 2, {500, 70}, {7, 499, 7, 7, 0, 7}, 0},
    };
    static const int sizes[] = {1, 4, 8};
    for (size_t q = 0; q < sizeof cases / sizeof *cases; q++)
        for (int mode = 0; mode < 5; mode++) {
            /* modes 0-2: set, 1/4/8-byte elements; 3, 4: add, double, single */
            int add = mode >= 3, es = add ? (mode == 3 ? 8 : 4) : sizes[mode];
            int dt = mode == 3 ? DFG_DOUBLE : DFG_SINGLE, k = cases[q].k;
            int64_t hdr[64], xn = 1, rn = 1, bn = 1, nix = 0, rv[3];
            int p = 0, nd = cases[q].nd;
            hdr[p++] = k;
            for (int j = 0; j < k; j++)
                hdr[p++] = cases[q].view[j];
            for (int j = 0; j < k; j++)
                hdr[p++] = cases[q].cnt[j];
            hdr[p++] = nd;
            for (int j = 0; j < nd; j++) {
                hdr[p++] = cases[q].dout[j];
                rn *= cases[q].dout[j];
            }
            dfg_shape_fold(nd, cases[q].dout, k, rv);
            for (int j = 0; j < k; j++) {
                xn *= cases[q].view[j];
                bn *= cases[q].cnt[j] < 0 ? rv[j] : cases[q].cnt[j];
                nix += cases[q].cnt[j] < 0 ? 0 : cases[q].cnt[j];
            }
            for (int64_t t = 0; t < nix; t++)
                hdr[p++] = cases[q].ix[t];
            int64_t vn = cases[q].vs ? 1 : bn;
            size_t xb = (size_t)xn * (size_t)es, rb = (size_t)rn * (size_t)es;
            size_t vb = (size_t)vn * (size_t)es;
            unsigned char * hx, * hv;
            if (add) {
                /* sums whose order shows: 1, 1e-8 (single 1e-4), -1, ... */
                double * a = malloc(8 * (size_t)(xn + vn + 1));
                for (int64_t t = 0; t < xn + vn; t++)
                    a[t] = t % 3 == 0 ? 1 + t * 0.125 : t % 3 == 1 ? (mode == 3 ? 1e-8 : 1e-4) * t : -1.0 - t;
                hx = to_dt(dt, a, (int)(xn ? xn : 1));
                hv = to_dt(dt, a + xn, (int)(vn ? vn : 1));
                free(a);
            } else {
                hx = pattern(xb, 11);
                hv = pattern(vb, 12);
            }
            for (int inplace = 0; inplace <= (rn == xn); inplace++) {
                unsigned char * want = pattern(rb, 13), * got = malloc(rb ? rb : 1);
                void * dx = dev(hx, xb ? xb : 1), * dv = dev(hv, vb ? vb : 1);
                void * dout = inplace ? dx : dev(want, rb ? rb : 1);
                CHECK(dx && dv && dout);
                CHECK(dfg_cpu_scatter(add ? dt : es == 8 ? DFG_DOUBLE : es == 4 ? DFG_SINGLE : DFG_LOGICAL,
                                      add, want, hx, k, cases[q].view, hv, vn, hdr) == DFG_OK);
                int st = cu->scatter(add, es, dout, dx, xn, dv, vn, hdr);
                if (st)
                    fprintf(stderr, "  scatter: %s\n", cu->last_error());
                CHECK(st == 0 && !cu->to_host(got, dout, rb));
                int ok = !memcmp(got, want, rb);
                if (!ok)
                    fprintf(stderr, "  scatter%s case %zu (%d-byte elements%s) differs\n",
                            add ? "_add" : "", q, es, inplace ? ", in place" : "");
                CHECK(ok);
                cu->release(dx); cu->release(dv);
                if (!inplace)
                    cu->release(dout);
                free(want); free(got);
            }
            free(hx); free(hv);
        }
    int64_t hdr[] = {1, 4, 1, 1, 4, 7};        /* a subscript past the end */
    void * d = NULL;
    CHECK(!cu->alloc(&d, 64));
    CHECK(cu->scatter(0, 8, d, d, 4, d, 1, hdr) == DFG_CUDA_ERR);
    CHECK(cu->scatter(1, 1, d, d, 4, d, 1, hdr) == DFG_CUDA_UNSUPPORTED);
    cu->release(d);
}

/* |got - want| <= tol * max (|want|, 1), or the same value (Inf, NaN) */
static int near1(int dt, const void * got, const void * want, int n, double tol)
{
    int bad = 0;
    for (int k = 0; k < n; k++) {
        double g = at(dt, got, k), w = at(dt, want, k);
        int ok = (isnan(g) && isnan(w)) || g == w || fabs(g - w) <= tol * fmax(fabs(w), 1);
        if (!ok && bad++ < 3)
            fprintf(stderr, "  element %d: GPU %.17g, CPU %.17g\n", k, g, w);
    }
    return bad == 0;
}

/* gamma, gammaln, psi against the CPU's kernels; their domain errors */
static void test_special(void)
{
    static const struct { int op, k; double lo, hi; } ops[] = {
        {DFG_OP_GAMMA, 0, -5, 20}, {DFG_OP_GAMMALN, 0, 0, 50}, {DFG_OP_PSI, 0, -5, 30},
        {DFG_OP_PSI, 1, 0, 30}, {DFG_OP_PSI, 3, 0, 30},
    };
    double v[N];
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
        size_t bytes = (size_t)N * dfg_dtype_size(dt);
        for (size_t q = 0; q < sizeof ops / sizeof *ops; q++) {
            const int op = ops[q].op, k = ops[q].k;
            fill(v, N, ops[q].lo, ops[q].hi, 21 + (unsigned)q);
            /* gammaln and polygamma: the real domain (x >= 0, +0) */
            if (op == DFG_OP_GAMMALN || k > 0)
                for (int t = 0; t < N; t++)
                    v[t] = fabs(v[t]);
            void * h = to_dt(dt, v, N), * want = malloc(bytes), * got = malloc(bytes);
            void * d = dev(h, bytes), * dout = NULL;
            CHECK(d && !cu->alloc(&dout, bytes));
            CHECK((op == DFG_OP_PSI ? dfg_cpu_psi(dt, k, want, h, N)
                                    : dfg_cpu_unary(op, dt, dt, want, h, N)) == DFG_OK);
            int st = op == DFG_OP_PSI ? cu->psi(dt, k, dout, d, N)
                                      : cu->unary(op, dt, dt, dout, d, N);
            CHECK(st == 0 && !cu->to_host(got, dout, bytes));
            if (st)
                fprintf(stderr, "  %s: %s\n", dfg_op_name(op), cu->last_error());
            double tol = dt == DFG_SINGLE ? 1e-5 : op == DFG_OP_PSI ? 1e-11 : 1e-12;
            int ok = near1(dt, got, want, N, tol);
            if (!ok)
                fprintf(stderr, "  %s (k %d, %s) differs\n", dfg_op_name(op), k, dfg_dtype_name(dt));
            CHECK(ok);
            cu->release(d);
            cu->release(dout);
            free(h); free(want); free(got);
        }
    }
    /* gammaln (-0.5) is complex (gamma < 0), psi (1, -1) outside the domain */
    double m = -0.5, r;
    void * d = dev(&m, 8), * o = NULL;
    CHECK(d && !cu->alloc(&o, 8));
    CHECK(cu->unary(DFG_OP_GAMMALN, DFG_DOUBLE, DFG_DOUBLE, o, d, 1) == DFG_CUDA_DOMAIN);
    CHECK(cu->psi(DFG_DOUBLE, 1, o, d, 1) == DFG_CUDA_DOMAIN);
    CHECK(cu->psi(DFG_DOUBLE, 0, o, d, 1) == 0 && !cu->to_host(&r, o, 8));
    CHECK(fabs(r - dfg_psi_(0, -0.5)) < 1e-15);     /* 0.0365: CUDA's tan, log */
    CHECK(cu->unary(DFG_OP_GAMMA, DFG_DOUBLE, DFG_DOUBLE, o, d, 1) == 0 && !cu->to_host(&r, o, 8));
    CHECK(fabs(r - tgamma(-0.5)) < 1e-13 * fabs(tgamma(-0.5)));
    cu->release(d);
    cu->release(o);
}

/* v as class dt (logical: v != 0) */
static void * as_class(int dt, const double * v, int n)
{
    if (dt != DFG_LOGICAL)
        return to_dt(dt, v, n);
    unsigned char * p = malloc((size_t)n);
    for (int k = 0; k < n; k++)
        p[k] = v[k] != 0;
    return p;
}

/* casts in every direction, not: bitwise; NaN to logical an error */
static void test_cast_not(void)
{
    double v[N];
    fill(v, N, -3, 3, 31);
    v[4] = 2;                                      /* no NaN ... */
    for (int k = 10; k < N; k += 7)
        v[k] = 0;                                  /* ... and zeros */
    for (int di = DFG_DOUBLE; di <= DFG_LOGICAL; di++)
        for (int dn = DFG_DOUBLE; dn <= DFG_LOGICAL + 1; dn++) {
            const int op = dn > DFG_LOGICAL ? DFG_OP_NOT : DFG_OP_CAST;
            const int dout = op == DFG_OP_NOT ? DFG_LOGICAL : dn;
            if (op == DFG_OP_NOT && di == DFG_LOGICAL)
                continue;                          /* not sees double or single */
            size_t bi = (size_t)N * dfg_dtype_size(di), bo = (size_t)N * dfg_dtype_size(dout);
            void * h = as_class(di, v, N), * want = malloc(bo), * got = malloc(bo);
            void * d = dev(h, bi), * o = NULL;
            CHECK(d && !cu->alloc(&o, bo));
            CHECK(dfg_cpu_unary(op, di, dout, want, h, N) == DFG_OK);
            int st = cu->unary(op, di, dout, o, d, N);
            CHECK(st == 0 && !cu->to_host(got, o, bo));
            CHECK(!memcmp(got, want, bo) ||
                  !fprintf(stderr, "  %s %s -> %s differs\n", dfg_op_name(op), dfg_dtype_name(di),
                           dfg_dtype_name(dout)));
            cu->release(d); cu->release(o);
            free(h); free(want); free(got);
        }
    /* NaN: the CPU's error, DFG_ERR_ARG there, DFG_CUDA_ARG here */
    double nan = NAN;
    float nanf = NAN;
    void * d = dev(&nan, 8), * df = dev(&nanf, 4), * o = NULL;
    CHECK(d && df && !cu->alloc(&o, 8));
    CHECK(cu->unary(DFG_OP_CAST, DFG_DOUBLE, DFG_LOGICAL, o, d, 1) == DFG_CUDA_ARG);
    CHECK(strstr(cu->last_error(), "NaN") != NULL);
    CHECK(cu->unary(DFG_OP_NOT, DFG_SINGLE, DFG_LOGICAL, o, df, 1) == DFG_CUDA_ARG);
    CHECK(cu->unary(DFG_OP_CAST, DFG_DOUBLE, DFG_SINGLE, o, d, 1) == 0);   /* NaN stays NaN */
    cu->release(d); cu->release(df); cu->release(o);
}

/* mod, rem (bitwise: IEEE operations only), and, or, xor, logical max
 * and min (bitwise), merge (bitwise) */
static void test_binary_more(void)
{
    static const int ops[] = {DFG_OP_MOD, DFG_OP_REM, DFG_OP_AND, DFG_OP_OR, DFG_OP_XOR};
    double a[N], b[N];
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
        size_t bytes = (size_t)N * dfg_dtype_size(dt);
        for (size_t q = 0; q < sizeof ops / sizeof *ops; q++) {
            const int op = ops[q], logic = op != DFG_OP_MOD && op != DFG_OP_REM;
            fill(a, N, -7, 7, 41);
            fill(b, N, -3, 3, 42);
            for (int k = 10; k < N; k += 5)
                b[k] = k % 3 ? b[k] : 0;           /* y == 0: mod gives x, rem NaN */
            if (logic)
                a[4] = b[4] = 1;                   /* no NaN */
            for (int sb = 0; sb <= 1; sb++) {
                void * ha = to_dt(dt, a, N), * hb = to_dt(dt, b, N);
                size_t ob = logic ? (size_t)N : bytes;
                void * want = malloc(ob), * got = malloc(ob);
                void * da = dev(ha, bytes), * db = dev(hb, bytes), * o = NULL;
                CHECK(da && db && !cu->alloc(&o, ob));
                CHECK(dfg_cpu_binary(op, dt, want, ha, 1, hb, sb, N) == DFG_OK);
                int st = cu->binary(op, dt, o, da, 1, db, sb, N);
                CHECK(st == 0 && !cu->to_host(got, o, ob));
                int ok = logic ? !memcmp(got, want, ob) : same_bits(dt, got, want, N);
                if (!ok)
                    fprintf(stderr, "  %s (%s, b %s) differs\n", dfg_op_name(op),
                            dfg_dtype_name(dt), sb ? "full" : "scalar");
                CHECK(ok);
                cu->release(da); cu->release(db); cu->release(o);
                free(ha); free(hb); free(want); free(got);
            }
        }
    }
    /* NaN in and/or/xor */
    double x[2] = {1, NAN};
    void * d = dev(x, 16), * o = NULL;
    CHECK(d && !cu->alloc(&o, 2));
    CHECK(cu->binary(DFG_OP_OR, DFG_DOUBLE, o, d, 1, d, 0, 2) == DFG_CUDA_ARG);
    CHECK(strstr(cu->last_error(), "NaN") != NULL);
    CHECK(cu->binary(DFG_OP_EQ, DFG_DOUBLE, o, d, 1, d, 0, 2) == 0);
    cu->release(d); cu->release(o);

    /* logical max and min */
    unsigned char la[N], lb[N], want[N], got[N];
    for (int k = 0; k < N; k++) {
        la[k] = (unsigned char)(k % 3 == 0);
        lb[k] = (unsigned char)(k % 5 < 2);
    }
    void * dla = dev(la, N), * dlb = dev(lb, N), * dlo = NULL;
    CHECK(dla && dlb && !cu->alloc(&dlo, N));
    for (int op = DFG_OP_MAX2; op <= DFG_OP_MIN2; op++)
        for (int sb = 0; sb <= 1; sb++) {
            CHECK(dfg_cpu_binary(op, DFG_LOGICAL, want, la, 1, lb, sb, N) == DFG_OK);
            CHECK(cu->binary(op, DFG_LOGICAL, dlo, dla, 1, dlb, sb, N) == 0);
            CHECK(!cu->to_host(got, dlo, N) && !memcmp(got, want, N));
        }

    /* merge: 8-, 4- and 1-byte values, scalar and full operands */
    fill(a, N, -5, 5, 43);
    fill(b, N, -5, 5, 44);
    for (int dt = DFG_DOUBLE; dt <= DFG_LOGICAL; dt++) {
        const size_t es = dfg_dtype_size(dt);
        void * ha = as_class(dt, a, N), * hb = as_class(dt, b, N);
        void * wm = malloc(es * N), * gm = malloc(es * N);
        void * da = dev(ha, es * N), * db = dev(hb, es * N), * o = NULL;
        CHECK(da && db && !cu->alloc(&o, es * N));
        for (int form = 0; form < 3; form++) {
            /* all full; b a scalar; the mask a scalar */
            const int64_t sm = form == 2 ? 0 : 1, sb = form == 1 ? 0 : 1;
            int64_t ind[3][DFG_MAX_DIMS], n1 = N;
            ind[0][0] = sm ? N : 1;
            ind[1][0] = N;
            ind[2][0] = sb ? N : 1;
            const int dts[3] = {DFG_LOGICAL, dt, dt};
            const void * in[3] = {la, ha, hb};
            CHECK(dfg_cpu_nary(DFG_OP_MERGE, 3, dts, dt, wm, in, 1, &n1,
                               (const int64_t (*)[DFG_MAX_DIMS])ind) == DFG_OK);
            CHECK(cu->merge((int)es, o, dla, sm, da, 1, db, sb, N) == 0);
            CHECK(!cu->to_host(gm, o, es * N) && !memcmp(gm, wm, es * N));
        }
        cu->release(da); cu->release(db); cu->release(o);
        free(ha); free(hb); free(wm); free(gm);
    }
    cu->release(dla); cu->release(dlb); cu->release(dlo);
}

/* ---- fused programs ---------------------------------------------------- */

/* a program's words (kernels/kernels.h), zeroed: the caller fills in
 * the instructions, outputs and input modes */
static int64_t * prog_new(int ni, int no, int nslot, int nd, const int64_t * dims, int nx)
{
    int64_t * p = calloc((size_t)FP_LEN(ni, no, nx), sizeof *p);
    p[0] = ni;
    p[1] = no;
    p[2] = nslot;
    p[3] = nd;
    for (int j = 0; j < DFG_MAX_DIMS; j++)
        FP_DIMS(p)[j] = j < nd ? dims[j] : 1;
    return p;
}

static void prog_instr(int64_t * p, int i, int op, int dt, int na, int64_t a0, int64_t a1,
                       int64_t a2, int64_t attr, int64_t dest)
{
    int64_t * I = FP_I(p, i);
    I[0] = op; I[1] = dt; I[2] = na; I[3] = a0; I[4] = a1; I[5] = a2; I[6] = attr; I[7] = dest;
}

static void prog_out(int64_t * p, int j, int64_t instr, int64_t red, int64_t dim, int dt,
                     int64_t numel)
{
    int64_t * O = FP_O(p, j);
    O[0] = instr; O[1] = red; O[2] = dim; O[3] = dt; O[4] = 0; O[5] = numel;
}

/* Program A on a 3 x 5000 domain: x (full), s (a scalar, 2), c (3 x 1)
 * and r (1 x 5000) broadcast:
 *   t2 = (x .* c + r) .^ s       (x .* x: the scalar-exponent path)
 *   out 0 = sin (t2)             element-wise
 *   m = mod (t2, s)
 *   out 1 = m > x                element-wise, logical
 *   out 2 = sum (merge (out 1, m, x), 2)   5000 > DFG_RED_BLOCK: two blocks
 *   out 3 = sum (m, 1) */
enum { AR = 3, AC = 5000 };
static int64_t * program_a(int dt)
{
    const int64_t dims[2] = {AR, AC};
    int64_t * p = prog_new(7, 4, 3, 2, dims, 4);
    prog_instr(p, 0, DFG_OP_MUL, dt, 2, -1, -3, 0, 0, 0);
    prog_instr(p, 1, DFG_OP_ADD, dt, 2, 0, -4, 0, 0, 1);
    prog_instr(p, 2, DFG_OP_POW, dt, 2, 1, -2, 0, 0, 0);
    prog_instr(p, 3, DFG_OP_SIN, dt, 1, 2, 0, 0, 0, -1);
    prog_instr(p, 4, DFG_OP_MOD, dt, 2, 2, -2, 0, 0, 1);
    prog_instr(p, 5, DFG_OP_GT, DFG_LOGICAL, 2, 4, -1, 0, 0, -2);
    prog_instr(p, 6, DFG_OP_MERGE, dt, 3, 5, 4, -1, 0, 2);
    prog_out(p, 0, 3, -1, 0, dt, AR * AC);
    prog_out(p, 1, 5, -1, 0, DFG_LOGICAL, AR * AC);
    prog_out(p, 2, 6, DFG_OP_SUM, 1, dt, AR);
    prog_out(p, 3, 4, DFG_OP_SUM, 0, dt, AC);
    FP_X(p, 0)[0] = FX_FULL;
    FP_X(p, 1)[0] = FX_SCALAR;
    FP_X(p, 2)[0] = FX_BCAST;
    FP_X(p, 3)[0] = FX_BCAST;
    return p;
}

/* Program B on a 100 x 7 domain: x (full) and m (logical, full):
 *   a = abs (x); out 0 = psi (a)                       element-wise
 *   l = min (logical (x), x & a); n = max (not (a), m)
 *   out 1 = merge (n, a, x)                            element-wise
 *   out 2 = prod (gamma (a), 1) */
enum { BR = 100, BC = 7 };
static int64_t * program_b(int dt)
{
    const int64_t dims[2] = {BR, BC};
    int64_t * p = prog_new(9, 3, 4, 2, dims, 2);
    prog_instr(p, 0, DFG_OP_ABS, dt, 1, -1, 0, 0, 0, 0);
    prog_instr(p, 1, DFG_OP_PSI, dt, 1, 0, 0, 0, 0, -1);
    prog_instr(p, 2, DFG_OP_CAST, DFG_LOGICAL, 1, -1, 0, 0, DFG_LOGICAL, 1);
    prog_instr(p, 3, DFG_OP_AND, DFG_LOGICAL, 2, -1, 0, 0, 0, 2);
    prog_instr(p, 4, DFG_OP_MIN2, DFG_LOGICAL, 2, 2, 3, 0, 0, 1);
    prog_instr(p, 5, DFG_OP_NOT, DFG_LOGICAL, 1, 0, 0, 0, 0, 2);
    prog_instr(p, 6, DFG_OP_MAX2, DFG_LOGICAL, 2, 5, -2, 0, 0, 2);
    prog_instr(p, 7, DFG_OP_MERGE, dt, 3, 6, 0, -1, 0, -2);
    prog_instr(p, 8, DFG_OP_GAMMA, dt, 1, 0, 0, 0, 0, 3);
    prog_out(p, 0, 1, -1, 0, dt, BR * BC);
    prog_out(p, 1, 7, -1, 0, dt, BR * BC);
    prog_out(p, 2, 8, DFG_OP_PROD, 0, dt, BC);
    FP_X(p, 0)[0] = FX_FULL;
    FP_X(p, 1)[0] = FX_FULL;
    return p;
}

/* which programs the GPU takes (no GPU needed) */
static void test_fused_ok(void)
{
    const int dts_a[4] = {DFG_DOUBLE, DFG_DOUBLE, DFG_DOUBLE, DFG_DOUBLE};
    const int dts_b[2] = {DFG_SINGLE, DFG_LOGICAL};
    int64_t * a = program_a(DFG_DOUBLE), * b = program_b(DFG_SINGLE);
    CHECK(dfg_cuda_fused_ok(a, 4, dts_a));
    CHECK(dfg_cuda_fused_ok(b, 2, dts_b));
    /* an operand of another class than the instruction's */
    const int mixed[4] = {DFG_DOUBLE, DFG_SINGLE, DFG_DOUBLE, DFG_DOUBLE};
    CHECK(!dfg_cuda_fused_ok(a, 4, mixed));
    /* an op that is not element-wise */
    FP_I(a, 3)[0] = DFG_OP_CUMSUM;
    CHECK(!dfg_cuda_fused_ok(a, 4, dts_a));
    FP_I(a, 3)[0] = DFG_OP_SIN;
    /* a reduction other than sum and prod; of a logical value */
    FP_O(a, 2)[1] = DFG_OP_MAX;
    CHECK(!dfg_cuda_fused_ok(a, 4, dts_a));
    FP_O(a, 2)[1] = DFG_OP_SUM;
    FP_O(a, 3)[0] = 5;
    CHECK(!dfg_cuda_fused_ok(a, 4, dts_a));
    FP_O(a, 3)[0] = 4;
    /* an element-wise output its instruction does not write */
    FP_O(a, 0)[0] = 4;
    CHECK(!dfg_cuda_fused_ok(a, 4, dts_a));
    FP_O(a, 0)[0] = 3;
    /* an operand read before it is computed; more slots than the kernel has */
    FP_I(a, 1)[3] = 2;
    CHECK(!dfg_cuda_fused_ok(a, 4, dts_a));
    FP_I(a, 1)[3] = 0;
    a[2] = DFG_CUDA_FUSED_MAX_SLOT;
    CHECK(!dfg_cuda_fused_ok(a, 4, dts_a));
    a[2] = 3;
    CHECK(dfg_cuda_fused_ok(a, 4, dts_a));
    free(a);
    free(b);
}

/* the CPU's fused kernel and the GPU's on program p; outputs of the
 * classes and sizes ot[j], on[j]; cpu[j], gpu[j] (host) receive them */
static void run_both(const int64_t * p, int n_in, void * const * hin, const int * dts,
                     const int64_t (*dims)[DFG_MAX_DIMS], const size_t * in_bytes,
                     int no, const size_t * ob, void ** cpu, void ** gpu, int * cst, int * gst)
{
    void * din[8], * dout[8], * scratch = NULL;
    size_t sb = dfg_cpu_fused_scratch(p, n_in, 1);
    for (int k = 0; k < n_in; k++)
        din[k] = dev(hin[k], in_bytes[k]);
    for (int j = 0; j < no; j++) {
        cpu[j] = calloc(1, ob[j]);
        gpu[j] = calloc(1, ob[j]);
        dout[j] = NULL;
        CHECK(!cu->alloc(&dout[j], ob[j]));
    }
    CHECK(!cu->alloc(&scratch, sb));
    *cst = dfg_cpu_fused(p, n_in, (const void * const *)hin, dts, dims, cpu, NULL, 0);
    *gst = cu->fused(p, n_in, (const void * const *)din, dts, &dims[0][0], dout, scratch, sb);
    if (*gst)
        fprintf(stderr, "  fused: %s\n", cu->last_error());
    for (int j = 0; j < no; j++) {
        CHECK(!cu->to_host(gpu[j], dout[j], ob[j]));
        cu->release(dout[j]);
    }
    for (int k = 0; k < n_in; k++)
        cu->release(din[k]);
    cu->release(scratch);
}

static void test_fused(void)
{
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
        const size_t es = dfg_dtype_size(dt);
        /* ---- program A ---- */
        double * x = malloc(AR * AC * sizeof *x), c[AR], * r = malloc(AC * sizeof *r), s = 2;
        fill(x, AR * AC, -3, 3, 51);
        fill(r, AC, -1, 1, 52);
        for (int k = 0; k < 10; k++) {             /* finite: the sums mean something */
            x[k] = isfinite(x[k]) ? x[k] : 0.25 * k;
            r[k] = isfinite(r[k]) ? r[k] : -0.125 * k;
        }
        c[0] = 0.5; c[1] = -1.25; c[2] = 3;
        void * hin[4] = {to_dt(dt, x, AR * AC), to_dt(dt, &s, 1), to_dt(dt, c, AR),
                         to_dt(dt, r, AC)};
        const int dts[4] = {dt, dt, dt, dt};
        int64_t dims[4][DFG_MAX_DIMS];
        for (int k = 0; k < 4; k++)
            for (int j = 0; j < DFG_MAX_DIMS; j++)
                dims[k][j] = 1;
        dims[0][0] = AR; dims[0][1] = AC;
        dims[2][0] = AR;
        dims[3][1] = AC;
        const size_t ib[4] = {es * AR * AC, es, es * AR, es * AC};
        const size_t ob[4] = {es * AR * AC, AR * AC, es * AR, es * AC};
        void * cpu[4], * gpu[4];
        int cst, gst;
        int64_t * p = program_a(dt);
        run_both(p, 4, hin, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, ib, 4, ob, cpu, gpu,
                 &cst, &gst);
        CHECK(cst == DFG_OK && gst == 0);
        /* sin: CUDA's against the CPU's; bitwise the unfused GPU sin of t2 */
        CHECK(near_all(dt, gpu[0], cpu[0], AR * AC, dt == DFG_DOUBLE ? 1e-13 : 2e-6));
        void * t2 = malloc(es * AR * AC), * us = malloc(es * AR * AC), * dt2, * dus = NULL;
        for (int k = 0; k < AR * AC; k++) {
            const int i = k % AR, q = k / AR;
            if (dt == DFG_DOUBLE) {
                double t = x[k] * c[i];
                t = t + r[q];
                ((double *)t2)[k] = t * t;
            } else {
                float t = (float)x[k] * (float)c[i];
                t = t + (float)r[q];
                ((float *)t2)[k] = t * t;
            }
        }
        dt2 = dev(t2, es * AR * AC);
        CHECK(dt2 && !cu->alloc(&dus, es * AR * AC));
        CHECK(cu->unary(DFG_OP_SIN, dt, dt, dus, dt2, AR * AC) == 0);
        CHECK(!cu->to_host(us, dus, es * AR * AC) && same_bits(dt, gpu[0], us, AR * AC));
        /* the rest: IEEE operations only, so bitwise the CPU's */
        CHECK(!memcmp(gpu[1], cpu[1], AR * AC));
        CHECK(same_bits(dt, gpu[2], cpu[2], AR));
        CHECK(same_bits(dt, gpu[3], cpu[3], AC));
        cu->release(dt2); cu->release(dus);
        free(t2); free(us);
        for (int j = 0; j < 4; j++) {
            free(cpu[j]); free(gpu[j]);
        }
        for (int k = 0; k < 4; k++)
            free(hin[k]);
        free(p); free(x); free(r);

        /* ---- program B ---- */
        double xb[BR * BC], mb[BR * BC];
        fill(xb, BR * BC, -3, 3, 53);
        xb[4] = 1.75;                              /* NaN made logical is an error */
        xb[2] = 2.5;                               /* gamma (Inf) = Inf, no NaN */
        for (int k = 0; k < BR * BC; k++)
            mb[k] = k % 4 == 1;
        void * hb[2] = {to_dt(dt, xb, BR * BC), as_class(DFG_LOGICAL, mb, BR * BC)};
        const int dtb[2] = {dt, DFG_LOGICAL};
        int64_t dimb[2][DFG_MAX_DIMS];
        for (int k = 0; k < 2; k++) {
            for (int j = 0; j < DFG_MAX_DIMS; j++)
                dimb[k][j] = 1;
            dimb[k][0] = BR;
            dimb[k][1] = BC;
        }
        const size_t ibb[2] = {es * BR * BC, BR * BC};
        const size_t obb[3] = {es * BR * BC, es * BR * BC, es * BC};
        p = program_b(dt);
        run_both(p, 2, hb, dtb, (const int64_t (*)[DFG_MAX_DIMS])dimb, ibb, 3, obb, cpu, gpu,
                 &cst, &gst);
        CHECK(cst == DFG_OK && gst == 0);
        CHECK(near1(dt, gpu[0], cpu[0], BR * BC, dt == DFG_DOUBLE ? 1e-11 : 1e-5));
        CHECK(!memcmp(gpu[1], cpu[1], es * BR * BC));
        CHECK(near1(dt, gpu[2], cpu[2], BC, dt == DFG_DOUBLE ? 1e-11 : 1e-4));
        /* psi and gamma bitwise the unfused GPU kernels'; the product of
         * the GPU's gamma values in index order (one block) bitwise */
        void * ab = malloc(es * BR * BC), * ug = malloc(es * BR * BC), * da, * dg = NULL;
        for (int k = 0; k < BR * BC; k++) {
            if (dt == DFG_DOUBLE) ((double *)ab)[k] = fabs(xb[k]);
            else ((float *)ab)[k] = fabsf((float)xb[k]);
        }
        da = dev(ab, es * BR * BC);
        CHECK(da && !cu->alloc(&dg, es * BR * BC));
        CHECK(cu->psi(dt, 0, dg, da, BR * BC) == 0);
        CHECK(!cu->to_host(ug, dg, es * BR * BC) && same_bits(dt, gpu[0], ug, BR * BC));
        CHECK(cu->unary(DFG_OP_GAMMA, dt, dt, dg, da, BR * BC) == 0);
        CHECK(!cu->to_host(ug, dg, es * BR * BC));
        for (int q = 0; q < BC; q++) {
            double pd = 1;
            float pf = 1;
            for (int i = 0; i < BR; i++) {
                if (dt == DFG_DOUBLE) pd = pd * ((double *)ug)[i + BR * q];
                else pf = pf * ((float *)ug)[i + BR * q];
            }
            if (dt == DFG_DOUBLE) CHECK(same_bits(dt, (double *)gpu[2] + q, &pd, 1));
            else CHECK(same_bits(dt, (float *)gpu[2] + q, &pf, 1));
        }
        cu->release(da); cu->release(dg);
        free(ab); free(ug);
        for (int j = 0; j < 3; j++) {
            free(cpu[j]); free(gpu[j]);
        }
        /* NaN made logical: the CPU's DFG_ERR_ARG, the GPU's DFG_CUDA_ARG */
        if (dt == DFG_DOUBLE) ((double *)hb[0])[9] = NAN;
        else ((float *)hb[0])[9] = NAN;
        run_both(p, 2, hb, dtb, (const int64_t (*)[DFG_MAX_DIMS])dimb, ibb, 3, obb, cpu, gpu,
                 &cst, &gst);
        CHECK(cst == DFG_ERR_ARG && gst == DFG_CUDA_ARG);
        for (int j = 0; j < 3; j++) {
            free(cpu[j]); free(gpu[j]);
        }
        /* log of a negative number: DFG_ERR_DOMAIN, DFG_CUDA_DOMAIN */
        FP_I(p, 8)[0] = DFG_OP_LOG;
        FP_I(p, 8)[3] = -1;
        ((unsigned char *)hb[1])[0] = 0;
        if (dt == DFG_DOUBLE) ((double *)hb[0])[9] = -1;
        else ((float *)hb[0])[9] = -1;
        run_both(p, 2, hb, dtb, (const int64_t (*)[DFG_MAX_DIMS])dimb, ibb, 3, obb, cpu, gpu,
                 &cst, &gst);
        CHECK(cst == DFG_ERR_DOMAIN && gst == DFG_CUDA_DOMAIN);
        for (int j = 0; j < 3; j++) {
            free(cpu[j]); free(gpu[j]);
        }
        /* an instruction the kernel does not run */
        FP_I(p, 8)[0] = DFG_OP_CUMSUM;
        void * dummy = NULL;
        CHECK(!cu->alloc(&dummy, 64));
        void * douts[3] = {dummy, dummy, dummy};
        const void * dins[2] = {dummy, dummy};
        CHECK(cu->fused(p, 2, dins, dtb, &dimb[0][0], douts, NULL, 0) == DFG_CUDA_UNSUPPORTED);
        cu->release(dummy);
        free(p);
        free(hb[0]); free(hb[1]);
    }
}

/* a plan on the GPU: the fuse pass makes the chain one fused kernel there;
 * its results against the CPU plan's */
static void test_fused_plan(void)
{
    enum { R = 40, C = 30 };
    const int64_t d[2] = {R, C};
    dfg_id x = 0, w = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "w", &w) == DFG_OK);
    dfg_id a = op2(DFG_OP_MUL, x, w), b = op1(DFG_OP_TANH, a), e = op2(DFG_OP_SUB, b, x);
    dfg_id m = op2(DFG_OP_MOD, e, w), s = op1(DFG_OP_SUM, m);
    dfg_id outs[2] = {e, s}, ins[2] = {x, w}, pc = 0, pg = 0;
    dfg_plan_spec sp = { .n_in = 2, .ins = ins, .n_out = 2, .outs = outs, .device = "cpu" };
    CHECK(dfg_plan_compile_spec(&sp, &pc) == DFG_OK);
    sp.device = "gpu";
    CHECK(dfg_plan_compile_spec(&sp, &pg) == DFG_OK || !fprintf(stderr, "%s\n", dfg_last_error()));
    static double X[R * C], W[R * C], ec[R * C], eg[R * C];
    double sc[C], sg[C];
    for (int k = 0; k < R * C; k++) {
        X[k] = sin(k * 0.37) * 3;
        W[k] = 0.5 + cos(k * 0.11) * 0.25;
    }
    const void * in[2] = {X, W};
    void * oc[2] = {ec, sc}, * og[2] = {eg, sg};
    CHECK(dfg_plan_run(pc, in, oc) == DFG_OK);
    CHECK(dfg_plan_run(pg, in, og) == DFG_OK || !fprintf(stderr, "%s\n", dfg_last_error()));
    CHECK(within(DFG_DOUBLE, eg, ec, R * C, 1e-12));  /* tanh (x .* w) - x: O(1) */
    CHECK(within(DFG_DOUBLE, sg, sc, C, 1e-10));
    int64_t rows = 0, fused = 0;
    CHECK(dfg_plan_nodes(pg, &rows) == DFG_OK);
    for (int64_t r = 0; r < rows; r++) {
        dfg_node_info ni;
        CHECK(dfg_plan_node(pg, r, &ni) == DFG_OK);
        if (!strcmp(ni.op, "tanh")) {
            fused += ni.group != 0;
            CHECK(!strcmp(ni.device, "gpu"));
        }
    }
    CHECK(fused == 1);
    dfg_release(pc); dfg_release(pg);
    dfg_release(s); dfg_release(m); dfg_release(e); dfg_release(b); dfg_release(a);
    dfg_release(x); dfg_release(w);
}

/* ---- the gram product and the linear algebra (ABI 4) ---------------------
 * Against the CPU kernels (kernels/cpu/linalg.c) on the same data, double
 * and single.  Tolerances are relative to the largest CPU entry (1e-9
 * double, 1e-3 single: cuSOLVER's blocking rounds differently; the
 * matrices are well conditioned unless a case says not).  Ill-conditioned
 * and singular systems compare the warning (present on both or neither;
 * rcond 0 on both or neither; the estimates within a factor of 10) and a
 * residual, not the values, which no two algorithms share there. */

/* a test matrix (m x n, column-major) of kind: 0 random in [-1, 1], 1 upper
 * triangular, 2 lower triangular, 3 symmetric positive definite, 4 exactly
 * singular (its last row zero), 5 ill-conditioned (its last column scaled
 * by 1e-20, or 1e-10 for single), 6 symmetric with a positive diagonal
 * (Octave's "hermitian" probe) but indefinite: Cholesky fails, LU runs */
static double * lmat(int kind, int m, int n, int dt, unsigned seed)
{
    double * a = malloc(sizeof(double) * (size_t)(m * n + 1));
    srand(seed);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            a[i + m * j] = 2 * (rand() / (double)RAND_MAX) - 1;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double * p = a + i + m * j;
            if ((kind == 1 && i > j) || (kind == 2 && i < j) || (kind == 4 && i == m - 1))
                *p = 0;
            if ((kind == 1 || kind == 2) && i == j)
                *p += *p < 0 ? -2 : 2;
            if (kind == 5 && j == n - 1)
                *p *= dt == DFG_DOUBLE ? 1e-20 : 1e-10;
            if (kind == 3 && i >= j)
                *p = i == j ? n + 1.0 : *p;
            if (kind == 6 && i >= j)
                *p = i == j ? 1.0 : i == j + 1 ? 0.9 : 0;
        }
    if (kind == 3 || kind == 6)                 /* the lower triangle mirrored */
        for (int j = 0; j < n; j++)
            for (int i = 0; i < j; i++)
                a[i + m * j] = a[j + m * i];
    return a;
}

/* max |got - want| <= tol * max (max |want|, 1e-300) over count elements */
static int rel_close(int dt, const void * got, const void * want, int count, double tol)
{
    double scale = 1e-300, worst = 0;
    int bad = -1;
    for (int t = 0; t < count; t++)
        scale = fmax(scale, fabs(at(dt, want, t)));
    for (int t = 0; t < count; t++) {
        double g = at(dt, got, t), w = at(dt, want, t), d = fabs(g - w);
        if (g == w || (isnan(g) && isnan(w)))
            continue;
        if (!(d <= tol * scale) && !(d <= worst)) {
            worst = isnan(d) ? INFINITY : d;
            bad = t;
        }
    }
    if (bad >= 0)
        fprintf(stderr, "  element %d: GPU %.17g, CPU %.17g (scale %g)\n", bad,
                at(dt, got, bad), at(dt, want, bad), scale);
    return bad < 0;
}

/* column j of got against column j of want (rows each), up to its sign */
static int cols_close(int dt, const void * got, const void * want, int rows, int cols,
                      double tol)
{
    int ok = 1;
    for (int j = 0; j < cols && ok; j++) {
        double dot = 0;
        for (int i = 0; i < rows; i++)
            dot += at(dt, got, i + rows * j) * at(dt, want, i + rows * j);
        for (int i = 0; i < rows && ok; i++) {
            double g = at(dt, got, i + rows * j) * (dot < 0 ? -1 : 1);
            ok = fabs(g - at(dt, want, i + rows * j)) <= tol;
            if (!ok)
                fprintf(stderr, "  column %d row %d: GPU %.17g, CPU %.17g\n", j, i, g,
                        at(dt, want, i + rows * j));
        }
    }
    return ok;
}

static double ltol(int dt) { return dt == DFG_DOUBLE ? 1e-9 : 1e-3; }

/* a device copy of the double matrix v in class dt (count elements); *h
 * gets the host copy in class dt */
static void * ldev(int dt, const double * v, int count, void ** h)
{
    *h = to_dt(dt, v, count > 0 ? count : 1);
    return dev(*h, dfg_dtype_size(dt) * (size_t)(count > 0 ? count : 1));
}

/* a device buffer of count elements of dt, and the host buffer to read it */
static void * lout(int dt, int count, void ** h)
{
    void * d = NULL;
    size_t bytes = dfg_dtype_size(dt) * (size_t)(count > 0 ? count : 1);
    *h = calloc(1, bytes);
    return cu->alloc(&d, bytes) ? NULL : d;
}

static int lget(int dt, void * h, const void * d, int count)
{
    return count <= 0 || !cu->to_host(h, d, dfg_dtype_size(dt) * (size_t)count);
}

/* the CPU's warning ("" when none), taken */
static const char * cpu_warning(char * buf, size_t size)
{
    const char * w = dfg_take_warning();
    snprintf(buf, size, "%s", w ? w : "");
    return buf;
}

/* the GPU's warning against the CPU's: both or neither, rcond 0 on both or
 * neither, the estimates within a factor of 10 */
static int same_warning(const char * cw, int gwarn, double grcond)
{
    if (!*cw != !gwarn) {
        fprintf(stderr, "  CPU warning \"%s\", GPU warning %d (rcond %g)\n", cw, gwarn, grcond);
        return 0;
    }
    if (!gwarn)
        return 1;
    const char * r = strstr(cw, "rcond = ");
    if (!r)
        return grcond == 0;
    double c = atof(r + 8);
    return grcond != 0 && ((c == 0 && grcond == 0) || (grcond <= 10 * c && c <= 10 * grcond) ||
                           (isnan(c) && isnan(grcond)));
}

static void test_syrk(void)
{
    static const int sz[][2] = {{33, 17}, {1, 5}, {8, 1}, {6, 0}, {130, 70}};
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (size_t s = 0; s < sizeof sz / sizeof *sz; s++)
            for (int tr = 0; tr <= 1; tr++) {
                int n = sz[s][0], k = sz[s][1];
                double * v = lmat(0, tr ? k : n, tr ? n : k, dt, 31 + (unsigned)s);
                void * ha, * want, * got, * g2;
                void * da = ldev(dt, v, n * k, &ha), * dc = lout(dt, n * n, &got);
                void * dc2 = lout(dt, n * n, &g2);
                want = calloc((size_t)(n * n + 1), 8);
                CHECK(da && dc && dc2);
                CHECK(dfg_cpu_gemm(dt, tr, !tr, 1, n, n, k, ha, ha, want) == DFG_OK);
                CHECK(cu->syrk(dt, tr, n, k, da, dc) == 0 && lget(dt, got, dc, n * n));
                CHECK(rel_close(dt, got, want, n * n, dt == DFG_DOUBLE ? 1e-12 : 1e-5));
                /* the product with its triangle mirrored, as for two buffers */
                CHECK(cu->gemm(dt, tr, !tr, n, n, k, da, da, dc2) == 0 &&
                      cu->symmetrize(dt, n, dc2) == 0 && lget(dt, g2, dc2, n * n));
                int sym = 1;
                for (int j = 0; j < n; j++)
                    for (int i = 0; i < n; i++)
                        sym = sym && at(dt, got, i + n * j) == at(dt, got, j + n * i) &&
                              at(dt, g2, i + n * j) == at(dt, g2, j + n * i);
                CHECK(sym);
                cu->release(da); cu->release(dc); cu->release(dc2);
                free(v); free(ha); free(want); free(got); free(g2);
            }
}

/* max |A' (A x - b)| against the scale of A' A x and A' b (both solve the
 * normal equations; least squares and ill-conditioned systems) */
static int normal_residual_ok(int dt, int m, int n, int p, const void * a, const void * b,
                              const void * x)
{
    double worst = 0, scale = 1e-300;
    double * r = malloc(sizeof(double) * (size_t)(m > 0 ? m : 1));
    for (int c = 0; c < p; c++) {
        for (int i = 0; i < m; i++) {
            double s = -at(dt, b, i + m * c);
            for (int j = 0; j < n; j++)
                s += at(dt, a, i + m * j) * at(dt, x, j + n * c);
            r[i] = s;
            scale = fmax(scale, fabs(at(dt, b, i + m * c)));
        }
        for (int j = 0; j < n; j++) {
            double s = 0, t = 0;
            for (int i = 0; i < m; i++) {
                s += at(dt, a, i + m * j) * r[i];
                t += fabs(at(dt, a, i + m * j));
            }
            worst = fmax(worst, fabs(s));
            scale = fmax(scale, t);
        }
    }
    double xs = 1;
    for (int t = 0; t < n * p; t++)
        xs = fmax(xs, fabs(at(dt, x, t)));
    free(r);
    int ok = worst <= (dt == DFG_DOUBLE ? 1e-10 : 1e-2) * scale * scale * xs * (m + n);
    if (!ok)
        fprintf(stderr, "  |A'(Ax - b)| = %g (scale %g, |x| %g)\n", worst, scale, xs);
    return ok;
}

static void test_mldivide(void)
{
    static const int cs[][4] = {    /* kind, m, n, p */
        {0, 40, 40, 3}, {1, 30, 30, 2}, {2, 30, 30, 2}, {3, 30, 30, 2}, {4, 20, 20, 2},
        {5, 20, 20, 2}, {6, 20, 20, 2}, {0, 50, 20, 3}, {0, 20, 50, 3}, {4, 30, 12, 2},
        {0, 1, 1, 4}, {0, 0, 3, 2}, {0, 3, 3, 0}, {0, 200, 200, 5},
    };
    char wbuf[256];
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (size_t c = 0; c < sizeof cs / sizeof *cs; c++) {
            int kind = cs[c][0], m = cs[c][1], n = cs[c][2], p = cs[c][3], warn = 0;
            double rc = 0;
            double * va = lmat(kind, m, n, dt, 40 + (unsigned)c), * vb = lmat(0, m, p, dt, 90);
            void * ha, * hb, * got, * want = calloc((size_t)(n * p + 1), 8);
            void * da = ldev(dt, va, m * n, &ha), * db = ldev(dt, vb, m * p, &hb);
            void * dx = lout(dt, n * p, &got);
            CHECK(da && db && dx);
            dfg_take_warning();
            CHECK(dfg_cpu_mldivide(dt, m, n, p, ha, hb, want) == DFG_OK);
            const char * cw = cpu_warning(wbuf, sizeof wbuf);
            int rcode = cu->mldivide(dt, m, n, p, da, db, dx, dfg_cpu_rcond, &warn, &rc);
            CHECK(rcode == 0 && lget(dt, got, dx, n * p));
            CHECK(same_warning(cw, warn, rc));
            if (kind == 4 || kind == 5)
                CHECK(normal_residual_ok(dt, m, n, p, ha, hb, got));
            else
                CHECK(rel_close(dt, got, want, n * p, ltol(dt)));
            if (harness_fail)
                fprintf(stderr, "  (mldivide case %d, class %d)\n", (int)c, dt);
            cu->release(da); cu->release(db); cu->release(dx);
            free(va); free(vb); free(ha); free(hb); free(got); free(want);
        }
}

static void test_inv_det(void)
{
    static const int cs[][2] = {    /* kind, n */
        {0, 40}, {1, 30}, {2, 30}, {3, 30}, {4, 20}, {5, 20}, {6, 20}, {0, 1}, {0, 0}, {0, 2},
    };
    char wbuf[256];
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (size_t c = 0; c < sizeof cs / sizeof *cs; c++) {
            int kind = cs[c][0], n = cs[c][1], warn = 0;
            double rc = 0;
            double * va = lmat(kind, n, n, dt, 60 + (unsigned)c);
            void * ha, * got, * want = calloc((size_t)(n * n + 1), 8), * dwant = calloc(1, 8);
            void * dgot, * da = ldev(dt, va, n * n, &ha), * dx = lout(dt, n * n, &got);
            void * dd = lout(dt, 1, &dgot);
            CHECK(da && dx && dd);
            dfg_take_warning();
            CHECK(dfg_cpu_inv(dt, n, ha, want) == DFG_OK);
            const char * cw = cpu_warning(wbuf, sizeof wbuf);
            CHECK(cu->inv(dt, n, da, dx, dfg_cpu_rcond, &warn, &rc) == 0 &&
                  lget(dt, got, dx, n * n));
            CHECK(same_warning(cw, warn, rc));
            if (kind != 5)            /* singular: all Inf on both */
                CHECK(rel_close(dt, got, want, n * n, ltol(dt)));
            CHECK(dfg_cpu_det(dt, n, ha, dwant) == DFG_OK);
            CHECK(cu->det(dt, n, da, dd, dfg_cpu_rcond) == 0 && lget(dt, dgot, dd, 1));
            CHECK(rel_close(dt, dgot, dwant, 1, dt == DFG_DOUBLE ? 1e-8 : 1e-3));
            if (harness_fail)
                fprintf(stderr, "  (inv / det case %d, class %d)\n", (int)c, dt);
            cu->release(da); cu->release(dx); cu->release(dd);
            free(va); free(ha); free(got); free(want); free(dgot); free(dwant);
        }
}

static void test_chol(void)
{
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (int kind = 3; kind <= 6; kind += 3)
            for (int n = 0; n <= 35; n += 35) {
                double * va = lmat(kind, n, n, dt, 70);
                void * ha, * got, * want = calloc((size_t)(n * n + 1), 8);
                void * da = ldev(dt, va, n * n, &ha), * dr = lout(dt, n * n, &got);
                CHECK(da && dr);
                int cs = dfg_cpu_chol(dt, n, ha, want), gs = cu->chol(dt, n, da, dr);
                if (kind == 3 || n == 0) {
                    CHECK(cs == DFG_OK && gs == 0 && lget(dt, got, dr, n * n));
                    CHECK(rel_close(dt, got, want, n * n, ltol(dt)));
                } else {
                    CHECK(cs == DFG_ERR_DOMAIN && gs == DFG_CUDA_DOMAIN);
                    CHECK(!strcmp(cu->last_error(), "chol: input matrix must be positive definite"));
                }
                cu->release(da); cu->release(dr);
                free(va); free(ha); free(got); free(want);
            }
}

static void test_lu_qr(void)
{
    static const int sz[][2] = {{30, 30}, {40, 25}, {25, 40}, {5, 0}, {1, 6}, {6, 1}};
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++)
        for (size_t s = 0; s < sizeof sz / sizeof *sz; s++)
            for (int flag = 0; flag <= 1; flag++) {
                int m = sz[s][0], n = sz[s][1], k = m < n ? m : n, qc = flag ? k : m;
                size_t es = dfg_dtype_size(dt);
                double * va = lmat(0, m, n, dt, 80 + (unsigned)s);
                int lt = m * k + k * n + m * m, qt = m * qc + qc * n;
                if (!flag)
                    qt = m * m + m * n;
                void * ha, * got, * want = calloc((size_t)(lt + qt + 1), 8);
                void * da = ldev(dt, va, m * n, &ha), * dl = lout(dt, lt + qt, &got);
                CHECK(da && dl);
                /* lu: [L, U, P] packed (flag: P' * L) */
                char * w = want, * d = dl;
                CHECK(dfg_cpu_lu(dt, m, n, ha, w, w + es * (size_t)(m * k),
                                 w + es * (size_t)(m * k + k * n), flag) == DFG_OK);
                CHECK(cu->lu(dt, m, n, da, d, d + es * (size_t)(m * k),
                             d + es * (size_t)(m * k + k * n), flag) == 0 && lget(dt, got, dl, lt));
                CHECK(rel_close(dt, got, want, lt, ltol(dt)));
                /* qr: Q then R, economy when flag */
                int rr = flag ? k : m, qq = flag ? k : m;
                CHECK(dfg_cpu_qr(dt, flag, m, n, ha, w, w + es * (size_t)(m * qq)) == DFG_OK);
                CHECK(cu->qr(dt, flag, m, n, da, d, d + es * (size_t)(m * qq)) == 0 &&
                      lget(dt, got, dl, m * qq + rr * n));
                CHECK(rel_close(dt, got, want, m * qq + rr * n, ltol(dt)));
                if (harness_fail)
                    fprintf(stderr, "  (lu / qr %d x %d, flag %d, class %d)\n", m, n, flag, dt);
                cu->release(da); cu->release(dl);
                free(va); free(ha); free(got); free(want);
            }
}

static void test_eig_svd_pinv(void)
{
    static const int sz[][2] = {{30, 20}, {20, 30}, {25, 25}, {1, 5}, {5, 1}, {0, 3}};
    for (int dt = DFG_DOUBLE; dt <= DFG_SINGLE; dt++) {
        double vtol = dt == DFG_DOUBLE ? 1e-8 : 2e-2;
        /* eig: a symmetric matrix, values and vectors (up to sign) */
        int n = 30;
        double * vs = lmat(0, n, n, dt, 91);
        for (int j = 0; j < n; j++)
            for (int i = 0; i < j; i++)
                vs[i + n * j] = vs[j + n * i];
        void * hs, * got, * want = calloc((size_t)(n * n + n + 1), 8);
        void * ds = ldev(dt, vs, n * n, &hs), * dw = lout(dt, n * n + n, &got);
        size_t es = dfg_dtype_size(dt);
        CHECK(ds && dw);
        CHECK(dfg_cpu_eig_sym(dt, n, hs, want, (char *)want + es * n) == DFG_OK);
        CHECK(cu->eig_sym(dt, n, ds, dw, (char *)dw + es * n) == 0 && lget(dt, got, dw, n * n + n));
        CHECK(rel_close(dt, got, want, n, ltol(dt)));
        CHECK(cols_close(dt, (char *)got + es * n, (char *)want + es * n, n, n, vtol));
        CHECK(cu->eig_sym(dt, n, ds, dw, NULL) == 0 && lget(dt, got, dw, n));
        CHECK(rel_close(dt, got, want, n, ltol(dt)));
        /* not symmetric: unsupported; Inf: Octave's error */
        double keep = vs[1];
        vs[1] += 1;
        void * h2, * d2 = ldev(dt, vs, n * n, &h2);
        CHECK(cu->eig_sym(dt, n, d2, dw, NULL) == DFG_CUDA_UNSUPPORTED);
        cu->release(d2); free(h2);
        vs[1] = keep;
        vs[0] = INFINITY;
        d2 = ldev(dt, vs, n * n, &h2);
        CHECK(cu->eig_sym(dt, n, d2, dw, NULL) == DFG_CUDA_ARG &&
              !strcmp(cu->last_error(), "EIG: matrix contains Inf or NaN values"));
        CHECK(cu->svd(dt, n, n, d2, NULL, dw, NULL) == DFG_CUDA_ARG);
        /* pinv of Inf: all NaN, as the CPU */
        CHECK(dfg_cpu_pinv(dt, n, n, h2, want) == DFG_OK);
        CHECK(cu->pinv(dt, n, n, d2, dw) == 0 && lget(dt, got, dw, n * n));
        CHECK(same_bits(dt, got, want, n * n));
        cu->release(d2); free(h2);
        cu->release(ds); cu->release(dw);
        free(vs); free(hs); free(got); free(want);
        /* svd and pinv over shapes; a rank-deficient one (two equal columns) */
        for (size_t s = 0; s <= sizeof sz / sizeof *sz; s++) {
            int m = s < sizeof sz / sizeof *sz ? sz[s][0] : 30;
            int q = s < sizeof sz / sizeof *sz ? sz[s][1] : 12, k = m < q ? m : q;
            double * va = lmat(0, m, q, dt, 95 + (unsigned)s);
            if (s == sizeof sz / sizeof *sz)
                for (int i = 0; i < m; i++)
                    va[i + m * 1] = va[i];
            int tot = m * k + k + q * k + m * q;
            void * ha, * g, * w = calloc((size_t)(tot + 1), 8);
            void * da = ldev(dt, va, m * q, &ha), * dd = lout(dt, tot, &g);
            CHECK(da && dd);
            char * wc = w, * dc = dd, * gc = g;
            CHECK(dfg_cpu_svd(dt, m, q, ha, wc, wc + es * (size_t)(m * k),
                              wc + es * (size_t)(m * k + k)) == DFG_OK);
            CHECK(cu->svd(dt, m, q, da, dc, dc + es * (size_t)(m * k),
                          dc + es * (size_t)(m * k + k)) == 0 && lget(dt, g, dd, m * k + k + q * k));
            CHECK(rel_close(dt, gc + es * (size_t)(m * k), wc + es * (size_t)(m * k), k, ltol(dt)));
            /* the vectors up to a common sign of u_j and v_j; a repeated
             * (zero) singular value's vectors are not unique: skipped */
            if (s < sizeof sz / sizeof *sz) {
                CHECK(cols_close(dt, gc, wc, m, k, vtol));
                CHECK(cols_close(dt, gc + es * (size_t)(m * k + k), wc + es * (size_t)(m * k + k),
                                 q, k, vtol));
            }
            CHECK(cu->svd(dt, m, q, da, NULL, dc, NULL) == 0 && lget(dt, g, dd, k));
            CHECK(rel_close(dt, g, wc + es * (size_t)(m * k), k, ltol(dt)));
            CHECK(dfg_cpu_pinv(dt, m, q, ha, w) == DFG_OK);
            CHECK(cu->pinv(dt, m, q, da, dd) == 0 && lget(dt, g, dd, m * q));
            CHECK(rel_close(dt, g, w, m * q, ltol(dt)));
            if (harness_fail)
                fprintf(stderr, "  (svd / pinv %d x %d, class %d)\n", m, q, dt);
            cu->release(da); cu->release(dd);
            free(va); free(ha); free(g); free(w);
        }
    }
}

int main(void)
{
    RUN(test_no_gpu_path);
    RUN(test_fused_ok);
    cu = dfg_device_cuda();
    if (cu) {
        RUN(test_unary);
        RUN(test_binary);
        RUN(test_reduce);
        RUN(test_reduce_exact);
        RUN(test_gemm);
        RUN(test_rand);
        RUN(test_permute);
        RUN(test_scan);
        RUN(test_cat);
        RUN(test_gather);
        RUN(test_broadcast);
        RUN(test_part);
        RUN(test_scatter);
        RUN(test_syrk);
        RUN(test_mldivide);
        RUN(test_inv_det);
        RUN(test_chol);
        RUN(test_lu_qr);
        RUN(test_eig_svd_pinv);
        RUN(test_special);
        RUN(test_cast_not);
        RUN(test_binary_more);
        RUN(test_fused);
        RUN(test_fused_plan);
    }
    dfg_device_shutdown();
    HARNESS_END();
}
