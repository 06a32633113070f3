/* lib/control/ctrl-integral.c -- dfg.integral: adaptive Gauss-Kronrod
 * quadrature (finite or infinite limits) inside a graph, and its derivatives
 * (docs/integral.md).
 *
 * An integral is a LOOP construct (lib/control/ctrl.c) whose record
 * carries an integ configuration (ctrl_integ).  Its body is the integrand
 * f, traced once on a parameter t of 1 x 15 (one Gauss-Kronrod (7, 15)
 * batch, the class of the result); the construct's parameters are
 * [t, a, b, captured values] (a and b double scalars, not read by the
 * body) and its node's inputs [an unread stand-in input for t, a, b, captured].  Its
 * one output is the integral, 1 x 1 in the result's class.
 *
 * The run is Octave 7.3's quadgk.m, step by step: b < a as minus the
 * integral from b to a; the substitution x = (b - a)/4 u (3 - u^2) +
 * (b + a)/2 on u in [-1, 1] for finite limits (it weakens end-point
 * singularities), or quadgk's for (-Inf, Inf), (-Inf, b], [a, Inf)
 * (chosen from the limits' values when the plan runs); ten starting
 * subintervals, the
 * (7, 15) pair per subinterval (one run of f's plan each), the tolerance
 * max (AbsTol, RelTol |q|), a subinterval converged when its error is
 * below tol times its share of [-1, 1], the others halved, at most
 * MaxIntervalCount of them, and quadgk's bookkeeping of which
 * subintervals make the result (q0 when the previous total met the
 * tolerance; its warnings with Octave's id
 * "Octave:quadgk:warning-termination").  So the result is a weighted sum
 * of f at the nodes of a multiset of subintervals: the arithmetic is
 * double, f runs in its own class.
 *
 * Derivatives.  With respect to the captured values: the derivative of
 * that weighted sum with the subdivision held fixed.  The rule makes an
 * adjoint construct (mode 1, src = the integral; body: the
 * vector-Jacobian product of f, [t, a, b, captured, W] -> [W' df/dp...])
 * on [inputs, qbar]; its run repeats the same deterministic subdivision
 * and adds the products at every subinterval of the result, W = qbar
 * times the weights.  The adjoint is linear in qbar: its rule (the
 * transpose, which is forward mode for dfg.jvp) is the adjoint at qbar = 1
 * dotted with the tangents, graph nodes.  With respect to the limits: the
 * fundamental theorem, dq/db = f (b) and dq/da = -f (a), graph nodes made
 * by substituting t = a or b in the body (so differentiable again).  Other
 * second derivatives (through the adjoint) raise dfg:unsupported. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../autodiff/grad-impl.h"
#include "../runtime/plan-impl.h"
#include "ctrl-impl.h"

#define GK 15                  /* nodes per subinterval */

static const double gk_x[GK] = {
    -0.9914553711208126e+00, -0.9491079123427585e+00, -0.8648644233597691e+00,
    -0.7415311855993944e+00, -0.5860872354676911e+00, -0.4058451513773972e+00,
    -0.2077849550078985e+00, 0.0000000000000000e+00, 0.2077849550078985e+00,
    0.4058451513773972e+00, 0.5860872354676911e+00, 0.7415311855993944e+00,
    0.8648644233597691e+00, 0.9491079123427585e+00, 0.9914553711208126e+00};
static const double gk_w15[GK] = {
    0.2293532201052922e-01, 0.6309209262997855e-01, 0.1047900103222502e+00,
    0.1406532597155259e+00, 0.1690047266392679e+00, 0.1903505780647854e+00,
    0.2044329400752989e+00, 0.2094821410847278e+00, 0.2044329400752989e+00,
    0.1903505780647854e+00, 0.1690047266392679e+00, 0.1406532597155259e+00,
    0.1047900103222502e+00, 0.6309209262997855e-01, 0.2293532201052922e-01};
static const double gk_w7[7] = {
    0.1294849661688697e+00, 0.2797053914892767e+00, 0.3818300505051889e+00,
    0.4179591836734694e+00, 0.3818300505051889e+00, 0.2797053914892767e+00,
    0.1294849661688697e+00};

static const char warn_id[] = "Octave:quadgk:warning-termination";

/* ---- the configuration ------------------------------------------------------ */

