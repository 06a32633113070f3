/* dfg.h -- the one public header of libdfg.
 *
 * libdfg builds dataflow graphs of tensor operations and runs them.  A
 * session looks like this (error checks left out):
 *
 *     int64_t dims[2] = {3, 4};
 *     dfg_id x, y, plan;
 *     dfg_input(DFG_DOUBLE, 2, dims, "x", &x);       // a free input, 3x4
 *     dfg_id args[2] = {x, x};
 *     dfg_op(DFG_OP_MUL, 2, args, NULL, &y);         // y = x .* x (records)
 *     dfg_plan_compile(1, &x, 1, &y, &plan);         // prune, schedule
 *     const void * in[1] = {xdata}; void * out[1] = {ydata};
 *     dfg_plan_run(plan, in, out);                   // ydata = xdata.^2
 *     dfg_release(plan); dfg_release(y); dfg_release(x);
 *
 * Nodes.  A node is immutable: op, inputs, attributes, dtype and shape are
 * fixed when it is made; shapes are known before anything runs.  Nodes live
 * in one store and are addressed by dfg_id values that carry a generation
 * counter, so a stale or forged id gives DFG_ERR_HANDLE, never a crash.
 *
 * Ownership.  Every function that hands out an id hands out one reference:
 * the caller owns it and gives it back with dfg_release().  Nodes hold
 * references to their inputs; a plan holds references to every node it
 * uses.  A node lives while any reference does.  Releasing a released id is
 * an error (DFG_ERR_HANDLE), never a double free.
 *
 * Data.  Tensors are column-major with at least two dimensions, trailing
 * singleton dimensions beyond the second dropped (Octave's rules).  Buffers
 * passed in are borrowed for the duration of the call and never written,
 * except output buffers.
 *
 * Errors.  Calls that can fail return a dfg_status; dfg_last_error() gives a
 * message owned by the library, valid until the next call on the same
 * thread.  The library never aborts, exits or prints.
 */
#ifndef DFG_H
#define DFG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DFG_MAX_DIMS 16

typedef uint64_t dfg_id;

typedef enum dfg_status {
    DFG_OK = 0,
    DFG_ERR_NOMEM,        /* an allocation failed                         */
    DFG_ERR_ARG,          /* a bad argument (value, count, option)        */
    DFG_ERR_SHAPE,        /* sizes do not agree                           */
    DFG_ERR_DTYPE,        /* a class dfg does not handle here             */
    DFG_ERR_HANDLE,       /* a stale, released or forged id               */
    DFG_ERR_DOMAIN,       /* a value outside an op's real domain          */
    DFG_ERR_INDEX,        /* an index out of bounds or not a valid index  */
    DFG_ERR_UNSUPPORTED,  /* cannot be expressed as a static graph        */
    DFG_ERR_FREE_INPUT,   /* evaluation needs a value for a free input    */
    DFG_ERR_NO_GRAD,      /* an op has no gradient rule                   */
    DFG_ERR_INTERNAL,     /* a broken invariant: a bug in dfg             */
    DFG_ERR_NODEVICE,     /* the GPU asked for cannot be used here        */
    DFG_ERR_INTERRUPTED,  /* the interrupt hook asked a long run to stop  */
    DFG_ERR_DEVICE,       /* a device's kernel, copy or driver call failed */
    DFG_ERR_SYMBOLIC,     /* an op or size a symbolic dimension cannot take */
    DFG_ERR_DATA_SIZE,    /* an output size that depends on values        */
    DFG_ERR_NOT_TRACEABLE,/* a tensor reached code dfg cannot trace       */
    DFG_ERR_NOT_DIFF,     /* a gradient with respect to an argument that has none */
    DFG_STATUS_COUNT
} dfg_status;

typedef enum dfg_dtype {
    DFG_DOUBLE = 0,
    DFG_SINGLE,
    DFG_LOGICAL,
    DFG_DTYPE_COUNT
} dfg_dtype;

/* The ops, DFG_OP_<NAME>, from lib/base/ops.def. */
typedef enum dfg_op_code {
#define DFG_OP(NAME, oct, family, arity, dtrule, flags) DFG_OP_##NAME,
#include "base/ops.def"
#undef DFG_OP
    DFG_OP_COUNT
} dfg_op_code;

/* Op attributes.  Which fields an op reads is documented in ops.def.
 * idx/nidx: index lists (0-based), borrowed during the call and copied. */
#define DFG_MAX_IATTR 40
typedef struct dfg_attr {
    int64_t         i[DFG_MAX_IATTR];
    double          d[2];
    const int64_t * idx;
    int64_t         nidx;
} dfg_attr;

/* ---- status ------------------------------------------------------------ */
const char * dfg_status_str(dfg_status s);   /* static text, e.g. "nonconformant" */
const char * dfg_status_id(dfg_status s);    /* Octave id suffix, e.g. "nonconformant" */
const char * dfg_last_error(void);           /* thread's last message        */
/* A warning left by the last plan run (e.g. a singular matrix), or NULL;
 * reading it clears it. */
const char * dfg_take_warning(void);
/* The Octave id of the warning dfg_take_warning returned last. */
const char * dfg_warning_id(void);

/* Long runs (loops inside plans) call pending() every few iterations and
 * stop with DFG_ERR_INTERRUPTED when it returns nonzero; the MEX gateway
 * passes Octave's pending Ctrl-C.  NULL: never interrupted. */
void dfg_set_interrupt_hook(int (*pending)(void));

/* ---- node store -------------------------------------------------------- */
size_t       dfg_dtype_size(dfg_dtype dt);
const char * dfg_dtype_name(dfg_dtype dt);   /* "double", "single", "logical" */
const char * dfg_op_name(int op);            /* Octave-facing name, "plus"   */

dfg_status dfg_input(dfg_dtype dt, int ndim, const int64_t * dims,
                     const char * name, dfg_id * out);
/* A constant owns a copy of data (numel * dtype size bytes). */
dfg_status dfg_constant(dfg_dtype dt, int ndim, const int64_t * dims,
                        const void * data, dfg_id * out);
/* A constant whose every element is value (for a symbolic size, the
 * scalar broadcast to it). */
dfg_status dfg_fill(dfg_dtype dt, int ndim, const int64_t * dims,
                    double value, dfg_id * out);
/* A variable owns mutable storage, initialised from data. */
dfg_status dfg_variable(dfg_dtype dt, int ndim, const int64_t * dims,
                        const void * data, const char * name, dfg_id * out);
/* New contents for a variable: same class and size as before (written on
 * the host; a copy the variable has on a device is then stale and copied
 * in again by the next plan there). */
dfg_status dfg_variable_assign(dfg_id v, dfg_dtype dt, int ndim,
                               const int64_t * dims, const void * data);

/* Records an op; checks classes and sizes and infers the result's. */
dfg_status dfg_op(int op, int n_in, const dfg_id * ins, const dfg_attr * attr,
                  dfg_id * out);

