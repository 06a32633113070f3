## A function that branches on its argument with if (test_branch.m).
function y = branch_relu_if (x)
  if x > 0
    y = x;
  else
    y = 0 * x;
  endif
endfunction
