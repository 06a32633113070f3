## -*- texinfo -*-
## @deftypefn {dfg} {@var{opt} =} dfg.internal.solver_options (@var{fn}, @var{options}, @var{tol})
## TolFun, TolX and MaxIter of an @code{optimset} structure @var{options}
## (empty: none) as fields @code{tolf}, @code{tolx}, @code{maxit}, with
## defaults @var{tol}, @var{tol} and 400 (Octave's fsolve and fminunc);
## other fields are accepted and not used.  Errors name dfg.@var{fn}.
## Internal.
## @end deftypefn
function opt = solver_options (fn, options, tol)
  if (isempty (options))
    options = struct ();
  elseif (! isstruct (options) || ! isscalar (options))
    error ("dfg:badArgument", "dfg.%s: OPTIONS must be a structure from optimset, not %s",
           fn, class (options));
  endif
  opt.tolf = check (fn, "TolFun", optimget (options, "TolFun", tol), false);
  opt.tolx = check (fn, "TolX", optimget (options, "TolX", tol), false);
  opt.maxit = check (fn, "MaxIter", optimget (options, "MaxIter", 400), true);
endfunction

function v = check (fn, name, v, int)
  if (! (isnumeric (v) && isreal (v) && isscalar (v) && v >= 0 && (! int || v == fix (v))))
    error ("dfg:badArgument", "dfg.%s: %s must be a %s", fn, name,
           merge (int, "nonnegative integer", "nonnegative real scalar"));
  endif
  v = double (v);
endfunction
