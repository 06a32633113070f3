/* lib/control/ctrl-ode.c -- dfg.ode45 and dfg.ode23: explicit Runge-Kutta
 * integration with adaptive steps inside a graph, and its gradient.
 *
 * An ODE is a LOOP construct (lib/control/ctrl.c) whose record carries an
 * ode configuration (ctrl_ode): its body is the right-hand side f, traced
 * once with parameters [t (double scalar), y (n x 1), captured values];
 * the node's inputs are [t0, y0, captured values] and its one output the
 * solution at the requested times, nt x n in y's class (Octave's [t, y]
 * layout).  The run is Octave 7.3's integrate_adaptive.m with its steppers
 * (runge_kutta_45_dorpri.m, runge_kutta_23.m), starting_stepsize.m,
 * AbsRel_norm.m and the dense output of runge_kutta_interpolate.m, step
 * by step in the same order of operations, so that the solution equals
 * Octave's ode45/ode23 to rounding (bitwise for double where the
 * products go through the same BLAS calls, which they do).  f runs as a
 * compiled plan per stage; the integrator's arithmetic is double.
 *
 * Gradient (discrete adjoint): the derivative of the computed solution
 * with the accepted steps held fixed (the step sizes the controller chose
 * at these arguments are constants, as in Diffrax and CasADi's explicit
 * integrators).  The rule makes an adjoint construct (same record kind,
 * src = the ODE, body = the vector-Jacobian product of f: [t, y, captured,
 * lam] -> [lam' df/dy, lam' df/dp ...]) on [t0, y0, captured, Ybar].  Its
 * run integrates forward again keeping checkpoints of the solver's state
 * (at most about 2 sqrt(steps), or the user's budget), then goes back
 * segment by segment: each is recomputed from its checkpoint keeping its
 * stages, and the steps are reversed through their stages (memory
 * O(sqrt (steps) n)).  The adjoint construct has no rule of its own:
 * second derivatives and forward mode through an ODE raise
 * dfg:unsupported. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../autodiff/grad-impl.h"
#include "../runtime/plan-impl.h"
#include "../passes/pass.h"
#include "../../kernels/cpu/cpu.h"
#include "ctrl-impl.h"

/* ---- the configuration ----------------------------------------------------- */

void dfg_ctrl_ode_free(ctrl_ode * o)
{
    if (!o)
        return;
    dfg_free(o->tspan);
    dfg_free(o->abstol);
    for (int k = 0; k < 4; k++)
        dfg_free(o->buf[k]);
    dfg_free(o);
}

ctrl_ode * dfg_ctrl_ode_copy(const ctrl_ode * s)
{
    ctrl_ode * o = dfg_calloc(1, sizeof *o);
    if (!o)
        return NULL;
    *o = *s;
    memset(o->buf, 0, sizeof o->buf);
    o->cap[0] = o->cap[1] = 0;
    o->tspan = dfg_malloc((size_t)s->nt * sizeof *o->tspan);
    o->abstol = dfg_malloc((size_t)s->n_abs * sizeof *o->abstol);
    if (!o->tspan || !o->abstol) {
        dfg_free(o->tspan);
        dfg_free(o->abstol);
        dfg_free(o);
        return NULL;
    }
    memcpy(o->tspan, s->tspan, (size_t)s->nt * sizeof *o->tspan);
    memcpy(o->abstol, s->abstol, (size_t)s->n_abs * sizeof *o->abstol);
    return o;
}

/* ---- the tableaus (Octave's runge_kutta_45_dorpri.m, runge_kutta_23.m) ------ */

#define MAXS 7                 /* stages, with the one at the new point */

typedef struct tableau {
    int    s;                  /* stages before the new point (6, 3) */
    double a[MAXS][MAXS], b[MAXS], c[MAXS], cp[MAXS];
} tableau;

static const tableau DP45 = {
    6,
    { { 0 },
      { 1.0 / 5 },
      { 3.0 / 40, 9.0 / 40 },
      { 44.0 / 45, -56.0 / 15, 32.0 / 9 },
      { 19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729 },
      { 9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656 } },
    { 0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1 },
    { 35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84 },
    { 5179.0 / 57600, 0, 7571.0 / 16695, 393.0 / 640, -92097.0 / 339200, 187.0 / 2100, 1.0 / 40 },
};

static const tableau BS23 = {
    3,
    { { 0 }, { 1.0 / 2 }, { 0, 3.0 / 4 } },
    { 0, 1.0 / 2, 3.0 / 4, 1 },
    { 2.0 / 9, 1.0 / 3, 4.0 / 9 },
    { 7.0 / 24, 1.0 / 4, 1.0 / 3, 1.0 / 8 },
};

/* hermite_quartic_interpolation's weights of k for the midpoint */
static const double U_HALF[7] = {
    6025192743.0 / 30085553152, 0, 51252292925.0 / 65400821598, -2691868925.0 / 45128329728,
    187940372067.0 / 1594534317056, -1776094331.0 / 19743644256, 11237099.0 / 235043384,
};

/* Octave's max (a, b) of two doubles: NaN only when both are */
static double omax(double a, double b)
{
    return a != a ? b : b != b ? a : b > a ? b : a;
}

static double omin(double a, double b)
{
    return a != a ? b : b != b ? a : b < a ? b : a;
}

/* eps (x) of a finite double */
static double oeps(double x)
{
    x = fabs(x);
    return nextafter(x, INFINITY) - x;
}

/* out = K(:, 0:j-1) * v as Octave's product (a scalar multiple for one
 * column; else xDOT or xGEMV, through the kernel that mirrors Octave's
 * xgemm) */
static void kprod(int64_t n, int j, const double * K, const double * v, double * out)
{
    if (j == 1) {
        for (int64_t q = 0; q < n; q++)
            out[q] = K[q] * v[0];
        return;
    }
    dfg_cpu_gemm(DFG_DOUBLE, 0, 0, 0, n, 1, j, K, v, out);
}

/* ---- evaluating f and its vector-Jacobian product ---------------------------- */

typedef struct ode_eval {
    dfg_plan *           f;      /* [t, y, p...] -> [dy]                     */
    dfg_plan *           vjp;    /* [t, y, p..., lam] -> [gy, gp...] (adjoint) */
    int64_t              n;
    int                  ydt;
    int                  np;     /* captured values                           */
    const void * const * p;      /* their values                              */
    const void **        pin;    /* np + 3 pointers                           */
    void *               ybuf, * lbuf, * obuf;  /* n each, y's class          */
    double               tval;
    int64_t              fevals;
} ode_eval;

static void to_class(int dt, void * dst, const double * src, int64_t n)
{
    if (dt == DFG_DOUBLE)
        memcpy(dst, src, (size_t)n * sizeof *src);
    else
        for (int64_t q = 0; q < n; q++)
            ((float *)dst)[q] = (float)src[q];
}

static void from_class(int dt, double * dst, const void * src, int64_t n)
{
    if (dt == DFG_DOUBLE)
        memcpy(dst, src, (size_t)n * sizeof *dst);
    else
        for (int64_t q = 0; q < n; q++)
            dst[q] = ((const float *)src)[q];
}

static void eval_args(ode_eval * e, double t, const double * y)
{
    e->tval = t;
    to_class(e->ydt, e->ybuf, y, e->n);
    e->pin[0] = &e->tval;
    e->pin[1] = e->ybuf;
    for (int k = 0; k < e->np; k++)
        e->pin[2 + k] = e->p[k];
}

static dfg_status ode_f(ode_eval * e, double t, const double * y, double * dy)
{
    eval_args(e, t, y);
    void * out = e->obuf;
    dfg_status st = dfg_plan_exec(e->f, e->pin, &out);
    if (!st)
        from_class(e->ydt, dy, e->obuf, e->n);
    e->fevals++;
    return st;
}

/* ---- the integrator (integrate_adaptive.m with fixed output times) ---------- */

typedef struct ode_run ode_run;
typedef dfg_status (*ode_hook)(ode_run * r, int64_t lo, int64_t hi);

struct ode_run {
    const ctrl_ode * o;
    const tableau *  tb;
    ode_eval *       e;
    const char *     fn;
    int64_t          n;
    /* the loop's state */
    double           t_old, comp, dt;
    int64_t          iout;       /* tspan[iout]: the last output time reached */
    int              ireject, have_k;
    int64_t          accepted;
    double *         y;          /* [n] */
    /* one step's values */
    double           t_new, h;   /* h: the step's dt */
    double *         K;          /* [n x MAXS] stage derivatives */
    double *         Ys;         /* [n x MAXS] stage arguments (0: y) */
    double *         yn, * ye, * tmp;
    /* output (n x nt, or NULL) and hooks */
    double *         X;
    ode_hook         on_accept;  /* after an accepted step, state not yet moved */
    ode_hook         on_top;     /* at the top of each attempt */
    void *           user;
    /* the right-hand side: NULL: f through e; else with rhs_ctx */
    dfg_status     (*rhs_fn)(void * ctx, double t, const double * y, double * dy);
    void *           rhs_ctx;
    int64_t          attempts;
};

