/* lib/core/compose-linalg.c -- Octave's matrix operators (mtimes,
 * mldivide, mrdivide), LAPACK functions (lu, qr, eig, svd, inv, det, pinv,
 * chol), the matrix functions expm, sqrtm and logm, and cond and rank as
 * graphs of primitive ops: the scalar-versus-matrix dispatch,
 * N-d operands read folded, the outputs taken out of a packed LAPACK
 * result with PART nodes, and Octave 7.3's results for empty arguments.
 *
 * Ownership as in compose.c (lib/core/compose-impl.h): inputs borrowed,
 * one new reference per output handed out, intermediates released by the
 * builder's list, nothing left behind on an error (outputs untouched).
 * Errors of the primitive ops are passed on as those ops set them. */
#include <math.h>
#include <string.h>
#include "compose-impl.h"

static dfg_status cx_transpose(cx * c, dfg_id x, dfg_id * y)
{
    dfg_attr a = {{2, 1, 0}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_PERMUTE, 1, &x, &a, y);
}

/* PART (packed, off, r x c): one output of a packed LAPACK result. */
static dfg_status cx_part(cx * c, dfg_id packed, int64_t off, int64_t r, int64_t k, dfg_id * y)
{
    dfg_attr a = {{off, 2, r, k}, {0}, NULL, 0};
    return cx_op(c, DFG_OP_PART, 1, &packed, &a, y);
}

/* A double 0x0: Octave 7.3's result of lu, eig, inv, pinv and chol for
 * any empty argument (single too, any shape). */
static dfg_status cx_empty(cx * c, dfg_id * y)
{
    int64_t z[2] = {0, 0};
    return cx_fill(c, DFG_DOUBLE, 2, z, 0, y);
}

/* The class of an identity that goes with x: single for single, else double. */
static dfg_dtype float_of(dfg_dtype dt)
{
    return dt == DFG_SINGLE ? DFG_SINGLE : DFG_DOUBLE;
}

/* ---- mtimes, mldivide, mrdivide ------------------------------------------- */

enum { MTIMES, MLDIVIDE, MRDIVIDE };

static dfg_status matrix_op(int which, dfg_id a, dfg_id b, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    /* symbolic sizes: a symbol is never 1, the ops check the rest */
    dfg_status st = cx_begin_sym(&c, a, NULL, NULL, NULL);
    if (st || (st = dfg_info(b, NULL, NULL, NULL)))
        return st;
    int sa = is_scalar(a), sb = is_scalar(b);
    /* a product or division of matrices reads N-d operands as Octave does */
    int solve = which == MLDIVIDE ? !sa : which == MRDIVIDE ? !sb : !sa && !sb;
    if (solve && ((st = fold2d(&c, &a)) || (st = fold2d(&c, &b))))
        return cx_done(&c, st, 0, y);
    if (which == MTIMES)
        st = cx_op2(&c, sa || sb ? DFG_OP_MUL : DFG_OP_MATMUL, a, b, &r);
    else if (which == MLDIVIDE)
        st = sa ? cx_op2(&c, DFG_OP_DIV, b, a, &r) : cx_op2(&c, DFG_OP_MLDIVIDE, a, b, &r);
    else if (sb)
        st = cx_op2(&c, DFG_OP_DIV, a, b, &r);
    else {
        /* a / b = (b' \ a')' */
        dfg_id at, bt, z;
        int na, nb;
        int64_t da[DFG_MAX_DIMS], db[DFG_MAX_DIMS];
        if (!(st = dfg_info(a, NULL, &na, da)) && !(st = dfg_info(b, NULL, &nb, db)) &&
            (na != 2 || nb != 2 || da[1] != db[1])) {
            char s1[256], s2[256];
            st = dfg_set_error(DFG_ERR_SHAPE, "dfg.mrdivide: nonconformant arguments (A is %s, B is %s)",
                               dfg_shape_str(na, da, s1, sizeof s1), dfg_shape_str(nb, db, s2, sizeof s2));
        }
        if (!st && !(st = cx_transpose(&c, a, &at)) && !(st = cx_transpose(&c, b, &bt)) &&
            !(st = cx_op2(&c, DFG_OP_MLDIVIDE, bt, at, &z)))
            st = cx_transpose(&c, z, &r);
    }
    return cx_done(&c, st, r, y);
}

dfg_status dfg_mtimes(dfg_id a, dfg_id b, dfg_id * y)
{
    return matrix_op(MTIMES, a, b, y);
}

