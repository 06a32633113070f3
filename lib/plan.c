/* lib/plan.c -- compiled plans: run the graph passes (lib/passes.c) over
 * what the outputs need, schedule in topological order, bind
 * inputs/outputs, lay intermediates out in one arena, and run.
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
#include "pass.h"
#include "fused.h"

/* VAL_VIRTUAL: a fused kernel's packed result, never stored: the kernel
 * writes each output straight into its FUSED_OUT value's buffer, and the
 * FUSED_OUT values need no step of their own. */
enum { VAL_INPUT, VAL_LEAF, VAL_ARENA, VAL_OUTPUT, VAL_VIRTUAL };

typedef struct step {
    dfg_node * node;
    int32_t    out;      /* value index of the result (-1: virtual)         */
    int32_t    first;    /* its inputs' value indices: args[first .. +n_in) */
    int32_t    fouts;    /* fused kernel: its outputs' value indices are    */
                         /* fout[fouts .. + n_out); else -1                 */
} step;

typedef struct node_row {  /* dfg_plan_node's table                         */
    const char * op;
    int32_t      val;      /* value index, or -1                            */
    int32_t      first;    /* inputs: rows_in[first .. + n_in)              */
    int32_t      n_in;
    int32_t      group;
    int          dtype, ndim, is_output;
    int64_t      dims[DFG_MAX_DIMS];
} node_row;

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
    int32_t *   fout;         /* fused kernels' output values               */
    dfg_node ** gouts;        /* the outputs after the passes (uses held)   */
    pass_report_list report;
    int64_t     n_rows;       /* dfg_plan_node's table                      */
    node_row *  rows;
    int32_t *   rows_in;
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
    for (int k = 0; k < p->n_out; k++) {
        if (p->outs && p->outs[k])
            dfg_node_unuse(p->outs[k]);
        if (p->gouts && p->gouts[k])
            dfg_node_unuse(p->gouts[k]);
    }
    dfg_store_remove(p->slot);
    dfg_free(p->gouts);
    dfg_free(p->fout);
    dfg_free(p->rows);
    dfg_free(p->rows_in);
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

/* p->vals gets every node the (optimised) outputs reach, inputs before
 * their users; seen maps node -> value index. */
