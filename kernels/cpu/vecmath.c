/* kernels/cpu/vecmath.c -- SIMD elementary functions from glibc's libmvec.
 *
 * dfg_cpu_vmath computes out[i] = f(in[i]) for the functions libmvec has,
 * eight doubles (sixteen singles) at a time with the AVX-512 variants, or
 * four (eight) with the AVX2 variants, picked once from the CPU.  The
 * element count need not be a multiple of the vector width: the tail is
 * padded into a full vector, so every element's result depends on its
 * value alone (never on its position or on n).  That is what lets a fused
 * kernel (kernels/cpu/fused.c), which streams tiles through the same
 * function, give bitwise the results of the unfused op.
 *
 * libmvec's documented error is at most 4 ulp (most functions 1-2 ulp);
 * the scalar glibc functions it replaces are within 1 ulp.  Special values
 * (NaN, Inf, signed zero) are handled as the scalar functions do: checked
 * against them by tests/c/test-exec.c natively (AVX-512 here) and under
 * valgrind (which has no AVX-512, so the AVX2 variants).  The AVX2 and
 * AVX-512 variants may differ from each other in the last bits.  The
 * environment variable DFG_VMATH=0 (read once) turns it off; so does a CPU
 * without AVX2 and FMA.  Returns 1 when it computed the result, 0 when the
 * caller must use the scalar loop. */
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"

#define V8(f, F)  __m512d _ZGVeN8v_##f(__m512d);  __m512 _ZGVeN16v_##F(__m512); \
                  __m256d _ZGVdN4v_##f(__m256d);  __m256 _ZGVdN8v_##F(__m256);
V8(exp, expf) V8(log, logf) V8(sin, sinf) V8(cos, cosf) V8(tan, tanf)
V8(expm1, expm1f) V8(log1p, log1pf) V8(log2, log2f) V8(log10, log10f)
V8(sinh, sinhf) V8(cosh, coshf) V8(tanh, tanhf) V8(atan, atanf)
V8(asinh, asinhf) V8(erf, erff) V8(erfc, erfcf)
#undef V8

typedef struct vfn {
    __m512d (*d8)(__m512d);  __m512 (*f16)(__m512);
    __m256d (*d4)(__m256d);  __m256 (*f8)(__m256);
} vfn;

#define E(OP, f, F) [DFG_OP_##OP] = { _ZGVeN8v_##f, _ZGVeN16v_##F, _ZGVdN4v_##f, _ZGVdN8v_##F }
static const vfn table[DFG_OP_COUNT] = {
    E(EXP, exp, expf), E(LOG, log, logf), E(SIN, sin, sinf), E(COS, cos, cosf),
    E(EXPM1, expm1, expm1f), E(LOG1P, log1p, log1pf), E(LOG2, log2, log2f), E(LOG10, log10, log10f),
    E(SINH, sinh, sinhf), E(COSH, cosh, coshf), E(TANH, tanh, tanhf), E(ATAN, atan, atanf),
    E(ASINH, asinh, asinhf), E(ERF, erf, erff), E(ERFC, erfc, erfcf),
    /* the AVX2 tanf of glibc 2.36 gives tan(+0) = -0: not used */
    [DFG_OP_TAN] = { _ZGVeN8v_tan, _ZGVeN16v_tanf, _ZGVdN4v_tan, NULL },
};
#undef E

/* 0: off, 1: AVX2, 2: AVX-512.  Worker threads may ask at the same time:
 * the value is computed once per thread at worst and stored atomically. */
static int level(void)
{
    static int cached = -1;
    int lv = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (lv < 0) {
        const char * e = getenv("DFG_VMATH");
        __builtin_cpu_init();
        int v = 0;
        if (!(e && e[0] == '0')) {
            if (__builtin_cpu_supports("avx512f"))
                v = 2;
            else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
                v = 1;
        }
        lv = v;
        __atomic_store_n(&cached, lv, __ATOMIC_RELAXED);
    }
    return lv;
}

__attribute__((target("avx512f")))
static void run512(const vfn * f, int dt, void * out, const void * in, int64_t n)
{
    if (dt == DFG_DOUBLE) {
        const double * a = in; double * o = out;
        int64_t i = 0;
        for (; i + 8 <= n; i += 8)
            _mm512_storeu_pd(o + i, f->d8(_mm512_loadu_pd(a + i)));
        if (i < n) {
            double t[8] = {0};
            memcpy(t, a + i, (size_t)(n - i) * sizeof *t);
            _mm512_storeu_pd(t, f->d8(_mm512_loadu_pd(t)));
            memcpy(o + i, t, (size_t)(n - i) * sizeof *t);
        }
    } else {
        const float * a = in; float * o = out;
        int64_t i = 0;
        for (; i + 16 <= n; i += 16)
            _mm512_storeu_ps(o + i, f->f16(_mm512_loadu_ps(a + i)));
        if (i < n) {
            float t[16] = {0};
            memcpy(t, a + i, (size_t)(n - i) * sizeof *t);
            _mm512_storeu_ps(t, f->f16(_mm512_loadu_ps(t)));
            memcpy(o + i, t, (size_t)(n - i) * sizeof *t);
        }
    }
}

__attribute__((target("avx2,fma")))
static void run256(const vfn * f, int dt, void * out, const void * in, int64_t n)
{
    if (dt == DFG_DOUBLE) {
        const double * a = in; double * o = out;
        int64_t i = 0;
        for (; i + 4 <= n; i += 4)
            _mm256_storeu_pd(o + i, f->d4(_mm256_loadu_pd(a + i)));
        if (i < n) {
            double t[4] = {0};
            memcpy(t, a + i, (size_t)(n - i) * sizeof *t);
            _mm256_storeu_pd(t, f->d4(_mm256_loadu_pd(t)));
            memcpy(o + i, t, (size_t)(n - i) * sizeof *t);
        }
    } else {
        const float * a = in; float * o = out;
        int64_t i = 0;
        for (; i + 8 <= n; i += 8)
            _mm256_storeu_ps(o + i, f->f8(_mm256_loadu_ps(a + i)));
        if (i < n) {
            float t[8] = {0};
            memcpy(t, a + i, (size_t)(n - i) * sizeof *t);
            _mm256_storeu_ps(t, f->f8(_mm256_loadu_ps(t)));
            memcpy(o + i, t, (size_t)(n - i) * sizeof *t);
        }
    }
}

int dfg_cpu_vmath(int op, int dt, void * out, const void * in, int64_t n)
{
    if (op < 0 || op >= DFG_OP_COUNT || !table[op].d8 ||
        (dt != DFG_DOUBLE && dt != DFG_SINGLE))
        return 0;
    int lv = level();
    if (lv == 1 && dt == DFG_SINGLE && !table[op].f8)
        return 0;
    if (lv == 2)
        run512(&table[op], dt, out, in, n);
    else if (lv == 1)
        run256(&table[op], dt, out, in, n);
    return lv != 0;
}
