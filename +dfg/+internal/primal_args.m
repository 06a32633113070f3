## -*- texinfo -*-
## @deftypefn {dfg} {[@var{args}, @var{v}] =} dfg.internal.primal_args (@var{fn}, @var{args}, @var{v}, @var{what})
## Checks that @var{args} and @var{v} pair up (cells of one length, or two
## arrays) and returns both as cells.  Internal.
## @end deftypefn
function [args, v] = primal_args (fn, args, v, what)
  if (! iscell (args))
    args = {args};
  endif
  if (! iscell (v))
    v = {v};
  endif
  if (numel (v) != numel (args))
    error ("dfg:badArgument", "dfg.%s: %s must give one tangent per argument (%d), not %d",
           fn, what, numel (args), numel (v));
  endif
endfunction

%!test
%! [a, v] = dfg.internal.primal_args ("jvp", 1, 2, "TANGENTS");
%! assert (a, {1});
%! assert (v, {2});
%!error <one tangent per argument> dfg.internal.primal_args ("jvp", {1, 2}, {1}, "TANGENTS")
