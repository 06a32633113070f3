/* tests/c/test-exec.c -- the element-wise CPU kernels end to end through
 * plans (dfg_plan_compile / dfg_plan_run with caller buffers), in double,
 * single and logical: unary math vs the C library and Octave's own mappers,
 * domain and NaN errors, binary ops, mod/rem/max/min as Octave, broadcasting
 * n-ary ops and merge; and the plan's binding of inputs, constants and
 * repeated outputs.  The re-index, matmul and reduction families are in
 * test-exec-index.c.  Octave-specific expected values come from GNU Octave
 * 7.3 (the expression that gave them is quoted).
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"

#include "exec-helpers.h"

/* Same value and sign of zero, or both NaN; rel > 0 allows a relative error. */
static int same(double a, double b, double rel)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    if (a == b) return a != 0 || signbit(a) == signbit(b);
    return rel > 0 && isfinite(b) && fabs(a - b) <= rel * fabs(b);
}
/* ---- unary ops vs the C library ------------------------------------------------ */

static double neg_d(double x) { return -x; }
static float  neg_f(float x)  { return -x; }
static double sign_d(double x) { return isnan(x) ? x : x > 0 ? 1 : x < 0 ? -1 : 0; }
static float  sign_f(float x)  { return (float)sign_d(x); }

static const struct {
    int op; double (*fd)(double); float (*ff)(float); double lo, hi;
} unary[] = {
    {DFG_OP_NEG, neg_d, neg_f, -5, 5},        {DFG_OP_EXP, exp, expf, -20, 20},
    {DFG_OP_LOG, log, logf, 0, 50},           {DFG_OP_LOG1P, log1p, log1pf, -1, 9},
    {DFG_OP_EXPM1, expm1, expm1f, -3, 3},     {DFG_OP_LOG2, log2, log2f, 0, 1024},
    {DFG_OP_LOG10, log10, log10f, 0, 1e5},    {DFG_OP_SQRT, sqrt, sqrtf, 0, 100},
    {DFG_OP_ABS, fabs, fabsf, -7, 7},         {DFG_OP_SIGN, sign_d, sign_f, -2, 2},
    {DFG_OP_SIN, sin, sinf, -7, 7},           {DFG_OP_COS, cos, cosf, -7, 7},
    {DFG_OP_TAN, tan, tanf, -1.5, 1.5},       {DFG_OP_ASIN, asin, asinf, -1, 1},
    {DFG_OP_ACOS, acos, acosf, -1, 1},        {DFG_OP_ATAN, atan, atanf, -50, 50},
    {DFG_OP_SINH, sinh, sinhf, -5, 5},        {DFG_OP_COSH, cosh, coshf, -5, 5},
    {DFG_OP_TANH, tanh, tanhf, -5, 5},        {DFG_OP_ASINH, asinh, asinhf, -9, 9},
    {DFG_OP_ACOSH, acosh, acoshf, 1, 30},     {DFG_OP_ATANH, atanh, atanhf, -1, 1},
    {DFG_OP_FLOOR, floor, floorf, -4, 4},     {DFG_OP_CEIL, ceil, ceilf, -4, 4},
    {DFG_OP_ROUND, round, roundf, -4, 4},     {DFG_OP_FIX, trunc, truncf, -4, 4},
    {DFG_OP_ERF, erf, erff, -3, 3},           {DFG_OP_ERFC, erfc, erfcf, -3, 3},
    {DFG_OP_GAMMA, tgamma, tgammaf, 0.05, 30},{DFG_OP_GAMMALN, lgamma, lgammaf, 0.05, 200},
};

