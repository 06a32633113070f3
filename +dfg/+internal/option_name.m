## -*- texinfo -*-
## @deftypefn {} {@var{s} =} dfg.internal.option_name (@var{name})
## Internal: an option name as an error message about it shows it: the
## string itself, or @qcode{"<class>"} for something that is not one.
## @end deftypefn
function s = option_name (name)
  if (ischar (name))
    s = name;
  else
    s = sprintf ("<%s>", class (name));
  endif
endfunction

%!assert (dfg.internal.option_name ("lr"), "lr")
%!assert (dfg.internal.option_name (3), "<double>")
