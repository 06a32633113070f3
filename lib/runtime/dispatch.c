/* lib/runtime/dispatch.c -- dispatch caches: the plans of dfg.jit and the
 * functional transforms by call signature (lib/dfg.h, "dispatch caches").
 *
 * A cache is a store object (its own handle kind) holding at most max
 * entries, each a key (the caller's bytes: the arguments' classes and
 * sizes), a plan it owns, and the positions of the arguments the plan
 * takes.  A lookup checks the entry used last first, by its bytes without
 * hashing (a loop calls with the same signature), then every entry by
 * hash and bytes: caches are small
 * (dfg.jit's holds 64), so a scan costs less than keeping a table.  When
 * the cache is full a put replaces the least recently used entry, whose
 * plan is released (its nodes and memory freed when nothing else holds
 * them).
 *
 * Ownership: the cache owns its entries' keys, positions and plans; the
 * caller owns the cache's handle (dfg_release frees it and its plans;
 * dfg_reset frees everything).
 *
 * Patterns: a plan with symbolic sizes (docs/symbolic.md) serves every
 * call whose arguments have the same sizes but in the dimensions it takes
 * as a symbol; its key writes those as '?'.  The cache keeps the last
 * CACHE_PATTERNS patterns (which argument dimensions are symbolic) so
 * that a caller whose exact key misses can make the key of each pattern
 * and look again (mex/cmd-dispatch.c).
 */
#include <string.h>
#include "runtime.h"
#include "../core/store-impl.h"

typedef struct cache_entry {
    uint64_t  hash;
    void *    key;          /* owned                                    */
    size_t    len;
    dfg_id    plan;         /* owned: released when the entry goes      */
    int32_t * pos;          /* owned                                    */
    int32_t   n_pos;
    uint64_t  used;         /* the lookup count at its last use         */
} cache_entry;

/* A pattern: for each of n arguments, the dimension (from 1) that the
 * cache's plans of this pattern take as a symbolic size, or 0. */
#define CACHE_PATTERNS 8
typedef struct cache_pattern {
    int8_t *  dims;         /* owned, [n]                               */
    int32_t   n;
} cache_pattern;

typedef struct dfg_cache {
    uint32_t      slot;
    int32_t       max, n;
    int32_t       last;     /* the entry found or put last, or -1       */
    uint64_t      clock;
    cache_entry * e;        /* [max]                                    */
    cache_pattern pat[CACHE_PATTERNS];   /* the newest last             */
    int32_t       n_pat;
} dfg_cache;

