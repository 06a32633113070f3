/* mex/dfg_mex.c -- the MEX entry point of dfg: dfg_mex(COMMAND, ARGS...).
 *
 * Check, do, clean up: a command checks all of its arguments and builds
 * nodes; temporaries are released; only then is an error raised as
 * error("dfg:<id>", "dfg.<function>: ...").  Library state lives until the
 * MEX file is cleared (clear all / clear mex), when mexAtExit frees it; ids
 * from before then are rejected as stale.
 */
#include <ctype.h>
#include <malloc.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include "gateway.h"

/* ---- conversions ------------------------------------------------------------ */

static const char * mx_kind(const mxArray * a)
{
    return mxGetClassName(a);
}

int gw_is_tensor(const mxArray * a)
{
    return mxIsClass(a, "dfg.Tensor");
}

int gw_temp(gw * g, dfg_id id)
{
    if (g->n_temps == GW_MAX_TEMPS) {
        dfg_release(id);
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: too many operands", g->fn);
    }
    g->temps[g->n_temps++] = id;
    return DFG_OK;
}

int gw_dtype(gw * g, const mxArray * a, int argno, dfg_dtype * dt)
{
    if (mxIsComplex(a))
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: argument %d is complex; dfg supports real values only",
                             g->fn, argno);
    if (mxIsSparse(a))
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: argument %d is sparse; use full() first",
                             g->fn, argno);
    switch (mxGetClassID(a)) {
    case mxDOUBLE_CLASS:  *dt = DFG_DOUBLE;  return DFG_OK;
    case mxSINGLE_CLASS:  *dt = DFG_SINGLE;  return DFG_OK;
    case mxLOGICAL_CLASS: *dt = DFG_LOGICAL; return DFG_OK;
    default:
        return dfg_set_error(DFG_ERR_DTYPE,
                             "dfg.%s: argument %d is of class %s; dfg takes double, single or logical arrays",
                             g->fn, argno, mx_kind(a));
    }
}

static void mx_dims(const mxArray * a, int * nd, int64_t * dims)
{
    mwSize n = mxGetNumberOfDimensions(a);
    const mwSize * d = mxGetDimensions(a);
    *nd = (int)n;
    for (mwSize k = 0; k < n && k < DFG_MAX_DIMS; k++)
        dims[k] = (int64_t)d[k];
}

int gw_tensor(gw * g, const mxArray * a, int argno, dfg_id * id)
{
    if (!gw_is_tensor(a))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d must be a dfg.Tensor, not %s",
                             g->fn, argno, mx_kind(a));
    if (mxGetNumberOfElements(a) != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d must be a single dfg.Tensor, not an array of them",
                             g->fn, argno);
    mxArray * p = mxGetProperty(a, 0, "id");
    if (!p || mxGetClassID(p) != mxUINT64_CLASS || mxGetNumberOfElements(p) != 1) {
        if (p)
            mxDestroyArray(p);
        return dfg_set_error(DFG_ERR_HANDLE, "dfg.%s: argument %d is not a valid dfg.Tensor", g->fn, argno);
    }
    *id = *(const uint64_t *)mxGetData(p);
    mxDestroyArray(p);
    if (!dfg_node_get(*id))
        return dfg_set_error(DFG_ERR_HANDLE,
                             "dfg.%s: argument %d is an invalid tensor handle (freed, from before 'clear all', or not made by dfg)",
                             g->fn, argno);
    return DFG_OK;
}

/* The commands whose Octave function reads a char argument as its
 * character codes (sorted); Octave's max and min do so for the second
 * argument only ("cannot compute max (string, matrix)"), gammainc for A.  The others
 * (xor, atan2, hypot, mod, rem, kron, dot, linspace, ...: "wrong type
 * argument 'string'") refuse char, and so does dfg. */
static int reads_char(const char * fn, int argno)
{
    static const char * const ok[] = {
        "and", "conv", "conv2", "eq", "filter", "ge", "gt", "ldivide", "le", "lt", "minus", "mldivide",
        "mrdivide", "mtimes", "ne", "or", "plus", "power", "rdivide", "subsasgn", "times",
    };
    if (!strcmp(fn, "max") || !strcmp(fn, "min") || !strcmp(fn, "gammainc"))
        return argno >= 2;   /* gammainc.m: a char X is "zeros: invalid class name" */
    for (size_t k = 0; k < sizeof ok / sizeof ok[0]; k++)
        if (!strcmp(fn, ok[k]))
            return 1;
    return 0;
}

/* A plain char array as Octave's arithmetic reads it: its character codes,
 * a double constant, for the commands reads_char names (the commands whose
 * Octave result would be char refuse char operands first:
 * gw_char_refused); elsewhere an error, as Octave's. */
static int char_operand(gw * g, const mxArray * a, int argno, dfg_id * id)
{
    int nd, st;
    int64_t dims[DFG_MAX_DIMS];
    double * v = NULL;
    if (!reads_char(g->fn, argno))
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: argument %d is of class char, which Octave's %s does not "
                             "take as numbers; convert it with double () first", g->fn, argno, g->fn);
    if (mxGetNumberOfDimensions(a) > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d has more than %d dimensions",
                             g->fn, argno, DFG_MAX_DIMS);
    mx_dims(a, &nd, dims);
    size_t n = mxGetNumberOfElements(a);
    const mxChar * c = mxGetChars(a);
    if ((st = gw_alloc(g, (int64_t)n + 1, sizeof *v, &v)))
        return st;
    for (size_t k = 0; k < n; k++)
        v[k] = (unsigned char)c[k];
    if ((st = dfg_constant(DFG_DOUBLE, nd, dims, v, id)))
        return st;
    return gw_temp(g, *id);
}

int gw_char_refused(gw * g, int nrhs, const mxArray ** prhs, int first, const char * why)
{
    for (int k = first; k < nrhs; k++)
        if (mxIsChar(prhs[k]))
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: argument %d is char: %s; dfg has no char arrays "
                                 "(convert it with double () first)", g->fn, k + 1, why);
    return DFG_OK;
}

int gw_operand(gw * g, const mxArray * a, int argno, dfg_id * id)
{
    if (gw_is_tensor(a))
        return gw_tensor(g, a, argno, id);
    if (mxIsChar(a))
        return char_operand(g, a, argno, id);
    dfg_dtype dt;
    int st = gw_dtype(g, a, argno, &dt);
    if (st)
        return st;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    if (mxGetNumberOfDimensions(a) > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d has more than %d dimensions",
                             g->fn, argno, DFG_MAX_DIMS);
    mx_dims(a, &nd, dims);
    if ((st = dfg_constant(dt, nd, dims, mxGetData(a), id)))
        return st;
    return gw_temp(g, *id);
}

mxArray * gw_id_out(dfg_id id)
{
    mxArray * r = mxCreateNumericMatrix(1, 1, mxUINT64_CLASS, mxREAL);
    *(uint64_t *)mxGetData(r) = id;
    return r;
}

mxArray * gw_result(gw * g, dfg_id id)
{
    for (int k = 0; k < g->n_temps; k++)
        if (g->temps[k] == id) {
            g->temps[k] = g->temps[--g->n_temps];
            return gw_id_out(id);
        }
    dfg_retain(id);          /* not a temporary: Octave gets its own handle */
    return gw_id_out(id);
}

/* A builder's result *y (lib/dfg.h "composite functions": a reference the
 * gateway now owns) handed to Octave as *out; st is the builder's status.
 * y is a pointer so that gw_out (g, dfg_x (..., &y), &y, plhs) reads it
 * after the builder ran. */
int gw_out(gw * g, int st, const dfg_id * y, mxArray ** out)
{
    if (!st && !(st = gw_temp(g, *y)))
        *out = gw_result(g, *y);
    return st;
}

/* gw_out for a builder with n results y[0..n-1] (new references the
 * gateway owns when st is DFG_OK), handed to Octave as out[0..n-1]. */
int gw_outs(gw * g, int st, int n, const dfg_id * y, mxArray ** out)
{
    int k = 0;
    if (st)
        return st;
    while (!st && k < n)
        st = gw_temp(g, y[k++]);     /* (releases y[k] itself when it fails) */
    if (st) {
        for (; k < n; k++)
            dfg_release(y[k]);
        return st;
    }
    for (k = 0; k < n; k++)
        out[k] = gw_result(g, y[k]);
    return DFG_OK;
}

