/* lib/passes/pass-fuse.c -- element-wise (vertical) fusion.
 *
 * Groups connected element-wise ops of one size (the group's domain) into
 * one FUSED node, a program that kernels/cpu/fused.c streams through
 * cache-sized tiles (kernels/cpu/fused.h).  A group takes in:
 *   - element-wise ops (unary, binary, merge) whose result has the domain's
 *     size, trees and chains alike, with any number of outputs: a value is
 *     written to memory only when something outside the group or the plan's
 *     caller reads it;
 *   - broadcasts into the domain feeding them (the broadcast input is read
 *     per tile instead of being expanded into memory), and operands that
 *     broadcast implicitly (scalars stay scalars);
 *   - trailing sum and prod reductions of a member (along any dimension,
 *     accumulated in index order as the unfused kernel does).
 *
 * Grouping is greedy in topological order: a node joins the newest group of
 * one of its operands unless another of its operands depends on that group
 * through a node outside it (which would make a cycle), else the newest
 * group of its size that reads one of its operands and none of its
 * operands depends on; "depends on" is
 * tracked as the newest group each node reaches (maxreach), a safe
 * over-approximation.  A group of one element-wise op and no reduction is
 * left as it is.  x .^ y is only taken in when each operand is a scalar or
 * has the domain's size (the power kernel computes a scalar exponent 2 as
 * x .* x, and fusion must not change which path an element takes).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "pass.h"
#include "../../kernels/cpu/fused.h"

#define MAX_EXT 64
#define MAX_OUT 64

enum { ROLE_NONE, ROLE_EW, ROLE_RED };

typedef struct ext {
    dfg_node * node;      /* the node read (a broadcast's input for FX_BCAST) */
    int        mode;
} ext;

typedef struct group {
    int64_t    ndim, dims[DFG_MAX_DIMS];
    int32_t    n_ew, n_red;
    int        keep;      /* fused (1) or dissolved (0) */
    uint32_t   tags;      /* its first member's tags ...                    */
    int        bar;       /* ... and whether it was barred                  */
} group;

typedef struct fctx {
    dfg_node ** list;
    int32_t     n;
    dfg_walk_ix index;      /* node -> position in list; its map owned */
    int32_t *   grp;
    int8_t *    role;
    int32_t *   reach;
    int8_t *    outside;  /* read outside its group (or a plan output)      */
    int8_t *    bar;      /* kept out of groups of forward nodes            */
    int8_t *    nohz;     /* joins groups through its operands only         */
    int32_t *   lastread; /* the newest group a member of which reads it    */
    int32_t *   ustart;   /* the nodes reading node v:                      */
    int32_t *   users;    /* users[ustart[v] .. ustart[v + 1])              */
    group *     groups;
    int32_t     n_groups;
    dfg_node ** nmap;     /* new node of each node (outputs of groups too)  */
    dfg_node ** gmap;     /* FUSED node of each group                        */
    ext *       gx;       /* external inputs: MAX_EXT per group ...          */
    int32_t *   gnx;      /* ... and their count, -1 past MAX_EXT            */
} fctx;

static int fusible_ew(const dfg_node * n)
{
    int fam = dfg_ops[n->op].family;
    /* gammainc and betainc: an attribute (the tail) that fused programs do
     * not carry, and a decision of gammainc.m for the whole array */
    if (n->op == DFG_OP_GAMMAINC || n->op == DFG_OP_BETAINC || n->op == DFG_OP_GAMMAINC_DA ||
        n->op == DFG_OP_BETAINC_D)
        return 0;
    return (dfg_ops[n->op].flags & DFG_F_ELEMWISE) && n->numel > 0 &&
           (fam == DFG_FAM_UNARY || fam == DFG_FAM_BINARY || fam == DFG_FAM_TERNARY);
}

static int same_dims(const dfg_node * a, int64_t nd, const int64_t * d)
{
    if (a->ndim != nd)
        return 0;
    for (int j = 0; j < nd; j++)
        if (a->dims[j] != d[j])
            return 0;
    return 1;
}

static int32_t idx_of(fctx * c, const dfg_node * n) { return dfg_walk_ix_get(&c->index, n); }
/* The position of list[v]'s k-th input (the walk's table: no node read). */
static int32_t in_ix(const fctx * c, int32_t v, int k) { return dfg_walk_ix_in(&c->index, v, k); }

/* Operand k of member n of group g: the external input it reads and how. */
static ext operand_ext(const dfg_node * n, int k, const group * g)
{
    dfg_node * x = n->in[k];
    if (x->op == DFG_OP_BROADCAST && same_dims(x, g->ndim, g->dims)) {
        dfg_node * s = x->in[0];
        return (ext){ s, same_dims(s, g->ndim, g->dims) ? FX_FULL : FX_BCAST };
    }
    if (same_dims(x, g->ndim, g->dims))
        return (ext){ x, FX_FULL };
    return (ext){ x, x->numel == 1 ? FX_SCALAR : FX_BCAST };
}

/* May n (an element-wise op) be computed inside a group of its own size?
 * A fused kernel computes a tile at a time, and x .^ y's real-or-complex
 * decision needs the whole array (kernels/cpu/elementwise.c), so .^ joins
 * a group only where that decision cannot come out complex: a constant
 * integer exponent (up to 2^22: an integer to Octave in single too), or
 * a constant base not < 0. */
