## -*- texinfo -*-
## @deftypefn {dfg} {@var{x} =} dfg.value (@var{t})
## Evaluates tensor @var{t}, whose graph must have no free inputs, and
## returns a native Octave array of its class and size.  For a variable it
## returns the current contents.
## @seealso{dfg.function, dfg.variable}
## @end deftypefn
function x = value (t)
  x = dfg_mex ("value", dfg.internal.untag (t));
endfunction

%!test
%! assert (dfg.value (dfg.constant (2) + 3), 5);
%!test
%! c = dfg.constant (single ([1 4 9]));
%! assert (dfg.value (sqrt (c)), single ([1 2 3]));
%!error id=dfg:freeInput dfg.value (dfg.input ([2 2]) + 1)
