/* lib/runtime/backend-cuda.c -- the GPU backend: the CUDA library of
 * kernels/cuda (opened and probed by device.c) behind the backend
 * interface.  Its buffers are device memory the host must not touch; its
 * steps are the element-wise (unary, binary, merge), fused (FUSED programs
 * dfg_cuda_fused_ok accepts, and the copies of FUSED_OUT), reduction,
 * product (gemm, and xSYRK for A'*A), linear-algebra (cuSOLVER), scan,
 * re-index (permute, cat, gather, broadcast, scatter, part) and rand
 * kernels the library has (supports says which: a plan runs every other
 * op on the host, lib/runtime/place.c; a plan compiled for it runs the
 * fuse pass, its supports answering yes to a FUSED node without a
 * program); a failed
 * library call is DFG_ERR_DEVICE with the library's message (no usable
 * device DFG_ERR_NODEVICE), an op it has no kernel for
 * DFG_ERR_UNSUPPORTED, a bad rand counter DFG_ERR_ARG as on the CPU, and
 * its cost model is measured on the GPU once (cu_model).
 *
 * Never run on a GPU: no GPU was lent while it was written.  The plans it
 * runs are tested on the sim device placed as on a GPU (its supports is
 * dfg_cuda_supports, DFG_SIM_HOST_OPS=gpu); tests/c/test-backend.c checks
 * that the backend is absent, with the reason, where no GPU can be used,
 * and tests/c/test-cuda.c checks the kernels against the CPU's where one
 * can. */
#include <string.h>
#include "backend.h"
#include "../../kernels/cpu/cpu.h"
#include "../../kernels/cuda/dfg_cuda.h"

static const dfg_cuda_api * cu;       /* set by dfg_backend_cuda */

static dfg_status cu_status(int rc)
{
    if (!rc)
        return DFG_OK;
    if (rc == DFG_CUDA_UNSUPPORTED)
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "%s", cu->last_error());
    if (rc == DFG_CUDA_DOMAIN)
        return dfg_set_error(DFG_ERR_DOMAIN, "%s", cu->last_error());
    if (rc == DFG_CUDA_NODEVICE)
        return dfg_set_error(DFG_ERR_NODEVICE, "%s", cu->last_error());
    if (rc == DFG_CUDA_ARG)
        return dfg_set_error(DFG_ERR_ARG, "%s", cu->last_error());
    return dfg_set_error(DFG_ERR_DEVICE, "%s", cu->last_error());   /* a call failed */
}

static int float_class(int dt)
{
    return dt == DFG_DOUBLE || dt == DFG_SINGLE;
}

/* the element sizes the re-index kernels move as one word */
static int elem_bytes(int dt)
{
    size_t es = dfg_dtype_size(dt);
    return es == 1 || es == 4 || es == 8;
}

/* a binary op's operand of n's size or a scalar: its stride, else -1 */
static int64_t operand_stride(const dfg_node * n, const dfg_node * x)
{
    return x->numel == 1 ? 0 : x->numel == n->numel && x->ndim == n->ndim ? 1 : -1;
}

/* a FUSED node's program is one the library's fused kernel runs
 * (dfg_cuda.h's dfg_cuda_fused_ok, the check the library makes too) */
static int fused_ok(const dfg_node * n)
{
    int dts[DFG_CUDA_FUSED_MAX_IN];
    if (n->n_in > DFG_CUDA_FUSED_MAX_IN)
        return 0;
    for (int k = 0; k < n->n_in; k++)
        dts[k] = n->in[k]->dtype;
    return dfg_cuda_fused_ok(n->idx, n->n_in, dts);
}

static int cu_supports(const dfg_backend * b, const dfg_node * n)
{
    (void)b;
    return dfg_cuda_supports(n);
}

