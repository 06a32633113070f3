## Gradients of every differentiable op against central differences, in
## double and single, with broadcasting shapes; Hessian-vector products
## against differences of the gradient; JVP/VJP consistency.  See
## dfg_check_grad.  Run with the repository root and tests/octave on the
## path:  test ("tests/octave/test_grad_ops.m")

%!shared A, B, C, R, S, P, Q, U, V3, W3, M, N
%! randn ("state", 7);  rand ("state", 7);
%! A = randn (3, 4);  B = randn (3, 4);  C = randn (3, 1);  R = randn (1, 4);
%! S = randn ();  P = rand (3, 4) + 0.5;  Q = rand (1, 4) + 0.5;
%! U = 1.6 * rand (3, 4) - 0.8;  V3 = randn (2, 3, 2);  W3 = randn (2, 1, 2);
%! M = randn (4, 4) + 4 * eye (4);  N = randn (4, 3);

## element-wise unary
%!test dfg_check_grad (@(x) -x, {A});
%!test dfg_check_grad (@(x) exp (x), {A});
%!test dfg_check_grad (@(x) log (x), {P});
%!test dfg_check_grad (@(x) log1p (x), {U});
%!test dfg_check_grad (@(x) expm1 (x), {A});
%!test dfg_check_grad (@(x) log2 (x), {P});
%!test dfg_check_grad (@(x) log10 (x), {P});
%!test dfg_check_grad (@(x) sqrt (x), {P});
%!test dfg_check_grad (@(x) abs (x), {A});
%!test dfg_check_grad (@(x) sin (x), {A});
%!test dfg_check_grad (@(x) cos (x), {A});
%!test dfg_check_grad (@(x) tan (x), {U});
%!test dfg_check_grad (@(x) asin (x), {U});
%!test dfg_check_grad (@(x) acos (x), {U});
%!test dfg_check_grad (@(x) atan (x), {A});
%!test dfg_check_grad (@(x) sinh (x), {A});
%!test dfg_check_grad (@(x) cosh (x), {A});
%!test dfg_check_grad (@(x) tanh (x), {A});
%!test dfg_check_grad (@(x) asinh (x), {A});
%!test dfg_check_grad (@(x) acosh (x), {P + 1});
%!test dfg_check_grad (@(x) atanh (x), {U});
%!test dfg_check_grad (@(x) erf (x), {A});
%!test dfg_check_grad (@(x) erfc (x), {A});
%!test dfg_check_grad (@(x) gamma (x), {P + 0.5}, "tol", 1e-5);
%!test dfg_check_grad (@(x) gammaln (x), {P});
%!test dfg_check_grad (@(x) psi (x), {P + 0.5});
%!test dfg_check_grad (@(x) psi (1, x), {P + 0.5});
%!test dfg_check_grad (@(x) x .* sign (x), {A});
%!test dfg_check_grad (@(x) x + floor (x) + ceil (x) + round (x) + fix (x), {A + 0.25});
%!test
%! ## cast: the gradient comes back in the input's class
%! x = dfg.input ([3 4]);
%! g = dfg.grad (sum (sum (single (x) .^ 2)), x);
%! assert (class (g), "double");
%! f = dfg.function ({x}, {g});
%! assert (f (A), 2 * A, 1e-6);

