/* lib/core/compose-interp.c -- the interpolation and binning functions
 * built of the ORDER ops: lookup (LOOKUP, a binary search of a table).
 *
 * Ownership as compose.c: the builders borrow their input ids and hand
 * out new references; intermediates live in a cx list (compose-impl.h)
 * released at the end; on an error nothing is handed out and the message
 * names the Octave function. */
#include "compose-impl.h"

dfg_status dfg_lookup(dfg_id table, dfg_id y, int opts, dfg_id * out)
{
    cx c;
    dfg_id r = 0, in[2] = {table, y};
    dfg_dtype tt, ty;
    dfg_status st = cx_begin(&c, table, &tt, NULL, NULL);
    if (st || (st = dfg_info(y, &ty, NULL, NULL)))
        return st;
    if (opts & ~(DFG_LOOKUP_M | DFG_LOOKUP_B | DFG_LOOKUP_L | DFG_LOOKUP_R))
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: bad options code %d", opts);
    if ((opts & DFG_LOOKUP_M) && (opts & DFG_LOOKUP_B))
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: only one of m or b can be specified");
    if ((opts & (DFG_LOOKUP_M | DFG_LOOKUP_B)) && (opts & (DFG_LOOKUP_L | DFG_LOOKUP_R)))
        return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: m, b cannot be specified with l or r");
    if (tt == DFG_LOGICAL || ty == DFG_LOGICAL)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.lookup: %s (argument %d) is logical; Octave's lookup takes numeric arrays",
                             tt == DFG_LOGICAL ? "TABLE" : "Y", tt == DFG_LOGICAL ? 1 : 2);
    /* the op's codes: 1 match, 2 left, 4 right ("b" is "m" != 0) */
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = ((opts & (DFG_LOOKUP_M | DFG_LOOKUP_B)) ? 1 : 0) | ((opts & DFG_LOOKUP_L) ? 2 : 0) |
             ((opts & DFG_LOOKUP_R) ? 4 : 0);
    if ((st = cx_op(&c, DFG_OP_LOOKUP, 2, in, &a, &r)))
        return cx_done(&c, st, 0, out);
    if (opts & DFG_LOOKUP_B) {
        dfg_id z;
        if ((st = cx_const(&c, DFG_DOUBLE, 0, &z)) || (st = cx_op2(&c, DFG_OP_NE, r, z, &r)))
            return cx_done(&c, st, 0, out);
    }
    return cx_done(&c, st, r, out);
}
