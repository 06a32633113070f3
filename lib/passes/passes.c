/* lib/passes/passes.c -- the pass manager and the rewriting walk every pass uses.
 *
 * Order (docs/passes.md): prune, then cse, fold and simplify repeated while
 * any of them changes something (at most MAX_ROUNDS rounds: each can expose
 * work for the others), then gemm, then fuse.  Each pass is switchable
 * (dfg_options.passes); prune and dead-code elimination are not passes one
 * can switch off: the plan is built from what its outputs reach, so both
 * happen on every walk.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pass.h"

#define MAX_ROUNDS 4

static const char * const pass_names[DFG_PASS_COUNT] = {
    [DFG_PASS_CSE] = "cse", [DFG_PASS_FOLD] = "fold", [DFG_PASS_SIMPLIFY] = "simplify",
    [DFG_PASS_GEMM] = "gemm", [DFG_PASS_FUSE] = "fuse",
};

static dfg_status (* const pass_fns[DFG_PASS_COUNT])(pass_run *) = {
    [DFG_PASS_CSE] = dfg_pass_cse, [DFG_PASS_FOLD] = dfg_pass_fold,
    [DFG_PASS_SIMPLIFY] = dfg_pass_simplify, [DFG_PASS_GEMM] = dfg_pass_gemm,
    [DFG_PASS_FUSE] = dfg_pass_fuse,
};

const char * dfg_pass_name(int pass)
{
    return pass >= 0 && pass < DFG_PASS_COUNT ? pass_names[pass] : NULL;
}

/* ---- options ----------------------------------------------------------------- */

static dfg_options default_opts = { DFG_PASSES_ALL, 0 };

void dfg_options_default(dfg_options * o) { *o = default_opts; }
void dfg_options_set_default(const dfg_options * o) { default_opts = *o; }

dfg_status dfg_options_parse(const char * spec, dfg_options * o)
{
    const char * p = spec ? spec : "";
    while (*p) {
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        if (!*p)
            break;
        const char * w = p;
        while (*p && *p != ',' && !isspace((unsigned char)*p))
            p++;
        size_t len = (size_t)(p - w);
        int sign = 1;
        if (*w == '+' || *w == '-') {
            sign = *w == '-' ? 0 : 1;
            w++;
            len--;
        }
        char word[32];
        if (len == 0 || len >= sizeof word)
            return dfg_set_error(DFG_ERR_ARG, "dfg: unknown pass '%.*s' (passes: cse, fold, "
                                 "simplify, gemm, fuse; also all, none, fast)", (int)(p - w), w);
        memcpy(word, w, len);
        word[len] = 0;
        if (!strcmp(word, "all") && sign)
            o->passes = DFG_PASSES_ALL;
        else if (!strcmp(word, "none") && sign)
            o->passes = 0;
        else if (!strcmp(word, "fast"))
            o->fast = sign;
        else {
            int k = 0;
            while (k < DFG_PASS_COUNT && strcmp(word, pass_names[k]))
                k++;
            if (k == DFG_PASS_COUNT)
                return dfg_set_error(DFG_ERR_ARG, "dfg: unknown pass '%s' (passes: cse, fold, "
                                     "simplify, gemm, fuse; also all, none, fast)", word);
            if (sign)
                o->passes |= 1u << k;
            else
                o->passes &= ~(1u << k);
        }
    }
    return DFG_OK;
}

/* ---- helpers -------------------------------------------------------------------- */

void pass_attr_of(const dfg_node * n, dfg_attr * a)
{
    dfg_node_attr(n, a);
}

dfg_status pass_make(int op, int n_in, dfg_node * const * in, const dfg_attr * attr,
                     dfg_node ** out)
{
    return dfg_build(op, n_in, in, attr, out);
}

dfg_status pass_remake(dfg_node * n, dfg_node * const * in, dfg_node ** out)
{
    int same = 1;
    for (int k = 0; k < n->n_in; k++)
        same &= in[k] == n->in[k];
    if (same) {
        dfg_node_use(n);
        *out = n;
        return DFG_OK;
    }
    dfg_attr a;
    pass_attr_of(n, &a);
    return dfg_build(n->op, n->n_in, in, &a, out);
}

dfg_status pass_scalar(int dt, double v, dfg_node ** out)
{
    int64_t d[2] = {1, 1};
    dfg_status st = dfg_leaf_constant(dt, 2, d, out);
    if (st)
        return st;
    if (dt == DFG_DOUBLE)
        *(double *)(*out)->data = v;
    else if (dt == DFG_SINGLE)
        *(float *)(*out)->data = (float)v;
    else
        *(uint8_t *)(*out)->data = v != 0;
    return DFG_OK;
}

