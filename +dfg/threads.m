## -*- texinfo -*-
## @deftypefn  {dfg} {@var{n} =} dfg.threads ()
## @deftypefnx {dfg} {@var{old} =} dfg.threads (@var{n})
## Gets or sets how many threads dfg's kernels use.
##
## Element-wise kernels, reductions and fused kernels on large arrays (from
## about 32768 elements) split their work across this many threads;
## smaller arrays run on one.  @code{dfg.threads (@var{n})} sets the count
## to the positive integer @var{n} (@var{n} = 0: the number of cores) and
## returns the old count.  At start the count is the environment variable
## @env{DFG_THREADS} when it is set before dfg is first used, else the
## number of cores.
##
## @code{dfg.threads (@var{n})} and @env{DFG_THREADS} also give OpenBLAS
## (matrix products and LAPACK, in dfg and in Octave itself) the same
## count: dfg runs one kernel at a time, so its threads and BLAS's do not
## work at the same time.  OpenBLAS's threads do keep spinning for a while
## after a product they split, and then take cores from dfg's threads:
## where a program mixes Octave's own large products with dfg's plans,
## @env{OPENBLAS_NUM_THREADS}=1 can be faster (bench/RESULTS.md,
## bench_train).  A plan's fused kernels get their working memory
## when the plan is compiled: a plan compiled with fewer threads keeps
## using at most that many there.  On a machine busy with other work, fewer
## threads can be faster.
##
## A process forked from Octave (@code{fork}, the parallel package's
## @code{parcellfun}) starts with no threads of dfg's: its first large
## kernel starts a pool of its own, and the process exits normally.
## Results do not depend on the count: each element of an element-wise
## result depends on its operands only, and sums and products are
## accumulated in one fixed order whatever the number of threads (blocks of
## 4096 elements along the summed dimension, then the block sums in order;
## see the user guide).  For sums along a dimension longer than 4096 that
## order differs from Octave's running sum, so the last bits may differ
## from Octave's @code{sum}.
## @seealso{dfg.function, dfg.passes}
## @end deftypefn
function n = threads (n)
  if (nargin == 0)
    n = dfg_mex ("threads");
  else
    n = dfg_mex ("threads", n);
  endif
endfunction

%!test
%! old = dfg.threads (2);
%! unwind_protect
%!   assert (dfg.threads (), 2);
%!   assert (dfg.threads (3), 2);
%!   assert (dfg.threads (), 3);
%!   dfg.threads (0);
%!   assert (dfg.threads () >= 1);
%! unwind_protect_cleanup
%!   dfg.threads (old);
%! end_unwind_protect
%! assert (dfg.threads (), old);

## results are bitwise the same for every thread count
%!test
%! old = dfg.threads ();
%! unwind_protect
%!   randn ("state", 42);
%!   A = randn (300, 300);
%!   v = randn (1e5, 1);
%!   M = randn (1000, 500);
%!   x = dfg.input ([300 300]);
%!   f = dfg.function ({x}, {exp(sin(x)) .* x, sum(exp(sin(x) .* x)), sum(sin(x(:)))});
%!   y = dfg.input ([1e5 1]);
%!   g = dfg.function ({y}, {sum(y), prod(1 + y / 1e4), exp(y) - 1});
%!   z = dfg.input ([1000 500]);
%!   h = dfg.function ({z}, {sum(z, 2), sum(z .* z, 2), sum(z)});
%!   R = {};
%!   for nt = [1 2 3]
%!     dfg.threads (nt);
%!     r = cell (1, 9);
%!     [r{1:3}] = f (A);
%!     [r{4:6}] = g (v);
%!     [r{7:9}] = h (M);
%!     R{end+1} = r;
%!   endfor
%!   assert (isequal (R{1}, R{2}));
%!   assert (isequal (R{1}, R{3}));
%!   ## and they are the values Octave gives, up to summation order
%!   assert (R{1}{1}, exp (sin (A)) .* A, -1e-13);
%!   assert (R{1}{4}, sum (v), 1e-10);
%!   assert (R{1}{7}, sum (M, 2), 1e-10);
%!   assert (R{1}{9}, sum (M), 1e-12);
%! unwind_protect_cleanup
%!   dfg.threads (old);
%! end_unwind_protect

%!error <N must be a positive integer> dfg.threads (-1)
%!error <N must be a positive integer> dfg.threads (2.5)
%!error <N must be a positive integer> dfg.threads (1e6)
%!error <N must be a real scalar> dfg.threads ([1 2])
%!error <N must be a real scalar> dfg.threads ("2")
%!error id=dfg:badArgument dfg.threads (-1)
%!error <expected dfg.threads \(\) or dfg.threads \(N\)> dfg_mex ("threads", 1, 2)