int dfg_cuda_supports(const dfg_node * n)
{
    const dfg_node * x = n->n_in ? n->in[0] : NULL;
    switch (dfg_ops[n->op].family) {
    case DFG_FAM_UNARY:
    {
        const int adt = x->dtype;
        if (n->op == DFG_OP_PSI)
            return float_class(adt) && adt == n->dtype;
        return dfg_cuda_elementwise_ok(n->op, n->dtype, 1, &adt);
    }
    case DFG_FAM_BINARY:
    case DFG_FAM_TERNARY: {
        /* operands of the result's size or scalars (no broadcasting) */
        int adt[3];
        for (int k = 0; k < n->n_in && k < 3; k++) {
            adt[k] = n->in[k]->dtype;
            if (operand_stride(n, n->in[k]) < 0)
                return 0;
        }
        return n->n_in <= 3 && dfg_cuda_elementwise_ok(n->op, n->dtype, n->n_in, adt) &&
               (n->op != DFG_OP_MERGE || elem_bytes(n->dtype));
    }
    case DFG_FAM_FUSED:
        if (n->op == DFG_OP_FUSED_OUT)
            return 1;                         /* an offset copy on the device */
        /* without a program: plan.c asking whether this device has fused
         * kernels at all */
        return !n->idx || fused_ok(n);
    case DFG_FAM_REDUCE:
        switch (n->op) {
        case DFG_OP_SUM: case DFG_OP_PROD: case DFG_OP_MAX: case DFG_OP_MIN:
            return float_class(x->dtype) && x->dtype == n->dtype &&
                   (x->numel > 0 || n->op == DFG_OP_SUM || n->op == DFG_OP_PROD);
        case DFG_OP_ANY: case DFG_OP_ALL:
            return (float_class(x->dtype) || x->dtype == DFG_LOGICAL) && n->dtype == DFG_LOGICAL;
        case DFG_OP_ARGMAX: case DFG_OP_ARGMIN:
            return float_class(x->dtype) && n->dtype == DFG_DOUBLE;
        default:
            return 0;
        }
    case DFG_FAM_MATMUL:                  /* A'*A and A*A' by xSYRK too */
        return float_class(n->dtype);
    case DFG_FAM_LINALG:
        switch (n->op) {
        case DFG_OP_MLDIVIDE:
            return float_class(n->dtype) && x->dtype == n->dtype && n->in[1]->dtype == n->dtype;
        case DFG_OP_QR: case DFG_OP_SVD:
            /* qr's raw form and the full SVD run on the host */
            return float_class(n->dtype) && x->dtype == n->dtype && n->iattr[0] < 2;
        case DFG_OP_PINV:   /* pinv (A, tol) runs on the host */
            return float_class(n->dtype) && x->dtype == n->dtype && n->dattr[0] <= 0;
        case DFG_OP_INV: case DFG_OP_DET: case DFG_OP_CHOL: case DFG_OP_LU:
        case DFG_OP_EIG_SYM:
            return float_class(n->dtype) && x->dtype == n->dtype;
        default:
            return 0;
        }
    case DFG_FAM_SCAN:
        return float_class(x->dtype) && x->dtype == n->dtype;
    case DFG_FAM_PERMUTE:
        return n->iattr[0] <= DFG_MAX_DIMS && elem_bytes(n->dtype);
    case DFG_FAM_RAND:
        return float_class(n->dtype) && float_class(x->dtype);
    case DFG_FAM_CAT:
        return n->iattr[0] >= 0 && n->iattr[0] < n->ndim && elem_bytes(n->dtype);
    case DFG_FAM_GATHER:
        return n->idx && n->idx[0] >= 1 && n->idx[0] <= DFG_MAX_DIMS && elem_bytes(n->dtype);
    case DFG_FAM_BROADCAST:
        return n->ndim <= DFG_MAX_DIMS && x->ndim <= n->ndim && elem_bytes(n->dtype);
    case DFG_FAM_PART:
        return 1;                             /* an offset copy on the device */
    case DFG_FAM_SCATTER:
        return n->idx && n->idx[0] >= 1 && n->idx[0] <= DFG_MAX_DIMS &&
               x->dtype == n->dtype && n->in[1]->dtype == n->dtype &&
               (n->op == DFG_OP_SCATTER_ADD ? float_class(n->dtype) : elem_bytes(n->dtype));
    case DFG_FAM_CTRL:
        /* a loop or conditional runs on the device through its bodies,
         * compiled for it (their ops placed each by this function), and
         * the plan's copies (lib/runtime/plan.c, lib/control) */
        return 1;
    default:
        return 0;
    }
}