dfg_status dfg_mldivide(dfg_id a, dfg_id b, dfg_id * y)
{
    return matrix_op(MLDIVIDE, a, b, y);
}

dfg_status dfg_mrdivide(dfg_id a, dfg_id b, dfg_id * y)
{
    return matrix_op(MRDIVIDE, a, b, y);
}

/* ---- inv, det, pinv, chol --------------------------------------------------- */

/* op of x, x read folded when folds; an empty x gives a double 0x0 (det:
 * the double 1). */
static dfg_status linalg1(int op, int folds, dfg_id x, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, NULL, &nd, d);
    if (st)
        return st;
    if (folds && (st = fold2d(&c, &x)))
        return cx_done(&c, st, 0, y);
    if (dfg_shape_numel(nd, d) == 0)
        st = op == DFG_OP_DET ? cx_const(&c, DFG_DOUBLE, 1, &r) : cx_empty(&c, &r);
    else
        st = cx_op1(&c, op, x, &r);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_inv(dfg_id x, dfg_id * y)
{
    return linalg1(DFG_OP_INV, 0, x, y);
}

dfg_status dfg_det(dfg_id x, dfg_id * y)
{
    return linalg1(DFG_OP_DET, 0, x, y);
}

dfg_status dfg_pinv(dfg_id x, dfg_id * y)
{
    return linalg1(DFG_OP_PINV, 1, x, y);
}

dfg_status dfg_pinv_tol(dfg_id x, double tol, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_attr a = {{0}, {tol > 0 ? tol : 0, 0}, NULL, 0};
    dfg_status st = cx_begin(&c, x, NULL, NULL, NULL);
    if (st)
        return st;
    if (tol < 0 || tol != tol)
        return cx_done(&c, dfg_set_error(DFG_ERR_ARG, "dfg.pinv: TOL must be greater than zero"), 0, y);
    if ((st = fold2d(&c, &x)) || (st = dfg_info(x, NULL, &nd, d)))
        return cx_done(&c, st, 0, y);
    if (dfg_shape_numel(nd, d) == 0)
        st = cx_empty(&c, &r);
    else
        st = cx_op(&c, DFG_OP_PINV, 1, &x, &a, &r);
    return cx_done(&c, st, r, y);
}

dfg_status dfg_chol(dfg_id x, dfg_id * y)
{
    return linalg1(DFG_OP_CHOL, 1, x, y);
}

/* chol (x, "lower"): L with L L' = x from x's lower triangle, chol (x.')'
 * (xPOTRF on the transpose: the same factor) */
dfg_status dfg_chol_lower(dfg_id x, dfg_id * y)
{
    cx c;
    dfg_id xt, r, l = 0;
    dfg_status st = cx_begin(&c, x, NULL, NULL, NULL);
    if (st)
        return st;
    if (!(st = fold2d(&c, &x)) && !(st = cx_transpose(&c, x, &xt)) &&
        !(st = cx_take(&c, dfg_chol(xt, &r), &r, &r)))
        st = cx_transpose(&c, r, &l);
    return cx_done(&c, st, l, y);
}

/* ---- lu, qr, eig, svd ------------------------------------------------------------ */

static dfg_status check_nout(const char * fn, int nout)
{
    if (nout < 1 || nout > 3)
        return dfg_set_error(DFG_ERR_ARG, "dfg.%s: NOUT must be 1, 2 or 3 (it is %d)", fn, nout);
    return DFG_OK;
}

/* nout double 0x0 results into r. */
static dfg_status empties(cx * c, int nout, dfg_id * r)
{
    dfg_status st = DFG_OK;
    for (int o = 0; o < nout && !st; o++)
        st = cx_empty(c, &r[o]);
    return st;
}

