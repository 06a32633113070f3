## -*- texinfo -*-
## @deftypefn  {dfg} {@var{name} =} dfg.device ()
## @deftypefnx {dfg} {@var{old} =} dfg.device (@var{name})
## @deftypefnx {dfg} {@var{info} =} dfg.device ("info")
## Gets or sets the default device of new plans, or says what the machine
## offers.
##
## @code{dfg.device ()} returns @qcode{"cpu"} or @qcode{"gpu"}.
## @code{dfg.device (@var{name})} sets it to @qcode{"cpu"} or
## @qcode{"gpu"} and returns the one before.
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
## In this version the CUDA backend has its kernels (element-wise ops,
## reductions, matrix products through cuBLAS) but plans do not yet run on
## a GPU: with a GPU present @code{dfg.device ("gpu")} is the error
## @code{dfg:unsupported}, and every plan runs on the CPU.  See
## @file{docs/gpu.md}.
## @seealso{dfg.function, dfg.threads}
## @end deftypefn
function r = device (name)
  if (nargin == 0)
    r = dfg_mex ("device");
  else
    r = dfg_mex ("device", name);
  endif
endfunction

%!test
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
%! ## asking for the GPU: a clear error either way, and the CPU stays
%! s = dfg.device ("info");
%! try
%!   dfg.device ("gpu");
%!   error ("dfg.device ('gpu') should have failed");
%! catch err
%!   if (s.available)
%!     assert (err.identifier, "dfg:unsupported");
%!   else
%!     assert (err.identifier, "dfg:noDevice");
%!     assert (! isempty (strfind (err.message, s.reason)));
%!   endif
%! end_try_catch
%! assert (dfg.device (), "cpu");
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {x * 2});
%! assert (f (eye (2)), 2 * eye (2));
%!error <unknown device 'tpu'> dfg.device ("tpu")
%!error <NAME must be> dfg.device (1)
%!error <expected dfg.device> dfg_mex ("device", "cpu", "gpu")