void dfg_ctrl_integ_free(ctrl_integ * o)
{
    dfg_free(o);
}

ctrl_integ * dfg_ctrl_integ_copy(const ctrl_integ * s)
{
    ctrl_integ * o = dfg_malloc(sizeof *o);
    if (o)
        *o = *s;
    return o;
}

/* ---- one run of the subdivision ------------------------------------------------ */

/* Growable list of subinterval indices (a multiset: entries may repeat). */
typedef struct ilist {
    int64_t * v;
    int64_t   n, cap;
} ilist;

typedef struct ig_run {
    const ctrl_rec *     F;        /* the integral's construct               */
    const char *         fn;
    const void **        pin;      /* [t, a, b, captured..., W]              */
    void *               tbuf;     /* 15 values of t's class                 */
    void *               wbuf;     /* 15 values of f's class (adjoint)       */
    double               a, b;     /* a <= b (swapped when given b < a) */
    double               sign;     /* -1 when swapped                     */
    int                  kind;     /* 0 finite, 1 (-Inf, Inf), 2 (-Inf, b], */
                                   /* 3 [a, Inf): quadgk's substitutions   */
    int                  tdt, fdt;
    /* the subintervals: centre and half-width in u, value, error */
    double *             ctr, * hw, * qs, * es;
    int64_t              n, cap;
    int64_t              fevals;
} ig_run;

