/* lib/core/ops.c -- class and size inference for every family (Octave's
 * rules); the op table itself is lib/base/optable.c. */
#include <math.h>
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "core.h"
#include "../../kernels/cpu/fused.h"

static dfg_status set_shape(dfg_node * n, int ndim, const int64_t * dims)
{
    int64_t d[DFG_MAX_DIMS];
    if (ndim > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: at most %d dimensions are supported",
                             dfg_ops[n->op].name, DFG_MAX_DIMS);
    for (int k = 0; k < DFG_MAX_DIMS; k++)
        d[k] = k < ndim ? dims[k] : 1;
    if (ndim < 2)
        ndim = 2;
    ndim = dfg_shape_normalize(ndim, d);
    int64_t m = 1;
    int sym = 0;
    for (int k = 0; k < ndim; k++) {
        if (dfg_dim_is_sym(d[k])) {
            sym = 1;
            continue;
        }
        if (d[k] < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: negative size", dfg_ops[n->op].name);
        if (d[k] && m > INT64_MAX / 8 / d[k])
            return dfg_set_error(DFG_ERR_NOMEM, "dfg.%s: out of memory or dimension too large for Octave's index type",
                                 dfg_ops[n->op].name);
        m *= d[k];
    }
    n->ndim = (uint8_t)ndim;
    memcpy(n->dims, d, sizeof n->dims);
    n->numel = sym ? -1 : m;     /* a symbolic shape has no count */
    return DFG_OK;
}

/* A node with a symbolic input, of a family that has no rule for one. */
static dfg_status not_symbolic(const dfg_node * n, int k)
{
    char s[256];
    const dfg_node * x = n->in[k];
    return dfg_set_error(DFG_ERR_SYMBOLIC,
                         "dfg.%s: not defined for a symbolic size (argument %d is %s); make the graph with a concrete size",
                         dfg_ops[n->op].name, k + 1, dfg_shape_str(x->ndim, x->dims, s, sizeof s));
}

/* Whether two shapes hold the same symbols (as many times each) and the
 * same product of their concrete dimensions: reshape's rule when either
 * side has a symbol. */
static int sym_same_count(int na, const int64_t * a, int nb, const int64_t * b)
{
    int64_t pa = 1, pb = 1;
    int count[DFG_MAX_SYMS + 1] = {0};
    for (int k = 0; k < na; k++) {
        if (dfg_dim_is_sym(a[k]))
            count[dfg_dim_sym(a[k])]++;
        else if (a[k] < 0 || (a[k] && pa > INT64_MAX / 8 / a[k]))
            return 0;
        else
            pa *= a[k];
    }
    for (int k = 0; k < nb; k++) {
        if (dfg_dim_is_sym(b[k]))
            count[dfg_dim_sym(b[k])]--;
        else if (b[k] < 0 || (b[k] && pb > INT64_MAX / 8 / b[k]))
            return 0;
        else
            pb *= b[k];
    }
    for (int k = 0; k <= DFG_MAX_SYMS; k++)
        if (count[k])
            return 0;
    return pa == pb;
}

static int64_t dim_of(const dfg_node * n, int k)
{
    return k < n->ndim ? n->dims[k] : 1;
}

/* ---- classes --------------------------------------------------------------- */

static int math_dtype(int n_in, dfg_node * const * in, int first)
{
    for (int k = first; k < n_in; k++)
        if (in[k]->dtype == DFG_SINGLE)
            return DFG_SINGLE;
    return DFG_DOUBLE;
}

static int result_dtype(int op, int n_in, dfg_node * const * in, const int64_t * iattr)
{
    int first = op == DFG_OP_MERGE ? 1 : 0;      /* merge: the mask has no say */
    switch (dfg_ops[op].dtrule) {
    case DFG_DT_MATH:  return math_dtype(n_in, in, first);
    case DFG_DT_LOGIC: return DFG_LOGICAL;
    case DFG_DT_DBL:   return DFG_DOUBLE;
    case DFG_DT_ATTR:  return (int)iattr[0];
    case DFG_DT_SAME:  return in[0]->dtype;
    case DFG_DT_ASGN:
        if (in[0]->dtype == DFG_LOGICAL && in[1]->dtype == DFG_SINGLE)
            return DFG_DOUBLE;
        return in[0]->dtype;
    case DFG_DT_KEEP:
        for (int k = first; k < n_in; k++)
            if (in[k]->dtype != DFG_LOGICAL)
                return math_dtype(n_in, in, first);
        return DFG_LOGICAL;
    }
    return DFG_DOUBLE;
}

int dfg_compute_dtype(int op, int n_in, dfg_node * const * in, const int64_t * iattr)
{
    switch (dfg_ops[op].family) {
    case DFG_FAM_UNARY:
        if (op == DFG_OP_CAST)
            return in[0]->dtype;
        return op == DFG_OP_NOT ? math_dtype(n_in, in, 0) : result_dtype(op, n_in, in, iattr);
    case DFG_FAM_BINARY:
        return dfg_ops[op].dtrule == DFG_DT_LOGIC ? math_dtype(n_in, in, 0)
                                                  : result_dtype(op, n_in, in, iattr);
    case DFG_FAM_TERNARY:
    case DFG_FAM_CAT:
    case DFG_FAM_SCATTER:
    case DFG_FAM_MATMUL:
    case DFG_FAM_LINALG:
        return result_dtype(op, n_in, in, iattr);
    default:
        return -1;   /* no conversion: the kernel takes the input's class */
    }
}

/* ---- per-family inference ------------------------------------------------------ */

static dfg_status nonconformant(const dfg_node * n, const dfg_node * a, const dfg_node * b)
{
    char sa[256], sb[256];
    return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: nonconformant arguments (A is %s, B is %s)",
                         dfg_ops[n->op].name,
                         dfg_shape_str(a->ndim, a->dims, sa, sizeof sa),
                         dfg_shape_str(b->ndim, b->dims, sb, sizeof sb));
}

