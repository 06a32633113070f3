/* kernels/kernels.h -- what the kernels of every device share: the codes
 * and the order of reductions, so that a device's results agree bitwise
 * with the CPU's; and the program format of the fused kernels, which the
 * fuse pass writes and both devices run.  Included by kernels/cpu and
 * kernels/cuda; it uses only lib/dfg.h. */
#ifndef DFG_KERNELS_H
#define DFG_KERNELS_H
#include "../lib/dfg.h"

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

/* ---- the FUSED program (lib/passes/pass-fuse.c writes it; kernels/cpu/fused.c
 * and kernels/cuda/fused.cu run it) ------------------------------------------
 * A FUSED node's idx holds, as int64 words:
 *   header  FP_HDR words: n_instr, n_out, n_slot, ndim, dims[DFG_MAX_DIMS]
 *           (the domain: every instruction's result has these dims)
 *   instr   FP_INSTR words each, in execution order:
 *           op, dtype of the result, n_args, arg[3], iattr[0], dest
 *           arg >= 0: the result of instruction arg; arg < 0: external
 *           input -arg-1 (the FUSED node's input).  dest >= 0: scratch slot
 *           dest; dest < 0: written straight into output -dest-1.
 *   out     FP_OUT words each: instr, red, dim, dtype, byte offset, numel
 *           red = -1: the instruction's values (domain-sized); else
 *           DFG_OP_SUM or DFG_OP_PROD of them along dim, accumulated in
 *           the blocked order of the unfused reduction kernel (index order
 *           within blocks of DFG_RED_BLOCK along dim, then the block
 *           partials in block order; kernels/cpu/cpu.h), so that both agree
 *           bitwise whatever the thread count.
 *   ext     one word per external input: FX_FULL (the domain's size, read
 *           in place), FX_SCALAR (one element, used as a scalar operand),
 *           FX_BCAST (broadcast into the domain, loaded per tile).
 */
#define FP_HDR   (4 + DFG_MAX_DIMS)
#define FP_INSTR 8
#define FP_OUT   6
enum { FX_FULL, FX_SCALAR, FX_BCAST };

#define FP_NI(p)        ((p)[0])
#define FP_NO(p)        ((p)[1])
#define FP_NSLOT(p)     ((p)[2])
#define FP_NDIM(p)      ((p)[3])
#define FP_DIMS(p)      ((p) + 4)
#define FP_I(p, i)      ((p) + FP_HDR + FP_INSTR * (i))
#define FP_O(p, j)      ((p) + FP_HDR + FP_INSTR * FP_NI(p) + FP_OUT * (j))
#define FP_X(p, k)      ((p) + FP_HDR + FP_INSTR * FP_NI(p) + FP_OUT * FP_NO(p) + (k))
#define FP_LEN(ni, no, nx) (FP_HDR + FP_INSTR * (ni) + FP_OUT * (no) + (nx))

#endif