dfg_status dfg_retain(dfg_id id);
dfg_status dfg_release(dfg_id id);
/* Releases every node and plan; ids handed out before become stale. */
void       dfg_reset(void);
/* Number of live nodes and plans (for leak tests). */
int64_t    dfg_live_count(void);

/* Class and size of a node; dims must hold DFG_MAX_DIMS entries. */
dfg_status dfg_info(dfg_id id, dfg_dtype * dt, int * ndim, int64_t * dims);
/* Op, input count, i-th input id (a new reference), name (borrowed). */
dfg_status dfg_node_op(dfg_id id, int * op, int * n_in);
dfg_status dfg_node_name(dfg_id id, const char ** name);
/* For a constant or variable: a borrowed pointer to its data, valid until
 * the node is released or the variable is assigned (by dfg_variable_assign
 * or a plan).  A variable last updated by a plan on a device is copied
 * back to the host first (its value lives there between runs: docs/gpu.md,
 * "Where variables live"); errors of that copy are returned. */
dfg_status dfg_node_data(dfg_id id, const void ** data);

/* ---- automatic differentiation (lib/autodiff/grad.c) ----------------------------
 * Every result is graph: new nodes (one reference each, the caller's) that
 * can be compiled, run, or differentiated again. */
/* Reverse mode: gxs[k] = the adjoint of xs[k] for output y, i.e. the
 * gradient of sum(seed .* y).  seed = 0: y must have one element (seed 1).
 * Each gxs[k] has the size and class of xs[k] (double for a logical xs[k]);
 * inputs y does not depend on get zeros. */
dfg_status dfg_grad(dfg_id y, int n_x, const dfg_id * xs, dfg_id seed, dfg_id * gxs);
/* Forward mode: the directional derivative of y along vs[k] (one per
 * xs[k], same size; a scalar tangent for a scalar x): y's size and class. */
dfg_status dfg_jvp(dfg_id y, int n_x, const dfg_id * xs, const dfg_id * vs, dfg_id * ty);
/* One node's rule alone: gx[k] = the adjoint that y's k-th input gets
 * from y for seed (y's size), through y only (a partial adjoint, as in an
 * evaluation trace); 0 where none flows.  New references. */
dfg_status dfg_local_vjp(dfg_id y, dfg_id seed, dfg_id * gx);
/* numel(y) x numel(x) Jacobian; mode 0 picks forward mode when x has fewer
 * elements than y, 1 = forward, 2 = reverse. */
dfg_status dfg_jacobian(dfg_id y, dfg_id x, int mode, dfg_id * J);
/* numel(x) x numel(x) Hessian of a scalar y: forward over reverse. */
dfg_status dfg_hessian(dfg_id y, dfg_id x, dfg_id * H);

/* ---- composite functions (lib/core/compose.c) ----------------------------
 * Octave functions built from primitive ops (so gradients come from the
 * primitives' rules), as the MEX gateway's dfg.mean, dfg.norm, ... build
 * them.  Each borrows its input ids and hands out one new reference in *y
 * (the caller's); on an error *y is untouched, nothing is left behind, and
 * dfg_last_error names the Octave function ("dfg.norm: ...") unless the
 * failing primitive op set the message.  DIM arguments are 0-based; a
 * negative DIM means Octave's default for that function. */
/* mean (x, dim): sum (x, dim) / size (x, dim); default DIM the first
 * dimension larger than 1; a 0x0 x counts as 0x1 (mean (zeros (0)) = NaN). */
dfg_status dfg_mean(dfg_id x, int dim, dfg_id * y);
/* var / std (x, opt, dim) as Octave 7's var.m: opt 0 (divide by n - 1) or
 * 1 (by n); default DIM the first non-singleton one; an empty x gives a
 * double NaN of the reduced size (1x1 for 0x0 with the default DIM). */
dfg_status dfg_var(dfg_id x, double opt, int dim, dfg_id * y);
dfg_status dfg_std(dfg_id x, double opt, int dim, dfg_id * y);
/* norm (x, p), or norm (x, "fro") when fro: vector p-norms for any p
 * (INFINITY and -INFINITY too; 0 counts nonzeros), matrix 1, 2, Inf and
 * "fro", with Octave 7.3's NaN and Inf rules and scaling.  x 2-D, not
 * logical; p not NaN (ignored when fro). */
dfg_status dfg_norm(dfg_id x, double p, int fro, dfg_id * y);
/* dot (a, b, dim): sum (a .* b, dim); with the default DIM (dim < 0) two
 * vectors of equal length are taken as columns.  Not logical. */
dfg_status dfg_dot(dfg_id a, dfg_id b, int dim, dfg_id * y);
/* kron (a, b); N-d operands read with trailing dimensions folded into the
 * columns, as Octave does. */
dfg_status dfg_kron(dfg_id a, dfg_id b, dfg_id * y);
/* a ^ b (mpower) where the exponent is only known when the graph runs:
 * both must be scalars (then a .^ b), else DFG_ERR_UNSUPPORTED. */
dfg_status dfg_mpower(dfg_id a, dfg_id b, dfg_id * y);
/* a ^ p with p known now: a scalar a gives a .^ p (p a double constant);
 * an empty a a 0x0; a square a (N-d folded) an integer power |p| <= 1e9
 * by repeated squaring (inv (a) first for p < 0, the identity for 0). */
dfg_status dfg_mpower_int(dfg_id a, double p, dfg_id * y);
/* trace (x) as Octave 7.3's trace.m: 0 (double) for an empty x, x(1) for
 * a vector, else the sum of the main diagonal (non-square too).  2-D x. */
dfg_status dfg_trace(dfg_id x, dfg_id * y);
/* tril / triu (x, k): x with the elements above (below) the k-th diagonal
 * zeroed.  2-D x. */
dfg_status dfg_tril(dfg_id x, int64_t k, dfg_id * y);
dfg_status dfg_triu(dfg_id x, int64_t k, dfg_id * y);
/* diag (x, k): a vector's square matrix with x on the k-th diagonal, a
 * matrix's k-th diagonal as a column; 0x0 for a 0x0 x.  2-D x. */
dfg_status dfg_diag(dfg_id x, int64_t k, dfg_id * y);
/* repmat (x, reps(1), ..., reps(m)): m counts (negative ones are 0). */
dfg_status dfg_repmat(dfg_id x, int m, const int64_t * reps, dfg_id * y);
/* flip (x, dim); the default DIM is the first non-singleton one. */
dfg_status dfg_flip(dfg_id x, int dim, dfg_id * y);
/* Order along dim (0-based; negative: the first non-singleton one).
 * sort: y[0] = sort (x, dim, mode) (desc: "descend"), y[1] (nout == 2) the
 * permutation as doubles, Octave's stable order with NaN last ascending
 * and first descending; dim must be below ndims (x), as Octave.
 * cumext: y[0] = cummax (x, dim) (is_max) or cummin, y[1] the positions
 * of Octave's [w, iw] (ties: the first; leading NaN: 1; later NaN
 * skipped).  Values are x's elements moved (TAKE), so their gradients go
 * to the element each came from.  A symbolic size is taken except along
 * dim.  nout is 1 or 2; y[0..nout-1] get new references. */
