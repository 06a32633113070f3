## -*- texinfo -*-
## @deftypefn  {dfg} {@var{q} =} dfg.integral (@var{f}, @var{a}, @var{b})
## @deftypefnx {dfg} {@var{q} =} dfg.integral (@var{f}, @var{a}, @var{b}, @var{prop}, @var{val}, @dots{})
## Octave's @code{integral} inside a graph: the integral of @var{f} from
## @var{a} to @var{b} (real scalars, finite or infinite: plain numbers or
## tensors) by adaptive Gauss-Kronrod (7, 15) quadrature, Octave 7.3's
## @code{quadgk} step by step (its substitutions for finite and infinite
## intervals, subdivision, error estimate and rule
## @code{err <= max (AbsTol, RelTol * abs (q))}).  @var{b} < @var{a} gives
## minus the integral from @var{b} to @var{a}, @var{a} == @var{b} gives 0.
##
## @var{f} must be vectorized as Octave's @code{integral} requires: on a row
## of points it returns a row of the same size (write @code{.*}, @code{./},
## @code{.^}).  It is traced once on a 1x15 row; the tensors it uses
## (parameters, captured from outside) become inputs of the integral, and
## the subdivision runs in C when the plan runs.  The result is double, or
## single when @var{a} or @var{b} is single (then @var{f} runs in single
## and the quadrature's arithmetic is double).  With plain limits and an
## integrand that reads no tensor, the result is a plain value (the same
## computation, run now).
##
## Properties: @qcode{"AbsTol"} (default 1e-10, single 1e-5),
## @qcode{"RelTol"} (1e-6, single 1e-4), @qcode{"MaxIntervalCount"} (650,
## quadgk's).  @qcode{"Waypoints"} and @qcode{"ArrayValued"} are
## @code{dfg:unsupported}.  When the tolerance is not met, the
## value is returned with Octave's warning
## @code{Octave:quadgk:warning-termination}, as @code{quadgk} does.
##
## Derivatives: with respect to the captured values, the derivative of the
## computed quadrature with the final subdivision held fixed (the
## subdivision is repeated when the gradient runs); with respect to the
## limits by the fundamental theorem (@code{dq/db = f (b)},
## @code{dq/da = -f (a)}).  Forward mode (@code{dfg.jvp}) works; second
## derivatives in the limits work, second derivatives in the captured
## values are @code{dfg:unsupported}.
##
## @example
## p = dfg.input ([1 1]);
## q = dfg.integral (@@(t) exp (p * t), 0, 1);
## f = dfg.function (@{p@}, @{q, dfg.grad(q, p)@});
## [v, g] = f (2)        % (e^2 - 1)/2 and (e^2 + 1)/4
## @end example
## @seealso{dfg.ode45, dfg.fsolve}
## @end deftypefn
function q = integral (f, a, b, varargin)
  fn = "dfg.integral";
  if (nargin < 3)
    print_usage ();
  endif
  if (ischar (f))
    f = str2func (f);
  endif
  if (! is_function_handle (f))
    error ("dfg:badArgument", "%s: F must be a function handle, not %s", fn, class (f));
  endif
  for k = 1:2
    x = {a, b}{k};
    nm = {"A", "B"}{k};
    if (! (isa (x, "dfg.Tensor") || (isnumeric (x) && ! issparse (x)) || islogical (x)))
      error ("dfg:badArgument", "%s: %s must be a real scalar, not %s", fn, nm, class (x));
    endif
    if (! isa (x, "dfg.Tensor") && ! isreal (x))
      error ("dfg:unsupported", "%s: %s is complex: contour integrals are not available in dfg", fn, nm);
    endif
    if (numel (x) != 1)
      error ("dfg:badArgument", "%s: %s must be a scalar, not %s", fn, nm, dfg.internal.size_str (size (x)));
    endif
  endfor
  issingle = strcmp (class (a), "single") || strcmp (class (b), "single");
  abstol = [];
  reltol = [];
  maxint = 650;
  if (mod (numel (varargin), 2))
    error ("dfg:badArgument", "%s: properties must come in PROP, VALUE pairs", fn);
  endif
  for k = 1:2:numel (varargin)
    prop = varargin{k};
    v = varargin{k + 1};
    if (! ischar (prop))
      error ("dfg:badArgument", "%s: property PROP must be a string", fn);
    endif
    switch (lower (prop))
      case {"abstol", "reltol"}
        if (isa (v, "dfg.Tensor") || ! isnumeric (v) || ! isreal (v) || ! isscalar (v) || ! (v >= 0))
          error ("dfg:badArgument", "%s: %s must be a real scalar >= 0", fn, prop);
        endif
        if (strcmpi (prop, "abstol"))
          abstol = double (v);
        else
          reltol = double (v);
        endif
      case "maxintervalcount"
        if (isa (v, "dfg.Tensor") || ! isnumeric (v) || ! isscalar (v) || ! (v >= 1) || v != fix (v))
          error ("dfg:badArgument", "%s: MaxIntervalCount must be a positive integer", fn);
        endif
        maxint = double (v);
      case {"waypoints", "arrayvalued"}
        error ("dfg:unsupported", "%s: property %s is not available in dfg", fn, prop);
      otherwise
        error ("dfg:badArgument", "%s: unknown property '%s'", fn, prop);
    endswitch
  endfor
  if (isempty (abstol))
    abstol = ifelse_ (issingle, 1e-5, 1e-10);
  endif
  if (isempty (reltol))
    reltol = ifelse_ (issingle, 1e-4, 1e-6);
  endif
  ## plain limits and an integrand that reads no tensor: a plain result
  plain = ! isa (a, "dfg.Tensor") && ! isa (b, "dfg.Tensor");
  if (plain)
    try
      r = f (double ([a b]));
      plain = ! (isa (r, "dfg.Tensor") || strcmp (builtin ("class", r), "dfg_logical"));
    catch
      plain = false;
    end_try_catch
  endif
  cls = ifelse_ (issingle, "single", "double");
  t = dfg.input ([1 15], cls, "t");
  r = dfg.internal.ctrl_apply (@(tt) f (tt), 1, fn, "F", t);
  fx = r{1};
  if (! (isa (fx, "dfg.Tensor") || isnumeric (fx) || islogical (fx)) || (isnumeric (fx) && ! isreal (fx)))
    error ("dfg:badClass", "%s: F must return real double, single or logical values, not %s", fn, merge (isnumeric (fx), "complex", class (fx)));
  endif
  if (! isa (fx, "dfg.Tensor") && (isnumeric (fx) || islogical (fx)))
    if (! isequal (size (fx), [1 15]))
      error ("dfg:nonconformant", "%s: F must be vectorized: F of a 1x15 row of points returned %s, not 1x15 (write .*, ./, .^)", fn, dfg.internal.size_str (size (fx)));
    endif
    ## f ignores t (a constant): a tensor of its value on the row
    fx = dfg.internal.untag (dfg.constant (double (fx)) + 0 * t);
  elseif (isa (fx, "dfg.Tensor") && strcmp (class (fx), "logical"))
    fx = dfg.internal.untag (double (fx));  # quadgk's sums make a logical integrand double
  endif
  a = double (a);
  b = double (b);
  id = dfg_mex ("integral", dfg.internal.untag (t), fx, dfg.internal.untag (a),
                dfg.internal.untag (b), abstol, reltol, maxint, issingle);
  q = dfg.internal.adopt (id);
  if (plain)
    q = dfg.value (q);
  endif
endfunction

function v = ifelse_ (c, x, y)
  if (c)
    v = x;
  else
    v = y;
  endif
endfunction

%!test
%! q = dfg.integral (@(t) exp (t), 0, 1);
%! assert (q, e - 1, 1e-10);
%!error <F must be a function handle> dfg.integral (3, 0, 1)
%!assert (dfg.integral (@(t) exp (-t), 0, Inf), 1, 1e-10)
