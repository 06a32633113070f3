## -*- texinfo -*-
## @deftypefn {dfg} {} dfg.internal.Plan
## Owner of a compiled plan in the C library: clearing the last reference
## (for instance the function handle made by @code{dfg.function}) releases
## the plan.  It also keeps what the plan was compiled from (the input and
## output tensors and the options), for @code{dfg.explain (f, "dot")}.
## Internal.
## @end deftypefn
classdef Plan < handle
  properties (SetAccess = private)
    id = uint64 (0);
    inputs = {};
    outputs = {};
    options = {};
    traced = false;        # made by dfg.function, with the above kept
  endproperties
  methods
    function p = Plan (id, inputs, outputs, options)
      p.id = id;
      if (nargin == 4)
        p.inputs = inputs;
        p.outputs = outputs;
        p.options = options;
        p.traced = true;
      endif
    endfunction
    function delete (p)
      ## never throws; a stale id (after clear all) is ignored
      try
        dfg_mex ("release", p.id);
      catch
      end_try_catch
    endfunction
  endmethods
endclassdef

%!test
%! x = dfg.input ([1 1]);
%! p = dfg.internal.Plan (dfg_mex ("function", {x}, {x}));
%! assert (isa (p.id, "uint64"));
