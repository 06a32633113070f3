## -*- texinfo -*-
## @deftypefn {dfg} {} dfg.internal.JitCache
## The plan cache behind @code{dfg.jit} and the functional autodiff
## transforms (@code{dfg.grad (@var{fun})} & co.): signature -> compiled
## plan.  The table and the calls are in C (mex/cmd-dispatch.c, a dispatch
## cache of lib/runtime/dispatch.c): @code{@var{c}.handle ()} is the
## function handle users call, one MEX call that makes the signature, finds
## the plan and runs it; only a call with a new signature comes back here,
## to @code{trace_plan}.  With a @var{transform}, the plan's outputs are
## @code{@var{transform} (@var{fun}, @var{targs}, @var{tens})} (traced
## arguments, and the input tensor of each array argument, [] for others)
## instead of @var{fun}'s own outputs, and one plan serves any number of
## outputs asked for.  At most @code{MAX_PLANS} (64) plans are kept: a new
## signature beyond that replaces the plan used least recently.  Internal.
## @end deftypefn
classdef JitCache < handle
  properties (SetAccess = private)
    fun;
    transform = [];
    id = uint64 (0);  # the dispatch cache in C (owned: released by delete)
    passes = [];      # dfg.function's options for every plan
    fast = [];
    device = "";
    symbolic = true;  # trace with a symbolic size when only one size changes
    seen = {};        # the last signatures traced: {nout, args' classes, sizes}
    nosym = {};       # patterns whose symbolic trace failed: not tried again (the last 32)
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
          case "symbolic"
            v = varargin{k+1};
            if (! (isscalar (v) && (islogical (v) || isnumeric (v))))
              error ("dfg:badArgument", "dfg.jit: SYMBOLIC must be true or false");
            endif
            c.symbolic = logical (v);
          otherwise
            error ("dfg:badArgument", "dfg.jit: unknown option '%s' (options: passes, fast, device, symbolic)",
                   varargin{k});
        endswitch
      endfor
      c.id = dfg_mex ("cache", "new", dfg.internal.JitCache.MAX_PLANS);
    endfunction

    function delete (c)
      ## never throws; a stale id (after clear all) is ignored
      try
        dfg_mex ("release", c.id);
      catch
      end_try_catch
    endfunction

    ## The function handle users call: CACHE's id and the cache itself
    ## (kept alive by the handle; in a cell, so that Octave looks up no
    ## methods of its class at each call) go to the MEX file, which takes
    ## the number of outputs asked for from its own nargout (the handle's);
    ## "jcall" keys plans by it, "tcall" (a transform) does not.  Nothing
    ## else is evaluated per call: as many arguments as a dfg.function
    ## plan's handle.
    function h = handle (c)
      id = c.id;
      p = {c};
      if (isempty (c.transform))
        h = @(varargin) dfg_mex ("jcall", id, p, varargin{:});
      else
        h = @(varargin) dfg_mex ("tcall", id, p, varargin{:});
      endif
    endfunction

    ## The plans cached now (plan ids, uint64) and their keys.
    function ids = plans (c)
      ids = dfg_mex ("cache", "plans", c.id);
    endfunction
    function k = keys (c)
      k = dfg_mex ("cache", "keys", c.id);
    endfunction
    ## Forgets every plan (the next call traces again).
    function clear (c)
      dfg_mex ("cache", "clear", c.id);
    endfunction

    ## A miss (called by the MEX file): traces FUN for a call with these
    ## arguments asking for NOUT outputs and compiles its plan; ID is the
    ## plan's handle (the dispatch cache takes it), POS the positions of
    ## the arguments it takes (the arrays).  When the call differs from one
    ## traced before only in one size (the same value in every place it
    ## changed, at least 2 before and now: a batch size), FUN is traced
    ## with that size symbolic (docs/symbolic.md) and PAT gives, for each
    ## argument, the dimension that is symbolic (0: none): the cache keys
    ## the plan by that pattern, and it serves every such size.  A trace
    ## that reads the symbolic size (size, numel, end, ...) or that a
    ## symbolic size cannot take is dropped, and the size traced as it is.
    function [id, pos, pat] = trace_plan (c, nout, varargin)
      args = varargin;
      isarr = cellfun (@(a) (isnumeric (a) || islogical (a)) && ! isa (a, "dfg.Tensor"), args);
      for k = find (isarr)
        a = args{k};
        if (! (isa (a, "double") || isa (a, "single") || islogical (a)) || ! isreal (a))
          error ("dfg:badClass", "dfg.jit: argument %d is %s%s; dfg takes real double, single or logical arrays",
                 k, merge (isreal (a), "", "complex "), class (a));
        endif
      endfor
      pos = find (isarr);
      sig = signature_of (merge (isempty (c.transform), nout, 0), args, isarr);
      pat = [];
      if (c.symbolic && ! isempty (sig))
        pat = c.pattern_for (sig);
      endif
      id = [];
      if (! isempty (pat))
        reads = dfg_mex ("symreads");
        try
          id = c.compile (nout, args, isarr, pat);
          if (dfg_mex ("symreads") != reads)      # the trace read the size
            dfg_mex ("release", id);
            id = [];
          endif
        catch
          id = [];
        end_try_catch
        if (isempty (id))
          c.nosym{end+1} = {nout, pat};
          if (numel (c.nosym) > 32)
            c.nosym(1) = [];      # bounded: an old pattern may be tried again
          endif
          pat = [];
        endif
      endif
      if (isempty (id))
        id = c.compile (nout, args, isarr, []);
      endif
      if (! isempty (sig))
        c.seen{end+1} = sig;
        if (numel (c.seen) > 16)
          c.seen(1) = [];
        endif
      endif
    endfunction
  endmethods

  methods (Access = private)
    ## The pattern of a symbolic size that SIG shares with a signature
    ## traced before, or [] (see trace_plan).
    function pat = pattern_for (c, sig)
      pat = [];
      for e = numel (c.seen):-1:1
        o = c.seen{e};
        if (o{1} != sig{1} || ! isequal (o{2}, sig{2}) || numel (o{3}) != numel (sig{3}))
          continue;
        endif
        p = zeros (1, numel (sig{3}));
        was = [];  now = [];  ok = true;
        for k = 1:numel (sig{3})
          a = o{3}{k};  b = sig{3}{k};
          if (ischar (a) || ischar (b))
            ok = isequal (a, b);
          elseif (numel (a) != numel (b))
            ok = false;
          else
            d = find (a != b);
            if (numel (d) > 1)
              ok = false;
            elseif (numel (d) == 1)
              p(k) = d;
              was(end+1) = a(d);  now(end+1) = b(d);
            endif
          endif
          if (! ok)
            break;
          endif
        endfor
        if (ok && ! isempty (was) && all (was == was(1)) && all (now == now(1))
            && was(1) >= 2 && now(1) >= 2
            && ! any (cellfun (@(q) q{1} == sig{1} && isequal (q{2}, p), c.nosym)))
          pat = p;
          return;
        endif
      endfor
    endfunction

    ## Traces FUN on inputs for the array arguments (dimension PAT(k) of
    ## argument k the symbolic size "n" where PAT is given) and compiles.
    function id = compile (c, nout, args, isarr, pat)
      ins = {};
      targs = args;
      tens = cell (1, numel (args));
      for k = find (isarr)
        sz = size (args{k});
        if (! isempty (pat) && pat(k))
          sz(pat(k)) = NaN;
        endif
        t = dfg.input (sz, class (args{k}), sprintf ("arg%d", k));
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
        if (ischar (outs{k}))
          error ("dfg:badClass", "dfg.jit: output %d is a char array (%s), computed from no tensor; a plan's outputs are double, single or logical: call the function without dfg.jit, or convert the output with double ()",
                 k, mat2str (size (outs{k})));
        elseif (! isa (outs{k}, "dfg.Tensor"))
          outs{k} = dfg.constant (outs{k});
        endif
      endfor
      id = dfg_mex ("function", dfg.internal.untag (ins), dfg.internal.untag (outs),
                    c.passes, c.fast, {}, "", [], c.device);
    endfunction
  endmethods
