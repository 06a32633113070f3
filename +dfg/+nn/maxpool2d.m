## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.maxpool2d (@var{X}, @var{poolsize})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.maxpool2d (@dots{}, @var{name}, @var{value}, @dots{})
## Two-dimensional max pooling of @var{H} x @var{W} x @var{C} x @var{N}
## images: the maximum of each @var{poolsize} window ([ph pw] or one
## number), per channel and observation.
##
## Options as MATLAB's @code{maxpool}: @qcode{"stride"} (a positive integer
## or [sh sw]; default 1, so pass the pool size for non-overlapping
## windows), @qcode{"padding"} (a nonnegative integer, [ph pw] or [top
## bottom left right]; padded positions never win: they hold -Inf).  The
## output is Ho x Wo x C x N as for @code{dfg.nn.conv2d}.  NaN is ignored as
## by @code{max}; where a window has equal maxima the gradient goes to the
## first (column-major) of them.
## @seealso{dfg.nn.avgpool2d, dfg.nn.conv2d}
## @end deftypefn
function Y = maxpool2d (X, poolsize, varargin)
  if (nargin < 2)
    print_usage ();
  endif
  Y = dfg.internal.pool2d ("maxpool2d", X, poolsize, varargin);
endfunction

%!function Y = pool_loop (X, k, s, p, f, padv)
%!  [H, W, C, N] = size (X);
%!  Xp = padv * ones (H + p(1) + p(2), W + p(3) + p(4), C, N);
%!  Xp(p(1)+(1:H), p(3)+(1:W), :, :) = X;
%!  Ho = floor ((H + p(1) + p(2) - k(1)) / s(1)) + 1;  Wo = floor ((W + p(3) + p(4) - k(2)) / s(2)) + 1;
%!  Y = zeros (Ho, Wo, C, N);
%!  for n = 1:N, for c = 1:C, for i = 1:Ho, for j = 1:Wo
%!    w = Xp((i-1)*s(1) + (1:k(1)), (j-1)*s(2) + (1:k(2)), c, n);
%!    Y(i, j, c, n) = f (w(:));
%!  endfor, endfor, endfor, endfor
%!endfunction

%!test
%! randn ("state", 4);
%! X = randn (7, 6, 3, 2);
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.maxpool2d(x, 2, "stride", 2), dfg.nn.maxpool2d(x, [3 2], "padding", 1), ...
%!                         dfg.nn.maxpool2d(x, 3, "stride", [2 1], "padding", [1 0 0 1])});
%! [a, b, c] = f (X);
%! assert (a, pool_loop (X, [2 2], [2 2], [0 0 0 0], @max, -Inf));
%! assert (b, pool_loop (X, [3 2], [1 1], [1 1 1 1], @max, -Inf));
%! assert (c, pool_loop (X, [3 3], [2 1], [1 0 0 1], @max, -Inf));
%! assert (dfg.nn.maxpool2d (X, 2, "stride", 2), a);
%! xs = dfg.input ([4 4 1 1], "single");
%! g = dfg.function ({xs}, {dfg.nn.maxpool2d(xs, 2, "stride", 2)});
%! assert (g (single (magic (4))), single ([16 13; 14 15]));
%!test
%! randn ("state", 5);
%! dfg_check_grad (@(x) dfg.nn.maxpool2d (x, 2, "stride", 2, "padding", 1), {randn(5, 4, 2, 2)}, "order", 1);
%!test
%! ## windows that tile the image (stride = pool size): reshaped, not gathered
%! randn ("state", 7);
%! X = randn (6, 4, 3, 2);
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.maxpool2d(x, [3 2], "stride", [3 2])});
%! assert (f (X), pool_loop (X, [3 2], [3 2], [0 0 0 0], @max, -Inf));
%! dfg_check_grad (@(x) dfg.nn.maxpool2d (x, 2, "stride", 2), {randn(4, 6, 2, 2)}, "order", 1);
%!error <POOLSIZE> dfg.nn.maxpool2d (dfg.input ([4 4]), 0)
%!error <does not fit> dfg.nn.maxpool2d (dfg.input ([2 2]), 3)
%!error <"padding" must be less than the pool size> dfg.nn.maxpool2d (ones (2), 2, "padding", 2, "stride", 2)
