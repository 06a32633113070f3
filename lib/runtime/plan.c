/* lib/runtime/plan.c -- compiled plans: run the graph passes
 * (lib/passes) over what the outputs and variable updates need, schedule,
 * bind inputs, outputs and variables, plan the memory (memplan.c), and run.
 *
 * Compile does everything that does not depend on the data; a run only
 * writes the caller's input and output pointers into the value table and
 * calls the kernels in order.  It allocates nothing.
 */
#include <stdio.h>
#include <string.h>
#include "plan-impl.h"
#include "backend.h"
#include "../core/store-impl.h"
#include "../../kernels/cpu/fused.h"

/* ---- compile -------------------------------------------------------------- */

void dfg_plan_destroy(dfg_plan * p)
{
    if (!p)
        return;
    plan_sym_free(p);
    for (int32_t v = 0; v < p->n_vals; v++)
        if (p->vals && p->vals[v])
            dfg_node_unuse(p->vals[v]);
    for (int k = 0; k < p->n_in; k++)
        if (p->ins && p->ins[k])
            dfg_node_unuse(p->ins[k]);
    for (int k = 0; k < p->n_out; k++)
        if (p->outs && p->outs[k])
            dfg_node_unuse(p->outs[k]);
    for (int k = 0; k < p->n_upd; k++)
        if (p->upd_vars && p->upd_vars[k])
            dfg_node_unuse(p->upd_vars[k]);
    for (int k = 0; k < p->n_out + p->n_upd; k++)
        if (p->gouts && p->gouts[k])
            dfg_node_unuse(p->gouts[k]);
    dfg_store_remove(p->slot);
    dfg_free(p->gouts);
    dfg_free(p->upd_vars);
    dfg_free(p->fout);
    dfg_free(p->fdt);
    dfg_free(p->fdims);
    dfg_free(p->rows);
    dfg_free(p->rows_in);
    dfg_free(p->val_row);
    dfg_free(p->bufrows);
    dfg_free(p->ins);
    dfg_free(p->outs);
    dfg_free(p->in_val);
    dfg_free(p->out_val);
    dfg_free(p->vals);
    dfg_free(p->kind);
    dfg_free(p->bufs);
    dfg_free(p->steps);
    dfg_free(p->args);
    dfg_free(p->argp);
    dfg_free(p->views);
    dfg_free(p->copies);
    dfg_free(p->ucopies);
    dfg_free(p->var_in);
    dfg_free(p->vhost);
    dfg_free(p->hbufs);
    if (p->be) {
        p->be->free(p->be, p->arena);
        p->be->free(p->be, p->scratch);
        p->be->free(p->be, p->leaves);
    }
    dfg_backend_cpu()->free(dfg_backend_cpu(), p->harena);
    dfg_backend_cpu()->free(dfg_backend_cpu(), p->hscratch);
    dfg_free(p);
}

int plan_val_host(const dfg_plan * p, int32_t v)
{
    return p->be->host_memory || (p->vhost && p->vhost[v]);
}

/* The store's destroy callback for plans (dfg_release, dfg_reset). */
static void plan_destroy_obj(void * p)
{
    dfg_plan_destroy(p);
}

static dfg_status plan_nomem(void)
{
    return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory compiling the plan");
}

static dfg_status free_input_error(const dfg_node * n)
{
    char s[256];
    dfg_shape_str(n->ndim, n->dims, s, sizeof s);
    if (n->name)
        return dfg_set_error(DFG_ERR_FREE_INPUT,
                             "the graph depends on input '%s' (%s %s), which was not given a value",
                             n->name, s, dfg_dtype_name(n->dtype));
    return dfg_set_error(DFG_ERR_FREE_INPUT,
                         "the graph depends on an unnamed %s %s input, which was not given a value",
                         s, dfg_dtype_name(n->dtype));
}

static dfg_status build_rows(dfg_plan * p, pmap * seen);

dfg_status dfg_plan_compile(int n_in, const dfg_id * ins, int n_out,
                            const dfg_id * outs, dfg_id * plan_id)
{
    return dfg_plan_compile_opts(n_in, ins, n_out, outs, NULL, plan_id);
}

dfg_status dfg_plan_compile_opts(int n_in, const dfg_id * ins, int n_out,
                                 const dfg_id * outs, const dfg_options * given,
                                 dfg_id * plan_id)
{
    dfg_plan_spec s = { .n_in = n_in, .ins = ins, .n_out = n_out, .outs = outs,
                        .opts = given };
    return dfg_plan_compile_spec(&s, plan_id);
}

static const char * var_name(const dfg_node * v, char * buf, size_t len, int k)
{
    if (v->name)
        snprintf(buf, len, "'%s'", v->name);
    else
        snprintf(buf, len, "%d", k + 1);
    return buf;
}

/* The ports: inputs, outputs, and the variables assigned with their new
 * values, checked. */
static dfg_status bind_ports(dfg_plan * p, const dfg_plan_spec * sp)
{
    for (int k = 0; k < sp->n_in; k++) {
        dfg_node * n = dfg_node_get(sp->ins[k]);
        if (!n)
            return dfg_set_error(DFG_ERR_HANDLE, "dfg.function: input %d is not a valid tensor", k + 1);
        if (n->op != DFG_OP_INPUT)
            return dfg_set_error(DFG_ERR_ARG,
                                 "dfg.function: input %d must be made by dfg.input, not a %s tensor",
                                 k + 1, dfg_ops[n->op].name);
        for (int q = 0; q < k; q++)
            if (p->ins[q] == n)
                return dfg_set_error(DFG_ERR_ARG, "dfg.function: inputs %d and %d are the same tensor",
                                     q + 1, k + 1);
        p->ins[k] = n;
        dfg_node_use(n);
        p->n_in = k + 1;
    }
    for (int k = 0; k < sp->n_out; k++) {
        dfg_node * n = dfg_node_get(sp->outs[k]);
        if (!n)
            return dfg_set_error(DFG_ERR_HANDLE, "dfg.function: output %d is not a valid tensor", k + 1);
        p->outs[k] = n;
        p->gouts[k] = n;
        dfg_node_use(n);
        dfg_node_use(n);
        p->n_out = k + 1;
    }
    for (int k = 0; k < sp->n_upd; k++) {
        dfg_node * v = dfg_node_get(sp->upd_vars[k]);
        dfg_node * u = v ? dfg_node_get(sp->upd_vals[k]) : NULL;
        char nm[160], a[256], b[256];
        if (!v || !u)
            return dfg_set_error(DFG_ERR_HANDLE, "dfg.function: update %d is not a valid tensor", k + 1);
        if (v->op != DFG_OP_VARIABLE)
            return dfg_set_error(DFG_ERR_ARG,
                                 "dfg.function: UPDATES{%d,1} must be a dfg.variable, not a %s tensor",
                                 k + 1, dfg_ops[v->op].name);
        var_name(v, nm, sizeof nm, k);
        if (u->dtype != v->dtype)
            return dfg_set_error(DFG_ERR_DTYPE,
                                 "dfg.function: the new value of variable %s is %s, but the variable is %s",
                                 nm, dfg_dtype_name(u->dtype), dfg_dtype_name(v->dtype));
        if (u->ndim != v->ndim || memcmp(u->dims, v->dims, (size_t)u->ndim * sizeof *u->dims))
            return dfg_set_error(DFG_ERR_SHAPE,
                                 "dfg.function: the new value of variable %s is %s, but the variable is %s",
                                 nm, dfg_shape_str(u->ndim, u->dims, a, sizeof a),
                                 dfg_shape_str(v->ndim, v->dims, b, sizeof b));
        for (int q = 0; q < k; q++)
            if (p->upd_vars[q] == v)
                return dfg_set_error(DFG_ERR_ARG, "dfg.function: variable %s is assigned twice "
                                     "(updates %d and %d)", nm, q + 1, k + 1);
        p->upd_vars[k] = v;
        dfg_node_use(v);
        p->gouts[p->n_out + k] = u;
        dfg_node_use(u);
        p->n_upd = k + 1;
    }
    /* a new value that is itself a variable this plan assigns would be
     * read after it changed */
    for (int k = 0; k < p->n_upd; k++)
        for (int q = 0; q < p->n_upd; q++)
            if (p->gouts[p->n_out + k] == p->upd_vars[q] && q != k) {
                char nm[160], nm2[160];
                return dfg_set_error(DFG_ERR_UNSUPPORTED,
                                     "dfg.function: the new value of variable %s is variable %s, "
                                     "which the plan also assigns (dfg cannot swap variables in "
                                     "one plan)",
                                     var_name(p->upd_vars[k], nm, sizeof nm, k),
                                     var_name(p->upd_vars[q], nm2, sizeof nm2, q));
            }
    return DFG_OK;
}

