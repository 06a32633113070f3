## Parity of dfg's interpolation, fitting and assembly functions with
## Octave's: interp1 (every method, extrapolation forms, vector and matrix
## Y, tensor Y and/or XI), meshgrid, ndgrid, accumarray, polyfit, histc;
## double, single, empty and 3-D cases; their error cases.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_parity_interp.m")

%!shared X, Y, YM, XI, XD, M
%! X = [1 2 4 7 8];  Y = [3 -1 2 5 0];  YM = [Y; Y.^2; -Y].';
%! XI = [0.5 1 1.5 2 3 4.5 7.9 8 9 NaN];
%! XD = [8 7 4 2 1];                      # decreasing sample points
%! M = {"linear", "nearest", "previous", "next", "pchip", "cubic", "spline", ...
%!      "*linear", "*nearest", "*previous", "*next", "*pchip", "*spline"};

## interp1: tensor y and xi, every method, NaN / "extrap" / a value outside
%!test
%! for m = M
%!   dfg_check_parity (@(y, xi) interp1 (X, y, xi, m{1}), {Y, XI});
%!   dfg_check_parity (@(y, xi) interp1 (X, y, xi, m{1}, "extrap"), {Y, XI});
%!   dfg_check_parity (@(y, xi) interp1 (X, y, xi, m{1}, 7), {Y, XI.'});
%! endfor
## tensor y only / xi only; matrix y (columns); single
%!test
%! for m = M
%!   dfg_check_parity (@(y) interp1 (X, y, XI, m{1}), {YM});
%!   dfg_check_parity (@(xi) interp1 (X, Y, xi, m{1}), {XI});
%!   dfg_check_parity (@(xi) interp1 (X, YM, xi, m{1}, "extrap"), {reshape(XI(2:9), 2, 4)});
%!   dfg_check_parity (@(y, xi) interp1 (X, y, xi, m{1}), {single(YM), XI.'});
%!   dfg_check_parity (@(y, xi) interp1 (X, y, xi, m{1}), {Y, single(XI)});
%! endfor
## single sample points
%!test
%! for m = {"linear", "nearest", "previous", "next", "pchip", "spline"}
%!   dfg_check_parity (@(y, xi) interp1 (single (X), y, xi, m{1}), {Y, XI});
%!   dfg_check_parity (@(y, xi) interp1 (single (X), y, xi, m{1}, "extrap"), {single(Y), XI});
%! endfor
## decreasing and unsorted x, y-only form, left/right, jumps, 3-D y, empties
%!test
%! for m = {"linear", "nearest", "previous", "next", "pchip", "spline"}
%!   dfg_check_parity (@(y, xi) interp1 (XD, y, xi, m{1}), {Y, XI});
%!   dfg_check_parity (@(y, xi) interp1 ([4 1 8 2 7], y, xi, m{1}), {Y, XI});
%!   dfg_check_parity (@(y, xi) interp1 (y, xi, m{1}), {Y, [1 1.5 2.5 4 5 6]});
%!   dfg_check_parity (@(y, xi) interp1 (y, xi, m{1}, "extrap"), {YM, [0 1.5; 2.5 6]});
%! endfor
%! for m = {"linear", "nearest"}
%!   for lr = {"left", "right"}
%!     dfg_check_parity (@(y, xi) interp1 ([1 2 2 3 4], y, xi, m{1}, lr{1}), {Y, [1 1.5 2 2.5 4 5]});
%!     dfg_check_parity (@(y, xi) interp1 (X, y, xi, m{1}, lr{1}), {Y, [1 2 4 4.5 8]});
%!   endfor
%! endfor
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi), {reshape(1:30, 5, 3, 2), [1.5 7.5]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi, "spline"), {reshape(1:30, 5, 3, 2), [1.5 7.5]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi, "pchip", "extrap"), {reshape(1:30, 5, 3, 2), [1.5 7.5; 2 3]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi, "nearest", "extrap"), {reshape(1:30, 5, 3, 2), [1.5 7.5; 2 3]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi), {Y, zeros(1, 0)});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi, "pchip"), {YM, zeros(0, 1)});
%! dfg_check_parity (@(y, xi) interp1 ([1 3], y, xi, "pchip"), {[2 5 1 4], [1 1.5 2.9]});
%! dfg_check_parity (@(y, xi) interp1 ([1 3], y, xi, "spline"), {[2 5 1], [1 1.5 2.9]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi, "spline"), {[0 Y 1], [1.5 3 7.5]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi), {logical([1 0 1 1 0]), [1.5 3 7.5]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi, "pchip", true), {Y, [0 1.5 3 9]});
## interp1 with tensor sample points x (bitwise Octave's: the orders of
## interp1.m chosen when the graph runs): increasing, decreasing, unsorted,
## single; x, y, xi all tensors; extrapolation; left/right
%!test
%! for m = M
%!   ## (spline: a dense solve of spline.m's system; pchip with a single X
%!   ## and double Y: __pchip_deriv__ rounds Y to single first, dfg its
%!   ## differences: an ulp or two)
%!   spl = any (strcmp (m{1}, {"spline", "*spline"}));
%!   tol = [1e-12*spl, 1e-5*(spl || any (strcmp (m{1}, {"pchip", "cubic", "*pchip"})))];
%!   dfg_check_parity (@(x, y, xi) interp1 (x, y, xi, m{1}), {[4 1 8 2 7], Y, XI}, tol);
%!   dfg_check_parity (@(x) interp1 (x, YM, XI, m{1}, "extrap"), {XD}, tol);
%!   dfg_check_parity (@(x) interp1 (x, Y, XI, m{1}, "extrap"), {single(X)}, tol);
%!   dfg_check_parity (@(x, xi) interp1 (x, Y, xi, m{1}, "left"), {[4 1 8 2 7], XI.'}, tol);
%!   dfg_check_parity (@(x) interp1 (x, YM, XI, m{1}, "right", 7), {XD}, tol);
%! endfor
## repeated x (jumps) with linear / nearest, every continuity; few points
%!test
%! for m = {"linear", "nearest"}
%!   for xx = {[1 2 2 3 4], [4 3 3 2 1], [1 1 2 3 4], [2 2 1 3 3]}
%!     for lr = {{}, {"left"}, {"right", "extrap"}}
%!       dfg_check_parity (@(x, xi) interp1 (x, Y, xi, m{1}, lr{1}{:}), {xx{1}, [0 1 1.5 2 2.5 3 4 5 NaN]}, 0);
%!     endfor
%!   endfor
%! endfor
%! for m = {"linear", "pchip", "spline", "*spline", "nearest", "next"}
%!   dfg_check_parity (@(x, y) interp1 (x, y, XI, m{1}), {[3 1], [2 5]}, 1e-12);
%!   dfg_check_parity (@(x, y) interp1 (x, y, XI, m{1}, "extrap"), {[1 3 2], YM(1:3,:)}, 1e-12);
%!   dfg_check_parity (@(x, y) interp1 (x, y, XI, m{1}), {[1 2 4 7 8 9.5 11], [Y 1 4]}, 1e-12);
%! endfor
%! dfg_check_parity (@(x, y) interp1 (x, y, XI, "pchip"), {[1 3], [2 5 1 4]}, 0);
%! dfg_check_parity (@(x, y) interp1 (x, y, XI, "spline", "extrap"), {[3 1], [2 5 1 4]}, 1e-12);
%!test
%! ## where Octave's interp1 errors (repeated x for pchip, spline,
%! ## previous, next; all x equal for linear) the result is NaN
%! for m = {"pchip", "spline", "previous", "next"}
%!   f = dfg.jit (@(x) interp1 (x, Y, [1.5 3], m{1}));
%!   assert (f ([1 2 2 3 4]), [NaN NaN]);
%!   assert (f (X), interp1 (X, Y, [1.5 3], m{1}));
%! endfor
%! f = dfg.jit (@(x) interp1 (x, Y, [1.5 3]));
%! assert (f ([2 2 2 2 2]), [NaN NaN]);

## pchip: flat pieces, sign changes, the ends' limits; Inf in y stays local
%!test
%! for yy = {[1 1 2 2 1], [0 3 3.1 -4 -4.2], [1 2 10 11 12], [5 4 -20 -21 0]}
%!   dfg_check_parity (@(y, xi) interp1 (X, y, xi, "pchip"), {yy{1}, [1 1.2 1.9 3 5 7.7 8]});
%! endfor
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi, "nearest"), {[1 Inf 2 NaN 3], [1 1.2 4 6 8]});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi), {[1 Inf 2 3 4], [1 4.5 7.5]});
%!error <dfg.interp1: invalid METHOD 'foo'> interp1 (X, dfg.input ([5 1]), 2, "foo")
%!error <dfg.interp1: with X a dfg.Tensor, Y must have as many rows as X has points \(X has 5, Y has 7 rows> interp1 (dfg.input ([5 1]), dfg.input ([7 1]), 2, "spline")
%!error <dfg.interp1: X has 5 points but Y has 4 rows> interp1 (X, dfg.input ([4 1]), 2)
%!error <dfg.interp1: a minimum of 2 points> interp1 (1, dfg.input ([1 1]), 2)
%!error <dfg.interp1: discontinuities \(repeated values in X\) are not supported for METHOD 'pchip'> interp1 ([1 2 2 3 4], dfg.input ([5 1]), 2, "pchip")
%!error <dfg.interp1: the extrapolation value must be> interp1 (X, dfg.input ([5 1]), 2, "linear", [1 2])
%!error <dfg.interp1: the "pp" form> interp1 (X, dfg.input ([5 1]), "pp")
%!error <dfg.interp1: a logical Y with METHOD 'nearest'> interp1 (X, dfg.input ([5 1], "logical"), 2, "nearest")
%!error <dfg.interp1: called with 7 arguments> interp1 (X, dfg.input ([5 1]), 2, "linear", 1, 2, 3)
%!test
%! ## array XI and array Y with NaN outside: Octave sets whole rows of the
%! ## result where the XI-shaped mask of outliers falls (or errors); dfg
%! ## does the same for a plain XI and refuses a tensor XI
%! dfg_check_parity (@(y) interp1 (X, y, [1.5 2.5; 2 1]), {YM});
%! dfg_check_parity (@(y) interp1 (X, y, [9 2.5; 2 1]), {YM});
%! dfg_check_parity (@(y) interp1 (X, y, [1.5 2.5; 2 1], "pchip", 0), {YM});
%! dfg_check_parity (@(y, xi) interp1 (X, y, xi), {YM, zeros(0, 3)});
%!error <dfg.interp1: an array XI \(2x2\) that is a tensor, with an array Y \(5x3\)> interp1 (X, YM, dfg.input ([2 2]))
%!test
%! ## a scalar XI with a 3-D Y: ppval's shape ([1 2] for a 2x1x2 Y, not
%! ## [1 1 2]) and interp1.m's row mask on it
%! for m = {"linear", "nearest", "pchip"}
%!   for xi = {0.25, 1.5, NaN}
%!     dfg_check_parity (@(y) interp1 (y, xi{1}, m{1}, 0), {reshape([1 1; 2 2], 2, 1, 2)});
%!     dfg_check_parity (@(y) interp1 (y, xi{1}, m{1}), {reshape(1:8, 2, 2, 2)});
%!     dfg_check_parity (@(y, xi) interp1 (y, xi, m{1}, 0), {reshape(1:8, 2, 2, 2), xi{1}});
%!   endfor
%! endfor
%!error <dfg.interp1: Y \(2x0\) has no columns> interp1 (dfg.input ([2 0]), [1.5 2])
%!error <dfg.interp1: XI must be numeric, not logical> interp1 (X, Y, dfg.input ([1 2], "logical"))
%!error <dfg.interp1: XI must be numeric, not logical> interp1 (X, dfg.input ([1 5]), true)
%!error id=dfg:nonconformant interp1 (X, dfg.input ([4 1]), 2)
%!error id=dfg:badArgument interp1 (X, dfg.input ([5 1]), 2, "foo")

## meshgrid, ndgrid (Octave's m-files on tensor repmat/reshape/indexing)
%!test
%! a = [1 2 3];  b = [4; 5];  c = [6 7 8 9];
%! for v = {{a}, {a, b}, {b, single(c)}, {a, b, c}}
%!   n = numel (v{1});
%!   dfg_check_parity (@meshgrid, v{1}, [], 2);
%!   if (n != 2)
%!     dfg_check_parity (@meshgrid, v{1}, [], 3);
%!   endif
%!   dfg_check_parity (@ndgrid, v{1}, [], max (n, 2));
%! endfor
%! dfg_check_parity (@(x) meshgrid (x, [1 2]), {a});
%! dfg_check_parity (@(y) meshgrid ([1 2], y), {single(c)});
%! dfg_check_parity (@ndgrid, {a}, [], 3);
%! dfg_check_parity (@ndgrid, {a, b, c, [1 2]}, [], 4);
%! dfg_check_parity (@ndgrid, {a}, [], 1);
%! dfg_check_parity (@(x) ndgrid (x, []), {a}, [], 2);
%! dfg_check_parity (@meshgrid, {logical([1 0 1]), [2 3]}, [], 2);
%!error <meshgrid: X and Y must be vectors> meshgrid (dfg.input ([2 2]))
%!error <ndgrid: arguments must be vectors> ndgrid (dfg.input ([2 2]), [1 2])

## accumarray: plain subs, tensor vals; @sum, @max, @min, sz, fillval
%!test
%! S = [1;2;1;4;2;2];  V = [1 -2 3 4 5 -0.5];  T = [1;1;2;2;1;3];
%! cases = {{@(v) accumarray(S, v), {V}}, {@(v) accumarray(S, v, [6 1]), {V.'}}, ...
%!   {@(v) accumarray(S, v, [2 3]), {single(V)}}, {@(v) accumarray(S, v, [6 1], @max), {V}}, ...
%!   {@(v) accumarray(S, v, [6 1], @min), {V}}, {@(v) accumarray(S, v, [6 1], @max), {abs(V)}}, ...
%!   {@(v) accumarray(S, v, [6 1], @min, 7), {-abs(V)}}, {@(v) accumarray(S, v, [6 1], @max, 7), {V}}, ...
%!   {@(v) accumarray(S, v, [6 1], [], 7), {V}}, {@(v) accumarray([S S], v), {V}}, ...
%!   {@(v) accumarray({S, T}, v, [4 3]), {V}}, {@(v) accumarray([S T S], v), {single(V)}}, ...
%!   {@(v) accumarray(S, v), {5}}, {@(v) accumarray(S, v), {logical(V > 0)}}, ...
%!   {@(v) accumarray([2;3], v, [1 4]), {[1;2]}}, {@(v) accumarray(S, v, [], @max), {[1 NaN 3 NaN 2 2]}}, ...
%!   {@(v) accumarray(S, v, [], @min), {[1 NaN 3 NaN -Inf Inf]}}, {@(v) accumarray(S, v, [6 1], @sum, NaN), {V}}, ...
%!   {@(v) accumarray(zeros(0, 1), v, [3 1]), {zeros(0, 1)}}, {@(v) accumarray([1;1;1], v), {[Inf 1 2]}}};
%! for k = 1:numel (cases)
%!   dfg_check_parity (cases{k}{1}, cases{k}{2});
%! endfor
%!error <dfg.accumarray: SUBS \(argument 1\) is a dfg.Tensor> accumarray (dfg.input ([3 1]), [1 2 3])
%!error <dfg.accumarray: FUNC @\(x\) prod \(x\) is not available> accumarray ([1;2;1], dfg.input ([3 1]), [], @(x) prod (x))
%!error <dfg.accumarray: VALS has 4 elements but SUBS has 3 rows> accumarray ([1;2;1], dfg.input ([4 1]))
%!error <dfg.accumarray: SZ has 3 elements but SUBS has 2 columns> accumarray ([1 1;2 1], dfg.input ([2 1]), [2 2 2])
%!error <dfg.accumarray: SUBS must be positive integers> accumarray ([1;0], dfg.input ([2 1]))
%!error <dfg.accumarray: a subscript \(5\) is out of bound> accumarray ([1;5], dfg.input ([2 1]), [4 1])
%!error <dfg.accumarray: a sparse result is not available> accumarray ([1;2], dfg.input ([2 1]), [], [], 0, true)
%!error <dfg.accumarray: logical VALS with @max> accumarray ([1;2], dfg.input ([2 1], "logical"), [], @max)
%!error id=dfg:nonconformant accumarray ([1;2;1], dfg.input ([4 1]))

## polyfit: tensor x and/or y, degree or logical mask, mu, S (plain x)
%!function [p, mu] = polyfit_mu (x, y)
%!  [p, ~, mu] = polyfit (x, y, 2);
%!endfunction
%!function [p, yf, normr, R] = polyfit_s (y)
%!  [p, s] = polyfit ([0 0.5 1.2 2 2.5 3.1], y, 2);
%!  yf = s.yf;  normr = s.normr;  R = s.R;
%!endfunction
%!test
%! x = [0 0.5 1.2 2 2.5 3.1];  y = [1 -0.5 2 3 1.5 0.2];
%! cases = {{@(x, y) polyfit(x, y, 2), {x, y}}, {@(y) polyfit(x, y, 3), {y.'}}, ...
%!   {@(x) polyfit(x, y, 1), {x}}, {@(x, y) polyfit(x, y, 2), {single(x), y}}, ...
%!   {@(y) polyfit(x, y, logical([1 0 1])), {single(y)}}, {@(x, y) polyfit(x, y, logical([1 1 0 1])), {x, y}}, ...
%!   {@(y) polyfit(x, y, 0), {y}}, {@(y) polyfit(x(1:3), y, 4), {y(1:3)}}, {@(x, y) polyfit(x, y, 7), {x, y}}, ...
%!   {@(x, y) polyfit(x, y, 2), {reshape(x, 2, 3), y.'}}, {@(y) polyfit(x, y, 1), {y > 0.5}}};
%! for k = 1:numel (cases)
%!   dfg_check_parity (cases{k}{1}, cases{k}{2});
%! endfor
%! dfg_check_parity (@polyfit_mu, {x, y}, [], 2);
%! dfg_check_parity (@(y) polyfit_mu (x, y), {y}, [], 2);
%! dfg_check_parity (@polyfit_s, {y}, [], 4);
%! dfg_check_parity (@polyfit_s, {y.'}, [], 4);
%!error <dfg.polyfit: the structure S \(output 2\) needs a plain X> [p, s] = polyfit (dfg.input ([1 4]), [1 2 3 4], 2)
%!error <dfg.polyfit: X and Y must have the same number of points \(X has 3, Y has 4\)> polyfit ([1 2 3], dfg.input ([1 4]), 1)
%!error <dfg.polyfit: N must be a non-negative integer> polyfit ([1 2 3], dfg.input ([1 3]), 1.5)
%!error <dfg.polyfit: N \(argument 3\) must be a plain value> polyfit ([1 2 3], [1 2 3], dfg.input ([1 1]))
%!error <dfg.polyfit: called with 2 arguments> polyfit ([1 2 3], dfg.input ([1 3]))

## histc: tensor x, plain edges; counts and bin indices along dim
%!test
%! x = [0.5 1 1.5 2 3 4 4 5 NaN -1];  e = [1 2 4];  e5 = [0 1 1 2 3 4];
%! A = [0.5 1 2; 3 4 4; 2 2 1; -1 5 4.5];
%! for v = {x, x.', single(x), A, reshape([A; A], 2, 4, 3), logical([1 0 1 1]), zeros(0, 3)}
%!   for ed = {e, e5, [2 1 3], 4, [-Inf 0 Inf]}
%!     ## (Octave 7.3's histc fails for 3-D X with <= 3 EDGES and DIM 1,
%!     ## cell (n) being n x n there, and for logical X with > 3 EDGES,
%!     ## which lookup refuses)
%!     bad3 = ndims (v{1}) == 3 && numel (ed{1}) <= 3;
%!     if (islogical (v{1}) && numel (ed{1}) > 3)
%!       continue;
%!     endif
%!     if (! bad3)
%!       dfg_check_parity (@(x) histc (x, ed{1}), v);
%!     endif
%!     for dim = 1:2
%!       ## (Octave 7.3's histc counts every element of a vector in the
%!       ## first slice when DIM is across it and EDGES has > 3 values:
%!       ## a bug dfg does not copy; compared where Octave is right)
%!       if (! (isvector (v{1}) && size (v{1}, dim) == 1 && numel (ed{1}) > 3) && ! (bad3 && dim == 1))
%!         dfg_check_parity (@(x) histc (x, ed{1}, dim), v, [], 2);
%!       endif
%!     endfor
%!   endfor
%! endfor
%! dfg_check_parity (@(x) histc (x, e, 3), {reshape([A; A], 2, 4, 3)}, [], 2);
%! ## where Octave miscounts (above): the counts of each slice
%! [n, i] = histc (dfg.constant (x), e5, 1);
%! k = lookup (e5, x) .* (x <= 4);          # each element's bin, 0 outside
%! assert (dfg.value (n), double ((1:6).' == k));
%! assert (dfg.value (i), k);
%!error <dfg.histc: EDGES and DIM must be plain> histc ([1 2], dfg.input ([1 3]))
%!error <dfg.histc: DIM must be an integer and a valid dimension \(X is 2x3\)> histc (dfg.input ([2 3]), [1 2], 3)
%!error <dfg.histc: called with 1 arguments> histc (dfg.input ([2 3]))
%!test
%! warning ("off", "all", "local");
%! assert (histc (dfg.input ([2 3]), []), []);

## lookup: Octave's builtin (binary search), either argument a tensor;
## increasing and decreasing tables, NaN, ties, -0, options m b l r, single
## (compared in single as Octave), empties, 3-D y
%!test
%! q = [NaN -1 0 -0 1 1.5 2 2.5 3 4 Inf -Inf];
%! opts = {{}, {"m"}, {"b"}, {"l"}, {"r"}, {"rl"}};
%! tables = {[1 2 3], [3 2 1], [1 2 2 3], [0 1], 5, [], [1 1 1], single([1 2 3]), [1 1+1e-10 2]};
%! for k = 1:numel (tables)
%!   o = opts{mod (k, numel (opts)) + 1};
%!   dfg_check_parity (@(t, y) lookup (t, y, o{:}), {tables{k}, q}, 0);
%!   dfg_check_parity (@(y) lookup (tables{k}, y, "lr"), {single(q.')}, 0);
%! endfor
%! for k = 1:numel (opts)
%!   dfg_check_parity (@(y) lookup ([3 2 2 1], y, opts{k}{:}), {q}, 0);
%! endfor
%! dfg_check_parity (@(y) lookup ([1 2 3], y), {reshape(q, 2, 3, 2)}, 0);
%! dfg_check_parity (@(t) lookup (t, [2 0.5]), {[1; 2; 3]}, 0);
%! dfg_check_parity (@(y) lookup ([1 2], y), {zeros(0, 3)}, 0);
%! dfg_check_parity (@(t) lookup (t, [0.5 2 7], "lr"), {[3 5 1]}, 0);  # (unsorted: the same bisection)
%!error <dfg.lookup: unrecognized option: x> lookup ([1 2], dfg.input ([1 2]), "x")
%!error <dfg.lookup: only one of m or b can be specified> lookup ([1 2], dfg.input ([1 2]), "mb")
%!error <dfg.lookup: m, b cannot be specified with l or r> lookup ([1 2], dfg.input ([1 2]), "ml")
%!error <dfg.lookup: OPT \(argument 3\) must be a string> lookup ([1 2], dfg.input ([1 2]), 5)
%!error <dfg.lookup: Y \(argument 2\) is logical> lookup ([1 2], dfg.input ([1 2], "logical"))
%!error <dfg.lookup: TABLE \(argument 1\) is logical> lookup (dfg.input ([1 2], "logical"), [1 2])
%!error <dfg.lookup: called with 1 arguments> dfg_mex ("lookup", dfg.input ([1 2]))
%!test
%! warning ("on", "all", "local");
%! lastwarn ("");
%! lookup ([1 2; 3 4], dfg.input ([1 2]));
%! assert (lastwarn (), "lookup: table is not a vector");

## the internal gateway commands take / take_add (mex/cmd-interp.c)
%!test
%! x = dfg.input ([4 2]);  p = dfg.input ([4 2]);
%! f = dfg.function ({x, p}, {dfg.Tensor(dfg_mex("take", x, p, 1)), dfg.Tensor(dfg_mex("take_add", x, p, 1))});
%! X = [1 2 3 4; 5 6 7 8].';  P = [4 4; 1 1; 2 3; 2 2];
%! [t, ta] = f (X, P);
%! assert (t, [4 8; 1 5; 2 7; 2 6]);
%! assert (ta, [2 6; 7 8; 0 7; 1 5]);
%!error <dfg.take: called with 2 arguments \(expected 3\)> dfg_mex ("take", dfg.input ([2 1]), [1; 2])
%!error <dfg.take_add: DIM \(argument 3\) must be from 1> dfg_mex ("take_add", dfg.input ([2 1]), [1; 2], 0)
%!error id=dfg:nonconformant dfg_mex ("take", dfg.input ([2 1]), [1 2; 2 1], 1)
%!error id=dfg:nonconformant dfg_mex ("take_add", dfg.input ([2 1]), [1; 2; 1], 1)
%!test
%! ## take: positions of another length along DIM (x's size off it)
%! x = dfg.input ([2 2]);
%! f = dfg.function (x, dfg.Tensor (dfg_mex ("take", x, [1 2; 2 2; 1 1], 1)));
%! assert (f ([1 2; 3 4]), [1 4; 3 4; 1 2]);
%!error <dfg.take: the positions must be double> dfg_mex ("take", dfg.input ([2 1]), single ([1; 2]), 1)
%!error <dfg.take: position out of bound>
%! x = dfg.input ([2 1]);
%! f = dfg.function (x, dfg.Tensor (dfg_mex ("take", x, [1; 3], 1)));
%! f ([5; 6]);
