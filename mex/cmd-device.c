/* mex/cmd-device.c -- dfg.device: the default device of new plans, and
 * what the machine offers. */
#include <stdio.h>
#include <string.h>
#include "gateway.h"

static mxArray * info_struct(const dfg_device_info * d)
{
    static const char * const f[] = {"available", "library", "reason", "path", "name",
                                     "compute_capability", "total_memory", "free_memory",
                                     "cuda_runtime", "cuda_driver"};
    mxArray * s = mxCreateStructMatrix(1, 1, sizeof f / sizeof *f, (const char **)f);
    mxSetField(s, 0, "available", mxCreateLogicalScalar(d->available != 0));
    mxSetField(s, 0, "library", mxCreateLogicalScalar(d->library != 0));
    mxSetField(s, 0, "reason", mxCreateString(d->reason));
    mxSetField(s, 0, "path", mxCreateString(d->path));
    mxSetField(s, 0, "name", mxCreateString(d->name));
    char cc[32] = "";
    if (d->available)
        snprintf(cc, sizeof cc, "%d.%d", d->cc_major, d->cc_minor);
    mxSetField(s, 0, "compute_capability", mxCreateString(cc));
    mxSetField(s, 0, "total_memory", mxCreateDoubleScalar(d->total_bytes));
    mxSetField(s, 0, "free_memory", mxCreateDoubleScalar(d->free_bytes));
    char v[32] = "";
    if (d->runtime_version)
        snprintf(v, sizeof v, "%d.%d", d->runtime_version / 1000, d->runtime_version % 1000 / 10);
    mxSetField(s, 0, "cuda_runtime", mxCreateString(v));
    v[0] = 0;
    if (d->driver_version)
        snprintf(v, sizeof v, "%d.%d", d->driver_version / 1000, d->driver_version % 1000 / 10);
    mxSetField(s, 0, "cuda_driver", mxCreateString(v));
    return s;
}

static mxArray * sim_struct(void)
{
    static const char * const f[] = {"to_device", "to_device_bytes", "to_host", "to_host_bytes",
                                     "copies", "copy_bytes", "allocs", "frees", "failed_allocs",
                                     "runs", "in_use", "peak", "memory", "buffers"};
    dfg_sim_stats s;
    dfg_sim_stats_get(&s);
    const int64_t v[] = {s.to_device, s.to_device_bytes, s.to_host, s.to_host_bytes, s.copies,
                         s.copy_bytes, s.allocs, s.frees, s.failed_allocs, s.runs, s.in_use,
                         s.peak, s.memory, s.buffers};
    mxArray * r = mxCreateStructMatrix(1, 1, sizeof f / sizeof *f, (const char **)f);
    for (size_t k = 0; k < sizeof f / sizeof *f; k++)
        mxSetField(r, 0, f[k], mxCreateDoubleScalar((double)v[k]));
    return r;
}

/* dfg_mex ("device", "sim", WHAT [, VALUE]): the sim device's counters
 * ("stats"), zeroing them ("reset"), its memory in bytes ("memory", 0: the
 * default), failing the Nth allocation from now ("fail", N), failing the
 * Nth step run from now as a kernel would ("fail_run", N), the ops it
 * pretends to lack ("host_ops", LIST) and its modelled speed relative to
 * the CPU for automatic placement ("speedup", S) */
