/* kernels/cpu/specfun-deriv.c -- derivatives of gammainc (x, a, tail) with
 * respect to a and of betainc (x, a, b, tail) with respect to a and b, first
 * and second order (issue 22), for the gradient rules of GAMMAINC and
 * BETAINC (lib/autodiff/grad-rules.c: ops GAMMAINC_DA and BETAINC_D).
 *
 * Method: forward-mode jets through the same algorithm as the values
 * (kernels/cpu/specfun.c, Octave 7.3's gammainc.m / betainc.m), as
 * TensorFlow and JAX differentiate igamma: each element is evaluated once
 * over a jet (value, first and second derivative in one parameter: jet3;
 * in both of betainc's for d2/dadb: jet6, the algorithms written once in
 * kernels/cpu/specfun-jet.h for both), so the series,
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

/* jet6: the value and its first and second derivatives in (a, b) */
typedef struct {
    double v, a, b, aa, ab, bb;
} jet6;

static jet6 jc6(double v) { jet6 r = {v, 0, 0, 0, 0, 0}; return r; }

static jet6 jadd6(jet6 x, jet6 y)
{
    jet6 r = {x.v + y.v, x.a + y.a, x.b + y.b, x.aa + y.aa, x.ab + y.ab, x.bb + y.bb};
    return r;
}

static jet6 jsub6(jet6 x, jet6 y)
{
    jet6 r = {x.v - y.v, x.a - y.a, x.b - y.b, x.aa - y.aa, x.ab - y.ab, x.bb - y.bb};
    return r;
}

static jet6 jscale6(jet6 x, double c)
{
    jet6 r = {x.v * c, x.a * c, x.b * c, x.aa * c, x.ab * c, x.bb * c};
    return r;
}

static jet6 jaddc6(jet6 x, double c) { x.v += c; return x; }

static jet6 jmul6(jet6 x, jet6 y)
{
    jet6 r = {x.v * y.v,
             x.a * y.v + x.v * y.a,
             x.b * y.v + x.v * y.b,
             x.aa * y.v + 2 * x.a * y.a + x.v * y.aa,
             x.ab * y.v + x.a * y.b + x.b * y.a + x.v * y.ab,
             x.bb * y.v + 2 * x.b * y.b + x.v * y.bb};
    return r;
}

/* f (x) for f0 = f (x.v), f1 = f' (x.v), f2 = f'' (x.v) */
static jet6 jchain6(jet6 x, double f0, double f1, double f2)
{
    jet6 r = {f0,
             f1 * x.a,
             f1 * x.b,
             f1 * x.aa + f2 * x.a * x.a,
             f1 * x.ab + f2 * x.a * x.b,
             f1 * x.bb + f2 * x.b * x.b};
    return r;
}

/* 1 / x, its derivatives scaled by r = 1 / x step by step (r^3 x.a^2
 * would overflow where 1 / x does not) */
static jet6 jrecip6(jet6 x)
{
    double r = 1 / x.v, qa = x.a * r, qb = x.b * r;
    jet6 y = {r, -qa * r, -qb * r, (2 * qa * qa - x.aa * r) * r, (2 * qa * qb - x.ab * r) * r,
              (2 * qb * qb - x.bb * r) * r};
    return y;
}

static jet6 jdiv6(jet6 x, jet6 y) { return jmul6(x, jrecip6(y)); }

static jet6 jexp6(jet6 x)
{
    double e = exp(x.v);
    return jchain6(x, e, e, e);
}

static jet6 jlog6(jet6 x)
{
    double r = 1 / x.v;
    return jchain6(x, log(x.v), r, -r * r);
}

static jet6 jlgamma6(jet6 x)
{
    return jchain6(x, lgamma(x.v), dfg_psi_(0, x.v), dfg_psi_(1, x.v));
}

/* has the continued fraction's product y converged in every component,
 * the last factor being d?  (d's derivatives add to those of log y) */
static int cf_done6(jet6 d, jet6 y)
{
    const double eps = DBL_EPSILON, fl = 1e-20;
    double la = y.a / y.v, lb = y.b / y.v;
    return fabs(d.v - 1) <= eps && fabs(d.a) <= eps * (fabs(la) + fl) &&
           fabs(d.aa) <= eps * (fabs(y.aa / y.v) + la * la + fl) && fabs(d.b) <= eps * (fabs(lb) + fl) &&
           fabs(d.ab) <= eps * (fabs(y.ab / y.v) + fabs(la * lb) + fl) &&
           fabs(d.bb) <= eps * (fabs(y.bb / y.v) + lb * lb + fl);
}

/* jet3: the value and its first and second derivatives in one parameter
 * (gammainc's a; betainc's a or b alone) */
typedef struct {
    double v, d, dd;
} jet3;

