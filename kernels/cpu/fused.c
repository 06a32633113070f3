/* kernels/cpu/fused.c -- the fused element-wise kernel: runs a program of
 * element-wise steps (kernels/cpu/fused.h) over the domain in tiles of
 * DFG_FUSE_TILE elements.  Each step reads its operands' tiles and writes
 * its own; the tiles live in a scratch block of a few hundred KiB that stays
 * in cache, so the intermediates never travel to memory.  Outputs are
 * written tile by tile; reductions accumulate tile by tile, in the blocked
 * order of the unfused reduction kernel (kernels/cpu/cpu.h): along the
 * reduced axis, blocks of DFG_RED_BLOCK consecutive k are folded in index
 * order from 0 (sum) or 1 (prod), and the block partials are folded in
 * block order from 0 / 1.  With n <= DFG_RED_BLOCK along the axis that is
 * the running sum itself, accumulated straight into the output; longer
 * axes keep one partial per (output, block) in scratch, combined after the
 * domain has been swept.
 *
 * Threads: the domain is cut into one contiguous chunk per thread, each
 * swept in tiles with the thread's own scratch tiles.  Every cut lies on a
 * block boundary of every reduction (for n <= DFG_RED_BLOCK: between two
 * runs of outputs, so an output is accumulated by one thread), so each
 * (output, block) is folded by one thread in index order and the results
 * are those of one thread.  Without reductions the cuts are tile-aligned.
 *
 * Each step calls the same kernel the unfused op runs (dfg_cpu_unary,
 * dfg_cpu_nary, dfg_cpu_psi) on a tile, and those kernels give every
 * element a result that depends on its operands alone, so a fused kernel's
 * results are bitwise those of the unfused ops.  Scalar operands stay
 * scalars (x .^ 2 takes the same path as unfused); operands broadcast by
 * a broadcast node are expanded per tile, as the node expanded them.
 */
#include <string.h>
#include "cpu.h"
#include "fused.h"

static int64_t imin(int64_t a, int64_t b) { return a < b ? a : b; }

/* n copies of the element at x (es bytes) into t */
static void fill_run(size_t es, void * t, const void * x, int64_t n)
{
    if (es == 8) {
        double v, * o = t;
        memcpy(&v, x, 8);
        for (int64_t l = 0; l < n; l++) o[l] = v;
    } else if (es == 4) {
        float v, * o = t;
        memcpy(&v, x, 4);
        for (int64_t l = 0; l < n; l++) o[l] = v;
    } else if (es == 1)
        memset(t, *(const unsigned char *)x, (size_t)n);
    else
        for (int64_t l = 0; l < n; l++)
            memcpy((char *)t + (size_t)l * es, x, es);
}

/* Expands the part [l0, l0 + len) of x (dims e, broadcast into d) into t,
 * a run along the first dimension at a time: a copy where x varies along
 * it (a column), a fill where it does not (a row's element). */
static void bcast_load(size_t es, void * t, const void * x, int nd, const int64_t * d,
                       const int64_t * e, int64_t l0, int64_t len)
{
    int64_t xn = 1;
    for (int j = 0; j < nd; j++)
        xn *= e[j];
    if (xn == 1) {                     /* a broadcast scalar: fill */
        fill_run(es, t, x, len);
        return;
    }
    int64_t ctr[DFG_MAX_DIMS], str[DFG_MAX_DIMS], off = 0, s = 1, r = l0;
    for (int j = 0; j < nd; j++) {
        ctr[j] = r % d[j];
        r /= d[j];
        str[j] = e[j] == 1 ? 0 : s;
        s *= e[j];
        off += ctr[j] * str[j];
    }
    const char * src = x;
    char * dst = t;
    for (int64_t l = 0; l < len; ) {
        int64_t run = imin(d[0] - ctr[0], len - l);
        if (str[0])
            memcpy(dst + (size_t)l * es, src + (size_t)off * es, (size_t)run * es);
        else
            fill_run(es, dst + (size_t)l * es, src + (size_t)off * es, run);
        l += run;
        off += str[0] * run;
        ctr[0] += run;
        if (ctr[0] < d[0])
            continue;
        off -= str[0] * d[0];
        ctr[0] = 0;
        for (int j = 1; j < nd; j++) {
            off += str[j];
            if (++ctr[j] < d[j])
                break;
            off -= str[j] * d[j];
            ctr[j] = 0;
        }
    }
}

