## -*- texinfo -*-
## @deftypefn  {dfg} {@var{L} =} dfg.nn.mse (@var{Y}, @var{T})
## @deftypefnx {dfg} {@var{L} =} dfg.nn.mse (@dots{}, "reduction", @var{r})
## Mean squared error: @code{sum ((Y(:) - T(:)) .^ 2) / numel (Y)}.
##
## @var{Y} and @var{T} have the same size (or @var{T} broadcasts to
## @var{Y}'s).  @var{r}: @qcode{"mean"} (the default, over all elements),
## @qcode{"sum"}, or @qcode{"none"} (the squared errors, element-wise).
## Note: MATLAB's @code{mse} for deep learning is half of this and divides
## by the number of observations instead.
## @seealso{dfg.nn.cross_entropy}
## @end deftypefn
function L = mse (Y, T, varargin)
  if (nargin != 2 && nargin != 4)
    print_usage ();
  endif
  red = "mean";
  if (! isempty (varargin))
    if (! (ischar (varargin{1}) && strcmpi (varargin{1}, "reduction")) || ! ischar (varargin{2}) ||
        ! any (strcmpi (varargin{2}, {"mean", "sum", "none"})))
      error ("dfg:badArgument", "dfg.nn.mse: the option is \"reduction\": \"mean\", \"sum\" or \"none\"");
    endif
    red = lower (varargin{2});
  endif
  E = (Y - T) .^ 2;
  sz = dfg.internal.size_of (E);
  sym = any (isnan (sz));            # a symbolic batch size
  if (! isequaln (sz, dfg.internal.size_of (Y)))
    error ("dfg:nonconformant", "dfg.nn.mse: T (%s) must broadcast to the size of Y (%s)",
           strjoin (arrayfun (@num2str, size (T), "UniformOutput", false), "x"),
           strjoin (arrayfun (@num2str, size (Y), "UniformOutput", false), "x"));
  endif
  switch (red)
    case "mean"
      if (sym)        # a symbolic batch size: the mean along each dimension
        L = E;
        for d = 1:numel (sz)
          L = mean (L, d);
        endfor
      else
        L = sum (E(:)) / cast (numel (E), class (E));
      endif
    case "sum"
      if (sym)
        L = E;
        for d = 1:numel (sz)
          L = sum (L, d);
        endfor
      else
        L = sum (E(:));
      endif
    otherwise
      L = E;
  endswitch
endfunction


%!test
%! Y = randn (3, 5); T = randn (3, 5);
%! y = dfg.input ([3 5]); t = dfg.input ([3 5]);
%! f = dfg.function ({y, t}, {dfg.nn.mse(y, t), dfg.nn.mse(y, t, "reduction", "sum"), dfg.nn.mse(y, t, "reduction", "none")});
%! [a, b, c] = f (Y, T);
%! assert (a, mean ((Y(:) - T(:)) .^ 2), 8 * eps);
%! assert (b, sum ((Y(:) - T(:)) .^ 2), 16 * eps);
%! assert (c, (Y - T) .^ 2, 8 * eps);
%! assert (dfg.nn.mse (Y, T), a, 8 * eps);
%! assert (class (dfg.nn.mse (single (Y), single (T))), "single");
%!test
%! dfg_check_grad (@dfg.nn.mse, {randn(3, 4), randn(3, 4)});
%!error <T \(3x5\) must broadcast to the size of Y \(3x1\)> dfg.nn.mse (dfg.input ([3 1]), ones (3, 5))
%!error <the option is "reduction"> dfg.nn.mse (1, 1, "reduce", "sum")
