## -*- texinfo -*-
## @deftypefn  {dfg} {@var{f} =} dfg.function (@var{inputs}, @var{outputs})
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "passes", @var{passes})
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "fast", @var{tf})
## Compiles the graph that computes @var{outputs} from @var{inputs} into a
## plan, once, and returns a function handle that runs it.
##
## @var{inputs} is a cell array of tensors made by @code{dfg.input} (or a
## single one); @var{outputs} a cell array of tensors.  Only what the
## outputs need is kept.  Calling @code{[o1, o2, @dots{}] = f (a1, a2,
## @dots{})} checks that each argument has the class and size of its
## input, runs the plan, and returns native arrays.  Variables are read at
## each call.  Clearing @var{f} releases the plan.
##
## Before it is scheduled the graph goes through the optimisation passes
## (docs/passes.md): @qcode{"cse"}, @qcode{"fold"}, @qcode{"simplify"},
## @qcode{"gemm"} and @qcode{"fuse"}, all on by default (see
## @code{dfg.passes}).  @var{passes} is a string or a cell array of strings
## applied in order to the default: a pass name or @qcode{"+name"} switches
## it on, @qcode{"-name"} off, @qcode{"all"} and @qcode{"none"} all of them,
## @qcode{"fast"} allows rewrites that may change rounding, NaN, Inf or the
## sign of zero (e.g. @code{exp (log (x))} -> @code{x}).  With
## @code{"fast", true} the same.  @code{dfg.explain (f)} shows what each
## pass did.
## @seealso{dfg.input, dfg.jit, dfg.value, dfg.passes, dfg.explain, dfg.nodes}
## @end deftypefn
function f = function_ (inputs, outputs, varargin)
  if (nargin < 2 || mod (numel (varargin), 2) != 0)
    print_usage ();
  endif
  passes = [];
  fast = [];
  for k = 1:2:numel (varargin)
    switch (lower (varargin{k}))
      case "passes"
        passes = varargin{k+1};
      case "fast"
        fast = varargin{k+1};
      otherwise
        error ("dfg:badArgument", "dfg.function: unknown option '%s' (options: passes, fast)",
               varargin{k});
    endswitch
  endfor
  p = dfg.internal.Plan (dfg_mex ("function", inputs, outputs, passes, fast));
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
%!test
%! ## the same results with every pass off, each pass alone, and all on
%! x = dfg.input ([4 3]); y = dfg.input ([1 3]);
%! z = {sum(exp(sin(x) .* x + x .^ 2 * 0.01)), (x' * x) ./ (y' * y + 1), -(-x) + 0 * y};
%! X = randn (4, 3); Y = rand (1, 3);
%! f0 = dfg.function ({x, y}, z, "passes", "none");
%! R = cell (1, 3);
%! [R{:}] = f0 (X, Y);
%! for p = {"all", "cse", "fold", "simplify", "gemm", "fuse", {"none", "fuse"}}
%!   f = dfg.function ({x, y}, z, "passes", p{1});
%!   D = cell (1, 3);
%!   [D{:}] = f (X, Y);
%!   assert (D, R);
%! endfor
%!error <unknown pass 'fusion'> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "passes", "-fusion")
%!error <unknown option 'pases'> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "pases", "none")
%!error <FAST must be true or false> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "fast", "yes")
