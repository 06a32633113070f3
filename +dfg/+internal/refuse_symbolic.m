## -*- texinfo -*-
## @deftypefn {} {} dfg.internal.refuse_symbolic (@var{fn}, @var{args})
## Internal: a @code{dfg:symbolicSize} error naming function @var{fn}
## when a tensor in the cell array @var{args} has a symbolic size
## (docs/symbolic.md): for the functions of +dfg/+internal that read their
## arguments' sizes as numbers (interp1, accumarray, polyfit, histc).
## Reading the size this way does not count as a read of a symbolic size.
## @end deftypefn
function refuse_symbolic (fn, args)
  for k = 1:numel (args)
    if (isa (args{k}, "dfg.Tensor"))
      s = dfg.internal.size_of (args{k});
      if (any (isnan (s)))
        error ("dfg:symbolicSize", "dfg.%s: not defined for a symbolic size (argument %d is %s); make the graph with a concrete size",
               fn, k, strrep (sprintf ("%gx", s)(1:end-1), "NaN", "n"));
      endif
    endif
  endfor
endfunction

%!error <dfg.interp1: not defined for a symbolic size \(argument 2 is nx1\)> interp1 ([1 2 3], dfg.input ([NaN 1]), 2)
%!error <dfg.accumarray: VALS has a symbolic size> accumarray ([1; 2], dfg.input ([NaN 1]))
%!error <dfg.polyfit: not defined for a symbolic size> polyfit (dfg.input ([NaN 1]), dfg.input ([NaN 1]), 1)
%!error <dfg.histc: X has a symbolic size> histc (dfg.input ([2 NaN]), [1 2])
%!test dfg.internal.refuse_symbolic ("f", {1, dfg.input([2 3])});
