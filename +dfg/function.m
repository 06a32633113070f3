## -*- texinfo -*-
## @deftypefn {dfg} {@var{f} =} dfg.function (@var{inputs}, @var{outputs})
## Compiles the graph that computes @var{outputs} from @var{inputs} into a
## plan, once, and returns a function handle that runs it.
##
## @var{inputs} is a cell array of tensors made by @code{dfg.input} (or a
## single one); @var{outputs} a cell array of tensors.  Only what the
## outputs need is kept.  Calling @code{[o1, o2, @dots{}] = f (a1, a2,
## @dots{})} checks that each argument has the class and size of its
## input, runs the plan, and returns native arrays.  Variables are read at
## each call.  Clearing @var{f} releases the plan.
## @seealso{dfg.input, dfg.jit, dfg.value}
## @end deftypefn
function f = function_ (inputs, outputs)
  if (nargin != 2)
    print_usage ();
  endif
  p = dfg.internal.Plan (dfg_mex ("function", inputs, outputs));
  id = p.id;
  f = @(varargin) dfg_mex ("run", id, p, varargin{:});
endfunction

%!test
%! x = dfg.input ([3 4]);
%! y = dfg.input ([1 4], "single");
%! w = dfg.variable (randn (4, 2), "w");
%! z = tanh (x .* y + 1) * w;
%! assert (size (z), [3 2]);
%! f = dfg.function ({x, y}, {z, sum(z(:))});
%! X = randn (3, 4); Y = single (rand (1, 4));
%! [Z, s] = f (X, Y);
%! R = tanh (X .* Y + 1) * dfg.value (w);
%! assert (class (Z), "single");
%! assert (size (Z), [3 2]);
%! assert (Z, R, 1e-5);
%! assert (s, sum (R(:)), 1e-5);
%!test
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {x, x + 1, x});
%! [a, b, c] = f (magic (2));
%! assert (a, magic (2)); assert (b, magic (2) + 1); assert (c, magic (2));
%!test
%! ## fewer outputs requested than the plan has (Octave has room for one)
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {x + 1, x * 2, x - 1});
%! a = f (ones (2));
%! assert (a, 2 * ones (2));
%! f (ones (2));
%! [a, b] = f (ones (2));
%! assert (b, 2 * ones (2));
%!error id=dfg:badArgument x = dfg.input ([1 1]); f = dfg.function ({x}, {x}); f (1, 2)
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x}); f (ones (3))
%!error id=dfg:badClass x = dfg.input ([2 2]); f = dfg.function ({x}, {x}); f (single (ones (2)))
%!error id=dfg:freeInput x = dfg.input ([1 1]); y = dfg.input ([1 1], "double", "y"); dfg.function ({x}, {x + y})