static dfg_status push(ilist * l, int64_t i, const char * fn)
{
    if (l->n == l->cap) {
        int64_t cap = l->cap ? 2 * l->cap : 64;
        int64_t * v = dfg_realloc(l->v, (size_t)cap * sizeof *v);
        if (!v)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = i;
    return DFG_OK;
}

static dfg_status new_sub(ig_run * r, double c, double h, int64_t * at)
{
    if (r->n == r->cap) {
        int64_t cap = r->cap ? 2 * r->cap : 256;
        double * blk[4] = {r->ctr, r->hw, r->qs, r->es};
        for (int k = 0; k < 4; k++) {
            double * v = dfg_realloc(blk[k], (size_t)cap * sizeof *v);
            if (!v)
                return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", r->fn);
            blk[k] = v;
            if (k == 0) r->ctr = v;
            if (k == 1) r->hw = v;
            if (k == 2) r->qs = v;
            if (k == 3) r->es = v;
        }
        r->cap = cap;
    }
    r->ctr[r->n] = c;
    r->hw[r->n] = h;
    r->qs[r->n] = r->es[r->n] = 0;
    *at = r->n++;
    return DFG_OK;
}

/* The nodes of subinterval i in x, and the substitution's derivative at
 * them times the Kronrod weights and the half-width (the weights of f's
 * values in the subinterval's integral). */
static void sub_nodes(const ig_run * r, int64_t i, double * x, double * wq)
{
    double a = r->a, b = r->b;
    for (int j = 0; j < GK; j++) {
        double u = r->hw[i] * gk_x[j] + r->ctr[i], v;
        switch (r->kind) {
        case 1:                     /* t ./ (1 - t.^2) */
            v = 1 - u * u;
            x[j] = u / v;
            wq[j] = (1 + u * u) / (v * v);
            break;
        case 2:                     /* b - (s ./ (1 + s)).^2, s in [-1, 0] */
            v = u / (1 + u);
            x[j] = b - v * v;
            wq[j] = -2 * u / ((1 + u) * (1 + u) * (1 + u));
            break;
        case 3:                     /* a + (s ./ (1 - s)).^2, s in [0, 1] */
            v = u / (1 - u);
            x[j] = a + v * v;
            wq[j] = 2 * u / ((1 - u) * (1 - u) * (1 - u));
            break;
        default:
            x[j] = ((b - a) / 4) * u * (3 - u * u) + (b + a) / 2;
            wq[j] = 3 * (b - a) / 4 * (1 - u * u);
        }
    }
}

static void put(int dt, void * dst, const double * src, int n)
{
    for (int j = 0; j < n; j++)
        if (dt == DFG_DOUBLE)
            ((double *)dst)[j] = src[j];
        else
            ((float *)dst)[j] = (float)src[j];
}

static double get(int dt, const void * p, int64_t j)
{
    return dt == DFG_DOUBLE ? ((const double *)p)[j] : (double)((const float *)p)[j];
}

/* __quadgk_eval__ on the subintervals of cur: their values and errors. */
static dfg_status eval_round(ig_run * r, const ilist * cur)
{
    /* too_close: every subinterval's end nodes equal (quadgk's test) */
    int close = 1;
    for (int64_t k = 0; k < cur->n && close; k++) {
        double x[GK], w[GK];
        sub_nodes(r, cur->v[k], x, w);
        double d = fabs(x[GK - 1] - x[0]), m = fmax(fabs(x[0]), fabs(x[GK - 1]));
        if (!(d / m == 0))
            close = 0;
    }
    double y[GK], fx[GK];
    for (int64_t k = 0; k < cur->n; k++) {
        int64_t i = cur->v[k];
        if (close) {
            r->qs[i] = r->es[i] = 0;
            continue;
        }
        double x[GK], w[GK];
        sub_nodes(r, i, x, w);
        put(r->tdt, r->tbuf, x, GK);
        /* the plan's one output; in its class */
        double obuf[GK];
        void * out = obuf;
        r->pin[0] = r->tbuf;
        dfg_status st = dfg_plan_exec(r->F->body[0].plan, r->pin, &out);
        r->fevals++;
        if (st)
            return st;
        for (int j = 0; j < GK; j++) {
            fx[j] = get(r->fdt, obuf, j);
            if (r->fdt == DFG_SINGLE)
                y[j] = (double)((float)fx[j] * (float)w[j]);
            else
                y[j] = fx[j] * w[j];
        }
        double q = 0, g = 0;
        for (int j = 0; j < GK; j++)
            q += y[j] * gk_w15[j];
        for (int j = 0; j < 7; j++)
            g += y[1 + 2 * j] * gk_w7[j];
        q *= r->hw[i];
        r->qs[i] = q;
        r->es[i] = fabs(g * r->hw[i] - q);
    }
    return DFG_OK;
}

static double sum_of(const double * v, const ilist * l)
{
    double s = 0;
    for (int64_t k = 0; k < l->n; k++)
        s += v[l->v[k]];
    return s;
}

static dfg_status append(ilist * to, const ilist * from, const char * fn)
{
    dfg_status st = DFG_OK;
    for (int64_t k = 0; k < from->n && !st; k++)
        st = push(to, from->v[k], fn);
    return st;
}

/* quadgk's loop: *res gets the subintervals whose values make the result
 * (with repeats where quadgk counts one twice), *q the result. */
static dfg_status subdivide(ig_run * r, const ctrl_integ * o, ilist * res, double * qout)
{
    ilist cur = {0}, nxt = {0}, Q = {0}, Q0 = {0};
    dfg_status st = DFG_OK;
    double q = 0, err = 0, q0, err0;
    int64_t at;
    *qout = 0;
    res->n = 0;
    if (r->a == r->b) {            /* quadgk: an empty interval is 0 */
        return DFG_OK;
    }
    /* linspace (L, U, 11) as quadgk's first subintervals: [-1, 1], or
     * [-1, 0] and [0, 1] for a half-infinite interval; H their length */
    double L = r->kind == 3 ? 0 : -1, U = r->kind == 2 ? 0 : 1, H = U - L;
    for (int k = 0; k < 10 && !st; k++) {
        double lo = L + (double)k * (H / 10), hi = k == 9 ? U : L + (double)(k + 1) * (H / 10);
        if (!(st = new_sub(r, (hi + lo) / 2, (hi - lo) / 2, &at)))
            st = push(&cur, at, r->fn);
    }
    if (!st)
        st = eval_round(r, &cur);
    if (st)
        goto done;
    q0 = sum_of(r->qs, &cur);
    err0 = sum_of(r->es, &cur);
    if ((st = append(&Q0, &cur, r->fn)))
        goto done;
    int first = 1;
    for (;;) {
        int finite = 1;
        for (int64_t k = 0; k < cur.n; k++)
            finite &= isfinite(r->qs[cur.v[k]]) != 0;
        if (!finite) {
            dfg_set_warning_id(warn_id, "dfg.%s: non-finite integrand encountered", r->fn);
            q = q0;
            err = err0;
            st = append(res, &Q0, r->fn);
            break;
        }
        double tol = fmax(o->abstol, o->reltol * fabs(q0));
        if (err0 < tol) {
            q = q0;
            err = err0;
            st = append(res, &Q0, r->fn);
            break;
        }
        nxt.n = 0;
        ilist conv = {0};
        for (int64_t k = 0; k < cur.n && !st; k++) {
            int64_t i = cur.v[k];
            if (fabs(r->es[i]) < tol * fabs(2 * r->hw[i]) / H)
                st = push(&conv, i, r->fn);
            else
                st = push(&nxt, i, r->fn);
        }
        if (!st && first) {
            q = sum_of(r->qs, &conv);
            err = sum_of(r->es, &conv);
            Q.n = 0;
            st = append(&Q, &conv, r->fn);
            first = 0;
        } else if (!st) {
            q0 = q + sum_of(r->qs, &cur);
            err0 = err + sum_of(r->es, &cur);
            Q0.n = 0;
            if (!(st = append(&Q0, &Q, r->fn)) && !(st = append(&Q0, &cur, r->fn)))
                st = append(&Q, &conv, r->fn);
            q += sum_of(r->qs, &conv);
            err += sum_of(r->es, &conv);
        }
        dfg_free(conv.v);
        if (st)
            break;
        if (nxt.n == 0) {
            st = append(res, &Q, r->fn);
            break;
        }
        if (2 * nxt.n > o->maxint) {
            dfg_set_warning_id(warn_id, "dfg.%s: maximum interval count (%lld) exceeded", r->fn,
                               (long long)o->maxint);
            q += sum_of(r->qs, &cur);
            err += sum_of(r->es, &cur);
            if (!(st = append(res, &Q, r->fn)))
                st = append(res, &cur, r->fn);
            break;
        }
        /* halves: every left half, then every right half (quadgk's order) */
        cur.n = 0;
        for (int side = 0; side < 2 && !st; side++)
            for (int64_t k = 0; k < nxt.n && !st; k++) {
                int64_t i = nxt.v[k];
                double c = r->ctr[i], h = r->hw[i];
                double lo = c - h, hi = c + h, mid = (hi + lo) / 2;
                double l = side ? mid : lo, u = side ? hi : mid;
                if (!(st = new_sub(r, (u + l) / 2, (u - l) / 2, &at)))
                    st = push(&cur, at, r->fn);
            }
        if (st || (st = eval_round(r, &cur)))
            break;
        if (dfg_interrupt_pending()) {
            st = dfg_set_error(DFG_ERR_INTERRUPTED, "dfg.%s: interrupted", r->fn);
            break;
        }
    }
    if (!st && err > fmax(o->abstol, o->reltol * fabs(q)))
        dfg_set_warning_id(warn_id, "dfg.%s: Error tolerance not met.  Estimated error %g", r->fn,
                           err);
    *qout = r->sign * q;
done:
    dfg_free(cur.v);
    dfg_free(nxt.v);
    dfg_free(Q.v);
    dfg_free(Q0.v);
    return st;
}

/* Sets up r for construct F's inputs in (n_extra more plan inputs). */
static dfg_status run_alloc(ig_run * r, const ctrl_rec * F, const void * const * in, int n_extra)
{
    memset(r, 0, sizeof *r);
    r->F = F;
    r->fn = F->fn;
    r->tdt = F->par[0]->dtype;
    r->fdt = F->body[0].res[0]->dtype;
    r->a = *(const double *)in[1];
    r->b = *(const double *)in[2];
    r->sign = 1;
    if (r->b < r->a) {             /* quadgk: minus the integral from b to a */
        double t = r->a;
        r->a = r->b;
        r->b = t;
        r->sign = -1;
    }
    r->kind = isinf(r->a) && isinf(r->b) ? 1 : isinf(r->a) ? 2 : isinf(r->b) ? 3 : 0;
    r->pin = dfg_calloc((size_t)F->n_par + (size_t)n_extra + 1, sizeof *r->pin);
    r->tbuf = dfg_malloc(2 * GK * sizeof(double));
    if (!r->pin || !r->tbuf)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", r->fn);
    r->wbuf = (double *)r->tbuf + GK;
    for (int k = 1; k < F->n_par; k++)
        r->pin[k] = in[k];
    return DFG_OK;
}

static void run_free(ig_run * r)
{
    dfg_free(r->pin);
    dfg_free(r->tbuf);
    dfg_free(r->ctr);
    dfg_free(r->hw);
    dfg_free(r->qs);
    dfg_free(r->es);
}

static dfg_status run_value(ctrl_rec * c, void * out, const void * const * in)
{
    ig_run r;
    ilist res = {0};
    memset(&r, 0, sizeof r);
    double q = 0;
    dfg_status st = dfg_ctrl_plan(c, 0);
    if (!st && !(st = run_alloc(&r, c, in, 0)))
        st = subdivide(&r, c->integ, &res, &q);
    if (!st) {
        c->integ->fevals = r.fevals;
        c->integ->intervals = res.n;
        if (c->odt[0] == DFG_DOUBLE)
            *(double *)out = q;
        else
            *(float *)out = (float)q;
    }
    dfg_free(res.v);
    run_free(&r);
    return st;
}

/* The adjoint's run: in = [F's inputs, qbar]; outputs the adjoints of the
 * captured values F->par[dp_idx[k]]. */
static dfg_status run_adjoint(ctrl_rec * c, void * out, const void * const * in)
{
    ctrl_rec * F = c->src;
    int nw = c->n_out;
    ig_run r;
    ilist res = {0};
    memset(&r, 0, sizeof r);
    double q = 0, * acc = NULL;
    int64_t * m = NULL, total = 0;
    void ** vout = NULL;
    dfg_status st = dfg_ctrl_plan(F, 0);
    if (!st)
        st = dfg_ctrl_plan(c, 0);
    if (st || (st = run_alloc(&r, F, in, 1)))
        goto done;
    double qbar = get(c->par[F->n_par]->dtype, in[F->n_par], 0);   /* qbar's own class */
    if ((st = subdivide(&r, F->integ, &res, &q)))
        goto done;
    m = dfg_calloc((size_t)nw + 1, sizeof *m);
    vout = dfg_calloc((size_t)nw + 1, sizeof *vout);
    if (!m || !vout) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", c->fn);
        goto done;
    }
    for (int k = 0; k < nw; k++) {
        m[k] = 1;
        for (int d = 0; d < c->ond[k]; d++)
            m[k] *= c->odims[k][d];
        total += m[k];
    }
    size_t vbytes = 0;
    for (int k = 0; k < nw; k++)
        vbytes += (size_t)m[k] * sizeof(double) + 64;
    acc = dfg_calloc((size_t)total + 1 + vbytes / sizeof(double) + 8, sizeof *acc);
    if (!acc) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", c->fn);
        goto done;
    }
    double * vb = acc + total + 1;
    for (int k = 0; k < nw; k++) {
        vout[k] = vb;
        vb += m[k] + 8;
    }
    r.pin[F->n_par] = r.wbuf;
    for (int64_t e = 0; e < res.n && !st; e++) {
        int64_t i = res.v[e];
        double x[GK], w[GK];
        sub_nodes(&r, i, x, w);
        for (int j = 0; j < GK; j++)
            w[j] *= r.sign * qbar * r.hw[i] * gk_w15[j];
        put(r.tdt, r.tbuf, x, GK);
        put(r.fdt, r.wbuf, w, GK);
        r.pin[0] = r.tbuf;
        if ((st = dfg_plan_exec(c->body[0].plan, r.pin, vout)))
            break;
        double * a = acc;
        for (int k = 0; k < nw; k++) {
            for (int64_t j = 0; j < m[k]; j++)
                a[j] += get(c->odt[k], vout[k], j);
            a += m[k];
        }
    }
    if (!st) {
        double * a = acc;
        for (int k = 0; k < nw; k++) {
            char * o = (char *)out + c->off[k];
            put(c->odt[k], o, a, (int)m[k]);
            a += m[k];
        }
    }
