## -*- texinfo -*-
## @deftypefn {} {@var{s} =} dfg.internal.size_of (@var{a})
## Internal: @code{size (@var{a})} for an array or a tensor, with NaN for a
## symbolic size (docs/symbolic.md), read without counting as a read of
## one (the library's own code, not the traced function, looks at it: a
## jitted function's symbolic trace stays valid).
## @end deftypefn
function s = size_of (a)
  if (isa (a, "dfg.Tensor"))
    s = dfg_mex ("size_sym", a);
  else
    s = size (a);
  endif
endfunction

%!assert (dfg.internal.size_of (ones (3, 4, 2)), [3 4 2])
%!assert (dfg.internal.size_of (dfg.input ([NaN 5])), [NaN 5])
%!test
%! ## not counted as a read of the symbolic size
%! x = dfg.input ([NaN 2]);
%! r = dfg_mex ("symreads");
%! dfg.internal.size_of (x);
%! assert (dfg_mex ("symreads"), r);
%! size (x);
%! assert (dfg_mex ("symreads"), r + 1);
