/* tests/c/test-exec-index.c -- the re-index, contraction and reduction
 * families end to end through plans, in double, single and logical:
 * permute (blocked 2-D transpose and N-d), gather and scatter (colons,
 * growth, Octave's assignment classes), cat along dims 1..3, matmul vs a
 * naive loop (transposes, k = 0), reshape, part, reductions and scans.
 * The element-wise families are in test-exec.c.
 */
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"

#include "exec-helpers.h"
#include "../../kernels/cpu/cpu.h"
/* ---- random data ---------------------------------------------------------------- */

static uint32_t rng = 2463534242u;
static double rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
    return (double)(rng % 2000) / 100.0 - 10.0;
}

/* ---- re-index kernels --------------------------------------------------------- */

/* x with x(k) = k (logical: k divisible by 3): gather and permute results
 * name the source element directly. */
static void * iota(dfg_dtype dt, int64_t n)
{
    void * p = malloc(8 * (size_t)(n + 1));
    for (int64_t k = 0; k < n; k++) put(dt, p, k, dt == DFG_LOGICAL ? k % 3 == 0 : (double)k);
    return p;
}

static void test_permute(void)
{
    static const struct { const char * shape; int nd; int64_t perm[4]; const char * res; } cases[] = {
        {"37x61", 2, {1, 0}, "61x37"},   {"61x37", 2, {1, 0}, "37x61"},
        {"1x5", 2, {1, 0}, "5x1"},       {"64x33", 2, {0, 1}, "64x33"},
        {"2x3x4x5", 4, {3, 1, 0, 2}, "5x3x2x4"}, {"2x3x4x5", 4, {2, 3, 0, 1}, "4x5x2x3"},
        {"2x3x4", 3, {0, 2, 1}, "2x4x3"}, {"3x4", 3, {2, 0, 1}, "1x3x4"},
        {"0x3", 2, {1, 0}, "3x0"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int t = 0; t < 3; t++) {
            int64_t n = numel_of(cases[c].shape);
            void * x = iota(DT[t], n), * out = malloc(8 * (size_t)(n + 1));
            dfg_attr at = {{cases[c].nd}, {0}, NULL, 0};
            for (int j = 0; j < cases[c].nd; j++) at.i[1 + j] = cases[c].perm[j];
            arg a = {DT[t], cases[c].shape, x};
            char res[64];
            int ok = apply(DFG_OP_PERMUTE, 1, &a, &at, out, 8 * (size_t)(n + 1), res) == DFG_OK &&
                     strcmp(res, cases[c].res) == 0;
            /* out(i0, i1, ...) = x(i_perm^-1 ...) */
            int64_t xd[DFG_MAX_DIMS] = {1, 1, 1, 1}, od[DFG_MAX_DIMS], xs[DFG_MAX_DIMS];
            parse(cases[c].shape, xd);
            for (int j = 0, s = 1; j < cases[c].nd; j++) { xs[j] = s; s *= (int)xd[j]; }
            for (int j = 0; j < cases[c].nd; j++) od[j] = xd[cases[c].perm[j]];
            for (int64_t k = 0; k < n && ok; k++) {
                int64_t rest = k, src = 0;
                for (int j = 0; j < cases[c].nd; j++) {
                    src += (rest % od[j]) * xs[cases[c].perm[j]];
                    rest /= od[j];
                }
                ok = get(DT[t], out, k) == get(DT[t], x, src);
            }
            CHECK(ok);
            free(x); free(out);
        }
}

#define V(...) ((const int64_t[]){__VA_ARGS__})

/* Packs a GATHER/SCATTER header (lib/base/ops.def) into attr. */
static int64_t hbuf[64];
static dfg_attr hdr(int k, const int64_t * view, const int64_t * cnt, int nd,
                    const int64_t * dout, const int64_t * ix, int nix)
{
    int at = 0;
    hbuf[at++] = k;
    for (int j = 0; j < k; j++) hbuf[at++] = view[j];
    for (int j = 0; j < k; j++) hbuf[at++] = cnt[j];
    hbuf[at++] = nd;
    for (int j = 0; j < nd; j++) hbuf[at++] = dout[j];
    for (int j = 0; j < nix; j++) hbuf[at++] = ix[j];
    dfg_attr a;
    memset(&a, 0, sizeof a);
    a.idx = hbuf;
    a.nidx = at;
    return a;
}

static void test_gather(void)
{
    /* expected: the 0-based source elements, in column-major order */
    static const struct {
        const char * x; int k; int64_t view[3], cnt[3]; int nd; int64_t dout[3];
        int64_t ix[8]; int nix; const char * res; int64_t src[24]; int n;
    } cases[] = {
        /* x = 4x5: x([4 1 4], [5 2]) */
        {"4x5", 2, {4, 5}, {3, 2}, 2, {3, 2}, {3, 0, 3, 4, 1}, 5, "3x2", {19, 16, 19, 7, 4, 7}, 6},
        {"4x5", 2, {4, 5}, {-1, 1}, 2, {4, 1}, {2}, 1, "4x1", {8, 9, 10, 11}, 4},   /* x(:, 3) */
        {"4x5", 2, {4, 5}, {1, -1}, 2, {1, 5}, {1}, 1, "1x5", {1, 5, 9, 13, 17}, 5}, /* x(2, :) */
        {"4x5", 1, {20}, {3}, 2, {1, 3}, {19, 0, 6}, 3, "1x3", {19, 0, 6}, 3},    /* x([20 1 7]) */
        /* t = 2x3x4: t(2, :, [1 4]); t(:, [12 1]) folds the last two dims */
        {"2x3x4", 3, {2, 3, 4}, {1, -1, 2}, 3, {1, 3, 2}, {1, 0, 3}, 3, "1x3x2",
         {1, 3, 5, 19, 21, 23}, 6},
        {"2x3x4", 2, {2, 12}, {-1, 2}, 2, {2, 2}, {11, 0}, 2, "2x2", {22, 23, 0, 1}, 4},
        {"4x5", 2, {4, 5}, {0, 2}, 2, {0, 2}, {0, 1}, 2, "0x2", {0}, 0},
        /* the copies in runs: x(2:3, :), x(:, 2:4), x([1 2 4], [2 3]),
         * x(1:4, [5 1]) (a full list folds like a colon), x(:, :) (one
         * copy), t(:, 2:3, [1 3]) (runs of 2 x 2 walked over dim 3) */
        {"4x5", 2, {4, 5}, {2, -1}, 2, {2, 5}, {1, 2}, 2, "2x5",
         {1, 2, 5, 6, 9, 10, 13, 14, 17, 18}, 10},
        {"4x5", 2, {4, 5}, {-1, 3}, 2, {4, 3}, {1, 2, 3}, 3, "4x3",
         {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, 12},
        {"4x5", 2, {4, 5}, {3, 2}, 2, {3, 2}, {0, 1, 3, 1, 2}, 5, "3x2", {4, 5, 7, 8, 9, 11}, 6},
        {"4x5", 2, {4, 5}, {4, 2}, 2, {4, 2}, {0, 1, 2, 3, 4, 0}, 6, "4x2",
         {16, 17, 18, 19, 0, 1, 2, 3}, 8},
        {"4x5", 2, {4, 5}, {-1, -1}, 2, {4, 5}, {0}, 0, "4x5",
         {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19}, 20},
        {"2x3x4", 3, {2, 3, 4}, {-1, 2, 2}, 3, {2, 2, 2}, {1, 2, 0, 2}, 4, "2x2x2",
         {2, 3, 4, 5, 14, 15, 16, 17}, 8},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int t = 0; t < 3; t++) {
            void * x = iota(DT[t], numel_of(cases[c].x));
            uint8_t out[256];
            dfg_attr at = hdr(cases[c].k, cases[c].view, cases[c].cnt, cases[c].nd,
                              cases[c].dout, cases[c].ix, cases[c].nix);
            arg a = {DT[t], cases[c].x, x};
            char res[64];
            int ok = apply(DFG_OP_GATHER, 1, &a, &at, out, sizeof out, res) == DFG_OK &&
                     strcmp(res, cases[c].res) == 0;
            for (int k = 0; k < cases[c].n && ok; k++)
                ok = get(DT[t], out, k) == get(DT[t], x, cases[c].src[k]);
            CHECK(ok);
            free(x);
        }
}

/* A large gather through the kernel on 1 and 4 threads against a naive
 * walk: x 300 x 7 x 40, x(2:299, [1 2 3 5 6], [40:-1:21 1:10]) (stretches
 * of runs, odometer over dim 3), and x(:, :, 3:38) (one unit per step) */
static void test_gather_threads(void)
{
    int64_t v[3] = {300, 7, 40}, n = 300 * 7 * 40;
    double * x = malloc((size_t)n * sizeof *x), * a = malloc((size_t)n * sizeof *a);
    for (int64_t e = 0; e < n; e++)
        x[e] = (double)e;
    for (int form = 0; form < 2; form++) {
        int64_t h[2 + 6 + 3 + 400], at = 0, c0 = 298, c1 = 5, c2 = form ? 36 : 30;
        h[at++] = 3;
        for (int j = 0; j < 3; j++) h[at++] = v[j];
        h[at++] = form ? -1 : c0;  h[at++] = form ? -1 : c1;  h[at++] = c2;
        h[at++] = 3;
        h[at++] = form ? 300 : c0;  h[at++] = form ? 7 : c1;  h[at++] = c2;
        int64_t * ix0 = h + at;
        if (!form) {
            for (int64_t q = 0; q < c0; q++) h[at++] = 1 + q;
            static const int64_t cols[5] = {0, 1, 2, 4, 5};
            for (int q = 0; q < 5; q++) h[at++] = cols[q];
        }
        int64_t * ix2 = h + at;
        for (int64_t q = 0; q < c2; q++)
            h[at++] = form ? 2 + q : q < 20 ? 39 - q : q - 20;
        int64_t rows = form ? 300 : c0, cols = form ? 7 : c1, total = rows * cols * c2;
        for (int t = 1; t <= 4; t += 3) {
            CHECK(dfg_threads_set(t) == DFG_OK);
            memset(a, 0, (size_t)n * sizeof *a);
            CHECK(dfg_cpu_gather(8, a, x, h) == DFG_OK);
            int ok = 1;
            for (int64_t e = 0; e < total && ok; e++) {
                int64_t i = e % rows, j = e / rows % cols, k = e / (rows * cols);
                int64_t si = form ? i : ix0[i], sj = form ? j : ix0[c0 + j], sk = ix2[k];
                ok = a[e] == x[si + 300 * (sj + 7 * sk)];
            }
            CHECK(ok);
        }
    }
    CHECK(dfg_threads_set(0) == DFG_OK);
    free(x);
    free(a);
}

static void test_scatter(void)
{
    /* x = 1:numel (as x's class); v(k) = 100 + k.  want: x copied into the
     * leading block of dout (zeros elsewhere), then dst[q] = v(q or 0). */
    static const struct {
        const char * x; const char * v; int k; int64_t view[3], cnt[3]; int nd; int64_t dout[3];
        int64_t ix[4]; int nix; const char * res; int64_t dst[4]; int n;
    } cases[] = {
        {"3x4", "1x1", 2, {3, 4}, {1, 2}, 2, {3, 4}, {1, 0, 2}, 3, "3x4", {1, 7}, 2},
        {"3x4", "3x1", 2, {3, 4}, {-1, 1}, 2, {3, 4}, {1}, 1, "3x4", {3, 4, 5}, 3},
        {"3x4", "1x2", 1, {12}, {2}, 2, {3, 4}, {0, 11}, 2, "3x4", {0, 11}, 2},
        {"3x4", "1x1", 2, {3, 4}, {1, 1}, 2, {5, 6}, {4, 5}, 2, "5x6", {29}, 1},     /* growth */
        {"3x4", "3x1", 2, {3, 4}, {-1, 1}, 2, {3, 6}, {5}, 1, "3x6", {15, 16, 17}, 3},
        {"1x3", "1x1", 1, {3}, {1}, 2, {1, 5}, {4}, 1, "1x5", {4}, 1},
        {"2x3x4", "1x2", 3, {2, 3, 4}, {1, 2, 1}, 3, {2, 3, 4}, {0, 0, 2, 1}, 4, "2x3x4", {6, 10}, 2},
        {"3x4", "1x1", 2, {3, 4}, {0, 1}, 2, {3, 4}, {0}, 1, "3x4", {0}, 0},          /* x([], 1) */
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int t = 0; t < 3; t++) {
            int64_t nx = numel_of(cases[c].x), nv = numel_of(cases[c].v), no = numel_of(cases[c].res);
            void * x = malloc(8 * (size_t)nx), * v = malloc(8 * (size_t)nv);
            for (int64_t k = 0; k < nx; k++) put(DT[t], x, k, t == 2 ? k % 2 : k + 1);
            for (int64_t k = 0; k < nv; k++) put(DT[t], v, k, t == 2 ? k % 2 == 0 : 100 + k);
            double want[64] = {0};
            int64_t xd[DFG_MAX_DIMS] = {1, 1, 1}, od[DFG_MAX_DIMS] = {1, 1, 1};
            int ndx = parse(cases[c].x, xd), ndo = parse(cases[c].res, od);
            (void)ndx; (void)ndo;
            for (int64_t k = 0; k < nx; k++) {                 /* x's leading block */
                int64_t i = k % xd[0], j = (k / xd[0]) % xd[1], p = k / (xd[0] * xd[1]);
                if (cases[c].k == 1 && xd[0] == 1) { i = 0; j = k; p = 0; }
                want[i + od[0] * (j + od[1] * p)] = get(DT[t], x, k);
            }
            for (int q = 0; q < cases[c].n; q++)
                want[cases[c].dst[q]] = get(DT[t], v, nv == 1 ? 0 : q);
            dfg_attr at = hdr(cases[c].k, cases[c].view, cases[c].cnt, cases[c].nd,
                              cases[c].dout, cases[c].ix, cases[c].nix);
            arg a[2] = {{DT[t], cases[c].x, x}, {DT[t], cases[c].v, v}};
            uint8_t out[8 * 64];
            char res[64];
            int ok = apply(DFG_OP_SCATTER, 2, a, &at, out, sizeof out, res) == DFG_OK &&
                     strcmp(res, cases[c].res) == 0;
            for (int64_t k = 0; k < no && ok; k++)
                ok = get(DT[t], out, k) == want[k];
            if (!ok)
                fprintf(stderr, "scatter case %zu class %d\n", c, t);
            CHECK(ok);
            free(x); free(v);
        }
}

/* Octave 7: x = true(2,2); x(1,2) = single(5) gives double [1 5; 1 1]. */
static void test_scatter_class(void)
{
    uint8_t x[4] = {1, 1, 1, 1};
    float v[1] = {5};
    double o[4];
    dfg_attr at = hdr(2, V(2, 2), V(1, 1), 2, V(2, 2), V(0, 1), 2);
    arg a[2] = {{DFG_LOGICAL, "2x2", x}, {DFG_SINGLE, "1x1", v}};
    CHECK(apply(DFG_OP_SCATTER, 2, a, &at, o, sizeof o, NULL) == DFG_OK &&
          o[0] == 1 && o[1] == 1 && o[2] == 5 && o[3] == 1);
}

static void test_cat(void)
{
    static const struct { int dim; int n; const char * in[3]; const char * res; } cases[] = {
        {0, 2, {"2x3", "4x3"}, "6x3"},          {0, 3, {"2x3", "0x3", "1x3"}, "3x3"},
        {1, 2, {"2x3", "2x5"}, "2x8"},          {1, 3, {"2x3x2", "2x1x2", "2x2x2"}, "2x6x2"},
        {2, 2, {"2x3", "2x3x2"}, "2x3x3"},      {2, 3, {"1x1", "1x1", "1x1"}, "1x1x3"},
        {0, 1, {"3x2"}, "3x2"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int t = 0; t < 3; t++) {
            arg a[3];
            void * data[3] = {0};
            int64_t base[4] = {0}, ext[3];
            for (int k = 0; k < cases[c].n; k++) {
                int64_t d[DFG_MAX_DIMS] = {1, 1, 1};
                parse(cases[c].in[k], d);
                ext[k] = d[cases[c].dim];
                int64_t n = numel_of(cases[c].in[k]);
                data[k] = malloc(8 * (size_t)(n + 1));
                for (int64_t q = 0; q < n; q++)   /* value encodes (input, element) */
                    put(DT[t], data[k], q, t == 2 ? (q + k) % 2 : 1000 * k + q);
                a[k] = (arg){DT[t], cases[c].in[k], data[k]};
                base[k + 1] = base[k] + ext[k];
            }
            uint8_t out[8 * 64];
            char res[64];
            dfg_attr at = {{cases[c].dim}, {0}, NULL, 0};
            int ok = apply(DFG_OP_CAT, cases[c].n, a, &at, out, sizeof out, res) == DFG_OK &&
                     strcmp(res, cases[c].res) == 0;
            int64_t od[DFG_MAX_DIMS] = {1, 1, 1};
            parse(cases[c].res, od);
            for (int64_t k = 0; k < od[0] * od[1] * od[2] && ok; k++) {
                int64_t sub[3] = {k % od[0], (k / od[0]) % od[1], k / (od[0] * od[1])};
                int q = 0;
                while (sub[cases[c].dim] >= base[q + 1]) q++;
                sub[cases[c].dim] -= base[q];
                int64_t d[DFG_MAX_DIMS] = {1, 1, 1};
                parse(cases[c].in[q], d);
                int64_t src = sub[0] + d[0] * (sub[1] + d[1] * sub[2]);
                ok = get(DT[t], out, k) == get(DT[t], data[q], src);
            }
            CHECK(ok);
            for (int k = 0; k < 3; k++) free(data[k]);
        }
    /* more inputs than the executor's small buffers: cat(2, x, x, ..., x) */
    int64_t live = dfg_live_count();
    int64_t d2[2] = {2, 1};
    dfg_id x, y, plan;
    CHECK(dfg_input(DFG_SINGLE, 2, d2, "x", &x) == DFG_OK);
    dfg_id many[20];
    for (int k = 0; k < 20; k++) many[k] = x;
    dfg_attr a1 = {{1}, {0}, NULL, 0};
    CHECK(dfg_op(DFG_OP_CAT, 20, many, &a1, &y) == DFG_OK);
    CHECK(dfg_plan_compile(1, &x, 1, &y, &plan) == DFG_OK);
    float xv[2] = {3, 4}, ov[40];
    const void * ins[1] = {xv};
    void * outs[1] = {ov};
    int ok = dfg_plan_run(plan, ins, outs) == DFG_OK;
    for (int k = 0; k < 40; k++) ok &= ov[k] == xv[k % 2];
    CHECK(ok);
    dfg_release(plan); dfg_release(y); dfg_release(x);
    CHECK(dfg_live_count() == live);
    /* mixed classes convert: [true; 2] is double */
    uint8_t l[1] = {1};
    double d[1] = {2}, o[2];
    arg m[2] = {{DFG_LOGICAL, "1x1", l}, {DFG_DOUBLE, "1x1", d}};
    dfg_attr at = {{0}, {0}, NULL, 0};
    CHECK(apply(DFG_OP_CAT, 2, m, &at, o, sizeof o, NULL) == DFG_OK && o[0] == 1 && o[1] == 2);
}

/* ---- matmul, reshape, part, reductions ---------------------------------------- */

static void test_matmul(void)
{
    static const int64_t sizes[][3] = {
        {3, 4, 5}, {1, 1, 1}, {7, 0, 3}, {0, 3, 4}, {5, 1, 6}, {33, 17, 9}, {2, 9, 1},
    };
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int t = 0; t < 2; t++)
            for (int tr = 0; tr < 4; tr++) {
                int ta = tr & 1, tb = tr >> 1;
                int64_t m = sizes[s][0], k = sizes[s][1], n = sizes[s][2];
                void * a = malloc(8 * (size_t)(m * k + 1)), * b = malloc(8 * (size_t)(k * n + 1));
                void * c = malloc(8 * (size_t)(m * n + 1));
                for (int64_t q = 0; q < m * k; q++) put(DT[t], a, q, rnd());
                for (int64_t q = 0; q < k * n; q++) put(DT[t], b, q, rnd());
                char sa[32], sb[32], res[32], want[32];
                snprintf(sa, sizeof sa, "%lldx%lld", (long long)(ta ? k : m), (long long)(ta ? m : k));
                snprintf(sb, sizeof sb, "%lldx%lld", (long long)(tb ? n : k), (long long)(tb ? k : n));
                snprintf(want, sizeof want, "%lldx%lld", (long long)m, (long long)n);
                arg in[2] = {{DT[t], sa, a}, {DT[t], sb, b}};
                dfg_attr at = {{ta, tb}, {0}, NULL, 0};
                int ok = apply(DFG_OP_MATMUL, 2, in, &at, c, 8 * (size_t)(m * n + 1), res) == DFG_OK &&
                         strcmp(res, want) == 0;
                for (int64_t i = 0; i < m && ok; i++)
                    for (int64_t j = 0; j < n && ok; j++) {
                        double acc = 0;
                        for (int64_t q = 0; q < k; q++)
                            acc += get(DT[t], a, ta ? q + k * i : i + m * q) *
                                   get(DT[t], b, tb ? j + n * q : q + k * j);
                        double g = get(DT[t], c, i + m * j);
                        ok = fabs(g - acc) <= (t ? 1e-4 : 1e-12) * (1 + fabs(acc)) &&
                             (k > 0 || (g == 0 && !signbit(g)));
                    }
                if (!ok)
                    fprintf(stderr, "matmul %lldx%lldx%lld ta %d tb %d class %d\n", (long long)m,
                            (long long)k, (long long)n, ta, tb, t);
                CHECK(ok);
                free(a); free(b); free(c);
            }
    /* single * double is single */
    float af[2] = {1, 2};
    double bd[2] = {3, 4};
    float cf[1];
    arg in[2] = {{DFG_SINGLE, "1x2", af}, {DFG_DOUBLE, "2x1", bd}};
    dfg_attr at = {{0}, {0}, NULL, 0};
    CHECK(apply(DFG_OP_MATMUL, 2, in, &at, cf, sizeof cf, NULL) == DFG_OK && cf[0] == 11);
}

static void test_reshape_part_reduce(void)
{
    double x[24], o[24];
    for (int k = 0; k < 24; k++) x[k] = k + 1;
    arg a = {DFG_DOUBLE, "2x3x4", x};
    char res[32];
    dfg_attr r = {{2, 6, 4}, {0}, NULL, 0};
    CHECK(apply(DFG_OP_RESHAPE, 1, &a, &r, o, sizeof o, res) == DFG_OK && strcmp(res, "6x4") == 0 &&
          memcmp(o, x, sizeof x) == 0);
    dfg_attr p = {{5, 2, 2, 3}, {0}, NULL, 0};       /* elements 6..11 as 2x3 */
    CHECK(apply(DFG_OP_PART, 1, &a, &p, o, sizeof o, res) == DFG_OK && strcmp(res, "2x3") == 0 &&
          o[0] == 6 && o[5] == 11);
    dfg_attr d1 = {{1}, {0}, NULL, 0}, d5 = {{5}, {0}, NULL, 0};
    /* sum(x, 2): x(i,:,p) summed */
    CHECK(apply(DFG_OP_SUM, 1, &a, &d1, o, sizeof o, res) == DFG_OK && strcmp(res, "2x1x4") == 0 &&
          o[0] == 1 + 3 + 5 && o[1] == 2 + 4 + 6 && o[7] == 20 + 22 + 24);
    CHECK(apply(DFG_OP_MAX, 1, &a, &d5, o, sizeof o, res) == DFG_OK && strcmp(res, "2x3x4") == 0 &&
          memcmp(o, x, sizeof x) == 0);
    CHECK(apply(DFG_OP_CUMPROD, 1, &a, &d1, o, sizeof o, res) == DFG_OK && o[4] == 1 * 3 * 5);
    /* max over an empty dim: 0x3 -> 0x3, nothing to write; sum -> zeros(1,3) */
    arg e = {DFG_DOUBLE, "0x3", x};
    dfg_attr d0 = {{0}, {0}, NULL, 0};
    CHECK(apply(DFG_OP_MAX, 1, &e, &d0, o, sizeof o, res) == DFG_OK && strcmp(res, "0x3") == 0);
    CHECK(apply(DFG_OP_SUM, 1, &e, &d0, o, sizeof o, res) == DFG_OK && strcmp(res, "1x3") == 0 &&
          o[0] == 0 && o[2] == 0);
    uint8_t l[4] = {1, 1, 0, 1};
    arg al = {DFG_LOGICAL, "2x2", l};
    CHECK(apply(DFG_OP_SUM, 1, &al, &d0, o, sizeof o, NULL) == DFG_OK && o[0] == 2 && o[1] == 1);
}

int main(void)
{
    RUN(test_permute);
    RUN(test_gather);
    RUN(test_gather_threads);
    RUN(test_scatter);
    RUN(test_scatter_class);
    RUN(test_cat);
    RUN(test_matmul);
    RUN(test_reshape_part_reduce);
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
