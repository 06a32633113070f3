## tutorial_4_passes.m -- docs/tutorial.md, sections 7 and 8: what the
## optimisation passes do to a graph and its gradient, and the memory plan
## with and without gradient checkpointing.
## Run:  addpath (<repo root>); run ("docs/examples/tutorial_4_passes.m")

## 7. Passes: a value and its gradient in one plan
x = dfg.input ([1000 1], "double", "x");
y = sum (exp (sin (x) .* x + x .^ 2 * 0.01));
f = dfg.function ({x}, {y, dfg.grad(y, x)});
rep = dfg.explain (f);
printf ("%-9s %7s %7s  %s\n", "pass", "before", "after", "what it did");
for k = 1:numel (rep)
  printf ("%-9s %7d %7d  %s\n", rep(k).pass, rep(k).before, rep(k).after, rep(k).what);
endfor
d = dfg.explain (f, "dot");              # the graph after each pass, as DOT
printf ("stages: %s\n", strjoin (arrayfun (@(s) sprintf ("%s (%d nodes)", s.pass, s.nodes), d,
                                          "uniformoutput", false), ", "));

## 8. Memory: a 20-layer tanh chain's training gradient
W = cell (1, 20);
x = dfg.input ([256 64], "double", "x");
h = x;
for k = 1:20
  W{k} = dfg.input ([256 256]);
  h = tanh (W{k} * h);
endfor
loss = sum (h(:) .^ 2);
g = dfg.grad (loss, W);
for mode = {"none", "sqrt"}
  if (strcmp (mode{1}, "none"))
    p = dfg.function ([{x}, W], g);
  else
    p = dfg.function ([{x}, W], g, "checkpoint", "sqrt");
  endif
  m = dfg.memory (p);
  printf ("checkpoint %-4s: arena %5.1f MiB (lower bound %5.1f, naive %5.1f), %d nodes recomputed (+%.0f%% work)\n",
          mode{1}, m.arena_bytes / 2^20, m.lower_bound / 2^20, m.naive_bytes / 2^20, m.recomputed,
          100 * m.recompute_flops / m.flops);
endfor
out = fullfile (tempdir (), "dfg_tutorial_memory.png");
dfg.show (m, out);                       # the memory timeline
printf ("memory timeline drawn to %s\n", out);
