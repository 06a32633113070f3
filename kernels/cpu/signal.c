/* kernels/cpu/signal.c -- signal processing: a window of a convolution
 * along one dimension (CONV) or of a 2-D one (CONV2), and Octave's filter
 * (FILTER).  Contracts in kernels/cpu/cpu.h. */
#include <string.h>
#include "cpu.h"

/* ---- conv ----------------------------------------------------------------- */

typedef struct conv_ctx {
    int            dt, nt;
    void *         out;
    const void *   a, * b;
    int64_t        na, nb, off, len, pre, post;
    int            a_full, b_full, octave;
} conv_ctx;

/* runs [u0, u1) of the pre elements y(:, k, j), u = k + j * len (pre >
 * 1): each output gets its terms in the order the contract names, added
 * across the run (contiguous, so the compiler can vectorise); T the class */
#define CONV_RUNS(T)                                                               \
    static void conv_runs_##T(const conv_ctx * c, int64_t u0, int64_t u1)          \
    {                                                                              \
        const T * a = c->a, * b = c->b;                                            \
        T * y = c->out;                                                            \
        int64_t pre = c->pre, len = c->len, na = c->na, nb = c->nb;                \
        for (int64_t u = u0; u < u1; u++) {                                        \
            int64_t k = u % len, j = u / len;                                      \
            T * restrict py = y + (k + j * len) * pre;                             \
            const T * pa = c->a_full ? a + j * pre * na : a;                       \
            const T * pb = c->b_full ? b + j * pre * nb : b;                       \
            int64_t t = k + c->off;            /* b's index is t - m */            \
            int64_t lo = t - (nb - 1) > 0 ? t - (nb - 1) : 0;                      \
            int64_t hi = t < na - 1 ? t : na - 1;                                  \
            for (int64_t i = 0; i < pre; i++)                                      \
                py[i] = 0;                                                         \
            for (int64_t q = 0; q <= hi - lo; q++) {                               \
                int64_t m = c->octave ? hi - q : lo + q;                           \
                const T * ra = pa + (c->a_full ? m * pre : m);                     \
                const T * rb = pb + (c->b_full ? (t - m) * pre : t - m);           \
                if (c->b_full && c->a_full) {                                      \
                    if (c->octave) {                                               \
                        for (int64_t i = 0; i < pre; i++)                          \
                            if (rb[i] != 0)                                        \
                                py[i] += rb[i] * ra[i];                            \
                    } else {                                                       \
                        for (int64_t i = 0; i < pre; i++)                          \
                            py[i] += ra[i] * rb[i];                                \
                    }                                                              \
                } else if (c->b_full) {                                            \
                    T av = *ra;                                                    \
                    if (c->octave) {                                               \
                        for (int64_t i = 0; i < pre; i++)                          \
                            if (rb[i] != 0)                                        \
                                py[i] += rb[i] * av;                               \
                    } else {                                                       \
                        for (int64_t i = 0; i < pre; i++)                          \
                            py[i] += av * rb[i];                                   \
                    }                                                              \
                } else {                                                           \
                    T bv = *rb;                                                    \
                    if (c->octave && bv == 0)                                      \
                        continue;                                                  \
                    if (c->a_full)                                                 \
                        for (int64_t i = 0; i < pre; i++)                          \
                            py[i] += ra[i] * bv;                                   \
                    else                                                           \
                        for (int64_t i = 0; i < pre; i++)                          \
                            py[i] += *ra * bv;                                     \
                }                                                                  \
            }                                                                      \
        }                                                                          \
    }
CONV_RUNS(double)
CONV_RUNS(float)

/* one slice along the dimension (pre == 1): a, b, y its vectors, outputs
 * [e0, e1): the same sums in the same order per output, as axpy sweeps
 * over a contiguous run (outer loop over the operand whose order defines
 * the sum), which the compiler can vectorise */
