## -*- texinfo -*-
## @deftypefn  {} {@var{n} =} dfg.internal.histc (@var{x}, @var{edges})
## @deftypefnx {} {@var{n} =} dfg.internal.histc (@var{x}, @var{edges}, @var{dim})
## @deftypefnx {} {[@var{n}, @var{idx}] =} dfg.internal.histc (@dots{})
## Internal: @code{histc} of a tensor @var{x} (the method
## @code{dfg.Tensor/histc} forwards here), as Octave 7.3's histc.m: the
## double count of the elements of @var{x} in [edges(k), edges(k+1)) along
## @var{dim} (default the first non-singleton dimension), the last bin
## counting x == edges(end); @var{idx} is the bin of each element (0
## outside).  @var{edges} (sorted here, with histc.m's warning, if it is
## not) and @var{dim} must be plain values.
##
## Counts are piecewise constant in @var{x}: their gradient is zero (no
## gradient flows through the positions).  The work is @code{dfg_histc}
## (lib/core/compose-interp.c): each element's bin comes from the LOOKUP
## op (a binary search, O(n log edges)); the counts are a scatter-add of
## ones at those bins along @var{dim}.  This file only forwards (an empty
## @var{edges} gives plain @code{[]}, as histc.m).
## @end deftypefn
function varargout = histc (varargin)
  varargout = cell (1, max (nargout, 1));
  [varargout{:}] = dfg_mex ("histc", varargin{:});
  for k = 1:numel (varargout)
    if (isa (varargout{k}, "uint64"))
      varargout{k} = dfg.Tensor (varargout{k});
    endif
  endfor
endfunction

%!test
%! x = dfg.input ([1 6]);
%! [n, i] = histc (x, [0 1 2]);
%! f = dfg.function (x, {n, i});
%! v = [0.5 1 1.5 2 3 NaN];
%! [n1, i1] = f (v);
%! [n2, i2] = histc (v, [0 1 2]);
%! assert ({n1, i1}, {n2, i2});
