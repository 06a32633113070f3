/* bench/+benchsupport/limit_loop.c -- the machine's limit for the
 * bench_passes kernel: one hand-written C loop computing the value and the
 * gradient of sum (exp (sin (x) .* x + x .^ 2 * 0.01)) in a single pass
 * over x (read x once, write g once, accumulate the sum), with glibc's
 * scalar libm and, where the CPU has them, libmvec's AVX2 / AVX-512
 * sin, cos and exp.  Prints "scalar_ms simd_ms simd_kind" (best of reps).
 * Built and run by bench_passes.m: gcc -O2 limit_loop.c -lmvec -lm */
#define _POSIX_C_SOURCE 200809L
#include <immintrin.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__m256d _ZGVdN4v_sin(__m256d); __m256d _ZGVdN4v_cos(__m256d); __m256d _ZGVdN4v_exp(__m256d);
__m512d _ZGVeN8v_sin(__m512d); __m512d _ZGVeN8v_cos(__m512d); __m512d _ZGVeN8v_exp(__m512d);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double scalar(const double * x, double * g, long n)
{
    double s = 0;
    for (long i = 0; i < n; i++) {
        double v = x[i], sv = sin(v), e = exp(sv * v + v * v * 0.01);
        s += e;
        g[i] = e * (cos(v) * v + sv + 0.02 * v);
    }
    return s;
}

__attribute__((target("avx2,fma"))) static double simd4(const double * x, double * g, long n)
{
    double s = 0;
    long i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256d v = _mm256_loadu_pd(x + i), sv = _ZGVdN4v_sin(v), cv = _ZGVdN4v_cos(v);
        __m256d u = _mm256_add_pd(_mm256_mul_pd(sv, v), _mm256_mul_pd(_mm256_mul_pd(v, v), _mm256_set1_pd(0.01)));
        __m256d e = _ZGVdN4v_exp(u);
        double t[4];
        _mm256_storeu_pd(t, e);
        s += t[0]; s += t[1]; s += t[2]; s += t[3];
        _mm256_storeu_pd(g + i, _mm256_mul_pd(e, _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(cv, v), sv),
                                                              _mm256_mul_pd(v, _mm256_set1_pd(0.02)))));
    }
    return s + scalar(x + i, g + i, n - i);
}

__attribute__((target("avx512f"))) static double simd8(const double * x, double * g, long n)
{
    double s = 0;
    long i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512d v = _mm512_loadu_pd(x + i), sv = _ZGVeN8v_sin(v), cv = _ZGVeN8v_cos(v);
        __m512d u = _mm512_add_pd(_mm512_mul_pd(sv, v), _mm512_mul_pd(_mm512_mul_pd(v, v), _mm512_set1_pd(0.01)));
        __m512d e = _ZGVeN8v_exp(u);
        double t[8];
        _mm512_storeu_pd(t, e);
        for (int k = 0; k < 8; k++)
            s += t[k];
        _mm512_storeu_pd(g + i, _mm512_mul_pd(e, _mm512_add_pd(_mm512_add_pd(_mm512_mul_pd(cv, v), sv),
                                                              _mm512_mul_pd(v, _mm512_set1_pd(0.02)))));
    }
    return s + scalar(x + i, g + i, n - i);
}

int main(int argc, char ** argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    int reps = argc > 2 ? atoi(argv[2]) : 21;
    double * x = malloc((size_t)n * sizeof *x), * g = malloc((size_t)n * sizeof *g);
    if (!x || !g)
        return 1;
    srand(1);
    for (long i = 0; i < n; i++)
        x[i] = 2.0 * rand() / RAND_MAX - 1;
    __builtin_cpu_init();
    int kind = __builtin_cpu_supports("avx512f") ? 8
             : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 4 : 0;
    double ts = 1e9, tv = 1e9, sink = 0;
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        sink += scalar(x, g, n);
        double t1 = now();
        if (kind == 8) sink += simd8(x, g, n);
        else if (kind == 4) sink += simd4(x, g, n);
        double t2 = now();
        ts = t1 - t0 < ts ? t1 - t0 : ts;
        tv = t2 - t1 < tv ? t2 - t1 : tv;
    }
    printf("%.6f %.6f %s %g\n", ts * 1e3, kind ? tv * 1e3 : ts * 1e3,
           kind == 8 ? "avx512" : kind == 4 ? "avx2" : "none", sink > 0 ? 1.0 : 0.0);
    free(x);
    free(g);
    return 0;
}
