## -*- texinfo -*-
## @deftypefn  {dfg} {} dfg.explain (@var{f})
## @deftypefnx {dfg} {@var{r} =} dfg.explain (@var{f})
## @deftypefnx {dfg} {@var{d} =} dfg.explain (@var{f}, "dot")
## @deftypefnx {dfg} {} dfg.explain (@var{f}, "dot", @var{prefix})
## Shows what the optimisation passes did to the plan behind @var{f}.
##
## @var{f} is a function made by @code{dfg.function}, or by @code{dfg.jit}
## (or @code{dfg.grad} & co. on a function handle) after at least one call
## (the plan of the most recent signature is shown).  Without an output,
## prints one line per pass run, in order (cse, fold and simplify run in
## rounds until a round changes nothing): the pass, the node count
## of the graph before and after it, what it changed (e.g. @qcode{"fuse:
## 14 element-wise/reduction nodes -> 3 fused kernels"}) and the time it
## took; for a plan placed by @code{"device", "auto"}, a line with the cost
## model's estimates per call on the CPU and on the device it weighed; for
## a plan on a device (@code{dfg.function (@dots{}, "device",
## "sim")}), then a placement line: how many nodes run there and on the
## CPU (@code{dfg.on}, loops, ops the device has no kernel for) and how
## many copy nodes join the two.  With an output, returns the passes as a
## struct array with fields
## @code{pass}, @code{before}, @code{after}, @code{changed} (a count),
## @code{what} and @code{ms}.  @code{dfg.nodes (@var{f})} lists the
## compiled graph itself.
##
## With @qcode{"dot"} (for a plan made by @code{dfg.function}), the graph
## before and after each pass as pictures: @var{d} is a struct array, one
## element per stage, with fields @code{pass} (@qcode{"none"}: the graph
## pruned to the outputs, before any pass; then each pass the plan ran, in
## order, each stage with that pass and the earlier ones on), @code{nodes}
## (the node count, a fused kernel counting once) and @code{dot} (DOT text, as @code{dfg.dot} writes it;
## draw one with @code{dfg.show (d(k).dot, "stage.svg")}).  With
## @var{prefix} the stages are written to @file{PREFIX-0-none.dot},
## @file{PREFIX-1-cse.dot}, @dots{} as well.  Options of the plan other
## than its pass list are kept in every stage; gradient checkpointing (the
## @qcode{"checkpoint"} and @qcode{"memory_limit"} options) is applied in
## every stage, the first included.
## @seealso{dfg.function, dfg.passes, dfg.nodes, dfg.dot, dfg.show}
## @end deftypefn
function r = explain (f, how, prefix)
  if (nargin < 1 || nargin > 3)
    print_usage ();
  endif
  if (nargin >= 2)
    if (! ischar (how) || ! strcmpi (how, "dot"))
      error ("dfg:badArgument", "dfg.explain: the second argument must be \"dot\"");
    endif
    if (nargin == 3 && (! ischar (prefix) || isempty (prefix)))
      error ("dfg:badArgument", "dfg.explain: PREFIX must be a file name prefix");
    endif
    d = dot_stages (f);
    if (nargin == 3)
      for k = 1:numel (d)
        dfg.internal.write_text (sprintf ("%s-%d-%s.dot", prefix, k - 1, d(k).pass), d(k).dot);
      endfor
    endif
    if (nargout > 0 || nargin == 2)
      r = d;
    endif
    return;
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
  m = dfg_mex ("memory", ids{end});
  a = m.placement;
  if (a.automatic && isempty (a.candidate))
    printf ("placement (auto): no device to weigh against the CPU (estimated %.3g ms per call on the cpu)\n",
            a.cpu_ms);
  elseif (a.automatic)
    printf ("placement (auto): estimated %.3g ms per call on the cpu, %.3g ms on %s (%.3g ms of it copies): runs on %s\n",
            a.cpu_ms, a.device_ms, a.candidate, a.copy_ms, m.device);
  endif
  if (! strcmp (m.device, "cpu"))
    rows = dfg_mex ("nodes", ids{end});
    dev = {rows.device};
    k = ! ismember ({rows.op}, {"input", "constant", "variable", "copy"});
    printf ("placement: the plan runs on %s: %d nodes there, %d on the cpu, %d copies\n",
            m.device, nnz (k & strcmp (dev, m.device)), nnz (k & strcmp (dev, "cpu")), m.copies);
  endif
endfunction

