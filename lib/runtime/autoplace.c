/* lib/runtime/autoplace.c -- automatic placement: dfg.function (...,
 * "device", "auto") runs the plan where a cost model says it is faster.
 *
 * The candidates are the CPU and one device: the default device when it is
 * not the CPU, else the GPU when one can be used, else none (the plan stays
 * on the CPU).  Each backend measures its costs once (backend.h, dfg_cost:
 * a step's launch, flop and byte rates, the host <-> device copy rate).
 * Over the graph the outputs reach (before the passes), a node costs
 *     launch + max (flops / flop rate, bytes / byte rate)
 * (bytes: its result and operands) on each side, a loop or conditional
 * also a launch for each step its bodies make (every node of a body at
 * every iteration; a while loop's count is unknown: one); on the device a
 * node it has no kernel for, or a construct only the host runs, costs what
 * it costs on the CPU plus copying its operands and result; the device
 * also pays for copying the inputs in and the outputs out once per call.  The device wins only when its total
 * is smaller, so small plans stay on the CPU: launches and copies cost
 * more than they save.  The estimates and the choice are in the plan's
 * memory report (dfg.memory, dfg.explain).  On the device chosen, the
 * placement pass then weighs each node again (place.c, cheaper_on_host):
 * a node cheaper on the host, counting its operands' copies, runs there.
 */
#include <string.h>
#include "plan-impl.h"
#include "backend.h"

static double node_bytes(const dfg_node * n)
{
    double b = (double)n->numel * (double)dfg_dtype_size(n->dtype);
    for (int k = 0; k < n->n_in; k++)
        b += (double)n->in[k]->numel * (double)dfg_dtype_size(n->in[k]->dtype);
    return b;
}

static double step_time(const dfg_cost * c, double flops, double bytes)
{
    double tf = flops / c->flop_s, tb = bytes / c->byte_s;
    return c->launch_s + (tf > tb ? tf : tb);
}

dfg_status dfg_auto_place(dfg_plan * p, int n_root)
{
    const dfg_backend * cpu = dfg_backend_cpu(), * dev = p->be->host_memory ? NULL : p->be;
    if (!dev) {
        dfg_device_info info;
        dfg_device_query(&info);
        if (info.available)
            dev = dfg_backend_cuda();
    }
    dfg_cost cc, dc;
    dfg_status st = cpu->model(cpu, &cc);
    if (!st && dev)
        st = dev->model(dev, &dc);
    if (st)
        return st;
    dfg_node ** list;
    int32_t nl;
    if ((st = pass_topo(n_root, p->gouts, &list, &nl, NULL)))
        return st;
    double tc = 0, td = 0, tx = 0;
    for (int32_t v = 0; v < nl; v++) {
        const dfg_node * n = list[v];
        double bytes = node_bytes(n);
        if (dfg_ops[n->op].family == DFG_FAM_LEAF) {
            if (n->op == DFG_OP_INPUT && dev)
                tx += bytes / dc.xfer_s;              /* copied in at each call */
            continue;
        }
        double flops = dfg_node_flops(n), c = step_time(&cc, flops, bytes);
        tc += c;
        if (!dev)
            continue;
        const dfg_family_fns * f = dfg_family_of(n);
        if ((n->op == DFG_OP_LOOP || n->op == DFG_OP_COND) && f->launches) {
            /* a construct: its bodies' steps at every iteration */
            double l = f->launches(n);
            tc += l * cc.launch_s;
            if (f->on_device && f->on_device(n) && dev->supports(dev, n))
                td += step_time(&dc, flops, bytes) + l * dc.launch_s;
            else
                td += c + l * cc.launch_s + bytes / dc.xfer_s;
        } else if (n->op == DFG_OP_CTRL_OUT ||       /* (where its construct is) */
                   (dfg_ops[n->op].family != DFG_FAM_CTRL && dev->supports(dev, n)))
            td += step_time(&dc, flops, bytes);
        else
            td += c + bytes / dc.xfer_s;              /* on the host, with copies */
    }
    dfg_free(list);
    for (int k = 0; k < p->n_out && dev; k++)           /* copied out at each call */
        tx += (double)p->gouts[k]->numel * (double)dfg_dtype_size(p->gouts[k]->dtype) /
              dc.xfer_s;
    dfg_auto_info * a = &p->mem.placement;
    a->automatic = 1;
    a->candidate = dev ? dev->name : NULL;
    a->cpu_s = tc;
    a->device_s = dev ? td + tx : 0;
    a->copy_s = dev ? tx : 0;
    p->be = dev && td + tx < tc ? dev : cpu;
    p->mem.device = p->be->name;
    return DFG_OK;
}
