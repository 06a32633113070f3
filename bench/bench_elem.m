## bench_elem -- diff, slicing and median through dfg plans against Octave's
## own (issue 22: the slicing copies and median's selection).
##
## Timed here (median of interleaved samples, bench_time):
##   diff         diff (x) and diff (x, 1, 2), x 2000 x 2000 (the two
##                slices of each difference are GATHER copies);
##   slices       x(2:end-1, :), x 2000 x 2000 (x(:, a:b) is not timed:
##                Octave makes it lazily, without a copy);
##   median       median (x), x 1000 x 1000 (column by column) and
##                x 1e6 x 1 (one long column), and median (x, 2).
## Each a dfg.function plan of a dfg.input, called on the array, against
## the same Octave code.  Ratios are dfg / Octave (below 1: dfg faster);
## informative (no target).  Each result is checked against Octave first
## (bitwise: the functions are exact).
##
## Runnable alone: octave bench/bench_elem.m, or bench_elem with bench/
## on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_elem: diff, slicing and median through dfg plans vs Octave's");

rand ("state", 5);
xs = rand (2000, 2000);
xm = rand (1000, 1000);
x1 = rand (1e6, 1);

cases = {
  "diff (x), 2000 x 2000",            @(x) diff (x),             xs
  "diff (x, 1, 2), 2000 x 2000",      @(x) diff (x, 1, 2),       xs
  "x(2:end-1, :), 2000 x 2000",       @(x) x(2:end-1, :),        xs
  "median (x), 1000 x 1000",          @(x) median (x),           xm
  "median (x, 2), 1000 x 1000",       @(x) median (x, 2),        xm
  "median (x), 1e6 x 1",              @(x) median (x),           x1
};
mismatch = {};
names = {};  ratios = [];  tms = [];
for k = 1:rows (cases)
  [label, fn, x] = cases{k, :};
  X = dfg.input (size (x));
  f = dfg.function ({X}, {fn(X)});
  if (! isequal (f (x), fn (x)))
    mismatch{end+1} = label;
  endif
  t = bench_time ({@() f(x), @() fn(x)}, 9, 2);
  names{end+1} = label;  ratios(end+1) = t(1) / t(2);  tms(end+1, :) = t * 1e3;
endfor

printf ("%-48s %10s %10s\n", "", "dfg ms", "Octave ms");
for k = 1:numel (names)
  printf ("  %-46s %10.2f %10.2f\n", names{k}, tms(k, 1), tms(k, 2));
endfor
if (isempty (mismatch))
  printf ("agreement: every result bitwise equal to Octave's\n");
else
  warning ("bench_elem: dfg and Octave differ in: %s", strjoin (mismatch, ", "));
endif

printf ("\nRatios (dfg / Octave):\n");
bench_result.name = "bench_elem";
bench_result.ratios = cellfun (@(n, r) benchsupport.ratio (n, r), names, num2cell (ratios))(:);
bench_result.agreement = isempty (mismatch);
bench_result.ms = struct ("names", {names}, "dfg", tms(:, 1).', "octave", tms(:, 2).');
printf ("\n");
