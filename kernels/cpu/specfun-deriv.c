/* kernels/cpu/specfun-deriv.c -- derivatives of gammainc (x, a, tail) with
 * respect to a and of betainc (x, a, b, tail) with respect to a and b, first
 * and second order (issue 22), for the gradient rules of GAMMAINC and
 * BETAINC (lib/autodiff/grad-rules.c: ops GAMMAINC_DA and BETAINC_D).
 *
 * Method: forward-mode jets through the same algorithm as the values
 * (kernels/cpu/specfun.c, Octave 7.3's gammainc.m / betainc.m), as
 * TensorFlow and JAX differentiate igamma: each element is evaluated once
 * over a jet (value, d/da, d/db, d2/da2, d2/dadb, d2/db2), so the series,
 * Lentz's continued fraction, Knusel's log-gamma of gammainc.m's D and the
 * prefactor of betainc.m each carry their own derivative, consistent with
 * the value's case.  Two differences from the value's evaluation:
 *  - the closed forms that hold only at one a (gammainc's a == 1 and the
 *    finite sum at integer a; betainc's a == 1 or b == 1) are constant in
 *    a there: their derivative comes from the general case (the series or
 *    the continued fraction), which is the same function;
 *  - the loops run until the derivatives have converged too (the value's
 *    stopping tests look at the value only), and the continued fractions
 *    may take up to 2000 terms.
 * Jets are computed in double for both classes (single results rounded
 * once): no Octave value to agree with bit by bit, so the more accurate.
 *
 * Special values: at x == 0 and x == Inf (and a == Inf for gammainc) the
 * value does not depend on a (or b): derivative 0, or NaN where the value
 * is Inf.  gammainc at a == 0 (the edge of its domain: a one-sided
 * derivative only) gives NaN; x < 0 is DFG_ERR_DOMAIN (the derivative in a
 * is complex there: x^a = |x|^a e^(i pi a)); a < 0 DFG_ERR_ARG as for the
 * value.  betainc's x == 0 or 1: derivatives 0; its argument errors as the
 * value's.  Sequential, as the values. */
#include <float.h>
#include <math.h>
#include <string.h>
#include "cpu.h"
#include "../elem.h"

static const double JD_PI = 3.14159265358979323846;

/* a jet: the value and its first and second derivatives in (a, b) */
typedef struct {
    double v, a, b, aa, ab, bb;
} jet;

static jet jc(double v) { jet r = {v, 0, 0, 0, 0, 0}; return r; }

static jet jadd(jet x, jet y)
{
    jet r = {x.v + y.v, x.a + y.a, x.b + y.b, x.aa + y.aa, x.ab + y.ab, x.bb + y.bb};
    return r;
}

static jet jsub(jet x, jet y)
{
    jet r = {x.v - y.v, x.a - y.a, x.b - y.b, x.aa - y.aa, x.ab - y.ab, x.bb - y.bb};
    return r;
}

static jet jscale(jet x, double c)
{
    jet r = {x.v * c, x.a * c, x.b * c, x.aa * c, x.ab * c, x.bb * c};
    return r;
}

static jet jaddc(jet x, double c) { x.v += c; return x; }

static jet jmul(jet x, jet y)
{
    jet r = {x.v * y.v,
             x.a * y.v + x.v * y.a,
             x.b * y.v + x.v * y.b,
             x.aa * y.v + 2 * x.a * y.a + x.v * y.aa,
             x.ab * y.v + x.a * y.b + x.b * y.a + x.v * y.ab,
             x.bb * y.v + 2 * x.b * y.b + x.v * y.bb};
    return r;
}

/* f (x) for f0 = f (x.v), f1 = f' (x.v), f2 = f'' (x.v) */
static jet jchain(jet x, double f0, double f1, double f2)
{
    jet r = {f0,
             f1 * x.a,
             f1 * x.b,
             f1 * x.aa + f2 * x.a * x.a,
             f1 * x.ab + f2 * x.a * x.b,
             f1 * x.bb + f2 * x.b * x.b};
    return r;
}

static jet jrecip(jet x)
{
    double r = 1 / x.v;
    return jchain(x, r, -r * r, 2 * r * r * r);
}

static jet jdiv(jet x, jet y) { return jmul(x, jrecip(y)); }

static jet jexp(jet x)
{
    double e = exp(x.v);
    return jchain(x, e, e, e);
}

static jet jlog(jet x)
{
    double r = 1 / x.v;
    return jchain(x, log(x.v), r, -r * r);
}

static jet jlog1p(jet x)
{
    double r = 1 / (1 + x.v);
    return jchain(x, log1p(x.v), r, -r * r);
}

static jet jlgamma(jet x)
{
    return jchain(x, lgamma(x.v), dfg_psi_(0, x.v), dfg_psi_(1, x.v));
}