static int pow_ok(const dfg_node * n)
{
    if (n->op != DFG_OP_POW)
        return 1;
    double base, e;
    int int_exp = pass_const_scalar(n->in[1], &e) && floor(e) == e && fabs(e) <= 0x1p22;
    int pos_base = pass_const_scalar(n->in[0], &base) && !(base < 0);
    if (!int_exp && !pos_base)
        return 0;
    for (int k = 0; k < 2; k++) {
        const dfg_node * x = n->in[k];
        if (x->numel != 1 && !pass_same_shape(x, n) &&
            !(x->op == DFG_OP_BROADCAST && pass_same_shape(x, n)))
            return 0;
    }
    return 1;
}

static int in_group(fctx * c, const dfg_node * x, int32_t g)
{
    int32_t i = idx_of(c, x);
    return c->role[i] == ROLE_EW && c->grp[i] == g;
}

/* Tags decide what may share a kernel: recomputed copies only with their
 * kind (a kernel runs at one time: a recomputation fused into a forward
 * kernel would be no recomputation), a node barred from forward groups
 * (see bar_early_grads) only with barred groups, and independent work
 * (no operand in the group) only with nodes of the same tags; nodes placed
 * on different devices never share one. */
#define KEEP_APART (DFG_TAG_RECOMPUTE | DFG_TAG_PLACE)
static int tags_ok(fctx * c, const dfg_node * n, int32_t g, int via_operand)
{
    const group * G = &c->groups[g];
    if ((n->tags & KEEP_APART) != (G->tags & KEEP_APART))
        return 0;
    if (c->bar[idx_of(c, n)] && !G->bar)
        return 0;
    return via_operand || n->tags == G->tags;
}

static int can_join(fctx * c, const dfg_node * n, int32_t g)
{
    for (int k = 0; k < n->n_in; k++) {
        int32_t i = idx_of(c, n->in[k]);
        if (!in_group(c, n->in[k], g) && c->reach[i] >= g)
            return 0;
    }
    return 1;
}

static dfg_status assign_groups(fctx * c)
{
    int32_t cap = 16;
    c->groups = dfg_malloc((size_t)cap * sizeof *c->groups);
    if (!c->groups)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    for (int32_t v = 0; v < c->n; v++)
        c->lastread[v] = -1;
    for (int32_t v = 0; v < c->n; v++) {
        dfg_node * n = c->list[v];
        int32_t reach = -1;
        for (int k = 0; k < n->n_in; k++) {
            int32_t i = idx_of(c, n->in[k]);
            reach = c->reach[i] > reach ? c->reach[i] : reach;
        }
        c->grp[v] = -1;
        c->role[v] = ROLE_NONE;
        if (fusible_ew(n) && pow_ok(n)) {
            int32_t best = -1;
            for (int k = 0; k < n->n_in; k++) {       /* newest valid group */
                int32_t i = idx_of(c, n->in[k]);
                int32_t g = c->grp[i];
                if (c->role[i] == ROLE_EW && g > best && pass_same_shape(c->list[i], n) &&
                    can_join(c, n, g) && tags_ok(c, n, g, 1))
                    best = g;
            }
            /* else the newest group that reads one of its (domain-sized)
             * operands, if it can join it without a cycle: independent
             * element-wise work over the same data, one pass over the tiles
             * instead of two */
            for (int k = 0; best < 0 && !c->nohz[v] && k < n->n_in; k++) {
                int32_t i = idx_of(c, n->in[k]);
                int32_t g = c->lastread[i];
                if (g > reach && n->in[k]->numel == n->numel && n->numel > 1 &&
                    same_dims(n, c->groups[g].ndim, c->groups[g].dims) && tags_ok(c, n, g, 0))
                    best = g;
            }
            /* or a group of its size that a node reading it also reads
             * (that node can then join both).  Work that shares neither
             * data nor a reader is not merged: that would only tie together
             * when independent parts run and keep their results longer
             * (e.g. every parameter's update at the very end). */
            for (int32_t u = c->ustart[v]; best < 0 && !c->nohz[v] && u < c->ustart[v + 1]; u++) {
                const dfg_node * r = c->list[c->users[u]];
                for (int k = 0; best < 0 && k < r->n_in; k++) {
                    int32_t i = idx_of(c, r->in[k]);
                    if (i >= v || c->role[i] != ROLE_EW)    /* not grouped yet */
                        continue;
                    int32_t g = c->grp[i];
                    if (g > reach && same_dims(n, c->groups[g].ndim, c->groups[g].dims) &&
                        tags_ok(c, n, g, 0))
                        best = g;
                }
            }
            if (best < 0) {
                if (c->n_groups == cap) {
                    group * ng = dfg_realloc(c->groups, 2 * (size_t)cap * sizeof *ng);
                    if (!ng)
                        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
                    c->groups = ng;
                    cap *= 2;
                }
                best = c->n_groups++;
                group * g = &c->groups[best];
                memset(g, 0, sizeof *g);
                g->ndim = n->ndim;
                memcpy(g->dims, n->dims, sizeof g->dims);
                g->tags = n->tags;
                g->bar = c->bar[v];
            }
            c->grp[v] = best;
            c->role[v] = ROLE_EW;
            c->groups[best].n_ew++;
            for (int k = 0; k < n->n_in; k++) {
                int32_t i = idx_of(c, n->in[k]);
                if (c->lastread[i] < best)
                    c->lastread[i] = best;
            }
            c->reach[v] = best > reach ? best : reach;
            continue;
        }
        if ((n->op == DFG_OP_SUM || n->op == DFG_OP_PROD) &&
            (n->dtype == DFG_DOUBLE || n->dtype == DFG_SINGLE)) {
            int32_t i = idx_of(c, n->in[0]);
            if (c->role[i] == ROLE_EW && c->list[i]->dtype == n->dtype &&
                (n->tags & KEEP_APART) == (c->groups[c->grp[i]].tags & KEEP_APART)) {
                int32_t g = c->grp[i];
                c->grp[v] = g;
                c->role[v] = ROLE_RED;
                c->groups[g].n_red++;
                c->reach[v] = g > reach ? g : reach;
                continue;
            }
        }
        c->reach[v] = reach;
    }
    for (int32_t g = 0; g < c->n_groups; g++)
        c->groups[g].keep = c->groups[g].n_ew + c->groups[g].n_red >= 2;
    return DFG_OK;
}

