/* tests/c/test-matfun.c -- kernels/cpu/matfun.c (dfg_cpu_expm, dfg_cpu_sqrtm,
 * dfg_cpu_logm, dfg_cpu_frechet) and the issue-22 forms of kernels/cpu/
 * linalg.c (dfg_cpu_eig_gen, dfg_cpu_qr_raw, dfg_cpu_svd_full,
 * dfg_cpu_pinv_tol), with the graphs of lib/core/compose-linalg.c built on
 * them (dfg_expm, dfg_sqrtm, dfg_logm, dfg_svd, dfg_qr, dfg_eig, dfg_cond,
 * dfg_rank):
 *  - fixed cases whose expected values come from GNU Octave 7.3 (the
 *    command quoted next to each), double and single;
 *  - identities: sqrtm (A)^2 = A, expm (logm (A)) = A, U S V' = A;
 *  - complex results are DFG_ERR_DOMAIN, never real numbers;
 *  - the Frechet derivative against central differences;
 *  - a NaN expm's balancing cannot set aside is an error without a LAPACK
 *    xerbla call (which would print);
 *  - graphs with gradients on the CPU and on the emulated device "sim"
 *    (bitwise the CPU's). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "dfg.h"
#include "plan-helpers.h"
#include "../../kernels/cpu/cpu.h"

static void mm(int n, const double * a, const double * b, double * c)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += a[i + n * k] * b[k + n * j];
            c[i + n * j] = s;
        }
}

/* ---- fixed cases from Octave 7.3 ------------------------------------------------ */

static void test_octave_cases(void)
{
    double r[4];
    float rf[4];
    /* expm ([1 2; 3 4]) */
    const double a[4] = {1, 3, 2, 4};
    const double ea[4] = {51.968956198704987, 112.10484685050483, 74.736564567003214, 164.07380304920989};
    CHECK(dfg_cpu_expm(DFG_DOUBLE, 2, a, r) == DFG_OK);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(r[k], ea[k], 1e-13);
    /* expm (single ([1 2; 3 4])) = 51.968956 112.104851 74.7365799 164.073837 */
    const float af[4] = {1, 3, 2, 4};
    const double eaf[4] = {51.968956, 112.104851, 74.7365799, 164.073837};
    CHECK(dfg_cpu_expm(DFG_SINGLE, 2, af, rf) == DFG_OK);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(rf[k], eaf[k], 1e-6);
    /* expm ([0 2; -2 0]) (a rotation) */
    const double rot[4] = {0, 2, -2, 0};
    const double erot[4] = {-0.41614683654714241, 0.90929742682568193, -0.90929742682568182,
                            -0.41614683654714241};
    CHECK(dfg_cpu_expm(DFG_DOUBLE, 2, rot, r) == DFG_OK);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(r[k], erot[k], 1e-13);
    /* sqrtm ([4 1; 1 3]) */
    const double s[4] = {4, 1, 1, 3};
    const double ss[4] = {1.9815776331353152, 0.27083220609417924, 0.2708322060941793, 1.7107454270411362};
    CHECK(dfg_cpu_sqrtm(DFG_DOUBLE, 2, s, r) == DFG_OK);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(r[k], ss[k], 1e-13);
    /* sqrtm ([0 -2; 2 0]): real (eigenvalues +-2i) */
    const double q[4] = {0, 2, -2, 0}, sq[4] = {1, 1, -1, 1};
    CHECK(dfg_cpu_sqrtm(DFG_DOUBLE, 2, q, r) == DFG_OK);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(r[k], sq[k], 1e-13);
    /* logm ([2 1; 0.5 3]) */
    const double l[4] = {2, 0.5, 1, 3};
    const double ll[4] = {0.64374356298623481, 0.20863048313297708, 0.41726096626595405, 1.061004529252189};
    CHECK(dfg_cpu_logm(DFG_DOUBLE, 2, l, r) == DFG_OK);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(r[k], ll[k], 1e-13);
    /* qr ([1 2; 3 4; 5 6]) with one output */
    const double b[6] = {1, 3, 5, 2, 4, 6};
    const double qb[6] = {-5.9160797830996161, 0.50709255283710997, 0.84515425472851657,
                          -7.4373574416109456, 0.82807867121082501, 0.99358315450722989};
    double r6[6];
    CHECK(dfg_cpu_qr_raw(DFG_DOUBLE, 3, 2, b, r6) == DFG_OK);
    for (int k = 0; k < 6; k++)
        CHECK_NEAR(r6[k], qb[k], 1e-14);
    /* eig ([4 1; 2 3]) = [5; 2] (LAPACK's order) */
    const double e[4] = {4, 2, 1, 3};
    double w[2], v[4];
    CHECK(dfg_cpu_eig_gen(DFG_DOUBLE, 2, e, w, v) == DFG_OK);
    CHECK_NEAR(w[0], 5, 1e-14);
    CHECK_NEAR(w[1], 2, 1e-14);
    for (int j = 0; j < 2; j++) {        /* A v = w v, |v| = 1 */
        CHECK_NEAR(4 * v[2 * j] + 1 * v[2 * j + 1], w[j] * v[2 * j], 1e-13);
        CHECK_NEAR(hypot(v[2 * j], v[2 * j + 1]), 1, 1e-14);
    }
}

