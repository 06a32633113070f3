## -*- texinfo -*-
## @deftypefn  {dfg} {@var{H} =} dfg.hessian (@var{y}, @var{x})
## @deftypefnx {dfg} {@var{hfun} =} dfg.hessian (@var{fun})
## @deftypefnx {dfg} {@var{hfun} =} dfg.hessian (@var{fun}, @var{argnums})
## @deftypefnx {dfg} {@var{hfun} =} dfg.hessian (@var{fun}, @dots{}, @var{name}, @var{value})
## The Hessian of a real scalar @var{y} with respect to @var{x}: a
## @code{numel (@var{x})} x @code{numel (@var{x})} tensor, built as the
## forward-mode Jacobian of the reverse-mode gradient.  The functional form
## returns a handle computing the Hessian of @var{fun} with respect to its
## first argument (or one per position in @var{argnums}), with
## @code{dfg.jit}'s options (@qcode{"passes"}, @qcode{"fast"},
## @qcode{"device"}).
## @seealso{dfg.grad, dfg.jacobian}
## @end deftypefn
function H = hessian (y, x, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (is_function_handle (y))
    if (nargin < 2)
      x = [];
    endif
    H = dfg.internal.transform ("hessian", y, x, varargin{:});
    return;
  endif
  if (nargin != 2)
    print_usage ();
  endif
  H = dfg.Tensor (dfg_mex ("hessian", dfg.internal.untag (y), dfg.internal.untag (x)));
endfunction

%!test
%! rosen = @(x) sum (100*(x(2:end) - x(1:end-1).^2).^2 + (1 - x(1:end-1)).^2);
%! H = dfg.hessian (rosen);
%! Hx = H (ones (3, 1));
%! assert (Hx, [802 -400 0; -400 1002 -400; 0 -400 200], 1e-10);
%!test
%! x = dfg.input ([2 1]);
%! H = dfg.hessian (x(1)^2 * x(2) + x(2)^3, x);
%! f_ = dfg.function ({x}, {H});
%! assert (f_ ([1; 2]), [4 2; 2 12], 1e-14);
%!error <Y must be a scalar> x = dfg.input ([2 1]); dfg.hessian (x, x)
