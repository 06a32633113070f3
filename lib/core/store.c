/* lib/core/store.c -- the node store: slots, generation-checked ids,
 * reference counts, leaves (inputs, constants, variables).
 *
 * An id is (generation << 32) | (slot + 1).  A slot's generation changes
 * every time the slot is freed, and generations start from a per-process
 * random base, so ids from a previous load of the library, from a freed
 * node, or made up by hand are all rejected with DFG_ERR_HANDLE.
 *
 * Plans live in the same store (lib/runtime/plan.c adds them as objects of
 * kind PLAN with their destroy callback), so every handle Octave holds is
 * checked the same way.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "store-impl.h"

/* ---- the store ----------------------------------------------------------- */

typedef struct slot {
    uint32_t gen;
    uint8_t  kind;       /* SLOT_FREE, SLOT_NODE, SLOT_PLAN */
    void *   obj;
    uint32_t next_free;  /* free list link (slot index + 1), 0 = end */
} slot;

static slot *   slots;
static dfg_store_destroy kind_destroy[SLOT_KINDS];
static uint32_t n_slots, cap_slots, free_head;
static uint32_t gen_base;
static int64_t  live;
/* Live nodes of each op (made and not yet freed), so that a pass can see
 * in O(1) that no node of an op exists anywhere (dfg_live_op_count). */
static int64_t  live_op[DFG_OP_COUNT];

static uint32_t next_gen(uint32_t g)
{
    g += 1;
    return g ? g : 1;
}

static void store_init(void)
{
    if (gen_base)
        return;
    uintptr_t a = (uintptr_t)&gen_base;
    uint64_t  t = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 20) ^ (uint64_t)a;
    t ^= t >> 29; t *= 0xbf58476d1ce4e5b9ull; t ^= t >> 32;
    gen_base = (uint32_t)t | 1u;
}

dfg_status dfg_store_add(int kind, void * obj, dfg_id * id)
{
    store_init();
    uint32_t s;
    if (free_head) {
        s = free_head - 1;
        free_head = slots[s].next_free;
    } else {
        if (n_slots == cap_slots) {
            if (cap_slots >= (1u << 30))
                return dfg_set_error(DFG_ERR_NOMEM, "dfg: too many live handles");
            uint32_t nc = cap_slots ? cap_slots * 2 : 1024;
            slot * ns = dfg_realloc(slots, (size_t)nc * sizeof *ns);
            if (!ns)
                return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory growing the node store");
            slots = ns;
            cap_slots = nc;
        }
        s = n_slots++;
        slots[s].gen = gen_base + s * 7919u;
    }
    slots[s].kind = (uint8_t)kind;
    slots[s].obj = obj;
    slots[s].next_free = 0;
    live++;
    *id = ((uint64_t)slots[s].gen << 32) | (uint64_t)(s + 1);
    return DFG_OK;
}

void dfg_store_kind(int kind, dfg_store_destroy destroy)
{
    if (kind > SLOT_NODE && kind < SLOT_KINDS)
        kind_destroy[kind] = destroy;
}

void * dfg_store_get(dfg_id id, int kind)
{
    uint64_t s1 = id & 0xffffffffu;
    uint32_t g = (uint32_t)(id >> 32);
    if (s1 == 0 || s1 > n_slots)
        return NULL;
    slot * sl = &slots[s1 - 1];
    if (sl->kind != kind || sl->gen != g)
        return NULL;
    return sl->obj;
}

void dfg_store_remove(uint32_t s)
{
    if (s >= n_slots || slots[s].kind == SLOT_FREE)
        return;
    slots[s].kind = SLOT_FREE;
    slots[s].obj = NULL;
    slots[s].gen = next_gen(slots[s].gen);
    slots[s].next_free = free_head;
    free_head = s + 1;
    live--;
}

uint32_t dfg_store_slot(dfg_id id)
{
    return (uint32_t)((id & 0xffffffffu) - 1);
}

int64_t dfg_live_count(void)
{
    return live;
}

/* ---- nodes --------------------------------------------------------------- */


