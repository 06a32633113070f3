/* mex/cmd-dispatch.c -- the calls of dfg.jit and the functional transforms
 * (grad, value_and_grad, jacobian, hessian, jvp, vjp): one MEX call on the
 * hit path.
 *
 * A jitted function is the handle
 *     @(varargin) dfg_mex ("jcall", CACHE, {OWNER}, varargin{:})
 * and a transform the same with "tcall", where CACHE is a dispatch cache
 * (lib/runtime/dispatch.c) owned by OWNER, a dfg.internal.JitCache object
 * (its delete releases the cache; in a cell so that Octave looks up no
 * methods of its class at each call).  The handle has as many arguments
 * as a dfg.function plan's (mex/dfg_mex.c, "run") and evaluates nothing
 * but its captured values: the output count asked for is the MEX file's
 * nlhs, which Octave sets to the handle's nargout (reading nargout in the
 * handle cost about 2 us a call, an argument about 0.7 us).  The command
 * makes the call's signature in C (the arguments' classes and sizes, char
 * rows by text, and for jcall the output count: a transform's plan serves
 * any count), finds the plan and runs it on the array arguments.  Only a
 * miss goes back to Octave: OWNER's trace_plan method traces the function
 * and compiles a plan, which the cache then owns.  Arguments of other
 * kinds (cells, structs, function handles, ...) are keyed by value by
 * dfg.internal.signature, in Octave.  An error raised in Octave code here
 * (the user's function while tracing) reaches the caller as it was raised
 * (call_octave). */
#include <string.h>
#include "gateway.h"

/* An Octave function called from a command.  An error it raises goes
 * straight up to the caller as it was raised (identifier, message,
 * stack): Octave unwinds this MEX call, freeing what it gave out
 * (mxMalloc, mxCreate*), so a caller must hold nothing else across the
 * call and must not have changed the library's state before it.  (Octave
 * 7's mexCallMATLABWithTrap would keep control but replaces the error by
 * a generic one.) */
static int call_octave(int nout, mxArray ** out, int nin, mxArray ** in, const char * fn)
{
    mexCallMATLAB(nout, out, nin, in, fn);
    return DFG_OK;
}

/* The key of a call made of arguments that are not all arrays and strings:
 * dfg.internal.signature (NOUT, {ARGS}) by value, in *key (mxMalloc'ed). */
static int key_by_value(double knout, int n, const mxArray * const * args, char ** key,
                        size_t * len)
{
    mxArray * in[2] = { mxCreateDoubleScalar(knout), mxCreateCellMatrix(1, (mwSize)n) };
    for (int k = 0; k < n; k++)
        mxSetCell(in[1], (mwIndex)k, mxDuplicateArray(args[k]));
    mxArray * out = NULL;
    int st = call_octave(1, &out, 2, in, "dfg.internal.signature");
    mxDestroyArray(in[0]);
    mxDestroyArray(in[1]);
    if (st)
        return st;
    if (!mxIsChar(out)) {
        mxDestroyArray(out);
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.jit: a call signature that is not text");
    }
    size_t n_ch = mxGetNumberOfElements(out);
    *key = mxMalloc(n_ch + 2);
    mxGetString(out, *key, (mwSize)(n_ch + 1));
    *len = strlen(*key);
    mxDestroyArray(out);
    return DFG_OK;
}

/* Whether the arguments fit pattern pat (n of them): every dimension it
 * takes as a symbolic size has the same value, at least 2, in an array
 * (docs/symbolic.md: a symbolic size takes those). */
static int fits_pattern(int n, const mxArray * const * args, const int8_t * pat)
{
    mwSize v = 0;
    for (int k = 0; k < n; k++) {
        if (!pat[k])
            continue;
        const mxArray * a = args[k];
        if (!(mxIsDouble(a) || mxIsSingle(a) || mxIsLogical(a)) || mxIsComplex(a) || mxIsSparse(a) ||
            (mwSize)pat[k] > mxGetNumberOfDimensions(a))
            return 0;
        mwSize d = mxGetDimensions(a)[pat[k] - 1];
        if (d < 2 || (v && d != v))
            return 0;
        v = d;
    }
    return v != 0;
}

/* A miss of the exact key: the plan of a pattern of the cache that the
 * arguments fit (*plan 0: none). */
static int find_by_pattern(dfg_id cache, double knout, int n, const mxArray * const * args,
                           dfg_id * plan, const int32_t ** pos, int32_t * np)
{
    const int8_t * pat;
    int32_t pn;
    char small[1024];
    size_t len;
    *plan = 0;
    for (int32_t q = 0; !*plan && dfg_cache_pattern(cache, q, &pat, &pn) == DFG_OK; q++) {
        if (pn != n || !fits_pattern(n, args, pat) ||
            !gw_signature(knout, n, args, pat, small, sizeof small, &len))
            continue;
        int st = dfg_cache_find(cache, small, len, plan, pos, np);
        if (st)
            return st;
    }
    return DFG_OK;
}

