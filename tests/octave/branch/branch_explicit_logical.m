## An explicit conversion of a logical value (test_branch.m).
function y = branch_explicit_logical (m)
  y = logical (m);
endfunction