## element-wise binary, with broadcasting
%!test dfg_check_grad (@(x, y) x + y, {A, B});
%!test dfg_check_grad (@(x, y) x + y, {A, C});
%!test dfg_check_grad (@(x, y) x - y, {R, A});
%!test dfg_check_grad (@(x, y) x - y, {S, A});
%!test dfg_check_grad (@(x, y) x .* y, {A, B});
%!test dfg_check_grad (@(x, y) x .* y, {C, R});
%!test dfg_check_grad (@(x, y) x .* y, {V3, W3});
%!test dfg_check_grad (@(x, y) x ./ y, {A, P});
%!test dfg_check_grad (@(x, y) x ./ y, {C, Q});
%!test dfg_check_grad (@(x, y) x .\ y, {P, A});
%!test dfg_check_grad (@(x, y) x .^ y, {P, A});
%!test dfg_check_grad (@(x, y) x .^ y, {P, S});
%!test dfg_check_grad (@(x) x .^ 2, {A});
%!test dfg_check_grad (@(x) x .^ 3, {A});
%!test dfg_check_grad (@(x) 2 .^ x, {A});
%!test dfg_check_grad (@(x, y) atan2 (x, y), {A, B});
%!test dfg_check_grad (@(x, y) hypot (x, y), {A, C});
%!test dfg_check_grad (@(x, y) mod (x, y), {A, P + 1});
%!test dfg_check_grad (@(x, y) rem (x, y), {A, P + 1});
%!test dfg_check_grad (@(x, y) max (x, y), {A, B});
%!test dfg_check_grad (@(x, y) min (x, y), {A, C});
%!test dfg_check_grad (@(x) max (x, 0), {A});
%!test dfg_check_grad (@(x, y) merge (x > 0, x, y), {A, B});
%!test dfg_check_grad (@(x) merge (false, x, 0) - 3 * x, {A});
%!test dfg_check_grad (@(x, y) merge (true, x, y), {A, S});
%!test
%! x = dfg.input ([3 3]);
%! g = dfg.grad (sum (sum (merge (false, x, 0) - x)), x);
%! f = dfg.function ({x}, {g});
%! assert (f (magic (3)), -ones (3));
%!test dfg_check_grad (@(x, y) x * y, {A, S});
%!test dfg_check_grad (@(x) x / 3 + 2 \ x, {A});

## reductions and scans
%!test dfg_check_grad (@(x) real (x) .* conj (x) + imag (x), {A});
%!test dfg_check_grad (@(x) deg2rad (x) + rad2deg (x), {A});
%!test dfg_check_grad (@(x) range (x, 2), {A});
%!test dfg_check_grad (@(x) trapz (x) + cumtrapz (x, 2)(end), {A});
%!test dfg_check_grad (@(x) polyval ([2 -1 3], x), {A});
%!test dfg_check_grad (@(x) sumsq (x), {A});
%!test dfg_check_grad (@(x) sumsq (x, 2), {A});
%!test dfg_check_grad (@(x) sumsq (x, 3) .* 0.5, {V3});
%!test dfg_check_grad (@(x) sum (x), {A});
%!test dfg_check_grad (@(x) sum (x, 2), {A});
%!test dfg_check_grad (@(x) sum (x, 3), {V3});
%!test dfg_check_grad (@(x) sum (x(:)), {V3});
%!test dfg_check_grad (@(x) prod (x), {A});
%!test dfg_check_grad (@(x) prod (x, 2), {[A(:, 1:3), zeros(3, 1)]});
%!test dfg_check_grad (@(x) prod (x, 2), {[0 2 0; 1 0 3; 2 3 4]});
%!test dfg_check_grad (@(x) max (x), {A});
%!test dfg_check_grad (@(x) max (x, [], 2), {A});
%!test dfg_check_grad (@(x) min (x, [], 3), {V3});
%!test dfg_check_grad (@(x) sort (x), {A});
%!test dfg_check_grad (@(x) sort (x, 2, "descend"), {A});
%!test dfg_check_grad (@(x) sort (x, 3), {V3});
%!test dfg_check_grad (@(x) sort (x(:)) .^ 2, {A});
%!test
%! ## the values' gradient follows the permutation: [s, i] = sort (x)
%! x = dfg.input ([3 4]);
%! [s, i] = sort (x, 2, "descend");
%! w = reshape (1:12, 3, 4);
%! f = dfg.function ({x}, {dfg.grad(sum (sum (s .* w)), x)});
%! g = f (A);
%! [~, I] = sort (A, 2, "descend");
%! G = zeros (3, 4);
%! for r = 1:3
%!   G(r, I(r, :)) = w(r, :);
%! endfor
%! assert (g, G);
%!test dfg_check_grad (@(x) cummax (x), {A});
%!test dfg_check_grad (@(x) cummin (x, 2), {A});
%!test dfg_check_grad (@(x) cummax (x, 2) .^ 2, {V3});
%!test
%! ## a tie sends the gradient to the first of the equal elements (iw)
%! x = dfg.input ([1 4]);
%! f = dfg.function ({x}, {dfg.grad(sum (cummax (x)), x)});
%! g = f ([1 3 3 2]);
%! assert (g, [1 3 0 0]);
%!test dfg_check_grad (@(x) median (x), {A});
%!test dfg_check_grad (@(x) median (x, 2), {A});
%!test dfg_check_grad (@(x) median (x, 3), {V3});
%!test dfg_check_grad (@(x) median (x), {reshape([4 0 1], [1 1 3])});   # the result ends before DIM (fuzz seed 2203)
%!test dfg_check_grad (@(x) median (x(:)) .^ 2, {A});
%!test
%! ## an even count: half to each of the two middle elements
%! x = dfg.input ([1 4]);
%! f = dfg.function ({x}, {dfg.grad(median (x), x)});
%! g = f ([4 1 3 2]);
%! assert (g, [0 0 0.5 0.5]);
%!test dfg_check_grad (@(x) cumsum (x), {A});
%!test dfg_check_grad (@(x) cumsum (x, 2), {A});
%!test dfg_check_grad (@(x) cumprod (x), {A});
%!test dfg_check_grad (@(x) cumprod (x, 2), {[1 2 0 3 1 4; 0 1 2 3 4 5; 2 3 4 5 6 0]});
%!test dfg_check_grad (@(x) cumprod (x, 2), {[1 2 0 3 0 4; 0 0 2 3 4 5]}, "order", 1);
%!test dfg_check_grad (@(x) mean (x), {A});
%!test dfg_check_grad (@(x) mean (x(:)), {V3});
%!test dfg_check_grad (@(x) var (x), {A});
%!test dfg_check_grad (@(x) var (x, 1, 2), {A});
%!test dfg_check_grad (@(x) std (x), {A});
%!test dfg_check_grad (@(x) std (x, 0, 2), {A});
%!test dfg_check_grad (@(x, y) dot (x, y), {A, B});
%!test dfg_check_grad (@(x) norm (x), {C});
%!test dfg_check_grad (@(x) norm (x, 1), {R});
%!test dfg_check_grad (@(x) norm (x, Inf), {R});
%!test dfg_check_grad (@(x) norm (x, 3), {C});
%!test dfg_check_grad (@(x) norm (x, "fro"), {A});

