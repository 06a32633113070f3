/* lib/core/cost.c -- the cost model: estimated floating-point work of one
 * run of a node, for the memory planner's report and checkpointing. */
#include "core.h"
#include "../../kernels/cpu/fused.h"

double dfg_node_flops(const dfg_node * n)
{
    switch (dfg_ops[n->op].family) {
    case DFG_FAM_UNARY: case DFG_FAM_BINARY: case DFG_FAM_TERNARY:
        return (double)n->numel;
    case DFG_FAM_REDUCE: case DFG_FAM_SCAN: case DFG_FAM_ORDER:
        return (double)n->in[0]->numel;
    case DFG_FAM_SIGNAL: {     /* a multiply-add per tap of each output */
        int dim = (int)n->iattr[0];
        if (n->op == DFG_OP_CONV2) {
            const dfg_node * a = n->in[0], * b = n->in[1];
            return 2.0 * (double)n->numel * (double)(a->numel < b->numel ? a->numel : b->numel);
        }
        if (n->op == DFG_OP_FILTER) {
            int64_t l = n->in[0]->numel > n->in[1]->numel ? n->in[0]->numel : n->in[1]->numel;
            return 4.0 * (double)n->numel * (double)l;
        }
        int64_t na = dim < n->in[0]->ndim ? n->in[0]->dims[dim] : 1;
        int64_t nb = dim < n->in[1]->ndim ? n->in[1]->dims[dim] : 1;
        return 2.0 * (double)n->numel * (double)(na < nb ? na : nb);
    }
    case DFG_FAM_MATMUL: {
        const dfg_node * a = n->in[0];
        double k = (double)(n->iattr[0] ? a->dims[0] : a->dims[1]);
        return 2.0 * (double)n->dims[0] * (double)n->dims[1] * k;
    }
    case DFG_FAM_LINALG: {
        double m = (double)n->in[0]->dims[0], q = (double)n->in[0]->dims[1];
        return 2.0 * m * q * (m < q ? m : q);
    }
    case DFG_FAM_CTRL: {
        const dfg_family_fns * f = dfg_family(DFG_FAM_CTRL);
        return f->flops ? f->flops(n) : 0;
    }
    case DFG_FAM_FUSED:
        if (n->op == DFG_OP_FUSED)
            return (double)dfg_shape_numel((int)FP_NDIM(n->idx), FP_DIMS(n->idx)) *
                   (double)FP_NI(n->idx);
        return 0;
    default:
        return 0;
    }
}