int pass_const_scalar(const dfg_node * n, double * v)
{
    while (n->op == DFG_OP_BROADCAST || n->op == DFG_OP_RESHAPE)   /* same values */
        n = n->in[0];
    if (n->op != DFG_OP_CONSTANT || n->numel != 1)
        return 0;
    *v = n->dtype == DFG_DOUBLE ? ((const double *)n->data)[0]
       : n->dtype == DFG_SINGLE ? (double)((const float *)n->data)[0]
       : (double)((const uint8_t *)n->data)[0];
    return 1;
}

int pass_is_const(const dfg_node * n, double v)
{
    while (n->op == DFG_OP_BROADCAST || n->op == DFG_OP_RESHAPE)   /* same values */
        n = n->in[0];
    if (n->op != DFG_OP_CONSTANT || n->numel < 1)
        return 0;
    int neg = signbit(v) != 0;
    for (int64_t k = 0; k < n->numel; k++) {
        double x = n->dtype == DFG_DOUBLE ? ((const double *)n->data)[k]
                 : n->dtype == DFG_SINGLE ? (double)((const float *)n->data)[k]
                 : (double)((const uint8_t *)n->data)[k];
        if (x != v || (v == 0 && (signbit(x) != 0) != neg))
            return 0;
    }
    return 1;
}

int pass_same_shape(const dfg_node * a, const dfg_node * b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (int j = 0; j < a->ndim; j++)
        if (a->dims[j] != b->dims[j])
            return 0;
    return 1;
}

/* ---- the kept walk ---------------------------------------------------------------- */

void pass_walk_drop(pass_walk * w)
{
    if (!w)
        return;
    dfg_free(w->roots);
    dfg_free(w->gens);
    dfg_free(w->list);
    dfg_walk_ix_free(&w->ix);
    w->roots = NULL;
    w->gens = NULL;
    w->list = NULL;
    w->n_root = 0;
}

static uint64_t node_key(const dfg_node * x)
{
    return (uint64_t)x->gen << 32 | x->slot;
}

static int walk_is_of(const pass_walk * w, int n_out, dfg_node * const * outs)
{
    if (!w || !w->n_root || w->n_root != n_out)
        return 0;
    for (int k = 0; k < n_out; k++)
        if (w->roots[k] != outs[k] || w->gens[k] != node_key(outs[k]))
            return 0;
    return 1;
}

dfg_status pass_walk_take(pass_run * r, dfg_node *** list, int32_t * n, dfg_walk_ix * ix)
{
    if (walk_is_of(r->keep, r->n_out, r->outs)) {
        pass_walk * w = r->keep;
        *list = w->list;
        *n = w->n;
        *ix = w->ix;             /* its marks may be stale: the slow path */
        w->list = NULL;          /* handles that (dfg_walk_ix_get)        */
        w->ix.map = NULL;
        w->ix.in_off = w->ix.in_pos = NULL;
        pass_walk_drop(w);
        return DFG_OK;
    }
    pass_walk_drop(r->keep);
    return dfg_topo_ix(r->n_out, r->outs, list, n, ix);
}

void pass_walk_put(pass_run * r, dfg_node * const * roots, dfg_node ** list, int32_t n,
                   dfg_walk_ix * ix)
{
    pass_walk * w = r->keep;
    int same = !!w;
    for (int k = 0; same && k < r->n_out; k++)
        same = roots[k] == r->outs[k];
    if (same) {
        pass_walk_drop(w);
        w->roots = dfg_malloc((size_t)r->n_out * sizeof *w->roots);
        w->gens = dfg_malloc((size_t)r->n_out * sizeof *w->gens);
        if (w->roots && w->gens) {
            memcpy(w->roots, r->outs, (size_t)r->n_out * sizeof *w->roots);
            for (int k = 0; k < r->n_out; k++)
                w->gens[k] = node_key(r->outs[k]);
            w->n_root = r->n_out;
            w->list = list;
            w->n = n;
            w->ix = *ix;
            w->ix.list = list;
            return;
        }
        pass_walk_drop(w);
    } else if (w)
        pass_walk_drop(w);
    dfg_free(list);
    dfg_walk_ix_free(ix);
}

/* ---- the rewriting walk ------------------------------------------------------------ */