dfg_status dfg_lu(dfg_id x, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[3] = {0, 0, 0}, packed, l, u, p;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, NULL, NULL, NULL);
    if (st || (st = check_nout("lu", nout)))
        return st;
    /* an N-d x is read folded, as Octave does */
    if ((st = fold2d(&c, &x)) || (st = dfg_info(x, &dt, &nd, d)))
        return cx_done(&c, st, 0, y);
    int64_t m = d[0], n = d[1], k = m < n ? m : n;
    if (m * n == 0) {
        st = empties(&c, nout, r);
        return cx_done_n(&c, st, nout, r, y);
    }
    /* the two-output form's L is P' L, rows moved by the kernel */
    dfg_attr la = {{nout == 2}, {0}, NULL, 0};
    if ((st = cx_op(&c, DFG_OP_LU, 1, &x, &la, &packed)) || (st = cx_part(&c, packed, 0, m, k, &l)) ||
        (st = cx_part(&c, packed, m * k, k, n, &u)) || (st = cx_part(&c, packed, m * k + k * n, m, m, &p)))
        return cx_done(&c, st, 0, y);
    if (nout == 1) {
        if (m != n)
            return cx_done(&c, dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.lu: the one-output form is supported "
                                             "for square matrices only; use [L, U, P] = lu (A)"), 0, y);
        /* Y = L + U - I, LAPACK's packed factors */
        dfg_id s, eye = 0;
        if (!(st = cx_op2(&c, DFG_OP_ADD, l, u, &s)) &&
            !(st = cx_take(&c, dfg_eye_named("lu", float_of(dt), m, &eye), &eye, &eye)))
            st = cx_op2(&c, DFG_OP_SUB, s, eye, &r[0]);
        return cx_done_n(&c, st, 1, r, y);
    }
    if (nout == 3) {   /* Octave's permutation matrix is double */
        dfg_attr cast = {{DFG_DOUBLE}, {0}, NULL, 0};
        st = cx_op(&c, DFG_OP_CAST, 1, &p, &cast, &p);
    }
    r[0] = l;
    r[1] = u;
    r[2] = p;
    return cx_done_n(&c, st, nout, r, y);
}

dfg_status dfg_qr(dfg_id x, int econ, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[2] = {0, 0}, packed;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, NULL, NULL, NULL);
    if (st || (st = check_nout("qr", nout)))
        return st;
    dfg_dtype dt;
    /* an N-d x is read folded, as Octave does */
    if ((st = fold2d(&c, &x)) || (st = dfg_info(x, &dt, &nd, d)))
        return cx_done(&c, st, 0, y);
    int64_t m = d[0], n = d[1], k = m < n ? m : n, qc = econ ? k : m;
    if (nout == 1) {
        /* Octave 7.3's qr (A) of a full A (either form): the raw xGEQRF
         * result, m x n, of x's class (an empty x: itself) */
        dfg_attr raw = {{2}, {0}, NULL, 0};
        if (m * n == 0)
            st = cx_fill(&c, float_of(dt), 2, d, 0, &r[0]);
        else if (!(st = cx_op(&c, DFG_OP_QR, 1, &x, &raw, &packed)))
            st = cx_part(&c, packed, 0, m, n, &r[0]);
        return cx_done_n(&c, st, 1, r, y);
    }
    dfg_attr a = {{econ != 0}, {0}, NULL, 0};
    if (!(st = cx_op(&c, DFG_OP_QR, 1, &x, &a, &packed)) && !(st = cx_part(&c, packed, 0, m, qc, &r[0])) &&
        !(st = cx_part(&c, packed, m * qc, qc, n, &r[1])) && nout == 3)
        /* [Q, R, P] = qr (A), the pivoted form, is not built */
        st = dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.qr: the form with 3 outputs is not supported");
    return cx_done_n(&c, st, 2, r, y);
}

dfg_status dfg_eig(dfg_id x, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[3] = {0, 0, 0}, packed, w;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st || (st = check_nout("eig", nout)))
        return st;
    if (dfg_shape_numel(nd, d) == 0) {
        st = empties(&c, nout, r);
        return cx_done_n(&c, st, nout, r, y);
    }
    if (dt == DFG_LOGICAL)   /* as Octave 7.3 (an empty one is [] there, above) */
        return cx_done(&c, dfg_set_error(DFG_ERR_DTYPE, "dfg.eig: wrong type argument 'bool matrix' (Octave "
                                         "7.3's eig takes no logical matrix); use eig (double (A))"), 0, y);
    int64_t m = d[0];
    dfg_attr a = {{nout > 1}, {0}, NULL, 0};
    if ((st = cx_op(&c, DFG_OP_EIG_SYM, 1, &x, &a, &packed)) || (st = cx_part(&c, packed, 0, m, 1, &w)))
        return cx_done(&c, st, 0, y);
    if (nout == 1)
        return cx_done_n(&c, st, 1, &w, y);
    /* D = diag (w): eye .* w' */
    dfg_id eye = 0, wt;
    if (!(st = cx_part(&c, packed, m, m, m, &r[0])) &&
        !(st = cx_take(&c, dfg_eye_named("eig", float_of(dt), m, &eye), &eye, &eye)) &&
        !(st = cx_transpose(&c, w, &wt)) && !(st = cx_op2(&c, DFG_OP_MUL, eye, wt, &r[1])) && nout == 3)
        /* [V, D, W] = eig (A), the left eigenvectors, are not built */
        st = dfg_set_error(DFG_ERR_UNSUPPORTED, "dfg.eig: the form with 3 outputs is not supported");
    return cx_done_n(&c, st, 2, r, y);
}