/* A value that can be another's data at an offset, with no kernel: a
 * reshape, or a part of a packed result.  Variables are never viewed (an
 * in-place update would change what the view shows). */
static int view_source(const dfg_plan * p, const pmap * seen, int32_t v,
                       int32_t * src, int64_t * off)
{
    const dfg_node * n = p->vals[v];
    int fam = dfg_ops[n->op].family;
    if ((fam != DFG_FAM_RESHAPE && fam != DFG_FAM_PART && n->op != DFG_OP_FUSED_OUT &&
         n->op != DFG_OP_CTRL_OUT) || n->op == DFG_OP_COPY)
        return 0;
    *src = pmap_get(seen, n->in[0]);
    int k = p->kind[*src];
    if (k == VAL_VIRTUAL || k == VAL_VAR ||
        (k == VAL_LEAF && n->in[0]->op == DFG_OP_VARIABLE))
        return 0;
    *off = fam == DFG_FAM_PART ? n->iattr[0] * (int64_t)dfg_dtype_size(n->dtype)
         : n->op == DFG_OP_FUSED_OUT || n->op == DFG_OP_CTRL_OUT ? n->iattr[1] : 0;
    return 1;
}

/* 1 when the graph of the roots holds nodes made inside dfg.checkpoint */
static int has_regions(int n, dfg_node * const * roots)
{
    dfg_node ** list;
    int32_t nl;
    if (pass_topo(n, roots, &list, &nl, NULL))
        return 1;              /* let the pass find out (and fail) */
    int any = 0;
    for (int32_t v = 0; v < nl && !any; v++)
        any = list[v]->region != 0;
    dfg_free(list);
    return any;
}

/* compile_one's modes: measuring only (no arena), a device body's ports */
enum { PLAN_DRY = 1, PLAN_PORTS_DEV = 2 };
static dfg_status compile_one(const dfg_plan_spec * sp, const pass_ckpt * ck, int mode,
                              dfg_plan ** plan, dfg_id * plan_id);
static dfg_status plan_new(const dfg_plan_spec * sp, int mode, dfg_plan ** out, dfg_id * pid);

