## -*- texinfo -*-
## @deftypefn {dfg} {@var{s} =} dfg.internal.dot_text (@var{rows}, @var{kind}, @var{out})
## DOT text for node rows: @var{kind} @qcode{"graph"} takes the rows of
## @code{dfg_mex ("graph", @dots{})} (a recorded graph; @var{out} marks the
## rows drawn as outputs, by default those nothing reads), @qcode{"plan"}
## those of @code{dfg.nodes} (a compiled plan; @code{group} > 0 rows form
## fused kernels).  Internal: see @code{dfg.dot}.
## @end deftypefn
function s = dot_text (rows, kind, out)
  plan = strcmp (kind, "plan");
  n = numel (rows);
  is_out = false (n, 1);
  if (plan)
    is_out = [rows.output]';
  elseif (nargin == 3)
    is_out = logical (out(:));
  else
    used = false (n, 1);
    for r = 1:n
      used(rows(r).inputs) = true;
    endfor
    is_out = ! used;
  endif
  devs = {"cpu"};
  if (plan && isfield (rows, "device"))
    devs = unique ({rows.device});
  endif
  lines = {"digraph dfg {", ...
           sprintf("  graph [rankdir=TB, fontname=\"Helvetica\", label=\"dfg %s, device: %s\", labelloc=t];",
                   merge (plan, "plan", "graph"), strjoin (devs, " + ")), ...
           "  node [fontname=\"Helvetica\", fontsize=11, style=filled];", ...
           "  edge [arrowsize=0.7];"};
  groups = zeros (n, 1);
  if (plan)
    groups = [rows.group]';
  endif
  decl = cell (n, 1);
  for r = 1:n
    decl{r} = sprintf ("  n%d [%s];", r, node_attr (rows(r), plan, is_out(r)));
  endfor
  for gk = unique (groups(groups > 0))'
    lines{end+1} = sprintf ("  subgraph cluster_%d {", gk);
    lines{end+1} = sprintf ("    label=\"fused kernel %d\"; style=dashed; color=\"#7f7f7f\";", gk);
    for r = find (groups == gk)'
      lines{end+1} = ["  ", decl{r}];
    endfor
    lines{end+1} = "  }";
  endfor
  for r = find (groups == 0)'
    lines{end+1} = decl{r};
  endfor
  for r = 1:n
    ins = rows(r).inputs;
    for q = 1:numel (ins)
      if (numel (ins) > 1)
        lines{end+1} = sprintf ("  n%d -> n%d [taillabel=\"\", headlabel=\"%d\", labelfontsize=8];",
                                ins(q), r, q);
      else
        lines{end+1} = sprintf ("  n%d -> n%d;", ins(q), r);
      endif
    endfor
  endfor
  lines{end+1} = "}";
  s = [strjoin(lines, "\n"), "\n"];
endfunction

function a = node_attr (r, plan, out)
  sz = sprintf ("%dx", r.size);
  sz = sz(1:end-1);
  desc = sprintf ("%s %s", r.class, sz);
  if (plan)
    kind = r.op;
    if (! any (strcmp (kind, {"input", "constant", "variable"})))
      kind = "op";
    endif
  else
    kind = r.kind;
  endif
  dev = field_or (r, "device", "cpu");
  if (plan && strcmp (r.op, "copy"))
    kind = "copy";
  endif
  switch (kind)
    case "copy"
      a = sprintf ("shape=cds, fillcolor=\"#fff2b3\", label=\"copy to %s\\n%s\"", dev, desc);
    case "input"
      name = field_or (r, "name", "input");
      a = sprintf ("shape=box, fillcolor=\"#c9e7c9\", label=\"%s\\n%s\"", esc (merge (isempty (name), "input", name)), desc);
    case "variable"
      name = field_or (r, "name", "");
      a = sprintf ("shape=box, fillcolor=\"#fde0b4\", label=\"%s\\n%s\"", esc (merge (isempty (name), "variable", name)), desc);
    case "constant"
      v = field_or (r, "value", []);
      if (numel (v) == 1)
        lab = sprintf ("%.6g", v);
      else
        lab = ["constant\\n", desc];
      endif
      a = sprintf ("shape=note, fillcolor=\"#e8e8e8\", label=\"%s\"", lab);
    otherwise
      if (any (strcmp (r.op, {"loop", "cond"})))
        desc = "(traced bodies)";       # its packed result is internal
      endif
      back = isfield (r, "backward") && r.backward;
      a = sprintf ("shape=ellipse, fillcolor=\"%s\", label=\"%s\\n%s\"",
                   merge (back, "#f4cccc", "#d5e3f5"), esc (r.op), desc);
      if (! strcmp (dev, "cpu"))       # on a device: its colour, its name
        a = sprintf ("%s, color=\"%s\", penwidth=2, xlabel=\"%s\"", a,
                     merge (strcmp (dev, "sim"), "#7b3fa0", "#2c8c2c"), dev);
      endif
  endswitch
  if (out)
    a = [a, ", peripheries=2"];
  endif
endfunction

function v = field_or (r, f, d)
  if (isfield (r, f))
    v = r.(f);
  else
    v = d;
  endif
endfunction

function s = esc (s)
  s = strrep (strrep (s, "\\", "\\\\"), "\"", "\\\"");
endfunction
