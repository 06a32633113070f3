/* kernels/cpu/cpu.h -- the CPU kernels of dfg (kernels/cpu owns them; they
 * use lib/base and kernels/kernels.h only).
 *
 * Kernels are plain functions on raw, dense, column-major arrays.  They know
 * nothing of nodes, plans or Octave: the executor (lib/runtime/exec.c) looks an op up
 * and calls the kernel with pointers it owns.  Contracts shared by all:
 *
 *  - dtype codes are those of lib/dfg.h (DFG_DOUBLE, DFG_SINGLE, DFG_LOGICAL);
 *    logical data is one byte per element holding 0 or 1.
 *  - a kernel never allocates memory that outlives the call, never prints,
 *    never aborts; it returns DFG_OK or a status from lib/dfg.h, and on error
 *    may set a message with dfg_set_error() (lib/base/status.c).
 *  - "out" never aliases an input unless the kernel's comment says it may.
 *  - arrays are described as [pre, n, post]: element (i, k, j) lives at
 *    i + pre * (k + n * j); the kernel works along the middle axis.
 */
#ifndef DFG_KERNELS_CPU_H
#define DFG_KERNELS_CPU_H

#include <stddef.h>
#include <stdint.h>
#include "../../lib/base/base.h"
#include "../kernels.h"

/* ---- reductions (kernels/cpu/reduce.c) ----------------------------------
 * out has pre * post elements of dtype dt_out, in pre * n * post of dt_in;
 * op is a DFG_RED_* code.  Semantics and the blocked order of sum and prod
 * are kernels/kernels.h's, which every device keeps.
 * Threads: all kernels in this file may split their loops across
 * dfg_threads_for(work) threads (lib/base/threads.c); results never depend
 * on the split, and errors are set on the calling thread. */
int dfg_cpu_reduce(int op, int dt_in, int dt_out, void * out, const void * in,
                   int64_t pre, int64_t n, int64_t post);

/* ---- cumulative ops (kernels/cpu/reduce.c) -------------------------------
 * out and in both have pre * n * post elements; DFG_SCAN_CUMSUM / CUMPROD
 * along the middle axis, accumulating in dt_out (cumsum of logical ->
 * double).  out may alias in when dt_in == dt_out. */
enum dfg_scan_op { DFG_SCAN_CUMSUM, DFG_SCAN_CUMPROD, DFG_SCAN_COUNT };
int dfg_cpu_scan(int op, int dt_in, int dt_out, void * out, const void * in,
                 int64_t pre, int64_t n, int64_t post);

/* ---- order along one dimension (kernels/cpu/order.c) ---------------------
 * in has pre * n * post elements of class dt (double, single or logical);
 * out (double) gets 1-based positions along the middle axis, same layout.
 * sort_index: the permutation of Octave's sort: stable (equal values keep
 * their order, -0 equals 0), NaN last ascending and first descending
 * (desc != 0), NaNs in their order.  cumext_index: the positions of
 * Octave's [w, iw] = cummax (is_max) / cummin: a tie keeps the earlier
 * position, later NaNs are skipped, leading NaNs point at the first
 * element.  take (add == 0): out(i, k, j) = in(i, pos(i, k, j) - 1, j),
 * any class; take_add (add != 0, double or single): out = 0, then
 * out(i, pos(i, k, j) - 1, j) += in(i, k, j).  n is the length of the
 * array the positions point into (take: in; take_add: out), m the length
 * of pos (take: and of out; take_add: and of in).  A position that is not
 * an integer 1..n is DFG_ERR_INDEX.  out never aliases in or pos.
 * Threads: split by the pre * post slices (take: by elements); one long
 * slice is sorted on one thread.  Scratch memory lives for the call. */
int dfg_cpu_sort_index(int dt, int desc, double * out, const void * in,
                       int64_t pre, int64_t n, int64_t post);
int dfg_cpu_cumext_index(int dt, int is_max, double * out, const void * in,
                         int64_t pre, int64_t n, int64_t post);
int dfg_cpu_take(int dt, int add, void * out, const void * in, const double * pos,
                 int64_t pre, int64_t n, int64_t m, int64_t post);
