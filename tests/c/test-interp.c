/* tests/c/test-interp.c -- kernels/cpu/lookup.c (dfg_cpu_lookup) and the
 * builders of lib/core/compose-interp.c (dfg_lookup, dfg_accumarray):
 *  - fixed cases whose expected values come from GNU Octave 7.3 (the
 *    command quoted next to each): increasing and decreasing tables, NaN,
 *    ties, the options, an empty table, single comparisons;
 *  - a sweep against a linear count (sorted tables, both directions);
 *  - graphs: lookup of two inputs with "b" and "lr" on the CPU and on the
 *    emulated device "sim" (equal), and the builder's errors;
 *  - accumarray: @sum (padded scatter-add, FILLVAL), @max / @min with
 *    empty bins (Octave's neutral values), two-column subscripts, a
 *    single value for every row, on the CPU and on "sim"; its errors;
 *  - histc: counts and bins along each dimension of a matrix, unsorted
 *    edges, NaN and values past the last edge, on the CPU and "sim". */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "plan-helpers.h"
#include "../../kernels/cpu/cpu.h"

enum { M = DFG_CPU_LOOKUP_MATCH, L = DFG_CPU_LOOKUP_LEFT, R = DFG_CPU_LOOKUP_RIGHT };

static int same_vec(const double * a, const double * b, int64_t n)
{
    for (int64_t k = 0; k < n; k++)
        if (a[k] != b[k])
            return 0;
    return 1;
}

static void test_octave_cases(void)
{
    const double up[3] = {1, 2, 3}, down[3] = {3, 2, 1};
    const double q[6] = {NAN, 0, 1, 2.5, 3, 4};
    double o[6];
    /* lookup ([1 2 3], [NaN 0 1 2.5 3 4]) -> 3 0 1 2 3 3 */
    const double e1[6] = {3, 0, 1, 2, 3, 3};
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, 0, o, up, 3, q, 6) == DFG_OK && same_vec(o, e1, 6));
    /* lookup ([3 2 1], [NaN 0 1 2.5 3 4]) -> 3 3 3 1 1 0 */
    const double e2[6] = {3, 3, 3, 1, 1, 0};
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, 0, o, down, 3, q, 6) == DFG_OK && same_vec(o, e2, 6));
    /* lookup ([3 2 1], [NaN 0 1 2.5 3 4], "m") -> 0 0 3 0 1 0 */
    const double e3[6] = {0, 0, 3, 0, 1, 0};
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, M, o, down, 3, q, 6) == DFG_OK && same_vec(o, e3, 6));
    /* lookup ([1 2 3], [NaN 0 1 2.5 3 4], "lr") -> 2 1 1 2 2 2 */
    const double e4[6] = {2, 1, 1, 2, 2, 2};
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, L | R, o, up, 3, q, 6) == DFG_OK && same_vec(o, e4, 6));
    /* lookup ([3 2 1], [NaN 0 1 2.5 3 4], "lr") -> 2 2 2 1 1 1 */
    const double e5[6] = {2, 2, 2, 1, 1, 1};
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, L | R, o, down, 3, q, 6) == DFG_OK && same_vec(o, e5, 6));
    /* lookup ([1 2 2 3], [2 2], "m") -> 3 3; lookup ([0 1], -0) -> 1;
     * lookup ([1 NaN 3], 2) -> 2 */
    const double t2[4] = {1, 2, 2, 3}, q2[2] = {2, 2}, e6[2] = {3, 3};
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, M, o, t2, 4, q2, 2) == DFG_OK && same_vec(o, e6, 2));
    const double t3[2] = {0, 1}, mz = -0.0, t4[3] = {1, NAN, 3}, two = 2;
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, 0, o, t3, 2, &mz, 1) == DFG_OK && o[0] == 1);
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, 0, o, t4, 3, &two, 1) == DFG_OK && o[0] == 2);
    /* lookup ([], 1, "r") -> -1; lookup ([], 1, "lr") -> 1; lookup (5, [4 5 6], "r") -> 0 0 0 */
    const double one = 1, five = 5, q3[3] = {4, 5, 6}, z3[3] = {0, 0, 0};
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, R, o, NULL, 0, &one, 1) == DFG_OK && o[0] == -1);
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, L | R, o, NULL, 0, &one, 1) == DFG_OK && o[0] == 1);
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, R, o, &five, 1, q3, 3) == DFG_OK && same_vec(o, z3, 3));
    /* lookup ([1 1+1e-10], single (1)) -> 2 (compared in single) */
    const double t5[2] = {1, 1 + 1e-10};
    const float f1 = 1;
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_SINGLE, 0, o, t5, 2, &f1, 1) == DFG_OK && o[0] == 2);
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, 0, o, t5, 2, &one, 1) == DFG_OK && o[0] == 1);
    /* bad arguments */
    CHECK(dfg_cpu_lookup(DFG_LOGICAL, DFG_DOUBLE, 0, o, up, 3, q, 6) == DFG_ERR_ARG);
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, M | L, o, up, 3, q, 6) == DFG_ERR_ARG);
    CHECK(dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, 8, o, up, 3, q, 6) == DFG_ERR_ARG);
}

