## -*- texinfo -*-
## @deftypefn {dfg} {[@var{y1}, @dots{}] =} dfg.on (@var{device}, @var{fun}, @var{x1}, @dots{})
## Calls @var{fun} (@var{x1}, @dots{}) and places every node it records on
## @var{device} (@qcode{"cpu"}, @qcode{"sim"} or @qcode{"gpu"}), whatever
## device the plan is compiled for: a per-op override for mixed graphs
## (TensorFlow's @code{with tf.device}).
##
## @example
## x = dfg.input ([1000 1], "single");
## y = exp (x);                                  % on the plan's device
## s = dfg.on ("cpu", @@(v) cumsum (v) ./ max (v), y);  % on the CPU
## f = dfg.function (@{x@}, @{s .* 2@}, "device", "sim");
## @end example
##
## A plan runs on the host and at most one device.  Where a value made on
## one side is read on the other the compiler inserts a copy node; inputs
## and constants are read in place on the host.  @code{dfg.nodes (f)}
## lists each node's device (copies as @code{copy}), @code{dfg.explain}
## and @code{dfg.dot} show them, and @code{dfg.memory (f)} counts the
## copies and the host side's arena.  Nodes placed on a device in a plan
## compiled for the CPU move the plan to that device (the other nodes then
## run on the host).  Values are bitwise those of a plan on the CPU.
## The gradient of a node placed by @code{dfg.on} runs where the node does
## (TensorFlow's colocate_gradients_with_ops); other gradient nodes follow
## the placement in force where @code{dfg.grad} is called.
## @seealso{dfg.device, dfg.function, dfg.nodes}
## @end deftypefn
function varargout = on (device, fun, varargin)
  if (nargin < 2)
    print_usage ();
  endif
  if (! ischar (device) || ! any (strcmp (device, {"cpu", "sim", "gpu"})))
    error ("dfg:badArgument", "dfg.on: DEVICE (argument 1) must be \"cpu\", \"sim\" or \"gpu\"");
  endif
  if (! is_function_handle (fun))
    error ("dfg:badArgument", "dfg.on: FUN (argument 2) must be a function handle");
  endif
  [varargout{1:max (nargout, 1)}] = dfg.internal.run_scoped ("place", {device}, fun, varargin{:});
endfunction

%!test
%! ## a scan on the CPU inside a plan on the sim device: copies both ways,
%! ## values bitwise those of the CPU plan
%! x = dfg.input ([50 1]);
%! y = exp (x) .* 2;
%! s = dfg.on ("cpu", @(v) cumsum (v), y);
%! z = s + 1;
%! fs = dfg.function ({x}, {z, s}, "device", "sim");
%! fc = dfg.function ({x}, {z, s}, "device", "cpu");
%! X = randn (50, 1);
%! [a, b] = fs (X);
%! [c, d] = fc (X);
%! assert (isequal (a, c) && isequal (b, d));
%! n = dfg.nodes (fs);
%! dev = {n.device};
%! ops = {n.op};
%! assert (any (strcmp (ops, "copy")));
%! assert (all (strcmp (dev(strcmp (ops, "cumsum")), "cpu")));
%! assert (all (strcmp (dev(strcmp (ops, "exp") | strcmp (ops, "plus")), "sim")));
%! m = dfg.memory (fs);
%! assert (m.device, "sim");
%! assert (m.copies, 2);
%! assert (m.host_arena_bytes > 0);
%!test
%! ## nodes placed on "sim" move a plan compiled for the CPU there
%! x = dfg.input ([4 4]);
%! y = dfg.on ("sim", @(v) v * v, x);
%! f = dfg.function ({x}, {y + 1});
%! X = magic (4);
%! assert (f (X), X * X + 1);
%! m = dfg.memory (f);
%! assert (m.device, "sim");
%! n = dfg.nodes (f);
%! assert (n(strcmp ({n.op}, "mtimes")).device, "sim");
%! assert (n(strcmp ({n.op}, "plus")).device, "cpu");
%!test
%! ## placement nests and ends with FUN, also when FUN fails
%! x = dfg.input ([3 1]);
%! try, dfg.on ("cpu", @(v) error ("boom"), x); end
%! f = dfg.function ({x}, {exp(x)}, "device", "sim");
%! n = dfg.nodes (f);
%! assert (n(end).device, "sim");
%! [a, b] = dfg.on ("cpu", @(v) deal (v + 1, dfg.on ("sim", @(w) w * 2, v)), x);
%! f = dfg.function ({x}, {a, b}, "device", "sim");
%! n = dfg.nodes (f);
%! assert (n(strcmp ({n.op}, "plus")).device, "cpu");
%! assert (n(strcmp ({n.op}, "times")).device, "sim");
%! assert (f ([1; 2; 3]), [2; 3; 4]);
%!test
%! ## gradients run where their forward op was placed
%! x = dfg.input ([6 1]);
%! s = dfg.on ("cpu", @(v) tanh (v), exp (x));
%! l = sum (s .* x);
%! g = dfg.grad (l, x);
%! f = dfg.function ({x}, {l, g}, "device", "sim", "passes", "-fuse");
%! n = dfg.nodes (f);
%! assert (any ([n.backward] & strcmp ({n.device}, "cpu")));
%! assert (any ([n.backward] & strcmp ({n.device}, "sim")));
%! fc = dfg.function ({x}, {l, g}, "device", "cpu");
%! X = randn (6, 1);
%! [a, c] = f (X);
%! [a0, c0] = fc (X);
%! assert (isequal ([a; c], [a0; c0]));
%!error <DEVICE \(argument 1\) must be> dfg.on ("tpu", @(x) x, 1)
%!error <FUN \(argument 2\) must be a function handle> dfg.on ("cpu", 1)