/* outside[v]: v is read by a node outside its group or is a plan output;
 * read[v] (optional): by a node outside its group. */
static void mark_outside(fctx * c, const pass_run * r, int8_t * read)
{
    memset(c->outside, 0, (size_t)c->n + 1);
    if (read)
        memset(read, 0, (size_t)c->n + 1);
    for (int32_t v = 0; v < c->n; v++) {
        dfg_node * n = c->list[v];
        for (int k = 0; k < n->n_in; k++) {
            int32_t i = idx_of(c, n->in[k]);
            if (c->role[i] == ROLE_EW && !(c->role[v] != ROLE_NONE && c->grp[v] == c->grp[i])) {
                c->outside[i] = 1;
                if (read)
                    read[i] = 1;
            }
        }
    }
    for (int k = 0; k < r->n_out; k++)
        c->outside[idx_of(c, r->outs[k])] = 1;
}

/* A gradient computation fused into a forward kernel is computed early and
 * kept until the backward pass reads it, e.g. 1 - y.^2 for tanh's
 * gradient next to y = tanh (x): two arrays kept instead of one.  Bars
 * such a backward chain from forward groups when taking it out makes no
 * new output (what it reads from the group is written anyway); it then
 * fuses with the backward kernel that reads it.  Returns how many nodes it
 * barred. */
static int32_t bar_early_grads(fctx * c, const int8_t * read)
{
    int32_t n_bar = 0;
    int32_t * nuse = dfg_calloc((size_t)c->n + 1, sizeof *nuse);
    int8_t * fwd = dfg_calloc((size_t)c->n_groups + 1, 1);
    int32_t * set = dfg_malloc(((size_t)c->n + 1) * sizeof *set);
    if (!nuse || !fwd || !set)
        goto done;
    for (int32_t v = 0; v < c->n; v++) {
        for (int k = 0; k < c->list[v]->n_in; k++)
            nuse[in_ix(c, v, k)]++;
        if (c->role[v] != ROLE_NONE && !(c->list[v]->tags & DFG_TAG_GRAD))
            fwd[c->grp[v]] = 1;
    }
    for (int32_t v = c->n - 1; v >= 0; v--) {
        dfg_node * n = c->list[v];
        int32_t g = c->grp[v];
        if (c->role[v] != ROLE_EW || !c->groups[g].keep || !fwd[g] ||
            !(n->tags & DFG_TAG_GRAD) || !read[v] || c->bar[v])
            continue;
        /* the chain: v and the group's gradient nodes only it uses */
        int32_t ns = 0;
        set[ns++] = v;
        for (int32_t q = 0; q < ns; q++) {
            dfg_node * u = c->list[set[q]];
            for (int k = 0; k < u->n_in; k++) {
                int32_t i = in_ix(c, set[q], k);
                if (c->role[i] == ROLE_EW && c->grp[i] == g && (c->list[i]->tags & DFG_TAG_GRAD) &&
                    nuse[i] == 1 && !c->outside[i] && !c->bar[i])
                    set[ns++] = i;
            }
        }
        int ok = 1;
        for (int32_t q = 0; ok && q < ns; q++) {
            dfg_node * u = c->list[set[q]];
            for (int k = 0; ok && k < u->n_in; k++) {
                int32_t i = in_ix(c, set[q], k), in_set = 0;
                for (int32_t t = 0; t < ns; t++)
                    in_set |= set[t] == i;
                if (c->role[i] == ROLE_EW && c->grp[i] == g && !in_set && !c->outside[i])
                    ok = 0;
            }
        }
        if (!ok)
            continue;
        for (int32_t q = 0; q < ns; q++)
            c->bar[set[q]] = 1;
        n_bar += ns;
    }
done:
    dfg_free(nuse);
    dfg_free(fwd);
    dfg_free(set);
    return n_bar;
}

/* The state of merge_groups: each group's members in list order (first,
 * then nxt; tail the last), the plan outputs (isout), and stamps to count
 * each external input once per candidate (stamp[v] == mark). */
typedef struct fuse_merge {
    int32_t * first, * tail, * nxt, * stamp;
    int8_t *  isout;
    int32_t   mark;
} fuse_merge;

/* Allocates M's arrays (freed by merge_groups) and fills the member
 * lists and the plan outputs; 1 when out of memory. */
static int fuse_merge_lists(fctx * c, const pass_run * r, fuse_merge * M)
{
    int32_t ng = c->n_groups;
    size_t n1 = (size_t)c->n + 1, g1 = (size_t)ng + 1;
    M->first = dfg_malloc(g1 * sizeof *M->first);
    M->tail = dfg_malloc(g1 * sizeof *M->tail);
    M->nxt = dfg_malloc(n1 * sizeof *M->nxt);
    M->stamp = dfg_malloc(n1 * sizeof *M->stamp);
    M->isout = dfg_calloc(n1, 1);
    M->mark = 0;
    if (!M->first || !M->tail || !M->nxt || !M->stamp || !M->isout)
        return 1;
    for (int32_t g = 0; g < ng; g++)
        M->first[g] = M->tail[g] = -1;
    for (int32_t v = 0; v < c->n; v++) {
        M->stamp[v] = -1;
        M->nxt[v] = -1;
        if (c->role[v] == ROLE_NONE)
            continue;
        int32_t g = c->grp[v];
        if (M->tail[g] < 0)
            M->first[g] = v;
        else
            M->nxt[M->tail[g]] = v;
        M->tail[g] = v;
    }
    for (int k = 0; k < r->n_out; k++)
        M->isout[idx_of(c, r->outs[k])] = 1;
    return 0;
}

