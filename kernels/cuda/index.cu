/* kernels/cuda/index.cu -- exact re-index copies: permute, cat, gather
 * (indexing), broadcast and scatter (indexed assignment, and its adding
 * form).  One thread per output element computes where its element
 * comes from; elements of 1, 4
 * or 8 bytes (logical, single, double) are moved as one word, so the
 * results are the CPU's (kernels/cpu/index.c) bit for bit. */
#include <stdlib.h>
#include "internal.h"
#include "../../lib/dfg.h"

/* an output's layout: its dims and, for each, the input's stride */
struct perm_map {
    int     ndim;
    int64_t odims[DFG_MAX_DIMS];
    int64_t ostr[DFG_MAX_DIMS];
};

static int launched(const char * what)
{
    return dfg_cu_check(cudaGetLastError(), what);
}

/* The offset of element k of an nd array of dims walked with strides
 * str (column-major counter of k, each digit times its stride). */
__device__ __forceinline__ int64_t strided_offset(int64_t k, int nd, const int64_t * dims,
                                                  const int64_t * str)
{
    int64_t off = 0;
    for (int j = 0; j < nd; j++) {
        off += k % dims[j] * str[j];
        k /= dims[j];
    }
    return off;
}

template <typename T>
__global__ void k_permute(T * out, const T * in, int64_t n, perm_map m)
{
    for (int64_t k = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; k < n;
         k += (int64_t)gridDim.x * blockDim.x) {
        out[k] = in[strided_offset(k, m.ndim, m.odims, m.ostr)];
    }
}

int dfg_cu_permute(int es, void * out, const void * in, int ndim, const int64_t * dims,
                   const int64_t * perm)
{
    int st = dfg_cu_ready();
    if (st)
        return st;
    if (es != 1 && es != 4 && es != 8)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): permute of %d-byte elements", es);
    if (ndim < 0 || ndim > DFG_MAX_DIMS)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): permute of %d dimensions", ndim);
    perm_map m;
    int64_t istr[DFG_MAX_DIMS], s = 1, n = 1;
    m.ndim = ndim;
    for (int j = 0; j < ndim; j++) {
        istr[j] = s;
        s *= dims[j];
    }
    for (int j = 0; j < ndim; j++) {
        if (perm[j] < 0 || perm[j] >= ndim)
            return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): permute: bad permutation");
        m.odims[j] = dims[perm[j]];
        m.ostr[j] = istr[perm[j]];
        n *= m.odims[j];
    }
    if (n <= 0)
        return 0;
    unsigned nb = dfg_cu_blocks(n);
    if (es == 8)
        k_permute<<<nb, 256, 0, dfg_cu_stream>>>((uint64_t *)out, (const uint64_t *)in, n, m);
    else if (es == 4)
        k_permute<<<nb, 256, 0, dfg_cu_stream>>>((uint32_t *)out, (const uint32_t *)in, n, m);
    else
        k_permute<<<nb, 256, 0, dfg_cu_stream>>>((uint8_t *)out, (const uint8_t *)in, n, m);
    return launched("dfg (GPU): permute kernel");
}

/* ---- cat --------------------------------------------------------------------
 * out = cat (dim, in[0], ...): viewed as [pre, extent, post], input k's
 * [pre, ext[k], post] goes to out's positions at + [0, pre * ext[k]) of
 * each of the post rows; one launch per input, one thread per element. */
template <typename T>
__global__ void k_cat_part(T * out, const T * in, int64_t chunk, int64_t row, int64_t n)
{
    for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < n;
         t += (int64_t)gridDim.x * blockDim.x)
        out[t / chunk * row + t % chunk] = in[t];
}