static dfg_status rhs(ode_run * r, double t, const double * y, double * dy)
{
    return r->rhs_fn ? r->rhs_fn(r->rhs_ctx, t, y, dy) : ode_f(r->e, t, y, dy);
}

/* AbsRel_norm (x, xo, AbsTol, RelTol, normcontrol, y) (y NULL: zeros) */
static double absrel(const ode_run * r, const double * x, const double * xo, const double * y)
{
    const ctrl_ode * o = r->o;
    int64_t n = r->n;
    if (o->norm_control) {
        double sx = 0, so = 0, sd = 0;
        for (int64_t q = 0; q < n; q++) {
            sx += x[q] * x[q];
            so += xo[q] * xo[q];
            double d = x[q] - (y ? y[q] : 0);
            sd += d * d;
        }
        double sc = omax(o->abstol[0], o->reltol * omax(sqrt(sx), sqrt(so)));
        return sqrt(sd) / sc;
    }
    double m = NAN;
    for (int64_t q = 0; q < n; q++) {
        double sc = omax(o->abstol[o->n_abs == 1 ? 0 : q], o->reltol * omax(fabs(x[q]), fabs(xo[q])));
        m = omax(m, fabs(x[q] - (y ? y[q] : 0)) / sc);
    }
    return m;
}

/* starting_stepsize.m (times the direction, as ode45.m) */
static dfg_status start_step(ode_run * r, double * h)
{
    int64_t n = r->n;
    int order = r->o->order;
    double t0 = r->t_old;
    double * f0 = r->K, * x1 = r->tmp, * f1 = r->yn, * d = r->ye;
    double d0 = absrel(r, r->y, r->y, NULL);
    dfg_status st = rhs(r, t0, r->y, f0);
    if (st)
        return st;
    double d1 = absrel(r, f0, f0, NULL);
    double h0 = d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : .01 * (d0 / d1);
    for (int64_t q = 0; q < n; q++)
        x1[q] = r->y[q] + h0 * f0[q];
    if ((st = rhs(r, t0 + h0, x1, f1)))
        return st;
    for (int64_t q = 0; q < n; q++)
        d[q] = f1[q] - f0[q];
    double d2 = (1 / h0) * absrel(r, d, d, NULL);
    double h1 = omax(d1, d2) <= 1e-15 ? omax(1e-6, h0 * 1e-3)
              : pow(1e-2 / omax(d1, d2), 1.0 / (order + 1));
    double dir = r->o->tspan[r->o->nt - 1] > t0 ? 1 : -1;
    *h = dir * omin(100 * h0, h1);
    return DFG_OK;
}

/* The state at the start: y = y0, the first step size. */
static dfg_status ode_start(ode_run * r, const double * y0)
{
    const ctrl_ode * o = r->o;
    memcpy(r->y, y0, (size_t)r->n * sizeof *y0);
    r->t_old = o->tspan[0];
    r->comp = 0;
    r->iout = 0;
    r->ireject = 0;
    r->have_k = 0;
    r->accepted = 0;
    r->attempts = 0;
    double dir = o->tspan[o->nt - 1] > o->tspan[0] ? 1 : -1, dt = o->init_step * dir;
    if (o->init_step != o->init_step) {
        dfg_status st = start_step(r, &dt);
        if (st)
            return st;
    }
    r->dt = dir * omin(fabs(dt), o->max_step);
    if (r->X)
        memcpy(r->X, y0, (size_t)r->n * sizeof *y0);
    return DFG_OK;
}

/* One attempt from (t_old, y) with step dt to t_new: K, Ys, yn, ye. */
static dfg_status stepper(ode_run * r)
{
    const tableau * tb = r->tb;
    int64_t n = r->n;
    double t = r->t_old, dt = r->dt, v[MAXS];
    double * K = r->K;
    dfg_status st;
    memcpy(r->Ys, r->y, (size_t)n * sizeof *r->y);
    if (!r->have_k && (st = rhs(r, t, r->y, K)))
        return st;
    r->have_k = 1;
    for (int i = 1; i < tb->s; i++) {
        double * Yi = r->Ys + (size_t)i * (size_t)n;
        int first = 0;                   /* ode23's third stage reads k2 only */
        while (first < i - 1 && tb->a[i][first] == 0)
            first++;
        for (int j = first; j < i; j++)
            v[j - first] = dt * tb->a[i][j];
        kprod(n, i - first, K + (size_t)first * (size_t)n, v, r->tmp);
        for (int64_t q = 0; q < n; q++)
            Yi[q] = r->y[q] + r->tmp[q];
        if ((st = rhs(r, t + dt * tb->b[i], Yi, K + (size_t)i * (size_t)n)))
            return st;
    }
    for (int j = 0; j < tb->s; j++)
        v[j] = dt * tb->c[j];
    kprod(n, tb->s, K, v, r->tmp);
    for (int64_t q = 0; q < n; q++)
        r->yn[q] = r->y[q] + r->tmp[q];
    if ((st = rhs(r, r->t_new, r->yn, K + (size_t)tb->s * (size_t)n)))
        return st;
    for (int j = 0; j <= tb->s; j++)
        v[j] = dt * tb->cp[j];
    kprod(n, tb->s + 1, K, v, r->tmp);
    for (int64_t q = 0; q < n; q++)
        r->ye[q] = r->y[q] + r->tmp[q];
    return DFG_OK;
}

/* s.^p of Octave for a row of m values: x .* x (.* x) for p = 2, 3 when
 * m > 1 (elem_xpow), else pow */
static double opow(double s, int p, int64_t m)
{
    if (m > 1 && p == 2)
        return s * s;
    if (m > 1 && p == 3)
        return s * s * s;
    return pow(s, p);
}

/* The dense output at tspan[lo..hi] of the step just taken into X
 * (runge_kutta_interpolate.m: hermite_quartic for ode45, hermite_cubic
 * for ode23). */
static void dense_output(ode_run * r, int64_t lo, int64_t hi)
{
    int64_t n = r->n, m = hi - lo + 1;
    const double * x1 = r->y, * x2 = r->yn, * K = r->K;
    const double * kl = K + (size_t)r->tb->s * (size_t)n;
    double t1 = r->t_old, dt = r->t_new - r->t_old;
    if (r->o->order == 5) {
        double * uh = r->tmp;
        kprod(n, 7, K, U_HALF, uh);
        double hd = (1.0 / 2) * dt;
        for (int64_t q = 0; q < n; q++)
            uh[q] = x1[q] + hd * uh[q];
        for (int64_t i = lo; i <= hi; i++) {
            double s = (r->o->tspan[i] - t1) / dt;
            double s2 = opow(s, 2, m), s3 = opow(s, 3, m), s4 = pow(s, 4);
            double c1 = 1 - 11 * s2 + 18 * s3 - 8 * s4, c2 = s - 4 * s2 + 5 * s3 - 2 * s4;
            double c3 = 16 * s2 - 32 * s3 + 16 * s4, c4 = -5 * s2 + 14 * s3 - 8 * s4;
            double c5 = s2 - 3 * s3 + 2 * s4;
            double * out = r->X + (size_t)i * (size_t)n;
            for (int64_t q = 0; q < n; q++)
                out[q] = c1 * x1[q] + c2 * (dt * K[q]) + c3 * uh[q] + c4 * x2[q] + c5 * (dt * kl[q]);
        }
        return;
    }
    for (int64_t i = lo; i <= hi; i++) {
        double s = (r->o->tspan[i] - t1) / dt;
        double a1 = (1 + 2 * s) * opow(1 - s, 2, m), a2 = s * opow(1 - s, 2, m) * dt;
        double a3 = (3 - 2 * s) * opow(s, 2, m), a4 = (s - 1) * opow(s, 2, m) * dt;
        double * out = r->X + (size_t)i * (size_t)n;
        for (int64_t q = 0; q < n; q++)
            out[q] = a1 * x1[q] + a2 * K[q] + a3 * x2[q] + a4 * kl[q];
    }
}

/* Runs the loop until the end, or until `stop` steps have been accepted
 * (stop < 0: no limit). */
