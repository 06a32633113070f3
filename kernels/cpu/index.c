/* kernels/cpu/index.c -- exact re-index copies: permute, gather (indexing),
 * scatter (indexed assignment) and cat.  Byte copies of es-byte elements, so
 * one kernel serves every class. */
#include <string.h>
#include "cpu.h"

/* Copies one element of es bytes; the common sizes become single moves. */
static inline void copy_elem(size_t es, char * d, const char * s)
{
    switch (es) {
    case 8: memcpy(d, s, 8); break;
    case 4: memcpy(d, s, 4); break;
    case 1: *d = *s; break;
    default: memcpy(d, s, es);
    }
}

int dfg_cpu_permute(size_t es, void * out, const void * in, int ndim,
                    const int64_t * in_dims, const int64_t * perm)
{
    int64_t istride[DFG_MAX_DIMS], odims[DFG_MAX_DIMS], ostr[DFG_MAX_DIMS];
    int64_t s = 1, numel = 1;
    for (int j = 0; j < ndim; j++) {
        istride[j] = s;
        s *= in_dims[j];
    }
    for (int j = 0; j < ndim; j++) {
        odims[j] = in_dims[perm[j]];
        ostr[j] = istride[perm[j]];   /* input stride of output dim j */
        numel *= odims[j];
    }
    if (numel == 0)
        return DFG_OK;
    /* 2-D transpose in cache blocks */
    if (ndim == 2 && perm[0] == 1) {
        int64_t r = odims[0], c = odims[1];     /* out is r x c, in is c x r */
        const int64_t B = 32;
        for (int64_t j0 = 0; j0 < c; j0 += B)
            for (int64_t i0 = 0; i0 < r; i0 += B)
                for (int64_t j = j0; j < j0 + B && j < c; j++)
                    for (int64_t i = i0; i < i0 + B && i < r; i++)
                        copy_elem(es, (char *)out + (i + r * j) * (int64_t)es,
                                  (const char *)in + (j + c * i) * (int64_t)es);
        return DFG_OK;
    }
    int64_t ctr[DFG_MAX_DIMS] = {0}, ioff = 0;
    char * o = out;
    for (int64_t k = 0; k < numel; k++) {
        copy_elem(es, o + k * (int64_t)es, (const char *)in + ioff * (int64_t)es);
        for (int j = 0; j < ndim; j++) {
            ioff += ostr[j];
            if (++ctr[j] < odims[j])
                break;
            ioff -= ostr[j] * odims[j];
            ctr[j] = 0;
        }
    }
    return DFG_OK;
}

/* Decoded GATHER/SCATTER header (see lib/base/ops.def). */
typedef struct idx_hdr {
    int64_t         k;
    const int64_t * view;
    int64_t         cnt[DFG_MAX_DIMS];      /* colons resolved to extents */
    const int64_t * ix[DFG_MAX_DIMS];       /* NULL for a colon           */
    int64_t         nd_out;
    const int64_t * dout;
    int64_t         block;
} idx_hdr;

/* ext[j] is the extent a colon in dimension j stands for. */
static void index_decode(const int64_t * h, const int64_t * ext, idx_hdr * d)
{
    d->k = h[0];
    d->view = h + 1;
    d->nd_out = h[1 + 2 * d->k];
    d->dout = h + 2 + 2 * d->k;
    const int64_t * p = d->dout + d->nd_out;
    d->block = 1;
    for (int64_t j = 0; j < d->k; j++) {
        int64_t c = h[1 + d->k + j];
        d->ix[j] = c < 0 ? NULL : p;
        d->cnt[j] = c < 0 ? ext[j] : c;
        p += c < 0 ? 0 : c;
        d->block *= d->cnt[j];
    }
}

/* Visits the block in column-major order, calling back with the linear
 * offset into an array whose k-d view has the given dims. */
#define FOR_BLOCK(d, vdims, OFF, BODY) do {                                    \
        int64_t vs_[DFG_MAX_DIMS], c_[DFG_MAX_DIMS] = {0}, s_ = 1;             \
        for (int64_t j_ = 0; j_ < (d)->k; j_++) { vs_[j_] = s_; s_ *= (vdims)[j_]; } \
        for (int64_t b_ = 0; b_ < (d)->block; b_++) {                          \
            int64_t OFF = 0;                                                   \
            for (int64_t j_ = 0; j_ < (d)->k; j_++)                            \
                OFF += ((d)->ix[j_] ? (d)->ix[j_][c_[j_]] : c_[j_]) * vs_[j_];   \
            BODY;                                                              \
            for (int64_t j_ = 0; j_ < (d)->k; j_++) {                          \
                if (++c_[j_] < (d)->cnt[j_]) break;                            \
                c_[j_] = 0;                                                    \
            }                                                                  \
        }                                                                      \
    } while (0)