/* The next candidate for b: the newest group older than `tried` whose
 * element-wise members b reads; -1 when none is left. */
static int32_t fuse_merge_candidate(fctx * c, const fuse_merge * M, int32_t b, int32_t tried)
{
    int32_t a = -1;
    for (int32_t v = M->first[b]; v >= 0; v = M->nxt[v])
        for (int k = 0; k < c->list[v]->n_in; k++) {
            int32_t i = in_ix(c, v, k);
            if (c->role[i] == ROLE_EW && c->grp[i] < tried && c->grp[i] > a)
                a = c->grp[i];
        }
    return a;
}

/* Whether b may join a and the merged kernel writes less (the rules
 * listed at merge_groups). */
static int fuse_merge_pays(fctx * c, fuse_merge * M, int32_t a, int32_t b, const int8_t * read)
{
    const group * A = &c->groups[a], * B = &c->groups[b];
    if (A->ndim != B->ndim || memcmp(A->dims, B->dims, sizeof A->dims) ||
        (A->tags & KEEP_APART) != (B->tags & KEEP_APART))
        return 0;
    int32_t * stamp = M->stamp, mark = ++M->mark;
    int ok = 1;
    int64_t wrote = 0, saved = 0;
    int32_t nx = 0, no = 0;
    for (int32_t v = M->first[b]; ok && v >= 0; v = M->nxt[v]) {
        dfg_node * n = c->list[v];
        if (c->role[v] == ROLE_RED || c->outside[v]) {   /* written by b */
            no++;
            wrote += n->numel * (int64_t)dfg_dtype_size(n->dtype);
        }
        for (int k = 0; ok && k < n->n_in; k++) {
            int32_t i = idx_of(c, n->in[k]);
            if (c->role[i] != ROLE_NONE && (c->grp[i] == a || c->grp[i] == b)) {
                ok = !(c->grp[i] == a && c->role[i] == ROLE_RED);
                continue;
            }
            if (c->reach[i] >= a)
                ok = 0;
            else if (stamp[i] != mark) {
                stamp[i] = mark;
                nx++;
            }
        }
    }
    for (int32_t v = M->first[a]; ok && v >= 0; v = M->nxt[v]) {
        dfg_node * n = c->list[v];
        if (c->role[v] == ROLE_RED) {
            no++;
        } else if (c->outside[v]) {
            int only_b = read[v] && !M->isout[v];
            for (int32_t u = c->ustart[v]; only_b && u < c->ustart[v + 1]; u++) {
                int32_t w = c->users[u];
                only_b = c->role[w] != ROLE_NONE && (c->grp[w] == b || c->grp[w] == a);
            }
            if (only_b)
                saved += n->numel * (int64_t)dfg_dtype_size(n->dtype);
            else
                no++;
        }
        for (int k = 0; k < n->n_in; k++) {
            int32_t i = idx_of(c, n->in[k]);
            if (!(c->role[i] != ROLE_NONE && c->grp[i] == a) && stamp[i] != mark) {
                stamp[i] = mark;
                nx++;
            }
        }
    }
    return !(!ok || saved == 0 || wrote > saved || nx > MAX_EXT || no > MAX_OUT);
}

/* Moves b's members into a (b is left empty and dissolved) and refreshes
 * `read` and c->outside. */
static void fuse_merge_join(fctx * c, const pass_run * r, fuse_merge * M, int32_t a, int32_t b,
                            int8_t * read)
{
    group * A = &c->groups[a], * B = &c->groups[b];
    for (int32_t v = M->first[b]; v >= 0; v = M->nxt[v])
        c->grp[v] = a;
    M->nxt[M->tail[a]] = M->first[b];
    M->tail[a] = M->tail[b];
    M->first[b] = M->tail[b] = -1;
    A->n_ew += B->n_ew;
    A->n_red += B->n_red;
    B->n_ew = B->n_red = 0;
    A->keep = A->n_ew + A->n_red >= 2;
    B->keep = 0;
    mark_outside(c, r, read);
}

/* Merges a group into an older one whose results it reads when that
 * writes less to memory: the forward kernel of sum (exp (sin (x) .* x))
 * and the gradient kernel that reads its exp (...) .* x terms become one
 * kernel that writes only the gradient.  Group b (reading members of
 * group a) joins a when
 *   - both have the same domain and recompute tag, b reads no reduction
 *     of a (a reduction is complete only after the kernel), and no other
 *     operand of b depends on a (reach < a: no cycle through a node
 *     outside both);
 *   - the merged kernel stays within MAX_EXT inputs and MAX_OUT outputs;
 *   - the bytes b writes are at most the bytes of a's results that only b
 *     reads (which are then no longer written): the merged kernel moves
 *     less data, and no buffer lives longer in total than before.
 * Groups are visited oldest first, so chains a <- b <- c merge in one
 * sweep.  `read` and c->outside are refreshed after each merge.  Returns
 * the number of merges, or -1 when out of memory. */