dfg_node * dfg_node_get(dfg_id id)
{
    dfg_node * n = dfg_store_get(id, SLOT_NODE);
    if (!n)
        dfg_set_error(DFG_ERR_HANDLE,
                      "invalid tensor handle (freed, from before 'clear all', or not made by dfg)");
    return n;
}

dfg_id dfg_node_id(const dfg_node * n)
{
    return ((uint64_t)n->gen << 32) | (uint64_t)(n->slot + 1);
}

/* The runtime's callbacks for variables with a copy on a device (core.h). */
static const dfg_var_hooks * var_hooks;

void dfg_var_hooks_set(const dfg_var_hooks * h)
{
    var_hooks = h;
}

dfg_status dfg_var_host_data(dfg_node * n, void ** data)
{
    dfg_status st = n->res && var_hooks ? var_hooks->to_host(n) : DFG_OK;
    *data = st ? NULL : n->data;
    return st;
}

void dfg_var_host_written(dfg_node * n)
{
    if (n->res && var_hooks)
        var_hooks->host_written(n);
}

/* Frees n and every input that this leaves unreferenced, with an explicit
 * stack so that a long chain cannot overflow the C stack. */
static void node_free_chain(dfg_node * n)
{
    dfg_node *  small[64];
    dfg_node ** stack = small;
    size_t      top = 0, cap = 64;
    stack[top++] = n;
    while (top) {
        dfg_node * x = stack[--top];
        for (int32_t k = 0; k < x->n_in; k++) {
            dfg_node * p = x->in[k];
            if (--p->uses == 0 && p->handles == 0) {
                if (top == cap) {
                    size_t nc = cap * 2;
                    dfg_node ** ns = dfg_malloc(nc * sizeof *ns);
                    if (!ns)
                        continue;   /* leak p rather than crash */
                    memcpy(ns, stack, top * sizeof *ns);
                    if (stack != small)
                        dfg_free(stack);
                    stack = ns;
                    cap = nc;
                }
                stack[top++] = p;
            }
        }
        void (*node_free)(dfg_node *) = dfg_family_of(x)->node_free;
        if (node_free)
            node_free(x);
        if (x->res && var_hooks)
            var_hooks->release(x);
        dfg_store_remove(x->slot);
        live_op[x->op]--;
        if (x->in != x->in_small)
            dfg_free(x->in);
        dfg_free(x->idx);
        dfg_free(x->data);
        dfg_free(x->name);
        dfg_free(x);
    }
    if (stack != small)
        dfg_free(stack);
}

void dfg_node_use(dfg_node * n)
{
    n->uses++;
}

void dfg_node_attr(const dfg_node * n, dfg_attr * a)
{
    memcpy(a->i, n->iattr, sizeof a->i);
    memcpy(a->d, n->dattr, sizeof a->d);
    a->idx = n->idx;
    a->nidx = n->nidx;
}

