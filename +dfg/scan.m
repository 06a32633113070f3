## -*- texinfo -*-
## @deftypefn  {dfg} {@var{carry} =} dfg.scan (@var{fn}, @var{carry0}, @var{xs})
## @deftypefnx {dfg} {[@var{carry}, @var{ys}] =} dfg.scan (@var{fn}, @var{carry0}, @var{xs})
## @deftypefnx {dfg} {[@dots{}] =} dfg.scan (@dots{}, "reverse", @var{tf})
## @deftypefnx {dfg} {[@dots{}] =} dfg.scan (@var{fn}, @var{carry0}, [], "length", @var{n})
## A loop inside the graph: for each step @var{t}, @code{[carry, y] = fn
## (carry, x)} with @var{x} the @var{t}-th slice of @var{xs} along its last
## dimension, as @code{size (xs)} reports it; @var{ys} stacks the per-step
## outputs @var{y} along a new last dimension (a column @var{y} along the
## second, so a 5x1 @var{y} over 10 steps gives 5x10).  It is the graph
## form of
##
## @example
## carry = carry0;
## for t = 1:size (xs, ndims (xs))
##   [carry, ys(:, t)] = fn (carry, xs(:, t));   % for matrices
## endfor
## @end example
##
## @var{fn} is called once, on inputs standing for the carry and the
## slice, to record the loop body; the plan then runs the loop in C
## without returning to Octave.  The carry keeps its class and size from
## step to step.  Several carries, sequences or per-step outputs are given
## as cell arrays: @var{fn} then takes and returns cells.  @var{fn} may
## use tensors from outside the loop (weights, inputs, variables): they
## are captured, and gradients flow to them.
##
## With @qcode{"reverse"} true the last slice comes first (@var{ys} keeps
## the slices' order).  Without sequences (@var{xs} = []), give the step
## count with @qcode{"length"}.
##
## Reverse mode, forward mode and higher derivatives go through the loop:
## the forward pass keeps every step's carry (@code{dfg.memory} shows the
## buffer) and the backward pass runs the loop backwards, recomputing what
## each step needs from its carry.
##
## @example
## W = dfg.variable (0.5 * randn (4)); U = dfg.variable (randn (4, 3));
## xs = dfg.input ([3 20]);                      % 20 steps of 3 features
## [h, hs] = dfg.scan (@@(h, x) deal (tanh (W * h + U * x), h), zeros (4, 1), xs);
## g = dfg.grad (sum (h), W);
## @end example
## @seealso{dfg.fori, dfg.while, dfg.cond}
## @end deftypefn
function varargout = scan (fn, carry0, xs, varargin)
  if (nargin < 3 || mod (numel (varargin), 2))
    print_usage ();
  endif
  nm = struct ("fn", "scan", "body", "FN", "carry", "carry");
  nout = max (nargout, 1);
  varargout = cell (1, nout);
  [varargout{:}] = dfg.internal.scan_impl (nm, nout, fn, carry0, xs, varargin{:});
endfunction

%!test
%! ## a cumulative sum and its per-step outputs, double and single
%! for cls = {"double", "single"}
%!   xs = dfg.input ([2 5], cls{1});
%!   [c, ys] = dfg.scan (@(c, x) deal (c + x, 2 * c), zeros (2, 1, cls{1}), xs);
%!   f = dfg.function ({xs}, {c, ys, dfg.grad(sum (c) + sum (ys(:)), xs)});
%!   X = cast (magic (5)(1:2, :), cls{1});
%!   [a, b, g] = f (X);
%!   assert (class (a), cls{1});
%!   assert (a, sum (X, 2));
%!   assert (b, 2 * [zeros(2, 1), cumsum(X(:, 1:4), 2)]);
%!   assert (g, cast (1 + 2 * (4:-1:0), cls{1}) .* ones (2, 1, cls{1}));
%! endfor
%!test
%! ## 3-D sequences slice along the third dimension; length without xs
%! xs = dfg.input ([2 3 4]);
%! [c, ys] = dfg.scan (@(c, x) deal (c + x, x'), zeros (2, 3), xs);
%! assert (size (ys), [3 2 4]);
%! k = dfg.scan (@(k, x) k + 1, 0, [], "length", 7);
%! assert (dfg.value (k), 7);
%!test
%! ## plain empty sequences: 0 steps of 3x1, 3 steps of 2x0
%! [c, ys] = dfg.scan (@(c, x) deal (c + x, x), zeros (3, 1), zeros (3, 0));
%! assert (dfg.value (c), zeros (3, 1));
%! assert (size (ys), [3 0]);
%! k = dfg.scan (@(k, x) k + 1, 0, ones (2, 0, 3));
%! assert (dfg.value (k), 3);
%!error <FN must be a function handle> dfg.scan (1, 0, 1:3)
%!error <keep its class and size> dfg.scan (@(c, x) single (c), 0, 1:3)
%!error <REVERSE must be true or false> dfg.scan (@(c, x) c, 0, 1:3, "reverse", "yes")
%!test
%! ## a body written for [c, ys] = dfg.scan (...) with deal, asked for the carry only
%! xs = [1 2 3; 4 5 6];
%! c = dfg.scan (@(c, x) deal (c + x, 2 * c), zeros (2, 1), xs);
%! dfg_assert_same (dfg.value (c), sum (xs, 2));
%! s = dfg.fori (1, 3, @(i, s) deal (s + i, s), 0);
%! assert (dfg.value (s), 6);
%!error <FN returns several values with deal> dfg.scan (@(c, x) deal (c + x, c, c), 0, [1 2 3])
