## -*- texinfo -*-
## @deftypefn {dfg} {[@dots{}] =} dfg.internal.run_scoped (@var{cmd}, @var{args}, @var{fun}, @dots{})
## Calls @var{fun} with the remaining arguments between
## @code{dfg_mex (@var{cmd}, "begin", @var{args}@{:@})} and the matching
## @code{dfg_mex (@var{cmd}, "end", @var{prev})}, also when @var{fun}
## fails: the nodes it records carry the scope's tag.  @var{cmd} is
## @qcode{"region"} (a checkpoint region, @code{dfg.checkpoint}) or
## @qcode{"place"} (a device placement, @code{dfg.on}).  Internal.
## @end deftypefn
function varargout = run_scoped (cmd, args, fun, varargin)
  prev = dfg_mex (cmd, "begin", args{:});
  unwind_protect
    [varargout{1:max (nargout, 1)}] = fun (varargin{:});
  unwind_protect_cleanup
    dfg_mex (cmd, "end", prev);
  end_unwind_protect
endfunction

%!test
%! ## the scope ends with FUN, also when FUN fails
%! x = dfg.input ([2 1]);
%! try, dfg.internal.run_scoped ("place", {"cpu"}, @(v) error ("boom"), x); end
%! y = dfg.internal.run_scoped ("place", {"cpu"}, @(v) v + 1, x);
%! z = y * 2;
%! f = dfg.function ({x}, {z}, "device", "sim");
%! n = dfg.nodes (f);
%! assert ({n(strcmp ({n.op}, "plus")).device, n(strcmp ({n.op}, "times")).device}, {"cpu", "sim"});
