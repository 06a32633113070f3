## r = grad_eig_parts (x): eigenvectors (squared element-wise: their signs
## are arbitrary) and eigenvalues of the symmetric part of x, stacked as one
## array for dfg_check_grad.
function r = grad_eig_parts (x)
  [v, d] = eig ((x + x') / 2);
  r = [v .^ 2; diag(d)'];
endfunction