dfg_status pass_rewrite(pass_run * r, pass_visit visit)
{
    dfg_walk_ix index;
    dfg_node ** list;
    int32_t n;
    dfg_node * rsmall[16], ** roots = r->n_out <= 16 ? rsmall
                                      : dfg_malloc((size_t)r->n_out * sizeof *roots);
    if (!roots)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    memcpy(roots, r->outs, (size_t)r->n_out * sizeof *roots);
    dfg_status st = pass_walk_take(r, &list, &n, &index);
    if (st) {
        dfg_walk_ix_free(&index);
        if (roots != rsmall)
            dfg_free(roots);
        return st;
    }
    if (r->walked < 0)
        r->walked = n;
    dfg_node ** map = dfg_calloc((size_t)n + 1, sizeof *map);
    dfg_node *  small[16], ** in = small;
    int         in_cap = 16;
    if (!map) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
        goto done;
    }
    for (int32_t v = 0; v < n && !st; v++) {
        dfg_node * x = list[v];
        if (x->n_in > in_cap) {
            if (in != small)
                dfg_free(in);
            in_cap = x->n_in;
            if (!(in = dfg_malloc((size_t)in_cap * sizeof *in))) {
                in = small;
                in_cap = 16;
                st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
                break;
            }
        }
        for (int k = 0; k < x->n_in; k++)
            in[k] = map[dfg_walk_ix_in(&index, v, k)];
        dfg_node * y = NULL;
        dfg_tags old = dfg_tags_set((dfg_tags){ x->tags, x->region, x->seq });
        st = visit(r, x, in, &y);
        if (!st && !y)
            st = pass_remake(x, in, &y);
        dfg_tags_set(old);
        map[v] = y;
    }
    if (!st)
        for (int k = 0; k < r->n_out; k++) {
            dfg_node * y = map[dfg_walk_ix_get(&index, r->outs[k])];
            dfg_node_use(y);
            dfg_node_unuse(r->outs[k]);
            r->outs[k] = y;
        }
done:
    if (map)
        for (int32_t v = 0; v < n; v++)
            if (map[v])
                dfg_node_unuse(map[v]);
    if (in != small)
        dfg_free(in);
    dfg_free(map);
    if (st)
        pass_walk_drop(r->keep);
    pass_walk_put(r, roots, list, n, &index);   /* kept when nothing changed */
    if (roots != rsmall)
        dfg_free(roots);
    return st;
}

/* ---- the manager ------------------------------------------------------------------ */

static int64_t count_nodes(const pass_run * r)
{
    dfg_node ** list;
    int32_t n;
    if (pass_topo(r->n_out, r->outs, &list, &n, NULL))
        return -1;
    dfg_free(list);
    return n;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return 1e3 * (double)t.tv_sec + 1e-6 * (double)t.tv_nsec;
}

static void add_row(pass_report_list * rep, const char * name, int64_t before,
                    int64_t after, int64_t changed, const char * what, double ms)
{
    if (rep->n >= PASS_REPORT_MAX)
        return;
    pass_report_row * row = &rep->rows[rep->n++];
    snprintf(row->pass, sizeof row->pass, "%s", name);
    row->before = before;
    row->after = after;
    row->changed = changed;
    snprintf(row->what, sizeof row->what, "%s", what);
    row->ms = ms;
}

void dfg_options_effective(const dfg_options * given, dfg_options * o)
{
    if (given)
        *o = *given;
    else
        dfg_options_default(o);
    const char * env = getenv("DFG_PASSES");
    if (env && *env) {
        dfg_options t = *o;
        if (!dfg_options_parse(env, &t))
            *o = t;
    }
}

/* Node counts are known lazily: a pass that rewrites the graph leaves its
 * count unknown (-1 in *count and in the rows) rather than walking the new
 * graph just to count it; the next pass's rewriting walk counts it anyway
 * (r->walked), and resolve fills the unknown entries in then (or, at the
 * end, one counting walk).  Nodes are immutable, so when every root is the
 * node it was, the graph is the one counted before. */
static void resolve(pass_report_list * rep, int64_t * count, int64_t known)
{
    if (*count >= 0 || known < 0)
        return;
    *count = known;
    for (int k = 0; k < rep->n; k++) {
        pass_report_row * row = &rep->rows[k];
        if (row->before < 0)
            row->before = known;
        if (row->after < 0) {
            row->after = known;
            if (!strcmp(row->pass, "prune")) {
                char outs[48];      /* "%d outputs" */
                snprintf(outs, sizeof outs, "%.40s", row->what);
                snprintf(row->what, sizeof row->what, "%lld nodes reachable from %s",
                         (long long)known, outs);
            }
        }
    }
}

