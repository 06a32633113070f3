## Memory planning, in-place updates and checkpointing (docs/memory.md):
## results the same with and without checkpointing, plans that assign
## variables, and repeated calls that do not grow Octave's memory.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_memory.m")

%!function r = rss_kib ()
%!  ## resident set size of this process, from /proc (Linux)
%!  t = fileread ("/proc/self/status");
%!  m = regexp (t, 'VmRSS:\s*(\d+)', "tokens", "once");
%!  r = str2double (m{1});
%!endfunction

%!function [step, W, loss] = mlp (sizes, ckpt)
%!  ## a tanh MLP training step (mean squared error, SGD)
%!  X = dfg.input ([16 sizes(1)]); Y = dfg.input ([16 sizes(end)]);
%!  h = X; W = {};
%!  randn ("state", 3);
%!  for k = 1:numel (sizes) - 1
%!    W{end+1} = dfg.variable (randn (sizes(k), sizes(k+1)) / sqrt (sizes(k)));
%!    W{end+1} = dfg.variable (zeros (1, sizes(k+1)));
%!    h = tanh (h * W{end-1} + W{end});
%!  endfor
%!  loss = sum (sum ((h - Y) .^ 2)) / 16;
%!  g = dfg.grad (loss, W);
%!  upd = [W; cellfun(@(w, d) w - 0.05 * d, W, g, "uniformoutput", false)]';
%!  if (isempty (ckpt))
%!    step = dfg.function ({X, Y}, {loss}, "updates", upd);
%!  else
%!    step = dfg.function ({X, Y}, {loss}, "updates", upd, ckpt{:});
%!  endif
%!endfunction

%!test
%! ## checkpointed and plain training steps: identical losses and weights
%! sz = [8 16 16 16 16 16 16 4];
%! [s0, W0] = mlp (sz, {});
%! [s1, W1] = mlp (sz, {"checkpoint", "sqrt"});
%! [s2, W2] = mlp (sz, {"memory_limit", 20000});
%! randn ("state", 1);
%! x = randn (16, 8); y = randn (16, 4);
%! for it = 1:5
%!   l0 = s0 (x, y); l1 = s1 (x, y); l2 = s2 (x, y);
%!   assert (l1, l0);
%!   assert (l2, l0);
%! endfor
%! for k = 1:numel (W0)
%!   assert (dfg.value (W1{k}), dfg.value (W0{k}));
%!   assert (dfg.value (W2{k}), dfg.value (W0{k}));
%! endfor
%! m0 = dfg.memory (s0); m1 = dfg.memory (s1); m2 = dfg.memory (s2);
%! assert (m0.recomputed, 0);
%! assert (m1.recomputed > 0);
%! assert (m1.arena_bytes < m0.arena_bytes);
%! assert (m2.arena_bytes <= 20000);
%! assert (m0.variables_inplace, numel (W0));
%! assert (m0.arena_bytes <= 1.1 * m0.lower_bound);

%!test
%! ## a budget too small names the smallest that works
%! sz = [8 16 16 16 16 16 16 4];
%! try
%!   mlp (sz, {"memory_limit", 100});
%!   error ("no error");
%! catch e
%!   assert (e.identifier, "dfg:outOfMemory");
%!   assert (! isempty (regexp (e.message, 'needs at least \d+ bytes', "once")));
%! end_try_catch

%!test
%! ## on the sim device "checkpoint" and "memory_limit" apply to its arena
%! ## (the inputs' copies included); values bitwise those of the CPU plan
%! randn ("state", 3);
%! dfg.device ("sim", "host_ops", "");    # every node on sim (DFG_SIM_HOST_OPS aside)
%! w = dfg.variable (randn (32) / 6);
%! x = dfg.input ([64 32]);
%! h = x;
%! for k = 1:6
%!   h = tanh (h * w);
%! endfor
%! l = sum (h(:) .^ 2);
%! g = dfg.grad (l, w);
%! fc = dfg.function ({x}, {l, g}, "device", "cpu");
%! f0 = dfg.function ({x}, {l, g}, "device", "sim");
%! m0 = dfg.memory (f0);
%! lim = 0.75 * m0.arena_bytes;
%! f1 = dfg.function ({x}, {l, g}, "device", "sim", "memory_limit", lim);
%! f2 = dfg.function ({x}, {l, g}, "device", "sim", "checkpoint", "sqrt");
%! m1 = dfg.memory (f1);
%! m2 = dfg.memory (f2);
%! assert ({m0.device, m1.device, m2.device}, {"sim", "sim", "sim"});
%! assert (m1.arena_bytes <= lim && m1.recomputed > 0 && m2.recomputed > 0);
%! X = randn (64, 32);
%! [a, b] = fc (X);
%! for f = {f0, f1, f2}
%!   [a1, b1] = f{1} (X);
%!   assert (isequal (a1, a) && isequal (b1, b));
%! endfor
%! try
%!   dfg.function ({x}, {l, g}, "device", "sim", "memory_limit", 1000);
%!   error ("no error");
%! catch e
%!   assert (e.identifier, "dfg:outOfMemory");
%!   assert (! isempty (regexp (e.message, 'needs at least \d+ bytes in its arena', "once")));
%! end_try_catch
%! dfg.device ("sim", "host_ops", getenv ("DFG_SIM_HOST_OPS"));

## (not under make asan: the sanitizer's quarantine holds freed memory)
%!testif ; isempty (getenv ("DFG_ASAN"))
%! ## RSS flat over 10^4 calls of a plan (no per-call allocation that stays)
%! [s, W] = mlp ([8 32 4], {});
%! x = randn (16, 8); y = randn (16, 4);
%! for it = 1:500
%!   s (x, y);
%! endfor
%! r0 = rss_kib ();
%! for it = 1:10000
%!   s (x, y);
%! endfor
%! r1 = rss_kib ();
%! assert (r1 - r0 < 1024, sprintf ("RSS grew by %d KiB over 10^4 calls", r1 - r0));

%!test
%! ## an update the plan also returns, and one whose old value is read
%! ## after the new value is made (copied in at the end, not in place)
%! v = dfg.variable ([1 2 3]);
%! w = dfg.variable ([1 1 1]);
%! f = dfg.function ({}, {v + 0, w .* v}, "updates", {v, v * 2; w, w + v});
%! [a, b] = f ();
%! assert (a, [1 2 3]); assert (b, [1 2 3]);
%! assert (dfg.value (v), [2 4 6]); assert (dfg.value (w), [2 3 4]);
%! [a, b] = f ();
%! assert (a, [2 4 6]); assert (b, [4 12 24]);