/* median_index: out (double, pre * (n odd ? 1 : 2) * post; 0 elements for
 * n == 0) gets, per slice, the 1-based positions of the middle element(s)
 * of its stable ascending sort (sort_index's order, -0 equal to 0): the
 * k-th and, for even n, the (k+1)-th, k = floor ((n + 1) / 2); in a slice
 * holding a NaN, its first NaN's position in each place (median.m's NaN
 * rule).  Found by selection (quickselect on a scratch copy, then the
 * stable rank among equal values), O(n) per slice on average. */
int dfg_cpu_median_index(int dt, double * out, const void * in,
                         int64_t pre, int64_t n, int64_t post);
/* diff: out (pre * (n - 1) * post elements of dt, double or single; none
 * for n < 2) gets in(i, k + 1, j) - in(i, k, j): liboctave's
 * mx_inline_diff of order 1, one pass.  Threads: split by post slices, or
 * by rows of one slice. */
int dfg_cpu_diff(int dt, void * out, const void * in, int64_t pre, int64_t n, int64_t post);

/* ---- lookup (kernels/cpu/lookup.c) ---------------------------------------
 * Octave's lookup (table, y): out[i] (double) = the number of the n table
 * elements at or below y[i] (for a decreasing table, table(n) < table(1):
 * at or above), found by std::upper_bound's bisection as Octave runs it;
 * NaN counts past every element.  The comparisons are made in single when
 * either array is single (Octave converts both), else in double.  opts:
 * DFG_CPU_LOOKUP_MATCH: k where table(k) == y[i], else 0; DFG_CPU_LOOKUP_RIGHT:
 * at most n - 1; DFG_CPU_LOOKUP_LEFT: at least 1 (applied after RIGHT, so an
 * empty table gives -1 for "r" and 1 for "lr" as Octave).  MATCH with LEFT
 * or RIGHT is DFG_ERR_ARG.  dt_table, dt_y: double or single.  out never
 * aliases the inputs.  One thread; scratch (a single copy of the table)
 * lives for the call. */
enum { DFG_CPU_LOOKUP_MATCH = 1, DFG_CPU_LOOKUP_LEFT = 2, DFG_CPU_LOOKUP_RIGHT = 4 };
int dfg_cpu_lookup(int dt_table, int dt_y, int opts, double * out, const void * table, int64_t n,
                   const void * y, int64_t m);

/* ---- signal processing along one dimension (kernels/cpu/signal.c) --------
 * dt is DFG_DOUBLE or DFG_SINGLE for every array.  Slices are (i, j), i <
 * pre, j < post, element k of a slice at i + k * pre + j * pre * n (n the
 * array's length along the dimension).
 * conv: out (pre x len x post) gets y(k) = sum_m a(m) b(k + off - m) over
 * the m with 0 <= m < na and 0 <= k + off - m < nb, in increasing m; with
 * octave != 0 in conv2's order instead (b's elements in increasing order,
 * each zero one skipped: liboctave's axpy loops, so conv (NaN, 0) is 0);
 * a (b) is pre x na x post when a_full (b_full), else one vector of na
 * (nb) used for every slice.  filter: Octave 7.3's filter (liboctave's
 * direct form II transposed, the same operations in the same order): b
 * (nb) and a (na >= 1) padded with zeros to L = max (na, nb), divided by
 * a(0) unless it is 1 (a(0) == 0 is DFG_ERR_ARG, Octave's message); x and
 * out pre x n x post; si NULL (zero initial state) or (L - 1) x (pre *
 * post) with slice i + j * pre at column i + j * pre.  out never aliases
 * an input.  Threads: split by slices (conv: by slices, by runs of the
 * pre outputs at one position, or, for one slice, by outputs).  Scratch
 * memory lives for the call. */
int dfg_cpu_conv(int dt, void * out, const void * a, int64_t na, int a_full,
                 const void * b, int64_t nb, int b_full, int64_t off, int64_t len,
                 int64_t pre, int64_t post, int octave);
int dfg_cpu_filter(int dt, void * out, const void * b, int64_t nb, const void * a, int64_t na,
                   const void * x, const void * si, int64_t pre, int64_t n, int64_t post);
/* conv2: out (lr x lc) gets y(r, s) = sum over a's columns q ascending,
 * then its rows p ascending (octave != 0: b's rows ascending, i.e. p
 * descending, zero b elements skipped, as liboctave's dconv2o) of a(p, q)
 * b(r + offr - p, s + offc - q), terms outside b zero; a is ma x na, b mb
 * x nb, column-major.  Threads: split by output columns. */
