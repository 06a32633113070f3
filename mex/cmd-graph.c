/* mex/cmd-graph.c -- looking at a graph as it was recorded (before any
 * pass), for evaluation traces and pictures (+dfg/trace.m, +dfg/+internal/dot_text.m):
 * the nodes the given tensors reach, and one node's own gradient rule. */
#include <string.h>
#include "gateway.h"
#include "../lib/passes/pass.h"

static const char * kind_of(const dfg_node * n)
{
    switch (n->op) {
    case DFG_OP_INPUT:    return "input";
    case DFG_OP_CONSTANT: return "constant";
    case DFG_OP_VARIABLE: return "variable";
    default:              return "op";
    }
}

/* dfg_mex ("graph", TENSORS [, WITH_IDS]) -> struct array, one row per
 * node the tensors reach, inputs before their users: op, kind, class,
 * size, inputs (row numbers), name, backward (made by reverse mode), seq
 * (recording order), value (a constant's or variable's data, up to 64
 * elements, else []), id (a new handle when WITH_IDS, else 0) */
int cmd_graph(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs < 1 || nrhs > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg: expected graph (TENSORS [, WITH_IDS])");
    dfg_id * ids = NULL;
    int n_root = 0, with_ids = nrhs == 2 && mxIsLogicalScalarTrue(prhs[1]);
    int st = gw_ids_from_cell(g, prhs[0], 1, "Y", &ids, &n_root);
    dfg_node ** roots = st ? NULL : mxMalloc(((size_t)n_root + 1) * sizeof *roots);
    for (int k = 0; k < n_root && !st; k++)
        if (!(roots[k] = dfg_node_get(ids[k])))
            st = DFG_ERR_HANDLE;
    dfg_node ** list = NULL;
    int32_t n = 0;
    pmap index = {0};
    if (!st && !pmap_init(&index, 64))
        st = dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
    if (!st)
        st = pass_topo(n_root, roots, &list, &n, &index);
    if (!st) {
        const char * f[] = {"op", "kind", "class", "size", "inputs", "name", "backward", "seq",
                            "value", "id"};
        plhs[0] = mxCreateStructMatrix((mwSize)n, 1, 10, f);
        for (int32_t v = 0; v < n; v++) {
            const dfg_node * x = list[v];
            mwIndex e = (mwIndex)v;
            mxArray * sz = mxCreateDoubleMatrix(1, (mwSize)x->ndim, mxREAL);
            for (int j = 0; j < x->ndim; j++)
                mxGetPr(sz)[j] = (double)x->dims[j];
            mxArray * in = mxCreateDoubleMatrix(1, (mwSize)x->n_in, mxREAL);
            for (int j = 0; j < x->n_in; j++)
                mxGetPr(in)[j] = (double)pmap_get(&index, x->in[j]) + 1;
            mxArray * val = mxCreateDoubleMatrix(0, 0, mxREAL);
            void * xd = NULL;   /* a variable's value made current on the host first */
            if ((x->op == DFG_OP_CONSTANT || x->op == DFG_OP_VARIABLE) && x->numel <= 64 &&
                !dfg_var_host_data(list[v], &xd) && xd) {
                mxDestroyArray(val);
                val = mxCreateDoubleMatrix(1, (mwSize)x->numel, mxREAL);
                for (int64_t i = 0; i < x->numel; i++)
                    mxGetPr(val)[i] = x->dtype == DFG_DOUBLE ? ((const double *)xd)[i]
                                    : x->dtype == DFG_SINGLE ? ((const float *)xd)[i]
                                    : ((const uint8_t *)xd)[i];
            }
            mxArray * id = mxCreateNumericMatrix(1, 1, mxUINT64_CLASS, mxREAL);
            if (with_ids) {
                dfg_id h = dfg_node_id(x);
                dfg_retain(h);
                *(uint64_t *)mxGetData(id) = h;
            }
            mxSetField(plhs[0], e, "op", mxCreateString(dfg_ops[x->op].name));
            mxSetField(plhs[0], e, "kind", mxCreateString(kind_of(x)));
            mxSetField(plhs[0], e, "class", mxCreateString(dfg_dtype_name((dfg_dtype)x->dtype)));
            mxSetField(plhs[0], e, "size", sz);
            mxSetField(plhs[0], e, "inputs", in);
            mxSetField(plhs[0], e, "name", mxCreateString(x->name ? x->name : ""));
            mxSetField(plhs[0], e, "backward", mxCreateLogicalScalar((x->tags & DFG_TAG_GRAD) != 0));
            mxSetField(plhs[0], e, "seq", mxCreateDoubleScalar((double)x->seq));
            mxSetField(plhs[0], e, "value", val);
            mxSetField(plhs[0], e, "id", id);
        }
    }
    if (index.keys)
        pmap_free(&index);
    dfg_free(list);
    mxFree(roots);
    mxFree(ids);
    return st;
}

/* dfg_mex ("local_vjp", Y, SEED) -> a row of handles, one per input of Y
 * (0: no adjoint flows to that input through Y) */
int cmd_local_vjp(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id y, s;
    if (nrhs != 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg: expected local_vjp (Y, SEED)");
    int st = gw_tensor(g, prhs[0], 1, &y);
    if (!st)
        st = gw_operand(g, prhs[1], 2, &s);
    int op, n_in;
    if (!st)
        st = dfg_node_op(y, &op, &n_in);
    if (st)
        return st;
    plhs[0] = mxCreateNumericMatrix(1, (mwSize)n_in, mxUINT64_CLASS, mxREAL);
    st = dfg_local_vjp(y, s, (dfg_id *)mxGetData(plhs[0]));
    if (st) {
        mxDestroyArray(plhs[0]);
        plhs[0] = NULL;
    }
    return st;
}