done:
    dfg_free(acc);
    dfg_free(m);
    dfg_free(vout);
    dfg_free(res.v);
    run_free(&r);
    return st;
}

dfg_status dfg_ctrl_integ_exec(ctrl_rec * c, void * out, const void * const * in)
{
    return c->integ->mode == 1 ? run_adjoint(c, out, in) : run_value(c, out, in);
}

/* ---- making the integral's node ------------------------------------------------- */

dfg_status dfg_integral(const dfg_integral_spec * s, dfg_id * out)
{
    const char * fn = "integral";
    if (!s || !out)
        return dfg_set_error(DFG_ERR_ARG, "dfg.integral: bad integral spec");
    dfg_node * t = dfg_node_get(s->t), * f = dfg_node_get(s->f), * a = dfg_node_get(s->a);
    dfg_node * b = dfg_node_get(s->b);
    if (!t || !f || !a || !b)
        return DFG_ERR_HANDLE;
    char sa[256], sb[256];
    if (t->op != DFG_OP_INPUT || (t->dtype != DFG_DOUBLE && t->dtype != DFG_SINGLE) ||
        t->ndim != 2 || t->dims[0] != 1 || t->dims[1] != GK)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: the integrand must be traced on a 1x%d input",
                             fn, GK);
    if (f->dtype != DFG_DOUBLE && f->dtype != DFG_SINGLE)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: F must return double or single values, "
                             "not %s", fn, dfg_dtype_name(f->dtype));
    if (f->ndim != 2 || f->dims[0] != 1 || f->dims[1] != GK)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: F must be vectorized: F of a 1x%d row of "
                             "points returned %s, not 1x%d (write .*, ./, .^)", fn, GK,
                             dfg_shape_str(f->ndim, f->dims, sa, sizeof sa), GK);
    const dfg_node * lim[2] = {a, b};
    for (int k = 0; k < 2; k++)
        if (lim[k]->numel != 1 || lim[k]->dtype != DFG_DOUBLE)
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: %s must be a real scalar, not %s", fn,
                                 k ? "B" : "A", dfg_shape_str(lim[k]->ndim, lim[k]->dims, sb,
                                                              sizeof sb));
    if (!(s->abstol >= 0) || !(s->reltol >= 0))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: AbsTol and RelTol must be scalars >= 0", fn);
    if (!(s->max_intervals >= 1))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: MaxIntervalCount must be a positive integer",
                             fn);
    ctrl_integ cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.abstol = s->abstol;
    cfg.reltol = s->reltol;
    cfg.maxint = s->max_intervals;
    cfg.odt = s->single ? DFG_SINGLE : DFG_DOUBLE;
    dfg_id t0id;
    double zeros[GK] = {0};
    float zf[GK] = {0};
    dfg_status st = dfg_constant(t->dtype, 2, t->dims, t->dtype == DFG_DOUBLE ? (void *)zeros :
                                 (void *)zf, &t0id);
    if (st)
        return st;
    /* a and b as parameters of their own (the body does not read them) */
    dfg_node * pa = dfg_ctrl_param(DFG_DOUBLE, a->ndim, a->dims, "a");
    dfg_node * pb = dfg_ctrl_param(DFG_DOUBLE, b->ndim, b->dims, "b");
    dfg_node * t0 = dfg_node_get(t0id), * o = NULL;
    if (!pa || !pb)
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
    if (!st) {
        dfg_node * par[3] = {t, pa, pb}, * ins[3] = {t0, a, b}, * res[1] = {f};
        ctrl_spec cs = {DFG_OP_LOOP, fn, 0, 0, 3, par, ins, NULL, {1, 0}, {res, NULL}, 1, 0, 0,
                        1, 0, NULL};
        st = dfg_ctrl_make(&cs, &o);
    }
    if (pa)
        dfg_node_unuse(pa);
    if (pb)
        dfg_node_unuse(pb);
    dfg_release(t0id);
    if (st)
        return st;
    /* the construct made as a loop of one step: now an integral, whose one
     * output is 1x1 (a new output node on the same loop node) */
    dfg_node * loop = o->in[0], * q = NULL;
    ctrl_rec * c = dfg_ctrl_of(loop);
    if (!(c->integ = dfg_ctrl_integ_copy(&cfg)))
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
    if (!st) {
        c->odt[0] = cfg.odt;
        c->ond[0] = 2;
        c->odims[0][0] = c->odims[0][1] = 1;
        st = dfg_ctrl_layout(c);
    }
    if (!st) {
        dfg_attr at;
        memset(&at, 0, sizeof at);
        at.i[0] = c->odt[0];
        at.i[1] = c->off[0];
        at.i[2] = 0;
        at.i[3] = 2;
        at.i[4] = at.i[5] = 1;
        st = dfg_build(DFG_OP_CTRL_OUT, 1, &loop, &at, &q);
    }
    dfg_node_unuse(o);
    if (st)
        return st;
    q->uses--;
    q->handles++;
    *out = dfg_node_id(q);
    return DFG_OK;
}

