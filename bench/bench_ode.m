## bench_ode -- dfg.ode45 (issue 23): fitting the Lotka-Volterra model of
## docs/examples/lotka_volterra.m (2 states, 4 parameters, 31 output times
## over 15 time units, RelTol = AbsTol = 1e-7).
##
## Timed here (median of interleaved samples, bench_time):
##   solve        one solution: a dfg.function plan of dfg.ode45 against
##                Octave's ode45 on the same problem (the same steps);
##   gradient     loss and gradient in the 4 parameters: dfg.value_and_grad
##                (the discrete adjoint) against Octave's ode45 with central
##                differences (9 solves), and against the same loss through
##                a hand-written fixed-step RK4 (dfg.scan, 1500 steps, which
##                reaches the same accuracy here) with its gradient;
##   fit          fminunc from the same start to the same tolerance, with
##                dfg's gradient and with finite differences of Octave's
##                ode45: seconds, iterations and solves to the solution.
## Printed too: the adjoint's kept memory (dfg.memory's loop_bytes) as the
## number of steps grows (about its square root).  Ratios are dfg /
## anchor (below 1: dfg faster); informative.
##   PyTorch      the same loss and gradient (bench/+benchsupport/torch_ode.py:
##                a hand-written Dormand-Prince RK45 following Octave's
##                ode45 step for step, float64, CPU, the gradient by
##                autograd through the steps), when Debian's python3-torch
##                is installed (skipped with a note otherwise; PyTorch has
##                no adaptive solver of its own and torchdiffeq is not a
##                Debian package).
##
## Runnable alone: octave bench/bench_ode.m, or bench_ode with bench/ on
## the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_ode: dfg.ode45 and its adjoint vs Octave's ode45 with finite differences");

lv = @(p) @(t, y) [p(1) * y(1) - p(2) * y(1) * y(2);
                   p(4) * y(1) * y(2) - p(3) * y(2)];
p_true = [1.1; 0.4; 0.4; 0.1];
y0 = [10; 5];
ts = linspace (0, 15, 31);
[~, Y] = ode45 (lv (p_true), ts, y0, odeset ("RelTol", 1e-8, "AbsTol", 1e-8));
randn ("state", 42);
data = Y .* (1 + 0.02 * randn (size (Y)));
o = odeset ("RelTol", 1e-7, "AbsTol", 1e-7);
p0 = [1; 0.5; 0.5; 0.2];

## one solve
P = dfg.input ([4 1]);
[~, YP] = dfg.ode45 (lv (P), ts, y0, o);
solve = dfg.function ({P}, {YP});
oct_solve = @(p) nthargout (2, @ode45, lv (p), ts, y0, o);
worst = max (abs (solve (p0)(:) - oct_solve (p0)(:))) / max (abs (oct_solve (p0)(:)));

## loss and gradient
loss = @(p) sum (sum ((nthargout (2, @dfg.ode45, lv (p), ts, y0, o) - data) .^ 2));
vg = dfg.value_and_grad (loss);
function [v, g] = fd_grad (p, oct_solve, data)
  v = sum (sum ((oct_solve (p) - data) .^ 2));
  g = zeros (4, 1);
  for i = 1:4
    e = zeros (4, 1);
    e(i) = 1e-6 * max (1, abs (p(i)));
    g(i) = (sum (sum ((oct_solve (p + e) - data) .^ 2)) - sum (sum ((oct_solve (p - e) - data) .^ 2))) / (2 * e(i));
  endfor
endfunction
fd = @(p) fd_grad (p, oct_solve, data);

## the same loss through a fixed-step RK4 written with dfg.scan
nsub = 50;                                   # steps per output interval
h = (ts(2) - ts(1)) / nsub;
function y = rk4 (f, y, h)
  k1 = f (y);  k2 = f (y + h / 2 * k1);  k3 = f (y + h / 2 * k2);  k4 = f (y + h * k3);
  y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
