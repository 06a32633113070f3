## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.eye (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.eye (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.eye (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{eye} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = eye (varargin)
  c = dfg.Tensor (dfg_mex ("fill", "eye", varargin{:}));
endfunction

%!assert (dfg.value (dfg.eye (2, 3)), eye (2, 3))
%!assert (dfg.value (dfg.eye (3)), eye (3))
%!assert (dfg.value (dfg.eye ([2 2], "single")), eye ([2 2], "single"))
%!assert (class (dfg.eye (2, "logical")), "logical")
%!error id=dfg:badClass dfg.eye (2, "int8")
%!error id=dfg:outOfMemory dfg.value (dfg.eye (1e6, 1e6))
