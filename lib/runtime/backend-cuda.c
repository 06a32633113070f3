/* lib/runtime/backend-cuda.c -- the GPU backend: the CUDA library of
 * kernels/cuda (opened and probed by device.c) behind the backend
 * interface.  Its buffers are device memory the host must not touch; its
 * steps are the element-wise, reduction and product kernels the library
 * has (supports says which); a failure of the library's call is
 * DFG_ERR_NODEVICE with the library's message, an op it has no kernel for
 * DFG_ERR_UNSUPPORTED.
 *
 * Not yet run on a GPU: plans are compiled for the CPU backend only
 * (dfg_device_set refuses the GPU); this table is what the GPU executor
 * will use.  tests/c/test-backend.c checks that it is absent, with the
 * reason, where no GPU can be used. */
#include "backend.h"
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
    return dfg_set_error(DFG_ERR_DEVICE, "%s", cu->last_error());   /* a call failed */
}

static int float_class(int dt)
{
    return dt == DFG_DOUBLE || dt == DFG_SINGLE;
}

/* a binary op's operand of n's size or a scalar: its stride, else -1 */
static int64_t operand_stride(const dfg_node * n, const dfg_node * x)
{
    return x->numel == 1 ? 0 : x->numel == n->numel && x->ndim == n->ndim ? 1 : -1;
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
        switch (n->op) {
        case DFG_OP_NEG: case DFG_OP_ABS: case DFG_OP_SIGN: case DFG_OP_SQRT: case DFG_OP_EXP:
        case DFG_OP_LOG: case DFG_OP_LOG1P: case DFG_OP_EXPM1: case DFG_OP_LOG2: case DFG_OP_LOG10:
        case DFG_OP_SIN: case DFG_OP_COS: case DFG_OP_TAN: case DFG_OP_ASIN: case DFG_OP_ACOS:
        case DFG_OP_ATAN: case DFG_OP_SINH: case DFG_OP_COSH: case DFG_OP_TANH: case DFG_OP_ASINH:
        case DFG_OP_ACOSH: case DFG_OP_ATANH: case DFG_OP_FLOOR: case DFG_OP_CEIL: case DFG_OP_ROUND:
        case DFG_OP_FIX: case DFG_OP_ERF: case DFG_OP_ERFC:
            return float_class(x->dtype) && float_class(n->dtype);
        default:
            return 0;
        }
    case DFG_FAM_BINARY:
        switch (n->op) {
        case DFG_OP_ADD: case DFG_OP_SUB: case DFG_OP_MUL: case DFG_OP_DIV: case DFG_OP_POW:
        case DFG_OP_ATAN2: case DFG_OP_HYPOT: case DFG_OP_MAX2: case DFG_OP_MIN2:
        case DFG_OP_EQ: case DFG_OP_NE: case DFG_OP_LT: case DFG_OP_LE: case DFG_OP_GT: case DFG_OP_GE:
            return float_class(x->dtype) && x->dtype == n->in[1]->dtype &&
                   operand_stride(n, x) >= 0 && operand_stride(n, n->in[1]) >= 0;
        default:
            return 0;
        }
    case DFG_FAM_REDUCE:
        return (n->op == DFG_OP_SUM || n->op == DFG_OP_PROD || n->op == DFG_OP_MAX ||
                n->op == DFG_OP_MIN) && float_class(x->dtype) && x->dtype == n->dtype &&
               (x->numel > 0 || n->op == DFG_OP_SUM || n->op == DFG_OP_PROD);
    case DFG_FAM_MATMUL:
        return float_class(n->dtype) && n->iattr[2] != 1;   /* not A'*A (xSYRK) */
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

static dfg_status cu_run(const dfg_backend * b, const dfg_step_args * s)
{
    const dfg_node * n = s->node, * x = n->n_in ? n->in[0] : NULL;
    if (!cu_supports(b, n))
        return dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg (GPU): no kernel for %s", dfg_ops[n->op].name);
    if (n->numel == 0)
        return DFG_OK;
    switch (dfg_ops[n->op].family) {
    case DFG_FAM_UNARY:
        return cu_status(cu->unary(n->op, x->dtype, n->dtype, s->out, s->in[0], n->numel));
    case DFG_FAM_BINARY:
        return cu_status(cu->binary(n->op, x->dtype, s->out, s->in[0], operand_stride(n, x),
                                    s->in[1], operand_stride(n, n->in[1]), n->numel));
    case DFG_FAM_REDUCE: {
        int64_t pre, len, post;
        dfg_split_dim(x, (int)n->iattr[0], &pre, &len, &post);
        return cu_status(cu->reduce(dfg_red_code(n->op), x->dtype, s->out, s->in[0], pre, len, post));
    }
    case DFG_FAM_MATMUL: {
        int64_t ka = n->iattr[0] ? x->dims[0] : x->dims[1];
        return cu_status(cu->gemm(n->dtype, (int)n->iattr[0], (int)n->iattr[1], n->dims[0],
                                  n->dims[1], ka, s->in[0], s->in[1], s->out));
    }
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

static const dfg_backend cuda_backend = {
    .name = "gpu", .host_memory = 0,
    .supports = cu_supports, .alloc = cu_alloc, .free = cu_free,
    .to_device = cu_to_device, .to_host = cu_to_host, .copy = cu_copy,
    .run = cu_run, .sync = cu_sync, .memory = cu_memory,
};

const dfg_backend * dfg_backend_cuda(void)
{
    cu = dfg_device_cuda();              /* NULL and the reason when none */
    return cu ? &cuda_backend : NULL;
}
