#include "grad-impl.h"
#include "ctrl-impl.h"
dfg_status dfg_ctrl_grad_while(ctrl_rec * c, dfg_node * y, dfg_node * const * gout,
                               const int * need, dfg_node ** gx)
{
    (void)c; (void)y; (void)gout; (void)need; (void)gx;
    return dfg_set_error(DFG_ERR_NO_GRAD, "dfg.grad: while");
}
