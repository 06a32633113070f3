## bench_compile -- how building, differentiating and compiling a graph
## grow with its size.
##
## The graph: an RK4 integration of dy/dt = -p .* y + sin (y) (4 states)
## written as an Octave for loop over dfg tensors, S steps, the loss
## sum (y .^ 2) and its gradient with respect to p; S from 130 to 4000
## gives 10^4 to 3*10^5 nodes (the count of dfg.explain's prune row).
## Timed once per size (each is seconds long):
##   build     the loop on tensors (Octave's method calls: one MEX call per op)
##   grad      dfg.grad (loss, p)
##   compile   dfg.function ({x, p}, {loss, grad}) with every pass
## and the growth exponent between successive sizes, log (t2 / t1) / log
## (n2 / n1): 1 is linear.  Targets (issue: linear compile time): compile
## of 3*10^5 nodes at most 2 s, every growth exponent at most 1.15.
##
## Runnable alone: octave bench/bench_compile.m, or bench_compile with
## bench/ on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_compile: build, gradient and compile time against graph size (RK4 loop, 10^4 .. 3*10^5 nodes)");

function [n, tb, tg, tc] = rk4_graph (steps)
  t0 = tic ();
  x = dfg.input ([4 1]);
  p = dfg.input ([4 1]);
  y = x;
  h = 0.01;
  f = @(y) -p .* y + sin (y);
  for k = 1:steps
    k1 = f (y);
    k2 = f (y + h / 2 * k1);
    k3 = f (y + h / 2 * k2);
    k4 = f (y + h * k3);
    y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  endfor
  L = sum (y .^ 2);
  tb = toc (t0);
  t0 = tic ();
  g = dfg.grad (L, p);
  tg = toc (t0);
  t0 = tic ();
  fn = dfg.function ({x, p}, {L, g});
  tc = toc (t0);
  rep = evalc ("dfg.explain (fn)");
  n = str2double (regexp (rep, 'prune\s+(\d+)', "tokens", "once"){1});
  ## the plan runs and agrees with the same loop on doubles
  X = [0.5; -1; 2; 0.1];  P = [1; 0.5; 2; 0.3];
  yv = X;
  fv = @(y) -P .* y + sin (y);
  for k = 1:steps
    a1 = fv (yv); a2 = fv (yv + h / 2 * a1); a3 = fv (yv + h / 2 * a2); a4 = fv (yv + h * a3);
    yv = yv + h / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
  endfor
  l = fn (X, P);
  if (abs (l - sum (yv .^ 2)) > 1e-12 * abs (l))
    error ("bench_compile: the plan of %d steps disagrees with Octave", steps);
  endif
endfunction

S = [130 400 1300 4000];
n = zeros (size (S));  tb = n;  tg = n;  tc = n;
printf ("  %8s %10s %10s %10s %10s %9s %9s\n", "steps", "nodes", "build s", "grad s", "compile s",
        "us/node", "growth");
for k = 1:numel (S)
  [n(k), tb(k), tg(k), tc(k)] = rk4_graph (S(k));
  gr = NaN;
  if (k > 1)
    gr = log (tc(k) / tc(k-1)) / log (n(k) / n(k-1));
  endif
  printf ("  %8d %10d %10.2f %10.3f %10.3f %9.2f %9.2f\n", S(k), n(k), tb(k), tg(k), tc(k),
          tc(k) / n(k) * 1e6, gr);
endfor
gb = log (tb(end) / tb(1)) / log (n(end) / n(1));
gg = log (tg(end) / tg(1)) / log (n(end) / n(1));
gc = log (tc(2:end) ./ tc(1:end-1)) ./ log (n(2:end) ./ n(1:end-1));
printf ("growth exponents over the whole range: build %.2f, grad %.2f, compile %.2f\n", gb, gg,
        log (tc(end) / tc(1)) / log (n(end) / n(1)));

printf ("\nRatios:\n");
bench_result.name = "bench_compile";
bench_result.ratios = [
  benchsupport.ratio(sprintf ("compile of %d nodes / 2 s", n(end)), tc(end) / 2, "<=", 1)
  benchsupport.ratio("largest compile growth exponent between sizes", max (gc), "<=", 1.15)
  benchsupport.ratio("build growth exponent (whole range)", gb, "<=", 1.15)
  benchsupport.ratio("grad growth exponent (whole range)", gg, "<=", 1.15)
];
bench_result.seconds = struct ("nodes", n, "build", tb, "grad", tg, "compile", tc);
printf ("\n");
