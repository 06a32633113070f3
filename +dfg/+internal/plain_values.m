## -*- texinfo -*-
## @deftypefn {dfg} {[@var{a}, @dots{}] =} dfg.internal.plain_values (@var{a}, @dots{})
## Each argument evaluated (@code{dfg.value}) when it is a tensor, as it is
## otherwise: the results of a solver called on plain values, some of
## which are already plain (the class conversion of a logical tensor
## whose graph has no inputs evaluates it).  Internal.
## @end deftypefn
function varargout = plain_values (varargin)
  varargout = varargin;
  for k = 1:numel (varargin)
    v = varargin{k};
    if (isa (v, "dfg.Tensor") || strcmp (builtin ("class", v), "dfg_logical"))
      varargout{k} = dfg.value (v);
    endif
  endfor
endfunction
