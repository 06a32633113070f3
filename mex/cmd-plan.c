/* mex/cmd-plan.c -- plan options and introspection: dfg.function's
 * 'passes' and 'fast' options, dfg.passes (the default for new plans), and
 * dfg.explain / dfg.nodes (what the passes did, the compiled node list). */
#include <stdio.h>
#include <string.h>
#include "gateway.h"

/* A pass list from a char row or a cell array of them, applied to *o. */
static int parse_spec(const char * fn, const mxArray * a, dfg_options * o)
{
    if (mxIsEmpty(a))
        return DFG_OK;
    char buf[512];
    size_t len = 0;
    int n = mxIsCell(a) ? (int)mxGetNumberOfElements(a) : 1;
    for (int k = 0; k < n; k++) {
        const mxArray * e = mxIsCell(a) ? mxGetCell(a, (mwIndex)k) : a;
        if (!e || !mxIsChar(e))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: PASSES must be a string or a cell array "
                                 "of strings, e.g. {'-fuse', 'fast'}", fn);
        char w[128];
        if (mxGetString(e, w, sizeof w))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: pass name too long", fn);
        int m = snprintf(buf + len, sizeof buf - len, "%s%s", len ? "," : "", w);
        if (m < 0 || (size_t)m >= sizeof buf - len)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: pass list too long", fn);
        len += (size_t)m;
    }
    buf[len] = 0;
    int st = dfg_options_parse(buf, o);
    if (st) {
        char m[512];
        snprintf(m, sizeof m, "%s", dfg_last_error());
        return dfg_set_error(st, "dfg.%s: %s", fn, m + (strncmp(m, "dfg: ", 5) ? 0 : 5));
    }
    return DFG_OK;
}

/* UPDATES: an n-by-2 cell {variable, new value; ...} or a flat cell of
 * pairs {v1, e1, v2, e2, ...}; vars/vals are mxMalloc'd. */
static int parse_updates(gw * g, const mxArray * a, dfg_id ** vars, dfg_id ** vals, int * n)
{
    *n = 0;
    if (mxIsEmpty(a))
        return DFG_OK;
    if (!mxIsCell(a))
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: UPDATES must be a cell array "
                             "{variable, new value; ...}");
    size_t ne = mxGetNumberOfElements(a);
    if (ne)
        (void)mxGetCell(a, 0);   /* before mxGetN: see gateway.h (cells) */
    size_t r = mxGetM(a), c = mxGetN(a);
    int pairs_by_row = mxGetNumberOfDimensions(a) == 2 && c == 2;
    if (!pairs_by_row && (ne % 2 != 0 || (r != 1 && c != 1)))
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: UPDATES must be an n-by-2 cell array "
                             "{variable, new value; ...} or a list of pairs, not %zux%zu", r, c);
    int m = (int)(ne / 2);
    *vars = mxMalloc(((size_t)m + 1) * sizeof **vars);
    *vals = mxMalloc(((size_t)m + 1) * sizeof **vals);
    for (int k = 0; k < m; k++) {
        const mxArray * v = mxGetCell(a, pairs_by_row ? (mwIndex)k : (mwIndex)(2 * k));
        const mxArray * e = mxGetCell(a, pairs_by_row ? (mwIndex)(k + r) : (mwIndex)(2 * k + 1));
        if (!v || !gw_is_tensor(v))
            return dfg_set_error(DFG_ERR_ARG, "dfg.function: UPDATES{%d,1} must be a dfg.variable", k + 1);
        if (!e || !gw_is_tensor(e))
            return dfg_set_error(DFG_ERR_ARG, "dfg.function: UPDATES{%d,2} must be a dfg.Tensor "
                                 "(the variable's new value)", k + 1);
        int st = gw_tensor(g, v, 3, &(*vars)[k]);
        if (!st)
            st = gw_tensor(g, e, 3, &(*vals)[k]);
        if (st)
            return st;
        *n = k + 1;
    }
    return DFG_OK;
}

/* dfg_mex ("function", INPUTS, OUTPUTS [, PASSES, FAST [, UPDATES,
 * CHECKPOINT, MEMORY_LIMIT [, DEVICE]]]) */
