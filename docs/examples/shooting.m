## Optimal control by single shooting: a double integrator (a cart on a
## line, position x and velocity v, pushed by a force u) is driven from
## rest at x = 0 to rest at x = 1 in time T = 1 with minimum control
## energy, the integral of u^2.  The control is piecewise constant on N
## intervals; the state is carried from interval to interval by one
## dfg.ode45 per interval (the control value a captured tensor), so that
## the terminal state is a function of the N control values with
## derivatives from dfg.  Octave's sqp solves the problem, given the
## objective's gradient (dfg.value_and_grad) and the terminal
## constraint's Jacobian (dfg.value_and_jacobian).  The result is checked
## against the optimum of the discretised problem computed independently
## (the constraints are linear in u: the minimum-norm solution) and
## against the analytic optimum of the discretised problem, energy
## 12 N^2 / (N^2 - 1), which tends to the continuous problem's
## (u(t) = 6 - 12 t, energy 12).  The same code then steers a Van der Pol oscillator
## (nonlinear: no closed form) from x = 2 to rest at the origin; there the
## terminal state is checked with Octave's own ode45 and the optimality
## (Lagrange) condition with a Jacobian from Octave's ode45 on the
## variational equations.  Run by tests/octave/test_ode.m.

N = 10;                                  # control intervals
T = 1;
tk = linspace (0, T, N + 1);             # interval ends
h = T / N;
target = [1; 0];                         # x(T), v(T)
o = odeset ("RelTol", 1e-10, "AbsTol", 1e-12);

## the terminal state from the controls u (N x 1): y' = f (y, u(i)) on
## interval i, from y0 at t = 0
function y = shoot (f, u, tk, y0, o)
  y = y0;
  for i = 1:numel (tk) - 1
    [~, Y] = dfg.ode45 (@(t, y) f (y, u(i)), linspace (tk(i), tk(i+1), 3), y, o);
    y = Y(end, :)';
  endfor
endfunction

energy = dfg.value_and_grad (@(u) h * sum (u .^ 2));
cart = @(y, u) [y(2); u];
terminal = dfg.value_and_jacobian (@(u) shoot (cart, u, tk, [0; 0], o) - target);
phi = @(u) energy (u);
gradphi = @(u) nthargout (2, energy, u);
g = @(u) terminal (u);
gradg = @(u) nthargout (2, terminal, u);

u0 = zeros (N, 1);
tic;
[u, obj, info, iter, nf] = sqp (u0, {phi, gradphi}, {g, gradg}, [], [], [], 100, 1e-10);
elapsed = toc;

## the terminal state from Octave's own ode45 with the optimal controls
function y = shoot_octave (f, u, tk, y0, o)
  y = y0;
  for i = 1:numel (tk) - 1
    [~, Y] = ode45 (@(t, y) f (y, u(i)), linspace (tk(i), tk(i+1), 3), y, o);
    y = Y(end, :)';
  endfor
endfunction
y = shoot_octave (cart, u, tk, [0; 0], o);

## the discretised problem solved independently: x(T) and v(T) are
## linear in u, A u = target; the least-energy u is A' ((A A') \ target)
A = [h * (T - tk(1:N)) - h ^ 2 / 2; h * ones(1, N)];
u_ref = A' * ((A * A') \ target);
obj_ref = h * sum (u_ref .^ 2);

## (the problem is a quadratic programme: sqp's first QP step solves it,
## and it stops on "no further progress", info 104)
printf ("double integrator: sqp info %d, %d iterations, %d function evaluations, %.2f s\n", info, iter, nf, elapsed);
printf ("constraint violation %.3g %.3g (dfg, Octave's ode45)\n", norm (g (u)), norm (y - target));
printf ("control energy       %.10f (sqp)\n", obj);
printf ("discretised optimum  %.10f (minimum-norm solution)\n", obj_ref);
printf ("analytic optimum     %.10f (12 N^2 / (N^2 - 1); the continuous problem's u = 6 - 12 t gives %.10f)\n",
        12 * N ^ 2 / (N ^ 2 - 1), integral (@(t) (6 - 12 * t) .^ 2, 0, T));
printf ("control difference   %.3g (largest, against the minimum-norm solution)\n", max (abs (u - u_ref)));
printf ("controls             %s\n", mat2str (u', 5));
printf ("6 - 12 t at the interval midpoints %s\n", mat2str (6 - 12 * (tk(1:N) + h / 2), 5));

## Van der Pol: x'' = (1 - x^2) x' - x + u, from (2, 0) to (0, 0) in T = 2
T = 2;
tk = linspace (0, T, N + 1);
h = T / N;
vdp = @(y, u) [y(2); (1 - y(1) ^ 2) * y(2) - y(1) + u];
energy = dfg.value_and_grad (@(u) h * sum (u .^ 2));
terminal = dfg.value_and_jacobian (@(u) shoot (vdp, u, tk, [2; 0], o));
tic;
[u, obj, info, iter, nf, lambda] = sqp (zeros (N, 1), {@(u) energy(u), @(u) nthargout(2, energy, u)},
                                        {@(u) terminal(u), @(u) nthargout(2, terminal, u)}, [], [], [], 100, 1e-10);
elapsed = toc;
y = shoot_octave (vdp, u, tk, [2; 0], o);
[~, J] = terminal (u);
## an independent Jacobian: the variational equations S' = f_y S + f_u e_i'
## (S = dy/du, 2 x N) integrated beside y by Octave's ode45
function J = jacobian_octave (u, tk, y0, o)
  N = numel (u);
  z = [y0; zeros(2 * N, 1)];
  for i = 1:N
    ei = zeros (1, N);
    ei(i) = 1;
    f = @(t, z) [z(2); (1 - z(1) ^ 2) * z(2) - z(1) + u(i);
                 reshape([0 1; -2 * z(1) * z(2) - 1, 1 - z(1) ^ 2] * reshape(z(3:end), 2, N) + [0; 1] * ei, [], 1)];
    [~, Z] = ode45 (f, linspace (tk(i), tk(i+1), 3), z, o);
    z = Z(end, :)';
  endfor
  J = reshape (z(3:end), 2, N);
endfunction
J_oct = jacobian_octave (u, tk, [2; 0], o);
printf ("Van der Pol: sqp info %d, %d iterations, %d function evaluations, %.2f s\n", info, iter, nf, elapsed);
printf ("constraint violation %.3g %.3g (dfg, Octave's ode45)\n", norm (terminal (u)), norm (y));
printf ("control energy       %.10f (sqp)\n", obj);
printf ("Jacobian relative difference %.3g (dfg against Octave's ode45 on the variational equations)\n",
        norm (J - J_oct) / norm (J_oct));
printf ("optimality residual  %.3g (|2 h u - J' lambda| / |2 h u|, J from Octave's ode45)\n",
        norm (2 * h * u - J_oct' * lambda) / norm (2 * h * u));
printf ("controls             %s\n", mat2str (u', 5));
