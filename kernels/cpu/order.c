/* kernels/cpu/order.c -- order along one dimension: the permutation of a
 * stable sort, the positions of running maxima and minima, the positions
 * of the median (by selection), and moving values by such positions
 * (TAKE) and its adjoint (TAKE_ADD).  Contracts in kernels/cpu/cpu.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cpu.h"

/* value of element e of an array of class dt, widened to double (exact) */
static double load(int dt, const void * p, int64_t e)
{
    switch (dt) {
    case DFG_DOUBLE: return ((const double *)p)[e];
    case DFG_SINGLE: return ((const float *)p)[e];
    default:         return ((const uint8_t *)p)[e];
    }
}

static int valid_dt(int dt)
{
    return dt == DFG_DOUBLE || dt == DFG_SINGLE || dt == DFG_LOGICAL;
}

/* ---- sort --------------------------------------------------------------- */

typedef struct kv {
    double  v;
    int64_t k;      /* 0-based position along the dimension */
} kv;

/* a goes strictly before b (values only: equal values keep their order) */
static inline int before(const kv * a, const kv * b, int desc)
{
    return desc ? a->v > b->v : a->v < b->v;
}

/* stable merge sort of a[0..n) with scratch t[0..n) */
static void merge_sort(kv * a, kv * t, int64_t n, int desc)
{
    if (n <= 16) {
        for (int64_t i = 1; i < n; i++) {
            kv x = a[i];
            int64_t j = i;
            while (j > 0 && before(&x, &a[j - 1], desc)) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = x;
        }
        return;
    }
    int64_t h = n / 2;
    merge_sort(a, t, h, desc);
    merge_sort(a + h, t, n - h, desc);
    if (!before(&a[h], &a[h - 1], desc))
        return;                               /* already in order */
    memcpy(t, a, (size_t)h * sizeof *t);
    int64_t i = 0, j = h, o = 0;
    while (i < h && j < n)
        a[o++] = before(&a[j], &t[i], desc) ? a[j++] : t[i++];
    while (i < h)
        a[o++] = t[i++];
}

typedef struct order_ctx {
    int            op;          /* 0 sort, 1 cummax, 2 cummin, 3 median */
    int            dt, desc, nt;
    double *       out;
    const void *   in;
    int64_t        pre, n, post;
    dfg_par_status ps;
} order_ctx;

/* sorts slices [s0, s1) (slice s: i = s % pre, j = s / pre) */
static void sort_slices(order_ctx * c, int64_t s0, int64_t s1)
{
    int64_t n = c->n, pre = c->pre;
    kv * a = dfg_malloc(2 * (size_t)n * sizeof *a);
    if (!a) {
        dfg_par_fail(&c->ps, s0, dfg_set_error(DFG_ERR_NOMEM, "dfg.sort: out of memory"));
        return;
    }
    kv * t = a + n;
    int64_t * nan_at = (int64_t *)t;          /* NaN positions, before t is used */
    for (int64_t s = s0; s < s1; s++) {
        int64_t base = s % pre + (s / pre) * pre * n;
        int64_t m = 0, nn = 0;
        for (int64_t k = 0; k < n; k++) {
            double v = load(c->dt, c->in, base + k * pre);
            if (isnan(v))
                nan_at[nn++] = k;
            else
                a[m++] = (kv){v, k};
        }
        /* NaN last ascending, first descending, in their order */
        double * o = c->out + base;
        int64_t at = c->desc ? nn : 0;
        for (int64_t q = 0; q < nn; q++)
            o[(c->desc ? q : m + q) * pre] = (double)nan_at[q] + 1;
        merge_sort(a, t, m, c->desc);
        for (int64_t q = 0; q < m; q++)
            o[(at + q) * pre] = (double)a[q].k + 1;
    }
    dfg_free(a);
}

/* running max (op 1) or min (op 2) of slices [s0, s1): Octave's rule --
 * leading NaNs point at the first element, later NaNs are skipped, a tie
 * keeps the earlier position */
static void cumext_slices(order_ctx * c, int64_t s0, int64_t s1)
{
    int64_t n = c->n, pre = c->pre;
    for (int64_t s = s0; s < s1; s++) {
        int64_t base = s % pre + (s / pre) * pre * n, ci = 0;
        double cur = 0;
        for (int64_t k = 0; k < n; k++) {
            double v = load(c->dt, c->in, base + k * pre);
            if (k == 0 || (isnan(cur) && !isnan(v)) || (c->op == 1 ? v > cur : v < cur)) {
                cur = v;
                ci = k;
            }
            c->out[base + k * pre] = (double)ci + 1;
        }
    }
}

