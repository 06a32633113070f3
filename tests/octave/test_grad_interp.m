## Gradients of dfg's interpolation, fitting and assembly functions
## against central differences (dfg_check_grad: first and second order,
## single, forward vs reverse): interp1 with respect to y (every method)
## and xi (linear, pchip, spline; zero for the piecewise constant ones),
## with respect to a tensor x (the same methods),
## meshgrid, ndgrid, accumarray, polyfit.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_grad_interp.m")

%!shared X, Y, YM, XI
%! X = [1 2 4 7 8];  Y = [3 -1 2 5 0];  YM = [Y; Y.^2 / 10; -Y].';
%! XI = [0.5 1.3 1.7 2.2 3.3 4.7 7.9 9];   # away from the breaks and midpoints (and *pchip's linspace breaks)

%!test
%! for m = {"linear", "nearest", "previous", "next", "pchip", "spline", "*linear"}
%!   dfg_check_grad (@(y) interp1 (X, y, XI(2:7), m{1}), {Y});
%!   dfg_check_grad (@(y) interp1 (X, y, XI, m{1}, "extrap"), {YM});
%! endfor
%!test
%! for m = {"linear", "pchip", "spline", "nearest", "previous"}
%!   dfg_check_grad (@(xi) interp1 (X, Y, xi, m{1}), {XI(2:7)});
%!   dfg_check_grad (@(y, xi) interp1 (X, y, xi, m{1}, "extrap"), {YM, XI.'});
%! endfor
## with respect to the sample points x (a tensor): linear, pchip, spline
## (and their * forms) through the breaks and the coefficients, unsorted
## and decreasing x; nearest/previous/next are piecewise constant in y with
## breaks that move with x: zero almost everywhere
%!test
%! for m = {"*linear", "*pchip", "*spline", "nearest", "previous", "next"}
%!   dfg_check_grad (@(x) interp1 (x, YM, XI.', m{1}, "extrap"), {[4 1 8 2 7]});
%! endfor
%! for m = {"linear", "pchip", "spline"}
%!   dfg_check_grad (@(x, y, xi) interp1 (x, y, xi, m{1}, "extrap"), {[4 1 8 2 7], YM, XI.'});
%!   dfg_check_grad (@(x) interp1 (x, Y, XI(2:7), m{1}, "left"), {fliplr(X)});
%! endfor
%! dfg_check_grad (@(x, y) interp1 (x, y, XI(2:7), "spline"), {[1 3 8], Y(1:3)});
## pchip: slopes at sign changes, flat pieces and the ends' limits
%!test
%! for yy = {[1 1.5 2 2.5 1], [0 3 3.1 -4 -4.2], [1 2.5 10 11 12], [5 4 -20 -21 0]}
%!   dfg_check_grad (@(y, xi) interp1 (X, y, xi, "pchip"), {yy{1}, [1.2 1.9 3 5 7.7]});
%! endfor

## meshgrid, ndgrid: the adjoint sums over the repeated dimensions
%!test
%! a = [1 2 3];  b = [4; 5];  c = [6 7 8 9];
%! dfg_check_grad (@(x, y) meshgrid (x, y), {a, b});
%! dfg_check_grad (@(x, y) nthargout (2, @meshgrid, x, y), {a, b});
%! dfg_check_grad (@(x, y, z) nthargout (3, @meshgrid, x, y, z), {a, b, c});
%! dfg_check_grad (@(x, y, z) nthargout (1, @meshgrid, x, y, z) .* nthargout (3, @meshgrid, x, y, z), {a, b, c});
%! dfg_check_grad (@(x, y) nthargout (1, @ndgrid, x, y) .* nthargout (2, @ndgrid, x, y), {a, b});
%! dfg_check_grad (@(x) nthargout (2, @ndgrid, x), {c});

## accumarray: @sum's gradient gathers the adjoint; @max/@min's goes to the winners
%!test
%! S = [1;2;1;4;2;2];  V = [1 -2 3 4 5 -0.5];  T = [1;1;2;2;1;3];
%! dfg_check_grad (@(v) accumarray (S, v), {V});
%! dfg_check_grad (@(v) accumarray ([S T], v), {V.'});
%! dfg_check_grad (@(v) accumarray (S, v, [2 3], @sum, 2), {V});
%! dfg_check_grad (@(v) accumarray (S, v, [6 1], @max), {abs(V)});
%! dfg_check_grad (@(v) accumarray (S, v, [4 1], @min), {-abs(V)});
%! dfg_check_grad (@(v) accumarray (S, v .^ 2, [4 1], @max) .* accumarray (S, v), {V});

## polyfit: through the Vandermonde matrix, the QR and the solve
%!test
%! x = [0 0.5 1.2 2 2.5 3.1];  y = [1 -0.5 2 3 1.5 0.2];
%! dfg_check_grad (@(y) polyfit (x, y, 2), {y});
%! dfg_check_grad (@(x, y) polyfit (x, y, 2), {x, y});
%! dfg_check_grad (@(x) polyfit (x, y, 1), {x});
%! dfg_check_grad (@(y) polyfit (x, y, logical([1 0 1])), {y});
%! dfg_check_grad (@(x, y) polyval (polyfit (x, y, 3), x), {x, y});

## histc: counts are piecewise constant: a zero gradient
%!test
%! x = [0.5 1.5 2.5 3.2];
%! dfg_check_grad (@(x) histc (x, [0 1 2 3]) + sum (x), {x});
%! xt = dfg.input ([1 4]);
%! g = dfg.function (xt, dfg.grad (sum (histc (xt, [0 1 2 3]) .* [1 2 3 4]) + sum (xt .^ 2), xt));
%! assert (g (x), 2 * x);

## lookup: integer-valued (a binary search): no gradient flows through it
%!test
%! xt = dfg.input ([1 4]);
%! g = dfg.function (xt, dfg.grad (sum (lookup ([0 1 2 3], xt) .* [1 2 3 4]) + sum (xt .^ 2), xt));
%! assert (g ([0.5 1.5 2.5 3.2]), 2 * [0.5 1.5 2.5 3.2]);
%! g = dfg.function (xt, dfg.grad (sum (lookup (xt, [0.5 2.5], "lr")) + sum (xt), xt));
%! assert (g ([0 1 2 3]), ones (1, 4));
