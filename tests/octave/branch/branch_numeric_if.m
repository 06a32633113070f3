## A function whose if condition is a number, not a comparison
## (test_branch.m).
function y = branch_numeric_if (x)
  if x
    y = x;
  else
    y = -x;
  endif
endfunction