/* x^k, k an integer >= 2 */
static jet jpowi(jet x, int k)
{
    double p = pow(x.v, k - 2);
    return jchain(x, p * x.v * x.v, k * p * x.v, (double)k * (k - 1) * p);
}

/* has the continued fraction's product y converged in every component,
 * the last factor being d?  (d's derivatives add to those of log y) */
static int cf_done(jet d, jet y, int nb)
{
    const double eps = DBL_EPSILON, fl = 1e-20;
    double la = y.a / y.v, lb = y.b / y.v;
    if (!(fabs(d.v - 1) <= eps && fabs(d.a) <= eps * (fabs(la) + fl) &&
          fabs(d.aa) <= eps * (fabs(y.aa / y.v) + la * la + fl)))
        return 0;
    return !nb || (fabs(d.b) <= eps * (fabs(lb) + fl) &&
                   fabs(d.ab) <= eps * (fabs(y.ab / y.v) + fabs(la * lb) + fl) &&
                   fabs(d.bb) <= eps * (fabs(y.bb / y.v) + lb * lb + fl));
}

/* has a series with sum y converged at its next term t? */
static int series_done(jet t, jet y)
{
    const double eps = DBL_EPSILON, fl = 1e-300;
    return fabs(t.v) <= fabs(y.v) * eps + fl && fabs(t.a) <= fabs(y.a) * eps + fl &&
           fabs(t.aa) <= fabs(y.aa) * eps + fl;
}

/* ---- gammainc ------------------------------------------------------------------ */

enum { GD_LOWER, GD_UPPER, GD_SLOWER, GD_SUPPER };

/* gammainc.m's D (x, a) = exp (-x) x^a / Gamma (a + 1), x > 0 */
static jet gd_D(double x, jet a)
{
    if (a.v > 10) {        /* Knusel's asymptotic log-gamma, as gammainc.m */
        jet a3 = jmul(jmul(a, a), a);
        jet lnGa = jscale(jlog(jscale(a, 2 * JD_PI)), 0.5);
        lnGa = jadd(lnGa, jrecip(jscale(a, 12)));
        lnGa = jsub(lnGa, jrecip(jscale(a3, 360)));
        static const double num[8] = {1, 1, 1, 691, 1, 3617, 43867, 174611},
                            den[8] = {1260, 1680, 1188, 87360, 156, 122400, 244188, 125400};
        for (int k = 0; k < 8; k++) {
            jet t = jscale(jrecip(jpowi(a, 5 + 2 * k)), num[k] / den[k]);
            lnGa = k % 2 ? jsub(lnGa, t) : jadd(lnGa, t);
        }
        /* a >= x: log1p ((a - x) / x), else -log1p ((x - a) / a) */
        jet lns = a.v >= x ? jlog1p(jscale(jaddc(a, -x), 1 / x))
                           : jscale(jlog1p(jdiv(jaddc(jscale(a, -1), x), a)), -1);
        return jexp(jsub(jsub(jaddc(a, -x), jmul(a, lns)), lnGa));
    }
    return jexp(jsub(jaddc(jscale(a, log(x)), -x), jlgamma(jaddc(a, 1))));
}

/* Lentz's continued fraction of __gammainc__.cc, to convergence of the jet */
static jet gd_lentz(double x, jet a)
{
    const double tiny = 0x1p-100;
    jet y = jc(tiny), Cj = y, Dj = jc(0), bj = jaddc(jscale(a, -1), x + 1), aj = a, Deltaj;
    for (int j = 1; j < 2000; j++) {
        Cj = jadd(bj, jdiv(aj, Cj));
        Dj = jrecip(jadd(bj, jmul(aj, Dj)));
        Deltaj = jmul(Cj, Dj);
        y = jmul(y, Deltaj);
        if (j > 1 && cf_done(Deltaj, y, 0))
            break;
        bj = jaddc(bj, 2);
        aj = jscale(jaddc(a, -j), j);        /* j (a - j) */
    }
    return y;
}

/* the series of gammainc.m (x > 0), to convergence of the jet */
static jet gd_series(double x, jet a, int tail)
{
    jet y, term;
    if (tail == GD_SLOWER || tail == GD_SUPPER) {
        y = jc(1);
        term = jrecip(jscale(jaddc(a, 1), 1 / x));
    } else {
        y = gd_D(x, a);
        term = jdiv(jscale(y, x), jaddc(a, 1));
    }
    double n = 1;
    for (long it = 0; !series_done(term, y) && it < 10000000; it++) {
        n += 1;
        y = jadd(y, term);
        term = jmul(term, jrecip(jscale(jaddc(a, n), 1 / x)));
    }
    if (tail == GD_UPPER)
        y = jsub(jc(1), y);
    else if (tail == GD_SUPPER)
        y = jsub(jrecip(gd_D(x, a)), y);
    return y;
}

