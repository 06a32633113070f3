/* lib/core/store-impl.h -- the handle store shared by nodes and the objects
 * of layers above core (plans, dispatch caches). */
#ifndef DFG_STORE_IMPL_H
#define DFG_STORE_IMPL_H
#include "core.h"

enum { SLOT_FREE = 0, SLOT_NODE, SLOT_PLAN, SLOT_CACHE, SLOT_KINDS };

/* The destroy callback of a kind of object that is not a node (the layer
 * that owns the kind sets it before adding its first object): dfg_release
 * of its id and dfg_reset call it; it frees the object and removes its
 * slot (dfg_store_remove). */
typedef void (*dfg_store_destroy)(void * obj);
void       dfg_store_kind(int kind, dfg_store_destroy destroy);

/* Registers obj under a new id (the store does not own obj). */
dfg_status dfg_store_add(int kind, void * obj, dfg_id * id);
/* The object of that kind under id, or NULL (no error set). */
void *     dfg_store_get(dfg_id id, int kind);
/* Frees the slot; its generation moves on so old ids go stale. */
void       dfg_store_remove(uint32_t slot);
uint32_t   dfg_store_slot(dfg_id id);

#endif