/* Runs pass k once and adds its report row (label: "" or "(round n) ");
 * *count is the graph's node count, before and after (-1: not known yet);
 * *hint the last known one (sizes the passes' maps). */
static dfg_status run_pass(int k, pass_run * r, pass_report_list * rep, const char * label,
                           int64_t * count, int64_t * hint)
{
    char what[256];
    dfg_node * small[16], ** roots = r->n_out <= 16 ? small
                                     : dfg_malloc((size_t)r->n_out * sizeof *roots);
    if (!roots)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory running the graph passes");
    memcpy(roots, r->outs, (size_t)r->n_out * sizeof *roots);
    r->nodes = *count >= 0 ? *count : *hint;
    r->walked = -1;
    double t0 = now_ms();
    r->changed = 0;
    r->extra = 0;
    r->what[0] = 0;
    dfg_status st = pass_fns[k](r);
    if (!st) {
        double ms = now_ms() - t0;
        snprintf(what, sizeof what, "%s%s", label, r->what);
        resolve(rep, count, r->walked);
        int64_t b = *count;
        for (int j = 0; j < r->n_out; j++)
            if (r->outs[j] != roots[j])
                *count = -1;
        if (b >= 0)
            *hint = b;
        add_row(rep, pass_names[k], b, *count, r->changed, what, ms);
    }
    for (int j = 0; j < r->n_out; j++)      /* a new graph: its walk is not kept */
        if (r->outs[j] != roots[j])
            pass_walk_drop(r->keep);
    if (roots != small)
        dfg_free(roots);
    return st;
}

static dfg_status passes_run(const dfg_options * o, int n_out, dfg_node ** outs,
                             pass_report_list * rep, const pass_ckpt * ck, pass_eval eval,
                             pass_walk * keep)
{
    pass_run r = { .n_out = n_out, .outs = outs, .fast = o->fast, .eval = eval, .keep = keep };
    dfg_status st;
    rep->n = 0;
    int64_t n0 = -1, hint = 0;      /* counted by the first pass's walk */
    char what[256];
    snprintf(what, sizeof what, "%d output%s", n_out, n_out == 1 ? "" : "s");
    add_row(rep, "prune", -1, -1, 0, what, 0);

    /* cse, fold, simplify: rounds until nothing changes; a row per run */
    static const int round_passes[3] = { DFG_PASS_CSE, DFG_PASS_FOLD, DFG_PASS_SIMPLIFY };
    for (int round = 0; round < MAX_ROUNDS; round++) {
        int64_t changed = 0;
        char label[32] = "";
        if (round)
            snprintf(label, sizeof label, "(round %d) ", round + 1);
        for (int q = 0; q < 3; q++)
            if (o->passes & (1u << round_passes[q])) {
                if ((st = run_pass(round_passes[q], &r, rep, label, &n0, &hint)))
                    return st;
                changed += r.changed;
            }
        if (!changed)
            break;
    }
    if (ck) {
        resolve(rep, &n0, n0 < 0 ? count_nodes(&r) : -1);
        r.nodes = n0;
        double t0 = now_ms();
        r.what[0] = 0;
        pass_walk_drop(keep);
        if ((st = dfg_pass_checkpoint(&r, ck)))
            return st;
        pass_walk_drop(keep);
        double ms = now_ms() - t0;
        int64_t b = n0;
        n0 = count_nodes(&r);
        add_row(rep, "checkpoint", b, n0, r.changed, r.what, ms);
    }
    for (int k = DFG_PASS_GEMM; k <= DFG_PASS_FUSE; k++)
        if ((o->passes & (1u << k)) && (st = run_pass(k, &r, rep, "", &n0, &hint)))
            return st;
    resolve(rep, &n0, n0 < 0 ? count_nodes(&r) : -1);
    return DFG_OK;
}

dfg_status dfg_passes_run(const dfg_options * o, int n_out, dfg_node ** outs,
                          pass_report_list * rep, const pass_ckpt * ck, pass_eval eval)
{
    pass_walk keep;
    memset(&keep, 0, sizeof keep);
    dfg_status st = passes_run(o, n_out, outs, rep, ck, eval, &keep);
    pass_walk_drop(&keep);
    return st;
}