static void test_unary_vs_libm(void)
{
    enum { N = 44 };
    int seen[256] = {0};
    for (size_t u = 0; u < sizeof unary / sizeof *unary; u++) {
        double xd[N], od[N];
        float xf[N], of[N];
        for (int k = 0; k < N - 3; k++)          /* the domain, ends included */
            xd[k] = unary[u].lo + (unary[u].hi - unary[u].lo) * k / (N - 4);
        xd[N - 3] = NAN;
        xd[N - 2] = unary[u].lo <= 0 && unary[u].hi >= 0 ? -0.0 : unary[u].hi;
        xd[N - 1] = unary[u].lo + 0.5 * (unary[u].hi - unary[u].lo) / (N - 4);
        for (int k = 0; k < N; k++) xf[k] = (float)xd[k];
        char shape[32];
        snprintf(shape, sizeof shape, "%dx%d", 4, N / 4);
        arg ad = {DFG_DOUBLE, shape, xd}, af = {DFG_SINGLE, shape, xf};
        int okd = apply(unary[u].op, 1, &ad, NULL, od, sizeof od, NULL) == DFG_OK;
        int okf = apply(unary[u].op, 1, &af, NULL, of, sizeof of, NULL) == DFG_OK;
        for (int k = 0; k < N && okd; k++)
            if (!same(od[k], unary[u].fd(xd[k]), 4 * DBL_EPSILON)) {
                fprintf(stderr, "%s(%.17g) = %.17g, want %.17g\n", dfg_op_name(unary[u].op),
                        xd[k], od[k], unary[u].fd(xd[k]));
                okd = 0;
            }
        for (int k = 0; k < N && okf; k++)
            if (!same(of[k], unary[u].ff(xf[k]), 4 * FLT_EPSILON)) {
                fprintf(stderr, "%s(single %.9g) = %.9g, want %.9g\n", dfg_op_name(unary[u].op),
                        xf[k], of[k], unary[u].ff(xf[k]));
                okf = 0;
            }
        CHECK(okd);
        CHECK(okf);
        seen[unary[u].op] = 1;
    }
    /* the table covers every unary math op (NOT and CAST are tested apart) */
    int all = 1;
    for (int op = DFG_OP_NEG; op <= DFG_OP_GAMMALN; op++)
        all &= seen[op] || op == DFG_OP_NOT || op == DFG_OP_CAST;
    CHECK(all);
}

