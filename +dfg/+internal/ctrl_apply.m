## -*- texinfo -*-
## @deftypefn {dfg} {@var{r} =} dfg.internal.ctrl_apply (@var{fn}, @var{nout}, @var{who}, @var{what}, @var{args}@dots{})
## Calls the traced function @var{fn} of a loop or conditional with
## @var{nout} outputs and returns them in a cell.  A function that returns
## fewer values than that raises @code{dfg:badArgument} naming @var{who}
## (@qcode{"dfg.while"}) and @var{what} (@qcode{"BODY_FN"}); other errors
## pass through unchanged.  A body written @code{deal (a, b)} asked for one
## value (@code{c = dfg.scan (@@(c, x) deal (c + x, c), @dots{})}) gives its
## first value, as @code{[c, ~] = deal (a, b)} would.  Internal.
## @end deftypefn
function r = ctrl_apply (fn, nout, who, what, varargin)
  r = cell (1, nout);
  ## a trace: casts stay in the graph, branches on tensors are refused
  dfg.internal.tracing (fn);
  try
    unwind_protect
      [r{:}] = fn (varargin{:});
    unwind_protect_cleanup
      dfg.internal.tracing ("end");
    end_unwind_protect
  catch err
    if (nout == 1 && strcmp (err.message, "deal: nargin > 1 and nargin != nargout"))
      ## a body written [c, y] = deal (...) asked for its first value only
      r = cell (1, 2);
      try
        [r{:}] = fn (varargin{:});
      catch
        error ("dfg:badArgument", "%s: %s returns several values with deal (%s); return one value, or ask for all of them",
               who, what, err.message);
      end_try_catch
      r = r(1);
      return;
    endif
    if (! isempty (regexp (err.message, 'undefined in return list|element number \d+ undefined|called with too many outputs', "once")))
      error ("dfg:badArgument", "%s: %s must return %d value%s (%s)", who, what, nout,
             merge (nout == 1, "", "s"), err.message);
    endif
    rethrow (err);
  end_try_catch
  r = dfg.internal.untag (r);
endfunction

%!test
%! r = dfg.internal.ctrl_apply (@(a) deal (a, 2 * a), 2, "dfg.x", "FN", 3);
%! assert (r, {3, 6});
%!error <dfg.x: FN must return 2 values> dfg.internal.ctrl_apply (@(a) a, 2, "dfg.x", "FN", 3)
%!error <boom> dfg.internal.ctrl_apply (@(a) error ("boom"), 1, "dfg.x", "FN", 3)