/* ---- identities ----------------------------------------------------------------- */

static void test_identities(void)
{
    enum { N = 5 };
    double a[N * N], s[N * N], s2[N * N], l[N * N], el[N * N];
    srand(7);
    /* A = B' B + I: symmetric positive definite, then made non-symmetric by
     * a positive diagonal scaling (positive real eigenvalues) */
    double bm[N * N];
    for (int k = 0; k < N * N; k++)
        bm[k] = (double)rand() / RAND_MAX - 0.5;
    mm(N, bm, bm, a);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            double t = 0;
            for (int k = 0; k < N; k++)
                t += bm[k + N * i] * bm[k + N * j];
            a[i + N * j] = (t + (i == j)) * (j + 1);
        }
    CHECK(dfg_cpu_sqrtm(DFG_DOUBLE, N, a, s) == DFG_OK);
    mm(N, s, s, s2);
    for (int k = 0; k < N * N; k++)
        CHECK_NEAR(s2[k], a[k], 1e-11);
    CHECK(dfg_cpu_logm(DFG_DOUBLE, N, a, l) == DFG_OK);
    CHECK(dfg_cpu_expm(DFG_DOUBLE, N, l, el) == DFG_OK);
    for (int k = 0; k < N * N; k++)
        CHECK_NEAR(el[k], a[k], 1e-10);
    /* full SVD of a 4 x 3 matrix: U S V' = A, U and V orthogonal */
    double c[12], u[16], sv[3], vv[9];
    for (int k = 0; k < 12; k++)
        c[k] = (double)rand() / RAND_MAX - 0.5;
    CHECK(dfg_cpu_svd_full(DFG_DOUBLE, 4, 3, c, u, sv, vv) == DFG_OK);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++) {
            double t = 0;
            for (int k = 0; k < 3; k++)
                t += u[i + 4 * k] * sv[k] * vv[j + 3 * k];
            CHECK_NEAR(t, c[i + 4 * j], 1e-13);
        }
    for (int i = 0; i < 4; i++) {
        double t = 0;
        for (int k = 0; k < 4; k++)
            t += u[k + 4 * i] * u[k + 4 * 3];
        CHECK_NEAR(t, i == 3, 1e-13);
    }
    /* pinv (diag ([1 1e-3]), 1e-2) drops the small value */
    const double d[4] = {1, 0, 0, 1e-3};
    double p[4];
    CHECK(dfg_cpu_pinv_tol(DFG_DOUBLE, 2, 2, d, 1e-2, p) == DFG_OK);
    CHECK(p[0] == 1 && p[1] == 0 && p[2] == 0 && p[3] == 0);
    CHECK(dfg_cpu_pinv_tol(DFG_DOUBLE, 2, 2, d, 0, p) == DFG_OK);
    CHECK_NEAR(p[3], 1000, 1e-12);
}