/* Octave's own definitions at the special points. */
static void test_unary_octave(void)
{
    static const struct { int op; int n; double x[13]; double want[13]; } cases[] = {
        /* round([2.5 -2.5 0.5 -0.5 1.5 -1.49 0 -0 Inf NaN 3.7 -3.7]) */
        {DFG_OP_ROUND, 12, {2.5, -2.5, 0.5, -0.5, 1.5, -1.49, 0, -0.0, INFINITY, NAN, 3.7, -3.7},
                           {3, -3, 1, -1, 2, -1, 0, -0.0, INFINITY, NAN, 4, -4}},
        {DFG_OP_FIX,   12, {2.5, -2.5, 0.5, -0.5, 1.5, -1.49, 0, -0.0, INFINITY, NAN, 3.7, -3.7},
                           {2, -2, 0, -0.0, 1, -1, 0, -0.0, INFINITY, NAN, 3, -3}},
        {DFG_OP_SIGN,  12, {2.5, -2.5, 0.5, -0.5, 1.5, -1.49, 0, -0.0, INFINITY, NAN, 3.7, -3.7},
                           {1, -1, 1, -1, 1, -1, 0, 0, 1, NAN, 1, -1}},
        /* gamma([0 -0 -1 -2 -2.5 Inf -Inf NaN 0.5 5 171 172 -0.5]) */
        {DFG_OP_GAMMA, 13, {0, -0.0, -1, -2, -2.5, INFINITY, -INFINITY, NAN, 0.5, 5, 171, 172, -0.5},
                           {INFINITY, -INFINITY, INFINITY, INFINITY, -0.9453087204829419, INFINITY,
                            INFINITY, NAN, 1.7724538509055161, 24, 7.257415615307999e+306,
                            INFINITY, -3.5449077018110318}},
        /* gammaln([0.5 1 2 10 -1.5 0 -Inf Inf -2]) */
        {DFG_OP_GAMMALN, 9, {0.5, 1, 2, 10, -1.5, 0, -INFINITY, INFINITY, -2},
                            {0.57236494292470008, 0, 0, 12.801827480081471, 0.86004701537648087,
                             INFINITY, INFINITY, INFINITY, INFINITY}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        int n = cases[c].n;
        double od[16];
        float xf[16], of[32];
        char shape[16];
        snprintf(shape, sizeof shape, "1x%d", n);
        for (int k = 0; k < n; k++) xf[k] = (float)cases[c].x[k];
        arg ad = {DFG_DOUBLE, shape, cases[c].x}, af = {DFG_SINGLE, shape, xf};
        int okd = apply(cases[c].op, 1, &ad, NULL, od, sizeof od, NULL) == DFG_OK;
        int okf = apply(cases[c].op, 1, &af, NULL, of, sizeof of, NULL) == DFG_OK;
        for (int k = 0; k < n; k++) {
            double w = cases[c].want[k];
            okd &= same(od[k], w, 1e-15);
            /* single: gamma(single(171)) overflows to Inf in Octave too */
            float wf = (float)w;
            okf &= same(of[k], wf, 4e-7);
            if (!same(od[k], w, 1e-15) || !same(of[k], wf, 4e-7))
                fprintf(stderr, "%s(%g): %.17g / %.9g, want %.17g\n", dfg_op_name(cases[c].op),
                        cases[c].x[k], od[k], of[k], w);
        }
        CHECK(okd);
        CHECK(okf);
    }
}

/* Values for which Octave goes complex: DFG_ERR_DOMAIN, in both classes,
 * wherever the bad element is; the edge of each domain is fine. */
static void test_domain_errors(void)
{
    static const struct { int op; double ok, bad, edge; } cases[] = {
        {DFG_OP_LOG, 2, -1, 0},        {DFG_OP_LOG2, 2, -0.5, 0},
        {DFG_OP_LOG10, 2, -3, 0},      {DFG_OP_LOG1P, 2, -2, -1},
        {DFG_OP_SQRT, 2, -1, -0.0},    {DFG_OP_ASIN, 0.5, 2, -1},
        {DFG_OP_ASIN, 0.5, -1.5, 1},   {DFG_OP_ACOS, 0.5, 1.5, -1},
        {DFG_OP_ACOSH, 2, 0.5, 1},     {DFG_OP_ATANH, 0.5, 2, 1},
        {DFG_OP_ATANH, 0.5, -1.01, -1},{DFG_OP_GAMMALN, 2, -0.5, -1.5},
        {DFG_OP_GAMMALN, 2, -2.5, -2}, {DFG_OP_LOG, 2, -INFINITY, INFINITY},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int t = 0; t < 2; t++)
            for (int where = 0; where < 3; where++) {
                double xd[3] = {cases[c].ok, cases[c].ok, cases[c].ok}, od[3];
                float xf[3], of[6];
                xd[where] = cases[c].bad;
                for (int k = 0; k < 3; k++) xf[k] = (float)xd[k];
                arg a = {DT[t], "3x1", t ? (const void *)xf : (const void *)xd};
                dfg_status st = apply(cases[c].op, 1, &a, NULL, t ? (void *)of : (void *)od,
                                      sizeof od, NULL);
                CHECK(st == DFG_ERR_DOMAIN && strstr(dfg_last_error(), "complex") &&
                      strstr(dfg_last_error(), dfg_op_name(cases[c].op)));
                xd[where] = cases[c].edge;
                for (int k = 0; k < 3; k++) xf[k] = (float)xd[k];
                CHECK(apply(cases[c].op, 1, &a, NULL, t ? (void *)of : (void *)od,
                            sizeof od, NULL) == DFG_OK);
            }
    /* (-8)^(1/3) and (-8)^NaN are complex in Octave; (-8)^3, (-8)^2,
     * 8^(1/3) are not, nor (-Inf)^(-1/2) (a real -0 or +0: the imaginary
     * part vanishes) */
    double b[5] = {-8, -8, -8, 8, -8}, e[5] = {1.0 / 3, 3, 2, 1.0 / 3, NAN}, o[4];
    arg pa[2] = {{DFG_DOUBLE, "1x1", b}, {DFG_DOUBLE, "1x1", e}};
    CHECK(apply(DFG_OP_POW, 2, pa, NULL, o, sizeof o, NULL) == DFG_ERR_DOMAIN);
    arg pn[2] = {{DFG_DOUBLE, "1x1", b + 4}, {DFG_DOUBLE, "1x1", e + 4}};
    CHECK(apply(DFG_OP_POW, 2, pn, NULL, o, sizeof o, NULL) == DFG_ERR_DOMAIN);
    arg pb[2] = {{DFG_DOUBLE, "1x3", b + 1}, {DFG_DOUBLE, "1x3", e + 1}};
    CHECK(apply(DFG_OP_POW, 2, pb, NULL, o, sizeof o, NULL) == DFG_OK &&
          o[0] == -512 && o[1] == 64 && fabs(o[2] - 2) < 1e-15);
    double bi[1] = {-INFINITY}, ei[1] = {-0.5};
    arg pi_[2] = {{DFG_DOUBLE, "1x1", bi}, {DFG_DOUBLE, "1x1", ei}};
    CHECK(apply(DFG_OP_POW, 2, pi_, NULL, o, sizeof o, NULL) == DFG_OK && o[0] == 0);
    float bf[2] = {4, -8}, ef[1] = {0.5f}, of[2];
    arg pc[2] = {{DFG_SINGLE, "2x1", bf}, {DFG_SINGLE, "1x1", ef}};
    CHECK(apply(DFG_OP_POW, 2, pc, NULL, of, sizeof of, NULL) == DFG_ERR_DOMAIN);
}

/* not/and/or/xor and the cast to logical reject NaN (DFG_ERR_ARG). */
static void test_logical_ops(void)
{
    double x[4] = {0, 2, -0.0, -INFINITY}, y[4] = {1, 0, 0, 3}, nan[1] = {NAN};
    uint8_t o[4];
    arg ax = {DFG_DOUBLE, "2x2", x}, an = {DFG_DOUBLE, "1x1", nan};
    CHECK(apply(DFG_OP_NOT, 1, &ax, NULL, o, sizeof o, NULL) == DFG_OK &&
          o[0] == 1 && o[1] == 0 && o[2] == 1 && o[3] == 0);
    CHECK(apply(DFG_OP_NOT, 1, &an, NULL, o, sizeof o, NULL) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "NaN") != NULL);
    static const struct { int op; uint8_t want[4]; } lc[] = {
        {DFG_OP_AND, {0, 0, 0, 1}}, {DFG_OP_OR, {1, 1, 0, 1}}, {DFG_OP_XOR, {1, 1, 0, 0}},
    };
    for (int c = 0; c < 3; c++) {
        for (int t = 0; t < 3; t++) {        /* double, single, logical inputs */
            float xf[4], yf[4];
            uint8_t xl[4], yl[4];
            for (int k = 0; k < 4; k++) {
                xf[k] = (float)x[k]; yf[k] = (float)y[k];
                xl[k] = x[k] != 0; yl[k] = y[k] != 0;
            }
            const void * px = t == 0 ? (const void *)x : t == 1 ? (const void *)xf : xl;
            const void * py = t == 0 ? (const void *)y : t == 1 ? (const void *)yf : yl;
            arg a[2] = {{DT[t], "2x2", px}, {DT[t], "2x2", py}};
            CHECK(apply(lc[c].op, 2, a, NULL, o, sizeof o, NULL) == DFG_OK &&
                  memcmp(o, lc[c].want, 4) == 0);
        }
        arg a[2] = {ax, an};
        CHECK(apply(lc[c].op, 2, a, NULL, o, sizeof o, NULL) == DFG_ERR_ARG);
        arg b[2] = {an, ax};
        CHECK(apply(lc[c].op, 2, b, NULL, o, sizeof o, NULL) == DFG_ERR_ARG);
    }
    /* casts */
    dfg_attr tol = {{DFG_LOGICAL}, {0}, NULL, 0}, tos = {{DFG_SINGLE}, {0}, NULL, 0};
    dfg_attr tod = {{DFG_DOUBLE}, {0}, NULL, 0};
    CHECK(apply(DFG_OP_CAST, 1, &ax, &tol, o, sizeof o, NULL) == DFG_OK &&
          o[0] == 0 && o[1] == 1 && o[2] == 0 && o[3] == 1);
    CHECK(apply(DFG_OP_CAST, 1, &an, &tol, o, sizeof o, NULL) == DFG_ERR_ARG);
    double big[2] = {1e300, 0.1};
    float f[2];
    arg ab = {DFG_DOUBLE, "1x2", big};
    CHECK(apply(DFG_OP_CAST, 1, &ab, &tos, f, sizeof f, NULL) == DFG_OK &&
          isinf(f[0]) && f[1] == 0.1f);
    uint8_t l[3] = {1, 0, 1};
    double d[3];
    arg al = {DFG_LOGICAL, "3x1", l}, af = {DFG_SINGLE, "1x2", f};
    CHECK(apply(DFG_OP_NOT, 1, &al, NULL, o, sizeof o, NULL) == DFG_OK &&
          o[0] == 0 && o[1] == 1 && o[2] == 0);
    CHECK(apply(DFG_OP_CAST, 1, &ab, &tod, d, sizeof d, NULL) == DFG_OK &&
          d[0] == 1e300 && d[1] == 0.1);                   /* to its own class */
    CHECK(apply(DFG_OP_CAST, 1, &al, &tod, d, sizeof d, NULL) == DFG_OK &&
          d[0] == 1 && d[1] == 0 && d[2] == 1);
    CHECK(apply(DFG_OP_CAST, 1, &af, &tod, d, sizeof d, NULL) == DFG_OK &&
          isinf(d[0]) && d[1] == (double)0.1f);
}

