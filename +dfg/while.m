## -*- texinfo -*-
## @deftypefn  {dfg} {[@var{s1}, @var{s2}, @dots{}] =} dfg.while (@var{cond_fn}, @var{body_fn}, @var{init1}, @var{init2}, @dots{})
## @deftypefnx {dfg} {[@dots{}] =} dfg.while (@dots{}, "maxiter", @var{n})
## A loop with a data-dependent trip count inside the graph.  It is the
## graph form of
##
## @example
## s = @{init1, init2, @dots{}@};
## while (cond_fn (s@{:@}))
##   [s@{:@}] = body_fn (s@{:@});
## endwhile
## @end example
##
## @var{cond_fn} returns a scalar (nonzero: go on; NaN is an error);
## @var{body_fn} returns the new state, one value per state variable,
## each of the class and size it had on entry.  Both are traced once; a
## plan runs the loop in C.  Tensors from outside the loop are captured.
## With @qcode{"maxiter"}, a run that needs more than @var{n} iterations
## stops with an error instead of going on; Ctrl-C stops a running loop
## too (@code{dfg:interrupted}).
##
## The loop is differentiable in reverse mode (the forward pass keeps
## every iteration's state on a stack for the backward pass), in forward
## mode and to higher order.  The trip count itself has no derivative:
## the derivative is that of the iterations made.
##
## @example
## % Newton's method for sqrt(a)
## a = dfg.input ([1 1]);
## x = dfg.while (@@(x) abs (x.^2 - a) > 1e-12, @@(x) (x + a ./ x) / 2, a);
## @end example
##
## (@code{while} is an Octave keyword, so no function file can define
## @code{dfg.while}: it is a small MEX file, +dfg/while.mex, that calls
## @code{dfg.internal.while_loop}.  This file holds its help only.)
## @seealso{dfg.fori, dfg.scan, dfg.cond}
## @end deftypefn

## (no code: the MEX file +dfg/while.mex runs; the tests below call it)

%!test
%! ## Newton's method for sqrt(a): value and derivative
%! a = dfg.input ([1 1]);
%! x = dfg.while (@(x) abs (x.^2 - a) > 1e-12, @(x) (x + a ./ x) / 2, a);
%! f = dfg.function ({a}, {x, dfg.grad(x, a)});
%! [v, g] = f (2);
%! assert (v, sqrt (2), eps);
%! assert (g, 1 / (2 * sqrt (2)), 1e-12);
%!test
%! ## several state values, single and logical
%! [x, done] = dfg.while (@(x, d) ! d, @(x, d) deal (x * 2, x * 2 > 100), single (3), false);
%! assert (dfg.value (x), single (192));
%! assert (dfg.value (done), true);
%!error <COND_FN and BODY_FN must be function handles> dfg.while (1, @(x) x, 1)
%!error <MAXITER must be a positive integer> dfg.while (@(x) x > 0, @(x) x - 1, 5, "maxiter", 0)
%!error <keep its class and size> dfg.while (@(x) x > 0, @(x) [x; x], 5)