dfg_status dfg_plan_compile_spec(const dfg_plan_spec * sp, dfg_id * plan_id)
{
    if (!sp || sp->n_in < 0 || sp->n_out < 0 || sp->n_upd < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: negative count");
    dfg_plan * p;
    if (plan_spec_is_symbolic(sp)) {
        dfg_id pid;
        dfg_status st = plan_new(sp, 0, &p, &pid);
        if (!st && (st = plan_sym_compile(sp, p)))
            dfg_plan_destroy(p);
        if (!st)
            *plan_id = pid;
        return st;
    }
    if (sp->checkpoint == DFG_CKPT_NONE)
        return compile_one(sp, NULL, 0, &p, plan_id);
    if (sp->checkpoint == DFG_CKPT_SQRT) {
        pass_ckpt ck = { DFG_CKPT_SQRT, 0, 0 };
        return compile_one(sp, &ck, 0, &p, plan_id);
    }
    if (sp->checkpoint != DFG_CKPT_LIMIT || !(sp->memory_limit > 0))
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: bad checkpoint mode");
    /* 'memory_limit': nothing recomputed if that fits; else, among keeping
     * every seg-th activation and the last keep_last, what fits with the
     * least recomputation (the arena grows with keep_last: bisect it) */
    dfg_id id;
    dfg_status st = compile_one(sp, NULL, PLAN_DRY, &p, &id);
    if (st)
        return st;
    int64_t best_arena = p->mem.arena_bytes, n_act = p->mem.n_steps;
    dfg_plan_destroy(p);
    if ((double)best_arena <= sp->memory_limit)
        return compile_one(sp, NULL, 0, &p, plan_id);
    pass_ckpt best = { DFG_CKPT_SQRT, 0, -1 };
    double best_re = 0;
    int64_t min_arena = best_arena, min_seg = 0;
    int64_t segs[64];
    int ns = 0;
    for (int64_t s = 2; s <= n_act && ns < 60; s = s < 4 ? s + 1 : s + s / 3)
        segs[ns++] = s;
    for (int q = 0; q < ns; q++) {
        int64_t lo = 0, hi = n_act;          /* keep_last: bisect the largest that fits */
        int fit_any = 0;
        while (lo <= hi) {
            int64_t mid = (lo + hi) / 2;
            pass_ckpt ck = { DFG_CKPT_SQRT, segs[q], mid };
            if ((st = compile_one(sp, &ck, PLAN_DRY, &p, &id)))
                return st;
            int64_t a = p->mem.arena_bytes;
            double re = p->mem.recompute_flops;
            dfg_plan_destroy(p);
            if (a < min_arena) {
                min_arena = a;
                min_seg = segs[q];
            }
            if ((double)a <= sp->memory_limit) {
                fit_any = 1;
                if (best.keep_last < 0 || re < best_re) {
                    best = ck;
                    best_re = re;
                }
                lo = mid + 1;
            } else
                hi = mid - 1;
            if (mid == 0 && !fit_any)
                break;
        }
    }
    if (best.keep_last < 0) {
        if (min_seg)
            return dfg_set_error(DFG_ERR_NOMEM,
                                 "dfg.function: the plan needs at least %lld bytes in its arena (on a device: with the inputs) "
                                 "(recomputing all but every %lld-th activation); MEMORY_LIMIT is %.0f",
                                 (long long)min_arena, (long long)min_seg, sp->memory_limit);
        return dfg_set_error(DFG_ERR_NOMEM,
                             "dfg.function: the plan needs at least %lld bytes in its arena (on a device: with the inputs) "
                             "and checkpointing cannot lower that; MEMORY_LIMIT is %.0f",
                             (long long)min_arena, sp->memory_limit);
    }
    return compile_one(sp, &best, 0, &p, plan_id);
}

/* What compile_one's phases share besides the plan: the schedule's node ->
 * value map, the scheduler's extra ordering, which variable updates are
 * made in place, and each fused kernel's first row in p->fout.  Owned by
 * compile_one (compile_ctx_free). */
typedef struct compile_ctx {
    pmap      seen;
    pmap      host;      /* nodes placed on the host side (place.c) */
    mp_deps   deps;
    int *     inplace;
    int32_t * fbase;
} compile_ctx;

static void compile_ctx_free(compile_ctx * c)
{
    if (c->seen.keys)
        pmap_free(&c->seen);
    if (c->host.keys)
        pmap_free(&c->host);
    mp_deps_free(&c->deps);
    dfg_free(c->inplace);
    dfg_free(c->fbase);
}

/* A new, empty plan for spec sp registered in the store (*p, *pid), or an
 * error with nothing left behind. */
static dfg_status plan_new(const dfg_plan_spec * sp, int mode, dfg_plan ** out, dfg_id * pid)
{
    dfg_status st;
    int n_root = sp->n_out + sp->n_upd;
    dfg_plan * p = dfg_calloc(1, sizeof *p);
    *out = NULL;
    if (!p)
        return plan_nomem();
    p->ins = dfg_calloc((size_t)sp->n_in + 1, sizeof *p->ins);
    p->outs = dfg_calloc((size_t)sp->n_out + 1, sizeof *p->outs);
    p->upd_vars = dfg_calloc((size_t)sp->n_upd + 1, sizeof *p->upd_vars);
    p->gouts = dfg_calloc((size_t)n_root + 1, sizeof *p->gouts);
    p->in_val = dfg_malloc(((size_t)sp->n_in + 1) * sizeof *p->in_val);
    p->out_val = dfg_malloc(((size_t)sp->n_out + 1) * sizeof *p->out_val);
    if (!p->ins || !p->outs || !p->upd_vars || !p->gouts || !p->in_val || !p->out_val) {
        dfg_plan_destroy(p);
        return plan_nomem();
    }
    dfg_store_kind(SLOT_PLAN, plan_destroy_obj);
    if ((st = dfg_store_add(SLOT_PLAN, p, pid))) {
        p->slot = UINT32_MAX;
        dfg_plan_destroy(p);
        return st;
    }
    p->slot = dfg_store_slot(*pid);
    p->dry = (mode & PLAN_DRY) != 0;
    if ((st = dfg_device_backend(sp->device, "dfg.function", &p->be))) {
        dfg_plan_destroy(p);
        return st;
    }
    p->ports_dev = (mode & PLAN_PORTS_DEV) && !p->be->host_memory;
    p->mem.device = p->be->name;
    *out = p;
    return DFG_OK;
}

/* Binds the ports and runs the graph passes over what the outputs and
 * updates need (p->gouts). */
static dfg_status plan_optimise(dfg_plan * p, const dfg_plan_spec * sp, const pass_ckpt * ck)
{
    dfg_status st;
    int n_root = sp->n_out + sp->n_upd;
    if ((st = bind_ports(p, sp)))
        return st;
    if (sp->device && !strcmp(sp->device, "auto") && (st = dfg_auto_place(p, n_root)))
        return st;
    /* p->n_out counted the outputs bound so far; gouts[n_out ..] are the
     * update values */
    dfg_options opts;
    dfg_options_effective(sp->opts, &opts);
    pass_ckpt none = { DFG_CKPT_NONE, 0, 0 };
    if (!ck && has_regions(n_root, p->gouts))
        ck = &none;
    /* a device without fused kernels runs the element-wise ops one by one */
    dfg_node probe;
    memset(&probe, 0, sizeof probe);
    probe.op = DFG_OP_FUSED;
    if (!p->be->supports(p->be, &probe))
        opts.passes &= ~(1u << DFG_PASS_FUSE);
    return dfg_passes_run(&opts, n_root, p->gouts, &p->report, ck, dfg_exec_node);
}

/* The schedule (p->vals, each holding a use), with what assigning
 * variables in place needs; every input it reaches must be bound. */
static dfg_status plan_schedule(dfg_plan * p, int n_root, compile_ctx * c)
{
    dfg_status st;
    if (!(c->inplace = dfg_calloc((size_t)p->n_upd + 1, sizeof *c->inplace)))
        return plan_nomem();
    if ((st = mp_update_plan(p, c->inplace, &c->deps)))
        return st;
    if (!pmap_init(&c->seen, 64))
        return plan_nomem();
    if ((st = mp_schedule(n_root, p->gouts, &c->deps, &p->vals, &p->n_vals, &c->seen)))
        return st;
    for (int32_t v = 0; v < p->n_vals; v++)
        dfg_node_use(p->vals[v]);
    for (int k = 0; k < p->n_in; k++)
        p->in_val[k] = pmap_get(&c->seen, p->ins[k]);
    for (int32_t v = 0; v < p->n_vals; v++) {
        dfg_node * n = p->vals[v];
        if (n->op != DFG_OP_INPUT)
            continue;
        int bound = 0;
        for (int k = 0; k < p->n_in; k++)
            bound |= p->ins[k] == n;
        if (!bound)
            return free_input_error(n);
    }
    return DFG_OK;
}

/* The per-value and per-step tables, and each value's first kind: an
 * input, a leaf's own storage, a fused kernel's virtual result, or a
 * buffer in the arena; on a device, each value's side. */
static dfg_status plan_tables(dfg_plan * p, const pmap * host, const pmap * seen)
{
    size_t n_args = 0;
    for (int32_t v = 0; v < p->n_vals; v++)
        n_args += (size_t)p->vals[v]->n_in;
    p->kind = dfg_calloc((size_t)p->n_vals + 1, 1);
    p->copies = dfg_malloc(((size_t)p->n_out + 1) * sizeof *p->copies);
    p->ucopies = dfg_malloc(((size_t)p->n_upd + 1) * sizeof *p->ucopies);
    p->views = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *p->views);
    p->bufs = dfg_calloc((size_t)p->n_vals + 1, sizeof *p->bufs);
    p->steps = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *p->steps);
    p->args = dfg_malloc((n_args + 1) * sizeof *p->args);
    p->argp = dfg_malloc((n_args + 1) * sizeof *p->argp);
    p->var_in = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *p->var_in);
    if (!p->kind || !p->copies || !p->ucopies || !p->views || !p->bufs || !p->steps ||
        !p->args || !p->argp || !p->var_in)
        return plan_nomem();
    for (int32_t v = 0; v < p->n_vals; v++) {
        int op = p->vals[v]->op;
        p->kind[v] = op == DFG_OP_INPUT ? VAL_INPUT
                   : dfg_ops[op].family == DFG_FAM_LEAF ? VAL_LEAF
                   : op == DFG_OP_FUSED ? VAL_VIRTUAL : VAL_ARENA;
        if (p->kind[v] == VAL_LEAF)
            p->bufs[v] = p->vals[v]->data;
        if (op == DFG_OP_VARIABLE)
            p->var_in[p->n_var_in++] = v;
    }
    if (p->be->host_memory)
        return DFG_OK;
    p->vhost = dfg_calloc((size_t)p->n_vals + 1, sizeof *p->vhost);
    p->hbufs = dfg_calloc((size_t)p->n_vals + 1, sizeof *p->hbufs);
    if (!p->vhost || !p->hbufs)
        return plan_nomem();
    for (int32_t v = 0; v < p->n_vals; v++) {
        const dfg_node * n = p->vals[v];
        if (p->kind[v] != VAL_LEAF && p->kind[v] != VAL_INPUT)
            p->vhost[v] = pmap_get(host, n) >= 0;
        else if (p->kind[v] == VAL_LEAF && n->op != DFG_OP_VARIABLE)
            p->hbufs[v] = n->data;       /* a constant: host steps read it here */
        else if (p->kind[v] == VAL_INPUT)
            p->vhost[v] = !p->ports_dev; /* until a reader on the device ...  */
    }
    if (p->ports_dev)                    /* the inputs are the device's buffers */
        return DFG_OK;
    for (int32_t v = 0; v < p->n_vals; v++) {    /* ... needs its copy there */
        const dfg_node * n = p->vals[v];
        if (p->kind[v] == VAL_LEAF || p->kind[v] == VAL_INPUT || p->vhost[v])
            continue;
        for (int q = 0; q < n->n_in; q++) {
            int32_t a = pmap_get(seen, n->in[q]);
            if (p->kind[a] == VAL_INPUT)
                p->vhost[a] = 0;
        }
    }
    for (int k = 0; k < p->n_upd; k++) {         /* (copied into a variable there) */
        int32_t a = pmap_get(seen, p->gouts[p->n_out + k]);
        if (p->kind[a] == VAL_INPUT)
            p->vhost[a] = 0;
    }
    return DFG_OK;
}

