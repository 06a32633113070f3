## A function whose if follows another statement on the same line
## (test_branch.m).
function y = branch_inline_if (x)
  y = x; if x > 0, y = 2 * x; end
endfunction