#define CONV_AXPY(T)                                                               \
    static void conv_axpy_##T(const conv_ctx * c, T * restrict y, const T * a,      \
                              const T * b,                                         \
                              int64_t e0, int64_t e1)                              \
    {                                                                              \
        int64_t na = c->na, nb = c->nb, off = c->off;                              \
        for (int64_t e = e0; e < e1; e++)                                          \
            y[e] = 0;                                                              \
        if (c->octave) {                  /* b's elements ascending, zeros out */  \
            for (int64_t i = 0; i < nb; i++) {                                     \
                T bv = b[i];                                                       \
                if (bv == 0)                                                       \
                    continue;                                                      \
                /* m = k + off - i in [0, na) */                                   \
                int64_t lo = i - off > e0 ? i - off : e0;                          \
                int64_t hi = na + i - off < e1 ? na + i - off : e1;                \
                const T * restrict pa = a + off - i;                               \
                for (int64_t k = lo; k < hi; k++)                                  \
                    y[k] += bv * pa[k];                                            \
            }                                                                      \
        } else {                          /* a's elements ascending */             \
            for (int64_t m = 0; m < na; m++) {                                     \
                T av = a[m];                                                       \
                /* t = k + off - m in [0, nb) */                                   \
                int64_t lo = m - off > e0 ? m - off : e0;                          \
                int64_t hi = nb + m - off < e1 ? nb + m - off : e1;                \
                const T * restrict pb = b + off - m;                               \
                for (int64_t k = lo; k < hi; k++)                                  \
                    y[k] += av * pb[k];                                            \
            }                                                                      \
        }                                                                          \
    }
CONV_AXPY(double)
CONV_AXPY(float)

/* the work units of a part: one slice's outputs (pre == post == 1),
 * slices (pre == 1), or runs of pre outputs */
static int64_t conv_units(const conv_ctx * c)
{
    if (c->pre == 1)
        return c->post == 1 ? c->len : c->post;
    return c->len * c->post;
}

#define CONV_PART(T)                                                               \
    static void conv_part_##T(const conv_ctx * c, int64_t u0, int64_t u1)          \
    {                                                                              \
        const T * a = c->a, * b = c->b;                                            \
        T * y = c->out;                                                            \
        if (c->pre != 1) {                                                         \
            conv_runs_##T(c, u0, u1);                                              \
        } else if (c->post == 1) {                                                 \
            conv_axpy_##T(c, y, a, b, u0, u1);                                     \
        } else {                                                                   \
            for (int64_t j = u0; j < u1; j++)                                      \
                conv_axpy_##T(c, y + j * c->len, c->a_full ? a + j * c->na : a,     \
                              c->b_full ? b + j * c->nb : b, 0, c->len);           \
        }                                                                          \
    }
CONV_PART(double)
CONV_PART(float)

static void conv_part(void * ctx, int t)
{
    const conv_ctx * c = ctx;
    int64_t total = conv_units(c);
    int64_t chunk = dfg_par_chunk(total, c->nt, 1);
    int64_t u0 = (int64_t)t * chunk, u1 = u0 + chunk < total ? u0 + chunk : total;
    if (u0 >= u1)
        return;
    if (c->dt == DFG_DOUBLE)
        conv_part_double(c, u0, u1);
    else
        conv_part_float(c, u0, u1);
}