/* S of [U, S, V] = svd (A): the r x q matrix with s (k = min (r, q)) on its
 * diagonal, eye (k) .* s' padded with zeros. */
static dfg_status sigma_matrix(cx * c, dfg_dtype dt, dfg_id s, int64_t r, int64_t q, dfg_id * y)
{
    int64_t k = r < q ? r : q;
    dfg_id eye = 0, st_, dg;
    dfg_status st;
    if ((st = cx_take(c, dfg_eye_named("svd", dt, k, &eye), &eye, &eye)) || (st = cx_transpose(c, s, &st_)) ||
        (st = cx_op2(c, DFG_OP_MUL, eye, st_, &dg)))
        return st;
    if (r == q) {
        *y = dg;
        return DFG_OK;
    }
    int dim = r > q ? 0 : 1;
    int64_t zd[2] = {r > q ? r - q : r, r > q ? q : q - r};
    dfg_id in[2] = {dg, 0};
    dfg_attr a = {{dim}, {0}, NULL, 0};
    if ((st = cx_fill(c, dt, 2, zd, 0, &in[1])))
        return st;
    return cx_op(c, DFG_OP_CAT, 2, in, &a, y);
}

dfg_status dfg_svd(dfg_id x, int econ, int nout, dfg_id * y)
{
    cx c;
    dfg_id r[3] = {0, 0, 0}, packed, s;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st || (st = check_nout("svd", nout)))
        return st;
    if (nout == 1) {                     /* the singular values, either form */
        st = cx_op1(&c, DFG_OP_SVD, x, &r[0]);
        return cx_done_n(&c, st, 1, r, y);
    }
    if (nd != 2)
        return cx_done(&c, dfg_set_error(DFG_ERR_SHAPE, "dfg.svd: A must be a 2-D matrix"), 0, y);
    int64_t m = d[0], n = d[1], k = m < n ? m : n;
    if (econ == 2)
        econ = m > n;
    int64_t ur = m, uc = econ ? k : m, sr = econ ? k : m, sc = econ ? k : n, vr = n, vc = econ ? k : n;
    dt = float_of(dt);
    if (k == 0) {
        /* Octave 7.3: U = eye (m), S m x n, V = eye (n) (economy: m x 0,
         * 0 x 0 and n x 0), of A's class */
        int64_t su[2] = {ur, uc}, ss[2] = {sr, sc}, sv[2] = {vr, vc};
        if (econ)
            st = cx_fill(&c, dt, 2, su, 0, &r[0]);
        else
            st = cx_take(&c, dfg_eye_named("svd", dt, m, &r[0]), &r[0], &r[0]);
        if (!st)
            st = cx_fill(&c, dt, 2, ss, 0, &r[1]);
        if (!st && nout == 3)
            st = econ ? cx_fill(&c, dt, 2, sv, 0, &r[2]) : cx_take(&c, dfg_eye_named("svd", dt, n, &r[2]), &r[2], &r[2]);
        return cx_done_n(&c, st, nout, r, y);
    }
    /* a square A: the full SVD is the economy one (which has a gradient) */
    int full = !econ && m != n;
    dfg_attr a = {{full ? 2 : 1}, {0}, NULL, 0};
    int64_t soff = ur * uc;
    if (!(st = cx_op(&c, DFG_OP_SVD, 1, &x, &a, &packed)) && !(st = cx_part(&c, packed, 0, ur, uc, &r[0])) &&
        !(st = cx_part(&c, packed, soff, k, 1, &s)) && !(st = sigma_matrix(&c, dt, s, sr, sc, &r[1])) && nout == 3)
        st = cx_part(&c, packed, soff + k, vr, vc, &r[2]);
    return cx_done_n(&c, st, nout, r, y);
}

/* ---- expm, sqrtm, logm ------------------------------------------------------ */

