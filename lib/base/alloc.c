/* lib/base/alloc.c -- the library's allocator: all memory of libdfg goes
 * through these (one place to inject an allocator or count bytes; the C
 * tests' alloc-shim.c fails chosen allocations through them). */
#include <stdlib.h>
#include "base.h"

void * dfg_malloc(size_t n)          { return malloc(n ? n : 1); }
void * dfg_calloc(size_t n, size_t s){ return calloc(n ? n : 1, s ? s : 1); }
void * dfg_realloc(void * p, size_t n){ return realloc(p, n ? n : 1); }
void   dfg_free(void * p)            { free(p); }
