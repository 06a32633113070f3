/* kernels/cuda/index.cu -- exact re-index copies: permute, cat and gather
 * (indexing).  One thread per output element computes where its element
 * comes from; elements of 1, 4
 * or 8 bytes (logical, single, double) are moved as one word, so the
 * results are the CPU's (kernels/cpu/index.c) bit for bit. */
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

template <typename T>
__global__ void k_permute(T * out, const T * in, int64_t n, perm_map m)
{
    for (int64_t k = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; k < n;
         k += (int64_t)gridDim.x * blockDim.x) {
        int64_t r = k, off = 0;
        for (int j = 0; j < m.ndim; j++) {
            off += r % m.odims[j] * m.ostr[j];
            r /= m.odims[j];
        }
        out[k] = in[off];
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