void dfg_node_unuse(dfg_node * n)
{
    if (--n->uses == 0 && n->handles == 0)
        node_free_chain(n);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

static dfg_tags cur_tags;
static uint64_t n_made;

dfg_tags dfg_tags_set(dfg_tags t)
{
    dfg_tags old = cur_tags;
    cur_tags = t;
    return old;
}

dfg_tags dfg_tags_get(void)
{
    return cur_tags;
}

static int32_t n_regions;

int32_t dfg_region_begin(void)
{
    int32_t prev = cur_tags.region;
    cur_tags.region = ++n_regions;
    if (n_regions == INT32_MAX)
        n_regions = 0;
    return prev;
}

void dfg_region_end(int32_t previous)
{
    cur_tags.region = previous;
}

static const char * const place_names[] = {"", "cpu", "sim", "gpu"};

const char * dfg_place_name(int place)
{
    return place >= 0 && place < 4 ? place_names[place] : "";
}

int dfg_place_begin(const char * device)
{
    int code = -1;
    for (int k = 1; k < 4 && device; k++)
        if (!strcmp(device, place_names[k]))
            code = k;
    if (code < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg.on: DEVICE must be \"cpu\", \"sim\" or "
                             "\"gpu\", not \"%s\"", device ? device : "");
    int prev = (int)((cur_tags.tags & DFG_TAG_PLACE) >> DFG_TAG_PLACE_SHIFT);
    cur_tags.tags = (cur_tags.tags & ~DFG_TAG_PLACE) | ((uint32_t)code << DFG_TAG_PLACE_SHIFT);
    return prev;
}

void dfg_place_end(int previous)
{
    cur_tags.tags = (cur_tags.tags & ~DFG_TAG_PLACE) |
                    ((uint32_t)(previous & 3) << DFG_TAG_PLACE_SHIFT);
}

dfg_status dfg_node_make(int op, int n_in, dfg_node * const * in,
                         const dfg_attr * attr, dfg_node ** out)
{
    *out = NULL;
    dfg_node * n = dfg_calloc(1, sizeof *n);
    if (!n)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory making a node");
    n->op = (int16_t)op;
    n->ndim = 2;
    n->tags = cur_tags.tags;
    n->region = cur_tags.region;
    n->seq = cur_tags.seq ? cur_tags.seq : ++n_made;
    if (n_in > DFG_NODE_IN_SMALL) {
        n->in = dfg_malloc((size_t)n_in * sizeof *n->in);
        if (!n->in) {
            dfg_free(n);
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory making a node");
        }
    } else if (n_in > 0)
        n->in = n->in_small;
    if (attr) {
        memcpy(n->iattr, attr->i, sizeof n->iattr);
        memcpy(n->dattr, attr->d, sizeof n->dattr);
        if (attr->idx && attr->nidx > 0) {
            n->idx = dfg_malloc((size_t)attr->nidx * sizeof *n->idx);
            if (!n->idx) {
                if (n->in != n->in_small)
                    dfg_free(n->in);
                dfg_free(n);
                return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory copying indices");
            }
            memcpy(n->idx, attr->idx, (size_t)attr->nidx * sizeof *n->idx);
            n->nidx = attr->nidx;
        }
    }
    dfg_id id;
    dfg_status st = dfg_store_add(SLOT_NODE, n, &id);
    if (st) {
        dfg_free(n->idx);
        if (n->in != n->in_small)
            dfg_free(n->in);
        dfg_free(n);
        return st;
    }
    n->slot = dfg_store_slot(id);
    n->gen = (uint32_t)(id >> 32);
    live_op[op]++;
    uint64_t h = mix(0, (uint64_t)op);
    for (int k = 0; k < n_in; k++) {
        n->in[k] = in[k];
        in[k]->uses++;
        h = mix(h, ((uint64_t)in[k]->gen << 32) | in[k]->slot);
    }
    n->n_in = n_in;
    for (int k = 0; k < DFG_MAX_IATTR; k++)
        h = mix(h, (uint64_t)n->iattr[k]);
    n->hash = h;
    *out = n;
    return DFG_OK;
}

static int is_transpose_of(const dfg_node * t, const dfg_node * x)
{
    return t->op == DFG_OP_PERMUTE && t->in[0] == x && t->iattr[0] == 2 &&
           t->iattr[1] == 1 && t->iattr[2] == 0;
}

/* A'*A or A*A' of one value (the transpose as a flag or as a node). */
static int matmul_is_gram(const dfg_node * a, const dfg_node * b, const int64_t * i)
{
    if (a == b)
        return i[0] != i[1];
    if (i[0] != i[1])
        return 0;
    return is_transpose_of(a, b) || is_transpose_of(b, a);
}

dfg_status dfg_build(int op, int n_in, dfg_node * const * in,
                     const dfg_attr * attr, dfg_node ** out)
{
    *out = NULL;
    if (op < 0 || op >= DFG_OP_COUNT || dfg_ops[op].family == DFG_FAM_LEAF)
        return dfg_set_error(DFG_ERR_ARG, "dfg: bad op code %d", op);
    int ar = dfg_ops[op].arity;
    if ((ar >= 0 && n_in != ar) || (ar < 0 && n_in < 1))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: expected %d inputs, got %d",
                             dfg_ops[op].name, ar, n_in);
    /* A product records whether it is A'*A or A*A' of one value (attr
     * i[2], ops.def) when it is made from a fresh attribute, so that what
     * the kernel does never depends on which nodes the passes merge later */
    dfg_attr gram_attr;
    if (op == DFG_OP_MATMUL && (!attr || attr->i[2] == 0)) {
        if (attr)
            gram_attr = *attr;
        else
            memset(&gram_attr, 0, sizeof gram_attr);
        gram_attr.i[2] = matmul_is_gram(in[0], in[1], gram_attr.i) ? 1 : 2;
        attr = &gram_attr;
    }
    /* Kernels see inputs of one class: convert where Octave's class rules
     * make the op compute in another (logical + double, double * single). */
    static const int64_t no_attr[DFG_MAX_IATTR];
    int ct = dfg_compute_dtype(op, n_in, in, attr ? attr->i : no_attr);
    dfg_node *  small[8];
    dfg_node ** conv = NULL;
    dfg_status  st = DFG_OK;
    if (ct >= 0) {
        int first = op == DFG_OP_MERGE ? 1 : 0;      /* merge's mask stays logical */
        for (int k = first; k < n_in; k++) {
            if (in[k]->dtype == ct)
                continue;
            if (!conv) {
                conv = n_in <= 8 ? small : dfg_malloc((size_t)n_in * sizeof *conv);
                if (!conv)
                    return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
                for (int q = 0; q < n_in; q++) {
                    conv[q] = in[q];
                    dfg_node_use(in[q]);
                }
            }
            dfg_attr ca = {{0}, {0}, NULL, 0};
            ca.i[0] = ct;
            dfg_node * c;
            if ((st = dfg_build(DFG_OP_CAST, 1, &in[k], &ca, &c)))
                break;
            dfg_node_unuse(conv[k]);
            conv[k] = c;
        }
    }
    dfg_node * n = NULL;
    if (!st)
        st = dfg_node_make(op, n_in, conv ? conv : in, attr, &n);
    if (conv) {
        for (int q = 0; q < n_in; q++)
            dfg_node_unuse(conv[q]);
        if (conv != small)
            dfg_free(conv);
    }
    if (st)
        return st;
    n->uses = 1;
    st = dfg_infer(n);
    if (st) {
        dfg_node_unuse(n);
        return st;
    }
    *out = n;
    return DFG_OK;
}