int dfg_cpu_conv(int dt, void * out, const void * a, int64_t na, int a_full,
                 const void * b, int64_t nb, int b_full, int64_t off, int64_t len,
                 int64_t pre, int64_t post, int octave)
{
    if ((dt != DFG_DOUBLE && dt != DFG_SINGLE) || na < 0 || nb < 0 || len < 0 || pre < 0 || post < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv: bad kernel arguments");
    conv_ctx c = {.dt = dt, .out = out, .a = a, .b = b, .na = na, .nb = nb, .off = off,
                  .len = len, .pre = pre, .post = post, .a_full = a_full, .b_full = b_full,
                  .octave = octave != 0};
    int64_t total = pre * len * post;
    if (total == 0)
        return DFG_OK;
    int64_t taps = na < nb ? na : nb;
    double work = (double)total * (double)(taps > 0 ? taps : 1);
    c.nt = dfg_threads_for(work > 1e18 ? INT64_MAX / 2 : (int64_t)work);
    if (c.nt > conv_units(&c))
        c.nt = (int)conv_units(&c);
    if (c.nt <= 1) {
        c.nt = 1;
        conv_part(&c, 0);
    } else {
        dfg_par_run(c.nt, conv_part, &c);
    }
    return DFG_OK;
}

/* ---- conv2 ---------------------------------------------------------------- */

typedef struct conv2_ctx {
    int            dt, nt, octave;
    void *         out;
    const void *   a, * b;
    int64_t        ma, na, mb, nb, offr, lr, offc, lc;
} conv2_ctx;

/* output columns [s0, s1), each as axpy sweeps down the column (per
 * output the terms in the contract's order) */
#define CONV2_COLS(T)                                                              \
    static void conv2_cols_##T(const conv2_ctx * c, int64_t s0, int64_t s1)        \
    {                                                                              \
        const T * a = c->a, * b = c->b;                                            \
        int64_t ma = c->ma, na = c->na, mb = c->mb, nb = c->nb;                    \
        int64_t lr = c->lr, offr = c->offr;                                        \
        for (int64_t s = s0; s < s1; s++) {                                        \
            T * restrict py = (T *)c->out + s * lr;                                \
            int64_t tc = s + c->offc;                                              \
            int64_t q0 = tc - (nb - 1) > 0 ? tc - (nb - 1) : 0;                    \
            int64_t q1 = tc < na - 1 ? tc : na - 1;                                \
            for (int64_t r = 0; r < lr; r++)                                       \
                py[r] = 0;                                                         \
            for (int64_t q = q0; q <= q1; q++) {                                   \
                const T * pa = a + q * ma, * pb = b + (tc - q) * mb;               \
                if (c->octave) {          /* b's rows ascending, zeros out */      \
                    for (int64_t i = 0; i < mb; i++) {                             \
                        T bv = pb[i];                                              \
                        if (bv == 0)                                               \
                            continue;                                              \
                        int64_t lo = i - offr > 0 ? i - offr : 0;                  \
                        int64_t hi = ma + i - offr < lr ? ma + i - offr : lr;      \
                        const T * restrict ra = pa + offr - i;                     \
                        for (int64_t r = lo; r < hi; r++)                          \
                            py[r] += bv * ra[r];                                   \
                    }                                                              \
                } else {                  /* a's rows ascending */                 \
                    for (int64_t p = 0; p < ma; p++) {                             \
                        T av = pa[p];                                              \
                        int64_t lo = p - offr > 0 ? p - offr : 0;                  \
                        int64_t hi = mb + p - offr < lr ? mb + p - offr : lr;      \
                        const T * restrict rb = pb + offr - p;                     \
                        for (int64_t r = lo; r < hi; r++)                          \
                            py[r] += av * rb[r];                                   \
                    }                                                              \
                }                                                                  \
            }                                                                      \
        }                                                                          \
    }
CONV2_COLS(double)
CONV2_COLS(float)

static void conv2_part(void * ctx, int t)
{
    const conv2_ctx * c = ctx;
    int64_t chunk = dfg_par_chunk(c->lc, c->nt, 1);
    int64_t s0 = (int64_t)t * chunk, s1 = s0 + chunk < c->lc ? s0 + chunk : c->lc;
    if (s0 >= s1)
        return;
    if (c->dt == DFG_DOUBLE)
        conv2_cols_double(c, s0, s1);
    else
        conv2_cols_float(c, s0, s1);
}

int dfg_cpu_conv2(int dt, void * out, const void * a, int64_t ma, int64_t na,
                  const void * b, int64_t mb, int64_t nb, int64_t offr, int64_t lr,
                  int64_t offc, int64_t lc, int octave)
{
    if ((dt != DFG_DOUBLE && dt != DFG_SINGLE) || ma < 0 || na < 0 || mb < 0 || nb < 0 || lr < 0 || lc < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: bad kernel arguments");
    conv2_ctx c = {.dt = dt, .octave = octave != 0, .out = out, .a = a, .b = b, .ma = ma, .na = na,
                   .mb = mb, .nb = nb, .offr = offr, .lr = lr, .offc = offc, .lc = lc};
    if (lr * lc == 0)
        return DFG_OK;
    double work = (double)lr * (double)lc * (double)(ma < mb ? ma : mb) * (double)(na < nb ? na : nb);
    c.nt = dfg_threads_for(work > 1e18 ? INT64_MAX / 2 : (int64_t)work);
    if (c.nt > lc)
        c.nt = (int)lc;
    if (c.nt <= 1) {
        c.nt = 1;
        conv2_part(&c, 0);
    } else {
        dfg_par_run(c.nt, conv2_part, &c);
    }
    return DFG_OK;
}

/* ---- filter --------------------------------------------------------------- */

typedef struct filter_ctx {
    int            dt, nt, iir;     /* iir: Octave's a_len > 1 */
    void *         out;
    const void *   b, * a;          /* normalised, L each (a: L when iir) */
    const void *   x, * si;
    int64_t        l, pre, n, post;
    dfg_par_status ps;
} filter_ctx;

/* slices [s0, s1) (slice s: i = s % pre, j = s / pre): liboctave's loops */
#define FILTER_SLICES(T)                                                               \
    static void filter_slices_##T(filter_ctx * c, int64_t s0, int64_t s1)              \
    {                                                                                  \
        int64_t ns = c->l - 1, pre = c->pre, n = c->n;                                 \
        const T * pb = c->b, * pa = c->a, * x = c->x, * si = c->si;                    \
        T * y = c->out;                                                                \
        T * psi = dfg_malloc((size_t)(ns > 0 ? ns : 1) * sizeof *psi);                 \
        if (!psi) {                                                                    \
            dfg_par_fail(&c->ps, s0, dfg_set_error(DFG_ERR_NOMEM, "dfg.filter: out of memory")); \
            return;                                                                    \
        }                                                                              \
        for (int64_t s = s0; s < s1; s++) {                                            \
            int64_t base = s % pre + (s / pre) * pre * n;                              \
            if (si)                                                                    \
                memcpy(psi, si + s * ns, (size_t)ns * sizeof *psi);                    \
            else                                                                       \
                for (int64_t q = 0; q < ns; q++)                                       \
                    psi[q] = 0;                                                        \
            for (int64_t k = 0, e = base; k < n; k++, e += pre) {                      \
                T xv = x[e], yv = psi[0] + pb[0] * xv;                                 \
                y[e] = yv;                                                             \
                if (c->iir) {                                                          \
                    for (int64_t q = 0; q < ns - 1; q++)                               \
                        psi[q] = psi[q + 1] - pa[q + 1] * yv + pb[q + 1] * xv;         \
                    psi[ns - 1] = pb[ns] * xv - pa[ns] * yv;                           \
                } else {                                                               \
                    for (int64_t q = 0; q < ns - 1; q++)                               \
                        psi[q] = psi[q + 1] + pb[q + 1] * xv;                          \
                    psi[ns - 1] = pb[ns] * xv;                                         \
                }                                                                      \
            }                                                                          \
        }                                                                              \
        dfg_free(psi);                                                                 \
    }
FILTER_SLICES(double)
FILTER_SLICES(float)

static void filter_part(void * ctx, int t)
{
    filter_ctx * c = ctx;
    int64_t slices = c->pre * c->post;
    int64_t chunk = dfg_par_chunk(slices, c->nt, 1);
    int64_t s0 = (int64_t)t * chunk, s1 = s0 + chunk < slices ? s0 + chunk : slices;
    if (s0 >= s1)
        return;
    if (c->dt == DFG_DOUBLE)
        filter_slices_double(c, s0, s1);
    else
        filter_slices_float(c, s0, s1);
}

/* the padded, normalised coefficients (T) into cb, ca (L each); returns
 * 0, or -1 when a(0) is zero */
#define FILTER_COEFS(T)                                                                \
    static int filter_coefs_##T(T * cb, T * ca, const T * b, int64_t nb,               \
                                const T * a, int64_t na, int64_t l)                    \
    {                                                                                  \
        for (int64_t q = 0; q < l; q++) {                                              \
            cb[q] = q < nb ? b[q] : 0;                                                 \
            ca[q] = q < na ? a[q] : 0;                                                 \
        }                                                                              \
        T norm = ca[0];                                                                \
        if (norm == (T)0)                                                              \
            return -1;                                                                 \
        if (norm != (T)1)                                                              \
            for (int64_t q = 0; q < l; q++) {                                          \
                ca[q] /= norm;                                                         \
                cb[q] /= norm;                                                         \
            }                                                                          \
        return 0;                                                                      \
    }
FILTER_COEFS(double)
FILTER_COEFS(float)

#define FILTER_SCALE(T)                                                                \
    static void filter_scale_##T(T * y, const T * x, T b0, int64_t n)                  \
    {                                                                                  \
        for (int64_t e = 0; e < n; e++)                                                \
            y[e] = b0 * x[e];                                                          \
    }
FILTER_SCALE(double)
FILTER_SCALE(float)

int dfg_cpu_filter(int dt, void * out, const void * b, int64_t nb, const void * a, int64_t na,
                   const void * x, const void * si, int64_t pre, int64_t n, int64_t post)
{
    if ((dt != DFG_DOUBLE && dt != DFG_SINGLE) || nb < 0 || na < 1 || pre < 0 || n < 0 || post < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.filter: bad kernel arguments");
    int64_t l = na > nb ? na : nb;
    size_t es = dt == DFG_DOUBLE ? sizeof(double) : sizeof(float);
    void * coef = dfg_malloc(2 * (size_t)l * es);
    if (!coef)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.filter: out of memory");
    void * cb = coef, * ca = (char *)coef + (size_t)l * es;
    int bad = dt == DFG_DOUBLE ? filter_coefs_double(cb, ca, b, nb, a, na, l)
                               : filter_coefs_float(cb, ca, b, nb, a, na, l);
    if (bad) {
        dfg_free(coef);
        return dfg_set_error(DFG_ERR_ARG, "dfg.filter: the first element of A must be nonzero");
    }
    int64_t slices = pre * post;
    int st = DFG_OK;
    if (n == 0 || slices == 0) {
        /* nothing to filter */
    } else if (na <= 1 && l <= 1) {
        /* Octave: y = b(1) * x */
        if (dt == DFG_DOUBLE)
            filter_scale_double(out, x, *(const double *)cb, slices * n);
        else
            filter_scale_float(out, x, *(const float *)cb, slices * n);
    } else {
        filter_ctx c = {.dt = dt, .iir = na > 1, .out = out, .b = cb, .a = ca, .x = x, .si = si,
                        .l = l, .pre = pre, .n = n, .post = post};
        double work = (double)slices * (double)n * (double)l * 4;
        c.nt = dfg_threads_for(work > 1e18 ? INT64_MAX / 2 : (int64_t)work);
        if (c.nt > slices)
            c.nt = (int)slices;
        if (c.nt <= 1) {
            c.nt = 1;
            filter_part(&c, 0);
        } else {
            dfg_par_run(c.nt, filter_part, &c);
        }
        st = dfg_par_finish(&c.ps);
    }
    dfg_free(coef);
    return st;
}
