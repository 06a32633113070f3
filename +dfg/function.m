## -*- texinfo -*-
## @deftypefn  {dfg} {@var{f} =} dfg.function (@var{inputs}, @var{outputs})
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "passes", @var{passes})
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "fast", @var{tf})
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "updates", @var{updates})
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "checkpoint", "sqrt")
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "memory_limit", @var{bytes})
## @deftypefnx {dfg} {@var{f} =} dfg.function (@dots{}, "device", @var{name})
## Compiles the graph that computes @var{outputs} from @var{inputs} into a
## plan, once, and returns a function handle that runs it.
##
## @var{inputs} is a cell array of tensors made by @code{dfg.input} (or a
## single one); @var{outputs} a cell array of tensors.  Only what the
## outputs need is kept.  Calling @code{[o1, o2, @dots{}] = f (a1, a2,
## @dots{})} checks that each argument has the class and size of its
## input, runs the plan, and returns native arrays.  Variables are read at
## each call.  Clearing @var{f} releases the plan.
##
## Before it is scheduled the graph goes through the optimisation passes
## (docs/passes.md): @qcode{"cse"}, @qcode{"fold"}, @qcode{"simplify"},
## @qcode{"gemm"} and @qcode{"fuse"}, all on by default (see
## @code{dfg.passes}).  @var{passes} is a string or a cell array of strings
## applied in order to the default: a pass name or @qcode{"+name"} switches
## it on, @qcode{"-name"} off, @qcode{"all"} and @qcode{"none"} all of them,
## @qcode{"fast"} allows rewrites that may change rounding, NaN, Inf or the
## sign of zero (e.g. @code{exp (log (x))} -> @code{x}).  With
## @code{"fast", true} the same.  @code{dfg.explain (f)} shows what each
## pass did.
##
## @code{"updates", @var{updates}} makes a plan that assigns variables:
## @var{updates} is an n-by-2 cell array @code{@{@var{v1}, @var{e1};
## @var{v2}, @var{e2}; @dots{}@}} of variables (made by @code{dfg.variable})
## and tensors with their class and size.  After each call @var{v1} holds
## what @var{e1} computed from the variables' values before the call (all
## updates at once, as in one simultaneous assignment); where it is legal
## the new value is computed straight into the variable's storage.  One
## call of such a plan is, for example, a whole training step:
## @code{step = dfg.function (@{x, y@}, @{loss@}, "updates", @{w, w - lr * dw@})}.
##
## Memory (docs/memory.md): the plan's intermediates live in one arena
## laid out when it is compiled (@code{dfg.memory (f)} reports it); a call
## allocates no memory for them.  @code{"checkpoint", "sqrt"} keeps about
## one in sqrt(N) of the forward activations the gradients need and
## recomputes the others in the backward pass; @code{"memory_limit",
## @var{bytes}} chooses what to keep so the arena fits in @var{bytes}, or
## fails saying the smallest budget that works.  @code{dfg.checkpoint}
## marks a function whose activations are recomputed.
##
## Devices (docs/gpu.md): @code{"device", @var{name}} compiles the plan
## for @qcode{"cpu"}, @qcode{"sim"} or @qcode{"gpu"}; no option: the
## default device (@code{dfg.device}); @qcode{"auto"}: the CPU or a device
## (the default device when it is not the CPU, else a usable GPU),
## whichever a cost model estimates faster from each op's flops and bytes
## and each device's launch, compute, memory and copy rates, measured on
## the machine (small plans stay on the CPU; @code{dfg.explain} and
## @code{dfg.memory (f).placement} show the estimates); on the device,
## each node that is cheaper on the CPU, counting the copies its operands
## would need, runs there (a small op beside large ones).  @qcode{"sim"} is an
## emulated device whose memory the host cannot touch: a call copies the
## inputs in and the outputs out, the constants stay on it, a variable gets
## a copy there at its first use which @qcode{"updates"} update in place and
## which stays there between calls (copied back only when something reads
## the variable on the host, @code{dfg.value} or a CPU plan; copied in again
## after @code{dfg.assign}), and its results are the CPU's bit for bit (its
## counters: @code{dfg.device ("sim", "stats")}).  @qcode{"gpu"} runs the
## plan on the GPU through the CUDA backend where one can be used (never yet
## tried on GPU hardware: docs/gpu.md), else it is the error
## @code{dfg:noDevice} with the reason.  A plan whose arena does not
## fit in the device's memory is @code{dfg:outOfMemory} naming the device
## and the bytes.  Loops and conditionals run on the device with their
## bodies (compiled for it).  A plan on a device runs on the host too where
## it must or is told to: a while loop's gradient, ops the device has no
## kernel for, and nodes placed on @qcode{"cpu"} by
## @code{dfg.on}; where a value crosses sides the compiler inserts a copy
## node (@code{dfg.nodes}, @code{dfg.explain}, @code{dfg.dot} show each
## node's device), and the host side reads inputs and constants in place
## and writes its outputs straight into the result arrays.
## @seealso{dfg.input, dfg.jit, dfg.value, dfg.passes, dfg.explain, dfg.nodes, dfg.memory, dfg.checkpoint, dfg.device, dfg.on}
## @end deftypefn
function f = function_ (inputs, outputs, varargin)
  if (nargin < 2 || mod (numel (varargin), 2) != 0)
    print_usage ();
  endif
  passes = [];
  fast = [];
  updates = {};
  checkpoint = "";
  limit = [];
  device = "";
  for k = 1:2:numel (varargin)
    if (! ischar (varargin{k}))
      error ("dfg:badArgument", "dfg.function: option names must be strings");
    endif
    switch (lower (varargin{k}))
      case "passes"
        passes = varargin{k+1};
      case "fast"
        fast = varargin{k+1};
      case "updates"
        updates = varargin{k+1};
      case "checkpoint"
        checkpoint = varargin{k+1};
      case "memory_limit"
        limit = varargin{k+1};
      case "device"
        device = varargin{k+1};
      otherwise
        error ("dfg:badArgument",
               "dfg.function: unknown option '%s' (options: passes, fast, updates, checkpoint, memory_limit, device)",
               varargin{k});
    endswitch
  endfor
  plan = dfg.internal.Plan (dfg_mex ("function", dfg.internal.untag (inputs), dfg.internal.untag (outputs), passes, fast,
                                     updates, checkpoint, limit, device), inputs, outputs, varargin);
  id = plan.id;
  ## The handle keeps the plan alive through P, which every call passes to
  ## the MEX file (unread).  In a cell: an object argument would make Octave
  ## look for methods of its class at every call (about 0.6 us).
  p = {plan};
  f = @(varargin) dfg_mex ("run", id, p, varargin{:});