/* ---- the rules ------------------------------------------------------------------ */

/* f at limit x (a node, double 1x1) from the integral's body: t = x in
 * every node, the first value taken; kept in g. */
static dfg_node * f_at(gctx * g, ctrl_rec * c, dfg_node * y, dfg_node * x)
{
    int np = c->n_par;
    dfg_node ** from = dfg_calloc((size_t)np + 1, sizeof *from), ** to = dfg_calloc((size_t)np + 1,
                                                                                     sizeof *to);
    dfg_node * r = NULL;
    if (!from || !to) {
        gb_fail(g, dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory"));
        goto done;
    }
    dfg_node * t = c->par[0];
    for (int k = 0; k < np; k++) {
        from[k] = c->par[k];
        to[k] = y->in[k];
    }
    to[0] = gb_broadcast_to(g, gb_cast(g, x, t->dtype), t->ndim, t->dims);
    if (g->st)
        goto done;
    dfg_ctrl_substitute_kept(g, 1, c->body[0].res, np, from, to, &r);
    r = gb_cast(g, gb_slice(g, r, 1, 0, 1), DFG_DOUBLE);
done:
    dfg_free(from);
    dfg_free(to);
    return r;
}

/* A new adjoint node of integral c (node y) at qbar: outs[k] (one use each)
 * the adjoints of c->par[wi[k]]; a's record made once per rule call. */
static dfg_status adjoint_node(ctrl_rec * c, dfg_node * y, dfg_node * qbar, int nw,
                               const int * wi, dfg_node ** outs)
{
    gctx g = {0};
    int n_par = c->n_par + 1;
    dfg_node ** xs = dfg_calloc((size_t)nw + 1, sizeof *xs), ** gxs = dfg_calloc((size_t)nw + 1,
                                                                                   sizeof *gxs);
    dfg_node ** ins = dfg_calloc((size_t)n_par + 1, sizeof *ins);
    ctrl_rec * a = dfg_calloc(1, sizeof *a);
    dfg_status st = DFG_OK;
    if (!xs || !gxs || !ins || !a) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
        goto done;
    }
    a->slot = -1;
    a->refs = 1;
    dfg_node * f = c->body[0].res[0];
    dfg_node * W = dfg_ctrl_keep_param(&g, f, "weights");
    dfg_node * qb = dfg_ctrl_keep_param(&g, qbar, "qbar");
    for (int k = 0; k < nw; k++)
        xs[k] = c->par[wi[k]];
    if (!(st = g.st) && !(st = dfg_grad_multi(1, &f, &W, nw, xs, gxs)))
        for (int k = 0; k < nw; k++)
            gb_keep(&g, gxs[k]);
    if (!st && (!(a->par = dfg_calloc((size_t)n_par + 1, sizeof *a->par)) ||
                !(a->body[0].par = dfg_calloc((size_t)n_par + 1, sizeof *a->body[0].par)) ||
                !(a->body[0].res = dfg_calloc((size_t)nw + 1, sizeof *a->body[0].res)) ||
                !(a->off = dfg_calloc((size_t)nw + 1, sizeof *a->off)) ||
                !(a->odt = dfg_calloc((size_t)nw + 1, sizeof *a->odt)) ||
                !(a->ond = dfg_calloc((size_t)nw + 1, sizeof *a->ond)) ||
                !(a->odims = dfg_calloc((size_t)nw + 1, sizeof *a->odims)) ||
                !(a->integ = dfg_ctrl_integ_copy(c->integ))))
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
    if (!st) {
        a->integ->mode = 1;
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
        a->par[c->n_par] = qb;
        a->body[0].par[c->n_par] = W;
        ins[c->n_par] = qbar;
        for (int k = 0; k < n_par; k++) {
            dfg_node_use(a->par[k]);
            dfg_node_use(a->body[0].par[k]);
        }
        a->body[0].n_par = n_par;
        a->body[0].n_res = nw;
        for (int k = 0; k < nw; k++) {
            a->body[0].res[k] = gxs[k];
            dfg_node_use(gxs[k]);
            a->odt[k] = xs[k]->dtype;
            a->ond[k] = xs[k]->ndim;
            memcpy(a->odims[k], xs[k]->dims, sizeof xs[k]->dims);
        }
        a->n_out = nw;
        a->flops = c->flops * 3;
        a->nodes = c->nodes * 3;
        if (!(st = dfg_ctrl_layout(a)))
            st = dfg_ctrl_node(a, ins, outs);
    }
done:
    if (st && !g.st)
        gb_fail(&g, st);
    if (a && --a->refs == 0)
        dfg_ctrl_free(a);
    gb_release(&g);
    dfg_free(xs);
    dfg_free(gxs);
    dfg_free(ins);
    return st;
}

