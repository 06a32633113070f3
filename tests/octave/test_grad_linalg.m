## Gradients of the linear-algebra ops against central differences, in
## double and single; Hessian-vector products; JVP/VJP consistency (see
## dfg_check_grad).  Factorizations with several outputs are checked
## through the helpers grad_lu_parts, grad_qr_parts and grad_eig_parts.

%!shared M, A, N, B4, C4, T3, S4
%! randn ("state", 11);  rand ("state", 11);
%! M = randn (4, 4) + 4 * eye (4);  A = randn (3, 4);  N = randn (4, 3);
%! B4 = randn (4, 2);  C4 = randn (4, 1);  T3 = randn (3, 1);
%! S4 = randn (4, 4);  S4 = S4' * S4 + 4 * eye (4);

## solves and inverses
%!test dfg_check_grad (@(a, b) a \ b, {M, B4});
%!test dfg_check_grad (@(a, b) b / a, {M, B4'});
%!test dfg_check_grad (@(a, b) a \ b, {N, C4});
%!test dfg_check_grad (@(a, b) a \ b, {A, T3});
%!test dfg_check_grad (@(a) inv (a), {M});
%!test dfg_check_grad (@(a) a ^ -1, {M});
%!test dfg_check_grad (@(a) det (a), {M});
%!test dfg_check_grad (@(a) log (det (a)), {S4});
%!test dfg_check_grad (@(a) pinv (a), {A});
%!test dfg_check_grad (@(a) pinv (a), {N});

## factorizations
%!test dfg_check_grad (@(a) chol (a), {S4});
%!test dfg_check_grad (@(x) chol (x' * x + eye (4)), {A});
%!test dfg_check_grad (@(a) 2 * sum (log (diag (chol (a)))), {S4});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 3), {M});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 2), {M});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 3), {A});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 3), {N});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 2), {N});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {N});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {M});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {A});
## qr at a square matrix of rank n-1 (its first n-1 columns independent)
## is differentiable: Q's last column is fixed by the others; the rule
## must not divide by the zero (or rounding's tiny) last pivot
%!test dfg_check_grad (@(a) grad_qr_parts (a), {[1 1; 1 1]});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {[2 2; 2 2]});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {[1 2 3; 4 5 6; 7 8 9]});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {M(:, [1 2 3 3]) .* [1 1 1 2]});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {[A(:, 1:2), A(:, 1:2)*[1; -2], A(:, 4)]});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {reshape([1 1; 1 1], [2 1 2])});
%!test dfg_check_grad (@(a) grad_qr_parts (a), {-3});
## lu likewise: at a square matrix of rank n-1 (first n-1 columns
## independent, no ties in the pivot choice) L and U are differentiable
%!test dfg_check_grad (@(a) grad_lu_parts (a, 3), {[1 1; 2 2]});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 2), {[1 1; 2 2]});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 3), {[1 2 3; 4 5 6; 7 8 9]});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 2), {M(:, [1 2 3 3]) .* [1 1 1 2]});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 3), {[1 2 3 1; 2 4 6 1; 7 8 9 0.5]});
%!test dfg_check_grad (@(a) grad_lu_parts (a, 3), {-3});
%!test dfg_check_grad (@(a) eig ((a + a') / 2), {M});
%!test dfg_check_grad (@(a) grad_eig_parts (a), {M});
%!test dfg_check_grad (@(a) svd (a), {A});
%!test dfg_check_grad (@(a) svd (a), {N});
%!test dfg_check_grad (@(a) svd (a), {M});
%!test dfg_check_grad (@(a) norm (a), {A});
%!test dfg_check_grad (@(a) norm (a, "fro") + norm (a, 1) + norm (a, Inf), {A});

## log-determinant of an SPD matrix through chol is stable where det
## overflows
%!test
%! x = dfg.input ([60 60]);
%! ld = 2 * sum (log (diag (chol (x))));
%! f = dfg.function ({x}, {ld, dfg.grad(ld, x)});
%! X = 1e6 * eye (60) + ones (60);
%! [v, g] = f (X);
%! assert (isfinite (v));
%! assert (v, sum (log (eig (X))), 1e-9 * abs (v));
%! ## d logdet / dA = inv (A) on A's upper triangle, both triangles' share
%! Ai = inv (X);
%! assert (g, triu (2 * Ai) - diag (diag (Ai)), 1e-15);

## unsupported gradients give clear errors
%!error <economy> x = dfg.input ([4 3]); [q, r] = qr (x); dfg.grad (sum (r(:)), x)
%!test
%! ## a wide A: full and economy qr coincide
%! x = dfg.input ([3 4]);
%! [q, r] = qr (x);
%! g = dfg.grad (sum (r(:)) + sum (q(:) .^ 2), x);
%! assert (size (g), [3 4]);

## ---- issue 22: svd with vectors (i22-linalg) ---------------------------------
## grad_svd_parts removes the sign of each singular vector pair
%!test dfg_check_grad (@(a) grad_svd_parts (a, true), {A});
%!test dfg_check_grad (@(a) grad_svd_parts (a, true), {N});
%!test dfg_check_grad (@(a) grad_svd_parts (a, true), {M});
%!test dfg_check_grad (@(a) grad_svd_parts (a, false), {M});
%!test dfg_check_grad (@(a) grad_svd_parts (a, true), {-2});
%!test dfg_check_grad (@(a) nthargout (2, @svd, a, 0), {N});
## the full SVD of a non-square matrix (extra columns not unique) and the
## one-output qr (Householder form) have no gradient
%!error <economy SVD> x = dfg.input ([4 3]); [u, s, v] = svd (x); dfg.grad (sum (s(:)), x)
%!error <Householder> x = dfg.input ([4 3]); dfg.grad (sum (qr (x)(:)), x)
## eig of a non-symmetric matrix (real, distinct spectrum): values and
## vectors (unit norm, as LAPACK); the symmetric rule where A is symmetric
%!test
%! randn ("state", 25);  X = randn (4);
%! dfg_check_grad (@(a) eig (a), {X * diag([1 2 3 4]) / X});
%! dfg_check_grad (@(a) grad_eig_gen_parts (a), {X * diag([1 2 3 4]) / X});
%!test dfg_check_grad (@(a) grad_eig_gen_parts (a), {[2 1; 0.5 3]});
%!test dfg_check_grad (@(a) grad_eig_gen_parts (a), {[1 2 0.1; 0.2 3 1; 0.1 0.3 5]});
## expm, sqrtm, logm: Frechet derivatives (FRECHET op, second order and
## forward mode through it too)
%!test
%! randn ("state", 28);  X = randn (4);  P = X * X' + eye (4);
%! for f = {@expm, @sqrtm, @logm}
%!   dfg_check_grad (@(a) f{1}(a), {P});
%!   dfg_check_grad (@(a) f{1}(a), {[2 1; 0.5 3]});
%!   dfg_check_grad (@(a) f{1}(a), {[4 1 0; 0 9 2; 0 0 16]});
%!   dfg_check_grad (@(a) f{1}(a), {[0.5 -2; 2 0.5]});
%!   dfg_check_grad (@(a) f{1}(a), {3});
%! endfor
%! dfg_check_grad (@(a) expm (a), {X});
%! dfg_check_grad (@(a) expm (a), {[0 -2; 2 0]});
%! dfg_check_grad (@(a) trace (expm (a)) + sum (sum (logm (a * a' + eye (4)))), {X});
%!test
%! ## logm (A, opt_iters): the derivative of what is computed with at most
%! ## opt_iters square roots (the FRECHET op keeps the bound); iters has none
%! warning ("off", "all", "local");
%! dfg_check_grad (@(a) logm (a, 2), {[2 1; 0.5 3]});
%! dfg_check_grad (@(a) logm (a, 0), {[2 1; 0.5 3]});
%! dfg_check_grad (@(a) grad_logm_parts (a), {[4 1 0; 0 9 2; 0 0 16]});
%!test
%! ## third order: the Hessian-vector product of a function of expm, again
%! x = dfg.input ([2 2]);
%! y = sum (sum (expm (x) .^ 2));
%! g = dfg.grad (y, x);
%! v = [1 0; 0 -1];
%! hv = dfg.jvp (g, x, dfg.constant (v));
%! f = dfg.function ({x}, {hv});
%! A = [0.3 1; -0.2 0.4];  h = 1e-5;
%! gf = dfg.function ({x}, {g});
%! want = (gf (A + h * v) - gf (A - h * v)) / (2 * h);
%! assert (f (A), want, 1e-6 * max (abs (want(:))));
## cond: through svd values (2-norm) or norm and inv; rank has no gradient
## (an integer of the values: zeros)
%!test
%! randn ("state", 29);  M = randn (4);  A = randn (4, 3);
%! dfg_check_grad (@(a) cond (a), {M});
%! dfg_check_grad (@(a) cond (a), {A});
%! dfg_check_grad (@(a) cond (a, 1) + cond (a, Inf) + cond (a, "fro"), {M});
%! x = dfg.input ([3 3]);
%! f = dfg.function ({x}, {dfg.grad(rank (x), x)});
%! assert (f (magic (3)), zeros (3));
%!test dfg_check_grad (@(a) chol (a, "lower"), {[4 1 2; 1 3 0; 2 0 5]});
%!test
%! ## sqrtm at a singular matrix: the derivative does not exist (NaN, not
%! ## an error)
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {dfg.grad(sum (sum (sqrtm (x))), x)});
%! warning ("off", "Octave:sqrtm:SingularMatrix", "local");
%! g = f ([1 -1; -1 1] / 6);
%! assert (size (g), [2 2]);
%! assert (! all (isfinite (g(:))));
## implicit functions: the root's derivatives by the implicit function
## theorem against central differences of the plain solve, second order
%!test dfg_check_grad (@(A, b) dfg.fsolve (@(x) x.^3 + A * x - b, zeros (2, 1), optimset ("TolFun", 1e-13)), {[3 1; 0.5 4], [1; -2]});
%!test dfg_check_grad (@(w) dfg.argmin (@(x) sum (cosh (x - w) + x.^2 / 2), zeros (2, 1), optimset ("TolFun", 1e-13)), {[0.3; -1]});