static dfg_status ode_integrate(ode_run * r, int64_t stop)
{
    const ctrl_ode * o = r->o;
    const double * ts = o->tspan;
    int64_t nt = o->nt, n = r->n;
    double dir = ts[nt - 1] > ts[0] ? 1 : -1;
    double fac = pow(0.38, 1.0 / (o->order + 1)), facmin = 0.8, facmax = 1.5;
    dfg_status st = DFG_OK;
    while (dir * r->t_old < dir * ts[nt - 1]) {
        if (stop >= 0 && r->accepted >= stop)
            return DFG_OK;
        if (r->on_top && (st = r->on_top(r, 0, 0)))
            return st;
        if ((++r->attempts & 255) == 0 && dfg_interrupt_pending())
            return dfg_set_error(DFG_ERR_INTERRUPTED, "dfg.%s: interrupted at t = %g", r->fn, r->t_old);
        /* kahan.m */
        double yk = r->dt - r->comp, tk = r->t_old + yk;
        r->comp = (tk - r->t_old) - yk;  /* (every attempt's, as Octave's options.comp) */
        r->t_new = tk;
        r->h = r->dt;
        if ((st = stepper(r)))
            return st;
        double err = absrel(r, r->yn, r->y, r->ye);
        if (err <= 1) {
            r->ireject = 0;
            int64_t lo = r->iout + 1, hi = r->iout;
            while (hi + 1 < nt && dir * ts[hi + 1] <= dir * r->t_new)
                hi++;
            if (hi >= lo && r->X)
                dense_output(r, lo, hi);
            if (r->on_accept && (st = r->on_accept(r, lo, hi)))
                return st;
            if (hi >= lo)
                r->iout = hi;
            r->accepted++;
            r->t_old = r->t_new;
            memcpy(r->y, r->yn, (size_t)n * sizeof *r->y);
            memcpy(r->K, r->K + (size_t)r->tb->s * (size_t)n, (size_t)n * sizeof *r->K);
        } else if (++r->ireject >= 5000)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: solving was not successful: 5000 steps in a row "
                                 "were rejected at t = %g before the end %g; try a smaller "
                                 "InitialStep or MaxStep (odeset)", r->fn, r->t_old, ts[nt - 1]);
        err += 0x1p-52;
        r->dt *= omin(facmax, omax(facmin, fac * pow(1 / err, 1.0 / (o->order + 1))));
        r->dt = dir * omin(fabs(r->dt), o->max_step);
        /* Octave's test compares with eps of the last output time only,
         * and hangs where steps fall below the spacing of t (a solution
         * that blows up): dfg also stops there, as MATLAB does */
        if (!(fabs(r->dt) > oeps(ts[r->iout])) || fabs(r->dt) < 16 * oeps(r->t_old))
            break;
        r->dt = dir * omin(fabs(r->dt), fabs(ts[nt - 1] - r->t_old));
    }
    if (stop < 0 && r->iout < nt - 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: solving was not successful: the integration "
                             "stopped at t = %g before the end %g (the step size became too "
                             "small); try a smaller InitialStep or MaxStep (odeset)", r->fn,
                             r->t_old, ts[nt - 1]);
    return DFG_OK;
}

/* The working arrays of a run (one allocation, the caller frees *block). */
static dfg_status run_alloc(ode_run * r, ode_eval * e, const ctrl_ode * o, const char * fn,
                            int with_x, double ** block)
{
    int64_t n = o->n;
    size_t words = (size_t)n * (2 * MAXS + 4) + (with_x ? (size_t)n * (size_t)o->nt : 0) + 8;
    memset(r, 0, sizeof *r);
    r->o = o;
    r->tb = o->order == 5 ? &DP45 : &BS23;
    r->e = e;
    r->fn = fn;
    r->n = n;
    double * b = *block = dfg_malloc(words * sizeof *b);
    if (!b)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
    r->y = b;
    r->K = b + n;
    r->Ys = r->K + (size_t)n * MAXS;
    r->yn = r->Ys + (size_t)n * MAXS;
    r->ye = r->yn + n;
    r->tmp = r->ye + n;
    r->X = with_x ? r->tmp + n : NULL;
    return DFG_OK;
}

static dfg_status eval_alloc(ode_eval * e, const ctrl_rec * src, const void * const * in)
{
    const ctrl_ode * o = src->ode;
    memset(e, 0, sizeof *e);
    e->n = o->n;
    e->ydt = o->ydt;
    e->np = src->n_par - 2;
    e->p = in + 2;
    size_t es = dfg_dtype_size(o->ydt);
    e->pin = dfg_malloc(((size_t)e->np + 4) * sizeof *e->pin);
    e->ybuf = dfg_malloc(3 * (size_t)o->n * es + 64);
    if (!e->pin || !e->ybuf) {
        dfg_free(e->pin);
        dfg_free(e->ybuf);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", src->fn);
    }
    e->lbuf = (char *)e->ybuf + (size_t)o->n * es;
    e->obuf = (char *)e->lbuf + (size_t)o->n * es;
    return DFG_OK;
}

static void eval_free(ode_eval * e)
{
    dfg_free(e->pin);
    dfg_free(e->ybuf);
}

/* The ODE node's run: Y (nt x n, y's class) at out. */
static dfg_status run_forward(ctrl_rec * c, void * out, const void * const * in)
{
    ctrl_ode * o = c->ode;
    int64_t n = o->n, nt = o->nt;
    ode_eval e;
    ode_run r;
    double * block = NULL, * y0 = NULL;
    dfg_status st = dfg_ctrl_plan(c, 0);
    if (st || (st = eval_alloc(&e, c, in)))
        return st;
    e.f = c->body[0].plan;
    if (!(st = run_alloc(&r, &e, o, c->fn, 1, &block)) &&
        !(y0 = dfg_malloc((size_t)n * sizeof *y0)))
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", c->fn);
    if (!st) {
        from_class(o->ydt, y0, in[1], n);
        st = ode_start(&r, y0);
    }
    if (!st)
        st = ode_integrate(&r, -1);
    if (!st) {
        for (int64_t i = 0; i < nt; i++)
            for (int64_t q = 0; q < n; q++) {
                double v = r.X[(size_t)i * (size_t)n + (size_t)q];
                if (o->ydt == DFG_DOUBLE)
                    ((double *)out)[i + nt * q] = v;
                else
                    ((float *)out)[i + nt * q] = (float)v;
            }
        o->steps = r.accepted;
        o->fails = r.attempts - r.accepted;
        o->fevals = e.fevals;
    }
    dfg_free(y0);
    dfg_free(block);
    eval_free(&e);
    return st;
}

/* ---- the adjoint's run -------------------------------------------------------- */

/* A saved state of the loop (the top of an attempt). */
typedef struct ode_ck {
    double  t_old, comp, dt;
    int64_t iout, accepted;
    int     ireject;
} ode_ck;

/* One accepted step of a segment, kept for its reverse. */
typedef struct ode_step {
    double  t_old, t_new, h;
    int64_t lo, hi;
} ode_step;

typedef struct adj_state {
    /* checkpoints */
    ode_ck *   ck;
    double *   cky;          /* [cap x n] */
    int64_t    n_ck, cap, stride, last, budget;
    /* a segment's steps: each with Ys and K (n x MAXS each) and yn */
    ode_step * st;
    double *   sv;           /* [cap_st x (2 MAXS + 1) n] */
    int64_t    n_st, cap_st;
} adj_state;

int64_t dfg_ctrl_ode_bytes(const ctrl_ode * o)
{
    return o->cap[0] * (int64_t)(sizeof(ode_ck) + (size_t)o->n * sizeof(double)) +
           o->cap[1] * (int64_t)(sizeof(ode_step) + (size_t)(2 * MAXS + 1) * (size_t)o->n * sizeof(double));
}

/* Doubles (from 16) the capacity *cap of a record array *rec (rs bytes an
 * entry) and of its values *val (vn doubles an entry); 1 when out of
 * memory (what was grown is kept, *cap unchanged). */
static int grow_pair(void ** rec, size_t rs, double ** val, size_t vn, int64_t * cap)
{
    int64_t c = *cap ? 2 * *cap : 16;
    void * r = dfg_realloc(*rec, (size_t)c * rs);
    if (!r)
        return 1;
    *rec = r;
    double * v = dfg_realloc(*val, (size_t)c * vn * sizeof *v + 8);
    if (!v)
        return 1;
    *val = v;
    *cap = c;
    return 0;
}