int dfg_cu_cat(int es, void * out, int n, const void * const * in, const int64_t * ext,
               int ndim, const int64_t * dims, int dim)
{
    int st = dfg_cu_ready();
    if (st)
        return st;
    if (es != 1 && es != 4 && es != 8)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): cat of %d-byte elements", es);
    if (ndim < 1 || ndim > DFG_MAX_DIMS || dim < 0 || dim >= ndim)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): cat along dimension %d of %d", dim + 1, ndim);
    int64_t pre = 1, post = 1;
    for (int j = 0; j < dim; j++)
        pre *= dims[j];
    for (int j = dim + 1; j < ndim; j++)
        post *= dims[j];
    const int64_t row = pre * dims[dim];        /* elements per outer step */
    int64_t at = 0;
    for (int k = 0; k < n; k++) {
        const int64_t chunk = pre * ext[k], total = chunk * post;
        if (total > 0) {
            unsigned nb = dfg_cu_blocks(total);
            if (es == 8)
                k_cat_part<<<nb, 256, 0, dfg_cu_stream>>>((uint64_t *)out + at,
                                                          (const uint64_t *)in[k], chunk, row, total);
            else if (es == 4)
                k_cat_part<<<nb, 256, 0, dfg_cu_stream>>>((uint32_t *)out + at,
                                                          (const uint32_t *)in[k], chunk, row, total);
            else
                k_cat_part<<<nb, 256, 0, dfg_cu_stream>>>((uint8_t *)out + at,
                                                          (const uint8_t *)in[k], chunk, row, total);
            if ((st = launched("dfg (GPU): cat kernel")))
                return st;
        }
        at += chunk;
    }
    return 0;
}

/* ---- gather (indexing) ---------------------------------------------------
 * out = x (i1, ..., ik) with lib/base/ops.def's GATHER header: x viewed as
 * a k-d array, the block of the index lists (a colon: the whole
 * dimension) in column-major order.  The host decodes the header; the
 * lists go to the device for the launch (stream-ordered memory, given
 * back after it); one thread per output element. */
struct gather_map {
    int     k;
    int64_t cnt[DFG_MAX_DIMS];       /* the block's extent in dimension j  */
    int64_t vs[DFG_MAX_DIMS];        /* x's stride in its view             */
    int64_t ixo[DFG_MAX_DIMS];       /* list j's start in ix, -1: a colon  */
};

template <typename T>
__global__ void k_gather(T * out, const T * in, const int64_t * ix, int64_t n, gather_map m)
{
    for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < n;
         t += (int64_t)gridDim.x * blockDim.x) {
        int64_t r = t, off = 0;
        for (int j = 0; j < m.k; j++) {
            const int64_t c = r % m.cnt[j];
            r /= m.cnt[j];
            off += (m.ixo[j] < 0 ? c : ix[m.ixo[j] + c]) * m.vs[j];
        }
        out[t] = in[off];
    }
}

