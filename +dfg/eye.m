## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.eye (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.eye (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.eye (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{eye} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = eye (varargin)
  if (numel (varargin) && ischar (varargin{end}) && strcmp (varargin{end}, "logical"))
    c = dfg.constant (logical (eye (varargin{1:end-1})));
  else
    c = dfg.constant (eye (varargin{:}));
  endif
endfunction

%!assert (dfg.value (dfg.eye (2, 3)), eye (2, 3))
%!assert (dfg.value (dfg.eye (3)), eye (3))
%!assert (dfg.value (dfg.eye ([2 2], "single")), eye ([2 2], "single"))
%!assert (class (dfg.eye (2, "logical")), "logical")
%!error dfg.eye (2, "int8x")
