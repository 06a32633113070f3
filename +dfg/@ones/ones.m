## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.ones (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.ones (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.ones (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{ones} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = ones (varargin)
  k = find (cellfun (@(a) strcmp (builtin ("class", a), "dfg_logical"), varargin));
  for j = k                  # a logical tensor after "like": its tensor
    varargin{j} = dfg_tensor (varargin{j});
  endfor
  c = dfg.Tensor (dfg_mex ("fill", "ones", varargin{:}));
endfunction

%!assert (dfg.value (dfg.ones (2, 3)), ones (2, 3))
%!assert (dfg.value (dfg.ones (3)), ones (3))
%!assert (dfg.value (dfg.ones ([2 2], "single")), ones ([2 2], "single"))
%!assert (class (dfg.ones (2, "logical")), "logical")
%!error id=dfg:badClass dfg.ones (2, "int8")
%!error id=dfg:outOfMemory dfg.value (dfg.ones (1e6, 1e6))
%!test
%! ## "like" a logical tensor: logical, as Octave's ones (..., "like", true)
%! x = dfg.input ([2 2], "logical");
%! assert (class (dfg.ones (2, "like", x)), "logical");
%! assert (dfg.value (dfg.ones (2, "like", x)), ones (2, "like", true));
