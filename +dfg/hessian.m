## -*- texinfo -*-
## @deftypefn  {dfg} {@var{H} =} dfg.hessian (@var{y}, @var{x})
## @deftypefnx {dfg} {@var{hfun} =} dfg.hessian (@var{fun})
## @deftypefnx {dfg} {@var{hfun} =} dfg.hessian (@var{fun}, @var{argnums})
## @deftypefnx {dfg} {@var{hfun} =} dfg.hessian (@var{fun}, @dots{}, @var{name}, @var{value})
## The Hessian of a real scalar @var{y} with respect to @var{x}: a
## @code{numel (@var{x})} x @code{numel (@var{x})} tensor, built as the
## forward-mode Jacobian of the reverse-mode gradient.  The functional form
## returns a handle computing the Hessian of @var{fun} with respect to its
## first argument, with @code{dfg.jit}'s options (@qcode{"passes"},
## @qcode{"fast"}, @qcode{"device"}).  With several positions in
## @var{argnums} it returns every block of the Hessian, the mixed ones too
## (as JAX), in reading order: for @var{argnums} @code{[1 2]},
## @code{[H11, H12, H21, H22] = hfun (@dots{})}, block (i, j) being
## @code{numel (x_i)} x @code{numel (x_j)}, the derivative of the gradient
## with respect to x_i taken with respect to x_j.
##
## Octave's @code{sqp} takes a Hessian function of @var{x} alone and uses it
## as the Hessian of the Lagrangian.  The objective's Hessian is right only
## when the constraints are linear; with nonlinear constraints, leave the
## Hessian out (sqp then updates a BFGS estimate of the Lagrangian's) or
## see docs/autodiff.md, "Hessians for sqp", for the Lagrangian recipe.
## @seealso{dfg.grad, dfg.jacobian}
## @end deftypefn
function H = hessian (y, x, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (is_function_handle (y))
    if (nargin < 2)
      x = [];
    endif
    H = dfg.internal.transform ("hessian", y, x, varargin{:});
    return;
  endif
  if (nargin != 2)
    print_usage ();
  endif
  H = dfg.Tensor (dfg_mex ("hessian", dfg.internal.untag (y), dfg.internal.untag (x)));
endfunction

%!test
%! rosen = @(x) sum (100*(x(2:end) - x(1:end-1).^2).^2 + (1 - x(1:end-1)).^2);
%! H = dfg.hessian (rosen);
%! Hx = H (ones (3, 1));
%! assert (Hx, [802 -400 0; -400 1002 -400; 0 -400 200], 1e-10);
%!test
%! x = dfg.input ([2 1]);
%! H = dfg.hessian (x(1)^2 * x(2) + x(2)^3, x);
%! f_ = dfg.function ({x}, {H});
%! assert (f_ ([1; 2]), [4 2; 2 12], 1e-14);
%!test
%! ## two argument positions: every block, the mixed ones too
%! hf = dfg.hessian (@(u, v) sum (u .^ 2) * v ^ 2 + u(1) * v, [1 2]);
%! [h11, h12, h21, h22] = hf ([1; 2], 3);
%! assert ({h11, h12, h21, h22}, {18 * eye(2), [13; 24], [13 24], 10}, 1e-13);
%!test
%! ## sqp (docs/autodiff.md, "Hessians for sqp"): the objective's Hessian
%! ## in place of the Lagrangian's sends this problem with nonlinear
%! ## equality constraints (sqp's own example) astray; the Lagrangian's
%! ## at multipliers from three BFGS steps converges
%! phi = @(x) exp (prod (x)) - 0.5 * (x(1)^3 + x(2)^3 + 1)^2;
%! g = @(x) [sum(x .^ 2) - 10; x(2)*x(3) - 5*x(4)*x(5); x(1)^3 + x(2)^3 + 1];
%! x0 = [-1.8; 1.7; 1.9; -0.8; -0.8];
%! xs = [-1.71714; 1.59571; 1.82725; -0.76364; -0.76364];
%! gf = dfg.grad (phi);  gj = dfg.jacobian (g);
%! [x, ~, info] = sqp (x0, {phi, gf, dfg.hessian(phi)}, {g, gj});
%! assert (norm (x - xs) > 1);
%! HL = dfg.hessian (@(x, lam) phi (x) - lam' * g (x));
%! [~, ~, ~, ~, ~, lam] = sqp (x0, {phi, gf}, {g, gj}, [], [], [], 3);
%! [x, ~, info] = sqp (x0, {phi, gf, @(x) HL(x, lam)}, {g, gj});
%! assert (info, 101);
%! assert (x, xs, 1e-4);
%!error <Y must be a scalar> x = dfg.input ([2 1]); dfg.hessian (x, x)