int dfg_cu_gather(int es, void * out, const void * in, const int64_t * hdr)
{
    int st = dfg_cu_ready();
    if (st)
        return st;
    if (es != 1 && es != 4 && es != 8)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): indexing of %d-byte elements", es);
    const int64_t k = hdr[0];
    if (k < 1 || k > DFG_MAX_DIMS)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): indexing with %lld subscripts", (long long)k);
    /* [k, view (k), counts (k), ndim_out, dims_out (ndim_out), lists] */
    const int64_t * view = hdr + 1, * cnt = hdr + 1 + k;
    const int64_t * lists = hdr + 2 + 2 * k + hdr[1 + 2 * k];
    gather_map m;
    int64_t n = 1, s = 1, nix = 0;
    m.k = (int)k;
    for (int64_t j = 0; j < k; j++) {
        m.cnt[j] = cnt[j] < 0 ? view[j] : cnt[j];
        m.vs[j] = s;
        m.ixo[j] = cnt[j] < 0 ? -1 : nix;
        s *= view[j];
        n *= m.cnt[j];
        nix += cnt[j] < 0 ? 0 : cnt[j];
    }
    if (n <= 0)
        return 0;
    int64_t * dix = nullptr;
    if (nix > 0) {
        const size_t bytes = (size_t)nix * sizeof *dix;
        if ((st = dfg_cu_check(cudaMallocAsync((void **)&dix, bytes, dfg_cu_stream),
                               "dfg (GPU): indexing: device memory for the subscripts")))
            return st;
        /* from pageable memory: the call returns once the lists are staged */
        if ((st = dfg_cu_check(cudaMemcpyAsync(dix, lists, bytes, cudaMemcpyHostToDevice,
                                               dfg_cu_stream), "dfg (GPU): indexing: the subscripts"))) {
            cudaFreeAsync(dix, dfg_cu_stream);
            return st;
        }
    }
    unsigned nb = dfg_cu_blocks(n);
    if (es == 8)
        k_gather<<<nb, 256, 0, dfg_cu_stream>>>((uint64_t *)out, (const uint64_t *)in, dix, n, m);
    else if (es == 4)
        k_gather<<<nb, 256, 0, dfg_cu_stream>>>((uint32_t *)out, (const uint32_t *)in, dix, n, m);
    else
        k_gather<<<nb, 256, 0, dfg_cu_stream>>>((uint8_t *)out, (const uint8_t *)in, dix, n, m);
    st = launched("dfg (GPU): indexing kernel");
    if (dix) {
        int fr = dfg_cu_check(cudaFreeAsync(dix, dfg_cu_stream),
                              "dfg (GPU): indexing: freeing the subscripts");
        st = st ? st : fr;
    }
    return st;
}

/* ---- broadcast ---------------------------------------------------------------
 * out (dims odims) = in expanded: in has ndim dims idims, each 1 or the
 * output's; one thread per output element reads its input element (a
 * dimension of 1 has stride 0).  The map is permute's. */
int dfg_cu_broadcast(int es, void * out, const void * in, int ndim, const int64_t * idims,
                     const int64_t * odims)
{
    int st = dfg_cu_ready();
    if (st)
        return st;
    if (es != 1 && es != 4 && es != 8)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): broadcast of %d-byte elements", es);
    if (ndim < 0 || ndim > DFG_MAX_DIMS)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): broadcast of %d dimensions", ndim);
    perm_map m;
    int64_t s = 1, n = 1;
    m.ndim = ndim;
    for (int j = 0; j < ndim; j++) {
        if (idims[j] != 1 && idims[j] != odims[j])
            return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): broadcast: dimension %d is %lld, not 1 or %lld",
                               j + 1, (long long)idims[j], (long long)odims[j]);
        m.odims[j] = odims[j];
        m.ostr[j] = idims[j] == 1 ? 0 : s;
        s *= idims[j];
        n *= odims[j];
    }
    if (n <= 0)
        return 0;
    unsigned nb = dfg_cu_blocks(n);
    if (es == 8)
        k_permute<<<nb, 256, 0, dfg_cu_stream>>>((uint64_t *)out, (const uint64_t *)in, n, m);
    else if (es == 4)
        k_permute<<<nb, 256, 0, dfg_cu_stream>>>((uint32_t *)out, (const uint32_t *)in, n, m);
    else
        k_permute<<<nb, 256, 0, dfg_cu_stream>>>((uint8_t *)out, (const uint8_t *)in, n, m);
    return launched("dfg (GPU): broadcast kernel");
}

/* ---- scatter (indexed assignment) ----------------------------------------
 * out = x with the block x (i1, ..., ik) set to v, or added to (scatter_add),
 * lib/base/ops.def's SCATTER header; the result's k-d view is dims_out
 * with the trailing dims folded into the last, as kernels/cpu/index.c.
 *
 * Deterministic with repeated subscripts: one thread per destination
 * element, not per block element.  For each list the host sorts the
 * block positions c by the destination ix[c] they name (a stable counting
 * sort: dst, the distinct destinations in order; beg, where each one's
 * positions start in ord; ord, the positions).  A destination element
 * reached by several block elements then takes the last one's value
 * (set: the CPU's last write), or adds them all in block order, one
 * rounding a step, to x's value (add: the CPU's sums bit for bit). */
