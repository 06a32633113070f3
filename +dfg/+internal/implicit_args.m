## -*- texinfo -*-
## @deftypefn {dfg} {[@var{x0}, @var{plain}] =} dfg.internal.implicit_args (@var{fn}, @var{F}, @var{x0})
## Checks the arguments of dfg.implicit, dfg.fsolve and dfg.argmin
## (@var{fn} names the caller): @var{F} a function handle, @var{x0} a real
## double or single array or tensor (logical ones become double, as
## Octave's fsolve computes in double).  @var{plain} is true when neither
## @var{x0} nor what @var{F} returns for it is a tensor: the problem reads
## no tensor, and the caller returns plain values.  Internal.
## @end deftypefn
function [x0, plain] = implicit_args (fn, F, x0)
  if (! is_function_handle (F))
    error ("dfg:badArgument", "dfg.%s: F must be a function handle, not %s", fn, class (F));
  endif
  if (isa (x0, "dfg.Tensor"))
    if (strcmp (class (x0), "logical"))
      x0 = double (x0);
    endif
    plain = false;
    return;
  endif
  if (! ((isnumeric (x0) || islogical (x0)) && isreal (x0) && ! issparse (x0)
         && any (strcmp (class (x0), {"double", "single", "logical"}))))
    error ("dfg:badClass", "dfg.%s: X0 must be a tensor or a real double or single array, not %s",
           fn, merge (isnumeric (x0) && ! isreal (x0), "complex", class (x0)));
  endif
  if (islogical (x0))
    x0 = double (x0);
  endif
  try
    r = F (x0);
    plain = ! (isa (r, "dfg.Tensor") || strcmp (builtin ("class", r), "dfg_logical"));
  catch
    plain = false;
  end_try_catch
endfunction