/* Fused kernels: a kernel is virtual (never stored whole) when every
 * output has a FUSED_OUT user, whose value then takes that output
 * (p->fout from c->fbase); every fused kernel keeps its operands'
 * classes and sizes (p->fdt, p->fdims, filled with the steps). */
static dfg_status plan_fused(dfg_plan * p, compile_ctx * c)
{
    int8_t * kind = p->kind;
    size_t n_fout = 0, n_fmeta = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        if (kind[v] == VAL_VIRTUAL)
            n_fout += (size_t)FP_NO(p->vals[v]->idx);
        if (p->vals[v]->op == DFG_OP_FUSED)
            n_fmeta += (size_t)p->vals[v]->n_in;
    }
    p->fout = dfg_malloc((n_fout + 1) * sizeof *p->fout);
    p->fdt = dfg_malloc((n_fmeta + 1) * sizeof *p->fdt);
    p->fdims = dfg_malloc((n_fmeta + 1) * sizeof *p->fdims);
    c->fbase = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *c->fbase);
    if (!p->fout || !p->fdt || !p->fdims || !c->fbase)
        return plan_nomem();
    for (size_t j = 0; j < n_fout; j++)
        p->fout[j] = -1;
    n_fout = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        c->fbase[v] = -1;
        if (kind[v] == VAL_VIRTUAL) {
            c->fbase[v] = (int32_t)n_fout;
            n_fout += (size_t)FP_NO(p->vals[v]->idx);
        }
    }
    for (int32_t v = 0; v < p->n_vals; v++) {
        dfg_node * n = p->vals[v];
        if (n->op != DFG_OP_FUSED_OUT)
            continue;
        int32_t f = pmap_get(&c->seen, n->in[0]);
        const int64_t * prog = n->in[0]->idx;
        for (int64_t j = 0; j < FP_NO(prog); j++)
            if (FP_O(prog, j)[4] == n->iattr[1] && p->fout[c->fbase[f] + j] < 0)
                p->fout[c->fbase[f] + j] = v;
    }
    for (int32_t v = 0; v < p->n_vals; v++)
        if (kind[v] == VAL_VIRTUAL)
            for (int64_t j = 0; j < FP_NO(p->vals[v]->idx); j++)
                if (p->fout[c->fbase[v] + j] < 0)
                    kind[v] = VAL_ARENA;     /* an output nobody reads: store it all */
    return DFG_OK;
}

/* Where results go: variables assigned in place (their new value computed
 * in their storage; the others copied in at the end of a run), outputs
 * written straight into the caller's arrays when a kernel makes them
 * (the others copied at the end), and views (no kernel, no buffer).  On a
 * device whose memory is not the host's every output and update is
 * copied out at the end, and an update is computed in place in the
 * variable's copy on the device when the plan reads the variable, or
 * copied there at the end (the copy stays there: resident.c). */
static void plan_results(dfg_plan * p, compile_ctx * c)
{
    int8_t * kind = p->kind;
    for (int k = 0; k < p->n_upd; k++) {
        int32_t v = pmap_get(&c->seen, p->gouts[p->n_out + k]);
        int dev = !p->be->host_memory;
        /* (on a device, an update made on the host side is copied) */
        if (c->inplace[k] && kind[v] == VAL_ARENA && !(dev && p->vhost[v]) &&
            (!dev || pmap_get(&c->seen, p->upd_vars[k]) >= 0)) {
            /* on a device: computed in the variable's copy there,
             * found at each run (exec_device) */
            kind[v] = VAL_VAR;
            p->bufs[v] = p->upd_vars[k]->data;
            p->mem.variables_inplace++;
            if (dev)
                p->ucopies[p->n_ucopies++] = (copy_out){ v, k };
        } else if (p->gouts[p->n_out + k] != p->upd_vars[k])
            p->ucopies[p->n_ucopies++] = (copy_out){ v, k };
    }
    for (int k = 0; k < p->n_out; k++) {
        int32_t v = pmap_get(&c->seen, p->gouts[k]);
        if (kind[v] == VAL_ARENA && (p->ports_dev ? !p->vhost[v] : plan_val_host(p, v))) {
            kind[v] = VAL_OUTPUT;
            p->out_val[k] = v;
        } else {
            p->out_val[k] = -1;
            p->copies[p->n_copies++] = (copy_out){ v, k };
        }
    }
    for (int32_t v = 0; v < p->n_vals; v++) {
        int32_t src;
        int64_t off;
        if (kind[v] == VAL_ARENA && view_source(p, &c->seen, v, &src, &off)) {
            kind[v] = VAL_VIEW;
            p->views[p->n_views++] = (view_of){ v, src, off };
        }
    }
}