int dfg_cpu_conv2(int dt, void * out, const void * a, int64_t ma, int64_t na,
                  const void * b, int64_t mb, int64_t nb, int64_t offr, int64_t lr,
                  int64_t offc, int64_t lc, int octave);

/* ---- dense linear algebra (kernels/cpu/linalg.c, BLAS/LAPACK) -----------
 * dt is DFG_DOUBLE or DFG_SINGLE for every argument.  Matrices are
 * column-major with leading dimension = rows.  Inputs are never written
 * (kernels copy into scratch when LAPACK overwrites).  Results follow
 * Octave: what Octave returns, the kernel writes.  When Octave would warn
 * (singular matrix, rank deficiency) the kernel still writes Octave's
 * result and calls dfg_set_warning() with Octave's wording.
 *
 * gemm: C(m x n) = op(A) * op(B), op = transpose when ta/tb is nonzero;
 *       k is the inner dimension.  Handles m, n or k == 0 (C zero).  gram:
 *       the product is A'*A or A*A' of one value (xSYRK when a == b).
 */
int dfg_cpu_gemm(int dt, int ta, int tb, int gram, int64_t m, int64_t n, int64_t k,
                 const void * a, const void * b, void * c);
/* X = A \ B; A is m x n, B is m x p, X is n x p.  Square: the solver
 * Octave picks from the matrix type (triangular, positive definite, or
 * LU), with Octave's warnings; an exactly singular matrix gives the
 * least-squares answer after the warning, as Octave does.  Non-square:
 * minimum-norm least squares (xGELSD, as Octave). */
int dfg_cpu_mldivide(int dt, int64_t m, int64_t n, int64_t p,
                     const void * a, const void * b, void * x);
/* inv of n x n (singular: warning, result of Octave = Inf matrix). */
int dfg_cpu_inv(int dt, int64_t n, const void * a, void * out);
/* det of n x n into out[0] (n == 0 -> 1). */
int dfg_cpu_det(int dt, int64_t n, const void * a, void * out);
/* chol: upper R with R'R = A; not positive definite -> DFG_ERR_DOMAIN with
 * message "chol: input matrix must be positive definite". */
int dfg_cpu_chol(int dt, int64_t n, const void * a, void * r);
/* lu of m x n, as Octave's [L, U, P] = lu(A): L m x k unit lower, U k x n,
 * P m x m permutation matrix (as a full matrix), k = min(m, n).  With
 * permute_l, L is P' * L (the two-output form), its rows moved rather than
 * multiplied, so a NaN or Inf stays in its row as in Octave. */
int dfg_cpu_lu(int dt, int64_t m, int64_t n, const void * a,
               void * l, void * u, void * p, int permute_l);
/* qr of m x n: econ == 0 -> Q m x m, R m x n; econ != 0 -> Q m x k,
 * R k x n, k = min(m, n).  Signs as LAPACK xGEQRF/xORGQR (as Octave). */
int dfg_cpu_qr(int dt, int econ, int64_t m, int64_t n, const void * a,
               void * q, void * r);
/* Octave 7.3's one-output qr (A): xGEQRF's m x n result, each reflector
 * below the diagonal scaled by its tau (qr<Matrix>, type raw). */
int dfg_cpu_qr_raw(int dt, int64_t m, int64_t n, const void * a, void * r);
/* symmetric eig of n x n (upper triangle used, as Octave): w gets n
 * ascending eigenvalues; v (may be NULL) gets n x n eigenvectors. */
int dfg_cpu_eig_sym(int dt, int64_t n, const void * a, void * w, void * v);
/* eig of an n x n matrix that is not symmetric, as Octave (xGEEVX,
 * balanced): w gets the n real eigenvalues in LAPACK's order, v (may be
 * NULL) the unit-norm right eigenvectors; a complex eigenvalue is
 * DFG_ERR_DOMAIN (dfg's results are real). */
