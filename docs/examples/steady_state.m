## steady_state.m -- the steady state of a metabolic pathway and its
## sensitivity to the parameters (docs/implicit.md).
##
## A substrate S is fed at a rate inhibited by the end product P (a Hill
## function of P), bound by an enzyme (total Et, complex C) and turned into
## P, which is degraded:
##
##     v   = v0 / (1 + (P/K)^2)
##     dS/dt = v - k1 (Et - C) S + km1 C
##     dC/dt = k1 (Et - C) S - (km1 + k2) C
##     dP/dt = k2 C - kd P
##
## The steady state (all three zero) has no closed form in the parameters.
## dfg.fsolve finds it by Newton's method inside a plan and gives its
## derivatives with respect to the seven parameters by the implicit
## function theorem.  The example checks
##
##   1. the steady state against Octave's fsolve on plain values;
##   2. the 3x7 sensitivity matrix against central finite differences of
##      Octave's fsolve (relative error well under 1e-6), and one entry
##      against its closed form (dP/dv0 from kd P (1 + (P/K)^2) = v0);
##   3. second derivatives (the Hessian of a loss) against finite
##      differences of the gradient;
##   4. a fit of v0 and kd to a measured steady state with fminunc, its
##      gradient from the same plan.
##
## Run in Octave:  addpath (<repo root>); run ("docs/examples/steady_state.m")
## (tests/octave/test_teaching.m and test_implicit.m run it too.)

names = {"v0", "K", "k1", "km1", "k2", "kd", "Et"};
theta0 = [1; 0.5; 2; 1; 3; 0.5; 1];
F = @(c, th) [th(1) / (1 + (c(3) / th(2))^2) - th(3) * (th(7) - c(2)) * c(1) + th(4) * c(2);
              th(3) * (th(7) - c(2)) * c(1) - (th(4) + th(5)) * c(2);
              th(5) * c(2) - th(6) * c(3)];
c0 = [0.5; 0.1; 0.5];
opt = optimset ("TolFun", 1e-12);

printf ("1. the steady state by dfg.fsolve, in a plan\n");
th = dfg.input ([7 1]);
[c, fval, info] = dfg.fsolve (@(c) F (c, th), c0, opt);
f = dfg.function ({th}, {c, info, dfg.jacobian(c, th)});
[cv, iv, S] = f (theta0);
tight = optimset ("TolFun", 1e-15, "TolX", 1e-15);
ref = @(t) fsolve (@(c) F (c, t), c0, tight);
co = ref (theta0);
printf ("   S, C, P = %.10f %.10f %.10f (info %d); Octave's fsolve differs by %.1g\n",
        cv, iv, max (abs (cv - co)));
assert (iv == 1 && max (abs (cv - co)) < 1e-10);

printf ("2. sensitivities dc/dtheta against central differences of Octave's fsolve\n");
Sfd = zeros (3, 7);
for j = 1:7
  h = 1e-5 * theta0(j);
  e = zeros (7, 1); e(j) = h;
  Sfd(:, j) = (ref (theta0 + e) - ref (theta0 - e)) / (2 * h);
endfor
relerr = max (abs (S(:) - Sfd(:))) / max (abs (Sfd(:)));
printf ("   %-4s", ""); printf (" %9s", names{:}); printf ("\n");
rows = {"S", "C", "P"};
for i = 1:3
  printf ("   %-4s", rows{i}); printf (" %9.5f", S(i, :)); printf ("\n");
endfor
printf ("   largest difference relative to the largest entry: %.1g\n", relerr);
assert (relerr < 1e-6);
P = cv(3); K = theta0(2); kd = theta0(6);
dPdv0 = 1 / (kd * (1 + 3 * (P / K)^2));
printf ("   dP/dv0 = %.15f, closed form %.15f\n", S(3, 1), dPdv0);
assert (abs (S(3, 1) - dPdv0) < 1e-13);
## scaled sensitivities (control coefficients: relative change of the
## steady state per relative change of a parameter)
printf ("   control coefficients of P:"); printf (" %s %.3f", [names; num2cell(S(3, :) .* theta0' / P)]{:}); printf ("\n");

printf ("3. second order: the Hessian of a loss through the steady state\n");
target = [0.3; 0.1; 0.6];
loss = @(t) sum ((dfg.fsolve (@(c) F (c, t), c0, opt) - target).^2);
g = dfg.grad (loss);
H = dfg.hessian (loss);
Hv = H (theta0);
Hfd = zeros (7);
for j = 1:7
  h = 1e-5 * theta0(j);
  e = zeros (7, 1); e(j) = h;
  Hfd(:, j) = (g (theta0 + e) - g (theta0 - e)) / (2 * h);
endfor
herr = max (abs (Hv(:) - Hfd(:))) / max (abs (Hfd(:)));
printf ("   Hessian 7x7, symmetric to %.1g, against differences of the gradient %.1g\n",
        max (max (abs (Hv - Hv'))), herr);
assert (herr < 1e-6);

printf ("4. fitting v0 and kd to a measured steady state with fminunc\n");
truth = theta0; truth([1 6]) = [1.3; 0.4];
measured = ref (truth);
model = @(q) dfg.fsolve (@(c) F (c, [q(1); theta0(2:5); q(2); theta0(7)]), c0, opt);
vg = dfg.value_and_grad (@(q) sum ((model (q) - measured).^2));
[q, fq, infoq] = fminunc (vg, theta0([1 6]), optimset ("GradObj", "on", "TolFun", 1e-14, "TolX", 1e-12));
printf ("   v0 = %.8f, kd = %.8f (true 1.3, 0.4), loss %.1g, info %d\n", q, fq, infoq);
assert (max (abs (q - [1.3; 0.4])) < 1e-6);
