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
  if (! is_function_handle (fn))
    error ("dfg:badArgument", "dfg.scan: FN must be a function handle");
  endif
  reverse = false;
  len = -1;
  for k = 1:2:numel (varargin)
    opt = dfg.internal.option_name (varargin{k});
    v = varargin{k+1};
    switch (lower (opt))
      case "reverse"
        if (! (isscalar (v) && (islogical (v) || isnumeric (v)) && ! isnan (v)))
          error ("dfg:badArgument", "dfg.scan: REVERSE must be true or false");
        endif
        reverse = logical (v);
      case "length"
        if (! (isscalar (v) && isnumeric (v) && isreal (v) && v >= 0 && v == fix (v) && isfinite (v)))
          error ("dfg:badArgument", "dfg.scan: LENGTH must be a non-negative integer");
        endif
        len = double (v);
      otherwise
        error ("dfg:badArgument", "dfg.scan: unknown option '%s'", opt);
    endswitch
  endfor
  cell_c = iscell (carry0);
  cell_x = iscell (xs);
  cs = ifelse_cell (carry0);
  if (cell_x)
    seqs = xs;
  elseif (! isa (xs, "dfg.Tensor") && isnumeric (xs) && isequal (size (xs), [0 0]))
    seqs = {};              # [] : no sequence (a 3x0 array is 0 steps of 3x1)
  else
    seqs = {xs};
  endif
  if (isempty (seqs) && len < 0)
    error ("dfg:badArgument", "dfg.scan: give the number of steps with \"length\" when XS is empty");
  endif
  pc = cell (1, numel (cs));
  for k = 1:numel (cs)
    pc{k} = dfg.internal.ctrl_param (cs{k}, "carry", "scan");
  endfor
  px = cell (1, numel (seqs));
  for k = 1:numel (seqs)
    v = seqs{k};
    if (! (isa (v, "dfg.Tensor") || isnumeric (v) || islogical (v)))
      error ("dfg:badClass", "dfg.scan: sequence %d must be a tensor or an array, not %s", k, class (v));
    endif
    sz = size (v);
    if (numel (sz) == 2)
      ssz = [sz(1), 1];
    else
      ssz = sz(1:end-1);
    endif
    px{k} = dfg.input (ssz, class (v), "slice");
  endfor
  carg = pack (pc, cell_c);
  if (isempty (px) && ! cell_x)
    xarg = [];
  else
    xarg = pack (px, cell_x);
  endif
  want_y = nargout >= 2;
  if (want_y)
    r = dfg.internal.ctrl_apply (fn, 2, "dfg.scan", "FN (asked for the carry and a per-step output)",
                                 carg, xarg);
    [c1, y] = deal (r{:});
    ys = ifelse_cell (y);
    cell_y = iscell (y);
  else
    r = dfg.internal.ctrl_apply (fn, 1, "dfg.scan", "FN", carg, xarg);
    c1 = r{1};
    ys = {};
    cell_y = false;
  endif
  if (cell_c != iscell (c1) || numel (ifelse_cell (c1)) != numel (cs))
    if (cell_c)
      error ("dfg:badArgument", "dfg.scan: FN must return the carry as it was given (a cell of %d values)",
             numel (cs));
    endif
    error ("dfg:badArgument", "dfg.scan: FN must return the carry as it was given (one value, not a cell)");
  endif
  c1 = ifelse_cell (c1);
  outs = dfg.internal.ctrl_call ("scan", "scan", [pc, px], [cs, seqs], numel (cs), [],
                                 [c1, ys], {}, len, reverse, 0);
  nc = numel (cs);
  varargout{1} = pack (outs(1:nc), cell_c);
  if (want_y)
    varargout{2} = pack (outs(nc+1:end), cell_y);
  endif
endfunction

function c = ifelse_cell (v)
  if (iscell (v))
    c = v(:).';
  else
    c = {v};
  endif
endfunction

function v = pack (c, as_cell)
  if (as_cell)
    v = c;
  else
    v = c{1};
  endif
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