/* OWNER.trace_plan (NOUT, ARGS...) on a miss: [plan id, positions (1-based),
 * pattern], put into the cache under key, or, with a pattern (a plan with
 * symbolic sizes: the dimension of each argument it takes as one, 0 for
 * none), under the key of that pattern, which the cache keeps. */
static int trace_miss(dfg_id cache, const mxArray * owner, double nout, double knout, int n,
                      const mxArray * const * args, const char * key, size_t len)
{
    mxArray ** in = mxMalloc(((size_t)n + 2) * sizeof *in), * out[3] = {NULL, NULL, NULL};
    in[0] = (mxArray *)owner;
    in[1] = mxCreateDoubleScalar(nout);
    for (int k = 0; k < n; k++)
        in[k + 2] = (mxArray *)args[k];
    int st = call_octave(3, out, n + 2, in, "trace_plan");
    mxDestroyArray(in[1]);
    mxFree(in);
    if (st)
        return st;
    int8_t * pat = NULL;       /* the pattern, when the plan has one */
    char * pkey = NULL;        /* its key */
    if (mxIsDouble(out[2]) && mxGetNumberOfElements(out[2]) == (size_t)n && n > 0) {
        const double * pv = mxGetPr(out[2]);
        int any = 0;
        size_t plen;
        pat = mxMalloc((size_t)n);
        for (int k = 0; k < n; k++) {
            pat[k] = pv[k] >= 1 && pv[k] <= DFG_MAX_DIMS ? (int8_t)pv[k] : 0;
            any |= pat[k];
        }
        pkey = mxMalloc(1 << 16);
        if (any && fits_pattern(n, args, pat) && gw_signature(knout, n, args, pat, pkey, 1 << 16, &plen)) {
            key = pkey;
            len = plen;
        } else {
            mxFree(pkey);
            mxFree(pat);
            pat = NULL;
            pkey = NULL;
        }
    }
    mxDestroyArray(out[2]);
    if (mxGetClassID(out[0]) != mxUINT64_CLASS || mxGetNumberOfElements(out[0]) != 1 ||
        !mxIsDouble(out[1])) {
        mxDestroyArray(out[0]);
        mxDestroyArray(out[1]);
        mxFree(pat);
        mxFree(pkey);
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.jit: trace_plan gave no plan");
    }
    dfg_id plan = *(const uint64_t *)mxGetData(out[0]);
    size_t np = mxGetNumberOfElements(out[1]);
    int32_t * pos = mxMalloc((np + 1) * sizeof *pos);
    const double * pv = mxGetPr(out[1]);
    for (size_t k = 0; k < np; k++) {
        pos[k] = (int32_t)pv[k] - 1;
        if (pos[k] < 0 || pos[k] >= n)
            st = dfg_set_error(DFG_ERR_INTERNAL, "dfg.jit: trace_plan gave a bad position");
    }
    if (!st)
        st = dfg_cache_put(cache, key, len, plan, pos, (int32_t)np);
    else
        dfg_release(plan);
    if (!st && pat)            /* (the cache owns the plan by now) */
        st = dfg_cache_pattern_add(cache, n, pat);
    mxFree(pos);
    mxFree(pat);
    mxFree(pkey);
    mxDestroyArray(out[0]);
    mxDestroyArray(out[1]);
    return st;
}

/* The hit path of jcall and tcall (any_nout): CACHE, {OWNER}, ARGS... in
 * prhs; the output count asked for is nlhs (at least 1 in the key). */