dfg_status dfg_sort(dfg_id x, int dim, int desc, int nout, dfg_id * y);
dfg_status dfg_cumext(dfg_id x, int dim, int is_max, int nout, dfg_id * y);
/* median (x, dim) as Octave 7.3's median.m: the middle element of the
 * sorted slice, or the two middle ones summed and halved in x's class
 * (logical: either one true, a logical result); NaN where the slice has a
 * NaN; x itself along a dimension of size 1; an empty x is DFG_ERR_ARG. */
dfg_status dfg_median(dfg_id x, int dim, dfg_id * y);
/* linspace (a, b, n) as Octave 7.3: a and b scalars or vectors (taken as
 * columns; equal lengths, or one a scalar), each row built from both ends
 * (a + i * delta for the first half, b - j * delta for the second, the
 * middle of an odd count (a + b) / 2, or 0 where a == -b; vector limits
 * as Octave's Matrix linspace: a + k * delta, delta 0 where a == b), n truncated,
 * NaN or below 1 giving no columns, 1 giving b; in a + b's class. */
dfg_status dfg_linspace(dfg_id a, dfg_id b, double n, dfg_id * y);

/* More element-wise and reduction functions (lib/core/compose-elem.c).
 * diff (x, order, dim) as Octave 7.3's builtin: repeated first differences
 * along dim (0-based; negative: Octave's default, which for order >= the
 * size there goes on along the next dimensions as data.cc does); logical
 * x gives double (but a singleton x a 0x0 of its class); order >= 0.
 * nthroot (x, n) as nthroot.m, n a nonzero number of class nt (the class
 * its arithmetic takes): cbrt for n = 3, |x|.^(1/n).*sign(x) for odd n,
 * x.^(1/n) else (negative x: a complex-result error when it runs), then
 * the Newton step for integer n.  vecnorm (x, p, dim) as vecnorm.m: p > 0
 * (1, 2, Inf, other); default dim the first one larger than 1; not
 * logical; the gradient at a zero slice (and of 0 .^ p) is 0, as norm's. */
dfg_status dfg_diff(dfg_id x, int64_t order, int dim, dfg_id * y);
dfg_status dfg_nthroot(dfg_id x, double n, dfg_dtype nt, dfg_id * y);
dfg_status dfg_vecnorm(dfg_id x, double p, int dim, dfg_id * y);
/* [m, f] = mode (x, dim) as mode.m (nout 1 or 2; 3, the cell, is
 * DFG_ERR_DATA_SIZE): m the smallest most frequent value of each slice
 * (NaN only where every element is NaN), f its count (double); default dim
 * the first one larger than 1; past ndims: m = x, f = ones.  m's gradient
 * goes to the first occurrence of that value in x; f has none. */
dfg_status dfg_mode(dfg_id x, int dim, int nout, dfg_id * y);

/* Signal processing (lib/core/compose-signal.c), Octave 7.3's semantics.
 * conv (a, b, shape): shape 0 "full", 1 "same", 2 "valid"; a and b
 * vectors (any class; single if either is, else double); the result's
 * orientation and empties as conv.m's.  filter (b, a, x, si, dim): si 0
 * (or empty) for the zero initial state, else liboctave's size rules; dim
 * 0-based, negative for the first non-singleton one; y[0] = filter's y,
 * y[1] (nout == 2) the final state sf.  a(1) == 0 is an error when the
 * graph runs (the value is not known before).  nout is 1 or 2;
 * y[0..nout-1] get new references. */
dfg_status dfg_conv(dfg_id a, dfg_id b, int shape, dfg_id * y);
/* conv2 (a, b, shape) of matrices and conv2 (v1, v2, m, shape) (m's
 * columns convolved with v1, then its rows with v2), shape as conv's;
 * Octave's sizes (an empty argument gives 0x0), class and order of sums. */
dfg_status dfg_conv2(dfg_id a, dfg_id b, int shape, dfg_id * y);
dfg_status dfg_conv2_sep(dfg_id v1, dfg_id v2, dfg_id m, int shape, dfg_id * y);
dfg_status dfg_filter(dfg_id b, dfg_id a, dfg_id x, dfg_id si, int dim, int nout, dfg_id * y);
/* Interpolation and binning (lib/core/compose-interp.c).  lookup (table,
 * y, opts): Octave's builtin lookup; opts a set of DFG_LOOKUP_* ("m": the
 * index where table(idx) == y, else 0; "b": logical, any match; "l", "r":
 * the end intervals extended to infinity); table and y double or single
 * (logical is refused, as Octave), the table any shape read flat, the
 * result double (logical for "b") of y's size.  No gradient (integer
 * values). */
enum { DFG_LOOKUP_M = 1, DFG_LOOKUP_B = 2, DFG_LOOKUP_L = 4, DFG_LOOKUP_R = 8 };
dfg_status dfg_lookup(dfg_id table, dfg_id y, int opts, dfg_id * out);
/* accumarray (subs, vals, sz, func, fillval) as Octave 7.3's accumarray.m
 * for tensor vals: subs an nsubs x nd column-major array of positive
 * integer subscripts (one column: linear indices), sz (nsz values; nsz 0:
 * the subscripts' maxima) the output size, func 0 @sum, 1 @max, 2 @min,
 * fillval the value of empty bins (@sum; for @max / @min: 0 gives
 * accumarray.m's neutral value).  vals has nsubs elements or one (used for
 * every row); logical vals only with @sum (double).  The gradient of @sum
 * gathers the adjoint; that of @max / @min goes to the winners. */
dfg_status dfg_accumarray(const double * subs, int64_t nsubs, int nd, const int64_t * sz, int nsz, dfg_id vals,
                          int func, double fillval, dfg_id * y);
/* [n, idx] = histc (x, edges, dim) as Octave 7.3's histc.m for a tensor
 * x: edges (ne >= 1 values, sorted here) plain; dim 0-based, negative for
 * the first dimension larger than 1; y[0] the double counts (x's size
 * with ne along dim), y[1] (nout == 2) each element's bin (0 outside
 * [edges(1), edges(end)] and for NaN).  Logical x is compared as double.
 * Piecewise constant: no gradient flows. */
dfg_status dfg_histc(dfg_id x, const double * edges, int64_t ne, int dim, int nout, dfg_id * y);
/* circshift: x shifted circularly by shifts[j] along dims[j] (0-based),
 * j < m.  dims NULL: along dimension j, or the default DIM when m == 1. */