static dfg_status cu_alloc(const dfg_backend * b, size_t bytes, void ** buf)
{
    (void)b;
    *buf = NULL;
    if (cu->alloc(buf, bytes ? bytes : 1))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory on the GPU: %.0f bytes (%s)",
                             (double)bytes, cu->last_error());
    return DFG_OK;
}

static void cu_free(const dfg_backend * b, void * buf)
{
    (void)b;
    if (buf)
        cu->release(buf);
}

static dfg_status cu_to_device(const dfg_backend * b, void * dst, const void * host, size_t bytes)
{
    (void)b;
    return cu_status(bytes ? cu->to_device(dst, host, bytes) : 0);
}

static dfg_status cu_to_host(const dfg_backend * b, void * host, const void * src, size_t bytes)
{
    (void)b;
    return cu_status(bytes ? cu->to_host(host, src, bytes) : 0);
}

static dfg_status cu_copy(const dfg_backend * b, void * dst, const void * src, size_t bytes)
{
    (void)b;
    return cu_status(bytes ? cu->copy(dst, src, bytes) : 0);
}

/* A FUSED step as exec.c runs it on the CPU: its outputs (fouts, or their
 * places in the packed buffer out), its operands' classes and dims (fdt,
 * fdims from the plan, else worked out here from the node) and the plan's
 * device scratch for the reductions' partials. */
static dfg_status cu_fused(const dfg_step_args * s)
{
    const dfg_node * n = s->node;
    void * o[DFG_CUDA_FUSED_MAX_OUT];
    int dts[DFG_CUDA_FUSED_MAX_IN];
    int64_t (*dims)[DFG_MAX_DIMS] = NULL;
    const int64_t no = FP_NO(n->idx);
    if (no > DFG_CUDA_FUSED_MAX_OUT || n->n_in > DFG_CUDA_FUSED_MAX_IN)
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg (GPU): a fused kernel this large");
    for (int64_t j = 0; j < no; j++)
        o[j] = s->fouts ? s->fouts[j] : (char *)s->out + FP_O(n->idx, j)[4];
    const int * dt = s->fdt;
    const int64_t * d = s->fdims ? &s->fdims[0][0] : NULL;
    if (!dt || !d) {
        if (!(dims = dfg_malloc(((size_t)n->n_in + 1) * sizeof *dims)))
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory running a fused kernel");
        int nd = (int)FP_NDIM(n->idx);
        for (int k = 0; k < n->n_in; k++) {
            const dfg_node * x = n->in[k];
            dts[k] = x->dtype;
            for (int j = 0; j < DFG_MAX_DIMS; j++)
                dims[k][j] = j < nd && j < x->ndim ? x->dims[j] : 1;
        }
        dt = dts;
        d = &dims[0][0];
    }
    dfg_status st = cu_status(cu->fused(n->idx, n->n_in, s->in, dt, d, o, s->scratch,
                                        s->scratch_bytes));
    dfg_free(dims);
    return st;
}

/* the library's rcond callback: the CPU's LAPACK estimate (cpu.h) */
static int cu_rcond(int dt, int kind, int upper, int64_t n, const void * a, double anorm,
                    double * rcond, int * info)
{
    return dfg_cpu_rcond(dt, kind, upper, n, a, anorm, rcond, info);
}

/* A LINALG step, laid out as exec.c's exec_linalg lays it out (ops.def's
 * packings); the solvers' singular-matrix warning is raised here, on the
 * host, with Octave's wording (dfg_cpu_warn_singular). */
