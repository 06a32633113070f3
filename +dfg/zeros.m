## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.zeros (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.zeros (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.zeros (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{zeros} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = zeros (varargin)
  c = dfg.Tensor (dfg_mex ("fill", "zeros", varargin{:}));
endfunction

%!assert (dfg.value (dfg.zeros (2, 3)), zeros (2, 3))
%!assert (dfg.value (dfg.zeros (3)), zeros (3))
%!assert (dfg.value (dfg.zeros ([2 2], "single")), zeros ([2 2], "single"))
%!assert (class (dfg.zeros (2, "logical")), "logical")
%!error id=dfg:badClass dfg.zeros (2, "int8")
%!error id=dfg:outOfMemory dfg.value (dfg.zeros (1e6, 1e6))
