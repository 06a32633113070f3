/* lib/runtime/device.c -- finding, opening and probing the CUDA backend, and the
 * default device of new plans.
 *
 * The backend (build/libdfg_cuda.so, kernels/cuda/dfg_cuda.h) is opened
 * with dlopen the first time a GPU is asked about, never at load time: the
 * MEX gateway has no link-time dependency on CUDA, so a build without the
 * toolkit, a machine without the CUDA runtime, and one without a GPU or a
 * driver all run dfg on the CPU.  The outcome (the table, or why there is
 * none) is kept for the life of the process.
 *
 * Ownership: the backend's device state (stream, cuBLAS handle) is the
 * process's; dfg_device_shutdown (at MEX exit) gives it back.  The library
 * itself is never unloaded.
 *
 * Threads: called from the thread that runs Octave (the gateway) only; the
 * state here and in the backend (one stream, one domain flag) is not
 * locked. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "runtime.h"
#include "backend.h"
#include "../../kernels/cuda/dfg_cuda.h"

static int                  opened;     /* tried to open the backend      */
static void *               lib;        /* its dlopen handle, or NULL     */
static const dfg_cuda_api * api;        /* its table once probed, or NULL */
static dfg_device_info      found;      /* what the first query saw       */
static dfg_device           current = DFG_DEVICE_CPU;
static int                  env_read;   /* DFG_DEVICE looked at           */
static dfg_status           env_st;     /* what it gave                   */
static char                 env_msg[600];

static int try_open(const char * path, char * why, size_t nwhy)
{
    if (access(path, F_OK))          /* not there: the next place, quietly */
        return 0;
    void * h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        /* the file is there but does not load (its CUDA runtime is
         * missing, say): the reason worth reporting */
        const char * e = dlerror();
        snprintf(why, nwhy, "%s", e ? e : "dlopen failed");
        return 0;
    }
    const dfg_cuda_api * (*get)(int) = (const dfg_cuda_api * (*)(int))dlsym(h, "dfg_cuda_api_get");
    const dfg_cuda_api * t = get ? get(DFG_CUDA_ABI) : NULL;
    if (!t) {
        snprintf(why, nwhy, "%s is not a dfg CUDA backend of this version (ABI %d)", path,
                 DFG_CUDA_ABI);
        /* not closed: the C++ and CUDA runtimes it loaded keep static
         * state that unmapping would leak (as dfg_device_shutdown) */
        return 0;
    }
    lib = h;
    api = t;
    snprintf(found.path, sizeof found.path, "%s", path);
    return 1;
}

static void open_backend(void)
{
    opened = 1;
    memset(&found, 0, sizeof found);
    char why[512] = "";
    const char * env = getenv("DFG_CUDA_LIB");
    if (env && *env) {
        if (!try_open(env, why, sizeof why))
            snprintf(found.reason, sizeof found.reason, "DFG_CUDA_LIB=%.200s cannot be opened%s%.250s",
                     env, *why ? ": " : "", why);
    } else {
        /* next to the module holding this code (the MEX file or a test) */
        Dl_info di;
        char dir[400] = ".";
        if (dladdr((void *)&open_backend, &di) && di.dli_fname) {
            snprintf(dir, sizeof dir, "%s", di.dli_fname);
            char * slash = strrchr(dir, '/');
            if (slash)
                *slash = 0;
            else
                snprintf(dir, sizeof dir, ".");
        }
        static const char * const where[] = {"%s/libdfg_cuda.so", "%s/build/libdfg_cuda.so",
                                             "%s/../libdfg_cuda.so"};
        for (size_t k = 0; k < sizeof where / sizeof *where && !api; k++) {
            char path[512];
            snprintf(path, sizeof path, where[k], dir);
            try_open(path, why, sizeof why);
        }
        if (!api)
            snprintf(found.reason, sizeof found.reason, "%s%.300s",
                     *why ? "the CUDA backend does not load: " :
                            "dfg was built without the CUDA backend (no libdfg_cuda.so: "
                            "build with the CUDA Toolkit installed, see INSTALL)", why);
    }
    if (!api)
        return;
    found.library = 1;
    dfg_cuda_info ci;
    memset(&ci, 0, sizeof ci);
    if (api->probe(&ci)) {
        snprintf(found.reason, sizeof found.reason, "%s", api->last_error());
        return;
    }
    found.available = 1;
    snprintf(found.reason, sizeof found.reason, "ok");
    snprintf(found.name, sizeof found.name, "%s", ci.name);
    found.cc_major = ci.cc_major;
    found.cc_minor = ci.cc_minor;
    found.total_bytes = (double)ci.total_bytes;
    found.free_bytes = (double)ci.free_bytes;
    found.runtime_version = ci.runtime_version;
    found.driver_version = ci.driver_version;
}

