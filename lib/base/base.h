/* lib/base/base.h -- the base layer: what every other part of libdfg may
 * use, and which uses nothing of dfg above it.  Not public.
 *
 * lib/base owns: the public types (lib/dfg.h), the op list (ops.def) and its
 * table, dtype and shape helpers, allocation, status and messages, and the
 * thread pool.  Kernels include this header and their own, nothing else.
 */
#ifndef DFG_BASE_H
#define DFG_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include "../dfg.h"

/* ---- errors (lib/base/status.c) ------------------------------------------
 * dfg_set_error records a printf-style message for the calling thread and
 * returns s, so "return dfg_set_error(DFG_ERR_SHAPE, ...)" reads naturally.
 * dfg_set_warning records a warning for the mex gateway to raise after a
 * plan run (the first one of a run is kept), with Octave's id
 * "Octave:singular-matrix"; dfg_set_warning_id gives another id (a
 * static string). */
dfg_status dfg_set_error(dfg_status s, const char * fmt, ...)
    __attribute__((format(printf, 2, 3)));
void       dfg_set_warning(const char * fmt, ...)
    __attribute__((format(printf, 1, 2)));
void       dfg_set_warning_id(const char * id, const char * fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* 1 when the interrupt hook (dfg_set_interrupt_hook) says stop. */
int        dfg_interrupt_pending(void);

/* ---- threads (lib/base/threads.c) ----------------------------------------
 * Kernels split large loops into nt parts, nt = dfg_threads_for(work), and
 * run them with dfg_par_run(nt, fn, ctx): fn(ctx, t) for t = 0 .. nt-1,
 * each part taken by whichever of the calling thread and the pool's
 * threads claims it first; it returns when every part is done (their
 * writes visible).  Parts must
 * not depend on each other's progress.  With nt == 1 kernels call their
 * sequential code directly (no region at all).
 * dfg_threads_for(work): how many threads a kernel with work elements
 * (element-steps, each weighted by dfg_cpu_op_cost, kernels/cpu/cpu.h)
 * should use: 1 below DFG_PAR_MIN (small arrays never pay
 * for thread start-up) or inside a parallel region (no nesting), else
 * min(dfg_threads_get(), work / (DFG_PAR_MIN / 2)).
 * dfg_par_chunk(n, nt, align): the length of each of nt contiguous chunks
 * that cover n, rounded up to a multiple of align (the last may be short,
 * trailing ones empty).
 * Errors inside a region: dfg_set_error writes the calling thread's message,
 * which is lost on a worker thread.  A kernel's region records a failure
 * with dfg_par_fail (thread-safe; keeps the failure at the lowest where, so
 * the error reported is the one the sequential loop would have met first,
 * with the message the failing thread set), and after the region the
 * calling thread returns dfg_par_finish (DFG_OK, or the recorded status
 * with its message set on the calling thread).  Zero-initialise it. */
#define DFG_THREADS_MAX 1024
#define DFG_PAR_MIN     32768
typedef void (*dfg_par_fn)(void * ctx, int t);
void       dfg_par_run(int nt, dfg_par_fn fn, void * ctx);
int        dfg_threads_for(int64_t work);
int64_t    dfg_par_chunk(int64_t n, int nt, int64_t align);
typedef struct dfg_par_status {
    int     status;
    int64_t where;
    char    msg[1024];
} dfg_par_status;
void       dfg_par_fail(dfg_par_status * ps, int64_t where, dfg_status st);
dfg_status dfg_par_finish(const dfg_par_status * ps);

/* ---- allocation (lib/base/alloc.c) ---------------------------------------
 * All library memory goes through these (one place to inject an allocator
 * or count bytes).  dfg_malloc(0) returns a valid unique pointer. */
void * dfg_malloc(size_t n);
void * dfg_calloc(size_t n, size_t size);
void * dfg_realloc(void * p, size_t n);
void   dfg_free(void * p);

/* Rounds a byte count up to a multiple of 64 (the alignment of every buffer
 * in a plan's arena and of each thread's scratch). */
static inline int64_t dfg_align64(int64_t b)
{
    return (b + 63) & ~(int64_t)63;
}

/* The first 64-byte aligned address at or after p (p itself if aligned). */
static inline void * dfg_align64_ptr(void * p)
{
    return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

/* ---- families and dtype rules (lib/base/ops.def, lib/base/optable.c) ----- */
enum dfg_family {
    DFG_FAM_LEAF, DFG_FAM_UNARY, DFG_FAM_BINARY, DFG_FAM_TERNARY,
    DFG_FAM_REDUCE, DFG_FAM_SCAN, DFG_FAM_RESHAPE, DFG_FAM_PERMUTE,
    DFG_FAM_GATHER, DFG_FAM_SCATTER, DFG_FAM_CAT, DFG_FAM_MATMUL,
    DFG_FAM_LINALG, DFG_FAM_PART, DFG_FAM_BROADCAST, DFG_FAM_FUSED,
    DFG_FAM_RAND, DFG_FAM_ORDER, DFG_FAM_SIGNAL, DFG_FAM_CTRL,
    DFG_FAM_COUNT
};
enum dfg_dtrule {
    DFG_DT_MATH, DFG_DT_LOGIC, DFG_DT_KEEP, DFG_DT_SAME, DFG_DT_DBL,
    DFG_DT_ATTR, DFG_DT_ASGN, DFG_DT_COUNT
};
#define DFG_F_ELEMWISE 1u
#define DFG_F_INPLACE  2u
#define DFG_F_DIFF     4u

typedef struct dfg_op_info {
    const char * name;      /* Octave-facing name                          */
    const char * ident;     /* C identifier, "ADD"                         */
    int          family;    /* enum dfg_family                             */
    int          arity;     /* -1: any number >= 1                         */
    int          dtrule;    /* enum dfg_dtrule                             */
    unsigned     flags;     /* DFG_F_*                                     */
} dfg_op_info;
extern const dfg_op_info dfg_ops[DFG_OP_COUNT];

/* ---- shapes (lib/base/shape.c) ------------------------------------------- */
/* Writes "3x4x2" into buf (at least 24 * DFG_MAX_DIMS bytes advised). */
const char * dfg_shape_str(int ndim, const int64_t * dims, char * buf, size_t len);
/* Drops trailing singletons (keeping 2 dims); returns the new ndim. */
int         dfg_shape_normalize(int ndim, int64_t * dims);
int64_t     dfg_shape_numel(int ndim, const int64_t * dims);
/* The element count, or -1 when a dimension is negative or the count
 * passes 2^62 (a size from outside: user arguments, repmat counts); a
 * zero dimension makes it 0 whatever the others are. */
int64_t     dfg_shape_numel_checked(int ndim, const int64_t * dims);
/* dims (ndim of them) viewed as k >= 1 dims: the last takes the product of
 * the rest, missing ones are 1 (Octave's rule for fewer subscripts). */
void        dfg_shape_fold(int ndim, const int64_t * dims, int64_t k, int64_t * view);

/* ---- symbolic sizes (lib/base/shape.c; docs/symbolic.md) -----------------
 * A dimension may be a symbol (dfg.input ([NaN 64]), a named size): its
 * value in dims is dfg_sym_dim (id), far below any size or count, so that
 * arithmetic on it by code that does not expect it gives a value no shape
 * check accepts.  A shape with a symbol has no element count
 * (dfg_shape_numel: -1).  Symbols are interned by name for the process's
 * lifetime ("n" is the one NaN stands for); a symbol's value is bound when
 * a plan runs (lib/core/symbolic.c). */
#define DFG_SYM_BASE ((int64_t)1 << 40)
#define DFG_MAX_SYMS 255
static inline int dfg_dim_is_sym(int64_t d)
{
    return d <= -DFG_SYM_BASE - 1 && d >= -DFG_SYM_BASE - DFG_MAX_SYMS;
}
static inline int dfg_dim_sym(int64_t d) { return (int)(-d - DFG_SYM_BASE); }
static inline int64_t dfg_sym_dim(int id) { return -DFG_SYM_BASE - id; }
int         dfg_shape_is_sym(int ndim, const int64_t * dims);
/* The id (1..DFG_MAX_SYMS) of the symbol named name (made on first use; a
 * name is 1 to 31 letters, digits or underscores, starting with a
 * letter), or 0 with DFG_ERR_ARG set. */
int         dfg_sym_intern(const char * name);
const char * dfg_sym_name(int id);              /* "?" for no symbol */

#endif
