/* lib/runtime/plan-sym.c -- plans with symbolic sizes (docs/symbolic.md).
 *
 * A plan whose graph has a symbolic dimension (an input made with
 * dfg_sym_dim in its dims) keeps the graph as recorded and, for each
 * binding of its symbols that a call brings, a concrete plan: the graph
 * specialised with those sizes (lib/core/symbolic.c), passes, schedule and
 * memory plan made for them.  The concrete plans are a bounded cache in
 * order of last use; the one used least recently goes (its arena freed)
 * when a new binding comes past the bound.  A caller binds the sizes of
 * its arguments with dfg_plan_bind and runs the plan it returns; the
 * introspection calls (dfg_plan_memory, dfg_plan_node, ...) describe the
 * binding used last. */
#include <stdio.h>
#include <string.h>
#include "plan-impl.h"
#include "../core/store-impl.h"

#define SYM_PLANS 8

typedef struct sym_entry {
    int64_t  value[DFG_MAX_SYMS + 1];   /* the binding (value[id])      */
    dfg_id   plan;                      /* owned                        */
    uint64_t used;
} sym_entry;

struct plan_sym {
    int          n_upd;
    dfg_node **  upd_vals;      /* uses held                            */
    dfg_options  opts;
    int          has_opts;
    int          checkpoint;
    double       memory_limit;
    char         device[16];
    int          has_device;
    int          n_syms;
    int          syms[DFG_MAX_SYMS];   /* the symbols the inputs name   */
    sym_entry    entry[SYM_PLANS];
    int          n_entries;
    uint64_t     clock;
    int          last;          /* entry used last, -1: none            */
};

int plan_spec_is_symbolic(const dfg_plan_spec * sp)
{
    struct { int n; const dfg_id * id; } lists[] = {
        { sp->n_in, sp->ins }, { sp->n_out, sp->outs }, { sp->n_upd, sp->upd_vals } };
    for (int l = 0; l < 3; l++)
        for (int k = 0; k < lists[l].n; k++) {
            dfg_node * n = dfg_node_get(lists[l].id[k]);
            if (n && n->numel < 0)
                return 1;
        }
    return 0;
}

void plan_sym_free(dfg_plan * p)
{
    struct plan_sym * s = p->sym;
    if (!s)
        return;
    for (int k = 0; k < s->n_entries; k++)
        dfg_release(s->entry[k].plan);
    for (int k = 0; k < s->n_upd; k++)
        if (s->upd_vals[k])
            dfg_node_unuse(s->upd_vals[k]);
    dfg_free(s->upd_vals);
    dfg_free(s);
    p->sym = NULL;
}

/* The concrete plan of binding value: specialised, compiled (*id owned by
 * the caller). */
static dfg_status compile_bound(dfg_plan * p, const int64_t * value, dfg_id * id)
{
    struct plan_sym * s = p->sym;
    int n_root = p->n_in + p->n_out + s->n_upd;
    dfg_node ** roots = dfg_malloc(((size_t)n_root + 1) * sizeof *roots);
    dfg_node ** made = dfg_calloc((size_t)n_root + 1, sizeof *made);
    dfg_id * ids = dfg_malloc(((size_t)n_root + (size_t)s->n_upd + 1) * sizeof *ids);
    dfg_status st = DFG_OK;
    if (!roots || !made || !ids)
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory binding sizes");
    if (!st) {
        memcpy(roots, p->ins, (size_t)p->n_in * sizeof *roots);
        memcpy(roots + p->n_in, p->outs, (size_t)p->n_out * sizeof *roots);
        memcpy(roots + p->n_in + p->n_out, s->upd_vals, (size_t)s->n_upd * sizeof *roots);
        st = dfg_specialize(n_root, roots, value, made);
    }
    if (!st) {
        for (int k = 0; k < n_root; k++)
            ids[k] = dfg_node_id(made[k]);
        for (int k = 0; k < s->n_upd; k++)
            ids[n_root + k] = dfg_node_id(p->upd_vars[k]);
        dfg_plan_spec sp = {
            .n_in = p->n_in, .ins = ids, .n_out = p->n_out, .outs = ids + p->n_in,
            .n_upd = s->n_upd, .upd_vars = ids + n_root, .upd_vals = ids + p->n_in + p->n_out,
            .opts = s->has_opts ? &s->opts : NULL, .checkpoint = s->checkpoint,
            .memory_limit = s->memory_limit, .device = s->has_device ? s->device : NULL };
        st = dfg_plan_compile_spec(&sp, id);
    }
    for (int k = 0; made && k < n_root; k++)
        if (made[k])
            dfg_node_unuse(made[k]);
    dfg_free(roots);
    dfg_free(made);
    dfg_free(ids);
    return st;
}