void dfg_device_query(dfg_device_info * info)
{
    if (!opened)
        open_backend();
    if (found.available) {              /* free memory changes: ask again */
        dfg_cuda_info ci;
        if (!api->probe(&ci)) {
            found.free_bytes = (double)ci.free_bytes;
            found.total_bytes = (double)ci.total_bytes;
        }
    }
    *info = found;
}

/* DFG_OK when a GPU can be used, else DFG_ERR_NODEVICE with the reason;
 * fn names the caller. */
static dfg_status gpu_refused(const char * fn)
{
    dfg_device_info info;
    dfg_device_query(&info);
    if (!info.available)
        return dfg_set_error(DFG_ERR_NODEVICE, "%s: no GPU can be used: %s", fn, info.reason);
    return DFG_OK;
}

/* DFG_DEVICE, once: the default device, or the error it gives */
static void read_env(void)
{
    env_read = 1;
    env_st = DFG_OK;
    const char * e = getenv("DFG_DEVICE");
    if (!e || !*e || !strcmp(e, "cpu") || !strcmp(e, "auto"))
        return;
    if (!strcmp(e, "sim")) {
        current = DFG_DEVICE_SIM;
        return;
    }
    if (!strcmp(e, "gpu")) {
        if (!(env_st = gpu_refused("DFG_DEVICE=gpu"))) {
            current = DFG_DEVICE_GPU;
            return;
        }
    } else
        env_st = dfg_set_error(DFG_ERR_ARG, "DFG_DEVICE=%s names no device (\"cpu\", \"sim\" "
                               "or \"gpu\")", e);
    snprintf(env_msg, sizeof env_msg, "%s", dfg_last_error());
}

dfg_status dfg_device_env_status(void)
{
    if (!env_read)
        read_env();
    return env_st ? dfg_set_error(env_st, "%s", env_msg) : DFG_OK;
}

const char * dfg_device_name(dfg_device d)
{
    static const char * const names[DFG_DEVICE_COUNT] = {"cpu", "gpu", "sim"};
    return d >= 0 && d < DFG_DEVICE_COUNT ? names[d] : "?";
}

dfg_status dfg_device_set(dfg_device d)
{
    if (!env_read)
        read_env();
    if (d == DFG_DEVICE_CPU || d == DFG_DEVICE_SIM) {
        current = d;
        env_st = DFG_OK;               /* chosen now: DFG_DEVICE is overridden */
        return DFG_OK;
    }
    if (d != DFG_DEVICE_GPU)
        return dfg_set_error(DFG_ERR_ARG, "dfg.device: unknown device %d", (int)d);
    dfg_status st = gpu_refused("dfg.device");
    if (!st) {
        current = d;
        env_st = DFG_OK;
    }
    return st;
}

dfg_status dfg_device_backend(const char * name, const char * fn, const dfg_backend ** be)
{
    *be = NULL;
    if (!name || !strcmp(name, "auto")) {
        dfg_status st = dfg_device_env_status();
        if (st)
            return st;
        dfg_device d = dfg_device_get();
        name = d == DFG_DEVICE_SIM ? "sim" : d == DFG_DEVICE_GPU ? "gpu" : "cpu";
    }
    if (!strcmp(name, "cpu"))
        *be = dfg_backend_cpu();
    else if (!strcmp(name, "sim"))
        *be = dfg_backend_sim();
    else if (!strcmp(name, "gpu")) {
        dfg_status st = gpu_refused(fn);
        if (st)
            return st;
        if (!(*be = dfg_backend_cuda()))
            return dfg_set_error(DFG_ERR_NODEVICE, "%s: %s", fn, dfg_last_error());
    } else
        return dfg_set_error(DFG_ERR_ARG, "%s: unknown device '%s' (\"cpu\", \"sim\", \"gpu\" "
                             "or \"auto\")", fn, name);
    return DFG_OK;
}

dfg_device dfg_device_get(void)
{
    if (!env_read)
        read_env();
    return current;
}

/* The backend's table when a GPU is usable, else NULL and an error. */
const dfg_cuda_api * dfg_device_cuda(void)
{
    if (!opened)                 /* (no new probe: free memory is not needed) */
        open_backend();
    if (!found.available) {
        dfg_set_error(DFG_ERR_NODEVICE, "dfg: no GPU can be used: %s", found.reason);
        return NULL;
    }
    return api;
}

void dfg_device_shutdown(void)
{
    if (api)                  /* also after a probe that failed half way */
        api->shutdown();
    /* the library stays mapped: the CUDA libraries it loads keep static
     * state (their C++ runtime's pools) that unmapping would leak, and a
     * later dlopen finds it again */
    lib = NULL;
    api = NULL;
    opened = 0;
    current = DFG_DEVICE_CPU;
    env_read = 0;             /* DFG_DEVICE is read again on the next start */
    env_st = DFG_OK;
    memset(&found, 0, sizeof found);
    dfg_sim_shutdown();       /* its region, when no buffer is left in it */
}
