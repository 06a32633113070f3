/* lib/base/status.c -- status codes, the per-thread last error, warnings. */
#include <stdio.h>
#include <string.h>
#include "base.h"

static _Thread_local char last_error[1024];
static _Thread_local char last_warning[512];
static _Thread_local int  has_warning;

static const char * const status_text[DFG_STATUS_COUNT] = {
    [DFG_OK]              = "no error",
    [DFG_ERR_NOMEM]       = "out of memory",
    [DFG_ERR_ARG]         = "bad argument",
    [DFG_ERR_SHAPE]       = "nonconformant arguments",
    [DFG_ERR_DTYPE]       = "unsupported class",
    [DFG_ERR_HANDLE]      = "invalid handle",
    [DFG_ERR_DOMAIN]      = "value outside the real domain",
    [DFG_ERR_INDEX]       = "index out of bounds",
    [DFG_ERR_UNSUPPORTED] = "not expressible as a static graph",
    [DFG_ERR_FREE_INPUT]  = "free input without a value",
    [DFG_ERR_NO_GRAD]     = "no gradient rule",
    [DFG_ERR_INTERNAL]    = "internal error",
    [DFG_ERR_NODEVICE]    = "no usable GPU",
    [DFG_ERR_INTERRUPTED] = "interrupted",
    [DFG_ERR_DEVICE]      = "device failure",
    [DFG_ERR_SYMBOLIC]    = "not defined for a symbolic size",
    [DFG_ERR_DATA_SIZE]   = "output size depends on values",
    [DFG_ERR_NOT_TRACEABLE] = "not traceable",
    [DFG_ERR_NOT_DIFF]    = "not differentiable with respect to this argument",
};

/* Octave error ids, used as "dfg:<id>". */
static const char * const status_ids[DFG_STATUS_COUNT] = {
    [DFG_OK]              = "ok",
    [DFG_ERR_NOMEM]       = "outOfMemory",
    [DFG_ERR_ARG]         = "badArgument",
    [DFG_ERR_SHAPE]       = "nonconformant",
    [DFG_ERR_DTYPE]       = "badClass",
    [DFG_ERR_HANDLE]      = "invalidHandle",
    [DFG_ERR_DOMAIN]      = "complexResult",
    [DFG_ERR_INDEX]       = "index",
    [DFG_ERR_UNSUPPORTED] = "unsupported",
    [DFG_ERR_FREE_INPUT]  = "freeInput",
    [DFG_ERR_NO_GRAD]     = "noGradient",
    [DFG_ERR_INTERNAL]    = "internal",
    [DFG_ERR_NODEVICE]    = "noDevice",
    [DFG_ERR_INTERRUPTED] = "interrupted",
    [DFG_ERR_DEVICE]      = "deviceError",
    [DFG_ERR_SYMBOLIC]    = "symbolicSize",
    [DFG_ERR_DATA_SIZE]   = "dataDependentSize",
    [DFG_ERR_NOT_TRACEABLE] = "notTraceable",
    [DFG_ERR_NOT_DIFF]    = "notDifferentiable",
};

const char * dfg_status_str(dfg_status s)
{
    return (s >= 0 && s < DFG_STATUS_COUNT) ? status_text[s] : "unknown status";
}

const char * dfg_status_id(dfg_status s)
{
    return (s >= 0 && s < DFG_STATUS_COUNT) ? status_ids[s] : "internal";
}

const char * dfg_last_error(void)
{
    return last_error;
}

dfg_status dfg_set_error(dfg_status s, const char * fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return s;
}

static _Thread_local const char * warning_id = "Octave:singular-matrix";

/* The first warning of a run is kept, with its Octave id (borrowed: a
 * string literal). */
static void set_warning_v(const char * id, const char * fmt, va_list ap)
{
    if (has_warning)
        return;
    vsnprintf(last_warning, sizeof last_warning, fmt, ap);
    has_warning = 1;
    warning_id = id;
}

void dfg_set_warning(const char * fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_warning_v("Octave:singular-matrix", fmt, ap);
    va_end(ap);
}

void dfg_set_warning_id(const char * id, const char * fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_warning_v(id, fmt, ap);
    va_end(ap);
}

const char * dfg_warning_id(void)
{
    return warning_id;
}

const char * dfg_take_warning(void)
{
    if (!has_warning)
        return NULL;
    has_warning = 0;
    return last_warning;
}

/* ---- interrupts ------------------------------------------------------------ */

static int (*interrupt_hook)(void);

void dfg_set_interrupt_hook(int (*pending)(void))
{
    interrupt_hook = pending;
}

int dfg_interrupt_pending(void)
{
    return interrupt_hook && interrupt_hook();
}
