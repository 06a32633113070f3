## -*- texinfo -*-
## @deftypefn  {dfg} {@var{x} =} dfg.fsolve (@var{F}, @var{x0})
## @deftypefnx {dfg} {@var{x} =} dfg.fsolve (@var{F}, @var{x0}, @var{options})
## @deftypefnx {dfg} {[@var{x}, @var{fval}, @var{info}, @var{output}] =} dfg.fsolve (@dots{})
## A root of @code{@var{F} (x) = 0} found by Newton's method inside the
## graph, differentiable with respect to the tensors @var{F} uses from
## outside by the implicit function theorem, to any order.
##
## Octave's @code{fsolve} calling form: @var{F} is a function of the
## unknown, @var{x0} the starting point (a tensor or a double or single
## array; @var{x} keeps its class and size), @var{options} a structure
## from @code{optimset} of which @code{TolFun} (default 1e-6), @code{TolX}
## (1e-6) and @code{MaxIter} (400) are used.  The parameters are the
## tensors @var{F} captures: inputs of a plan, variables, values computed
## outside.  @var{F} must return as many elements as @var{x0} has.
##
## The solve is a @code{dfg.while} loop in the graph: each step is
## @code{x = x - J \ F (x)} with the Jacobian @code{J} that dfg's autodiff
## builds from @var{F}, so a plan runs it in C without coming back to
## Octave.  It stops after a step taken where @code{norm (F (x)) <= TolFun}
## (so the result is a step more accurate), after a step of norm at most
## @code{TolX * (1 + norm (x))}, or after @code{MaxIter} steps.  The result
## is then handed to @code{dfg.implicit}: derivatives of @var{x} come from
## the implicit function theorem at @var{x} (@code{dx/dp = -J \ dF/dp}),
## never from the iterations.
##
## @var{fval} is @code{@var{F} (@var{x})}.  @var{info} tells how it ended,
## as Octave's @code{fsolve} does: 1 @code{norm (fval) <= TolFun}; 2 the
## last step was at most @code{TolX * (1 + norm (x))} but the residual is
## larger (a point where the Jacobian is singular, or a tolerance too tight
## for the class); 0 @code{MaxIter} steps were made; -3 @var{x} or
## @var{fval} is not finite (a singular Jacobian on the way, a divergence).
## A plan computes @var{info} with the rest: check it, as with
## @code{fsolve}.  @var{output} has fields @code{iterations} (Newton steps)
## and @code{funcCount} (evaluations of @var{F}, each with its Jacobian).
##
## Newton's method converges from a starting point close enough to a root
## with a nonsingular Jacobian; there is no line search or trust region
## (Octave's fsolve has a trust region: from far away the two can end at
## different roots, or dfg.fsolve at none: info 0 or -3).
##
## When neither @var{x0} nor what @var{F} returns for it is a tensor, the
## results are plain arrays (the same steps, computed now).
##
## @example
## k = dfg.input ([2 1]);                           % rate constants
## F = @@(c) [k(1) - k(2) * c(1) * c(2); c(1) - 2 * c(2)];
## c = dfg.fsolve (F, [1; 1]);
## f = dfg.function (@{k@}, @{c, dfg.jacobian(c, k)@});
## [c, dc_dk] = f ([2; 1])
## @end example
## See docs/implicit.md.
## @seealso{dfg.implicit, dfg.argmin, fsolve, optimset}
## @end deftypefn
function [x, fval, info, output] = fsolve (F, x0, options = [])
  if (nargin < 2 || nargin > 3)
    print_usage ();
  endif
  [x0, plain] = dfg.internal.implicit_args ("fsolve", F, x0);
  opt = dfg.internal.solver_options ("fsolve", options, 1e-6);
  [xs, iter, sn] = dfg.internal.newton ("fsolve", F, x0, opt);
  [x, fval] = dfg.internal.implicit_root ("fsolve", F, dfg.stop_gradient (xs));
  if (nargout > 2)
    info = dfg.internal.solver_info (x, double (norm (fval(:))), sn, opt);
    output = struct ("iterations", iter, "funcCount", iter + 1);
  endif
  if (plain)
    [x, fval] = dfg.internal.plain_values (x, fval);
    if (nargout > 2)
      [info, iter] = dfg.internal.plain_values (info, iter);
      output = struct ("iterations", iter, "funcCount", iter + 1);
    endif
  endif
endfunction

%!test
%! ## a root and its derivative with respect to a captured input
%! p = dfg.input ([1 1]);
%! x = dfg.fsolve (@(x) x.^2 - p, 1);
%! f = dfg.function ({p}, {x, dfg.grad(x, p)});
%! [r, g] = f (2);
%! assert (r, sqrt (2), 1e-11);   % a step after norm (F) <= 1e-6
%! assert (g, 1 / (2 * sqrt (2)), 1e-11);
%!test
%! ## plain values: plain results, Octave's fsolve's root
%! [x, fv, info, out] = dfg.fsolve (@(x) [x(1)^2 + x(2)^2 - 4; x(1) - x(2)], [1; 0.5]);
%! assert (x, [sqrt(2); sqrt(2)], 1e-14);
%! assert (x, fsolve (@(x) [x(1)^2 + x(2)^2 - 4; x(1) - x(2)], [1; 0.5]), 1e-6);
%! assert (info, 1);
%! assert (norm (fv) < 1e-14);
%! assert (out.funcCount, out.iterations + 1);
%!error <F must be a function handle> dfg.fsolve ("sin", 1)
%!error <OPTIONS must be a structure from optimset> dfg.fsolve (@(x) x, 1, 3)
%!error <MaxIter must be a nonnegative integer> dfg.fsolve (@(x) x, 1, optimset ("MaxIter", 1.5))
%!error <F returns 1x2 for X of 1x1> dfg.fsolve (@(x) [x, x] - dfg.input ([1 1]), 1)
