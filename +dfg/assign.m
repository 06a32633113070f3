## -*- texinfo -*-
## @deftypefn {dfg} {} dfg.assign (@var{v}, @var{value})
## Sets the contents of variable @var{v} to @var{value}, which must have
## the variable's class and size.  Plans that read @var{v} see the new
## value on their next run; nothing is recompiled.
## @seealso{dfg.variable, dfg.value}
## @end deftypefn
function assign (v, value)
  dfg_mex ("assign", dfg.internal.untag (v), dfg.internal.untag (value));
endfunction

%!test
%! v = dfg.variable (zeros (2));
%! dfg.assign (v, ones (2));
%! assert (dfg.value (v), ones (2));
%!error id=dfg:nonconformant dfg.assign (dfg.variable (zeros (2)), ones (3))
%!error id=dfg:badClass dfg.assign (dfg.variable (zeros (2)), single (ones (2)))
%!error <must be a dfg.variable> dfg.assign (dfg.constant (1), 2)