static dfg_status infer_broadcast(dfg_node * n, int first)
{
    int64_t d[DFG_MAX_DIMS];
    int nd = 2;
    for (int k = first; k < n->n_in; k++)
        if (n->in[k]->ndim > nd)
            nd = n->in[k]->ndim;
    for (int j = 0; j < nd; j++) {
        d[j] = 1;
        for (int k = first; k < n->n_in; k++) {
            int64_t e = dim_of(n->in[k], j);
            if (e == d[j] || e == 1)
                continue;
            if (d[j] == 1) {
                d[j] = e;
                continue;
            }
            /* find the earlier operand that set d[j] for the message */
            for (int q = first; q < k; q++)
                if (dim_of(n->in[q], j) == d[j])
                    return nonconformant(n, n->in[q], n->in[k]);
            return nonconformant(n, n->in[first], n->in[k]);
        }
    }
    return set_shape(n, nd, d);
}

static dfg_status check_dim_attr(dfg_node * n)
{
    if (n->iattr[0] < 0 || n->iattr[0] >= 1 << 30)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM must be a positive integer", dfg_ops[n->op].name);
    return DFG_OK;
}

static dfg_status infer_reduce(dfg_node * n)
{
    dfg_status st = check_dim_attr(n);
    if (st)
        return st;
    dfg_node * x = n->in[0];
    int dim = (int)n->iattr[0];
    int64_t d[DFG_MAX_DIMS];
    memcpy(d, x->dims, sizeof d);
    if (dim < x->ndim) {
        int keep_empty = (n->op == DFG_OP_MAX || n->op == DFG_OP_MIN ||
                          n->op == DFG_OP_ARGMAX || n->op == DFG_OP_ARGMIN);
        d[dim] = (keep_empty && d[dim] == 0) ? 0 : 1;
    }
    return set_shape(n, x->ndim, d);
}

/* 1 when a and b have the same size off dimension dim (dims past a
 * shape's count are 1) */
static int same_off_dim(const dfg_node * a, const dfg_node * b, int dim)
{
    int nd = a->ndim > b->ndim ? a->ndim : b->ndim;
    for (int k = 0; k < nd; k++)
        if (k != dim && (k < a->ndim ? a->dims[k] : 1) != (k < b->ndim ? b->dims[k] : 1))
            return 0;
    return 1;
}

/* ORDER: the first input's size; TAKE's the positions' size (x's off the
 * dimension), TAKE_ADD's g's with i[1] along the dimension, MEDIAN_INDEX's
 * x's with 1 or 2 along it, DIFF's x's one shorter (lib/base/ops.def).  Positions are doubles.  A
 * symbolic size is taken except along the dimension walked: the kernels
 * need its length to order it. */