/* the count of table elements <= v (>= v for a decreasing table) */
static double naive(const double * t, int n, double v, int desc)
{
    int k = 0;
    for (int j = 0; j < n; j++)
        k += desc ? t[j] >= v : t[j] <= v;
    return k;
}

static void test_sweep(void)
{
    double t[40], q[200], o[200];
    int ok = 1;
    srand(7);
    for (int n = 0; n <= 40 && ok; n += 3) {
        for (int desc = 0; desc < 2; desc++) {
            for (int j = 0; j < n; j++)
                t[j] = (double)(rand() % 30) / 2;
            for (int j = 1; j < n; j++)        /* insertion sort, either direction */
                for (int i = j; i > 0 && (desc ? t[i] > t[i - 1] : t[i] < t[i - 1]); i--) {
                    double s = t[i]; t[i] = t[i - 1]; t[i - 1] = s;
                }
            int d = n > 1 && t[n - 1] < t[0];
            for (int j = 0; j < 200; j++)
                q[j] = (double)(rand() % 34 - 2) / 2;
            ok &= dfg_cpu_lookup(DFG_DOUBLE, DFG_DOUBLE, 0, o, t, n, q, 200) == DFG_OK;
            for (int j = 0; j < 200; j++)
                ok &= o[j] == naive(t, n, q[j], d);
        }
    }
    CHECK(ok);
}

static void test_graphs(void)
{
    int64_t dt[2] = {1, 4}, dy[2] = {2, 3};
    dfg_id t = 0, y = 0, r[2] = {0, 0};
    CHECK(dfg_input(DFG_DOUBLE, 2, dt, "t", &t) == DFG_OK);
    CHECK(dfg_input(DFG_SINGLE, 2, dy, "y", &y) == DFG_OK);
    CHECK(dfg_lookup(t, y, DFG_LOOKUP_L | DFG_LOOKUP_R, &r[0]) == DFG_OK);
    CHECK(dfg_lookup(t, y, DFG_LOOKUP_B, &r[1]) == DFG_OK);
    dfg_dtype c0, c1;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    CHECK(dfg_info(r[0], &c0, &nd, d) == DFG_OK && c0 == DFG_DOUBLE && nd == 2 && d[0] == 2 && d[1] == 3);
    CHECK(dfg_info(r[1], &c1, NULL, NULL) == DFG_OK && c1 == DFG_LOGICAL);
    const double T[4] = {4, 3, 2, 1};
    const float Y[6] = {0, 1, 2.5f, 3, 4, NAN};
    /* lookup ([4 3 2 1], single ([0 1 2.5 3 4 NaN]), "lr") -> 3 3 2 2 1 3;
     * with "b" -> 0 1 0 1 1 0 */
    const double e0[6] = {3, 3, 2, 2, 1, 3};
    const uint8_t e1[6] = {0, 1, 0, 1, 1, 0};
    const char * devs[2] = {"cpu", "sim"};
    for (int k = 0; k < 2; k++) {
        double o0[6];
        uint8_t o1[6];
        const void * in[2] = {T, Y};
        void * res[2] = {o0, o1};
        dfg_id ins[2] = {t, y};
        CHECK(run_on(devs[k], 2, ins, in, 2, r, res) == DFG_OK);
        CHECK(same_vec(o0, e0, 6) && memcmp(o1, e1, 6) == 0);
    }
    dfg_id all[4] = {t, y, r[0], r[1]};
    for (int k = 0; k < 4; k++)
        dfg_release(all[k]);
}

