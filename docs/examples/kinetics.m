## Fitting the rate constants of a chemical kinetics model to noisy
## concentration data: A <=> B -> C (a reversible first step, forward
## rate k1, backward rate k2, then an irreversible step k3), mass-action
## kinetics.  The concentrations come from dfg.ode45 (Octave's ode45 in
## the graph); the gradient of the least-squares misfit from its discrete
## adjoint; Octave's fminunc fits the logarithms of the rates, so that the
## rates stay positive.  The gradient is checked against central
## differences of Octave's own ode45.  Run by tests/octave/test_ode.m.

## the model: y = [A; B; C], k = exp (q)
rhs = @(k) @(t, y) [-k(1) * y(1) + k(2) * y(2);
                     k(1) * y(1) - (k(2) + k(3)) * y(2);
                     k(3) * y(2)];
k_true = [0.9; 0.3; 0.5];
y0 = [1; 0; 0];
ts = linspace (0, 10, 26);

## observations: Octave's own ode45 at tight tolerances, 1% noise
[~, Y] = ode45 (rhs (k_true), ts, y0, odeset ("RelTol", 1e-10, "AbsTol", 1e-12));
randn ("state", 7);
data = Y + 0.01 * randn (size (Y));

## the misfit as a function of the log-rates, through dfg.ode45
fit_opts = odeset ("RelTol", 1e-8, "AbsTol", 1e-10);
loss = @(q) sum (sum ((nthargout (2, @dfg.ode45, rhs (exp (q)), ts, y0, fit_opts) - data) .^ 2));
vg = dfg.value_and_grad (loss);

## the gradient at a point away from the optimum against central
## differences of Octave's ode45 (at tight tolerances)
q1 = log ([0.5; 0.5; 1]);
tight = odeset ("RelTol", 1e-11, "AbsTol", 1e-13);
oct_loss = @(q, o) sum (sum ((nthargout (2, @ode45, rhs (exp (q)), ts, y0, o) - data) .^ 2));
vg_tight = dfg.value_and_grad (@(q) sum (sum ((nthargout (2, @dfg.ode45, rhs (exp (q)), ts, y0, tight) - data) .^ 2)));
[~, g] = vg_tight (q1);
g_fd = zeros (3, 1);
for i = 1:3
  e = zeros (3, 1);
  e(i) = 1e-5;
  g_fd(i) = (oct_loss (q1 + e, tight) - oct_loss (q1 - e, tight)) / 2e-5;
endfor
printf ("gradient at q1      %s\n", mat2str (g', 8));
printf ("central differences %s\n", mat2str (g_fd', 8));
printf ("gradient relative difference %.2g\n", norm (g - g_fd) / norm (g_fd));

## the fit, from rates off by factors up to 2
q0 = log ([0.5; 0.5; 1]);
tic;
[q_fit, fval, info, out] = fminunc (vg, q0, optimset ("GradObj", "on", "TolFun", 1e-12, "TolX", 1e-10, "MaxIter", 200));
elapsed = toc;
k_fit = exp (q_fit);
printf ("fitted rates       %s\n", mat2str (k_fit', 4));
printf ("true rates         %s\n", mat2str (k_true', 4));
printf ("relative error     %.2g (info %d, %d iterations, %.2f s)\n",
        max (abs (k_fit - k_true) ./ k_true), info, out.iterations, elapsed);
printf ("residual rms       %.3g (noise 0.01)\n", sqrt (fval / numel (data)));

## the noise level: standard errors of the log-rates from the Jacobian of
## the solution (forward sensitivities, dfg.jacobian) at the fit
Q = dfg.input ([3 1]);
[~, YQ] = dfg.ode45 (rhs (exp (Q)), ts, y0, fit_opts);
Jf = dfg.function ({Q}, {dfg.jacobian(YQ(:), Q, "forward")});
J = Jf (q_fit);
s2 = fval / (numel (data) - 3);
se = sqrt (diag (s2 * inv (J' * J)));
printf ("standard errors    %s (of the log-rates)\n", mat2str (se', 3));
printf ("error / std error  %.2f (largest)\n", max (abs (q_fit - log (k_true)) ./ se));
