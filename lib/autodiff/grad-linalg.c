/* lib/autodiff/grad-linalg.c -- gradient rules for dense linear algebra: \, inv,
 * det, chol, lu, qr, eig, svd, pinv, and the matrix functions expm, sqrtm,
 * logm.
 *
 * Matrix calculus as graph (see lib/autodiff/grad-impl.h).  The formulas follow the
 * standard references (Giles 2008 for inv / det / solves, Murray 2016 for
 * chol, Walter & Lehmann / Seeger et al. for lu and qr, and the
 * eigenvector and SVD rules with safe reciprocals of eigenvalue gaps:
 * repeated eigen- or singular values contribute 0 instead of Inf).
 * Multi-output factorizations receive one adjoint for their packed result
 * (the PART nodes that unpack it scatter theirs into it) and split it here.
 * Every rule is built from differentiable ops, including the factorization
 * itself, so second derivatives work as well.
 */
#include "grad-impl.h"

void dfg_grad_linalg(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx);

#define T(x) gb_transpose(c, (x))
#define MM(a, b) gb_matmul(c, (a), (b), 0, 0)
#define MTM(a, b) gb_matmul(c, (a), (b), 1, 0)   /* a' * b */
#define MMT(a, b) gb_matmul(c, (a), (b), 0, 1)   /* a * b' */

static dfg_node * solve(gctx * c, dfg_node * a, dfg_node * b)
{
    return gb_op2(c, DFG_OP_MLDIVIDE, a, b);
}

/* x / a' for triangular a, as (a \ x')' */
static dfg_node * rsolve_t(gctx * c, dfg_node * x, dfg_node * a)
{
    return T(solve(c, a, T(x)));
}

/* d as a row, broadcast against rows: m .* d' */
static dfg_node * scale_cols(gctx * c, dfg_node * m, dfg_node * d)
{
    int64_t r[2] = {1, d ? d->numel : 0};
    return gb_mul(c, m, gb_reshape(c, d, 2, r));
}

/* Matrix of pairwise differences D(i, j) = d(j) - d(i) for a column d. */
static dfg_node * gaps(gctx * c, dfg_node * d)
{
    int64_t r[2] = {1, d ? d->numel : 0};
    return gb_sub(c, gb_reshape(c, d, 2, r), d);
}

/* The adjoint of A in pinv (A) = P for adjoint G (constant rank). */
static dfg_node * pinv_adjoint(gctx * c, dfg_node * a, dfg_node * p, dfg_node * gp)
{
    int dt = a->dtype;
    int64_t m = a->dims[0], q = a->dims[1];
    dfg_node * pt_g_pt = MM(MTM(p, gp), T(p));                       /* P' G P' */
    dfg_node * i_ap = gb_sub(c, gb_eye(c, dt, m), MM(a, p));          /* I - A P */
    dfg_node * i_pa = gb_sub(c, gb_eye(c, dt, q), MM(p, a));          /* I - P A */
    dfg_node * t2 = MM(MM(i_ap, T(gp)), MMT(p, p));                   /* (I-AP) G' P P' */
    dfg_node * t3 = MM(MM(MTM(p, p), T(gp)), i_pa);                   /* P'P G' (I-PA) */
    return gb_add(c, gb_sub(c, t2, pt_g_pt), t3);
}

static void grad_mldivide(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * a = y->in[0], * b = y->in[1];
    if (a->dims[0] == a->dims[1]) {
        /* X = A \ B: gB = A' \ G, gA = -gB X' */
        dfg_node * gbn = solve(c, T(a), g);
        if (need[1]) gx[1] = gbn;
        if (need[0]) gx[0] = gb_neg(c, MMT(gbn, y));
        return;
    }
    /* least squares / minimum norm: X = pinv (A) B */
    dfg_node * p = gb_op1(c, DFG_OP_PINV, a);
    if (need[1]) gx[1] = MTM(p, g);
    if (need[0]) gx[0] = pinv_adjoint(c, a, p, MMT(g, b));
}

/* R = chol (A), A = R'R, only A's upper triangle read (as Octave).  With
 * L = R': Phi = tril (L' gL) made symmetric with its diagonal halved,
 * S = L^-T Phi L^-1 = R^-1 Phi R^-T; A's upper triangle gets S + S'
 * (its diagonal S), the lower triangle nothing. */