struct scatter_map {
    int     k;
    int64_t nu[DFG_MAX_DIMS];        /* destinations in dimension j        */
    int64_t rs[DFG_MAX_DIMS];        /* the result's stride in its view    */
    int64_t bs[DFG_MAX_DIMS];        /* the block's stride                 */
    int64_t dst[DFG_MAX_DIMS];       /* where list j's arrays start in the  */
    int64_t beg[DFG_MAX_DIMS];       /* device array, -1: a colon          */
    int64_t ord[DFG_MAX_DIMS];
};

template <typename T, bool ADD>
__global__ void k_scatter(T * out, const T * v, int vstep, const int64_t * a, int64_t n,
                          scatter_map m)
{
    for (int64_t t = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; t < n;
         t += (int64_t)gridDim.x * blockDim.x) {
        int64_t r = t, off = 0, lo[DFG_MAX_DIMS], hi[DFG_MAX_DIMS];
        for (int j = 0; j < m.k; j++) {
            const int64_t u = r % m.nu[j];
            r /= m.nu[j];
            if (m.dst[j] < 0) {              /* a colon: position u itself */
                off += u * m.rs[j];
                lo[j] = u;
                hi[j] = u + 1;
            } else {
                off += a[m.dst[j] + u] * m.rs[j];
                lo[j] = a[m.beg[j] + u];
                hi[j] = a[m.beg[j] + u + 1];
            }
        }
        if constexpr (!ADD) {
            int64_t b = 0;                   /* the last block element here */
            for (int j = 0; j < m.k; j++)
                b += (m.dst[j] < 0 ? hi[j] - 1 : a[m.ord[j] + hi[j] - 1]) * m.bs[j];
            out[off] = v[vstep ? b : 0];
        } else {
            /* every block element here, in block order (the first dimension
             * fastest), each position list ascending */
            int64_t p[DFG_MAX_DIMS];
            for (int j = 0; j < m.k; j++)
                p[j] = lo[j];
            T acc = out[off];
            for (;;) {
                int64_t b = 0;
                for (int j = 0; j < m.k; j++)
                    b += (m.dst[j] < 0 ? p[j] : a[m.ord[j] + p[j]]) * m.bs[j];
                acc += v[vstep ? b : 0];
                int j = 0;
                for (; j < m.k; j++) {
                    if (++p[j] < hi[j])
                        break;
                    p[j] = lo[j];
                }
                if (j == m.k)
                    break;
            }
            out[off] = acc;
        }
    }
}

/* x placed at the start of a larger result: x's element e, of the k-d
 * view xv, goes to the same subscripts in the result's view */
struct grow_map {
    int     k;
    int64_t xv[DFG_MAX_DIMS];
    int64_t rs[DFG_MAX_DIMS];
};

template <typename T>
__global__ void k_grow(T * out, const T * x, int64_t n, grow_map m)
{
    for (int64_t e = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; e < n;
         e += (int64_t)gridDim.x * blockDim.x) {
        out[strided_offset(e, m.k, m.xv, m.rs)] = x[e];
    }
}

template <typename T>
static void launch_grow(void * out, const void * x, int64_t n, const grow_map & m)
{
    k_grow<<<dfg_cu_blocks(n), 256, 0, dfg_cu_stream>>>((T *)out, (const T *)x, n, m);
}

template <typename T, bool ADD>
static void launch_scatter(void * out, const void * v, int vstep, const int64_t * a, int64_t n,
                           const scatter_map & m)
{
    k_scatter<T, ADD><<<dfg_cu_blocks(n), 256, 0, dfg_cu_stream>>>((T *)out, (const T *)v, vstep,
                                                                   a, n, m);
}