int dfg_cpu_eig_gen(int dt, int64_t n, const void * a, void * w, void * v);
/* singular values of m x n, descending, min(m, n) of them. */
int dfg_cpu_svd_values(int dt, int64_t m, int64_t n, const void * a, void * s);
/* svd of m x n, as Octave's [U, S, V] = svd (A, "econ") with its
 * default driver (xGESVD, JOBU = JOBVT = 'S'), k = min(m, n): u gets U
 * (m x k), s the k singular values (descending, diag (S)), v gets V
 * (n x k; V itself, not V').  dfg_cpu_svd_full: [U, S, V] = svd (A)
 * (JOBU = JOBVT = 'A'): U m x m, V n x n.  Signs and values as LAPACK gives them to
 * Octave.  m or n == 0: nothing written (U is m x 0, V n x 0, S 0 x 0).
 * Inf or NaN in a -> DFG_ERR_ARG with Octave's message "svd: cannot take
 * SVD of matrix containing Inf or NaN values". */
int dfg_cpu_svd(int dt, int64_t m, int64_t n, const void * a, void * u,
                void * s, void * v);
int dfg_cpu_svd_full(int dt, int64_t m, int64_t n, const void * a, void * u,
                     void * s, void * v);
/* pinv of m x n into n x m, tolerance as Octave:
 * max(m, n) * sigma_max * eps(class). */
int dfg_cpu_pinv(int dt, int64_t m, int64_t n, const void * a, void * out);
/* Matrix functions of the n x n a into out (kernels/cpu/matfun.c), as
 * Octave 7.3's expm.m, sqrtm and logm.m; computed in double (single
 * rounded at the end).  A complex result (sqrtm, logm of a matrix with a
 * negative real eigenvalue) is DFG_ERR_DOMAIN; sqrtm of a singular matrix
 * warns as Octave (Octave:sqrtm:SingularMatrix). */
int dfg_cpu_expm(int dt, int64_t n, const void * a, void * out);
int dfg_cpu_sqrtm(int dt, int64_t n, const void * a, void * out);
int dfg_cpu_logm(int dt, int64_t n, const void * a, void * out);
/* logm (A, opt_iters) as logm.m's loop reads opt_iters (any array): square
 * roots are taken while k < lo, and Octave's warning "logm: maximum number
 * of square roots exceeded; ..." (no id) is left when k >= hi at the end;
 * lo = min (opt_iters(:)) and hi = max (opt_iters(:)) (an empty or NaN
 * opt_iters: lo = 0, hi = Inf); dfg_cpu_logm is lo = hi = 100.  iters:
 * NULL, or where the number of square roots k goes (0 for a normal A);
 * asked for a diagonal A (where logm.m returns before it sets ITERS) it is
 * DFG_ERR_ARG. */
int dfg_cpu_logm_opt(int dt, int64_t n, const void * a, double lo, double hi, void * out, double * iters);
/* The Frechet derivative L_f (a, e) of f = expm ('e'), sqrtm ('s') or
 * logm ('l') at the n x n a in the direction e, into out (n x n): the
 * upper-right block of f ([a e; 0 a]) by the kernels above; NaN where
 * that block's f is complex (a branch point: sqrtm of a singular a).
 * lo: logm's bound on square roots (dfg_cpu_logm_opt; 100 by default),
 * without its warning; ignored by expm and sqrtm. */
int dfg_cpu_frechet(int dt, int f, int64_t n, const void * a, const void * e, double lo, void * out);
/* pinv (A, tol): singular values below tol dropped (tol <= 0: the default) */
int dfg_cpu_pinv_tol(int dt, int64_t m, int64_t n, const void * a, double tol, void * out);
/* The condition estimate for a factor another device made (the GPU's
 * solvers: kernels/cuda/dfg_cuda.h's dfg_cuda_rcond_fn, which this
 * matches), so that its warnings are the CPU's: LAPACK's 1-norm rcond of
 * the n x n matrix from a (host memory): kind 'G' its LU factors (xGECON;
 * anorm the 1-norm of the matrix), 'P' its Cholesky factor (xPOCON, the
 * upper or lower triangle; anorm likewise), 'T' the triangular matrix
 * itself (xTRCON, upper or lower; anorm not used).  Returns 0 with *rcond
 * and LAPACK's *info, or DFG_ERR_NOMEM. */
int dfg_cpu_rcond(int dt, int kind, int upper, int64_t n, const void * a, double anorm,
                  double * rcond, int * info);
/* Octave's warn_singular_matrix: "matrix singular to machine precision"
 * (with ", rcond = %g" when rcond is not 0), through dfg_set_warning. */
