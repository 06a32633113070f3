## -*- texinfo -*-
## @deftypefn  {dfg} {@var{L} =} dfg.nn.cross_entropy (@var{logits}, @var{targets})
## @deftypefnx {dfg} {@var{L} =} dfg.nn.cross_entropy (@dots{}, "reduction", @var{r})
## Softmax cross-entropy from unnormalised scores.
##
## @var{logits} is C x N: one column of C class scores per observation.
## @var{targets} is either
## @itemize
## @item C x N, a probability (e.g. one-hot) column per observation, or
## @item N class indices (1 to C), a vector (or a tensor, e.g. a
## @code{dfg.input}, of N elements).
## @end itemize
## The loss of observation j is @code{-sum (T(:, j) .* log_softmax (logits(:,
## j)))}.  @var{r} is @qcode{"mean"} (the default: the sum over the batch
## divided by N, as MATLAB's @code{crossentropy}), @qcode{"sum"}, or
## @qcode{"none"} (1 x N, one loss per observation).
##
## Class indices in a plain array are checked (integers 1 to C); in a
## tensor they are values only known when a plan runs: an observation whose
## index is not an integer from 1 to C gets a NaN loss (and so does the
## mean), never a silently wrong number.
## @seealso{dfg.nn.log_softmax, dfg.nn.softmax, dfg.nn.mse}
## @end deftypefn
function L = cross_entropy (logits, targets, varargin)
  if (nargin != 2 && nargin != 4)
    print_usage ();
  endif
  red = reduction_arg ("cross_entropy", varargin);
  if (ndims (logits) > 2)
    error ("dfg:badArgument", "dfg.nn.cross_entropy: LOGITS must be C x N, got %s", dfg.internal.size_str (logits));
  endif
  ## sizes with NaN for a symbolic batch size (not counted as reads of it)
  sz = dfg.internal.size_of (logits);
  C = sz(1);  N = sz(2);
  st = dfg.internal.size_of (targets);
  LS = dfg.nn.log_softmax (logits, 1);
  if (isequaln (st, [C N]) && ! (C == 1 && N == 1))
    l = -sum (targets .* LS, 1);
  elseif (numel (st) == 2 && any (st == 1) && (isequaln (max (st), N) || (isnan (N) && isnan (prod (st)))))
    if (! isa (targets, "dfg.Tensor"))
      if (! isreal (targets) || any (targets(:) != fix (targets(:))) || any (targets(:) < 1 | targets(:) > C))
        error ("dfg:badArgument", "dfg.nn.cross_entropy: class indices must be integers from 1 to %d", C);
      endif
    endif
    T = reshape (targets, 1, []) == (1:C)';         # C x N, logical
    ## a column without a match (a bad index) makes its loss NaN (cast, not
    ## double: double () would evaluate a graph of variables once, here)
    bad = cast (0, class (logits)) .* log (cast (any (T, 1), class (logits)));
    ## merge, not T .* LS: a -Inf score of another class must not give 0 * -Inf
    l = -sum (merge (T, LS, cast (0, class (logits))), 1) + bad;
  else
    error ("dfg:nonconformant",
           "dfg.nn.cross_entropy: TARGETS (%s) must be C x N like LOGITS (%s), or N class indices",
           dfg.internal.size_str (targets), dfg.internal.size_str (logits));
  endif
  switch (red)
    case "mean"
      if (isnan (N))
        L = mean (l, 2);
      else
        L = sum (l) / cast (N, class (logits));
      endif
    case "sum"
      L = sum (l);
    otherwise
      L = l;
  endswitch
endfunction


function red = reduction_arg (fn, args)
  red = "mean";
  if (isempty (args))
    return;
  endif
  if (! (ischar (args{1}) && strcmpi (args{1}, "reduction")))
    error ("dfg:badArgument", "dfg.nn.%s: unknown option (the option is \"reduction\")", fn);
  endif
  red = lower (args{2});
  if (! ischar (red) || ! any (strcmp (red, {"mean", "sum", "none"})))
    error ("dfg:badArgument", "dfg.nn.%s: \"reduction\" must be \"mean\", \"sum\" or \"none\"", fn);
  endif
endfunction

%!test
%! Z = [1 2 -1 0; 0 -3 2 5; 4 1 1 -2];
%! idx = [3 1 2 2];
%! T = double (idx == (1:3)');
%! LS = Z - max (Z) - log (sum (exp (Z - max (Z))));
%! want = -sum (T .* LS);
%! z = dfg.input ([3 4]); t = dfg.input ([1 4]); tt = dfg.input ([3 4]);
%! f = dfg.function ({z, t, tt}, {dfg.nn.cross_entropy(z, t), dfg.nn.cross_entropy(z, tt, "reduction", "none"), ...
%!                               dfg.nn.cross_entropy(z, t, "reduction", "sum")});
%! [a, b, c] = f (Z, idx, T);
%! assert (a, mean (want), 8 * eps);
%! assert (b, want, 8 * eps);
%! assert (c, sum (want), 16 * eps);
%! assert (dfg.nn.cross_entropy (Z, idx), a, 8 * eps);
%! ## a bad index in a tensor: NaN, not a wrong number
%! assert (isnan (f (Z, [3 1 4 2], T)));
%! assert (isnan (f (Z, [3 1 1.5 2], T)));
%!test
%! zs = dfg.input ([3 4], "single");
%! g = dfg.function ({zs}, {dfg.nn.cross_entropy(zs, [1 2 3 1])});
%! assert (class (g (single (randn (3, 4)))), "single");
%!test
%! dfg_check_grad (@(z) dfg.nn.cross_entropy (z, [2 1 3]), {randn(3, 3)});
%! dfg_check_grad (@(z) dfg.nn.cross_entropy (z, [0.2 0.5; 0.8 0.5], "reduction", "sum"), {randn(2, 2)});
%!error <class indices must be integers from 1 to 3> dfg.nn.cross_entropy (dfg.input ([3 2]), [1 4])
%!error <TARGETS \(3x3\) must be C x N> dfg.nn.cross_entropy (dfg.input ([3 2]), ones (3))
%!error <"reduction" must be> dfg.nn.cross_entropy (dfg.input ([3 2]), [1 2], "reduction", "avg")