dfg_status plan_sym_compile(const dfg_plan_spec * sp, dfg_plan * p)
{
    struct plan_sym * s = dfg_calloc(1, sizeof *s);
    if (!s)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory compiling the plan");
    p->sym = s;
    s->last = -1;
    p->n_in = sp->n_in;
    p->n_out = sp->n_out;
    p->n_upd = sp->n_upd;
    s->upd_vals = dfg_calloc((size_t)sp->n_upd + 1, sizeof *s->upd_vals);
    if (!s->upd_vals)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory compiling the plan");
    struct { int n; const dfg_id * id; dfg_node ** to; } lists[] = {
        { sp->n_in, sp->ins, p->ins }, { sp->n_out, sp->outs, p->outs },
        { sp->n_upd, sp->upd_vars, p->upd_vars }, { sp->n_upd, sp->upd_vals, s->upd_vals } };
    for (int l = 0; l < 4; l++)
        for (int k = 0; k < lists[l].n; k++) {
            dfg_node * n = dfg_node_get(lists[l].id[k]);
            if (!n)
                return DFG_ERR_HANDLE;
            dfg_node_use(n);
            lists[l].to[k] = n;
        }
    s->n_upd = sp->n_upd;
    if (sp->opts) {
        s->opts = *sp->opts;
        s->has_opts = 1;
    }
    s->checkpoint = sp->checkpoint;
    s->memory_limit = sp->memory_limit;
    if (sp->device) {
        if (strlen(sp->device) >= sizeof s->device)
            return dfg_set_error(DFG_ERR_ARG, "dfg.function: unknown device \"%s\"", sp->device);
        strcpy(s->device, sp->device);
        s->has_device = 1;
    }
    for (int k = 0; k < p->n_in; k++) {
        if (p->ins[k]->op != DFG_OP_INPUT)
            return dfg_set_error(DFG_ERR_ARG, "dfg.function: input %d is not a dfg.input", k + 1);
        for (int j = 0; j < p->ins[k]->ndim; j++) {
            int64_t d = p->ins[k]->dims[j];
            int seen = 0;
            if (!dfg_dim_is_sym(d))
                continue;
            for (int q = 0; q < s->n_syms; q++)
                seen |= s->syms[q] == dfg_dim_sym(d);
            if (!seen)
                s->syms[s->n_syms++] = dfg_dim_sym(d);
        }
    }
    /* a result's symbols come from the inputs (else nothing binds them) */
    for (int k = 0; k < p->n_out + s->n_upd; k++) {
        const dfg_node * o = k < p->n_out ? p->outs[k] : s->upd_vals[k - p->n_out];
        for (int j = 0; j < o->ndim; j++) {
            int seen = !dfg_dim_is_sym(o->dims[j]);
            for (int q = 0; q < s->n_syms && !seen; q++)
                seen = s->syms[q] == dfg_dim_sym(o->dims[j]);
            if (!seen) {
                char b[256];
                return dfg_set_error(DFG_ERR_SYMBOLIC,
                                     "dfg.function: %s %d is %s, and no input has the symbolic size %s",
                                     k < p->n_out ? "output" : "update", (k < p->n_out ? k : k - p->n_out) + 1,
                                     dfg_shape_str(o->ndim, o->dims, b, sizeof b),
                                     dfg_sym_name(dfg_dim_sym(o->dims[j])));
            }
        }
    }
    /* every error a concrete plan would raise, raised now: the graph
     * bound with sizes 2, 3, ... is compiled once and dropped */
    int64_t value[DFG_MAX_SYMS + 1] = {0};
    for (int q = 0; q < s->n_syms; q++)
        value[s->syms[q]] = 2 + q;
    dfg_id trial;
    dfg_status st = compile_bound(p, value, &trial);
    if (!st)
        dfg_release(trial);
    return st;
}

