## bench_symbolic -- what a new batch size costs with symbolic sizes
## (docs/symbolic.md), and what a call through a plan with a symbolic size
## costs over a plan made for the size.
##
## Timed here (median of interleaved samples):
##   new size   what the first call of dfg.value_and_grad on a batch size
##              it has not seen costs over the next call on that size (the
##              making of its plan), after two other sizes (so that the
##              second made the plan with a symbolic batch): the 64-32-32-10 tanh MLP with
##              softmax cross-entropy on the digits (batches 64, 48, then
##              40), and sum (tanh (X * W)) for X 200000 x 8 (batches
##              200000, 199999, then 199998).  Against the same with
##              "symbolic", false, which traces the function again for the
##              new size.  Target: the symbolic size at most 0.5x.
##   per call   a dfg.function plan of x = dfg.input ([NaN 8]) against one
##              of x = dfg.input ([64 8]), f (x) = sum (tanh (x)), called
##              on 64 x 8 (the symbolic plan binds the size at each call).
##              Target: at most 1.1x.
## Each dfg result is checked against plain Octave first (1e-12 relative).
##
## Runnable alone: octave bench/bench_symbolic.m, or bench_symbolic with
## bench/ on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
root = bench_setup ();
bench_header ("bench_symbolic: a new batch size with a symbolic size vs traced again; a call through a symbolic plan vs a concrete one");

function L = mlp_loss (W1, b1, W2, b2, W3, b3, X, Y)
  H1 = tanh (X * W1 + b1);
  H2 = tanh (H1 * W2 + b2);
  Z = H2 * W3 + b3;
  Z = Z - max (Z, [], 2);
  L = -mean (sum (Y .* (Z - log (sum (exp (Z), 2))), 2));
endfunction

## what the first call on the third batch size of a fresh transform costs
## over the next call on that size (the plan's run): its plan's making
## (the first two calls untimed)
function t = third_size (sym, fn, args1, args2, args3)
  f = dfg.value_and_grad (fn, 1, "symbolic", sym);
  [~, ~] = f (args1{:});
  [~, ~] = f (args2{:});
  t0 = tic ();
  [~, ~] = f (args3{:});
  t = toc (t0);
  t0 = tic ();
  [~, ~] = f (args3{:});
  t -= toc (t0);
endfunction

D = dlmread (fullfile (root, "data", "digits.csv"), ",");
Xd = D(:, 1:64) / 16;
Yd = double ((0:9) == D(:, 65));
rand ("state", 1);
P = {0.1 * randn(64, 32), zeros(1, 32), 0.1 * randn(32, 32), zeros(1, 32), 0.1 * randn(32, 10), zeros(1, 10)};
mlp_args = @(n) [P, {Xd(1:n, :), Yd(1:n, :)}];
worst = 0;
vg = dfg.value_and_grad (@mlp_loss, 1);
for n = [64 48 40]
  a = mlp_args (n);
  [v, g] = vg (a{:});
  vr = mlp_loss (P{:}, Xd(1:n, :), Yd(1:n, :));
  worst = max (worst, abs (v - vr) / abs (vr));
endfor
keys = functions (vg).workspace{1}.p{1}.keys ();
symbolic_used = any (cellfun (@(k) any (k == "?"), keys));

big = @(W, X) sum (tanh (X * W));
rand ("state", 2);
Xb = rand (200000, 8);  Wb = rand (8, 1) - 0.5;
big_args = @(n) {Wb, Xb(1:n, :)};
big_vg = dfg.value_and_grad (big, 1);
[vb, gb] = big_vg (Wb, Xb);
worst = max (worst, abs (vb - big (Wb, Xb)) / abs (vb));

## (third_size times its own call: interleaved samples, medians)
N = 9;
cands = {@() third_size(true, @mlp_loss, mlp_args(64), mlp_args(48), mlp_args(40)), ...
         @() third_size(false, @mlp_loss, mlp_args(64), mlp_args(48), mlp_args(40)), ...
         @() third_size(true, big, big_args(200000), big_args(199999), big_args(199998)), ...
         @() third_size(false, big, big_args(200000), big_args(199999), big_args(199998))};
ts = zeros (N, numel (cands));
for r = 1:N
  for c = 1:numel (cands)
    ts(r, c) = cands{c} ();
  endfor
endfor
tn = median (ts, 1);
printf ("first call on a new batch size over the next one (value and gradient):\n");
printf ("  %-48s %9.2f ms\n", "MLP, symbolic batch (plan bound to the size)", tn(1) * 1e3,
        "MLP, traced again (\"symbolic\", false)", tn(2) * 1e3,
        "sum (tanh (X * W)), X 2e5 x 8, symbolic", tn(3) * 1e3,
        "sum (tanh (X * W)), X 2e5 x 8, traced again", tn(4) * 1e3);

## ---------------------------------------------------------------- per call
K = 200;
function loop_calls (f, k, varargin)
  for i = 1:k
    a = f (varargin{:});
  endfor
endfunction
xs = dfg.input ([NaN 8]);
xc = dfg.input ([64 8]);
fs = dfg.function ({xs}, {sum(tanh (xs))});
fc = dfg.function ({xc}, {sum(tanh (xc))});
X = rand (64, 8);
worst = max ([worst, max(abs (fs (X) - sum (tanh (X))) ./ abs (sum (tanh (X)))), ...
              max(abs (fc (X) - sum (tanh (X))) ./ abs (sum (tanh (X))))]);
tp = bench_time ({@() loop_calls(fc, K, X), @() loop_calls(fs, K, X)}, 21, 2) / K;
printf ("\nper call, f (x) = sum (tanh (x)), x 64 x 8:\n  %-48s %9.2f us\n  %-48s %9.2f us\n",
        "plan of a 64 x 8 input", tp(1) * 1e6, "plan of an n x 8 input (n bound at the call)", tp(2) * 1e6);

printf ("\nthe MLP's transform made a plan with a symbolic batch: %s\n", {"NO", "yes"}{symbolic_used + 1});
printf ("agreement: max relative difference dfg vs Octave %.3g (%s 1e-12)\n", worst,
        {"FAILS", "within"}{(worst <= 1e-12) + 1});
if (worst > 1e-12 || ! symbolic_used)
  warning ("bench_symbolic: dfg and Octave disagree by %.3g relative, or no symbolic plan was made", worst);
endif

printf ("\nRatios:\n");
bench_result.name = "bench_symbolic";
bench_result.ratios = [
  benchsupport.ratio("new batch size, MLP: symbolic / traced again", tn(1) / tn(2), "<=", 0.5)
  benchsupport.ratio("new batch size, X 2e5 x 8: symbolic / traced again", tn(3) / tn(4), "<=", 0.5)
  benchsupport.ratio("call of a symbolic plan / a concrete plan", tp(2) / tp(1), "<=", 1.1)
];
bench_result.agreement = worst;
bench_result.ms = struct ("mlp_symbolic", tn(1), "mlp_retrace", tn(2), "big_symbolic", tn(3),
                          "big_retrace", tn(4), "call_concrete_us", tp(1) * 1e3, "call_symbolic_us", tp(2) * 1e3);
bench_result.ms = structfun (@(v) v * 1e3, bench_result.ms, "UniformOutput", false);
printf ("\n");
