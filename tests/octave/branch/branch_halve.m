## A function that loops on its argument with while (test_branch.m).
function x = branch_halve (x)
  while x > 1
    x = x / 2;
  endwhile
endfunction
