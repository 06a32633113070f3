/* lib/runtime/exec.c -- runs one node on the CPU (the CPU backend's steps,
 * backend-cpu.c): the one place where (op, class) is mapped to a CPU
 * kernel.  Buffers are owned by the caller (the plan). */
#include <math.h>
#include <string.h>
#include "backend.h"
#include "../../kernels/cpu/cpu.h"
#include "../../kernels/cpu/fused.h"

void dfg_split_dim(const dfg_node * x, int dim, int64_t * pre, int64_t * n,
                   int64_t * post)
{
    *pre = 1; *n = 1; *post = 1;
    for (int j = 0; j < x->ndim; j++) {
        if (j < dim) *pre *= x->dims[j];
        else if (j == dim) *n = x->dims[j];
        else *post *= x->dims[j];
    }
}

static const int red_code[DFG_OP_COUNT] = {
    [DFG_OP_SUM] = DFG_RED_SUM, [DFG_OP_PROD] = DFG_RED_PROD,
    [DFG_OP_MAX] = DFG_RED_MAX, [DFG_OP_MIN] = DFG_RED_MIN,
    [DFG_OP_ANY] = DFG_RED_ANY, [DFG_OP_ALL] = DFG_RED_ALL,
    [DFG_OP_ARGMAX] = DFG_RED_ARGMAX, [DFG_OP_ARGMIN] = DFG_RED_ARGMIN,
};

int64_t * dfg_cat_extents(const dfg_node * n, int64_t * small)
{
    int64_t * ext = small;
    if (n->n_in > 16 && !(ext = dfg_malloc((size_t)n->n_in * sizeof *ext))) {
        dfg_set_error(DFG_ERR_NOMEM, "dfg.cat: out of memory");
        return NULL;
    }
    int dim = (int)n->iattr[0];
    for (int k = 0; k < n->n_in; k++)
        ext[k] = dim < n->in[k]->ndim ? n->in[k]->dims[dim] : 1;
    return ext;
}

int dfg_red_code(int op)
{
    int isred = op >= 0 && op < DFG_OP_COUNT && dfg_ops[op].family == DFG_FAM_REDUCE;
    return isred ? red_code[op] : -1;
}

/* 1 when the n x n matrix p is exactly symmetric (Octave's issymmetric,
 * which picks the symmetric solver). */
static int is_symmetric(const dfg_node * a, const void * p)
{
    int64_t n = a->dims[0];
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = j + 1; i < n; i++) {
            int same = a->dtype == DFG_DOUBLE
                ? ((const double *)p)[i + n * j] == ((const double *)p)[j + n * i]
                : ((const float *)p)[i + n * j] == ((const float *)p)[j + n * i];
            if (!same)
                return 0;
        }
    return 1;
}

/* 1 when the n x n matrix p (double or single) is diagonal (Octave's isdiag). */
static int is_diagonal(const dfg_node * a, const void * p)
{
    int64_t n = a->dims[0];
    for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < n; i++) {
            double v = a->dtype == DFG_DOUBLE ? ((const double *)p)[i + n * j] : ((const float *)p)[i + n * j];
            if (i != j && v != 0)
                return 0;
        }
    return 1;
}