static int32_t merge_groups(fctx * c, const pass_run * r, int8_t * read)
{
    int32_t n_merged = 0, ng = c->n_groups;
    fuse_merge M;
    memset(&M, 0, sizeof M);
    if (fuse_merge_lists(c, r, &M)) {
        n_merged = -1;
        goto done;
    }
    for (int32_t b = 1; b < ng; b++) {
        if (M.first[b] < 0)
            continue;
        /* candidates: groups whose element-wise members b reads, newest first */
        for (int32_t a = fuse_merge_candidate(c, &M, b, b); a >= 0;
             a = fuse_merge_candidate(c, &M, b, a))
            if (fuse_merge_pays(c, &M, a, b, read)) {
                fuse_merge_join(c, r, &M, a, b, read);
                n_merged++;
                break;
            }
    }
done:
    dfg_free(M.first);
    dfg_free(M.tail);
    dfg_free(M.nxt);
    dfg_free(M.stamp);
    dfg_free(M.isout);
    return n_merged;
}

/* the vertex a node stands for in the build walk: a kept group or itself */
static int32_t vertex(fctx * c, int32_t v)
{
    if (c->role[v] != ROLE_NONE && c->groups[c->grp[v]].keep)
        return c->n + c->grp[v];
    return v;
}

/* The external inputs of every group, deduplicated, in first-use order:
 * one sweep over the nodes, kept in c->gx / c->gnx. */
static dfg_status collect_exts(fctx * c)
{
    c->gx = dfg_malloc(((size_t)c->n_groups + 1) * MAX_EXT * sizeof *c->gx);
    c->gnx = dfg_calloc((size_t)c->n_groups + 1, sizeof *c->gnx);
    if (!c->gx || !c->gnx)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    for (int32_t v = 0; v < c->n; v++) {
        int32_t g = c->grp[v];
        if (c->role[v] != ROLE_EW || c->gnx[g] < 0)
            continue;
        dfg_node * n = c->list[v];
        ext * xs = c->gx + (size_t)g * MAX_EXT;
        for (int k = 0; k < n->n_in && c->gnx[g] >= 0; k++) {
            if (in_group(c, n->in[k], g))
                continue;
            ext e = operand_ext(n, k, &c->groups[g]);
            int32_t q = 0;
            while (q < c->gnx[g] && (xs[q].node != e.node || xs[q].mode != e.mode))
                q++;
            if (q < c->gnx[g])
                continue;
            if (c->gnx[g] == MAX_EXT)
                c->gnx[g] = -1;
            else
                xs[c->gnx[g]++] = e;
        }
    }
    return DFG_OK;
}

/* ---- build_group's phases ---------------------------------------------------- */

/* The group's instruction count (its element-wise members) and output
 * count (its reductions and the members read outside it). */
static void fuse_group_count(const fctx * c, int32_t g, int32_t * ni, int32_t * no)
{
    *ni = *no = 0;
    for (int32_t v = 0; v < c->n; v++)
        if (c->grp[v] == g) {
            *ni += c->role[v] == ROLE_EW;
            *no += c->role[v] == ROLE_RED || (c->role[v] == ROLE_EW && c->outside[v]);
        }
}

/* The program's header (counts, the domain) and its external inputs'
 * modes; the slot count is left to fuse_group_slots. */
static void fuse_group_header(int64_t * prog, const group * G, int32_t ni, int32_t no,
                              const ext * xs, int32_t nx)
{
    FP_NI(prog) = ni;
    FP_NO(prog) = no;
    FP_NDIM(prog) = G->ndim;
    for (int j = 0; j < DFG_MAX_DIMS; j++)
        FP_DIMS(prog)[j] = j < G->ndim ? G->dims[j] : 1;
    for (int32_t k = 0; k < nx; k++)
        FP_X(prog, k)[0] = xs[k].mode;
}

/* The instructions and outputs, in topological order: ins_of (node ->
 * instruction), last (each instruction's last reader; ni when a
 * reduction reads it after the tile's last step) and member (output ->
 * node) are filled in; an instruction written out gets its output
 * (I[7] < 0), the others I[7] = 0 until they get a slot. */
static void fuse_group_program(fctx * c, int32_t g, int64_t * prog, const ext * xs,
                               int32_t * ins_of, int32_t * last, int32_t * member)
{
    const group * G = &c->groups[g];
    int32_t ni = (int32_t)FP_NI(prog);
    int32_t i = 0, j = 0;
    int64_t bytes = 0;
    for (int32_t v = 0; v < c->n; v++) {
        if (c->grp[v] != g || c->role[v] == ROLE_NONE)
            continue;
        dfg_node * n = c->list[v];
        if (c->role[v] == ROLE_EW) {
            int64_t * I = FP_I(prog, i);
            I[0] = n->op;
            I[1] = n->dtype;
            I[2] = n->n_in;
            for (int k = 0; k < n->n_in; k++) {
                if (in_group(c, n->in[k], g)) {
                    int32_t a = ins_of[idx_of(c, n->in[k])];
                    I[3 + k] = a;
                    if (last[a] < i)   /* a reduction may have set it to ni */
                        last[a] = i;
                    continue;
                }
                ext e = operand_ext(n, k, G);
                int32_t q = 0;
                while (xs[q].node != e.node || xs[q].mode != e.mode)
                    q++;
                I[3 + k] = -(int64_t)q - 1;
            }
            I[6] = n->iattr[0];
            I[7] = 0;
            last[i] = i;
            ins_of[v] = i;
            if (c->outside[v]) {
                int64_t * O = FP_O(prog, j);
                O[0] = i; O[1] = -1; O[2] = 0; O[3] = n->dtype;
                O[4] = bytes; O[5] = n->numel;
                bytes += dfg_align64(n->numel * (int64_t)dfg_dtype_size(n->dtype));
                I[7] = -(int64_t)j - 1;
                member[j++] = v;
            }
            i++;
        } else {
            int32_t a = ins_of[idx_of(c, n->in[0])];
            last[a] = ni;              /* read after the tile's last step */
            int64_t * O = FP_O(prog, j);
            O[0] = a;
            O[1] = n->op;
            O[2] = n->iattr[0];
            O[3] = n->dtype;
            O[4] = bytes;
            O[5] = n->numel;
            bytes += dfg_align64(n->numel * (int64_t)dfg_dtype_size(n->dtype));
            member[j++] = v;
        }
    }
}