static dfg_status ck_save(ode_run * r, int64_t lo, int64_t hi)
{
    (void)lo;
    (void)hi;
    adj_state * a = r->user;
    int64_t n = r->n;
    if (r->accepted % a->stride || r->accepted == a->last)
        return DFG_OK;
    int64_t lim = a->budget > 0 ? a->budget : 0;
    if (!lim) {                          /* about 2 sqrt (steps so far) */
        lim = 16;
        while (lim * lim < 4 * (r->accepted + 1))
            lim *= 2;
    }
    if (a->n_ck >= lim && a->n_ck >= 2) {   /* keep every other one */
        int64_t k = 0;
        for (int64_t j = 0; j < a->n_ck; j += 2, k++) {
            a->ck[k] = a->ck[j];
            memmove(a->cky + (size_t)k * (size_t)n, a->cky + (size_t)j * (size_t)n,
                    (size_t)n * sizeof *a->cky);
        }
        a->n_ck = k;
        a->stride *= 2;
        if (r->accepted % a->stride)
            return DFG_OK;
    }
    if (a->n_ck >= a->cap &&
        grow_pair((void **)&a->ck, sizeof *a->ck, &a->cky, (size_t)n, &a->cap))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory keeping checkpoints", r->fn);
    ode_ck * k = &a->ck[a->n_ck];
    k->t_old = r->t_old;
    k->comp = r->comp;
    k->dt = r->dt;
    k->iout = r->iout;
    k->accepted = r->accepted;
    k->ireject = r->ireject;
    memcpy(a->cky + (size_t)a->n_ck * (size_t)n, r->y, (size_t)n * sizeof *r->y);
    a->n_ck++;
    a->last = r->accepted;
    return DFG_OK;
}

static dfg_status step_keep(ode_run * r, int64_t lo, int64_t hi)
{
    adj_state * a = r->user;
    int64_t n = r->n;
    size_t per = (size_t)(2 * MAXS + 1) * (size_t)n;
    if (a->n_st >= a->cap_st &&
        grow_pair((void **)&a->st, sizeof *a->st, &a->sv, per, &a->cap_st))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory keeping a segment", r->fn);
    ode_step * s = &a->st[a->n_st];
    s->t_old = r->t_old;
    s->t_new = r->t_new;
    s->h = r->h;
    s->lo = lo;
    s->hi = hi;
    double * v = a->sv + (size_t)a->n_st * per;
    memcpy(v, r->Ys, (size_t)MAXS * (size_t)n * sizeof *v);
    memcpy(v + (size_t)MAXS * (size_t)n, r->K, (size_t)MAXS * (size_t)n * sizeof *v);
    memcpy(v + (size_t)2 * MAXS * (size_t)n, r->yn, (size_t)n * sizeof *v);
    a->n_st++;
    return DFG_OK;
}

/* What the reverse of a step accumulates into. */
typedef struct adj_acc {
    int64_t   n;
    int       nw;            /* captured values whose adjoint is wanted */
    int64_t * wm;            /* their element counts */
    double ** gp;            /* their adjoints (double) */
    double *  yb;            /* the adjoint of the current state [n] */
    double *  kb;            /* [n x MAXS] */
    double *  yo;            /* [n]: adjoint of the step's y_old */
    double *  gy;            /* [n] VJP result */
    void **   vout;          /* VJP outputs [1 + nw] */
    void *    vbuf;          /* their storage (y's class or the values') */
    const int * wdt;         /* classes of the wanted values */
} adj_acc;

/* lam' df/d(y, p) at (t, y), lam = kb: y's part added to *into, p's to gp */
static dfg_status vjp_add(ode_eval * e, adj_acc * A, double t, const double * y, const double * lam,
                          double * into)
{
    int64_t n = A->n;
    int nz = 0;
    for (int64_t q = 0; q < n && !nz; q++)
        nz = lam[q] != 0;
    if (!nz)
        return DFG_OK;
    eval_args(e, t, y);
    to_class(e->ydt, e->lbuf, lam, n);
    e->pin[2 + e->np] = e->lbuf;
    dfg_status st = dfg_plan_exec(e->vjp, e->pin, A->vout);
    if (st)
        return st;
    from_class(e->ydt, A->gy, A->vout[0], n);
    for (int64_t q = 0; q < n; q++)
        into[q] += A->gy[q];
    for (int k = 0; k < A->nw; k++) {
        double * g = A->gp[k];
        const void * v = A->vout[1 + k];
        if (A->wdt[k] == DFG_DOUBLE)
            for (int64_t q = 0; q < A->wm[k]; q++)
                g[q] += ((const double *)v)[q];
        else
            for (int64_t q = 0; q < A->wm[k]; q++)
                g[q] += ((const float *)v)[q];
    }
    return DFG_OK;
}

static double ybar_at(const ctrl_ode * o, const void * Yb, int64_t i, int64_t q)
{
    size_t at = (size_t)i + (size_t)o->nt * (size_t)q;
    return o->ydt == DFG_DOUBLE ? ((const double *)Yb)[at] : ((const float *)Yb)[at];
}

/* The dense output at s (0..1) of a step of length dt as weights of
 * y_old (wo), y_new (wn) and the stages' k (wk, MAXS): the formulas of
 * dense_output as linear maps (for the adjoint and the tangent). */
static void dense_weights(const ctrl_ode * o, double sv, double dt, double * wo, double * wn,
                          double * wk)
{
    double s2 = sv * sv, s3 = s2 * sv, s4 = s3 * sv;
    for (int j = 0; j < MAXS; j++)
        wk[j] = 0;
    if (o->order == 5) {
        double c1 = 1 - 11 * s2 + 18 * s3 - 8 * s4, c2 = sv - 4 * s2 + 5 * s3 - 2 * s4;
        double c3 = 16 * s2 - 32 * s3 + 16 * s4, c4 = -5 * s2 + 14 * s3 - 8 * s4;
        double c5 = s2 - 3 * s3 + 2 * s4;
        *wo = c1 + c3;
        *wn = c4;
        for (int j = 0; j < 7; j++)
            wk[j] = c3 * 0.5 * dt * U_HALF[j];
        wk[0] += c2 * dt;
        wk[6] += c5 * dt;
    } else {
        *wo = (1 + 2 * sv) * (1 - sv) * (1 - sv);
        *wn = (3 - 2 * sv) * s2;
        wk[0] = sv * (1 - sv) * (1 - sv) * dt;
        wk[3] = (sv - 1) * s2 * dt;
    }
}

/* The reverse of kept step s: A->yb is the adjoint of its y_new on entry,
 * of its y_old on return. */
static dfg_status step_reverse(ode_eval * e, const ctrl_ode * o, const tableau * tb,
                               const adj_state * a, int64_t s, const void * Yb, adj_acc * A)
{
    int64_t n = A->n;
    const ode_step * p = &a->st[s];
    const double * v = a->sv + (size_t)s * (size_t)(2 * MAXS + 1) * (size_t)n;
    const double * Ys = v, * yn = v + (size_t)2 * MAXS * (size_t)n;
    double * kb = A->kb, * yo = A->yo, * yb = A->yb;
    int S = tb->s;
    double dt = p->t_new - p->t_old, h = p->h;
    dfg_status st;
    memset(kb, 0, (size_t)MAXS * (size_t)n * sizeof *kb);
    memset(yo, 0, (size_t)n * sizeof *yo);
    /* the dense output at the times this step caught */
    for (int64_t i = p->lo; i <= p->hi; i++) {
        double wo, wn, wk[MAXS];
        dense_weights(o, (o->tspan[i] - p->t_old) / dt, dt, &wo, &wn, wk);
        for (int64_t q = 0; q < n; q++) {
            double ob = ybar_at(o, Yb, i, q);
            yo[q] += wo * ob;
            yb[q] += wn * ob;
            for (int j = 0; j <= S; j++)
                kb[(size_t)j * (size_t)n + (size_t)q] += wk[j] * ob;
        }
    }
    /* k_S+1 = f (t_new, y_new) */
    if ((st = vjp_add(e, A, p->t_new, yn, kb + (size_t)S * (size_t)n, yb)))
        return st;
    /* y_new = y + sum_j h c_j k_j */
    for (int64_t q = 0; q < n; q++)
        yo[q] += yb[q];
    for (int j = 0; j < S; j++)
        for (int64_t q = 0; q < n; q++)
            kb[(size_t)j * (size_t)n + (size_t)q] += h * tb->c[j] * yb[q];
    /* stages S-1 .. 1: Y_i = y + sum_j h a_ij k_j, k_i = f (t + h b_i, Y_i) */
    for (int i = S - 1; i >= 0; i--) {
        double * Yib = yb;               /* reused as the stage's adjoint */
        memset(Yib, 0, (size_t)n * sizeof *Yib);
        if ((st = vjp_add(e, A, p->t_old + h * tb->b[i], Ys + (size_t)i * (size_t)n,
                          kb + (size_t)i * (size_t)n, Yib)))
            return st;
        for (int64_t q = 0; q < n; q++)
            yo[q] += Yib[q];
        for (int j = 0; j < i; j++)
            if (tb->a[i][j] != 0)
                for (int64_t q = 0; q < n; q++)
                    kb[(size_t)j * (size_t)n + (size_t)q] += h * tb->a[i][j] * Yib[q];
    }
    memcpy(yb, yo, (size_t)n * sizeof *yb);
    return DFG_OK;
}