static dfg_status exec_linalg(const dfg_node * n, void * out, const void * const * in)
{
    const dfg_node * a = n->in[0];
    int dt = n->dtype;
    int64_t m = a->dims[0], q = a->dims[1], k = m < q ? m : q;
    size_t es = dfg_dtype_size(dt);
    char * o = out;
    switch (n->op) {
    case DFG_OP_MLDIVIDE:
        return dfg_cpu_mldivide(dt, m, q, n->in[1]->dims[1], in[0], in[1], out);
    case DFG_OP_INV:   return dfg_cpu_inv(dt, m, in[0], out);
    case DFG_OP_DET:   return dfg_cpu_det(dt, m, in[0], out);
    case DFG_OP_CHOL:  return dfg_cpu_chol(dt, m, in[0], out);
    case DFG_OP_LU:
        return dfg_cpu_lu(dt, m, q, in[0], o, o + es * (size_t)(m * k),
                          o + es * (size_t)(m * k + k * q), (int)n->iattr[0]);
    case DFG_OP_QR: {
        if (n->iattr[0] == 2)
            return dfg_cpu_qr_raw(dt, m, q, in[0], out);
        int64_t qc = n->iattr[0] ? k : m;
        return dfg_cpu_qr(dt, (int)n->iattr[0], m, q, in[0], o, o + es * (size_t)(m * qc));
    }
    case DFG_OP_EIG_SYM:
        /* as Octave's EIG: the symmetric solver for an exactly symmetric A,
         * else the general one (a real spectrum, or an error) */
        if (!is_symmetric(a, in[0]))
            return dfg_cpu_eig_gen(dt, m, in[0], o, n->iattr[0] ? o + es * (size_t)m : NULL);
        return dfg_cpu_eig_sym(dt, m, in[0], o, n->iattr[0] ? o + es * (size_t)m : NULL);
    case DFG_OP_SVD:
        if (!n->iattr[0])
            return dfg_cpu_svd_values(dt, m, q, in[0], out);
        if (n->iattr[0] == 2)
            return dfg_cpu_svd_full(dt, m, q, in[0], o, o + es * (size_t)(m * m),
                                    o + es * (size_t)(m * m + k));
        return dfg_cpu_svd(dt, m, q, in[0], o, o + es * (size_t)(m * k),
                           o + es * (size_t)(m * k + k));
    case DFG_OP_PINV:     return dfg_cpu_pinv_tol(dt, m, q, in[0], n->dattr[0], out);
    case DFG_OP_EXPM:     return dfg_cpu_expm(dt, m, in[0], out);
    case DFG_OP_SQRTM:    return dfg_cpu_sqrtm(dt, m, in[0], out);
    case DFG_OP_LOGM: {
        /* i[1]: OPT_ITERS given as d[0], d[1] (else 100); i[0]: ITERS
         * packed after S */
        double lo = n->iattr[1] ? n->dattr[0] : 100, hi = n->iattr[1] ? n->dattr[1] : 100, k = 0;
        if (n->iattr[2] && m > 1 && !is_diagonal(a, in[0]))   /* i[2]: A was logical */
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.logm: A is a logical matrix that is not diagonal: Octave "
                                 "7.3's logm errors there (schur: wrong type argument 'bool matrix'); use "
                                 "logm (double (A))");
        dfg_status st = dfg_cpu_logm_opt(dt, m, in[0], lo, hi, out, n->iattr[0] ? &k : NULL);
        if (!st && n->iattr[0]) {
            if (dt == DFG_DOUBLE)
                ((double *)out)[m * m] = k;
            else
                ((float *)out)[m * m] = (float)k;
        }
        return st;
    }
    case DFG_OP_FRECHET:
        return dfg_cpu_frechet(dt, n->iattr[0] == DFG_OP_EXPM ? 'e' : n->iattr[0] == DFG_OP_SQRTM ? 's' : 'l',
                               m, in[0], in[1], n->iattr[1] ? n->dattr[0] : 100, out);
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no kernel for %s", dfg_ops[n->op].name);
}

/* A fused kernel: outs[j] receives output j; outs == NULL: the outputs go
 * to their places in the packed buffer packed. */
