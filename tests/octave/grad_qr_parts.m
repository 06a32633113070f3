## r = grad_qr_parts (x): Q and R of the economy QR factorization
## qr (x, 0), stacked as one column for dfg_check_grad.
function r = grad_qr_parts (x)
  [q, rr] = qr (x, 0);
  r = [q(:); rr(:)];
endfunction
