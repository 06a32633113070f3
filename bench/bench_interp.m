## bench_interp -- histc, interp1 and lookup through dfg plans against
## Octave's own (interpolation and binning).
##
## Timed here (median of interleaved samples, bench_time):
##   lookup       lookup (table, y): a sorted table of 1000, y 1e6 x 1;
##   histc        histc (x, edges): x 1e6 x 1, 100 sorted edges, and x
##                1000 x 1000 along dim 1 (the counts of each column);
##   interp1      interp1 (x, y, xi, method) with a plain x of 1000 points,
##                tensor y and xi (1e6 queries): "linear", "pchip";
##   interp1 x    the same with a tensor x (the sample points too).
## Each a dfg.function plan of dfg.inputs, called on the arrays, against
## the same Octave call.  Ratios are dfg / Octave (below 1: dfg faster);
## informative (no target).  Each result is checked against Octave first.
##
## Runnable alone: octave bench/bench_interp.m, or bench_interp with bench/
## on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_interp: lookup, histc, interp1 through dfg plans vs Octave's");

rand ("state", 5);
tbl = sort (rand (1000, 1));
q = rand (1e6, 1);
xm = rand (1000, 1000);
edges = sort (rand (1, 100));
xs = sort (rand (1000, 1)) * 10;
ys = sin (xs);
xi = rand (1e6, 1) * 10;

function f = plan_of (fn, args, tensor)
  ins = {};
  call = args;
  for k = find (tensor)
    ins{end+1} = dfg.input (size (args{k}));
    call{k} = ins{end};
  endfor
  f = dfg.function (ins, fn (call{:}));
endfunction

cases = {
  "lookup, table 1000, 1e6 queries",    @(t, y) lookup (t, y),                 {tbl, q},          [false true]
  "histc, 1e6 x 1, 100 edges",          @(x) histc (x, edges),                 {q},               true
  "histc, 1000 x 1000, 100 edges",      @(x) histc (x, edges),                 {xm},              true
  "interp1 linear, 1000 pts, 1e6 xi",   @(x, y, v) interp1 (x, y, v),          {xs, ys, xi},      [false true true]
  "interp1 pchip, 1000 pts, 1e6 xi",    @(x, y, v) interp1 (x, y, v, "pchip"), {xs, ys, xi},      [false true true]
  "interp1 linear, tensor x",           @(x, y, v) interp1 (x, y, v),          {xs, ys, xi},      [true true true]
  "interp1 pchip, tensor x",            @(x, y, v) interp1 (x, y, v, "pchip"), {xs, ys, xi},      [true true true]
};
worst = 0;
names = {};  ratios = [];  tms = [];
for k = 1:rows (cases)
  [label, fn, args, tensor] = cases{k, :};
  try
    f = plan_of (fn, args, tensor);
  catch err
    printf ("  %-46s skipped: %s\n", label, err.message);
    continue;
  end_try_catch
  targs = args(tensor);
  r = fn (args{:});
  d = f (targs{:});
  ok = ! isnan (r);
  worst = max (worst, max (abs (d(ok) - r(ok))) / max (abs (r(ok))));
  t = bench_time ({@() f(targs{:}), @() fn(args{:})}, 7, 2);
  names{end+1} = label;  ratios(end+1) = t(1) / t(2);  tms(end+1, :) = t * 1e3;
endfor

printf ("%-48s %10s %10s %8s\n", "", "dfg ms", "Octave ms", "ratio");
for k = 1:numel (names)
  printf ("  %-46s %10.2f %10.2f %8.2f\n", names{k}, tms(k, 1), tms(k, 2), ratios(k));
endfor
printf ("agreement: max relative difference dfg vs Octave %.3g (%s 1e-10)\n", worst,
        {"above", "within"}{(worst <= 1e-10) + 1});
if (worst > 1e-10)
  warning ("bench_interp: dfg and Octave disagree by %.3g relative", worst);
endif

printf ("\nRatios (dfg / Octave):\n");
bench_result.name = "bench_interp";
bench_result.ratios = cellfun (@(n, r) benchsupport.ratio (n, r), names, num2cell (ratios))(:);
bench_result.agreement = worst;
bench_result.ms = struct ("names", {names}, "dfg", tms(:, 1).', "octave", tms(:, 2).');
printf ("\n");
