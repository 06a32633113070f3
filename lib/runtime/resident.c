/* lib/runtime/resident.c -- variables living on a device between runs.
 *
 * A plan on a device whose memory is not the host's (be->host_memory == 0)
 * reads and updates a variable in its copy on that device, made the first
 * time such a plan uses the variable and kept until the variable is freed.
 * The record (n->res, owned here; core frees it through the hooks set
 * below) says which side is current: the host (n->data), the device, or
 * both.  Whoever reads n->data goes through dfg_var_host_data (core),
 * which copies the device copy back when it is newer; whoever writes
 * n->data calls dfg_var_host_written, which makes the device copy stale
 * (copied in again by the next plan on the device that reads it).  One
 * device at a time: a plan on another device takes the variable back to
 * the host and makes its own copy.
 */
#include <string.h>
#include "backend.h"

typedef struct var_res {
    const dfg_backend * be;     /* the device the copy is on                 */
    void *              buf;    /* the copy, owned (be->free)                */
    int                 host_stale;  /* the device copy is newer than n->data */
    int                 dev_stale;   /* n->data is newer than the copy        */
} var_res;

static size_t var_bytes(const dfg_node * n)
{
    return (size_t)n->numel * dfg_dtype_size(n->dtype);
}

static dfg_status res_to_host(dfg_node * n)
{
    var_res * r = n->res;
    if (!r || !r->host_stale)
        return DFG_OK;
    dfg_status st = r->be->to_host(r->be, n->data, r->buf, var_bytes(n));
    if (!st)
        st = r->be->sync(r->be);
    if (!st)
        r->host_stale = 0;
    return st;
}

static void res_host_written(dfg_node * n)
{
    var_res * r = n->res;
    if (r) {
        r->host_stale = 0;
        r->dev_stale = 1;
    }
}

static void res_release(dfg_node * n)
{
    var_res * r = n->res;
    if (!r)
        return;
    if (r->be->free)
        r->be->free(r->be, r->buf);
    dfg_free(r);
    n->res = NULL;
}

static const dfg_var_hooks hooks = { res_to_host, res_host_written, res_release };

dfg_status dfg_var_on_device(dfg_node * n, const dfg_backend * be, void ** buf)
{
    var_res * r = n->res;
    dfg_status st;
    if (r && r->be != be) {          /* on another device: back to the host first */
        if ((st = res_to_host(n)))
            return st;
        res_release(n);
        r = NULL;
    }
    if (!r) {
        dfg_var_hooks_set(&hooks);
        if (!(r = dfg_calloc(1, sizeof *r)))
            return dfg_set_error(DFG_ERR_NOMEM, "dfg: out of memory");
        if ((st = be->alloc(be, var_bytes(n), &r->buf))) {
            dfg_free(r);
            return st;
        }
        r->be = be;
        r->dev_stale = 1;
        n->res = r;
    }
    if (r->dev_stale) {
        if ((st = be->to_device(be, r->buf, n->data, var_bytes(n))))
            return st;
        r->dev_stale = 0;
    }
    *buf = r->buf;
    return DFG_OK;
}

void dfg_var_device_written(dfg_node * n)
{
    var_res * r = n->res;
    if (r) {
        r->dev_stale = 0;
        r->host_stale = 1;
    }
}
