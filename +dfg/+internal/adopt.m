## -*- texinfo -*-
## @deftypefn {dfg} {@var{r} =} dfg.internal.adopt (@var{x})
## Wraps a handle returned by the MEX gateway in a @code{dfg.Tensor} (a
## logical tensor, @code{dfg_logical}, when its class is logical), or
## passes an evaluated array through unchanged.  Internal.
## @end deftypefn
function r = adopt (x)
  if (isa (x, "uint64"))
    r = dfg.Tensor (x);
    if (strcmp (dfg_mex ("class", r), "logical"))
      r = dfg_logical (r);
    endif
  else
    r = x;
  endif
endfunction

%!test
%! assert (dfg.internal.adopt (3), 3);
%! assert (isa (dfg.internal.adopt (dfg_mex ("constant", 1)), "dfg.Tensor"));
%! m = dfg.internal.adopt (dfg_mex ("constant", true));
%! assert (strcmp (builtin ("class", m), "dfg_logical"));
%! assert (isa (m, "dfg.Tensor"));
