## -*- texinfo -*-
## @deftypefn {dfg} {@var{c} =} dfg.constant (@var{value})
## A constant tensor holding a copy of @var{value} (a double, single or
## logical array).  Its graph is closed, so @code{double (c)} evaluates it.
## @seealso{dfg.input, dfg.variable, dfg.value}
## @end deftypefn
function c = constant (value)
  c = dfg.internal.adopt (dfg_mex ("constant", value));
endfunction

%!test
%! c = dfg.constant (magic (3));
%! assert (double (c), magic (3));
%! assert (class (c), "double");
%!test
%! c = dfg.constant (single ([1 2 3]));
%! assert (class (c), "single");
%! assert (dfg.value (c), single ([1 2 3]));
%!test
%! c = dfg.constant (true (2, 1));
%! assert (dfg.value (c), true (2, 1));
%!test
%! c = dfg.constant (zeros (0, 3));
%! assert (size (dfg.value (c)), [0 3]);
%!error id=dfg:badClass dfg.constant (int8 (1))
%!error id=dfg:badClass dfg.constant (1 + 2i)
%!error id=dfg:badClass dfg.constant ({1})
%!error id=dfg:badClass dfg.constant (struct ("a", 1))
%!error id=dfg:badClass dfg.constant ("abc")