/* ---- public node API ------------------------------------------------------ */

/* An input may have symbolic dimensions (sym: then *numel = -1). */
static dfg_status check_dims(const char * fn, int ndim, const int64_t * dims, int sym,
                             int64_t * numel)
{
    *numel = 0;
    if (ndim < 0 || ndim > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: at most %d dimensions are supported, got %d",
                             fn, DFG_MAX_DIMS, ndim);
    int64_t m = 1;
    int any = 0;
    for (int k = 0; k < ndim; k++) {
        if (sym && dfg_dim_is_sym(dims[k])) {
            any = 1;
            continue;
        }
        if (dims[k] < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: sizes must be non-negative", fn);
        if (dims[k] && m > INT64_MAX / 8 / dims[k])
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory or dimension too large for Octave's index type", fn);
        m *= dims[k];
    }
    *numel = any ? -1 : m;
    return DFG_OK;
}

static dfg_status make_leaf(const char * fn, int op, dfg_dtype dt, int ndim,
                            const int64_t * dims, const char * name,
                            dfg_node ** out)
{
    int64_t numel;
    if ((unsigned)dt >= DFG_DTYPE_COUNT)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: unknown class code %d", fn, (int)dt);
    dfg_status st = check_dims(fn, ndim, dims, op == DFG_OP_INPUT, &numel);
    if (st)
        return st;
    dfg_node * n;
    if ((st = dfg_node_make(op, 0, NULL, NULL, &n)))
        return st;
    n->dtype = (uint8_t)dt;
    int64_t d[DFG_MAX_DIMS] = {0, 0};
    int nd = ndim;
    for (int k = 0; k < ndim; k++)
        d[k] = dims[k];
    if (nd < 2) {
        if (nd == 0) d[0] = 1;
        d[1] = 1;
        nd = 2;
    }
    nd = dfg_shape_normalize(nd, d);
    n->ndim = (uint8_t)nd;
    memcpy(n->dims, d, sizeof d);
    n->numel = numel;
    n->hash = mix(n->hash, (uint64_t)n->slot);   /* leaves are never equal */
    if (name && *name) {
        size_t len = strlen(name);
        n->name = dfg_malloc(len + 1);
        if (!n->name) {
            n->uses = 1;
            dfg_node_unuse(n);
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory", fn);
        }
        memcpy(n->name, name, len + 1);
    }
    *out = n;
    return DFG_OK;
}

static dfg_status leaf_data(const char * fn, dfg_node * n, const void * data)
{
    size_t bytes = (size_t)n->numel * dfg_dtype_size(n->dtype);
    n->data = dfg_malloc(bytes);
    if (!n->data) {
        n->uses = 1;
        dfg_node_unuse(n);
        return dfg_set_error(DFG_ERR_NOMEM,
                             "dfg.%s: out of memory allocating %zu bytes", fn, bytes);
    }
    if (data && bytes)
        memcpy(n->data, data, bytes);
    return DFG_OK;
}

static dfg_status hand_out(dfg_node * n, dfg_id * out)
{
    n->handles = 1;
    *out = dfg_node_id(n);
    return DFG_OK;
}

dfg_status dfg_input(dfg_dtype dt, int ndim, const int64_t * dims,
                     const char * name, dfg_id * out)
{
    dfg_node * n;
    dfg_status st = make_leaf("input", DFG_OP_INPUT, dt, ndim, dims, name, &n);
    return st ? st : hand_out(n, out);
}

dfg_status dfg_constant(dfg_dtype dt, int ndim, const int64_t * dims,
                        const void * data, dfg_id * out)
{
    dfg_node * n;
    dfg_status st = make_leaf("constant", DFG_OP_CONSTANT, dt, ndim, dims, NULL, &n);
    if (st || (st = leaf_data("constant", n, data)))
        return st;
    return hand_out(n, out);
}

/* For the passes (lib/passes/pass.h): a constant whose data the caller fills,
 * holding one use (the caller's) and no handle. */
dfg_status dfg_leaf_constant(int dt, int ndim, const int64_t * dims, dfg_node ** out)
{
    dfg_node * n;
    *out = NULL;
    dfg_status st = make_leaf("constant", DFG_OP_CONSTANT, (dfg_dtype)dt, ndim, dims, NULL, &n);
    if (st || (st = leaf_data("constant", n, NULL)))
        return st;
    n->uses = 1;
    *out = n;
    return DFG_OK;
}

dfg_status dfg_fill(dfg_dtype dt, int ndim, const int64_t * dims,
                    double value, dfg_id * out)
{
    dfg_node * n;
    if (ndim > 0 && ndim <= DFG_MAX_DIMS && dfg_shape_is_sym(ndim, dims)) {
        /* a symbolic size (docs/symbolic.md): the scalar broadcast to it */
        int64_t one[2] = {1, 1};
        dfg_id sid;
        dfg_attr a = {{0}, {0}, NULL, 0};
        a.i[0] = ndim;
        memcpy(a.i + 1, dims, (size_t)ndim * sizeof *dims);
        dfg_status st = dfg_fill(dt, 2, one, value, &sid);
        if (st)
            return st;
        dfg_node * s = dfg_node_get(sid);
        st = dfg_build(DFG_OP_BROADCAST, 1, &s, &a, &n);
        dfg_release(sid);                     /* held by n's use now */
        if (st)
            return st;
        n->uses--;                            /* the caller's handle instead */
        return hand_out(n, out);
    }
    dfg_status st = make_leaf("constant", DFG_OP_CONSTANT, dt, ndim, dims, NULL, &n);
    if (st || (st = leaf_data("constant", n, NULL)))
        return st;
    if (dt == DFG_DOUBLE) {
        double * p = n->data;
        for (int64_t k = 0; k < n->numel; k++) p[k] = value;
    } else if (dt == DFG_SINGLE) {
        float * p = n->data;
        for (int64_t k = 0; k < n->numel; k++) p[k] = (float)value;
    } else {
        memset(n->data, value != 0, (size_t)n->numel);
    }
    return hand_out(n, out);
}

dfg_status dfg_variable(dfg_dtype dt, int ndim, const int64_t * dims,
                        const void * data, const char * name, dfg_id * out)
{
    dfg_node * n;
    dfg_status st = make_leaf("variable", DFG_OP_VARIABLE, dt, ndim, dims, name, &n);
    if (st || (st = leaf_data("variable", n, data)))
        return st;
    return hand_out(n, out);
}

dfg_status dfg_variable_assign(dfg_id v, dfg_dtype dt, int ndim,
                               const int64_t * dims, const void * data)
{
    dfg_node * n = dfg_node_get(v);
    if (!n)
        return DFG_ERR_HANDLE;
    if (n->op != DFG_OP_VARIABLE)
        return dfg_set_error(DFG_ERR_ARG, "dfg.assign: V must be a dfg.variable, not a %s tensor",
                             dfg_ops[n->op].name);
    int64_t d[DFG_MAX_DIMS] = {1, 1};
    int nd = ndim < 2 ? 2 : ndim;
    if (ndim > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.assign: too many dimensions");
    for (int k = 0; k < ndim; k++)
        d[k] = dims[k];
    nd = dfg_shape_normalize(nd, d);
    char a[256], b[256];
    if (dt != n->dtype)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.assign: VALUE must be %s like the variable, not %s",
                             dfg_dtype_name(n->dtype), dfg_dtype_name(dt));
    if (nd != n->ndim || memcmp(d, n->dims, (size_t)nd * sizeof *d))
        return dfg_set_error(DFG_ERR_SHAPE,
                             "dfg.assign: VALUE is %s but the variable is %s",
                             dfg_shape_str(nd, d, a, sizeof a),
                             dfg_shape_str(n->ndim, n->dims, b, sizeof b));
    memcpy(n->data, data, (size_t)n->numel * dfg_dtype_size(n->dtype));
    dfg_var_host_written(n);     /* the whole value: the device copy is stale */
    return DFG_OK;
}

dfg_status dfg_op(int op, int n_in, const dfg_id * ins, const dfg_attr * attr,
                  dfg_id * out)
{
    dfg_node * small[8] = {0};
    dfg_node ** in = small;
    if (n_in < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg: negative input count");
    if (op >= 0 && op < DFG_OP_COUNT && dfg_ops[op].family == DFG_FAM_FUSED)
        return dfg_set_error(DFG_ERR_ARG, "dfg: %s is made by the fuse pass inside plans only",
                             dfg_ops[op].name);
    if (op >= 0 && op < DFG_OP_COUNT && dfg_ops[op].family == DFG_FAM_CTRL)
        return dfg_set_error(DFG_ERR_ARG, "dfg: %s is made by dfg_ctrl (dfg.scan, dfg.while, "
                             "dfg.cond) only", dfg_ops[op].name);
    if (n_in > 8 && !(in = dfg_malloc((size_t)n_in * sizeof *in)))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
    dfg_status st = DFG_OK;
    for (int k = 0; k < n_in && !st; k++)
        if (!(in[k] = dfg_node_get(ins[k])))
            st = DFG_ERR_HANDLE;
    dfg_node * n = NULL;
    if (!st)
        st = dfg_build(op, n_in, in, attr, &n);
    if (in != small)
        dfg_free(in);
    if (st)
        return st;
    /* the build's use becomes the caller's handle */
    n->uses--;
    n->handles++;
    *out = dfg_node_id(n);
    return DFG_OK;
}

dfg_status dfg_retain(dfg_id id)
{
    dfg_node * n = dfg_node_get(id);
    if (!n)
        return DFG_ERR_HANDLE;
    n->handles++;
    return DFG_OK;
}

dfg_status dfg_release(dfg_id id)
{
    dfg_node * n = dfg_store_get(id, SLOT_NODE);
    if (!n) {
        for (int k = SLOT_NODE + 1; k < SLOT_KINDS; k++) {
            void * obj = kind_destroy[k] ? dfg_store_get(id, k) : NULL;
            if (obj) {
                kind_destroy[k](obj);
                return DFG_OK;
            }
        }
        return dfg_set_error(DFG_ERR_HANDLE,
                             "invalid handle (freed, from before 'clear all', or not made by dfg)");
    }
    if (n->handles <= 0)
        return dfg_set_error(DFG_ERR_HANDLE, "dfg: tensor handle released more often than it was handed out");
    if (--n->handles == 0 && n->uses == 0)
        node_free_chain(n);
    return DFG_OK;
}

void dfg_reset(void)
{
    /* The families forget their records (control-flow constructs: the
     * nodes and plans they hold are freed below), then the objects of
     * other kinds (plans hold uses on nodes), then whatever nodes remain. */
    for (int f = 0; f < DFG_FAM_COUNT; f++)
        if (dfg_family(f)->reset)
            dfg_family(f)->reset();
    for (uint32_t s = 0; s < n_slots; s++)
        if (slots[s].kind > SLOT_NODE && slots[s].kind < SLOT_KINDS && kind_destroy[slots[s].kind])
            kind_destroy[slots[s].kind](slots[s].obj);
    for (uint32_t s = 0; s < n_slots; s++)
        if (slots[s].kind == SLOT_NODE) {
            dfg_node * n = slots[s].obj;
            if (n->res && var_hooks)
                var_hooks->release(n);
            if (n->in != n->in_small)
                dfg_free(n->in);
            dfg_free(n->idx);
            dfg_free(n->data);
            dfg_free(n->name);
            dfg_free(n);
        }
    /* keep the generations so that old ids stay invalid */
    for (uint32_t s = 0; s < n_slots; s++) {
        if (slots[s].kind != SLOT_FREE)
            slots[s].gen = next_gen(slots[s].gen);
        slots[s].kind = SLOT_FREE;
        slots[s].obj = NULL;
        slots[s].next_free = s + 2 <= n_slots ? s + 2 : 0;
    }
    free_head = n_slots ? 1 : 0;
    live = 0;
    memset(live_op, 0, sizeof live_op);
}

int64_t dfg_live_op_count(int op)
{
    return op >= 0 && op < DFG_OP_COUNT ? live_op[op] : 0;
}

dfg_status dfg_info(dfg_id id, dfg_dtype * dt, int * ndim, int64_t * dims)
{
    dfg_node * n = dfg_node_get(id);
    if (!n)
        return DFG_ERR_HANDLE;
    if (dt) *dt = (dfg_dtype)n->dtype;
    if (ndim) *ndim = n->ndim;
    if (dims) memcpy(dims, n->dims, sizeof n->dims);
    return DFG_OK;
}

dfg_status dfg_node_op(dfg_id id, int * op, int * n_in)
{
    dfg_node * n = dfg_node_get(id);
    if (!n)
        return DFG_ERR_HANDLE;
    if (op) *op = n->op;
    if (n_in) *n_in = n->n_in;
    return DFG_OK;
}

dfg_status dfg_node_name(dfg_id id, const char ** name)
{
    dfg_node * n = dfg_node_get(id);
    if (!n)
        return DFG_ERR_HANDLE;
    *name = n->name ? n->name : "";
    return DFG_OK;
}

dfg_status dfg_node_data(dfg_id id, const void ** data)
{
    dfg_node * n = dfg_node_get(id);
    if (!n)
        return DFG_ERR_HANDLE;
    if (n->op != DFG_OP_CONSTANT && n->op != DFG_OP_VARIABLE)
        return dfg_set_error(DFG_ERR_ARG, "dfg: not a constant or variable");
    void * d;
    dfg_status st = dfg_var_host_data(n, &d);
    *data = d;
    return st;
}
