/* lib/plan.c -- compiled plans: prune to what the outputs need, schedule in
 * topological order, bind inputs/outputs, lay intermediates out in one
 * arena, and run.
 *
 * Compile does everything that does not depend on the data; a run only
 * writes the input and output pointers into the value table and calls the
 * kernels in order.  Later passes (optimisation, memory planning, devices)
 * slot in between scheduling and layout.
 */
#include <string.h>
#include "dfg-impl.h"
#include "store-impl.h"
#include "pmap.h"

enum { VAL_INPUT, VAL_LEAF, VAL_ARENA, VAL_OUTPUT };

typedef struct step {
    dfg_node * node;
    int32_t    out;      /* value index of the result                       */
    int32_t    first;    /* its inputs' value indices: args[first .. +n_in) */
} step;

typedef struct copy_out {
    int32_t from;        /* value whose data is copied ...                  */
    int32_t to;          /* ... into output k                               */
} copy_out;

struct dfg_plan {
    uint32_t    slot;
    int         n_in, n_out;
    dfg_node ** ins;          /* input nodes (uses held)                    */
    dfg_node ** outs;         /* output nodes (uses held)                   */
    int32_t *   in_val;       /* value index of input k                     */
    int32_t *   out_val;      /* value index bound to output k, or -1       */
    int32_t     n_vals;
    dfg_node ** vals;         /* every value's node (uses held)             */
    void **     bufs;         /* every value's data pointer                 */
    int32_t     n_steps;
    step *      steps;
    int32_t *   args;
    int32_t     n_copies;
    copy_out *  copies;
    void *      arena;        /* intermediates, owned                       */
    size_t      arena_bytes;
};

/* ---- compile -------------------------------------------------------------- */

void dfg_plan_destroy(dfg_plan * p)
{
    if (!p)
        return;
    for (int32_t v = 0; v < p->n_vals; v++)
        if (p->vals && p->vals[v])
            dfg_node_unuse(p->vals[v]);
    for (int k = 0; k < p->n_in; k++)
        if (p->ins && p->ins[k])
            dfg_node_unuse(p->ins[k]);
    for (int k = 0; k < p->n_out; k++)
        if (p->outs && p->outs[k])
            dfg_node_unuse(p->outs[k]);
    dfg_store_remove(p->slot);
    dfg_free(p->ins);
    dfg_free(p->outs);
    dfg_free(p->in_val);
    dfg_free(p->out_val);
    dfg_free(p->vals);
    dfg_free(p->bufs);
    dfg_free(p->steps);
    dfg_free(p->args);
    dfg_free(p->copies);
    dfg_free(p->arena);
    dfg_free(p);
}

static dfg_status nomem(void)
{
    return dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory compiling the plan");
}

/* Post-order DFS from the outputs: p->vals gets every reachable node,
 * inputs before their users. */
