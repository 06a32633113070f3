## -*- texinfo -*-
## @deftypefn {dfg} {[@var{ins}, @var{targs}] =} dfg.internal.trace_args (@var{fn}, @var{args})
## One @code{dfg.input} per argument of @var{args} (a cell of real double,
## single or logical arrays), with the argument's class and size.  Internal.
## @end deftypefn
function [ins, targs] = trace_args (fn, args)
  ins = cell (1, numel (args));
  for k = 1:numel (args)
    a = args{k};
    if (! ((isa (a, "double") || isa (a, "single") || islogical (a)) && isreal (a)))
      error ("dfg:badClass", "dfg.%s: argument %d is %s; dfg takes real double, single or logical arrays",
             fn, k, class (a));
    endif
    ins{k} = dfg.input (size (a), class (a), sprintf ("arg%d", k));
  endfor
  targs = ins;
endfunction

%!test
%! [ins, targs] = dfg.internal.trace_args ("jvp", {ones(2, 3), single(1)});
%! assert (size (ins{1}), [2 3]);
%! assert (class (targs{2}), "single");
%!error <argument 1 is int8> dfg.internal.trace_args ("jvp", {int8(1)})
