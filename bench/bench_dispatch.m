## bench_dispatch -- what a call of dfg.jit and of the functional transforms
## costs over the plan it runs, and what that means for Octave's solvers.
##
## A jitted function or transform (dfg.jit, dfg.grad, dfg.value_and_grad,
## dfg.hessian, ...) is one MEX call on the hit path (mex/cmd-dispatch.c):
## the signature of the call made in C, the plan found in a dispatch cache
## (lib/runtime/dispatch.c), the plan run.  Timed here (median of
## interleaved samples of 200 calls each, bench_time):
##   overhead   f (x) = sum ((x - 1) .^ 4) on a 10x1 double: a dfg.function
##              plan of the same graph against dfg.jit (f); the plan of
##              [f, grad f] against dfg.value_and_grad (f); grad f against
##              dfg.grad (f); the Hessian against dfg.hessian (f).
##              Target: each at most 1.3x its plan.
##   fminunc    10-D Rosenbrock from -1.2, 1, -1.2, ..., optimset ("GradObj",
##              "on", "TolFun", 1e-12, "TolX", 1e-12, "MaxIter", 400) with
##              dfg.value_and_grad against the hand-written gradient (one
##              whole minimisation each, same iterates).  Target: dfg faster.
##   tiny MLP   the 64-32-32-10 tanh MLP with softmax cross-entropy on the
##              first 64 digits: loss and the gradient of every W and b by
##              dfg.value_and_grad against the same written by hand in
##              vectorised Octave.  Target: dfg at most 0.3x the Octave time.
## Each dfg result is checked against its reference first (1e-12 relative).
##
## Runnable alone: octave bench/bench_dispatch.m, or bench_dispatch with
## bench/ on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
root = bench_setup ();
bench_header ("bench_dispatch: dfg.jit and transform calls vs their plans; fminunc and a tiny MLP gradient vs hand-written Octave");

K = 200;     # calls per timed sample
N = 21;      # samples (median)

function loop_calls (f, k, nout, varargin)
  switch (nout)
    case 1
      for i = 1:k
        a = f (varargin{:});
      endfor
    case 2
      for i = 1:k
        [a, b] = f (varargin{:});
      endfor
    otherwise
      for i = 1:k
        [a, b, c, d, e, g, h] = f (varargin{:});
      endfor
  endswitch
endfunction

## ---------------------------------------------------------------- overhead
fx = @(x) sum ((x - 1) .^ 4);
x = dfg.input ([10 1]);
y = fx (x);
gy = dfg.grad (y, x);
plan_f = dfg.function ({x}, {y});
plan_vg = dfg.function ({x}, {y, gy});
plan_g = dfg.function ({x}, {gy});
plan_h = dfg.function ({x}, {dfg.jacobian(gy, x)});
jit_f = dfg.jit (fx);
vg_f = dfg.value_and_grad (fx);
g_f = dfg.grad (fx);
h_f = dfg.hessian (fx);
X = linspace (-1, 2, 10)';
worst = 0;
for pair = {{plan_f, jit_f, 1}, {plan_vg, vg_f, 2}, {plan_g, g_f, 1}, {plan_h, h_f, 1}}
  p = pair{1};
  a = cell (1, p{3});
  b = cell (1, p{3});
  [a{:}] = p{1} (X);
  [b{:}] = p{2} (X);
  for k = 1:p{3}
    worst = max (worst, max (abs (a{k}(:) - b{k}(:)) ./ max (abs (a{k}(:)), 1)));
  endfor
endfor
cases = {"dfg.function plan of f",            @() loop_calls (plan_f, K, 1, X)
         "dfg.jit (f)",                       @() loop_calls (jit_f, K, 1, X)
         "dfg.function plan of [f, grad f]",  @() loop_calls (plan_vg, K, 2, X)
         "dfg.value_and_grad (f)",            @() loop_calls (vg_f, K, 2, X)
         "dfg.function plan of grad f",       @() loop_calls (plan_g, K, 1, X)
         "dfg.grad (f)",                      @() loop_calls (g_f, K, 1, X)
         "dfg.function plan of the Hessian",  @() loop_calls (plan_h, K, 1, X)
         "dfg.hessian (f)",                   @() loop_calls (h_f, K, 1, X)};