/* A reduction output: layout [pre, n, post] of the domain, and for
 * n > DFG_RED_BLOCK the partials part[(q * nb + b) * pre + i] of output
 * (i, q), block b (NULL: accumulated straight into the output). */
typedef struct red {
    int     op, dt;            /* op < 0: an element-wise output */
    int64_t pre, n, nb;
    void *  part;
} red;

/* What every thread reads: the program and its operands. */
typedef struct fctx {
    const int64_t * p;
    int n_in, nd;
    const void * const * in;
    const int * in_dt;
    const int64_t (*in_dims)[DFG_MAX_DIMS];
    void * const * out;
    const int64_t * dims;
    int64_t ni, no, tile;
    int32_t bslot[64];
    red R[64];
} fctx;

#define RB DFG_RED_BLOCK

/* dst[o(l)] op= v[l] for the tile [l0, l0 + len) in runs: along k for
 * pre == 1 (ending at block ends), along i for pre > 1.  dst is the output
 * (n <= RB) or the partials, indexed (q * nb + b) * pre + i. */
#define ACC(T, OPR) do {                                                          \
        T * d = dst; const T * v = val;                                           \
        int64_t l = 0;                                                            \
        if (pre == 1) {                                                           \
            if (!part && k == 0) {                                                \
                /* whole outputs (columns) in the tile: eight at a time, each  \
                 * still folded in index order, but eight chains in flight */  \
                const int64_t m = (len - l) / n;                                  \
                int64_t c = 0;                                                    \
                for (; m >= 2 && c + 8 <= m; c += 8) {                            \
                    T a[8];                                                       \
                    const T * w = v + l + c * n;                                  \
                    for (int u = 0; u < 8; u++) a[u] = d[q + c + u];              \
                    for (int64_t t = 0; t < n; t++)                               \
                        for (int u = 0; u < 8; u++)                               \
                            a[u] = (T)(a[u] OPR w[u * n + t]);                    \
                    for (int u = 0; u < 8; u++) d[q + c + u] = a[u];              \
                }                                                                 \
                for (; m >= 2 && c + 2 <= m; c += 2) {                            \
                    const T * w = v + l + c * n;                                  \
                    T a0 = d[q + c], a1 = d[q + c + 1];                           \
                    for (int64_t t = 0; t < n; t++) {                             \
                        a0 = (T)(a0 OPR w[t]);                                    \
                        a1 = (T)(a1 OPR w[n + t]);                                \
                    }                                                             \
                    d[q + c] = a0; d[q + c + 1] = a1;                             \
                }                                                                 \
                l += c * n;                                                       \
                q += c;                                                           \
            }                                                                     \
            while (l < len) {                                                     \
                const int64_t kend = part ? imin(n, (k / RB + 1) * RB) : n;       \
                const int64_t run = imin(kend - k, len - l);                      \
                T * at = d + (part ? q * nb + k / RB : q);                        \
                T a = *at;                                                        \
                for (int64_t t = 0; t < run; t++)                                 \
                    a = (T)(a OPR v[l + t]);                                      \
                *at = a;                                                          \
                l += run;                                                         \
                k += run;                                                         \
                if (k == n) { k = 0; q++; }                                       \
            }                                                                     \
        } else {                                                                  \
            while (l < len) {                                                     \
                const int64_t run = imin(pre - i, len - l);                       \
                T * restrict at = d + (part ? (q * nb + k / RB) * pre : q * pre) + i; \
                const T * restrict w = v + l;                                     \
                for (int64_t t = 0; t < run; t++)                                 \
                    at[t] = (T)(at[t] OPR w[t]);                                  \
                l += run;                                                         \
                i += run;                                                         \
                if (i == pre) { i = 0; if (++k == n) { k = 0; q++; } }            \
            }                                                                     \
        }                                                                         \
    } while (0)

