## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.linear (@var{X}, @var{W})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.linear (@var{X}, @var{W}, @var{b})
## Fully connected (affine) layer: @code{Y = W * X + b}.
##
## dfg.nn uses the layout of MATLAB's Deep Learning Toolbox: one
## observation per column.  @var{X} is @var{in} x @var{N} (features by
## observations), @var{W} is @var{out} x @var{in}, @var{b} (optional) has
## @var{out} elements and is added to every column; @var{Y} is @var{out} x
## @var{N}.  Any argument may be a dfg tensor (a @code{dfg.variable} for
## parameters) or a plain array.
## @seealso{dfg.nn.relu, dfg.optim.sgd}
## @end deftypefn
function Y = linear (X, W, b)
  if (nargin < 2 || nargin > 3)
    print_usage ();
  endif
  if (ndims (X) > 2 || ndims (W) > 2 || columns (W) != rows (X))
    error ("dfg:nonconformant", "dfg.nn.linear: W (%s) must be OUT x IN for X (%s) of IN x N",
           dfg.internal.size_str (W), dfg.internal.size_str (X));
  endif
  Y = W * X;
  if (nargin == 3)
    if (numel (b) != rows (W))
      error ("dfg:nonconformant", "dfg.nn.linear: b (%s) must have %d elements, one per row of W (%s)",
             dfg.internal.size_str (b), rows (W), dfg.internal.size_str (W));
    endif
    Y = Y + reshape (b, rows (W), 1);
  endif
endfunction

%!test
%! X = randn (4, 6); W = randn (3, 4); b = randn (3, 1);
%! x = dfg.input ([4 6]);
%! w = dfg.variable (W);  bb = dfg.variable (b');
%! f = dfg.function ({x}, {dfg.nn.linear(x, w, bb), dfg.nn.linear(x, w)});
%! [y, y0] = f (X);
%! assert (y, W * X + b, 8 * eps);
%! assert (y0, W * X, 8 * eps);
%! assert (dfg.nn.linear (X, W, b), W * X + b);
%! assert (class (dfg.nn.linear (single (X), single (W))), "single");
%!test
%! dfg_check_grad (@dfg.nn.linear, {randn(4, 5), randn(2, 4), randn(2, 1)});
%!error <W \(3x5\) must be OUT x IN for X \(4x6\)> dfg.nn.linear (dfg.input ([4 6]), randn (3, 5))
%!error <b \(1x2\) must have 3 elements> dfg.nn.linear (dfg.input ([4 6]), randn (3, 4), [1 2])
