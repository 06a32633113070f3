## -*- texinfo -*-
## @deftypefn {dfg} {@var{g} =} dfg.checkpoint (@var{fun})
## Returns a function that calls @var{fun} and marks what it computes for
## gradient checkpointing: plans compiled from the result keep only what
## @var{fun} returns (and its arguments) for the backward pass, and
## recompute the activations inside @var{fun} there instead of keeping
## them, trading compute for memory (as
## @code{torch.utils.checkpoint}).
##
## @example
## block = dfg.checkpoint (@@(h, w) tanh (tanh (h * w) * w));
## h = block (h, w1);       % inner activations recomputed in the backward pass
## @end example
##
## @var{fun} is called on tensors with the arguments given, as often as
## @var{g} is; values are the same as without checkpointing.
## @code{dfg.memory (f)} reports the nodes recomputed and their work, and
## @code{dfg.explain (f)} what the checkpoint pass did.  See also the
## @qcode{"checkpoint"} and @qcode{"memory_limit"} options of
## @code{dfg.function}.
## @seealso{dfg.function, dfg.memory, dfg.grad}
## @end deftypefn
function g = checkpoint (fun)
  if (nargin != 1)
    print_usage ();
  endif
  if (! is_function_handle (fun))
    error ("dfg:badArgument", "dfg.checkpoint: FUN must be a function handle");
  endif
  g = @(varargin) dfg.internal.run_scoped ("region", {}, fun, varargin{:});
endfunction

%!test
%! ## the same values and gradients, fewer activations kept
%! w = dfg.variable (randn (64) / 8);
%! x = dfg.input ([128 64]);
%! block = @(h) tanh (tanh (tanh (h * w) * w) * w);
%! cb = dfg.checkpoint (block);
%! h0 = x; h1 = x;
%! for k = 1:4
%!   h0 = block (h0);
%!   h1 = cb (h1);
%! endfor
%! l0 = sum (h0(:) .^ 2); l1 = sum (h1(:) .^ 2);
%! f0 = dfg.function ({x}, {l0, dfg.grad(l0, w)});
%! f1 = dfg.function ({x}, {l1, dfg.grad(l1, w)});
%! X = randn (128, 64);
%! [a0, g0] = f0 (X);
%! [a1, g1] = f1 (X);
%! assert (a1, a0);
%! assert (g1, g0);
%! m0 = dfg.memory (f0); m1 = dfg.memory (f1);
%! assert (m0.recomputed, 0);
%! assert (m1.recomputed > 0);
%! assert (m1.recompute_flops > 0);
%! assert (m1.arena_bytes < m0.arena_bytes);
%!test
%! ## several outputs; an error inside FUN ends the region
%! cb = dfg.checkpoint (@(a) deal (exp (a), a * 2));
%! x = dfg.input ([2 2]);
%! [p, q] = cb (x);
%! f = dfg.function ({x}, {p + q});
%! assert (f (ones (2)), exp (ones (2)) + 2, 1e-12);
%! bad = dfg.checkpoint (@(a) error ("boom"));
%! try, bad (x); end
%! y = exp (x);
%! f = dfg.function ({x}, {y, dfg.grad(sum(y(:)), x)});
%! m = dfg.memory (f);
%! assert (m.recomputed, 0);
%!error <FUN must be a function handle> dfg.checkpoint (1)