endfunction
function L = rk4_loss (p, y0, data, h, nsub, nt)
  a = p(1);  b = p(2);  c = p(3);  d = p(4);
  f = @(y) [a * y(1) - b * y(1) * y(2); d * y(1) * y(2) - c * y(2)];
  [~, ys] = dfg.scan (@(y, varargin) deal (rk4 (f, y, h), rk4 (f, y, h)), y0, [], "length", (nt - 1) * nsub);
  L = sum (sum (([y0 ys(:, nsub:nsub:end)] .' - data) .^ 2));
endfunction
vg_rk4 = dfg.value_and_grad (@(p) rk4_loss (p, y0, data, h, nsub, numel (ts)));

[v1, g1] = vg (p0);
[v2, g2] = fd (p0);
[v3, g3] = vg_rk4 (p0);
worst = max (worst, abs (v1 - v2) / abs (v2));
printf ("loss %.6g (dfg) %.6g (Octave) %.6g (RK4 scan); gradient relative difference: FD %.2g, RK4 %.2g\n",
        v1, v2, v3, norm (g1 - g2) / norm (g2), norm (g1 - g3) / norm (g1));

t = bench_time ({@() solve(p0), @() oct_solve(p0)}, 9, 2);
tg = bench_time ({@() vg(p0), @() fd(p0), @() vg_rk4(p0)}, 7, 2);
names = {"solve: dfg.ode45 plan / Octave ode45", "loss and gradient: adjoint / Octave + central FD", "loss and gradient: dfg.ode45 / RK4 scan (dfg)"};
ratios = [t(1) / t(2), tg(1) / tg(2), tg(1) / tg(3)];
printf ("%-48s %10s\n", "", "ms");
printf ("  %-46s %10.2f\n", "solve, dfg plan", t(1) * 1e3, "solve, Octave ode45", t(2) * 1e3,
        "loss + gradient, dfg adjoint", tg(1) * 1e3, "loss + gradient, Octave + FD (9 solves)", tg(2) * 1e3,
        "loss + gradient, RK4 scan 1500 steps (dfg)", tg(3) * 1e3);

## PyTorch: the same loss and gradient, the data through a temporary file
t_torch = NaN;
pycmd = benchsupport.torch_python ();
torch_note = "PyTorch: not installed (Debian's python3-torch): skipped";
if (! isempty (pycmd))
  datafile = [tempname() ".txt"];
  fid = fopen (datafile, "w");
  fprintf (fid, "%.17g ", o.RelTol, o.AbsTol, numel (ts), ts, y0, p0, data.');
  fclose (fid);
  py = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "torch_ode.py");
  [st, txt] = system (sprintf ("%s '%s' %d 7 '%s'", pycmd, py, nproc (), datafile));
  unlink (datafile);
  tok = regexp (txt, 'ode ([0-9.e+-]+) ([0-9.e+-]+) (\d+)', "tokens", "once");
  gt = regexp (txt, 'grad ([^\n]*)', "tokens", "once");
  ver = regexp (txt, '\n(\S+) (\d+)\s*$', "tokens", "once");
  if (st == 0 && ! isempty (tok) && ! isempty (gt))
    t_torch = str2double (tok{1});
    g_torch = sscanf (gt{1}, "%f");
    torch_note = sprintf (["PyTorch %s on CPU, %s threads, float64: loss and gradient %.2f ms " ...
                           "(%s accepted steps), loss relative difference %.2g, gradient %.2g"],
                          ver{1}, ver{2}, 1e3 * t_torch, tok{3}, abs (str2double (tok{2}) - v1) / abs (v1),
                          norm (g_torch - g1) / norm (g1));
    names{end+1} = "loss and gradient: dfg.ode45 / PyTorch RK45 autograd";
    ratios(end+1) = tg(1) / t_torch;
  else
    torch_note = sprintf ("PyTorch: the timing run failed:\n%s", txt);
  endif
endif
printf ("%s\n", torch_note);

## fitting
fopt = optimset ("GradObj", "on", "TolFun", 1e-10, "TolX", 1e-10, "MaxIter", 400);
tic; [pf1, ~, ~, out1] = fminunc (vg, p0, fopt); tf1 = toc;
tic; [pf2, ~, ~, out2] = fminunc (fd, p0, fopt); tf2 = toc;
printf ("fit with dfg's gradient: %.2f s, %d iterations, parameters %s (error %.2g)\n", tf1,
        out1.iterations, mat2str (pf1', 4), max (abs (pf1 - p_true) ./ p_true));
printf ("fit with Octave + FD:    %.2f s, %d iterations, parameters %s (error %.2g)\n", tf2,
        out2.iterations, mat2str (pf2', 4), max (abs (pf2 - p_true) ./ p_true));
names{end+1} = "fminunc fit: dfg adjoint / Octave + FD (seconds)";
ratios(end+1) = tf1 / tf2;

## memory of the adjoint against the steps
printf ("adjoint memory (dfg.memory loop_bytes) against steps, y'' = -k y, RelTol 1e-9, MaxStep 0.5:\n");
k = dfg.input ([1 1]);
for T = [25 100 400 1600]
  oo = odeset ("RelTol", 1e-9, "MaxStep", 0.5);
  [~, y] = dfg.ode45 (@(t, y) [y(2); -k * y(1)], linspace (0, T, 11), [1; 0], oo);
  F = dfg.function ({k}, {dfg.grad(sum (y(:)), k)});
  F (2);
  m = dfg.memory (F);
  oo.Refine = 1;
  steps = numel (nthargout (1, 2, @ode45, @(t, y) [y(2); -2 * y(1)], [0 T], [1; 0], oo)) - 1;
  printf ("  %6d steps: %8d bytes (%5.1f bytes per step; the solution itself is %d bytes)\n",
          steps, m.loop_bytes, m.loop_bytes / steps, 11 * 2 * 8);
endfor

printf ("agreement: max relative difference dfg vs Octave %.3g (%s 1e-10)\n", worst,
        {"above", "within"}{(worst <= 1e-10) + 1});
if (worst > 1e-10)
  warning ("bench_ode: dfg and Octave disagree by %.3g relative", worst);
endif
printf ("speed-ups: solve %.0fx, loss and gradient %.0fx (vs FD), %.1fx (vs RK4 scan), fit %.0fx\n",
        1 ./ ratios([1:3 end]));
if (! isnan (t_torch))
  printf ("dfg / PyTorch, loss and gradient: %.3g (dfg %.2f ms, PyTorch %.2f ms)\n",
          tg(1) / t_torch, 1e3 * tg(1), 1e3 * t_torch);
endif
printf ("\nRatios (dfg / anchor):\n");
bench_result.name = "bench_ode";
bench_result.ratios = cellfun (@(n, r) benchsupport.ratio (n, r), names, num2cell (ratios))(:);
bench_result.agreement = worst;
printf ("\n");
