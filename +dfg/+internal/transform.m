## -*- texinfo -*-
## @deftypefn {dfg} {@var{h} =} dfg.internal.transform (@var{kind}, @var{fun}, @var{argnums}, @var{name}, @var{value}, @dots{})
## The function handle returned by @code{dfg.grad (@var{fun})} & co.: it
## traces @var{fun} once per call signature (class and size of each
## argument), builds the derivative graph, compiles it, and runs the plan.
## @var{argnums} may be left out (or empty: 1) before the options, which
## are @code{dfg.jit}'s (@qcode{"passes"}, @qcode{"fast"},
## @qcode{"device"}).  Internal.
## @end deftypefn
function h = transform (kind, fun, argnums, varargin)
  fname = ["dfg.", kind];
  if (! is_function_handle (fun))
    error ("dfg:badArgument", "%s: FUN must be a function handle", fname);
  endif
  if (nargin >= 3 && ischar (argnums))      # no ARGNUMS, options
    varargin = [{argnums}, varargin];
    argnums = [];
  endif
  if (mod (numel (varargin), 2) != 0)
    error ("dfg:badArgument", "%s: options come in name/value pairs", fname);
  endif
  if (nargin < 3 || isempty (argnums))
    argnums = 1;
  endif
  if (! (isnumeric (argnums) && isreal (argnums) && all (argnums(:) >= 1)
         && all (argnums(:) == fix (argnums(:)))))
    error ("dfg:badArgument", "%s: ARGNUMS must be positive integers (argument positions)", fname);
  endif
  argnums = argnums(:).';
  h = dfg.internal.JitCache (fun, @(f, targs, tens) dfg.internal.ad_outputs (kind, argnums, f, targs, tens),
                             varargin{:}).handle ();
endfunction

%!test
%! h = dfg.internal.transform ("grad", @(x) sum (x .^ 2), []);
%! assert (h ([1 2]), [2 4]);
%!error <FUN must be a function handle> dfg.internal.transform ("grad", 1, 1)
%!error <ARGNUMS must be positive integers> dfg.internal.transform ("grad", @(x) x, 1.5)
%!error <options come in name/value pairs> dfg.internal.transform ("grad", @(x) x, 1, "device")
%!test
%! ## the options of dfg.jit: a plan on the emulated device, bitwise the CPU's
%! h = dfg.internal.transform ("value_and_grad", @(x) sum (exp (x) .^ 2), "device", "sim");
%! [v, g] = h ([1 2 3]);
%! h0 = dfg.internal.transform ("value_and_grad", @(x) sum (exp (x) .^ 2), 1, "device", "cpu");
%! [v0, g0] = h0 ([1 2 3]);
%! assert (isequal ([v, g], [v0, g0]));
%! m = dfg.memory (h);
%! assert (m.device, "sim");
