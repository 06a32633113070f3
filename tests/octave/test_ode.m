## -*- texinfo -*-
## @deftypefn {} {} test_ode
## dfg.ode45 and dfg.ode23 (lib/control/ctrl-ode.c): values against
## Octave's ode45/ode23 on the same problems (the same steps: equal to
## rounding, bitwise where the right-hand side is), both directions,
## options, single; gradients (the discrete adjoint) against the analytic
## solution of a linear ODE and central differences of Octave's solver;
## the checkpoint budget; errors.
## @end deftypefn
function test_ode ()
endfunction

%!function [t, y] = both (s, varargin)
%!  if (strcmp (s, "ode45"))
%!    [t, y] = dfg.ode45 (varargin{:});
%!  else
%!    [t, y] = dfg.ode23 (varargin{:});
%!  endif
%!endfunction

%!test
%! ## the same steps as Octave: bitwise on a right-hand side dfg computes as Octave does
%! for s = {"ode45", "ode23"}
%!   f = @(t, y) [y(2); -y(1) - t * y(2)];
%!   for ts = {linspace(0, 5, 11), linspace(3, -2, 7), [0 0.01 0.5 4]}
%!     [t, y] = both (s{1}, f, ts{1}, [1; 0]);
%!     [t0, y0] = feval (s{1}, f, ts{1}, [1; 0]);
%!     assert (t, t0);
%!     assert (dfg.value (y), y0, 0);
%!   endfor
%! endfor

%!test
%! ## options, a row INIT, extra arguments of FCN, a captured tensor
%! for s = {"ode45", "ode23"}
%!   f = @(t, y, w) [y(2); -w^2 * y(1) - 0.1 * y(2) + sin(t)];
%!   o = odeset ("RelTol", 1e-7, "AbsTol", [1e-9 1e-8], "MaxStep", 0.3, "InitialStep", 1e-3);
%!   [t0, y0] = feval (s{1}, f, linspace (0, 8, 17), [1 0], o, 2);
%!   [t, y] = both (s{1}, f, linspace (0, 8, 17), [1 0], o, 2);
%!   assert (dfg.value (y), y0, 1e-13 * max (abs (y0(:))));
%!   w = dfg.input ([1 1]);
%!   [t, y] = both (s{1}, @(t, y) f (t, y, w), linspace (0, 8, 17), [1 0], o);
%!   F = dfg.function ({w}, {y});
%!   assert (F (2), y0, 1e-13 * max (abs (y0(:))));
%!   o = odeset ("NormControl", "on", "RelTol", 1e-5);
%!   [t0, y0] = feval (s{1}, @(t, y) f (t, y, 2), linspace (0, 8, 17), [1 0], o);
%!   [t, y] = both (s{1}, @(t, y) f (t, y, 2), linspace (0, 8, 17), [1 0], o);
%!   assert (dfg.value (y), y0, 1e-13 * max (abs (y0(:))));
%! endfor

%!test
%! ## single: y0's class; the integrator's arithmetic is double, so the
%! ## values agree with Octave's single run to single precision
%! for s = {"ode45", "ode23"}
%!   f = @(t, y) [y(2); -y(1)];
%!   [t, y] = both (s{1}, f, linspace (0, 3, 7), single ([1; 0]));
%!   [t0, y0] = feval (s{1}, f, linspace (0, 3, 7), single ([1; 0]));
%!   assert (class (dfg.value (y)), "single");
%!   assert (dfg.value (y), y0, 1e-5);
%! endfor

%!test
%! ## gradient of a linear ODE against its solution a exp (-k t)
%! o = odeset ("RelTol", 1e-10, "AbsTol", 1e-12);
%! tt = linspace (0, 2, 5)';
%! for s = {"ode45", "ode23"}
%!   k = dfg.input ([1 1]);
%!   a = dfg.input ([1 1]);
%!   [t, y] = both (s{1}, @(t, y) -k * y, tt, a, o);
%!   L = sum (y .* tt);
%!   F = dfg.function ({k, a}, {y, dfg.grad(L, k), dfg.grad(L, a)});
%!   [yv, gk, ga] = F (1.5, 2);
%!   assert (yv, 2 * exp (-1.5 * tt), 1e-9);
%!   assert (gk, sum (-tt .^ 2 .* 2 .* exp (-1.5 * tt)), 1e-8);
%!   assert (ga, sum (tt .* exp (-1.5 * tt)), 1e-9);
%! endfor