void dfg_cpu_warn_singular(double rcond);


/* ---- element-wise (kernels/cpu/elementwise.c) ----------------------------
 * Unary: out[i] = f(in[i]) for n elements.  in has dtype dt_in, out dt_out;
 * for math ops dt_in == dt_out (double or single); DFG_OP_NOT takes double
 * or single and writes logical; DFG_OP_CAST converts between any two.  out
 * may alias in when the element sizes agree.  Values for which Octave would
 * return a complex result (log(-1), sqrt(-1), asin(2), ...) give
 * DFG_ERR_DOMAIN; NaN in a logical op gives DFG_ERR_ARG (as Octave). */
/* A binary op (not merge) on n contiguous elements; sa/sb are 1, or 0 for
 * a scalar operand: a fused kernel's tile step.  Same results and errors
 * as dfg_cpu_nary, except for x .^ y, whose real-or-complex decision needs
 * the whole array: where the n elements alone would make it complex or
 * change a value, DFG_ERR_INTERNAL (the fuse pass fuses only a .^ whose
 * decision cannot come out complex). */
int dfg_cpu_binary(int op, int dt_in, void * out, const void * a, int64_t sa,
                   const void * b, int64_t sb, int64_t n);

/* SIMD versions of exp, log, sin, cos, ... (kernels/cpu/vecmath.c): returns
 * 1 when it wrote out[0..n) = f(in[0..n)), 0 when op/class has none or the
 * CPU lacks AVX2; no domain checks (dfg_cpu_unary does them first). */
int dfg_cpu_vmath(int op, int dt, void * out, const void * in, int64_t n);

int dfg_cpu_unary(int op, int dt_in, int dt_out, void * out, const void * in,
                  int64_t n);

/* What one element of element-wise op costs, in the unit of
 * dfg_threads_for's work (one element of an add): how kernels weigh a
 * tanh against an add when they decide how many threads to use. */
int dfg_cpu_op_cost(int op);

/* n uniform numbers in [0, 1) of class dt (double: 53 random bits,
 * single: 24), element i a hash of (seed, stream, counter, i): the same
 * arguments give the same numbers on every machine and thread count.  A
 * counter that is not an integer from 0 to 2^53-1 is DFG_ERR_ARG. */
int dfg_cpu_rand(int dt, void * out, int64_t n, uint64_t seed, uint64_t stream, double counter);

/* Broadcasting n-ary element-wise ops (n_in = 2 for binary ops, 3 for
 * merge).  out has ndim dims; input k has dims ind[k] (ndim entries each,
 * 1 where broadcast) and class dt_in[k]; binary inputs share one class
 * (double or single), comparisons and logical ops write logical.  For
 * DFG_OP_MERGE input 0 is the logical mask. */
int dfg_cpu_nary(int op, int n_in, const int * dt_in, int dt_out, void * out,
                 const void * const * in, int ndim, const int64_t * dims,
                 const int64_t (*ind)[DFG_MAX_DIMS]);

/* ---- special functions (kernels/cpu/special.c) ---------------------------
 * psi: out[i] = psi (k, in[i]) for n elements of class dt (DFG_DOUBLE:
 * double arrays, DFG_SINGLE: float arrays, computed in single precision as
 * Octave does for single input), with GNU Octave 7.3's values:
 *   k == 0 (digamma): -Inf at 0 (either sign), the negative integers and
 *     -Inf; NaN at NaN; -euler_gamma at +Inf and at integers z >= 2^63
 *     (Octave's loop counter overflows); any other z < 0 by reflection.
 *   k >= 1 (polygamma, order k): any in[i] < 0 is the error DFG_ERR_DOMAIN
 *     "dfg.psi: Z must be non-negative for polygamma (K > 0)", raised
 *     before anything is written; otherwise NaN at 0 and NaN, 0 (sign
 *     (-1)^(k+1)) at +Inf and where the value underflows, -Inf where
 *     x^-(k+1) would overflow (tiny x, whatever the true sign), NaN where
 *     Octave's SLATEC routine gives up (very large k at small x).
 * Values are bit-identical to Octave's except for double integers and
 * half-integers above 2^20 with k == 0, where Octave sums one term per unit
 * of z and the kernel uses the asymptotic series (Octave's sum drifts from
 * it by up to about 1e-13 relative below 1e10).  Like Octave, k == 0 costs
 * O(z) at positive integers and half-integers (at most 2^20 steps in
 * double, 2^25 in single).  k < 0 or n < 0 -> DFG_ERR_ARG, other dtypes ->
 * DFG_ERR_DTYPE.  out may alias in. */
