## bench_specfun_grad -- the cost of gammainc's and betainc's gradients in
## their parameters against their values (issue 22).
##
## Timed here (median of interleaved samples, bench_time), 1e5 elements,
## x in [0.1, 30] and a in [0.5, 20] (gammainc: every case of gammainc.m
## occurs), x in (0, 1), a, b in [0.5, 10] (betainc):
##   value        a dfg.function plan of gammainc (x, a, tail) / betainc;
##   grad x       the plan of dfg.grad (sum (W .* f), x) (closed form);
##   grad a (b)   the plan of the gradient in a (and b): the derivative ops
##                (jets through the same algorithm, kernels/cpu/specfun-deriv.c);
##   Octave       Octave's own gammainc / betainc on the arrays.
## Ratios: each plan / the value plan.  Informative (no target).
##
## Runnable alone: octave bench/bench_specfun_grad.m, or with bench/ on
## the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_specfun_grad: gammainc / betainc gradients in the parameters vs the values");

rand ("state", 5);
n = 1e5;
x = 0.1 + 29.9 * rand (n, 1);  a = 0.5 + 19.5 * rand (n, 1);  W = rand (n, 1);
xb = rand (n, 1);  ab = 0.5 + 9.5 * rand (n, 1);  bb = 0.5 + 9.5 * rand (n, 1);

names = {};  ratios = [];  tms = [];
printf ("%-40s %10s %10s %10s %10s %10s\n", "", "value ms", "grad x", "grad a", "grad a,b", "Octave");
for t = {"lower", "upper", "scaledlower", "scaledupper"}
  X = dfg.input (size (x));  A = dfg.input (size (a));
  y = gammainc (X, A, t{1});
  s = sum (W .* y);
  fv = dfg.function ({X, A}, {y});
  fx = dfg.function ({X, A}, {dfg.grad(s, X)});
  fa = dfg.function ({X, A}, {dfg.grad(s, A)});
  tm = bench_time ({@() fv(x, a), @() fx(x, a), @() fa(x, a), @() gammainc(x, a, t{1})}, 7, 1);
  printf ("  %-38s %10.2f %10.2f %10.2f %10s %10.2f\n", ["gammainc " t{1}], tm(1) * 1e3, tm(2) * 1e3, ...
          tm(3) * 1e3, "", tm(4) * 1e3);
  names{end+1} = ["gammainc " t{1} ": grad in a / value"];  ratios(end+1) = tm(3) / tm(1);
  tms(end+1, :) = [tm(1) tm(3)] * 1e3;
endfor
for t = {"lower", "upper"}
  X = dfg.input (size (xb));  A = dfg.input (size (ab));  B = dfg.input (size (bb));
  y = betainc (X, A, B, t{1});
  s = sum (W .* y);
  fv = dfg.function ({X, A, B}, {y});
  fx = dfg.function ({X, A, B}, {dfg.grad(s, X)});
  fa = dfg.function ({X, A, B}, {dfg.grad(s, A)});
  [ga, gb] = dfg.grad (s, {A, B});
  fab = dfg.function ({X, A, B}, {ga, gb});
  tm = bench_time ({@() fv(xb, ab, bb), @() fx(xb, ab, bb), @() fa(xb, ab, bb), @() fab(xb, ab, bb), ...
                    @() betainc(xb, ab, bb, t{1})}, 7, 1);
  printf ("  %-38s %10.2f %10.2f %10.2f %10.2f %10.2f\n", ["betainc " t{1}], tm(1) * 1e3, tm(2) * 1e3, ...
          tm(3) * 1e3, tm(4) * 1e3, tm(5) * 1e3);
  names{end+1} = ["betainc " t{1} ": grad in a / value"];  ratios(end+1) = tm(3) / tm(1);
  tms(end+1, :) = [tm(1) tm(3)] * 1e3;
  names{end+1} = ["betainc " t{1} ": grad in a and b / value"];  ratios(end+1) = tm(4) / tm(1);
  tms(end+1, :) = [tm(1) tm(4)] * 1e3;
endfor

printf ("\nRatios (gradient plan / value plan):\n");
bench_result.name = "bench_specfun_grad";
bench_result.ratios = cellfun (@(n, r) benchsupport.ratio (n, r), names, num2cell (ratios))(:);
bench_result.ms = struct ("names", {names}, "value", tms(:, 1).', "grad", tms(:, 2).');
printf ("\n");
