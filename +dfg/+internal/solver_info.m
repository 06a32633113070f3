## -*- texinfo -*-
## @deftypefn {dfg} {@var{info} =} dfg.internal.solver_info (@var{x}, @var{r}, @var{sn}, @var{opt})
## The exit flag of dfg.fsolve and dfg.argmin as a double tensor: 1 where
## the residual norm @var{r} at the returned @var{x} is at most
## @code{opt.tolf}, else 2 where the last step @var{sn} was at most
## @code{opt.tolx * (1 + norm (x))}, else 0 (@code{opt.maxit} steps made);
## -3 where @var{x} or @var{r} is not finite (a singular Jacobian or
## Hessian, a divergence).  Internal.
## @end deftypefn
function info = solver_info (x, r, sn, opt)
  fin = double (all (isfinite (x(:))) & isfinite (r));
  conv = double (r <= opt.tolf);
  small = double (sn <= opt.tolx * (1 + norm (double (x(:)))));
  info = fin .* (conv + (1 - conv) .* 2 .* small) - 3 * (1 - fin);
endfunction
