## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.conv2d (@var{X}, @var{W})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.conv2d (@var{X}, @var{W}, @var{b})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.conv2d (@dots{}, @var{name}, @var{value}, @dots{})
## Two-dimensional convolution (cross-correlation, as in deep learning)
## of images.
##
## Layout as MATLAB's Deep Learning Toolbox: @var{X} is @var{H} x @var{W}
## x @var{C} x @var{N} (height, width, channels, observations); @var{W} is
## @var{kh} x @var{kw} x (@var{C}/@var{groups}) x @var{F} (F filters, F a
## multiple of @var{groups}); @var{b}, optional, has @var{F} elements.
## @var{Y} is @var{Ho} x @var{Wo} x @var{F} x @var{N} with
## @code{Ho = floor ((H + pad_top + pad_bottom - dilation * (kh - 1) - 1) /
## stride) + 1} (the same for the width):
## @code{Y(i, j, f, n) = b(f) + sum over u, v, c of W(u, v, c, f) .*
## X(s*(i-1) + d*(u-1) + 1 - pad, s*(j-1) + d*(v-1) + 1 - pad, c', n)},
## where c' runs over the channels of filter f's group.
##
## Options:
## @table @asis
## @item "stride"
## a positive integer or [sh sw] (default 1);
## @item "padding"
## zeros around the image: a nonnegative integer, [ph pw],
## [top bottom left right], or @qcode{"same"} (output the size of the input,
## stride 1 only; the extra row or column, if any, at the bottom/right);
## @item "dilation"
## a positive integer or [dh dw] (default 1);
## @item "groups"
## a positive integer dividing C and F (default 1): channels and filters
## are split into that many groups, each filter seeing its group's channels.
## @end table
##
## The convolution is a gather of the windows (im2col, with indices fixed
## when the graph is built) and one matrix product per group, so its
## gradients with respect to @var{X}, @var{W} and @var{b} come from those
## ops' rules.  Plain arrays give the same result in plain Octave.
## @seealso{dfg.nn.conv2d_transpose, dfg.nn.maxpool2d, dfg.nn.avgpool2d, dfg.nn.linear}
## @end deftypefn
function Y = conv2d (X, W, varargin)
  if (nargin < 2)
    print_usage ();
  endif
  b = [];
  if (! isempty (varargin) && ! ischar (varargin{1}))
    b = varargin{1};
    varargin(1) = [];
  endif
  o = dfg.internal.conv_options ("conv2d", varargin);
  [H, Wd, C, N] = size (X);
  if (ndims (X) > 4 || ndims (W) > 4)
    error ("dfg:badArgument", "dfg.nn.conv2d: X and W have at most 4 dimensions (H x W x C x N, kh x kw x C/groups x F)");
  endif
  [kh, kw, Cg, F] = size (W);
  G = o.groups;
  if (Cg * G != C || mod (F, G))
    error ("dfg:nonconformant",
           "dfg.nn.conv2d: W (%s) must be kh x kw x C/groups x F for X (%s) with C = %d channels and %d group(s), F a multiple of the groups",
           dfg.internal.size_str (W), dfg.internal.size_str (X), C, G);
  endif
  if (! isempty (b) && numel (b) != F)
    error ("dfg:nonconformant", "dfg.nn.conv2d: b (%s) must have %d elements, one per filter", dfg.internal.size_str (b), F);
  endif
  p = o.padding;
  if (ischar (p))                  # "same"
    if (any (o.stride != 1))
      error ("dfg:badArgument", "dfg.nn.conv2d: \"padding\", \"same\" needs stride 1");
    endif
    eh = o.dilation(1) * (kh - 1);  ew = o.dilation(2) * (kw - 1);
    p = [floor(eh / 2), eh - floor(eh / 2), floor(ew / 2), ew - floor(ew / 2)];
  endif
  [I, Ho, Wo] = dfg.internal.window_index (H, Wd, [kh kw], o.stride, p, o.dilation);
  if (isempty (I))
    error ("dfg:nonconformant", "dfg.nn.conv2d: the window (%dx%d, dilation %dx%d) does not fit the padded %dx%d image",
           kh, kw, o.dilation, H + p(1) + p(2), Wd + p(3) + p(4));
  endif
  hw = H * Wd;
  zero = hw * C + 1;                              # the appended zero row
  Xz = reshape (X, hw * C, N);
  if (any (I(:) == 0))                            # padding reads zeros
    Xz = [Xz; zeros(1, N, class (X))];
  endif
  K = kh * kw * Cg;  P = Ho * Wo;  Fg = F / G;
  parts = cell (G, 1);
  for g = 1:G
    ## windows of the group's channels: rows (u, v, c), u fastest
    c = (g - 1) * Cg + (1:Cg);
    J = reshape (I, kh * kw, 1, P) + reshape (hw * (c - 1), 1, Cg);
    J(repmat (reshape (I == 0, kh * kw, 1, P), 1, Cg)) = zero;
    J = reshape (J, K, P);
    cols = reshape (Xz(J(:), :), K, P * N);       # im2col: K x (P*N)
    Wg = reshape (W(:, :, :, (g - 1) * Fg + (1:Fg)), K, Fg);
    ## (P*N) x Fg: rows (position, observation), so that the permute to
    ## Ho x Wo x F x N below moves whole images of Ho*Wo elements
    parts{g} = cols.' * Wg;
  endfor
  if (G == 1)
    Y = parts{1};
  else
    Y = horzcat (parts{:});
  endif
  Y = permute (reshape (Y, Ho, Wo, N, F), [1 2 4 3]);
  if (! isempty (b))
    ## after the permute, so that the addition fuses with what follows
    ## (an activation) into one kernel
    Y = Y + reshape (b, 1, 1, F);
  endif
