## -*- texinfo -*-
## @deftypefn {dfg} {[@var{t}, @var{y}] =} dfg.internal.ode_impl (@var{solver}, @var{order}, @var{nout}, @var{fcn}, @var{trange}, @var{init}, @dots{})
## The implementation of @code{dfg.ode45} and @code{dfg.ode23}: checks the
## arguments as Octave's solvers do, traces @var{fcn} on an input @var{t}
## (double scalar) and an input @var{y} (a column of @var{init}'s class)
## and records the integration (lib/control/ctrl-ode.c).  Internal.
## @end deftypefn
function [t, y] = ode_impl (solver, order, nout, fcn, trange, init, varargin)
  fn = ["dfg." solver];
  if (nout < 2)
    error ("dfg:dataDependentSize", "%s: the one-output form returns a solution structure with every step the solver takes, a number known only when it runs; call [t, y] = %s (...) with the output times in TRANGE", fn, fn);
  endif
  if (ischar (fcn))
    fcn = str2func (fcn);
  endif
  if (! is_function_handle (fcn))
    error ("dfg:badArgument", "%s: FCN must be a function handle", fn);
  endif
  if (isa (trange, "dfg.Tensor"))
    error ("dfg:unsupported", "%s: TRANGE must be plain numbers (the output times decide the size of the result); derivatives with respect to the times are not available", fn);
  endif
  if (! isnumeric (trange) || ! isreal (trange) || ! isvector (trange) || issparse (trange))
    error ("dfg:badArgument", "%s: TRANGE must be a numeric vector", fn);
  endif
  if (numel (trange) < 2)
    error ("dfg:badArgument", "%s: TRANGE must contain at least 2 elements", fn);
  endif
  if (trange(1) == trange(2))
    error ("dfg:badArgument", "%s: invalid time span, TRANGE(1) == TRANGE(2)", fn);
  endif
  if (numel (trange) == 2)
    error ("dfg:dataDependentSize", "%s: with two times, Octave returns every step the solver takes (a number known only when it runs); give the output times, e.g. TRANGE = linspace (%g, %g, 50)", fn, trange(1), trange(2));
  endif
  if (! (isa (init, "dfg.Tensor") || (isnumeric (init) && isreal (init) && ! issparse (init)))
      || ! any (strcmp (class (init), {"double", "single"})))
    error ("dfg:badArgument", "%s: INIT must be a real double or single vector (or a tensor), not %s", fn, class (init));
  endif
  if (any (isnan (size (init))))
    error ("dfg:symbolicSize", "%s: INIT has a symbolic size (%s); the number of states must be known when the graph is built", fn, dfg.internal.size_str (size (init)));
  endif
  if (! isvector (init))
    error ("dfg:badArgument", "%s: INIT must be a vector, not %s", fn, dfg.internal.size_str (size (init)));
  endif
  opts = struct ();
  args = {};
  if (numel (varargin) >= 1)
    if (isstruct (varargin{1}))
      opts = varargin{1};
      args = varargin(2:end);
    else
      args = varargin;
    endif
  endif
  o = read_opts (fn, opts);
  n = numel (init);
  tp = dfg.input ([1 1], "double", "t");
  yp = dfg.input ([n 1], class (init), "y");
  dy = dfg.internal.ctrl_apply (@(tt, yy) fcn (tt, yy, args{:}), 1, fn, "FCN", tp, yp);
  y0 = init(:);
  id = dfg_mex ("ode", solver, order, dfg.internal.untag (tp), dfg.internal.untag (yp), dy{1},
                dfg.internal.untag (y0), double (trange(:)), o.RelTol, o.AbsTol, o.InitialStep,
                o.MaxStep, o.NormControl, o.Checkpoints, o.Adjoint);
  y = dfg.internal.adopt (id);
  t = trange(:);
endfunction

function o = read_opts (fn, opts)
  o = struct ("RelTol", [], "AbsTol", [], "InitialStep", [], "MaxStep", [], "NormControl", 0, "Checkpoints", 0, "Adjoint", 0);
  refused = {"Events", "OutputFcn", "OutputSel", "Mass", "MStateDependence", "MvPattern", "NonNegative", "Jacobian", "JPattern", "Vectorized", "BDF", "MaxOrder", "InitialSlope", "MassSingular", "JConstant"};
  ignored = {"Refine", "Stats"};
  names = fieldnames (opts);
  for k = 1:numel (names)
    nm = names{k};
    v = opts.(nm);
    if (isempty (v) || any (strcmpi (nm, ignored)))
      continue;
    endif
    m = find (strcmpi (nm, fieldnames (o)), 1);
    if (! isempty (m))
      key = fieldnames (o){m};
      if (strcmp (key, "NormControl"))
        if (! ischar (v) || ! any (strcmpi (v, {"on", "off"})))
          error ("dfg:badArgument", "%s: NormControl must be \"on\" or \"off\"", fn);
        endif
        v = strcmpi (v, "on");
      elseif (strcmp (key, "Adjoint"))
        if (! ischar (v) || ! any (strcmpi (v, {"discrete", "continuous"})))
          error ("dfg:badArgument", "%s: Adjoint must be \"discrete\" or \"continuous\"", fn);
        endif
        v = strcmpi (v, "continuous");
      elseif (isa (v, "dfg.Tensor") || ! isnumeric (v) || ! isreal (v))
        error ("dfg:badArgument", "%s: %s must be real numbers", fn, key);
      endif
      o.(key) = double (v(:));
    elseif (any (strcmpi (nm, refused)))
      error ("dfg:unsupported", "%s: option %s is not available in dfg (its effect on the output size or the solver is not static)", fn, nm);
    else
      error ("dfg:badArgument", "%s: unknown option %s", fn, nm);
    endif
  endfor
endfunction
