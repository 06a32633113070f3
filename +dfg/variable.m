## -*- texinfo -*-
## @deftypefn  {dfg} {@var{v} =} dfg.variable (@var{value})
## @deftypefnx {dfg} {@var{v} =} dfg.variable (@var{value}, @var{name})
## A variable: named mutable state (parameters, optimiser slots) that
## plans read at run time.  @code{dfg.assign (v, x)} gives it new contents
## of the same class and size; @code{dfg.value (v)} reads it.
## @seealso{dfg.assign, dfg.value, dfg.constant}
## @end deftypefn
function v = variable (value, name)
  if (nargin < 2)
    name = "";
  endif
  v = dfg.internal.adopt (dfg_mex ("variable", value, name));
endfunction

%!test
%! w = dfg.variable ([1 2; 3 4], "w");
%! assert (dfg.value (w), [1 2; 3 4]);
%! dfg.assign (w, [5 6; 7 8]);
%! assert (dfg.value (w), [5 6; 7 8]);
%!test
%! w = dfg.variable (single (2));
%! y = w * 3;
%! assert (dfg.value (y), single (6));
%! dfg.assign (w, single (4));
%! assert (dfg.value (y), single (12));
%! assert (double (y), 12);
%!error id=dfg:badClass dfg.variable (int16 (1))
%!error <must be an array> dfg.variable (dfg.constant (1))