static void test_errors(void)
{
    int64_t d[2] = {1, 3};
    dfg_id t = 0, l = 0, y = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "t", &t) == DFG_OK);
    CHECK(dfg_input(DFG_LOGICAL, 2, d, "l", &l) == DFG_OK);
    CHECK(dfg_lookup(t, l, 0, &y) == DFG_ERR_DTYPE && strstr(dfg_last_error(), "Y (argument 2) is logical"));
    CHECK(dfg_lookup(l, t, 0, &y) == DFG_ERR_DTYPE && strstr(dfg_last_error(), "TABLE (argument 1)"));
    CHECK(dfg_lookup(t, t, DFG_LOOKUP_M | DFG_LOOKUP_B, &y) == DFG_ERR_ARG);
    CHECK(dfg_lookup(t, t, DFG_LOOKUP_B | DFG_LOOKUP_L, &y) == DFG_ERR_ARG);
    CHECK(dfg_lookup(t, t, 16, &y) == DFG_ERR_ARG);
    dfg_attr a = {{8}, {0}, NULL, 0};
    dfg_id in[2] = {t, t};
    CHECK(dfg_op(DFG_OP_LOOKUP, 2, in, &a, &y) == DFG_ERR_ARG);
    a.i[0] = 3;     /* match with left */
    CHECK(dfg_op(DFG_OP_LOOKUP, 2, in, &a, &y) == DFG_ERR_ARG);
    dfg_release(t);
    dfg_release(l);
}

/* runs the graph of input x (double, n values) on dev into out */
static int run1(const char * dev, dfg_id x, const double * X, dfg_id y, void * out)
{
    const void * in[1] = {X};
    void * res[1] = {out};
    return run_on(dev, 1, &x, in, 1, &y, res);
}

static void test_accumarray(void)
{
    int64_t d6[2] = {6, 1}, d1[2] = {1, 1};
    dfg_id v = 0, s = 0, a[5] = {0, 0, 0, 0, 0};
    CHECK(dfg_input(DFG_DOUBLE, 2, d6, "v", &v) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d1, "s", &s) == DFG_OK);
    const double S[6] = {1, 2, 1, 4, 2, 2}, ST[12] = {1, 2, 1, 4, 2, 2, 1, 1, 2, 2, 1, 3};
    const double V[6] = {1, -2, 3, 4, 5, -0.5};
    const int64_t sz61[2] = {6, 1}, sz43[2] = {4, 3};
    /* accumarray (S, V) -> [4 2.5 0 4]'; accumarray (S, V, [6 1], [], 7)
     * -> [4 2.5 7 4 7 7]'; accumarray (S, V, [6 1], @max) -> [3 5 NaN 4
     * NaN NaN]' (a negative value: NaN in empty bins); accumarray (S, V,
     * [6 1], @min, 7) -> [1 -2 NaN 4 NaN NaN]'; accumarray ([S T], V,
     * [4 3]) -> [1 3 0 0 3 0 0 4 0 -0.5 0 0] column-major */
    CHECK(dfg_accumarray(S, 6, 1, NULL, 0, v, 0, 0, &a[0]) == DFG_OK);
    CHECK(dfg_accumarray(S, 6, 1, sz61, 2, v, 0, 7, &a[1]) == DFG_OK);
    CHECK(dfg_accumarray(S, 6, 1, sz61, 2, v, 1, 0, &a[2]) == DFG_OK);
    CHECK(dfg_accumarray(S, 6, 1, sz61, 2, v, 2, 7, &a[3]) == DFG_OK);
    CHECK(dfg_accumarray(ST, 6, 2, sz43, 2, v, 0, 0, &a[4]) == DFG_OK);
    const double e0[4] = {4, 2.5, 0, 4}, e1[6] = {4, 2.5, 7, 4, 7, 7};
    const double e2[6] = {3, 5, NAN, 4, NAN, NAN}, e3[6] = {1, -2, NAN, 4, NAN, NAN};
    const double e4[12] = {1, 3, 0, 0, 3, 0, 0, 4, 0, -0.5, 0, 0};
    const double * want[5] = {e0, e1, e2, e3, e4};
    const int64_t len[5] = {4, 6, 6, 6, 12};
    const char * devs[2] = {"cpu", "sim"};
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 5; j++) {
            double o[12];
            int ok = run1(devs[k], v, V, a[j], o) == DFG_OK;
            for (int64_t q = 0; q < len[j] && ok; q++)
                ok = isnan(want[j][q]) ? isnan(o[q]) : o[q] == want[j][q];
            CHECK(ok);
        }
    /* one value for every row: accumarray ([1;3;1], 2) -> [4 0 2]' */
    const double S3[3] = {1, 3, 1}, two = 2, e5[3] = {4, 0, 2};
    dfg_id b = 0;
    double o[3];
    CHECK(dfg_accumarray(S3, 3, 1, NULL, 0, s, 0, 0, &b) == DFG_OK);
    CHECK(run1("cpu", s, &two, b, o) == DFG_OK && same_vec(o, e5, 3));
    dfg_release(b);
    /* errors */
    const double bad[2] = {1, 0}, big[2] = {1, 5};
    const int64_t sz41[2] = {4, 1}, sz3[3] = {2, 2, 2};
    CHECK(dfg_accumarray(bad, 2, 1, NULL, 0, s, 0, 0, &b) == DFG_ERR_INDEX);
    CHECK(dfg_accumarray(big, 2, 1, sz41, 2, s, 0, 0, &b) == DFG_ERR_INDEX);
    CHECK(dfg_accumarray(S, 3, 2, sz3, 3, s, 0, 0, &b) == DFG_ERR_SHAPE);
    CHECK(dfg_accumarray(S3, 3, 1, NULL, 0, v, 0, 0, &b) == DFG_ERR_SHAPE &&
          strstr(dfg_last_error(), "VALS has 6 elements but SUBS has 3 rows"));
    CHECK(dfg_accumarray(S3, 3, 1, sz41, 1, s, 0, 0, &b) == DFG_ERR_ARG);
    dfg_release(v);
    dfg_release(s);
    for (int j = 0; j < 5; j++)
        dfg_release(a[j]);
}