static dfg_node * grad_chol(gctx * c, dfg_node * r, dfg_node * g)
{
    dfg_node * p = gb_tri(c, MMT(r, g), 0, 0);                       /* tril (R G') */
    dfg_node * phi = gb_muls(c, gb_add(c, p, T(gb_tri(c, p, 0, -1))), 0.5);
    dfg_node * s = rsolve_t(c, solve(c, r, phi), r);                  /* R \ Phi / R' */
    return gb_add(c, gb_tri(c, s, 1, 0), gb_tri(c, T(s), 1, 1));
}

/* P A = L U.  Square: gA = P' L^-T (tril (L' gL, -1) + triu (gU U')) U^-T.
 * Wide (m < n), U = [U1, U2]: U2 = L^-1 P A2, so A2 gets P' L^-T gU2 and L
 * gets -L^-T gU2 U2' more; tall (m > n), L = [L1; L2]: L2 = (P A)_2 U^-1,
 * so (P A)_2 gets gL2 U^-T and U gets -L2' gL2 U^-T more. */
static dfg_node * lu_core(gctx * c, dfg_node * l, dfg_node * u, dfg_node * gl, dfg_node * gu)
{
    dfg_node * mid = gb_add(c, gb_tri(c, MTM(l, gl), 0, -1), gb_tri(c, MMT(gu, u), 1, 0));
    return rsolve_t(c, solve(c, T(l), mid), u);                       /* L^-T mid U^-T */
}

/* Tall (m > n), L = [L1; L2]: L2 = (P A)_2 U^-1, so (P A)_2 gets gL2 U^-T
 * and U gets -L2' gL2 U^-T more. */
static dfg_node * lu_tall(gctx * c, dfg_node * l, dfg_node * u, dfg_node * gl, dfg_node * gu)
{
    int64_t m = l->dims[0], q = l->dims[1];
    dfg_node * l1 = gb_slice(c, l, 0, 0, q), * l2 = gb_slice(c, l, 0, q, m);
    dfg_node * gl1 = gb_slice(c, gl, 0, 0, q), * gl2 = gb_slice(c, gl, 0, q, m);
    dfg_node * gl2_ut = rsolve_t(c, gl2, u);                          /* gL2 U^-T */
    dfg_node * parts[2] = {lu_core(c, l1, u, gl1, gb_sub(c, gu, MTM(l2, gl2_ut))), gl2_ut};
    return gb_cat(c, 0, 2, parts);
}

/* Square P A = L U (n x n) through its first n-1 columns: with B = P A =
 * [B1, b; c', d], L = [L1, 0; l', 1], U = [U1, u; 0, nu], [B1; c'] =
 * [L1; l'] U1 is a tall LU, u = L1^-1 b and nu = d - l' u.  So d gets gnu,
 * l' gets -gnu u' more, u gets -l gnu more, b gets L1^-T gu and L1 -L1^-T
 * gu u' more, and [B1; c'] the tall rule.  Unlike lu_core on the whole of
 * U this never divides by nu: at a matrix of rank n-1 (nu zero, or
 * rounding's tiny pivot) L and U are still differentiable, for the same
 * pivots, and this is their derivative. */
static dfg_node * lu_square(gctx * c, dfg_node * l, dfg_node * u, dfg_node * gl, dfg_node * gu)
{
    int64_t n = l->dims[0];
    if (n == 1)                                                       /* L = 1, U = P A */
        return gu;
    dfg_node * ltall = gb_slice(c, l, 1, 0, n - 1), * gltall = gb_slice(c, gl, 1, 0, n - 1);
    dfg_node * l1 = gb_slice(c, ltall, 0, 0, n - 1), * lr = gb_slice(c, ltall, 0, n - 1, n); /* l' */
    dfg_node * utop = gb_slice(c, u, 0, 0, n - 1), * gutop = gb_slice(c, gu, 0, 0, n - 1);
    dfg_node * u1 = gb_slice(c, utop, 1, 0, n - 1), * gu1 = gb_slice(c, gutop, 1, 0, n - 1);
    dfg_node * uc = gb_slice(c, utop, 1, n - 1, n), * guc = gb_slice(c, gutop, 1, n - 1, n);
    dfg_node * gnu = gb_slice(c, gb_slice(c, gu, 0, n - 1, n), 1, n - 1, n);
    dfg_node * gut = gb_sub(c, guc, MTM(lr, gnu));                   /* g of u, all of it */
    dfg_node * gb = solve(c, T(l1), gut);                             /* L1^-T gu */
    dfg_node * gl1 = gb_sub(c, gb_slice(c, gltall, 0, 0, n - 1), MMT(gb, uc));
    dfg_node * glr = gb_sub(c, gb_slice(c, gltall, 0, n - 1, n), MMT(gnu, uc));
    dfg_node * glp[2] = {gl1, glr};
    dfg_node * col[2] = {gb, gnu};
    dfg_node * parts[2] = {lu_tall(c, ltall, u1, gb_cat(c, 0, 2, glp), gu1), gb_cat(c, 0, 2, col)};
    return gb_cat(c, 1, 2, parts);
}