endfunction

%!function Y = conv_loop (X, W, b, s, p, d, G)
%!  ## the definition, one output element at a time (p: [top bottom left right])
%!  [H, Wd, C, N] = size (X);  [kh, kw, Cg, F] = size (W);
%!  Xp = zeros (H + p(1) + p(2), Wd + p(3) + p(4), C, N);
%!  Xp(p(1)+(1:H), p(3)+(1:Wd), :, :) = X;
%!  Ho = floor ((H + p(1) + p(2) - d(1) * (kh - 1) - 1) / s(1)) + 1;
%!  Wo = floor ((Wd + p(3) + p(4) - d(2) * (kw - 1) - 1) / s(2)) + 1;
%!  Y = zeros (Ho, Wo, F, N);  Fg = F / G;
%!  for n = 1:N, for f = 1:F, for i = 1:Ho, for j = 1:Wo
%!    g = floor ((f - 1) / Fg);  acc = b(f);
%!    for c = 1:Cg, for u = 1:kh, for v = 1:kw
%!      acc += W(u, v, c, f) * Xp((i-1)*s(1) + (u-1)*d(1) + 1, (j-1)*s(2) + (v-1)*d(2) + 1, g*Cg + c, n);
%!    endfor, endfor, endfor
%!    Y(i, j, f, n) = acc;
%!  endfor, endfor, endfor, endfor
%!endfunction

%!test
%! randn ("state", 2);
%! cases = {{[5 6 3 2], [3 3 3 4], {}}, ...
%!          {[7 7 2 3], [3 2 2 2], {"stride", 2, "padding", 1}}, ...
%!          {[8 6 4 1], [2 3 2 6], {"groups", 2, "dilation", [2 1], "padding", [1 0 2 1]}}, ...
%!          {[6 6 1 2], [3 3 1 5], {"padding", "same"}}, ...
%!          {[6 5 2 2], [2 2 2 3], {"padding", "same", "dilation", 2}}};
%! for k = 1:numel (cases)
%!   X = randn (cases{k}{1});  W = randn (cases{k}{2});  b = randn (cases{k}{2}(4), 1);
%!   o = struct ("stride", [1 1], "padding", [0 0 0 0], "dilation", [1 1], "groups", 1);
%!   a = cases{k}{3};
%!   for q = 1:2:numel (a), o.(a{q}) = a{q+1}; endfor
%!   if (isscalar (o.stride)), o.stride = [o.stride o.stride]; endif
%!   if (isscalar (o.dilation)), o.dilation = [o.dilation o.dilation]; endif
%!   if (ischar (o.padding))
%!     e = o.dilation .* ([size(W, 1) size(W, 2)] - 1);
%!     o.padding = [floor(e(1)/2), e(1) - floor(e(1)/2), floor(e(2)/2), e(2) - floor(e(2)/2)];
%!   elseif (numel (o.padding) == 1), o.padding = repmat (o.padding, 1, 4);
%!   elseif (numel (o.padding) == 2), o.padding = o.padding([1 1 2 2]);
%!   endif
%!   R = conv_loop (X, W, b, o.stride, o.padding, o.dilation, o.groups);
%!   x = dfg.input (size (X));  w = dfg.variable (W);
%!   f = dfg.function ({x}, {dfg.nn.conv2d(x, w, b, a{:})});
%!   got = f (X);
%!   assert (size (got), size (R));
%!   assert (got, R, 1e-12);
%!   assert (dfg.nn.conv2d (X, W, b, a{:}), R, 1e-12);
%!   if (any (strcmp (a, "same")))
%!     assert (size (got)(1:2), size (X)(1:2));
%!   endif
%! endfor
%!test
%! ## single, and one image (N = 1: X is 3-D)
%! X = single (randn (5, 5, 2));  W = single (randn (3, 3, 2, 2));
%! x = dfg.input ([5 5 2], "single");
%! f = dfg.function ({x}, {dfg.nn.conv2d(x, W, "padding", 1)});
%! y = f (X);
%! assert (class (y), "single");
%! assert (size (y), [5 5 2]);
%! assert (y, single (conv_loop (double (X), double (W), [0 0], [1 1], [1 1 1 1], [1 1], 1)), 1e-5);
%!test
%! randn ("state", 3);
%! dfg_check_grad (@(x, w, b) dfg.nn.conv2d (x, w, b, "stride", 2, "padding", 1),
%!                 {randn(5, 4, 2, 2), randn(3, 2, 2, 3), randn(3, 1)}, "order", 1);
%! dfg_check_grad (@(x, w) dfg.nn.conv2d (x, w, "groups", 2, "dilation", 2),
%!                 {randn(6, 6, 4, 1), randn(2, 2, 2, 4)}, "order", 1);
%!error <W \(3x3x2x4\) must be kh x kw x C/groups x F> dfg.nn.conv2d (dfg.input ([5 5 3 1]), ones (3, 3, 2, 4))
%!error <b \(1x2\) must have 4 elements> dfg.nn.conv2d (dfg.input ([5 5 3 2]), ones (3, 3, 3, 4), [1 2])
%!error <does not fit> dfg.nn.conv2d (dfg.input ([2 2 1 1]), ones (3, 3))
%!error <"same" needs stride 1> dfg.nn.conv2d (dfg.input ([5 5]), ones (3, 3), "padding", "same", "stride", 2)
%!error <unknown option 'pad'> dfg.nn.conv2d (dfg.input ([5 5]), ones (3, 3), "pad", 1)