/* A primary matrix function of a square 2-D x: an empty x is itself (as
 * Octave 7.3's expm, sqrtm and logm), x's class kept; logical x is an
 * error for expm and sqrtm (Octave's "must be a square matrix" and an
 * undefined value), read as double by logm (log of a logical scalar, and
 * of a diagonal one; any other logical A is Octave's schur error when the
 * plan runs, LOGM's i[2]).  at: the op's attributes (NULL: none); nout 2
 * (logm's ITERS): the op packs S(:) and ITERS, and Octave's logm.m leaves
 * ITERS undefined for an empty or 1 x 1 A. */
static dfg_status matfun(int op, const dfg_attr * at, int nout, dfg_id x, dfg_id * y)
{
    cx c;
    dfg_id r[2] = {0, 0};
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_attr a = {{0}, {0}, NULL, 0};
    const char * fn = dfg_ops[op].name;
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (at)
        a = *at;
    if (nd != 2 || d[0] != d[1]) {
        char s[256];
        st = dfg_set_error(DFG_ERR_SHAPE, "dfg.%s: A must be a square matrix, not %s", fn,
                           dfg_shape_str(nd, d, s, sizeof s));
        return cx_done(&c, st, 0, y);
    }
    if (dt != DFG_DOUBLE && dt != DFG_SINGLE) {
        if (op != DFG_OP_LOGM || dt != DFG_LOGICAL)
            return cx_done(&c, dfg_set_error(DFG_ERR_DTYPE, "dfg.%s: A must be a double or single "
                                             "matrix, not %s", fn, dfg_dtype_name(dt)), 0, y);
        dfg_attr cast = {{DFG_DOUBLE}, {0}, NULL, 0};
        if ((st = cx_op(&c, DFG_OP_CAST, 1, &x, &cast, &x)))
            return cx_done(&c, st, 0, y);
        a.i[2] = 1;
    }
    if (nout == 2 && d[0] <= 1)
        return cx_done(&c, dfg_set_error(DFG_ERR_ARG, "dfg.%s: ITERS is undefined for a %lldx%lld A (Octave's "
                                         "logm.m returns log (A) before it sets ITERS: 'iters' undefined)",
                                         fn, (long long)d[0], (long long)d[0]), 0, y);
    if (d[0] == 0)
        return cx_done(&c, DFG_OK, x, y);
    a.i[0] = nout == 2;
    if ((st = cx_op(&c, op, 1, &x, &a, &r[0])) || nout == 1)
        return cx_done_n(&c, st, 1, r, y);
    dfg_attr cast = {{DFG_DOUBLE}, {0}, NULL, 0};
    dfg_id packed = r[0];
    if (!(st = cx_part(&c, packed, 0, d[0], d[0], &r[0])) && !(st = cx_part(&c, packed, d[0] * d[0], 1, 1, &r[1])))
        st = cx_op(&c, DFG_OP_CAST, 1, &r[1], &cast, &r[1]);   /* ITERS is double, as Octave's k */
    return cx_done_n(&c, st, 2, r, y);
}

dfg_status dfg_expm(dfg_id x, dfg_id * y)
{
    return matfun(DFG_OP_EXPM, NULL, 1, x, y);
}

dfg_status dfg_sqrtm(dfg_id x, dfg_id * y)
{
    return matfun(DFG_OP_SQRTM, NULL, 1, x, y);
}

dfg_status dfg_logm(dfg_id x, dfg_id * y)
{
    return matfun(DFG_OP_LOGM, NULL, 1, x, y);
}

dfg_status dfg_logm_opt(dfg_id x, int given, double lo, double hi, int nout, dfg_id * y)
{
    if (nout < 1 || nout > 2)
        return dfg_set_error(DFG_ERR_ARG, "dfg.logm: called with %d outputs (logm has at most 2)", nout);
    if (given && (isnan(lo) || isnan(hi)))
        return dfg_set_error(DFG_ERR_ARG, "dfg.logm: the bounds of OPT_ITERS may not be NaN (an empty or NaN "
                             "OPT_ITERS is lo = 0, hi = Inf)");
    dfg_attr a = {{0, given != 0}, {lo, hi}, NULL, 0};
    return matfun(DFG_OP_LOGM, &a, nout, x, y);
}

/* ---- cond, rank ---------------------------------------------------------------- */