static void fused_accumulate(const red * r, void * out, const void * val, int64_t l0,
                       int64_t len)
{
    const int64_t pre = r->pre, n = r->n, nb = r->nb;
    const void * part = r->part;
    void * dst = part ? r->part : out;
    int64_t i = l0 % pre, k = (l0 / pre) % n, q = l0 / pre / n;
    if (r->dt == DFG_DOUBLE) {
        if (r->op == DFG_OP_SUM) ACC(double, +); else ACC(double, *);
    } else {
        if (r->op == DFG_OP_SUM) ACC(float, +); else ACC(float, *);
    }
}
#undef ACC

/* out(i, q) = ID op part(i, q, 0) op part(i, q, 1) ..., in block order. */
#define COMBINE(T, OPR) do {                                                      \
        T * o = out; const T * P = r->part;                                       \
        for (int64_t q = 0; q < post; q++)                                        \
            for (int64_t i = 0; i < pre; i++) {                                   \
                T a = (T)id;                                                      \
                for (int64_t b = 0; b < nb; b++)                                  \
                    a = (T)(a OPR P[(q * nb + b) * pre + i]);                     \
                o[i + pre * q] = a;                                               \
            }                                                                     \
    } while (0)

static void fused_combine(const red * r, void * out, int64_t numel)
{
    const int64_t pre = r->pre, nb = r->nb, post = numel / (pre * r->n);
    const double id = r->op == DFG_OP_SUM ? 0 : 1;
    if (r->dt == DFG_DOUBLE) {
        if (r->op == DFG_OP_SUM) COMBINE(double, +); else COMBINE(double, *);
    } else {
        if (r->op == DFG_OP_SUM) COMBINE(float, +); else COMBINE(float, *);
    }
}
#undef COMBINE

/* Sweeps [a, b) of the domain in tiles, slots: this thread's scratch. */
static dfg_status sweep(const fctx * c, char * slots, int64_t a, int64_t b)
{
    const int64_t * p = c->p;
    const int64_t tile = c->tile;
    void * const * out = c->out;
    const void * const * in = c->in;
#define SLOT(s) (slots + (size_t)(s) * (size_t)tile * sizeof(double))
    dfg_status st = DFG_OK;
    for (int64_t l0 = a; l0 < b && !st; l0 += tile) {
        int64_t len = imin(tile, b - l0);
        for (int k = 0; k < c->n_in; k++)
            if (c->bslot[k] >= 0)
                bcast_load(dfg_dtype_size(c->in_dt[k]), SLOT(c->bslot[k]), in[k], c->nd,
                           c->dims, c->in_dims[k], l0, len);
        for (int64_t i = 0; i < c->ni && !st; i++) {
            const int64_t * I = FP_I(p, i);
            int op = (int)I[0], dt = (int)I[1], na = (int)I[2];
            const void * arg[3];
            int adt[3];
            int64_t ind[3][DFG_MAX_DIMS], str[3];
            for (int a = 0; a < na; a++) {
                int64_t r = I[3 + a];
                ind[a][0] = len;
                str[a] = 1;
                if (r >= 0) {
                    const int64_t * J = FP_I(p, r);
                    adt[a] = (int)J[1];
                    arg[a] = J[7] >= 0 ? SLOT(J[7])
                           : (const char *)out[-J[7] - 1] + (size_t)l0 * dfg_dtype_size(adt[a]);
                } else {
                    int k = (int)(-r - 1);
                    adt[a] = c->in_dt[k];
                    int mode = (int)FP_X(p, k)[0];
                    if (mode == FX_FULL)
                        arg[a] = (const char *)in[k] + (size_t)l0 * dfg_dtype_size(adt[a]);
                    else if (mode == FX_SCALAR) {
                        arg[a] = in[k];
                        ind[a][0] = 1;
                        str[a] = 0;
                    } else
                        arg[a] = SLOT(c->bslot[k]);
                }
            }
            void * dst = I[7] >= 0 ? SLOT(I[7])
                       : (char *)out[-I[7] - 1] + (size_t)l0 * dfg_dtype_size(dt);
            switch (dfg_ops[op].family) {
            case DFG_FAM_UNARY:
                st = op == DFG_OP_PSI ? dfg_cpu_psi(dt, (int)I[6], dst, arg[0], len)
                                      : dfg_cpu_unary(op, adt[0], dt, dst, arg[0], len);
                break;
            case DFG_FAM_BINARY:
                st = dfg_cpu_binary(op, adt[1], dst, arg[0], str[0], arg[1], str[1], len);
                break;
            default:
                st = dfg_cpu_nary(op, na, adt, dt, dst, arg, 1, &len,
                                  (const int64_t (*)[DFG_MAX_DIMS])ind);
                break;
            }
        }
        for (int64_t j = 0; j < c->no && !st; j++) {
            if (c->R[j].op < 0)
                continue;
            const int64_t * J = FP_I(p, FP_O(p, j)[0]);
            const void * v = J[7] >= 0 ? SLOT(J[7])
                           : (const char *)out[-J[7] - 1] + (size_t)l0 * dfg_dtype_size((int)J[1]);
            fused_accumulate(&c->R[j], out[j], v, l0, len);
        }
    }
#undef SLOT
    return st;
}