/* ---- binary ops --------------------------------------------------------------- */

static double add_d(double x, double y) { return x + y; }
static double sub_d(double x, double y) { return x - y; }
static double mul_d(double x, double y) { return x * y; }
static double div_d(double x, double y) { return x / y; }
static double eq_d(double x, double y) { return x == y; }
static double ne_d(double x, double y) { return x != y; }
static double lt_d(double x, double y) { return x < y; }
static double le_d(double x, double y) { return x <= y; }
static double gt_d(double x, double y) { return x > y; }
static double ge_d(double x, double y) { return x >= y; }

/* Row (3x1) op column (1x4): every kernel vs its C definition. */
static void test_binary_vs_libm(void)
{
    static const struct { int op; double (*f)(double, double); int logical_out; } cases[] = {
        {DFG_OP_ADD, add_d, 0}, {DFG_OP_SUB, sub_d, 0}, {DFG_OP_MUL, mul_d, 0},
        {DFG_OP_DIV, div_d, 0}, {DFG_OP_POW, pow, 0},   {DFG_OP_ATAN2, atan2, 0},
        {DFG_OP_HYPOT, hypot, 0}, {DFG_OP_EQ, eq_d, 1}, {DFG_OP_NE, ne_d, 1},
        {DFG_OP_LT, lt_d, 1},   {DFG_OP_LE, le_d, 1},   {DFG_OP_GT, gt_d, 1},
        {DFG_OP_GE, ge_d, 1},
    };
    double a[3] = {0.5, 2, NAN}, b[4] = {2, -1.5, 0, 0.5};
    float af[3], bf[4];
    for (int k = 0; k < 3; k++) af[k] = (float)a[k];
    for (int k = 0; k < 4; k++) bf[k] = (float)b[k];
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int t = 0; t < 2; t++) {
            double o[12];
            char res[32];
            arg in[2] = {{DT[t], "3x1", t ? (const void *)af : a}, {DT[t], "1x4", t ? (const void *)bf : b}};
            int ok = apply(cases[c].op, 2, in, NULL, o, sizeof o, res) == DFG_OK &&
                     strcmp(res, "3x4") == 0;
            dfg_dtype odt = cases[c].logical_out ? DFG_LOGICAL : DT[t];
            for (int j = 0; j < 4 && ok; j++)
                for (int i = 0; i < 3 && ok; i++) {
                    double x = t ? af[i] : a[i], y = t ? bf[j] : b[j];
                    double w = cases[c].f(x, y);
                    if (t && !cases[c].logical_out) w = (float)cases[c].f((float)x, (float)y);
                    ok = same(get(odt, o, i + 3 * j), w, t ? 4 * FLT_EPSILON : 0);
                }
            CHECK(ok);
        }
}

