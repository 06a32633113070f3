/* lib/core/compose-impl.h -- what the composite builders of lib/core
 * (compose.c, compose-linalg.c) share: the list of intermediates a
 * builder keeps (cx) and its small helpers.  Internal to lib/core.
 *
 * A builder's shape:
 *
 *     cx c;
 *     dfg_id r = 0;
 *     dfg_status st = cx_begin(&c, x, &dt, &nd, d);    (borrows x)
 *     if (st)
 *         return st;                                   (nothing made yet)
 *     ... cx_op (&c, ...) makes intermediates the list owns ...
 *     return cx_done(&c, st, r, y);                    (*y: a new reference)
 *
 * Ownership: every id a cx_* helper hands out is owned by the list and
 * released by cx_done, which on success first gives the caller its own
 * reference to the result.  On an error *y is left alone. */
#ifndef DFG_COMPOSE_IMPL_H
#define DFG_COMPOSE_IMPL_H

#include <string.h>
#include "core.h"

/* ---- the builder's list of intermediates --------------------------------- */

#define CX_MAX 192

typedef struct cx {
    dfg_id t[CX_MAX];     /* references owned by the builder */
    int    n;
} cx;

/* Takes the reference id (just made) into the list. */
static inline dfg_status cx_keep(cx * c, dfg_id id)
{
    if (c->n == CX_MAX) {
        dfg_release(id);
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: a composite function made more than %d nodes", CX_MAX);
    }
    c->t[c->n++] = id;
    return DFG_OK;
}

/* Ends a builder: on success *out gets a new reference to y; every
 * intermediate is released either way. */
static inline dfg_status cx_done(cx * c, dfg_status st, dfg_id y, dfg_id * out)
{
    if (!st && !(st = dfg_retain(y)))
        *out = y;
    for (int k = 0; k < c->n; k++)
        dfg_release(c->t[k]);
    c->n = 0;
    return st;
}

static inline dfg_status cx_op(cx * c, int op, int n, const dfg_id * in, const dfg_attr * a, dfg_id * out)
{
    dfg_id y;
    dfg_status st = dfg_op(op, n, in, a, &y);
    if (st || (st = cx_keep(c, y)))
        return st;
    *out = y;
    return DFG_OK;
}

static inline dfg_status cx_op1(cx * c, int op, dfg_id x, dfg_id * out)
{
    return cx_op(c, op, 1, &x, NULL, out);
}

static inline dfg_status cx_op2(cx * c, int op, dfg_id x, dfg_id y, dfg_id * out)
{
    dfg_id in[2] = {x, y};
    return cx_op(c, op, 2, in, NULL, out);
}

static inline dfg_status cx_reshape2(cx * c, dfg_id x, int64_t r, int64_t k, dfg_id * out)
{
    dfg_attr a = {{2, r, k}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_RESHAPE, 1, &x, &a, out);
}

static inline dfg_status cx_fill(cx * c, dfg_dtype dt, int nd, const int64_t * d, double v, dfg_id * out)
{
    dfg_id y;
    dfg_status st = dfg_fill(dt, nd, d, v, &y);
    if (st || (st = cx_keep(c, y)))
        return st;
    *out = y;
    return DFG_OK;
}

/* A scalar constant of class dt. */
static inline dfg_status cx_const(cx * c, dfg_dtype dt, double v, dfg_id * out)
{
    int64_t d[2] = {1, 1};
    return cx_fill(c, dt, 2, d, v, out);
}

static inline int is_scalar(dfg_id x)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    return !dfg_info(x, NULL, &nd, d) && dfg_shape_numel(nd, d) == 1;
}

/* The default dimension of the m-files that take the first one larger
 * than 1 (vecnorm.m, mode.m), else the first; 0-based.  (Octave's builtins
 * take the first one that is not 1: compose.c's default_dim.)  A symbolic
 * size is at least 2 (docs/symbolic.md). */
static inline int first_dim_above_one(int nd, const int64_t * d)
{
    for (int k = 0; k < nd; k++)
        if (d[k] > 1 || dfg_dim_is_sym(d[k]))
            return k;
    return 0;
}

/* An N-d operand of a matrix function as Octave reads it: the trailing
 * dimensions folded into the columns (2-D unchanged). */
static inline dfg_status fold2d(cx * c, dfg_id * x)
{
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = dfg_info(*x, NULL, &nd, d);
    if (st || nd <= 2)
        return st;
    int64_t cols = 1;
    for (int k = 1; k < nd; k++)
        cols *= d[k];
    return cx_reshape2(c, *x, d[0], cols, x);
}

/* Starts a builder on its first operand x: an empty list, and x's class
 * and size (dt, nd, d may be NULL).  A stale x is DFG_ERR_HANDLE, with
 * nothing made. */
/* A builder reads x's sizes as numbers (counts, lists, default
 * dimensions), so x may not have a symbolic one: cx_begin_sym is for the
 * builders written for them (docs/symbolic.md). */
static inline dfg_status cx_begin_sym(cx * c, dfg_id x, dfg_dtype * dt, int * nd, int64_t * d)
{
    c->n = 0;
    return dfg_info(x, dt, nd, d);
}

static inline dfg_status cx_begin(cx * c, dfg_id x, dfg_dtype * dt, int * nd, int64_t * d)
{
    int n = 0;
    int64_t dd[DFG_MAX_DIMS] = {0};
    char s[256];
    c->n = 0;
    if (nd)
        *nd = 0;
    if (d)
        memset(d, 0, DFG_MAX_DIMS * sizeof *d);
    dfg_status st = dfg_info(x, dt, &n, dd);
    if (st)
        return st;
    if (dfg_shape_is_sym(n, dd))
        return dfg_set_error(DFG_ERR_SYMBOLIC,
                             "dfg: this function is not defined for a symbolic size (the argument is %s); make the graph with a concrete size",
                             dfg_shape_str(n, dd, s, sizeof s));
    if (nd)
        *nd = n;
    if (d)
        memcpy(d, dd, sizeof dd);
    return DFG_OK;
}

/* Takes a builder's result (status st, *t a new reference when st is
 * DFG_OK) into the list.  t is a pointer so that it is read after the
 * builder ran: cx_take (c, dfg_eye (dt, n, &e), &e, &y). */
static inline dfg_status cx_take(cx * c, dfg_status st, const dfg_id * t, dfg_id * out)
{
    if (st || (st = cx_keep(c, *t)))
        return st;
    *out = *t;
    return DFG_OK;
}

/* cx_done for a builder with n results r[0..n-1]: on success out[k]
 * gets a new reference to r[k] (one each, also where two are the same
 * node); every intermediate is released either way. */
static inline dfg_status cx_done_n(cx * c, dfg_status st, int n, const dfg_id * r, dfg_id * out)
{
    int got = 0;
    while (!st && got < n)
        if (!(st = dfg_retain(r[got])))
            got++;
    for (int k = 0; k < got; k++) {
        if (st)
            dfg_release(r[k]);
        else
            out[k] = r[k];
    }
    for (int k = 0; k < c->n; k++)
        dfg_release(c->t[k]);
    c->n = 0;
    return st;
}

/* The n x n identity of class dt (double, single or logical), named fn in
 * its messages (compose.c; dfg_eye is this with "eye"). */
dfg_status dfg_eye_named(const char * fn, dfg_dtype dt, int64_t n, dfg_id * y);

#endif
