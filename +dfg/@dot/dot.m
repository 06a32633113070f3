## -*- texinfo -*-
## @deftypefn  {dfg} {@var{txt} =} dfg.dot (@var{y})
## @deftypefnx {dfg} {@var{txt} =} dfg.dot (@var{f})
## @deftypefnx {dfg} {} dfg.dot (@dots{}, @var{file})
## Graphviz DOT text of a graph or of a compiled plan.
##
## @var{y} is a tensor or a cell array of tensors: the graph they reach,
## as recorded (before any pass).  @var{f} is a plan made by
## @code{dfg.function}: its graph after the passes, one box per kernel
## launch, the members of each fused kernel inside a cluster.
##
## Inputs are green boxes, variables orange boxes, constants grey notes
## (in a recorded graph a scalar shows its value), operations ellipses
## labelled with the op,
## class and size; nodes made by reverse-mode autodiff (the backward
## graph) are red, forward ones blue; outputs have a double border.  The
## graph's label names the devices a plan runs on; a node on a device has
## that device's border colour (sim: purple, gpu: green) and its name
## beside it, and copy nodes between the host and the device are yellow
## (@qcode{"copy to sim"}, @qcode{"copy to cpu"}).
##
## With @var{file} the text is written there (and returned if asked for).
## @code{dfg.show} renders it to PNG or SVG with Graphviz's @command{dot}.
##
## @example
## x = dfg.input ([1 1], "double", "x");
## y = exp (x) .* sin (x);
## dfg.show (@{y, dfg.grad(y, x)@}, "grad.svg")   % forward blue, backward red
## @end example
## @seealso{dfg.show, dfg.trace, dfg.explain, dfg.nodes}
## @end deftypefn
function txt = dot (y, file)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (is_function_handle (y))
    ids = dfg.internal.plan_ids (y, "dot");
    s = dfg.internal.dot_text (dfg_mex ("nodes", ids{end}), "plan");
  else
    if (isa (y, "dfg.Tensor"))
      y = {y};
    endif
    if (! iscell (y) || isempty (y) || ! all (cellfun (@(t) isa (t, "dfg.Tensor"), y)))
      error ("dfg:badArgument", "dfg.dot: Y must be a tensor, a cell array of tensors, or a plan made by dfg.function");
    endif
    g = dfg_mex ("graph", dfg.internal.untag (y(:)'), true);
    ts = arrayfun (@(r) dfg.Tensor (r.id), g, "uniformoutput", false);   # releases the ids
    ## the ids given (a loop: no anonymous function or subfunction here
    ## may read t.id, docs/packaging.md)
    ids = cell (size (y));
    for k = 1:numel (y)
      ids{k} = y{k}.id;
    endfor
    out = ismember ([g.id], [ids{:}]);
    s = dfg.internal.dot_text (g, "graph", out);
  endif
  if (nargin == 2)
    if (! ischar (file) || isempty (file))
      error ("dfg:badArgument", "dfg.dot: FILE must be a file name");
    endif
    dfg.internal.write_text (file, s);
    if (nargout)
      txt = s;
    endif
  else
    txt = s;
  endif
endfunction

%!test
%! x = dfg.input ([1 1], "double", "x");
%! y = exp (x) .* sin (x) + 2;
%! g = dfg.grad (y, x);
%! s = dfg.dot ({y, g});
%! assert (strncmp (s, "digraph", 7));
%! assert (! isempty (strfind (s, "label=\"x\\ndouble 1x1\"")));
%! assert (! isempty (strfind (s, "exp")));
%! assert (! isempty (strfind (s, "#f4cccc")));     % backward nodes
%! assert (! isempty (strfind (s, "peripheries=2")));
%! assert (numel (strfind (s, "{")), numel (strfind (s, "}")));
%!test
%! ## a plan: fused kernels are clusters
%! x = dfg.input ([100 1]);
%! f = dfg.function ({x}, {sum(exp (x) .* x + 1)});
%! s = dfg.dot (f);
%! assert (! isempty (strfind (s, "subgraph cluster_1")));
%! t = [tempname(), ".dot"];
%! dfg.dot (f, t);
%! assert (fileread (t), s);
%! delete (t);
%!test
%! ## every tensor given is drawn as an output, also one another reads
%! x = dfg.input ([1 1]);  y = x + 1;  z = y * 2;
%! assert (numel (strfind (dfg.dot ({y, z}), "peripheries=2")), 2);
%!error <Y must be a tensor> dfg.dot (3)
%!error <FILE must be a file name> dfg.dot (dfg.input ([1 1]), 3)
%!test
%! ## a mixed plan: devices in the label, device colours, copy nodes
%! x = dfg.input ([5 1]);
%! s = dfg.on ("cpu", @(v) cumsum (v), exp (x));
%! t = dfg.dot (dfg.function ({x}, {s .* 2}, "device", "sim"));
%! assert (! isempty (strfind (t, "device: cpu + sim")));
%! assert (numel (strfind (t, "xlabel=\"sim\"")), 2);
%! assert (! isempty (strfind (t, "copy to cpu")) && ! isempty (strfind (t, "copy to sim")));
%! assert (isempty (strfind (dfg.dot (dfg.function ({x}, {s})), "copy to")));