/* d/da (order 1) or d2/da2 (order 2) of one element; *err: 1 a < 0, 2 x < 0 */
static double gammainc_da1(double x, double av, int tail, int order, int * err)
{
    if (av < 0) {
        *err |= 1;
        return NAN;
    }
    if (x != x || av != av)
        return NAN;
    if (x < 0) {
        *err |= 2;
        return NAN;
    }
    const int inf_val_x0 = tail == GD_SUPPER, inf_val_xinf = tail == GD_SLOWER;
    if (x == 0)
        return inf_val_x0 ? NAN : 0;
    if (x == INFINITY)
        return inf_val_xinf ? NAN : 0;
    if (av == INFINITY)
        return tail == GD_SUPPER ? NAN : 0;
    if (av == 0)
        return NAN;                  /* a one-sided derivative only */
    jet a = {av, 1, 0, 0, 0, 0}, y;
    if ((x + 0.25 < av) || x < 1)
        y = gd_series(x, a, tail);
    else {
        y = gd_lentz(x, a);
        if (tail == GD_LOWER)
            y = jsub(jc(1), jmul(y, gd_D(x, a)));
        else if (tail == GD_UPPER)
            y = jmul(y, gd_D(x, a));
        else if (tail == GD_SLOWER)
            y = jsub(jrecip(gd_D(x, a)), y);
    }
    return order == 1 ? y.a : y.aa;
}

/* ---- betainc ------------------------------------------------------------------- */

/* the continued fraction of __betainc__.cc (modified Lentz), to convergence
 * of the jet; x a constant */
static jet bd_lentz(double x, jet a, jet b)
{
    const double tiny = 0x1p-100, x2 = x * x;
    jet y = jc(tiny), Cj = y, Dj = jc(0), Deltaj, alpha_j = jc(1);
    jet ab = jadd(a, b);
    /* beta_1 = a - (a (a + b)) / (a + 1) x */
    jet beta_j = jsub(a, jscale(jdiv(jmul(a, ab), jaddc(a, 1)), x));
    for (int j = 1; j < 2000; j++) {
        Dj = jadd(beta_j, jmul(alpha_j, Dj));
        if (Dj.v == 0)
            Dj = jc(tiny);
        Cj = jadd(beta_j, jdiv(alpha_j, Cj));
        if (Cj.v == 0)
            Cj = jc(tiny);
        Dj = jrecip(Dj);
        Deltaj = jmul(Cj, Dj);
        y = jmul(y, Deltaj);
        if (j > 1 && cf_done(Deltaj, y, 1))
            break;
        /* alpha = ((a + j - 1) (a + b + j - 1) (b - j) j) / (a + 2j - 1)^2 x^2 */
        jet a2 = jaddc(a, 2.0 * j - 1);
        alpha_j = jmul(jmul(jaddc(a, j - 1), jaddc(ab, j - 1)), jscale(jaddc(b, -j), (double)j * x2));
        alpha_j = jdiv(alpha_j, jmul(a2, a2));
        /* beta = a + 2j + ((j (b - j)) / (a + 2j - 1) - ((a + j) (a + b + j)) / (a + 2j + 1)) x */
        jet t1 = jdiv(jscale(jaddc(b, -j), j), a2);
        jet t2 = jdiv(jmul(jaddc(a, j), jaddc(ab, j)), jaddc(a, 2.0 * j + 1));
        beta_j = jadd(jaddc(a, 2.0 * j), jscale(jsub(t1, t2), x));
    }
    return y;
}

/* all five derivatives of one element, x in (0, 1), a, b > 0 */
static jet betainc_jet(double x, double av, double bv, int upper)
{
    jet a = {av, 1, 0, 0, 0, 0}, b = {bv, 0, 1, 0, 0, 0};
    /* betainc.m: the side where the fraction converges; "upper" is 1 - the
     * lower tail unless computed from the other side directly */
    int swap = upper ? !(x < av / (av + bv)) : x > av / (av + bv), comp = upper ? !swap : swap;
    if (swap) {                     /* I_x (a, b) = 1 - I_(1-x) (b, a) */
        jet t = a;
        x = 1 - x;
        a = b;
        b = t;
    }
    jet f = bd_lentz(x, a, b);
    int neg = f.v < 0;
    jet lf = jlog(neg ? jscale(f, -1) : f);
    jet y = jadd(jadd(jscale(a, log(x)), jscale(b, log1p(-x))),
                 jsub(jsub(jlgamma(jadd(a, b)), jlgamma(a)), jlgamma(b)));
    y = jexp(jadd(y, lf));
    if (neg)
        y = jscale(y, -1);
    return comp ? jsub(jc(1), y) : y;
}

static double pick(jet y, int which)
{
    switch (which) {
    case 0:  return y.a;
    case 1:  return y.b;
    case 2:  return y.aa;
    case 3:  return y.ab;
    default: return y.bb;
    }
}

