## -*- texinfo -*-
## @deftypefn {dfg} {@var{key} =} dfg.internal.signature (@var{nout}, @var{args})
## The cache key of a @code{dfg.jit} call: output count, and the class and
## size of each array argument (other arguments by value).  Internal.
## @end deftypefn
function key = signature (nout, args)
  parts = cell (1, numel (args));
  for k = 1:numel (args)
    a = args{k};
    if (isnumeric (a) || islogical (a))
      parts{k} = [class(a), sprintf("_%d", size (a))];
    elseif (ischar (a))
      parts{k} = ["'", a(:)', "'"];
    elseif (is_function_handle (a))
      parts{k} = ["@", func2str(a)];
    else
      parts{k} = ["#", class(a), sprintf("_%d", size (a)), disp(a)];
    endif
  endfor
  key = sprintf ("%d|%s", nout, strjoin (parts, "|"));
endfunction

%!assert (dfg.internal.signature (1, {1, single([1 2])}), "1|double_1_1|single_1_2")
%!assert (dfg.internal.signature (2, {"ab"}), "2|'ab'")
