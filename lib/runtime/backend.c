/* lib/runtime/backend.c -- finding a backend by name. */
#include <string.h>
#include "backend.h"

const dfg_backend * dfg_backend_get(const char * name)
{
    if (!strcmp(name, "cpu"))
        return dfg_backend_cpu();
    if (!strcmp(name, "gpu"))
        return dfg_backend_cuda();        /* NULL and the reason when none */
    if (!strcmp(name, "sim"))
        return dfg_backend_sim();
    dfg_set_error(DFG_ERR_ARG, "dfg: unknown device \"%s\" (\"cpu\", \"gpu\" or \"sim\")", name);
    return NULL;
}