/* ---- the continuous adjoint ------------------------------------------------------ */

/* z = [y; a; g]: y' = f (t, y), a' = -J_y' a, g' = -J_p' a (backwards) */
typedef struct aug_ctx {
    ode_eval * e;
    adj_acc *  A;
    int64_t    n;
} aug_ctx;

static dfg_status aug_rhs(void * ctx, double t, const double * z, double * dz)
{
    aug_ctx * x = ctx;
    adj_acc * A = x->A;
    int64_t n = x->n, at = 2 * n;
    dfg_status st = ode_f(x->e, t, z, dz);
    if (st)
        return st;
    /* vjp_add accumulates: start from zero, then negate */
    memset(dz + n, 0, (size_t)n * sizeof *dz);
    for (int k = 0; k < A->nw; k++) {
        A->gp[k] = dz + at;
        memset(A->gp[k], 0, (size_t)A->wm[k] * sizeof *dz);
        at += A->wm[k];
    }
    if ((st = vjp_add(x->e, A, t, z, z + n, dz + n)))
        return st;
    for (int64_t q = n; q < at; q++)
        dz[q] = -dz[q];
    return DFG_OK;
}

/* The continuous adjoint: the solution forward, then z = [y; a; g] from
 * each output time to the one before (adaptive, the same method and
 * tolerances; y restarted from the forward solution there), a jumping by
 * Ybar's row at each output time. */
static dfg_status run_continuous(ctrl_rec * c, void * out, const void * const * in)
{
    ctrl_rec * F = c->src;
    const ctrl_ode * o = F->ode;
    int64_t n = o->n, nt = o->nt;
    int nw = c->n_out - 1;
    const void * Yb = in[F->n_par];
    ode_eval e;
    ode_run r;
    adj_acc A;
    memset(&A, 0, sizeof A);
    memset(&r, 0, sizeof r);
    double * block = NULL, * wk = NULL, * abst = NULL;
    dfg_status st = dfg_ctrl_plan(F, 0);
    if (!st)
        st = dfg_ctrl_plan(c, 0);
    if (st || (st = eval_alloc(&e, F, in)))
        return st;
    e.f = F->body[0].plan;
    e.vjp = c->body[0].plan;
    A.n = n;
    A.nw = nw;
    A.wdt = c->odt + 1;
    int64_t m = 0;
    A.wm = dfg_calloc((size_t)nw + 1, sizeof *A.wm);
    A.gp = dfg_calloc((size_t)nw + 1, sizeof *A.gp);
    A.vout = dfg_calloc((size_t)nw + 2, sizeof *A.vout);
    for (int k = 0; A.wm && k < nw; k++) {
        A.wm[k] = 1;
        for (int d = 0; d < c->ond[1 + k]; d++)
            A.wm[k] *= c->odims[1 + k][d];
        m += A.wm[k];
    }
    int64_t N = 2 * n + m;
    size_t vb = (size_t)n * 8 + 64;
    for (int k = 0; A.wm && k < nw; k++)
        vb += (size_t)A.wm[k] * 8 + 64;
    A.vbuf = dfg_malloc(vb + 64);
    wk = dfg_calloc((size_t)(n * nt + 2 * N + n + 8), sizeof *wk);
    abst = dfg_malloc(((size_t)N + 1) * sizeof *abst);
    if (!A.wm || !A.gp || !A.vout || !A.vbuf || !wk || !abst)
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", c->fn);
    ctrl_ode o2;
    double span[2];
    if (!st) {
        char * v = A.vbuf;
        for (int k = 0; k <= nw; k++) {
            A.vout[k] = v;
            v += (size_t)(k ? A.wm[k - 1] : n) * 8 + 64;
        }
        A.gy = wk + n * nt + 2 * N;
        /* the solution at the output times */
        double * X = wk, * z = wk + n * nt, * z0 = z + N;
        if (!(st = run_alloc(&r, &e, o, c->fn, 1, &block))) {
            from_class(o->ydt, z0, in[1], n);
            if (!(st = ode_start(&r, z0)) && !(st = ode_integrate(&r, -1)))
                memcpy(X, r.X, (size_t)(n * nt) * sizeof *X);
        }
        dfg_free(block);
        block = NULL;
        o2 = *o;
        o2.n = N;
        o2.nt = 2;
        o2.tspan = span;
        o2.n_abs = N;
        o2.abstol = abst;
        o2.init_step = NAN;
        o2.norm_control = 0;
        for (int64_t q = 0; q < N; q++)
            abst[q] = o->abstol[o->n_abs == 1 || q >= n ? 0 : q];
        if (!st)
            st = run_alloc(&r, &e, &o2, c->fn, 1, &block);
        aug_ctx ax = {&e, &A, n};
        r.rhs_fn = aug_rhs;
        r.rhs_ctx = &ax;
        memset(z, 0, (size_t)N * sizeof *z);
        for (int64_t i = nt - 1; i >= 1 && !st; i--) {
            memcpy(z, X + (size_t)i * (size_t)n, (size_t)n * sizeof *z);
            for (int64_t q = 0; q < n; q++)
                z[n + q] += ybar_at(o, Yb, i, q);
            span[0] = o->tspan[i];
            span[1] = o->tspan[i - 1];
            if (!(st = ode_start(&r, z)) && !(st = ode_integrate(&r, -1)))
                memcpy(z + n, r.X + N + n, (size_t)(N - n) * sizeof *z);
        }
        if (!st) {
            char * ob = out;
            for (int64_t q = 0; q < n; q++)
                z[n + q] += ybar_at(o, Yb, 0, q);
            to_class(o->ydt, ob + c->off[0], z + n, n);
            int64_t at = 2 * n;
            for (int k = 0; k < nw; k++) {
                void * dst = ob + c->off[1 + k];
                if (A.wdt[k] == DFG_DOUBLE)
                    memcpy(dst, z + at, (size_t)A.wm[k] * sizeof *z);
                else
                    for (int64_t q = 0; q < A.wm[k]; q++)
                        ((float *)dst)[q] = (float)z[at + q];
                at += A.wm[k];
            }
        }
    }
    dfg_free(A.wm);
    dfg_free(A.gp);
    dfg_free(A.vout);
    dfg_free(A.vbuf);
    dfg_free(wk);
    dfg_free(abst);
    dfg_free(block);
    eval_free(&e);
    return st;
}

