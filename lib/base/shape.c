/* lib/base/shape.c -- shape helpers (Octave's rules: at least two
 * dimensions, trailing singletons beyond the second dropped). */
#include <stdio.h>
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
    for (int k = 0; k < ndim; k++)
        m *= dims[k];
    return m;
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
        at += (size_t)snprintf(buf + at, len - at, k ? "x%lld" : "%lld", (long long)dims[k]);
    return buf;
}