t = bench_time (cases(:, 2)', N, 2) / K;
printf ("per call (f (x) = sum ((x - 1) .^ 4), x 10x1):\n");
for c = 1:rows (cases)
  printf ("  %-40s %8.2f us\n", cases{c, 1}, t(c) * 1e6);
endfor

## ---------------------------------------------------------------- fminunc
function [f, g] = rosen_hand (x)
  f = sum (100 * (x(2:end) - x(1:end-1) .^ 2) .^ 2 + (1 - x(1:end-1)) .^ 2);
  if (nargout > 1)
    g = zeros (size (x));
    d = x(2:end) - x(1:end-1) .^ 2;
    g(1:end-1) = -400 * x(1:end-1) .* d - 2 * (1 - x(1:end-1));
    g(2:end) += 200 * d;
  endif
endfunction
rosen = @(x) sum (100 * (x(2:end) - x(1:end-1) .^ 2) .^ 2 + (1 - x(1:end-1)) .^ 2);
rosen_vg = dfg.value_and_grad (rosen);
x0 = repmat ([-1.2; 1], 5, 1);
opts = optimset ("GradObj", "on", "TolFun", 1e-12, "TolX", 1e-12, "MaxIter", 400, "Display", "off");
[xh, fh] = fminunc (@rosen_hand, x0, opts);
[xd, fd] = fminunc (rosen_vg, x0, opts);
[fr, gr] = rosen_hand (x0);
[fv, gv] = rosen_vg (x0);
worst = max ([worst, abs(fv - fr) / abs(fr), max(abs(gv - gr) ./ max(abs(gr), 1))]);
printf ("\nfminunc, 10-D Rosenbrock: hand-written f %.3g at |x - 1| = %.2g; dfg f %.3g at |x - 1| = %.2g\n",
        fh, norm (xh - 1), fd, norm (xd - 1));
tf = bench_time ({@() fminunc(@rosen_hand, x0, opts), @() fminunc(rosen_vg, x0, opts)}, 7, 1);
printf ("  %-40s %8.2f ms\n  %-40s %8.2f ms\n", "fminunc, hand-written gradient", tf(1) * 1e3,
        "fminunc, dfg.value_and_grad", tf(2) * 1e3);

## ---------------------------------------------------------------- tiny MLP
function L = mlp_loss (W1, b1, W2, b2, W3, b3, X, Y)
  H1 = tanh (X * W1 + b1);
  H2 = tanh (H1 * W2 + b2);
  Z = H2 * W3 + b3;
  Z = Z - max (Z, [], 2);
  L = -sum (sum (Y .* (Z - log (sum (exp (Z), 2))))) / rows (X);
endfunction
function [L, gW1, gb1, gW2, gb2, gW3, gb3] = mlp_hand (W1, b1, W2, b2, W3, b3, X, Y)
  H1 = tanh (X * W1 + b1);
  H2 = tanh (H1 * W2 + b2);
  Z = H2 * W3 + b3;
  Z = Z - max (Z, [], 2);
  E = exp (Z);
  S = sum (E, 2);
  B = rows (X);
  L = -sum (sum (Y .* (Z - log (S)))) / B;
  dZ = (E ./ S - Y) / B;
  gW3 = H2' * dZ;
  gb3 = sum (dZ, 1);
  dH2 = (dZ * W3') .* (1 - H2 .^ 2);
  gW2 = H1' * dH2;
  gb2 = sum (dH2, 1);
  dH1 = (dH2 * W2') .* (1 - H1 .^ 2);
  gW1 = X' * dH1;
  gb1 = sum (dH1, 1);
endfunction
D = dlmread (fullfile (root, "data", "digits.csv"), ",");
Xd = D(1:64, 1:64) / 16;
Yd = double ((0:9) == D(1:64, 65));
rand ("state", 1);
P = {0.1 * randn(64, 32), zeros(1, 32), 0.1 * randn(32, 32), zeros(1, 32), 0.1 * randn(32, 10), zeros(1, 10)};
mlp_vg = dfg.value_and_grad (@mlp_loss, 1:6);
r = cell (1, 7);
d = cell (1, 7);
[r{:}] = mlp_hand (P{:}, Xd, Yd);
[d{:}] = mlp_vg (P{:}, Xd, Yd);
for k = 1:7
  worst = max (worst, max (abs (d{k}(:) - r{k}(:)) ./ max (abs (r{k}(:)), 1)));
endfor
KM = 20;
tm = bench_time ({@() loop_calls(@mlp_hand, KM, 7, P{:}, Xd, Yd), @() loop_calls(mlp_vg, KM, 7, P{:}, Xd, Yd)}, N, 2) / KM;
printf ("\ntiny MLP 64-32-32-10, batch 64, loss and every gradient:\n  %-40s %8.1f us\n  %-40s %8.1f us\n",
        "hand-written Octave", tm(1) * 1e6, "dfg.value_and_grad", tm(2) * 1e6);

printf ("\nagreement: max relative difference dfg vs references %.3g (%s 1e-12)\n", worst,
        {"FAILS", "within"}{(worst <= 1e-12) + 1});
if (worst > 1e-12)
  warning ("bench_dispatch: dfg and its references disagree by %.3g relative", worst);
endif

printf ("\nRatios:\n");
bench_result.name = "bench_dispatch";
bench_result.ratios = [
  benchsupport.ratio("dfg.jit call / its plan's call", t(2) / t(1), "<=", 1.3)
  benchsupport.ratio("dfg.value_and_grad call / its plan's call", t(4) / t(3), "<=", 1.3)
  benchsupport.ratio("dfg.grad call / its plan's call", t(6) / t(5), "<=", 1.3)
  benchsupport.ratio("dfg.hessian call / its plan's call", t(8) / t(7), "<=", 1.3)
  benchsupport.ratio("fminunc: hand-written time / dfg.value_and_grad time", tf(1) / tf(2), ">=", 1)
  benchsupport.ratio("tiny MLP gradient: dfg.value_and_grad / hand-written Octave", tm(2) / tm(1), "<=", 0.3)
];
bench_result.agreement = worst;
bench_result.us = struct ("plan", t(1), "jit", t(2), "plan_vg", t(3), "vg", t(4), "plan_g", t(5),
                          "grad", t(6), "plan_h", t(7), "hessian", t(8), "fminunc_hand", tf(1),
                          "fminunc_dfg", tf(2), "mlp_hand", tm(1), "mlp_dfg", tm(2));
bench_result.us = structfun (@(v) v * 1e6, bench_result.us, "UniformOutput", false);
printf ("\n");