/* Scratch slots for the instructions not written out: a slot is reused
 * once its value's last reader has run.  Sets their I[7] and the
 * program's slot count. */
static dfg_status fuse_group_slots(int64_t * prog, const int32_t * last)
{
    int32_t ni = (int32_t)FP_NI(prog);
    int32_t free_top = 0, n_slot = 0;
    int32_t * free_list = dfg_malloc(((size_t)ni + 1) * sizeof *free_list);
    int32_t * slot = dfg_malloc(((size_t)ni + 1) * sizeof *slot);
    if (!free_list || !slot) {
        dfg_free(free_list);
        dfg_free(slot);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    }
    for (int32_t q = 0; q < ni; q++) {
        int64_t * I = FP_I(prog, q);
        if (I[7] == 0)             /* not an output: needs a slot */
            I[7] = slot[q] = free_top ? free_list[--free_top] : n_slot++;
        else
            slot[q] = -1;
        /* release the slots whose last reader is q (a value nobody reads
         * is released at once, after its own step) */
        for (int a = 0; a < I[2]; a++)
            if (I[3 + a] >= 0 && last[I[3 + a]] == q && slot[I[3 + a]] >= 0) {
                free_list[free_top++] = slot[I[3 + a]];
                slot[I[3 + a]] = -1;
            }
        if (last[q] == q && slot[q] >= 0) {
            free_list[free_top++] = slot[q];
            slot[q] = -1;
        }
    }
    FP_NSLOT(prog) = n_slot;
    dfg_free(free_list);
    dfg_free(slot);
    return DFG_OK;
}

/* The FUSED node on the new external inputs (xin, room for nx) with the
 * program (len words, copied into the node), in c->gmap[g], and one
 * FUSED_OUT per output in c->nmap of its member; each holds the one use
 * it was made with (the pass's). */
static dfg_status fuse_group_node(fctx * c, int32_t g, const int64_t * prog, size_t len,
                                  const ext * xs, int32_t nx, const int32_t * member,
                                  dfg_node ** xin)
{
    dfg_status st;
    int32_t no = (int32_t)FP_NO(prog);
    for (int32_t k = 0; k < nx; k++) {
        int32_t xi = idx_of(c, xs[k].node);
        if (!(xin[k] = c->nmap[xi]))
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg: the fuse pass lost input %d (%s, role %d, group %d of %d, outside %d, tags %u, bar %d; group %d)",
                                 k, dfg_ops[xs[k].node->op].name, c->role[xi], c->grp[xi], c->n_groups, c->outside[xi], xs[k].node->tags, c->bar[xi], g);
    }
    dfg_attr at;
    memset(&at, 0, sizeof at);
    at.i[0] = DFG_LOGICAL;
    at.idx = prog;
    at.nidx = (int64_t)len;
    dfg_node * f;
    if ((st = pass_make(DFG_OP_FUSED, nx, xin, &at, &f)))
        return st;
    c->gmap[g] = f;
    for (int32_t q = 0; q < no; q++) {
        const int64_t * O = FP_O(prog, q);
        const dfg_node * m = c->list[member[q]];
        memset(&at, 0, sizeof at);
        at.i[0] = O[3];
        at.i[1] = O[4];
        at.i[2] = m->ndim;
        memcpy(at.i + 3, m->dims, (size_t)m->ndim * sizeof *m->dims);
        if ((st = pass_make(DFG_OP_FUSED_OUT, 1, &f, &at, &c->nmap[member[q]])))
            return st;
    }
    return DFG_OK;
}

/* Group g as one FUSED node (see the phases above); adds its node count
 * to *n_fused_nodes.  The scratch arrays are freed on every path. */
static dfg_status build_group(fctx * c, int32_t g, int64_t * n_fused_nodes)
{
    const ext * xs = c->gx + (size_t)g * MAX_EXT;
    int32_t nx = c->gnx[g];
    const group * G = &c->groups[g];
    int32_t ni, no;
    fuse_group_count(c, g, &ni, &no);
    if (nx < 0 || no > MAX_OUT)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused kernel too large");
    *n_fused_nodes += ni + G->n_red;
    size_t len = (size_t)FP_LEN(ni, no, nx);
    int64_t * prog = dfg_calloc(len, sizeof *prog);
    int32_t * ins_of = dfg_malloc(((size_t)c->n + 1) * sizeof *ins_of);   /* node -> instr */
    int32_t * last = dfg_malloc(((size_t)ni + 1) * sizeof *last);
    int32_t * member = dfg_malloc(((size_t)ni + no + 1) * sizeof *member);
    dfg_node ** xin = dfg_malloc(((size_t)nx + 1) * sizeof *xin);
    dfg_status st = DFG_OK;
    if (!prog || !ins_of || !last || !member || !xin) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
        goto done;
    }
    fuse_group_header(prog, G, ni, no, xs, nx);
    fuse_group_program(c, g, prog, xs, ins_of, last, member);
    if (!(st = fuse_group_slots(prog, last)))
        st = fuse_group_node(c, g, prog, len, xs, nx, member, xin);