static void test_histc(void)
{
    /* x = [0.5 1 2; 3 4 4; 2 NaN 1; -1 5 4.5]; e = [1 2 4]
     * [n, i] = histc (x, e)    -> n(:)' = 0 2 0 1 0 1 1 1 1,
     *                             i(:)' = 0 2 2 0 1 3 0 0 2 3 1 0
     * histc (x, [1 2 4], 2)    -> (:)' 1 0 1 0 1 1 1 0 0 2 0 0 (the edges
     *                             given unsorted below: sorted first) */
    int64_t dx[2] = {4, 3};
    dfg_id x = 0, r[2] = {0, 0}, r2 = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, dx, "x", &x) == DFG_OK);
    const double e[3] = {1, 2, 4}, eu[3] = {4, 1, 2};
    CHECK(dfg_histc(x, e, 3, -1, 2, r) == DFG_OK);
    CHECK(dfg_histc(x, eu, 3, 1, 1, &r2) == DFG_OK);
    const double X[12] = {0.5, 3, 2, -1, 1, 4, NAN, 5, 2, 4, 1, 4.5};
    const double n1[9] = {0, 2, 0, 1, 0, 1, 1, 1, 1};
    const double i1[12] = {0, 2, 2, 0, 1, 3, 0, 0, 2, 3, 1, 0};
    const double n2[12] = {1, 0, 1, 0, 1, 1, 1, 0, 0, 2, 0, 0};
    const char * devs[2] = {"cpu", "sim"};
    for (int k = 0; k < 2; k++) {
        double o0[9], o1[12], o2[12];
        const void * in[1] = {X};
        void * res[2] = {o0, o1};
        dfg_id outs[2] = {r[0], r[1]};
        CHECK(run_on(devs[k], 1, &x, in, 2, outs, res) == DFG_OK && same_vec(o0, n1, 9) && same_vec(o1, i1, 12));
        CHECK(run1(devs[k], x, X, r2, o2) == DFG_OK && same_vec(o2, n2, 12));
    }
    dfg_id t = 0;
    CHECK(dfg_histc(x, e, 3, 2, 1, &t) == DFG_ERR_ARG && strstr(dfg_last_error(), "X is 4x3"));
    CHECK(dfg_histc(x, e, 0, -1, 1, &t) == DFG_ERR_ARG);
    dfg_release(x);
    dfg_release(r[0]);
    dfg_release(r[1]);
    dfg_release(r2);
}

int main(void)
{
    int64_t live = dfg_live_count();
    RUN(test_octave_cases);
    RUN(test_sweep);
    RUN(test_graphs);
    RUN(test_errors);
    RUN(test_accumarray);
    RUN(test_histc);
    CHECK(dfg_live_count() == live);
    HARNESS_END();
}