/* ---- complex results, NaN, bad arguments ----------------------------------------- */

static void test_refusals(void)
{
    double r[4], w[2];
    /* sqrtm ([1 2; 3 4]), logm (diag ([1 -2])), eig ([0 1; -1 0]): complex */
    const double a[4] = {1, 3, 2, 4}, d[4] = {1, 0, 0, -2}, rot[4] = {0, -1, 1, 0};
    CHECK(dfg_cpu_sqrtm(DFG_DOUBLE, 2, a, r) == DFG_ERR_DOMAIN);
    CHECK(strstr(dfg_last_error(), "complex") != NULL);
    CHECK(dfg_cpu_logm(DFG_DOUBLE, 2, d, r) == DFG_ERR_DOMAIN);
    CHECK(dfg_cpu_logm(DFG_DOUBLE, 2, a, r) == DFG_ERR_DOMAIN);
    CHECK(dfg_cpu_eig_gen(DFG_DOUBLE, 2, rot, w, NULL) == DFG_ERR_DOMAIN);
    const double neg[1] = {-4};
    CHECK(dfg_cpu_sqrtm(DFG_DOUBLE, 1, neg, r) == DFG_ERR_DOMAIN);
    /* expm ([NaN 1; 2 3]): Octave 7.3 fails in xGEBAL; expm ([1 NaN; 0 2]):
     * the NaN is set aside, the result NaN */
    const double n1[4] = {NAN, 2, 1, 3}, n2[4] = {1, 0, NAN, 2};
    CHECK(dfg_cpu_expm(DFG_DOUBLE, 2, n1, r) == DFG_ERR_ARG);
    CHECK(dfg_cpu_expm(DFG_DOUBLE, 2, n2, r) == DFG_OK && isnan(r[0]) && isnan(r[3]));
    /* sqrtm of a singular matrix warns with Octave's id */
    const double sg[4] = {4, 0, 0, 0};
    (void)dfg_take_warning();
    CHECK(dfg_cpu_sqrtm(DFG_DOUBLE, 2, sg, r) == DFG_OK && r[0] == 2 && r[3] == 0);
    const char * wmsg = dfg_take_warning();
    CHECK(wmsg && strstr(wmsg, "singular") && !strcmp(dfg_warning_id(), "Octave:sqrtm:SingularMatrix"));
    /* classes and sizes */
    const unsigned char lg[1] = {1};
    CHECK(dfg_cpu_expm(DFG_LOGICAL, 1, lg, r) == DFG_ERR_DTYPE);
    CHECK(dfg_cpu_logm(DFG_DOUBLE, -1, a, r) == DFG_ERR_ARG);
    CHECK(dfg_cpu_sqrtm(DFG_DOUBLE, 0, NULL, NULL) == DFG_OK);
}

/* ---- Frechet derivatives --------------------------------------------------------- */

/* logm (A, opt_iters) and its count, as Octave 7.3's logm.m: [s, it] =
 * logm ([2 1; 0.5 3]) takes 4 square roots; logm (A, 2) takes 2 and
 * warns; [s, it] = logm ([2 1; 1 2]) (normal) is 0; a diagonal A has no
 * count (DFG_ERR_ARG); an empty bound (lo 0, hi Inf) takes none, silently */