dfg_status dfg_circshift(dfg_id x, int m, const int64_t * shifts, const int * dims, dfg_id * y);
/* Octave's readings of an operand: x with a 0x0 x taken as 0x1 (as sum,
 * prod, any and all take it), and x with the trailing dimensions of an
 * N-d x folded into the columns (as the matrix functions read it).  *y
 * is a new reference, to x itself where nothing changes. */
dfg_status dfg_zero_by_zero_as_column(dfg_id x, dfg_id * y);
dfg_status dfg_fold2d(dfg_id x, dfg_id * y);
/* eye (n) of class dt (double, single or logical): a constant. */
dfg_status dfg_eye(dfg_dtype dt, int64_t n, dfg_id * y);

/* Matrix operators and LAPACK functions (lib/core/compose-linalg.c).
 * a * b: a .* b when either is a scalar, else the matrix product.
 * a \ b: b ./ a for a scalar a, else the solve.  a / b: a ./ b for a
 * scalar b, else (b' \ a')' (DFG_ERR_SHAPE "dfg.mrdivide: nonconformant
 * arguments" unless a and b have as many columns).  The operands of a
 * matrix product or solve are read folded, as Octave does. */
dfg_status dfg_mtimes(dfg_id a, dfg_id b, dfg_id * y);
dfg_status dfg_mldivide(dfg_id a, dfg_id b, dfg_id * y);
dfg_status dfg_mrdivide(dfg_id a, dfg_id b, dfg_id * y);
/* inv, det, pinv, chol (R of R' R = x) of a matrix; pinv and chol read
 * an N-d x folded.  An empty x (any shape, single too) gives a double 0x0,
 * det's the double 1, as Octave 7.3. */
dfg_status dfg_inv(dfg_id x, dfg_id * y);
dfg_status dfg_det(dfg_id x, dfg_id * y);
dfg_status dfg_pinv(dfg_id x, dfg_id * y);
/* pinv (x, tol): tol > 0 replaces the default tolerance (0: the default;
 * negative or NaN: DFG_ERR_ARG as Octave's "TOL must be greater than zero") */
dfg_status dfg_pinv_tol(dfg_id x, double tol, dfg_id * y);
dfg_status dfg_chol(dfg_id x, dfg_id * y);
/* chol (x, "lower"): the lower factor, from x's lower triangle */
dfg_status dfg_chol_lower(dfg_id x, dfg_id * y);
/* The forms with nout outputs (1 to 3) of Octave's multi-output LAPACK
 * functions, one new reference in y[k] for each output k < nout, taken
 * out of the op's packed result.  N-d x read folded (lu, qr).
 *   lu:  nout 1: Y = L + U - I (square x only, else DFG_ERR_UNSUPPORTED);
 *        2: [P' L, U]; 3: [L, U, P] with P double.  An empty x gives nout
 *        double 0x0s.
 *   qr:  nout 2: [Q, R], economy-size when econ; nout 1: Octave 7.3's
 *        raw xGEQRF result (m x n, no gradient); 3 is DFG_ERR_UNSUPPORTED.
 *   eig: nout 1: the eigenvalues (a column); 2: [V, D] with D = eye .*
 *        w'; 3 is DFG_ERR_UNSUPPORTED.  When the plan runs: the symmetric
 *        solver for an exactly symmetric x, else xGEEVX (values unsorted;
 *        a complex eigenvalue is DFG_ERR_DOMAIN).  An empty x gives nout
 *        double 0x0s. */
dfg_status dfg_lu(dfg_id x, int nout, dfg_id * y);
dfg_status dfg_qr(dfg_id x, int econ, int nout, dfg_id * y);
dfg_status dfg_eig(dfg_id x, int nout, dfg_id * y);
/* svd: nout 1: the singular values (econ ignored, as Octave); 2 or 3:
 * [U, S, V] = svd (A) (econ 0: U m x m, S m x n, V n x n) or svd (A,
 * "econ") (econ 1: U m x k, S k x k, V n x k), k = min (m, n); econ 2:
 * svd (A, 0), the economy SVD when m > n, else the full one; x 2-D.  An empty x
 * gives Octave 7.3's shapes (full: U = eye (m), V = eye (n)) in x's class. */
dfg_status dfg_svd(dfg_id x, int econ, int nout, dfg_id * y);
/* expm, sqrtm, logm of a square 2-D x (Octave 7.3's values; an empty x is
 * itself; a complex result fails when the plan runs, dfg:complexResult). */
dfg_status dfg_expm(dfg_id x, dfg_id * y);
dfg_status dfg_sqrtm(dfg_id x, dfg_id * y);
dfg_status dfg_logm(dfg_id x, dfg_id * y);
/* [S, ITERS] = logm (x, opt_iters) (nout 1 or 2): given 0: Octave's
 * default 100; given 1: opt_iters as logm.m's loop reads any array, lo =
 * min (opt_iters(:)) (square roots while k < lo) and hi = max (opt_iters(:))
 * (its warning when k >= hi), an empty or NaN opt_iters being lo = 0, hi =
 * Inf (NaN bounds: DFG_ERR_ARG).  ITERS: a double scalar, the number of
 * square roots (0 for a normal A), no gradient; undefined in Octave for an
 * empty or 1 x 1 x (DFG_ERR_ARG) and for a diagonal one (DFG_ERR_ARG when
 * the plan runs).  A logical x that is not diagonal is Octave's schur
 * error (DFG_ERR_DTYPE when the plan runs). */
dfg_status dfg_logm_opt(dfg_id x, int given, double lo, double hi, int nout, dfg_id * y);
/* cond (x) (p == 2, not fro: sigma (1) / sigma (end), Inf when either is
 * 0, the double 0 for an empty x), cond (x, p) / cond (x, "fro") (norm (x,
 * p) * norm (inv (x), p)), as Octave 7.3's cond.m; x 2-D. */
dfg_status dfg_cond(dfg_id x, double p, int fro, dfg_id * y);
/* rank (x) / rank (x, tol) as rank.m: the double count of singular values
 * above the tolerance (no gradient: an integer of the values). */
dfg_status dfg_rank(dfg_id x, int has_tol, double tol, dfg_id * y);

/* ---- indexing (lib/core/subscript.c) -----------------------------------------
 * Octave's index rules, decided when the graph is built, as the MEX
 * gateway's subsref and subsasgn apply them: x(s1, ..., sk), x(s...) = v
 * and x(s...) = [].  Results are GATHER, SCATTER or RESHAPE nodes (an
 * emptied array a constant).  Each borrows its input ids and the index
 * lists and hands out one new reference in *y (the caller's), also when
 * the result is x unchanged; on an error *y is untouched, nothing is left
 * behind, and dfg_last_error reads as Octave's message prefixed
 * "dfg.subsref: " or "dfg.subsasgn: " (DFG_ERR_INDEX for bad and
 * out-of-range indices, DFG_ERR_SHAPE for a nonconformant X).
 *
 * One subscript: a colon (colon = 1; the other fields unused), or n
 * 0-based indices ix (borrowed) with the index array's own size nd x dims
 * (Octave's result shapes follow it; nd = 0 reads as a 1 x n row).  A
 * logical mask is given as its true positions (ascending) with mask = 1
 * and mask_n = the mask's element count; dfg_sub_mask sets those fields. */
