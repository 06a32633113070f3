## -*- texinfo -*-
## @deftypefn  {dfg} {[@var{Y}, @var{upd}] =} dfg.nn.batchnorm (@var{X}, @var{gamma}, @var{beta}, @var{state})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.batchnorm (@var{X}, @var{gamma}, @var{beta}, @var{state}, "mode", "inference")
## @deftypefnx {dfg} {@var{state} =} dfg.nn.batchnorm (@var{C})
## @deftypefnx {dfg} {@var{state} =} dfg.nn.batchnorm (@var{C}, @var{class})
## Batch normalisation, per channel, in training and inference modes.
##
## @code{dfg.nn.batchnorm (@var{C})} makes the running statistics of C
## channels: a struct with variables @code{mean} (zeros) and @code{var}
## (ones) of class @var{class} (default double), C x 1.
##
## Training mode (the default): each channel of @var{X} (C x N, or H x W x
## C x N) is normalised with the mean and the biased variance of its
## elements in the batch (over N, or over H, W and N):
## @code{Y = gamma .* (X - mean) ./ sqrt (var + epsilon) + beta}.
## @var{upd} are two update rows for @code{dfg.function}'s
## @qcode{"updates"} that move the running statistics towards the batch's:
## @code{mean = (1 - m) * mean + m * batch_mean}, and the same for the
## variance with the unbiased batch variance (PyTorch's rule; @var{m} the
## option @qcode{"momentum"}, default 0.1).
##
## Inference mode: the running statistics take the batch's place; no
## updates.  Options: @qcode{"mode"} (@qcode{"training"},
## @qcode{"inference"}), @qcode{"momentum"}, @qcode{"epsilon"} (default
## 1e-5).  @var{gamma} and @var{beta} have C elements.
## @seealso{dfg.nn.layernorm, dfg.function}
## @end deftypefn
function [Y, upd] = batchnorm (X, gamma, beta, state, varargin)
  if (nargin == 1 || (nargin == 2 && ischar (gamma)))
    ## the running statistics of C channels
    C = X;
    cls = "double";
    if (nargin == 2)
      cls = gamma;
    endif
    if (! (isnumeric (C) && isscalar (C) && C >= 1 && C == fix (C)) || ! any (strcmp (cls, {"double", "single"})))
      error ("dfg:badArgument", "dfg.nn.batchnorm: expected dfg.nn.batchnorm (C) or (C, \"double\"/\"single\")");
    endif
    Y = struct ("mean", dfg.variable (zeros (C, 1, cls), "running_mean"),
                "var", dfg.variable (ones (C, 1, cls), "running_var"));
    return;
  endif
  if (nargin < 4)
    print_usage ();
  endif
  o = struct ("mode", "training", "momentum", 0.1, "epsilon", 1e-5);
  if (mod (numel (varargin), 2))
    error ("dfg:badArgument", "dfg.nn.batchnorm: options come in name/value pairs");
  endif
  for k = 1:2:numel (varargin)
    name = lower (varargin{k});  v = varargin{k+1};
    switch (name)
      case "mode"
        if (! ischar (v) || ! any (strcmpi (v, {"training", "inference"})))
          error ("dfg:badArgument", "dfg.nn.batchnorm: \"mode\" must be \"training\" or \"inference\"");
        endif
        o.mode = lower (v);
      case {"momentum", "epsilon"}
        if (! (isnumeric (v) && isscalar (v) && v > 0 && (v <= 1 || strcmp (name, "epsilon"))))
          error ("dfg:badArgument", "dfg.nn.batchnorm: \"%s\" must be a positive scalar%s", name,
                 merge (strcmp (name, "momentum"), " at most 1", ""));
        endif
        o.(name) = double (v);
      otherwise
        error ("dfg:badArgument", "dfg.nn.batchnorm: unknown option '%s' (mode, momentum, epsilon)", varargin{k});
    endswitch
  endfor
  if (! isstruct (state) || ! all (isfield (state, {"mean", "var"})))
    error ("dfg:badArgument", "dfg.nn.batchnorm: STATE (argument 4) must be the struct dfg.nn.batchnorm (C) makes");
  endif
  sz = size (X);
  if (numel (sz) == 3)
    sz(4) = 1;                     # one H x W x C image: N = 1
  endif
  nd = numel (sz);
  if (nd != 2 && nd != 4)
    error ("dfg:badArgument", "dfg.nn.batchnorm: X must be C x N or H x W x C x N, got %s", dfg.internal.size_str (X));
  endif
  cdim = nd - 1;
  C = sz(cdim);
  if (numel (gamma) != C || numel (beta) != C || numel (state.mean) != C || numel (state.var) != C)
    error ("dfg:nonconformant", "dfg.nn.batchnorm: GAMMA, BETA and STATE must have %d elements, one per channel of X (%s)",
           C, dfg.internal.size_str (X));
  endif
  cls = class (X);
  ## channels first: C x (the rest)
  if (nd == 2)
    Z = X;
  else
    Z = reshape (permute (X, [3 1 2 4]), C, []);
  endif
  m = columns (Z);
  if (strcmp (o.mode, "training") && m < 2)
    error ("dfg:badArgument", "dfg.nn.batchnorm: training needs more than one value per channel (X is %s)",
           dfg.internal.size_str (X));
  endif
  if (strcmp (o.mode, "training"))
    mu = sum (Z, 2) / cast (m, cls);
    D = Z - mu;
    v = sum (D .* D, 2) / cast (m, cls);
    ## in the state's class (a single batch may update double statistics)
    sc = class (state.mean);
    keep = cast (1 - o.momentum, sc);
    new_mean = keep .* state.mean + cast (o.momentum, sc) .* cast (mu, sc);
    new_var = keep .* state.var + cast (o.momentum * m / (m - 1), sc) .* cast (v, sc);   # unbiased
    upd = {state.mean, new_mean; state.var, new_var};
  else
    mu = cast (state.mean, cls);
    D = Z - mu;
    v = cast (state.var, cls);
    upd = cell (0, 2);
  endif
  Zn = reshape (gamma, C, 1) .* D ./ sqrt (v + cast (o.epsilon, cls)) + reshape (beta, C, 1);
  if (nd == 2)
    Y = Zn;
  else
    Y = permute (reshape (Zn, C, sz(1), sz(2), sz(4)), [2 3 1 4]);
  endif
