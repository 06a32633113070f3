## -*- texinfo -*-
## @deftypefn {dfg} {@var{ids} =} dfg.internal.plan_ids (@var{f}, @var{fn})
## The plan ids behind a function handle made by @code{dfg.function} (one)
## or by @code{dfg.jit} and the functional transforms (one per signature
## compiled so far, the most recent last).  @var{fn} names the caller in
## errors.  Internal.
## @end deftypefn
function ids = plan_ids (f, fn)
  ids = {};
  if (is_function_handle (f))
    w = functions (f);
    if (isfield (w, "workspace") && ! isempty (w.workspace))
      ws = w.workspace{1};
      if (isfield (ws, "p") && iscell (ws.p) && isa (ws.p{1}, "dfg.internal.Plan"))
        ids = {ws.p{1}.id};
      elseif (isfield (ws, "p") && iscell (ws.p) && isa (ws.p{1}, "dfg.internal.JitCache"))
        ids = ws.p{1}.plans ();
        if (isempty (ids))
          error ("dfg:badArgument", "dfg.%s: F has not been called yet: call it once to compile a plan", fn);
        endif
      endif
    endif
  endif
  if (isempty (ids))
    error ("dfg:badArgument", "dfg.%s: F must be a function made by dfg.function or dfg.jit", fn);
  endif
endfunction
