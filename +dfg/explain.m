## -*- texinfo -*-
## @deftypefn  {dfg} {} dfg.explain (@var{f})
## @deftypefnx {dfg} {@var{r} =} dfg.explain (@var{f})
## Shows what the optimisation passes did to the plan behind @var{f}.
##
## @var{f} is a function made by @code{dfg.function}, or by @code{dfg.jit}
## (or @code{dfg.grad} & co. on a function handle) after at least one call
## (the plan of the most recent signature is shown).  Without an output,
## prints one line per pass run, in order (cse, fold and simplify run in
## rounds until a round changes nothing): the pass, the node count
## of the graph before and after it, what it changed (e.g. @qcode{"fuse:
## 14 element-wise/reduction nodes -> 3 fused kernels"}) and the time it
## took.  With an output, returns them as a struct array with fields
## @code{pass}, @code{before}, @code{after}, @code{changed} (a count),
## @code{what} and @code{ms}.  @code{dfg.nodes (@var{f})} lists the
## compiled graph itself.
## @seealso{dfg.function, dfg.passes, dfg.nodes}
## @end deftypefn
function r = explain (f)
  if (nargin != 1)
    print_usage ();
  endif
  ids = dfg.internal.plan_ids (f, "explain");
  rep = dfg_mex ("explain", ids{end});
  if (nargout > 0)
    r = rep;
    return;
  endif
  printf ("%-9s %7s %7s  %s\n", "pass", "before", "after", "what it did");
  for k = 1:numel (rep)
    printf ("%-9s %7d %7d  %s  (%.2f ms)\n", rep(k).pass, rep(k).before, rep(k).after,
            rep(k).what, rep(k).ms);
  endfor
endfunction

%!test
%! x = dfg.input ([100 1]);
%! y = sum (exp (sin (x) .* x + x .^ 2 * 0.01));
%! f = dfg.function ({x}, {y});
%! r = dfg.explain (f);
%! ## cse, fold and simplify run again while a round changed something
%! assert ({r.pass}, {"prune", "cse", "fold", "simplify", "cse", "fold", "simplify", "gemm", "fuse"});
%! assert (r(4).what, "1 rewrite: x.^2->x.*x (1)");
%! assert (r(end).what, "7 element-wise/reduction nodes -> 1 fused kernel");
%! assert (r(end).after < r(end).before);
%! s = evalc ("dfg.explain (f)");
%! assert (! isempty (strfind (s, "fused kernel")));
%!test
%! g = dfg.jit (@(x) exp (x) + 1);
%! g (1:3);
%! r = dfg.explain (g);
%! assert (r(1).pass, "prune");
%!error <has not been called yet> g = dfg.jit (@(x) x); dfg.explain (g)
%!error <F must be a function made by dfg.function> dfg.explain (@sin)
