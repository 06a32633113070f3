/* kernels/kernels.h -- what the kernels of every device share: the codes
 * and the order of reductions, so that a device's results agree bitwise
 * with the CPU's.  Included by kernels/cpu and kernels/cuda; it uses only
 * lib/base. */
#ifndef DFG_KERNELS_H
#define DFG_KERNELS_H

/* ---- reductions (kernels/cpu/reduce.c, kernels/cuda/reduce.cu) -------------------------------------------------------
 * out has pre * post elements of dtype dt_out; in has pre * n * post of
 * dt_in.  n may be 0 (sum -> 0, prod -> 1, any -> 0, all -> 1; max/min with
 * n == 0 are never called: the result is empty).  Semantics follow Octave:
 *   DFG_RED_SUM, DFG_RED_PROD : accumulate in the output type, in the
 *                               blocked order below;
 *   DFG_RED_MAX, DFG_RED_MIN  : NaN is ignored unless all are NaN; first of
 *                               equal extremes wins (matters for the index);
 *   DFG_RED_ANY, DFG_RED_ALL  : as Octave 7.3: any ignores NaN, all fails
 *                               only on an exact 0 (and, like Octave's
 *                               short-row path, on NaN when pre > 1 and
 *                               n <= 8);
 *   DFG_RED_ARGMAX/ARGMIN     : out is double, 1-based index of the element
 *                               that MAX/MIN would pick (1 if all NaN).
 * dt_in may be any dtype; dt_out is what the op's shape/class inference
 * chose (e.g. sum of logical -> double).
 *
 * The blocked order of sum and prod (the reduction contract, shared with
 * the fused kernel, kernels/cpu/fused.c, which must agree bitwise): along
 * the reduced axis the elements are folded sequentially, in index order,
 * within blocks of DFG_RED_BLOCK consecutive k, each block starting from 0
 * (sum) or 1 (prod); the block partials p0, p1, ... are then folded in
 * block order starting from the identity: 0 + p0 + p1 + ... (1 * p0 *
 * p1 * ...).  Every operation rounds to the output type.  For n <=
 * DFG_RED_BLOCK this is exactly Octave's running sum/product; for larger n
 * it differs from Octave's in the last bits (it is usually more accurate)
 * and it is the same for every thread count: threads only decide who
 * computes which block. */
#define DFG_RED_BLOCK 4096
enum dfg_red_op {
    DFG_RED_SUM, DFG_RED_PROD, DFG_RED_MAX, DFG_RED_MIN,
    DFG_RED_ANY, DFG_RED_ALL, DFG_RED_ARGMAX, DFG_RED_ARGMIN,
    DFG_RED_COUNT
};
#endif
