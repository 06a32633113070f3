/* lib/base/pmap.h -- a pointer -> int32 hash map (open addressing, load under
 * 1/2), private to the library: plan compilation and autodiff key their
 * per-node tables by node pointer.  pmap_init/pmap_put return 0 when out
 * of memory; pmap_get returns -1 for a missing key. */
#ifndef DFG_PMAP_H
#define DFG_PMAP_H
#include "base.h"

typedef struct pmap {
    const void ** keys;
    int32_t *     vals;
    size_t        cap, n;
} pmap;

static inline int pmap_init(pmap * m, size_t n)
{
    m->cap = 16;
    m->n = 0;
    while (m->cap < 2 * n + 16)
        m->cap *= 2;
    m->keys = dfg_calloc(m->cap, sizeof *m->keys);
    m->vals = dfg_malloc(m->cap * sizeof *m->vals);
    if (m->keys && m->vals)
        return 1;
    dfg_free(m->keys);      /* nothing half made is left to free */
    dfg_free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
    return 0;
}

static inline void pmap_free(pmap * m)
{
    dfg_free(m->keys);
    dfg_free(m->vals);
}

static inline size_t pmap_pos(const pmap * m, const void * k)
{
    uint64_t h = (uint64_t)(uintptr_t)k * 0x9e3779b97f4a7c15ull;
    size_t i = (size_t)(h >> 20) & (m->cap - 1);
    while (m->keys[i] && m->keys[i] != k)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static inline int32_t pmap_get(const pmap * m, const void * k)
{
    size_t i = pmap_pos(m, k);
    return m->keys[i] ? m->vals[i] : -1;
}

static inline int pmap_put(pmap * m, const void * k, int32_t v)
{
    if (2 * (m->n + 1) >= m->cap) {      /* keep the load under 1/2 */
        pmap big = {0};
        big.cap = m->cap * 2;
        big.n = m->n;
        big.keys = dfg_calloc(big.cap, sizeof *big.keys);
        big.vals = dfg_malloc(big.cap * sizeof *big.vals);
        if (!big.keys || !big.vals) {
            pmap_free(&big);
            return 0;
        }
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) {
                size_t j = pmap_pos(&big, m->keys[i]);
                big.keys[j] = m->keys[i];
                big.vals[j] = m->vals[i];
            }
        pmap_free(m);
        *m = big;
    }
    size_t i = pmap_pos(m, k);
    if (!m->keys[i])
        m->n++;
    m->keys[i] = k;
    m->vals[i] = v;
    return 1;
}

#endif