/* 1 when dimension j of the block takes every position of the view in
 * order (a colon, or the index list 0, 1, .., view - 1) */
static int takes_all(const idx_hdr * d, int64_t j)
{
    if (d->cnt[j] != d->view[j])
        return 0;
    if (!d->ix[j])
        return 1;
    for (int64_t q = 0; q < d->cnt[j]; q++)
        if (d->ix[j][q] != q)
            return 0;
    return 1;
}

/* The block copied in runs of contiguous memory: the leading dimensions
 * that take their whole view fold into one unit of `inner` elements;
 * the next dimension's index list (j0) is cut into stretches of
 * consecutive positions, each one memcpy of (stretch length x inner)
 * elements; the dimensions after it are walked by an odometer, each of
 * its steps ("outer" blocks) writing n0 * inner elements.  x(a:b, :),
 * x(:, a:b) and diff's slices become a few large copies instead of one
 * move per element (the order of the result is the same column-major
 * walk).  Large blocks split their outer steps over dfg's threads. */
typedef struct gather_ctx {
    idx_hdr         d;
    size_t          es;
    char *          out;
    const char *    in;
    int64_t         inner, j0, n0, outer, nt;
    int64_t         vs[DFG_MAX_DIMS];       /* element strides of the view */
} gather_ctx;

static void gather_part(void * ctx, int t)
{
    const gather_ctx * g = ctx;
    const idx_hdr * d = &g->d;
    int64_t len = dfg_par_chunk(g->outer, (int)g->nt, 1);
    int64_t b0 = (int64_t)t * len, b1 = b0 + len < g->outer ? b0 + len : g->outer;
    if (b0 >= b1)
        return;
    int64_t c[DFG_MAX_DIMS] = {0}, rest = b0, j0 = g->j0, n0 = g->n0, inner = g->inner;
    for (int64_t j = j0 + 1; j < d->k; j++) {        /* the odometer at step b0 */
        c[j] = rest % d->cnt[j];
        rest /= d->cnt[j];
    }
    const int64_t * ix0 = d->ix[j0];
    size_t es = g->es, ub = (size_t)inner * es;      /* bytes per unit */
    char * o = g->out + (size_t)b0 * (size_t)n0 * ub;
    for (int64_t b = b0; b < b1; b++) {
        int64_t base = 0;
        for (int64_t j = j0 + 1; j < d->k; j++)
            base += (d->ix[j] ? d->ix[j][c[j]] : c[j]) * g->vs[j];
        for (int64_t q = 0; q < n0;) {
            int64_t p = ix0 ? ix0[q] : q, run = 1;
            if (ix0)
                while (q + run < n0 && ix0[q + run] == p + run)
                    run++;
            else
                run = n0;
            const char * s = g->in + (base + p * inner) * (int64_t)es;
            if (run == 1 && inner == 1)
                copy_elem(es, o, s);
            else
                memcpy(o, s, (size_t)run * ub);
            o += (size_t)run * ub;
            q += run;
        }
        for (int64_t j = j0 + 1; j < d->k; j++) {
            if (++c[j] < d->cnt[j]) break;
            c[j] = 0;
        }
    }
}

int dfg_cpu_gather(size_t es, void * out, const void * in, const int64_t * hdr)
{
    gather_ctx g;
    index_decode(hdr, hdr + 1, &g.d);
    if (g.d.block == 0)
        return DFG_OK;
    g.es = es;
    g.out = out;
    g.in = in;
    g.inner = 1;
    g.j0 = 0;
    while (g.j0 < g.d.k && takes_all(&g.d, g.j0))
        g.inner *= g.d.view[g.j0++];
    if (g.j0 == g.d.k) {                    /* the whole array */
        memcpy(out, in, (size_t)(g.d.block * (int64_t)es));
        return DFG_OK;
    }
    int64_t st = g.inner;
    for (int64_t j = g.j0; j < g.d.k; j++) {
        g.vs[j] = st;
        st *= g.d.view[j];
    }
    g.n0 = g.d.cnt[g.j0];
    g.outer = g.d.block / (g.inner * g.n0);
    g.nt = dfg_threads_for(g.d.block);
    if (g.nt > g.outer)
        g.nt = g.outer;
    if (g.nt <= 1) {
        g.nt = 1;
        gather_part(&g, 0);
    } else {
        dfg_par_run((int)g.nt, gather_part, &g);
    }
    return DFG_OK;
}

/* out[off] += v[at] for the two floating classes. */
static inline void add_elem(int dt, char * o, int64_t off, const char * v, int64_t at)
{
    if (dt == DFG_DOUBLE)
        ((double *)(void *)o)[off] += ((const double *)(const void *)v)[at];
    else
        ((float *)(void *)o)[off] += ((const float *)(const void *)v)[at];
}

