/* lib/passes/pass-simplify.c -- algebraic simplification.
 *
 * Each rule replaces a node by a cheaper equal one.  Without the 'fast'
 * option a rule fires only where IEEE arithmetic gives bitwise the same
 * result for every input, Inf and signed zeros included (a NaN stays a NaN;
 * its sign bit may flip, e.g. x .* -1 -> -x), and the
 * result keeps the node's class and size:
 *
 *   --x -> x                  x .* 1, 1 .* x, x ./ 1 -> x
 *   x + (-0), (-0) + x -> x   x - (+0) -> x
 *   x .* -1 -> -x             x ./ 2^k -> x .* 2^-k  (exact both ways)
 *   x + (-y) -> x - y         (-x) + y -> y - x      x - (-y) -> x + y
 *   (-x) .* (-y) -> x .* y    x .^ 1 -> x            x .^ 2 -> x .* x
 *   permute of permute -> one permute (none when it is the identity)
 *   reshape of reshape -> one reshape; reshape to its own size -> x
 *   stop_gradient -> x (a plan no longer differentiates)
 *   cast to its own class, broadcast to its own size -> x
 *   sum (broadcast (x), d) -> broadcast (sum (x, d)) when d was not
 *     broadcast (the same additions, in the same order, on less data)
 *
 * and with 'fast' also these, which can change a result:
 *
 *   x + (+0), (+0) + x -> x   (-0 + 0 is +0)
 *   x - (-0) -> x             (-0 - -0 is +0)
 *   exp (log (x)), log (exp (x)) -> x   (rounding; log of a negative)
 *   sum (broadcast (x), d) -> n * x when d was broadcast (x+x+x is not 3*x
 *     in floating point)
 *   A' * B, A * B' -> mtimes with BLAS transpose flags (OpenBLAS may round
 *     a transposed operand differently from its transposed copy)
 *
 * x .^ 2 is x .* x bitwise because dfg's power kernel computes a scalar
 * exponent of 2 as x .* x (as Octave does) when x has more than one
 * element; the rule fires only then.  The counts per rule go into
 * the pass's report.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "pass.h"

enum rule {
    R_NEG_NEG, R_ADD_ZERO, R_SUB_ZERO, R_MUL_ONE, R_MUL_MINUS_ONE, R_DIV_POW2,
    R_NEG_ARITH, R_POW_ONE, R_POW_TWO, R_PERMUTE, R_RESHAPE, R_STOP_GRAD,
    R_NOOP, R_MATMUL_T, R_SUM_BCAST, R_FAST_EXP_LOG, R_FAST_SUM_BCAST, R_COUNT
};
static const char * const rule_names[R_COUNT] = {
    "--x", "x+0", "x-0", "x.*1", "x.*-1", "x./2^k", "x+(-y)", "x.^1", "x.^2->x.*x",
    "permute", "reshape", "stop_gradient", "no-op cast/broadcast", "transpose->mtimes flags [fast]",
    "sum of broadcast", "exp(log(x)) [fast]", "sum of broadcast -> n*x [fast]",
};

typedef struct state {
    int64_t count[R_COUNT];
} state;

static int fits(const dfg_node * n, const dfg_node * x)
{
    return n->dtype == x->dtype && pass_same_shape(n, x);
}

static int is_transpose2(const dfg_node * t)
{
    return t->op == DFG_OP_PERMUTE && t->in[0]->ndim == 2 && t->iattr[0] == 2 &&
           t->iattr[1] == 1 && t->iattr[2] == 0;
}

/* the scalar value of a one-element constant, else NAN */
static double scalar_of(const dfg_node * c)
{
    double v;
    return c->op == DFG_OP_CONSTANT && pass_const_scalar(c, &v) ? v : NAN;
}

static dfg_status simplify_keep(dfg_node * x, dfg_node ** out)
{
    dfg_node_use(x);
    *out = x;
    return DFG_OK;
}

static dfg_status make2(int op, dfg_node * a, dfg_node * b, const dfg_attr * at, dfg_node ** out)
{
    dfg_node * in[2] = { a, b };
    return pass_make(op, 2, in, at, out);
}

static dfg_status make1(int op, dfg_node * a, const dfg_attr * at, dfg_node ** out)
{
    return pass_make(op, 1, &a, at, out);
}

