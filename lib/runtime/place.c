/* lib/runtime/place.c -- placement: the device each node of a plan runs on,
 * and copy nodes where a value crosses devices (TensorFlow's Send/Recv).
 *
 * A plan has one device besides the host: the device it is compiled for,
 * or the one its nodes name (dfg_place_begin, dfg.on).  On a device whose
 * memory is the host's (the CPU) every node runs on the host and nothing
 * here happens.  Otherwise each node that computes runs on the device
 * (for a plan compiled for the CPU whose nodes name a device: only those
 * nodes; the others run on the host), except where it cannot or was told
 * not to:
 *   - a node placed on "cpu" (its DFG_TAG_PLACE bits);
 *   - a construct that only the host runs (a while loop's gradient: its
 *     tape is host memory); other loops and conditionals run where they
 *     are placed, their bodies compiled as plans for that side
 *     (lib/control), with a part of a construct's result where the
 *     construct is;
 *   - an op the device's backend has no kernel for (supports);
 *   - a view (reshape, a part of a packed result) goes where its input is,
 *     since it has no kernel of its own;
 *   - with "device", "auto" (autoplace.c chose the device for the plan), a
 *     node the cost model finds cheaper on the host, its operands' copies
 *     counted (a small op beside large ones).
 * Leaves: an input's and a constant's data are on both sides (the caller's
 * array or the node's storage on the host, the plan's copy on the device:
 * plan.c), so a host step reads them in place; a variable lives on the
 * device between runs (resident.c), and so do a device body's inputs (the
 * buffers of its construct there), so a host step reads those through a
 * copy node.  Wherever else a node reads a value made on the other side,
 * it reads a COPY of it made on its own side, one per value and side.
 *
 * The graph is rewritten with the passes' walk (nodes are immutable): a
 * node whose inputs became copies is remade, and every node placed on the
 * host is recorded in the caller's map, which plan.c turns into each
 * value's side. */
#include <string.h>
#include "plan-impl.h"
#include "backend.h"

typedef struct place_ctx {
    const dfg_backend * be;
    pmap *       host;       /* node -> 1: runs on (or is copied to) the host */
    pmap         made;       /* (value, side) -> index in copies               */
    dfg_node **  copies;     /* the copy nodes made, one use each (ours)       */
    int32_t      n_copies, cap;
    int          dev_place;  /* DFG_PLACE_* of the device                      */
    int          rest_host;  /* 1: nodes placed nowhere run on the host (the
                                plan was compiled for the CPU)                */
    int          costed;     /* "device", "auto": each node by the cost model */
    int          ports_dev;  /* a device body: its inputs live on the device  */
    dfg_cost     cc, dc;     /* the CPU's and the device's costs              */
} place_ctx;

static int is_leaf(const dfg_node * n)
{
    return dfg_ops[n->op].family == DFG_FAM_LEAF;
}

static int on_host(const place_ctx * c, const dfg_node * n)
{
    return pmap_get(c->host, n) >= 0;
}

static double bytes_of(const dfg_node * n)
{
    return (double)n->numel * (double)dfg_dtype_size(n->dtype);
}

/* "auto": is n (its inputs placed: in) cheaper on the host, counting its
 * launch, its work (flops, bytes) and the copies its operands would need
 * on each side?  Inputs are copied to the device, variables live there,
 * constants are on both sides.  (Greedy, node by node in schedule order.) */
static int cheaper_on_host(const place_ctx * c, const dfg_node * n, dfg_node * const * in)
{
    double flops = dfg_node_flops(n), bytes = bytes_of(n);
    for (int k = 0; k < n->n_in; k++)
        bytes += bytes_of(in[k]);
    /* a loop or conditional launches its bodies' steps (family table) */
    double l = dfg_family_of(n)->launches ? dfg_family_of(n)->launches(n) : 1;
    double tf = flops / c->cc.flop_s, tb = bytes / c->cc.byte_s;
    double host = l * c->cc.launch_s + (tf > tb ? tf : tb);
    tf = flops / c->dc.flop_s;
    tb = bytes / c->dc.byte_s;
    double dev = l * c->dc.launch_s + (tf > tb ? tf : tb);
    for (int k = 0; k < n->n_in; k++) {
        const dfg_node * x = in[k];
        double t = bytes_of(x) / c->dc.xfer_s;
        if (is_leaf(x)) {
            if (x->op == DFG_OP_INPUT && !c->ports_dev)
                dev += t;
            else if (x->op == DFG_OP_VARIABLE || x->op == DFG_OP_INPUT)
                host += t;
        } else if (on_host(c, x))
            dev += t;
        else
            host += t;
    }
    return host < dev;
}