/* The steps: one per value a kernel computes, with its arguments' value
 * indices, and for fused kernels their operands' classes and sizes and
 * the scratch the largest needs. */
static void plan_steps(dfg_plan * p, compile_ctx * c)
{
    const int8_t * kind = p->kind;
    size_t at = 0, fm = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        dfg_node * n = p->vals[v];
        int fused_part = n->op == DFG_OP_FUSED_OUT &&
                         kind[pmap_get(&c->seen, n->in[0])] == VAL_VIRTUAL;
        if ((kind[v] != VAL_ARENA && kind[v] != VAL_OUTPUT && kind[v] != VAL_VIRTUAL &&
             kind[v] != VAL_VAR) || fused_part)
            continue;
        step * s = &p->steps[p->n_steps++];
        s->node = n;
        s->out = kind[v] == VAL_VIRTUAL ? -1 : v;
        s->fouts = kind[v] == VAL_VIRTUAL ? c->fbase[v] : -1;
        s->fmeta = -1;
        s->first = (int32_t)at;
        for (int32_t q = 0; q < n->n_in; q++)
            p->args[at++] = pmap_get(&c->seen, n->in[q]);
        if (n->op == DFG_OP_FUSED) {
            size_t need = dfg_cpu_fused_scratch(n->idx, n->n_in, dfg_threads_get());
            size_t * have = plan_val_host(p, v) && !p->be->host_memory ? &p->hscratch_bytes
                                                                       : &p->scratch_bytes;
            if (need > *have)
                *have = need;
            s->fmeta = (int32_t)fm;
            int nd = (int)FP_NDIM(n->idx);
            for (int32_t q = 0; q < n->n_in; q++, fm++) {
                const dfg_node * x = n->in[q];
                p->fdt[fm] = x->dtype;
                for (int j = 0; j < DFG_MAX_DIMS; j++)
                    p->fdims[fm][j] = j < nd && j < x->ndim ? x->dims[j] : 1;
            }
        }
    }
}

/* The backend's out-of-memory message with what it was for. */
static dfg_status device_nomem(const char * what)
{
    char m[512];
    snprintf(m, sizeof m, "%s", dfg_last_error());
    return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: %s (for %s)",
                         m + (strncmp(m, "dfg: ", 5) ? 0 : 5), what);
}

static size_t val_size(const dfg_node * n)
{
    return (size_t)n->numel * dfg_dtype_size(n->dtype);
}

/* On a device whose memory is not the host's: one buffer holding a copy of
 * every constant the plan reads (64-byte aligned each), copied there now.
 * Variables are not in it: each has its own copy on the device, kept
 * between runs (resident.c), found at each run (exec_device); until then
 * their values hold no pointer. */
static dfg_status plan_leaves(dfg_plan * p)
{
    size_t bytes = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        const dfg_node * n = p->vals[v];
        if (p->kind[v] == VAL_VAR || (p->kind[v] == VAL_LEAF && n->op == DFG_OP_VARIABLE))
            p->bufs[v] = NULL;
        else if (p->kind[v] == VAL_LEAF)
            bytes += (size_t)dfg_align64(n->numel * (int64_t)dfg_dtype_size(n->dtype));
    }
    p->leaf_bytes = bytes;
    p->mem.leaf_bytes = (int64_t)bytes;
    /* the variables' copies on the device: those read, and those assigned
     * without being read */
    int64_t vb = 0;
    for (int32_t i = 0; i < p->n_var_in; i++)
        vb += dfg_align64(val_size(p->vals[p->var_in[i]]));
    for (int k = 0; k < p->n_upd; k++) {
        int read = 0;
        for (int32_t i = 0; i < p->n_var_in; i++)
            read |= p->vals[p->var_in[i]] == p->upd_vars[k];
        if (!read)
            vb += dfg_align64(val_size(p->upd_vars[k]));
    }
    p->mem.variable_bytes = vb;
    if (!bytes)                  /* none, or all empty: no host pointer stays */
        for (int32_t v = 0; v < p->n_vals; v++)
            if (p->kind[v] == VAL_LEAF)
                p->bufs[v] = NULL;
    if (p->dry || !bytes)
        return DFG_OK;
    if (p->be->alloc(p->be, bytes, &p->leaves))
        return device_nomem("the plan's constants");
    size_t at = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        const dfg_node * n = p->vals[v];
        if (p->kind[v] != VAL_LEAF || n->op == DFG_OP_VARIABLE)
            continue;
        size_t b = (size_t)(n->numel * (int64_t)dfg_dtype_size(n->dtype));
        p->bufs[v] = (char *)p->leaves + at;
        at += (size_t)dfg_align64((int64_t)b);
        dfg_status st = p->be->to_device(p->be, p->bufs[v], n->data, b);
        if (st)
            return st;
    }
    return DFG_OK;
}

/* Memory: the arena (memplan.c), what control-flow nodes prepare, the
 * scratch from the plan's backend, and the node table's rows.  A dry
 * plan (measuring only) allocates none of it. */
static dfg_status plan_memory(dfg_plan * p, compile_ctx * c)
{
    dfg_status st;
    if ((st = mp_plan_memory(p)))
        return st;
    for (int32_t v = 0; v < p->n_vals && !p->dry; v++) {
        dfg_status (*prepare)(const dfg_node *, const dfg_backend *) =
            dfg_family_of(p->vals[v])->prepare;
        if (prepare && (st = prepare(p->vals[v], plan_val_host(p, v) ? NULL : p->be)))
            return st;
    }
    if (p->scratch_bytes && !p->dry && (st = p->be->alloc(p->be, p->scratch_bytes, &p->scratch)))
        return device_nomem("its fused kernels' working memory");
    if (p->hscratch_bytes && !p->dry &&
        dfg_backend_cpu()->alloc(dfg_backend_cpu(), p->hscratch_bytes, &p->hscratch))
        return plan_nomem();
    if (!p->be->host_memory && (st = plan_leaves(p)))
        return st;
    return build_rows(p, &c->seen);
}

/* One compilation: optimise, place the nodes on the host or the device
 * (place.c), schedule, place every value, make the steps, plan the memory.  *plan and *plan_id get the plan (one reference, the
 * caller's); on an error nothing is left behind. */
static dfg_status compile_one(const dfg_plan_spec * sp, const pass_ckpt * ck, int mode,
                              dfg_plan ** plan, dfg_id * plan_id)
{
    dfg_plan * p;
    dfg_id pid;
    dfg_status st = plan_new(sp, mode, &p, &pid);
    if (st)
        return st;
    compile_ctx c = { .seen = {0} };
    if (!pmap_init(&c.host, 16)) {
        dfg_plan_destroy(p);
        return plan_nomem();
    }
    if (!(st = plan_optimise(p, sp, ck)) &&
        !(st = dfg_place_plan(p, sp->n_out + sp->n_upd, &c.host)) &&
        !(st = plan_schedule(p, sp->n_out + sp->n_upd, &c)) &&
        !(st = plan_tables(p, &c.host, &c.seen)) && !(st = plan_fused(p, &c))) {
        plan_results(p, &c);
        plan_steps(p, &c);
        st = plan_memory(p, &c);
    }
    compile_ctx_free(&c);
    if (st) {
        dfg_plan_destroy(p);
        return st;
    }
    *plan = p;
    *plan_id = pid;
    return DFG_OK;
}