/* The adjoint node's run: in = [t0, y0, captured, Ybar], out = [gy0, gp...]. */
dfg_status dfg_ctrl_ode_adjoint(ctrl_rec * c, void * out, const void * const * in)
{
    ctrl_rec * F = c->src;
    const ctrl_ode * o = F->ode;
    int64_t n = o->n;
    int nw = c->n_out - 1;
    ode_eval e;
    ode_run r;
    adj_state a;
    adj_acc A;
    memset(&a, 0, sizeof a);
    memset(&A, 0, sizeof A);
    if (o->continuous)
        return run_continuous(c, out, in);
    ctrl_ode * ko = c->ode;            /* the buffers kept from the last run */
    a.ck = ko->buf[0];
    a.cky = ko->buf[1];
    a.st = ko->buf[2];
    a.sv = ko->buf[3];
    a.cap = ko->cap[0];
    a.cap_st = ko->cap[1];
    double * block = NULL, * y0 = NULL, * wk = NULL;
    const void * Yb = in[F->n_par];
    dfg_status st = dfg_ctrl_plan(F, 0);
    if (!st)
        st = dfg_ctrl_plan(c, 0);
    if (st || (st = eval_alloc(&e, F, in)))
        return st;
    e.f = F->body[0].plan;
    e.vjp = c->body[0].plan;
    int64_t words = 5 * n + (int64_t)MAXS * n;
    A.n = n;
    A.nw = nw;
    A.wdt = c->odt + 1;
    if (!(st = run_alloc(&r, &e, o, c->fn, 0, &block))) {
        A.wm = dfg_calloc((size_t)nw + 1, sizeof *A.wm);
        A.gp = dfg_calloc((size_t)nw + 1, sizeof *A.gp);
        A.vout = dfg_calloc((size_t)nw + 2, sizeof *A.vout);
        /* element counts from the outputs' sizes */
        for (int k = 0; A.wm && k < nw; k++) {
            int64_t m = 1;
            for (int d = 0; d < c->ond[1 + k]; d++)
                m *= c->odims[1 + k][d];
            A.wm[k] = m;
            words += m;
        }
        wk = dfg_calloc((size_t)words + 8, sizeof *wk);
        /* the VJP's outputs: in the wanted classes, written by the plan */
        size_t vb = 0;
        for (int k = 0; A.wm && k <= nw; k++)
            vb += (size_t)(k ? A.wm[k - 1] : n) * 8 + 64;
        A.vbuf = dfg_malloc(vb + 64);
        if (!A.wm || !A.gp || !A.vout || !wk || !A.vbuf)
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", c->fn);
    }
    if (!st) {
        double * w = wk;
        y0 = w;
        w += n;
        A.yb = w;
        w += n;
        A.yo = w;
        w += n;
        A.gy = w;
        w += n;
        A.kb = w;
        w += (size_t)MAXS * (size_t)n;
        for (int k = 0; k < nw; k++) {
            A.gp[k] = w;
            w += A.wm[k];
        }
        char * vb = A.vbuf;
        for (int k = 0; k <= nw; k++) {
            A.vout[k] = vb;
            vb += (size_t)(k ? A.wm[k - 1] : n) * 8 + 64;
        }
        from_class(o->ydt, y0, in[1], n);
        a.stride = 1;
        a.last = -1;
        a.budget = o->checkpoints;
        r.user = &a;
        r.on_top = ck_save;
        st = ode_start(&r, y0);
        if (!st)
            st = ode_integrate(&r, -1);
    }
    /* back over the segments, the last first */
    int64_t end = r.accepted;
    r.on_top = NULL;
    r.on_accept = step_keep;
    for (int64_t s = a.n_ck - 1; s >= 0 && !st; s--) {
        const ode_ck * k = &a.ck[s];
        r.t_old = k->t_old;
        r.comp = k->comp;
        r.dt = k->dt;
        r.iout = k->iout;
        r.accepted = k->accepted;
        r.ireject = k->ireject;
        r.have_k = 0;
        memcpy(r.y, a.cky + (size_t)s * (size_t)n, (size_t)n * sizeof *r.y);
        a.n_st = 0;
        int64_t stop = s + 1 < a.n_ck ? a.ck[s + 1].accepted : end;
        if ((st = ode_integrate(&r, stop)))
            break;
        for (int64_t j = a.n_st - 1; j >= 0 && !st; j--)
            st = step_reverse(&e, o, r.tb, &a, j, Yb, &A);
    }
    if (!st) {
        /* Y(1, :) is y0 itself */
        for (int64_t q = 0; q < n; q++)
            A.yb[q] += ybar_at(o, Yb, 0, q);
        char * ob = out;
        if (o->ydt == DFG_DOUBLE)
            memcpy(ob + c->off[0], A.yb, (size_t)n * sizeof *A.yb);
        else
            for (int64_t q = 0; q < n; q++)
                ((float *)(ob + c->off[0]))[q] = (float)A.yb[q];
        for (int k = 0; k < nw; k++) {
            void * dst = ob + c->off[1 + k];
            if (A.wdt[k] == DFG_DOUBLE)
                memcpy(dst, A.gp[k], (size_t)A.wm[k] * sizeof *A.gp[k]);
            else
                for (int64_t q = 0; q < A.wm[k]; q++)
                    ((float *)dst)[q] = (float)A.gp[k][q];
        }
    }
    ko->buf[0] = a.ck;
    ko->buf[1] = a.cky;
    ko->buf[2] = a.st;
    ko->buf[3] = a.sv;
    ko->cap[0] = a.cap;
    ko->cap[1] = a.cap_st;
    dfg_free(A.wm);
    dfg_free(A.gp);
    dfg_free(A.vout);
    dfg_free(A.vbuf);
    dfg_free(wk);
    dfg_free(block);
    eval_free(&e);
    return st;
}

/* ---- the tangent's run (forward sensitivities) ---------------------------------- */

typedef struct tan_state {
    ode_eval *           e;
    dfg_plan *           jvp;    /* [t, y, p..., lam, ydot, pdot...] -> [kdot] */
    int                  nw;
    const void * const * pd;     /* the wanted captured values' tangents     */
    const void **        pin;
    void *               zero, * ybuf, * obuf;  /* n each, y's class         */
    double *             yd, * ydn, * kd, * Yd, * Xd;
} tan_state;

/* kd = J_f (t, y) yd + J_p pdot */
static dfg_status jvp_eval(tan_state * ts, double t, const double * y, const double * yd, double * kd)
{
    ode_eval * e = ts->e;
    eval_args(e, t, y);
    int np = e->np;
    for (int k = 0; k < 2 + np; k++)
        ts->pin[k] = e->pin[k];
    to_class(e->ydt, ts->ybuf, yd, e->n);
    ts->pin[2 + np] = ts->zero;
    ts->pin[3 + np] = ts->ybuf;
    for (int k = 0; k < ts->nw; k++)
        ts->pin[4 + np + k] = ts->pd[k];
    void * out = ts->obuf;
    dfg_status st = dfg_plan_exec(ts->jvp, ts->pin, &out);
    if (!st)
        from_class(e->ydt, kd, ts->obuf, e->n);
    return st;
}

/* the tangent of an accepted step, and of the outputs it caught */
static dfg_status tan_accept(ode_run * r, int64_t lo, int64_t hi)
{
    tan_state * ts = r->user;
    const tableau * tb = r->tb;
    int64_t n = r->n;
    int S = tb->s;
    double h = r->h, dt = r->t_new - r->t_old;
    dfg_status st = jvp_eval(ts, r->t_old, r->Ys, ts->yd, ts->kd);
    for (int i = 1; i < S && !st; i++) {
        for (int64_t q = 0; q < n; q++) {
            double v = ts->yd[q];
            for (int j = 0; j < i; j++)
                v += h * tb->a[i][j] * ts->kd[(size_t)j * (size_t)n + (size_t)q];
            ts->Yd[q] = v;
        }
        st = jvp_eval(ts, r->t_old + h * tb->b[i], r->Ys + (size_t)i * (size_t)n, ts->Yd,
                      ts->kd + (size_t)i * (size_t)n);
    }
    if (st)
        return st;
    for (int64_t q = 0; q < n; q++) {
        double v = ts->yd[q];
        for (int j = 0; j < S; j++)
            v += h * tb->c[j] * ts->kd[(size_t)j * (size_t)n + (size_t)q];
        ts->ydn[q] = v;
    }
    if ((st = jvp_eval(ts, r->t_new, r->yn, ts->ydn, ts->kd + (size_t)S * (size_t)n)))
        return st;
    for (int64_t i = lo; i <= hi; i++) {
        double wo, wn, wk[MAXS];
        dense_weights(r->o, (r->o->tspan[i] - r->t_old) / dt, dt, &wo, &wn, wk);
        double * out = ts->Xd + (size_t)i * (size_t)n;
        for (int64_t q = 0; q < n; q++) {
            double v = wo * ts->yd[q] + wn * ts->ydn[q];
            for (int j = 0; j <= S; j++)
                v += wk[j] * ts->kd[(size_t)j * (size_t)n + (size_t)q];
            out[q] = v;
        }
    }
    memcpy(ts->yd, ts->ydn, (size_t)n * sizeof *ts->yd);
    return DFG_OK;
}

/* The tangent node's run: in = [t0, y0, captured, ydot0, pdot (wanted)],
 * out = the solution's tangent (nt x n, y's class). */