endclassdef

## {NOUT, classes, sizes} of a call whose arguments are all arrays or char
## rows (a key the MEX file can write with a pattern), else {}: a char
## row's "size" is its text.
function sig = signature_of (nout, args, isarr)
  sig = {};
  cls = cell (1, numel (args));
  sz = cell (1, numel (args));
  for k = 1:numel (args)
    a = args{k};
    if (isarr(k))
      cls{k} = class (a);
      sz{k} = size (a);
    elseif (ischar (a) && rows (a) <= 1)
      cls{k} = "char";
      sz{k} = a;
    else
      return;
    endif
  endfor
  sig = {nout, cls, sz};
endfunction


%!test
%! ## at most MAX_PLANS plans; the least recently used one is replaced
%! g = dfg.jit (@(x) sum (x .* x), "symbolic", false);
%! cap = dfg.internal.JitCache.MAX_PLANS;
%! for k = 1:cap
%!   assert (g (ones (1, k)), k);
%! endfor
%! c = functions (g).workspace{1}.p{1};
%! assert (numel (c.keys ()), cap);
%! g (ones (1, 1));                     # used again: kept
%! assert (g (ones (1, cap + 1)), cap + 1);
%! assert (numel (c.keys ()), cap);
%! has = @(n) any (strcmp (dfg_mex ("signature", 1, ones (1, n)), c.keys ()));
%! assert (has (1) && ! has (2) && has (3) && has (cap + 1));
%! assert (g (ones (1, 2)), 2);          # traced again
%! assert (has (2) && ! has (3));
%! assert (numel (c.plans ()), cap);
%! c.clear ();
%! assert (numel (c.plans ()), 0);
%! assert (g (ones (1, 2)), 2);          # traced again
%! assert (numel (c.plans ()), 1);
%!test
%! ## an error while tracing reaches the caller as it was raised, and
%! ## nothing is cached; the next call traces again
%! g = dfg.jit (@(x) error ("my:id", "boom %d", numel (x)));
%! try
%!   g (1:3);
%!   error ("should have failed");
%! catch err
%!   assert (err.identifier, "my:id");
%!   assert (err.message, "boom 3");
%! end_try_catch
%! c = functions (g).workspace{1}.p{1};
%! assert (numel (c.plans ()), 0);
%!test
%! ## arguments keyed by value (a cell, a struct) and by text (a string)
%! g = dfg.jit (@(x, o, s) x * o.k + numel (s));
%! assert (g (2, struct ("k", 3), "ab"), 8);
%! assert (g (2, struct ("k", 4), "ab"), 10);
%! assert (g (2, struct ("k", 3), "abc"), 9);
%! c = functions (g).workspace{1}.p{1};
%! assert (numel (c.plans ()), 3);
%!test
%! ## a transform's plan serves any number of outputs
%! h = dfg.value_and_grad (@(x) sum (x .^ 2));
%! v = h ([1 2]);
%! [v2, g2] = h ([1 2]);
%! assert ([v, v2, g2], [5, 5, 2, 4]);
%! c = functions (h).workspace{1}.p{1};
%! assert (numel (c.plans ()), 1);
