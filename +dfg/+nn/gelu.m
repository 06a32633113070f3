## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.gelu (@var{X})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.gelu (@var{X}, @var{approximation})
## Gaussian error linear unit: @code{0.5 * X .* (1 + erf (X / sqrt (2)))}.
##
## @var{approximation} @qcode{"none"} (the default) is the exact form above;
## @qcode{"tanh"} is @code{0.5 * X .* (1 + tanh (sqrt (2 / pi) * (X + 0.044715
## * X .^ 3)))}, as MATLAB's @code{gelu} and PyTorch's option of the same
## name.
## @seealso{dfg.nn.relu, dfg.nn.elu}
## @end deftypefn
function Y = gelu (X, approximation)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (nargin < 2)
    approximation = "none";
  endif
  if (! ischar (approximation) || ! any (strcmpi (approximation, {"none", "tanh"})))
    error ("dfg:badArgument", "dfg.nn.gelu: APPROXIMATION (argument 2) must be \"none\" or \"tanh\"");
  endif
  c = class (X);
  if (strcmpi (approximation, "none"))
    Y = cast (0.5, c) .* X .* (1 + erf (X .* cast (1 / sqrt (2), c)));
  else
    Y = cast (0.5, c) .* X .* (1 + tanh (cast (sqrt (2 / pi), c) .* (X + cast (0.044715, c) .* X .^ 3)));
  endif
endfunction

%!test
%! X = [-3 -1 0; 0.5 2 10];
%! x = dfg.input (size (X));
%! f = dfg.function ({x}, {dfg.nn.gelu(x), dfg.nn.gelu(x, "tanh")});
%! [a, b] = f (X);
%! assert (a, 0.5 * X .* (1 + erf (X / sqrt (2))), 2 * eps);
%! assert (b, 0.5 * X .* (1 + tanh (sqrt (2 / pi) * (X + 0.044715 * X .^ 3))), 4 * eps);
%! assert (a, b, 1e-3);
%! assert (class (dfg.nn.gelu (single (X))), "single");
%!test
%! dfg_check_grad (@dfg.nn.gelu, {[-2 -1 0.5; 1 3 -0.25]});
%! dfg_check_grad (@(x) dfg.nn.gelu (x, "tanh"), {[-2 -1 0.5; 1 3 -0.25]});
%!error <APPROXIMATION> dfg.nn.gelu (1, "erf")