static dfg_node * grad_lu(gctx * c, dfg_node * y, dfg_node * g)
{
    dfg_node * a = y->in[0];
    int64_t m = a->dims[0], q = a->dims[1], k = m < q ? m : q;
    dfg_node * l = gb_part(c, y, 0, m, k), * u = gb_part(c, y, m * k, k, q);
    dfg_node * pm = gb_part(c, y, m * k + k * q, m, m);
    dfg_node * gl = gb_part(c, g, 0, m, k), * gu = gb_part(c, g, m * k, k, q);
    dfg_node * gpa;
    if (y->iattr[0]) {              /* the L part is P' L: L = P (P' L) */
        l = MM(pm, l);
        gl = MM(pm, gl);
    }
    if (m == q) {
        gpa = lu_square(c, l, u, gl, gu);
    } else if (m < q) {
        dfg_node * u1 = gb_slice(c, u, 1, 0, m), * u2 = gb_slice(c, u, 1, m, q);
        dfg_node * gu1 = gb_slice(c, gu, 1, 0, m), * gu2 = gb_slice(c, gu, 1, m, q);
        dfg_node * lt_gu2 = solve(c, T(l), gu2);                      /* L^-T gU2 */
        dfg_node * parts[2] = {lu_square(c, l, u1, gb_sub(c, gl, MMT(lt_gu2, u2)), gu1), lt_gu2};
        gpa = gb_cat(c, 1, 2, parts);
    } else {
        gpa = lu_tall(c, l, u, gl, gu);
    }
    return MTM(pm, gpa);                                              /* P' gPA */
}

/* The square/tall rule: A = Q R with R square upper triangular,
 * M = triu (gR R' - Q' gQ), gA = (gQ + Q (M + M' with the diagonal once)) R^-T */
static dfg_node * qr_core(gctx * c, dfg_node * qm, dfg_node * r, dfg_node * gq, dfg_node * gr)
{
    dfg_node * mm = gb_tri(c, gb_sub(c, MMT(gr, r), MTM(qm, gq)), 1, 0);
    dfg_node * sym = gb_add(c, mm, T(gb_tri(c, mm, 1, 1)));
    return rsolve_t(c, gb_add(c, gq, MM(qm, sym)), r);
}

/* A square A = Q R (n x n), through its first n-1 columns: A = [A1, a],
 * Q = [Q1, q], R = [R1, r; 0, rho].  A1 = Q1 R1 is a tall economy QR; q is
 * the unit vector orthogonal to Q1 that LAPACK's last (1-element)
 * reflector leaves alone, so a function of Q1 (dq = -Q1 dQ1' q); r = Q1' a
 * and rho = q' a.  Hence a gets Q1 gr + q grho, q gets a grho more, Q1
 * gets a gr' - q (Q1' gq)' more, and A1 gets the tall rule on Q1, R1.
 * Unlike qr_core on the whole of R this never divides by rho: at a
 * matrix of rank n-1 (rho zero, or rounding's tiny pivot) Q and R are
 * still differentiable and this is their derivative, where R^-T would
 * give Inf, NaN or a finite wrong number (qr ([1 1; 1 1])). */
static dfg_node * qr_square(gctx * c, dfg_node * qm, dfg_node * r, dfg_node * a, dfg_node * gq,
                            dfg_node * gr)
{
    int64_t n = qm->dims[0];
    if (n == 1)                       /* Q = 1: LAPACK reflects nothing */
        return MM(qm, gr);
    dfg_node * q1 = gb_slice(c, qm, 1, 0, n - 1), * qn = gb_slice(c, qm, 1, n - 1, n);
    dfg_node * rtop = gb_slice(c, r, 0, 0, n - 1), * grtop = gb_slice(c, gr, 0, 0, n - 1);
    dfg_node * r1 = gb_slice(c, rtop, 1, 0, n - 1), * gr1 = gb_slice(c, grtop, 1, 0, n - 1);
    dfg_node * grc = gb_slice(c, grtop, 1, n - 1, n);                         /* g of r */
    dfg_node * grho = gb_slice(c, gb_slice(c, gr, 0, n - 1, n), 1, n - 1, n);  /* g of rho */
    dfg_node * an = gb_slice(c, a, 1, n - 1, n);
    dfg_node * gqn = gb_add(c, gb_slice(c, gq, 1, n - 1, n), MM(an, grho));
    dfg_node * gq1 = gb_sub(c, gb_add(c, gb_slice(c, gq, 1, 0, n - 1), MMT(an, grc)),
                            MM(qn, MTM(gqn, q1)));
    dfg_node * parts[2] = {qr_core(c, q1, r1, gq1, gr1), gb_add(c, MM(q1, grc), MM(qn, grho))};
    return gb_cat(c, 1, 2, parts);
}