/* The host side of the lists: for each list j of cnt[j] positions into a
 * dimension of extent ext[j], the arrays dst, beg, ord appended to a (room
 * for sum (3 cnt[j] + 1) words), their offsets and the destination counts
 * into m; h: scratch of max ext[j] words.  0, or 1 for a subscript outside
 * its dimension. */
static int scatter_lists(const int64_t * const * ix, const int64_t * cnt, const int64_t * ext,
                         int k, int64_t * a, int64_t * h, int64_t * used, scatter_map * m)
{
    int64_t at = 0;
    for (int j = 0; j < k; j++) {
        if (!ix[j]) {
            m->dst[j] = m->beg[j] = m->ord[j] = -1;
            m->nu[j] = ext[j];
            continue;
        }
        for (int64_t d = 0; d < ext[j]; d++)
            h[d] = 0;
        for (int64_t c = 0; c < cnt[j]; c++) {
            if (ix[j][c] < 0 || ix[j][c] >= ext[j])
                return 1;
            h[ix[j][c]]++;
        }
        int64_t nu = 0;
        for (int64_t d = 0; d < ext[j]; d++)
            nu += h[d] > 0;
        int64_t * dst = a + at, * beg = dst + nu, * ord = beg + nu + 1;
        /* h[d] becomes where destination d's positions go in ord */
        int64_t u = 0, s = 0;
        for (int64_t d = 0; d < ext[j]; d++)
            if (h[d]) {
                const int64_t c = h[d];
                dst[u] = d;
                beg[u++] = s;
                h[d] = s;
                s += c;
            }
        beg[nu] = s;
        for (int64_t c = 0; c < cnt[j]; c++)  /* ascending: a stable sort */
            ord[h[ix[j][c]]++] = c;
        m->dst[j] = at;
        m->beg[j] = at + nu;
        m->ord[j] = at + 2 * nu + 1;
        m->nu[j] = nu;
        at += 2 * nu + 1 + cnt[j];
    }
    *used = at;
    return 0;
}

