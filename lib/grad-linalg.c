/* lib/grad-linalg.c -- gradient rules for dense linear algebra. */
#include "grad-impl.h"

void dfg_grad_linalg(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx);

void dfg_grad_linalg(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    (void)g; (void)need; (void)gx;
    gb_fail(c, dfg_set_error(DFG_ERR_NO_GRAD, "dfg.grad: no gradient for %s yet", dfg_ops[y->op].name));
}