static void test_logm_iters(void)
{
    const double l[4] = {2, 0.5, 1, 3}, h[4] = {2, 1, 1, 2}, dg[4] = {2, 0, 0, 3};
    const double ll[4] = {0.64374356298623481, 0.20863048313297708, 0.41726096626595405, 1.061004529252189};
    double r[4], it = -1;
    (void)dfg_take_warning();
    CHECK(dfg_cpu_logm_opt(DFG_DOUBLE, 2, l, 100, 100, r, &it) == DFG_OK);
    CHECK(it == 4);
    CHECK(dfg_take_warning() == NULL);
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(r[k], ll[k], 1e-13);
    CHECK(dfg_cpu_logm_opt(DFG_DOUBLE, 2, l, 2, 2, r, &it) == DFG_OK);
    CHECK(it == 2);
    const char * w = dfg_take_warning();
    CHECK(w && strstr(w, "maximum number of square roots exceeded") && !strcmp(dfg_warning_id(), ""));
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(r[k], ll[k], 1e-6);        /* fewer roots: the Pade error, still small */
    CHECK(dfg_cpu_logm_opt(DFG_DOUBLE, 2, l, 0, INFINITY, r, &it) == DFG_OK);
    CHECK(it == 0);
    CHECK(dfg_take_warning() == NULL);
    CHECK(dfg_cpu_logm_opt(DFG_DOUBLE, 2, h, 100, 100, r, &it) == DFG_OK);
    CHECK(it == 0);
    CHECK(dfg_cpu_logm_opt(DFG_DOUBLE, 2, dg, 100, 100, r, &it) == DFG_ERR_ARG);
    CHECK(strstr(dfg_last_error(), "ITERS is undefined"));
    CHECK(dfg_cpu_logm_opt(DFG_DOUBLE, 2, dg, 100, 100, r, NULL) == DFG_OK);
    CHECK_NEAR(r[0], log(2.0), 1e-15);
    float lf[4] = {2, 0.5f, 1, 3}, rf[4];
    CHECK(dfg_cpu_logm_opt(DFG_SINGLE, 2, lf, 100, 100, rf, &it) == DFG_OK);
    CHECK(it == 4);
    CHECK_NEAR(rf[3], ll[3], 1e-6);
    /* the Frechet derivative under a bound: the bound's function's */
    const double e[4] = {1, 0, 0, 0};
    double f100[4], f0[4];
    CHECK(dfg_cpu_frechet(DFG_DOUBLE, 'l', 2, l, e, 100, f100) == DFG_OK);
    CHECK(dfg_cpu_frechet(DFG_DOUBLE, 'l', 2, l, e, 0, f0) == DFG_OK);
    CHECK(dfg_take_warning() == NULL);        /* a gradient never warns */
    for (int k = 0; k < 4; k++)
        CHECK_NEAR(f0[k], f100[k], 1e-4);
}

static void test_frechet(void)
{
    const double a[4] = {2, 0.5, 1, 3}, e[4] = {0.3, -0.2, 0.7, 0.1};
    const int fs[3] = {'e', 's', 'l'};
    for (int f = 0; f < 3; f++) {
        double l[4], p[4], m[4], ap[4], am[4], h = 1e-6;
        CHECK(dfg_cpu_frechet(DFG_DOUBLE, fs[f], 2, a, e, 100, l) == DFG_OK);
        for (int k = 0; k < 4; k++) {
            ap[k] = a[k] + h * e[k];
            am[k] = a[k] - h * e[k];
        }
        int (*fn)(int, int64_t, const void *, void *) =
            fs[f] == 'e' ? dfg_cpu_expm : fs[f] == 's' ? dfg_cpu_sqrtm : dfg_cpu_logm;
        CHECK(fn(DFG_DOUBLE, 2, ap, p) == DFG_OK && fn(DFG_DOUBLE, 2, am, m) == DFG_OK);
        for (int k = 0; k < 4; k++)
            CHECK_NEAR(l[k], (p[k] - m[k]) / (2 * h), 1e-7);
    }
}

/* ---- graphs --------------------------------------------------------------------- */

static int run(const char * dev, dfg_id x, const double * X, int n_out, const dfg_id * outs,
               double ** res)
{
    const void * in[1] = {X};
    return run_on(dev, 1, &x, in, n_out, outs, (void * const *)res);
}

static dfg_id sum_all(dfg_id t)
{
    dfg_attr a0 = {{0}, {0}, NULL, 0}, a1 = {{1}, {0}, NULL, 0};
    dfg_id s1 = 0, s2 = 0;
    CHECK(dfg_op(DFG_OP_SUM, 1, &t, &a0, &s1) == DFG_OK);
    CHECK(dfg_op(DFG_OP_SUM, 1, &s1, &a1, &s2) == DFG_OK);
    dfg_release(s1);
    return s2;
}