dfg_status dfg_cond(dfg_id x, double p, int fro, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (nd != 2)
        return cx_done(&c, dfg_set_error(DFG_ERR_SHAPE, "dfg.cond: A must be a 2-D matrix"), 0, y);
    if (fro || p != 2) {
        /* cond.m: norm (A, p) * norm (inv (A), p) */
        dfg_id na, ia, ni;
        if (!(st = cx_take(&c, dfg_norm(x, p, fro, &na), &na, &na)) &&
            !(st = cx_take(&c, dfg_inv(x, &ia), &ia, &ia)) &&
            !(st = cx_take(&c, dfg_norm(ia, p, fro, &ni), &ni, &ni)))
            st = cx_op2(&c, DFG_OP_MUL, na, ni, &r);
        return cx_done(&c, st, r, y);
    }
    int64_t k = d[0] < d[1] ? d[0] : d[1];
    if (k == 0) {                                 /* an empty A: the double 0 */
        st = cx_const(&c, DFG_DOUBLE, 0, &r);
        return cx_done(&c, st, r, y);
    }
    /* sigma (1) / sigma (end), Inf when either is 0 (the SVD fails on Inf
     * or NaN when the plan runs: cond.m's error, in svd's words) */
    dfg_id s, s1, sn, z1, zn, z, q, inf;
    if (!(st = cx_op1(&c, DFG_OP_SVD, x, &s)) && !(st = cx_part(&c, s, 0, 1, 1, &s1)) &&
        !(st = cx_part(&c, s, k - 1, 1, 1, &sn)) && !(st = cx_const(&c, float_of(dt), 0, &z)) &&
        !(st = cx_op2(&c, DFG_OP_EQ, s1, z, &z1)) && !(st = cx_op2(&c, DFG_OP_EQ, sn, z, &zn)) &&
        !(st = cx_op2(&c, DFG_OP_OR, z1, zn, &z)) && !(st = cx_op2(&c, DFG_OP_DIV, s1, sn, &q)) &&
        !(st = cx_const(&c, float_of(dt), INFINITY, &inf))) {
        dfg_id in3[3] = {z, inf, q};
        st = cx_op(&c, DFG_OP_MERGE, 3, in3, NULL, &r);
    }
    return cx_done(&c, st, r, y);
}

dfg_status dfg_rank(dfg_id x, int has_tol, double tol, dfg_id * y)
{
    cx c;
    dfg_id r = 0;
    dfg_dtype dt;
    int nd;
    int64_t d[DFG_MAX_DIMS];
    dfg_status st = cx_begin(&c, x, &dt, &nd, d);
    if (st)
        return st;
    if (nd != 2)
        return cx_done(&c, dfg_set_error(DFG_ERR_SHAPE, "dfg.rank: A must be a 2-D matrix"), 0, y);
    int64_t m = d[0], n = d[1], k = m < n ? m : n;
    if (k == 0) {                                 /* sum ([]) */
        st = cx_const(&c, DFG_DOUBLE, 0, &r);
        return cx_done(&c, st, r, y);
    }
    /* rank.m: sum (sigma > tol), tol = max (size (A)) * sigma (1) * eps
     * (eps ("single") for single A) unless given */
    dfg_id s, t, gt;
    dfg_attr sum0 = {{0}, {0}, NULL, 0};
    dfg_dtype ft = float_of(dt);
    if ((st = cx_op1(&c, DFG_OP_SVD, x, &s)))
        return cx_done(&c, st, 0, y);
    if (has_tol) {
        st = cx_const(&c, DFG_DOUBLE, tol, &t);
    } else {
        dfg_id s1, f;
        double eps = ft == DFG_SINGLE ? 1.1920928955078125e-07 : 2.220446049250313e-16;
        if (!(st = cx_part(&c, s, 0, 1, 1, &s1)) && !(st = cx_const(&c, DFG_DOUBLE, (double)(m > n ? m : n), &f)) &&
            !(st = cx_op2(&c, DFG_OP_MUL, f, s1, &t)) && !(st = cx_const(&c, DFG_DOUBLE, eps, &f)))
            st = cx_op2(&c, DFG_OP_MUL, t, f, &t);
    }
    /* the result is an integer of the values: no gradient flows (the
     * comparison has none) */
    if (!st && !(st = cx_op2(&c, DFG_OP_GT, s, t, &gt)))
        st = cx_op(&c, DFG_OP_SUM, 1, &gt, &sum0, &r);
    return cx_done(&c, st, r, y);
}
