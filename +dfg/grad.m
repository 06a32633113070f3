## -*- texinfo -*-
## @deftypefn  {dfg} {@var{g} =} dfg.grad (@var{y}, @var{x})
## @deftypefnx {dfg} {[@var{g1}, @var{g2}, @dots{}] =} dfg.grad (@var{y}, @{@var{x1}, @var{x2}, @dots{}@})
## @deftypefnx {dfg} {@var{g} =} dfg.grad (@var{y}, @var{x}, @var{dy})
## @deftypefnx {dfg} {@var{gfun} =} dfg.grad (@var{fun})
## @deftypefnx {dfg} {@var{gfun} =} dfg.grad (@var{fun}, @var{argnums})
## @deftypefnx {dfg} {@var{gfun} =} dfg.grad (@var{fun}, @dots{}, @var{name}, @var{value})
## Gradients by reverse-mode automatic differentiation.
##
## Symbolic form: @var{y} is a real scalar tensor and @var{x} a tensor (or a
## cell array of tensors) it was computed from; the result is a tensor with
## the size and class of each @var{x}: more graph, which can be run with
## @code{dfg.function} or @code{dfg.value}, or differentiated again.
## Tensors @var{y} does not depend on get zeros.  With a cell @var{x} and
## one output, @var{g} is a cell array.  With a seed @var{dy} of
## @var{y}'s size, the result is the vector-Jacobian product: the gradient
## of @code{sum (@var{dy}(:) .* @var{y}(:))}.
##
## Functional form: returns a function handle that computes the gradient of
## @var{fun} (which must return a real scalar) with respect to its first
## argument, or the arguments at positions @var{argnums}, one output per
## position: @code{[g1, g2] = gfun (a, b)}.  It traces @var{fun} on the
## first call with each class and size of arguments, and runs the compiled
## plan afterwards (as @code{dfg.jit}, whose options @qcode{"passes"},
## @qcode{"fast"} and @qcode{"device"} it takes; @var{argnums} may be left
## out before them).
## @seealso{dfg.value_and_grad, dfg.jacobian, dfg.hessian, dfg.jvp, dfg.vjp, dfg.stop_gradient}
## @end deftypefn
function varargout = grad (y, x, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (is_function_handle (y))
    if (nargin < 2)
      x = [];
    endif
    varargout{1} = dfg.internal.transform ("grad", y, x, varargin{:});
    return;
  endif
  if (nargin < 2)
    print_usage ();
  endif
  ids = dfg_mex ("grad", dfg.internal.untag (y), dfg.internal.untag (x), varargin{:});
  g = cell (1, numel (ids));
  for k = 1:numel (ids)
    g{k} = dfg.Tensor (ids(k));
  endfor
  if (iscell (x) && nargout <= 1)
    varargout{1} = reshape (g, size (x));
  else
    varargout = g;
  endif
endfunction

%!test
%! x1 = dfg.input ([1 1]); x2 = dfg.input ([1 1]);
%! y = log (x1) + x1 .* x2 - sin (x2);
%! [g1, g2] = dfg.grad (y, {x1, x2});
%! f = dfg.function ({x1, x2}, {y, g1, g2});
%! [v, a, b] = f (2, 5);
%! assert (v, log (2) + 10 - sin (5), 1e-14);
%! assert (a, 1/2 + 5, 1e-14);
%! assert (b, 2 - cos (5), 1e-14);
%!test
%! x = dfg.input ([3 2]);
%! g = dfg.grad (sum (x(:) .^ 2), x);
%! assert (size (g), [3 2]);
%! X = randn (3, 2);
%! f_ = dfg.function ({x}, {g});
%! assert (f_ (X), 2 * X, 1e-14);
%!test
%! x = dfg.input ([2 2], "single");
%! g = dfg.grad (sum (sum (x .* x)), x);
%! assert (class (g), "single");
%!test
%! ## a cell X with one output gives a cell
%! x = dfg.input ([1 1]); z = dfg.input ([1 1]);
%! g = dfg.grad (x .* 3, {x, z});
%! assert (iscell (g) && numel (g) == 2);
%! f_ = dfg.function ({x, z}, g);
%! assert (f_ (1, 2), 3);
%!test
%! ## vector-Jacobian product with a seed
%! x = dfg.input ([3 1]);
%! g = dfg.grad (x .^ 2, x, [1; 2; 3]);
%! f_ = dfg.function ({x}, {g});
%! assert (f_ ([1; 1; 1]), [2; 4; 6]);
%!test
%! ## functional form, two arguments
%! gf = dfg.grad (@(a, b) sum (a .* b), [1 2]);
%! [ga, gb] = gf ([1 2 3], [4 5 6]);
%! assert (ga, [4 5 6]);
%! assert (gb, [1 2 3]);
%!error <Y must be a scalar> dfg.grad (dfg.input ([2 1]) * 2, dfg.input ([1 1]))
%!error <DY must have the size of Y> x = dfg.input ([2 1]); dfg.grad (x * 2, x, [1 2 3])
%!error <must be a dfg.Tensor> dfg.grad (dfg.input ([1 1]), {1})
%!error <must return a scalar> f = dfg.grad (@(x) x .* 2); f ([1 2])
%!error <ARGNUMS> dfg.grad (@(x) x, 0)
