## bench_signal -- conv, conv2 and filter through dfg plans against Octave's own
## (issue 22, signal processing).
##
## Timed here (median of interleaved samples, bench_time):
##   filter IIR   y = filter ([0.2 0.3 0.2], [1 -0.5 0.1], x): x 1e6 x 1
##                (one long column: one thread) and x 1000 x 1000
##                (column-wise, the columns split over dfg's threads);
##   filter FIR   y = filter (ones (1, 16) / 16, 1, x), x 1e6 x 1;
##   [y, sf]      the same IIR filter with an initial state, x 1000 x 1000;
##   conv         conv (x, b), x 1e6 x 1, b 1 x 16 (full) and "same";
##   conv2        conv2 (x, k, "same"), x 1000 x 1000, k 5 x 5, and the
##                separable conv2 (u, v, x) with u, v of 5;
##   gradient     dfg.value_and_grad of sum (filter (b, a, x) .^ 2) in x,
##                x 1000 x 1000, against Octave's hand-written adjoint
##                (flipud (filter (b, a, flipud (2 * y)))).
## Each a dfg.function plan of dfg.inputs, called on the arrays, against
## the same Octave call.  Ratios are dfg / Octave (below 1: dfg faster);
## informative (no target).  Each result is checked against Octave first.
##
## Runnable alone: octave bench/bench_signal.m, or bench_signal with bench/
## on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_signal: conv, conv2 and filter through dfg plans vs Octave's");

rand ("state", 3);
x1 = rand (1e6, 1) - 0.5;
xm = rand (1000, 1000) - 0.5;
b = [0.2 0.3 0.2];  a = [1 -0.5 0.1];  bf = ones (1, 16) / 16;  si = rand (2, 1000);
k16 = rand (1, 16);  k55 = rand (5, 5);

function f = plan_of (fn, varargin)
  ins = cellfun (@(v) dfg.input (size (v)), varargin, "UniformOutput", false);
  outs = cell (1, nargout (fn));
  [outs{:}] = fn (ins{:});
  f = dfg.function (ins, outs);
endfunction

cases = {
  "filter IIR, 1e6 x 1",          @(x) filter (b, a, x),               {x1}
  "filter IIR, 1000 x 1000",      @(x) filter (b, a, x),               {xm}
  "filter FIR 16 taps, 1e6 x 1",  @(x) filter (bf, 1, x),              {x1}
  "conv full, 1e6 x 1 by 16",     @(x) conv (x, k16),                  {x1}
  "conv same, 1e6 x 1 by 16",     @(x) conv (x, k16, "same"),          {x1}
  "conv2 same, 1000 x 1000 by 5 x 5", @(x) conv2 (x, k55, "same"),     {xm}
  "conv2 separable, 1000 x 1000",  @(x) conv2 (k16(1:5), k16(6:10), x), {xm}
};
worst = 0;
names = {};  ratios = [];  tms = [];
for k = 1:rows (cases)
  [label, fn, args] = cases{k, :};
  f = plan_of (fn, args{:});
  r = fn (args{:});
  worst = max (worst, max (abs (f (args{:})(:) - r(:))) / max (abs (r(:))));
  t = bench_time ({@() f(args{:}), @() fn(args{:})}, 9, 2);
  names{end+1} = label;  ratios(end+1) = t(1) / t(2);  tms(end+1, :) = t * 1e3;
endfor

## [y, sf] with an initial state
function [y, sf] = with_state (b, a, x, si)
  [y, sf] = filter (b, a, x, si);
endfunction
X = dfg.input (size (xm));  S = dfg.input (size (si));
[Y, SF] = with_state (b, a, X, S);
fs = dfg.function ({X, S}, {Y, SF});
[yr, sfr] = with_state (b, a, xm, si);
[yd, sfd] = fs (xm, si);
worst = max ([worst, max(abs (yd(:) - yr(:))) / max(abs (yr(:))), max(abs (sfd(:) - sfr(:))) / max(abs (sfr(:)))]);
t = bench_time ({@() fs(xm, si), @() with_state(b, a, xm, si)}, 9, 2);
names{end+1} = "[y, sf] = filter (b, a, x, si), 1000 x 1000";  ratios(end+1) = t(1) / t(2);  tms(end+1, :) = t * 1e3;

## value and gradient in x of sum (filter (b, a, x) .^ 2)
loss = @(x) sum (sum (filter (b, a, x) .^ 2));
vg = dfg.value_and_grad (loss);
function [v, g] = by_hand (b, a, x)
  y = filter (b, a, x);
  v = sum (sum (y .^ 2));
  g = flipud (filter (b, a, flipud (2 * y)));
endfunction
[v1, g1] = vg (xm);
[v2, g2] = by_hand (b, a, xm);
worst = max ([worst, abs(v1 - v2) / abs(v2), max(abs (g1(:) - g2(:))) / max(abs (g2(:)))]);
t = bench_time ({@() vg(xm), @() by_hand(b, a, xm)}, 9, 2);
names{end+1} = "value and gradient, 1000 x 1000 (vs by hand)";  ratios(end+1) = t(1) / t(2);  tms(end+1, :) = t * 1e3;

printf ("%-48s %10s %10s\n", "", "dfg ms", "Octave ms");
for k = 1:numel (names)
  printf ("  %-46s %10.2f %10.2f\n", names{k}, tms(k, 1), tms(k, 2));
endfor
printf ("agreement: max relative difference dfg vs Octave %.3g (%s 1e-10)\n", worst,
        {"above", "within"}{(worst <= 1e-10) + 1});
if (worst > 1e-10)
  warning ("bench_signal: dfg and Octave disagree by %.3g relative", worst);
endif

printf ("\nRatios (dfg / Octave):\n");
bench_result.name = "bench_signal";
bench_result.ratios = cellfun (@(n, r) benchsupport.ratio (n, r), names, num2cell (ratios))(:);
bench_result.agreement = worst;
bench_result.ms = struct ("names", {names}, "dfg", tms(:, 1).', "octave", tms(:, 2).');
printf ("\n");