int plan_sym_last(const dfg_plan * p, dfg_id * id)
{
    const struct plan_sym * s = p->sym;
    if (!s || s->last < 0)
        return 0;
    *id = s->entry[s->last].plan;
    return 1;
}

dfg_status dfg_plan_bind(dfg_id id, int n_in, const int * ndim, const int64_t * dims,
                         dfg_id * out)
{
    dfg_plan * p = dfg_store_get(id, SLOT_PLAN);
    if (!p)
        return dfg_set_error(DFG_ERR_HANDLE, "invalid plan handle (freed, from before 'clear all', or not made by dfg)");
    *out = id;
    struct plan_sym * s = p->sym;
    if (!s)
        return DFG_OK;
    if (n_in != p->n_in)
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: the plan takes %d input%s, called with %d",
                             p->n_in, p->n_in == 1 ? "" : "s", n_in);
    int64_t value[DFG_MAX_SYMS + 1] = {0};
    int from[DFG_MAX_SYMS + 1] = {0};
    for (int q = 0; q < s->n_syms; q++)
        value[s->syms[q]] = -1;
    for (int k = 0; k < n_in; k++) {
        const dfg_node * t = p->ins[k];
        const int64_t * g = dims + (size_t)k * DFG_MAX_DIMS;
        int nd = ndim[k] > t->ndim ? ndim[k] : t->ndim, ok = 1;
        for (int j = 0; j < nd && ok; j++) {
            int64_t e = j < t->ndim ? t->dims[j] : 1, v = j < ndim[k] ? g[j] : 1;
            if (!dfg_dim_is_sym(e)) {
                ok = e == v;
                continue;
            }
            int y = dfg_dim_sym(e);
            if (value[y] < 0) {
                value[y] = v;
                from[y] = k;
            } else
                ok = value[y] == v;
        }
        if (!ok) {
            char a1[256], a2[256];
            return dfg_set_error(DFG_ERR_ARG, "dfg.function: input %d must be %s, not %s%s",
                                 k + 1, dfg_shape_str(t->ndim, t->dims, a1, sizeof a1),
                                 dfg_shape_str(ndim[k], g, a2, sizeof a2),
                                 s->n_syms ? " (a size named alike is the same in every input)" : "");
        }
    }
    for (int q = 0; q < s->n_syms; q++) {
        int y = s->syms[q];
        if (value[y] < 2) {
            char a[256];
            int k = from[y];
            return dfg_set_error(DFG_ERR_SYMBOLIC,
                                 "dfg.function: the symbolic size %s is %lld (input %d is %s); a symbolic size takes values of at least 2 "
                                 "(at 0 or 1 Octave's rules for reductions and broadcasting differ): make a plan with this size",
                                 dfg_sym_name(y), (long long)value[y], k + 1,
                                 dfg_shape_str(ndim[k], dims + (size_t)k * DFG_MAX_DIMS, a, sizeof a));
        }
    }
    int hit = -1;
    for (int e = 0; e < s->n_entries && hit < 0; e++) {
        int same = 1;
        for (int q = 0; q < s->n_syms && same; q++)
            same = s->entry[e].value[s->syms[q]] == value[s->syms[q]];
        if (same)
            hit = e;
    }
    if (hit < 0) {
        dfg_id made;
        dfg_status st = compile_bound(p, value, &made);
        if (st)
            return st;
        if (s->n_entries < SYM_PLANS)
            hit = s->n_entries++;
        else {
            hit = 0;
            for (int e = 1; e < s->n_entries; e++)
                if (s->entry[e].used < s->entry[hit].used)
                    hit = e;
            dfg_release(s->entry[hit].plan);
        }
        memcpy(s->entry[hit].value, value, sizeof value);
        s->entry[hit].plan = made;
    }
    s->entry[hit].used = ++s->clock;
    s->last = hit;
    *out = s->entry[hit].plan;
    return DFG_OK;
}

dfg_status dfg_plan_bound(dfg_id id, int * count, int * max_count)
{
    dfg_plan * p = dfg_store_get(id, SLOT_PLAN);
    if (!p)
        return dfg_set_error(DFG_ERR_HANDLE, "invalid plan handle (freed, from before 'clear all', or not made by dfg)");
    *count = p->sym ? p->sym->n_entries : 0;
    *max_count = p->sym ? SYM_PLANS : 0;
    return DFG_OK;
}