static dfg_status cu_linalg(const dfg_step_args * s)
{
    const dfg_node * n = s->node, * a = n->in[0];
    int dt = n->dtype, warn = 0, rc = 0;
    double rcond = 0;
    int64_t m = a->dims[0], q = a->dims[1], k = m < q ? m : q;
    size_t es = dfg_dtype_size(dt);
    char * o = s->out;
    switch (n->op) {
    case DFG_OP_MLDIVIDE:
        rc = cu->mldivide(dt, m, q, n->in[1]->dims[1], s->in[0], s->in[1], s->out, cu_rcond,
                          &warn, &rcond);
        break;
    case DFG_OP_INV:
        rc = cu->inv(dt, m, s->in[0], s->out, cu_rcond, &warn, &rcond);
        break;
    case DFG_OP_DET:   rc = cu->det(dt, m, s->in[0], s->out, cu_rcond); break;
    case DFG_OP_CHOL:  rc = cu->chol(dt, m, s->in[0], s->out); break;
    case DFG_OP_LU:
        rc = cu->lu(dt, m, q, s->in[0], o, o + es * (size_t)(m * k),
                    o + es * (size_t)(m * k + k * q), (int)n->iattr[0]);
        break;
    case DFG_OP_QR: {
        int64_t qc = n->iattr[0] ? k : m;
        rc = cu->qr(dt, (int)n->iattr[0], m, q, s->in[0], o, o + es * (size_t)(m * qc));
        break;
    }
    case DFG_OP_EIG_SYM:
        rc = cu->eig_sym(dt, m, s->in[0], o, n->iattr[0] ? o + es * (size_t)m : NULL);
        break;
    case DFG_OP_SVD:
        rc = n->iattr[0] ? cu->svd(dt, m, q, s->in[0], o, o + es * (size_t)(m * k),
                                   o + es * (size_t)(m * k + k))
                         : cu->svd(dt, m, q, s->in[0], NULL, s->out, NULL);
        break;
    case DFG_OP_PINV:  rc = cu->pinv(dt, m, q, s->in[0], s->out); break;
    default:
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg (GPU): no kernel for %s", dfg_ops[n->op].name);
    }
    if (!rc && warn)
        dfg_cpu_warn_singular(rcond);
    return cu_status(rc);
}