/* mod, rem, max, min: Octave 7 on x = [5 -5 5 -5 5.5 -5.5 0 -0 3 0.3 1 -1
 * Inf -Inf NaN 5 2.1 -7 6 1e-20], y = [3 3 -3 -3 0 0 3 3 3 0.1 0.1 0.1 3 3 3
 * Inf 0.7 2.5 -0 0.3]; signs from signbit(mod(x, y)). */
static void test_mod_rem_max_min(void)
{
    enum { N = 20 };
    static const double x[N] = {5, -5, 5, -5, 5.5, -5.5, 0, -0.0, 3, 0.3, 1, -1, INFINITY,
                                -INFINITY, NAN, 5, 2.1, -7, 6, 1e-20};
    static const double y[N] = {3, 3, -3, -3, 0, 0, 3, 3, 3, 0.1, 0.1, 0.1, 3, 3, 3, INFINITY,
                                0.7, 2.5, -0.0, 0.3};
    static const double mod_w[N] = {2, 1, -1, -2, 5.5, -5.5, 0, 0, 0, 0, 0, 0, NAN, NAN, NAN,
                                    NAN, 0, 0.5, 6, 1e-20};
    static const double rem_w[N] = {2, -2, 2, -2, NAN, NAN, 0, -0.0, 0, 0, 0, -0.0, NAN, NAN,
                                    NAN, NAN, 0, -2, NAN, 1e-20};
    /* max/min(a, b): NaN ignored, first of equal zeros wins */
    static const double ma[6] = {1, NAN, NAN, 2, -0.0, 0}, mb[6] = {NAN, 1, NAN, 2, 0, -0.0};
    static const double max_w[6] = {1, 1, NAN, 2, -0.0, 0}, min_w[6] = {1, 1, NAN, 2, -0.0, 0};
    static const struct { int op; const double * a, * b, * w; int n; } cases[] = {
        {DFG_OP_MOD, x, y, mod_w, N}, {DFG_OP_REM, x, y, rem_w, N},
        {DFG_OP_MAX2, ma, mb, max_w, 6}, {DFG_OP_MIN2, ma, mb, min_w, 6},
    };
    for (int c = 0; c < 4; c++)
        for (int t = 0; t < 2; t++) {
            int n = cases[c].n;
            float af[N], bf[N], of[2 * N];
            double od[N];
            for (int k = 0; k < n; k++) { af[k] = (float)cases[c].a[k]; bf[k] = (float)cases[c].b[k]; }
            char shape[16];
            snprintf(shape, sizeof shape, "1x%d", n);
            arg in[2] = {{DT[t], shape, t ? (const void *)af : cases[c].a},
                         {DT[t], shape, t ? (const void *)bf : cases[c].b}};
            int ok = apply(cases[c].op, 2, in, NULL, t ? (void *)of : od, sizeof od, NULL) == DFG_OK;
            for (int k = 0; k < n && ok; k++) {
                double w = t ? (float)cases[c].w[k] : cases[c].w[k];
                double g = t ? of[k] : od[k];
                ok = same(g, w, 0);
                if (!ok)
                    fprintf(stderr, "%s(%g, %g) %s = %.17g, want %.17g\n", dfg_op_name(cases[c].op),
                            cases[c].a[k], cases[c].b[k], t ? "single" : "double", g, w);
            }
            CHECK(ok);
        }
    /* logical max/min are or/and and stay logical */
    uint8_t la[4] = {0, 0, 1, 1}, lb[4] = {0, 1, 0, 1}, lo[4];
    arg in[2] = {{DFG_LOGICAL, "2x2", la}, {DFG_LOGICAL, "2x2", lb}};
    CHECK(apply(DFG_OP_MAX2, 2, in, NULL, lo, sizeof lo, NULL) == DFG_OK &&
          lo[0] == 0 && lo[1] == 1 && lo[2] == 1 && lo[3] == 1);
    CHECK(apply(DFG_OP_MIN2, 2, in, NULL, lo, sizeof lo, NULL) == DFG_OK &&
          lo[0] == 0 && lo[1] == 0 && lo[2] == 0 && lo[3] == 1);
    double d[4];
    CHECK(apply(DFG_OP_ADD, 2, in, NULL, d, sizeof d, NULL) == DFG_OK &&
          d[0] == 0 && d[1] == 1 && d[3] == 2);
}