static dfg_plan * plan_get(dfg_id id)
{
    dfg_plan * p = dfg_store_get(id, SLOT_PLAN);
    if (!p)
        dfg_set_error(DFG_ERR_HANDLE, "invalid plan handle (freed, from before 'clear all', or not made by dfg)");
    return p;
}

/* The plan that introspection describes: a symbolic plan's concrete plan
 * used last. */
static dfg_status plan_view(dfg_id id, dfg_plan ** out)
{
    dfg_plan * p = plan_get(id);
    dfg_id last;
    *out = p;
    if (!p)
        return DFG_ERR_HANDLE;
    if (!p->sym)
        return DFG_OK;
    if (!plan_sym_last(p, &last))
        return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.function: the plan has symbolic sizes and has not run yet: its schedule and memory are made per size");
    *out = plan_get(last);
    return *out ? DFG_OK : DFG_ERR_HANDLE;
}

dfg_status dfg_plan_arity(dfg_id id, int * n_in, int * n_out)
{
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
    *n_in = p->n_in;
    *n_out = p->n_out;
    return DFG_OK;
}

dfg_status dfg_plan_port(dfg_id id, int is_out, int k, dfg_dtype * dt,
                         int * ndim, int64_t * dims)
{
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
    if (k < 0 || k >= (is_out ? p->n_out : p->n_in))
        return dfg_set_error(DFG_ERR_ARG, "dfg: plan port %d out of range", k + 1);
    dfg_node * n = is_out ? p->outs[k] : p->ins[k];
    *dt = (dfg_dtype)n->dtype;
    *ndim = n->ndim;
    memcpy(dims, n->dims, sizeof n->dims);
    return DFG_OK;
}

dfg_status dfg_plan_size(dfg_id id, int64_t * nodes)
{
    dfg_plan * p;
    dfg_status vs = plan_view(id, &p);
    if (vs)
        return vs;
    *nodes = p->n_steps;
    return DFG_OK;
}

dfg_status dfg_plan_run(dfg_id id, const void * const * in, void * const * out)
{
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
    if (p->sym)
        return dfg_set_error(DFG_ERR_ARG, "dfg: a plan with symbolic sizes runs through the plan dfg_plan_bind gives");
    (void)dfg_take_warning();
    return dfg_plan_exec(p, in, out);
}

dfg_status dfg_plan_compile_nodes(int n_in, dfg_node * const * ins, int n_out,
                                  dfg_node * const * outs, const dfg_backend * be,
                                  dfg_plan ** plan)
{
    dfg_id * ids = dfg_malloc(((size_t)n_in + (size_t)n_out + 1) * sizeof *ids), pid;
    if (!ids)
        return plan_nomem();
    for (int k = 0; k < n_in; k++)
        ids[k] = dfg_node_id(ins[k]);
    for (int k = 0; k < n_out; k++)
        ids[n_in + k] = dfg_node_id(outs[k]);
    /* bodies run where their construct runs, called by it */
    dfg_plan_spec sp = { n_in, ids, n_out, ids + n_in, 0, NULL, NULL, NULL, DFG_CKPT_NONE, 0,
                         be ? be->name : "cpu" };
    dfg_status st = compile_one(&sp, NULL, PLAN_PORTS_DEV, plan, &pid);
    dfg_free(ids);
    return st;
}

/* The views, then every step through the backend of its side (the plan's,
 * or the CPU's for the host side of a plan on a device: its operands that
 * are inputs or constants read in place on the host), a copy node through
 * the device's copies; then the device's sync. */
static dfg_status run_steps(dfg_plan * p)
{
    const dfg_backend * cpu = dfg_backend_cpu();
    for (int32_t i = 0; i < p->n_views; i++) {
        const view_of * w = &p->views[i];
        p->bufs[w->val] = (char *)p->bufs[w->src] + w->off;
    }
    for (int32_t s = 0; s < p->n_steps; s++) {
        const step * sp = &p->steps[s];
        const dfg_node * n = sp->node;
        const void ** ins = p->argp + sp->first;
        const int32_t v = sp->out >= 0 ? sp->out : -1;
        const int host = p->vhost && (v >= 0 ? p->vhost[v] : p->vhost[p->fout[sp->fouts]]);
        for (int32_t q = 0; q < n->n_in; q++) {
            int32_t a = p->args[sp->first + q];
            ins[q] = host && p->hbufs[a] ? p->hbufs[a] : p->bufs[a];
        }
        dfg_status st;
        if (!host && !p->be->host_memory && dfg_ops[n->op].family == DFG_FAM_CTRL) {
            /* a loop or conditional on the device: its bodies are plans
             * there (lib/control); a part of its packed result not taken
             * as a view is a copy there */
            const dfg_family_fns * f = dfg_family_of(n);
            if (n->op == DFG_OP_CTRL_OUT)
                st = p->be->copy(p->be, p->bufs[v], (const char *)ins[0] + n->iattr[1],
                                 val_size(n));
            else
                st = f->exec_on ? f->exec_on(n, p->be, p->bufs[v], ins)
                                : dfg_set_error(DFG_ERR_INTERNAL, "dfg: %s cannot run on \"%s\"",
                                                dfg_ops[n->op].name, p->be->name);
            if (st)
                return st;
            continue;
        }
        if (n->op == DFG_OP_COPY) {
            st = host ? p->be->to_host(p->be, p->bufs[v], ins[0], val_size(n))
                      : p->be->to_device(p->be, p->bufs[v], ins[0], val_size(n));
            if (st)
                return st;
            continue;
        }
        dfg_step_args a = { .node = n, .in = ins };
        void * os[64];
        if (sp->fmeta >= 0) {
            int64_t no = FP_NO(n->idx);
            for (int64_t j = 0; sp->out < 0 && j < no && j < 64; j++)
                os[j] = p->bufs[p->fout[sp->fouts + j]];
            a.fouts = sp->out < 0 ? os : NULL;
            a.out = sp->out < 0 ? NULL : p->bufs[sp->out];
            a.fdt = p->fdt + sp->fmeta;
            a.fdims = (const int64_t (*)[DFG_MAX_DIMS])(p->fdims + sp->fmeta);
            a.scratch = host ? p->hscratch : p->scratch;
            a.scratch_bytes = host ? p->hscratch_bytes : p->scratch_bytes;
        } else
            a.out = p->bufs[sp->out];
        const dfg_backend * be = host ? cpu : p->be;
        if ((st = be->run(be, &a)))
            return st;
    }
    return p->be->sync(p->be);
}