static dfg_status schedule(dfg_plan * p, pmap * seen)
{
    dfg_status st = pass_topo(p->n_out, p->gouts, &p->vals, &p->n_vals, seen);
    if (st)
        return st;
    for (int32_t v = 0; v < p->n_vals; v++)
        dfg_node_use(p->vals[v]);
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
    dfg_status st;
    if (n_in < 0 || n_out < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: negative count");
    dfg_plan * p = dfg_calloc(1, sizeof *p);
    if (!p)
        return nomem();
    p->ins = dfg_calloc((size_t)n_in + 1, sizeof *p->ins);
    p->outs = dfg_calloc((size_t)n_out + 1, sizeof *p->outs);
    p->gouts = dfg_calloc((size_t)n_out + 1, sizeof *p->gouts);
    p->in_val = dfg_malloc(((size_t)n_in + 1) * sizeof *p->in_val);
    p->out_val = dfg_malloc(((size_t)n_out + 1) * sizeof *p->out_val);
    if (!p->ins || !p->outs || !p->gouts || !p->in_val || !p->out_val) {
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
        p->gouts[k] = n;
        dfg_node_use(n);
        dfg_node_use(n);
        p->n_out = k + 1;
    }
    dfg_options opts;
    dfg_options_effective(given, &opts);
    if ((st = dfg_passes_run(&opts, n_out, p->gouts, &p->report))) {
        dfg_plan_destroy(p);
        return st;
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
                : dfg_ops[op].family == DFG_FAM_LEAF ? VAL_LEAF
                : op == DFG_OP_FUSED ? VAL_VIRTUAL : VAL_ARENA;
        if (kind[v] == VAL_LEAF)
            p->bufs[v] = p->vals[v]->data;
    }
    /* a fused kernel is virtual when every output has a FUSED_OUT user */
    size_t n_fout = 0;
    for (int32_t v = 0; v < p->n_vals; v++)
        if (kind[v] == VAL_VIRTUAL)
            n_fout += (size_t)FP_NO(p->vals[v]->idx);
    p->fout = dfg_malloc((n_fout + 1) * sizeof *p->fout);
    int32_t * fbase = dfg_malloc(((size_t)p->n_vals + 1) * sizeof *fbase);
    if (!p->fout || !fbase) {
        dfg_free(fbase);
        dfg_free(kind);
        pmap_free(&seen);
        dfg_plan_destroy(p);
        return nomem();
    }
    for (size_t j = 0; j < n_fout; j++)
        p->fout[j] = -1;
    n_fout = 0;
    for (int32_t v = 0; v < p->n_vals; v++) {
        fbase[v] = -1;
        if (kind[v] == VAL_VIRTUAL) {
            fbase[v] = (int32_t)n_fout;
            n_fout += (size_t)FP_NO(p->vals[v]->idx);
        }
    }
    for (int32_t v = 0; v < p->n_vals; v++) {
        dfg_node * n = p->vals[v];
        if (n->op != DFG_OP_FUSED_OUT)
            continue;
        int32_t f = pmap_get(&seen, n->in[0]);
        const int64_t * prog = n->in[0]->idx;
        for (int64_t j = 0; j < FP_NO(prog); j++)
            if (FP_O(prog, j)[4] == n->iattr[1] && p->fout[fbase[f] + j] < 0)
                p->fout[fbase[f] + j] = v;
    }
    for (int32_t v = 0; v < p->n_vals; v++)
        if (kind[v] == VAL_VIRTUAL)
            for (int64_t j = 0; j < FP_NO(p->vals[v]->idx); j++)
                if (p->fout[fbase[v] + j] < 0)
                    kind[v] = VAL_ARENA;     /* an output nobody reads: store it all */
    for (int k = 0; k < n_out; k++) {
        int32_t v = pmap_get(&seen, p->gouts[k]);
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
        int fused_part = n->op == DFG_OP_FUSED_OUT &&
                         kind[pmap_get(&seen, n->in[0])] == VAL_VIRTUAL;
        if ((kind[v] != VAL_ARENA && kind[v] != VAL_OUTPUT && kind[v] != VAL_VIRTUAL) ||
            fused_part)
            continue;
        step * s = &p->steps[p->n_steps++];
        s->node = n;
        s->out = kind[v] == VAL_VIRTUAL ? -1 : v;
        s->fouts = kind[v] == VAL_VIRTUAL ? fbase[v] : -1;
        s->first = (int32_t)at;
        for (int32_t q = 0; q < n->n_in; q++)
            p->args[at++] = pmap_get(&seen, n->in[q]);
    }
    dfg_free(offs);
    dfg_free(kind);
    dfg_free(fbase);
    st = build_rows(p, &seen);
    pmap_free(&seen);
    if (st) {
        dfg_plan_destroy(p);
        return st;
    }
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
        dfg_status st;
        if (sp->out < 0) {
            void * os[64];
            int64_t no = FP_NO(n->idx);
            for (int64_t j = 0; j < no && j < 64; j++)
                os[j] = p->bufs[p->fout[sp->fouts + j]];
            st = no > 64 ? dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused kernel with too many outputs")
                         : dfg_exec_fused(n, os, NULL, ins);
        } else
            st = dfg_exec_node(n, p->bufs[sp->out], ins);
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
        return nomem();
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
        return nomem();
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
    dfg_free(ren);
    dfg_free(row_of);
    return DFG_OK;
}

dfg_status dfg_plan_report(dfg_id id, int k, dfg_pass_report * r)
{
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
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
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
    *count = p->n_rows;
    return DFG_OK;
}

dfg_status dfg_plan_node(dfg_id id, int64_t k, dfg_node_info * info)
{
    dfg_plan * p = plan_get(id);
    if (!p)
        return DFG_ERR_HANDLE;
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
    return DFG_OK;
}
