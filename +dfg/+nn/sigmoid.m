## -*- texinfo -*-
## @deftypefn {dfg} {@var{Y} =} dfg.nn.sigmoid (@var{X})
## Logistic sigmoid: @code{1 ./ (1 + exp (-@var{X}))}, element-wise.
##
## Computed from @code{e = exp (-|X|)} as @code{1 ./ (1 + e)} for @var{X}
## > 0 and @code{e ./ (1 + e)} otherwise: no overflow, full relative
## accuracy for very negative @var{X} (where 1 - 1/(1 + e^x) would cancel),
## and a gradient @code{Y .* (1 - Y)} that is never NaN (0.25 at 0).  NaN
## stays NaN.
## @seealso{dfg.nn.softplus, tanh}
## @end deftypefn
function Y = sigmoid (X)
  if (nargin != 1)
    print_usage ();
  endif
  c = class (X);
  ## exp (-|X|) written with min and max, whose tie rules give the right
  ## derivative at 0 (abs's is 0 there)
  e = exp (min (X, 0) - max (0, X));
  one = cast (1, c);
  Y = merge (X > 0, one ./ (one + e), e ./ (one + e));
  Y = merge (X != X, X, Y);                 # NaN in, NaN out
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
%! g = dfg.grad (@(x) sum (dfg.nn.sigmoid (x)));
%! assert (g ([-1e-9 0 1e-9]), [0.25 0.25 0.25], 1e-9);
%! ## relative accuracy far out on the negative side, double and single
%! assert (dfg.nn.sigmoid ([-40 -700]), exp ([-40 -700]) ./ (1 + exp ([-40 -700])), -4 * eps);
%! assert (dfg.nn.sigmoid (single (-20)), single (exp (-20) / (1 + exp (-20))), -4 * eps ("single"));
%! assert (dfg.nn.sigmoid ([NaN Inf -Inf]), [NaN 1 0]);
%!error <Invalid call> dfg.nn.sigmoid ()
%!error <called with too many inputs> dfg.nn.sigmoid (1, 2)