/* Does node n (its inputs already placed: in) run on the host? */
static int host_side(const place_ctx * c, const dfg_node * n, dfg_node * const * in)
{
    int pl = dfg_node_place(n);
    if (pl == DFG_PLACE_CPU)
        return 1;
    /* (placed on the device: there if it has a kernel, else on the host,
     * as TensorFlow's soft placement) */
    int fam = dfg_ops[n->op].family;
    if (fam == DFG_FAM_CTRL && n->op != DFG_OP_CTRL_OUT &&
        !(dfg_family_of(n)->on_device && dfg_family_of(n)->on_device(n)))
        return 1;                            /* a construct only the host runs */
    if (pl == DFG_PLACE_NONE &&
        ((fam == DFG_FAM_RESHAPE && n->op != DFG_OP_COPY) || fam == DFG_FAM_PART ||
         n->op == DFG_OP_FUSED_OUT || n->op == DFG_OP_CTRL_OUT))
        return is_leaf(in[0]) ? c->rest_host : on_host(c, in[0]);
    if ((pl == DFG_PLACE_NONE && c->rest_host) || !c->be->supports(c->be, n))
        return 1;
    return pl == DFG_PLACE_NONE && c->costed && cheaper_on_host(c, n, in);
}

/* x's value on the host (to_host) or on the device: a COPY node, made once. */
static dfg_status copy_of(place_ctx * c, dfg_node * x, int to_host, dfg_node ** out)
{
    /* the key: x's address, odd for the host side (nodes are aligned) */
    const void * key = (const char *)x + (to_host ? 1 : 0);
    int32_t k = pmap_get(&c->made, key);
    if (k >= 0) {
        *out = c->copies[k];
        return DFG_OK;
    }
    if (c->n_copies == c->cap) {
        int32_t cap = c->cap ? 2 * c->cap : 16;
        dfg_node ** a = dfg_realloc(c->copies, (size_t)cap * sizeof *a);
        if (!a)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory placing a plan");
        c->copies = a;
        c->cap = cap;
    }
    dfg_attr at;
    memset(&at, 0, sizeof at);
    at.i[0] = x->ndim;
    for (int j = 0; j < x->ndim; j++)
        at.i[1 + j] = x->dims[j];
    /* made with x's tags (its region, gradient mark), placed on the side
     * it is copied to */
    dfg_tags t = { (x->tags & ~DFG_TAG_PLACE) |
                   ((uint32_t)(to_host ? DFG_PLACE_CPU : c->dev_place) << DFG_TAG_PLACE_SHIFT),
                   x->region, x->seq };
    dfg_tags old = dfg_tags_set(t);
    dfg_status st = pass_make(DFG_OP_COPY, 1, &x, &at, out);
    dfg_tags_set(old);
    if (st)
        return st;
    if (!pmap_put(&c->made, key, c->n_copies) || (to_host && !pmap_put(c->host, *out, 1))) {
        dfg_node_unuse(*out);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory placing a plan");
    }
    c->copies[c->n_copies++] = *out;
    return DFG_OK;
}

