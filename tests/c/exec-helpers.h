/* tests/c/exec-helpers.h -- helpers shared by test-exec.c and
 * test-exec-index.c: typed element access, shape strings, and apply(),
 * which runs one op through a plan, poisons the output first, and checks
 * that nothing leaks.  Include after harness.h and dfg.h. */
#ifndef DFG_TEST_EXEC_HELPERS_H
#define DFG_TEST_EXEC_HELPERS_H
#include <stdlib.h>
#include <string.h>

/* ---- data helpers ----------------------------------------------------------- */

static const dfg_dtype DT[3] = {DFG_DOUBLE, DFG_SINGLE, DFG_LOGICAL};

static inline double get(dfg_dtype dt, const void * p, int64_t i)
{
    if (dt == DFG_DOUBLE) return ((const double *)p)[i];
    if (dt == DFG_SINGLE) return ((const float *)p)[i];
    return ((const uint8_t *)p)[i];
}

static inline void put(dfg_dtype dt, void * p, int64_t i, double v)
{
    if (dt == DFG_DOUBLE) ((double *)p)[i] = v;
    else if (dt == DFG_SINGLE) ((float *)p)[i] = (float)v;
    else ((uint8_t *)p)[i] = v != 0;
}

static inline int parse(const char * shape, int64_t * d)
{
    int nd = 0;
    for (const char * p = shape; *p; p += *p == 'x') {
        char * end;
        d[nd++] = strtoll(p, &end, 10);
        p = end;
    }
    return nd;
}

static inline int64_t numel_of(const char * shape)
{
    int64_t d[DFG_MAX_DIMS], m = 1;
    int nd = parse(shape, d);
    for (int k = 0; k < nd; k++) m *= d[k];
    return m;
}

/* An argument of apply(): class, shape and data. */
typedef struct { dfg_dtype dt; const char * shape; const void * p; } arg;

/* y = op(args) through a plan whose inputs are the args.  out (cap bytes) is
 * poisoned first.  Returns the first failing status (op, compile or run);
 * *res gets the result's shape as "3x4".  Checks the byte count and that
 * nothing leaks. */
static inline dfg_status apply(int op, int n, const arg * a, const dfg_attr * at,
                        void * out, size_t cap, char * res)
{
    int64_t live = dfg_live_count();
    dfg_id in[8] = {0}, y = 0, plan = 0;
    const void * ins[8];
    int made = 0;
    dfg_status st = DFG_OK;
    for (int k = 0; k < n && !st; k++, made++) {
        int64_t d[DFG_MAX_DIMS];
        int nd = parse(a[k].shape, d);
        st = dfg_input(a[k].dt, nd, d, NULL, &in[k]);
        ins[k] = a[k].p;
    }
    if (!st)
        st = dfg_op(op, n, in, at, &y);
    if (!st) {
        dfg_dtype dt;
        int nd;
        int64_t d[DFG_MAX_DIMS];
        dfg_info(y, &dt, &nd, d);
        int64_t m = 1;
        for (int k = 0; k < nd; k++) m *= d[k];
        CHECK((size_t)m * dfg_dtype_size(dt) <= cap);
        if (res) {
            res[0] = 0;
            for (int k = 0; k < nd; k++)
                sprintf(res + strlen(res), k ? "x%lld" : "%lld", (long long)d[k]);
        }
        memset(out, 0xA5, cap);
        st = dfg_plan_compile(n, in, 1, &y, &plan);
    }
    if (!st) {
        void * outs[1] = {out};
        st = dfg_plan_run(plan, ins, outs);
        dfg_release(plan);
    }
    if (y)
        dfg_release(y);
    for (int k = 0; k < made; k++)
        dfg_release(in[k]);
    CHECK(dfg_live_count() == live);
    return st;
}

#endif
