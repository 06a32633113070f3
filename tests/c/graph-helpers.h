/* tests/c/graph-helpers.h -- building graph nodes in the C tests: one op
 * on one or two operands, its success CHECKed (harness.h and dfg.h first).
 * The caller owns the reference returned. */
#ifndef DFG_TEST_GRAPH_HELPERS_H
#define DFG_TEST_GRAPH_HELPERS_H

static inline dfg_id op1(int op, dfg_id a)
{
    dfg_id y = 0;
    CHECK(dfg_op(op, 1, &a, NULL, &y) == DFG_OK);
    return y;
}

static inline dfg_id op2(int op, dfg_id a, dfg_id b)
{
    dfg_id in[2] = {a, b}, y = 0;
    CHECK(dfg_op(op, 2, in, NULL, &y) == DFG_OK);
    return y;
}
#endif
