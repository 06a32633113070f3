## -*- texinfo -*-
## @deftypefn  {dfg} {@var{J} =} dfg.jacobian (@var{y}, @var{x})
## @deftypefnx {dfg} {@var{J} =} dfg.jacobian (@var{y}, @var{x}, @var{mode})
## @deftypefnx {dfg} {@var{jfun} =} dfg.jacobian (@var{fun})
## @deftypefnx {dfg} {@var{jfun} =} dfg.jacobian (@var{fun}, @var{argnums})
## @deftypefnx {dfg} {@var{jfun} =} dfg.jacobian (@var{fun}, @dots{}, @var{name}, @var{value})
## The Jacobian of @var{y} with respect to @var{x}, as a
## @code{numel (@var{y})} x @code{numel (@var{x})} tensor (element (i, j) is
## the derivative of @var{y}(i) with respect to @var{x}(j), column-major
## numbering), the layout of Octave's optimisation functions.
##
## It is built from one forward-mode product per element of @var{x} or one
## reverse-mode product per element of @var{y}, whichever is fewer;
## @var{mode} (@qcode{"auto"}, @qcode{"forward"}, @qcode{"reverse"})
## forces one.  The functional form returns a handle that computes the
## Jacobian of @var{fun}'s output with respect to its first argument (or
## one Jacobian per position in @var{argnums}), with @code{dfg.jit}'s
## options (@qcode{"passes"}, @qcode{"fast"}, @qcode{"device"}).
## @seealso{dfg.grad, dfg.hessian, dfg.jvp}
## @end deftypefn
function J = jacobian (y, x, mode, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (is_function_handle (y))
    if (nargin < 2)
      x = [];
    endif
    if (nargin >= 3)
      varargin = [{mode}, varargin];
    endif
    J = dfg.internal.transform ("jacobian", y, x, varargin{:});
    return;
  endif
  if (nargin > 3)
    print_usage ();
  endif
  if (nargin < 2)
    print_usage ();
  endif
  if (nargin < 3)
    J = dfg.Tensor (dfg_mex ("jacobian", dfg.internal.untag (y), dfg.internal.untag (x)));
  else
    J = dfg.Tensor (dfg_mex ("jacobian", dfg.internal.untag (y), dfg.internal.untag (x), mode));
  endif
endfunction

%!test
%! J = dfg.jacobian (@(x) [x(1)^2; x(1)*x(2); exp(x(2))]);
%! assert (J ([1; 2]), [2 0; 2 1; 0 exp(2)], 1e-14);
%!test
%! x = dfg.input ([2 1]);
%! y = [x(1) .* x(2); sin(x(1)); x(2) .^ 2];
%! f = dfg.function ({x}, {dfg.jacobian(y, x, "forward"), dfg.jacobian(y, x, "reverse")});
%! [Jf, Jr] = f ([0.5; 2]);
%! E = [2 0.5; cos(0.5) 0; 0 4];
%! assert (Jf, E, 1e-14);
%! assert (Jr, E, 1e-14);
%!test
%! x = dfg.input ([2 2], "single");
%! J = dfg.jacobian (x * 3, x);
%! assert (class (J), "single");
%! assert (size (J), [4 4]);
%!error <MODE> x = dfg.input ([1 1]); dfg.jacobian (x, x, "sideways")