int dfg_cpu_scatter(int dt, int add, void * out, const void * in, int in_ndim,
                    const int64_t * in_dims, const void * v, int64_t v_numel,
                    const int64_t * hdr)
{
    size_t es = dfg_dtype_size(dt);
    /* the result's k-d view: dims_out with the trailing ones folded */
    int64_t rview[DFG_MAX_DIMS], xview[DFG_MAX_DIMS];
    int64_t k = hdr[0], nd_out = hdr[1 + 2 * k];
    const int64_t * dout = hdr + 2 + 2 * k;
    dfg_shape_fold((int)nd_out, dout, k, rview);
    for (int64_t j = 0; j < k; j++)
        xview[j] = hdr[1 + j];
    idx_hdr d;
    index_decode(hdr, rview, &d);
    int64_t rnumel = 1, xnumel = dfg_shape_numel(in_ndim, in_dims);
    for (int64_t j = 0; j < d.k; j++)
        rnumel *= rview[j];
    char * o = out;
    const char * x = in, * vv = v;
    if (rnumel == xnumel) {
        if (out != in)
            memcpy(o, x, (size_t)(xnumel * (int64_t)es));
    } else {
        /* growth: place x's view block at the start of the result's view */
        memset(o, 0, (size_t)(rnumel * (int64_t)es));
        int64_t c[DFG_MAX_DIMS] = {0};
        for (int64_t e = 0; e < xnumel; e++) {
            int64_t off = 0, s = 1;
            for (int64_t j = 0; j < d.k; j++) {
                off += c[j] * s;
                s *= rview[j];
            }
            copy_elem(es, o + off * (int64_t)es, x + e * (int64_t)es);
            for (int64_t j = 0; j < d.k; j++) {
                if (++c[j] < xview[j]) break;
                c[j] = 0;
            }
        }
    }
    int64_t at = 0;
    int64_t vstep = v_numel == 1 ? 0 : 1;
    if (add)
        FOR_BLOCK(&d, rview, off, { add_elem(dt, o, off, vv, at); at += vstep; });
    else
        FOR_BLOCK(&d, rview, off, { copy_elem(es, o + off * (int64_t)es, vv + at * (int64_t)es); at += vstep; });
    return DFG_OK;
}

int dfg_cpu_broadcast(size_t es, void * out, const void * in, int ndim,
                      const int64_t * in_dims, const int64_t * out_dims)
{
    int64_t str[DFG_MAX_DIMS], s = 1, numel = 1;
    for (int j = 0; j < ndim; j++) {
        str[j] = in_dims[j] == 1 ? 0 : s;    /* a broadcast dim does not move */
        s *= in_dims[j];
        numel *= out_dims[j];
    }
    int64_t ctr[DFG_MAX_DIMS] = {0}, ioff = 0;
    char * o = out;
    const char * x = in;
    /* the innermost dimension as a run: a copy, or one value repeated */
    int64_t run = ndim > 0 ? out_dims[0] : 1;
    if (run == 0)
        return DFG_OK;
    for (int64_t k = 0; k < numel; k += run) {
        if (str[0])
            memcpy(o + k * (int64_t)es, x + ioff * (int64_t)es, (size_t)(run * (int64_t)es));
        else
            for (int64_t i = 0; i < run; i++)
                copy_elem(es, o + (k + i) * (int64_t)es, x + ioff * (int64_t)es);
        for (int j = 1; j < ndim; j++) {
            ioff += str[j];
            if (++ctr[j] < out_dims[j])
                break;
            ioff -= str[j] * out_dims[j];
            ctr[j] = 0;
        }
    }
    return DFG_OK;
}

int dfg_cpu_cat(size_t es, void * out, int n, const void * const * in,
                const int64_t * extent, int ndim, const int64_t * out_dims,
                int dim)
{
    int64_t pre = 1, post = 1;
    for (int j = 0; j < dim; j++)
        pre *= out_dims[j];
    for (int j = dim + 1; j < ndim; j++)
        post *= out_dims[j];
    int64_t row = pre * out_dims[dim] * (int64_t)es;   /* bytes per outer step */
    int64_t at = 0;
    for (int k = 0; k < n; k++) {
        int64_t chunk = pre * extent[k] * (int64_t)es;
        if (chunk) {
            const char * s = in[k];
            char * o = (char *)out + at;
            for (int64_t q = 0; q < post; q++)
                memcpy(o + q * row, s + q * chunk, (size_t)chunk);
        }
        at += chunk;
    }
    return DFG_OK;
}

void dfg_cpu_symmetrize(int dt, int64_t n, void * a)
{
    size_t es = dfg_dtype_size(dt);
    char * p = a;
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = j + 1; i < n; i++)
            copy_elem(es, p + (i + n * j) * (int64_t)es, p + (j + n * i) * (int64_t)es);
}
