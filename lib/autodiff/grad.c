/* lib/autodiff/grad.c -- automatic differentiation as graph construction.
 *
 * Reverse mode walks the ancestors of y once, in reverse topological
 * order, asking each op's rule (lib/autodiff/grad-rules.c, lib/autodiff/grad-linalg.c) for
 * the adjoints of its inputs and summing the contributions of every path.
 * Only nodes that lie between a requested input and y are visited; a node
 * whose op has no gradient (comparisons, logical values, stop_gradient)
 * passes nothing on.  The result is ordinary graph, so it can be
 * differentiated again.
 *
 * Forward mode (dfg_jvp) is built from reverse mode by transposition: the
 * vector-Jacobian product u -> J'u is linear in the cotangent u, so the
 * gradient of <J'u, v> with respect to u is J v.  Differentiating the
 * reverse graph with respect to u yields a graph that no longer mentions
 * u: the tangent sweep.  Jacobians stack VJPs (rows) or JVPs (columns),
 * whichever needs fewer; Hessians are the forward-mode Jacobian of the
 * gradient (forward over reverse).
 */
#include <string.h>
#include "grad-impl.h"

/* How many results a multi-output (control-flow) node has: its family
 * table says (0 when none is set, which no such node can meet). */
static int ctrl_n_out(const dfg_node * n)
{
    int (*n_out)(const dfg_node *) = dfg_family_of(n)->n_out;
    return n_out ? n_out(n) : 0;
}
#include "../base/pmap.h"

static dfg_status grad_nomem(void)
{
    return dfg_set_error(DFG_ERR_NOMEM, "dfg.grad: out of memory");
}

static int same_shape(const dfg_node * a, const dfg_node * b)
{
    return a->ndim == b->ndim && !memcmp(a->dims, b->dims, (size_t)a->ndim * sizeof *a->dims);
}

/* Ancestors of the roots in topological order (inputs before users):
 * core's walk (dfg_topo), with pos, a map it makes, giving each node's
 * position (freed here on failure, else by the caller). */
static dfg_status topo(int n_root, dfg_node * const * roots, pmap * pos,
                       dfg_node *** order, int32_t * n_order)
{
    if (!pmap_init(pos, 64))
        return grad_nomem();
    if (dfg_topo(n_root, roots, order, n_order, pos)) {
        pmap_free(pos);
        return grad_nomem();
    }
    return DFG_OK;
}

/* adj[i] += g (both owned uses). */
static dfg_status grad_accumulate(dfg_node ** slot, dfg_node * g)
{
    if (!*slot) {
        *slot = g;
        return DFG_OK;
    }
    dfg_node * in[2] = {*slot, g}, * s;
    dfg_status st = dfg_build(DFG_OP_ADD, 2, in, NULL, &s);
    dfg_node_unuse(g);
    if (st)
        return st;
    dfg_node_unuse(*slot);
    *slot = s;
    return DFG_OK;
}

static dfg_status zeros_for(const dfg_node * x, dfg_node ** out)
{
    dfg_id id;
    dfg_status st = dfg_fill(x->dtype == DFG_LOGICAL ? DFG_DOUBLE : (dfg_dtype)x->dtype,
                             x->ndim, x->dims, 0, &id);
    if (st)
        return st;
    dfg_node * n = dfg_node_get(id);
    n->handles--;
    n->uses++;
    *out = n;
    return DFG_OK;
}

/* The adjoint rule of node y applied to g; contributions are added into
 * adj[] for inputs that need them.  Returns the first error. */