static void test_graphs(void)
{
    int64_t dims[2] = {3, 3};
    dfg_id x = 0, e = 0, s = 0, l = 0, svd[3] = {0, 0, 0}, qr = 0, eig[2] = {0, 0}, c = 0, rk = 0;
    CHECK(dfg_input(DFG_DOUBLE, 2, dims, "x", &x) == DFG_OK);
    CHECK(dfg_expm(x, &e) == DFG_OK && dfg_sqrtm(x, &s) == DFG_OK && dfg_logm(x, &l) == DFG_OK);
    CHECK(dfg_svd(x, 0, 3, svd) == DFG_OK);
    CHECK(dfg_qr(x, 0, 1, &qr) == DFG_OK);
    CHECK(dfg_eig(x, 2, eig) == DFG_OK);
    CHECK(dfg_cond(x, 2, 0, &c) == DFG_OK && dfg_rank(x, 0, 0, &rk) == DFG_OK);
    /* the gradient of sum (expm (x) + sqrtm (x) + logm (x)) */
    dfg_id t1 = 0, t2 = 0, tot = 0, g = 0;
    dfg_id in1[2] = {e, s};
    CHECK(dfg_op(DFG_OP_ADD, 2, in1, NULL, &t1) == DFG_OK);
    dfg_id in2[2] = {t1, l};
    CHECK(dfg_op(DFG_OP_ADD, 2, in2, NULL, &t2) == DFG_OK);
    tot = sum_all(t2);
    CHECK(dfg_grad(tot, 1, &x, 0, &g) == DFG_OK);
    dfg_id outs[11] = {e, s, l, svd[0], svd[1], svd[2], qr, eig[0], eig[1], c, g};
    const double X[9] = {4, 1, 0.5, 1, 3, 0.2, 0.3, 0.6, 5};   /* real, positive spectrum */
    double r[2][11][9];
    double * rc[11], * rs[11];
    memset(r, 0, sizeof r);
    for (int k = 0; k < 11; k++) {
        rc[k] = r[0][k];
        rs[k] = r[1][k];
    }
    CHECK(run("cpu", x, X, 11, outs, rc) == DFG_OK || !fprintf(stderr, "  cpu: %s\n", dfg_last_error()));
    CHECK(run("sim", x, X, 11, outs, rs) == DFG_OK || !fprintf(stderr, "  sim: %s\n", dfg_last_error()));
    CHECK(!memcmp(r[0], r[1], sizeof r[0]));          /* sim: bitwise the CPU's */
    double k1[9];
    CHECK(dfg_cpu_expm(DFG_DOUBLE, 3, X, k1) == DFG_OK && !memcmp(k1, r[0][0], sizeof k1));
    /* the gradient against central differences of the kernels */
    for (int k = 0; k < 9; k++) {
        double xp[9], xm[9], fp[9], fm[9], sp = 0, sm = 0, h = 1e-6;
        memcpy(xp, X, sizeof xp);
        memcpy(xm, X, sizeof xm);
        xp[k] += h;
        xm[k] -= h;
        int (*fn[3])(int, int64_t, const void *, void *) = {dfg_cpu_expm, dfg_cpu_sqrtm, dfg_cpu_logm};
        for (int f = 0; f < 3; f++) {
            CHECK(fn[f](DFG_DOUBLE, 3, xp, fp) == DFG_OK && fn[f](DFG_DOUBLE, 3, xm, fm) == DFG_OK);
            for (int i = 0; i < 9; i++) {
                sp += fp[i];
                sm += fm[i];
            }
        }
        CHECK_NEAR(r[0][10][k], (sp - sm) / (2 * h), 1e-6);
    }
    dfg_id ids[] = {x, e, s, l, svd[0], svd[1], svd[2], qr, eig[0], eig[1], c, rk, t1, t2, tot, g};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
        dfg_release(ids[k]);
}

int main(void)
{
    RUN(test_octave_cases);
    RUN(test_identities);
    RUN(test_refusals);
    RUN(test_logm_iters);
    RUN(test_frechet);
    RUN(test_graphs);
    HARNESS_END();
}
