## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.ones (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.ones (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.ones (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{ones} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = ones (varargin)
  if (numel (varargin) && ischar (varargin{end}) && strcmp (varargin{end}, "logical"))
    c = dfg.constant (logical (ones (varargin{1:end-1})));
  else
    c = dfg.constant (ones (varargin{:}));
  endif
endfunction

%!assert (dfg.value (dfg.ones (2, 3)), ones (2, 3))
%!assert (dfg.value (dfg.ones (3)), ones (3))
%!assert (dfg.value (dfg.ones ([2 2], "single")), ones ([2 2], "single"))
%!assert (class (dfg.ones (2, "logical")), "logical")
%!error dfg.ones (2, "int8x")