static int sim_knob(mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    char what[16];
    if (!mxIsChar(prhs[1]) || mxGetNumberOfElements(prhs[1]) >= sizeof what ||
        mxGetString(prhs[1], what, sizeof what))
        return dfg_set_error(DFG_ERR_ARG, "dfg.device: WHAT must be \"stats\", \"reset\", "
                             "\"memory\", \"fail\", \"fail_run\", \"host_ops\" or "
                             "\"speedup\"");
    if (!strcmp(what, "speedup")) {
        const mxArray * n = nrhs == 3 ? prhs[2] : NULL;
        if (!n || !mxIsNumeric(n) || mxIsComplex(n) || mxGetNumberOfElements(n) != 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.device: dfg.device (\"sim\", \"speedup\", S) "
                                 "takes a number > 0");
        int st = dfg_sim_set_speedup(mxGetScalar(n));
        if (st)
            return st;
        plhs[0] = sim_struct();
        return DFG_OK;
    }
    if (!strcmp(what, "host_ops")) {
        char ops[1024];
        if (nrhs != 3 || !mxIsChar(prhs[2]) || mxGetNumberOfElements(prhs[2]) >= sizeof ops ||
            mxGetString(prhs[2], ops, sizeof ops))
            return dfg_set_error(DFG_ERR_ARG, "dfg.device: dfg.device (\"sim\", \"host_ops\", "
                                 "LIST) takes a string: op names, \"odd\", \"even\" or \"\"");
        int st = dfg_sim_set_host_ops(ops);
        if (st)
            return st;
        plhs[0] = sim_struct();
        return DFG_OK;
    }
    int takes = !strcmp(what, "memory") || !strcmp(what, "fail") || !strcmp(what, "fail_run");
    if (!takes && strcmp(what, "stats") && strcmp(what, "reset"))
        return dfg_set_error(DFG_ERR_ARG, "dfg.device: unknown sim setting '%s' (\"stats\", "
                             "\"reset\", \"memory\", \"fail\", \"fail_run\", "
                             "\"host_ops\" or \"speedup\")", what);
    if (nrhs != 2 + takes)
        return dfg_set_error(DFG_ERR_ARG, "dfg.device: dfg.device (\"sim\", \"%s\"%s) takes %s",
                             what, takes ? ", N" : "", takes ? "a number" : "no value");
    if (takes) {
        const mxArray * n = prhs[2];
        double x = mxIsNumeric(n) && !mxIsComplex(n) && mxGetNumberOfElements(n) == 1 ?
                   mxGetScalar(n) : -1;
        if (!(x >= 0) || x != (double)(int64_t)x)
            return dfg_set_error(DFG_ERR_ARG, "dfg.device: the sim %s must be a whole number "
                                 ">= 0", !strcmp(what, "memory") ? "memory (bytes)" :
                                 !strcmp(what, "fail") ? "allocation to fail (N)" :
                                 "step to fail (N)");
        if (!strcmp(what, "fail"))
            dfg_sim_fail_alloc((int64_t)x);
        else if (!strcmp(what, "fail_run"))
            dfg_sim_fail_run((int64_t)x);
        else {
            int st = dfg_sim_set_memory(x);
            if (st) {
                char m[512];
                snprintf(m, sizeof m, "%s", dfg_last_error());
                return dfg_set_error(st, "dfg.device: %s", m + (strncmp(m, "dfg: ", 5) ? 0 : 5));
            }
        }
    } else if (!strcmp(what, "reset"))
        dfg_sim_stats_reset();
    plhs[0] = sim_struct();
    return DFG_OK;
}

/* dfg_mex ("device" [, NAME]): the default device's name; with NAME
 * ("cpu", "sim", "gpu") sets it and returns the one before; NAME "info": a
 * struct of what the machine offers. */
int cmd_device(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    if (nrhs >= 2 && mxIsChar(prhs[0])) {
        char d[8] = "";
        mxGetString(prhs[0], d, sizeof d);
        if (!strcmp(d, "sim") && nrhs <= 3)
            return sim_knob(plhs, nrhs, prhs);
    }
    if (nrhs > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.device: expected dfg.device (), dfg.device (NAME), "
                             "dfg.device (\"info\") or dfg.device (\"sim\", WHAT [, N])");
    dfg_device old = dfg_device_get();
    if (nrhs == 1) {
        char name[16];
        if (!mxIsChar(prhs[0]) || mxGetNumberOfElements(prhs[0]) >= sizeof name ||
            mxGetString(prhs[0], name, sizeof name))
            return dfg_set_error(DFG_ERR_ARG, "dfg.device: NAME must be \"cpu\", \"sim\", "
                                 "\"gpu\" or \"info\"");
        for (char * c = name; *c; c++)
            if (*c >= 'A' && *c <= 'Z')
                *c = (char)(*c - 'A' + 'a');
        if (!strcmp(name, "info")) {
            dfg_device_info d;
            dfg_device_query(&d);
            plhs[0] = info_struct(&d);
            return DFG_OK;
        }
        int st;
        if (!strcmp(name, "cpu"))
            st = dfg_device_set(DFG_DEVICE_CPU);
        else if (!strcmp(name, "sim"))
            st = dfg_device_set(DFG_DEVICE_SIM);
        else if (!strcmp(name, "gpu"))
            st = dfg_device_set(DFG_DEVICE_GPU);
        else
            return dfg_set_error(DFG_ERR_ARG, "dfg.device: unknown device '%s' (\"cpu\", \"sim\", "
                                 "\"gpu\" or \"info\")", name);
        if (st)
            return st;
    }
    plhs[0] = mxCreateString(dfg_device_name(old));
    return DFG_OK;
}