/* The adjoint's rule: it is linear in qbar (its last input); the transpose
 * is the adjoint at qbar = 1 dotted with the tangents gout. */
static dfg_status adjoint_rule(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                               const int * need, dfg_node ** gx)
{
    int ib = c->n_par - 1, nw = c->n_out;
    for (int k = 0; k < ib; k++)
        if (need[k])
            return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.grad: second derivatives of "
                                 "dfg.integral with respect to its captured values are not "
                                 "available (gradients, forward mode and second derivatives "
                                 "in the limits are)");
    if (!need[ib])
        return DFG_OK;
    dfg_node ** outs = dfg_calloc((size_t)nw + 1, sizeof *outs);
    gctx g = {0};
    dfg_status st = DFG_OK;
    if (!outs) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
        goto done;
    }
    dfg_node * one = gb_scalar(&g, c->par[ib]->dtype, 1);
    if ((st = g.st))
        goto done;
    /* the same adjoint construct at qbar = 1 */
    dfg_node ** in2 = dfg_calloc((size_t)c->n_par + 2, sizeof *in2);
    if (!in2) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
        goto done;
    }
    for (int k = 0; k < ib; k++)
        in2[k] = y->in[k];
    in2[ib] = one;
    st = dfg_ctrl_node_again(c, in2, outs);
    dfg_free(in2);
    if (st)
        goto done;
    dfg_node * s = NULL;
    for (int k = 0; k < nw; k++) {
        gb_keep(&g, outs[k]);
        if (!gout[k])
            continue;
        dfg_node * d = gb_sum_all(&g, gb_mul(&g, gb_cast(&g, outs[k], DFG_DOUBLE),
                                           gb_cast(&g, gout[k], DFG_DOUBLE)));
        s = s ? gb_add(&g, s, d) : d;
    }
    if (!s)
        s = gb_scalar(&g, DFG_DOUBLE, 0);
    s = gb_cast(&g, s, c->par[ib]->dtype);
    if (!(st = g.st)) {
        gx[ib] = s;
        dfg_node_use(s);
    }
