## -*- texinfo -*-
## @deftypefn {bench} {@var{ops} =} benchsupport.chain_ops ()
## The cycle of scalar operations used by bench_scalar_plan: a cell array
## of Octave statements on the state @code{s} and the inputs @code{x1} ..
## @code{x4}, one operation each.  Operation @var{k} (0-based) of a chain
## is @code{ops@{mod (k, numel (ops)) + 1@}}.  With inputs in [0.5, 1.5]
## every value stays bounded (no overflow, no division by zero, sqrt of a
## non-negative number).  benchsupport.scalar_chain applies the same cycle
## in a loop; benchsupport.write_chain writes it out as straight-line code.
## @end deftypefn
function ops = chain_ops ()
  ops = {"s = s + x2;"
         "s = s .* x3;"
         "s = sin (s);"
         "s = s - x4;"
         "s = exp (s);"
         "s = s ./ x1;"
         "s = tanh (s);"
         "s = abs (s);"
         "s = sqrt (s);"
         "s = cos (s);"
         "s = s .* x4;"
         "s = s - x3;"};
endfunction
