/* lib/autodiff/grad-impl.h -- the autodiff layer (lib/autodiff owns the
 * gradient rules, the graph builder they use, reverse mode (dfg_grad) and
 * forward mode (dfg_jvp); it uses core and base).  Not public.
 *
 * A rule writes the adjoint of each input of y as more graph:
 *
 *     static void grad_sin(gctx * c, dfg_node * y, dfg_node * g,
 *                          const int * need, dfg_node ** gx)
 *     {
 *         gx[0] = gb_mul(c, g, gb_op1(c, DFG_OP_COS, y->in[0]));
 *     }
 *
 * g is the adjoint of y (y's class and size); gx[k] must get input k's
 * class and size, and is only wanted where need[k] is set (NULL elsewhere,
 * or where the contribution is zero).  Builders never fail loudly: the
 * first error is kept in the context and every later builder returns NULL,
 * so a rule is straight-line code.  Every node a builder returns is owned
 * by the context (one use) and released when the engine ends the rule;
 * the engine takes its own use of the gx it keeps.
 */
#ifndef DFG_GRAD_IMPL_H
#define DFG_GRAD_IMPL_H
#include "../core/core.h"

typedef struct gctx {
    dfg_status  st;         /* first error, DFG_OK while building           */
    dfg_node ** temps;      /* nodes built (one use each, owned)             */
    int         n_temps, cap;
} gctx;

typedef void (*dfg_grad_rule)(gctx * c, dfg_node * y, dfg_node * g,
                              const int * need, dfg_node ** gx);
/* One per op: NULL for ops that are not differentiable (lib/autodiff/grad-rules.c,
 * lib/autodiff/grad-linalg.c): set exactly for the ops flagged DFG_F_DIFF,
 * except the CTRL family's (flagged, NULL here: grad.c hands a CTRL_OUT's
 * adjoint to its construct, whose rule is dfg_family(DFG_FAM_CTRL)->grad).
 * tests/c/test-registry.c checks it. */
extern const dfg_grad_rule dfg_grad_rules[DFG_OP_COUNT];

/* ---- builders (lib/autodiff/grad-build.c) ---------------------------------------- */
/* Records an error unless one is already kept; returns NULL. */
dfg_node * gb_fail(gctx * c, dfg_status st);
/* The context takes over the caller's one use of n (n is returned). */
dfg_node * gb_keep(gctx * c, dfg_node * n);
/* Releases every temporary (end of a rule). */
void       gb_release(gctx * c);

dfg_node * gb_op(gctx * c, int op, int n, dfg_node * const * in, const dfg_attr * a);
dfg_node * gb_op1(gctx * c, int op, dfg_node * x);
dfg_node * gb_op2(gctx * c, int op, dfg_node * x, dfg_node * y);
dfg_node * gb_op1i(gctx * c, int op, dfg_node * x, int64_t i0);   /* attr i[0] */

/* constants */
dfg_node * gb_scalar(gctx * c, int dt, double v);                 /* 1x1     */
dfg_node * gb_fill(gctx * c, int dt, int nd, const int64_t * dims, double v);
dfg_node * gb_zeros_like(gctx * c, const dfg_node * x);           /* x's class; logical x -> double */
dfg_node * gb_const(gctx * c, int dt, int nd, const int64_t * dims, const void * data);
dfg_node * gb_eye(gctx * c, int dt, int64_t n);

/* arithmetic (broadcasting, Octave's class rules) */
dfg_node * gb_add(gctx * c, dfg_node * a, dfg_node * b);
dfg_node * gb_sub(gctx * c, dfg_node * a, dfg_node * b);
dfg_node * gb_mul(gctx * c, dfg_node * a, dfg_node * b);
dfg_node * gb_div(gctx * c, dfg_node * a, dfg_node * b);
dfg_node * gb_neg(gctx * c, dfg_node * a);
dfg_node * gb_muls(gctx * c, dfg_node * a, double s);             /* a * s   */
dfg_node * gb_adds(gctx * c, dfg_node * a, double s);             /* a + s   */
dfg_node * gb_sq(gctx * c, dfg_node * a);                         /* a .* a  */
/* merge (mask, a, b): a where mask, else b (both broadcast) */
dfg_node * gb_merge(gctx * c, dfg_node * mask, dfg_node * a, dfg_node * b);
/* 1 ./ d where d != 0, 0 where d == 0, safe to differentiate again */
dfg_node * gb_safe_recip(gctx * c, dfg_node * d);