typedef struct dfg_sub {
    int             colon;
    const int64_t * ix;                  /* 0-based; NULL for a colon     */
    int64_t         n;                   /* count of ix                   */
    int             nd;                  /* the index array's own size    */
    int64_t         dims[DFG_MAX_DIMS];
    int             mask;                /* given as a logical mask ...   */
    int64_t         mask_n;              /* ... of this many elements     */
} dfg_sub;
/* Makes s a logical-mask subscript: on entry s->ix / s->n hold the mask's
 * true positions and s->nd / s->dims the mask's own size; sets mask and
 * mask_n, and the index's size by Octave's rule: a mask that is a vector
 * along some dimension (1x1xN too) keeps that orientation, a scalar mask
 * gives 1x1 or 0x0, any other mask a column. */
void       dfg_sub_mask(dfg_sub * s, int64_t mask_n);
/* x(s[0], ..., s[k-1]), k <= DFG_MAX_DIMS (k = 0: x itself).  One
 * subscript indexes x's elements in column order; k subscripts view x
 * with its trailing dimensions folded into the k-th.  Result size:
 * x(:) a column; a vector indexed by a vector keeps x's orientation;
 * another linear index gives the index's size; else the k counts. */
dfg_status dfg_index(dfg_id x, int k, const dfg_sub * s, dfg_id * y);
/* x(s[0], ..., s[k-1]) = v, k >= 1: v a scalar or conforming to the
 * block (singletons aside); indices past the end grow x with zeros as
 * Octave does (a linear index grows rows and 0xN / 1xN arrays as rows,
 * columns as columns; an all-zero x takes its colons' extents from v). */
dfg_status dfg_index_assign(dfg_id x, int k, const dfg_sub * s, dfg_id v, dfg_id * y);
/* x(s[0], ..., s[k-1]) = [], k >= 1, as Octave's delete_elements: one
 * subscript deletes elements (a row, a column for a column vector, or
 * x's orientation for a vector); k subscripts delete along the one that
 * is not a colon. */
dfg_status dfg_index_delete(dfg_id x, int k, const dfg_sub * s, dfg_id * y);
/* x(mask) = v, mask a logical tensor (its true positions known only when
 * the graph runs): v must be a scalar (else DFG_ERR_DATA_SIZE), and the
 * result is merge (mask, v, x) in the class Octave's assignment gives.  A
 * mask of x's size, or of as many or fewer elements (read in column order,
 * the rest false); more elements than x is DFG_ERR_DATA_SIZE. */
dfg_status dfg_mask_assign(dfg_id x, dfg_id mask, dfg_id v, dfg_id * y);

/* ---- plans ------------------------------------------------------------- */
/* Compiles the graph that computes outs from ins.  Every free input the
 * outputs depend on must be among ins (else DFG_ERR_FREE_INPUT naming it).
 * ins must be input nodes, each at most once. */
dfg_status dfg_plan_compile(int n_in, const dfg_id * ins, int n_out,
                            const dfg_id * outs, dfg_id * plan);
dfg_status dfg_plan_arity(dfg_id plan, int * n_in, int * n_out);
/* Class and size of the plan's k-th input (is_out = 0) or output. */
dfg_status dfg_plan_port(dfg_id plan, int is_out, int k, dfg_dtype * dt,
                         int * ndim, int64_t * dims);
/* Runs the plan: in[k] are the inputs' data (read only, borrowed), out[k]
 * buffers the caller allocated with the output's size. */
dfg_status dfg_plan_run(dfg_id plan, const void * const * in, void * const * out);
/* Symbolic sizes (docs/symbolic.md): an input may have a dimension that is
 * a symbol, dims[k] = the value dfg_size_symbol gives for a name ("n" for
 * dfg.input ([NaN 64])).  Such a graph takes only ops whose sizes follow
 * their inputs dimension by dimension (else DFG_ERR_SYMBOLIC), and a plan
 * of it serves every binding of its symbols to sizes of at least 2: call
 * dfg_plan_bind with the arguments' sizes (ndim[k] and dims[k *
 * DFG_MAX_DIMS ...] for input k) for the concrete plan to run (*out, owned
 * by the plan; *out = plan for a plan without symbols).  A concrete plan
 * is made per binding and kept in a bounded cache (the least recently used
 * one freed first); dfg_plan_bound gives how many are kept and the bound.
 * The introspection calls describe the binding used last. */
dfg_status dfg_size_symbol(const char * name, int64_t * dim);
dfg_status dfg_plan_bind(dfg_id plan, int n_in, const int * ndim, const int64_t * dims,
                         dfg_id * out);
dfg_status dfg_plan_bound(dfg_id plan, int * count, int * max_count);
/* Node count of the compiled schedule. */
dfg_status dfg_plan_size(dfg_id plan, int64_t * nodes);

/* ---- graph passes (lib/passes/passes.c; docs/passes.md) ---------------------------
 * dfg_plan_compile_opts runs the passes switched on in opts over the graph
 * before scheduling it.  Every pass keeps results bitwise (Inf, signed
 * zeros and rounding included; a NaN stays a NaN, but its sign and payload
 * bits may change, as IEEE 754 leaves them to the implementation) except
 * the rewrites enabled by opts->fast
 * (docs/passes.md lists them; the gemm pass and the transpose-into-mtimes
 * rule are among them, BLAS rounding not being bitwise across shapes). */
enum {
    DFG_PASS_CSE, DFG_PASS_FOLD, DFG_PASS_SIMPLIFY, DFG_PASS_GEMM, DFG_PASS_FUSE,
    DFG_PASS_COUNT
};
#define DFG_PASSES_ALL ((1u << DFG_PASS_COUNT) - 1u)
typedef struct dfg_options {
    unsigned passes;      /* bit DFG_PASS_x set: pass x runs                 */
    int      fast;        /* rewrites that may change rounding, NaN, ...     */
} dfg_options;
const char * dfg_pass_name(int pass);        /* "cse", ...; NULL past the end */
/* Applies a pass list to *opts, left to right: words separated by commas or
 * blanks, each "all", "none", "fast", "-fast", a pass name or "+name" (on)
 * or "-name" (off).  An unknown word: DFG_ERR_ARG naming it. */
dfg_status dfg_options_parse(const char * spec, dfg_options * opts);
/* What a plan compiled without options gets: all passes, not fast, unless
 * dfg_options_set_default changed it.  The environment variable DFG_PASSES
 * (a pass list) is applied on top of every plan's options when it compiles,
 * to switch passes for a whole run (debugging, the test matrix). */
