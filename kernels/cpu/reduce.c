/* kernels/cpu/reduce.c -- reductions and cumulative ops along the middle
 * axis of a [pre, n, post] array (see cpu.h).
 *
 * Octave semantics, checked against GNU Octave 7.3 (and its mx-inlines.cc):
 *  - sum/prod accumulate in the output class, strictly in index order
 *    (sum(single(...)) is a float running sum, not a double or pairwise one);
 *    the accumulator starts at 0 / 1, so sum(-0) is +0.
 *  - cumsum/cumprod start from the first element (cumsum(-0) is -0) and
 *    accumulate in the output class.
 *  - max/min skip NaN unless every element is NaN (then NaN, index 1); a
 *    later element replaces the current one only if strictly better, so the
 *    first of equal extremes wins (max([-0 0]) is -0, index 1).
 *  - any/all follow Octave's mx-inlines.cc, NOT "NaN is true" as cpu.h
 *    says: any counts an element only if it is nonzero and not NaN
 *    (any([0 NaN]) is 0, any(NaN) is 0); all fails only on an exact zero
 *    (all([1 NaN]) is 1), except that for pre > 1 and n <= 8 Octave takes
 *    another path (mx_inline_all_r) where NaN also fails it:
 *    all([NaN 1; 1 1], 2) is [0; 1] while all([NaN 1], 2) is 1.  We match
 *    Octave 7.3 in every case (DFG_RED_ALL dispatches to "allr" there).
 *
 * Summation order (sum, prod; cpu.h): along the reduced axis, elements are
 * accumulated sequentially within blocks of DFG_RED_BLOCK consecutive k
 * (from 0 for sum, 1 for prod), and the block partials are then combined
 * sequentially in block order, starting from 0 / 1.  For n <= DFG_RED_BLOCK
 * this is Octave's running sum exactly (0 + p == p and 1 * p == p bitwise
 * for a running sum / product p started from 0 / 1); for larger n it is a
 * fixed order that no thread count changes.  kernels/cpu/fused.c uses the
 * same order, so fused and unfused reductions agree bitwise.
 *
 * Threads (lib/base/threads.c): the work is split into tasks -- one output
 * (pre == 1) or one block of BLK outputs (pre > 1) each -- and contiguous
 * runs of tasks go to the threads; a task is computed exactly as the
 * sequential loop would.  A full sum or product (pre == 1, fewer outputs
 * than threads, n > DFG_RED_BLOCK) is split over its blocks instead: the
 * threads write block partials, which the calling thread combines in block
 * order.  Nothing here can fail inside a parallel region.
 *
 * Layout: for pre == 1 each output is a contiguous run of n inputs.  For
 * pre > 1 the kernels work on blocks of up to BLK consecutive i and stream
 * over k, so the inner loop is contiguous (vectorisable) and the block of
 * accumulators stays in L1; no stride-pre inner loop anywhere.  any/all
 * stop early once the result is settled (per block when pre > 1); max/min
 * use the NaN-aware comparison only while some running best is NaN.
 *
 * Each op is a macro body instantiated per (input, output) C type; the
 * instantiations fill one dispatch table per entry point.  Nothing is
 * allocated: max/min/argmax/argmin keep their running bests in a stack
 * block. */
#include "cpu.h"

#define BLK 256         /* pre > 1: accumulators per block            */
#define RB  DFG_RED_BLOCK

/* Computes tasks [t0, t1): outputs j (pre == 1), or blocks of BLK outputs
 * t = j * ceil(pre / BLK) + b (pre > 1). */
typedef void (*red_fn)(void * out, const void * in,
                       int64_t pre, int64_t n, int64_t post, int64_t t0, int64_t t1);
/* Block partials g in [g0, g1) of a pre == 1 sum/prod: part[g] folds block
 * g % nb of output g / nb. */
typedef void (*part_fn)(void * part, const void * in, int64_t n, int64_t nb,
                        int64_t g0, int64_t g1);
/* Scans of outputs runs j in [j0, j1). */
typedef void (*scan_fn)(void * out, const void * in,
                        int64_t pre, int64_t n, int64_t post, int64_t j0, int64_t j1);

/* Type suffixes: d = double, f = float, b = logical (uint8_t). */
enum { DT_d = DFG_DOUBLE, DT_f = DFG_SINGLE, DT_b = DFG_LOGICAL };

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ---- per-op steps ---------------------------------------------------------
 * Folds: acc = STEP(TO, acc, v) starting from ID; once SAT(acc) holds the
 * result can no longer change (any/all short-circuit, as Octave does). */
