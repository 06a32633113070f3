## -*- texinfo -*-
## @deftypefn {} {} test_implicit ()
## Implicit functions (dfg.implicit, dfg.fsolve, dfg.argmin;
## docs/implicit.md): values against Octave's fsolve and fminunc on the
## same problems, derivatives of the root with respect to captured tensors
## against central differences (first and second order, double and
## single, reverse and forward mode), through dfg.function plans, dfg.jit,
## the functional dfg.grad/dfg.hessian and on the sim device; the errors.
## Run with @code{test test_implicit}.
## @end deftypefn
function test_implicit ()
  test ("test_implicit");
endfunction

## an autocatalytic network A + B -> 2B fed with A: the steady state and
## its closed form (a = 1/k2, b = k1 - k3/k2)
%!function r = chem (c, k)
%!  r = [k(1) - k(2)*c(1)*c(2) - k(3)*c(1); k(2)*c(1)*c(2) - c(2)];
%!endfunction
%!function c = steady (k)
%!  c = dfg.fsolve (@(c) chem (c, k), [1; 1], optimset ("TolFun", 1e-12));
%!endfunction

## values: Octave's fsolve, the closed form, plain values and every mode
## of dfg (jit, plan, constants) alike
%!test
%! k = [2; 1.5; 0.5];
%! c = steady (k);
%! assert (c, [1/k(2); k(1) - k(3)/k(2)], 1e-15);
%! assert (c, fsolve (@(c) chem (c, k), [1; 1]), 1e-6);
%! dfg_check_parity (@steady, {k}, 1e-14);
%! dfg_check_parity (@steady, {single(k)}, 1e-14);
%! dfg_check_parity (@(k) dfg.fsolve (@(c) chem (c, k), single ([1; 1])), {k}, 1e-6);

## the sensitivities dc/dk: closed form, central differences to second
## order, single, forward against reverse (dfg_check_grad)
%!test
%! k = [2; 1.5; 0.5];
%! kin = dfg.input ([3 1]);
%! c = steady (kin);
%! f = dfg.function ({kin}, {dfg.jacobian(c, kin, "reverse"), dfg.jacobian(c, kin, "forward")});
%! [Jr, Jf] = f (k);
%! Jex = [0, -1/k(2)^2, 0; 1, k(3)/k(2)^2, -1/k(2)];
%! assert (Jr, Jex, 1e-14);
%! assert (Jf, Jex, 1e-14);
%! dfg_check_grad (@steady, {k});
%! dfg_check_grad (@(k) steady (k) .^ 2, {[1; 0.7; 0.3]});

## a system without closed form: x.^3 + A x = b, gradient in A and b
%!test
%! A = [4 1 0; 1 5 2; 0 2 6]; b = [1; -2; 3];
%! fun = @(A, b) dfg.fsolve (@(x) x.^3 + A * x - b, zeros (3, 1), optimset ("TolFun", 1e-12));
%! x = fun (A, b);
%! assert (x, fsolve (@(x) x.^3 + A * x - b, zeros (3, 1)), 1e-6);
%! assert (norm (x.^3 + A * x - b) < 1e-14);
%! dfg_check_grad (fun, {A, b});