done:
    dfg_free(prog);
    dfg_free(ins_of);
    dfg_free(last);
    dfg_free(member);
    dfg_free(xin);
    return st;
}

/* Builds the new graph: a post-order walk over vertices (plain nodes and
 * kept groups), so a group is built once all its external inputs are. */
static dfg_status build(fctx * c, pass_run * r)
{
    int32_t nvx = c->n + c->n_groups;
    int8_t * state = dfg_calloc((size_t)nvx + 1, 1);
    int32_t * stack = dfg_malloc(((size_t)nvx + 1) * sizeof *stack);
    int32_t * next = dfg_calloc((size_t)nvx + 1, sizeof *next);
    dfg_status st = DFG_OK;
    int64_t fused_nodes = 0;
    if (!state || !stack || !next) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
        goto done;
    }
    /* the vertices a group depends on are the external inputs' vertices */
    for (int k = 0; k < r->n_out && !st; k++) {
        int32_t top = 0, root = vertex(c, idx_of(c, r->outs[k]));
        if (state[root])
            continue;
        stack[top++] = root;
        state[root] = 1;
        while (top && !st) {
            int32_t x = stack[top - 1];
            int32_t dep = -1;
            if (x < c->n) {
                dfg_node * n = c->list[x];
                while (next[x] < n->n_in && dep < 0) {
                    int32_t d = vertex(c, idx_of(c, n->in[next[x]++]));
                    if (state[d] == 1)
                        dep = -2;
                    else if (!state[d])
                        dep = d;
                }
            } else {
                int32_t g = x - c->n, nx = c->gnx[g];
                const ext * xs = c->gx + (size_t)g * MAX_EXT;
                while (next[x] < nx && dep < 0) {
                    int32_t d = vertex(c, idx_of(c, xs[next[x]++].node));
                    if (state[d] == 1)
                        dep = -2;
                    else if (!state[d])
                        dep = d;
                }
            }
            if (dep == -2) {      /* the grouping made a cycle: a bug */
                st = dfg_set_error(DFG_ERR_INTERNAL, "dfg: the fuse pass made a cycle");
                break;
            }
            if (dep >= 0) {
                state[dep] = 1;
                stack[top++] = dep;
                continue;
            }
            top--;
            state[x] = 2;
            if (x >= c->n) {
                /* the kernel's nodes carry the tags of its first member */
                int32_t g = x - c->n, m = 0;
                while (m < c->n && !(c->role[m] != ROLE_NONE && c->grp[m] == g))
                    m++;
                const dfg_node * f = c->list[m < c->n ? m : 0];
                dfg_tags old = dfg_tags_set((dfg_tags){ f->tags, f->region, f->seq });
                st = build_group(c, g, &fused_nodes);
                dfg_tags_set(old);
                continue;
            }
            dfg_node * n = c->list[x];
            dfg_node * small[16], ** in = small;
            if (n->n_in > 16 && !(in = dfg_malloc((size_t)n->n_in * sizeof *in))) {
                st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
                break;
            }
            dfg_tags old = dfg_tags_set((dfg_tags){ n->tags, n->region, n->seq });
            for (int q = 0; q < n->n_in; q++)
                in[q] = c->nmap[idx_of(c, n->in[q])];
            st = pass_remake(n, in, &c->nmap[x]);
            dfg_tags_set(old);
            if (in != small)
                dfg_free(in);
        }
    }
    if (!st)
        for (int k = 0; k < r->n_out; k++) {
            dfg_node * y = c->nmap[idx_of(c, r->outs[k])];
            dfg_node_use(y);
            dfg_node_unuse(r->outs[k]);
            r->outs[k] = y;
        }
    r->changed = 0;
    for (int32_t g = 0; g < c->n_groups; g++)
        r->changed += c->groups[g].keep;
    r->extra = fused_nodes;
done:
    dfg_free(state);
    dfg_free(stack);
    dfg_free(next);
    return st;
}

/* ---- dfg_pass_fuse's phases -------------------------------------------------- */

/* The per-node tables of c (c->n nodes listed) and *read (the caller's to
 * free, also on error). */
static dfg_status fuse_alloc(fctx * c, int8_t ** read)
{
    size_t n1 = (size_t)c->n + 1;
    c->grp = dfg_malloc(n1 * sizeof *c->grp);
    c->role = dfg_calloc(n1, 1);
    c->reach = dfg_malloc(n1 * sizeof *c->reach);
    c->outside = dfg_calloc(n1, 1);
    c->bar = dfg_calloc(n1, 1);
    c->nohz = dfg_calloc(n1, 1);
    c->lastread = dfg_malloc(n1 * sizeof *c->lastread);
    c->nmap = dfg_calloc(n1, sizeof *c->nmap);
    *read = dfg_calloc(n1, 1);
    if (!c->grp || !c->role || !c->reach || !c->outside || !c->bar || !c->nohz || !c->lastread ||
        !c->nmap || !*read)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    return DFG_OK;
}

/* The users of every node: c->users[c->ustart[v] .. c->ustart[v + 1]),
 * in list order (c->lastread serves as scratch). */
