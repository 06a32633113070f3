/* kernels/cpu/special.c -- special functions with GNU Octave 7.3's values.
 *
 * psi (digamma and polygamma).  Octave computes the two with different code
 * (liboctave/numeric/lo-specfun.cc, libinterp/corefcn/psi.cc), and so do we,
 * step for step, so that results agree to the last bit or within a few ulps:
 *
 *  - k == 0, digamma (math::psi (z)): -Inf at 0 and the negative integers;
 *    the reflection psi (1 - z) - pi / tan (pi z) for other z < 0; for
 *    positive integers and half-integers the finite sums of Abramowitz and
 *    Stegun 6.3.2-4; otherwise upward recurrence to z >= 10 and the
 *    asymptotic series (10 terms).  Single input runs the same algorithm in
 *    float, with the sums and the reflection evaluated in double and rounded
 *    to float after each step, as the C++ template does.
 *  - k >= 1, polygamma (math::psi (k, z)): the SLATEC routine DPSIFN (D. E.
 *    Amos, ACM TOMS 610) for double and its single-precision twin PSIFN for
 *    single, with M = 1, KODE = 1, then Octave's rescaling by
 *    (-1)^(k+1) / gamma (k + 1).  Error codes map as Octave maps them:
 *    overflow (x too small) -> -Inf, bad input (x == 0) or too many
 *    recurrence steps (very large k) -> NaN.
 *
 * The machine constants of SLATEC's I1MACH / D1MACH / R1MACH are those of
 * Octave's LAPACK-based versions for IEEE double and single.  Fortran's
 * REAL ** INTEGER is the repeated squaring of libgcc's __powidf2 and
 * __powisf2 (powi_d / powi_f below).
 *
 * Bit-identity relies on IEEE double/float evaluation without contraction
 * into FMA (the Makefile's -std=c11 implies -ffp-contract=off with GCC).
 *
 * One deliberate departure, where Octave is impractical: the sums of A&S
 * 6.3.2 and 6.3.3 take one step per unit of z (Octave needs a second for
 * psi (1e9), hours for psi (1e13)).  Above PSI_SUM_MAX the double kernel
 * uses the asymptotic series instead, which is accurate to an ulp or so;
 * Octave's sum drifts from it by its own rounding, measured at 4e-15
 * relative just above 2^20, 2e-14 at 1e7, 1.4e-13 at 1e10.  In single
 * precision the sums stay exactly Octave's at any size: terms below half an
 * ulp of the running float sum leave it unchanged, so integer sums from
 * above 2^25 all equal one constant, and half-integers end at 2^23.  For
 * z - 1 >= 2^63 (and z = +Inf) Octave's loop counter overflows to a negative
 * value and it returns -euler_gamma; the kernel returns the same. */
#include <math.h>
#include <stdint.h>
#include "cpu.h"
#include "../elem.h"

/* The element functions (digamma, DPSIFN / PSIFN, Octave's rescaling) are
 * kernels/elem.h's dfg_psi_ and dfg_psi_f, shared with the CUDA kernels;
 * PSI_SUM_MAX above is its DFG_PSI_SUM_MAX, PSI_F_SUM25 its
 * DFG_PSI_F_SUM25. */

/* out[a..b) = psi(k, in[a..b)); the domain was checked. */
static void psi_range(int dt, int k, void * out, const void * in, int64_t a, int64_t b)
{
    if (dt == DFG_DOUBLE) {
        const double * x = in;
        double * o = out;
        for (int64_t i = a; i < b; i++)
            o[i] = dfg_psi_(k, x[i]);
    } else {
        const float * x = in;
        float * o = out;
        for (int64_t i = a; i < b; i++)
            o[i] = dfg_psi_f(k, x[i]);
    }
}

typedef struct psi_job {
    int dt, k;
    void * out;
    const void * in;
    int64_t n, chunk;
} psi_job;

static void psi_part(void * ctx, int t)
{
    psi_job * j = ctx;
    const int64_t a = t * j->chunk, b = a + j->chunk < j->n ? a + j->chunk : j->n;
    if (a < b)
        psi_range(j->dt, j->k, j->out, j->in, a, b);
}

int dfg_cpu_psi(int dt, int k, void * out, const void * in, int64_t n)
{
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.psi: Z must be a floating point");
    if (k < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.psi: K must be non-negative");
    if (n < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.psi: negative element count");
    if (k > 0) {
        int bad = 0;
        if (dt == DFG_DOUBLE)
            for (int64_t i = 0; i < n; i++)
                bad |= dfg_psi_bad_(k, ((const double *)in)[i]);
        else
            for (int64_t i = 0; i < n; i++)
                bad |= dfg_psi_bad_f(k, ((const float *)in)[i]);
        if (bad)
            return dfg_set_error(DFG_ERR_DOMAIN, "dfg.psi: Z must be "
                                 "non-negative for polygamma (K > 0)");
    }
    /* a few dozen flops per element: worth threads sooner than a plain op */
    int nt = dfg_threads_for(n * 16);
    if (nt <= 1) {
        psi_range(dt, k, out, in, 0, n);
        return DFG_OK;
    }
    psi_job j = {dt, k, out, in, n, dfg_par_chunk(n, nt, 64)};
    dfg_par_run(nt, psi_part, &j);
    return DFG_OK;
}