/* ---- broadcasting ------------------------------------------------------------- */

static uint32_t rng = 2463534242u;
static double rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
    return (double)(rng % 2000) / 100.0 - 10.0;
}

/* Reference: the offset in an array of dims ind of output element at. */
static int64_t bcast_off(int nd, const int64_t * od, const int64_t * ind, int64_t at)
{
    int64_t off = 0, s = 1;
    for (int j = 0; j < nd; j++) {
        int64_t c = at % od[j];
        at /= od[j];
        off += (ind[j] == 1 ? 0 : c) * s;
        s *= ind[j];
    }
    return off;
}

static void test_broadcast(void)
{
    static const char * pairs[][3] = {
        {"3x1", "1x4", "3x4"},           {"1x1", "3x4", "3x4"},
        {"3x4", "1x1", "3x4"},           {"3x4", "3x4", "3x4"},
        {"2x3x4", "2x1x4", "2x3x4"},     {"1x3x1", "2x1x4", "2x3x4"},
        {"2x1x3x1x2", "1x4x1x5", "2x4x3x5x2"}, {"5x1", "5x1x3", "5x1x3"},
        {"1x7", "6x1", "6x7"},           {"0x3", "1x3", "0x3"},
        {"1x0", "3x1", "3x0"},           {"4x1x3", "1x1", "4x1x3"},
    };
    static const int ops[] = {DFG_OP_ADD, DFG_OP_MUL, DFG_OP_LT, DFG_OP_MAX2, DFG_OP_MERGE};
    for (size_t p = 0; p < sizeof pairs / sizeof *pairs; p++)
        for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
            for (int t = 0; t < 3; t++) {
                int op = ops[o];
                if (t == 2 && op != DFG_OP_MAX2 && op != DFG_OP_MERGE)
                    continue;                       /* logical kernels */
                int64_t na = numel_of(pairs[p][0]), nb = numel_of(pairs[p][1]);
                int64_t no = numel_of(pairs[p][2]);
                double * a = malloc(8 * (size_t)(na + 1)), * b = malloc(8 * (size_t)(nb + 1));
                uint8_t * m = malloc((size_t)na + 1);
                void * out = malloc(8 * (size_t)(no + 1));
                for (int64_t k = 0; k < na; k++) { put(DT[t], a, k, t == 2 ? (rnd(), rng % 2) : rnd()); m[k] = (rnd(), rng % 3 == 0); }
                for (int64_t k = 0; k < nb; k++) put(DT[t], b, k, t == 2 ? (rnd(), rng % 2) : rnd());
                arg in[3] = {{DT[t], pairs[p][0], a}, {DT[t], pairs[p][1], b}};
                if (op == DFG_OP_MERGE) {               /* merge(mask_a, a, b) */
                    in[2] = in[1];
                    in[1] = in[0];
                    in[0] = (arg){DFG_LOGICAL, pairs[p][0], m};
                }
                char res[64];
                dfg_status st = apply(op, op == DFG_OP_MERGE ? 3 : 2, in, NULL, out,
                                      8 * (size_t)(no + 1), res);
                int ok = st == DFG_OK && strcmp(res, pairs[p][2]) == 0;
                int64_t od[DFG_MAX_DIMS], ad[DFG_MAX_DIMS], bd[DFG_MAX_DIMS];
                int nd = parse(pairs[p][2], od), nda = parse(pairs[p][0], ad);
                int ndb = parse(pairs[p][1], bd);
                for (int j = nda; j < nd; j++) ad[j] = 1;
                for (int j = ndb; j < nd; j++) bd[j] = 1;
                dfg_dtype odt = op == DFG_OP_LT ? DFG_LOGICAL : DT[t];
                for (int64_t k = 0; k < no && ok; k++) {
                    int64_t ia = bcast_off(nd, od, ad, k), ib = bcast_off(nd, od, bd, k);
                    double x = get(DT[t], a, ia), y = get(DT[t], b, ib), w;
                    switch (op) {
                    case DFG_OP_ADD:  w = t == 1 ? (float)x + (float)y : x + y; break;
                    case DFG_OP_MUL:  w = t == 1 ? (float)x * (float)y : x * y; break;
                    case DFG_OP_LT:   w = x < y; break;
                    case DFG_OP_MAX2: w = x >= y ? x : y; break;
                    default:          w = m[ia] ? x : y; break;
                    }
                    ok = same(get(odt, out, k), w, 0);
                }
                if (!ok)
                    fprintf(stderr, "broadcast %s %s %s class %d: st %d res %s\n", dfg_op_name(op),
                            pairs[p][0], pairs[p][1], t, st, res);
                CHECK(ok);
                free(a); free(b); free(m); free(out);
            }
}