int cmd_function(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id * ins = NULL, * outs = NULL, * uvars = NULL, * uvals = NULL, plan;
    int n_in = 0, n_out = 0, n_upd = 0;
    char dev[16] = "";
    if (nrhs != 2 && nrhs != 4 && nrhs != 7 && nrhs != 8)
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: expected dfg.function (INPUTS, OUTPUTS, ...)");
    dfg_options o;
    dfg_options_default(&o);
    dfg_plan_spec spec = { .opts = &o };
    int st = DFG_OK;
    if (nrhs >= 4) {
        st = parse_spec("function", prhs[2], &o);
        if (!st && !mxIsEmpty(prhs[3])) {
            if (!(mxIsLogical(prhs[3]) || mxIsNumeric(prhs[3])) || mxGetNumberOfElements(prhs[3]) != 1)
                st = dfg_set_error(DFG_ERR_ARG, "dfg.function: FAST must be true or false");
            else
                o.fast = mxGetScalar(prhs[3]) != 0;
        }
    }
    if (!st && nrhs == 8 && !mxIsEmpty(prhs[7])) {
        if (!mxIsChar(prhs[7]) || mxGetNumberOfElements(prhs[7]) >= sizeof dev ||
            mxGetString(prhs[7], dev, sizeof dev))
            st = dfg_set_error(DFG_ERR_ARG, "dfg.function: DEVICE must be \"cpu\", \"sim\", "
                               "\"gpu\" or \"auto\"");
        for (char * c = dev; *c; c++)
            if (*c >= 'A' && *c <= 'Z')
                *c = (char)(*c - 'A' + 'a');
        spec.device = dev;
    }
    if (!st && nrhs >= 7) {
        st = parse_updates(g, prhs[4], &uvars, &uvals, &n_upd);
        const mxArray * c = prhs[5], * lim = prhs[6];
        if (!st && !mxIsEmpty(c)) {
            char w[32] = "";
            if (!mxIsChar(c) || mxGetString(c, w, sizeof w) ||
                (strcmp(w, "sqrt") && strcmp(w, "none")))
                st = dfg_set_error(DFG_ERR_ARG, "dfg.function: CHECKPOINT must be 'sqrt' or 'none'");
            else
                spec.checkpoint = strcmp(w, "sqrt") ? DFG_CKPT_NONE : DFG_CKPT_SQRT;
        }
        if (!st && !mxIsEmpty(lim)) {
            if (!mxIsNumeric(lim) || mxIsComplex(lim) || mxGetNumberOfElements(lim) != 1 ||
                !(mxGetScalar(lim) > 0))
                st = dfg_set_error(DFG_ERR_ARG, "dfg.function: MEMORY_LIMIT must be a positive "
                                   "number of bytes");
            else if (spec.checkpoint == DFG_CKPT_SQRT)
                st = dfg_set_error(DFG_ERR_ARG, "dfg.function: give 'checkpoint' or "
                                   "'memory_limit', not both");
            else {
                spec.checkpoint = DFG_CKPT_LIMIT;
                spec.memory_limit = mxGetScalar(lim);
            }
        }
    }
    if (!st)
        st = gw_ids_from_cell(g, prhs[0], 1, "INPUTS", &ins, &n_in);
    if (!st)
        st = gw_ids_from_cell(g, prhs[1], 2, "OUTPUTS", &outs, &n_out);
    if (!st) {
        spec.n_in = n_in;
        spec.ins = ins;
        spec.n_out = n_out;
        spec.outs = outs;
        spec.n_upd = n_upd;
        spec.upd_vars = uvars;
        spec.upd_vals = uvals;
        if (!(st = dfg_plan_compile_spec(&spec, &plan)))
            plhs[0] = gw_id_out(plan);
    }
    if (st == DFG_ERR_FREE_INPUT) {
        char m[1024];
        snprintf(m, sizeof m, "%s", dfg_last_error());
        st = dfg_set_error(st, "dfg.function: %s; add it to INPUTS", m);
    }
    mxFree(ins);
    mxFree(outs);
    mxFree(uvars);
    mxFree(uvals);
    return st;
}