done:
    gb_release(&g);
    dfg_free(outs);
    return st;
}

dfg_status dfg_ctrl_integ_grad(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                               const int * need, dfg_node ** gx)
{
    if (c->integ->mode == 1)
        return adjoint_rule(c, y, gout, need, gx);
    if (!gout[0])
        return DFG_OK;
    gctx g = {0};
    dfg_status st = DFG_OK;
    int nw = 0;
    int * wi = dfg_calloc((size_t)c->n_par + 1, sizeof *wi);
    dfg_node ** outs = dfg_calloc((size_t)c->n_par + 1, sizeof *outs);
    if (!wi || !outs) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
        goto done;
    }
    dfg_node * qb = gb_cast(&g, gout[0], DFG_DOUBLE);
    /* the limits: dq/da = -f (a), dq/db = f (b) */
    for (int k = 1; k <= 2 && !g.st; k++)
        if (need[k]) {
            dfg_node * v = gb_mul(&g, qb, f_at(&g, c, y, y->in[k]));
            if (k == 1)
                v = gb_neg(&g, v);
            if (!g.st) {
                gx[k] = v;
                dfg_node_use(v);
            }
        }
    if ((st = g.st))
        goto done;
    for (int k = 3; k < c->n_par; k++)
        if (need[k] && ctrl_float(c->par[k]))
            wi[nw++] = k;
    if (!nw)
        goto done;
    if ((st = adjoint_node(c, y, gout[0], nw, wi, outs)))
        goto done;
    for (int k = 0; k < nw; k++)
        gx[wi[k]] = outs[k];      /* the use adjoint_node gave */
done:
    if (st)
        dfg_ctrl_drop(c->n_par, gx);
    gb_release(&g);
    dfg_free(wi);
    dfg_free(outs);
    return st;
}
