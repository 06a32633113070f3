## -*- texinfo -*-
## @deftypefn {} {@var{r} =} grad_eig_gen_parts (@var{x})
## The outputs of @code{[V, D] = eig (@var{x})} for a matrix that need not
## be symmetric, as one array that does not depend on the sign of an
## eigenvector (each column of V times its own first entry), for gradient
## checks.
## @end deftypefn
function r = grad_eig_gen_parts (x)
  [v, d] = eig (x);
  r = [v .* repmat(v(1, :), rows (v), 1); diag(d)'];
endfunction