static dfg_status infer_order(dfg_node * n)
{
    if (n->op == DFG_OP_LOOKUP) {
        const dfg_node * t = n->in[0], * y = n->in[1];
        if (t->dtype == DFG_LOGICAL || y->dtype == DFG_LOGICAL)
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.lookup: TABLE and Y must be double or single, not %s",
                                 dfg_dtype_name(t->dtype == DFG_LOGICAL ? t->dtype : y->dtype));
        if (t->numel < 0)
            return not_symbolic(n, 0);
        int64_t o = n->iattr[0];
        if (o < 0 || o > 7 || ((o & 1) && (o & 6)))
            return dfg_set_error(DFG_ERR_ARG, "dfg.lookup: bad options code %lld", (long long)o);
        return set_shape(n, y->ndim, y->dims);
    }
    dfg_status st = check_dim_attr(n);
    if (st)
        return st;
    dfg_node * x = n->in[0];
    int dim = (int)n->iattr[0];
    if (dim < x->ndim && dfg_dim_is_sym(x->dims[dim])) {
        char s[256];
        return dfg_set_error(DFG_ERR_SYMBOLIC,
                             "dfg.%s: not defined along a symbolic size (the argument is %s, DIM %d); make the graph with a concrete size",
                             dfg_ops[n->op].name, dfg_shape_str(x->ndim, x->dims, s, sizeof s), dim + 1);
    }
    if (n->op == DFG_OP_SORT_INDEX && (n->iattr[1] < 0 || n->iattr[1] > 1))
        return dfg_set_error(DFG_ERR_ARG, "dfg.sort: MODE must be either \"ascend\" or \"descend\"");
    if (n->op == DFG_OP_TAKE || n->op == DFG_OP_TAKE_ADD) {
        dfg_node * p = n->in[1];
        if (p->dtype != DFG_DOUBLE)
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: the positions must be double, not %s",
                                 dfg_ops[n->op].name, dfg_dtype_name(p->dtype));
        if (n->op == DFG_OP_TAKE ? !same_off_dim(x, p, dim)
                                 : p->ndim != x->ndim || memcmp(p->dims, x->dims, (size_t)x->ndim * sizeof *x->dims))
            return nonconformant(n, x, p);
        if (n->op == DFG_OP_TAKE_ADD && x->dtype != DFG_DOUBLE && x->dtype != DFG_SINGLE)
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.take_add: the values must be double or single, not %s",
                                 dfg_dtype_name(x->dtype));
        if (n->op == DFG_OP_TAKE_ADD && (n->iattr[1] < 0 || n->iattr[1] >= 1 << 30))
            return dfg_set_error(DFG_ERR_ARG, "dfg.take_add: bad result length %lld", (long long)n->iattr[1]);
    }
    int64_t d[DFG_MAX_DIMS];
    memcpy(d, (n->op == DFG_OP_TAKE ? n->in[1] : x)->dims, sizeof d);
    int nd = (n->op == DFG_OP_TAKE ? n->in[1] : x)->ndim;
    if (n->op == DFG_OP_TAKE_ADD && n->iattr[1] > 0) {
        for (int k = nd; k <= dim; k++)      /* g may end before dim (a length 1) */
            d[k] = 1;
        nd = nd > dim + 1 ? nd : dim + 1;
        d[dim] = n->iattr[1];
    }
    if (n->op == DFG_OP_MEDIAN_INDEX && dim < nd)
        d[dim] = d[dim] == 0 ? 0 : 2 - d[dim] % 2;
    if (n->op == DFG_OP_DIFF) {
        if (x->dtype != DFG_DOUBLE && x->dtype != DFG_SINGLE)
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.diff: the values must be double or single, not %s",
                                 dfg_dtype_name(x->dtype));
        for (int k = nd; k <= dim; k++)
            d[k] = 1;
        nd = nd > dim + 1 ? nd : dim + 1;
        d[dim] = d[dim] > 0 ? d[dim] - 1 : 0;
    }
    return set_shape(n, nd, d);
}

/* SIGNAL: CONV (a, b), CONV2 (a, b) and FILTER (b, a, x, si), all of one class (double
 * or single; the builders cast); sizes as lib/base/ops.def says.  The
 * kernels walk the dimension, so no symbolic size is taken (dfg_infer). */
static int64_t extent(const dfg_node * x, int k)
{
    return k < x->ndim ? x->dims[k] : 1;
}

/* 1 when x is all 1 off dimension dim */
static int is_dim_vector(const dfg_node * x, int dim)
{
    for (int k = 0; k < x->ndim; k++)
        if (k != dim && x->dims[k] != 1)
            return 0;
    return 1;
}