/* ---- median: selection ------------------------------------------------------ */

static inline double med3(double a, double b, double c)
{
    if (a < b)
        return b < c ? b : (a < c ? c : a);
    return a < c ? a : (b < c ? c : b);
}

static int cmp_double(const void * a, const void * b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the value of rank k (0-based) of a[0..n) (no NaN), a reordered so that
 * a[0..k) <= a[k] <= a[k+1..n): Hoare's selection with a median-of-three
 * pivot; after 64 rounds the rest is sorted (a guard, O(n log n)) */
static double select_kth(double * a, int64_t n, int64_t k)
{
    int64_t lo = 0, hi = n - 1;
    for (int round = 0; hi > lo; round++) {
        if (round == 64) {
            qsort(a + lo, (size_t)(hi - lo + 1), sizeof *a, cmp_double);
            break;
        }
        double piv = med3(a[lo], a[lo + (hi - lo) / 2], a[hi]);
        int64_t i = lo, j = hi;
        while (i <= j) {
            while (a[i] < piv) i++;
            while (a[j] > piv) j--;
            if (i <= j) {
                double t = a[i]; a[i] = a[j]; a[j] = t;
                i++; j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            break;                            /* a[j+1 .. i-1] all equal piv */
    }
    return a[k];
}

/* the 0-based position in the slice of the element of stable rank r whose
 * value is v: the (r - #{x < v})-th element equal to v, in order */
static int64_t stable_at(const order_ctx * c, int64_t base, double v, int64_t r)
{
    int64_t n = c->n, pre = c->pre, less = 0;
    for (int64_t k = 0; k < n; k++)
        less += load(c->dt, c->in, base + k * pre) < v;
    int64_t q = r - less;
    for (int64_t k = 0; k < n; k++)
        if (load(c->dt, c->in, base + k * pre) == v && q-- == 0)
            return k;
    return 0;                                 /* not reached: v is in the slice */
}

/* median positions of slices [s0, s1) (median_index in cpu.h) */
static void median_slices(order_ctx * c, int64_t s0, int64_t s1)
{
    int64_t n = c->n, pre = c->pre, cnt = n % 2 ? 1 : 2, k = (n + 1) / 2 - 1;
    double * a = dfg_malloc((size_t)n * sizeof *a);
    if (!a) {
        dfg_par_fail(&c->ps, s0, dfg_set_error(DFG_ERR_NOMEM, "dfg.median: out of memory"));
        return;
    }
    for (int64_t s = s0; s < s1; s++) {
        int64_t base = s % pre + (s / pre) * pre * n, nan_at = -1;
        for (int64_t q = 0; q < n && nan_at < 0; q++) {
            a[q] = load(c->dt, c->in, base + q * pre);
            if (isnan(a[q]))
                nan_at = q;
        }
        double * o = c->out + s % pre + (s / pre) * pre * cnt;
        if (nan_at >= 0) {
            for (int64_t q = 0; q < cnt; q++)
                o[q * pre] = (double)nan_at + 1;
            continue;
        }
        double v1 = select_kth(a, n, k);
        o[0] = (double)stable_at(c, base, v1, k) + 1;
        if (cnt == 2) {
            double v2 = a[k + 1];             /* the least of a[k+1 ..] */
            for (int64_t q = k + 2; q < n; q++)
                if (a[q] < v2)
                    v2 = a[q];
            o[pre] = (double)stable_at(c, base, v2, k + 1) + 1;
        }
    }
    dfg_free(a);
}

static void order_part(void * ctx, int t)
{
    order_ctx * c = ctx;
    int64_t slices = c->pre * c->post;
    int64_t len = dfg_par_chunk(slices, c->nt, 1);
    int64_t s0 = (int64_t)t * len, s1 = s0 + len < slices ? s0 + len : slices;
    if (s0 >= s1)
        return;
    if (c->op == 0)
        sort_slices(c, s0, s1);
    else if (c->op == 3)
        median_slices(c, s0, s1);
    else
        cumext_slices(c, s0, s1);
}

static int order_run(order_ctx * c)
{
    int64_t slices = c->pre * c->post;
    if (slices == 0 || c->n == 0)
        return DFG_OK;
    double logn = c->op == 0 && c->n > 1 ? log2((double)c->n) : 1;
    double work = (double)slices * (double)c->n * logn * 4;
    c->nt = dfg_threads_for(work > 1e18 ? INT64_MAX / 2 : (int64_t)work);
    if (c->nt > slices)
        c->nt = (int)slices;
    if (c->nt <= 1) {
        c->nt = 1;
        order_part(c, 0);
    } else {
        dfg_par_run(c->nt, order_part, c);
    }
    return dfg_par_finish(&c->ps);
}

int dfg_cpu_sort_index(int dt, int desc, double * out, const void * in,
                       int64_t pre, int64_t n, int64_t post)
{
    if (!valid_dt(dt) || pre < 0 || n < 0 || post < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.sort: bad kernel arguments");
    order_ctx c = {.op = 0, .dt = dt, .desc = desc != 0, .out = out, .in = in,
                   .pre = pre, .n = n, .post = post};
    return order_run(&c);
}

int dfg_cpu_cumext_index(int dt, int is_max, double * out, const void * in,
                         int64_t pre, int64_t n, int64_t post)
{
    if (!valid_dt(dt) || pre < 0 || n < 0 || post < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad kernel arguments", is_max ? "cummax" : "cummin");
    order_ctx c = {.op = is_max ? 1 : 2, .dt = dt, .out = out, .in = in,
                   .pre = pre, .n = n, .post = post};
    return order_run(&c);
}

int dfg_cpu_median_index(int dt, double * out, const void * in,
                         int64_t pre, int64_t n, int64_t post)
{
    if (!valid_dt(dt) || pre < 0 || n < 0 || post < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.median: bad kernel arguments");
    order_ctx c = {.op = 3, .dt = dt, .out = out, .in = in, .pre = pre, .n = n, .post = post};
    return order_run(&c);
}

/* ---- diff ------------------------------------------------------------------ */

typedef struct diff_ctx {
    int          dt, nt;
    void *       out;
    const void * in;
    int64_t      pre, n, post;
} diff_ctx;

#define DIFF_ROWS(T)                                                                   static void diff_rows_##T(const diff_ctx * c, int64_t r0, int64_t r1)              {                                                                                      /* rows r of the result (r = k + (n - 1) j): pre elements each */                  int64_t pre = c->pre, m = c->n - 1;                                                for (int64_t r = r0; r < r1; r++) {                                                    int64_t k = r % m, j = r / m;                                                      const T * restrict a = (const T *)c->in + (k + c->n * j) * pre;                    T * restrict y = (T *)c->out + r * pre;                                            for (int64_t i = 0; i < pre; i++)                                                      y[i] = a[i + pre] - a[i];                                                  }                                                                              }
DIFF_ROWS(double)
DIFF_ROWS(float)

static void diff_part(void * ctx, int t)
{
    const diff_ctx * c = ctx;
    int64_t rows = (c->n - 1) * c->post, len = dfg_par_chunk(rows, c->nt, 1);
    int64_t r0 = (int64_t)t * len, r1 = r0 + len < rows ? r0 + len : rows;
    if (r0 >= r1)
        return;
    if (c->pre == 1) {                 /* one run over the slices: contiguous along k */
        for (int64_t r = r0; r < r1;) {
            int64_t k = r % (c->n - 1), j = r / (c->n - 1), e = c->n - 1 - k;
            if (e > r1 - r)
                e = r1 - r;
            if (c->dt == DFG_DOUBLE) {
                const double * restrict a = (const double *)c->in + k + c->n * j;
                double * restrict y = (double *)c->out + r;
                for (int64_t q = 0; q < e; q++)
                    y[q] = a[q + 1] - a[q];
            } else {
                const float * restrict a = (const float *)c->in + k + c->n * j;
                float * restrict y = (float *)c->out + r;
                for (int64_t q = 0; q < e; q++)
                    y[q] = a[q + 1] - a[q];
            }
            r += e;
        }
    } else if (c->dt == DFG_DOUBLE) {
        diff_rows_double(c, r0, r1);
    } else {
        diff_rows_float(c, r0, r1);
    }
}

int dfg_cpu_diff(int dt, void * out, const void * in, int64_t pre, int64_t n, int64_t post)
{
    if ((dt != DFG_DOUBLE && dt != DFG_SINGLE) || pre < 0 || n < 0 || post < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.diff: bad kernel arguments");
    if (n < 2 || pre == 0 || post == 0)
        return DFG_OK;
    diff_ctx c = {.dt = dt, .out = out, .in = in, .pre = pre, .n = n, .post = post};
    int64_t rows = (n - 1) * post;
    c.nt = dfg_threads_for(rows * pre);
    if (c.nt > rows)
        c.nt = (int)rows;
    if (c.nt <= 1) {
        c.nt = 1;
        diff_part(&c, 0);
    } else {
        dfg_par_run(c.nt, diff_part, &c);
    }
    return DFG_OK;
}

/* ---- take and take_add ---------------------------------------------------- */

typedef struct take_ctx {
    int            add, dt, nt;
    size_t         es;
    void *         out;
    const void *   in;
    const double * pos;
    int64_t        pre, n, m, post;    /* n: the length positions point into; m: pos's */
    dfg_par_status ps;
} take_ctx;

/* the 0-based position held at element e, or -1 (not an integer 1..n) */
static inline int64_t position(const take_ctx * c, int64_t e)
{
    double p = c->pos[e];
    if (!(p >= 1 && p <= (double)c->n) || p != floor(p))
        return -1;
    return (int64_t)p - 1;
}

/* take: elements [e0, e1) of the result; take_add: slices [e0, e1) */
static void take_part(void * ctx, int t)
{
    take_ctx * c = ctx;
    int64_t pre = c->pre, n = c->n, m = c->m;
    int64_t total = c->add ? pre * c->post : pre * m * c->post;
    int64_t len = dfg_par_chunk(total, c->nt, 1);
    int64_t e0 = (int64_t)t * len, e1 = e0 + len < total ? e0 + len : total;
    if (!c->add) {
        for (int64_t e = e0; e < e1; e++) {
            int64_t p = position(c, e);
            if (p < 0) {
                dfg_par_fail(&c->ps, e, dfg_set_error(DFG_ERR_INDEX, "dfg.take: position out of bound"));
                return;
            }
            int64_t i = e % pre, j = e / (pre * m);
            int64_t src = i + pre * (p + n * j);
            switch (c->es) {
            case 8: ((uint64_t *)c->out)[e] = ((const uint64_t *)c->in)[src]; break;
            case 4: ((uint32_t *)c->out)[e] = ((const uint32_t *)c->in)[src]; break;
            default: ((uint8_t *)c->out)[e] = ((const uint8_t *)c->in)[src]; break;
            }
        }
        return;
    }
    for (int64_t s = e0; s < e1; s++) {
        int64_t base = s % pre + (s / pre) * pre * m, obase = s % pre + (s / pre) * pre * n;
        for (int64_t k = 0; k < m; k++) {
            int64_t e = base + k * pre, p = position(c, e);
            if (p < 0) {
                dfg_par_fail(&c->ps, e, dfg_set_error(DFG_ERR_INDEX, "dfg.take_add: position out of bound"));
                return;
            }
            if (c->dt == DFG_DOUBLE)
                ((double *)c->out)[obase + p * pre] += ((const double *)c->in)[e];
            else
                ((float *)c->out)[obase + p * pre] += ((const float *)c->in)[e];
        }
    }
}

int dfg_cpu_take(int dt, int add, void * out, const void * in, const double * pos,
                 int64_t pre, int64_t n, int64_t m, int64_t post)
{
    size_t es = dfg_dtype_size(dt);
    if (!valid_dt(dt) || (add && dt == DFG_LOGICAL) || pre < 0 || n < 0 || m < 0 || post < 0 ||
        (es != 1 && es != 4 && es != 8))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad kernel arguments", add ? "take_add" : "take");
    int64_t total = pre * m * post, outn = add ? pre * n * post : total;
    if (add && outn)
        memset(out, 0, (size_t)outn * es);
    if (total == 0)
        return DFG_OK;
    take_ctx c = {.add = add != 0, .dt = dt, .es = es, .out = out, .in = in, .pos = pos,
                  .pre = pre, .n = n, .m = m, .post = post};
    int64_t units = add ? pre * post : total;
    c.nt = dfg_threads_for(total);
    if (c.nt > units)
        c.nt = (int)units;
    if (c.nt <= 1) {
        c.nt = 1;
        take_part(&c, 0);
    } else {
        dfg_par_run(c.nt, take_part, &c);
    }
    return dfg_par_finish(&c.ps);
}
