## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.softmax (@var{X})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.softmax (@var{X}, @var{dim})
## Softmax along dimension @var{dim} (default 1, the channel dimension of
## dfg.nn's C x N layout): @code{exp (X) ./ sum (exp (X), dim)}.
##
## The maximum along @var{dim} is subtracted first (and kept out of the
## gradient, which does not depend on it), so large values do not overflow.
## @seealso{dfg.nn.log_softmax, dfg.nn.cross_entropy}
## @end deftypefn
function Y = softmax (X, dim)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (nargin < 2)
    dim = 1;
  endif
  E = exp (dfg.internal.softmax_shift ("softmax", X, dim));
  Y = E ./ sum (E, dim);
endfunction

%!test
%! X = [1 2 3; -1 0 1000; 4 4 4; 0 -5 2];
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.softmax(x), dfg.nn.softmax(x, 2)});
%! [a, b] = f (X);
%! E = exp (X - max (X));
%! assert (a, E ./ sum (E), 4 * eps);
%! E2 = exp (X - max (X, [], 2));
%! assert (b, E2 ./ sum (E2, 2), 4 * eps);
%! assert (sum (a), ones (1, 3), 4 * eps);
%! assert (dfg.nn.softmax (X), a, 4 * eps);
%! assert (class (dfg.nn.softmax (single (X))), "single");
%!test
%! dfg_check_grad (@dfg.nn.softmax, {[-2 -1 0.5; 1 3 -0.25]});
%! dfg_check_grad (@(x) dfg.nn.softmax (x, 2), {[-2 -1 0.5; 1 3 -0.25]});
%!error <DIM \(argument 2\)> dfg.nn.softmax (1, 0)
