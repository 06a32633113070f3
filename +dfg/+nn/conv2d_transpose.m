## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.conv2d_transpose (@var{X}, @var{W})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.conv2d_transpose (@var{X}, @var{W}, @var{b})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.conv2d_transpose (@dots{}, @var{name}, @var{value}, @dots{})
## Transposed two-dimensional convolution (sometimes called
## deconvolution): the adjoint of @code{dfg.nn.conv2d} with respect to its
## input, as MATLAB's @code{dltranspconv} and PyTorch's
## @code{conv_transpose2d}.
##
## @var{X} is @var{Hi} x @var{Wi} x @var{C} x @var{N}; @var{W} is @var{kh}
## x @var{kw} x (@var{F}/@var{groups}) x @var{C}: the filters of the
## convolution this is the transpose of, which maps F channels to C;
## @var{b}, optional, has @var{F} elements.  @var{Y} is @var{H} x @var{Wd}
## x @var{F} x @var{N} with @code{H = (Hi - 1) * stride + dilation * (kh -
## 1) + 1 - pad_top - pad_bottom + output_padding} (the same for the
## width):
## @code{Y(r, q, f, n) = b(f) + sum of W(u, v, f', c) .* X(i, j, c, n)}
## over the i, j, u, v with @code{r = stride*(i-1) + dilation*(u-1) + 1 -
## pad_top} (and the same for q), c and f' in f's group.
##
## Options: @qcode{"stride"}, @qcode{"padding"} (a nonnegative integer, [ph
## pw] or [top bottom left right]: rows and columns cropped from the full
## result), @qcode{"dilation"}, @qcode{"groups"} as for
## @code{dfg.nn.conv2d}, and @qcode{"output_padding"} (0 or [oh ow], each
## less than the stride: rows and columns added at the bottom and right,
## to reach a size that a strided convolution maps to the same output).
##
## It is built as the gradient of @code{dfg.nn.conv2d} (a scatter-add of
## @code{W * X}), so it is differentiable again with respect to @var{X},
## @var{W} and @var{b}.
## @seealso{dfg.nn.conv2d}
## @end deftypefn
function Y = conv2d_transpose (X, W, varargin)
  if (nargin < 2)
    print_usage ();
  endif
  b = [];
  if (! isempty (varargin) && ! ischar (varargin{1}))
    b = varargin{1};
    varargin(1) = [];
  endif
  op = [0 0];
  if (mod (numel (varargin), 2))
    error ("dfg:badArgument", "dfg.nn.conv2d_transpose: options come in name/value pairs");
  endif
  k = find (cellfun (@(a) ischar (a) && strcmpi (a, "output_padding"), varargin(1:2:end)), 1);
  if (! isempty (k))
    v = varargin{2*k};
    if (! (isnumeric (v) && any (numel (v) == [1 2]) && all (v >= 0 & v == fix (v))))
      error ("dfg:badArgument", "dfg.nn.conv2d_transpose: \"output_padding\" must be a nonnegative integer or two");
    endif
    op = double ([v(1), v(end)]);
    varargin(2*k-1:2*k) = [];
  endif
  o = dfg.internal.conv_options ("conv2d_transpose", varargin);
  if (ischar (o.padding))
    error ("dfg:badArgument", "dfg.nn.conv2d_transpose: \"padding\" must be a nonnegative integer, [ph pw] or [top bottom left right]");
  endif
  s = o.stride;  d = o.dilation;  p = o.padding;  G = o.groups;
  conv_args = {"stride", s, "padding", p, "dilation", d, "groups", G};
  if (any (op >= max (s, d)))
    ## as PyTorch: beyond that, the extra rows would be outside every window
    error ("dfg:badArgument", "dfg.nn.conv2d_transpose: \"output_padding\" must be less than the stride or the dilation");
  endif
  if (ndims (X) > 4 || ndims (W) > 4)
    error ("dfg:badArgument", "dfg.nn.conv2d_transpose: X and W have at most 4 dimensions");
  endif
  [Hi, Wi, C, N] = size (X);
  [kh, kw, Fg, Cw] = size (W);
  if (Cw != C)
    error ("dfg:nonconformant",
           "dfg.nn.conv2d_transpose: W (%s) must be kh x kw x F/groups x C for X (%s) with C = %d channels",
           dfg.internal.size_str (W), dfg.internal.size_str (X), C);
  endif
  F = Fg * G;
  H = (Hi - 1) * s(1) + d(1) * (kh - 1) + 1 - p(1) - p(2) + op(1);
  Wd = (Wi - 1) * s(2) + d(2) * (kw - 1) + 1 - p(3) - p(4) + op(2);
  if (H < 1 || Wd < 1)
    error ("dfg:nonconformant", "dfg.nn.conv2d_transpose: the padding crops the whole %dx%d result",
           H + p(1) + p(2), Wd + p(3) + p(4));
  endif
  plain = ! isa (X, "dfg.Tensor") && ! isa (W, "dfg.Tensor") && ! isa (b, "dfg.Tensor");
  if (plain)
    X = dfg.constant (X);
  endif
  ## Octave's class rule: single when X or W is
  cls = "double";
  if (strcmp (class (X), "single") || strcmp (class (W), "single"))
    cls = "single";
  endif
  X = cast (X, cls);
  ## the adjoint of Z = conv2d (Y0, W) with respect to Y0, applied to X:
  ## conv2d is linear in its input, so Y0's value does not matter
  Y0 = dfg.constant (zeros (H, Wd, F, N, cls));
  Z = dfg.nn.conv2d (Y0, W, conv_args{:});
  if (! isequal (size (Z), size (X)))
    error ("dfg:nonconformant", "dfg.nn.conv2d_transpose: X (%s) is not the size a convolution of a %dx%dx%dx%d array gives (%s)",
           dfg.internal.size_str (X), H, Wd, F, N, dfg.internal.size_str (Z));
  endif
  Y = dfg.grad (Z, Y0, X);
  if (! isempty (b))
    if (numel (b) != F)
      error ("dfg:nonconformant", "dfg.nn.conv2d_transpose: b (%s) must have %d elements, one per output channel", dfg.internal.size_str (b), F);
    endif
    Y = Y + reshape (b, 1, 1, F);
  endif
  if (plain)
    Y = dfg.value (Y);
  endif