endfunction

%!test
%! randn ("state", 9);
%! X = randn (3, 8) * 2 + 1;  g = randn (3, 1);  b = randn (3, 1);
%! st = dfg.nn.batchnorm (3);
%! x = dfg.input ([3 8]);
%! [y, upd] = dfg.nn.batchnorm (x, g, b, st);
%! f = dfg.function ({x}, {y}, "updates", upd);
%! mu = mean (X, 2);  v = mean ((X - mu) .^ 2, 2);
%! assert (f (X), g .* (X - mu) ./ sqrt (v + 1e-5) + b, 1e-13);
%! assert (dfg.value (st.mean), 0.1 * mu, 1e-15);
%! assert (dfg.value (st.var), 0.9 + 0.1 * var (X, 0, 2), 1e-14);
%! ## inference: the running statistics
%! yi = dfg.nn.batchnorm (x, g, b, st, "mode", "inference");
%! fi = dfg.function ({x}, {yi});
%! assert (fi (X), g .* (X - 0.1 * mu) ./ sqrt (0.9 + 0.1 * var (X, 0, 2) + 1e-5) + b, 1e-13);
%!test
%! ## images: per channel over H, W and N
%! X = randn (2, 3, 4, 5);  g = randn (4, 1);  b = randn (4, 1);
%! st = dfg.nn.batchnorm (4);
%! [Y, upd] = dfg.nn.batchnorm (X, g, b, st, "momentum", 0.5);
%! for c = 1:4
%!   s = X(:, :, c, :);  mu = mean (s(:));  v = mean ((s(:) - mu) .^ 2);
%!   assert (Y(:, :, c, :), g(c) * (s - mu) / sqrt (v + 1e-5) + b(c), 1e-13);
%! endfor
%! assert (rows (upd), 2);
%! s = dfg.nn.batchnorm (2, "single");
%! assert (class (dfg.value (s.var)), "single");
%! ## one image (3-D) is H x W x C x 1
%! X3 = randn (2, 3, 2);
%! Y3 = dfg.nn.batchnorm (X3, [1; 1], [0; 0], dfg.nn.batchnorm (2));
%! s1 = X3(:, :, 1);  assert (Y3(:, :, 1), (s1 - mean (s1(:))) / sqrt (mean ((s1(:) - mean (s1(:))) .^ 2) + 1e-5), 1e-13);
%! ## single data with the default (double) statistics
%! xs = dfg.input ([3 4], "single");
%! st = dfg.nn.batchnorm (3);
%! [ys, us] = dfg.nn.batchnorm (xs, ones (3, 1), zeros (3, 1), st);
%! fs = dfg.function ({xs}, {ys}, "updates", us);
%! assert (class (fs (single (randn (3, 4)))), "single");
%! assert (class (dfg.value (st.mean)), "double");
%!test
%! st = dfg.nn.batchnorm (3);
%! dfg_check_grad (@(x, g, b) dfg.nn.batchnorm (x, g, b, st), {randn(3, 5), randn(3, 1), randn(3, 1)});
%! dfg_check_grad (@(x) dfg.nn.batchnorm (x, [1; 2], [0; 1], dfg.nn.batchnorm (2)), {randn(2, 2, 2, 3)}, "order", 1);
%!error <must have 3 elements> dfg.nn.batchnorm (dfg.input ([3 4]), ones (2, 1), ones (3, 1), dfg.nn.batchnorm (3))
%!error <"mode" must be> dfg.nn.batchnorm (dfg.input ([3 4]), ones (3, 1), ones (3, 1), dfg.nn.batchnorm (3), "mode", "eval")
%!error <training needs more than one value per channel> dfg.nn.batchnorm (dfg.input ([3 1]), ones (3, 1), ones (3, 1), dfg.nn.batchnorm (3))
%!error <STATE \(argument 4\)> dfg.nn.batchnorm (dfg.input ([3 4]), ones (3, 1), ones (3, 1), 1)
