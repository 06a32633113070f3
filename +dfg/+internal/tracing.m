## -*- texinfo -*-
## @deftypefn  {dfg} {} dfg.internal.tracing (@var{fn})
## @deftypefnx {dfg} {} dfg.internal.tracing ("end")
## @deftypefnx {dfg} {@var{texts} =} dfg.internal.tracing ()
## Marks the start of a trace of the function handle @var{fn} (dfg.jit, a
## functional transform, the body of a loop or conditional) and its end.
## While a trace runs, the MEX gateway keeps @code{double}, @code{single}
## and @code{logical} as conversions in the graph, and a logical tensor
## refuses to decide a branch.  With no argument: the texts
## (@code{func2str}) of the functions being traced, outermost first, which
## @code{logical} of a logical tensor reads to tell an anonymous function's
## @code{&&} from an explicit conversion.  Internal.
## @end deftypefn
function texts = tracing (fn)
  persistent stack = {};
  if (nargin == 0)
    texts = stack;
  elseif (ischar (fn))
    stack(end) = [];
    dfg_mex ("tracing", -1);
  else
    stack{end+1} = func2str (fn);
    dfg_mex ("tracing", 1);
  endif
endfunction

%!test
%! dfg.internal.tracing (@(x) x && 1);
%! unwind_protect
%!   t = dfg.internal.tracing ();
%!   assert (t{end}, "@(x) x && 1");
%!   assert (dfg_mex ("tracing") >= 1);
%! unwind_protect_cleanup
%!   dfg.internal.tracing ("end");
%! end_unwind_protect
