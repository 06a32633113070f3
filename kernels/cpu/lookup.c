/* kernels/cpu/lookup.c -- Octave's lookup (table, y): for each query, the
 * number of table elements at or below it (a binary search), the interval
 * index interp1's ppval and histc use.  Contract in kernels/cpu/cpu.h. */
#include "cpu.h"

/* libstdc++'s std::upper_bound loop, as Octave's lookup runs it (so a
 * table that is not sorted, or holds NaN, gives Octave's answer too):
 * the first k in [0, n) with v before t[k], else n.  desc: "before" is >. */
#define UPPER_BOUND(T, t, n, v, desc, out)                     \
    do {                                                       \
        int64_t first_ = 0, len_ = (n);                        \
        while (len_ > 0) {                                     \
            int64_t half_ = len_ >> 1;                         \
            T m_ = (t)[first_ + half_];                        \
            if ((desc) ? (v) > m_ : (v) < m_) {                \
                len_ = half_;                                  \
            } else {                                           \
                first_ += half_ + 1;                           \
                len_ -= half_ + 1;                             \
            }                                                  \
        }                                                      \
        (out) = first_;                                        \
    } while (0)

/* the options on an index k (0 .. n) of query v */
#define FINISH(t, n, v, opts, k)                                       \
    do {                                                               \
        if ((opts) & DFG_CPU_LOOKUP_MATCH)                                 \
            (k) = ((k) > 0 && (t)[(k) - 1] == (v)) ? (k) : 0;          \
        if (((opts) & DFG_CPU_LOOKUP_RIGHT) && (k) > (n) - 1)              \
            (k) = (n) - 1;                                             \
        if (((opts) & DFG_CPU_LOOKUP_LEFT) && (k) < 1)                     \
            (k) = 1;                                                   \
    } while (0)

/* single comparisons: the table converted to float (scratch) */
static int lookup_single(int dt_table, int dt_y, int opts, double * out, const void * table, int64_t n,
                         const void * y, int64_t m)
{
    float * t = dfg_malloc((size_t)(n ? n : 1) * sizeof *t);
    if (!t)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.lookup: out of memory");
    for (int64_t k = 0; k < n; k++)
        t[k] = dt_table == DFG_SINGLE ? ((const float *)table)[k] : (float)((const double *)table)[k];
    int desc = n > 1 && t[n - 1] < t[0];
    for (int64_t i = 0; i < m; i++) {
        float v = dt_y == DFG_SINGLE ? ((const float *)y)[i] : (float)((const double *)y)[i];
        int64_t k;
        UPPER_BOUND(float, t, n, v, desc, k);
        FINISH(t, n, v, opts, k);
        out[i] = (double)k;
    }
    dfg_free(t);
    return DFG_OK;
}

int dfg_cpu_lookup(int dt_table, int dt_y, int opts, double * out, const void * table, int64_t n,
                   const void * y, int64_t m)
{
    int ok_t = dt_table == DFG_DOUBLE || dt_table == DFG_SINGLE, ok_y = dt_y == DFG_DOUBLE || dt_y == DFG_SINGLE;
    if (!ok_t || !ok_y || n < 0 || m < 0 || (opts & ~(DFG_CPU_LOOKUP_MATCH | DFG_CPU_LOOKUP_LEFT | DFG_CPU_LOOKUP_RIGHT)) ||
        ((opts & DFG_CPU_LOOKUP_MATCH) && (opts & (DFG_CPU_LOOKUP_LEFT | DFG_CPU_LOOKUP_RIGHT))))
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: bad kernel arguments");
    if (m == 0)
        return DFG_OK;
    if (dt_table == DFG_SINGLE || dt_y == DFG_SINGLE)
        return lookup_single(dt_table, dt_y, opts, out, table, n, y, m);
    const double * t = table, * q = y;
    int desc = n > 1 && t[n - 1] < t[0];
    for (int64_t i = 0; i < m; i++) {
        double v = q[i];
        int64_t k;
        UPPER_BOUND(double, t, n, v, desc, k);
        FINISH(t, n, v, opts, k);
        out[i] = (double)k;
    }
    return DFG_OK;
}
