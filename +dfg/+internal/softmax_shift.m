## -*- texinfo -*-
## @deftypefn {} {@var{Z} =} dfg.internal.softmax_shift (@var{fn}, @var{X}, @var{dim})
## Internal (dfg.nn.softmax, dfg.nn.log_softmax): checks @var{dim} and
## returns @code{X - max (X, [], dim)}, the maximum kept out of the
## gradient (softmax does not depend on it), so that exp does not overflow.
## @end deftypefn
function Z = softmax_shift (fn, X, dim)
  if (! (isnumeric (dim) && isreal (dim) && isscalar (dim) && dim >= 1 && dim == fix (dim)))
    error ("dfg:badArgument", "dfg.nn.%s: DIM (argument 2) must be a positive integer", fn);
  endif
  m = max (X, [], dim);
  if (isa (m, "dfg.Tensor"))
    m = dfg.stop_gradient (m);
  endif
  Z = X - m;
endfunction