endfunction

%!test
%! x = dfg.input ([3 4]);
%! y = dfg.input ([1 4], "single");
%! w = dfg.variable (randn (4, 2), "w");
%! z = tanh (x .* y + 1) * w;
%! assert (size (z), [3 2]);
%! f = dfg.function ({x, y}, {z, sum(z(:))});
%! X = randn (3, 4); Y = single (rand (1, 4));
%! [Z, s] = f (X, Y);
%! R = tanh (X .* Y + 1) * dfg.value (w);
%! assert (class (Z), "single");
%! assert (size (Z), [3 2]);
%! assert (Z, R, 1e-5);
%! assert (s, sum (R(:)), 1e-5);
%!test
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {x, x + 1, x});
%! [a, b, c] = f (magic (2));
%! assert (a, magic (2)); assert (b, magic (2) + 1); assert (c, magic (2));
%!test
%! ## fewer outputs requested than the plan has (Octave has room for one)
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {x + 1, x * 2, x - 1});
%! a = f (ones (2));
%! assert (a, 2 * ones (2));
%! f (ones (2));
%! [a, b] = f (ones (2));
%! assert (b, 2 * ones (2));
%!error id=dfg:badArgument x = dfg.input ([1 1]); f = dfg.function ({x}, {x}); f (1, 2)
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x}); f (ones (3))
%!error id=dfg:badClass x = dfg.input ([2 2]); f = dfg.function ({x}, {x}); f (single (ones (2)))
%!error <input 1 must be an array, not a dfg.Tensor> x = dfg.input ([1 1]); f = dfg.function ({x}, {x}); f (x)
%!error <argument 1 is of class char> x = dfg.input ([1 1]); f = dfg.function ({x}, {x}); f ("a")
%!error id=dfg:freeInput x = dfg.input ([1 1]); y = dfg.input ([1 1], "double", "y"); dfg.function ({x}, {x + y})
%!test
%! ## the same results with every pass off, each pass alone, and all on
%! x = dfg.input ([4 3]); y = dfg.input ([1 3]);
%! z = {sum(exp(sin(x) .* x + x .^ 2 * 0.01)), (x' * x) ./ (y' * y + 1), -(-x) + 0 * y};
%! X = randn (4, 3); Y = rand (1, 3);
%! f0 = dfg.function ({x, y}, z, "passes", "none");
%! R = cell (1, 3);
%! [R{:}] = f0 (X, Y);
%! for p = {"all", "cse", "fold", "simplify", "gemm", "fuse", {"none", "fuse"}}
%!   f = dfg.function ({x, y}, z, "passes", p{1});
%!   D = cell (1, 3);
%!   [D{:}] = f (X, Y);
%!   assert (D, R);
%! endfor
%!error <unknown pass 'fusion'> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "passes", "-fusion")
%!test
%! ## a plan that assigns variables: simultaneous, in place where legal
%! a = dfg.variable ([1 2; 3 4], "a");
%! b = dfg.variable ([10 20], "b");
%! x = dfg.input ([1 2]);
%! f = dfg.function ({x}, {sum(a(:))}, "updates", {a, a .* 2 + b; b, b - x + sum(a(:))});
%! s = f ([1 1]);
%! assert (s, 10);
%! assert (dfg.value (a), [12 24; 16 28]);
%! assert (dfg.value (b), [19 29]);
%! s = f ([0 0]);
%! assert (s, 80);
%! assert (dfg.value (a), [43 77; 51 85]);
%! assert (dfg.value (b), [99 109]);
%!test
%! ## the old value read after the new one is made: no in-place write
%! w = dfg.variable (ones (3), "w");
%! f = dfg.function ({}, {w * 2}, "updates", {w, w + 1});
%! o = f ();
%! assert (o, 2 * ones (3));
%! assert (dfg.value (w), 2 * ones (3));
%! o = f ();
%! assert (o, 4 * ones (3));
%!test
%! ## only updates, no outputs; a pair list works too
%! v = dfg.variable (single ([1 2 3]));
%! f = dfg.function ({}, {}, "updates", {v, v .^ 2});
%! f (); f ();
%! assert (dfg.value (v), single ([1 16 81]));
%!test
%! ## gradient-descent step equals the hand-written one
%! w = dfg.variable ([0.5; -0.25]);
%! x = dfg.input ([4 2]); y = dfg.input ([4 1]);
%! loss = sum ((x * w - y) .^ 2) / 4;
%! g = dfg.grad (loss, w);
%! step = dfg.function ({x, y}, {loss}, "updates", {w, w - 0.1 * g});
%! X = [1 2; 3 4; 5 6; 7 8]; Y = [1; 2; 3; 4]; W = [0.5; -0.25];
%! for k = 1:5
%!   L = step (X, Y);
%!   assert (L, sum ((X * W - Y) .^ 2) / 4, 1e-12);
%!   W = W - 0.1 * (X' * (X * W - Y)) / 2;
%! endfor
%! assert (dfg.value (w), W, 1e-12);
%!error <must be a dfg.variable> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "updates", {x, x + 1})
%!error <assigned twice> v = dfg.variable (1); dfg.function ({}, {}, "updates", {v, v + 1; v, v + 2})
%!error id=dfg:nonconformant v = dfg.variable ([1 2]); dfg.function ({}, {}, "updates", {v, v'})
%!error id=dfg:badClass v = dfg.variable ([1 2]); u = dfg.variable (single ([1 2])); dfg.function ({}, {}, "updates", {v, u + 1})
%!error <cannot swap> a = dfg.variable (1); b = dfg.variable (2); dfg.function ({}, {}, "updates", {a, b; b, a})
%!error <UPDATES must be> v = dfg.variable (1); dfg.function ({}, {}, "updates", {v, v, v})
%!error <CHECKPOINT must be> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "checkpoint", "all")
%!error <MEMORY_LIMIT must be> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "memory_limit", -1)
%!error <unknown option 'pases'> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "pases", "none")
%!error <FAST must be true or false> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "fast", "yes")
%!test
%! ## a training step on the emulated device: bitwise the CPU's, copies counted
%! X = [1 2; 3 4; 5 6; 7 8]; Y = [1; 2; 3; 4];
%! R = {};
%! for dev = {"cpu", "sim"}
%!   w = dfg.variable ([0.5; -0.25]);
%!   x = dfg.input ([4 2]); y = dfg.input ([4 1]);
%!   loss = sum ((x * w - y) .^ 2) / 4;
%!   step = dfg.function ({x, y}, {loss, tanh(x) * 2}, "updates", {w, w - 0.1 * dfg.grad(loss, w)},
%!                        "device", dev{1});
%!   dfg.device ("sim", "reset");
%!   for k = 1:3
%!     [L, T] = step (X, Y);
%!   endfor
%!   s = dfg.device ("sim", "stats");
%!   R{end+1} = {L, T, dfg.value(w)};
%!   if (strcmp (dev{1}, "sim"))
%!     ## x and y in, the two outputs out, at each call; w in once (its
%!     ## copy made at the first call), never out
%!     assert ([s.to_device, s.to_host, s.allocs], [7, 6, 1]);
%!     assert (s.to_device_bytes, 3 * 8 * (8 + 4) + 8 * 2);
%!     m = dfg.memory (step);
%!     assert (m.device, "sim");
%!   else
%!     assert ([s.to_device, s.to_host, s.runs], [0, 0, 0]);
%!     m = dfg.memory (step);
%!     assert (m.device, "cpu");
%!   endif
%! endfor
%! assert (R{2}, R{1});
%!test
%! ## variables live on sim between calls: after the first call a training
%! ## step copies exactly its mini-batch in and its loss out, no parameter;
%! ## the parameters after N steps are the CPU's bit for bit
%! randn ("state", 3);
%! X = randn (16, 3); Y = randn (16, 1);
%! R = {};
%! for dev = {"cpu", "sim"}
%!   s0 = dfg.device ("sim", "stats");
%!   w = dfg.variable ([0.5; -0.25; 0.1]);  b = dfg.variable (0.3);
%!   x = dfg.input ([4 3]); y = dfg.input ([4 1]);
%!   loss = sum ((x * w + b - y) .^ 2) / 4;
%!   step = dfg.function ({x, y}, {loss}, "updates", {w, w - 0.1 * dfg.grad(loss, w), ...
%!                        b, b - 0.1 * dfg.grad(loss, b)}, "device", dev{1});
%!   L = zeros (1, 4);
%!   for k = 1:4
%!     i = 4 * (k - 1) + (1:4);
%!     dfg.device ("sim", "reset");
%!     L(k) = step (X(i,:), Y(i));
%!     s = dfg.device ("sim", "stats");
%!     if (strcmp (dev{1}, "sim") && k > 1)
%!       assert ([s.to_device, s.to_host, s.allocs, s.frees, s.copies], [2, 1, 0, 0, 0]);
%!       assert ([s.to_device_bytes, s.to_host_bytes], [8 * (12 + 4), 8]);
%!     elseif (strcmp (dev{1}, "sim"))
%!       assert ([s.to_device, s.to_host, s.allocs], [4, 1, 2]);
%!     else
%!       assert ([s.to_device, s.to_host], [0, 0]);
%!     endif
%!   endfor
%!   dfg.device ("sim", "reset");
%!   R{end+1} = {L, dfg.value(w), dfg.value(b)};
%!   s = dfg.device ("sim", "stats");
%!   if (strcmp (dev{1}, "sim"))    ## dfg.value copies each back once
%!     assert ([s.to_host, s.to_host_bytes], [2, 8 * 4]);
%!   endif
%!   clear step loss x y w b
%!   s = dfg.device ("sim", "stats");
%!   assert ([s.in_use, s.buffers], [s0.in_use, s0.buffers]);  ## their copies freed
%! endfor
%! assert (R{2}, R{1});
%!test
%! ## a CPU plan reading a variable last updated on sim sees its new value;
%! ## dfg.assign and a CPU update reach the next sim step
%! w = dfg.variable ([1 2; 3 4]);
%! x = dfg.input ([2 2]);
%! sim = dfg.function ({x}, {sum(x .* w)}, "updates", {w, w + x}, "device", "sim");
%! cpu = dfg.function ({x}, {w * 2}, "device", "cpu");
%! cpu_step = dfg.function ({x}, {}, "updates", {w, w .* x}, "device", "cpu");
%! O = ones (2);
%! assert (sim (O), [4 6]);
%! assert (sim (O), [6 8]);
%! assert (cpu (O), 2 * [3 4; 5 6]);
%! cpu_step (2 * O);
%! assert (sim (O), [16 20]);
%! assert (dfg.value (w), [7 9; 11 13]);
%! dfg.assign (w, [10 20; 30 40]);
%! assert (sim (O), [40 60]);
%! assert (dfg.value (w), [11 21; 31 41]);
%! assert (cpu (O), 2 * [11 21; 31 41]);
%!test
%! ## too little device memory: dfg:outOfMemory naming the device; Octave goes on
%! x = dfg.input ([200 200]);
%! dfg.device ("sim", "memory", 100000);
%! unwind_protect
%!   try
%!     dfg.function ({x}, {exp(x) * x}, "device", "sim");
%!     error ("should have failed");
%!   catch err
%!     assert (err.identifier, "dfg:outOfMemory");
%!     assert (! isempty (strfind (err.message, 'device "sim"')));
%!     assert (! isempty (strfind (err.message, "free of 100000")));
%!   end_try_catch
%! unwind_protect_cleanup
%!   dfg.device ("sim", "memory", 0);
%! end_unwind_protect
%! f = dfg.function ({x}, {exp(x) * x}, "device", "sim");
%! X = rand (200);
%! assert (f (X), exp (X) * X, 1e-12);
%!error id=dfg:badArgument x = dfg.input ([1 1]); dfg.function ({x}, {x}, "device", "tpu")
%!error <DEVICE must be> x = dfg.input ([1 1]); dfg.function ({x}, {x}, "device", 1)
%!test
%! x = dfg.input ([1 1]);
%! try
%!   dfg.function ({x}, {x}, "device", "gpu");
%!   error ("should have failed");
%! catch err
%!   assert (any (strcmp (err.identifier, {"dfg:noDevice", "dfg:unsupported"})));
%! end_try_catch
%!test
%! ## "auto": a cost model; small plans stay on the CPU, and with sim as the
%! ## default device modelled 1000 times faster than the CPU a large one
%! ## goes there (bitwise the CPU's values)
%! x = dfg.input ([4 4]);
%! y = dfg.input ([300 300]);
%! f = dfg.function ({x}, {x * x + 1}, "device", "auto");
%! m = dfg.memory (f);
%! assert (m.device, "cpu");
%! assert (m.placement.automatic && m.placement.cpu_ms > 0);
%! old = dfg.device ("sim");
%! unwind_protect
%!   dfg.device ("sim", "speedup", 1000);
%!   f = dfg.function ({x}, {x * x + 1}, "device", "auto");
%!   g = dfg.function ({y}, {sum(sum(tanh (y * y)))}, "device", "auto");
%!   m = dfg.memory (f);
%!   mg = dfg.memory (g);
%!   assert ({m.device, mg.device}, {"cpu", "sim"});
%!   assert ({m.placement.candidate, mg.placement.candidate}, {"sim", "sim"});
%!   assert (m.placement.device_ms > m.placement.cpu_ms);
%!   assert (mg.placement.device_ms < mg.placement.cpu_ms);
%!   assert (mg.placement.copy_ms > 0);
%!   Y = randn (300);
%!   gc = dfg.function ({y}, {sum(sum(tanh (y * y)))}, "device", "cpu");
%!   assert (g (Y), gc (Y));
%!   ## node by node: the large product on sim, a small op on the CPU
%!   a = dfg.input ([2 2]);
%!   h = dfg.function ({y, a}, {sum(sum(y * y)), exp(a) + 1}, "device", "auto");
%!   hc = dfg.function ({y, a}, {sum(sum(y * y)), exp(a) + 1}, "device", "cpu");
%!   n = dfg.nodes (h);
%!   dev = {n.device};
%!   assert (dev(strcmp ({n.op}, "mtimes")), {"sim"});
%!   assert (dev(strcmp ({n.op}, "exp")), {"cpu"});
%!   A = randn (2);
%!   [p1, q1] = h (Y, A);
%!   [p0, q0] = hc (Y, A);
%!   assert (isequal (p1, p0) && isequal (q1, q0));
%!   dfg.device ("sim", "speedup", 1);    # the CPU's kernels and copies on top
%!   g = dfg.function ({y}, {sum(sum(tanh (y * y)))}, "device", "auto");
%!   mg = dfg.memory (g);
%!   assert (mg.device, "cpu");
%!   mn = dfg.memory (dfg.function ({y}, {y * 2}));
%!   assert (mn.device, "sim");          # no option: the default device
%!   assert (! mn.placement.automatic);
%! unwind_protect_cleanup
%!   dfg.device (old);
%!   dfg.device ("sim", "speedup", 1);
%! end_unwind_protect
%!error <speed-up must be > 0> dfg.device ("sim", "speedup", 0)

