## -*- texinfo -*-
## @deftypefn {} {@var{s} =} dfg.internal.size_str (@var{a})
## Internal: the size of array or tensor @var{a} as error messages show
## it, e.g. @qcode{"3x4x2"}.
## @end deftypefn
function s = size_str (a)
  s = sprintf ("%dx", size (a));
  s = s(1:end-1);
endfunction

%!assert (dfg.internal.size_str (ones (3, 4, 2)), "3x4x2")
%!assert (dfg.internal.size_str (dfg.input ([2 5])), "2x5")
