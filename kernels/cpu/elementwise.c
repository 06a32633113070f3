/* kernels/cpu/elementwise.c -- element-wise unary and broadcasting n-ary
 * kernels for double, single and logical data, with Octave's semantics
 * (max/min ignore NaN, mod/rem as liboctave, gamma at the poles, ...).
 *
 * Threads: on large arrays each entry point cuts its index range into one
 * contiguous chunk per thread (a multiple of 64 elements; for broadcasting
 * n-ary ops, whole rows of the inner loop) and runs the sequential code on
 * each.  An element's value depends on its operands only, so results never
 * depend on the cut.  Errors found on a worker thread are reported on the
 * calling thread (lib/base/threads.c, dfg_par_fail). */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdatomic.h>
#include <string.h>
#include "cpu.h"
#include "../elem.h"

/* The element functions (Octave's mod, rem, x .^ y, gamma, sign, max/min,
 * the domain checks) and the flags a kernel loop raises (BAD_NANLOGIC,
 * POW_*) are kernels/elem.h's, shared with the CUDA kernels. */

/* ---- unary ------------------------------------------------------------------- */

/* Domain checks (kernels/elem.h): a true condition means Octave would go
 * complex. */
#define UNARY_CASES(T, SFX)                                                         \
    case DFG_OP_NEG:     LOOP(-x)                                                   \
    case DFG_OP_EXP:     LOOP(exp##SFX(x))                                          \
    case DFG_OP_LOG:     DLOOP(below0_##SFX(x), log##SFX(x), "log")                 \
    case DFG_OP_LOG1P:   DLOOP(below_m1_##SFX(x), log1p##SFX(x), "log1p")           \
    case DFG_OP_EXPM1:   LOOP(expm1##SFX(x))                                        \
    case DFG_OP_LOG2:    DLOOP(below0_##SFX(x), log2##SFX(x), "log2")               \
    case DFG_OP_LOG10:   DLOOP(below0_##SFX(x), log10##SFX(x), "log10")             \
    case DFG_OP_SQRT:    DLOOP(below0_##SFX(x), sqrt##SFX(x), "sqrt")               \
    case DFG_OP_ABS:     LOOP(fabs##SFX(x))                                         \
    case DFG_OP_SIGN:    LOOP(oct_sign_##SFX(x))                                    \
    case DFG_OP_SIN:     LOOP(sin##SFX(x))                                          \
    case DFG_OP_COS:     LOOP(cos##SFX(x))                                          \
    case DFG_OP_TAN:     LOOP(tan##SFX(x))                                          \
    case DFG_OP_ASIN:    DLOOP(outside_unit_##SFX(x), asin##SFX(x), "asin")       \
    case DFG_OP_ACOS:    DLOOP(outside_unit_##SFX(x), acos##SFX(x), "acos")       \
    case DFG_OP_ATAN:    LOOP(atan##SFX(x))                                         \
    case DFG_OP_SINH:    LOOP(sinh##SFX(x))                                         \
    case DFG_OP_COSH:    LOOP(cosh##SFX(x))                                         \
    case DFG_OP_TANH:    LOOP(tanh##SFX(x))                                         \
    case DFG_OP_ASINH:   LOOP(asinh##SFX(x))                                        \
    case DFG_OP_ACOSH:   DLOOP(below1_##SFX(x), acosh##SFX(x), "acosh")           \
    case DFG_OP_ATANH:   DLOOP(outside_unit_##SFX(x), atanh##SFX(x), "atanh")     \
    case DFG_OP_FLOOR:   LOOP(floor##SFX(x))                                        \
    case DFG_OP_CEIL:    LOOP(ceil##SFX(x))                                         \
    case DFG_OP_ROUND:   LOOP(round##SFX(x))                                        \
    case DFG_OP_FIX:     LOOP(trunc##SFX(x))                                        \
    case DFG_OP_ERF:     LOOP(erf##SFX(x))                                          \
    case DFG_OP_ERFC:    LOOP(erfc##SFX(x))                                         \
    case DFG_OP_GAMMA:   LOOP(oct_gamma_##SFX(x))                                   \
    case DFG_OP_GAMMALN: DLOOP(lgamma_complex_##SFX(x), lgamma##SFX(x), "gammaln")   \
    case DFG_OP_CBRT:    LOOP(cbrt##SFX(x))                                         \
    case DFG_OP_ERFINV:  LOOP(dfg_erfinv_##SFX(x))                                  \
    case DFG_OP_ERFCINV: LOOP(dfg_erfcinv_##SFX(x))

#define LOOP(E) { for (int64_t i = 0; i < n; i++) { const TT x = a[i]; o[i] = (E); } return DFG_OK; }
#define DLOOP(BAD, E, NAME) {                                                    \
        int bad = 0;                                                             \
        for (int64_t i = 0; i < n; i++) { const TT x = a[i]; bad |= (BAD); o[i] = (E); } \
        if (bad) return complex_error(NAME);                                     \
        return DFG_OK; }

static int complex_error(const char * fn)
{
    return dfg_set_error(DFG_ERR_DOMAIN,
                         "dfg.%s: the result would be complex for some elements of the input; "
                         "dfg supports real values only", fn);
}

static int nan_logical_error(const char * fn)
{
    return dfg_set_error(DFG_ERR_ARG, "dfg.%s: NaN can't be converted to logical value", fn);
}

static int unary_double(int op, double * o, const double * a, int64_t n)
{
#define TT double
    switch (op) { UNARY_CASES(double, ) }
#undef TT
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no double kernel for %s", dfg_op_name(op));
}

static int unary_single(int op, float * o, const float * a, int64_t n)
{
#define TT float
    switch (op) { UNARY_CASES(float, f) }
#undef TT
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no single kernel for %s", dfg_op_name(op));
}
#undef LOOP
#undef DLOOP

/* Conversion between any two classes (logical from NaN is an error). */
#define CAST_LOOP(TO, TI, E) { TO * o = out; const TI * a = in; \
        for (int64_t i = 0; i < n; i++) { o[i] = (E); } return DFG_OK; }
#define TO_LOGICAL(TI) { uint8_t * o = out; const TI * a = in; int bad = 0;   \
        for (int64_t i = 0; i < n; i++) { bad |= isnan(a[i]); o[i] = a[i] != 0; } \
        return bad ? nan_logical_error(name) : DFG_OK; }

static int cast(int dt_in, int dt_out, void * out, const void * in, int64_t n,
                const char * name)
{
    if (dt_in == dt_out) {
        if (out != in)
            memmove(out, in, (size_t)n * dfg_dtype_size(dt_in));
        return DFG_OK;
    }
    switch (dt_out * 3 + dt_in) {
    case DFG_DOUBLE * 3 + DFG_SINGLE:   CAST_LOOP(double, float, a[i])
    case DFG_DOUBLE * 3 + DFG_LOGICAL:  CAST_LOOP(double, uint8_t, a[i])
    case DFG_SINGLE * 3 + DFG_DOUBLE:   CAST_LOOP(float, double, (float)a[i])
    case DFG_SINGLE * 3 + DFG_LOGICAL:  CAST_LOOP(float, uint8_t, a[i])
    case DFG_LOGICAL * 3 + DFG_DOUBLE:  TO_LOGICAL(double)
    case DFG_LOGICAL * 3 + DFG_SINGLE:  TO_LOGICAL(float)
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: bad cast");
}

static int unary_seq(int op, int dt_in, int dt_out, void * out, const void * in,
                     int64_t n)
{
    if (op == DFG_OP_CAST)
        return cast(dt_in, dt_out, out, in, n, "logical");
    if (op == DFG_OP_NOT) {
        /* not(x) = (x == 0); NaN is an error, as in Octave */
        int st = cast(dt_in, DFG_LOGICAL, out, in, n, "not");
        if (st)
            return st;
        uint8_t * o = out;
        for (int64_t i = 0; i < n; i++)
            o[i] = !o[i];
        return DFG_OK;
    }
    if (dt_in != dt_out)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: mixed classes", dfg_op_name(op));
    /* SIMD math where libmvec has the function; the domain check first */
    double lo = op == DFG_OP_LOG1P ? -1 : 0;
    int checked = op == DFG_OP_LOG || op == DFG_OP_LOG1P || op == DFG_OP_LOG2 ||
                  op == DFG_OP_LOG10;
    if (checked && (dt_in == DFG_DOUBLE || dt_in == DFG_SINGLE)) {
        int bad = 0;
        if (dt_in == DFG_DOUBLE) {
            const double * a = in;
            for (int64_t i = 0; i < n; i++) bad |= a[i] < lo;
        } else {
            const float * a = in;
            for (int64_t i = 0; i < n; i++) bad |= a[i] < (float)lo;
        }
        if (bad)
            return complex_error(dfg_op_name(op));
    }
    if (dfg_cpu_vmath(op, dt_in, out, in, n))
        return DFG_OK;
    if (dt_in == DFG_DOUBLE)
        return unary_double(op, out, in, n);
    if (dt_in == DFG_SINGLE)
        return unary_single(op, out, in, n);
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg.%s: no kernel for logical", dfg_op_name(op));
}

/* A unary op cut into chunks of 64-element multiples, one per thread. */
typedef struct unary_job {
    int op, dt_in, dt_out;
    void * out;
    const void * in;
    int64_t n, chunk;
    dfg_par_status ps;
} unary_job;

static void unary_part(void * ctx, int t)
{
    unary_job * j = ctx;
    const int64_t a = t * j->chunk;
    if (a >= j->n)
        return;
    dfg_par_fail(&j->ps, t,
                 unary_seq(j->op, j->dt_in, j->dt_out,
                           (char *)j->out + (size_t)a * dfg_dtype_size(j->dt_out),
                           (const char *)j->in + (size_t)a * dfg_dtype_size(j->dt_in),
                           j->n - a < j->chunk ? j->n - a : j->chunk));
}

/* The weights, from plans of one op on 32768 doubles, one thread, AVX-512
 * and libmvec (ns per element beyond a copy): an add, a compare or abs
 * about 0.1; a division 0.3-0.4; exp and sin about 0.6; tanh, log and sqrt
 * 1.4-1.5; pow, atan2, round and gamma, which have no SIMD version, 6-22.
 * Scalar libm (no AVX2) makes the middle group slower still. */
int dfg_cpu_op_cost(int op)
{
    switch (op) {
    case DFG_OP_DIV:
        return 3;
    case DFG_OP_EXP: case DFG_OP_SIN: case DFG_OP_COS: case DFG_OP_EXPM1:
        return 6;
    case DFG_OP_LOG: case DFG_OP_LOG1P: case DFG_OP_LOG2: case DFG_OP_LOG10:
    case DFG_OP_SQRT: case DFG_OP_TAN: case DFG_OP_ATAN: case DFG_OP_SINH:
    case DFG_OP_COSH: case DFG_OP_TANH: case DFG_OP_ASINH: case DFG_OP_ERF:
    case DFG_OP_ERFC: case DFG_OP_CBRT:
        return 12;
    case DFG_OP_ERFINV: case DFG_OP_ERFCINV:
        return 48;
    case DFG_OP_ASIN: case DFG_OP_ACOS: case DFG_OP_ACOSH: case DFG_OP_ATANH:
    case DFG_OP_ROUND: case DFG_OP_GAMMA: case DFG_OP_GAMMALN: case DFG_OP_PSI:
    case DFG_OP_POW: case DFG_OP_ATAN2: case DFG_OP_HYPOT: case DFG_OP_MOD:
    case DFG_OP_REM:
        return 64;
    }
    return 1;
}

int dfg_cpu_unary(int op, int dt_in, int dt_out, void * out, const void * in,
                  int64_t n)
{
    int nt = dfg_threads_for(n * dfg_cpu_op_cost(op));
    if (nt <= 1)
        return unary_seq(op, dt_in, dt_out, out, in, n);
    unary_job j = {op, dt_in, dt_out, out, in, n, dfg_par_chunk(n, nt, 64), {0}};
    dfg_par_run(nt, unary_part, &j);
    return dfg_par_finish(&j.ps);
}

/* ---- broadcasting n-ary ops ---------------------------------------------------- */

/* An inner loop over n elements with per-input strides of 0 or 1.  The
 * four stride combinations are written out so each one vectorises. */
#define BIN_LOOP(TI, TO, E) do {                                                    \
        const TI * A = a; const TI * B = b; TO * O = o;                             \
        if (sa && sb)      for (int64_t i = 0; i < n; i++) { const TI x = A[i], y = B[i]; O[i] = (E); } \
        else if (sa)     { const TI y = B[0]; for (int64_t i = 0; i < n; i++) { const TI x = A[i]; O[i] = (E); } } \
        else if (sb)     { const TI x = A[0]; for (int64_t i = 0; i < n; i++) { const TI y = B[i]; O[i] = (E); } } \
        else             { const TI x = A[0], y = B[0]; for (int64_t i = 0; i < n; i++) O[i] = (E); } \
    } while (0)

#define BIN_CASES(TI, SFX)                                                          \
    case DFG_OP_ADD:   BIN_LOOP(TI, TI, x + y); break;                              \
    case DFG_OP_SUB:   BIN_LOOP(TI, TI, x - y); break;                              \
    case DFG_OP_MUL:   BIN_LOOP(TI, TI, x * y); break;                              \
    case DFG_OP_DIV:   BIN_LOOP(TI, TI, x / y); break;                              \
    case DFG_OP_POW:   BIN_LOOP(TI, TI, oct_pow_##SFX(x, y, bad)); break;          \
    case DFG_OP_ATAN2: BIN_LOOP(TI, TI, atan2##SFX(x, y)); break;                   \
    case DFG_OP_HYPOT: BIN_LOOP(TI, TI, hypot##SFX(x, y)); break;                   \
    case DFG_OP_MOD:   BIN_LOOP(TI, TI, oct_mod_##SFX(x, y)); break;                \
    case DFG_OP_REM:   BIN_LOOP(TI, TI, oct_rem_##SFX(x, y)); break;                \
    case DFG_OP_MAX2:  BIN_LOOP(TI, TI, oct_max_##SFX(x, y)); break;                \
    case DFG_OP_MIN2:  BIN_LOOP(TI, TI, oct_min_##SFX(x, y)); break;                \
    case DFG_OP_EQ:    BIN_LOOP(TI, uint8_t, x == y); break;                        \
    case DFG_OP_NE:    BIN_LOOP(TI, uint8_t, x != y); break;                        \
    case DFG_OP_LT:    BIN_LOOP(TI, uint8_t, x < y); break;                         \
    case DFG_OP_LE:    BIN_LOOP(TI, uint8_t, x <= y); break;                        \
    case DFG_OP_GT:    BIN_LOOP(TI, uint8_t, x > y); break;                         \
    case DFG_OP_GE:    BIN_LOOP(TI, uint8_t, x >= y); break;                        \
    case DFG_OP_AND:   BIN_LOOP(TI, uint8_t, (*bad |= BAD_NANLOGIC * (isnan(x) || isnan(y)),   \
                                              x != 0 && y != 0)); break;            \
    case DFG_OP_OR:    BIN_LOOP(TI, uint8_t, (*bad |= BAD_NANLOGIC * (isnan(x) || isnan(y)),   \
                                              x != 0 || y != 0)); break;            \
    case DFG_OP_XOR:   BIN_LOOP(TI, uint8_t, (*bad |= BAD_NANLOGIC * (isnan(x) || isnan(y)),   \
                                              (x != 0) != (y != 0))); break;        \
    default: return -1;

/* x .^ p with a full x and a scalar p of 2, 3 or -1 (and for single, an
 * integer p in int range): the loops of pow_fast (kernels/elem.h), one per
 * kind so that each one vectorises.  Not in a row of a broadcast
 * (POW_BCAST), where Octave's bsxfun calls pow for each element. */
#define POW_FAST_LOOP(SFX, K) do {                                                \
        for (int64_t i = 0; i < n; i++) O[i] = pow_fast_##SFX(A[i], p, K);        \
        return 0;                                                                 \
    } while (0)
#define POW_SQUARE(TI, SFX) do {                                                  \
        if (op == DFG_OP_POW && sa && !sb && !(*bad & POW_BCAST)) {               \
            const TI * A = a; TI * O = o; const TI p = ((const TI *)b)[0];        \
            switch (pow_fast_kind_##SFX(p)) {                                     \
            case POW_FAST_SQUARE: POW_FAST_LOOP(SFX, POW_FAST_SQUARE);            \
            case POW_FAST_CUBE:   POW_FAST_LOOP(SFX, POW_FAST_CUBE);              \
            case POW_FAST_RECIP:  POW_FAST_LOOP(SFX, POW_FAST_RECIP);             \
            case POW_FAST_WIDE:   POW_FAST_LOOP(SFX, POW_FAST_WIDE);              \
            }                                                                     \
        }                                                                         \
    } while (0)

/* AVX-512/AVX2 clones picked at load time (same results: IEEE ops) */
__attribute__((target_clones("avx512f", "avx2", "default")))
static int bin_double(int op, void * o, const void * a, int64_t sa,
                      const void * b, int64_t sb, int64_t n, int * bad)
{
    POW_SQUARE(double, );
    switch (op) { BIN_CASES(double, ) }
    return 0;
}

/* AVX-512/AVX2 clones picked at load time (same results: IEEE ops) */
__attribute__((target_clones("avx512f", "avx2", "default")))
static int bin_single(int op, void * o, const void * a, int64_t sa,
                      const void * b, int64_t sb, int64_t n, int * bad)
{
    POW_SQUARE(float, f);
    switch (op) { BIN_CASES(float, f) }
    return 0;
}

static int bin_logical(int op, void * o, const void * a, int64_t sa,
                       const void * b, int64_t sb, int64_t n, int * bad)
{
    (void)bad;
    switch (op) {
    case DFG_OP_MAX2: BIN_LOOP(uint8_t, uint8_t, x | y); break;
    case DFG_OP_MIN2: BIN_LOOP(uint8_t, uint8_t, x & y); break;
    default: return -1;
    }
    return 0;
}

/* merge: o = m ? a : b */
#define MERGE_LOOP(T) do {                                                          \
        const uint8_t * M = m; const T * A = a; const T * B = b; T * O = o;         \
        for (int64_t i = 0; i < n; i++)                                             \
            O[i] = M[i * sm] ? A[i * sa] : B[i * sb];                               \
    } while (0)

static void merge_row(int dt, void * o, const void * m, int64_t sm, const void * a,
                      int64_t sa, const void * b, int64_t sb, int64_t n)
{
    if (dt == DFG_DOUBLE)      MERGE_LOOP(double);
    else if (dt == DFG_SINGLE) MERGE_LOOP(float);
    else                       MERGE_LOOP(uint8_t);
}

typedef int (*bin_fn)(int, void *, const void *, int64_t, const void *, int64_t, int64_t, int *);

/* x .^ y: Octave decides real or complex for the whole array (pow_verdict,
 * kernels/elem.h). */

static int overlaps(const void * a, int64_t na, const void * b, int64_t nb)
{
    const char * p = a, * q = b;
    return p < q + nb && q < p + na;
}

/* What every thread of an n-ary op reads.  The op runs as rows of n0
 * elements along dimension 0 (or one row of everything when nothing
 * broadcasts); the outer dimensions start..ndim-1 are walked with a
 * counter. */
typedef struct nary_ctx {
    int op, n_in, dt_out, ndim, start;
    const void * const * in;
    void * out;
    const int64_t * dims;
    int64_t n0;
    int64_t stride[3][DFG_MAX_DIMS];   /* element strides, 0 where broadcast */
    size_t esz[3], eo;
    bin_fn bin;
    int flags0;                        /* flags every row starts with (POW_FORCE) */
} nary_ctx;

/* Rows [r0, r1); elements [e0, e1) of them when there is one row.  Returns
 * -1 when there is no kernel, else the flags raised (BAD_, POW_). */
static int nary_rows(const nary_ctx * c, int64_t r0, int64_t r1, int64_t e0, int64_t e1)
{
    int64_t ctr[DFG_MAX_DIMS] = {0};
    int64_t off[3] = {0, 0, 0}, ooff = r0 * c->n0 + e0, n0 = e1 - e0;
    for (int k = 0; k < c->n_in; k++)
        off[k] = c->stride[k][0] * e0;
    for (int64_t r = r0, j = c->start; j < c->ndim; j++) {   /* counter of row r0 */
        ctr[j] = r % c->dims[j];
        r /= c->dims[j];
        for (int k = 0; k < c->n_in; k++)
            off[k] += ctr[j] * c->stride[k][j];
    }
    int bad = c->flags0;
    for (int64_t r = r0; r < r1; r++) {
        const char * p0 = (const char *)c->in[0] + off[0] * (int64_t)c->esz[0];
        const char * p1 = (const char *)c->in[1] + off[1] * (int64_t)c->esz[1];
        char * po = (char *)c->out + ooff * (int64_t)c->eo;
        if (c->op == DFG_OP_MERGE) {
            const char * p2 = (const char *)c->in[2] + off[2] * (int64_t)c->esz[2];
            merge_row(c->dt_out, po, p0, c->stride[0][0], p1, c->stride[1][0], p2,
                      c->stride[2][0], n0);
        } else if (c->bin(c->op, po, p0, c->stride[0][0], p1, c->stride[1][0], n0, &bad) < 0)
            return -1;
        ooff += n0;
        for (int j = c->start; j < c->ndim; j++) {
            ctr[j]++;
            for (int k = 0; k < c->n_in; k++)
                off[k] += c->stride[k][j];
            if (ctr[j] < c->dims[j])
                break;
            for (int k = 0; k < c->n_in; k++)
                off[k] -= c->stride[k][j] * c->dims[j];
            ctr[j] = 0;
        }
    }
    return bad;
}

typedef struct nary_job {
    const nary_ctx * c;
    int64_t rows, chunk;
    atomic_int bad;            /* the parts' flags or'ed; -1 wins */
} nary_job;

static void nary_part(void * ctx, int t)
{
    nary_job * j = ctx;
    const int64_t span = j->rows == 1 ? j->c->n0 : j->rows;
    const int64_t a = t * j->chunk, b = a + j->chunk < span ? a + j->chunk : span;
    if (a >= b)
        return;
    int r = j->rows == 1 ? nary_rows(j->c, 0, 1, a, b) : nary_rows(j->c, a, b, 0, j->c->n0);
    atomic_fetch_or(&j->bad, r);
}

int dfg_cpu_nary(int op, int n_in, const int * dt_in, int dt_out, void * out,
                 const void * const * in, int ndim, const int64_t * dims,
                 const int64_t (*ind)[DFG_MAX_DIMS])
{
    nary_ctx c;
    if (n_in < 2 || n_in > 3)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: bad arity for %s", dfg_op_name(op));
    int64_t numel = dfg_shape_numel(ndim, dims);
    if (numel == 0)
        return DFG_OK;
    c.op = op;
    c.n_in = n_in;
    c.dt_out = dt_out;
    c.ndim = ndim;
    c.in = in;
    c.out = out;
    c.dims = dims;
    for (int k = 0; k < n_in; k++) {
        c.esz[k] = dfg_dtype_size(dt_in[k]);
        int64_t s = 1;
        for (int j = 0; j < ndim; j++) {
            c.stride[k][j] = ind[k][j] == 1 ? 0 : s;
            s *= ind[k][j];
        }
    }
    c.bin = dt_in[n_in - 1] == DFG_DOUBLE ? bin_double :
            dt_in[n_in - 1] == DFG_SINGLE ? bin_single : bin_logical;
    c.eo = dfg_dtype_size(dt_out);

    /* The inner loop runs along dimension 0, or over everything when no
     * input broadcasts (or each is a scalar or full). */
    c.n0 = dims[0];
    c.start = 1;
    int flat = 1;
    for (int k = 0; k < n_in; k++)
        for (int j = 0; j < ndim; j++)
            if (ind[k][j] != dims[j])
                flat = 0;
    int all_scalar_or_full = 1;
    for (int k = 0; k < n_in; k++) {
        int64_t m = dfg_shape_numel(ndim, ind[k]);
        if (m != 1 && m != numel)
            all_scalar_or_full = 0;
    }
    if (flat || all_scalar_or_full) {
        c.n0 = numel;
        c.start = ndim;
        for (int k = 0; k < n_in; k++)
            c.stride[k][0] = dfg_shape_numel(ndim, ind[k]) == 1 ? 0 : 1;
    }
    const int64_t rows = numel / c.n0;
    int nt = dfg_threads_for(numel * dfg_cpu_op_cost(op));
    if (rows > 1 && nt > rows)
        nt = (int)rows;
    /* x .^ y: scalar .^ array and broadcasting are Octave's any-pair forms */
    const int64_t nx = dfg_shape_numel(ndim, ind[0]), ny = dfg_shape_numel(ndim, ind[1]);
    int differ = 0;
    for (int j = 0; j < ndim; j++)
        differ |= ind[0][j] != ind[1][j];
    const int anyany = nx == 1 ? numel > 1 : differ && ny != 1;
    c.flags0 = op == DFG_OP_POW && differ && nx != 1 && ny != 1 ? POW_BCAST : 0;
    for (int pass = 0; pass < 2; pass++) {
        int bad;
        if (nt <= 1)
            bad = nary_rows(&c, 0, rows, 0, c.n0);
        else {
            /* one row: chunks of its elements; else chunks of rows */
            nary_job j = {&c, rows, rows == 1 ? dfg_par_chunk(c.n0, nt, 64) : dfg_par_chunk(rows, nt, 1), 0};
            dfg_par_run(nt, nary_part, &j);
            bad = atomic_load(&j.bad);
        }
        if (bad < 0)
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no kernel for %s on %s",
                                 dfg_op_name(op), dfg_dtype_name(dt_in[0]));
        int v = op == DFG_OP_POW ? pow_verdict(bad, anyany) : POW_REAL;
        if (v == POW_COMPLEX)
            return complex_error(dfg_op_name(op));
        if (bad & BAD_NANLOGIC)
            return nan_logical_error(dfg_op_name(op));
        if (v == POW_REAL || pass)
            break;
        /* the complex values, narrowed: a second pass, which reads x and y
         * again (the memory planner never gives .^ an operand's buffer) */
        for (int k = 0; k < 2; k++)
            if (overlaps(out, numel * (int64_t)c.eo, in[k],
                         (k ? ny : nx) * (int64_t)c.esz[k]))
                return dfg_set_error(DFG_ERR_INTERNAL, "dfg: power: the result overwrites "
                                     "an operand that a second pass reads");
        c.flags0 |= POW_FORCE;
    }
    return DFG_OK;
}

/* A binary op on n contiguous elements (sa, sb: 1, or 0 for a scalar),
 * without the n-d walk: what a fused kernel's tile step needs.  Same
 * results and errors as dfg_cpu_nary. */
typedef struct binary_job {
    bin_fn bin;
    int op;
    void * out;
    const void * a, * b;
    int64_t sa, sb, n, chunk;
    size_t ei, eo;
    atomic_int bad, fail;
} binary_job;

static void binary_part(void * ctx, int t)
{
    binary_job * j = ctx;
    const int64_t x = t * j->chunk, len = j->n - x < j->chunk ? j->n - x : j->chunk;
    if (len <= 0)
        return;
    int bad = 0;
    if (j->bin(j->op, (char *)j->out + (size_t)x * j->eo,
               (const char *)j->a + (size_t)(x * j->sa) * j->ei, j->sa,
               (const char *)j->b + (size_t)(x * j->sb) * j->ei, j->sb, len, &bad) < 0)
        atomic_store(&j->fail, 1);
    atomic_fetch_or(&j->bad, bad);
}

int dfg_cpu_binary(int op, int dt_in, void * out, const void * a, int64_t sa,
                   const void * b, int64_t sb, int64_t n)
{
    bin_fn bin = dt_in == DFG_DOUBLE ? bin_double : dt_in == DFG_SINGLE ? bin_single
               : bin_logical;
    int bad = 0, r = 0;
    int nt = dfg_threads_for(n * dfg_cpu_op_cost(op));
    if (nt <= 1)
        r = bin(op, out, a, sa, b, sb, n, &bad);
    else {
        /* comparisons and logical ops write logical, the others the input class */
        const int logic = op >= 0 && op < DFG_OP_COUNT && dfg_ops[op].dtrule == DFG_DT_LOGIC;
        binary_job j = {bin, op, out, a, b, sa, sb, n, dfg_par_chunk(n, nt, 64),
                        dfg_dtype_size(dt_in), dfg_dtype_size(logic ? DFG_LOGICAL : dt_in), 0, 0};
        dfg_par_run(nt, binary_part, &j);
        bad = atomic_load(&j.bad);
        r = atomic_load(&j.fail) ? -1 : 0;
    }
    if (r < 0)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no kernel for %s on %s",
                             dfg_op_name(op), dfg_dtype_name(dt_in));
    if (bad & BAD_NANLOGIC)
        return nan_logical_error(dfg_op_name(op));
    /* the fuse pass keeps .^ out of fused kernels unless Octave's decision
     * for the whole array cannot go complex (lib/passes/pass-fuse.c) */
    if (op == DFG_OP_POW && pow_verdict(bad, sa == 0 && sb != 0 && n > 1) != POW_REAL)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: %s in a fused kernel went complex",
                             dfg_op_name(op));
    return DFG_OK;
}

/* ---- counter-based uniform random numbers -------------------------------- */

int dfg_cpu_rand(int dt, void * out, int64_t n, uint64_t seed, uint64_t stream, double counter)
{
    if (!dfg_rand_counter_ok(counter))
        return dfg_set_error(DFG_ERR_ARG, "dfg.rand: the counter must be a non-negative integer "
                             "below 2^53, got %g", counter);
    /* kernels/elem.h's stream, as the GPU kernel computes it */
    const uint64_t key = dfg_rand_key(seed, stream, counter);
    if (dt == DFG_DOUBLE) {
        double * o = out;
        for (int64_t i = 0; i < n; i++)
            o[i] = dfg_rand_elem_(key, i);
    } else if (dt == DFG_SINGLE) {
        float * o = out;
        for (int64_t i = 0; i < n; i++)
            o[i] = dfg_rand_elem_f(key, i);
    } else
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.rand: double or single only");
    return DFG_OK;
}