static dfg_status fuse_users(fctx * c)
{
    size_t n1 = (size_t)c->n + 1;
    c->ustart = dfg_calloc(n1 + 1, sizeof *c->ustart);
    size_t ne = 0;
    for (int32_t v = 0; v < c->n; v++)
        ne += (size_t)c->list[v]->n_in;
    c->users = dfg_malloc((ne + 1) * sizeof *c->users);
    if (!c->ustart || !c->users)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    for (int32_t v = 0; v < c->n; v++)
        for (int k = 0; k < c->list[v]->n_in; k++)
            c->ustart[in_ix(c, v, k) + 1]++;
    for (int32_t v = 0; v < c->n; v++)
        c->ustart[v + 1] += c->ustart[v];
    int32_t * fill = c->lastread;     /* scratch until assign_groups */
    for (int32_t v = 0; v < c->n; v++)
        fill[v] = c->ustart[v];
    for (int32_t v = 0; v < c->n; v++)
        for (int k = 0; k < c->list[v]->n_in; k++)
            c->users[fill[in_ix(c, v, k)]++] = v;
    return DFG_OK;
}

/* One grouping of every node: assign the groups, mark what is read
 * outside them, group again if early gradients were barred, merge groups,
 * and collect each group's external inputs. */
static dfg_status fuse_group_all(fctx * c, const pass_run * r, int8_t * read)
{
    dfg_status st;
    if ((st = assign_groups(c)))
        return st;
    mark_outside(c, r, read);
    if (bar_early_grads(c, read)) {       /* group again with the bars */
        dfg_free(c->groups);
        c->groups = NULL;
        c->n_groups = 0;
        if ((st = assign_groups(c)))
            return st;
        mark_outside(c, r, read);
    }
    if (merge_groups(c, r, read) < 0)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
    return collect_exts(c);
}

/* The kept groups over the kernel's limits: on the first attempt their
 * members are marked to group again without joins (nohz) and 1 is
 * returned (group again); on later attempts they are dissolved. */
static int fuse_over_limits(fctx * c, int attempt)
{
    int over = 0;
    for (int32_t g = 0; g < c->n_groups; g++) {
        if (!c->groups[g].keep)
            continue;
        int32_t no = 0;
        for (int32_t v = 0; v < c->n; v++)
            if (c->grp[v] == g)
                no += c->role[v] == ROLE_RED || (c->role[v] == ROLE_EW && c->outside[v]);
        if (no <= MAX_OUT && c->gnx[g] >= 0)
            continue;
        if (attempt == 0) {
            for (int32_t v = 0; v < c->n; v++)
                if (c->role[v] != ROLE_NONE && c->grp[v] == g)
                    c->nohz[v] = 1;
            over = 1;
        } else
            c->groups[g].keep = 0;
    }
    return over;
}

/* The groups: a group whose external inputs or outputs would exceed the
 * kernel's limits is grown mostly by joining independent work over the
 * same data (e.g. 33 units that each read x); its members then group
 * again without such joins (one kernel per chain).  A group still over
 * the limits after that is dissolved. */
static dfg_status fuse_grouping(fctx * c, const pass_run * r, int8_t * read)
{
    for (int attempt = 0; ; attempt++) {
        dfg_status st = fuse_group_all(c, r, read);
        if (st)
            return st;
        if (!fuse_over_limits(c, attempt))
            return DFG_OK;
        dfg_free(c->groups);
        dfg_free(c->gx);
        dfg_free(c->gnx);
        c->groups = NULL;
        c->gx = NULL;
        c->gnx = NULL;
        c->n_groups = 0;
    }
}

/* Gives back the uses c holds on new nodes and frees its tables. */
static void fuse_ctx_free(fctx * c)
{
    if (c->nmap)
        for (int32_t v = 0; v < c->n; v++)
            if (c->nmap[v])
                dfg_node_unuse(c->nmap[v]);
    if (c->gmap)
        for (int32_t g = 0; g < c->n_groups; g++)
            if (c->gmap[g])
                dfg_node_unuse(c->gmap[g]);
    dfg_free(c->grp);
    dfg_free(c->role);
    dfg_free(c->reach);
    dfg_free(c->outside);
    dfg_free(c->bar);
    dfg_free(c->nohz);
    dfg_free(c->lastread);
    dfg_free(c->ustart);
    dfg_free(c->users);
    dfg_free(c->nmap);
    dfg_free(c->gmap);
    dfg_free(c->groups);
    dfg_free(c->gx);
    dfg_free(c->gnx);
    dfg_walk_ix_free(&c->index);
    dfg_free(c->list);
}

dfg_status dfg_pass_fuse(pass_run * r)
{
    fctx c;
    memset(&c, 0, sizeof c);
    dfg_status st = pass_walk_take(r, &c.list, &c.n, &c.index);
    if (st) {
        dfg_walk_ix_free(&c.index);
        return st;
    }
    if (r->walked < 0)              /* the manager's count of the graph */
        r->walked = c.n;
    int8_t * read = NULL;
    if (!(st = fuse_alloc(&c, &read)) && !(st = fuse_users(&c)))
        st = fuse_grouping(&c, r, read);
    dfg_free(read);
    if (st)
        goto done;
    c.gmap = dfg_calloc((size_t)c.n_groups + 1, sizeof *c.gmap);
    if (!c.gmap) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory compiling a plan");
        goto done;
    }
    st = build(&c, r);
    if (!st) {
        if (r->changed)
            snprintf(r->what, sizeof r->what, "%lld element-wise/reduction nodes -> %lld fused kernel%s",
                     (long long)r->extra, (long long)r->changed, r->changed == 1 ? "" : "s");
        else
            snprintf(r->what, sizeof r->what, "nothing to fuse");
    }
done:
    fuse_ctx_free(&c);
    return st;
}
