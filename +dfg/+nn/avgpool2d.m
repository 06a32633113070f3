## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.avgpool2d (@var{X}, @var{poolsize})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.avgpool2d (@dots{}, @var{name}, @var{value}, @dots{})
## Two-dimensional average pooling of @var{H} x @var{W} x @var{C} x
## @var{N} images: the mean of each @var{poolsize} window ([ph pw] or one
## number), per channel and observation.
##
## Options as @code{dfg.nn.maxpool2d}: @qcode{"stride"} (default 1) and
## @qcode{"padding"}.  Padded positions count as zeros in the mean (the
## divisor is always ph * pw), as MATLAB's @code{avgpool} and PyTorch's
## default.
## @seealso{dfg.nn.maxpool2d, dfg.nn.conv2d}
## @end deftypefn
function Y = avgpool2d (X, poolsize, varargin)
  if (nargin < 2)
    print_usage ();
  endif
  Y = dfg.internal.pool2d ("avgpool2d", X, poolsize, varargin);
endfunction

%!test
%! randn ("state", 6);
%! X = randn (6, 7, 2, 3);
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.avgpool2d(x, 2, "stride", 2), dfg.nn.avgpool2d(x, [2 3], "padding", [1 0 1 1])});
%! [a, b] = f (X);
%! Ra = zeros (3, 3, 2, 3);
%! for i = 1:3, for j = 1:3
%!   w = X(2*i-1:2*i, 2*j-1:2*j, :, :);
%!   Ra(i, j, :, :) = sum (sum (w, 1), 2) / 4;
%! endfor, endfor
%! assert (a, Ra, 1e-14);
%! Xp = zeros (7, 9, 2, 3);  Xp(2:7, 2:8, :, :) = X;
%! Rb = zeros (6, 7, 2, 3);
%! for i = 1:6, for j = 1:7
%!   Rb(i, j, :, :) = sum (sum (Xp(i:i+1, j:j+2, :, :), 1), 2) / 6;
%! endfor, endfor
%! assert (b, Rb, 1e-14);
%! assert (class (dfg.nn.avgpool2d (single (X), 2)), "single");
%!test
%! dfg_check_grad (@(x) dfg.nn.avgpool2d (x, [2 3], "stride", [1 2], "padding", 1), {randn(4, 5, 2, 2)});
%! dfg_check_grad (@(x) dfg.nn.avgpool2d (x, 2, "stride", 2), {randn(4, 6, 2, 2)});
%! X = randn (4, 6, 2, 3);
%! assert (dfg.value (dfg.nn.avgpool2d (dfg.constant (X), 2, "stride", 2)),
%!         reshape (mean (mean (reshape (X, 2, 2, 2, 3, 2, 3), 1), 3), 2, 3, 2, 3), 1e-14);
%!error <unknown option 'dilation'> dfg.nn.avgpool2d (dfg.input ([4 4]), 2, "dilation", 2)