void       dfg_options_default(dfg_options * opts);
void       dfg_options_set_default(const dfg_options * opts);
dfg_status dfg_plan_compile_opts(int n_in, const dfg_id * ins, int n_out,
                                 const dfg_id * outs, const dfg_options * opts,
                                 dfg_id * plan);
/* What each pass did, in the order they ran (k from 0; DFG_ERR_ARG past the
 * last).  Strings are owned by the plan. */
typedef struct dfg_pass_report {
    const char * pass;
    int64_t      nodes_before, nodes_after;
    int64_t      changed;
    const char * what;
    double       ms;
} dfg_pass_report;
dfg_status dfg_plan_report(dfg_id plan, int k, dfg_pass_report * r);
/* The compiled graph, one row per node in schedule order, members of fused
 * kernels one row each (group = the kernel's number from 1, 0 elsewhere).
 * in[] are row numbers (from 0) of the inputs, owned by the plan. */
typedef struct dfg_node_info {
    const char *    op;
    int             dtype;
    int             ndim;
    int64_t         dims[DFG_MAX_DIMS];
    int             n_in;
    const int32_t * in;
    int32_t         group;
    int             is_output;
    int             backward;   /* made by reverse-mode autodiff          */
    const char *    device;     /* where it runs: "cpu", "sim", "gpu"     */
} dfg_node_info;
dfg_status dfg_plan_nodes(dfg_id plan, int64_t * count);
dfg_status dfg_plan_node(dfg_id plan, int64_t k, dfg_node_info * info);

/* ---- plans that assign variables, memory plan (lib/runtime/plan.c, lib/runtime/memplan.c;
 * docs/memory.md) ------------------------------------------------------------
 * A plan may assign variables: after a run, variable upd_vars[k] holds what
 * upd_vals[k] computed from the variables' values before the run (all
 * updates are simultaneous).  Each upd_vals[k] has its variable's class and
 * size; a variable is assigned at most once.  Where it is legal the update
 * is computed straight into the variable's storage (no copy).
 * Checkpointing (opts->checkpoint, opts->memory_limit) recomputes forward
 * activations in the backward pass instead of keeping them. */
enum { DFG_CKPT_NONE, DFG_CKPT_SQRT, DFG_CKPT_LIMIT };
typedef struct dfg_plan_spec {
    int             n_in;
    const dfg_id *  ins;
    int             n_out;
    const dfg_id *  outs;
    int             n_upd;
    const dfg_id *  upd_vars;
    const dfg_id *  upd_vals;
    const dfg_options * opts;     /* NULL: the default options            */
    int             checkpoint;   /* DFG_CKPT_*                           */
    double          memory_limit; /* bytes, for DFG_CKPT_LIMIT            */
    const char *    device;       /* "cpu", "sim", "gpu", "auto"; NULL:
                                     the default device (dfg_device_get);
                                     "auto": the CPU or a device, by a cost
                                     model (lib/runtime/autoplace.c).  A
                                     plan on a device whose memory is not
                                     the host's copies the inputs its
                                     device nodes read in and its outputs
                                     out at each run; constants live on
                                     the device; variables keep a copy
                                     there between runs; loops run there
                                     with their bodies; ops the device
                                     lacks and nodes placed on the CPU
                                     (dfg_place_begin) run on the host,
                                     joined by copy nodes
                                     (lib/runtime/place.c, docs/gpu.md)   */
} dfg_plan_spec;
dfg_status dfg_plan_compile_spec(const dfg_plan_spec * spec, dfg_id * plan);

/* ---- dispatch caches (lib/runtime/dispatch.c) -------------------------------
 * The plans of dfg.jit and the functional transforms by call signature: a
 * bounded table from a key (the caller's bytes, e.g. the arguments'
 * classes and sizes) to a plan and the positions (0-based) of the call's
 * arguments the plan takes.  At most max_entries entries: a put into a full
 * cache replaces the least recently used one.  The cache owns the plans put
 * into it (released when replaced, by dfg_cache_clear, or when the cache
 * itself is released with dfg_release).  Handles go stale at dfg_reset. */
dfg_status dfg_cache_new(int32_t max_entries, dfg_id * cache);
/* *plan = 0 when key is not there; else its plan, and *pos (n_pos of them,
 * valid until the next put or clear) the positions of its arguments. */
dfg_status dfg_cache_find(dfg_id cache, const void * key, size_t len, dfg_id * plan,
                          const int32_t ** pos, int32_t * n_pos);
/* Adds (or replaces) key's entry; on success the cache owns plan (on an
 * error the caller still does). */
dfg_status dfg_cache_put(dfg_id cache, const void * key, size_t len, dfg_id plan,
                         const int32_t * pos, int32_t n_pos);
/* Clears the entries and the patterns. */
dfg_status dfg_cache_clear(dfg_id cache);
/* Patterns of plans with symbolic sizes: dims[k] (k < n, one per call
 * argument) is the dimension (from 1) argument k takes as a symbolic size,
 * 0 for none.  At most 8 are kept, the oldest dropped; pattern k = 0 is
 * the newest (DFG_ERR_ARG past the last; *dims borrowed until the next
 * add or clear). */
dfg_status dfg_cache_pattern_add(dfg_id cache, int32_t n, const int8_t * dims);
dfg_status dfg_cache_pattern(dfg_id cache, int32_t k, const int8_t ** dims, int32_t * n);
/* the number of entries and the bound; the plan and key (borrowed) of
 * entry k in the order of last use (0: the least recently used) */
dfg_status dfg_cache_entries(dfg_id cache, int32_t * n, int32_t * max_entries);
dfg_status dfg_cache_entry(dfg_id cache, int32_t k, dfg_id * plan, const void ** key,
                           size_t * len);
/* Nodes recorded between dfg_region_begin and the matching dfg_region_end
 * form a checkpoint region (dfg.checkpoint): plans keep only the values
 * the region hands out and recompute its inner activations in the backward
 * pass.  begin returns what end must be given back (regions nest). */
int32_t    dfg_region_begin(void);
void       dfg_region_end(int32_t previous);
/* Nodes recorded between dfg_place_begin (device) and the matching
 * dfg_place_end run on that device ("cpu", "sim", "gpu"), whatever device
 * the plan is compiled for; values that cross devices are copied (copy
 * nodes, lib/runtime/place.c).  begin returns what end must be given back
 * (placements nest), or a negative status (DFG_ERR_ARG: no such name). */
int        dfg_place_begin(const char * device);
void       dfg_place_end(int previous);

/* The memory plan: every intermediate has a live interval [first, last]
 * (step numbers of the schedule, from 0) and an offset in the plan's one
 * arena, allocated when the plan is compiled. */
/* How "device", "auto" placed a plan (dfg_memory_info.placement): the
 * device it weighed against the CPU (NULL: none could be used) and the
 * estimated seconds per call on each (the device's with its copies). */
