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

/* dfg_mex ("device" [, NAME]): the default device's name; with NAME
 * ("cpu", "gpu") sets it and returns the one before; NAME "info": a
 * struct of what the machine offers. */
int cmd_device(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    static const char * const names[] = {"cpu", "gpu"};
    if (nrhs > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.device: expected dfg.device (), dfg.device (NAME) "
                             "or dfg.device (\"info\")");
    dfg_device old = dfg_device_get();
    if (nrhs == 1) {
        char name[16];
        if (!mxIsChar(prhs[0]) || mxGetNumberOfElements(prhs[0]) >= sizeof name ||
            mxGetString(prhs[0], name, sizeof name))
            return dfg_set_error(DFG_ERR_ARG, "dfg.device: NAME must be \"cpu\", \"gpu\" or \"info\"");
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
        else if (!strcmp(name, "gpu"))
            st = dfg_device_set(DFG_DEVICE_GPU);
        else
            return dfg_set_error(DFG_ERR_ARG, "dfg.device: unknown device '%s' (\"cpu\", \"gpu\" "
                                 "or \"info\")", name);
        if (st)
            return st;
    }
    plhs[0] = mxCreateString(names[old]);
    return DFG_OK;
}
