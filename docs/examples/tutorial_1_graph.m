## tutorial_1_graph.m -- docs/tutorial.md, sections 1 and 2: a dataflow
## graph, and its forward primal trace (the lecture notes' example
## f(x1, x2) = ln(x1) + x1 x2 - sin(x2) at (2, 5)).
## Run:  addpath (<repo root>); run ("docs/examples/tutorial_1_graph.m")

## 1. Recording a graph: inputs stand for values given later
x1 = dfg.input ([1 1], "double", "x1");
x2 = dfg.input ([1 1], "double", "x2");
y = log (x1) + x1 .* x2 - sin (x2)       # nothing is computed yet: y is a node

g = dfg_mex ("graph", {y});              # the nodes y reaches
printf ("the graph has %d nodes: %s\n", numel (g), strjoin ({g.op}, ", "));

## the picture (Graphviz's dot draws it; dfg.dot gives the text)
txt = dfg.dot (y);
printf ("dfg.dot wrote %d lines of DOT\n", numel (strfind (txt, "\n")));
[st, ~] = system ("command -v dot >/dev/null 2>&1");
if (st == 0)
  out = fullfile (tempdir (), "dfg_tutorial_graph.svg");
  dfg.show (y, out);
  printf ("drawn to %s\n", out);
endif

## 2. Evaluating it: the forward primal trace
f = dfg.function ({x1, x2}, {y});
printf ("f(2, 5) = %.3f\n", f (2, 5));
dfg.trace (y, x1, 2, x2, 5)

[~, t] = dfg.trace (y, x1, 2, x2, 5);
assert (abs (t(end).value - 11.652) < 5e-4);