static dfg_status backprop_node(dfg_node * y, dfg_node * g, const uint8_t * dep,
                                const pmap * pos, dfg_node ** adj)
{
    dfg_grad_rule rule = dfg_grad_rules[y->op];
    if (!rule)
        return dfg_set_error(DFG_ERR_NO_GRAD, "dfg.grad: no gradient for %s", dfg_ops[y->op].name);
    if ((dfg_ops[y->op].family == DFG_FAM_REDUCE && y->op != DFG_OP_SUM) ||
        dfg_ops[y->op].family == DFG_FAM_SCAN) {
        /* their rules walk the reduced dimension element by element (an
         * index, a reversal): they need its size */
        const dfg_node * x = y->in[0];
        int d = (int)y->iattr[0];
        char s[256];
        if (d < x->ndim && dfg_dim_is_sym(x->dims[d]))
            return dfg_set_error(DFG_ERR_SYMBOLIC,
                                 "dfg.grad: the gradient of %s along a symbolic size is not defined (the argument is %s, DIM %d); make the graph with a concrete size",
                                 dfg_ops[y->op].name, dfg_shape_str(x->ndim, x->dims, s, sizeof s), d + 1);
    }
    int small_need[8];
    dfg_node * small_gx[8];
    int * need = small_need;
    dfg_node ** gx = small_gx;
    if (y->n_in > 8) {
        need = dfg_malloc((size_t)y->n_in * sizeof *need);
        gx = dfg_calloc((size_t)y->n_in, sizeof *gx);
        if (!need || !gx) {
            dfg_free(need == small_need ? NULL : need);
            dfg_free(gx == small_gx ? NULL : gx);
            return grad_nomem();
        }
    }
    int any = 0;
    for (int k = 0; k < y->n_in; k++) {
        need[k] = dep[pmap_get(pos, y->in[k])];
        gx[k] = NULL;
        any |= need[k];
    }
    gctx c = {0};
    /* the rule's nodes run where y was placed (dfg.on; TensorFlow's
     * colocate_gradients_with_ops), else where the current placement says */
    dfg_tags t = dfg_tags_get(), old = t;
    if (dfg_node_place(y))
        t.tags = (t.tags & ~DFG_TAG_PLACE) | (y->tags & DFG_TAG_PLACE);
    dfg_tags_set(t);
    if (any)
        rule(&c, y, g, need, gx);
    dfg_tags_set(old);
    dfg_status st = c.st;
    for (int k = 0; k < y->n_in && !st; k++) {
        if (!need[k] || !gx[k])
            continue;
        dfg_node * x = y->in[k], * a = gx[k];
        if (!same_shape(a, x) || (a->dtype != x->dtype && x->dtype != DFG_LOGICAL)) {
            char s1[256], s2[256];
            st = dfg_set_error(DFG_ERR_INTERNAL,
                               "dfg.grad: the gradient rule of %s gave a %s %s adjoint for a %s %s input",
                               dfg_ops[y->op].name, dfg_dtype_name(a->dtype),
                               dfg_shape_str(a->ndim, a->dims, s1, sizeof s1),
                               dfg_dtype_name(x->dtype), dfg_shape_str(x->ndim, x->dims, s2, sizeof s2));
            break;
        }
        dfg_node_use(a);
        st = grad_accumulate(&adj[pmap_get(pos, x)], a);
    }
    gb_release(&c);
    if (need != small_need)
        dfg_free(need);
    if (gx != small_gx)
        dfg_free(gx);
    return st;
}

static dfg_status grad_multi(int n_y, dfg_node * const * ys, dfg_node * const * seeds,
                             int n_x, dfg_node * const * xs, dfg_node ** gx);

/* Every node of the backward graph is tagged DFG_TAG_GRAD (checkpointing
 * tells forward activations from backward nodes by it). */
dfg_status dfg_grad_multi(int n_y, dfg_node * const * ys, dfg_node * const * seeds,
                          int n_x, dfg_node * const * xs, dfg_node ** gx)
{
    dfg_tags t = dfg_tags_get();
    dfg_tags old = dfg_tags_set((dfg_tags){ t.tags | DFG_TAG_GRAD, t.region, t.seq });
    dfg_status st = grad_multi(n_y, ys, seeds, n_x, xs, gx);
    dfg_tags_set(old);
    return st;
}

dfg_status dfg_grad_nodes(dfg_node * y, int n_x, dfg_node * const * xs,
                          dfg_node * seed, dfg_node ** gx)
{
    dfg_node * one = NULL;
    if (!seed) {
        int64_t d[2] = {1, 1};
        dfg_id id;
        dfg_status st = dfg_fill((dfg_dtype)(y->dtype == DFG_LOGICAL ? DFG_DOUBLE : y->dtype),
                                 2, d, 1, &id);
        if (st)
            return st;
        one = dfg_node_get(id);
        one->handles--;
        one->uses++;
        seed = one;
    }
    dfg_status st = dfg_grad_multi(1, &y, &seed, n_x, xs, gx);
    if (one)
        dfg_node_unuse(one);
    return st;
}

/* The adjoints of a control-flow construct's outputs are collected one by
 * one from its CTRL_OUT nodes (tup[i][k] for output k) and handed to
 * lib/control/ctrl.c's rule together when the construct itself is reached. */