/* qr (A, 0) for m >= n, and qr of a wide A (m < n): A = [U, V] with
 * U = Q X square, Y = Q' V; V's adjoint is Q gY, and Q gets V gY' more. */
static dfg_node * grad_qr(gctx * c, dfg_node * y, dfg_node * g)
{
    dfg_node * a = y->in[0];
    int64_t m = a->dims[0], q = a->dims[1];
    int econ = (int)y->iattr[0];
    if (econ == 2)
        return gb_fail(c, dfg_set_error(DFG_ERR_NO_GRAD,
                                        "dfg.grad: qr (A) with one output (LAPACK's Householder form) "
                                        "has no gradient; use [Q, R] = qr (A) (or qr (A, 0))"));
    if (m > q && !econ)
        return gb_fail(c, dfg_set_error(DFG_ERR_NO_GRAD,
                                        "dfg.grad: the gradient of qr of a tall matrix needs the economy "
                                        "factorization qr (A, 0) (A is %lldx%lld; the extra columns of Q "
                                        "are not unique)", (long long)m, (long long)q));
    if (m >= q) {
        dfg_node * qm = gb_part(c, y, 0, m, q), * r = gb_part(c, y, m * q, q, q);
        dfg_node * gq = gb_part(c, g, 0, m, q), * gr = gb_part(c, g, m * q, q, q);
        return m == q ? qr_square(c, qm, r, a, gq, gr) : qr_core(c, qm, r, gq, gr);
    }
    dfg_node * qm = gb_part(c, y, 0, m, m), * r = gb_part(c, y, m * m, m, q);
    dfg_node * gq = gb_part(c, g, 0, m, m), * gr = gb_part(c, g, m * m, m, q);
    dfg_node * x = gb_slice(c, r, 1, 0, m), * gxx = gb_slice(c, gr, 1, 0, m);
    dfg_node * gyy = gb_slice(c, gr, 1, m, q), * v = gb_slice(c, a, 1, m, q);
    dfg_node * gu = qr_square(c, qm, x, gb_slice(c, a, 1, 0, m), gb_add(c, gq, MMT(v, gyy)), gxx);
    dfg_node * parts[2] = {gu, MM(qm, gyy)};
    return gb_cat(c, 1, 2, parts);
}

/* eig: the kernel takes the symmetric solver for an exactly symmetric A
 * and the general one otherwise (as Octave); the rule follows it at run
 * time (a merge on sum (abs (A - A')(:)) == 0).
 * Symmetric, A = V diag (lam) V': gA = V (diag (glam) + F .* (V' gV)) V',
 * F(i, j) = 1 / (lam(j) - lam(i)), made symmetric (the symmetric solver
 * sees symmetric perturbations only).
 * General (real spectrum), A = V diag (lam) V^-1 with unit-norm columns of
 * V (LAPACK's normalisation): with gV' = gV - V diag (diag (V' gV)) (the
 * part the normalisation removes), gA = V^-T (diag (glam) + F .* (V' gV'))
 * V'.  Repeated eigenvalues contribute 0 (safe reciprocals). */
