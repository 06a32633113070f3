## s = dfg_fork_work (k) -- work for tests/octave/test_process.m: builds a
## graph, compiles it and runs it on arrays large enough for dfg's thread
## pool (element-wise kernels and a sum over 2.5e5 elements) and a matrix
## product large enough for OpenBLAS's threads.  Returns a scalar that
## depends on k; the same in every process (results do not depend on the
## thread count).  Builds everything itself, so that a function handle
## calling it captures no dfg object (parcellfun sends handles to its
## worker processes, and a dfg.Tensor cannot be saved).
function s = dfg_fork_work (k)
  n = 500;
  A = reshape (mod ((1:n*n) * 7 + k, 13), n, n) / 13;
  x = dfg.input ([n n]);
  y = sum (sum (exp (x * k / 4) .* x + (x * x) / n));
  f = dfg.function ({x}, {y});
  s = f (A);
endfunction