typedef struct dfg_auto_info {
    int          automatic;   /* 1: placed by the cost model               */
    const char * candidate;   /* the device weighed, or NULL                */
    double       cpu_s, device_s, copy_s;
} dfg_auto_info;
typedef struct dfg_memory_info {
    int64_t arena_bytes;      /* the arena                                  */
    int64_t naive_bytes;      /* every intermediate in a buffer of its own  */
    int64_t lower_bound;      /* most bytes live at once in the schedule    */
    int64_t n_buffers;        /* intermediates (dfg_plan_buffer rows)        */
    int64_t inplace;          /* results written over a dying input         */
    int64_t views;            /* results that are views of their input      */
    int64_t n_steps;          /* kernel launches per run                    */
    int64_t recomputed;       /* nodes recomputed by checkpointing          */
    double  flops;            /* estimated work per run ...                 */
    double  recompute_flops;  /* ... of which recomputation                 */
    int64_t variables_inplace;/* updates computed in the variable's storage */
    int64_t loop_bytes;       /* held by loops and conditionals: their      */
                              /* bodies' plans, carry sets and while-loop   */
                              /* stacks (as long as the longest run so far) */
    const char * device;      /* the device the plan runs on ("cpu", "sim") */
    int64_t leaf_bytes;       /* on a device whose memory is not the host's:*/
                              /* its copies of the constants (variables     */
                              /* have their own, kept between calls; the    */
                              /* arena then holds the inputs too)           */
    int64_t host_arena_bytes; /* such a plan's host side: the intermediates */
                              /* of its nodes that run on the CPU           */
    int64_t copies;           /* copy nodes between the host and the device */
    int64_t variable_bytes;   /* on such a device: the copies there of the  */
                              /* variables the plan reads or assigns (kept  */
                              /* between calls, not in the arena)           */
    dfg_auto_info placement;  /* "auto": the cost model's estimates         */
} dfg_memory_info;
typedef struct dfg_buffer_info {
    const char * op;          /* the op that writes it                      */
    int          dtype, ndim;
    int64_t      dims[DFG_MAX_DIMS];
    int64_t      offset, bytes;
    int32_t      first, last; /* live from step first to step last          */
    int32_t      shares;      /* the buffer row it reuses in place, or -1   */
    int32_t      node;        /* its row in dfg_plan_node's table, or -1    */
    const char * device;      /* whose arena: the plan's device, or "cpu"   */
                              /* (the host side of a plan on a device)      */
} dfg_buffer_info;
dfg_status dfg_plan_memory(dfg_id plan, dfg_memory_info * m);
dfg_status dfg_plan_buffer(dfg_id plan, int64_t k, dfg_buffer_info * b);

/* ---- control flow (lib/control/ctrl.c; docs/control-flow.md) ----------------------
 * A loop or conditional whose bodies are graphs: the caller makes inputs
 * (dfg_input) standing for the bodies' parameters, records the bodies on
 * them, and passes parameters and results here.  Whatever else the bodies
 * read (tensors from outside, variables) is captured.  The construct runs
 * inside the plan; it is differentiable like any op.
 *   SCAN:  par = [carries (n_carry), one slice of each sequence]; args =
 *          [initial carries, sequences]; each sequence is sliced along its
 *          last dimension (all of the same length; length gives the step
 *          count when there is none).  res[0] = [new carries, per-step
 *          outputs]; outs = [final carries, per-step outputs stacked along
 *          a new last dimension (a column's along the second)].  reverse:
 *          the last step first.
 *   WHILE: par = carries; res[0] = new carries, res[1] = the condition (a
 *          scalar, tested before every step); outs = final carries.
 *          maxiter > 0: an error when the loop runs longer.
 *   COND:  pred (a scalar) picks res[0] (nonzero) or res[1] (zero), both
 *          of the same classes and sizes, computed from par bound to args;
 *          outs = the picked results.
 * Carries keep their class and size.  outs gets *n_out new references. */
enum { DFG_CTRL_SCAN, DFG_CTRL_WHILE, DFG_CTRL_COND };
typedef struct dfg_ctrl_spec {
    int            kind;
    int            n_par;
    const dfg_id * par;
    const dfg_id * args;
    int            n_carry;
    dfg_id         pred;
    int            n_res[2];
    const dfg_id * res[2];
    int64_t        length;
    int            reverse;
    int64_t        maxiter;
    const char *   name;      /* the function errors name, e.g. "fori"
                               * (NULL: "scan", "while" or "cond"; copied,
                               * at most 23 characters kept) */
    int            n_hidden;  /* leading carries the caller added (fori's
                               * counter): errors number the states after
                               * them from 1 */
} dfg_ctrl_spec;
dfg_status dfg_ctrl(const dfg_ctrl_spec * s, int * n_out, dfg_id * outs);

/* ---- ODE integration (lib/control/ctrl-ode.c) ---------------------------------
 * dfg.ode45 (order 5, Dormand-Prince) and dfg.ode23 (order 3,
 * Bogacki-Shampine) as Octave 7.3 runs them with output times: t and y
 * are inputs standing for the arguments of the right-hand side (t a
 * double scalar, y an n x 1 double or single column), dy its result (y's
 * class and size); y0 the initial value (y's class and size).  *out: the
 * solution at the nt output times, nt x n in y's class (one handle, the
 * caller's).  The node is differentiable once: in reverse mode by the
 * discrete adjoint (the accepted steps held fixed, recomputed from at most
 * `checkpoints` saved states, 0: about 2 sqrt (steps)) or with continuous
 * by the adjoint ODE solved backwards (memory independent of the steps);
 * in forward mode by the tangent of the steps.  A failed integration is
 * an error when the plan runs. */
typedef struct dfg_ode_spec {
    int            order;         /* 5 or 3                                  */
    dfg_id         t, y, dy, y0;
    int64_t        nt;
    const double * tspan;         /* nt >= 2, finite, strictly monotonic     */
    double         reltol;        /* > 0 (Octave's default 1e-3)             */
    int64_t        n_abstol;      /* 1 or n                                  */
    const double * abstol;        /* > 0 (default 1e-6)                      */
    double         initial_step;  /* NaN: Octave's starting_stepsize         */
    double         max_step;      /* NaN: 0.1 |tspan(end) - tspan(1)|        */
    int            norm_control;
    int64_t        checkpoints;
    int            continuous;    /* 1: the gradient by the continuous adjoint */
                                  /* (an adjoint ODE solved backwards)       */
} dfg_ode_spec;
dfg_status dfg_ode(const dfg_ode_spec * s, dfg_id * out);

/* An integral (lib/control/ctrl-integral.c, docs/integral.md): *out (a new
 * reference, 1x1, single when `single`) = the integral of f from a to b by
 * Octave's quadgk (adaptive Gauss-Kronrod (7, 15)), f traced on the input
 * t (1x15, double or single) into the node f (1x15, double or single); a
 * and b double scalars; differentiable in a, b and what f reads. */
