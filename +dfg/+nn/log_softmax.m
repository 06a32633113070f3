## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.log_softmax (@var{X})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.log_softmax (@var{X}, @var{dim})
## The logarithm of the softmax along dimension @var{dim} (default 1):
## @code{X - log (sum (exp (X), dim))}, computed with the maximum along
## @var{dim} subtracted first, so it neither overflows nor loses accuracy
## where a softmax would round to 0.
## @seealso{dfg.nn.softmax, dfg.nn.cross_entropy}
## @end deftypefn
function Y = log_softmax (X, dim)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (nargin < 2)
    dim = 1;
  endif
  Z = dfg.internal.softmax_shift ("log_softmax", X, dim);
  Y = Z - log (sum (exp (Z), dim));
endfunction

%!test
%! X = [1 2 3; -1 0 1000; 4 4 4; 0 -5 2];
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.log_softmax(x), dfg.nn.log_softmax(x, 2)});
%! [a, b] = f (X);
%! Z = X - max (X);
%! assert (a, Z - log (sum (exp (Z))), 8 * eps);
%! assert (a(2, 3), 0);
%! assert (a(1, 3), -997, 1e-12);
%! Z2 = X - max (X, [], 2);
%! assert (b, Z2 - log (sum (exp (Z2), 2)), 8 * eps);
%! assert (class (dfg.nn.log_softmax (single (X))), "single");
%!test
%! dfg_check_grad (@dfg.nn.log_softmax, {[-2 -1 0.5; 1 3 -0.25]});
%!error <DIM \(argument 2\)> dfg.nn.log_softmax (1, 1.5)