endfunction

%!function Y = tconv_loop (X, W, b, s, p, d, op, G)
%!  ## the definition: every input element spread over its window
%!  [Hi, Wi, C, N] = size (X);  [kh, kw, Fg, ~] = size (W);  F = Fg * G;  Cg = C / G;
%!  Hf = (Hi - 1) * s(1) + d(1) * (kh - 1) + 1;  Wf = (Wi - 1) * s(2) + d(2) * (kw - 1) + 1;
%!  Yf = zeros (Hf + op(1), Wf + op(2), F, N);
%!  for n = 1:N, for c = 1:C, for i = 1:Hi, for j = 1:Wi, for u = 1:kh, for v = 1:kw
%!    g = floor ((c - 1) / Cg);
%!    r = (i-1)*s(1) + (u-1)*d(1) + 1;  q = (j-1)*s(2) + (v-1)*d(2) + 1;
%!    Yf(r, q, g*Fg + (1:Fg), n) += reshape (W(u, v, :, c), 1, 1, Fg) * X(i, j, c, n);
%!  endfor, endfor, endfor, endfor, endfor, endfor
%!  Y = Yf(p(1)+1:end-p(2), p(3)+1:end-p(4), :, :) + reshape (b, 1, 1, F);
%!endfunction

%!test
%! randn ("state", 12);
%! cases = {{[3 4 2 2], [3 3 5 2], {}, [1 1], [0 0 0 0], [1 1], [0 0], 1}, ...
%!          {[3 3 3 1], [2 3 2 3], {"stride", 2, "padding", 1}, [2 2], [1 1 1 1], [1 1], [0 0], 1}, ...
%!          {[4 3 4 2], [3 2 1 4], {"stride", [2 1], "dilation", 2, "groups", 2, "output_padding", [1 0]}, [2 1], [0 0 0 0], [2 2], [1 0], 2}};
%! for k = 1:numel (cases)
%!   c = cases{k};
%!   X = randn (c{1});  W = randn (c{2});  F = c{2}(3) * c{8};  b = randn (F, 1);
%!   R = tconv_loop (X, W, b, c{4}, c{5}, c{6}, c{7}, c{8});
%!   x = dfg.input (size (X));  w = dfg.variable (W);
%!   f = dfg.function ({x}, {dfg.nn.conv2d_transpose(x, w, b, c{3}{:})});
%!   got = f (X);
%!   assert (size (got), size (R));
%!   assert (got, R, 1e-12);
%!   assert (dfg.nn.conv2d_transpose (X, W, b, c{3}{:}), R, 1e-12);
%! endfor
%!test
%! ## the adjoint of conv2d: <conv2d (Y, W), X> = <Y, conv2d_transpose (X, W)>
%! Y = randn (7, 6, 3, 2);  W = randn (3, 2, 3, 4);  X = randn (4, 4, 4, 2);
%! a = dfg.nn.conv2d (Y, W, "stride", 2, "padding", 1);
%! t = dfg.nn.conv2d_transpose (X, W, "stride", 2, "padding", 1);
%! assert (size (t), size (Y));
%! assert (sum (a(:) .* X(:)), sum (Y(:) .* t(:)), 1e-10);
%!test
%! dfg_check_grad (@(x, w, b) dfg.nn.conv2d_transpose (x, w, b, "stride", 2), {randn(3, 2, 2, 2), randn(2, 2, 3, 2), randn(3, 1)}, "order", 1);
%!error <W \(3x3x2x4\) must be kh x kw x F/groups x C> dfg.nn.conv2d_transpose (dfg.input ([3 3 2 1]), ones (3, 3, 2, 4))
%!test
%! ## the class rule: single when either is
%! y = dfg.nn.conv2d_transpose (dfg.input ([3 3 2 1]), single (ones (2, 2, 1, 2)));
%! assert (class (y), "single");
%! assert (class (dfg.nn.conv2d_transpose (ones (3, 3, 2), single (ones (2, 2, 1, 2)))), "single");
%!error <name/value pairs> dfg.nn.conv2d_transpose (dfg.input ([3 3 1 1]), ones (2, 2), "output_padding")
%!error <"output_padding" must be less than the stride> dfg.nn.conv2d_transpose (dfg.input ([3 3 1 1]), ones (2, 2), "output_padding", 1)