/* The layout of each reduction output (R[j].op < 0 for the others). */
static void red_layout(const int64_t * p, red * R)
{
    int nd = (int)FP_NDIM(p);
    const int64_t * dims = FP_DIMS(p);
    for (int64_t j = 0; j < FP_NO(p); j++) {
        const int64_t * o = FP_O(p, j);
        red * r = &R[j];
        memset(r, 0, sizeof *r);
        r->op = o[1] < 0 ? -1 : (int)o[1];
        r->dt = (int)o[3];
        int d = (int)o[2];
        r->pre = 1;
        for (int t = 0; t < nd && t < d; t++)
            r->pre *= dims[t];
        r->n = d < nd ? dims[d] : 1;
        r->nb = r->n > RB ? (r->n + RB - 1) / RB : 1;
    }
}


/* Bytes of the partials (shared) and of one thread's tiles. */
static void scratch_parts(const int64_t * p, int n_in, const red * R, size_t * shared,
                          size_t * per_thread)
{
    int64_t numel = dfg_shape_numel((int)FP_NDIM(p), FP_DIMS(p));
    int64_t tile = imin(DFG_FUSE_TILE, numel), nb = 0;
    for (int k = 0; k < n_in; k++)
        nb += FP_X(p, k)[0] == FX_BCAST;
    *per_thread = (size_t)dfg_align64((FP_NSLOT(p) + nb) * tile * (int64_t)sizeof(double));
    *shared = 0;
    for (int64_t j = 0; j < FP_NO(p); j++)
        if (R[j].op >= 0 && R[j].nb > 1)
            *shared += (size_t)dfg_align64(numel / R[j].n * R[j].nb *
                                           (int64_t)dfg_dtype_size(R[j].dt));
}

size_t dfg_cpu_fused_scratch(const int64_t * p, int n_in, int nthreads)
{
    red R[64];
    if (FP_NO(p) > 64 || n_in > 64 ||
        dfg_shape_numel((int)FP_NDIM(p), FP_DIMS(p)) == 0)
        return 0;
    red_layout(p, R);
    size_t shared, per;
    scratch_parts(p, n_in, R, &shared, &per);
    return 64 + shared + (size_t)(nthreads < 1 ? 1 : nthreads) * per;
}

/* The first position >= x where the domain may be cut: a block boundary of
 * every reduction (cut positions pre * (n * q + RB * b), or anywhere when
 * n == 1), numel when there is none before it. */
static int64_t next_cut(const red * R, int64_t no, int64_t x, int64_t numel)
{
    for (int it = 0; it < 64 && x < numel; it++) {
        int64_t y = x;
        for (int64_t j = 0; j < no; j++) {
            const red * r = &R[j];
            if (r->op < 0 || r->n == 1)
                continue;
            int64_t S = r->pre * r->n, q = y / S, rem = y - q * S;
            if (rem) {
                int64_t blk = r->pre * RB, c = (rem + blk - 1) / blk * blk;
                y = q * S + imin(c, S);
            }
        }
        if (y == x)
            return x;
        x = y;
    }
    return numel;
}

/* Thread t sweeps [cut[t], cut[t + 1]) with its own tiles. */
typedef struct fused_job {
    const fctx * c;
    char * slots;
    size_t per;
    const int64_t * cut;
    dfg_par_status ps;
} fused_job;

static void fused_part(void * ctx, int t)
{
    fused_job * j = ctx;
    dfg_par_fail(&j->ps, t, sweep(j->c, j->slots + (size_t)t * j->per, j->cut[t], j->cut[t + 1]));
}