dfg_status dfg_exec_fused(const dfg_node * n, void * const * outs, void * packed,
                          const void * const * in)
{
    int64_t no = FP_NO(n->idx);
    int dt_small[16];
    int64_t (*dims)[DFG_MAX_DIMS] = dfg_malloc(((size_t)n->n_in + 1) * sizeof *dims);
    int * dts = n->n_in <= 16 ? dt_small : dfg_malloc((size_t)n->n_in * sizeof *dts);
    void ** o = dfg_malloc(((size_t)no + 1) * sizeof *o);
    dfg_status st;
    if (!dims || !dts || !o) {
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory running a fused kernel");
        goto done;
    }
    int nd = (int)FP_NDIM(n->idx);
    for (int k = 0; k < n->n_in; k++) {
        const dfg_node * x = n->in[k];
        dts[k] = x->dtype;
        for (int j = 0; j < nd; j++)
            dims[k][j] = j < x->ndim ? x->dims[j] : 1;
    }
    for (int64_t j = 0; j < no; j++)
        o[j] = outs ? outs[j] : (char *)packed + FP_O(n->idx, j)[4];
    st = dfg_cpu_fused(n->idx, n->n_in, in, dts, (const int64_t (*)[DFG_MAX_DIMS])dims, o, NULL, 0);
done:
    dfg_free(dims);
    if (dts != dt_small)
        dfg_free(dts);
    dfg_free(o);
    return st;
}