/* FNV-1a over the key's bytes */
static uint64_t key_hash(const void * key, size_t len)
{
    const unsigned char * b = key;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static void entry_free(cache_entry * e)
{
    if (e->plan)
        (void)dfg_release(e->plan);       /* (stale after dfg_reset: ignored) */
    dfg_free(e->key);
    dfg_free(e->pos);
    memset(e, 0, sizeof *e);
}

static void patterns_free(dfg_cache * c);

static void cache_destroy(void * obj)
{
    dfg_cache * c = obj;
    for (int32_t k = 0; k < c->n; k++)
        entry_free(&c->e[k]);
    patterns_free(c);
    if (c->slot != UINT32_MAX)
        dfg_store_remove(c->slot);
    dfg_free(c->e);
    dfg_free(c);
}

static dfg_cache * cache_get(dfg_id id)
{
    dfg_cache * c = dfg_store_get(id, SLOT_CACHE);
    if (!c)
        dfg_set_error(DFG_ERR_HANDLE, "invalid dispatch cache handle (freed, from before 'clear all', "
                      "or not made by dfg)");
    return c;
}

dfg_status dfg_cache_new(int32_t max_entries, dfg_id * cache)
{
    if (max_entries < 1 || max_entries > 1 << 20)
        return dfg_set_error(DFG_ERR_ARG, "dfg: a dispatch cache holds 1 to 2^20 plans, not %d",
                             (int)max_entries);
    dfg_cache * c = dfg_calloc(1, sizeof *c);
    if (c)
        c->e = dfg_calloc((size_t)max_entries, sizeof *c->e);
    if (!c || !c->e) {
        if (c)
            dfg_free(c);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory making a dispatch cache");
    }
    c->max = max_entries;
    c->last = -1;
    dfg_store_kind(SLOT_CACHE, cache_destroy);
    dfg_status st = dfg_store_add(SLOT_CACHE, c, cache);
    if (st) {
        c->slot = UINT32_MAX;
        cache_destroy(c);
        return st;
    }
    c->slot = dfg_store_slot(*cache);
    return DFG_OK;
}

static int entry_is(const cache_entry * e, uint64_t h, const void * key, size_t len)
{
    return e->hash == h && e->len == len && !memcmp(e->key, key, len);
}

dfg_status dfg_cache_find(dfg_id cache, const void * key, size_t len, dfg_id * plan,
                          const int32_t ** pos, int32_t * n_pos)
{
    dfg_cache * c = cache_get(cache);
    if (!c)
        return DFG_ERR_HANDLE;
    *plan = 0;
    /* the entry used last by its bytes alone (a loop's calls: no hash),
     * then every entry by hash and bytes */
    int32_t k = c->last;
    if (k < 0 || c->e[k].len != len || memcmp(c->e[k].key, key, len)) {
        uint64_t h = key_hash(key, len);
        for (k = 0; k < c->n && !entry_is(&c->e[k], h, key, len); k++)
            ;
    }
    if (k >= c->n)
        return DFG_OK;
    cache_entry * e = &c->e[k];
    e->used = ++c->clock;
    c->last = k;
    *plan = e->plan;
    *pos = e->pos;
    *n_pos = e->n_pos;
    return DFG_OK;
}

dfg_status dfg_cache_put(dfg_id cache, const void * key, size_t len, dfg_id plan,
                         const int32_t * pos, int32_t n_pos)
{
    dfg_cache * c = cache_get(cache);
    if (!c)
        return DFG_ERR_HANDLE;
    if (n_pos < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg: bad argument positions for a dispatch cache");
    void * k2 = dfg_malloc(len ? len : 1);
    int32_t * p2 = dfg_malloc(((size_t)n_pos + 1) * sizeof *p2);
    if (!k2 || !p2) {
        dfg_free(k2);
        dfg_free(p2);
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory caching a plan");
    }
    memcpy(k2, key, len);
    memcpy(p2, pos, (size_t)n_pos * sizeof *p2);
    uint64_t h = key_hash(key, len);
    int32_t k = 0;
    while (k < c->n && !entry_is(&c->e[k], h, key, len))
        k++;
    if (k == c->n && c->n == c->max) {      /* full: the least recently used */
        k = 0;
        for (int32_t q = 1; q < c->n; q++)
            if (c->e[q].used < c->e[k].used)
                k = q;
    }
    if (k < c->n)
        entry_free(&c->e[k]);
    else
        c->n++;
    c->e[k] = (cache_entry){ h, k2, len, plan, p2, n_pos, ++c->clock };
    c->last = k;
    return DFG_OK;
}

static void patterns_free(dfg_cache * c)
{
    for (int32_t k = 0; k < c->n_pat; k++)
        dfg_free(c->pat[k].dims);
    c->n_pat = 0;
}

dfg_status dfg_cache_clear(dfg_id cache)
{
    dfg_cache * c = cache_get(cache);
    if (!c)
        return DFG_ERR_HANDLE;
    for (int32_t k = 0; k < c->n; k++)
        entry_free(&c->e[k]);
    c->n = 0;
    c->last = -1;
    patterns_free(c);
    return DFG_OK;
}

dfg_status dfg_cache_pattern_add(dfg_id cache, int32_t n, const int8_t * dims)
{
    dfg_cache * c = cache_get(cache);
    if (!c)
        return DFG_ERR_HANDLE;
    if (n < 0)
        return dfg_set_error(DFG_ERR_ARG, "dfg: a pattern of %d arguments", (int)n);
    for (int32_t k = 0; k < c->n_pat; k++)
        if (c->pat[k].n == n && !memcmp(c->pat[k].dims, dims, (size_t)n))
            return DFG_OK;
    int8_t * d = dfg_malloc((size_t)n + 1);
    if (!d)
        return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
    memcpy(d, dims, (size_t)n);
    if (c->n_pat == CACHE_PATTERNS) {          /* the oldest goes */
        dfg_free(c->pat[0].dims);
        memmove(c->pat, c->pat + 1, (CACHE_PATTERNS - 1) * sizeof *c->pat);
        c->n_pat--;
    }
    c->pat[c->n_pat++] = (cache_pattern){ d, n };
    return DFG_OK;
}

dfg_status dfg_cache_pattern(dfg_id cache, int32_t k, const int8_t ** dims, int32_t * n)
{
    dfg_cache * c = cache_get(cache);
    if (!c)
        return DFG_ERR_HANDLE;
    if (k < 0 || k >= c->n_pat)
        return DFG_ERR_ARG;                    /* past the last: no message */
    *dims = c->pat[c->n_pat - 1 - k].dims;    /* the newest first */
    *n = c->pat[c->n_pat - 1 - k].n;
    return DFG_OK;
}

dfg_status dfg_cache_entries(dfg_id cache, int32_t * n, int32_t * max_entries)
{
    dfg_cache * c = cache_get(cache);
    if (!c)
        return DFG_ERR_HANDLE;
    if (n)
        *n = c->n;
    if (max_entries)
        *max_entries = c->max;
    return DFG_OK;
}

dfg_status dfg_cache_entry(dfg_id cache, int32_t k, dfg_id * plan, const void ** key,
                           size_t * len)
{
    dfg_cache * c = cache_get(cache);
    if (!c)
        return DFG_ERR_HANDLE;
    if (k < 0 || k >= c->n)
        return dfg_set_error(DFG_ERR_ARG, "dfg: dispatch cache entry %d out of range", (int)k + 1);
    /* the k-th least recently used (uses are distinct clock values) */
    int32_t q = 0;
    for (; q < c->n; q++) {
        int32_t older = 0;
        for (int32_t r = 0; r < c->n; r++)
            older += c->e[r].used < c->e[q].used;
        if (older == k)
            break;
    }
    k = q;
    if (plan)
        *plan = c->e[k].plan;
    if (key)
        *key = c->e[k].key;
    if (len)
        *len = c->e[k].len;
    return DFG_OK;
}