int dfg_cu_scatter(int add, int es, void * out, const void * x, int64_t x_numel, const void * v,
                   int64_t v_numel, const int64_t * hdr)
{
    int st = dfg_cu_ready();
    if (st)
        return st;
    if (add != 0 && add != 1)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): scatter mode %d", add);
    if (add ? es != 8 && es != 4 : es != 1 && es != 4 && es != 8)
        return dfg_cu_fail(DFG_CUDA_UNSUPPORTED, "dfg (GPU): scatter%s of %d-byte elements",
                           add ? "_add" : "", es);
    const int64_t k = hdr[0];
    if (k < 1 || k > DFG_MAX_DIMS)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): indexed assignment with %lld subscripts",
                           (long long)k);
    /* [k, view (k), counts (k), ndim_out, dims_out (ndim_out), lists] */
    const int64_t * xview = hdr + 1, * cnt = hdr + 1 + k;
    const int64_t nd_out = hdr[1 + 2 * k], * dout = hdr + 2 + 2 * k;
    int64_t rview[DFG_MAX_DIMS], ccnt[DFG_MAX_DIMS], rnumel = 1, block = 1, nlist = 0, hmax = 0;
    const int64_t * ix[DFG_MAX_DIMS], * p = dout + nd_out;
    for (int64_t j = 0; j < k; j++)           /* dims_out folded to k (dfg_shape_fold) */
        rview[j] = j < nd_out ? dout[j] : 1;
    for (int64_t j = k; j < nd_out; j++)
        rview[k - 1] *= dout[j];
    scatter_map m;
    grow_map g;
    m.k = g.k = (int)k;
    for (int64_t j = 0; j < k; j++) {
        ix[j] = cnt[j] < 0 ? nullptr : p;
        ccnt[j] = cnt[j] < 0 ? rview[j] : cnt[j];
        p += cnt[j] < 0 ? 0 : cnt[j];
        m.rs[j] = g.rs[j] = rnumel;
        m.bs[j] = block;
        g.xv[j] = xview[j];
        rnumel *= rview[j];
        block *= ccnt[j];
        nlist += cnt[j] < 0 ? 0 : 3 * cnt[j] + 1;
        if (cnt[j] >= 0 && rview[j] > hmax)
            hmax = rview[j];
    }
    if (block > 0 && v_numel != 1 && v_numel != block)
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): indexed assignment of %lld values to %lld",
                           (long long)v_numel, (long long)block);
    /* x, or x placed in zeros where the result grows */
    const size_t ub = (size_t)es;
    if (rnumel == x_numel) {
        if (out != x && x_numel > 0 &&
            (st = dfg_cu_check(cudaMemcpyAsync(out, x, (size_t)x_numel * ub,
                                               cudaMemcpyDeviceToDevice, dfg_cu_stream),
                               "dfg (GPU): indexed assignment: copying x")))
            return st;
    } else {
        if (rnumel > 0 &&
            (st = dfg_cu_check(cudaMemsetAsync(out, 0, (size_t)rnumel * ub, dfg_cu_stream),
                               "dfg (GPU): indexed assignment: zeros")))
            return st;
        if (x_numel > 0) {
            if (es == 8)
                launch_grow<uint64_t>(out, x, x_numel, g);
            else if (es == 4)
                launch_grow<uint32_t>(out, x, x_numel, g);
            else
                launch_grow<uint8_t>(out, x, x_numel, g);
            if ((st = launched("dfg (GPU): indexed assignment: growth kernel")))
                return st;
        }
    }
    if (block <= 0)
        return 0;
    /* the sorted lists, made here, used on the device */
    int64_t * a = nullptr, * h = nullptr, used = 0;
    if (nlist > 0) {
        a = (int64_t *)malloc((size_t)nlist * sizeof *a);
        h = (int64_t *)malloc((size_t)(hmax > 0 ? hmax : 1) * sizeof *h);
        if (!a || !h) {
            free(a);
            free(h);
            return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): indexed assignment: out of host memory");
        }
    }
    if (scatter_lists(ix, ccnt, rview, (int)k, a, h, &used, &m)) {
        free(a);
        free(h);
        return dfg_cu_fail(DFG_CUDA_ERR, "dfg (GPU): indexed assignment: a subscript out of range");
    }
    free(h);
    int64_t * da = nullptr, n = 1;
    for (int64_t j = 0; j < k; j++)
        n *= m.nu[j];
    if (used > 0) {
        const size_t bytes = (size_t)used * sizeof *da;
        st = dfg_cu_check(cudaMallocAsync((void **)&da, bytes, dfg_cu_stream),
                          "dfg (GPU): indexed assignment: device memory for the subscripts");
        /* from pageable memory: the call returns once the lists are staged */
        if (!st && (st = dfg_cu_check(cudaMemcpyAsync(da, a, bytes, cudaMemcpyHostToDevice,
                                                      dfg_cu_stream),
                                      "dfg (GPU): indexed assignment: the subscripts")))
            cudaFreeAsync(da, dfg_cu_stream);
    }
    free(a);
    if (st)
        return st;
    const int vstep = v_numel == 1 ? 0 : 1;
    if (add && es == 8)
        launch_scatter<double, true>(out, v, vstep, da, n, m);
    else if (add)
        launch_scatter<float, true>(out, v, vstep, da, n, m);
    else if (es == 8)
        launch_scatter<uint64_t, false>(out, v, vstep, da, n, m);
    else if (es == 4)
        launch_scatter<uint32_t, false>(out, v, vstep, da, n, m);
    else
        launch_scatter<uint8_t, false>(out, v, vstep, da, n, m);
    st = launched("dfg (GPU): indexed assignment kernel");
    if (da) {
        int fr = dfg_cu_check(cudaFreeAsync(da, dfg_cu_stream),
                              "dfg (GPU): indexed assignment: freeing the subscripts");
        st = st ? st : fr;
    }
    return st;
}