static dfg_status backprop_ctrl(dfg_node * y, dfg_node ** gout, const uint8_t * dep,
                                const pmap * pos, dfg_node ** adj)
{
    int * need = dfg_malloc(((size_t)y->n_in + 1) * sizeof *need);
    dfg_node ** gx = dfg_calloc((size_t)y->n_in + 1, sizeof *gx);
    dfg_status st = DFG_OK;
    if (!need || !gx)
        st = grad_nomem();
    for (int k = 0; k < y->n_in && !st; k++)
        need[k] = dep[pmap_get(pos, y->in[k])];
    if (!st) {
        const dfg_family_fns * f = dfg_family_of(y);
        st = f->grad ? f->grad(y, gout, need, gx)
                     : dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: no rule for %s", dfg_ops[y->op].name);
    }
    for (int k = 0; k < y->n_in && !st; k++) {
        if (!need[k] || !gx[k])
            continue;
        dfg_node * x = y->in[k], * a = gx[k];
        if (!same_shape(a, x) || (a->dtype != x->dtype && x->dtype != DFG_LOGICAL)) {
            st = dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: the %s rule gave a wrong adjoint for input %d",
                               dfg_ops[y->op].name, k + 1);
            break;
        }
        gx[k] = NULL;
        st = grad_accumulate(&adj[pmap_get(pos, x)], a);
    }
    if (gx)
        for (int k = 0; k < y->n_in; k++)
            if (gx[k])
                dfg_node_unuse(gx[k]);
    dfg_free(gx);
    dfg_free(need);
    return st;
}

static dfg_status grad_multi(int n_y, dfg_node * const * ys, dfg_node * const * seeds,
                             int n_x, dfg_node * const * xs, dfg_node ** gx)
{
    for (int k = 0; k < n_x; k++)
        gx[k] = NULL;
    pmap pos;
    dfg_node ** order = NULL;
    int32_t n = 0;
    dfg_status st = topo(n_y, ys, &pos, &order, &n);
    if (st)
        return st;
    uint8_t * dep = dfg_calloc((size_t)n + 1, 1);
    uint8_t * src = dfg_calloc((size_t)n + 1, 1);
    dfg_node ** adj = dfg_calloc((size_t)n + 1, sizeof *adj);
    dfg_node *** tup = dfg_calloc((size_t)n + 1, sizeof *tup);
    if (!dep || !src || !adj || !tup) {
        st = grad_nomem();
        goto done;
    }
    for (int k = 0; k < n_x; k++) {
        int32_t i = pmap_get(&pos, xs[k]);
        if (i >= 0)
            src[i] = 1;
    }
    /* dep: on a differentiable path from a requested input */
    for (int32_t i = 0; i < n; i++) {
        dfg_node * v = order[i];
        if (v->dtype == DFG_LOGICAL && v->op != DFG_OP_LOOP && v->op != DFG_OP_COND)
            continue;
        if (src[i]) {
            dep[i] = 1;
            continue;
        }
        if (!(dfg_ops[v->op].flags & DFG_F_DIFF))
            continue;
        for (int q = 0; q < v->n_in && !dep[i]; q++)
            dep[i] = dep[pmap_get(&pos, v->in[q])];
    }
    for (int r = 0; r < n_y && !st; r++) {
        dfg_node * y = ys[r], * s = seeds[r];
        int32_t i = pmap_get(&pos, y);
        if (!s || !dep[i] || y->dtype == DFG_LOGICAL)
            continue;
        dfg_node_use(s);
        if (s->dtype != y->dtype) {
            dfg_attr ca = {{0}, {0}, NULL, 0};
            dfg_node * t;
            ca.i[0] = y->dtype;
            st = dfg_build(DFG_OP_CAST, 1, &s, &ca, &t);
            dfg_node_unuse(s);
            if (st)
                goto done;
            s = t;
        }
        st = grad_accumulate(&adj[i], s);
    }
    for (int32_t i = n - 1; i >= 0 && !st; i--) {
        dfg_node * v = order[i];
        if (!dep[i] || v->n_in == 0)
            continue;
        if (v->op == DFG_OP_CTRL_OUT) {
            /* handed to the construct, output by output */
            if (!adj[i])
                continue;
            int32_t j = pmap_get(&pos, v->in[0]);
            int no = ctrl_n_out(v->in[0]);
            if (!tup[j] && !(tup[j] = dfg_calloc((size_t)no + 1, sizeof **tup))) {
                st = grad_nomem();
                break;
            }
            int k = (int)v->iattr[2];
            dfg_node_use(adj[i]);
            st = grad_accumulate(&tup[j][k], adj[i]);
            continue;
        }
        if (dfg_ops[v->op].family == DFG_FAM_CTRL) {
            if (tup[i])
                st = backprop_ctrl(v, tup[i], dep, &pos, adj);
            continue;
        }
        if (!adj[i])
            continue;
        /* a requested input whose inputs lead to no other request:
         * nothing upstream needs its adjoint */
        int further = 0;
        for (int q = 0; q < v->n_in; q++)
            further |= dep[pmap_get(&pos, v->in[q])];
        if (further)
            st = backprop_node(v, adj[i], dep, &pos, adj);
    }
    for (int k = 0; k < n_x && !st; k++) {
        int32_t i = pmap_get(&pos, xs[k]);
        if (i >= 0 && adj[i]) {
            dfg_node * a = adj[i];
            if (xs[k]->dtype == DFG_LOGICAL && a->dtype != DFG_DOUBLE) {
                dfg_attr ca = {{0}, {0}, NULL, 0};
                ca.i[0] = DFG_DOUBLE;
                st = dfg_build(DFG_OP_CAST, 1, &a, &ca, &gx[k]);
            } else {
                dfg_node_use(a);
                gx[k] = a;
            }
        } else {
            st = zeros_for(xs[k], &gx[k]);
        }
    }
    if (st)
        for (int k = 0; k < n_x; k++)
            if (gx[k]) {
                dfg_node_unuse(gx[k]);
                gx[k] = NULL;
            }
done:
    if (adj)
        for (int32_t i = 0; i < n; i++)
            if (adj[i])
                dfg_node_unuse(adj[i]);
    if (tup)
        for (int32_t i = 0; i < n; i++)
            if (tup[i]) {
                int no = ctrl_n_out(order[i]);
                for (int k = 0; k < no; k++)
                    if (tup[i][k])
                        dfg_node_unuse(tup[i][k]);
                dfg_free(tup[i]);
            }
    dfg_free(tup);
    dfg_free(adj);
    dfg_free(dep);
    dfg_free(src);
    dfg_free(order);
    pmap_free(&pos);
    return st;
}

