/* mex/gateway.h -- shared helpers of the MEX gateway (dfg_mex).
 *
 * The gateway is thin: it checks and converts Octave arguments, calls
 * libdfg, and turns a status into an Octave error.  Every command is a
 * function of this shape:
 *
 *     int cmd_x(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs);
 *
 * returning DFG_OK or a status with the message set (dfg_set_error).  The
 * command never calls mexErrMsgIdAndTxt itself: the entry point releases
 * the command's temporaries first, then raises the error, so no library
 * state leaks when Octave unwinds.
 *
 * Cells and structs given as arguments: Octave 7 keeps copies of an
 * argument's class name and dimensions made for mxIsClass, mxGetClassName,
 * mxGetN, mxGetNumberOfDimensions or mxGetDimensions, and loses them for
 * good (80 bytes a call) when the argument is then converted for
 * mxGetCell or mxGetField.  So a cell is read with mxGetCell before any of
 * those is asked of it (mxIsCell, mxGetM, mxGetNumberOfElements and
 * mxIsEmpty make no copies); tests/octave/test_process.m checks the
 * resident size of loops that compile plans.
 */
#ifndef DFG_GATEWAY_H
#define DFG_GATEWAY_H

#include "mex.h"
#include "../lib/runtime/runtime.h"

#define GW_MAX_TEMPS 64

typedef struct gw {
    const char * fn;                 /* user-facing name, e.g. "plus"      */
    dfg_id       temps[GW_MAX_TEMPS]; /* ids released when the command ends */
    int          n_temps;
} gw;

typedef int (*gw_cmd)(gw * g, int nlhs, mxArray ** plhs, int nrhs,
                      const mxArray ** prhs);

/* ---- conversions (mex/dfg_mex.c) ----------------------------------------- */
/* Class code of a numeric/logical array; sets a badClass error naming
 * argument argno (1-based) for anything else. */
int        gw_dtype(gw * g, const mxArray * a, int argno, dfg_dtype * dt);
/* An operand as a node id: a dfg.Tensor's id, or a new constant made from
 * an array (registered as a temporary; a char array is its character
 * codes, a double constant, as Octave's arithmetic reads it).  The id is
 * borrowed. */
int        gw_operand(gw * g, const mxArray * a, int argno, dfg_id * id);
/* DFG_ERR_DTYPE naming the first plain char argument from prhs[first] on
 * (why: what Octave would do with it), for the commands whose Octave
 * result would be char (concatenation, merge); else DFG_OK. */
int        gw_char_refused(gw * g, int nrhs, const mxArray ** prhs, int first, const char * why);
int        gw_is_tensor(const mxArray * a);
/* A tensor's id (argument must be a dfg.Tensor). */
int        gw_tensor(gw * g, const mxArray * a, int argno, dfg_id * id);
/* Remembers id for release at the end of the command. */
int        gw_temp(gw * g, dfg_id id);
/* Returns id to Octave as a uint64 scalar (the handle moves to Octave). */
mxArray *  gw_id_out(dfg_id id);
/* A real scalar number (not a tensor; any numeric or logical class, full
 * or sparse); integer-valued when want_int. */
int        gw_scalar(gw * g, const mxArray * a, int argno, int want_int, double * v);
/* The checked reader of numeric arguments (sizes, dims, counts, shifts,
 * indices): the values of a plain real numeric or logical array, full or
 * sparse, as doubles in column-major order.  Refuses tensors, other
 * classes and complex values with an error naming what (argument argno).
 * *v is mxMalloc'ed scratch (n + 1 elements), freed by Octave when the
 * command returns. */
int        gw_real_values(gw * g, const mxArray * a, int argno, const char * what,
                          double ** v, size_t * n);
/* A real vector (or empty) of at most max_n integers in [lo, hi], read
 * with gw_real_values: NaN, Inf, fractions and values out of range are
 * errors naming what (argument argno).  out holds max_n entries. */
int        gw_int_vec(gw * g, const mxArray * a, int argno, const char * what, double lo, double hi,
                      int max_n, int * n, int64_t * out);