/* ---- plans: bindings ----------------------------------------------------------- */

static void test_plan_bindings(void)
{
    int64_t live = dfg_live_count();
    int64_t d[2] = {2, 2};
    double xv[4] = {1, 2, 3, 4}, cv[4] = {10, 20, 30, 40};
    dfg_id x, c, y, z, plan = 0, unused, free_in;
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "x", &x) == DFG_OK);
    CHECK(dfg_input(DFG_SINGLE, 2, d, NULL, &unused) == DFG_OK);
    CHECK(dfg_input(DFG_DOUBLE, 2, d, "q", &free_in) == DFG_OK);
    CHECK(dfg_constant(DFG_DOUBLE, 2, d, cv, &c) == DFG_OK);
    dfg_id xc[2] = {x, c};
    CHECK(dfg_op(DFG_OP_ADD, 2, xc, NULL, &y) == DFG_OK);
    CHECK(dfg_op(DFG_OP_NEG, 1, &y, NULL, &z) == DFG_OK);
    /* outputs: an input, a constant, y twice, and z computed from y */
    dfg_id outs[5] = {x, c, y, y, z}, ins[2] = {unused, x};
    dfg_options none = { 0, 0 };    /* the schedule as built: no passes */
    CHECK(dfg_plan_compile_opts(2, ins, 5, outs, &none, &plan) == DFG_OK);
    int ni = 0, no = 0;
    CHECK(dfg_plan_arity(plan, &ni, &no) == DFG_OK && ni == 2 && no == 5);
    dfg_dtype dt;
    int nd;
    int64_t pd[DFG_MAX_DIMS];
    CHECK(dfg_plan_port(plan, 0, 0, &dt, &nd, pd) == DFG_OK && dt == DFG_SINGLE && nd == 2 && pd[1] == 2);
    CHECK(dfg_plan_port(plan, 1, 4, &dt, &nd, pd) == DFG_OK && dt == DFG_DOUBLE);
    CHECK(dfg_plan_port(plan, 1, 5, &dt, &nd, pd) == DFG_ERR_ARG);
    CHECK(dfg_plan_port(plan, 0, -1, &dt, &nd, pd) == DFG_ERR_ARG);
    int64_t steps = -1;
    CHECK(dfg_plan_size(plan, &steps) == DFG_OK && steps == 2);
    float uv[4] = {0};
    double o[5][4];
    memset(o, 0xA5, sizeof o);
    const void * in[2] = {uv, xv};
    void * out[5] = {o[0], o[1], o[2], o[3], o[4]};
    CHECK(dfg_plan_run(plan, in, out) == DFG_OK);
    int ok = 1;
    for (int k = 0; k < 4; k++)
        ok &= o[0][k] == xv[k] && o[1][k] == cv[k] && o[2][k] == xv[k] + cv[k] &&
              o[3][k] == o[2][k] && o[4][k] == -o[2][k];
    CHECK(ok);
    /* a second run sees new data */
    double xv2[4] = {-1, -2, -3, -4};
    in[1] = xv2;
    CHECK(dfg_plan_run(plan, in, out) == DFG_OK && o[0][3] == -4 && o[2][3] == 36 && o[4][0] == -9);
    CHECK(dfg_release(plan) == DFG_OK);
    /* a plan with only constants; one with no outputs */
    CHECK(dfg_plan_compile(0, NULL, 1, &c, &plan) == DFG_OK);
    CHECK(dfg_plan_run(plan, NULL, out) == DFG_OK && o[0][2] == 30);
    CHECK(dfg_release(plan) == DFG_OK);
    CHECK(dfg_plan_compile(1, &x, 0, NULL, &plan) == DFG_OK);
    CHECK(dfg_plan_run(plan, in + 1, NULL) == DFG_OK);
    CHECK(dfg_release(plan) == DFG_OK);
    /* errors at compile */
    dfg_id fq[2] = {x, free_in}, w = 0, xx[2] = {x, x};
    CHECK(dfg_op(DFG_OP_MUL, 2, fq, NULL, &w) == DFG_OK);
    plan = 0;
    CHECK(dfg_plan_compile(1, &x, 1, &w, &plan) == DFG_ERR_FREE_INPUT && plan == 0);
    CHECK(strstr(dfg_last_error(), "'q'") && strstr(dfg_last_error(), "2x2"));
    CHECK(dfg_plan_compile(1, &free_in, 1, &unused, &plan) == DFG_ERR_FREE_INPUT);
    CHECK(strstr(dfg_last_error(), "unnamed") && strstr(dfg_last_error(), "single"));
    CHECK(dfg_plan_compile(2, xx, 1, &y, &plan) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "inputs 1 and 2") != NULL);
    CHECK(dfg_plan_compile(1, &c, 1, &y, &plan) == DFG_ERR_ARG);
    CHECK(dfg_plan_compile(1, &y, 1, &z, &plan) == DFG_ERR_ARG);
    CHECK(plan == 0);
    dfg_id all[] = {x, c, y, z, unused, free_in, w};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++)
        CHECK(dfg_release(all[k]) == DFG_OK);
    CHECK(dfg_live_count() == live);
}

int main(void)
{
    RUN(test_unary_vs_libm);
    RUN(test_unary_octave);
    RUN(test_domain_errors);
    RUN(test_logical_ops);
    RUN(test_binary_vs_libm);
    RUN(test_mod_rem_max_min);
    RUN(test_broadcast);
    RUN(test_plan_bindings);
    CHECK(dfg_live_count() == 0);
    HARNESS_END();
}
