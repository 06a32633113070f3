## -*- texinfo -*-
## @deftypefn {} {@var{r} =} grad_svd_parts (@var{x}, @var{econ})
## The outputs of @code{[U, S, V] = svd (@var{x}, "econ")} (or of
## @code{svd (@var{x})} when @var{econ} is false) as one array that does
## not depend on the sign of a singular vector pair: each column of U and
## V times its own first entry, and S, for gradient checks.
## @end deftypefn
function r = grad_svd_parts (x, econ)
  if (econ)
    [u, s, v] = svd (x, "econ");
  else
    [u, s, v] = svd (x);
  endif
  r = [u(:) .* repmat(u(1, :), rows (u), 1)(:); s(:); v(:) .* repmat(v(1, :), rows (v), 1)(:)];
endfunction
