## -*- texinfo -*-
## @deftypefn {dfg} {@var{m} =} dfg.memory (@var{f})
## The memory plan of a function made by @code{dfg.function} or
## @code{dfg.jit} (docs/memory.md).
##
## When a plan is compiled, every intermediate result gets a live interval
## (the steps from the one that writes it to the last that reads it) and an
## offset in one arena, allocated then; a call allocates no memory for
## intermediates.  Inputs are read in place, outputs are written straight
## into the arrays returned, and neither is part of the arena.  Fields of
## @var{m}:
##
## @table @code
## @item arena_bytes
## the arena;
## @item naive_bytes
## what the intermediates would take with a buffer each;
## @item lower_bound
## the most bytes live at one step of the schedule, which no layout beats;
## @item inplace
## results written over an input that dies at their step;
## @item views
## results that are another's data (a reshape, a part of a packed result);
## @item variables_inplace
## variable updates computed in the variable's own storage;
## @item steps
## kernel launches per call;
## @item recomputed, recompute_flops, flops
## nodes recomputed by gradient checkpointing, their estimated work, and
## the estimated work of a whole call;
## @item loop_bytes
## what loops and conditionals hold (their bodies' plans, carry sets and
## stacks);
## @item device
## the device the plan runs on (@qcode{"cpu"}, @qcode{"sim"});
## @item placement
## how @code{"device", "auto"} chose: @code{automatic} (true for such a
## plan), @code{candidate} (the device weighed against the CPU, empty if
## none), @code{cpu_ms}, @code{device_ms} (with its copies) and
## @code{copy_ms}: the cost model's estimates per call;
## @item variable_bytes
## on such a device: its copies of the variables the plan reads or
## assigns, which stay there between calls (not in the arena);
## @item host_arena_bytes, copies
## a plan on a device with nodes on the host (@code{dfg.on}, loops,
## ops the device has no kernel for): the arena of those nodes'
## intermediates in host memory, and the copy nodes between the sides;
## @item leaf_bytes
## on a device whose memory is not the host's (@qcode{"sim"}): its copies
## of the constants the plan reads (variables have their own copies there,
## kept between calls; the inputs are buffers in the arena too, copied in
## at each call);
## @item buffers
## a struct array, one element per intermediate: @code{op}, @code{class},
## @code{size}, @code{offset} and @code{bytes} in the arena,
## @code{first} and @code{last} step of its live interval, @code{shares}
## (the element whose buffer it reuses, 0 if none), @code{node} (its
## row in @code{dfg.nodes (f)}, 0 if none) and @code{device} (whose
## arena: the plan's device, or @qcode{"cpu"} for the host side's).
## @end table
##
## For a picture of the layout:
## @example
## b = dfg.memory (f).buffers;
## for k = 1:numel (b)
##   rectangle ("position", [b(k).first, b(k).offset, b(k).last - b(k).first + 1, b(k).bytes]);
## endfor
## @end example
## @seealso{dfg.function, dfg.explain, dfg.nodes}
## @end deftypefn
function m = memory (f)
  if (nargin != 1)
    print_usage ();
  endif
  ids = dfg.internal.plan_ids (f, "memory");
  m = dfg_mex ("memory", ids{end});
endfunction

%!test
%! ## on the sim device the input has a buffer in the arena, constants their copies
%! x = dfg.input ([10 10]);
%! f = dfg.function ({x}, {exp(x) * x + 2}, "device", "sim");
%! m = dfg.memory (f);
%! assert (m.device, "sim");
%! assert (any (strcmp ({m.buffers.op}, "input")));
%! assert (m.leaf_bytes, 64);
%! g = dfg.function ({x}, {exp(x) * x + 2}, "device", "cpu");
%! mg = dfg.memory (g);
%! assert (mg.device, "cpu");
%! assert (mg.leaf_bytes, 0);
%! assert (m.arena_bytes > mg.arena_bytes);
%! ## the variables' copies on the device, kept between calls
%! v = dfg.variable (ones (10, 3));
%! u = dfg.variable (zeros (3, 3));
%! h = dfg.function ({x}, {x * v}, "device", "sim", "updates", {u, u + 1});
%! mh = dfg.memory (h);
%! assert ([mh.variable_bytes, mh.copies, mh.host_arena_bytes], [256 + 128, 0, 0]);
%! ## a mixed plan: each buffer in its side's arena
%! s = dfg.on ("cpu", @(v) cumsum (v), exp (x));
%! mm = dfg.memory (dfg.function ({x}, {s .* 2}, "device", "sim"));
%! d = {mm.buffers.device};
%! assert (any (strcmp (d, "cpu")) && any (strcmp (d, "sim")));
%! hb = [mm.buffers(strcmp (d, "cpu")).bytes];
%! assert (sum (ceil (hb / 64) * 64) >= mm.host_arena_bytes);
%! assert (mg.variable_bytes, 0);
%!test
%! x = dfg.input ([100 100]);
%! y = exp (sin (x) .* x) * x;
%! z = tanh (y) + y;
%! f = dfg.function ({x}, {sum(z(:))}, "passes", "none");
%! m = dfg.memory (f);
%! assert (m.arena_bytes <= m.naive_bytes);
%! assert (m.lower_bound <= m.arena_bytes);
%! assert (m.inplace > 0);
%! b = m.buffers;
%! assert (numel (b), 7);
%! ## no two buffers live at the same step overlap in the arena
%! for i = 1:numel (b)
%!   for j = i+1:numel (b)
%!     oi = max (b(i).shares, (b(i).shares == 0) * i);
%!     oj = max (b(j).shares, (b(j).shares == 0) * j);
%!     if (b(i).first <= b(j).last && b(j).first <= b(i).last && oi != oj)
%!       assert (b(i).offset + b(i).bytes <= b(j).offset || b(j).offset + b(j).bytes <= b(i).offset);
%!     endif
%!   endfor
%! endfor
%! X = rand (100);
%! Y = exp (sin (X) .* X) * X;
%! assert (f (X), sum (sum (tanh (Y) + Y)), -1e-12);
%!test
%! x = dfg.input ([3 3]);
%! m = dfg.memory (dfg.function ({x}, {x + 1}));
%! assert (m.arena_bytes, 0);
%! assert (m.steps, 1);
%! assert (isempty (m.buffers));
%!error <F must be a function> dfg.memory (1)
