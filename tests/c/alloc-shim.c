/* tests/c/alloc-shim.c -- test-only stand-ins for lib/base/alloc.c's
 * allocators (the linker takes these instead of the archive's).
 *
 * alloc_shim_fail_after: when >= 0, that many more allocations succeed and
 * every later one fails (returns NULL) until the test resets it to -1; this
 * lets a test drive each allocation-failure path of a kernel.
 * alloc_shim_live counts blocks not yet freed (leak checks). */
#include <stdlib.h>
#include "../../lib/base/base.h"

int     alloc_shim_fail_after = -1;
int64_t alloc_shim_live;

static int shim_fails(void)
{
    if (alloc_shim_fail_after < 0)
        return 0;
    if (alloc_shim_fail_after == 0)
        return 1;
    alloc_shim_fail_after--;
    return 0;
}

void * dfg_malloc(size_t n)
{
    if (shim_fails())
        return NULL;
    void * p = malloc(n ? n : 1);
    if (p)
        alloc_shim_live++;
    return p;
}

void * dfg_calloc(size_t n, size_t size)
{
    if (shim_fails())
        return NULL;
    void * p = (n && size) ? calloc(n, size) : malloc(1);
    if (p)
        alloc_shim_live++;
    return p;
}

void * dfg_realloc(void * p, size_t n)
{
    if (shim_fails())
        return NULL;
    void * q = realloc(p, n ? n : 1);
    if (q && !p)
        alloc_shim_live++;
    return q;
}

void dfg_free(void * p)
{
    if (p)
        alloc_shim_live--;
    free(p);
}