## The plan's graph after each pass, each stage compiled with the passes
## up to it on (the plan's other options kept).
function d = dot_stages (f)
  p = [];
  if (is_function_handle (f))
    w = functions (f);
    if (isfield (w, "workspace") && ! isempty (w.workspace) && isfield (w.workspace{1}, "p")
        && iscell (w.workspace{1}.p))
      p = w.workspace{1}.p{1};
    endif
  endif
  if (! isa (p, "dfg.internal.Plan") || ! p.traced)
    error ("dfg:badArgument", "dfg.explain: \"dot\" needs a plan made by dfg.function");
  endif
  rep = dfg_mex ("explain", p.id);
  names = {};
  for k = 1:numel (rep)
    if (any (strcmp (rep(k).pass, {"cse", "fold", "simplify", "gemm", "fuse"}))
        && ! any (strcmp (rep(k).pass, names)))
      names{end+1} = rep(k).pass;
    endif
  endfor
  opts = p.options;
  keep = true (size (opts));
  fast = {};
  for k = 1:2:numel (opts)
    if (strcmpi (opts{k}, "passes"))
      keep(k:k+1) = false;
      spec = opts{k+1};
      if (iscell (spec))
        spec = strjoin (spec, ",");
      endif
      if (ischar (spec) && any (strcmpi (strsplit (strrep (spec, " ", ","), ","), "fast")))
        fast = {"fast"};            # the plan's 'fast' rewrites, in every stage
      endif
    endif
  endfor
  opts = opts(keep);
  d = struct ("pass", {}, "nodes", {}, "dot", {});
  stages = [{"none"}, names];
  for k = 1:numel (stages)
    on = strcat ("+", names(1:k-1));
    spec = strjoin ([{"none"}, on, fast], ",");
    g = dfg.function (p.inputs, p.outputs, "passes", spec, opts{:});
    rows = dfg.nodes (g);
    grp = [rows.group];
    d(end+1) = struct ("pass", stages{k}, "nodes", nnz (grp == 0) + numel (unique (grp(grp > 0))),
                       "dot", dfg.internal.dot_text (rows, "plan"));
  endfor
endfunction

%!test
%! x = dfg.input ([100 1]);
%! y = sum (exp (sin (x) .* x + x .^ 2 * 0.01));
%! f = dfg.function ({x}, {y, dfg.grad(y, x)});
%! d = dfg.explain (f, "dot");
%! assert ({d.pass}, {"none", "cse", "fold", "simplify", "gemm", "fuse"});
%! assert ([d.nodes](end) < [d.nodes](1));
%! assert (! isempty (strfind (d(end).dot, "cluster_1")));
%! assert (isempty (strfind (d(1).dot, "cluster_")));
%! t = tempname ();
%! dfg.explain (f, "dot", t);
%! assert (fileread ([t, "-0-none.dot"]), d(1).dot);
%! delete ([t, "-*.dot"]);
%!error <"dot" needs a plan made by dfg.function> dfg.explain (dfg.jit (@(x) x + 1), "dot")
%!error <PREFIX must be a file name prefix> x = dfg.input ([1 1]); dfg.explain (dfg.function ({x}, {x + 1}), "dot", 3)
%!test
%! ## a plan with updates only; a 'fast' pass list is kept in the stages
%! v = dfg.variable (single ([1 2 3]));
%! d = dfg.explain (dfg.function ({}, {}, "updates", {v, v .^ 2 + 1}), "dot");
%! assert (d(1).pass, "none");
%! x = dfg.input ([4 1]);
%! f = dfg.function ({x}, {sum(exp (log (x)) .* 2)}, "passes", "all,fast");
%! d = dfg.explain (f, "dot");
%! assert (d(end).dot, dfg.dot (f));
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
%!test
%! ## a plan on a device: the placement after the passes
%! x = dfg.input ([5 1]);
%! s = dfg.on ("cpu", @(v) cumsum (v), exp (x));
%! t = evalc ("dfg.explain (dfg.function ({x}, {s .* 2}, 'device', 'sim'))");
%! assert (! isempty (strfind (t, "placement: the plan runs on sim: 2 nodes there, 1 on the cpu, 2 copies")));
%! t = evalc ("dfg.explain (dfg.function ({x}, {s .* 2}, 'device', 'cpu'))");
%! assert (isempty (strfind (t, "placement")));
%!test
%! ## "auto": the estimates and the choice
%! x = dfg.input ([3 3]);
%! t = evalc ("dfg.explain (dfg.function ({x}, {x * x}, 'device', 'auto'))");
%! assert (! isempty (regexp (t, 'placement \(auto\): (no device to weigh|estimated [0-9.e+-]+ ms per call on the cpu)', "once")));

