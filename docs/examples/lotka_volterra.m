## Fitting the four parameters of a Lotka-Volterra predator-prey model to
## noisy observations: the solution comes from dfg.ode45 (Octave's ode45
## inside the graph), its gradient from the discrete adjoint, and Octave's
## fminunc does the fitting with that gradient.  Run by
## tests/octave/test_ode.m.

## the model: prey u, predators v
lv = @(p) @(t, y) [p(1) * y(1) - p(2) * y(1) * y(2);
                   p(4) * y(1) * y(2) - p(3) * y(2)];
p_true = [1.1; 0.4; 0.4; 0.1];
y0 = [10; 5];
ts = linspace (0, 15, 31);

## observations: Octave's own ode45 at tight tolerances, 2% noise
opts = odeset ("RelTol", 1e-8, "AbsTol", 1e-8);
[~, Y] = ode45 (lv (p_true), ts, y0, opts);
randn ("state", 42);
data = Y .* (1 + 0.02 * randn (size (Y)));

## the loss through dfg.ode45, with its gradient in one plan
fit_opts = odeset ("RelTol", 1e-7, "AbsTol", 1e-7);
loss = @(p) sum (sum ((nthargout (2, @dfg.ode45, lv (p), ts, y0, fit_opts) - data) .^ 2));
vg = dfg.value_and_grad (loss);

p0 = [1; 0.5; 0.5; 0.2];
tic;
[p_fit, fval, info, out] = fminunc (vg, p0, optimset ("GradObj", "on", "TolFun", 1e-10, "TolX", 1e-10, "MaxIter", 400));
elapsed = toc;
printf ("fitted parameters  %s\n", mat2str (p_fit', 4));
printf ("true parameters    %s\n", mat2str (p_true', 4));
printf ("relative error     %.2g (info %d, %d iterations, %.2f s)\n",
        max (abs (p_fit - p_true) ./ p_true), info, out.iterations, elapsed);