/* Whether a is a 2-D array with one row or one column. */
int        gw_is_vector(const mxArray * a);
/* A size vector argument: at most DFG_MAX_DIMS non-negative integers. */
int        gw_size_vec(gw * g, const mxArray * a, int argno, int * nd, int64_t * dims);
/* n elements of es bytes of scratch (mxMalloc'ed, freed by Octave when
 * the command returns).  A count that overflows, or memory the system
 * cannot give, is DFG_ERR_NOMEM naming the command, where mxMalloc would
 * raise Octave's own id-less error. */
int        gw_alloc(gw * g, int64_t n, size_t es, void * out);
/* Char argument into buf (lower-cased); 0 if not a char row. */
int        gw_string(const mxArray * a, char * buf, size_t len);
/* Size of a node. */
int        gw_info(dfg_id id, dfg_dtype * dt, int * nd, int64_t * dims);
/* Builds op on n ids with attributes; the result is a temporary. */
int        gw_op(gw * g, int op, int n, const dfg_id * in, const dfg_attr * a, dfg_id * out);
int        gw_op1(gw * g, int op, dfg_id x, dfg_id * out);
int        gw_op2(gw * g, int op, dfg_id x, dfg_id y, dfg_id * out);
/* A scalar constant of class dt. */
int        gw_const(gw * g, dfg_dtype dt, double v, dfg_id * out);
/* Hands a temporary to Octave: it is no longer released at the end. */
mxArray *  gw_result(gw * g, dfg_id id);
/* Hands a library builder's result *y (a reference the gateway owns, made
 * when st is DFG_OK) to Octave as *out; returns st.  *y is read after the
 * builder ran: gw_out (g, dfg_norm (x, p, fro, &y), &y, plhs). */
int        gw_out(gw * g, int st, const dfg_id * y, mxArray ** out);
/* gw_out for a builder with n outputs y[0..n-1] (dfg_lu, dfg_eig, ...):
 * out[0..n-1]; returns st.  gw_outs (g, dfg_lu (x, n, y), n, y, plhs). */
int        gw_outs(gw * g, int st, int n, const dfg_id * y, mxArray ** out);
/* First non-singleton dimension (0-based), as Octave's default DIM. */
int        gw_default_dim(int nd, const int64_t * dims);
/* Evaluates a node with no free inputs into a new Octave array. */
int        gw_evaluate(gw * g, dfg_id id, mxArray ** out);

/* Tensor ids from a dfg.Tensor or a cell of them (argument argno, named
 * what in errors); *ids is mxMalloc'ed, ids borrowed. */
int        gw_ids_from_cell(gw * g, const mxArray * c, int argno, const char * what,
                            dfg_id ** ids, int * n);

/* Runs plan on n_args Octave arrays: args[pos[k]] (pos NULL: args[k]) is
 * its input k, checked against the plan's ports; outputs into plhs (max
 * (nlhs, 1) of them).  (mex/dfg_mex.c: dfg.function's call and the
 * dispatch of mex/cmd-dispatch.c) */
int        gw_plan_call(gw * g, dfg_id plan, int nlhs, mxArray ** plhs, int n_args,
                        const mxArray * const * args, const int32_t * pos);
/* dfg.jit's signature of a call asked for nout outputs with args: the
 * classes and sizes of the arrays, the text of char rows, in buf (cap
 * bytes, NUL-terminated, *len without it); 0 when an argument is of
 * another kind (then the caller builds a key by value).  With a pattern
 * pat (NULL: none), dimension pat[k] (from 1, 0: none) of argument k is
 * written '?': the key of a plan with that symbolic size. */
int        gw_signature(double nout, int n, const mxArray * const * args, const int8_t * pat,
                        char * buf, size_t cap, size_t * len);