/* A run on a device whose memory is not the host's: the inputs copied in,
 * the variables' copies on the device found (made, or copied in, only when
 * the host's value is newer: resident.c), the steps, the outputs copied
 * out and the variables' new values left in their copies there (an update
 * not computed in place copied into it on the device).  Nothing of a
 * variable comes back to the host until something reads it there.  A
 * device body (ports_dev) takes its inputs and gives its outputs as
 * buffers on the device: nothing is copied in, and an output made
 * elsewhere than in place is copied into its buffer there. */
static dfg_status exec_device(dfg_plan * p, const void * const * in, void * const * out)
{
    const dfg_backend * be = p->be;
    dfg_status st;
    void * vb;
    for (int k = 0; k < p->n_in; k++) {
        int32_t v = p->in_val[k];
        if (v < 0)
            continue;
        if (p->ports_dev) {                    /* already there */
            p->bufs[v] = (void *)in[k];
            continue;
        }
        p->hbufs[v] = in[k];                   /* host steps read it in place */
        if (p->vhost[v])                       /* nothing on the device reads it */
            p->bufs[v] = (void *)in[k];
        else if ((st = be->to_device(be, p->bufs[v], in[k], val_size(p->vals[v]))))
            return st;
    }
    for (int k = 0; k < p->n_out; k++)         /* written in place */
        if (p->out_val[k] >= 0)
            p->bufs[p->out_val[k]] = out[k];
    for (int32_t i = 0; i < p->n_var_in; i++) {
        if ((st = dfg_var_on_device(p->vals[p->var_in[i]], be, &vb)))
            return st;
        p->bufs[p->var_in[i]] = vb;
    }
    for (int32_t c = 0; c < p->n_ucopies; c++) {   /* computed in place */
        int32_t v = p->ucopies[c].from;
        if (p->kind[v] == VAL_VAR &&
            (st = dfg_var_on_device(p->upd_vars[p->ucopies[c].to], be, &p->bufs[v])))
            return st;
    }
    st = run_steps(p);
    /* written in place (even by a run that failed part way, as on the
     * host): the device copy is the newer one */
    for (int32_t c = 0; c < p->n_ucopies; c++)
        if (p->kind[p->ucopies[c].from] == VAL_VAR)
            dfg_var_device_written(p->upd_vars[p->ucopies[c].to]);
    if (st)
        return st;
    for (int32_t c = 0; c < p->n_copies; c++) {
        int32_t v = p->copies[c].from;
        void * o = out[p->copies[c].to];
        size_t b = val_size(p->vals[v]);
        st = p->ports_dev ? (p->vhost[v] ? be->to_device(be, o, p->bufs[v], b)
                                         : be->copy(be, o, p->bufs[v], b))
           : p->vhost[v] ? (memcpy(o, p->bufs[v], b), DFG_OK)
                         : be->to_host(be, o, p->bufs[v], b);
        if (st)
            return st;
    }
    for (int32_t c = 0; c < p->n_ucopies; c++) {
        int32_t v = p->ucopies[c].from;
        dfg_node * var = p->upd_vars[p->ucopies[c].to];
        if (p->kind[v] == VAL_VAR)
            continue;                /* computed in its copy */
        if (p->vhost[v]) {           /* made on the host side: the host's is newer */
            if ((st = dfg_var_host_data(var, &vb)))
                return st;
            memcpy(vb, p->bufs[v], val_size(var));
            dfg_var_host_written(var);
            continue;
        }
        if ((st = dfg_var_on_device(var, be, &vb)) ||
            (st = be->copy(be, vb, p->bufs[v], val_size(var))))
            return st;
        dfg_var_device_written(var);
    }
    return be->sync(be);
}

dfg_status dfg_plan_exec(dfg_plan * p, const void * const * in, void * const * out)
{
    if (!p->be->host_memory)
        return exec_device(p, in, out);
    dfg_status st;
    void * vd;
    for (int32_t i = 0; i < p->n_var_in; i++)      /* last updated on a device */
        if ((st = dfg_var_host_data(p->vals[p->var_in[i]], &vd)))
            return st;
    for (int k = 0; k < p->n_upd; k++)             /* a failed run keeps them */
        if ((st = dfg_var_host_data(p->upd_vars[k], &vd)))
            return st;
    for (int k = 0; k < p->n_in; k++)
        if (p->in_val[k] >= 0)
            p->bufs[p->in_val[k]] = (void *)in[k];
    for (int k = 0; k < p->n_out; k++)
        if (p->out_val[k] >= 0)
            p->bufs[p->out_val[k]] = out[k];
    st = run_steps(p);
    /* variables assigned (in place during the steps, or below): a copy
     * on a device is stale now, even when a step failed */
    for (int k = 0; k < p->n_upd; k++)
        if (p->gouts[p->n_out + k] != p->upd_vars[k])
            dfg_var_host_written(p->upd_vars[k]);
    if (st)
        return st;
    for (int32_t c = 0; c < p->n_copies; c++) {
        const dfg_node * n = p->vals[p->copies[c].from];
        memcpy(out[p->copies[c].to], p->bufs[p->copies[c].from], val_size(n));
    }
    for (int32_t c = 0; c < p->n_ucopies; c++) {
        dfg_node * v = p->upd_vars[p->ucopies[c].to];
        memcpy(v->data, p->bufs[p->ucopies[c].from], val_size(v));
    }
    return DFG_OK;
}

dfg_status dfg_plan_memory(dfg_id id, dfg_memory_info * m)
{
    dfg_plan * p;
    dfg_status vs = plan_view(id, &p);
    if (vs)
        return vs;
    *m = p->mem;
    m->loop_bytes = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        int64_t (*bytes)(const dfg_node *) = dfg_family_of(p->vals[v])->bytes;
        if (bytes)
            m->loop_bytes += bytes(p->vals[v]);
    }
    return DFG_OK;
}

dfg_status dfg_plan_buffer(dfg_id id, int64_t k, dfg_buffer_info * b)
{
    dfg_plan * p;
    dfg_status vs = plan_view(id, &p);
    if (vs)
        return vs;
    if (k < 0 || k >= p->n_bufrows)
        return dfg_set_error(DFG_ERR_ARG, "dfg: plan buffer %lld out of range", (long long)k + 1);
    const buf_row * r = &p->bufrows[k];
    const dfg_node * n = p->vals[r->val];
    b->op = dfg_ops[n->op].name;
    b->dtype = n->dtype;
    b->ndim = n->ndim;
    memcpy(b->dims, n->dims, sizeof b->dims);
    b->offset = r->offset;
    b->bytes = r->bytes;
    b->first = r->first;
    b->last = r->last;
    b->shares = r->shares;
    b->node = p->val_row ? p->val_row[r->val] : -1;
    b->device = p->vhost && p->vhost[r->val] ? "cpu" : p->be->name;
    return DFG_OK;
}

/* ---- introspection -------------------------------------------------------- */

/* The node table: one row per scheduled value, a fused kernel's steps and
 * reductions one row each (its FUSED_OUT values map to those rows). */
