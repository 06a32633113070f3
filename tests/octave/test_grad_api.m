## The autodiff front end end to end: the seed examples, higher order,
## Jacobian layout and mode choice, the functional transforms with
## Octave's fminunc, classes, and errors.

%!test
%! ## seed example 1: f = ln(x1) + x1 x2 - sin(x2) at (2, 5)
%! x1 = dfg.input ([1 1]); x2 = dfg.input ([1 1]);
%! y = log (x1) + x1 .* x2 - sin (x2);
%! [g1, g2] = dfg.grad (y, {x1, x2});
%! f = dfg.function ({x1, x2}, {y, g1, g2});
%! [v, a, b] = f (2, 5);
%! assert (round (v * 1e3) / 1e3, 11.652);
%! assert (a, 5.5, 1e-15);
%! assert (round (b * 1e3) / 1e3, 1.716);

%!test
%! ## seed example 2: L(x) = exp(exp(x) + exp(x)^2) + sin(exp(x) + exp(x)^2)
%! L = @(x) exp (exp (x) + exp (x) .^ 2) + sin (exp (x) + exp (x) .^ 2);
%! dL = @(x) (exp (exp (x) + exp (2*x)) + cos (exp (x) + exp (2*x))) .* (exp (x) + 2 * exp (2*x));
%! x = dfg.input ([1 5]);
%! f = dfg.function ({x}, {dfg.grad(sum (L (x)), x)});
%! X = linspace (-2, 0.5, 5);
%! assert (f (X), dL (X), 1e-13 * max (abs (dL (X))));
%! gs = dfg.grad (@(x) sum (L (x)));
%! assert (gs (single (X)), single (dL (X)), 1e-5 * max (abs (dL (X))));

%!test
%! ## any order: the fourth derivative of sin (2x) is 16 sin (2x)
%! x = dfg.input ([1 1]);
%! y = sin (2 * x);
%! for k = 1:4
%!   y = dfg.grad (y, x);
%! endfor
%! f = dfg.function ({x}, {y});
%! assert (f (0.3), 16 * sin (0.6), 1e-12);

%!test
%! ## third order through matrix ops: d^3/dt^3 of sum ((t*A)^2 (:)) is 0
%! A = magic (3);
%! t = dfg.input ([1 1]);
%! y = sum (sum ((t * A) * (t * A)));
%! g3 = dfg.grad (dfg.grad (dfg.grad (y, t), t), t);
%! g2 = dfg.grad (dfg.grad (y, t), t);
%! f = dfg.function ({t}, {g2, g3});
%! [a, b] = f (0.7);
%! assert (a, 2 * sum (sum (A * A)), 1e-12);
%! assert (b, 0);

%!test
%! ## Rosenbrock in 10-D minimised by Octave's fminunc with dfg gradients
%! rosen = @(x) sum (100*(x(2:end) - x(1:end-1).^2).^2 + (1 - x(1:end-1)).^2);
%! fg = dfg.value_and_grad (rosen);
%! opt = optimset ("GradObj", "on", "TolFun", 1e-16, "TolX", 1e-16, "MaxIter", 5000, "MaxFunEvals", 20000);
%! x = fminunc (fg, -ones (10, 1), opt);
%! assert (x, ones (10, 1), 1e-6);

%!test
%! ## Jacobian layout numel (y) x numel (x), column-major, both modes
%! x = dfg.input ([2 2]);
%! y = x(:, 1) .* x(:, 2)';       # 2x2 outer product of the columns
%! X = [1 2; 3 4];
%! Jf = dfg.function ({x}, {dfg.jacobian(y, x, "forward"), dfg.jacobian(y, x, "reverse"), dfg.jacobian(y, x)});
%! [a, b, c] = Jf (X);
%! E = zeros (4);
%! for j = 1:4
%!   D = zeros (2); D(j) = 1;
%!   E(:, j) = reshape (D(:, 1) .* X(:, 2)' + X(:, 1) .* D(:, 2)', [], 1);
%! endfor
%! assert (a, E, 1e-15);
%! assert (b, E, 1e-15);
%! assert (c, E, 1e-15);

%!test
%! ## gradients have the size and class of what they differentiate
%! x = dfg.input ([2 3 2], "single"); z = dfg.input ([1 4]); b = dfg.input ([2 2], "logical");
%! [gx, gz, gb] = dfg.grad (sum (x(:)) + sum (double (b(:))), {x, z, b});
%! assert ({class(gx), size(gx)}, {"single", [2 3 2]});
%! assert ({class(gz), size(gz)}, {"double", [1 4]});
%! assert ({class(gb), size(gb)}, {"double", [2 2]});

%!test
%! ## hessian of a functional with two argument positions: every block
%! h = dfg.hessian (@(a, b) sum (a .^ 3) + a(1) * b, [1 2]);
%! [Haa, Hab, Hba, Hbb] = h ([1; 2], 3);
%! assert (Haa, diag ([6 12]), 1e-14);
%! assert ({Hab, Hba, Hbb}, {[1; 0], [1 0], 0});

%!error <Y must be a scalar, not 2x1> x = dfg.input ([2 1]); dfg.grad (x .* 2, x)
%!error id=dfg:noGradient x = dfg.input ([4 3]); [q, r] = qr (x); dfg.grad (sum (q(:)), x)
%!error <is an empty cell> x = dfg.input ([1 1]); dfg.grad (x, {})
%!error <at most 65536> x = dfg.input ([70000 1]); dfg.jacobian (x .* 2, x)
%!error <argument 2 is a char> g = dfg.grad (@(a, b) a, 2); g (1, "s")
