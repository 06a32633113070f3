## -*- texinfo -*-
## @deftypefn {} {@var{r} =} grad_logm_parts (@var{x})
## Both outputs of @code{[s, iters] = logm (x, 3)} in one array,
## @code{s * iters}, for dfg_check_grad: iters (a count, no gradient of its
## own) scales s, so the check sees the bound on square roots and the count.
## @end deftypefn
function r = grad_logm_parts (x)
  [s, k] = logm (x, 3);
  r = s * k;
endfunction