static dfg_status infer_signal(dfg_node * n)
{
    dfg_status st = check_dim_attr(n);
    if (st)
        return st;
    const char * fn = dfg_ops[n->op].name;
    for (int k = 0; k < n->n_in; k++)
        if (n->in[k]->dtype != n->dtype || (n->dtype != DFG_DOUBLE && n->dtype != DFG_SINGLE))
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: the arguments must all be double or all single (argument %d is %s)",
                                 fn, k + 1, dfg_dtype_name(n->in[k]->dtype));
    int dim = (int)n->iattr[0];
    int64_t d[DFG_MAX_DIMS];
    if (dim >= DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: DIM must be at most %d", fn, DFG_MAX_DIMS);
    if (n->op == DFG_OP_FILTER) {
        const dfg_node * x = n->in[2], * si = n->in[3];
        int64_t nb = n->in[0]->numel, na = n->in[1]->numel, l = na > nb ? na : nb;
        if (na < 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.filter: A must not be empty");
        if (x->numel < 0) {
            /* a symbolic X: along a dimension of numbers, with no state
             * (each slice is filtered alone; the kernel walks dim) */
            char s[256];
            if (dim < x->ndim && dfg_dim_is_sym(x->dims[dim]))
                return dfg_set_error(DFG_ERR_SYMBOLIC,
                                     "dfg.filter: not defined along a symbolic size (X is %s, DIM %d); make the graph with a concrete size",
                                     dfg_shape_str(x->ndim, x->dims, s, sizeof s), dim + 1);
            if (si->numel != 0)
                return dfg_set_error(DFG_ERR_SYMBOLIC,
                                     "dfg.filter: an initial state SI with a symbolic X (%s) is not defined; make the graph with a concrete size",
                                     dfg_shape_str(x->ndim, x->dims, s, sizeof s));
            return set_shape(n, x->ndim, x->dims);
        }
        int64_t len = extent(x, dim), slices = len ? x->numel / len : 1;
        if (!len)
            for (int k = 0; k < x->ndim; k++)
                slices *= k == dim ? 1 : x->dims[k];
        if (si->numel != 0 && si->numel != (l - 1) * slices) {
            char s1[256], s2[256];
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.filter: SI (%s) must have %lld x %lld elements for X (%s) and coefficients of length %lld",
                                 dfg_shape_str(si->ndim, si->dims, s1, sizeof s1), (long long)(l - 1),
                                 (long long)slices, dfg_shape_str(x->ndim, x->dims, s2, sizeof s2), (long long)l);
        }
        return set_shape(n, x->ndim, x->dims);
    }
    const dfg_node * a = n->in[0], * b = n->in[1];
    int64_t len = n->iattr[2];
    if (n->op == DFG_OP_CONV2) {
        const int64_t lim = INT64_C(1) << 50;
        if (a->ndim != 2 || b->ndim != 2)
            return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: A and B must be 1-D vectors or 2-D matrices");
        for (int k = 1; k <= 4; k++)
            if (n->iattr[k] < -lim || n->iattr[k] > lim || (k % 2 == 0 && n->iattr[k] < 0))
                return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: bad window");
        if (n->iattr[5] < 0 || n->iattr[5] > 1)
            return dfg_set_error(DFG_ERR_ARG, "dfg.conv2: bad summation order");
        d[0] = n->iattr[2];
        d[1] = n->iattr[4];
        return set_shape(n, 2, d);
    }
    if (len < 0 || n->iattr[1] < -(INT64_C(1) << 50) || n->iattr[1] > (INT64_C(1) << 50) ||
        n->iattr[3] < 0 || n->iattr[3] > 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.conv: bad window (offset %lld, length %lld)",
                             (long long)n->iattr[1], (long long)len);
    int va = is_dim_vector(a, dim), vb = is_dim_vector(b, dim);
    const dfg_node * big = va ? b : a;
    int nd = big->ndim > dim + 1 ? big->ndim : dim + 1;
    for (int k = 0; k < nd; k++)
        d[k] = k == dim ? len : extent(big, k);
    if (!va && !vb) {
        for (int k = 0; k < nd; k++)
            if (k != dim && extent(a, k) != extent(b, k))
                return nonconformant(n, a, b);
    }
    return set_shape(n, nd, d);
}

