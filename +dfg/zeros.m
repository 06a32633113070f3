## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.zeros (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.zeros (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.zeros (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{zeros} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = zeros (varargin)
  if (numel (varargin) && ischar (varargin{end}) && strcmp (varargin{end}, "logical"))
    c = dfg.constant (logical (zeros (varargin{1:end-1})));
  else
    c = dfg.constant (zeros (varargin{:}));
  endif
endfunction

%!assert (dfg.value (dfg.zeros (2, 3)), zeros (2, 3))
%!assert (dfg.value (dfg.zeros (3)), zeros (3))
%!assert (dfg.value (dfg.zeros ([2 2], "single")), zeros ([2 2], "single"))
%!assert (class (dfg.zeros (2, "logical")), "logical")
%!error dfg.zeros (2, "int8x")
