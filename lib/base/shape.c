/* lib/base/shape.c -- shape helpers (Octave's rules: at least two
 * dimensions, trailing singletons beyond the second dropped). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "base.h"

int dfg_shape_normalize(int ndim, int64_t * dims)
{
    while (ndim > 2 && dims[ndim - 1] == 1)
        ndim--;
    return ndim;
}

int64_t dfg_shape_numel(int ndim, const int64_t * dims)
{
    int64_t m = 1;
    if (dfg_shape_is_sym(ndim, dims))
        return -1;
    for (int k = 0; k < ndim; k++)
        m *= dims[k];
    return m;
}

int dfg_shape_is_sym(int ndim, const int64_t * dims)
{
    for (int k = 0; k < ndim; k++)
        if (dfg_dim_is_sym(dims[k]))
            return 1;
    return 0;
}

/* Symbol names, interned for the process's lifetime (a handful at most). */
static char sym_names[DFG_MAX_SYMS][32];
static int  sym_count;

int dfg_sym_intern(const char * name)
{
    size_t len = strlen(name);
    int ok = len >= 1 && len < sizeof sym_names[0] && isalpha((unsigned char)name[0]);
    for (size_t k = 0; ok && k < len; k++)
        ok = isalnum((unsigned char)name[k]) || name[k] == '_';
    if (!ok) {
        dfg_set_error(DFG_ERR_ARG, "dfg: a size name must be 1 to %d letters, digits or underscores, starting with a letter, not '%s'",
                      (int)sizeof sym_names[0] - 1, name);
        return 0;
    }
    for (int k = 0; k < sym_count; k++)
        if (!strcmp(sym_names[k], name))
            return k + 1;
    if (sym_count == DFG_MAX_SYMS) {
        dfg_set_error(DFG_ERR_ARG, "dfg: at most %d size names", DFG_MAX_SYMS);
        return 0;
    }
    memcpy(sym_names[sym_count], name, len + 1);
    return ++sym_count;
}

const char * dfg_sym_name(int id)
{
    return id >= 1 && id <= sym_count ? sym_names[id - 1] : "?";
}

int64_t dfg_shape_numel_checked(int ndim, const int64_t * dims)
{
    int64_t m = 1;
    for (int k = 0; k < ndim; k++)
        if (dims[k] == 0)
            return 0;
    for (int k = 0; k < ndim; k++) {
        if (dims[k] < 0 || dims[k] > ((int64_t)1 << 62) / m)
            return -1;
        m *= dims[k];
    }
    return m;
}

void dfg_shape_fold(int ndim, const int64_t * dims, int64_t k, int64_t * view)
{
    for (int64_t j = 0; j < k; j++)
        view[j] = j < ndim ? dims[j] : 1;
    for (int64_t j = k; j < ndim; j++)
        view[k - 1] *= dims[j];
}

const char * dfg_shape_str(int ndim, const int64_t * dims, char * buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int k = 0; k < ndim && at < len; k++)
        at += dfg_dim_is_sym(dims[k])
            ? (size_t)snprintf(buf + at, len - at, k ? "x%s" : "%s", dfg_sym_name(dfg_dim_sym(dims[k])))
            : (size_t)snprintf(buf + at, len - at, k ? "x%lld" : "%lld", (long long)dims[k]);
    return buf;
}