static dfg_status run_tangent(ctrl_rec * c, void * out, const void * const * in)
{
    ctrl_rec * F = c->src;
    const ctrl_ode * o = F->ode;
    int64_t n = o->n, nt = o->nt;
    int nw = c->n_par - F->n_par - 1;
    ode_eval e;
    ode_run r;
    tan_state ts;
    memset(&ts, 0, sizeof ts);
    double * block = NULL, * wk = NULL;
    dfg_status st = dfg_ctrl_plan(F, 0);
    if (!st)
        st = dfg_ctrl_plan(c, 0);
    if (st || (st = eval_alloc(&e, F, in)))
        return st;
    e.f = F->body[0].plan;
    size_t es = dfg_dtype_size(o->ydt);
    ts.e = &e;
    ts.jvp = c->body[0].plan;
    ts.nw = nw;
    ts.pd = in + F->n_par + 1;
    ts.pin = dfg_malloc(((size_t)c->body[0].n_par + 4) * sizeof *ts.pin);
    ts.zero = dfg_calloc(3 * (size_t)n * es + 64, 1);
    wk = dfg_calloc((size_t)n * (4 + MAXS) + (size_t)n * (size_t)nt + 8, sizeof *wk);
    if (!ts.pin || !ts.zero || !wk)
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", c->fn);
    if (!st)
        st = run_alloc(&r, &e, o, c->fn, 0, &block);
    if (!st) {
        ts.ybuf = (char *)ts.zero + (size_t)n * es;
        ts.obuf = (char *)ts.ybuf + (size_t)n * es;
        ts.yd = wk;
        ts.ydn = wk + n;
        ts.Yd = wk + 2 * n;
        double * y0 = wk + 3 * n;
        ts.kd = wk + 4 * n;
        ts.Xd = ts.kd + (size_t)MAXS * (size_t)n;
        from_class(o->ydt, ts.yd, in[F->n_par], n);
        memcpy(ts.Xd, ts.yd, (size_t)n * sizeof *ts.yd);
        from_class(o->ydt, y0, in[1], n);
        r.user = &ts;
        r.on_accept = tan_accept;
        st = ode_start(&r, y0);
        if (!st)
            st = ode_integrate(&r, -1);
    }
    if (!st)
        for (int64_t i = 0; i < nt; i++)
            for (int64_t q = 0; q < n; q++) {
                double v = ts.Xd[(size_t)i * (size_t)n + (size_t)q];
                if (o->ydt == DFG_DOUBLE)
                    ((double *)out)[i + nt * q] = v;
                else
                    ((float *)out)[i + nt * q] = (float)v;
            }
    dfg_free(ts.pin);
    dfg_free(ts.zero);
    dfg_free(wk);
    dfg_free(block);
    eval_free(&e);
    return st;
}

dfg_status dfg_ctrl_ode_exec(ctrl_rec * c, void * out, const void * const * in)
{
    return c->ode->mode == 1 ? dfg_ctrl_ode_adjoint(c, out, in)
         : c->ode->mode == 2 ? run_tangent(c, out, in) : run_forward(c, out, in);
}

/* ---- making the ODE node ------------------------------------------------------ */

static int is_column(const dfg_node * x, int64_t n)
{
    return x->ndim == 2 && x->dims[0] == n && x->dims[1] == 1;
}

dfg_status dfg_ode(const dfg_ode_spec * s, dfg_id * out)
{
    const char * fn = s && s->order == 3 ? "ode23" : "ode45";
    if (!s || !out || (s->order != 3 && s->order != 5))
        return dfg_set_error(DFG_ERR_ARG, "dfg.ode45: bad ODE spec");
    dfg_node * t = dfg_node_get(s->t), * y = dfg_node_get(s->y), * dy = dfg_node_get(s->dy);
    dfg_node * y0 = dfg_node_get(s->y0);
    if (!t || !y || !dy || !y0)
        return DFG_ERR_HANDLE;
    char a[256], b[256];
    int64_t n = y->numel, nt = s->nt;
    if (t->op != DFG_OP_INPUT || y->op != DFG_OP_INPUT || t->dtype != DFG_DOUBLE || t->numel != 1 ||
        (y->dtype != DFG_DOUBLE && y->dtype != DFG_SINGLE) || n < 1 || !is_column(y, n))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad parameters of the right-hand side", fn);
    if (dfg_shape_is_sym(y0->ndim, y0->dims))
        return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.%s: INIT has a symbolic size (%s); the number "
                             "of states must be known when the graph is built", fn,
                             dfg_shape_str(y0->ndim, y0->dims, a, sizeof a));
    if (y0->dtype != y->dtype || !is_column(y0, n))
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: INIT is %s %s, not %s %lldx1", fn,
                             dfg_dtype_name(y0->dtype), dfg_shape_str(y0->ndim, y0->dims, a, sizeof a),
                             dfg_dtype_name(y->dtype), (long long)n);
    if (dy->dtype != y->dtype || !is_column(dy, n))
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: FCN must return a %s column of %lld elements "
                             "like y, not %s %s", fn, dfg_dtype_name(y->dtype), (long long)n,
                             dfg_dtype_name(dy->dtype), dfg_shape_str(dy->ndim, dy->dims, b, sizeof b));
    if (nt < 2 || !s->tspan)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: TRANGE must contain at least 2 elements", fn);
    double dir = s->tspan[1] > s->tspan[0] ? 1 : -1;
    for (int64_t i = 0; i < nt; i++)
        if (!isfinite(s->tspan[i]) || (i && !(dir * s->tspan[i] > dir * s->tspan[i - 1])))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: TRANGE must be finite and strictly %s "
                                 "(element %lld)", fn, dir > 0 ? "increasing" : "decreasing",
                                 (long long)(i + 1));
    if (!(s->reltol > 0) || !isfinite(s->reltol))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: RelTol must be a positive scalar", fn);
    if ((s->n_abstol != 1 && s->n_abstol != n) || !s->abstol)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: AbsTol must be a scalar or have %lld elements "
                             "(one per state), not %lld", fn, (long long)n, (long long)s->n_abstol);
    for (int64_t i = 0; i < s->n_abstol; i++)
        if (!(s->abstol[i] > 0) || !isfinite(s->abstol[i]))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: AbsTol must be positive", fn);
    if (s->norm_control && s->n_abstol != 1)
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.%s: NormControl \"on\" needs a scalar AbsTol", fn);
    if (!(s->initial_step != s->initial_step) && !(s->initial_step > 0 && isfinite(s->initial_step)))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: InitialStep must be a positive scalar", fn);
    if (!(s->max_step != s->max_step) && !(s->max_step > 0))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: MaxStep must be a positive scalar", fn);
    if (s->checkpoints < 0 || s->checkpoints == 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: Checkpoints must be 0 (automatic) or at least 2", fn);
    ctrl_ode cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.order = s->order;
    cfg.n = n;
    cfg.nt = nt;
    cfg.tspan = (double *)s->tspan;
    cfg.reltol = s->reltol;
    cfg.n_abs = s->n_abstol;
    cfg.abstol = (double *)s->abstol;
    cfg.init_step = s->initial_step;
    cfg.max_step = s->max_step != s->max_step ? 0.1 * fabs(s->tspan[nt - 1] - s->tspan[0]) : s->max_step;
    cfg.norm_control = s->norm_control != 0;
    cfg.checkpoints = s->checkpoints;
    cfg.continuous = s->continuous != 0;
    cfg.ydt = y->dtype;
    dfg_id t0id;
    int64_t one[2] = { 1, 1 };
    dfg_status st = dfg_constant(DFG_DOUBLE, 2, one, &s->tspan[0], &t0id);
    if (st)
        return st;
    dfg_node * t0 = dfg_node_get(t0id);
    dfg_node * par[2] = { t, y }, * ins[2] = { t0, y0 }, * res[1] = { dy }, * o = NULL;
    ctrl_spec cs = { DFG_OP_LOOP, fn, 0, 0, 2, par, ins, NULL, { 1, 0 }, { res, NULL }, 1, 0, 0, 1, 0,
                     &cfg };
    st = dfg_ctrl_make(&cs, &o);
    dfg_release(t0id);
    if (st)
        return st;
    o->uses--;
    o->handles++;
    *out = dfg_node_id(o);
    return DFG_OK;
}

/* ---- the rule ------------------------------------------------------------------ */

/* The tangent node of ODE F along (gout[0] for y0, gout[1 + k] for the
 * adjoint's captured value k), from adjoint construct c and its node y:
 * *out (one use, the caller's). */