static dfg_status schedule(dfg_plan * p, pmap * seen)
{
    typedef struct { dfg_node * n; int32_t next; } frame;
    size_t cap = 64, top = 0, nv = 0, vcap = 64;
    frame * st = dfg_malloc(cap * sizeof *st);
    p->vals = dfg_malloc(vcap * sizeof *p->vals);
    if (!st || !p->vals) {
        dfg_free(st);
        return nomem();
    }
    for (int k = 0; k < p->n_out; k++) {
        if (pmap_get(seen, p->outs[k]) >= 0)
            continue;
        st[top++] = (frame){ p->outs[k], 0 };
        pmap_put(seen, p->outs[k], -2);          /* on the stack */
        while (top) {
            frame * f = &st[top - 1];
            if (f->next < f->n->n_in) {
                dfg_node * c = f->n->in[f->next++];
                if (pmap_get(seen, c) != -1)
                    continue;
                if (top == cap) {
                    frame * ns = dfg_realloc(st, 2 * cap * sizeof *st);
                    if (!ns) { dfg_free(st); return nomem(); }
                    st = ns;
                    cap *= 2;
                }
                if (!pmap_put(seen, c, -2)) { dfg_free(st); return nomem(); }
                st[top++] = (frame){ c, 0 };
                continue;
            }
            if (nv == vcap) {
                dfg_node ** nvv = dfg_realloc(p->vals, 2 * vcap * sizeof *nvv);
                if (!nvv) { dfg_free(st); return nomem(); }
                p->vals = nvv;
                vcap *= 2;
            }
            if (!pmap_put(seen, f->n, (int32_t)nv)) { dfg_free(st); return nomem(); }
            p->vals[nv++] = f->n;
            dfg_node_use(f->n);
            p->n_vals = (int32_t)nv;
            top--;
        }
    }
    dfg_free(st);
    return DFG_OK;
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

dfg_status dfg_plan_compile(int n_in, const dfg_id * ins, int n_out,
                            const dfg_id * outs, dfg_id * plan_id)
{
    dfg_status st;
    if (n_in < 0 || n_out < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: negative count");
    dfg_plan * p = dfg_calloc(1, sizeof *p);
    if (!p)
        return nomem();
    p->ins = dfg_calloc((size_t)n_in + 1, sizeof *p->ins);
    p->outs = dfg_calloc((size_t)n_out + 1, sizeof *p->outs);
    p->in_val = dfg_malloc(((size_t)n_in + 1) * sizeof *p->in_val);
    p->out_val = dfg_malloc(((size_t)n_out + 1) * sizeof *p->out_val);
    if (!p->ins || !p->outs || !p->in_val || !p->out_val) {
        dfg_plan_destroy(p);
        return nomem();
    }
    dfg_id pid;
    if ((st = dfg_store_add(SLOT_PLAN, p, &pid))) {
        p->slot = UINT32_MAX;
        dfg_plan_destroy(p);
        return st;
    }
    p->slot = dfg_store_slot(pid);
    for (int k = 0; k < n_in; k++) {
        dfg_node * n = dfg_node_get(ins[k]);
        if (!n) {
            dfg_plan_destroy(p);
            return dfg_set_error(DFG_ERR_HANDLE, "dfg.function: input %d is not a valid tensor", k + 1);
        }
        if (n->op != DFG_OP_INPUT) {
            dfg_plan_destroy(p);
            return dfg_set_error(DFG_ERR_ARG,
                                 "dfg.function: input %d must be made by dfg.input, not a %s tensor",
                                 k + 1, dfg_ops[n->op].name);
        }
        for (int q = 0; q < k; q++)
            if (p->ins[q] == n) {
                dfg_plan_destroy(p);
                return dfg_set_error(DFG_ERR_ARG, "dfg.function: inputs %d and %d are the same tensor",
                                     q + 1, k + 1);
            }
        p->ins[k] = n;
        dfg_node_use(n);
        p->n_in = k + 1;
    }
    for (int k = 0; k < n_out; k++) {
        dfg_node * n = dfg_node_get(outs[k]);
        if (!n) {
            dfg_plan_destroy(p);
            return dfg_set_error(DFG_ERR_HANDLE, "dfg.function: output %d is not a valid tensor", k + 1);
        }
        p->outs[k] = n;
        dfg_node_use(n);
        p->n_out = k + 1;
    }

    pmap seen;
    if (!pmap_init(&seen, 64)) {
        dfg_plan_destroy(p);
        return nomem();
    }
    if ((st = schedule(p, &seen))) {
        pmap_free(&seen);
        dfg_plan_destroy(p);
        return st;
    }
    /* bind inputs */
    for (int k = 0; k < n_in; k++)
        p->in_val[k] = pmap_get(&seen, p->ins[k]);
    for (int32_t v = 0; v < p->n_vals; v++) {
        dfg_node * n = p->vals[v];
        if (n->op != DFG_OP_INPUT)
            continue;
        int bound = 0;
        for (int k = 0; k < n_in; k++)
            bound |= p->ins[k] == n;
        if (!bound) {
            pmap_free(&seen);
            st = free_input_error(n);
            dfg_plan_destroy(p);
            return st;
        }
    }
    /* bind outputs; what cannot be written in place is copied at the end */
    int8_t * kind = dfg_calloc((size_t)p->n_vals + 1, 1);
    p->copies = dfg_malloc(((size_t)n_out + 1) * sizeof *p->copies);
    p->bufs = dfg_calloc((size_t)p->n_vals + 1, sizeof *p->bufs);
    p->steps = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *p->steps);
    size_t n_args = 0;
    for (int32_t v = 0; v < p->n_vals; v++)
        n_args += (size_t)p->vals[v]->n_in;
    p->args = dfg_malloc((n_args + 1) * sizeof *p->args);
    if (!kind || !p->copies || !p->bufs || !p->steps || !p->args) {
        dfg_free(kind);
        pmap_free(&seen);
        dfg_plan_destroy(p);
        return nomem();
    }
    for (int32_t v = 0; v < p->n_vals; v++) {
        int op = p->vals[v]->op;
        kind[v] = op == DFG_OP_INPUT ? VAL_INPUT
                : dfg_ops[op].family == DFG_FAM_LEAF ? VAL_LEAF : VAL_ARENA;
        if (kind[v] == VAL_LEAF)
            p->bufs[v] = p->vals[v]->data;
    }
    for (int k = 0; k < n_out; k++) {
        int32_t v = pmap_get(&seen, p->outs[k]);
        if (kind[v] == VAL_ARENA) {
            kind[v] = VAL_OUTPUT;
            p->out_val[k] = v;
        } else {
            p->out_val[k] = -1;
            p->copies[p->n_copies++] = (copy_out){ v, k };
        }
    }
    /* lay out the intermediates: one buffer each, 64-byte aligned */
    size_t off = 0;
    size_t * offs = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *offs);
    if (!offs) {
        dfg_free(kind);
        pmap_free(&seen);
        dfg_plan_destroy(p);
        return nomem();
    }
    for (int32_t v = 0; v < p->n_vals; v++) {
        if (kind[v] != VAL_ARENA)
            continue;
        size_t b = (size_t)p->vals[v]->numel * dfg_dtype_size(p->vals[v]->dtype);
        offs[v] = off;
        off += (b + 63) & ~(size_t)63;
    }
    p->arena_bytes = off;
    if (off && !(p->arena = dfg_malloc(off))) {
        dfg_free(offs);
        dfg_free(kind);
        pmap_free(&seen);
        dfg_plan_destroy(p);
        return dfg_set_error(DFG_ERR_NOMEM,
                             "dfg.function: out of memory allocating %zu bytes for intermediates", off);
    }
    size_t at = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        dfg_node * n = p->vals[v];
        if (kind[v] == VAL_ARENA)
            p->bufs[v] = (char *)p->arena + offs[v];
        if (kind[v] != VAL_ARENA && kind[v] != VAL_OUTPUT)
            continue;
        step * s = &p->steps[p->n_steps++];
        s->node = n;
        s->out = v;
        s->first = (int32_t)at;
        for (int32_t q = 0; q < n->n_in; q++)
            p->args[at++] = pmap_get(&seen, n->in[q]);
    }
    dfg_free(offs);
    dfg_free(kind);
    pmap_free(&seen);
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