## the functional forms: dfg.jit, dfg.grad and dfg.hessian of a function
## that solves (the Hessian against central differences of the gradient)
%!test
%! fun = @(k) sum (steady (k) .^ 2);
%! k = [2; 1.5; 0.5];
%! g = dfg.grad (fun);
%! H = dfg.hessian (fun);
%! Hv = H (k);
%! h = 1e-5; Hfd = zeros (3);
%! for j = 1:3
%!   e = zeros (3, 1); e(j) = h;
%!   Hfd(:, j) = (g (k + e) - g (k - e)) / (2 * h);
%! endfor
%! assert (Hv, Hfd, 1e-8);
%! assert (Hv, Hv', 1e-12);
%! jf = dfg.jit (@steady);
%! assert (jf (k), steady (k), 1e-15);
%! assert (jf (k + 1), steady (k + 1), 1e-15);

## dfg.implicit with a root from Octave's own fsolve on plain values, and
## from the user's own iteration in the graph (a fixed-point loop)
%!test
%! k = [2; 1.5; 0.5];
%! xs = fsolve (@(c) chem (c, k), [1; 1], optimset ("TolFun", 1e-14, "TolX", 1e-14));
%! kin = dfg.input ([3 1]);
%! c = dfg.implicit (@(c) chem (c, kin), xs);
%! f = dfg.function ({kin}, {c, dfg.jacobian(c, kin)});
%! [cv, J] = f (k);
%! assert (cv, xs, 0);
%! assert (J, [0, -1/k(2)^2, 0; 1, k(3)/k(2)^2, -1/k(2)], 1e-10);
%! p = dfg.input ([1 1]);
%! x = dfg.implicit (@(x) x - cos (p * x), dfg.fori (1, 200, @(i, x) cos (p * x), 0.5));
%! d = dfg.grad (x, p);
%! f = dfg.function ({p}, {x, d, dfg.grad(d, p)});
%! [xv, dv, d2] = f (0.9);
%! assert (xv - cos (0.9 * xv), 0, 1e-15);
%! xf = @(p) fsolve (@(x) x - cos (p * x), 0.7, optimset ("TolFun", 1e-15, "TolX", 1e-15));
%! h = 1e-4;
%! assert (dv, (xf (0.9 + h) - xf (0.9 - h)) / (2 * h), 1e-7);
%! assert (d2, (xf (0.9 + h) - 2 * xv + xf (0.9 - h)) / h^2, 1e-5);

## argmin against fminunc, derivatives through the optimality condition,
## the value function's derivative (envelope theorem)
%!function x = ridge (w, y)
%!  x = dfg.argmin (@(x) sum ((x - y).^2) / 2 + w * sum (x.^4) / 4, zeros (3, 1), optimset ("TolFun", 1e-13));
%!endfunction
%!test
%! y = [1; -2; 0.5]; w = 0.7;
%! x = ridge (w, y);
%! opt = optimset ("TolFun", 1e-12, "TolX", 1e-12);
%! assert (x, fminunc (@(x) sum ((x - y).^2) / 2 + w * sum (x.^4) / 4, zeros (3, 1), opt), 1e-6);
%! assert (x - y + w * x.^3, zeros (3, 1), 1e-14);
%! dfg_check_parity (@ridge, {w, y}, 1e-14);
%! dfg_check_grad (@ridge, {w, y});
%! [~, fv] = dfg.argmin (@(x) sum ((x - y).^2) / 2 + w * sum (x.^4) / 4, zeros (3, 1));
%! wi = dfg.input ([1 1]);
%! [~, fvt] = dfg.argmin (@(x) sum ((x - y).^2) / 2 + wi * sum (x.^4) / 4, zeros (3, 1));
%! f = dfg.function ({wi}, {fvt, dfg.grad(fvt, wi)});
%! [v, g] = f (w);
%! assert (v, fv, 1e-14);
%! assert (g, sum (x.^4) / 4, 1e-12);

## the sim device (memory the host cannot touch): the solve, the
## implicit construct and its gradients run there
%!test
%! k = [2; 1.5; 0.5];
%! kin = dfg.input ([3 1]);
%! c = steady (kin);
%! H = dfg.hessian (sum (c.^2), kin);
%! f = dfg.function ({kin}, {c, dfg.jacobian(c, kin), H});
%! [c1, J1, H1] = f (k);
%! unwind_protect
%!   dfg.device ("sim");
%!   f = dfg.function ({kin}, {c, dfg.jacobian(c, kin), H});
%!   [c2, J2, H2] = f (k);
%! unwind_protect_cleanup
%!   dfg.device ("cpu");
%! end_unwind_protect
%! assert ({c2, J2, H2}, {c1, J1, H1}, 1e-14);

## how a solve ends: info and output as Octave's fsolve reports them
%!test
%! [x, fv, info, out] = dfg.fsolve (@(x) x.^2 - 2, 1);
%! assert ([info, out.funcCount], [1, out.iterations + 1]);
%! [x, fv, info, out] = dfg.fsolve (@(x) x.^2 - 2, 100, optimset ("MaxIter", 3));
%! assert ([info, out.iterations], [0, 3]);
%! [x, fv, info] = dfg.fsolve (@(x) x.^2 + 1, 1);      % no real root
%! assert (info, -3);
%! p = dfg.input ([1 1]);
%! [x, fv, info] = dfg.fsolve (@(x) x.^2 + p, 1);
%! f = dfg.function ({p}, {x, info});
%! [xv, iv] = f (-4);
%! assert ([xv, iv], [2, 1], 1e-12);
%! [xv, iv] = f (4);
%! assert (iv != 1);

## a singular Jacobian at the root: Octave's warning, no crash
%!test
%! p = dfg.input ([1 1]);
%! x = dfg.implicit (@(x) [x(1)^2 - p; x(2) - x(1)^2], [0; 0]);
%! f = dfg.function ({p}, {x, dfg.jacobian(x, p)});
%! lastwarn ("");
%! evalc ("f (0);");
%! [~, id] = lastwarn ();
%! assert (id, "Octave:singular-matrix");

## the example of docs/examples: a steady state whose sensitivities agree
## with central differences of Octave's fsolve, and a fit with fminunc
%!test
%! root = fileparts (fileparts (which ("dfg.fsolve")));
%! out = evalc ("run (fullfile (root, 'docs', 'examples', 'steady_state.m'))");
%! e = str2double (regexp (out, 'relative to the largest entry: (\S+)', "tokens", "once"));
%! assert (e < 1e-6);
%! assert (! isempty (strfind (out, "v0 = 1.30000000, kd = 0.40000000")));

## errors
%!error <dfg.fsolve: F must be a function handle> dfg.fsolve ("sin", 1)
%!error id=dfg:badClass dfg.fsolve (@(x) x, {1})
%!error id=dfg:badClass dfg.fsolve (@(x) x > dfg.input ([1 1]), 1)
%!error <dfg.fsolve: F returns 2x1 for X of 1x1> dfg.fsolve (@(x) [x; x] - dfg.input ([1 1]), 1)
%!error id=dfg:nonconformant dfg.implicit (@(x) [x; x] - dfg.input ([1 1]), 1)
%!error <dfg.argmin: F must be a function handle> dfg.argmin ([], 1)
%!error id=dfg:badArgument dfg.fsolve (@(x) x - dfg.input ([1 1]), 1, optimset ("TolFun", -1))
%!error id=dfg:badArgument dfg.fsolve (@(x) x - dfg.input ([1 1]), 1, "TolFun")
