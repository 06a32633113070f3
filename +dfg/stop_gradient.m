## -*- texinfo -*-
## @deftypefn {dfg} {@var{y} =} dfg.stop_gradient (@var{x})
## @var{x}'s value, treated as a constant by automatic differentiation: no
## gradient flows through @var{y} to what @var{x} was computed from.
## @seealso{dfg.grad}
## @end deftypefn
function y = stop_gradient (x)
  if (nargin != 1)
    print_usage ();
  endif
  y = dfg.internal.adopt (dfg_mex ("stop_gradient", dfg.internal.untag (x)));
endfunction

%!test
%! x = dfg.input ([1 1]);
%! y = x .* dfg.stop_gradient (x);
%! f = dfg.function ({x}, {y, dfg.grad(y, x)});
%! [v, g] = f (3);
%! assert ([v, g], [9, 3]);
%!test
%! x = dfg.input ([2 3], "single");
%! s = dfg.stop_gradient (x);
%! assert (class (s), "single");
%! assert (size (s), [2 3]);
