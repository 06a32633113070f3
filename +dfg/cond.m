## -*- texinfo -*-
## @deftypefn  {dfg} {@var{y} =} dfg.cond (@var{pred}, @var{then_fn}, @var{else_fn}, @var{args}@dots{})
## @deftypefnx {dfg} {[@var{y1}, @var{y2}, @dots{}] =} dfg.cond (@dots{})
## A conditional inside the graph: @code{then_fn (args@{:@})} where
## @var{pred} is true (nonzero), else @code{else_fn (args@{:@})}, decided
## each time a plan runs.  Both branches are traced once, on inputs
## standing for @var{args}; only the chosen one runs.  They must return
## the same number of values, of the same classes and sizes.  Branches may
## use tensors from outside (captured, with their gradients).
##
## @var{pred} must be a scalar (logical or numeric; NaN is an error, as in
## Octave's @code{if}).  When @var{pred} is a plain value (not a tensor)
## the choice is made now, as @code{if} would: the chosen function is
## called directly on @var{args}.
##
## Gradients (reverse, forward and higher order) go through the branch
## taken; the other contributes zero.
##
## @example
## x = dfg.input ([1 1]);
## y = dfg.cond (x > 0, @@(x) x.^2, @@(x) -x, x);     % a piecewise function
## @end example
## @seealso{dfg.scan, dfg.while, merge}
## @end deftypefn
function varargout = cond (pred, then_fn, else_fn, varargin)
  if (nargin < 3)
    print_usage ();
  endif
  if (! is_function_handle (then_fn) || ! is_function_handle (else_fn))
    error ("dfg:badArgument", "dfg.cond: THEN_FN and ELSE_FN must be function handles");
  endif
  nout = max (nargout, 1);
  if (! isa (pred, "dfg.Tensor"))
    if (! ((isnumeric (pred) || islogical (pred)) && isscalar (pred) && isreal (pred)))
      error ("dfg:badArgument", "dfg.cond: PRED must be a real scalar");
    endif
    if (isnan (pred))
      error ("dfg:badArgument", "dfg.cond: PRED is NaN");
    endif
    if (pred)
      [varargout{1:nout}] = then_fn (varargin{:});
    else
      [varargout{1:nout}] = else_fn (varargin{:});
    endif
    return;
  endif
  if (numel (pred) != 1)
    error ("dfg:nonconformant", "dfg.cond: PRED must be a scalar, not %s",
           dfg.internal.size_str (pred));
  endif
  par = cell (1, numel (varargin));
  for k = 1:numel (varargin)
    par{k} = dfg.internal.ctrl_param (varargin{k}, "argument", "cond");
  endfor
  r1 = dfg.internal.ctrl_apply (then_fn, nout, "dfg.cond", "THEN_FN", par{:});
  r2 = dfg.internal.ctrl_apply (else_fn, nout, "dfg.cond", "ELSE_FN", par{:});
  varargout = dfg.internal.ctrl_call ("cond", "cond", par, varargin, 0, pred, r1, r2, -1, 0, 0);
endfunction

%!test
%! x = dfg.input ([1 1]);
%! [a, b] = dfg.cond (x > 0, @(x) deal (x, single (1)), @(x) deal (-x, single (2)), x);
%! f = dfg.function ({x}, {a, b, dfg.grad(a, x)});
%! [u, v, g] = f (3);
%! assert ({u, v, g}, {3, single(1), 1});
%! [u, v, g] = f (-3);
%! assert ({u, v, g}, {3, single(2), -1});
%!test
%! ## a plain predicate chooses now, as if would
%! assert (dfg.cond (true, @(x) x + 1, @(x) x - 1, 1), 2);
%! assert (dfg.cond (0, @(x) x + 1, @(x) x - 1, 1), 0);
%!error <THEN_FN and ELSE_FN must be function handles> dfg.cond (true, 1, @() 2)
%!error <double 1x1 from the then branch but single 1x1> dfg.cond (dfg.input ([1 1]) > 0, @() 1, @() single (2))
