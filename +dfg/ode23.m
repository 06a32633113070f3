## -*- texinfo -*-
## @deftypefn  {dfg} {[@var{t}, @var{y}] =} dfg.ode23 (@var{fcn}, @var{trange}, @var{init})
## @deftypefnx {dfg} {[@var{t}, @var{y}] =} dfg.ode23 (@var{fcn}, @var{trange}, @var{init}, @var{ode_opt})
## @deftypefnx {dfg} {[@var{t}, @var{y}] =} dfg.ode23 (@dots{}, @var{par1}, @var{par2}, @dots{})
## Octave's @code{ode23} inside a graph: the solution of
## @code{dy/dt = fcn (t, y)} at the times @var{trange} (at least three,
## strictly monotonic, plain numbers), with @var{init} a vector (a tensor or
## plain numbers).  @var{t} is @code{trange(:)} and @var{y} a tensor of
## @code{numel (trange)} rows, one per time, and @code{numel (init)}
## columns, of @var{init}'s class.
##
## The steps are Octave 7.3's (the Bogacki-Shampine pair of orders 2 and 3 with its
## adaptive step control, starting step and dense output), so the values
## equal @code{ode23}'s on the same problem to rounding.  @var{fcn} is
## traced once: the tensors it uses (parameters, captured from outside)
## become inputs, and @var{y} is differentiable with respect to them and
## to @var{init} (reverse mode: the discrete adjoint of the steps taken,
## with the step sizes held fixed, recomputed from saved states so that
## memory grows as the square root of the number of steps), and in
## forward mode (@code{dfg.jvp}: the tangent of the same steps).  Second
## derivatives are not available.
##
## @var{ode_opt} is a structure from @code{odeset}: @code{RelTol} (default
## 1e-3), @code{AbsTol} (1e-6, a scalar or one per state),
## @code{InitialStep}, @code{MaxStep} (default a tenth of the interval),
## @code{NormControl}; @code{Refine} and @code{Stats} are ignored (as
## Octave does with output times).  dfg's own fields: @code{Checkpoints}
## caps the saved states of the gradient (0: automatic); @code{Adjoint},
## @qcode{"discrete"} (the default) or @qcode{"continuous"} (the adjoint
## ODE solved backwards: memory independent of the steps, exact to the
## tolerances).  Options that change
## the output's size or need Octave callbacks (@code{Events},
## @code{OutputFcn}, @code{Mass}, @code{NonNegative}) are
## @code{dfg:unsupported}.  A two-element @var{trange} (every step as
## output) and the one-output form are @code{dfg:dataDependentSize}.  A run
## that fails (the step size becomes too small) is an error when the plan
## runs, where Octave would warn and return a shorter solution.
##
## @example
## k = dfg.input ([1 1]);
## [t, y] = dfg.ode23 (@@(t, y) -k * y, linspace (0, 1, 5), 1);
## f = dfg.function (@{k@}, @{y(end), dfg.grad(y(end), k)@});
## [v, g] = f (2)        % exp (-2) and -exp (-2), to the tolerances
## @end example
## @seealso{dfg.ode45, dfg.while, dfg.scan}
## @end deftypefn
function [t, y] = ode23 (fcn, trange, init, varargin)
  if (nargin < 3)
    print_usage ();
  endif
  [t, y] = dfg.internal.ode_impl ("ode23", 3, nargout, fcn, trange, init, varargin{:});
endfunction

%!test
%! f = @(t, y) [y(2); -y(1) - 0.1 * y(2)];
%! ts = linspace (0, 5, 11);
%! [t, y] = dfg.ode23 (f, ts, [1; 0]);
%! [t0, y0] = ode23 (f, ts, [1; 0]);
%! assert (t, t0);
%! assert (dfg.value (y), y0, 1e-12);
%!error <give the output times> [t, y] = dfg.ode23 (@(t, y) -y, [0 1], 1)
%!error <one-output form> y = dfg.ode23 (@(t, y) -y, [0 0.5 1], 1)