#define ISNAN(x)        ((x) != (x))        /* always false for uint8_t */
#define sum_ID          0
#define sum_STEP(TO, a, v)  ((TO)((a) + (TO)(v)))
#define sum_SAT(a)      0
#define sum_BLOCKED     1
#define prod_ID         1
#define prod_STEP(TO, a, v) ((TO)((a) * (TO)(v)))
#define prod_SAT(a)     0
#define prod_BLOCKED    1
/* Octave's xis_true: nonzero and not NaN; xis_false: exactly zero. */
#define IS_TRUE(v)      ((v) != 0 && !ISNAN(v))
#define any_ID          0
#define any_STEP(TO, a, v)  ((TO)((a) | IS_TRUE(v)))
#define any_SAT(a)      ((a) != 0)
#define any_BLOCKED     0
#define all_ID          1
#define all_STEP(TO, a, v)  ((TO)((a) & ((v) != 0)))
#define all_SAT(a)      ((a) == 0)
#define all_BLOCKED     0
#define allr_ID         1
#define allr_STEP(TO, a, v) ((TO)((a) & IS_TRUE(v)))
#define allr_SAT(a)     ((a) == 0)
#define allr_BLOCKED    0

/* Extremes: CMP(v, a) says v strictly beats the current best a; IDX says
 * whether the kernel writes the 1-based index (double) or the value. */
#define max_CMP(v, a)    ((v) > (a))
#define min_CMP(v, a)    ((v) < (a))
#define argmax_CMP       max_CMP
#define argmin_CMP       min_CMP
#define max_IDX          0
#define min_IDX          0
#define argmax_IDX       1
#define argmin_IDX       1

/* ---- folds: sum, prod, any, all ------------------------------------------
 * op##_BLOCKED: sum and prod fold long axes in blocks of RB (see the top);
 * any and all are exact in any order and stop early instead. */
