## -*- texinfo -*-
## @deftypefn  {dfg} {@var{name} =} dfg.device ()
## @deftypefnx {dfg} {@var{old} =} dfg.device (@var{name})
## @deftypefnx {dfg} {@var{info} =} dfg.device ("info")
## @deftypefnx {dfg} {@var{s} =} dfg.device ("sim", @var{what})
## @deftypefnx {dfg} {@var{s} =} dfg.device ("sim", @var{what}, @var{n})
## Gets or sets the default device of new plans, or says what the machine
## offers.
##
## @code{dfg.device ()} returns @qcode{"cpu"}, @qcode{"sim"} or
## @qcode{"gpu"}.  @code{dfg.device (@var{name})} sets it to
## @qcode{"cpu"}, @qcode{"sim"} or @qcode{"gpu"} and returns the one
## before.  The environment variable @env{DFG_DEVICE} (@qcode{"cpu"} or
## @qcode{"sim"}) sets the default when dfg starts; one naming no usable
## device makes plans compiled for the default device fail with its error
## until @code{dfg.device (@var{name})} chooses one.
## @code{dfg.function (@dots{}, "device", @var{name})} chooses the device
## of one plan.
##
## @qcode{"sim"} is an emulated device, always there: its memory is
## address space the host cannot read or write outside the device's own
## copies and kernels, so a copy dfg forgot faults in a test; its kernels
## are the CPU's, so its results are the CPU's bit for bit.
## @code{dfg.device ("sim", @var{what})} with @var{what}:
##
## @table @code
## @item "stats"
## returns its counters: @code{to_device}, @code{to_host}, @code{copies}
## (copies host to device, device to host, within the device) and their
## bytes (@code{to_device_bytes}, @code{to_host_bytes},
## @code{copy_bytes}), @code{allocs}, @code{frees}, @code{failed_allocs},
## @code{runs} (kernels run), @code{in_use} and @code{peak} (bytes),
## @code{memory} (its size in bytes) and @code{buffers} (allocated now);
## @item "reset"
## zeroes the counts (and returns the counters);
## @item "memory", @var{n}
## sets its memory to @var{n} bytes (0: @env{DFG_SIM_MEMORY} or 1 GiB);
## with buffers allocated it can only shrink or stay within the memory it
## had;
## @item "fail", @var{n}
## makes its @var{n}th allocation from now fail (0: none), as running out
## of memory does: @code{dfg:outOfMemory};
## @item "fail_run", @var{n}
## makes its @var{n}th step run from now fail as a kernel or driver
## failure would (0: none): @code{dfg:deviceError} naming the device and
## the op, with nothing leaked and the plan usable again;
## @item "host_ops", @var{list}
## makes it pretend to have no kernel for the ops in @var{list} (their
## names, comma-separated, or @qcode{"odd"} / @qcode{"even"}: the ops of
## odd / even code; @qcode{""}: none), so that plans compiled from now on
## run them on the host, joined by copy nodes: mixed graphs
## (@env{DFG_SIM_HOST_OPS} sets it when dfg starts).
## @end table
##
## @code{dfg.device ("info")} returns a struct: @code{available} (a GPU can
## be used), @code{library} (dfg's CUDA backend, @file{libdfg_cuda.so}, was
## found and loads), @code{reason} (why no GPU can be used, else
## @qcode{"ok"}), @code{path} (the backend's file), and for an available GPU
## its @code{name}, @code{compute_capability}, @code{total_memory} and
## @code{free_memory} (bytes), @code{cuda_runtime} and @code{cuda_driver}.
##
## dfg runs in full on the CPU without CUDA: the backend is a separate
## library opened the first time a GPU is asked about.  Without one,
## @code{dfg.device ("gpu")} is the error @code{dfg:noDevice} with the
## reason (built without CUDA, no CUDA runtime, no driver, no GPU), and the
## default stays as it was.
##
## With a GPU present, plans run on it: the CUDA backend's kernels
## (element-wise ops, reductions, matrix products through cuBLAS) on the
## GPU, every other op on the host with copies between (as
## @code{dfg.on}), element-wise ops one kernel each (no fused kernels
## there yet).  This path has been tested on the sim device placed as on a
## GPU (@code{dfg.device ("sim", "host_ops", "gpu")}), never on a GPU.
## See @file{docs/gpu.md}.
## @seealso{dfg.function, dfg.threads}
## @end deftypefn
function r = device (varargin)
  if (nargin > 3)
    print_usage ();
  endif
  r = dfg_mex ("device", varargin{:});
