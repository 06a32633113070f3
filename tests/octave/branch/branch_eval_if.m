## A function whose if is inside a string given to eval (test_branch.m).
function y = branch_eval_if (x)
  y = x;
  eval ("if x > 0, y = 2 * x; end");
endfunction