static jet3 jc3(double v) { jet3 r = {v, 0, 0}; return r; }
static jet3 jadd3(jet3 x, jet3 y) { jet3 r = {x.v + y.v, x.d + y.d, x.dd + y.dd}; return r; }
static jet3 jsub3(jet3 x, jet3 y) { jet3 r = {x.v - y.v, x.d - y.d, x.dd - y.dd}; return r; }
static jet3 jscale3(jet3 x, double c) { jet3 r = {x.v * c, x.d * c, x.dd * c}; return r; }
static jet3 jaddc3(jet3 x, double c) { x.v += c; return x; }

static jet3 jmul3(jet3 x, jet3 y)
{
    jet3 r = {x.v * y.v, x.d * y.v + x.v * y.d, x.dd * y.v + 2 * x.d * y.d + x.v * y.dd};
    return r;
}

static jet3 jchain3(jet3 x, double f0, double f1, double f2)
{
    jet3 r = {f0, f1 * x.d, f1 * x.dd + f2 * x.d * x.d};
    return r;
}

static jet3 jrecip3(jet3 x)      /* as jrecip6 */
{
    double r = 1 / x.v, q = x.d * r;
    jet3 y = {r, -q * r, (2 * q * q - x.dd * r) * r};
    return y;
}

static jet3 jdiv3(jet3 x, jet3 y) { return jmul3(x, jrecip3(y)); }

static jet3 jexp3(jet3 x)
{
    double e = exp(x.v);
    return jchain3(x, e, e, e);
}

static jet3 jlog3(jet3 x)
{
    double r = 1 / x.v;
    return jchain3(x, log(x.v), r, -r * r);
}

static jet3 jlog1p3(jet3 x)
{
    double r = 1 / (1 + x.v);
    return jchain3(x, log1p(x.v), r, -r * r);
}

static jet3 jlgamma3(jet3 x) { return jchain3(x, lgamma(x.v), dfg_psi_(0, x.v), dfg_psi_(1, x.v)); }

static jet3 jpowi3(jet3 x, int k)
{
    double p = pow(x.v, k - 2);
    return jchain3(x, p * x.v * x.v, k * p * x.v, (double)k * (k - 1) * p);
}

static int cf_done3(jet3 d, jet3 y)
{
    const double eps = DBL_EPSILON, fl = 1e-20;
    double l = y.d / y.v;
    return fabs(d.v - 1) <= eps && fabs(d.d) <= eps * (fabs(l) + fl) &&
           fabs(d.dd) <= eps * (fabs(y.dd / y.v) + l * l + fl);
}

static int series_done3(jet3 t, jet3 y)
{
    const double eps = DBL_EPSILON, fl = 1e-300;
    return fabs(t.v) <= fabs(y.v) * eps + fl && fabs(t.d) <= fabs(y.d) * eps + fl &&
           fabs(t.dd) <= fabs(y.dd) * eps + fl;
}

enum { GD_LOWER, GD_UPPER, GD_SLOWER, GD_SUPPER };

/* the algorithms, once per jet type */
#define JET jet3
#define J(name) name##3
#define JET_GAMMAINC 1
#include "specfun-jet.h"
#undef JET
#undef J
#undef JET_GAMMAINC
#define JET jet6
#define J(name) name##6
#define JET_GAMMAINC 0
#include "specfun-jet.h"
#undef JET
#undef J
#undef JET_GAMMAINC

/* ---- one element ------------------------------------------------------------------ */

/* d/da (order 1) or d2/da2 (order 2) of gammainc; *err: 1 a < 0, 2 x < 0 */
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
    if (x == 0)
        return tail == GD_SUPPER ? NAN : 0;      /* the value Inf there */
    if (x == INFINITY)
        return tail == GD_SLOWER ? NAN : 0;
    if (av == INFINITY)
        return tail == GD_SUPPER ? NAN : 0;
    if (av == 0)
        return NAN;                  /* a one-sided derivative only */
    jet3 a = {av, 1, 0}, y = gd_general3(x, a, tail);
    return order == 1 ? y.d : y.dd;
}

/* derivative `which' (0 d/da, 1 d/db, 2 d2/da2, 3 d2/dadb, 4 d2/db2) of
 * betainc at x in (0, 1): one-parameter jets but for the mixed one */
static double betainc_d1(double x, double av, double bv, int upper, int which)
{
    if (which == 3) {
        jet6 a = {av, 1, 0, 0, 0, 0}, b = {bv, 0, 1, 0, 0, 0};
        return bd_general6(x, a, b, upper).ab;
    }
    int in_a = which == 0 || which == 2;
    jet3 a = {av, in_a, 0}, b = {bv, !in_a, 0}, y = bd_general3(x, a, b, upper);
    return which <= 1 ? y.d : y.dd;
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
            d = betainc_d1(xv, av, bv, upper, which);
        store(dt_out, out, i, d);
    }
    return DFG_OK;
}