static dfg_node * grad_eig(gctx * c, dfg_node * y, dfg_node * g)
{
    dfg_node * a = y->in[0];
    int64_t m = a->dims[0];
    dfg_node * asym = gb_sum_all(c, gb_op1(c, DFG_OP_ABS, gb_sub(c, a, T(a))));
    dfg_node * sym = gb_op2(c, DFG_OP_EQ, asym, gb_scalar(c, asym ? asym->dtype : DFG_DOUBLE, 0));
    dfg_node * gs, * gg;
    if (!y->iattr[0]) {
        /* values only: V diag (g) V' (V^-T diag (g) V') from the
         * factorization with vectors */
        dfg_node * e = gb_op1i(c, DFG_OP_EIG_SYM, a, 1);
        dfg_node * v = gb_part(c, e, m, m, m);
        gs = MMT(scale_cols(c, v, g), v);
        gg = solve(c, T(v), gb_mul(c, T(v), g));
        return gb_merge(c, sym, gs, gg);
    }
    dfg_node * lam = gb_part(c, y, 0, m, 1), * v = gb_part(c, y, m, m, m);
    dfg_node * gl = gb_part(c, g, 0, m, 1), * gv = gb_part(c, g, m, m, m);
    dfg_node * f = gb_safe_recip(c, gaps(c, lam));
    dfg_node * inner = gb_add(c, gb_diag_matrix(c, gl), gb_mul(c, f, MTM(v, gv)));
    dfg_node * ga = MMT(MM(v, inner), v);
    gs = gb_muls(c, gb_add(c, ga, T(ga)), 0.5);
    dfg_node * gvn = gb_sub(c, gv, scale_cols(c, v, gb_diag_part(c, MTM(v, gv))));
    dfg_node * ginner = gb_add(c, gb_diag_matrix(c, gl), gb_mul(c, f, MTM(v, gvn)));
    gg = solve(c, T(v), MMT(ginner, v));
    return gb_merge(c, sym, gs, gg);
}

/* Economy SVD A = U diag (s) V' (k = min (m, n)):
 * gA = U K V' + (I - U U') gU S^-1 V' + U S^-1 gV' (I - V V'),
 * K = (skew (U' gU) S + S skew (V' gV)) ./ (s_j^2 - s_i^2) + diag (gs),
 * skew (X) = X - X'. */
static dfg_node * grad_svd(gctx * c, dfg_node * y, dfg_node * g)
{
    dfg_node * a = y->in[0];
    int64_t m = a->dims[0], n = a->dims[1], k = m < n ? m : n;
    if (y->iattr[0] == 2)           /* the composite uses 1 for a square A */
        return gb_fail(c, dfg_set_error(DFG_ERR_NO_GRAD,
                                        "dfg.grad: the gradient of [U, S, V] = svd (A) of a non-square "
                                        "matrix needs the economy SVD svd (A, \"econ\") (A is %lldx%lld; "
                                        "the extra columns of U or V are not unique)",
                                        (long long)m, (long long)n));
    dfg_node * src = y->iattr[0] ? y : gb_op1i(c, DFG_OP_SVD, a, 1);
    dfg_node * u = gb_part(c, src, 0, m, k), * s = gb_part(c, src, m * k, k, 1);
    dfg_node * v = gb_part(c, src, m * k + k, n, k);
    if (!y->iattr[0])
        return MMT(scale_cols(c, u, g), v);
    dfg_node * gu = gb_part(c, g, 0, m, k), * gs = gb_part(c, g, m * k, k, 1);
    dfg_node * gv = gb_part(c, g, m * k + k, n, k);
    dfg_node * utgu = MTM(u, gu), * vtgv = MTM(v, gv);
    dfg_node * su = gb_sub(c, utgu, T(utgu)), * sv = gb_sub(c, vtgv, T(vtgv));
    int64_t row[2] = {1, k};
    dfg_node * srow = gb_reshape(c, s, 2, row);
    dfg_node * num = gb_add(c, gb_mul(c, su, srow), gb_mul(c, s, sv));
    dfg_node * kk = gb_add(c, gb_mul(c, num, gb_safe_recip(c, gaps(c, gb_sq(c, s)))),
                           gb_diag_matrix(c, gs));
    dfg_node * ga = MMT(MM(u, kk), v);
    dfg_node * sinv = gb_reshape(c, gb_safe_recip(c, s), 2, row);
    if (m > k) {
        dfg_node * gus = gb_mul(c, gu, sinv);
        ga = gb_add(c, ga, MMT(gb_sub(c, gus, MM(u, MTM(u, gus))), v));
    }
    if (n > k) {
        dfg_node * gvs = gb_mul(c, gv, sinv);
        ga = gb_add(c, ga, MMT(u, gb_sub(c, gvs, MM(v, MTM(v, gvs)))));
    }
    return ga;
}

/* FRECHET (A, E) of f, attribute i[0] = f's op; logm's bound on square
 * roots (i[1], d[0]) taken from src, the LOGM or FRECHET differentiated */
static dfg_node * frechet(gctx * c, int f, const dfg_node * src, dfg_node * a, dfg_node * e)
{
    dfg_node * in[2] = {a, e};
    dfg_attr at = {{f, src->iattr[1]}, {src->dattr[0]}, NULL, 0};
    return gb_op(c, DFG_OP_FRECHET, 2, in, &at);
}