%!test
%! ## Lotka-Volterra: gradients in the parameters and the initial state
%! ## against central differences of Octave's ode45; single too
%! for cls = {"double", "single"}
%!   p = dfg.input ([4 1], cls{1});
%!   y0 = dfg.input ([2 1], cls{1});
%!   lv = @(p) @(t, y) [p(1) * y(1) - p(2) * y(1) * y(2); p(4) * y(1) * y(2) - p(3) * y(2)];
%!   o = odeset ("RelTol", 1e-10, "AbsTol", 1e-10);
%!   ts = linspace (0, 10, 21);
%!   [t, y] = dfg.ode45 (lv (p), ts, y0, o);
%!   L = sum (sum (y .^ 2));
%!   F = dfg.function ({p, y0}, {L, dfg.grad(L, p), dfg.grad(L, y0)});
%!   p0 = [1.1; 0.4; 0.4; 0.1];
%!   x0 = [10; 5];
%!   [Lv, gp, gy] = F (cast (p0, cls{1}), cast (x0, cls{1}));
%!   assert (class (gp), cls{1});
%!   Lf = @(p, x) sum (sum (nthargout (2, @ode45, lv (p), ts, x, o) .^ 2));
%!   fd = @(fun, v, i) (fun (v + 1e-5 * (1:numel (v) == i)') - fun (v - 1e-5 * (1:numel (v) == i)')) / 2e-5;
%!   gfd = arrayfun (@(i) fd (@(v) Lf (v, x0), p0, i), (1:4)');
%!   gyd = arrayfun (@(i) fd (@(v) Lf (p0, v), x0, i), (1:2)');
%!   tol = merge (strcmp (cls{1}, "double"), 1e-6, 2e-3);
%!   assert (double (gp), gfd, tol * norm (gfd));
%!   assert (double (gy), gyd, tol * norm (gyd));
%! endfor

%!test
%! ## the continuous adjoint (the adjoint ODE solved backwards): against
%! ## central differences and the discrete adjoint, to the tolerances
%! p = dfg.input ([4 1]);
%! y0 = dfg.input ([2 1]);
%! lv = @(p) @(t, y) [p(1) * y(1) - p(2) * y(1) * y(2); p(4) * y(1) * y(2) - p(3) * y(2)];
%! ts = linspace (0, 10, 21);
%! o = odeset ("RelTol", 1e-10, "AbsTol", 1e-10);
%! oc = o;
%! oc.Adjoint = "continuous";
%! [t, y] = dfg.ode45 (lv (p), ts, y0, o);
%! [t, yc] = dfg.ode23 (lv (p), ts, y0, oc);
%! [t, yd] = dfg.ode45 (lv (p), ts, y0, oc);
%! L = @(y) sum (sum (y .^ 2));
%! F = dfg.function ({p, y0}, {dfg.grad(L (y), p), dfg.grad(L (yd), p), dfg.grad(L (yd), y0), dfg.grad(L (yc), p)});
%! p0 = [1.1; 0.4; 0.4; 0.1];
%! [g, gc, gy, g23] = F (p0, [10; 5]);
%! assert (gc, g, 1e-8 * norm (g));
%! assert (g23, g, 1e-6 * norm (g));
%! sol = @(p, x) nthargout (2, @ode45, lv (p), ts, x, o);
%! gyd = arrayfun (@(i) (L (sol (p0, [10; 5] + 1e-5 * ((1:2)' == i))) - L (sol (p0, [10; 5] - 1e-5 * ((1:2)' == i)))) / 2e-5, (1:2)');
%! assert (gy, gyd, 1e-6 * norm (gyd));

%!test
%! ## the checkpoint budget changes memory, not the gradient (the reverse
%! ## visits the same steps in the same order)
%! k = dfg.input ([2 1]);
%! f = @(t, y) [y(2); -k(1) * y(1) - k(2) * y(2) * (1 - y(1) ^ 2)];
%! gs = {};
%! for c = [0 2 3 50]
%!   o = odeset ("RelTol", 1e-8);
%!   o.Checkpoints = c;
%!   [t, y] = dfg.ode45 (f, linspace (0, 20, 41), [2; 0], o);
%!   F = dfg.function ({k}, {dfg.grad(sum (y(:)), k)});
%!   gs{end+1} = F ([1; 0.5]);
%! endfor
%! assert (gs{2}, gs{1}, 0);
%! assert (gs{3}, gs{1}, 0);
%! assert (gs{4}, gs{1}, 0);

%!test
%! ## through dfg.jit and dfg.value_and_grad
%! fit = @(k) sum ((nthargout (2, @dfg.ode45, @(t, y) -k * y, [0 0.5 1], 1) - [1; 0.5; 0.25]) .^ 2);
%! vg = dfg.value_and_grad (fit);
%! [v, g] = vg (1.2);
%! y = exp (-1.2 * [0; 0.5; 1]);
%! assert (v, sum ((y - [1; 0.5; 0.25]) .^ 2), 1e-5);
%! assert (g, sum (2 * (y - [1; 0.5; 0.25]) .* (-[0; 0.5; 1] .* y)), 1e-4);

%!test
%! ## forward sensitivities: dfg.jvp (the tangent of the same steps) against
%! ## central differences of Octave's ode45, and forward against reverse
%! ## Jacobians
%! p = dfg.input ([4 1]);
%! y0 = dfg.input ([2 1]);
%! lv = @(p) @(t, y) [p(1) * y(1) - p(2) * y(1) * y(2); p(4) * y(1) * y(2) - p(3) * y(2)];
%! o = odeset ("RelTol", 1e-10, "AbsTol", 1e-10);
%! ts = linspace (0, 10, 21);
%! [t, y] = dfg.ode45 (lv (p), ts, y0, o);
%! v = [1; -2; 0.5; 3];
%! w = [0.3; -1];
%! ty = dfg.jvp (y, {p, y0}, {v, w});
%! J = dfg.jacobian (y(end, :)', p, "forward");
%! G = dfg.jacobian (y(end, :)', p, "reverse");
%! F = dfg.function ({p, y0}, {ty, J, G});
%! p0 = [1.1; 0.4; 0.4; 0.1];
%! x0 = [10; 5];
%! [TY, Jf, Jr] = F (p0, x0);
%! sol = @(p, x) nthargout (2, @ode45, lv (p), ts, x, o);
%! fd = (sol (p0 + 1e-6 * v, x0 + 1e-6 * w) - sol (p0 - 1e-6 * v, x0 - 1e-6 * w)) / 2e-6;
%! assert (TY, fd, 1e-6 * norm (fd(:)));
%! assert (Jf, Jr, 1e-12 * norm (Jr(:)));

%!error <give the output times> [t, y] = dfg.ode45 (@(t, y) -y, [0 1], 1)
%!error id=dfg:symbolicSize [t, y] = dfg.ode45 (@(t, y) -y, [0 1 2], dfg.input ([NaN 1]))
%!error <TRANGE must be plain numbers> [t, y] = dfg.ode45 (@(t, y) -y, dfg.constant ([0 1 2]), 1)
%!error <strictly increasing> [t, y] = dfg.ode45 (@(t, y) -y, [0 1 0.5], 1)
%!error <INIT must be a real double or single> [t, y] = dfg.ode45 (@(t, y) -y, [0 1 2], true)
%!error <FCN must be a function handle> [t, y] = dfg.ode45 (3, [0 1 2], 1)
%!error <FCN must return a double column of 2 elements> [t, y] = dfg.ode45 (@(t, y) [y; y], [0 1 2], [1; 2])
%!error <FCN must return a double column of 2 elements> [t, y] = dfg.ode45 (@(t, y) y', [0 1 2], [1; 2])
%!error <option Events is not available> [t, y] = dfg.ode45 (@(t, y) -y, [0 1 2], 1, odeset ("Events", @(t, y) y))
%!error <Adjoint must be "discrete" or "continuous"> o = odeset (); o.Adjoint = "both"; [t, y] = dfg.ode45 (@(t, y) -y, [0 1 2], 1, o)
%!error <RelTol must be a positive scalar> [t, y] = dfg.ode45 (@(t, y) -y, [0 1 2], 1, odeset ("RelTol", -1))
%!error <AbsTol must be a scalar or have 2 elements> [t, y] = dfg.ode45 (@(t, y) -y, [0 1 2], [1; 2], odeset ("AbsTol", [1 2 3]))
%!error <the step size became too small> [t, y] = dfg.ode45 (@(t, y) y .^ 2, [0 1 2], 1); dfg.value (y)
%!error <second derivatives through dfg.ode45>
%! k = dfg.input ([1 1]);
%! [t, y] = dfg.ode45 (@(t, y) -k * y, [0 1 2], 1);
%! g = dfg.grad (sum (y), k);
%! h = dfg.grad (g, k);

%!test
%! ## docs/examples/lotka_volterra.m: fminunc with dfg.ode45 gradients
%! ## recovers the parameters from 2% noise
%! root = fileparts (fileparts (which ("dfg.grad")));
%! out = evalc ("run (fullfile (root, 'docs', 'examples', 'lotka_volterra.m'))");
%! assert (! isempty (strfind (out, "fitted parameters")));
%! err = sscanf (out(strfind (out, "relative error") + 14:end), "%f", 1);
%! assert (err < 0.03);

%!test
%! ## the adjoint's saved states are kept by the plan and counted by
%! ## dfg.memory: 16 times the steps take far less than 16 times the memory
%! k = dfg.input ([1 1]);
%! by = [];
%! for T = [25 400]
%!   [t, y] = dfg.ode45 (@(t, y) [y(2); -k * y(1)], linspace (0, T, 11), [1; 0], odeset ("RelTol", 1e-9, "MaxStep", 0.5));
%!   F = dfg.function ({k}, {dfg.grad(sum (y(:)), k)});
%!   F (2);
%!   m = dfg.memory (F);
%!   by(end+1) = m.loop_bytes;
%! endfor
%! assert (by(2) / by(1) < 6);

%!test
%! ## docs/examples/kinetics.m: the rates of A <=> B -> C from 1% noise,
%! ## fitted in log space with fminunc and dfg.ode45 gradients; the gradient
%! ## matches central differences of Octave's ode45 at tight tolerances
%! root = fileparts (fileparts (which ("dfg.grad")));
%! out = evalc ("run (fullfile (root, 'docs', 'examples', 'kinetics.m'))");
%! num = @(key) sscanf (out(strfind (out, key) + numel (key):end), "%f", 1);
%! assert (num ("gradient relative difference") < 1e-6);
%! assert (num ("relative error") < 0.1);
%! assert (num ("error / std error") < 3);
%! assert (abs (num ("residual rms") - 0.01) < 0.002);

%!test
%! ## docs/examples/shooting.m: minimum-energy control by single shooting
%! ## with sqp, dfg.ode45 per interval; the double integrator against its
%! ## independently computed optimum, Van der Pol against Octave's ode45
%! root = fileparts (fileparts (which ("dfg.grad")));
%! out = evalc ("run (fullfile (root, 'docs', 'examples', 'shooting.m'))");
%! vdp = strfind (out, "Van der Pol");
%! num = @(key, from) sscanf (out(strfind (out(from:end), key)(1) + from - 1 + numel (key):end), "%f", 2);
%! assert (num ("sqp info", 1)(1), 104);
%! assert (numel (num ("constraint violation", 1)), 2);
%! assert (max (num ("constraint violation", 1)) < 1e-6);
%! assert (abs (num ("control energy", 1)(1) - num ("discretised optimum", 1)(1)) < 1e-8);
%! assert (abs (num ("control energy", 1)(1) - 1200 / 99) < 1e-8);
%! assert (abs (num ("analytic optimum", 1)(1) - 1200 / 99) < 1e-9);
%! assert (num ("control difference", 1)(1) < 1e-6);
%! assert (num ("sqp info", vdp)(1), 101);
%! assert (max (num ("constraint violation", vdp)) < 1e-6);
%! assert (num ("Jacobian relative difference", vdp)(1) < 1e-6);
%! assert (num ("optimality residual", vdp)(1) < 1e-6);
