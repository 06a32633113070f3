/* mex/cmd-grad.c -- autodiff commands of the gateway: grad, jvp, jacobian,
 * hessian, stop_gradient (lib/autodiff/grad.c does the work), and psi. */
#include <string.h>
#include "gateway.h"

/* ids as a 1 x n uint64 row; each id's handle moves to Octave. */
static mxArray * id_row(int n, const dfg_id * ids)
{
    mxArray * r = mxCreateNumericMatrix(1, (mwSize)n, mxUINT64_CLASS, mxREAL);
    memcpy(mxGetData(r), ids, (size_t)n * sizeof *ids);
    return r;
}

/* y as a tensor; a plain array is a constant (its gradients are zeros). */
static int operand_y(gw * g, const mxArray * a, dfg_id * y)
{
    return gw_operand(g, a, 1, y);
}

int cmd_grad(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs < 2 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.grad: expected dfg.grad (Y, X) or dfg.grad (Y, X, DY)");
    dfg_id y, seed = 0, * xs = NULL;
    int n = 0;
    int st = operand_y(g, prhs[0], &y);
    if (!st)
        st = gw_ids_from_cell(g, prhs[1], 2, "X", &xs, &n);
    if (!st && nrhs == 3)
        st = gw_operand(g, prhs[2], 3, &seed);
    if (!st && n == 0)
        st = dfg_set_error(DFG_ERR_ARG, "dfg.grad: X (argument 2) is an empty cell");
    dfg_id * gx = NULL;
    if (!st) {
        gx = mxMalloc((size_t)n * sizeof *gx);
        /* the results go straight to Octave: nothing can fail in between */
        st = dfg_grad(y, n, xs, seed, gx);
    }
    if (!st)
        plhs[0] = id_row(n, gx);
    mxFree(gx);
    mxFree(xs);
    return st;
}

int cmd_jvp(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs != 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.jvp: expected dfg.jvp (Y, X, V)");
    dfg_id y, * xs = NULL, * vs = NULL, t;
    int n = 0;
    int st = operand_y(g, prhs[0], &y);
    if (!st)
        st = gw_ids_from_cell(g, prhs[1], 2, "X", &xs, &n);
    if (!st) {
        int nv = mxIsCell(prhs[2]) ? (int)mxGetNumberOfElements(prhs[2]) : 1;
        if (nv != n || (n > 1 && !mxIsCell(prhs[2])) || (mxIsCell(prhs[1]) != mxIsCell(prhs[2])))
            st = dfg_set_error(DFG_ERR_ARG, "dfg.jvp: V (argument 3) must give one tangent per "
                                            "input of X (%d)", n);
        else {
            vs = mxMalloc(((size_t)n + 1) * sizeof *vs);
            for (int k = 0; k < n && !st; k++) {
                const mxArray * v = mxIsCell(prhs[2]) ? mxGetCell(prhs[2], (mwIndex)k) : prhs[2];
                if (!v)
                    st = dfg_set_error(DFG_ERR_ARG, "dfg.jvp: V{%d} is empty", k + 1);
                else
                    st = gw_operand(g, v, 3, &vs[k]);
            }
        }
    }
    if (!st && !(st = dfg_jvp(y, n, xs, vs, &t)) && !(st = gw_temp(g, t)))
        plhs[0] = gw_result(g, t);
    mxFree(xs);
    mxFree(vs);
    return st;
}

int cmd_jacobian(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs < 2 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.jacobian: expected dfg.jacobian (Y, X) or (Y, X, MODE)");
    dfg_id y, x, J;
    int mode = 0;
    int st = operand_y(g, prhs[0], &y);
    if (!st)
        st = gw_tensor(g, prhs[1], 2, &x);
    if (!st && nrhs == 3) {
        char m[16];
        if (!gw_string(prhs[2], m, sizeof m) ||
            (strcmp(m, "auto") && strcmp(m, "forward") && strcmp(m, "reverse")))
            return dfg_set_error(DFG_ERR_ARG, "dfg.jacobian: MODE must be \"auto\", \"forward\" or \"reverse\"");
        mode = !strcmp(m, "forward") ? 1 : !strcmp(m, "reverse") ? 2 : 0;
    }
    if (!st && !(st = dfg_jacobian(y, x, mode, &J)) && !(st = gw_temp(g, J)))
        plhs[0] = gw_result(g, J);
    return st;
}

int cmd_hessian(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs != 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.hessian: expected dfg.hessian (Y, X)");
    dfg_id y, x, H;
    int st = operand_y(g, prhs[0], &y);
    if (!st)
        st = gw_tensor(g, prhs[1], 2, &x);
    if (!st && !(st = dfg_hessian(y, x, &H)) && !(st = gw_temp(g, H)))
        plhs[0] = gw_result(g, H);
    return st;
}

int cmd_stop_gradient(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.stop_gradient: expected one argument");
    dfg_id x, y;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    int st = gw_operand(g, prhs[0], 1, &x);
    if (!st)
        st = gw_info(x, &dt, &nd, d);
    if (st)
        return st;
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = nd;
    memcpy(a.i + 1, d, (size_t)nd * sizeof *d);
    if (!(st = gw_op(g, DFG_OP_STOP_GRADIENT, 1, &x, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* psi (x) or psi (k, x) */
int cmd_psi(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs < 1 || nrhs > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.psi: expected psi (Z) or psi (K, Z)");
    double k = 0;
    dfg_id x, y;
    int st = DFG_OK;
    if (nrhs == 2) {
        if (gw_is_tensor(prhs[0]))
            return dfg_set_error(DFG_ERR_ARG, "dfg.psi: K must be a plain integer, not a dfg.Tensor");
        if ((st = gw_scalar(g, prhs[0], 1, 1, &k)))
            return st;
        if (k < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.psi: K must be a non-negative integer");
    }
    if ((st = gw_operand(g, prhs[nrhs - 1], nrhs, &x)))
        return st;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    if ((st = gw_info(x, &dt, &nd, d)))
        return st;
    if (dt == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.psi: Z must be a floating point real array, not logical");
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = (int64_t)k;
    if (!(st = gw_op(g, DFG_OP_PSI, 1, &x, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}

/* dfg_mex ("rand_uniform", COUNTER, SIZE, SEED, STREAM): uniform numbers
 * in [0, 1) of SIZE, the class of COUNTER, a pure function of (COUNTER,
 * SEED, STREAM): the graph of dfg.nn.dropout's masks. */
int cmd_rand_uniform(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs != 4)
        return dfg_set_error(DFG_ERR_ARG, "dfg.rand: expected (COUNTER, SIZE, SEED, STREAM)");
    dfg_id c, y;
    int nd, st;
    double seed, stream;
    dfg_attr a = {{0}, {0}, NULL, 0};
    if ((st = gw_operand(g, prhs[0], 1, &c)) || (st = gw_size_vec(g, prhs[1], 2, &nd, a.i + 1)) ||
        (st = gw_scalar(g, prhs[2], 3, 1, &seed)) || (st = gw_scalar(g, prhs[3], 4, 1, &stream)))
        return st;
    if (nd < 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.rand: SIZE (argument 2) must not be empty");
    a.i[0] = nd;
    a.d[0] = seed;
    a.d[1] = stream;
    if (!(st = gw_op(g, DFG_OP_RAND, 1, &c, &a, &y)))
        plhs[0] = gw_result(g, y);
    return st;
}