static dfg_status ode_tangent(ctrl_rec * c, dfg_node * y, dfg_node * const * gout, dfg_node ** out)
{
    ctrl_rec * F = c->src;
    int nw = c->nfp, nF = F->n_par;
    gctx g = {0};
    int n_par = nF + 1 + nw, nb = nF + 2 + nw;
    dfg_node ** v = dfg_calloc(4 * ((size_t)nb + 2), sizeof *v);
    ctrl_rec * t = dfg_calloc(1, sizeof *t);
    if (!v || !t) {
        dfg_free(v);
        dfg_free(t);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.jvp: out of memory");
    }
    t->slot = -1;
    t->refs = 1;
    dfg_node ** seeds = v, ** upar = v + nb + 2, ** ins = upar + nb + 2, * jd = NULL, * o = NULL;
    seeds[0] = dfg_ctrl_keep_param(&g, F->par[1], "tangent");
    upar[0] = dfg_ctrl_keep_param(&g, F->par[1], "tangent");
    for (int k = 0; k < nw; k++) {
        seeds[1 + k] = dfg_ctrl_keep_param(&g, F->par[c->dp_idx[k]], "tangent");
        upar[1 + k] = dfg_ctrl_keep_param(&g, F->par[c->dp_idx[k]], "tangent");
    }
    dfg_node * lam = c->body[0].par[c->n_par - 1];
    dfg_status st = g.st;
    if (!st && !(st = dfg_grad_multi(1 + nw, c->body[0].res, seeds, 1, &lam, &jd)))
        gb_keep(&g, jd);
    if (!st && (!(t->par = dfg_calloc((size_t)n_par + 1, sizeof *t->par)) ||
                !(t->body[0].par = dfg_calloc((size_t)nb + 1, sizeof *t->body[0].par)) ||
                !(t->body[0].res = dfg_calloc(2, sizeof *t->body[0].res)) ||
                !(t->off = dfg_calloc(2, sizeof *t->off)) ||
                !(t->odt = dfg_calloc(2, sizeof *t->odt)) ||
                !(t->ond = dfg_calloc(2, sizeof *t->ond)) ||
                !(t->odims = dfg_calloc(2, sizeof *t->odims)) ||
                !(t->ode = dfg_ctrl_ode_copy(F->ode))))
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.jvp: out of memory");
    if (!st) {
        t->ode->mode = 2;
        t->kind = DFG_OP_LOOP;
        t->src = F;
        F->refs++;
        t->T = 1;
        t->np = t->n_par = n_par;
        snprintf(t->fn, sizeof t->fn, "%s", F->fn);
        for (int k = 0; k < nF; k++) {
            t->par[k] = F->par[k];
            t->body[0].par[k] = F->par[k];
            ins[k] = y->in[k];
        }
        t->body[0].par[nF] = lam;
        for (int k = 0; k <= nw; k++) {
            t->par[nF + k] = upar[k];
            t->body[0].par[nF + 1 + k] = seeds[k];
            ins[nF + k] = gout[k] ? gout[k] : gb_zeros_like(&g, upar[k]);
        }
        for (int k = 0; k < n_par; k++)
            dfg_node_use(t->par[k]);
        for (int k = 0; k < nb; k++)
            dfg_node_use(t->body[0].par[k]);
        t->body[0].n_par = nb;
        t->body[0].n_res = 1;
        t->body[0].res[0] = jd;
        dfg_node_use(jd);
        t->n_out = 1;
        t->odt[0] = F->ode->ydt;
        t->ond[0] = 2;
        t->odims[0][0] = F->ode->nt;
        t->odims[0][1] = F->ode->n;
        t->flops = F->flops * 3;
        t->nodes = F->nodes * 3;
        st = g.st;
        if (!st && !(st = dfg_ctrl_layout(t)))
            st = dfg_ctrl_node(t, ins, &o);
    }
    *out = o;
    if (st && !g.st)
        gb_fail(&g, st);
    if (--t->refs == 0)
        dfg_ctrl_free(t);
    gb_release(&g);
    dfg_free(v);
    return st;
}

dfg_status dfg_ctrl_ode_grad(ctrl_rec * c, dfg_node * y, dfg_node * const * gout, const int * need,
                             dfg_node ** gx)
{
    if (c->ode->mode == 1) {
        /* the adjoint is linear in the cotangent Ybar: its transpose is the
         * tangent (forward mode by transposition); in (y0, p) it would be
         * a second derivative */
        int ib = c->n_par - 1;
        for (int k = 0; k < ib; k++)
            if (need[k])
                goto second;
        return need[ib] ? ode_tangent(c, y, gout, &gx[ib]) : DFG_OK;
    }
    if (c->ode->mode == 2)
        goto second;
    if (!gout[0])
        return DFG_OK;
    int np = c->n_par - 2, nw = 0;
    gctx g = {0};
    dfg_node ** v = dfg_calloc(4 * ((size_t)c->n_par + 2), sizeof *v);
    int * wi = dfg_calloc((size_t)c->n_par + 2, sizeof *wi);
    ctrl_rec * a = dfg_calloc(1, sizeof *a);
    if (!v || !wi || !a) {
        dfg_free(v);
        dfg_free(wi);
        dfg_free(a);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    }
    a->slot = -1;
    a->refs = 1;
    dfg_node ** xs = v, ** gxs = v + c->n_par + 2, ** ins = gxs + c->n_par + 2,
             ** outs = ins + c->n_par + 2;
    for (int k = 0; k < np; k++)
        if (need[2 + k] && ctrl_float(c->par[2 + k]))
            wi[nw++] = 2 + k;
    dfg_node * lam = dfg_ctrl_keep_param(&g, c->par[1], "adjoint");
    dfg_node * yb = dfg_ctrl_keep_param(&g, gout[0], "ybar");
    xs[0] = c->par[1];
    for (int k = 0; k < nw; k++)
        xs[1 + k] = c->par[wi[k]];
    dfg_status st = g.st;
    if (!st && !(st = dfg_grad_multi(1, c->body[0].res, &lam, 1 + nw, xs, gxs)))
        for (int k = 0; k <= nw; k++)
            gb_keep(&g, gxs[k]);
    int n_par = c->n_par + 1, n_out = 1 + nw;
    if (!st && (!(a->par = dfg_calloc((size_t)n_par + 1, sizeof *a->par)) ||
                !(a->body[0].par = dfg_calloc((size_t)n_par + 1, sizeof *a->body[0].par)) ||
                !(a->body[0].res = dfg_calloc((size_t)n_out + 1, sizeof *a->body[0].res)) ||
                !(a->off = dfg_calloc((size_t)n_out + 1, sizeof *a->off)) ||
                !(a->odt = dfg_calloc((size_t)n_out + 1, sizeof *a->odt)) ||
                !(a->ond = dfg_calloc((size_t)n_out + 1, sizeof *a->ond)) ||
                !(a->odims = dfg_calloc((size_t)n_out + 1, sizeof *a->odims)) ||
                !(a->ode = dfg_ctrl_ode_copy(c->ode))))
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    if (!st && !(a->dp_idx = dfg_calloc((size_t)nw + 1, sizeof *a->dp_idx)))
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    if (!st) {
        a->ode->mode = 1;
        a->nfp = nw;
        for (int k = 0; k < nw; k++)
            a->dp_idx[k] = wi[k];
        a->kind = DFG_OP_LOOP;
        a->src = c;
        c->refs++;
        a->T = 1;
        a->np = a->n_par = n_par;
        snprintf(a->fn, sizeof a->fn, "%s", c->fn);
        for (int k = 0; k < c->n_par; k++) {
            a->par[k] = c->par[k];
            a->body[0].par[k] = c->par[k];
            ins[k] = y->in[k];
        }
        a->par[c->n_par] = yb;
        a->body[0].par[c->n_par] = lam;
        ins[c->n_par] = gout[0];
        for (int k = 0; k < n_par; k++) {
            dfg_node_use(a->par[k]);
            dfg_node_use(a->body[0].par[k]);
        }
        a->body[0].n_par = n_par;
        a->body[0].n_res = n_out;
        for (int k = 0; k < n_out; k++) {
            a->body[0].res[k] = gxs[k];
            dfg_node_use(gxs[k]);
            const dfg_node * x = xs[k];
            a->odt[k] = x->dtype;
            a->ond[k] = x->ndim;
            memcpy(a->odims[k], x->dims, sizeof x->dims);
        }
        a->n_out = n_out;
        a->flops = c->flops * 3;
        a->nodes = c->nodes * 3;
        if (!(st = dfg_ctrl_layout(a)))
            st = dfg_ctrl_node(a, ins, outs);
    }
    if (!st) {
        if (need[1]) {
            gx[1] = outs[0];
            dfg_node_use(outs[0]);
        }
        for (int k = 0; k < nw; k++) {
            gx[wi[k]] = outs[1 + k];
            dfg_node_use(outs[1 + k]);
        }
        for (int k = 0; k < n_out; k++)
            dfg_node_unuse(outs[k]);
    }
    if (st && !g.st)
        gb_fail(&g, st);
    if (--a->refs == 0)
        dfg_ctrl_free(a);
    gb_release(&g);
    dfg_free(v);
    dfg_free(wi);
    return st;
second:
    return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.grad: second derivatives through dfg.%s are "
                         "not available; gradients (grad, vjp, jacobian) and forward mode (jvp) "
                         "are", c->fn);
}
