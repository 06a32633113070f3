## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.elu (@var{X})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.elu (@var{X}, @var{alpha})
## Exponential linear unit: @var{X} where @var{X} > 0, else
## @var{alpha} .* (exp (@var{X}) - 1) (default @var{alpha} 1).
##
## Computed as @code{max (@var{X}, 0) + @var{alpha} .* expm1 (min (0,
## @var{X}))}, so large positive @var{X} never overflows and the gradient
## is 1 for @var{X} >= 0 and @var{alpha} .* exp (@var{X}) for @var{X} < 0.
## NaN stays NaN.
## @seealso{dfg.nn.relu, dfg.nn.leaky_relu}
## @end deftypefn
function Y = elu (X, alpha)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (nargin < 2)
    alpha = 1;
  endif
  if (! (isnumeric (alpha) && isreal (alpha) && isscalar (alpha)) || ! (alpha >= 0))
    error ("dfg:badArgument", "dfg.nn.elu: ALPHA (argument 2) must be a nonnegative real scalar");
  endif
  ## min (0, X): at X = 0 the tie goes to the constant, so the derivative
  ## there is 1 (the linear side), not 1 + alpha
  Y = max (X, 0) + cast (alpha, class (X)) .* expm1 (min (0, X));
  Y = merge (X != X, X, Y);                 # NaN in, NaN out (max/min drop it)
endfunction

%!test
%! X = [-2 0 1.5; -800 800 -0.5];
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.elu(x), dfg.nn.elu(x, 0.5)});
%! [a, b] = f (X);
%! R = X;  R(X < 0) = expm1 (X(X < 0));
%! assert (a, R, eps);
%! assert (b, max (X, 0) + 0.5 * expm1 (min (X, 0)), eps);
%! assert (dfg.nn.elu (X), a, 4 * eps);
%! xs = dfg.input (size (X), "single");
%! g = dfg.function ({xs}, {dfg.nn.elu(xs)});
%! assert (g (single (X)), single (R), 4 * eps ("single"));
%!test
%! dfg_check_grad (@(x) dfg.nn.elu (x, 0.7), {[-2 -1 0.5; 1 3 -0.25]});
%! g = dfg.grad (@(x) sum (dfg.nn.elu (x, 0.5)));
%! assert (g ([-1e-9 0 1e-9]), [0.5 1 1], 1e-9);
%! assert (dfg.nn.elu ([NaN Inf -Inf]), [NaN Inf -1]);
%!error <ALPHA \(argument 2\)> dfg.nn.elu (1, -1)