#define DEF_FOLD(op, si, TI, so, TO)                                          \
static void op##_##si##_##so(void * out_, const void * in_,                   \
                             int64_t pre, int64_t n, int64_t post,            \
                             int64_t t0, int64_t t1)                          \
{                                                                             \
    TO * restrict out = (TO *) out_;                                          \
    const TI * restrict in = (const TI *) in_;                                \
    (void) post;                                                              \
    if (pre == 1) {                                                           \
        int64_t j = t0;                                                       \
        /* short sums and products: four outputs at a time, each folded in \
         * index order (four chains in flight instead of one) */           \
        if (op##_BLOCKED && n <= RB)                                          \
            for (; j + 4 <= t1; j += 4) {                                     \
                const TI * src = in + j * n;                                  \
                TO a0 = (TO) op##_ID, a1 = a0, a2 = a0, a3 = a0;              \
                for (int64_t k = 0; k < n; k++) {                             \
                    a0 = op##_STEP(TO, a0, src[k]);                           \
                    a1 = op##_STEP(TO, a1, src[n + k]);                       \
                    a2 = op##_STEP(TO, a2, src[2 * n + k]);                   \
                    a3 = op##_STEP(TO, a3, src[3 * n + k]);                   \
                }                                                             \
                out[j] = a0; out[j + 1] = a1; out[j + 2] = a2; out[j + 3] = a3; \
            }                                                                 \
        for (; j < t1; j++) {                                                 \
            const TI * src = in + j * n;                                      \
            TO acc = (TO) op##_ID;                                            \
            if (op##_BLOCKED && n > RB) {                                     \
                for (int64_t k0 = 0; k0 < n; k0 += RB) {                      \
                    const int64_t k1 = min64(k0 + RB, n);                     \
                    TO p = (TO) op##_ID;                                      \
                    for (int64_t k = k0; k < k1; k++)                         \
                        p = op##_STEP(TO, p, src[k]);                         \
                    acc = op##_STEP(TO, acc, p);                              \
                }                                                             \
            } else {                                                          \
                for (int64_t k = 0; k < n; k++) {                             \
                    acc = op##_STEP(TO, acc, src[k]);                         \
                    if (op##_SAT(acc))                                        \
                        break;                                                \
                }                                                             \
            }                                                                 \
            out[j] = acc;                                                     \
        }                                                                     \
        return;                                                               \
    }                                                                         \
    const int64_t nblk = (pre + BLK - 1) / BLK;                               \
    TO part[BLK];                                                             \
    for (int64_t t = t0; t < t1; t++) {                                       \
        const int64_t j = t / nblk, i0 = (t % nblk) * BLK;                    \
        const int64_t m = min64(BLK, pre - i0);                               \
        const TI * src = in + j * pre * n + i0;                               \
        TO * restrict d = out + j * pre + i0;                                 \
        for (int64_t i = 0; i < m; i++)                                       \
            d[i] = (TO) op##_ID;                                              \
        if (op##_BLOCKED && n > RB) {                                         \
            for (int64_t k0 = 0; k0 < n; k0 += RB) {                          \
                const int64_t k1 = min64(k0 + RB, n);                         \
                for (int64_t i = 0; i < m; i++)                               \
                    part[i] = (TO) op##_ID;                                   \
                for (int64_t k = k0; k < k1; k++) {                           \
                    const TI * restrict s = src + k * pre;                    \
                    for (int64_t i = 0; i < m; i++)                           \
                        part[i] = op##_STEP(TO, part[i], s[i]);               \
                }                                                             \
                for (int64_t i = 0; i < m; i++)                               \
                    d[i] = op##_STEP(TO, d[i], part[i]);                      \
            }                                                                 \
            continue;                                                         \
        }                                                                     \
        for (int64_t k = 0; k < n; k++) {                                     \
            const TI * restrict s = src + k * pre;                            \
            int sat = 1;                                                      \
            for (int64_t i = 0; i < m; i++) {                                 \
                d[i] = op##_STEP(TO, d[i], s[i]);                             \
                sat &= op##_SAT(d[i]);                                        \
            }                                                                 \
            if (sat)                                                          \
                break;                                                        \
        }                                                                     \
    }                                                                         \
}

/* Block partials of a pre == 1 sum or prod (the full-reduction split). */
#define DEF_PART(op, si, TI, so, TO)                                          \
static void op##_##si##_##so##_part(void * part_, const void * in_,           \
                                    int64_t n, int64_t nb,                    \
                                    int64_t g0, int64_t g1)                   \
{                                                                             \
    TO * restrict part = (TO *) part_;                                        \
    const TI * restrict in = (const TI *) in_;                                \
    for (int64_t g = g0; g < g1; g++) {                                       \
        const int64_t j = g / nb, k0 = (g % nb) * RB;                         \
        const int64_t k1 = min64(k0 + RB, n);                                 \
        const TI * src = in + j * n;                                          \
        TO p = (TO) op##_ID;                                                  \
        for (int64_t k = k0; k < k1; k++)                                     \
            p = op##_STEP(TO, p, src[k]);                                     \
        part[g] = p;                                                          \
    }                                                                         \
}

/* ---- max, min, argmax, argmin ---------------------------------------------
 * Octave's algorithm: skip leading NaNs, then only a strictly better element
 * replaces the best (all NaN: the first element, index 1).  For pre > 1 the
 * block of running bests lives in best[]; while some of them are still NaN
 * the NaN-aware step runs, then the plain comparison. */
#define EXT_STEP(op, TI, TO, COND)                                            \
    {                                                                         \
        const TI * restrict s = src + k * pre + i0;                           \
        const TO idx = (TO) (k + 1);                                          \
        for (int64_t i = 0; i < m; i++) {                                     \
            const TI v = s[i], a = best[i];                                   \
            const int b = COND;                                               \
            best[i] = b ? v : a;                                              \
            if (op##_IDX)                                                     \
                d[i] = b ? idx : d[i];                                        \
        }                                                                     \
    }
#define DEF_EXT(op, si, TI, so, TO)                                           \
static void op##_##si##_##so(void * out_, const void * in_,                   \
                             int64_t pre, int64_t n, int64_t post,            \
                             int64_t t0, int64_t t1)                          \
{                                                                             \
    TO * restrict out = (TO *) out_;                                          \
    const TI * restrict in = (const TI *) in_;                                \
    TI best[BLK];                                                             \
    const int64_t nblk = pre == 1 ? 1 : (pre + BLK - 1) / BLK;                \
    (void) post;                                                              \
    for (int64_t t = t0; t < t1; t++) {                                       \
        const int64_t j = t / nblk;                                           \
        const TI * src = in + j * pre * n;                                    \
        TO * dst = out + j * pre;                                             \
        if (pre == 1) {                                                       \
            int64_t k = 0;                                                    \
            while (k < n && ISNAN(src[k]))                                    \
                k++;                                                          \
            if (k == n)                                                       \
                k = 0;                                                        \
            int64_t at = k;                                                   \
            TI acc = src[k];                                                  \
            for (k++; k < n; k++) {                                           \
                const TI v = src[k];                                          \
                if (op##_CMP(v, acc)) {                                       \
                    acc = v;                                                  \
                    at = k;                                                   \
                }                                                             \
            }                                                                 \
            dst[0] = op##_IDX ? (TO) (at + 1) : (TO) acc;                     \
            continue;                                                         \
        }                                                                     \
        {                                                                     \
            const int64_t i0 = (t % nblk) * BLK;                              \
            const int64_t m = min64(BLK, pre - i0);                           \
            TO * restrict d = dst + i0;                                       \
            int nan = 0;                                                      \
            for (int64_t i = 0; i < m; i++) {                                 \
                best[i] = src[i0 + i];                                        \
                nan |= ISNAN(best[i]);                                        \
                if (op##_IDX)                                                 \
                    d[i] = 1;                                                 \
            }                                                                 \
            int64_t k = 1;                                                    \
            for (; nan && k < n; k++) {                                       \
                EXT_STEP(op, TI, TO, op##_CMP(v, a) || (ISNAN(a) && !ISNAN(v))) \
                nan = 0;                                                      \
                for (int64_t i = 0; i < m; i++)                               \
                    nan |= ISNAN(best[i]);                                    \
            }                                                                 \
            for (; k < n; k++)                                                \
                EXT_STEP(op, TI, TO, op##_CMP(v, a))                          \
            if (!op##_IDX)                                                    \
                for (int64_t i = 0; i < m; i++)                               \
                    d[i] = (TO) best[i];                                      \
        }                                                                     \
    }                                                                         \
}

/* ---- scans: cumsum, cumprod ----------------------------------------------
 * out may alias in (same dtype), so no restrict here: each element is read
 * before the same position is written, and only earlier rows of out are
 * read back. */
#define cumsum_STEP  sum_STEP
#define cumprod_STEP prod_STEP
#define DEF_SCAN(op, si, TI, so, TO)                                          \
static void op##_##si##_##so(void * out_, const void * in_,                   \
                             int64_t pre, int64_t n, int64_t post,            \
                             int64_t j0, int64_t j1)                          \
{                                                                             \
    TO * out = (TO *) out_;                                                   \
    const TI * in = (const TI *) in_;                                         \
    (void) post;                                                              \
    if (n == 0)                                                               \
        return;                                                               \
    for (int64_t j = j0; j < j1; j++) {                                       \
        const TI * src = in + j * pre * n;                                    \
        TO * dst = out + j * pre * n;                                         \
        if (pre == 1) {                                                       \
            TO acc = (TO) src[0];                                             \
            dst[0] = acc;                                                     \
            for (int64_t k = 1; k < n; k++) {                                 \
                acc = op##_STEP(TO, acc, src[k]);                             \
                dst[k] = acc;                                                 \
            }                                                                 \
            continue;                                                         \
        }                                                                     \
        for (int64_t i = 0; i < pre; i++)                                     \
            dst[i] = (TO) src[i];                                             \
        for (int64_t k = 1; k < n; k++) {                                     \
            const TO * p = dst + (k - 1) * pre;                               \
            const TI * s = src + k * pre;                                     \
            TO * d = dst + k * pre;                                           \
            for (int64_t i = 0; i < pre; i++)                                 \
                d[i] = op##_STEP(TO, p[i], s[i]);                             \
        }                                                                     \
    }                                                                         \
}

/* ---- instantiation ------------------------------------------------------- */
/* any input -> double or single (sum, prod, cumsum, cumprod) */
#define INST_NUM(X, op)                                                       \
    X(op, d, double, d, double)  X(op, f, float, d, double)                   \
    X(op, b, uint8_t, d, double) X(op, d, double, f, float)                   \
    X(op, f, float, f, float)    X(op, b, uint8_t, f, float)
/* output class = input class (max, min) */
#define INST_SAME(X, op)                                                      \
    X(op, d, double, d, double) X(op, f, float, f, float)                     \
    X(op, b, uint8_t, b, uint8_t)
/* any input -> logical (any, all) */
#define INST_LOG(X, op)                                                       \
    X(op, d, double, b, uint8_t) X(op, f, float, b, uint8_t)                  \
    X(op, b, uint8_t, b, uint8_t)
/* any input -> double index (argmax, argmin) */
#define INST_DBL(X, op)                                                       \
    X(op, d, double, d, double) X(op, f, float, d, double)                    \
    X(op, b, uint8_t, d, double)

INST_NUM(DEF_FOLD, sum)
INST_NUM(DEF_FOLD, prod)
INST_NUM(DEF_PART, sum)
INST_NUM(DEF_PART, prod)
INST_LOG(DEF_FOLD, any)
INST_LOG(DEF_FOLD, all)
INST_LOG(DEF_FOLD, allr)
INST_SAME(DEF_EXT, max)
INST_SAME(DEF_EXT, min)
INST_DBL(DEF_EXT, argmax)
INST_DBL(DEF_EXT, argmin)
INST_NUM(DEF_SCAN, cumsum)
INST_NUM(DEF_SCAN, cumprod)

enum {
    OP_sum = DFG_RED_SUM, OP_prod = DFG_RED_PROD, OP_max = DFG_RED_MAX,
    OP_min = DFG_RED_MIN, OP_any = DFG_RED_ANY, OP_all = DFG_RED_ALL,
    OP_argmax = DFG_RED_ARGMAX, OP_argmin = DFG_RED_ARGMIN,
    OP_cumsum = DFG_SCAN_CUMSUM, OP_cumprod = DFG_SCAN_CUMPROD
};

#define ENTRY(op, si, TI, so, TO) [OP_##op][DT_##si][DT_##so] = op##_##si##_##so,

static const red_fn red_table[DFG_RED_COUNT][DFG_DTYPE_COUNT][DFG_DTYPE_COUNT] = {
    INST_NUM(ENTRY, sum)     INST_NUM(ENTRY, prod)
    INST_SAME(ENTRY, max)    INST_SAME(ENTRY, min)
    INST_LOG(ENTRY, any)     INST_LOG(ENTRY, all)
    INST_DBL(ENTRY, argmax)  INST_DBL(ENTRY, argmin)
};

/* all for pre > 1, n <= 8 (Octave's mx_inline_all_r), by input dtype. */
static const red_fn allr_table[DFG_DTYPE_COUNT] = {
    [DFG_DOUBLE] = allr_d_b, [DFG_SINGLE] = allr_f_b, [DFG_LOGICAL] = allr_b_b
};

#define PENTRY(op, si, TI, so, TO) [OP_##op][DT_##si][DT_##so] = op##_##si##_##so##_part,
static const part_fn part_table[2][DFG_DTYPE_COUNT][DFG_DTYPE_COUNT] = {
    INST_NUM(PENTRY, sum)    INST_NUM(PENTRY, prod)
};

static const scan_fn scan_table[DFG_SCAN_COUNT][DFG_DTYPE_COUNT][DFG_DTYPE_COUNT] = {
    INST_NUM(ENTRY, cumsum)  INST_NUM(ENTRY, cumprod)
};

/* ---- entry points -------------------------------------------------------- */
static int valid_dt(int dt) { return dt >= 0 && dt < DFG_DTYPE_COUNT; }

/* Runs a task function over tasks [0, ntask) on nt threads, contiguous
 * runs of tasks each.  Task functions cannot fail. */
typedef struct task_job {
    red_fn red;                 /* the one of the three that is set */
    part_fn part;
    scan_fn scan;
    void * out;
    const void * in;
    int64_t pre, n, post, nb, ntask, chunk;
} task_job;

static void task_range(const task_job * j, int64_t a, int64_t b)
{
    if (j->red)
        j->red(j->out, j->in, j->pre, j->n, j->post, a, b);
    else if (j->part)
        j->part(j->out, j->in, j->n, j->nb, a, b);
    else
        j->scan(j->out, j->in, j->pre, j->n, j->post, a, b);
}

static void task_part(void * ctx, int t)
{
    task_job * j = ctx;
    const int64_t a = t * j->chunk, b = min64(a + j->chunk, j->ntask);
    if (a < b)
        task_range(j, a, b);
}

static void run_tasks(task_job * j, int nt)
{
    if (nt > j->ntask)
        nt = (int) j->ntask;
    if (nt <= 1) {
        task_range(j, 0, j->ntask);
        return;
    }
    j->chunk = dfg_par_chunk(j->ntask, nt, 1);
    dfg_par_run(nt, task_part, j);
}

/* out[j] = ID op part[j * nb] op part[j * nb + 1] op ..., in block order. */
#define COMBINE(T, OPR, ID) do {                                              \
        T * o = out; const T * p = part;                                      \
        for (int64_t j = 0; j < post; j++) {                                  \
            T acc = (T) ID;                                                   \
            for (int64_t b = 0; b < nb; b++)                                  \
                acc = (T) (acc OPR p[j * nb + b]);                            \
            o[j] = acc;                                                       \
        }                                                                     \
    } while (0)

/* A pre == 1 sum or prod with n > RB split over its blocks (few outputs,
 * long axis).  Returns 0 when the partials cannot be allocated (the caller
 * then runs the per-output loop, which gives the same result). */
static int reduce_blocks(int op, int dt_in, int dt_out, void * out, const void * in,
                         int64_t n, int64_t post, int nt)
{
    const int64_t nb = (n + RB - 1) / RB, ng = post * nb;
    double small[512];
    void * part = ng <= 512 ? (void *) small
                            : dfg_malloc((size_t) ng * (dt_out == DFG_DOUBLE ? 8 : 4));
    if (!part)
        return 0;
    task_job j = {NULL, part_table[op][dt_in][dt_out], NULL, part, in, 1, n, post, nb, ng, 0};
    run_tasks(&j, nt);
    if (dt_out == DFG_DOUBLE) {
        if (op == DFG_RED_SUM) COMBINE(double, +, 0); else COMBINE(double, *, 1);
    } else {
        if (op == DFG_RED_SUM) COMBINE(float, +, 0); else COMBINE(float, *, 1);
    }
    if (part != (void *) small)
        dfg_free(part);
    return 1;
}

int dfg_cpu_reduce(int op, int dt_in, int dt_out, void * out, const void * in,
                   int64_t pre, int64_t n, int64_t post)
{
    if (op < 0 || op >= DFG_RED_COUNT || !valid_dt(dt_in) || !valid_dt(dt_out)
        || !red_table[op][dt_in][dt_out])
        return dfg_set_error(DFG_ERR_INTERNAL,
                             "dfg_cpu_reduce: no kernel for op %d, "
                             "dtype %d -> %d", op, dt_in, dt_out);
    if (pre < 0 || n < 0 || post < 0)
        return dfg_set_error(DFG_ERR_INTERNAL,
                             "dfg_cpu_reduce: bad layout [%lld, %lld, %lld]",
                             (long long) pre, (long long) n, (long long) post);
    if (pre == 0 || post == 0)
        return DFG_OK;
    /* max/min/argmax/argmin over an empty axis give an empty result (Octave:
     * max(zeros(0,3)) is 0x3), so there is nothing to write. */
    if (n == 0 && op != DFG_RED_SUM && op != DFG_RED_PROD &&
        op != DFG_RED_ANY && op != DFG_RED_ALL)
        return DFG_OK;
    red_fn fn = op == DFG_RED_ALL && pre > 1 && n <= 8 ? allr_table[dt_in]
              : red_table[op][dt_in][dt_out];
    int nt = dfg_threads_for(pre * n * post);
    if (nt > 1 && pre == 1 && n > RB && post < 2 * nt &&
        (op == DFG_RED_SUM || op == DFG_RED_PROD) &&
        reduce_blocks(op, dt_in, dt_out, out, in, n, post, nt))
        return DFG_OK;
    const int64_t ntask = pre == 1 ? post : post * ((pre + BLK - 1) / BLK);
    task_job j = {fn, NULL, NULL, out, in, pre, n, post, 1, ntask, 0};
    run_tasks(&j, nt);
    return DFG_OK;
}

int dfg_cpu_scan(int op, int dt_in, int dt_out, void * out, const void * in,
                 int64_t pre, int64_t n, int64_t post)
{
    if (op < 0 || op >= DFG_SCAN_COUNT || !valid_dt(dt_in) || !valid_dt(dt_out)
        || !scan_table[op][dt_in][dt_out])
        return dfg_set_error(DFG_ERR_INTERNAL,
                             "dfg_cpu_scan: no kernel for op %d, "
                             "dtype %d -> %d", op, dt_in, dt_out);
    if (pre < 0 || n < 0 || post < 0)
        return dfg_set_error(DFG_ERR_INTERNAL,
                             "dfg_cpu_scan: bad layout [%lld, %lld, %lld]",
                             (long long) pre, (long long) n, (long long) post);
    if (pre == 0 || n == 0 || post == 0)
        return DFG_OK;
    task_job j = {NULL, NULL, scan_table[op][dt_in][dt_out], out, in, pre, n, post, 1, post, 0};
    run_tasks(&j, dfg_threads_for(pre * n * post));
    return DFG_OK;
}
