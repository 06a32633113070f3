## -*- texinfo -*-
## @deftypefn {dfg} {@var{Y} =} dfg.nn.softplus (@var{X})
## Softplus: @code{log (1 + exp (@var{X}))}, element-wise.
##
## Computed as @code{P + log1p (exp (min (X, 0) - P))} with @code{P = max
## (0, X)}: no overflow for large @var{X}, full accuracy for very negative
## @var{X}; its gradient is the sigmoid of @var{X} (0.5 at 0).
## @seealso{dfg.nn.sigmoid, dfg.nn.relu}
## @end deftypefn
function Y = softplus (X)
  if (nargin != 1)
    print_usage ();
  endif
  P = max (0, X);
  Y = P + log1p (exp (min (X, 0) - P));
  Y = merge (X != X, X, Y);                 # NaN in, NaN out (max/min drop it)
endfunction

%!test
%! X = [-800 -3 0.25; 0.5 3 800];
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.softplus(x)});
%! R = log1p (exp (X));  R(end) = 800;
%! assert (f (X), R, 2 * eps);
%! assert (dfg.nn.softplus (X), f (X), 4 * eps);
%! assert (class (dfg.nn.softplus (single (X))), "single");
%!test
%! dfg_check_grad (@dfg.nn.softplus, {[-2 -1 0.5; 1 3 -0.25]});
%! g = dfg.grad (@(x) sum (dfg.nn.softplus (x)));
%! assert (g ([-1e-9 0 1e-9]), [0.5 0.5 0.5], 1e-9);
%! assert (dfg.nn.softplus ([NaN Inf -Inf]), [NaN Inf 0]);
%!error <Invalid call> dfg.nn.softplus ()
%!error <called with too many inputs> dfg.nn.softplus (1, 2)
