## -*- texinfo -*-
## @deftypefn {dfg} {@var{Y} =} dfg.nn.sigmoid (@var{X})
## Logistic sigmoid: @code{1 ./ (1 + exp (-@var{X}))}, element-wise.
##
## Computed as @code{0.5 * tanh (0.5 * X) + 0.5}, which neither overflows
## nor loses its gradient for large |@var{X}|: the gradient @code{Y .* (1 -
## Y)} is exact 0 far out, never NaN.
## @seealso{dfg.nn.softplus, tanh}
## @end deftypefn
function Y = sigmoid (X)
  if (nargin != 1)
    print_usage ();
  endif
  h = cast (0.5, class (X));
  Y = h .* tanh (h .* X) + h;
endfunction

%!test
%! X = [-800 -3 0; 0.5 3 800];
%! x = dfg.input (size (X));
%! y = dfg.nn.sigmoid (x);
%! f = dfg.function ({x}, {y, dfg.grad(sum(y(:)), x)});
%! [a, g] = f (X);
%! assert (a, 1 ./ (1 + exp (-X)), 2 * eps);
%! assert (g, a .* (1 - a), 2 * eps);
%! assert (all (isfinite (g(:))));
%! assert (class (dfg.nn.sigmoid (single (X))), "single");
%!test
%! dfg_check_grad (@dfg.nn.sigmoid, {[-2 -1 0.5; 1 3 -0.25]});