/* ---- one node's rule alone (evaluation traces) ---------------------------------- */

dfg_status dfg_local_vjp(dfg_id y, dfg_id seed, dfg_id * gx)
{
    dfg_node * yn = dfg_node_get(y), * sn;
    if (!yn || !(sn = dfg_node_get(seed)))
        return DFG_ERR_HANDLE;
    for (int k = 0; k < yn->n_in; k++)
        gx[k] = 0;
    if (!same_shape(yn, sn) || sn->dtype == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.trace: the seed must be a float array of the node's size");
    if (dfg_ops[yn->op].family == DFG_FAM_CTRL)
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.trace: a loop or cond has no single-node rule");
    dfg_grad_rule rule = dfg_grad_rules[yn->op];
    if (!rule || yn->dtype == DFG_LOGICAL || !(dfg_ops[yn->op].flags & DFG_F_DIFF))
        return DFG_OK;                       /* no adjoint flows through it */
    int need[64];
    dfg_node * out[64];
    if (yn->n_in > 64)
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.trace: a node with more than 64 inputs");
    for (int k = 0; k < yn->n_in; k++) {
        need[k] = yn->in[k]->dtype != DFG_LOGICAL;
        out[k] = NULL;
    }
    gctx c = {0};
    dfg_node * g = sn;
    if (sn->dtype != yn->dtype)
        g = gb_cast(&c, sn, yn->dtype);
    dfg_tags t = dfg_tags_get();
    dfg_tags old = dfg_tags_set((dfg_tags){ t.tags | DFG_TAG_GRAD, t.region, t.seq });
    if (g)
        rule(&c, yn, g, need, out);
    dfg_tags_set(old);
    dfg_status st = c.st;
    for (int k = 0; k < yn->n_in && !st; k++)
        if (need[k] && out[k]) {
            out[k]->handles++;        /* the caller's, beyond the context's uses */
            gx[k] = dfg_node_id(out[k]);
        }
    gb_release(&c);
    return st;
}

/* ---- public entry points ------------------------------------------------------- */

static dfg_status get_nodes(int n, const dfg_id * ids, dfg_node ** out)
{
    for (int k = 0; k < n; k++)
        if (!(out[k] = dfg_node_get(ids[k])))
            return DFG_ERR_HANDLE;
    return DFG_OK;
}

/* Owned uses -> handed-out ids. */
static void hand_out_all(int n, dfg_node ** ns, dfg_id * ids)
{
    for (int k = 0; k < n; k++) {
        ns[k]->uses--;
        ns[k]->handles++;
        ids[k] = dfg_node_id(ns[k]);
    }
}

/* The nodes of y and of n_x ids (then of n_x more from extra, when not
 * NULL) in one owned array *xn of 2 n_x entries. */
static dfg_status grad_nodes_of(const char * fn, dfg_id y, int n_x, const dfg_id * xs,
                           const dfg_id * extra, dfg_node ** yn, dfg_node *** xn)
{
    *xn = NULL;
    if (!(*yn = dfg_node_get(y)))
        return DFG_ERR_HANDLE;
    if (n_x < 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: X must name at least one tensor", fn);
    if (n_x > (1 << 20))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad input count", fn);
    dfg_node ** n = dfg_malloc((size_t)n_x * 2 * sizeof *n);
    if (!n)
        return grad_nomem();
    dfg_status st = get_nodes(n_x, xs, n);
    if (!st && extra)
        st = get_nodes(n_x, extra, n + n_x);
    if (st) {
        dfg_free(n);
        return st;
    }
    *xn = n;
    return DFG_OK;
}

dfg_status dfg_grad(dfg_id y, int n_x, const dfg_id * xs, dfg_id seed, dfg_id * gxs)
{
    dfg_node * yn, * sn = NULL, ** xn;
    dfg_status st = grad_nodes_of("grad", y, n_x, xs, NULL, &yn, &xn);
    if (st)
        return st;
    dfg_node ** gn = xn + n_x;
    if (seed) {
        if (!(sn = dfg_node_get(seed)))
            st = DFG_ERR_HANDLE;
        else if (!same_shape(sn, yn)) {
            char a[256], b[256];
            st = dfg_set_error(DFG_ERR_SHAPE, "dfg.grad: DY must have the size of Y (%s), not %s",
                               dfg_shape_str(yn->ndim, yn->dims, a, sizeof a),
                               dfg_shape_str(sn->ndim, sn->dims, b, sizeof b));
        } else if (sn->dtype == DFG_LOGICAL)
            st = dfg_set_error(DFG_ERR_DTYPE, "dfg.grad: DY must be double or single, not logical");
    }
    if (!st && !seed && yn->numel != 1) {
        char a[256];
        st = dfg_set_error(DFG_ERR_SHAPE,
                           "dfg.grad: Y must be a scalar, not %s (give a seed DY for a "
                           "vector-Jacobian product, or use dfg.jacobian)",
                           dfg_shape_str(yn->ndim, yn->dims, a, sizeof a));
    }
    if (!st)
        st = dfg_grad_nodes(yn, n_x, xn, sn, gn);
    if (!st)
        hand_out_all(n_x, gn, gxs);
    dfg_free(xn);
    return st;
}

/* The tangent of y along vs: reverse mode over the reverse-mode graph. */
/* 1 when the graph of y reaches u (forward mode by transposition leaves
 * the cotangent in the graph where a construct cannot drop it: a while
 * loop's gradient differentiated again carries every state value). */
static int reaches(dfg_node * y, dfg_node * u)
{
    pmap pos;
    dfg_node ** order;
    int32_t n;
    if (topo(1, &y, &pos, &order, &n))
        return 0;
    int r = pmap_get(&pos, u) >= 0;
    dfg_free(order);
    pmap_free(&pos);
    return r;
}

dfg_status dfg_jvp_nodes(dfg_node * y, int n_x, dfg_node * const * xs,
                         dfg_node * const * vs, dfg_node ** ty)
{
    *ty = NULL;
    dfg_node * u = NULL, ** gx = dfg_calloc((size_t)n_x, sizeof *gx);
    if (!gx)
        return grad_nomem();
    dfg_id uid;
    dfg_status st = dfg_input((dfg_dtype)(y->dtype == DFG_LOGICAL ? DFG_DOUBLE : y->dtype),
                              y->ndim, y->dims, "cotangent", &uid);
    if (!st) {
        u = dfg_node_get(uid);
        u->handles--;
        u->uses++;
        st = dfg_grad_nodes(y, n_x, xs, u, gx);
    }
    gctx c = {0};
    if (!st) {
        /* s = sum_k <gx_k, v_k> */
        dfg_node * s = NULL;
        for (int k = 0; k < n_x; k++) {
            dfg_node * t = gb_sum_all(&c, gb_mul(&c, gx[k], gb_cast(&c, vs[k], gx[k]->dtype)));
            s = s ? gb_add(&c, s, t) : t;
        }
        st = c.st;
        if (!st)
            st = dfg_grad_nodes(s, 1, &u, NULL, ty);
        if (!st && reaches(*ty, u)) {
            dfg_node_unuse(*ty);
            *ty = NULL;
            st = dfg_set_error(DFG_ERR_UNSUPPORTED,
                               "dfg.jvp: forward mode through the gradient of a while loop is not "
                               "available (use reverse mode: dfg.grad, dfg.jacobian (..., \"reverse\"))");
        }
    }
    gb_release(&c);
    for (int k = 0; k < n_x; k++)
        if (gx[k])
            dfg_node_unuse(gx[k]);
    dfg_free(gx);
    if (u)
        dfg_node_unuse(u);
    return st;
}

static dfg_status check_tangents(const char * fn, int n_x, dfg_node * const * xs,
                                 dfg_node * const * vs)
{
    for (int k = 0; k < n_x; k++) {
        if (!same_shape(xs[k], vs[k]) && !(xs[k]->numel == vs[k]->numel && vs[k]->numel == 1)) {
            char a[256], b[256];
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: tangent %d must have the size of X (%s), not %s",
                                 fn, k + 1, dfg_shape_str(xs[k]->ndim, xs[k]->dims, a, sizeof a),
                                 dfg_shape_str(vs[k]->ndim, vs[k]->dims, b, sizeof b));
        }
        if (vs[k]->dtype == DFG_LOGICAL)
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: tangent %d must be double or single, not logical",
                                 fn, k + 1);
    }
    return DFG_OK;
}