int dfg_cpu_psi(int dt, int k, void * out, const void * in, int64_t n);
/* gammainc (x, a, tail) as Octave 7.3's gammainc.m (kernels/cpu/specfun.c):
 * in[0] = x, in[1] = a (double, single or logical, of dims ind[k],
 * broadcast to dims), tail 0..3 = lower, upper, scaledlower, scaledupper;
 * out of class dt_out (double or single).  a < 0 is DFG_ERR_ARG, a complex
 * value (x < 0 with a non-integer a) DFG_ERR_DOMAIN. */
int dfg_cpu_gammainc(int tail, const int * dt_in, int dt_out, void * out, const void * const * in,
                     int ndim, const int64_t * dims, const int64_t (*ind)[DFG_MAX_DIMS]);
/* betainc (x, a, b, tail) as Octave 7.3's betainc.m: in[0..2] = x, a, b
 * (as for gammainc), upper 0 ("lower") or 1 ("upper").  X outside [0, 1]
 * or A, B <= 0 anywhere is DFG_ERR_ARG (nothing written). */
int dfg_cpu_betainc(int upper, const int * dt_in, int dt_out, void * out, const void * const * in,
                    int ndim, const int64_t * dims, const int64_t (*ind)[DFG_MAX_DIMS]);
/* Their derivatives in the parameters (kernels/cpu/specfun-deriv.c, jets
 * through the same algorithm): gammainc_da writes d/da (order 1) or
 * d2/da2 (order 2) of gammainc (x, a, tail), operands as gammainc's (x < 0
 * is DFG_ERR_DOMAIN: complex there; a < 0 DFG_ERR_ARG; a == 0 NaN);
 * betainc_d writes d/da, d/db, d2/da2, d2/dadb, d2/db2 (which 0..4) of
 * betainc (x, a, b, upper), its argument errors as betainc's. */
int dfg_cpu_gammainc_da(int tail, int order, const int * dt_in, int dt_out, void * out,
                        const void * const * in, int ndim, const int64_t * dims,
                        const int64_t (*ind)[DFG_MAX_DIMS]);
int dfg_cpu_betainc_d(int upper, int which, const int * dt_in, int dt_out, void * out,
                      const void * const * in, int ndim, const int64_t * dims,
                      const int64_t (*ind)[DFG_MAX_DIMS]);

/* Copies the upper triangle of the n x n matrix a onto the lower one
 * (kernels/cpu/index.c). */
void dfg_cpu_symmetrize(int dt, int64_t n, void * a);

/* ---- re-index copies (kernels/cpu/index.c) -------------------------------
 * Element size es bytes; all copies exact. */
/* out = permute(in, perm), in has ndim dims, out dims[k] = in_dims[perm[k]]. */
int dfg_cpu_permute(size_t es, void * out, const void * in, int ndim,
                    const int64_t * in_dims, const int64_t * perm);
/* out = in(i1, ..., ik) with the ops.def GATHER header hdr. */
int dfg_cpu_gather(size_t es, void * out, const void * in, const int64_t * hdr);
/* out = in with out(i1, ..., ik) = v (ops.def SCATTER header); out has the
 * header's dims_out, in is copied into its leading block, the rest 0. */
int dfg_cpu_scatter(int dt, int add, void * out, const void * in, int in_ndim,
                    const int64_t * in_dims, const void * v, int64_t v_numel,
                    const int64_t * hdr);
/* out (out_dims) = in (in_dims, each 1 or equal to out's) repeated along
 * its singleton dimensions; both have ndim dims.  out != in. */
int dfg_cpu_broadcast(size_t es, void * out, const void * in, int ndim,
                      const int64_t * in_dims, const int64_t * out_dims);
/* out = cat(dim, in[0], ..., in[n-1]); out has ndim dims; extent[k] is
 * input k's size along dim. */
int dfg_cpu_cat(size_t es, void * out, int n, const void * const * in,
                const int64_t * extent, int ndim, const int64_t * out_dims,
                int dim);

#endif
