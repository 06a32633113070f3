## -*- texinfo -*-
## @deftypefn  {dfg} {@var{x} =} dfg.implicit (@var{F}, @var{x_star})
## @deftypefnx {dfg} {[@var{x}, @var{fval}] =} dfg.implicit (@var{F}, @var{x_star})
## @var{x_star} taken as the root of @code{@var{F} (x) = 0}, with the
## derivatives of the root from the implicit function theorem.
##
## @var{F} is a function of the unknown only; the parameters are the
## tensors it uses from outside (captured, as in @code{dfg.while}).
## @var{x_star} is the root found by anything: Octave's own @code{fsolve}
## on plain values (@code{dfg.value}), an iteration written in the graph
## (@code{dfg.while}), a formula.  @var{x} has its value, class and size;
## its derivative with respect to a captured tensor @var{p} is
## @code{-J \ dF/dp} with @code{J = dF/dx}, both at @var{x}: for an
## adjoint @var{g} of @var{x}, @code{lambda = J' \ g} and @var{p} gets
## @code{-(dF/dp)' lambda}.  These are graph nodes evaluated at @var{x}
## itself, so gradients, Jacobians, Hessians and forward mode work, to any
## order.  How @var{x_star} was computed is never differentiated (it gets
## no gradient).
##
## @var{F} must return as many elements as @var{x_star} has (a square
## system; @code{dfg:nonconformant} otherwise), of class double or single.
## @var{fval} is @code{@var{F} (@var{x})}, evaluated when the plan runs;
## as the residual at a root it has zero derivative.  A singular Jacobian
## at @var{x} makes the derivatives Inf or NaN with Octave's warning
## (@code{Octave:singular-matrix}).
##
## When neither @var{x_star} nor what @var{F} returns for it is a tensor,
## @var{x} is @var{x_star} and @var{fval} is @code{@var{F} (@var{x_star})}.
##
## @example
## p = dfg.input ([1 1]);
## F = @@(x) x.^3 + x - p;                         % x (p) has no closed form
## x = dfg.implicit (F, dfg.fori (1, 20, @@(k, x) x - F (x) ./ (3*x.^2 + 1), p));
## f = dfg.function (@{p@}, @{x, dfg.grad(x, p)@});
## [r, d] = f (10)                                 % 2, 1 / (3*2^2 + 1)
## @end example
## See docs/implicit.md.
## @seealso{dfg.fsolve, dfg.argmin, dfg.while, fsolve}
## @end deftypefn
function [x, fval] = implicit (F, x_star)
  if (nargin != 2)
    print_usage ();
  endif
  [x_star, plain] = dfg.internal.implicit_args ("implicit", F, x_star);
  if (plain)
    x = x_star;
    if (nargout > 1)
      fval = F (x_star);
    endif
    return;
  endif
  [x, fval] = dfg.internal.implicit_root ("implicit", F, x_star);
endfunction

%!test
%! ## the cube-root example: value, gradient, second derivative
%! p = dfg.input ([1 1]);
%! F = @(x) x.^3 + x - p;
%! x = dfg.implicit (F, dfg.fori (1, 30, @(k, x) x - F (x) ./ (3*x.^2 + 1), p));
%! d = dfg.grad (x, p);
%! f = dfg.function ({p}, {x, d, dfg.grad(d, p)});
%! [r, g, h] = f (10);
%! assert (r, 2, 1e-14);
%! assert (g, 1 / 13, 1e-14);
%! assert (h, -6 * r * g^3, 1e-14);         % x'' = -6 x x'^3 / (3 x^2 + 1)
%!test
%! ## plain values pass through
%! [x, fv] = dfg.implicit (@(x) x.^2 - 2, sqrt (2));
%! assert (x, sqrt (2));
%! assert (fv, 2 - 2 + (sqrt (2)^2 - 2));
%!error <F must be a function handle> dfg.implicit (1, 2)
%!error <X0 must be a tensor or a real double or single array, not char> dfg.implicit (@(x) x, "a")
%!error <F returns 2x1 for X of 1x1> dfg.implicit (@(x) [x; x] - dfg.input ([1 1]), 1)
