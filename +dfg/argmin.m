## -*- texinfo -*-
## @deftypefn  {dfg} {@var{x} =} dfg.argmin (@var{f}, @var{x0})
## @deftypefnx {dfg} {@var{x} =} dfg.argmin (@var{f}, @var{x0}, @var{options})
## @deftypefnx {dfg} {[@var{x}, @var{fval}, @var{info}, @var{output}] =} dfg.argmin (@dots{})
## A local minimiser of the scalar function @var{f} found by Newton's
## method inside the graph, differentiable with respect to the tensors
## @var{f} uses from outside through the optimality condition
## @code{grad f (x) = 0}: @code{dx/dp = -H \ d(grad f)/dp} with the
## Hessian @var{H} at @var{x}, to any order.
##
## The calling form of Octave's @code{fminunc}: @var{x0} the starting point
## (a tensor or a double or single array; @var{x} keeps its class and
## size), @var{options} from @code{optimset} with @code{TolFun} (on the
## gradient's norm, default 1e-7 as fminunc), @code{TolX} (1e-7) and
## @code{MaxIter} (400).  It is @code{dfg.fsolve} applied to the gradient
## of @var{f} (built by dfg's autodiff), with the Hessian as its Jacobian:
## each step is @code{x = x - H \ grad f (x)}; the stopping rules and
## @var{info} (1 gradient norm at most TolFun, 2 small step, 0 MaxIter, -3
## not finite) are dfg.fsolve's.  @var{fval} is @code{@var{f} (@var{x})};
## its derivative with respect to a parameter is the partial one (the
## envelope theorem), which the graph gives by itself.  @var{output} has
## fields @code{iterations} and @code{funcCount}.
##
## Newton's method finds the stationary point that the starting point
## leads to: without a line search it can end at a saddle point or a
## maximum, or diverge, where @code{fminunc} (a trust region) would go on
## to a minimum.  Start close to the minimum, where the Hessian is
## positive definite (for example from a few steps of @code{fminunc} on
## plain values).
##
## When neither @var{x0} nor what @var{f} returns for it is a tensor, the
## results are plain arrays.
##
## @example
## w = dfg.input ([3 1]);
## f = @@(x) sum ((x - w).^4) + sum (x.^2);        % x (w) has no closed form
## x = dfg.argmin (f, zeros (3, 1));
## J = dfg.function (@{w@}, @{x, dfg.jacobian(x, w)@});
## @end example
## See docs/implicit.md.
## @seealso{dfg.fsolve, dfg.implicit, fminunc}
## @end deftypefn
function [x, fval, info, output] = argmin (f, x0, options = [])
  if (nargin < 2 || nargin > 3)
    print_usage ();
  endif
  [x0, plain] = dfg.internal.implicit_args ("argmin", f, x0);
  opt = dfg.internal.solver_options ("argmin", options, 1e-7);
  G = @(x) dfg.grad (f (x), x);
  [xs, iter, sn] = dfg.internal.newton ("argmin", G, x0, opt);
  [x, g] = dfg.internal.implicit_root ("argmin", G, dfg.stop_gradient (xs));
  if (nargout > 1)
    fval = f (x);
  endif
  if (nargout > 2)
    info = dfg.internal.solver_info (x, double (norm (g(:))), sn, opt);
    output = struct ("iterations", iter, "funcCount", iter + 1);
  endif
  if (plain)
    x = dfg.internal.plain_values (x);
    if (nargout > 1)
      fval = dfg.internal.plain_values (fval);
    endif
    if (nargout > 2)
      [info, iter] = dfg.internal.plain_values (info, iter);
      output = struct ("iterations", iter, "funcCount", iter + 1);
    endif
  endif
endfunction

%!test
%! ## a minimiser and its derivative with respect to a captured input
%! w = dfg.input ([1 1]);
%! x = dfg.argmin (@(x) (x - w).^4 / 4 + x.^2 / 2, 0);
%! d = dfg.grad (x, w);
%! f = dfg.function ({w}, {x, d});
%! [r, g] = f (3);
%! assert ((r - 3)^3 + r, 0, 1e-12);              % the optimality condition
%! assert (g, 3 * (r - 3)^2 / (3 * (r - 3)^2 + 1), 1e-10);
%!test
%! ## plain values: fminunc's minimiser
%! f = @(x) (x(1) - 1)^2 + 3 * (x(2) + 2)^2 + x(1)^4;
%! [x, fv, info] = dfg.argmin (f, [0; 0]);
%! assert (x, fminunc (f, [0; 0]), 1e-6);
%! assert (fv, f (x), 1e-15);
%! assert (info, 1);
%!error <F must be a function handle> dfg.argmin (3, 1)
%!error <TolX must be a nonnegative real scalar> dfg.argmin (@(x) x.^2, 1, optimset ("TolX", -1))
%!error <Y must be a .*scalar> dfg.argmin (@(x) x.^2, [1 2])