endfunction

%!test
%! if (! isempty (getenv ("DFG_DEVICE")))
%!   dfg.device ("cpu");
%! endif
%! assert (dfg.device (), "cpu");
%! assert (dfg.device ("cpu"), "cpu");
%! assert (dfg.device ("CPU"), "cpu");
%!test
%! s = dfg.device ("info");
%! assert (fieldnames (s)', {"available", "library", "reason", "path", "name", ...
%!                           "compute_capability", "total_memory", "free_memory", ...
%!                           "cuda_runtime", "cuda_driver"});
%! assert (islogical (s.available) && islogical (s.library));
%! assert (ischar (s.reason) && ! isempty (s.reason));
%! if (s.available)
%!   assert (s.reason, "ok");
%!   assert (! isempty (s.name) && s.total_memory > 0);
%! else
%!   assert (s.total_memory, 0);
%! endif
%!test
%! ## asking for the GPU: plans there where one can be used, else a clear
%! ## error and the CPU stays
%! s = dfg.device ("info");
%! x = dfg.input ([2 2]);
%! if (s.available)
%!   old = dfg.device ("gpu");
%!   f = dfg.function ({x}, {x * 2});
%!   dfg.device (old);
%!   m = dfg.memory (f);
%!   assert (m.device, "gpu");
%!   assert (f (eye (2)), 2 * eye (2));
%! else
%!   try
%!     dfg.device ("gpu");
%!     error ("dfg.device ('gpu') should have failed");
%!   catch err
%!     assert (err.identifier, "dfg:noDevice");
%!     assert (! isempty (strfind (err.message, s.reason)));
%!   end_try_catch
%! endif
%! assert (dfg.device (), "cpu");
%! f = dfg.function ({x}, {x * 2});
%! assert (f (eye (2)), 2 * eye (2));
%!error <unknown device 'tpu'> dfg.device ("tpu")
%!error <NAME must be> dfg.device (1)
%!error <expected dfg.device> dfg_mex ("device", "cpu", "gpu")
%!test
%! ## the sim device as the default of new plans
%! old = dfg.device ("sim");
%! unwind_protect
%!   assert (dfg.device (), "sim");
%!   x = dfg.input ([3 3]);
%!   f = dfg.function ({x}, {x * x + 1});
%!   m = dfg.memory (f);
%!   assert (m.device, "sim");
%!   dfg.device ("sim", "reset");
%!   assert (f (magic (3)), magic (3) ^ 2 + 1);
%!   s = dfg.device ("sim", "stats");
%!   assert ([s.to_device, s.to_host, s.to_device_bytes, s.to_host_bytes], [1, 1, 72, 72]);
%!   assert (s.runs >= 1);
%!   g = dfg.function ({x}, {x * 2}, "device", "cpu");
%!   m = dfg.memory (g);
%!   assert (m.device, "cpu");
%!   ## a loop runs on sim with the plan: no copies around it
%!   y = dfg.input ([1 1]);
%!   h = dfg.function ({y}, {dfg.while(@(v) v < 10, @(v) v * 2, exp (y)) + 1});
%!   m = dfg.memory (h);
%!   assert (m.device, "sim");
%!   assert (m.copies, 0);
%!   assert (h (1), 4 * exp (1) + 1, -1e-14);
%! unwind_protect_cleanup
%!   dfg.device (old);
%! end_unwind_protect
%!test
%! ## the Nth allocation fails: dfg:outOfMemory, nothing left behind
%! x = dfg.input ([4 4]);
%! s0 = dfg.device ("sim", "stats");
%! dfg.device ("sim", "fail", 1);
%! try
%!   dfg.function ({x}, {exp(x) * x}, "device", "sim");
%!   error ("should have failed");
%! catch err
%!   assert (err.identifier, "dfg:outOfMemory");
%!   assert (! isempty (strfind (err.message, 'device "sim"')));
%! end_try_catch
%! s = dfg.device ("sim", "stats");
%! assert (s.buffers, s0.buffers);
%! assert (s.failed_allocs, s0.failed_allocs + 1);
%! f = dfg.function ({x}, {exp(x) * x}, "device", "sim");
%! assert (f (eye (4)), exp (eye (4)) * eye (4), -1e-15);
%!test
%! ## a loop runs on the device of its plan, its bodies compiled for it:
%! ## the carry stays there, only the condition's scalar comes back each
%! ## test (3 tests: 3, 6, 12) and the result once; the body and the
%! ## condition are 5 steps there
%! x = dfg.input ([1 1]);
%! y = dfg.while (@(v) v < 10, @(v) v * 2, x);
%! f = dfg.function ({x}, {y}, "device", "sim");
%! dfg.device ("sim", "reset");
%! assert (f (3), 12);
%! s = dfg.device ("sim", "stats");
%! assert ([s.to_device, s.to_host, s.runs], [1, 4, 5]);
%! n = dfg.nodes (f);
%! assert (n(strcmp ({n.op}, "loop")).device, "sim");
%! m = dfg.memory (f);
%! assert (m.copies, 0);
%!test
%! ## a loop placed on the CPU runs on the host: in a plan on sim it reads
%! ## the input in place and writes the output straight out
%! x = dfg.input ([1 1]);
%! y = dfg.on ("cpu", @(v) dfg.while (@(u) u < 10, @(u) u * 2, v), x);
%! f = dfg.function ({x}, {y}, "device", "sim");
%! dfg.device ("sim", "reset");
%! assert (f (3), 12);
%! s = dfg.device ("sim", "stats");
%! assert ([s.to_host, s.runs], [0, 0]);
%! n = dfg.nodes (f);
%! assert (n(strcmp ({n.op}, "loop")).device, "cpu");
%! m = dfg.memory (f);
%! assert ([m.copies, m.arena_bytes], [0, 0]);
%!test
%! ## a kernel failure on the device: dfg:deviceError naming it and the op;
%! ## nothing leaks, the plan runs again, a CPU plan is unaffected
%! x = dfg.input ([3 3]);
%! f = dfg.function ({x}, {exp(x) * x + 1}, "device", "sim");
%! g = dfg.function ({x}, {exp(x) * x + 1}, "device", "cpu");
%! s0 = dfg.device ("sim", "stats");
%! dfg.device ("sim", "fail_run", 2);
%! try
%!   f (magic (3));
%!   error ("should have failed");
%! catch err
%!   assert (err.identifier, "dfg:deviceError");
%!   assert (! isempty (strfind (err.message, 'device "sim" failed running mtimes')));
%! end_try_catch
%! s = dfg.device ("sim", "stats");
%! assert (s.buffers, s0.buffers);
%! assert (f (magic (3)), g (magic (3)));
%!test
%! ## ops it pretends to lack run on the host of a plan on sim
%! x = dfg.input ([4 1]);
%! dfg.device ("sim", "host_ops", "exp,cumsum");
%! unwind_protect
%!   f = dfg.function ({x}, {cumsum(exp (x) .* 2)}, "device", "sim", "passes", "-fuse");
%! unwind_protect_cleanup
%!   dfg.device ("sim", "host_ops", "");
%! end_unwind_protect
%! n = dfg.nodes (f);
%! assert ({n(strcmp ({n.op}, "exp")).device, n(strcmp ({n.op}, "times")).device, ...
%!          n(strcmp ({n.op}, "cumsum")).device}, {"cpu", "sim", "cpu"});
%! g = dfg.function ({x}, {cumsum(exp (x) .* 2)}, "device", "cpu");
%! assert (f ([1; 2; 3; 4]), g ([1; 2; 3; 4]));
%!error <no op 'nosuch'> dfg.device ("sim", "host_ops", "exp,nosuch")
%!error <takes a string> dfg.device ("sim", "host_ops", 3)
%!error <unknown sim setting 'speed'> dfg.device ("sim", "speed")
%!error <must be a whole number> dfg.device ("sim", "memory", -1)
%!error <takes no value> dfg.device ("sim", "stats", 1)