dfg_status dfg_exec_node(const dfg_node * n, void * out, const void * const * in)
{
    if (n->numel == 0)
        return DFG_OK;
    const dfg_node * x = n->in[0];
    switch (dfg_ops[n->op].family) {
    case DFG_FAM_UNARY:
        if (n->op == DFG_OP_PSI)
            return dfg_cpu_psi(n->dtype, (int)n->iattr[0], out, in[0], n->numel);
        return dfg_cpu_unary(n->op, x->dtype, n->dtype, out, in[0], n->numel);
    case DFG_FAM_BINARY:
    case DFG_FAM_TERNARY: {
        int64_t ind[3][DFG_MAX_DIMS];
        int     dts[3];
        for (int k = 0; k < n->n_in; k++) {
            dts[k] = n->in[k]->dtype;
            for (int j = 0; j < n->ndim; j++)
                ind[k][j] = j < n->in[k]->ndim ? n->in[k]->dims[j] : 1;
        }
        if (n->op == DFG_OP_BETAINC)
            return dfg_cpu_betainc((int)n->iattr[0], dts, n->dtype, out, in, n->ndim, n->dims,
                                   (const int64_t (*)[DFG_MAX_DIMS])ind);
        if (n->op == DFG_OP_GAMMAINC)
            return dfg_cpu_gammainc((int)n->iattr[0], dts, n->dtype, out, in, n->ndim, n->dims,
                                    (const int64_t (*)[DFG_MAX_DIMS])ind);
        if (n->op == DFG_OP_GAMMAINC_DA)
            return dfg_cpu_gammainc_da((int)n->iattr[0], (int)n->iattr[1] + 1, dts, n->dtype, out, in,
                                       n->ndim, n->dims, (const int64_t (*)[DFG_MAX_DIMS])ind);
        if (n->op == DFG_OP_BETAINC_D)
            return dfg_cpu_betainc_d((int)n->iattr[0], (int)n->iattr[1], dts, n->dtype, out, in,
                                     n->ndim, n->dims, (const int64_t (*)[DFG_MAX_DIMS])ind);
        return dfg_cpu_nary(n->op, n->n_in, dts, n->dtype, out, in, n->ndim,
                            n->dims, (const int64_t (*)[DFG_MAX_DIMS])ind);
    }
    case DFG_FAM_REDUCE: {
        int64_t pre, len, post;
        dfg_split_dim(x, (int)n->iattr[0], &pre, &len, &post);
        return dfg_cpu_reduce(red_code[n->op], x->dtype, n->dtype, out, in[0], pre, len, post);
    }
    case DFG_FAM_SCAN: {
        int64_t pre, len, post;
        dfg_split_dim(x, (int)n->iattr[0], &pre, &len, &post);
        return dfg_cpu_scan(n->op == DFG_OP_CUMSUM ? DFG_SCAN_CUMSUM : DFG_SCAN_CUMPROD,
                            x->dtype, n->dtype, out, in[0], pre, len, post);
    }
    case DFG_FAM_ORDER: {
        if (n->op == DFG_OP_LOOKUP)
            return dfg_cpu_lookup(n->in[0]->dtype, n->in[1]->dtype, (int)n->iattr[0], out, in[0],
                                  n->in[0]->numel, in[1], n->in[1]->numel);
        int64_t pre, len, post;
        dfg_split_dim(x, (int)n->iattr[0], &pre, &len, &post);
        switch (n->op) {
        case DFG_OP_SORT_INDEX:
            return dfg_cpu_sort_index(x->dtype, (int)n->iattr[1], out, in[0], pre, len, post);
        case DFG_OP_CUMMAX_INDEX: case DFG_OP_CUMMIN_INDEX:
            return dfg_cpu_cumext_index(x->dtype, n->op == DFG_OP_CUMMAX_INDEX, out, in[0],
                                        pre, len, post);
        case DFG_OP_MEDIAN_INDEX:
            return dfg_cpu_median_index(x->dtype, out, in[0], pre, len, post);
        case DFG_OP_DIFF:
            return dfg_cpu_diff(x->dtype, out, in[0], pre, len, post);
        default: {
            /* TAKE reads x (length len) at p's length; TAKE_ADD reads g and
             * p (length len) into the result's length */
            int64_t pre2, len2, post2;
            dfg_split_dim(n, (int)n->iattr[0], &pre2, &len2, &post2);
            if (n->op == DFG_OP_TAKE)
                return dfg_cpu_take(n->dtype, 0, out, in[0], in[1], pre, len, len2, post);
            return dfg_cpu_take(n->dtype, 1, out, in[0], in[1], pre, len2, len, post);
        }
        }
    }
    case DFG_FAM_SIGNAL: {
        int dim = (int)n->iattr[0];
        int64_t pre, len, post;
        if (n->op == DFG_OP_FILTER) {
            const dfg_node * xs = n->in[2];
            dfg_split_dim(xs, dim, &pre, &len, &post);
            return dfg_cpu_filter(n->dtype, out, in[0], n->in[0]->numel, in[1], n->in[1]->numel,
                                  in[2], n->in[3]->numel ? in[3] : NULL, pre, len, post);
        }
        if (n->op == DFG_OP_CONV2) {
            const dfg_node * a = n->in[0], * b = n->in[1];
            return dfg_cpu_conv2(n->dtype, out, in[0], a->dims[0], a->dims[1], in[1], b->dims[0],
                                 b->dims[1], n->iattr[1], n->iattr[2], n->iattr[3], n->iattr[4],
                                 (int)n->iattr[5]);
        }
        int64_t pa, na, qa, pb, nb, qb;
        dfg_split_dim(n, dim, &pre, &len, &post);
        dfg_split_dim(n->in[0], dim, &pa, &na, &qa);
        dfg_split_dim(n->in[1], dim, &pb, &nb, &qb);
        return dfg_cpu_conv(n->dtype, out, in[0], na, pa * qa != 1 || pre * post == 1,
                            in[1], nb, pb * qb != 1 || pre * post == 1, n->iattr[1], len, pre, post,
                            (int)n->iattr[3]);
    }
    case DFG_FAM_RESHAPE:
        if (out != in[0])
            memcpy(out, in[0], (size_t)n->numel * dfg_dtype_size(n->dtype));
        return DFG_OK;
    case DFG_FAM_PERMUTE: {
        int64_t d[DFG_MAX_DIMS];
        int nd = (int)n->iattr[0];
        for (int j = 0; j < nd; j++)
            d[j] = j < x->ndim ? x->dims[j] : 1;
        return dfg_cpu_permute(dfg_dtype_size(n->dtype), out, in[0], nd, d, n->iattr + 1);
    }
    case DFG_FAM_GATHER:
        return dfg_cpu_gather(dfg_dtype_size(n->dtype), out, in[0], n->idx);
    case DFG_FAM_SCATTER:
        return dfg_cpu_scatter(n->dtype, n->op == DFG_OP_SCATTER_ADD, out, in[0], x->ndim, x->dims,
                               in[1], n->in[1]->numel, n->idx);
    case DFG_FAM_CAT: {
        int64_t small[16], * ext = dfg_cat_extents(n, small);
        if (!ext)
            return DFG_ERR_NOMEM;
        int dim = (int)n->iattr[0];
        dfg_status st = dfg_cpu_cat(dfg_dtype_size(n->dtype), out, n->n_in, in, ext,
                                    n->ndim, n->dims, dim);
        if (ext != small)
            dfg_free(ext);
        return st;
    }
    case DFG_FAM_MATMUL: {
        int64_t ka = n->iattr[0] ? x->dims[0] : x->dims[1];
        int gram = n->iattr[2] == 1;
        dfg_status st = dfg_cpu_gemm(n->dtype, (int)n->iattr[0], (int)n->iattr[1], gram,
                                     n->dims[0], n->dims[1], ka, in[0], in[1], out);
        /* A'*A and A*A' are symmetric in Octave (it calls xSYRK): make the
         * rounding of the two triangles agree so eig and chol accept it */
        if (!st && gram)
            dfg_cpu_symmetrize(n->dtype, n->dims[0], out);
        return st;
    }
    case DFG_FAM_LINALG:
        return exec_linalg(n, out, in);
    case DFG_FAM_BROADCAST: {
        int64_t d[DFG_MAX_DIMS];
        for (int j = 0; j < n->ndim; j++)
            d[j] = j < x->ndim ? x->dims[j] : 1;
        return dfg_cpu_broadcast(dfg_dtype_size(n->dtype), out, in[0], n->ndim, d, n->dims);
    }
    case DFG_FAM_PART: {
        size_t es = dfg_dtype_size(n->dtype);
        memcpy(out, (const char *)in[0] + (size_t)n->iattr[0] * es, (size_t)n->numel * es);
        return DFG_OK;
    }
    case DFG_FAM_RAND: {
        double ctr = x->dtype == DFG_DOUBLE ? *(const double *)in[0] : *(const float *)in[0];
        return dfg_cpu_rand(n->dtype, out, n->numel, (uint64_t)n->dattr[0], (uint64_t)n->dattr[1], ctr);
    }
    case DFG_FAM_CTRL:
        if (n->op == DFG_OP_CTRL_OUT) {
            memcpy(out, (const char *)in[0] + n->iattr[1],
                   (size_t)n->numel * dfg_dtype_size(n->dtype));
            return DFG_OK;
        }
        if (dfg_family_of(n)->exec)
            return dfg_family_of(n)->exec(n, out, in);
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no executor for %s", dfg_ops[n->op].name);
    case DFG_FAM_FUSED:
        if (n->op == DFG_OP_FUSED_OUT) {
            memcpy(out, (const char *)in[0] + n->iattr[1],
                   (size_t)n->numel * dfg_dtype_size(n->dtype));
            return DFG_OK;
        }
        return dfg_exec_fused(n, NULL, out, in);
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no kernel for %s", dfg_ops[n->op].name);
}

/* A fused kernel with its operands' classes and sizes worked out when the
 * plan was compiled and working memory from the plan: no allocation.
 * outs == NULL: the outputs go to their places in the packed buffer. */
dfg_status dfg_exec_fused_with(const dfg_node * n, void * const * outs, void * packed,
                               const void * const * in, const int * dts,
                               const int64_t (*dims)[DFG_MAX_DIMS],
                               void * scratch, size_t scratch_bytes)
{
    void * o[64];
    int64_t no = FP_NO(n->idx);
    if (no > 64)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused kernel with too many outputs");
    for (int64_t j = 0; j < no; j++)
        o[j] = outs ? outs[j] : (char *)packed + FP_O(n->idx, j)[4];
    return dfg_cpu_fused(n->idx, n->n_in, in, dts, dims, o, scratch, scratch_bytes);
}