static int dispatch_call(gw * g, int any_nout, int nlhs, mxArray ** plhs, int nrhs,
                         const mxArray ** prhs)
{
    g->fn = "jit";
    if (nrhs < 2 || mxGetClassID(prhs[0]) != mxUINT64_CLASS || mxGetNumberOfElements(prhs[0]) != 1 ||
        !mxIsCell(prhs[1]) || mxGetNumberOfElements(prhs[1]) != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.jit: bad dispatch call");
    dfg_id cache = *(const uint64_t *)mxGetData(prhs[0]);
    double nout = nlhs < 1 ? 1 : nlhs;
    double knout = any_nout ? 0 : nout;
    int n = nrhs - 2;
    const mxArray * const * args = prhs + 2;
    char small[1024], * key = small;     /* key: small, or mxMalloc'ed */
    size_t len = 0;
    int st = DFG_OK;
    if (!gw_signature(knout, n, args, NULL, small, sizeof small, &len)) {
        key = mxMalloc(1 << 16);
        if (!gw_signature(knout, n, args, NULL, key, 1 << 16, &len)) {
            mxFree(key);
            key = NULL;
            st = key_by_value(knout, n, args, &key, &len);
        }
    }
    dfg_id plan = 0;
    const int32_t * pos = NULL;
    int32_t np = 0;
    if (!st)
        st = dfg_cache_find(cache, key, len, &plan, &pos, &np);
    if (!st && !plan && key == small)
        st = find_by_pattern(cache, knout, n, args, &plan, &pos, &np);
    if (!st && !plan) {
        /* (the owner read only now: mxGetCell wraps the object anew) */
        st = trace_miss(cache, mxGetCell(prhs[1], 0), nout, knout, n, args, key, len);
        if (!st)
            st = dfg_cache_find(cache, key, len, &plan, &pos, &np);
        if (!st && !plan)
            st = find_by_pattern(cache, knout, n, args, &plan, &pos, &np);
        if (!st && !plan)
            st = dfg_set_error(DFG_ERR_INTERNAL, "dfg.jit: the plan just made is not cached");
    }
    if (key != small && key)
        mxFree(key);
    if (st)
        return st;
    return gw_plan_call(g, plan, nlhs, plhs, np, args, pos);
}

/* jcall (CACHE, {OWNER}, ARGS...): dfg.jit's call, keyed by the output count */
int cmd_jcall(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    return dispatch_call(g, 0, nlhs, plhs, nrhs, prhs);
}

/* tcall (CACHE, {OWNER}, ARGS...): a transform's call, one plan for any
 * output count */
int cmd_tcall(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    return dispatch_call(g, 1, nlhs, plhs, nrhs, prhs);
}

static int cache_id(const mxArray * a, dfg_id * id)
{
    if (!a || mxGetClassID(a) != mxUINT64_CLASS || mxGetNumberOfElements(a) != 1)
        return dfg_set_error(DFG_ERR_HANDLE, "dfg.jit: invalid dispatch cache handle");
    *id = *(const uint64_t *)mxGetData(a);
    return DFG_OK;
}

/* cache ("new", MAX) -> id; cache ("clear", ID); cache ("count", ID) ->
 * [entries, bound]; cache ("plans", ID) -> {plan ids}; cache ("keys", ID)
 * -> {keys}, each in entry order */
int cmd_cache(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    g->fn = "jit";
    char what[16];
    if (nrhs != 2 || !gw_string(prhs[0], what, sizeof what))
        return dfg_set_error(DFG_ERR_ARG, "dfg.jit: expected cache (WHAT, ARG)");
    dfg_id id = 0;
    int st;
    if (!strcmp(what, "new")) {
        double m;
        if ((st = gw_scalar(g, prhs[1], 2, 1, &m)))
            return st;
        if ((st = dfg_cache_new(m < 1 || m > 1 << 20 ? 0 : (int32_t)m, &id)))
            return st;
        plhs[0] = gw_id_out(id);
        return DFG_OK;
    }
    if ((st = cache_id(prhs[1], &id)))
        return st;
    if (!strcmp(what, "clear"))
        return dfg_cache_clear(id);
    int32_t n = 0, max = 0;
    if ((st = dfg_cache_entries(id, &n, &max)))
        return st;
    if (!strcmp(what, "count")) {
        plhs[0] = mxCreateDoubleMatrix(1, 2, mxREAL);
        mxGetPr(plhs[0])[0] = n;
        mxGetPr(plhs[0])[1] = max;
        return DFG_OK;
    }
    int keys = !strcmp(what, "keys");
    if (!keys && strcmp(what, "plans"))
        return dfg_set_error(DFG_ERR_ARG, "dfg.jit: unknown cache request '%s'", what);
    plhs[0] = mxCreateCellMatrix(1, (mwSize)n);
    for (int32_t k = 0; k < n; k++) {
        dfg_id plan;
        const void * key;
        size_t len;
        dfg_cache_entry(id, k, &plan, &key, &len);
        mxArray * e;
        if (keys) {
            char * s = mxMalloc(len + 1);
            memcpy(s, key, len);
            s[len] = 0;
            e = mxCreateString(s);
            mxFree(s);
        } else {
            e = mxCreateNumericMatrix(1, 1, mxUINT64_CLASS, mxREAL);
            *(uint64_t *)mxGetData(e) = plan;
        }
        mxSetCell(plhs[0], (mwIndex)k, e);
    }
    return DFG_OK;
}