static dfg_status infer_reshape(dfg_node * n)
{
    int nd = (int)n->iattr[0];
    if (nd < 1 || nd > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.reshape: at most %d dimensions are supported", DFG_MAX_DIMS);
    int64_t m = 1;
    int sym = n->in[0]->numel < 0;
    for (int k = 0; k < nd; k++) {
        if (dfg_dim_is_sym(n->iattr[1 + k])) {
            sym = 1;
            continue;
        }
        if (n->iattr[1 + k] < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.reshape: SIZE must be non-negative");
        m *= n->iattr[1 + k];
    }
    /* with a symbol: the same symbols, or both sides empty for every size
     * (a concrete 0 on each) */
    int zero_in = 0, zero_out = m == 0;
    for (int k = 0; k < n->in[0]->ndim; k++)
        zero_in |= n->in[0]->dims[k] == 0;
    if (sym ? !sym_same_count(n->in[0]->ndim, n->in[0]->dims, nd, n->iattr + 1) && !(zero_in && zero_out)
            : m != n->in[0]->numel) {
        char a[256], b[256];
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.reshape: can't reshape %s array to %s array",
                             dfg_shape_str(n->in[0]->ndim, n->in[0]->dims, a, sizeof a),
                             dfg_shape_str(nd, n->iattr + 1, b, sizeof b));
    }
    return set_shape(n, nd, n->iattr + 1);
}

static dfg_status infer_rand(dfg_node * n)
{
    const dfg_node * c = n->in[0];
    if (c->numel != 1 || (c->dtype != DFG_DOUBLE && c->dtype != DFG_SINGLE))
        return dfg_set_error(DFG_ERR_ARG, "dfg.rand: the counter must be a double or single scalar");
    int nd = (int)n->iattr[0];
    if (nd < 1 || nd > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.rand: at most %d dimensions are supported", DFG_MAX_DIMS);
    for (int k = 0; k < nd; k++)
        if (n->iattr[1 + k] < 0)
            return dfg_set_error(DFG_ERR_ARG, "dfg.rand: SIZE must be non-negative");
    for (int k = 0; k < 2; k++) {
        double s = n->dattr[k];
        if (!(s >= 0 && s < 0x1p53) || s != floor(s))
            return dfg_set_error(DFG_ERR_ARG, "dfg.rand: %s must be an integer from 0 to 2^53-1",
                                 k ? "STREAM" : "SEED");
    }
    return set_shape(n, nd, n->iattr + 1);
}

static dfg_status infer_permute(dfg_node * n)
{
    dfg_node * x = n->in[0];
    int nd = (int)n->iattr[0];
    int seen[DFG_MAX_DIMS] = {0};
    if (nd < x->ndim || nd > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.permute: PERM must have at least %d elements (one per dimension)",
                             x->ndim);
    int64_t d[DFG_MAX_DIMS];
    for (int k = 0; k < nd; k++) {
        int64_t p = n->iattr[1 + k];
        if (p < 0 || p >= nd || seen[p])
            return dfg_set_error(DFG_ERR_ARG, "dfg.permute: PERM is not a valid permutation vector");
        seen[p] = 1;
        d[k] = dim_of(x, (int)p);
    }
    return set_shape(n, nd, d);
}

/* GATHER / SCATTER index header: see ops.def. */
static dfg_status check_index(dfg_node * n, int64_t * block)
{
    const char * fn = dfg_ops[n->op].name;
    const int64_t * h = n->idx;
    if (!h || n->nidx < 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: missing index", fn);
    int64_t k = h[0];
    if (k < 1 || k > DFG_MAX_DIMS || n->nidx < 1 + 2 * k + 1)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad index header", fn);
    const int64_t * view = h + 1, * cnt = h + 1 + k;
    int64_t nd_out = h[1 + 2 * k];
    if (nd_out < 1 || nd_out > DFG_MAX_DIMS || n->nidx < 2 + 2 * k + nd_out)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad index header", fn);
    const int64_t * dout = h + 2 + 2 * k;
    const int64_t * ix = dout + nd_out;
    int64_t total = 0, b = 1, vm = 1;
    int empty = 0;
    for (int64_t j = 0; j < k; j++) {
        /* a count longer than the header, or a view whose product
         * overflows, would wrap the sums below and index out of bounds */
        if (view[j] < 0 || cnt[j] < -1 || cnt[j] > n->nidx)
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad index header", fn);
        if (cnt[j] >= 0)
            total += cnt[j];
        if (view[j] == 0)
            empty = 1;
        else if (vm > INT64_MAX / view[j])
            return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad index header", fn);
        else
            vm *= view[j];
    }
    if (empty)
        vm = 0;
    if (n->nidx != 2 + 2 * k + nd_out + total)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: bad index header", fn);
    if (n->op == DFG_OP_GATHER && vm != n->in[0]->numel)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: index view does not match the array", fn);
    /* bounds: GATHER within the view; SCATTER within dims_out's view */
    for (int64_t j = 0, at = 0; j < k; at += cnt[j] < 0 ? 0 : cnt[j], j++) {
        int64_t lim = view[j];
        if (dfg_ops[n->op].family == DFG_FAM_SCATTER) {
            /* the view of the result: dims_out folded to k dims */
            lim = 1;
            if (j < k - 1)
                lim = j < nd_out ? dout[j] : 1;
            else
                for (int64_t q = j; q < nd_out; q++)
                    lim *= dout[q];
        }
        b *= cnt[j] < 0 ? lim : cnt[j];
        for (int64_t q = 0; q < cnt[j]; q++) {
            int64_t v = ix[at + q];
            if (v < 0 || v >= lim) {
                char s[256];
                if (k == 1)
                    return dfg_set_error(DFG_ERR_INDEX,
                                         "dfg.%s: index (%lld): out of bound %lld (dimensions are %s)",
                                         fn, (long long)v + 1, (long long)lim,
                                         dfg_shape_str(n->in[0]->ndim, n->in[0]->dims, s, sizeof s));
                return dfg_set_error(DFG_ERR_INDEX,
                                     "dfg.%s: out of bound; value %lld out of bound %lld in dimension %lld (dimensions are %s)",
                                     fn, (long long)v + 1, (long long)lim, (long long)j + 1,
                                     dfg_shape_str(n->in[0]->ndim, n->in[0]->dims, s, sizeof s));
            }
        }
    }
    *block = b;
    return DFG_OK;
}

static dfg_status infer_gather(dfg_node * n)
{
    int64_t block;
    dfg_status st = check_index(n, &block);
    if (st)
        return st;
    int64_t k = n->idx[0], nd = n->idx[1 + 2 * k];
    const int64_t * dout = n->idx + 2 + 2 * k;
    if (dfg_shape_numel((int)nd, dout) != block)
        return dfg_set_error(DFG_ERR_ARG, "dfg.subsref: result size does not match the index");
    return set_shape(n, (int)nd, dout);
}

static dfg_status infer_scatter(dfg_node * n)
{
    int64_t block;
    dfg_status st = check_index(n, &block);
    if (st)
        return st;
    int64_t k = n->idx[0], nd = n->idx[1 + 2 * k];
    const int64_t * view = n->idx + 1;
    const int64_t * dout = n->idx + 2 + 2 * k;
    dfg_node * x = n->in[0], * v = n->in[1];
    if (dfg_shape_numel((int)k, view) != x->numel)
        return dfg_set_error(DFG_ERR_ARG, "dfg.subsasgn: index view does not match the array");
    /* the result's view (dims_out folded to k dims) must hold x's view: the
     * kernel copies x into its leading block */
    for (int64_t j = 0, r = 1; j < k; j++, r = 1) {
        if (j < k - 1)
            r = j < nd ? dout[j] : 1;
        else
            for (int64_t q = j; q < nd; q++)
                r *= dout[q];
        if (r < view[j])
            return dfg_set_error(DFG_ERR_ARG, "dfg.subsasgn: bad index header (the result is smaller than the array)");
    }
    if (v->numel != 1 && v->numel != block)
        return dfg_set_error(DFG_ERR_SHAPE,
                             "dfg.subsasgn: =: nonconformant arguments (op1 has %lld elements, op2 has %lld)",
                             (long long)block, (long long)v->numel);
    return set_shape(n, (int)nd, dout);
}

static dfg_status infer_cat(dfg_node * n)
{
    dfg_status st = check_dim_attr(n);
    if (st)
        return st;
    int dim = (int)n->iattr[0];
    if (dim >= DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.cat: DIM too large");
    dfg_node * a = n->in[0];
    int nd = dim + 1 > 2 ? dim + 1 : 2;
    for (int k = 0; k < n->n_in; k++)
        if (n->in[k]->ndim > nd)
            nd = n->in[k]->ndim;
    int64_t d[DFG_MAX_DIMS];
    for (int j = 0; j < nd; j++)
        d[j] = dim_of(a, j);
    d[dim] = 0;
    for (int k = 0; k < n->n_in; k++) {
        dfg_node * b = n->in[k];
        if (dfg_dim_is_sym(dim_of(b, dim)))
            return not_symbolic(n, k);
        for (int j = 0; j < nd; j++)
            if (j != dim && dim_of(b, j) != d[j]) {
                char sa[256], sb[256];
                return dfg_set_error(DFG_ERR_SHAPE,
                                     "dfg.cat: dimension mismatch in dimension %d (%s vs %s)",
                                     j + 1, dfg_shape_str(a->ndim, a->dims, sa, sizeof sa),
                                     dfg_shape_str(b->ndim, b->dims, sb, sizeof sb));
            }
        d[dim] += dim_of(b, dim);
    }
    return set_shape(n, nd, d);
}

static dfg_status need_2d(dfg_node * n, dfg_node * x, const char * what)
{
    char s[256];
    if (x->ndim != 2)
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: %s must be a 2-D matrix, not %s",
                             dfg_ops[n->op].name, what, dfg_shape_str(x->ndim, x->dims, s, sizeof s));
    return DFG_OK;
}

static dfg_status need_square(dfg_node * n, dfg_node * x)
{
    char s[256];
    dfg_status st = need_2d(n, x, "A");
    if (!st && x->dims[0] != x->dims[1])
        st = dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: A must be a square matrix, not %s",
                           dfg_ops[n->op].name, dfg_shape_str(x->ndim, x->dims, s, sizeof s));
    return st;
}

static dfg_status infer_matmul(dfg_node * n)
{
    dfg_node * a = n->in[0], * b = n->in[1];
    dfg_status st;
    if ((st = need_2d(n, a, "A")) || (st = need_2d(n, b, "B")))
        return st;
    int64_t m  = n->iattr[0] ? a->dims[1] : a->dims[0];
    int64_t ka = n->iattr[0] ? a->dims[0] : a->dims[1];
    int64_t kb = n->iattr[1] ? b->dims[1] : b->dims[0];
    int64_t p  = n->iattr[1] ? b->dims[0] : b->dims[1];
    if (ka != kb) {
        char sa[64], sb[64];
        int64_t da[2] = {m, ka}, db[2] = {kb, p};
        return dfg_set_error(DFG_ERR_SHAPE, "dfg.mtimes: nonconformant arguments (A is %s, B is %s)",
                             dfg_shape_str(2, da, sa, sizeof sa), dfg_shape_str(2, db, sb, sizeof sb));
    }
    int64_t d[2] = {m, p};
    return set_shape(n, 2, d);
}

static dfg_status infer_linalg(dfg_node * n)
{
    dfg_node * a = n->in[0];
    dfg_status st;
    int64_t m = a->dims[0], q = a->ndim > 1 ? a->dims[1] : 1, k = m < q ? m : q;
    int64_t d[2] = {0, 1};
    switch (n->op) {
    case DFG_OP_MLDIVIDE: {
        dfg_node * b = n->in[1];
        if ((st = need_2d(n, a, "A")) || (st = need_2d(n, b, "B")))
            return st;
        if (b->dims[0] != m)
            return nonconformant(n, a, b);
        d[0] = q; d[1] = b->dims[1];
        return set_shape(n, 2, d);
    }
    case DFG_OP_FRECHET:
        if (n->iattr[0] != DFG_OP_EXPM && n->iattr[0] != DFG_OP_SQRTM && n->iattr[0] != DFG_OP_LOGM)
            return dfg_set_error(DFG_ERR_ARG, "dfg.frechet: not a matrix function (op %lld)",
                                 (long long)n->iattr[0]);
        if ((st = need_square(n, a)) || (st = need_square(n, n->in[1])))
            return st;
        if (a->dtype != n->in[1]->dtype)   /* made by the gradient rules only */
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.frechet: A and E must have one class");
        if (n->in[1]->dims[0] != m)
            return nonconformant(n, a, n->in[1]);
        d[0] = m; d[1] = m;
        return set_shape(n, 2, d);
    case DFG_OP_INV: case DFG_OP_CHOL: case DFG_OP_EXPM: case DFG_OP_SQRTM: case DFG_OP_LOGM:
        if ((st = need_square(n, a)))
            return st;
        if (n->op == DFG_OP_LOGM && n->iattr[0]) {   /* S packed with ITERS */
            d[0] = m * m + 1;
            return set_shape(n, 2, d);
        }
        d[0] = m; d[1] = m;
        return set_shape(n, 2, d);
    case DFG_OP_DET:
        if ((st = need_square(n, a)))
            return st;
        d[0] = 1;
        return set_shape(n, 2, d);
    case DFG_OP_EIG_SYM:
        if ((st = need_square(n, a)))
            return st;
        d[0] = m + (n->iattr[0] ? m * m : 0);
        return set_shape(n, 2, d);
    case DFG_OP_LU:
        if ((st = need_2d(n, a, "A")))
            return st;
        d[0] = m * k + k * q + m * m;
        return set_shape(n, 2, d);
    case DFG_OP_QR:
        if ((st = need_2d(n, a, "A")))
            return st;
        d[0] = n->iattr[0] == 2 ? m * q : n->iattr[0] ? m * k + k * q : m * m + m * q;
        return set_shape(n, 2, d);
    case DFG_OP_SVD:
        if ((st = need_2d(n, a, "A")))
            return st;
        d[0] = k + (n->iattr[0] == 2 ? m * m + q * q : n->iattr[0] ? (m + q) * k : 0);
        return set_shape(n, 2, d);
    case DFG_OP_PINV:
        if ((st = need_2d(n, a, "A")))
            return st;
        d[0] = q; d[1] = m;
        return set_shape(n, 2, d);
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no shape rule for %s", dfg_ops[n->op].name);
}

static dfg_status infer_bcast(dfg_node * n)
{
    dfg_node * x = n->in[0];
    int nd = (int)n->iattr[0];
    if (nd < 1 || nd > DFG_MAX_DIMS || nd < x->ndim)
        return dfg_set_error(DFG_ERR_ARG, "dfg.broadcast: bad rank");
    for (int j = 0; j < nd; j++) {
        int64_t e = dim_of(x, j), r = n->iattr[1 + j];
        if ((r < 0 && !dfg_dim_is_sym(r)) || (e != 1 && e != r)) {
            char sa[256], sb[256];
            return dfg_set_error(DFG_ERR_SHAPE, "dfg.broadcast: can't broadcast %s to %s",
                                 dfg_shape_str(x->ndim, x->dims, sa, sizeof sa),
                                 dfg_shape_str(nd, n->iattr + 1, sb, sizeof sb));
        }
    }
    return set_shape(n, nd, n->iattr + 1);
}

static dfg_status infer_part(dfg_node * n)
{
    int nd = (int)n->iattr[1];
    if (nd < 1 || nd > DFG_MAX_DIMS)
        return dfg_set_error(DFG_ERR_ARG, "dfg.part: bad rank");
    int64_t m = dfg_shape_numel(nd, n->iattr + 2);
    if (n->iattr[0] < 0 || m < 0 || n->iattr[0] + m > n->in[0]->numel)
        return dfg_set_error(DFG_ERR_ARG, "dfg.part: part outside the packed result");
    return set_shape(n, nd, n->iattr + 2);
}

static dfg_status infer_fused(dfg_node * n)
{
    if (n->op == DFG_OP_FUSED) {
        int64_t no = n->nidx >= FP_HDR ? FP_NO(n->idx) : -1, bytes = 0;
        if (no < 0 || n->nidx != FP_LEN(FP_NI(n->idx), no, n->n_in) || n->iattr[0] != DFG_LOGICAL)
            return dfg_set_error(DFG_ERR_INTERNAL, "dfg: malformed fused kernel");
        for (int64_t j = 0; j < no; j++) {
            const int64_t * o = FP_O(n->idx, j);
            int64_t end = o[4] + o[5] * (int64_t)dfg_dtype_size((int)o[3]);
            bytes = end > bytes ? end : bytes;
        }
        int64_t d[2] = { bytes, 1 };
        return set_shape(n, 2, d);
    }
    int nd = (int)n->iattr[2];
    if (nd < 1 || nd > DFG_MAX_DIMS || n->in[0]->op != DFG_OP_FUSED)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: malformed fused output");
    int64_t m = dfg_shape_numel(nd, n->iattr + 3) * (int64_t)dfg_dtype_size(n->dtype);
    if (n->iattr[1] < 0 || n->iattr[1] + m > n->in[0]->numel)
        return dfg_set_error(DFG_ERR_INTERNAL, "dfg: fused output outside the kernel's result");
    return set_shape(n, nd, n->iattr + 3);
}

dfg_status dfg_infer(dfg_node * n)
{
    int op = n->op;
    dfg_status st = DFG_OK;
    int dt = result_dtype(op, n->n_in, n->in, n->iattr);
    if (dt < 0 || dt >= DFG_DTYPE_COUNT)
        return dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: bad class code", dfg_ops[op].name);
    n->dtype = (uint8_t)dt;
    for (int k = 0; k < n->n_in; k++) {
        if (n->in[k]->numel >= 0)
            continue;
        /* a symbolic input: only the families whose sizes follow their
         * inputs' dimension by dimension take one (docs/symbolic.md) */
        switch (dfg_ops[op].family) {
        case DFG_FAM_UNARY: case DFG_FAM_SCAN: case DFG_FAM_BINARY: case DFG_FAM_TERNARY:
        case DFG_FAM_REDUCE: case DFG_FAM_RESHAPE: case DFG_FAM_PERMUTE: case DFG_FAM_MATMUL:
        case DFG_FAM_BROADCAST: case DFG_FAM_CAT: case DFG_FAM_ORDER:
            break;
        case DFG_FAM_SIGNAL:       /* FILTER's X off its dimension (infer_signal) */
            if (op == DFG_OP_FILTER && k == 2)
                break;
            return not_symbolic(n, k);
        default:
            return not_symbolic(n, k);
        }
    }
    switch (dfg_ops[op].family) {
    case DFG_FAM_UNARY:
    case DFG_FAM_SCAN:
        if (dfg_ops[op].family == DFG_FAM_SCAN && (st = check_dim_attr(n)))
            return st;
        if (op == DFG_OP_PSI && (n->iattr[0] < 0 || n->iattr[0] > 1000))
            return dfg_set_error(DFG_ERR_ARG, "dfg.psi: K must be a non-negative integer");
        return set_shape(n, n->in[0]->ndim, n->in[0]->dims);
    case DFG_FAM_BINARY:
        if ((op == DFG_OP_GAMMAINC || op == DFG_OP_GAMMAINC_DA) && (n->iattr[0] < 0 || n->iattr[0] > 3))
            return dfg_set_error(DFG_ERR_ARG, "dfg.gammainc: bad TAIL code %lld", (long long)n->iattr[0]);
        if (op == DFG_OP_GAMMAINC_DA && (n->iattr[1] < 0 || n->iattr[1] > 1))
            return dfg_set_error(DFG_ERR_ARG, "dfg.gammainc: bad derivative order code %lld",
                                 (long long)n->iattr[1]);
        return infer_broadcast(n, 0);
    case DFG_FAM_TERNARY:
        if (op == DFG_OP_BETAINC_D && (n->iattr[1] < 0 || n->iattr[1] > 4))
            return dfg_set_error(DFG_ERR_ARG, "dfg.betainc: bad derivative code %lld", (long long)n->iattr[1]);
        if (op == DFG_OP_BETAINC || op == DFG_OP_BETAINC_D)
            return infer_broadcast(n, 0);
        if (n->in[0]->dtype != DFG_LOGICAL)
            return dfg_set_error(DFG_ERR_DTYPE, "dfg.merge: MASK must be logical, not %s",
                                 dfg_dtype_name(n->in[0]->dtype));
        return infer_broadcast(n, 0);
    case DFG_FAM_REDUCE:  return infer_reduce(n);
    case DFG_FAM_RESHAPE: return infer_reshape(n);
    case DFG_FAM_PERMUTE: return infer_permute(n);
    case DFG_FAM_GATHER:  return infer_gather(n);
    case DFG_FAM_SCATTER: return infer_scatter(n);
    case DFG_FAM_CAT:     return infer_cat(n);
    case DFG_FAM_MATMUL:  return infer_matmul(n);
    case DFG_FAM_LINALG:  return infer_linalg(n);
    case DFG_FAM_PART:    return infer_part(n);
    case DFG_FAM_BROADCAST: return infer_bcast(n);
    case DFG_FAM_FUSED:   return infer_fused(n);
    case DFG_FAM_RAND:    return infer_rand(n);
    case DFG_FAM_ORDER:   return infer_order(n);
    case DFG_FAM_SIGNAL:  return infer_signal(n);
    case DFG_FAM_CTRL: {
        const dfg_family_fns * f = dfg_family(DFG_FAM_CTRL);
        return f->infer ? f->infer(n)
                        : dfg_set_error(DFG_ERR_INTERNAL, "dfg: no inference for %s", dfg_ops[n->op].name);
    }
    }
    return dfg_set_error(DFG_ERR_INTERNAL, "dfg: no shape rule for %s", dfg_ops[op].name);
}
