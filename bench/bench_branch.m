## bench_branch -- what making logical tensors old-style objects
## (@dfg_logical, so that if / while / && / || on them can be caught)
## costs per graph-building call.
##
## Measured in the same run, interleaved round by round (bench_time), each
## as a loop of K calls (benchsupport.branch_loop), net of the empty loop:
##   a + b, a .* b, size (a), reshape (a) on dfg.Tensor (unchanged paths);
##   a > b, which now wraps its result, against the same call without the
##   wrapper (dfg.Tensor (dfg_mex ("gt", a, b)), the cost before);
##   m & n, m .* a, size (m), reshape (m) with logical tensors, which go
##   through the forwarding methods of @dfg_logical.
## The ratios say what a comparison costs now against before, and what
## the forwarding layer adds to an op on a logical tensor: the latter is
## what every op would pay if every tensor were such an object (the
## alternative that would also catch `if x` on a double tensor,
## docs/limitations.md).  No target: the numbers are for the decision.
##
## Runnable alone: octave bench/bench_branch.m, or bench_branch with bench/
## on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_branch: logical tensors as old-style objects, cost per call");

K = 1000;          # calls per timed loop
N = 15;            # timed loops per case (median reported)

a = dfg.input ([3 4]);
b = dfg.input ([3 4]);
m = a > 0;
n = b > 0;

cases = {
  # key          label                                               kind       x  y
  "empty",     "loop overhead (r = b), subtracted from all below",  "empty",   a, b
  "plus",      "a + b        two dfg.Tensor",                       "plus",    a, b
  "times",     "a .* b       two dfg.Tensor",                       "times",   a, b
  "size",      "size (a)     dfg.Tensor",                           "size",    a, b
  "reshape",   "reshape (a)  dfg.Tensor",                           "reshape", a, b
  "gt_raw",    "a > b        without the wrapper (before)",         "gt_raw",  a, b
  "gt",        "a > b        wrapped as a logical tensor (now)",    "gt",      a, b
  "and",       "m & n        two logical tensors",                  "and",     m, n
  "times_m",   "m .* a       logical tensor times dfg.Tensor",      "times",   m, a
  "size_m",    "size (m)     logical tensor",                       "size",    m, b
  "reshape_m", "reshape (m)  logical tensor (result wrapped)",      "reshape", m, b
};
nc = rows (cases);
fns = cell (1, nc);
for c = 1:nc
  fns{c} = @() benchsupport.branch_loop (cases{c, 3}, K, cases{c, 4}, cases{c, 5});
endfor
[t, st] = bench_time (fns, N, 2);

us = @(x) x / K * 1e6;
loop_us = us (t(1));
net = struct ();
printf ("%d calls per loop, median of %d loops, net of the empty loop (%.3f us/iter)\n\n",
        K, N, loop_us);
printf ("  %-58s %9s %19s\n", "case", "us/call", "p25 .. p75");
for c = 1:nc
  key = cases{c, 1};
  v = us (t(c)) - loop_us * (c > 1);
  net.(key) = v;
  printf ("  %-58s %9.3f %8.3f .. %8.3f\n", cases{c, 2}, v,
          us (st(c).p25) - loop_us * (c > 1), us (st(c).p75) - loop_us * (c > 1));
endfor

printf ("\nRatios:\n");
bench_result.name = "bench_branch";
bench_result.ratios = [
  benchsupport.ratio("a > b now vs before (the wrapper)", net.gt / net.gt_raw)
  benchsupport.ratio("m .* a vs a .* b (forwarding)", net.times_m / net.times)
  benchsupport.ratio("m & n vs a + b", net.and / net.plus)
  benchsupport.ratio("size (m) vs size (a)", net.size_m / net.size)
  benchsupport.ratio("reshape (m) vs reshape (a) (forward + rewrap)", net.reshape_m / net.reshape)
];
bench_result.us = net;
printf ("\n");
