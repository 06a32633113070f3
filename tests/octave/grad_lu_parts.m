## r = grad_lu_parts (x, n): the factors of lu (x) stacked in a column, with n = 2
## ([L, U] = lu (x), L row-permuted) or n = 3 ([L, U, P] = lu (x)), as one
## array for dfg_check_grad (which checks functions with one output).
function r = grad_lu_parts (x, n)
  if (n == 2)
    [l, u] = lu (x);
  else
    [l, u, p] = lu (x);
  endif
  r = [l(:); u(:)];
endfunction
