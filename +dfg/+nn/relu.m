## -*- texinfo -*-
## @deftypefn {dfg} {@var{Y} =} dfg.nn.relu (@var{X})
## Rectified linear unit: @code{max (@var{X}, 0)}, element-wise.
##
## @var{X} is a dfg tensor or a plain double or single array; the result has
## its class and size.  As @code{max}, NaN gives 0, and the derivative at
## exactly 0 is 1 (ties go to @var{X}).
## @seealso{dfg.nn.leaky_relu, dfg.nn.elu, dfg.nn.gelu}
## @end deftypefn
function Y = relu (X)
  if (nargin != 1)
    print_usage ();
  endif
  Y = max (X, 0);
endfunction

%!test
%! X = [-2 -0 0 1.5; NaN Inf -Inf 3];
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.relu(x)});
%! assert (f (X), [0 0 0 1.5; 0 Inf 0 3]);
%! assert (dfg.nn.relu (X), f (X));
%! xs = dfg.input (size (X), "single");
%! g = dfg.function ({xs}, {dfg.nn.relu(xs)});
%! assert (class (g (single (X))), "single");
%!test
%! dfg_check_grad (@dfg.nn.relu, {[-2 -1 0.5; 1 3 -0.25]}, "order", 1);
%!error <Invalid call> dfg.nn.relu ()
