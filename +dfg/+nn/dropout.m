## -*- texinfo -*-
## @deftypefn  {dfg} {@var{Y} =} dfg.nn.dropout (@var{X}, @var{p}, @var{gen})
## @deftypefnx {dfg} {@var{Y} =} dfg.nn.dropout (@dots{}, @var{name}, @var{value}, @dots{})
## Dropout: each element of @var{X} is set to zero with probability
## @var{p} and the others are scaled by 1 / (1 - @var{p}) (inverted
## dropout: the expected value is @var{X}).
##
## @var{gen} is a generator from @code{dfg.nn.rng}; the mask is drawn in
## the graph, anew at each call of a plan whose updates advance
## @code{gen.counter} (add @code{gen.updates ()} to them).  Options:
## @table @asis
## @item "mode"
## @qcode{"training"} (the default) or @qcode{"inference"} (@var{Y} =
## @var{X}: evaluation mode);
## @item "stream"
## a nonnegative integer (default 0): two dropout layers that share a
## generator need different streams, or their masks are the same.
## @end table
## The gradient is the mask (times 1 / (1 - @var{p})).
## @seealso{dfg.nn.rng}
## @end deftypefn
function Y = dropout (X, p, gen, varargin)
  if (nargin < 3)
    print_usage ();
  endif
  if (! (isnumeric (p) && isreal (p) && isscalar (p) && p >= 0 && p < 1))
    error ("dfg:badArgument", "dfg.nn.dropout: P (argument 2) must be a probability in [0, 1)");
  endif
  if (! isstruct (gen) || ! isfield (gen, "kind") || ! strcmp (gen.kind, "rng"))
    error ("dfg:badArgument", "dfg.nn.dropout: GEN (argument 3) must be a generator from dfg.nn.rng");
  endif
  mode = "training";  stream = 0;
  if (mod (numel (varargin), 2))
    error ("dfg:badArgument", "dfg.nn.dropout: options come in name/value pairs");
  endif
  for k = 1:2:numel (varargin)
    v = varargin{k+1};
    switch (lower (varargin{k}))
      case "mode"
        if (! ischar (v) || ! any (strcmpi (v, {"training", "inference"})))
          error ("dfg:badArgument", "dfg.nn.dropout: \"mode\" must be \"training\" or \"inference\"");
        endif
        mode = lower (v);
      case "stream"
        if (! (isnumeric (v) && isscalar (v) && v >= 0 && v == fix (v) && v < 2^53))
          error ("dfg:badArgument", "dfg.nn.dropout: \"stream\" must be a nonnegative integer");
        endif
        stream = double (v);
      otherwise
        error ("dfg:badArgument", "dfg.nn.dropout: unknown option '%s' (mode, stream)", varargin{k});
    endswitch
  endfor
  if (strcmp (mode, "inference") || p == 0)
    Y = X;
    return;
  endif
  cls = class (X);
  U = dfg.Tensor (dfg_mex ("rand_uniform", gen.counter, size (X), gen.seed, stream));
  keep = cast (U >= p, cls) .* cast (1 / (1 - p), cls);
  Y = X .* keep;
  if (! isa (X, "dfg.Tensor"))
    Y = dfg.value (Y);             # plain in, plain out (the current counter's mask)
  endif
endfunction

%!test
%! gen = dfg.nn.rng (3);
%! x = dfg.input ([200 100]);
%! y = dfg.nn.dropout (x, 0.3, gen);
%! f = dfg.function ({x}, {y}, "updates", gen.updates ());
%! X = ones (200, 100);
%! a = f (X);  b = f (X);
%! assert (all (a(:) == 0 | abs (a(:) - 1 / 0.7) < 1e-15));
%! assert (mean (a(:) == 0), 0.3, 0.01);
%! assert (mean (a(:)), 1, 0.02);
%! assert (! isequal (a, b));                    # a new mask each call
%! assert (dfg.value (gen.counter), 2);
%! ## the same counter and seed: the same mask
%! dfg.assign (gen.counter, 0);
%! assert (f (X), a);
%! ## streams differ
%! z = dfg.nn.dropout (x, 0.3, gen, "stream", 1);
%! g = dfg.function ({x}, {y, z});
%! [c, d] = g (X);
%! assert (! isequal (c, d));
%! ## inference: the identity
%! assert (dfg.value (dfg.nn.dropout (dfg.constant (X), 0.3, gen, "mode", "inference")), X);
%! assert (class (dfg.value (dfg.nn.dropout (dfg.constant (single (X)), 0.5, gen))), "single");
%! ## a plain array gives a plain array
%! P = dfg.nn.dropout (X, 0.3, gen);
%! assert (isnumeric (P) && ! isa (P, "dfg.Tensor") && isequal (size (P), size (X)));
%!test
%! ## the gradient is the mask
%! gen = dfg.nn.rng (11);
%! w = dfg.variable (randn (5, 4));
%! y = dfg.nn.dropout (w, 0.5, gen);
%! f = dfg.function ({}, {y, dfg.grad(sum(y(:)), w)});
%! [v, g] = f ();
%! assert (g, 2 * (v != 0) .* ones (5, 4));
%! assert (v, dfg.value (w) .* g);
%!error <P \(argument 2\) must be a probability> dfg.nn.dropout (1, 1, dfg.nn.rng (1))
%!error <GEN \(argument 3\)> dfg.nn.dropout (1, 0.5, 3)