dfg_status dfg_jvp(dfg_id y, int n_x, const dfg_id * xs, const dfg_id * vs, dfg_id * ty)
{
    dfg_node * yn, * out = NULL, ** xn;
    dfg_status st = grad_nodes_of("jvp", y, n_x, xs, vs, &yn, &xn);
    if (st)
        return st;
    st = check_tangents("jvp", n_x, xn, xn + n_x);
    if (!st)
        st = dfg_jvp_nodes(yn, n_x, xn, xn + n_x, &out);
    if (!st)
        hand_out_all(1, &out, ty);
    dfg_free(xn);
    return st;
}

/* Rows of the Jacobian by reverse mode, or columns by forward mode. */
dfg_status dfg_jacobian_nodes(dfg_node * y, dfg_node * x, int mode, dfg_node ** J)
{
    *J = NULL;
    int64_t m = y->numel, n = x->numel;
    if (mode == 0)
        mode = n < m ? 1 : 2;
    int dt = y->dtype == DFG_LOGICAL ? (x->dtype == DFG_LOGICAL ? DFG_DOUBLE : x->dtype) : y->dtype;
    if (x->dtype == DFG_SINGLE)
        dt = DFG_SINGLE;
    int64_t count = mode == 1 ? n : m;
    gctx c = {0};
    dfg_node ** parts = dfg_calloc((size_t)(count ? count : 1), sizeof *parts);
    if (!parts)
        return grad_nomem();
    dfg_status st = DFG_OK;
    dfg_node * u = NULL, * gx = NULL;
    if (count == 0) {
        int64_t d[2] = {m, n};
        *J = gb_fill(&c, dt, 2, d, 0);
    } else if (mode == 2) {
        /* one VJP per output element, seeded with a unit vector */
        int64_t row[2] = {1, n};
        for (int64_t i = 0; i < m && !st; i++) {
            dfg_node * e = gb_fill(&c, y->dtype == DFG_LOGICAL ? DFG_DOUBLE : y->dtype,
                                   y->ndim, y->dims, 0);
            if (!e) { st = c.st; break; }
            if (e->dtype == DFG_DOUBLE) ((double *)e->data)[i] = 1;
            else ((float *)e->data)[i] = 1;
            dfg_node * g;
            if ((st = dfg_grad_nodes(y, 1, &x, e, &g)))
                break;
            parts[i] = gb_reshape(&c, gb_cast(&c, gb_keep(&c, g), dt), 2, row);
        }
        if (!st)
            *J = gb_cat(&c, 0, (int)m, parts);
    } else {
        /* one JVP per input element: the reverse graph is built once with a
         * cotangent input u; column j is d(gx_j)/du */
        dfg_id uid;
        st = dfg_input((dfg_dtype)(y->dtype == DFG_LOGICAL ? DFG_DOUBLE : y->dtype),
                       y->ndim, y->dims, "cotangent", &uid);
        if (!st) {
            u = dfg_node_get(uid);
            u->handles--;
            u->uses++;
            st = dfg_grad_nodes(y, 1, &x, u, &gx);
        }
        int64_t col[2] = {m, 1}, flat[2] = {n, 1};
        dfg_node * gflat = st ? NULL : gb_reshape(&c, gx, 2, flat);
        for (int64_t j = 0; j < n && !st; j++) {
            dfg_node * s = gb_take(&c, gflat, 0, &j, 1);
            if (!s) { st = c.st; break; }
            dfg_node * t;
            if ((st = dfg_grad_nodes(s, 1, &u, NULL, &t)))
                break;
            if (reaches(t, u)) {
                dfg_node_unuse(t);
                st = dfg_set_error(DFG_ERR_UNSUPPORTED,
                                   "dfg.jacobian: forward mode through the gradient of a while loop "
                                   "is not available (use \"reverse\")");
                break;
            }
            parts[j] = gb_reshape(&c, gb_cast(&c, gb_keep(&c, t), dt), 2, col);
        }
        if (!st)
            *J = gb_cat(&c, 1, (int)n, parts);
    }
    if (!st)
        st = c.st;
    if (!st) {
        dfg_node_use(*J);
    } else {
        *J = NULL;
    }
    gb_release(&c);
    if (gx)
        dfg_node_unuse(gx);
    if (u)
        dfg_node_unuse(u);
    dfg_free(parts);
    return st;
}