/* ---- commands ------------------------------------------------------------- */
/* mex/cmd-graph.c */
int cmd_graph(gw *, int, mxArray **, int, const mxArray **);
int cmd_local_vjp(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-ctrl.c */
int cmd_ctrl(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-ode.c */
int cmd_ode(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-integral.c */
int cmd_integral(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-implicit.c */
int cmd_implicit(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-dispatch.c */
int cmd_jcall(gw *, int, mxArray **, int, const mxArray **);
int cmd_tcall(gw *, int, mxArray **, int, const mxArray **);
int cmd_cache(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-plan.c */
int cmd_function(gw *, int, mxArray **, int, const mxArray **);
int cmd_passes(gw *, int, mxArray **, int, const mxArray **);
int cmd_explain(gw *, int, mxArray **, int, const mxArray **);
int cmd_nodes(gw *, int, mxArray **, int, const mxArray **);
int cmd_memory(gw *, int, mxArray **, int, const mxArray **);
int cmd_region(gw *, int, mxArray **, int, const mxArray **);
int cmd_place(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-threads.c */
int cmd_threads(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-interp.c */
int cmd_take(gw *, int, mxArray **, int, const mxArray **);
int cmd_lookup(gw *, int, mxArray **, int, const mxArray **);
int cmd_accumarray(gw *, int, mxArray **, int, const mxArray **);
int cmd_histc(gw *, int, mxArray **, int, const mxArray **);
int cmd_device(gw *, int, mxArray **, int, const mxArray **);
int cmd_rand_uniform(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-grad.c */
int cmd_grad(gw *, int, mxArray **, int, const mxArray **);
int cmd_jvp(gw *, int, mxArray **, int, const mxArray **);
int cmd_jacobian(gw *, int, mxArray **, int, const mxArray **);
int cmd_hessian(gw *, int, mxArray **, int, const mxArray **);
int cmd_stop_gradient(gw *, int, mxArray **, int, const mxArray **);
int cmd_psi(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-ops.c */
int cmd_unary(gw *, int, mxArray **, int, const mxArray **);
int cmd_binary(gw *, int, mxArray **, int, const mxArray **);
int cmd_reduce(gw *, int, mxArray **, int, const mxArray **);
int cmd_isfp(gw *, int, mxArray **, int, const mxArray **);
int cmd_realpart(gw *, int, mxArray **, int, const mxArray **);
int cmd_minmax(gw *, int, mxArray **, int, const mxArray **);
int cmd_scan(gw *, int, mxArray **, int, const mxArray **);
int cmd_order(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-signal.c */
int cmd_conv(gw *, int, mxArray **, int, const mxArray **);
int cmd_conv2(gw *, int, mxArray **, int, const mxArray **);
int cmd_filter(gw *, int, mxArray **, int, const mxArray **);
int cmd_stats(gw *, int, mxArray **, int, const mxArray **);
int cmd_norm(gw *, int, mxArray **, int, const mxArray **);
int cmd_dot(gw *, int, mxArray **, int, const mxArray **);
int cmd_merge(gw *, int, mxArray **, int, const mxArray **);
int cmd_matrix(gw *, int, mxArray **, int, const mxArray **);
int cmd_linalg(gw *, int, mxArray **, int, const mxArray **);
int cmd_cast(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-linalg.c */
int cmd_matfun(gw *, int, mxArray **, int, const mxArray **);
int cmd_cond_rank(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-range.c */
int cmd_linspace(gw *, int, mxArray **, int, const mxArray **);

/* mex/cmd-elem.c (more element-wise and reduction functions) */
int cmd_diff(gw *, int, mxArray **, int, const mxArray **);
int cmd_nthroot(gw *, int, mxArray **, int, const mxArray **);
int cmd_vecnorm(gw *, int, mxArray **, int, const mxArray **);
int cmd_mode(gw *, int, mxArray **, int, const mxArray **);
int cmd_gammainc(gw *, int, mxArray **, int, const mxArray **);
int cmd_betainc(gw *, int, mxArray **, int, const mxArray **);
/* mex/cmd-shape.c */
int cmd_subsref(gw *, int, mxArray **, int, const mxArray **);
int cmd_subsasgn(gw *, int, mxArray **, int, const mxArray **);
int cmd_reshape(gw *, int, mxArray **, int, const mxArray **);
int cmd_permute(gw *, int, mxArray **, int, const mxArray **);
int cmd_cat(gw *, int, mxArray **, int, const mxArray **);
int cmd_repmat(gw *, int, mxArray **, int, const mxArray **);
int cmd_flip(gw *, int, mxArray **, int, const mxArray **);
int cmd_circshift(gw *, int, mxArray **, int, const mxArray **);
int cmd_diag(gw *, int, mxArray **, int, const mxArray **);
int cmd_tri(gw *, int, mxArray **, int, const mxArray **);
int cmd_kron(gw *, int, mxArray **, int, const mxArray **);
int cmd_trace(gw *, int, mxArray **, int, const mxArray **);

#endif