/* ---- the array loops (broadcasting operands, as specfun.c) ------------------------ */

static double load(int dt, const void * p, int64_t i)
{
    switch (dt) {
    case DFG_DOUBLE: return ((const double *)p)[i];
    case DFG_SINGLE: return ((const float *)p)[i];
    default:         return ((const unsigned char *)p)[i];
    }
}

typedef struct {
    int     n, ndim;
    int64_t stride[3][DFG_MAX_DIMS], idx[DFG_MAX_DIMS], off[3];
    const int64_t * dims;
} walk;

static void walk_init(walk * w, int n, int ndim, const int64_t * dims, const int64_t (*ind)[DFG_MAX_DIMS])
{
    memset(w, 0, sizeof *w);
    w->n = n;
    w->ndim = ndim;
    w->dims = dims;
    for (int k = 0; k < n; k++) {
        int64_t s = 1;
        for (int j = 0; j < ndim; j++) {
            w->stride[k][j] = ind[k][j] == 1 ? 0 : s;
            s *= ind[k][j];
        }
    }
}

static void walk_next(walk * w)
{
    for (int j = 0; j < w->ndim; j++) {
        for (int k = 0; k < w->n; k++)
            w->off[k] += w->stride[k][j];
        if (++w->idx[j] < w->dims[j])
            return;
        for (int k = 0; k < w->n; k++)
            w->off[k] -= w->stride[k][j] * w->dims[j];
        w->idx[j] = 0;
    }
}

static void store(int dt_out, void * out, int64_t i, double v)
{
    if (dt_out == DFG_SINGLE)
        ((float *)out)[i] = (float)v;
    else
        ((double *)out)[i] = v;
}

int dfg_cpu_gammainc_da(int tail, int order, const int * dt_in, int dt_out, void * out,
                        const void * const * in, int ndim, const int64_t * dims,
                        const int64_t (*ind)[DFG_MAX_DIMS])
{
    if (tail < 0 || tail > 3 || order < 1 || order > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.gammainc: bad derivative (tail %d, order %d)", tail, order);
    walk w;
    walk_init(&w, 2, ndim, dims, ind);
    int err = 0;
    int64_t numel = dfg_shape_numel(ndim, dims);
    for (int64_t i = 0; i < numel; i++, walk_next(&w))
        store(dt_out, out, i, gammainc_da1(load(dt_in[0], in[0], w.off[0]), load(dt_in[1], in[1], w.off[1]),
                                           tail, order, &err));
    if (err & 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.gammainc: A must be non-negative");
    if (err & 2)
        return dfg_set_error(DFG_ERR_DOMAIN,
                             "dfg.gammainc: the derivative with respect to A is complex where X < 0 "
                             "(X^A = |X|^A exp (i pi A)); dfg supports real values only");
    return DFG_OK;
}

int dfg_cpu_betainc_d(int upper, int which, const int * dt_in, int dt_out, void * out,
                      const void * const * in, int ndim, const int64_t * dims,
                      const int64_t (*ind)[DFG_MAX_DIMS])
{
    if (which < 0 || which > 4)
        return dfg_set_error(DFG_ERR_ARG, "dfg.betainc: bad derivative code %d", which);
    walk w;
    int64_t numel = dfg_shape_numel(ndim, dims);
    /* betainc.m's checks of every element first, as the value */
    int bad_x = 0, bad_a = 0, bad_b = 0;
    walk_init(&w, 3, ndim, dims, ind);
    for (int64_t i = 0; i < numel; i++, walk_next(&w)) {
        double xv = load(dt_in[0], in[0], w.off[0]), av = load(dt_in[1], in[1], w.off[1]),
               bv = load(dt_in[2], in[2], w.off[2]);
        bad_x |= xv < 0 || xv > 1;
        bad_a |= av <= 0;
        bad_b |= bv <= 0;
    }
    if (bad_x || bad_a || bad_b)
        return dfg_set_error(DFG_ERR_ARG, "dfg.betainc: %s", bad_x ? "X must be in the range [0, 1]"
                             : bad_a ? "A must be strictly positive" : "B must be strictly positive");
    walk_init(&w, 3, ndim, dims, ind);
    for (int64_t i = 0; i < numel; i++, walk_next(&w)) {
        double xv = load(dt_in[0], in[0], w.off[0]), av = load(dt_in[1], in[1], w.off[1]),
               bv = load(dt_in[2], in[2], w.off[2]), d;
        if (xv != xv || av != av || bv != bv)
            d = NAN;
        else if (xv == 0 || xv == 1)
            d = 0;                        /* 0 or 1 whatever a and b */
        else
            d = pick(betainc_jet(xv, av, bv, upper), which);
        store(dt_out, out, i, d);
    }
    return DFG_OK;
}
