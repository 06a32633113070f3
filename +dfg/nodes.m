## -*- texinfo -*-
## @deftypefn {dfg} {@var{s} =} dfg.nodes (@var{f})
## The compiled graph of the plan behind @var{f}, as a struct array with
## one element per node in the order the plan runs them.
##
## Fields: @code{index} (the node's number), @code{op} (the op's Octave
## name: @qcode{"input"}, @qcode{"constant"}, @qcode{"plus"},
## @qcode{"mtimes"}, @dots{}), @code{class}, @code{size}, @code{inputs}
## (numbers of the nodes it reads), @code{group} (0, or the number of the
## fused kernel the node runs in: the members of one fused kernel share a
## group and run as one loop over tiles), @code{output} (true for the
## plan's outputs), @code{backward} (made by reverse-mode autodiff),
## @code{device} (where it runs: @qcode{"cpu"}, or the plan's device; a
## @qcode{"copy"} node's device is the side it copies to).  @var{f} is as
## for @code{dfg.explain}.
## @seealso{dfg.explain, dfg.function, dfg.on}
## @end deftypefn
function s = nodes (f)
  if (nargin != 1)
    print_usage ();
  endif
  ids = dfg.internal.plan_ids (f, "nodes");
  s = dfg_mex ("nodes", ids{end});
endfunction

%!test
%! x = dfg.input ([3 4]);
%! y = exp (x) .* 2 + 1;
%! f = dfg.function ({x}, {y, sum(y)});
%! s = dfg.nodes (f);
%! assert (s(1).op, "input");
%! assert (s(1).size, [3 4]);
%! g = [s.group];
%! assert (numel (unique (g(g > 0))), 1);
%! assert (sort ({s(g > 0).op}), sort ({"exp", "times", "plus", "sum"}));
%! assert (nnz ([s.output]), 2);
%! for k = 1:numel (s)
%!   assert (all (s(k).inputs < k));
%! endfor
%!test
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {exp(x) + 1}, "passes", "none");
%! s = dfg.nodes (f);
%! assert ({s.op}, {"input", "exp", "constant", "plus"});
%! assert ([s.group], [0 0 0 0]);
%! assert ([s.output], [false false false true]);