/* shape */
dfg_node * gb_cast(gctx * c, dfg_node * x, int dt);               /* no-op if same */
dfg_node * gb_reshape(gctx * c, dfg_node * x, int nd, const int64_t * dims);
dfg_node * gb_reshape_like(gctx * c, dfg_node * x, const dfg_node * like);
dfg_node * gb_transpose(gctx * c, dfg_node * x);
dfg_node * gb_sum(gctx * c, dfg_node * x, int dim);               /* keeps dim as 1 */
dfg_node * gb_sum_all(gctx * c, dfg_node * x);                    /* 1x1 */
/* g summed over the dimensions that broadcasting expanded, with like's
 * size (and class): the adjoint of an implicit broadcast. */
dfg_node * gb_sum_to(gctx * c, dfg_node * g, const dfg_node * like);
dfg_node * gb_broadcast_to(gctx * c, dfg_node * x, int nd, const int64_t * dims);
/* x(:, .., list, .., :) with list (0-based) along dim: a GATHER, or a
 * TAKE where x has a symbolic size (off dim) */
dfg_node * gb_take(gctx * c, dfg_node * x, int dim, const int64_t * list, int64_t n);
/* x(:, .., lo:hi-1, .., :) */
dfg_node * gb_slice(gctx * c, dfg_node * x, int dim, int64_t lo, int64_t hi);
dfg_node * gb_flip(gctx * c, dfg_node * x, int dim);
dfg_node * gb_cat(gctx * c, int dim, int n, dfg_node * const * xs);
dfg_node * gb_matmul(gctx * c, dfg_node * a, dfg_node * b, int ta, int tb);
/* matrix helpers (2-D) */
dfg_node * gb_tri(gctx * c, dfg_node * x, int upper, int64_t k);  /* tril/triu(x, k) */
dfg_node * gb_diag_part(gctx * c, dfg_node * x);                  /* diag(x), column */
dfg_node * gb_diag_matrix(gctx * c, dfg_node * v);                /* diag(v), n x n */
dfg_node * gb_part(gctx * c, dfg_node * packed, int64_t off, int64_t r, int64_t q);

/* ---- engine (lib/autodiff/grad.c) ------------------------------------------------- */
/* Reverse mode on nodes: gx[k] (owned, one use) = adjoint of xs[k] for
 * output y seeded with seed (y's size; NULL: y must have one element, seed
 * 1).  Inputs y does not depend on get zeros. */
dfg_status dfg_grad_nodes(dfg_node * y, int n_x, dfg_node * const * xs,
                          dfg_node * seed, dfg_node ** gx);

/* Forward mode on nodes: *ty (owned, one use) = the derivative of y along
 * vs[k] (one per xs[k]). */
dfg_status dfg_jvp_nodes(dfg_node * y, int n_x, dfg_node * const * xs,
                         dfg_node * const * vs, dfg_node ** ty);
/* The same for several outputs at once: the gradient of sum_r <seeds[r],
 * ys[r]> (a NULL seed: that output contributes nothing). */
dfg_status dfg_grad_multi(int n_y, dfg_node * const * ys, dfg_node * const * seeds,
                          int n_x, dfg_node * const * xs, dfg_node ** gx);
/* The numel (y) x numel (x) Jacobian of y as nodes (*J owned, one use):
 * mode 0 the cheaper way, 1 forward (columns), 2 reverse (rows). */
dfg_status dfg_jacobian_nodes(dfg_node * y, dfg_node * x, int mode, dfg_node ** J);

#endif
