/* lib/base/optable.c -- the op table generated from ops.def, and the names
 * and sizes of dtypes. */
#include <assert.h>
#include "base.h"

const dfg_op_info dfg_ops[DFG_OP_COUNT] = {
#define DFG_OP(NAME, oct, fam, ar, dtr, fl) \
    [DFG_OP_##NAME] = { oct, #NAME, DFG_FAM_##fam, ar, DFG_DT_##dtr, fl },
#include "ops.def"
#undef DFG_OP
};

#define DFG_OP(NAME, oct, fam, ar, dtr, fl) + 1
static_assert(0
#include "ops.def"
              == DFG_OP_COUNT, "ops.def and the op enum disagree");
#undef DFG_OP

const char * dfg_op_name(int op)
{
    return (op >= 0 && op < DFG_OP_COUNT) ? dfg_ops[op].name : "?";
}

size_t dfg_dtype_size(dfg_dtype dt)
{
    return dt == DFG_DOUBLE ? 8 : dt == DFG_SINGLE ? 4 : 1;
}

const char * dfg_dtype_name(dfg_dtype dt)
{
    return dt == DFG_DOUBLE ? "double" : dt == DFG_SINGLE ? "single"
         : dt == DFG_LOGICAL ? "logical" : "?";
}