static dfg_status build_rows(dfg_plan * p, pmap * seen)
{
    int64_t nr = 0, na = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        const dfg_node * n = p->vals[v];
        if (n->op == DFG_OP_FUSED) {
            nr += FP_NI(n->idx) + FP_NO(n->idx);
            na += 3 * FP_NI(n->idx) + FP_NO(n->idx);
        } else if (n->op != DFG_OP_FUSED_OUT) {
            nr++;
            na += n->n_in;
        }
    }
    int32_t * row_of = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *row_of);
    p->rows = dfg_calloc((size_t)nr + 1, sizeof *p->rows);
    p->rows_in = dfg_malloc(((size_t)na + 1) * sizeof *p->rows_in);
    if (!row_of || !p->rows || !p->rows_in) {
        dfg_free(row_of);
        return plan_nomem();
    }
    int64_t r = 0, a = 0;
    int32_t group = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        const dfg_node * n = p->vals[v];
        row_of[v] = -1;
        if (n->op == DFG_OP_FUSED_OUT) {
            const int64_t * prog = n->in[0]->idx;
            int32_t base = row_of[pmap_get(seen, n->in[0])];
            for (int64_t j = 0; j < FP_NO(prog); j++)
                if (FP_O(prog, j)[4] == n->iattr[1]) {
                    const int64_t * o = FP_O(prog, j);
                    row_of[v] = o[1] < 0 ? base + (int32_t)o[0]
                                         : base + (int32_t)(FP_NI(prog) + j);
                    p->rows[row_of[v]].val = v;
                    break;
                }
            continue;
        }
        if (n->op != DFG_OP_FUSED) {
            node_row * w = &p->rows[r];
            row_of[v] = (int32_t)r++;
            w->op = dfg_ops[n->op].name;
            w->val = v;
            w->tags = n->tags;
            w->device = plan_val_host(p, v) ? "cpu" : p->be->name;
            w->dtype = n->dtype;
            w->ndim = n->ndim;
            memcpy(w->dims, n->dims, sizeof w->dims);
            w->first = (int32_t)a;
            w->n_in = n->n_in;
            for (int q = 0; q < n->n_in; q++)
                p->rows_in[a++] = row_of[pmap_get(seen, n->in[q])];
            continue;
        }
        const int64_t * prog = n->idx;
        int64_t ni = FP_NI(prog), base = r;
        row_of[v] = (int32_t)base;
        group++;
        for (int64_t i = 0; i < ni; i++) {
            const int64_t * I = FP_I(prog, i);
            node_row * w = &p->rows[r++];
            w->op = dfg_ops[I[0]].name;
            w->val = -1;
            w->group = group;
            w->tags = n->tags;
            w->device = plan_val_host(p, v) ? "cpu" : p->be->name;
            w->dtype = (int)I[1];
            w->ndim = (int)FP_NDIM(prog);
            memcpy(w->dims, FP_DIMS(prog), (size_t)w->ndim * sizeof *w->dims);
            w->first = (int32_t)a;
            w->n_in = (int32_t)I[2];
            for (int q = 0; q < I[2]; q++)
                p->rows_in[a++] = I[3 + q] >= 0 ? (int32_t)(base + I[3 + q])
                    : row_of[pmap_get(seen, n->in[-I[3 + q] - 1])];
        }
        for (int64_t j = 0; j < FP_NO(prog); j++) {
            const int64_t * o = FP_O(prog, j);
            node_row * w = &p->rows[r++];
            if (o[1] < 0) {           /* an element-wise output: its step's row */
                w->op = NULL;     /* stands for it; this one is dropped below */
                continue;
            }
            w->op = dfg_ops[o[1]].name;
            w->val = -1;
            w->group = group;
            w->tags = n->tags;
            w->device = plan_val_host(p, v) ? "cpu" : p->be->name;
            w->dtype = (int)o[3];
            w->ndim = (int)FP_NDIM(prog);
            memcpy(w->dims, FP_DIMS(prog), (size_t)w->ndim * sizeof *w->dims);
            if (o[2] < w->ndim)
                w->dims[o[2]] = 1;
            w->ndim = dfg_shape_normalize(w->ndim, w->dims);
            w->first = (int32_t)a;
            w->n_in = 1;
            p->rows_in[a++] = (int32_t)(base + o[0]);
        }
    }
    /* drop the rows reserved for element-wise outputs, renumbering */
    int32_t * ren = dfg_malloc(((size_t)r + 1) * sizeof *ren);
    if (!ren) {
        dfg_free(row_of);
        return plan_nomem();
    }
    int64_t m = 0;
    for (int64_t k = 0; k < r; k++) {
        ren[k] = p->rows[k].op ? (int32_t)m : -1;
        if (p->rows[k].op)
            p->rows[m++] = p->rows[k];
    }
    for (int64_t k = 0; k < a; k++)
        p->rows_in[k] = p->rows_in[k] >= 0 ? ren[p->rows_in[k]] : -1;
    p->n_rows = m;
    for (int k = 0; k < p->n_out; k++) {
        int32_t v = pmap_get(seen, p->gouts[k]);
        if (v >= 0 && row_of[v] >= 0 && ren[row_of[v]] >= 0)
            p->rows[ren[row_of[v]]].is_output = 1;
    }
    for (int32_t v = 0; v < p->n_vals; v++)
        row_of[v] = row_of[v] >= 0 ? ren[row_of[v]] : -1;
    p->val_row = row_of;
    dfg_free(ren);
    return DFG_OK;
}

dfg_status dfg_plan_report(dfg_id id, int k, dfg_pass_report * r)
{
    dfg_plan * p;
    dfg_status vs = plan_view(id, &p);
    if (vs)
        return vs;
    if (k < 0 || k >= p->report.n)
        return dfg_set_error(DFG_ERR_ARG, "dfg: pass report %d out of range", k + 1);
    const pass_report_row * w = &p->report.rows[k];
    r->pass = w->pass;
    r->nodes_before = w->before;
    r->nodes_after = w->after;
    r->changed = w->changed;
    r->what = w->what;
    r->ms = w->ms;
    return DFG_OK;
}

dfg_status dfg_plan_nodes(dfg_id id, int64_t * count)
{
    dfg_plan * p;
    dfg_status vs = plan_view(id, &p);
    if (vs)
        return vs;
    *count = p->n_rows;
    return DFG_OK;
}

dfg_status dfg_plan_node(dfg_id id, int64_t k, dfg_node_info * info)
{
    dfg_plan * p;
    dfg_status vs = plan_view(id, &p);
    if (vs)
        return vs;
    if (k < 0 || k >= p->n_rows)
        return dfg_set_error(DFG_ERR_ARG, "dfg: plan node %lld out of range", (long long)k + 1);
    const node_row * w = &p->rows[k];
    info->op = w->op;
    info->dtype = w->dtype;
    info->ndim = w->ndim;
    memcpy(info->dims, w->dims, sizeof info->dims);
    info->n_in = w->n_in;
    info->in = p->rows_in + w->first;
    info->group = w->group;
    info->is_output = w->is_output;
    info->backward = (w->tags & DFG_TAG_GRAD) != 0;
    info->device = w->device;
    return DFG_OK;
}
