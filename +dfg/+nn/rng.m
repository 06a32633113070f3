## -*- texinfo -*-
## @deftypefn {dfg} {@var{gen} =} dfg.nn.rng (@var{seed})
## A random-number generator for graphs (dfg.nn.dropout): a seed and a
## step counter.
##
## @var{seed} is an integer from 0 to 2^53-1.  @var{gen} is a struct:
## @code{gen.counter} is a @code{dfg.variable} (0 at first) and
## @code{gen.updates ()} the update row that advances it by one.  Add it to
## a training step's updates, so that every step draws new numbers:
##
## @example
## gen = dfg.nn.rng (42);
## H = dfg.nn.dropout (dfg.nn.relu (dfg.nn.linear (x, W1, b1)), 0.5, gen);
## step = dfg.function (@{x, y@}, @{loss@}, "updates", [opt.updates(loss); gen.updates()]);
## @end example
##
## The numbers are a pure function of (seed, stream, counter, element):
## the same on every machine and thread count, and a run restored with
## @code{dfg.load} (which restores the counter) draws what the interrupted
## run would have drawn.
## @seealso{dfg.nn.dropout, dfg.save}
## @end deftypefn
function gen = rng (seed)
  if (nargin != 1)
    print_usage ();
  endif
  if (! (isnumeric (seed) && isreal (seed) && isscalar (seed) && seed >= 0 && seed == fix (seed) && seed < 2^53))
    error ("dfg:badArgument", "dfg.nn.rng: SEED must be an integer from 0 to 2^53-1");
  endif
  counter = dfg.variable (0, "rng_counter");
  gen = struct ("kind", "rng", "seed", double (seed), "counter", counter);
  gen.updates = @() {counter, counter + 1};
endfunction

%!test
%! gen = dfg.nn.rng (7);
%! assert (dfg.value (gen.counter), 0);
%! u = gen.updates ();
%! assert (size (u), [1 2]);
%! f = dfg.function ({}, {gen.counter}, "updates", u);
%! assert (f (), 0);
%! assert (dfg.value (gen.counter), 1);
%!error <SEED must be an integer> dfg.nn.rng (-1)
%!error <SEED must be an integer> dfg.nn.rng (1.5)