static dfg_status place_visit(pass_run * r, dfg_node * n, dfg_node ** in, dfg_node ** out)
{
    place_ctx * c = r->user;
    if (is_leaf(n))
        return DFG_OK;                               /* kept */
    int h = host_side(c, n, in);
    dfg_node * small[16], ** nin = n->n_in <= 16 ? small : dfg_malloc((size_t)n->n_in * sizeof *nin);
    if (!nin)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory placing a plan");
    dfg_status st = DFG_OK;
    for (int k = 0; k < n->n_in && !st; k++) {
        dfg_node * x = in[k];
        nin[k] = x;
        if (is_leaf(x) ? h && (x->op == DFG_OP_VARIABLE || (c->ports_dev && x->op == DFG_OP_INPUT))
                       : on_host(c, x) != h)
            st = copy_of(c, x, h, &nin[k]);
    }
    if (!st) {
        dfg_tags t = dfg_tags_get();    /* n's, set by the walk; now its side's */
        t.tags = (t.tags & ~DFG_TAG_PLACE) |
                 ((uint32_t)(h ? DFG_PLACE_CPU : c->dev_place) << DFG_TAG_PLACE_SHIFT);
        dfg_tags old = dfg_tags_set(t);
        st = pass_remake(n, nin, out);
        dfg_tags_set(old);
        if (!st && h && !pmap_put(c->host, *out, 1)) {
            dfg_node_unuse(*out);
            *out = NULL;
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory placing a plan");
        }
    }
    if (nin != small)
        dfg_free(nin);
    return st;
}

/* The device the nodes name, if any: *place gets DFG_PLACE_SIM or _GPU, or
 * NONE; two different ones are an error. */
static dfg_status named_device(int n_root, dfg_node * const * roots, int * place)
{
    dfg_node ** list;
    int32_t nl;
    dfg_status st = pass_topo(n_root, roots, &list, &nl, NULL);
    if (st)
        return st;
    *place = DFG_PLACE_NONE;
    for (int32_t v = 0; v < nl && !st; v++) {
        int pl = dfg_node_place(list[v]);
        if (pl != DFG_PLACE_SIM && pl != DFG_PLACE_GPU)
            continue;
        if (*place && *place != pl)
            st = dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.function: the graph places nodes on "
                               "\"%s\" and on \"%s\"; a plan runs on the host and one device",
                               dfg_place_name(*place), dfg_place_name(pl));
        *place = pl;
    }
    dfg_free(list);
    return st;
}

dfg_status dfg_place_plan(dfg_plan * p, int n_root, pmap * host)
{
    int pl, rest_host = p->be->host_memory;
    dfg_status st = named_device(n_root, p->gouts, &pl);
    if (st)
        return st;
    if (pl) {            /* nodes placed on a device: the plan runs there */
        const dfg_backend * be;
        if ((st = dfg_device_backend(dfg_place_name(pl), "dfg.on", &be)))
            return st;
        if (!p->be->host_memory && p->be != be)
            return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.function: the plan is compiled for "
                                 "\"%s\" and the graph places nodes on \"%s\"; a plan runs on "
                                 "the host and one device", p->be->name, be->name);
        p->be = be;
        p->mem.device = be->name;
    }
    if (p->be->host_memory)
        return DFG_OK;
    place_ctx c;
    memset(&c, 0, sizeof c);
    c.be = p->be;
    c.host = host;
    c.dev_place = !strcmp(p->be->name, "sim") ? DFG_PLACE_SIM : DFG_PLACE_GPU;
    c.rest_host = rest_host;
    c.costed = p->mem.placement.automatic;
    c.ports_dev = p->ports_dev;
    if (c.costed && ((st = dfg_backend_cpu()->model(dfg_backend_cpu(), &c.cc)) ||
                     (st = p->be->model(p->be, &c.dc))))
        return st;
    if (!pmap_init(&c.made, 64))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory placing a plan");
    pass_run r;
    memset(&r, 0, sizeof r);
    r.n_out = n_root;
    r.outs = p->gouts;
    r.user = &c;
    st = pass_rewrite(&r, place_visit);
    for (int32_t k = 0; k < c.n_copies; k++)
        dfg_node_unuse(c.copies[k]);
    dfg_free(c.copies);
    pmap_free(&c.made);
    p->mem.copies = c.n_copies;
    return st;
}
