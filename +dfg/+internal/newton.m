## -*- texinfo -*-
## @deftypefn {dfg} {[@var{x}, @var{iter}, @var{sn}] =} dfg.internal.newton (@var{fn}, @var{G}, @var{x0}, @var{opt})
## Newton's method for @code{@var{G} (x) = 0} as a @code{dfg.while} loop in
## the graph: each step solves with the Jacobian of @var{G} that dfg's
## autodiff builds in the loop's body.  It stops after a step taken where
## @code{norm (G (x)) <= opt.tolf}, after a step of norm at most
## @code{opt.tolx * (1 + norm (x))}, after @code{opt.maxit} steps, or where
## the residual or the step is not finite.  Returns the last iterate (with
## @var{x0}'s class and size), the number of steps and the last step's
## norm (double tensors).  @var{fn} names the caller in errors.  The loop
## is not differentiated: callers hand @var{x} to the implicit function.
## Internal: see dfg.fsolve and dfg.argmin.
## @end deftypefn
function [x, iter, sn] = newton (fn, G, x0, opt)
  cls = class (x0);
  nm = struct ("fn", fn, "cond", "the convergence test", "body", "the Newton step");
  cond = @(x, k, rn, sn) k < opt.maxit & rn > opt.tolf & sn > opt.tolx * (1 + norm (x(:)));
  body = @(x, k, rn, sn) step (G, x, k, cls, fn);
  s = dfg.internal.while_impl (nm, 0, 0, cond, body, x0, 0, Inf, Inf);
  [x, iter, sn] = deal (s{1}, s{2}, s{4});
endfunction

## one Newton step; rn: the norm of the residual it started from
function [x, k, rn, sn] = step (G, x, k, cls, fn)
  f = G (x);
  if (islogical (f) || ! isfloat (f))
    error ("dfg:badClass", "dfg.%s: F must return double or single values, not %s", fn, class (f));
  elseif (numel (f) != numel (x))
    error ("dfg:nonconformant", "dfg.%s: F returns %s for X of %s: the system must be square (as many equations as unknowns)",
           fn, dfg.internal.size_str (f), dfg.internal.size_str (x));
  endif
  J = dfg.jacobian (f, x);
  d = J \ f(:);
  x = feval (cls, x - reshape (d, size (x)));
  k = k + 1;
  rn = double (norm (f(:)));
  sn = double (norm (d));
endfunction