/* Tries the rules on n (inputs in); *out stays NULL when none fires. */
static dfg_status rules(pass_run * r, state * s, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    int op = n->op;
    dfg_node * a = n->n_in > 0 ? in[0] : NULL, * b = n->n_in > 1 ? in[1] : NULL;
    dfg_attr at;
    memset(&at, 0, sizeof at);
#define FIRE(R, EXPR) do { s->count[R]++; r->changed++; return (EXPR); } while (0)
    switch (op) {
    case DFG_OP_NEG:
        if (a->op == DFG_OP_NEG && fits(n, a->in[0]))
            FIRE(R_NEG_NEG, simplify_keep(a->in[0], out));
        break;
    case DFG_OP_ADD:
        for (int k = 0; k < 2; k++) {
            dfg_node * x = in[k], * c = in[1 - k];
            if (fits(n, x) && (pass_is_const(c, -0.0) || (r->fast && pass_is_const(c, 0.0))))
                FIRE(R_ADD_ZERO, simplify_keep(x, out));
        }
        if (b->op == DFG_OP_NEG && b->in[0]->dtype == b->dtype)
            FIRE(R_NEG_ARITH, make2(DFG_OP_SUB, a, b->in[0], NULL, out));
        if (a->op == DFG_OP_NEG && a->in[0]->dtype == a->dtype)
            FIRE(R_NEG_ARITH, make2(DFG_OP_SUB, b, a->in[0], NULL, out));
        break;
    case DFG_OP_SUB:
        if (fits(n, a) && (pass_is_const(b, 0.0) || (r->fast && pass_is_const(b, -0.0))))
            FIRE(R_SUB_ZERO, simplify_keep(a, out));
        if (b->op == DFG_OP_NEG && b->in[0]->dtype == b->dtype)
            FIRE(R_NEG_ARITH, make2(DFG_OP_ADD, a, b->in[0], NULL, out));
        break;
    case DFG_OP_MUL:
        for (int k = 0; k < 2; k++) {
            dfg_node * x = in[k], * c = in[1 - k];
            if (fits(n, x) && pass_is_const(c, 1.0))
                FIRE(R_MUL_ONE, simplify_keep(x, out));
            if (fits(n, x) && pass_is_const(c, -1.0))
                FIRE(R_MUL_MINUS_ONE, make1(DFG_OP_NEG, x, NULL, out));
        }
        if (a->op == DFG_OP_NEG && b->op == DFG_OP_NEG && a->in[0]->dtype == a->dtype &&
            b->in[0]->dtype == b->dtype)
            FIRE(R_NEG_ARITH, make2(DFG_OP_MUL, a->in[0], b->in[0], NULL, out));
        break;
    case DFG_OP_DIV: {
        if (fits(n, a) && pass_is_const(b, 1.0))
            FIRE(R_MUL_ONE, simplify_keep(a, out));
        double c = scalar_of(b);
        int e;
        if (fits(n, a) && isfinite(c) && c != 0 && fabs(frexp(c, &e)) == 0.5 &&
            e - 1 >= (n->dtype == DFG_SINGLE ? -125 : -1021) &&
            e - 1 <= (n->dtype == DFG_SINGLE ? 126 : 1022)) {
            dfg_node * rc;
            dfg_status st = pass_scalar(b->dtype, 1.0 / c, &rc);
            if (st)
                return st;
            st = make2(DFG_OP_MUL, a, rc, NULL, out);
            dfg_node_unuse(rc);
            s->count[R_DIV_POW2]++;
            r->changed++;
            return st;
        }
        break;
    }
    case DFG_OP_POW: {
        double c = scalar_of(b);
        if (fits(n, a) && c == 1)
            FIRE(R_POW_ONE, simplify_keep(a, out));
        /* the power kernel squares by x .* x only for x with more than one
         * element (a scalar x .^ 2 is pow (x, 2), as in Octave) */
        if (fits(n, a) && c == 2 && a->numel > 1)
            FIRE(R_POW_TWO, make2(DFG_OP_MUL, a, a, NULL, out));
        break;
    }
    case DFG_OP_PERMUTE: {
        int nd = (int)n->iattr[0];
        int64_t p[DFG_MAX_DIMS];
        dfg_node * x = a;
        for (int j = 0; j < nd; j++)
            p[j] = n->iattr[1 + j];
        int composed = 0;
        if (a->op == DFG_OP_PERMUTE) {          /* r[j] = p_inner[p_outer[j]] */
            int nd2 = (int)a->iattr[0], m = nd > nd2 ? nd : nd2;
            int64_t q[DFG_MAX_DIMS] = {0};
            for (int j = 0; j < m; j++) {
                int64_t o = j < nd ? p[j] : j;
                q[j] = o < nd2 ? a->iattr[1 + o] : o;
            }
            nd = m;
            memcpy(p, q, sizeof q);
            x = a->in[0];
            composed = 1;
        }
        int ident = 1;
        for (int j = 0; j < nd; j++)
            ident &= p[j] == j;
        if (ident && fits(n, x))
            FIRE(R_PERMUTE, simplify_keep(x, out));
        if (ident) {
            at.i[0] = n->ndim;
            memcpy(at.i + 1, n->dims, (size_t)n->ndim * sizeof *n->dims);
            FIRE(R_PERMUTE, make1(DFG_OP_RESHAPE, x, &at, out));
        }
        if (composed) {
            at.i[0] = nd;
            memcpy(at.i + 1, p, (size_t)nd * sizeof *p);
            FIRE(R_PERMUTE, make1(DFG_OP_PERMUTE, x, &at, out));
        }
        break;
    }
    case DFG_OP_RESHAPE:
    case DFG_OP_STOP_GRADIENT: {
        int rule = op == DFG_OP_STOP_GRADIENT ? R_STOP_GRAD : R_RESHAPE;
        dfg_node * x = a;
        while (x->op == DFG_OP_RESHAPE || x->op == DFG_OP_STOP_GRADIENT)
            x = x->in[0];
        if (fits(n, x))
            FIRE(rule, simplify_keep(x, out));
        if (x != a) {
            at.i[0] = n->ndim;
            memcpy(at.i + 1, n->dims, (size_t)n->ndim * sizeof *n->dims);
            FIRE(rule, make1(DFG_OP_RESHAPE, x, &at, out));
        }
        if (op == DFG_OP_STOP_GRADIENT) {
            at.i[0] = n->ndim;
            memcpy(at.i + 1, n->dims, (size_t)n->ndim * sizeof *n->dims);
            FIRE(rule, make1(DFG_OP_RESHAPE, a, &at, out));
        }
        break;
    }
    case DFG_OP_CAST:
    case DFG_OP_BROADCAST:
        if (fits(n, a))
            FIRE(R_NOOP, simplify_keep(a, out));
        break;
    case DFG_OP_MATMUL:
        /* BLAS with a transpose flag may round differently from BLAS on
         * the transposed copy (measured with OpenBLAS 0.3.21): fast only */
        if (r->fast && (is_transpose2(a) || is_transpose2(b))) {
            at.i[0] = n->iattr[0];
            at.i[1] = n->iattr[1];
            at.i[2] = n->iattr[2];
            dfg_node * x = a, * y = b;
            if (is_transpose2(a)) { x = a->in[0]; at.i[0] ^= 1; }
            if (is_transpose2(b)) { y = b->in[0]; at.i[1] ^= 1; }
            FIRE(R_MATMUL_T, make2(DFG_OP_MATMUL, x, y, &at, out));
        }
        break;
    case DFG_OP_SUM:
        if (a->op == DFG_OP_BROADCAST) {
            dfg_node * x = a->in[0];
            int d = (int)n->iattr[0];
            int64_t xd = d < x->ndim ? x->dims[d] : 1, bd = d < a->ndim ? a->dims[d] : 1;
            if (x->dtype != n->dtype || x->numel >= a->numel)
                break;
            if (xd == bd || (xd == 1 && r->fast)) {
                dfg_node * t;
                dfg_status st;
                int rule = xd == bd ? R_SUM_BCAST : R_FAST_SUM_BCAST;
                if (xd == bd) {
                    at.i[0] = d;
                    st = make1(DFG_OP_SUM, x, &at, &t);
                } else {
                    dfg_node * c;
                    if ((st = pass_scalar(x->dtype, (double)bd, &c)))
                        return st;
                    st = make2(DFG_OP_MUL, x, c, NULL, &t);
                    dfg_node_unuse(c);
                }
                if (st)
                    return st;
                if (fits(n, t)) {
                    *out = t;
                } else {
                    at.i[0] = n->ndim;
                    memcpy(at.i + 1, n->dims, (size_t)n->ndim * sizeof *n->dims);
                    st = make1(DFG_OP_BROADCAST, t, &at, out);
                    dfg_node_unuse(t);
                    if (st)
                        return st;
                }
                s->count[rule]++;
                r->changed++;
                return DFG_OK;
            }
        }
        break;
    case DFG_OP_EXP:
        if (r->fast && a->op == DFG_OP_LOG && fits(n, a->in[0]))
            FIRE(R_FAST_EXP_LOG, simplify_keep(a->in[0], out));
        break;
    case DFG_OP_LOG:
        if (r->fast && a->op == DFG_OP_EXP && fits(n, a->in[0]))
            FIRE(R_FAST_EXP_LOG, simplify_keep(a->in[0], out));
        break;
    }
#undef FIRE
    return DFG_OK;
}

static dfg_status simplify_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    if (n->n_in == 0)
        return DFG_OK;
    return rules(r, r->user, n, in, out);
}

dfg_status dfg_pass_simplify(pass_run * r)
{
    state s;
    memset(&s, 0, sizeof s);
    r->user = &s;
    dfg_status st = pass_rewrite(r, simplify_visit);
    r->user = NULL;
    if (!r->changed) {
        snprintf(r->what, sizeof r->what, "no rule applied");
        return st;
    }
    size_t len = (size_t)snprintf(r->what, sizeof r->what, "%lld rewrite%s:",
                                  (long long)r->changed, r->changed == 1 ? "" : "s");
    const char * sep = " ";
    for (int k = 0; k < R_COUNT && len < sizeof r->what; k++)
        if (s.count[k]) {
            len += (size_t)snprintf(r->what + len, sizeof r->what - len, "%s%s (%lld)",
                                    sep, rule_names[k], (long long)s.count[k]);
            sep = ", ";
        }
    return st;
}
