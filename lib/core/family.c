/* lib/core/family.c -- the family table (core.h): layers above core fill
 * in what they know about the nodes of a family; core and the layers
 * between ask it instead of calling up. */
#include "core.h"

static const dfg_family_fns  no_fns;
static const dfg_family_fns * tables[DFG_FAM_COUNT];

void dfg_family_set(int family, const dfg_family_fns * fns)
{
    if (family >= 0 && family < DFG_FAM_COUNT)
        tables[family] = fns;
}

const dfg_family_fns * dfg_family(int family)
{
    if (family < 0 || family >= DFG_FAM_COUNT || !tables[family])
        return &no_fns;
    return tables[family];
}