static int plan_arg(const char * fn, int nrhs, const mxArray ** prhs, dfg_id * plan)
{
    if (nrhs != 1 || mxGetClassID(prhs[0]) != mxUINT64_CLASS || mxGetNumberOfElements(prhs[0]) != 1)
        return dfg_set_error(DFG_ERR_HANDLE, "dfg.%s: F must be a function made by dfg.function or dfg.jit", fn);
    *plan = *(const uint64_t *)mxGetData(prhs[0]);
    return DFG_OK;
}

/* dfg_mex ("memory", PLAN): the memory plan as a struct */
int cmd_memory(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    dfg_id plan;
    dfg_memory_info m;
    int st = plan_arg("memory", nrhs, prhs, &plan);
    if (st || (st = dfg_plan_memory(plan, &m)))
        return st;
    const char * bf[] = {"op", "class", "size", "offset", "bytes", "first", "last", "shares", "node",
                         "device"};
    mxArray * b = mxCreateStructMatrix((mwSize)m.n_buffers, 1, 10, bf);
    for (int64_t k = 0; k < m.n_buffers; k++) {
        dfg_buffer_info r;
        dfg_plan_buffer(plan, k, &r);
        mxArray * sz = mxCreateDoubleMatrix(1, (mwSize)r.ndim, mxREAL);
        for (int j = 0; j < r.ndim; j++)
            mxGetPr(sz)[j] = (double)r.dims[j];
        mwIndex e = (mwIndex)k;
        mxSetField(b, e, "op", mxCreateString(r.op));
        mxSetField(b, e, "class", mxCreateString(dfg_dtype_name((dfg_dtype)r.dtype)));
        mxSetField(b, e, "size", sz);
        mxSetField(b, e, "offset", mxCreateDoubleScalar((double)r.offset));
        mxSetField(b, e, "bytes", mxCreateDoubleScalar((double)r.bytes));
        mxSetField(b, e, "first", mxCreateDoubleScalar((double)r.first + 1));
        mxSetField(b, e, "last", mxCreateDoubleScalar((double)r.last + 1));
        mxSetField(b, e, "shares", mxCreateDoubleScalar(r.shares >= 0 ? (double)r.shares + 1 : 0));
        mxSetField(b, e, "node", mxCreateDoubleScalar(r.node >= 0 ? (double)r.node + 1 : 0));
        mxSetField(b, e, "device", mxCreateString(r.device ? r.device : "cpu"));
    }
    const char * f[] = {"arena_bytes", "naive_bytes", "lower_bound", "inplace", "views",
                        "variables_inplace", "steps", "recomputed", "flops",
                        "recompute_flops", "loop_bytes", "device", "leaf_bytes", "buffers",
                        "host_arena_bytes", "copies", "variable_bytes", "placement"};
    plhs[0] = mxCreateStructMatrix(1, 1, 18, f);
    {
        const char * pf[] = {"automatic", "candidate", "cpu_ms", "device_ms", "copy_ms"};
        mxArray * a = mxCreateStructMatrix(1, 1, 5, pf);
        const dfg_auto_info * ai = &m.placement;
        mxSetField(a, 0, "automatic", mxCreateLogicalScalar(ai->automatic != 0));
        mxSetField(a, 0, "candidate", mxCreateString(ai->candidate ? ai->candidate : ""));
        mxSetField(a, 0, "cpu_ms", mxCreateDoubleScalar(ai->automatic ? 1e3 * ai->cpu_s : 0));
        mxSetField(a, 0, "device_ms", mxCreateDoubleScalar(ai->automatic ? 1e3 * ai->device_s : 0));
        mxSetField(a, 0, "copy_ms", mxCreateDoubleScalar(ai->automatic ? 1e3 * ai->copy_s : 0));
        mxSetField(plhs[0], 0, "placement", a);
    }
    mxSetField(plhs[0], 0, "variable_bytes", mxCreateDoubleScalar((double)m.variable_bytes));
    mxSetField(plhs[0], 0, "host_arena_bytes", mxCreateDoubleScalar((double)m.host_arena_bytes));
    mxSetField(plhs[0], 0, "copies", mxCreateDoubleScalar((double)m.copies));
    mxSetField(plhs[0], 0, "device", mxCreateString(m.device ? m.device : "cpu"));
    mxSetField(plhs[0], 0, "leaf_bytes", mxCreateDoubleScalar((double)m.leaf_bytes));
    mxSetField(plhs[0], 0, "arena_bytes", mxCreateDoubleScalar((double)m.arena_bytes));
    mxSetField(plhs[0], 0, "naive_bytes", mxCreateDoubleScalar((double)m.naive_bytes));
    mxSetField(plhs[0], 0, "lower_bound", mxCreateDoubleScalar((double)m.lower_bound));
    mxSetField(plhs[0], 0, "inplace", mxCreateDoubleScalar((double)m.inplace));
    mxSetField(plhs[0], 0, "views", mxCreateDoubleScalar((double)m.views));
    mxSetField(plhs[0], 0, "variables_inplace", mxCreateDoubleScalar((double)m.variables_inplace));
    mxSetField(plhs[0], 0, "steps", mxCreateDoubleScalar((double)m.n_steps));
    mxSetField(plhs[0], 0, "recomputed", mxCreateDoubleScalar((double)m.recomputed));
    mxSetField(plhs[0], 0, "flops", mxCreateDoubleScalar(m.flops));
    mxSetField(plhs[0], 0, "recompute_flops", mxCreateDoubleScalar(m.recompute_flops));
    mxSetField(plhs[0], 0, "loop_bytes", mxCreateDoubleScalar((double)m.loop_bytes));
    mxSetField(plhs[0], 0, "buffers", b);
    return DFG_OK;
}