typedef struct dfg_integral_spec {
    dfg_id         t, f, a, b;
    double         abstol, reltol;  /* >= 0 (Octave's integral: 1e-10, 1e-6) */
    int64_t        max_intervals;   /* quadgk's MaxIntervalCount (650)        */
    int            single;          /* the result's class                     */
} dfg_integral_spec;
dfg_status dfg_integral(const dfg_integral_spec * s, dfg_id * out);

/* An implicit function (lib/control/ctrl-implicit.c, docs/implicit.md):
 * *x = x_star's value taken as the root of F, res = F (par) traced on the
 * input par (x_star's class and size; res as many elements, floating
 * point); its derivatives with respect to what res reads besides par come
 * from the implicit function theorem at *x, to any order.  *fval = F (*x)
 * (zero derivative).  name: the function errors name (NULL: "implicit").
 * Two new references. */
dfg_status dfg_implicit(dfg_id x_star, dfg_id par, dfg_id res, const char * name, dfg_id * x,
                        dfg_id * fval);

/* ---- threads (lib/base/threads.c) ---------------------------------------------
 * Kernels on large arrays split their work across threads; results do not
 * depend on the thread count.  dfg_threads_set(n) sets the count (n = 0:
 * the number of cores) and gives BLAS the same; at first use the count is
 * the environment variable DFG_THREADS when set, else the cores. */
int        dfg_threads_get(void);
dfg_status dfg_threads_set(int n);
/* Stops the worker threads (they start again when next needed): before the
 * library's code is unloaded (the MEX gateway's exit hook). */
void       dfg_threads_stop(void);

/* ---- devices (lib/runtime/device.c) ---------------------------------------------
 * The CUDA backend is a shared library of its own (build/libdfg_cuda.so,
 * kernels/cuda/dfg_cuda.h), opened with dlopen the first time a GPU is
 * asked about: dfg works in full on the CPU without it, without the CUDA
 * runtime and without a GPU or driver.  The library is looked for at
 * $DFG_CUDA_LIB, else next to the module holding libdfg (the MEX file),
 * in its build/ folder, and in the folder above it. */
typedef enum dfg_device { DFG_DEVICE_CPU = 0, DFG_DEVICE_GPU, DFG_DEVICE_SIM,
                          DFG_DEVICE_COUNT } dfg_device;
typedef struct dfg_device_info {
    int    library;          /* the backend library was found and opened  */
    int    available;        /* a GPU can be used                         */
    char   reason[512];      /* why not (available == 0), else "ok"       */
    char   path[512];        /* the library's path, when found            */
    char   name[256];        /* the GPU's name                            */
    int    cc_major, cc_minor;
    double total_bytes, free_bytes;
    int    runtime_version, driver_version;   /* e.g. 13000 = 13.0        */
} dfg_device_info;
/* What the machine offers; opens and probes the backend the first time. */
void       dfg_device_query(dfg_device_info * info);
/* The default device of new plans: the CPU, or what the environment
 * variable DFG_DEVICE ("cpu", "sim"; read the first time the default is
 * asked for, and again after dfg_device_shutdown; "gpu" where one can be
 * used) names.  dfg_device_set
 * (DFG_DEVICE_SIM) always works; dfg_device_set (DFG_DEVICE_GPU) works
 * where a GPU can be used and fails with DFG_ERR_NODEVICE (and the
 * reason) where none can, the default staying as it was.  A DFG_DEVICE that names no
 * usable device leaves the CPU the default, and plans compiled for the
 * default device fail with that error (dfg_device_env_status). */
dfg_status dfg_device_set(dfg_device d);
dfg_device dfg_device_get(void);
/* The device's name ("cpu", "gpu", "sim"). */
const char * dfg_device_name(dfg_device d);
/* DFG_OK, or the error a DFG_DEVICE naming no usable device gives (its
 * message set again). */
dfg_status dfg_device_env_status(void);

/* ---- the sim device (lib/runtime/backend-sim.c; docs/gpu.md) ---------------
 * "sim" is an emulated device, always built: its buffers live in a region
 * of address space the host cannot read or write outside the backend's
 * own copies and steps (the pages are PROT_NONE in between), so a missing
 * copy faults instead of passing; its steps run the CPU kernels.
 * Its memory: DFG_SIM_MEMORY bytes (the environment, read when the region
 * is first reserved), else 1 GiB; dfg_sim_set_memory (bytes) changes it
 * (0: back to that default).  With buffers allocated it can only shrink
 * or grow up to the region already reserved (else DFG_ERR_ARG).
 * dfg_sim_fail_alloc (n): the nth allocation from now fails with
 * DFG_ERR_NOMEM (n <= 0: none).  The counters count since the last reset
 * (bytes in use and the peak carry over a reset; memory and buffers are
 * the current state).  dfg_sim_shutdown gives the region back when no
 * buffer is left in it (the gateway's exit; the tests). */
typedef struct dfg_sim_stats {
    int64_t to_device, to_device_bytes;  /* copies host -> device, bytes    */
    int64_t to_host, to_host_bytes;      /* copies device -> host, bytes    */
    int64_t copies, copy_bytes;          /* copies within the device, bytes */
    int64_t allocs, frees, failed_allocs;
    int64_t runs;                        /* steps run                       */
    int64_t in_use, peak;                /* bytes allocated (64-byte blocks) */
    int64_t memory;                      /* the device's memory, bytes      */
    int64_t buffers;                     /* buffers allocated now           */
} dfg_sim_stats;
dfg_status dfg_sim_set_memory(double bytes);
void       dfg_sim_fail_alloc(int64_t nth);
/* For tests of automatic placement (dfg.function (..., "device", "auto")):
 * the sim device's modelled flop and byte rates are s times the CPU's
 * (its kernels are the CPU's: 1, the default).  DFG_ERR_ARG unless s > 0. */
dfg_status dfg_sim_set_speedup(double s);
/* The nth step run on sim from now fails as a kernel would
 * (DFG_ERR_DEVICE, dfg:deviceError); n <= 0: none. */
void       dfg_sim_fail_run(int64_t nth);
void       dfg_sim_stats_get(dfg_sim_stats * s);
void       dfg_sim_stats_reset(void);
void       dfg_sim_shutdown(void);
/* Ops the sim device pretends to have no kernel for, so that plans on it
 * run them on the host with copies (mixed graphs, lib/runtime/place.c):
 * a comma-separated list of op names ("cumsum,mtimes"), "odd" or "even"
 * (every op whose code is odd, even), "gpu" (those the CUDA backend has
 * no kernel for: a plan on sim is then placed as on a GPU, fused kernels
 * included) or "" (none: the default).  The environment's
 * DFG_SIM_HOST_OPS, read the first time a plan asks, sets it too.
 * DFG_ERR_ARG for a name that is no op. */
dfg_status dfg_sim_set_host_ops(const char * ops);

#ifdef __cplusplus
}
#endif

#endif
