## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.layernorm (@var{X}, @var{gamma}, @var{beta})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.layernorm (@dots{}, "epsilon", @var{e})
## Layer normalisation: each observation (the last dimension of @var{X}:
## a column of a C x N array, an H x W x C image of H x W x C x N, a 3-D
## @var{X} being one image) is
## normalised to mean 0 and variance 1 over all its elements, then scaled
## by @var{gamma} and shifted by @var{beta}, one of each per channel (C
## elements; the channel dimension is the one before the last, as
## MATLAB's @code{layernorm}):
## @code{Y = gamma .* (X - mean) ./ sqrt (var + e) + beta}, the variance
## the biased one (divided by the number of elements), @var{e} 1e-5 unless
## given.
## @seealso{dfg.nn.batchnorm}
## @end deftypefn
function Y = layernorm (X, gamma, beta, varargin)
  if (nargin != 3 && nargin != 5)
    print_usage ();
  endif
  e = norm_epsilon ("layernorm", varargin);
  sz = size (X);
  if (numel (sz) == 3)
    sz(4) = 1;                     # one H x W x C image: N = 1
  endif
  nd = numel (sz);
  if (nd < 2 || nd > 4)
    error ("dfg:badArgument", "dfg.nn.layernorm: X must be C x N or H x W x C x N, got %s", dfg.internal.size_str (X));
  endif
  C = sz(nd - 1);
  if (numel (gamma) != C || numel (beta) != C)
    error ("dfg:nonconformant", "dfg.nn.layernorm: GAMMA (%s) and BETA (%s) must have %d elements, one per channel of X (%s)",
           dfg.internal.size_str (gamma), dfg.internal.size_str (beta), C, dfg.internal.size_str (X));
  endif
  m = prod (sz(1:nd-1));
  N = sz(nd);
  Z = reshape (X, m, N);
  mu = sum (Z, 1) / cast (m, class (X));
  D = Z - mu;
  v = sum (D .* D, 1) / cast (m, class (X));
  Zn = reshape (D ./ sqrt (v + cast (e, class (X))), sz);
  cs = ones (1, nd);  cs(nd - 1) = C;
  Y = reshape (gamma, cs) .* Zn + reshape (beta, cs);
endfunction

function e = norm_epsilon (fn, args)
  e = 1e-5;
  if (isempty (args))
    return;
  endif
  if (! (ischar (args{1}) && strcmpi (args{1}, "epsilon")) || ! (isnumeric (args{2}) && isscalar (args{2}) && args{2} > 0))
    error ("dfg:badArgument", "dfg.nn.%s: the option is \"epsilon\", a positive scalar", fn);
  endif
  e = double (args{2});
endfunction

%!test
%! randn ("state", 8);
%! X = randn (5, 4) * 3 + 1;  g = randn (5, 1);  b = randn (5, 1);
%! x = dfg.input ([5 4]);
%! f = dfg.function ({x}, {dfg.nn.layernorm(x, g, b)});
%! mu = mean (X);  v = mean ((X - mu) .^ 2);
%! R = g .* (X - mu) ./ sqrt (v + 1e-5) + b;
%! assert (f (X), R, 1e-13);
%! assert (dfg.nn.layernorm (X, g, b), R, 1e-13);
%! ## images: over H, W and C of each observation, scale and shift per channel
%! X4 = randn (3, 2, 4, 2);  g4 = randn (4, 1);  b4 = randn (1, 4);
%! Y4 = dfg.nn.layernorm (X4, g4, b4, "epsilon", 1e-3);
%! for n = 1:2
%!   s = X4(:, :, :, n);  mu = mean (s(:));  v = mean ((s(:) - mu) .^ 2);
%!   assert (Y4(:, :, :, n), reshape (g4, 1, 1, 4) .* (s - mu) ./ sqrt (v + 1e-3) + reshape (b4, 1, 1, 4), 1e-13);
%! endfor
%! assert (class (dfg.nn.layernorm (single (X), g, b)), "single");
%! ## one image (3-D): per channel gamma, normalised over the whole image
%! X3 = randn (3, 4, 2);
%! Y3 = dfg.nn.layernorm (X3, [2; 3], [0; 1]);
%! mu = mean (X3(:));  v = mean ((X3(:) - mu) .^ 2);
%! assert (Y3, reshape ([2; 3], 1, 1, 2) .* (X3 - mu) ./ sqrt (v + 1e-5) + reshape ([0; 1], 1, 1, 2), 1e-13);
%!test
%! dfg_check_grad (@(x, g, b) dfg.nn.layernorm (x, g, b), {randn(4, 3), randn(4, 1), randn(4, 1)});
%!error <GAMMA \(3x1\) and BETA \(4x1\) must have 4 elements> dfg.nn.layernorm (dfg.input ([4 3]), ones (3, 1), ones (4, 1))
%!error <"epsilon"> dfg.nn.layernorm (ones (4, 3), ones (4, 1), ones (4, 1), "epsilon", -1)