/* ---- checked readers of numeric arguments ------------------------------------ */

int gw_alloc(gw * g, int64_t n, size_t es, void * out)
{
    void ** pp = (void **)out;
    *pp = NULL;
    if (n < 0 || es == 0 || (uint64_t)n > (uint64_t)(SIZE_MAX / 4 / es))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory or dimension too large (%lld elements)",
                             g->fn, (long long)n);
    size_t bytes = (size_t)n * es;
    if (bytes >= ((size_t)1 << 26)) {        /* mxMalloc fails with Octave's own error: probe */
        void * p = malloc(bytes);
        if (!p)
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory (%lld elements, %.3g GB)",
                                 g->fn, (long long)n, (double)bytes / 1e9);
        free(p);
    }
    *pp = mxMalloc(bytes ? bytes : 1);
    return DFG_OK;
}

/* Element k of the data of a real array of any numeric or logical class
 * (of a sparse array: its k-th stored value). */
static double mx_elem(const mxArray * a, size_t k)
{
    const void * p = mxGetData(a);
    switch (mxGetClassID(a)) {
    case mxDOUBLE_CLASS:  return ((const double *)p)[k];
    case mxSINGLE_CLASS:  return ((const float *)p)[k];
    case mxLOGICAL_CLASS: return ((const mxLogical *)p)[k] != 0;
    case mxINT8_CLASS:    return ((const int8_t *)p)[k];
    case mxUINT8_CLASS:   return ((const uint8_t *)p)[k];
    case mxINT16_CLASS:   return ((const int16_t *)p)[k];
    case mxUINT16_CLASS:  return ((const uint16_t *)p)[k];
    case mxINT32_CLASS:   return ((const int32_t *)p)[k];
    case mxUINT32_CLASS:  return ((const uint32_t *)p)[k];
    case mxINT64_CLASS:   return (double)((const int64_t *)p)[k];
    case mxUINT64_CLASS:  return (double)((const uint64_t *)p)[k];
    default:              return NAN;
    }
}

int gw_real_values(gw * g, const mxArray * a, int argno, const char * what, double ** v, size_t * n)
{
    *v = NULL;
    *n = 0;
    if (gw_is_tensor(a))
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.%s: %s (argument %d) must be plain numbers known when the graph is built, not a dfg.Tensor",
                             g->fn, what, argno);
    if (!(mxIsNumeric(a) || mxIsLogical(a)))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) must be a real numeric array, not %s",
                             g->fn, what, argno, mx_kind(a));
    if (mxIsComplex(a))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) must be real, not complex", g->fn, what, argno);
    size_t m = mxGetNumberOfElements(a);
    int st = gw_alloc(g, (int64_t)m + 1, sizeof **v, v);
    if (st)
        return st;
    if (mxIsSparse(a)) {
        /* sparse: the stored values at their (row, column) places */
        size_t rows = mxGetM(a), cols = mxGetN(a);
        const mwIndex * ir = mxGetIr(a), * jc = mxGetJc(a);
        for (size_t k = 0; k < m; k++)
            (*v)[k] = 0;
        for (size_t j = 0; j < cols; j++)
            for (mwIndex q = jc[j]; q < jc[j + 1]; q++)
                (*v)[ir[q] + rows * j] = mx_elem(a, q);
    } else
        for (size_t k = 0; k < m; k++)
            (*v)[k] = mx_elem(a, k);
    *n = m;
    return DFG_OK;
}

int gw_is_vector(const mxArray * a)
{
    return mxGetNumberOfDimensions(a) == 2 && (mxGetM(a) == 1 || mxGetN(a) == 1);
}

int gw_int_vec(gw * g, const mxArray * a, int argno, const char * what, double lo, double hi,
               int max_n, int * n, int64_t * out)
{
    double * x;
    size_t m;
    int st = gw_real_values(g, a, argno, what, &x, &m);
    if (st)
        return st;
    if (m && !gw_is_vector(a))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) must be a vector", g->fn, what, argno);
    if (m > (size_t)max_n)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) has %zu elements; at most %d are supported",
                             g->fn, what, argno, m, max_n);
    for (size_t k = 0; k < m; k++) {
        double v = x[k];
        if (v != v || v != floor(v) || isinf(v))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) must be integers, not %g", g->fn, what,
                                 argno, v);
        if (v < lo || v > hi) {
            if (hi >= 9e15)
                return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) must be %s integers, not %g", g->fn,
                                     what, argno, lo == 0 ? "non-negative" : "positive", v);
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) must be integers from %g to %g, not %g",
                                 g->fn, what, argno, lo, hi, v);
        }
        out[k] = (int64_t)v;
    }
    *n = (int)m;
    return DFG_OK;
}

int gw_scalar(gw * g, const mxArray * a, int argno, int want_int, double * v)
{
    if (gw_is_tensor(a))
        return dfg_set_error(DFG_ERR_UNSUPPORTED,
                             "dfg.%s: argument %d must be a plain number known when the graph is built, not a dfg.Tensor",
                             g->fn, argno);
    if (!(mxIsNumeric(a) || mxIsLogical(a)) || mxIsComplex(a) || mxGetNumberOfElements(a) != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d must be a real scalar", g->fn, argno);
    double * x;
    size_t m;
    int st = gw_real_values(g, a, argno, "argument", &x, &m);
    if (st)
        return st;
    *v = x[0];
    if (want_int && !(fabs(*v) < 0x1p63 && *v == floor(*v)))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d must be an integer", g->fn, argno);
    return DFG_OK;
}

int gw_size_vec(gw * g, const mxArray * a, int argno, int * nd, int64_t * dims)
{
    return gw_int_vec(g, a, argno, "SIZE", 0, 9e15, DFG_MAX_DIMS, nd, dims);
}

int gw_string(const mxArray * a, char * buf, size_t len)
{
    if (!mxIsChar(a) || mxGetM(a) > 1 || mxGetString(a, buf, (mwSize)len))
        return 0;
    for (char * p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return 1;
}

int gw_info(dfg_id id, dfg_dtype * dt, int * nd, int64_t * dims)
{
    return dfg_info(id, dt, nd, dims);
}

int gw_op(gw * g, int op, int n, const dfg_id * in, const dfg_attr * a, dfg_id * out)
{
    int st = dfg_op(op, n, in, a, out);
    if (st)
        return st;
    return gw_temp(g, *out);
}

int gw_op1(gw * g, int op, dfg_id x, dfg_id * out)
{
    return gw_op(g, op, 1, &x, NULL, out);
}

int gw_op2(gw * g, int op, dfg_id x, dfg_id y, dfg_id * out)
{
    dfg_id in[2] = {x, y};
    return gw_op(g, op, 2, in, NULL, out);
}

int gw_const(gw * g, dfg_dtype dt, double v, dfg_id * out)
{
    int64_t d[2] = {1, 1};
    int st = dfg_fill(dt, 2, d, v, out);
    return st ? st : gw_temp(g, *out);
}

int gw_default_dim(int nd, const int64_t * dims)
{
    for (int k = 0; k < nd; k++)
        if (dims[k] != 1)
            return k;
    return 0;
}

static mxClassID mx_class(dfg_dtype dt)
{
    return dt == DFG_DOUBLE ? mxDOUBLE_CLASS : dt == DFG_SINGLE ? mxSINGLE_CLASS : mxLOGICAL_CLASS;
}

/* Octave raises its own error when mxCreate* cannot allocate; probe first
 * so that a plan whose outputs do not fit gives dfg:outOfMemory. */
static int can_allocate(dfg_dtype dt, int nd, const int64_t * dims)
{
    int64_t n = dfg_shape_numel(nd, dims);
    size_t es = dfg_dtype_size(dt);
    if (n > (int64_t)(SIZE_MAX / 2 / es))
        return 0;
    size_t bytes = (size_t)n * es;
    if (bytes < ((size_t)1 << 26))
        return 1;
    void * p = malloc(bytes);
    free(p);
    return p != NULL;
}

static mxArray * make_array(dfg_dtype dt, int nd, const int64_t * dims)
{
    mwSize d[DFG_MAX_DIMS];
    for (int k = 0; k < nd; k++)
        d[k] = (mwSize)dims[k];
    if (dt == DFG_LOGICAL)
        return mxCreateLogicalArray((mwSize)nd, d);
    return mxCreateUninitNumericArray((mwSize)nd, d, mx_class(dt), mxREAL);
}

static int raise_warning(void)
{
    const char * w = dfg_take_warning();
    if (w)
        mexWarnMsgIdAndTxt(dfg_warning_id(), "%s", w);
    return DFG_OK;
}

int gw_evaluate(gw * g, dfg_id id, mxArray ** out)
{
    dfg_dtype dt;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    int st = dfg_info(id, &dt, &nd, dims);
    if (st)
        return st;
    if (dfg_shape_is_sym(nd, dims)) {
        char s[256];
        return dfg_set_error(DFG_ERR_SYMBOLIC, "dfg.%s: the value is %s: a symbolic size has a value only in a plan's call",
                             g->fn, dfg_shape_str(nd, dims, s, sizeof s));
    }
    if (!can_allocate(dt, nd, dims)) {
        char s[256];
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory allocating the %s result",
                             g->fn, dfg_shape_str(nd, dims, s, sizeof s));
    }
    dfg_id plan;
    if ((st = dfg_plan_compile(0, NULL, 1, &id, &plan))) {
        if (st == DFG_ERR_FREE_INPUT) {
            char m[1024];
            snprintf(m, sizeof m, "%s", dfg_last_error());
            return dfg_set_error(st, "dfg.%s: cannot evaluate: %s; use dfg.function to supply it", g->fn, m);
        }
        return st;
    }
    mxArray * r = make_array(dt, nd, dims);
    void * o = mxGetData(r);
    st = dfg_plan_run(plan, NULL, &o);
    dfg_release(plan);
    if (st) {
        mxDestroyArray(r);
        return st;
    }
    *out = r;
    return raise_warning();
}

/* ---- tensor commands ------------------------------------------------------------ */

static int parse_class(gw * g, const mxArray * a, int argno, dfg_dtype * dt)
{
    char s[32];
    if (!gw_string(a, s, sizeof s))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: CLASS (argument %d) must be a string", g->fn, argno);
    if (!strcmp(s, "double")) *dt = DFG_DOUBLE;
    else if (!strcmp(s, "single")) *dt = DFG_SINGLE;
    else if (!strcmp(s, "logical")) *dt = DFG_LOGICAL;
    else
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: CLASS must be \"double\", \"single\" or \"logical\", not \"%s\"",
                             g->fn, s);
    return DFG_OK;
}

