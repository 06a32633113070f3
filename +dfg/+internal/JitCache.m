## -*- texinfo -*-
## @deftypefn {dfg} {} dfg.internal.JitCache
## The plan cache behind @code{dfg.jit} and the functional autodiff
## transforms (@code{dfg.grad (@var{fun})} & co.): signature -> compiled
## plan.  With a @var{transform}, the plan's outputs are
## @code{@var{transform} (@var{fun}, @var{targs}, @var{tens})} (traced
## arguments, and the input tensor of each array argument, [] for others)
## instead of @var{fun}'s own outputs.  At most @code{MAX_PLANS} (64)
## plans are kept: a new signature beyond that replaces the plan used
## least recently.  Internal.
## @end deftypefn
classdef JitCache < handle
  properties (SetAccess = private)
    fun;
    transform = [];
    keys = {};     # call signatures, one per compiled plan
    entries = {};  # {Plan, positions of the array arguments, plan id}
    used = [];     # the call count at each entry's last use (LRU order)
    calls = 0;
    passes = [];   # dfg.function's options for every plan
    fast = [];
    device = "";
  endproperties
  properties (Constant)
    ## plans kept per jitted function: a call with a new signature when
    ## this many are cached replaces the least recently used one
    MAX_PLANS = 64;
  endproperties
  methods
    function c = JitCache (fun, transform, varargin)
      c.fun = fun;
      if (nargin > 1)
        c.transform = transform;
      endif
      if (mod (numel (varargin), 2) != 0)
        error ("dfg:badArgument", "dfg.jit: options come in name/value pairs");
      endif
      for k = 1:2:numel (varargin)
        switch (lower (varargin{k}))
          case "passes"
            c.passes = varargin{k+1};
          case "fast"
            c.fast = varargin{k+1};
          case "device"
            c.device = varargin{k+1};
            if (! ischar (c.device))
              error ("dfg:badArgument", "dfg.jit: DEVICE must be \"cpu\", \"sim\", \"gpu\" or \"auto\"");
            endif
          otherwise
            error ("dfg:badArgument", "dfg.jit: unknown option '%s' (options: passes, fast, device)",
                   varargin{k});
        endswitch
      endfor
    endfunction

    function varargout = call (c, nout, varargin)
      nout = max (nout, 1);
      ## a transform's plan does not depend on how many outputs are asked for
      knout = merge (isempty (c.transform), nout, 0);
      key = dfg_mex ("signature", knout, varargin{:});
      if (isempty (key))
        key = dfg.internal.signature (knout, varargin);
      endif
      k = find (strcmp (key, c.keys), 1);
      if (isempty (k))
        e = c.trace (nout, varargin);
        if (numel (c.keys) < dfg.internal.JitCache.MAX_PLANS)
          k = numel (c.keys) + 1;
        else
          ## full: the least recently used plan goes (its Plan object is
          ## the last reference, so its nodes and memory are freed)
          [~, k] = min (c.used);
        endif
        c.entries{k} = e;
        c.keys{k} = key;
      endif
      c.calls += 1;
      c.used(k) = c.calls;
      e = c.entries{k};
      varargout = cell (1, nout);
      [varargout{:}] = dfg_mex ("run", e{3}, e{1}, varargin{e{2}});
    endfunction

    function e = trace (c, nout, args)
      isarr = cellfun (@(a) (isnumeric (a) || islogical (a)) && ! isa (a, "dfg.Tensor"), args);
      ins = {};
      tens = cell (1, numel (args));
      targs = args;
      for k = find (isarr)
        a = args{k};
        if (! (isa (a, "double") || isa (a, "single") || islogical (a)) || ! isreal (a))
          error ("dfg:badClass", "dfg.jit: argument %d is %s%s; dfg takes real double, single or logical arrays",
                 k, merge (isreal (a), "", "complex "), class (a));
        endif
        t = dfg.input (size (a), class (a), sprintf ("arg%d", k));
        ins{end+1} = t;
        targs{k} = t;
        tens{k} = t;
      endfor
      ## a trace: casts stay in the graph, branches on tensors are refused
      dfg.internal.tracing (c.fun);
      unwind_protect
        if (isempty (c.transform))
          outs = cell (1, nout);
          [outs{:}] = c.fun (targs{:});
        else
          outs = c.transform (c.fun, targs, tens);
        endif
      unwind_protect_cleanup
        dfg.internal.tracing ("end");
      end_unwind_protect
      for k = 1:numel (outs)
        if (! isa (outs{k}, "dfg.Tensor"))
          outs{k} = dfg.constant (outs{k});
        endif
      endfor
      p = dfg.internal.Plan (dfg_mex ("function", dfg.internal.untag (ins), dfg.internal.untag (outs),
                                            c.passes, c.fast, {}, "", [], c.device));
      ## the owner in a cell, as in dfg.function: no method lookup per call
      e = {{p}, find(isarr), p.id};
    endfunction
  endmethods
endclassdef


%!test
%! ## at most MAX_PLANS plans; the least recently used one is replaced
%! g = dfg.jit (@(x) sum (x .* x));
%! cap = dfg.internal.JitCache.MAX_PLANS;
%! for k = 1:cap
%!   assert (g (ones (1, k)), k);
%! endfor
%! ws = functions (g).workspace{1};
%! assert (numel (ws.cache.keys), cap);
%! g (ones (1, 1));                     # used again: kept
%! assert (g (ones (1, cap + 1)), cap + 1);
%! assert (numel (ws.cache.keys), cap);
%! has = @(n) any (strcmp (dfg_mex ("signature", 1, ones (1, n)), ws.cache.keys));
%! assert (has (1) && ! has (2) && has (3) && has (cap + 1));
%! assert (g (ones (1, 2)), 2);          # traced again
%! assert (has (2) && ! has (3));
%! assert (numel (ws.cache.entries), cap);