static dfg_status cu_run(const dfg_backend * b, const dfg_step_args * s)
{
    const dfg_node * n = s->node, * x = n->n_in ? n->in[0] : NULL;
    if (!cu_supports(b, n))
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg (GPU): no kernel for %s", dfg_ops[n->op].name);
    if (n->numel == 0)
        return DFG_OK;
    switch (dfg_ops[n->op].family) {
    case DFG_FAM_UNARY:
        if (n->op == DFG_OP_PSI)
            return cu_status(cu->psi(n->dtype, (int)n->iattr[0], s->out, s->in[0], n->numel));
        return cu_status(cu->unary(n->op, x->dtype, n->dtype, s->out, s->in[0], n->numel));
    case DFG_FAM_BINARY:
        return cu_status(cu->binary(n->op, x->dtype, s->out, s->in[0], operand_stride(n, x),
                                    s->in[1], operand_stride(n, n->in[1]), n->numel));
    case DFG_FAM_TERNARY:                     /* merge: mask, then the two values */
        return cu_status(cu->merge((int)dfg_dtype_size(n->dtype), s->out, s->in[0],
                                   operand_stride(n, x), s->in[1], operand_stride(n, n->in[1]),
                                   s->in[2], operand_stride(n, n->in[2]), n->numel));
    case DFG_FAM_FUSED:
        if (n->op == DFG_OP_FUSED_OUT)        /* its part of the packed outputs */
            return cu_status(cu->copy(s->out, (const char *)s->in[0] + n->iattr[1],
                                      (size_t)n->numel * dfg_dtype_size(n->dtype)));
        return cu_fused(s);
    case DFG_FAM_REDUCE: {
        int64_t pre, len, post;
        dfg_split_dim(x, (int)n->iattr[0], &pre, &len, &post);
        return cu_status(cu->reduce(dfg_red_code(n->op), x->dtype, s->out, s->in[0], pre, len, post));
    }
    case DFG_FAM_MATMUL: {
        int64_t ka = n->iattr[0] ? x->dims[0] : x->dims[1];
        int ta = (int)n->iattr[0], tb = (int)n->iattr[1];
        if (n->iattr[2] != 1)
            return cu_status(cu->gemm(n->dtype, ta, tb, n->dims[0], n->dims[1], ka, s->in[0],
                                      s->in[1], s->out));
        /* A'*A or A*A' (exec.c, dfg_cpu_gemm): xSYRK when both operands
         * are the one buffer, else the product with its upper triangle
         * mirrored; exactly symmetric either way */
        if (s->in[0] == s->in[1] && n->dims[0] == n->dims[1] && !ta != !tb)
            return cu_status(cu->syrk(n->dtype, ta, n->dims[0], ka, s->in[0], s->out));
        int rc = cu->gemm(n->dtype, ta, tb, n->dims[0], n->dims[1], ka, s->in[0], s->in[1], s->out);
        return cu_status(rc ? rc : cu->symmetrize(n->dtype, n->dims[0], s->out));
    }
    case DFG_FAM_LINALG:
        return cu_linalg(s);
    case DFG_FAM_SCAN: {
        int64_t pre, len, post;
        dfg_split_dim(x, (int)n->iattr[0], &pre, &len, &post);
        return cu_status(cu->scan(n->op, n->dtype, s->out, s->in[0], pre, len, post));
    }
    case DFG_FAM_PERMUTE: {
        /* as exec.c: the input's dims padded with ones to the permutation's */
        int64_t d[DFG_MAX_DIMS];
        int nd = (int)n->iattr[0];
        for (int j = 0; j < nd; j++)
            d[j] = j < x->ndim ? x->dims[j] : 1;
        return cu_status(cu->permute((int)dfg_dtype_size(n->dtype), s->out, s->in[0], nd, d,
                                     n->iattr + 1));
    }
    case DFG_FAM_CAT: {
        int64_t small[16], * ext = dfg_cat_extents(n, small);
        if (!ext)
            return DFG_ERR_NOMEM;
        int dim = (int)n->iattr[0];
        dfg_status st = cu_status(cu->cat((int)dfg_dtype_size(n->dtype), s->out, n->n_in, s->in,
                                          ext, n->ndim, n->dims, dim));
        if (ext != small)
            dfg_free(ext);
        return st;
    }
    case DFG_FAM_GATHER:
        /* the header is host memory; the library copies its lists over */
        return cu_status(cu->gather((int)dfg_dtype_size(n->dtype), s->out, s->in[0], n->idx));
    case DFG_FAM_BROADCAST: {
        /* as exec.c: the input's dims padded with ones to the result's */
        int64_t d[DFG_MAX_DIMS];
        for (int j = 0; j < n->ndim; j++)
            d[j] = j < x->ndim ? x->dims[j] : 1;
        return cu_status(cu->broadcast((int)dfg_dtype_size(n->dtype), s->out, s->in[0], n->ndim,
                                       d, n->dims));
    }
    case DFG_FAM_PART: {
        /* not a view (lib/runtime/plan.c): the part copied out */
        size_t es = dfg_dtype_size(n->dtype);
        return cu_status(cu->copy(s->out, (const char *)s->in[0] + (size_t)n->iattr[0] * es,
                                  (size_t)n->numel * es));
    }
    case DFG_FAM_SCATTER:
        /* the header is host memory; the library sorts its lists for the device */
        return cu_status(cu->scatter(n->op == DFG_OP_SCATTER_ADD, (int)dfg_dtype_size(n->dtype),
                                     s->out, s->in[0], x->numel, s->in[1], n->in[1]->numel,
                                     n->idx));
    case DFG_FAM_RAND:
        /* the counter (in[0], one element) stays on the device: the kernel reads it */
        return cu_status(cu->rand(n->dtype, s->out, n->numel, (uint64_t)n->dattr[0],
                                  (uint64_t)n->dattr[1], x->dtype, s->in[0]));
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg (GPU): no kernel for %s", dfg_ops[n->op].name);
}

static dfg_status cu_sync(const dfg_backend * b)
{
    (void)b;
    return cu_status(cu->sync());
}

static dfg_status cu_memory(const dfg_backend * b, double * free_bytes, double * total_bytes)
{
    (void)b;
    dfg_device_info info;
    dfg_device_query(&info);
    *free_bytes = info.free_bytes;
    *total_bytes = info.total_bytes;
    return DFG_OK;
}

/* Measured once on the GPU: a 1024^3 single product through cuBLAS (flop
 * rate), an add of 2^24 singles (bytes read and written per second), a
 * one-element add with a sync (a step's launch), a 32 MiB copy in (the
 * transfer rate); best of three each.  (Never run on a GPU yet.) */
static dfg_status cu_model(const dfg_backend * b, dfg_cost * c)
{
    (void)b;
    static dfg_cost have;
    if (have.flop_s > 0) {
        *c = have;
        return DFG_OK;
    }
    enum { G = 1024, E = 1 << 24 };
    size_t gb = (size_t)G * G * 4, eb = (size_t)E * 4;
    void * d = NULL;
    char * h = dfg_malloc(eb);
    if (!h)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory measuring the GPU");
    memset(h, 0, eb);
    int rc = cu->alloc(&d, 3 * (gb > eb ? gb : eb));
    double tg = 1e30, te = 1e30, tl = 1e30, tx = 1e30;
    for (int r = 0; !rc && r < 3; r++) {
        char * p = d;
        double t0 = dfg_seconds();
        rc = rc ? rc : cu->to_device(p, h, eb);
        rc = rc ? rc : cu->sync();
        double t1 = dfg_seconds();
        rc = rc ? rc : cu->gemm(DFG_SINGLE, 0, 0, G, G, G, p, p + gb, p + 2 * gb);
        rc = rc ? rc : cu->sync();
        double t2 = dfg_seconds();
        rc = rc ? rc : cu->binary(DFG_OP_ADD, DFG_SINGLE, p + 2 * eb, p, 1, p + eb, 1, E);
        rc = rc ? rc : cu->sync();
        double t3 = dfg_seconds();
        rc = rc ? rc : cu->binary(DFG_OP_ADD, DFG_SINGLE, p + 2 * eb, p, 0, p + eb, 0, 1);
        rc = rc ? rc : cu->sync();
        double t4 = dfg_seconds();
        tx = t1 - t0 < tx ? t1 - t0 : tx;
        tg = t2 - t1 < tg ? t2 - t1 : tg;
        te = t3 - t2 < te ? t3 - t2 : te;
        tl = t4 - t3 < tl ? t4 - t3 : tl;
    }
    if (d)
        cu->release(d);
    dfg_free(h);
    if (rc)
        return cu_status(rc);
    have.flop_s = 2.0 * G * G * G / (tg > 1e-9 ? tg : 1e-9);
    have.byte_s = 3.0 * (double)eb / (te > 1e-9 ? te : 1e-9);
    have.launch_s = tl;
    have.xfer_s = (double)eb / (tx > 1e-9 ? tx : 1e-9);
    *c = have;
    return DFG_OK;
}

static const dfg_backend cuda_backend = {
    .name = "gpu", .host_memory = 0,
    .supports = cu_supports, .alloc = cu_alloc, .free = cu_free,
    .to_device = cu_to_device, .to_host = cu_to_host, .copy = cu_copy,
    .run = cu_run, .sync = cu_sync, .memory = cu_memory, .model = cu_model,
};

const dfg_backend * dfg_backend_cuda(void)
{
    cu = dfg_device_cuda();              /* NULL and the reason when none */
    return cu ? &cuda_backend : NULL;
}