dfg_status dfg_release_plan(dfg_id id)
{
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
    dfg_plan_destroy(p);
    return DFG_OK;
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
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
    *nodes = p->n_steps;
    return DFG_OK;
}

dfg_status dfg_plan_run(dfg_id id, const void * const * in, void * const * out)
{
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
    (void)dfg_take_warning();
    for (int k = 0; k < p->n_in; k++)
        if (p->in_val[k] >= 0)
            p->bufs[p->in_val[k]] = (void *)in[k];
    for (int k = 0; k < p->n_out; k++)
        if (p->out_val[k] >= 0)
            p->bufs[p->out_val[k]] = out[k];
    const void * small[16];
    for (int32_t s = 0; s < p->n_steps; s++) {
        const step * sp = &p->steps[s];
        const dfg_node * n = sp->node;
        const void ** ins = small;
        if (n->n_in > 16 && !(ins = dfg_malloc((size_t)n->n_in * sizeof *ins)))
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
        for (int32_t q = 0; q < n->n_in; q++)
            ins[q] = p->bufs[p->args[sp->first + q]];
        dfg_status st = dfg_exec_node(n, p->bufs[sp->out], ins);
        if (ins != small)
            dfg_free(ins);
        if (st)
            return st;
    }
    for (int32_t c = 0; c < p->n_copies; c++) {
        const dfg_node * n = p->vals[p->copies[c].from];
        memcpy(out[p->copies[c].to], p->bufs[p->copies[c].from],
               (size_t)n->numel * dfg_dtype_size(n->dtype));
    }
    return DFG_OK;
}
