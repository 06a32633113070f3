## -*- texinfo -*-
## @deftypefn  {dfg} {@var{g} =} dfg.jit (@var{fun})
## @deftypefnx {dfg} {@var{g} =} dfg.jit (@var{fun}, "passes", @var{passes}, "fast", @var{tf})
## @deftypefnx {dfg} {@var{g} =} dfg.jit (@var{fun}, "device", @var{name})
## @deftypefnx {dfg} {@var{g} =} dfg.jit (@var{fun}, "symbolic", @var{tf})
## @deftypefnx {dfg} {} dfg.jit ("clear", @var{g}, @dots{})
## Returns a function handle that traces @var{fun} into a dfg graph on its
## first call and runs the compiled plan on every call.
##
## Plans are cached by the signature of the call: the class and size of
## every array argument and the number of outputs requested.  A call with a
## new signature traces again.  Each jitted function keeps at most 64
## plans: a call with a new signature when 64 are cached replaces the plan
## used least recently (a function called with ever new sizes does not
## grow memory without bound); @code{dfg.jit ("clear", @var{g})} forgets
## them all (the memory of their plans freed; the next call traces again),
## for @var{g} made by @code{dfg.jit} or a functional transform
## (@code{dfg.grad (@var{fun})}, @dots{}).  Array arguments (double, single, logical)
## become symbolic inputs; any other argument (a string, a cell, a struct,
## a function handle) is a trace-time constant and is part of the cache
## key, compared by value.  @var{fun} must be written with ordinary Octave
## operators and functions that dfg overloads; code that branches on the
## values of its array arguments is traced along the branch taken at trace
## time.  The options are those of @code{dfg.function}, for every plan
## the cache compiles: @qcode{"passes"}, @qcode{"fast"} and
## @qcode{"device"} (@qcode{"cpu"}, @qcode{"sim"}, @qcode{"gpu"} or
## @qcode{"auto"}: chosen by the cost model of @code{dfg.function}).
##
## A batch size: when a call's signature differs from one traced before in
## a single size (the same value wherever it changed, at least 2), @var{fun}
## is traced once more with that size symbolic, and that plan serves every
## later such size without a trace (docs/symbolic.md); a trace that reads
## the size (@code{size}, @code{numel}, @code{end}, @dots{}) or needs its
## value is dropped for one of that size.  @qcode{"symbolic", false}
## traces every size.
## @seealso{dfg.function, dfg.explain}
## @end deftypefn
function g = jit (fun, varargin)
  if (nargin >= 1 && ischar (fun) && strcmp (fun, "clear"))
    ## dfg.jit ("clear", g, ...): forget the plans of jitted functions
    for k = 1:numel (varargin)
      w = [];
      if (is_function_handle (varargin{k}))
        w = functions (varargin{k});
      endif
      if (! (isstruct (w) && isfield (w, "workspace") && ! isempty (w.workspace)
             && isfield (w.workspace{1}, "p") && iscell (w.workspace{1}.p)
             && isa (w.workspace{1}.p{1}, "dfg.internal.JitCache")))
        error ("dfg:badArgument", "dfg.jit: argument %d of dfg.jit (\"clear\", ...) must be a function made by dfg.jit or a transform", k + 1);
      endif
      w.workspace{1}.p{1}.clear ();
    endfor
    g = [];
    return;
  endif
  if (nargin < 1 || ! is_function_handle (fun))
    error ("dfg:badArgument", "dfg.jit: FUN must be a function handle");
  endif
  g = dfg.internal.JitCache (fun, [], varargin{:}).handle ();
endfunction

%!test
%! g = dfg.jit (@(a, b) a' * (b .^ 2) - max (a, [], 2)');
%! A = randn (5, 3); B = rand (5, 1);
%! assert (g (A, B), A' * (B .^ 2) - max (A, [], 2)', 1e-12);
%!test
%! g = dfg.jit (@(x) sum (x .^ 2));
%! assert (g ([1 2 3]), 14);
%! assert (g (single ([1 2])), single (5));
%! assert (g ([1; 2; 3; 4]), 30);
%!test
%! g = dfg.jit (@(x) [norm(x), norm(x, 1)]);
%! assert (g ([3 4]), [5 7], 1e-12);
%!test
%! g = dfg.jit (@(x, s) x .* numel (s));
%! assert (g (2, "abc"), 6);
%!test
%! g = dfg.jit (@(x) deal (x + 1, x * 2));
%! [a, b] = g (3);
%! assert ([a, b], [4, 6]);
%!test
%! ## non-array arguments are trace-time constants, compared by value
%! g = dfg.jit (@(x, c) x * c{1});
%! assert (g (2, {3}), 6);
%! assert (g (2, {4}), 8);
%! assert (g (5, {3}), 15);
%!error <FUN must be a function handle> dfg.jit (3)
%!test
%! ## "device": the plans on the emulated device, bitwise the CPU's
%! f = @(x, y) sum (tanh (x * y) .^ 2, 1);
%! gs = dfg.jit (f, "device", "sim");
%! gc = dfg.jit (f, "device", "cpu");
%! A = randn (5, 4); B = randn (4, 3);
%! assert (isequal (gs (A, B), gc (A, B)));
%! m = dfg.memory (gs);
%! assert (m.device, "sim");
%! assert (numel (dfg.nodes (gs)) > 0);
%!error <DEVICE must be> dfg.jit (@(x) x, "device", 1)
%!error <unknown device> g = dfg.jit (@(x) x, "device", "tpu"); g (1);
%!test
%! ## dfg.jit ("clear", g): every plan forgotten, the next call traces again
%! g = dfg.jit (@(x) x + 1);
%! vg = dfg.value_and_grad (@(x) sum (x .^ 2));
%! g (1);  g ([1 2]);  vg ([1 2]);
%! dfg.jit ("clear", g, vg);
%! assert (numel (functions (g).workspace{1}.p{1}.keys ()), 0);
%! assert (numel (functions (vg).workspace{1}.p{1}.keys ()), 0);
%! assert (g (2), 3);
%! assert (numel (functions (g).workspace{1}.p{1}.keys ()), 1);
%!error <argument 2 of dfg.jit \("clear", ...\) must be> dfg.jit ("clear", @sin)
