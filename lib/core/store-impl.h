/* lib/store-impl.h -- the handle store shared by nodes and plans. */
#ifndef DFG_STORE_IMPL_H
#define DFG_STORE_IMPL_H
#include "dfg-impl.h"

enum { SLOT_FREE = 0, SLOT_NODE, SLOT_PLAN };

/* Registers obj under a new id (the store does not own obj). */
dfg_status dfg_store_add(int kind, void * obj, dfg_id * id);
/* The object of that kind under id, or NULL (no error set). */
void *     dfg_store_get(dfg_id id, int kind);
/* Frees the slot; its generation moves on so old ids go stale. */
void       dfg_store_remove(uint32_t slot);
uint32_t   dfg_store_slot(dfg_id id);

/* lib/plan.c */
dfg_status dfg_release_plan(dfg_id id);
void       dfg_plan_destroy(dfg_plan * p);

#endif