static int size_arg(gw * g, const mxArray * a, int lenient, int * nd, int64_t * dims);

/* dfg.input's SIZE: as zeros's (dfg.input (n) is n x n), where NaN is the
 * symbolic size "n", or a cell of sizes and size names ({"batch", 64}). */
static int input_size(gw * g, const mxArray * a, int * nd, int64_t * dims)
{
    int64_t n;
    if (mxIsCell(a)) {
        size_t m = mxGetNumberOfElements(a);
        if (m < 1 || m > DFG_MAX_DIMS || !gw_is_vector(a))
            return dfg_set_error(DFG_ERR_ARG, "dfg.input: SIZE (argument 1) as a cell must be a vector of 1 to %d sizes and names",
                                 DFG_MAX_DIMS);
        for (size_t k = 0; k < m; k++) {
            const mxArray * e = mxGetCell(a, (mwIndex)k);
            char name[64];
            int nk;
            int64_t d1[DFG_MAX_DIMS];
            if (e && mxIsChar(e)) {
                if (!gw_string(e, name, sizeof name))
                    return dfg_set_error(DFG_ERR_ARG, "dfg.input: size name %d is too long", (int)k + 1);
                int st = dfg_size_symbol(name, &dims[k]);
                if (st)
                    return st;
                continue;
            }
            if (!e || mxGetNumberOfElements(e) != 1)
                return dfg_set_error(DFG_ERR_ARG, "dfg.input: element %d of SIZE must be a size or a size name", (int)k + 1);
            int st = size_arg(g, e, 0, &nk, d1);
            if (st)
                return st;
            dims[k] = d1[0];
        }
        *nd = (int)m;
        if (m == 1) {
            dims[1] = dims[0];
            *nd = 2;
        }
        return DFG_OK;
    }
    if (mxIsDouble(a) && !mxIsComplex(a) && gw_is_vector(a) && mxGetNumberOfElements(a) <= DFG_MAX_DIMS) {
        const double * p = mxGetPr(a);
        size_t m = mxGetNumberOfElements(a);
        int any = 0;
        for (size_t k = 0; k < m; k++)
            any |= isnan(p[k]);
        if (any) {
            int st = dfg_size_symbol("n", &n);
            if (st)
                return st;
            mxArray * c = mxCreateCellMatrix(1, (mwSize)m);
            for (size_t k = 0; k < m; k++)
                mxSetCell(c, (mwIndex)k, isnan(p[k]) ? mxCreateString("n") : mxCreateDoubleScalar(p[k]));
            st = input_size(g, c, nd, dims);
            mxDestroyArray(c);
            return st;
        }
    }
    return size_arg(g, a, 0, nd, dims);
}

