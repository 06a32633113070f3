## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.ones (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.ones (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.ones (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{ones} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = ones (varargin)
  c = dfg.Tensor (dfg_mex ("fill", "ones", varargin{:}));
endfunction

%!assert (dfg.value (dfg.ones (2, 3)), ones (2, 3))
%!assert (dfg.value (dfg.ones (3)), ones (3))
%!assert (dfg.value (dfg.ones ([2 2], "single")), ones ([2 2], "single"))
%!assert (class (dfg.ones (2, "logical")), "logical")
%!error id=dfg:badClass dfg.ones (2, "int8")
%!error id=dfg:outOfMemory dfg.value (dfg.ones (1e6, 1e6))
