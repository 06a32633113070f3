/* tests/c/plan-helpers.h -- running a graph on a named device, shared by
 * the C tests that compare devices (test-order.c, test-matfun.c,
 * test-signal.c, test-specfun.c).  Include after dfg.h. */
#ifndef DFG_TEST_PLAN_HELPERS_H
#define DFG_TEST_PLAN_HELPERS_H

/* Compiles the plan of outs from ins for device dev ("cpu", "sim"), runs it
 * once on data (one pointer per input) into res (one buffer per output) and
 * releases it; the status of the first step that failed. */
static inline int run_on(const char * dev, int n_in, const dfg_id * ins, const void * const * data,
                         int n_out, const dfg_id * outs, void * const * res)
{
    dfg_id plan = 0;
    dfg_plan_spec sp = {.n_in = n_in, .ins = ins, .n_out = n_out, .outs = outs, .device = dev};
    int st = dfg_plan_compile_spec(&sp, &plan);
    if (st)
        return st;
    st = dfg_plan_run(plan, data, res);
    dfg_release(plan);
    return st;
}

#endif