## re-index
%!test dfg_check_grad (@(x) x(2, :), {A});
%!test dfg_check_grad (@(x) x([1 1 3], [2 4]), {A});
%!test dfg_check_grad (@(x) x(end:-1:1), {A});
%!test dfg_check_grad (@(x) x(:, :, 2), {V3});
%!test dfg_check_grad (@(x, v) subsasgn (x, substruct ("()", {2, ":"}), v), {A, R});
%!test dfg_check_grad (@(x, v) subsasgn (x, substruct ("()", {[1 3], 2}), v), {A, S});
%!test dfg_check_grad (@(x, v) subsasgn (x, substruct ("()", {[1 1 2]}), v), {A, [1 2 3]});
%!test dfg_check_grad (@(x, v) subsasgn (x, substruct ("()", {4, 5}), v), {A, S});
%!test dfg_check_grad (@(x) subsasgn (x, substruct ("()", {[1 3], ":"}), []), {A});
%!test dfg_check_grad (@(x, y) [x, y], {A, B});
%!test dfg_check_grad (@(x, y) [x; R; y], {A, B});
%!test dfg_check_grad (@(x, y) cat (3, x, y), {A, B});
%!test dfg_check_grad (@(x) reshape (x, 2, 6), {A});
%!test dfg_check_grad (@(x) permute (x, [3 1 2]), {V3});
%!test dfg_check_grad (@(x) x', {A});
%!test dfg_check_grad (@(x) x.', {A});
%!test dfg_check_grad (@(x) repmat (x, 2, 3), {C});
%!test dfg_check_grad (@(x) circshift (x, 1, 2), {A});
%!test dfg_check_grad (@(x) flip (x, 2), {A});
%!test dfg_check_grad (@(x) diag (x), {C});
%!test dfg_check_grad (@(x) diag (x, 1), {A});
%!test dfg_check_grad (@(x) tril (x), {A});
%!test dfg_check_grad (@(x) triu (x, 1), {A});
%!test dfg_check_grad (@(x) trace (x), {M});
%!test dfg_check_grad (@(x, y) kron (x, y), {C, R});
%!test dfg_check_grad (@(x) squeeze (x(1, :, :)), {V3});

## mtimes
%!test dfg_check_grad (@(x, y) x * y, {A, N});
%!test dfg_check_grad (@(x, y) x' * y, {A, B});
%!test dfg_check_grad (@(x, y) x * y', {A, B});
%!test dfg_check_grad (@(x) x' * x, {A});
%!test dfg_check_grad (@(x) x * x', {A});
%!test dfg_check_grad (@(x, y) x * y, {R, R'});
%!test dfg_check_grad (@(x) x ^ 2, {M});
%!test dfg_check_grad (@(x) x ^ 3, {M});

## non-differentiable outputs give zeros
%!test
%! x = dfg.input ([2 2]);
%! y = sum (sum ((x > 0) + any (x) + double (x == 1) + isnan (x) + isinf (x) + isfinite (x)));
%! f = dfg.function ({x}, {dfg.grad(y, x)});
%! assert (f (randn (2)), zeros (2));
%!test
%! x = dfg.input ([2 2]); z = dfg.input ([1 1]);
%! [gx, gz] = dfg.grad (sum (x(:)), {x, z});
%! f = dfg.function ({x, z}, {gx, gz});
%! [a, b] = f (ones (2), 3);
%! assert (a, ones (2));
%! assert (b, 0);
%!test
%! ## a value used twice gets both contributions
%! x = dfg.input ([1 1]);
%! y = x .* x + sin (x) .* x;
%! f = dfg.function ({x}, {dfg.grad(y, x)});
%! g = f (0.7);
%! assert (g, 2 * 0.7 + cos (0.7) * 0.7 + sin (0.7), 1e-15);

## linear indexing of a vector along dimension 3 keeps its orientation
%!test dfg_check_grad (@(x) x([3 1 3]), {reshape([0.5 -1 2], 1, 1, 3)});
%!test dfg_check_grad (@(x) x(end:-1:1), {reshape([0.5 -1 2], 1, 1, 3)});

## deletion along one dimension of an N-d array
%!function y = grad_del_row (x)
%!  y = x;
%!  y(2, :) = [];
%!endfunction
%!test dfg_check_grad (@grad_del_row, {V3});

## norms: general p, Frobenius, matrix 1, Inf and 2; p = 0 and p < 0 are
## constant in x
%!test dfg_check_grad (@(x) norm (x, 3), {R});
%!test dfg_check_grad (@(x) norm (x, 1.5), {C});
%!test dfg_check_grad (@(x) norm (x, "fro"), {A});
%!test dfg_check_grad (@(x) norm (x, 1), {A});
%!test dfg_check_grad (@(x) norm (x, Inf), {A});
%!test dfg_check_grad (@(x) norm (x), {A});
%!test dfg_check_grad (@(x) norm (x, 0) * x, {R});
%!test
%! x = dfg.input ([1 4]);
%! g = dfg.grad (norm (x, -1), x);
%! f = dfg.function ({x}, {g});
%! assert (f ([1 2 3 4]), zeros (1, 4));

## trace of non-square matrices and vectors
%!test dfg_check_grad (@(x) trace (x), {A});
%!test dfg_check_grad (@(x) trace (x), {A.'});
%!test dfg_check_grad (@(x) trace (x), {R});

## std along a dimension of length 1 is constant (0): its gradient is 0,
## not the square root's NaN at 0
%!test
%! x = dfg.input ([1 3]);
%! f = dfg.function ({x}, {dfg.grad(sum (std (x, 0, 1)), x), dfg.grad(std (x(1)), x), std(x, 1, 1)});
%! [g1, g2, s] = f ([1 2 3]);
%! assert (g1, [0 0 0]); assert (g2, [0 0 0]); assert (s, [0 0 0]);
%!test dfg_check_grad (@(x) std (x, 0, 3), {[1 2; 3 5]});

## x(mask) = scalar with a logical tensor mask: a merge (to x where the mask
## is false, to the scalar where it is true)
%!function y = grad_mask_set (x, v)
%!  y = x;
%!  y(x > 0.1) = v;
%!endfunction
%!test dfg_check_grad (@(x, v) sum (grad_mask_set (x, v)(:) .^ 2), {A, S});
%!test dfg_check_grad (@(x, v) grad_mask_set (x, v), {single(A), single(S)});

## clamp idioms: the gradient flows where x is inside the limits, to the
## limits where they bind
%!test dfg_check_grad (@(x) sum (min (max (x, -1), 1) .^ 2), {[-2 -0.5 0.3 0.7 2.5]});
%!test dfg_check_grad (@(x, a, b) min (max (x, a), b), {A, -0.5, 0.5});
%!test dfg_check_grad (@(x, a, b) min (max (x, a), b), {A, -rand(3, 1), rand(1, 4)});

## linspace: linear in its limits
%!test dfg_check_grad (@(a, b) linspace (a, b, 6), {0.3, 2.1});
%!test dfg_check_grad (@(a, b) linspace (a, b, 5), {[0.3; -1], 2.1});
%!test dfg_check_grad (@(a, b) sum (linspace (a, b, 7) .^ 2), {single(0.3), single(2.1)});
## a == -b: the middle is +0, and still moves with the limits (fuzz seed 602)
%!test dfg_check_grad (@(a, b) linspace (a, b, 5), {1, -1});

## ---- issue 22: diff, cbrt, nthroot, vecnorm, erfinv, erfcinv ----
%!test dfg_check_grad (@(x) diff (x), {A});
%!test dfg_check_grad (@(x) diff (x, 2, 2) .^ 2, {A});
%!test dfg_check_grad (@(x) diff (x, 3), {A});
%!test dfg_check_grad (@(x) diff (x, 1, 3) .* x(:, :, 1), {V3});
%!test dfg_check_grad (@(x) cbrt (x), {A});
%!test dfg_check_grad (@(x) cbrt (x) .^ 2, {P});
%!test dfg_check_grad (@(x) nthroot (x, 3), {A});
%!test dfg_check_grad (@(x) nthroot (x, 5), {A});
%!test dfg_check_grad (@(x) nthroot (x, -5), {A});
%!test dfg_check_grad (@(x) nthroot (x, -3), {A});
%!test dfg_check_grad (@(x) nthroot (x, 4), {P});
%!test dfg_check_grad (@(x) nthroot (x, 2.5), {P});
%!test dfg_check_grad (@(x) vecnorm (x), {A});
%!test dfg_check_grad (@(x) vecnorm (x, 1, 2), {A});
%!test dfg_check_grad (@(x) vecnorm (x, Inf), {A});
%!test dfg_check_grad (@(x) vecnorm (x, 3), {A});
%!test dfg_check_grad (@(x) vecnorm (x, 4, 2), {A});
%!test dfg_check_grad (@(x) vecnorm (x, 1.5), {A});
%!test dfg_check_grad (@(x) vecnorm (x, 2, 3), {V3});
%!test dfg_check_grad (@(x) erfinv (x), {U});
%!test dfg_check_grad (@(x) erfcinv (x), {U + 1});
%!test dfg_check_grad (@(x) erfinv (x) .* erfcinv (x + 1), {U});
%!test
%! ## at 0: cbrt' = Inf (as sqrt'); vecnorm's subgradient at a zero slice
%! ## (and at 0 for p < 1) is 0, as norm's; erfinv' (+-1) = Inf
%! x = dfg.input ([1 3]);
%! f = dfg.function ({x}, {dfg.grad(sum (cbrt (x)), x), dfg.grad(sum (vecnorm (x)), x), ...
%!                         dfg.grad(sum (vecnorm (x, 3)), x), dfg.grad(sum (vecnorm (x, 0.5)), x), ...
%!                         dfg.grad(sum (erfinv (x)), x)});
%! [a, b, c, d, e] = f ([0 0 0]);
%! assert ([a; b; c; d], [Inf(1, 3); zeros(3, 3)]);
%! assert (e, sqrt (pi) / 2 * ones (1, 3), 1e-15);
%! [a, b, c, d, e] = f ([0 1 -1]);
%! assert ([a(1) b(1) c(1) d(1)], [Inf 0 0 0]);
%! assert (b(2:3), [1 -1] / sqrt (2), 1e-15);
%! assert (e(2:3), [Inf Inf]);
## mode: m's gradient goes to the first occurrence of m in x; f has none
%!test
%! K = [1 3 2 0; 2 -1 3 0; 2 3 -4 5; 1 3 3 0];
%! x = dfg.input ([4 4]);
%! [m, f] = mode (x);
%! F = dfg.function ({x}, {dfg.grad(sum (m .* [1 2 3 4]), x), dfg.grad(sum (f), x)});
%! [gm, gf] = F (K);
%! assert (gm, [1 2 0 4; 0 0 3 0; 0 0 0 0; 0 0 0 0]);
%! assert (gf, zeros (4));
## distinct values: the mode is the smallest, a differentiable selection
%!test dfg_check_grad (@(x) mode (x), {A});
%!test dfg_check_grad (@(x) mode (x, 2) .^ 2, {A});
## gammainc: the gradient in x is the integrand (scaled tails through D);
## in a the derivative op (jets through gammainc.m's cases), second order
## included (mixed x-a and a-a); a third derivative in a is refused
%!test
%! for t = {"lower", "upper", "scaledlower", "scaledupper"}
%!   dfg_check_grad (@(x, a) gammainc (x, a, t{1}), {P * 3, P * 4});
%!   dfg_check_grad (@(x) gammainc (x, 2.5, t{1}), {P * 3});
%!   dfg_check_grad (@(a) gammainc (2.5, a, t{1}), {Q * 8});
%!   dfg_check_grad (@(x, a) gammainc (x, a, t{1}), {Q * 12, 14});
%!   dfg_check_grad (@(x, a) gammainc (x, a, t{1}), {1.5, Q * 0.5});
%! endfor
%! dfg_check_grad (@(x, a) gammainc (x, a) .* gammainc (x, 12, "upper"), {P * 8, 3});
%!error id=dfg:notDifferentiable
%! x = dfg.input ([2 2]);  a = dfg.input ([1 1]);
%! g = dfg.grad (sum (sum (gammainc (x, a))), a);
%! dfg.grad (dfg.grad (g, a), a);
## the derivative in a is complex where x < 0 (the value is real for integer a)
%!error id=dfg:complexResult
%! a = dfg.input ([1 1]);
%! f = dfg.function ({a}, {dfg.grad(gammainc (-2, a), a)});
%! f (3);
## betainc: the gradient in x is the integrand; in a and b the derivative
## ops (jets through betainc.m's continued fraction), second order included
%!test
%! X = rand (3, 4) * 0.9 + 0.05;
%! for t = {"lower", "upper"}
%!   dfg_check_grad (@(x, a, b) betainc (x, a, b, t{1}), {X, P * 3, P + 1});
%!   dfg_check_grad (@(x) betainc (x, 2.5, 0.7, t{1}), {X});
%!   dfg_check_grad (@(a, b) betainc (0.3, a, b, t{1}), {1, Q * 3});
%!   dfg_check_grad (@(x, b) betainc (x, 3, b, t{1}), {X, 1});
%!   dfg_check_grad (@(x, a) betainc (x, a, 2, t{1}), {0.4, P * 3});
%! endfor
%!error id=dfg:notDifferentiable
%! x = dfg.input ([2 2]);  b = dfg.input ([1 1]);
%! g = dfg.grad (sum (sum (betainc (x, 2, b))), b);
%! dfg.grad (dfg.grad (g, b), b);

## ---- signal processing (issue 22): conv, filter ----
## conv, conv2: gradients to every argument (correlations), every shape
## and orientation; filter: to b, a (the IIR recurrence through a(1)'s
## normalisation), x and si, through y and the final state sf, along DIM
%!function r = grad_filter_ysf (b, a, x, si, varargin)
%!  [y, sf] = filter (b, a, x, si, varargin{:});
%!  r = [y(:); 2 * sf(:)];
%!endfunction
%!test
%! randn ("state", 11);
%! a = randn (1, 5);  b = randn (3, 1);
%! for shape = {"full", "same", "valid"}
%!   sh = shape{1};
%!   dfg_check_grad (@(a, b) conv (a, b, sh), {a, b});
%!   dfg_check_grad (@(a, b) conv (a, b, sh), {b, a});
%!   dfg_check_grad (@(a, b) conv (a, b, sh) .^ 2, {a, b'});
%! endfor
%!test dfg_check_grad (@(a) conv (a, a), {[0.5 -1 2]});
%!test
%! randn ("state", 14);
%! M = randn (4, 3);  K = randn (2, 3);
%! for shape = {"full", "same", "valid"}
%!   sh = shape{1};
%!   dfg_check_grad (@(a, b) conv2 (a, b, sh), {M, K});
%!   dfg_check_grad (@(a, b) conv2 (a, b, sh) .^ 2, {K, M});
%!   dfg_check_grad (@(u, v, m) conv2 (u, v, m, sh), {[0.5 -1], [2; 1; 0.3], M});
%! endfor
%!test dfg_check_grad (@(a, b) conv (a, b), {1.5, [0.5 -1 2]});
%!test
%! randn ("state", 12);
%! x = randn (6, 2);  b = [0.5 0.3 0.2];  a = [1.3 -0.5 0.2];
%! dfg_check_grad (@(x) filter (b, a, x), {x});
%! dfg_check_grad (@(b) filter (b, a, x), {b});
%! dfg_check_grad (@(a) filter (b, a, x), {a});
%! dfg_check_grad (@(b, a, x) filter (b, a, x), {b, a, x});
%! dfg_check_grad (@(b, a, x) filter (b, a, x) .^ 2, {b, a, x});
%! dfg_check_grad (@(b, a, x) filter (b, a, x, [], 2), {b, a, x});
%! dfg_check_grad (@(b, a, x) filter (b, a, x), {[0.4 -0.3], 2, x(:, 1)'});
%! dfg_check_grad (@(b, a, x) filter (b, a, x), {0.7, [1.2 0.3 -0.1], x(:, 1)});
%! dfg_check_grad (@(b, a, x) filter (b, a, x), {0.7, 1.5, x});
%!test
%! randn ("state", 13);
%! x = randn (5, 3);  b = [0.5 0.3 0.2];  a = [1.3 -0.5];  si = randn (2, 3);
%! dfg_check_grad (@(b, a, x, si) grad_filter_ysf (b, a, x, si), {b, a, x, si});
%! dfg_check_grad (@(b, a, x, si) grad_filter_ysf (b, a, x, si, 2), {b, a, x', si});
%! dfg_check_grad (@(b, a, x, si) grad_filter_ysf (b, a, x, si), {b, [0.8 0.1 0.3 -0.2], x(:, 1), randn(3, 1)});
%! dfg_check_grad (@(b, a, x, si) grad_filter_ysf (b, a, x, si), {b, a, x(1, :), [0.3 -0.2]});
%! dfg_check_grad (@(b, a, x, si) grad_filter_ysf (b, a, x, si), {[0.2 0.1 0.4 0.3], a, [0.5 -1], randn(3, 1)});
%! dfg_check_grad (@(b, a, x, si) grad_filter_ysf (b, a, x, si, 3), {b, a, randn(2, 2, 3), randn(2, 2, 2)});
%! dfg_check_grad (@(b, a, x) grad_filter_ysf (b, a, x, []), {b, a, x});
%! ## a state of length 1 along the last dimension (its size ends in 1s)
%! dfg_check_grad (@(b, a, x, si) grad_filter_ysf (b, a, x, si, 3), {[0.5 0.2], [1.2 0.3], randn(2, 2, 3), randn(1, 2, 2)});
