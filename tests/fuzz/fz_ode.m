## -*- texinfo -*-
## @deftypefn {} {@var{y} =} fz_ode (@var{a}, @var{order})
## The fuzzer's ODE case: y' = -k .* y + t with k = [abs(a(:)) + 0.1; 1],
## y(0) = 1, at four times in [0, 0.5] (tight tolerances, so that central
## differences of Octave's solver are accurate); Octave's ode45 (order 5)
## or ode23 (order 3) on plain arrays, dfg.ode45 / dfg.ode23 on tensors,
## which take the same steps.
## @end deftypefn
function y = fz_ode (a, order)
  k = [abs(double (a(:))) + 0.1; 1];
  y0 = ones (numel (k), 1);
  f = @(t, y) -k .* y + t;
  o = odeset ("RelTol", 1e-9, "AbsTol", 1e-11);
  ts = [0 0.1 0.3 0.5];
  if (isa (k, "dfg.Tensor"))
    if (order == 5)
      [~, y] = dfg.ode45 (f, ts, y0, o);
    else
      [~, y] = dfg.ode23 (f, ts, y0, o);
    endif
  elseif (order == 5)
    [~, y] = ode45 (f, ts, y0, o);
  else
    [~, y] = ode23 (f, ts, y0, o);
  endif
endfunction
