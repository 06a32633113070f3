## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.leaky_relu (@var{X})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.leaky_relu (@var{X}, @var{scale})
## Leaky rectified linear unit: @var{X} where @var{X} > 0, else
## @var{scale} .* @var{X} (default @var{scale} 0.01, as MATLAB's
## @code{leakyrelu}).
##
## @var{scale} is a real scalar in [0, 1).  The result has the class and
## size of @var{X} (single when @var{X} is single).
## @seealso{dfg.nn.relu, dfg.nn.elu}
## @end deftypefn
function Y = leaky_relu (X, scale)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (nargin < 2)
    scale = 0.01;
  endif
  if (! (isnumeric (scale) && isreal (scale) && isscalar (scale)) || ! (scale >= 0 && scale < 1))
    error ("dfg:badArgument", "dfg.nn.leaky_relu: SCALE (argument 2) must be a real scalar in [0, 1)");
  endif
  ## for scale < 1: max (X, scale .* X) is X for X > 0 and scale .* X else
  Y = max (X, cast (scale, class (X)) .* X);
endfunction

%!test
%! X = [-2 0 1.5; -100 4 -0.5];
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.leaky_relu(x), dfg.nn.leaky_relu(x, 0.2)});
%! [a, b] = f (X);
%! assert (a, [-0.02 0 1.5; -1 4 -0.005], eps);
%! assert (b, [-0.4 0 1.5; -20 4 -0.1], 4 * eps);
%! assert (dfg.nn.leaky_relu (X, 0.2), b);
%! assert (class (dfg.nn.leaky_relu (single (X))), "single");
%!test
%! dfg_check_grad (@(x) dfg.nn.leaky_relu (x, 0.1), {[-2 -1 0.5; 1 3 -0.25]}, "order", 1);
%!error <SCALE \(argument 2\)> dfg.nn.leaky_relu (1, 2)
%!error <SCALE \(argument 2\)> dfg.nn.leaky_relu (1, [0.1 0.2])
