## A function with a short-circuit && on its argument (test_branch.m).
function y = branch_in_range (x)
  y = x;
  ok = x > 0 && x < 5;
  if ok, y = 2 * x; endif
endfunction