dfg_status dfg_jacobian(dfg_id y, dfg_id x, int mode, dfg_id * J)
{
    dfg_node * yn = dfg_node_get(y), * xn, * out = NULL;
    if (!yn || !(xn = dfg_node_get(x)))
        return DFG_ERR_HANDLE;
    if (mode < 0 || mode > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.jacobian: MODE must be 'auto', 'forward' or 'reverse'");
    if (yn->numel > (1 << 16) || xn->numel > (1 << 16))
        return dfg_set_error(DFG_ERR_ARG, "dfg.jacobian: a %lld x %lld Jacobian is too large to build "
                             "as a graph (at most 65536 rows or columns)",
                             (long long)yn->numel, (long long)xn->numel);
    dfg_status st = dfg_jacobian_nodes(yn, xn, mode, &out);
    if (st == DFG_ERR_UNSUPPORTED && mode == 0)
        st = dfg_jacobian_nodes(yn, xn, 2, &out);
    if (!st)
        hand_out_all(1, &out, J);
    return st;
}

dfg_status dfg_hessian(dfg_id y, dfg_id x, dfg_id * H)
{
    dfg_node * yn = dfg_node_get(y), * xn, * g = NULL, * out = NULL;
    if (!yn || !(xn = dfg_node_get(x)))
        return DFG_ERR_HANDLE;
    if (yn->numel != 1) {
        char a[256];
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.hessian: Y must be a scalar, not %s",
                             dfg_shape_str(yn->ndim, yn->dims, a, sizeof a));
    }
    if (xn->numel > (1 << 16))
        return dfg_set_error(DFG_ERR_ARG, "dfg.hessian: X has %lld elements; at most 65536",
                             (long long)xn->numel);
    dfg_status st = dfg_grad_nodes(yn, 1, &xn, NULL, &g);
    if (!st)
        st = dfg_jacobian_nodes(g, xn, 1, &out);
    /* forward over reverse cannot go through a while loop's gradient:
     * reverse over reverse can (the Hessian is symmetric, rows or columns) */
    if (st == DFG_ERR_UNSUPPORTED && g)
        st = dfg_jacobian_nodes(g, xn, 2, &out);
    if (g)
        dfg_node_unuse(g);
    if (!st)
        hand_out_all(1, &out, H);
    return st;
}