static int cmd_input(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    dfg_dtype dt = DFG_DOUBLE;
    char name[256] = "";
    if (nrhs < 1 || nrhs > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.input: expected dfg.input (SIZE [, CLASS [, NAME]])");
    int st = input_size(g, prhs[0], &nd, dims);
    if (!st && nrhs > 1)
        st = parse_class(g, prhs[1], 2, &dt);
    if (!st && nrhs > 2 && mxGetNumberOfElements(prhs[2]) && !gw_string(prhs[2], name, sizeof name))
        st = dfg_set_error(DFG_ERR_ARG, "dfg.input: NAME (argument 3) must be a string");
    dfg_id id;
    if (!st && !(st = dfg_input(dt, nd, dims, name, &id)))
        plhs[0] = gw_id_out(id);
    return st;
}

static int cmd_constant(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    if (nrhs != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.constant: expected one VALUE");
    if (gw_is_tensor(prhs[0])) {
        dfg_id id;
        int st = gw_tensor(g, prhs[0], 1, &id);
        if (!st)
            plhs[0] = gw_result(g, id);
        return st;
    }
    dfg_id id;
    dfg_dtype dt;
    int st = mxIsChar(prhs[0]) ? gw_dtype(g, prhs[0], 1, &dt) : gw_operand(g, prhs[0], 1, &id);
    if (!st)
        plhs[0] = gw_result(g, id);
    return st;
}

static int cmd_variable(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    char name[256] = "";
    dfg_dtype dt;
    if (nrhs < 1 || nrhs > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.variable: expected dfg.variable (VALUE [, NAME])");
    if (gw_is_tensor(prhs[0]))
        return dfg_set_error(DFG_ERR_ARG, "dfg.variable: VALUE must be an array; use dfg.value (t) first");
    int st = gw_dtype(g, prhs[0], 1, &dt);
    if (!st && nrhs > 1 && mxGetNumberOfElements(prhs[1]) && !gw_string(prhs[1], name, sizeof name))
        st = dfg_set_error(DFG_ERR_ARG, "dfg.variable: NAME (argument 2) must be a string");
    if (st)
        return st;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    if (mxGetNumberOfDimensions(prhs[0]) > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.variable: VALUE has too many dimensions");
    mx_dims(prhs[0], &nd, dims);
    dfg_id id;
    if (!(st = dfg_variable(dt, nd, dims, mxGetData(prhs[0]), name, &id)))
        plhs[0] = gw_id_out(id);
    return st;
}

static int cmd_assign(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs; (void)plhs;
    dfg_id v;
    dfg_dtype dt;
    if (nrhs != 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.assign: expected dfg.assign (V, VALUE)");
    int st = gw_tensor(g, prhs[0], 1, &v);
    if (!st && gw_is_tensor(prhs[1]))
        st = dfg_set_error(DFG_ERR_ARG, "dfg.assign: VALUE must be an array, not a dfg.Tensor");
    if (!st)
        st = gw_dtype(g, prhs[1], 2, &dt);
    if (st)
        return st;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    if (mxGetNumberOfDimensions(prhs[1]) > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.assign: VALUE has too many dimensions");
    mx_dims(prhs[1], &nd, dims);
    return dfg_variable_assign(v, dt, nd, dims, mxGetData(prhs[1]));
}

static int cmd_value(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id id;
    if (nrhs != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.value: expected one tensor");
    int st = gw_tensor(g, prhs[0], 1, &id);
    return st ? st : gw_evaluate(g, id, &plhs[0]);
}

/* How many traces (dfg.jit, the functional transforms, the bodies of
 * loops and conditionals) are running: while one is, double (t), single (t)
 * and logical (t) record a conversion even on a closed graph, so that a
 * traced value never leaves the graph (and its gradient) by evaluation.
 * Kept by dfg.internal.tracing through the "tracing" command. */
static int g_tracing;

/* tracing () -> depth; tracing (+1 | -1) changes it and returns the new
 * depth (never below 0). */
static int cmd_tracing(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    double d = 0;
    if (nrhs > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.tracing: expected at most one argument");
    if (nrhs == 1) {
        int st = gw_scalar(g, prhs[0], 1, 1, &d);
        if (st)
            return st;
        if (d != 1 && d != -1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.tracing: the change must be 1 or -1");
    }
    g_tracing += (int)d;
    if (g_tracing < 0)
        g_tracing = 0;
    plhs[0] = mxCreateDoubleScalar(g_tracing);
    return DFG_OK;
}

/* double (t) / single (t) / logical (t): evaluate a closed graph, or record
 * a class conversion when the graph has free inputs or a trace is running. */
int cmd_cast(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_dtype to;
    dfg_id x, y;
    if (nrhs != 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: expected one tensor", g->fn);
    int st = gw_operand(g, prhs[0], 1, &x);
    if (!st)
        st = parse_class(g, prhs[1], 2, &to);
    if (st)
        return st;
    dfg_attr a = {{0}, {0}, NULL, 0};
    a.i[0] = to;
    if ((st = gw_op(g, DFG_OP_CAST, 1, &x, &a, &y)))
        return st;
    if (!strcmp(g->fn, "cast") || g_tracing > 0) {
        plhs[0] = gw_result(g, y);
        return DFG_OK;
    }
    dfg_id plan;
    st = dfg_plan_compile(0, NULL, 1, &y, &plan);
    if (st == DFG_ERR_FREE_INPUT) {        /* free inputs: stay symbolic */
        plhs[0] = gw_result(g, y);
        return DFG_OK;
    }
    if (st)
        return st;
    dfg_release(plan);
    return gw_evaluate(g, y, &plhs[0]);
}

static int cmd_release(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs; (void)plhs;
    /* never an error: delete () must not throw, and a stale id (after
     * clear all) is simply gone already */
    for (int k = 0; k < nrhs; k++) {
        if (gw_is_tensor(prhs[k]) && mxGetNumberOfElements(prhs[k]) == 1) {
            mxArray * p = mxGetProperty(prhs[k], 0, "id");
            if (p && mxGetClassID(p) == mxUINT64_CLASS && mxGetNumberOfElements(p) == 1)
                dfg_release(*(const uint64_t *)mxGetData(p));
            if (p)
                mxDestroyArray(p);
        } else if (mxGetClassID(prhs[k]) == mxUINT64_CLASS && mxGetNumberOfElements(prhs[k]) == 1)
            dfg_release(*(const uint64_t *)mxGetData(prhs[k]));
    }
    return DFG_OK;
}

/* The single size argument of zeros (A) / dfg.input (A) as Octave's
 * get_dimensions reads it: a vector of sizes, n for n x n, an empty vector
 * for 0x0; a matrix (or []) is refused as Octave refuses it.  Negative
 * sizes count as 0 when lenient (zeros, ones, eye). */
static int size_arg(gw * g, const mxArray * a, int lenient, int * nd, int64_t * dims)
{
    if (!gw_is_tensor(a) && (mxIsNumeric(a) || mxIsLogical(a)) && !gw_is_vector(a)) {
        char sh[256];
        int64_t d[DFG_MAX_DIMS];
        int n = 0;
        for (; n < (int)mxGetNumberOfDimensions(a) && n < DFG_MAX_DIMS; n++)
            d[n] = (int64_t)mxGetDimensions(a)[n];
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: SIZE (argument 1) must be a vector, not a %s array "
                             "(for the size of an array A, use dfg.%s (size (A)))",
                             g->fn, dfg_shape_str(n, d, sh, sizeof sh), g->fn);
    }
    int st = gw_int_vec(g, a, 1, "SIZE", lenient ? -9e15 : 0, 9e15, DFG_MAX_DIMS, nd, dims);
    if (st)
        return st;
    for (int k = 0; k < *nd; k++)
        if (dims[k] < 0)
            dims[k] = 0;
    if (*nd == 0) {
        dims[0] = dims[1] = 0;
        *nd = 2;
    } else if (*nd == 1) {
        dims[1] = dims[0];
        *nd = 2;
    }
    return DFG_OK;
}

static int size_fits(gw * g, dfg_dtype dt, int nd, const int64_t * dims)
{
    char s[256];
    if (dfg_shape_numel_checked(nd, dims) < 0 || !can_allocate(dt, nd, dims))
        return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory or dimension too large (%s %s)", g->fn,
                             dfg_shape_str(nd, dims, s, sizeof s), dfg_dtype_name(dt));
    return DFG_OK;
}

/* fill (KIND, sizes..., [CLASS | "like", VAR]): dfg.zeros, dfg.ones,
 * dfg.eye with the size and class arguments of Octave's zeros, ones and
 * eye: no size is 1x1, one size argument is read by size_arg, several
 * are one scalar each (Octave reads the first element of a vector and 0
 * for an empty one). */
static int cmd_fill(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    char kind[16];
    dfg_dtype dt = DFG_DOUBLE;
    int nd = 0, st;
    int64_t dims[DFG_MAX_DIMS];
    if (nrhs < 1 || !gw_string(prhs[0], kind, sizeof kind))
        return dfg_set_error(DFG_ERR_ARG, "dfg.fill: missing kind");
    g->fn = !strcmp(kind, "eye") ? "eye" : !strcmp(kind, "ones") ? "ones" : "zeros";
    int eye = !strcmp(g->fn, "eye");
    nrhs--; prhs++;
    char s[16];
    if (!eye && nrhs >= 2 && gw_string(prhs[nrhs - 2], s, sizeof s) && !strcmp(s, "like")) {
        const mxArray * v = prhs[nrhs - 1];
        if (gw_is_tensor(v)) {
            dfg_id id;
            if ((st = gw_tensor(g, v, nrhs, &id)) || (st = dfg_info(id, &dt, NULL, NULL)))
                return st;
        } else if (mxIsCell(v) || mxIsStruct(v) || mxIsChar(v) || !(mxIsNumeric(v) || mxIsLogical(v)))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: VAR after \"like\" must be an array or a tensor, not %s",
                                 g->fn, mx_kind(v));
        else if (mxIsComplex(v))
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: VAR after \"like\" is complex; dfg supports real values only",
                                 g->fn);
        else if (mxIsSparse(v))
            dt = mxIsLogical(v) ? DFG_LOGICAL : DFG_DOUBLE;   /* a full result of the sparse class */
        else if ((st = gw_dtype(g, v, nrhs, &dt)))
            return st;
        nrhs -= 2;
    } else if (nrhs > 0 && mxIsChar(prhs[nrhs - 1])) {
        if ((st = parse_class(g, prhs[nrhs - 1], nrhs + 1, &dt)))
            return st;
        nrhs--;
    }
    for (int k = 0; k < nrhs; k++)
        if (mxIsChar(prhs[k]))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: argument %d: the class must come last", g->fn, k + 1);
    if (nrhs == 0) {
        nd = 2; dims[0] = dims[1] = 1;
    } else if (nrhs == 1) {
        if ((st = size_arg(g, prhs[0], 1, &nd, dims)))
            return st;
        if (eye && (nd != 2 || (mxGetNumberOfElements(prhs[0]) == 0)))
            return dfg_set_error(DFG_ERR_ARG, "dfg.eye: SIZE (argument 1) must be N or [M N], as for eye");
    } else {
        if (nrhs > DFG_MAX_DIMS)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: at most %d dimensions are supported", g->fn, DFG_MAX_DIMS);
        if (eye && nrhs > 2)
            return dfg_set_error(DFG_ERR_ARG, "dfg.eye: expected eye (N), eye (M, N) or eye ([M N]), with a CLASS");
        for (int k = 0; k < nrhs; k++) {
            double * v;
            size_t m;
            if ((st = gw_real_values(g, prhs[k], k + 1, "dimension", &v, &m)))
                return st;
            double x = m ? v[0] : 0;
            if (x != x || x != floor(x) || fabs(x) > 9e15)
                return dfg_set_error(DFG_ERR_ARG, "dfg.%s: dimension (argument %d) must be an integer, not %g",
                                     g->fn, k + 1, x);
            dims[nd++] = x < 0 ? 0 : (int64_t)x;
        }
    }
    if ((st = size_fits(g, dt, nd, dims)))
        return st;
    dfg_id id;
    if ((st = dfg_fill(dt, nd, dims, !strcmp(g->fn, "ones"), &id)))
        return st;
    if (eye) {
        const void * data;
        dfg_node_data(id, &data);
        int64_t m = dims[0] < dims[1] ? dims[0] : dims[1];
        size_t es = dfg_dtype_size(dt);
        for (int64_t k = 0; k < m; k++) {
            char * p = (char *)data + (size_t)(k + dims[0] * k) * es;
            if (dt == DFG_DOUBLE) *(double *)p = 1;
            else if (dt == DFG_SINGLE) *(float *)p = 1;
            else *p = 1;
        }
    }
    plhs[0] = gw_id_out(id);
    return DFG_OK;
}

/* Reads of a symbolic size (NaN) since the MEX file was loaded: a trace
 * that reads one depends on a size the plan does not know
 * (dfg.internal.JitCache asks, "symreads"). */
static double sym_reads;

static int sym_quiet;     /* "size_sym": the library's own reads */

static double dim_value(int64_t d)
{
    if (!dfg_dim_is_sym(d))
        return (double)d;
    sym_reads += !sym_quiet;
    return mxGetNaN();
}

static int cmd_symreads(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs; (void)nrhs; (void)prhs;
    plhs[0] = mxCreateDoubleScalar(sym_reads);
    return DFG_OK;
}

/* size (t [, dim]) with Octave's nargout rules; also class (t). */
static int cmd_size(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    dfg_id id;
    dfg_dtype dt;
    int nd;
    int64_t dims[DFG_MAX_DIMS];
    if (nrhs < 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.size: expected a tensor");
    sym_quiet = !strcmp(g->fn, "size_sym");
    g->fn = "size";
    int st = gw_tensor(g, prhs[0], 1, &id);
    if (!st)
        st = dfg_info(id, &dt, &nd, dims);
    if (st)
        return st;
    if (nrhs > 1) {
        int m;
        int64_t q[DFG_MAX_DIMS];
        if (nrhs > 2 || (st = gw_int_vec(g, prhs[1], 2, "DIM", 1, 9e15, DFG_MAX_DIMS, &m, q)))
            return st ? st : (int)dfg_set_error(DFG_ERR_ARG, "dfg.size: expected size (t, DIM)");
        plhs[0] = mxCreateDoubleMatrix(1, (mwSize)m, mxREAL);
        for (int k = 0; k < m; k++) {
            if (q[k] < 1)
                return dfg_set_error(DFG_ERR_ARG, "dfg.size: requested dimension DIM (= %lld) out of range",
                                     (long long)q[k]);
            mxGetPr(plhs[0])[k] = q[k] <= nd ? dim_value(dims[q[k] - 1]) : 1.0;
        }
        return DFG_OK;
    }
    if (nlhs <= 1) {
        plhs[0] = mxCreateDoubleMatrix(1, (mwSize)nd, mxREAL);
        double * p = mxGetPr(plhs[0]);
        for (int k = 0; k < nd; k++)
            p[k] = dim_value(dims[k]);
        return DFG_OK;
    }
    for (int k = 0; k < nlhs; k++) {
        double v = k < nd ? dim_value(dims[k]) : 1.0;
        if (k == nlhs - 1)
            for (int q = k + 1; q < nd; q++)
                v *= dim_value(dims[q]);
        plhs[k] = mxCreateDoubleScalar(v);
    }
    return DFG_OK;
}

static int cmd_class(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id id;
    dfg_dtype dt;
    if (nrhs != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.class: expected a tensor");
    int st = gw_tensor(g, prhs[0], 1, &id);
    if (!st)
        st = dfg_info(id, &dt, NULL, NULL);
    if (!st)
        plhs[0] = mxCreateString(dfg_dtype_name(dt));
    return st;
}

/* signature (NOUT, ARGS...): dfg.jit's cache key when every argument is a
 * double/single/logical array or a char row: output count, then class and
 * size of each array, or the text of each string.  Returns "" when some
 * argument is anything else (the caller then builds a key by value). */
int gw_signature(double nout, int n, const mxArray * const * args, const int8_t * pat,
                 char * buf, size_t cap, size_t * len)
{
    size_t at = 0;
    if (cap < 128)
        return 0;
    {   /* "%d|" of nout, by hand (snprintf was a third of a hit's C time) */
        int v = (int)nout;
        char dig[16];
        int nd10 = 0;
        unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
        do
            dig[nd10++] = (char)('0' + u % 10);
        while ((u /= 10) && nd10 < 12);
        if (v < 0)
            buf[at++] = '-';
        while (nd10)
            buf[at++] = dig[--nd10];
        buf[at++] = '|';
    }
    for (int k = 0; k < n && at < cap - 64; k++) {
        const mxArray * a = args[k];
        char c = mxIsDouble(a) ? 'd' : mxIsSingle(a) ? 's' : mxIsLogical(a) ? 'l' : 0;
        if (c && !mxIsComplex(a) && !mxIsSparse(a)) {
            mwSize nd = mxGetNumberOfDimensions(a);
            const mwSize * d = mxGetDimensions(a);
            buf[at++] = c;
            for (mwSize q = 0; q < nd && at < cap - 32; q++) {
                /* (by hand: snprintf costs more than the rest of a call) */
                char dig[24];
                int nd10 = 0;
                unsigned long long v = (unsigned long long)d[q];
                if (pat && pat[k] == (int)q + 1)
                    dig[nd10++] = '?';            /* a symbolic size */
                else
                    do
                        dig[nd10++] = (char)('0' + v % 10);
                    while ((v /= 10) && nd10 < 20);
                if (q)
                    buf[at++] = 'x';
                while (nd10)
                    buf[at++] = dig[--nd10];
            }
            buf[at++] = '|';
        } else if (mxIsChar(a) && mxGetM(a) <= 1 && mxGetN(a) < cap - at - 8) {
            buf[at++] = '\'';
            mxGetString(a, buf + at, (mwSize)(cap - at));
            at += strlen(buf + at);
            buf[at++] = '\'';
            buf[at++] = '|';
        } else
            return 0;
    }
    if (at >= cap - 64)
        return 0;
    buf[at] = 0;
    *len = at;
    return 1;
}

static int cmd_signature(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    char buf[4096];
    size_t len;
    double nout = nrhs > 0 ? mxGetScalar(prhs[0]) : 1;
    int ok = gw_signature(nout, nrhs > 0 ? nrhs - 1 : 0, nrhs > 0 ? prhs + 1 : prhs, NULL, buf,
                          sizeof buf, &len);
    plhs[0] = mxCreateString(ok ? buf : "");
    return DFG_OK;
}

/* Op name, input count, name and whether constant, for display. */
static int cmd_describe(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)nlhs;
    dfg_id id;
    int op, n_in;
    const char * name;
    if (nrhs != 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.disp: expected a tensor");
    int st = gw_tensor(g, prhs[0], 1, &id);
    if (!st)
        st = dfg_node_op(id, &op, &n_in);
    if (!st)
        st = dfg_node_name(id, &name);
    if (st)
        return st;
    const char * f[] = {"op", "name", "ninputs"};
    plhs[0] = mxCreateStructMatrix(1, 1, 3, f);
    mxSetField(plhs[0], 0, "op", mxCreateString(dfg_op_name(op)));
    mxSetField(plhs[0], 0, "name", mxCreateString(name));
    mxSetField(plhs[0], 0, "ninputs", mxCreateDoubleScalar(n_in));
    return DFG_OK;
}

/* ---- plans ------------------------------------------------------------------------ */

int gw_ids_from_cell(gw * g, const mxArray * c, int argno, const char * what,
                     dfg_id ** ids, int * n)
{
    /* mxIsCell first: Octave 7 loses 80 bytes for good when a cell it was
     * asked the class name (mxIsClass) or dimensions of is then read with
     * mxGetCell (gateway.h) */
    if (!mxIsCell(c) && gw_is_tensor(c)) {
        *n = 1;
        *ids = mxMalloc(sizeof **ids);
        return gw_tensor(g, c, argno, *ids);
    }
    if (!mxIsCell(c))
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s (argument %d) must be a dfg.Tensor or a cell array of tensors",
                             g->fn, what, argno);
    *n = (int)mxGetNumberOfElements(c);
    *ids = mxMalloc(((size_t)*n + 1) * sizeof **ids);
    for (int k = 0; k < *n; k++) {
        const mxArray * e = mxGetCell(c, (mwIndex)k);
        if (!e || !gw_is_tensor(e))
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: %s{%d} must be a dfg.Tensor", g->fn, what, k + 1);
        int st = gw_tensor(g, e, argno, &(*ids)[k]);
        if (st)
            return st;
    }
    return DFG_OK;
}

/* ---- the plans' ports, cached -----------------------------------------------------
 * A plan's ports never change, and its id (generation included) is never
 * given to another plan, so a call asks the library for them once per
 * plan: a direct-mapped table of GW_PORT_SLOTS entries keyed by plan id,
 * each holding the plan's inputs then its outputs (malloc'ed, freed when
 * the slot is taken by another plan or the MEX file is unloaded).  The
 * entry of a freed plan is never matched again.  dfg_plan_arity is still
 * asked on every call: it checks the handle, so errors stay as they were. */
typedef struct gw_port {
    dfg_dtype dt;
    int       nd;
    int64_t   dims[DFG_MAX_DIMS];
} gw_port;

#define GW_PORT_SLOTS 64
static struct {
    dfg_id    plan;
    int       n_in, n_out;
    gw_port * ports;
} port_cache[GW_PORT_SLOTS];

static void port_cache_clear(void)
{
    for (int k = 0; k < GW_PORT_SLOTS; k++) {
        free(port_cache[k].ports);
        port_cache[k].ports = NULL;
        port_cache[k].plan = 0;
    }
}

/* Fills n_in + n_out ports of a live plan from the library, and after them
 * one more whose nd says whether an input has a symbolic size (1) or not. */
static void ports_query(dfg_id plan, int n_in, int n_out, gw_port * p)
{
    int sym = 0;
    for (int k = 0; k < n_in + n_out; k++) {
        dfg_plan_port(plan, k >= n_in, k >= n_in ? k - n_in : k, &p[k].dt, &p[k].nd, p[k].dims);
        if (k < n_in && dfg_shape_is_sym(p[k].nd, p[k].dims))
            sym = 1;
    }
    memset(&p[n_in + n_out], 0, sizeof p[0]);
    p[n_in + n_out].nd = sym;
}

/* The ports of a live plan with n_in inputs and n_out outputs: the cached
 * table, or (memory short) a scratch copy freed by Octave. */
static const gw_port * plan_ports(dfg_id plan, int n_in, int n_out)
{
    uint64_t h = plan ^ (plan >> 32);
    h ^= h >> 17;
    size_t at = (size_t)(h % GW_PORT_SLOTS);
    if (port_cache[at].ports && port_cache[at].plan == plan && port_cache[at].n_in == n_in &&
        port_cache[at].n_out == n_out)
        return port_cache[at].ports;
    size_t n = (size_t)n_in + (size_t)n_out;
    gw_port * p = malloc((n + 1) * sizeof *p);
    if (!p) {
        p = mxMalloc((n + 1) * sizeof *p);
        ports_query(plan, n_in, n_out, p);
        return p;
    }
    ports_query(plan, n_in, n_out, p);
    free(port_cache[at].ports);
    port_cache[at].plan = plan;
    port_cache[at].n_in = n_in;
    port_cache[at].n_out = n_out;
    port_cache[at].ports = p;
    return p;
}

/* run (PLAN, OWNER, X1, X2, ...): a dfg.function plan's call. */
static int cmd_run(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    g->fn = "function";
    if (nrhs < 1 || mxGetClassID(prhs[0]) != mxUINT64_CLASS || mxGetNumberOfElements(prhs[0]) != 1)
        return dfg_set_error(DFG_ERR_HANDLE, "dfg.function: invalid plan handle");
    dfg_id plan = *(const uint64_t *)mxGetData(prhs[0]);
    /* prhs[1] is the plan's owner object, passed only to keep it alive */
    if (nrhs < 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: missing plan owner");
    return gw_plan_call(g, plan, nlhs, plhs, nrhs - 2, prhs + 2, NULL);
}

int gw_plan_call(gw * g, dfg_id plan, int nlhs, mxArray ** plhs, int n_args,
                 const mxArray * const * args, const int32_t * pos)
{
    int n_in, n_out;
    int st = dfg_plan_arity(plan, &n_in, &n_out);
    if (st)
        return st;
    if (n_args != n_in)
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: the plan takes %d input%s, called with %d",
                             n_in, n_in == 1 ? "" : "s", n_args);
    if (nlhs > n_out && !(nlhs == 1 && n_out == 0))
        return dfg_set_error(DFG_ERR_ARG, "dfg.function: the plan has %d output%s, %d requested",
                             n_out, n_out == 1 ? "" : "s", nlhs);
    const gw_port * ports = plan_ports(plan, n_in, n_out);
    {
        /* a plan with symbolic sizes (the flag after the ports): the
         * concrete plan of the arguments' sizes (what is not an array is
         * refused below, on its ports) */
        if (ports[n_in + n_out].nd) {
            int nd_small[16], * nds = n_in > 16 ? mxMalloc((size_t)n_in * sizeof *nds) : nd_small;
            int64_t * dims = mxMalloc((size_t)n_in * DFG_MAX_DIMS * sizeof *dims);
            for (int k = 0; k < n_in; k++) {
                mx_dims(args[pos ? pos[k] : k], &nds[k], dims + (size_t)k * DFG_MAX_DIMS);
                if (nds[k] > DFG_MAX_DIMS)
                    nds[k] = DFG_MAX_DIMS;    /* refused below */
            }
            dfg_id bound;
            st = dfg_plan_bind(plan, n_in, nds, dims, &bound);
            if (nds != nd_small)
                mxFree(nds);
            mxFree(dims);
            if (st)
                return st;
            plan = bound;
            ports = plan_ports(plan, n_in, n_out);
        }
    }
    const void * in_small[16], ** in = in_small;
    void * out_small[16], ** out = out_small;
    if (n_in > 16)
        in = mxMalloc((size_t)n_in * sizeof *in);
    if (n_out > 16)
        out = mxMalloc((size_t)n_out * sizeof *out);
    /* check every input before any work */
    for (int k = 0; k < n_in && !st; k++) {
        const mxArray * a = args[pos ? pos[k] : k];
        dfg_dtype want = ports[k].dt, dt;
        int nd, ndw = ports[k].nd;
        int64_t dims[DFG_MAX_DIMS];
        const int64_t * wd = ports[k].dims;
        /* (mxIsClass makes Octave copy the class name: asked only of
         * what is not a plain array) */
        mxClassID cid = mxGetClassID(a);
        if (cid != mxDOUBLE_CLASS && cid != mxSINGLE_CLASS && cid != mxLOGICAL_CLASS &&
            gw_is_tensor(a)) {
            st = dfg_set_error(DFG_ERR_ARG, "dfg.function: input %d must be an array, not a dfg.Tensor", k + 1);
            break;
        }
        if ((st = gw_dtype(g, a, k + 1, &dt)))
            break;
        mx_dims(a, &nd, dims);
        if (nd > DFG_MAX_DIMS) {
            st = dfg_set_error(DFG_ERR_ARG, "dfg.function: input %d has too many dimensions", k + 1);
            break;
        }
        int same = nd == ndw;
        for (int q = 0; same && q < nd; q++)
            same = dims[q] == wd[q];
        if (!same) {
            char a1[256], a2[256];
            st = dfg_set_error(DFG_ERR_ARG, "dfg.function: input %d must be %s, not %s", k + 1,
                               dfg_shape_str(ndw, wd, a1, sizeof a1), dfg_shape_str(nd, dims, a2, sizeof a2));
            break;
        }
        if (dt != want) {
            st = dfg_set_error(DFG_ERR_DTYPE, "dfg.function: input %d must be %s, not %s", k + 1,
                               dfg_dtype_name(want), dfg_dtype_name(dt));
            break;
        }
        in[k] = mxGetData(a);
    }
    for (int k = 0; k < n_out && !st; k++) {
        const gw_port * o = &ports[n_in + k];
        char s[256];
        if (!can_allocate(o->dt, o->nd, o->dims))
            st = dfg_set_error(DFG_ERR_NOMEM, "dfg.function: out of memory allocating output %d (%s)",
                               k + 1, dfg_shape_str(o->nd, o->dims, s, sizeof s));
    }
    /* Octave has room for max (nlhs, 1) outputs: the plan's other outputs
     * go to scratch arrays that are dropped */
    int room = nlhs < 1 ? 1 : nlhs;
    mxArray * scratch_small[16], ** made_arr = scratch_small;
    if (n_out > 16)
        made_arr = mxMalloc((size_t)n_out * sizeof *made_arr);
    int made = 0;
    if (!st) {
        for (; made < n_out; made++) {
            const gw_port * o = &ports[n_in + made];
            made_arr[made] = make_array(o->dt, o->nd, o->dims);
            out[made] = mxGetData(made_arr[made]);
        }
        st = dfg_plan_run(plan, in, out);
    }
    for (int k = 0; k < made; k++) {
        if (!st && k < room)
            plhs[k] = made_arr[k];
        else
            mxDestroyArray(made_arr[k]);
    }
    if (made_arr != scratch_small)
        mxFree(made_arr);
    if (in != in_small)
        mxFree(in);
    if (out != out_small)
        mxFree((void *)out);
    if (!st)
        raise_warning();
    return st;
}

static int cmd_plan_info(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs;
    int n_in, n_out;
    int64_t nodes;
    if (nrhs != 1 || mxGetClassID(prhs[0]) != mxUINT64_CLASS)
        return dfg_set_error(DFG_ERR_HANDLE, "dfg.function: invalid plan handle");
    dfg_id plan = *(const uint64_t *)mxGetData(prhs[0]);
    int bound, max_bound;
    int st = dfg_plan_arity(plan, &n_in, &n_out);
    if (!st)
        st = dfg_plan_bound(plan, &bound, &max_bound);
    if (!st && (st = dfg_plan_size(plan, &nodes)) == DFG_ERR_SYMBOLIC) {
        nodes = -1;            /* symbolic sizes, not run yet */
        st = DFG_OK;
    }
    if (st)
        return st;
    /* inputs: each input's size, NaN for a symbolic one; bound, max_bound:
     * the concrete plans a plan with symbolic sizes keeps, and how many
     * it may */
    const char * f[] = {"ninputs", "noutputs", "nodes", "inputs", "bound", "max_bound"};
    plhs[0] = mxCreateStructMatrix(1, 1, 6, f);
    mxSetField(plhs[0], 0, "ninputs", mxCreateDoubleScalar(n_in));
    mxSetField(plhs[0], 0, "noutputs", mxCreateDoubleScalar(n_out));
    mxSetField(plhs[0], 0, "nodes", mxCreateDoubleScalar(nodes < 0 ? mxGetNaN() : (double)nodes));
    mxArray * ins = mxCreateCellMatrix(1, (mwSize)n_in);
    for (int k = 0; k < n_in; k++) {
        dfg_dtype dt;
        int nd;
        int64_t d[DFG_MAX_DIMS];
        dfg_plan_port(plan, 0, k, &dt, &nd, d);
        mxArray * sz = mxCreateDoubleMatrix(1, (mwSize)nd, mxREAL);
        for (int j = 0; j < nd; j++)
            mxGetPr(sz)[j] = dfg_dim_is_sym(d[j]) ? mxGetNaN() : (double)d[j];
        mxSetCell(ins, (mwIndex)k, sz);
    }
    mxSetField(plhs[0], 0, "inputs", ins);
    mxSetField(plhs[0], 0, "bound", mxCreateDoubleScalar(bound));
    mxSetField(plhs[0], 0, "max_bound", mxCreateDoubleScalar(max_bound));
    return DFG_OK;
}

static int cmd_live(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs; (void)nrhs; (void)prhs;
    plhs[0] = mxCreateDoubleScalar((double)dfg_live_count());
    return DFG_OK;
}

/* ---- dispatch ------------------------------------------------------------------------ */

typedef struct cmd_entry {
    const char * name;     /* command = Octave function name */
    gw_cmd       fn;
} cmd_entry;

static int cmd_commands(gw *, int, mxArray **, int, const mxArray **);

/* Sorted by name (binary search). */
static const cmd_entry commands[] = {
    {"abs", cmd_unary}, {"accumarray", cmd_accumarray}, {"acos", cmd_unary}, {"acosh", cmd_unary},
    {"all", cmd_reduce}, {"and", cmd_binary}, {"any", cmd_reduce},
    {"asin", cmd_unary}, {"asinh", cmd_unary}, {"assign", cmd_assign},
    {"atan", cmd_unary}, {"atan2", cmd_binary}, {"atanh", cmd_unary},
    {"betainc", cmd_betainc},
    {"cache", cmd_cache}, {"cast", cmd_cast}, {"cat", cmd_cat}, {"cbrt", cmd_unary}, {"ceil", cmd_unary},
    {"chol", cmd_linalg}, {"circshift", cmd_circshift}, {"class", cmd_class},
    {"commands", cmd_commands}, {"cond", cmd_cond_rank}, {"conj", cmd_realpart}, {"constant", cmd_constant}, {"conv", cmd_conv}, {"conv2", cmd_conv2}, {"cos", cmd_unary}, {"cosh", cmd_unary},
    {"ctranspose", cmd_permute}, {"ctrl", cmd_ctrl}, {"cummax", cmd_order}, {"cummin", cmd_order},
    {"cumprod", cmd_scan}, {"cumsum", cmd_scan},
    {"describe", cmd_describe}, {"det", cmd_linalg}, {"device", cmd_device}, {"diag", cmd_diag},
    {"diff", cmd_diff},
    {"dot", cmd_dot}, {"double", cmd_cast}, {"eig", cmd_linalg},
    {"eq", cmd_binary}, {"erf", cmd_unary}, {"erfc", cmd_unary}, {"erfcinv", cmd_unary},
    {"erfinv", cmd_unary},
    {"exp", cmd_unary}, {"explain", cmd_explain}, {"expm", cmd_matfun}, {"expm1", cmd_unary}, {"fill", cmd_fill}, {"filter", cmd_filter}, {"fix", cmd_unary},
    {"flip", cmd_flip}, {"fliplr", cmd_flip}, {"flipud", cmd_flip},
    {"floor", cmd_unary}, {"function", cmd_function}, {"gamma", cmd_unary},
    {"gammainc", cmd_gammainc}, {"gammaln", cmd_unary}, {"ge", cmd_binary}, {"grad", cmd_grad}, {"graph", cmd_graph}, {"gt", cmd_binary},
    {"hessian", cmd_hessian}, {"histc", cmd_histc},
    {"horzcat", cmd_cat}, {"hypot", cmd_binary}, {"imag", cmd_realpart}, {"implicit", cmd_implicit}, {"input", cmd_input},
    {"integral", cmd_integral},
    {"inv", cmd_linalg}, {"ipermute", cmd_permute}, {"isfinite", cmd_isfp}, {"isinf", cmd_isfp},
    {"isnan", cmd_isfp}, {"jacobian", cmd_jacobian},
    {"jcall", cmd_jcall}, {"jvp", cmd_jvp}, {"kron", cmd_kron},
    {"ldivide", cmd_binary}, {"le", cmd_binary}, {"linspace", cmd_linspace}, {"live", cmd_live}, {"local_vjp", cmd_local_vjp},
    {"log", cmd_unary}, {"log10", cmd_unary}, {"log1p", cmd_unary},
    {"log2", cmd_unary}, {"logical", cmd_cast}, {"logm", cmd_matfun}, {"lookup", cmd_lookup}, {"lt", cmd_binary},
    {"lu", cmd_linalg}, {"max", cmd_minmax}, {"mean", cmd_stats}, {"median", cmd_order},
    {"memory", cmd_memory}, {"merge", cmd_merge}, {"min", cmd_minmax}, {"minus", cmd_binary},
    {"mldivide", cmd_matrix}, {"mod", cmd_binary}, {"mode", cmd_mode}, {"mpower", cmd_matrix},
    {"mrdivide", cmd_matrix}, {"mtimes", cmd_matrix}, {"ne", cmd_binary},
    {"nnz", cmd_realpart}, {"nodes", cmd_nodes}, {"norm", cmd_norm}, {"not", cmd_unary},
    {"nthroot", cmd_nthroot}, {"ode", cmd_ode}, {"or", cmd_binary},
    {"passes", cmd_passes}, {"permute", cmd_permute}, {"pinv", cmd_linalg}, {"place", cmd_place},
    {"plan_info", cmd_plan_info},
    {"plus", cmd_binary}, {"power", cmd_binary}, {"prod", cmd_reduce}, {"psi", cmd_psi},
    {"qr", cmd_linalg}, {"rand_uniform", cmd_rand_uniform}, {"rank", cmd_cond_rank}, {"rdivide", cmd_binary}, {"real", cmd_realpart}, {"region", cmd_region}, {"release", cmd_release},
    {"rem", cmd_binary}, {"repmat", cmd_repmat}, {"reshape", cmd_reshape},
    {"round", cmd_unary}, {"run", cmd_run}, {"sign", cmd_unary}, {"signature", cmd_signature},
    {"sin", cmd_unary}, {"single", cmd_cast}, {"sinh", cmd_unary},
    {"size", cmd_size}, {"size_sym", cmd_size}, {"sort", cmd_order}, {"sqrt", cmd_unary}, {"sqrtm", cmd_matfun}, {"squeeze", cmd_reshape},
    {"std", cmd_stats}, {"stop_gradient", cmd_stop_gradient},
    {"subsasgn", cmd_subsasgn}, {"subsref", cmd_subsref},
    {"sum", cmd_reduce}, {"sumsq", cmd_reduce}, {"svd", cmd_linalg}, {"symreads", cmd_symreads}, {"take", cmd_take}, {"take_add", cmd_take}, {"tan", cmd_unary},
    {"tanh", cmd_unary}, {"tcall", cmd_tcall}, {"threads", cmd_threads}, {"times", cmd_binary},
    {"trace", cmd_trace}, {"tracing", cmd_tracing},
    {"transpose", cmd_permute}, {"tril", cmd_tri}, {"triu", cmd_tri},
    {"uminus", cmd_unary}, {"uplus", cmd_unary}, {"value", cmd_value},
    {"var", cmd_stats}, {"variable", cmd_variable}, {"vecnorm", cmd_vecnorm}, {"vertcat", cmd_cat},
    {"xor", cmd_binary},
};

/* dfg_mex ("commands"): the table as an n x 2 cell, {name, kind}, kind
 * "unary" or "binary" for the element-wise commands that name their op
 * (tests/octave/test_registry.m ties them to lib/base/ops.def), else "". */
static int cmd_commands(gw * g, int nlhs, mxArray ** plhs, int nrhs, const mxArray ** prhs)
{
    (void)g; (void)nlhs; (void)nrhs; (void)prhs;
    size_t n = sizeof commands / sizeof commands[0];
    plhs[0] = mxCreateCellMatrix(n, 2);
    for (size_t k = 0; k < n; k++) {
        gw_cmd f = commands[k].fn;
        mxSetCell(plhs[0], k, mxCreateString(commands[k].name));
        mxSetCell(plhs[0], k + n, mxCreateString(f == cmd_unary ? "unary" : f == cmd_binary ? "binary" : ""));
    }
    return DFG_OK;
}

static const cmd_entry * find_cmd(const char * name)
{
    size_t lo = 0, hi = sizeof commands / sizeof commands[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(name, commands[mid].name);
        if (!c)
            return &commands[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* error (struct ("message", msg, "identifier", id)): unlike
 * mexErrMsgIdAndTxt, this does not prefix the MEX file's name, so the
 * message starts with the dfg function the user called. */
static void raise_error(const char * id, const char * msg)
{
    const char * f[] = {"message", "identifier"};
    mxArray * s = mxCreateStructMatrix(1, 1, 2, f);
    mxSetField(s, 0, "message", mxCreateString(msg));
    mxSetField(s, 0, "identifier", mxCreateString(id));
    mexCallMATLAB(0, NULL, 1, &s, "error");
    mexErrMsgIdAndTxt(id, "%s", msg);   /* not reached */
}

/* Octave's flag for a signal (Ctrl-C) not yet handled (liboctave,
 * octave/quit.h): long loops inside a plan poll it through the library's
 * interrupt hook and stop; Octave then handles the signal as usual. */
extern volatile sig_atomic_t octave_signal_caught;

static int interrupt_pending(void)
{
    return octave_signal_caught != 0;
}

/* ---- large arrays: glibc's allocator -------------------------------------------
 * Octave allocates an array's data with malloc.  glibc serves a block of
 * more than its mmap threshold (128 KiB at first, raised as such blocks
 * are freed, at most 32 MiB) with a fresh mmap and unmaps it when freed,
 * so every large result written into a new array pays one page fault per
 * 4 KiB (about 5 ms for 8 MB here), and freed memory at the top of the
 * heap beyond the trim threshold goes back to the system.  The gateway
 * raises both once, when dfg is first used (malloc_tune): blocks up to 32
 * MiB come from the heap and are reused when freed, and up to 256 MiB of
 * free heap is kept, for dfg's results and for every Octave array alike.
 * Only where memory comes from changes, not what Octave does with it.
 * DFG_MALLOC_TUNE=0 in the environment leaves glibc's settings alone
 * (bench/bench_alloc.m compares the two in child processes). */
static void malloc_tune(void)
{
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
}

static void at_exit(void)
{
    dfg_set_interrupt_hook(NULL);
    dfg_reset();
    dfg_threads_stop();     /* no thread may outlive the MEX file's code */
    dfg_device_shutdown();  /* the CUDA backend, when it was opened */
    port_cache_clear();
}

void mexFunction(int nlhs, mxArray * plhs[], int nrhs, const mxArray * prhs[])
{
    static int registered;
    if (!registered) {
        const char * tune = getenv("DFG_MALLOC_TUNE");
        if (!tune || strcmp(tune, "0"))
            malloc_tune();
        mexAtExit(at_exit);
        dfg_set_interrupt_hook(interrupt_pending);
        registered = 1;
    }
    char name[64];
    if (nrhs < 1 || !mxIsChar(prhs[0]) || mxGetString(prhs[0], name, sizeof name))
        raise_error("dfg:badArgument", "dfg_mex: the first argument must be a command name");
    const cmd_entry * c = find_cmd(name);
    if (!c)
    {
        char m[128];
        snprintf(m, sizeof m, "dfg_mex: unknown command '%s'", name);
        raise_error("dfg:badArgument", m);
    }
    gw g;
    g.fn = c->name;
    g.n_temps = 0;
    int st = c->fn(&g, nlhs, plhs, nrhs - 1, prhs + 1);
    for (int k = 0; k < g.n_temps; k++)
        dfg_release(g.temps[k]);
    if (st) {
        static char msg[1200];
        const char * m = dfg_last_error();
        /* messages from the library name the op; make sure they start with dfg. */
        if (strncmp(m, "dfg", 3))
            snprintf(msg, sizeof msg, "dfg.%s: %s", g.fn, m);
        else
            snprintf(msg, sizeof msg, "%s", m);
        char id[64];
        snprintf(id, sizeof id, "dfg:%s", dfg_status_id((dfg_status)st));
        raise_error(id, msg);
    }
}