int dfg_cpu_fused(const int64_t * p, int n_in, const void * const * in,
                  const int * in_dt, const int64_t (*in_dims)[DFG_MAX_DIMS],
                  void * const * out, void * scratch, size_t scratch_bytes)
{
    fctx c;
    c.p = p;
    c.n_in = n_in;
    c.in = in;
    c.in_dt = in_dt;
    c.in_dims = in_dims;
    c.out = out;
    c.ni = FP_NI(p);
    c.no = FP_NO(p);
    c.nd = (int)FP_NDIM(p);
    c.dims = FP_DIMS(p);
    int64_t numel = dfg_shape_numel(c.nd, c.dims);
    if (numel == 0)
        return DFG_OK;
    if (n_in > 64)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused kernel with %d inputs", n_in);
    if (c.no > 64)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused kernel with %lld outputs",
                             (long long)c.no);
    c.tile = imin(DFG_FUSE_TILE, numel);
    int nbc = 0;
    for (int k = 0; k < n_in; k++)
        c.bslot[k] = FP_X(p, k)[0] == FX_BCAST ? (int32_t)(FP_NSLOT(p) + nbc++) : -1;
    red_layout(p, c.R);
    size_t shared, per;
    scratch_parts(p, n_in, c.R, &shared, &per);

    /* threads: as many as the work asks for and the scratch holds */
    int64_t cost = 0;
    for (int64_t i = 0; i < c.ni; i++)
        cost += dfg_cpu_op_cost((int)FP_I(p, i)[0]);
    int64_t work = numel * (cost > 1 ? cost : 1);
    int nt = dfg_threads_for(work);
    char * base = NULL, * mine = NULL;
    if (scratch) {
        char * a = dfg_align64_ptr(scratch);
        size_t skip = (size_t)(a - (char *)scratch);
        if (scratch_bytes >= skip + shared + per) {
            base = a;
            /* per == 0: a program without scratch slots (every step
             * writes an output) needs no tiles at all */
            size_t fit = per ? (scratch_bytes - skip - shared) / per : (size_t)nt;
            if ((size_t)nt > fit)
                nt = (int)fit;
        }
    }

    /* the cuts: near equal shares, moved forward to the next legal cut */
    int64_t cut[DFG_THREADS_MAX + 1];
    int nc = 0;
    cut[0] = 0;
    for (int t = 1; t < nt; t++) {
        int64_t x = (numel / nt) * t + (numel % nt) * t / nt;
        x = (x + c.tile - 1) / c.tile * c.tile;
        x = next_cut(c.R, c.no, x, numel);
        if (x > cut[nc] && x < numel)
            cut[++nc] = x;
    }
    cut[++nc] = numel;
    nt = nc;

    if (!base) {
        mine = dfg_malloc(64 + shared + (size_t)nt * per);
        if (!mine)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory running a fused kernel");
        base = dfg_align64_ptr(mine);
    }

    /* reductions start from 0 (sum) or 1 (prod), as the unfused kernel */
    char * sp = base;
    for (int64_t j = 0; j < c.no; j++) {
        red * r = &c.R[j];
        if (r->op < 0)
            continue;
        double v0 = r->op == DFG_OP_SUM ? 0 : 1;
        int64_t cnt = numel / r->n;
        void * dst = out[j];
        if (r->nb > 1) {
            r->part = dst = sp;
            cnt *= r->nb;
            sp += (size_t)dfg_align64(cnt * (int64_t)dfg_dtype_size(r->dt));
        }
        for (int64_t t = 0; t < cnt; t++) {
            if (r->dt == DFG_DOUBLE) ((double *)dst)[t] = v0;
            else                     ((float *)dst)[t] = (float)v0;
        }
    }
    char * slots = base + shared;

    dfg_status st;
    if (nt <= 1)
        st = sweep(&c, slots, 0, numel);
    else {
        fused_job j = {&c, slots, per, cut, {0}};
        dfg_par_run(nt, fused_part, &j);
        st = dfg_par_finish(&j.ps);
    }
    for (int64_t j = 0; j < c.no && !st; j++)
        if (c.R[j].op >= 0 && c.R[j].part)
            fused_combine(&c.R[j], out[j], numel);
    dfg_free(mine);
    return st;
}