static mxArray * options_struct(const dfg_options * o)
{
    const char * f[] = {"passes", "fast"};
    mxArray * s = mxCreateStructMatrix(1, 1, 2, f);
    int n = 0;
    for (int k = 0; k < DFG_PASS_COUNT; k++)
        n += (o->passes >> k) & 1;
    mxArray * c = mxCreateCellMatrix(1, (mwSize)n);
    n = 0;
    for (int k = 0; k < DFG_PASS_COUNT; k++)
        if ((o->passes >> k) & 1)
            mxSetCell(c, (mwIndex)n++, mxCreateString(dfg_pass_name(k)));
    mxSetField(s, 0, "passes", c);
    mxSetField(s, 0, "fast", mxCreateLogicalScalar(o->fast != 0));
    return s;
}

/* dfg_mex ("passes" [, SPEC]): the default for new plans (before / after) */
int cmd_passes(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    if (nrhs > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.passes: expected dfg.passes () or dfg.passes (PASSES)");
    dfg_options o;
    dfg_options_default(&o);
    plhs[0] = options_struct(&o);
    if (nrhs == 1) {
        int st = parse_spec("passes", prhs[0], &o);
        if (st) {
            mxDestroyArray(plhs[0]);
            plhs[0] = NULL;
            return st;
        }
        dfg_options_set_default(&o);
    }
    return DFG_OK;
}


/* dfg_mex ("explain", PLAN): struct array, one element per pass run */
int cmd_explain(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    dfg_id plan;
    int st = plan_arg("explain", nrhs, prhs, &plan);
    if (st)
        return st;
    int n = 0;
    dfg_pass_report r;
    while (!dfg_plan_report(plan, n, &r))
        n++;
    if (n == 0) {
        int a, b;
        if ((st = dfg_plan_arity(plan, &a, &b)))
            return st;
    }
    const char * f[] = {"pass", "before", "after", "changed", "what", "ms"};
    plhs[0] = mxCreateStructMatrix((mwSize)n, 1, 6, f);
    for (int k = 0; k < n; k++) {
        dfg_plan_report(plan, k, &r);
        mxSetField(plhs[0], (mwIndex)k, "pass", mxCreateString(r.pass));
        mxSetField(plhs[0], (mwIndex)k, "before", mxCreateDoubleScalar((double)r.nodes_before));
        mxSetField(plhs[0], (mwIndex)k, "after", mxCreateDoubleScalar((double)r.nodes_after));
        mxSetField(plhs[0], (mwIndex)k, "changed", mxCreateDoubleScalar((double)r.changed));
        mxSetField(plhs[0], (mwIndex)k, "what", mxCreateString(r.what));
        mxSetField(plhs[0], (mwIndex)k, "ms", mxCreateDoubleScalar(r.ms));
    }
    return DFG_OK;
}

/* dfg_mex ("nodes", PLAN): struct array, one element per compiled node */
int cmd_nodes(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    dfg_id plan;
    int64_t n;
    int st = plan_arg("nodes", nrhs, prhs, &plan);
    if (st || (st = dfg_plan_nodes(plan, &n)))
        return st;
    const char * f[] = {"index", "op", "class", "size", "inputs", "group", "output", "backward",
                        "device"};
    plhs[0] = mxCreateStructMatrix((mwSize)n, 1, 9, f);
    for (int64_t k = 0; k < n; k++) {
        dfg_node_info in;
        dfg_plan_node(plan, k, &in);
        mxArray * sz = mxCreateDoubleMatrix(1, (mwSize)in.ndim, mxREAL);
        for (int j = 0; j < in.ndim; j++)
            mxGetPr(sz)[j] = (double)in.dims[j];
        mxArray * ix = mxCreateDoubleMatrix(1, (mwSize)in.n_in, mxREAL);
        for (int j = 0; j < in.n_in; j++)
            mxGetPr(ix)[j] = (double)in.in[j] + 1;
        mwIndex e = (mwIndex)k;
        mxSetField(plhs[0], e, "index", mxCreateDoubleScalar((double)k + 1));
        mxSetField(plhs[0], e, "op", mxCreateString(in.op));
        mxSetField(plhs[0], e, "class", mxCreateString(dfg_dtype_name((dfg_dtype)in.dtype)));
        mxSetField(plhs[0], e, "size", sz);
        mxSetField(plhs[0], e, "inputs", ix);
        mxSetField(plhs[0], e, "group", mxCreateDoubleScalar(in.group));
        mxSetField(plhs[0], e, "output", mxCreateLogicalScalar(in.is_output != 0));
        mxSetField(plhs[0], e, "backward", mxCreateLogicalScalar(in.backward != 0));
        mxSetField(plhs[0], e, "device", mxCreateString(in.device ? in.device : "cpu"));
    }
    return DFG_OK;
}

/* dfg_mex ("place", "begin", DEVICE) -> PREV; dfg_mex ("place", "end", PREV):
 * the nodes recorded in between run on DEVICE (dfg.on) */
int cmd_place(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    char w[8] = "", d[16] = "";
    if (nrhs < 2 || !mxIsChar(prhs[0]) || mxGetString(prhs[0], w, sizeof w))
        return dfg_set_error(DFG_ERR_ARG, "dfg.on: bad placement call");
    if (!strcmp(w, "begin") && nrhs == 2) {
        if (!mxIsChar(prhs[1]) || mxGetString(prhs[1], d, sizeof d))
            return dfg_set_error(DFG_ERR_ARG, "dfg.on: DEVICE (argument 1) must be \"cpu\", "
                                 "\"sim\" or \"gpu\"");
        int prev = dfg_place_begin(d);
        if (prev < 0)
            return prev;
        plhs[0] = mxCreateDoubleScalar((double)prev);
        return DFG_OK;
    }
    if (!strcmp(w, "end") && nrhs == 2 && mxIsDouble(prhs[1]) && mxGetNumberOfElements(prhs[1]) == 1) {
        dfg_place_end((int)mxGetScalar(prhs[1]));
        return DFG_OK;
    }
    return dfg_set_error(DFG_ERR_ARG, "dfg.on: bad placement call");
}

/* dfg_mex ("region", "begin") -> PREV; dfg_mex ("region", "end", PREV) */
int cmd_region(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    char w[8] = "";
    if (nrhs < 1 || !mxIsChar(prhs[0]) || mxGetString(prhs[0], w, sizeof w))
        return dfg_set_error(DFG_ERR_ARG, "dfg.checkpoint: bad region call");
    if (!strcmp(w, "begin") && nrhs == 1) {
        plhs[0] = mxCreateDoubleScalar((double)dfg_region_begin());
        return DFG_OK;
    }
    if (!strcmp(w, "end") && nrhs == 2 && mxIsDouble(prhs[1]) && mxGetNumberOfElements(prhs[1]) == 1) {
        dfg_region_end((int32_t)mxGetScalar(prhs[1]));
        return DFG_OK;
    }
    return dfg_set_error(DFG_ERR_ARG, "dfg.checkpoint: bad region call");
}