/* [p q; 0 r] (n x n blocks; p, q, r borrowed, NULL r: p) */
static dfg_node * upper_blocks(gctx * c, dfg_node * p, dfg_node * q, dfg_node * r)
{
    int64_t n = p ? p->dims[0] : 0, z[2] = {n, n};
    dfg_node * top[2] = {p, q};
    dfg_node * bot[2] = {gb_fill(c, p ? p->dtype : DFG_DOUBLE, 2, z, 0), r ? r : p};
    dfg_node * rows[2] = {gb_cat(c, 1, 2, top), gb_cat(c, 1, 2, bot)};
    return gb_cat(c, 0, 2, rows);
}

/* A primary matrix function Y = f (A) (expm, sqrtm, logm), Higham 2008,
 * thm 3.6 and sec 3.2: the adjoint of A for adjoint G is the Frechet
 * derivative L_f (A', G), the upper-right block of f ([A' G; 0 A']): an op
 * FRECHET (A', G) of its own, so that the rule is linear in G as the graph
 * sees it (dfg.jvp, forward mode by two reverse passes, needs that).
 * FRECHET (A, E): E gets L_f (A', W) for adjoint W, and A gets the second
 * derivative L2_f (A', E', W), the upper-right block of L_f ([A' E'; 0 A'],
 * [W 0; 0 W]) (f of [A' E' W 0; 0 A' 0 W; 0 0 A' E'; 0 0 0 A']): FRECHET
 * again, on twice the size, so every order follows by the same rule. */
static void grad_matfun(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * a = y->in[0];
    int dt = y->dtype;
    if (y->op != DFG_OP_FRECHET) {
        /* [S, ITERS] = logm (A): S(:) packed before ITERS (no gradient) */
        if (y->op == DFG_OP_LOGM && y->iattr[0])
            g = gb_part(c, g, 0, a->dims[0], a->dims[0]);
        gx[0] = frechet(c, y->op, y, T(a), gb_cast(c, g, dt));
        return;
    }
    int f = (int)y->iattr[0];
    int64_t n = a->dims[0];
    dfg_node * w = gb_cast(c, g, dt), * at = gb_cast(c, T(a), dt);
    if (need[1])
        gx[1] = frechet(c, f, y, at, w);
    if (need[0]) {
        int64_t z[2] = {n, n};
        dfg_node * zero = gb_fill(c, dt, 2, z, 0);
        dfg_node * big = frechet(c, f, y, upper_blocks(c, at, gb_cast(c, T(y->in[1]), dt), NULL),
                                 upper_blocks(c, w, zero, w));
        gx[0] = gb_slice(c, gb_slice(c, big, 0, 0, n), 1, n, 2 * n);
    }
}

void dfg_grad_linalg(gctx * c, dfg_node * y, dfg_node * g, const int * need, dfg_node ** gx)
{
    dfg_node * a = y->in[0];
    switch (y->op) {
    case DFG_OP_MLDIVIDE:
        grad_mldivide(c, y, g, need, gx);
        return;
    case DFG_OP_INV:
        /* Y = inv (A): gA = -Y' G Y' */
        gx[0] = gb_neg(c, MTM(y, MMT(g, y)));
        return;
    case DFG_OP_DET:
        /* d det (A) = det (A) tr (A^-1 dA): gA = g det (A) inv (A)' */
        gx[0] = gb_mul(c, gb_mul(c, g, y), T(gb_op1(c, DFG_OP_INV, a)));
        return;
    case DFG_OP_CHOL:  gx[0] = grad_chol(c, y, g); return;
    case DFG_OP_LU:    gx[0] = grad_lu(c, y, g); return;
    case DFG_OP_QR:    gx[0] = grad_qr(c, y, g); return;
    case DFG_OP_EIG_SYM: gx[0] = grad_eig(c, y, g); return;
    case DFG_OP_SVD:   gx[0] = grad_svd(c, y, g); return;
    case DFG_OP_PINV:  gx[0] = pinv_adjoint(c, a, y, g); return;
    case DFG_OP_EXPM: case DFG_OP_SQRTM: case DFG_OP_LOGM: case DFG_OP_FRECHET:
        grad_matfun(c, y, g, need, gx);
        return;
    }
    gb_fail(c, dfg_set_error(DFG_ERR_INTERNAL, "dfg.grad: no rule for %s", dfg_ops[y->op].name));
}
