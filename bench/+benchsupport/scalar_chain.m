## -*- texinfo -*-
## @deftypefn {bench} {@var{s} =} benchsupport.scalar_chain (@var{nops}, @var{x1}, @var{x2}, @var{x3}, @var{x4})
## Applies @var{nops} scalar operations (+ - .* ./ sin cos exp tanh abs
## sqrt), cycling through benchsupport.chain_ops, starting from
## @code{s = x1}.  The same code runs on doubles and, traced, on
## dfg.Tensor scalars.
## @end deftypefn
function s = scalar_chain (nops, x1, x2, x3, x4)
  s = x1;
  for k = 0:nops-1
    switch (mod (k, 12))
      case 0
        s = s + x2;
      case 1
        s = s .* x3;
      case 2
        s = sin (s);
      case 3
        s = s - x4;
      case 4
        s = exp (s);
      case 5
        s = s ./ x1;
      case 6
        s = tanh (s);
      case 7
        s = abs (s);
      case 8
        s = sqrt (s);
      case 9
        s = cos (s);
      case 10
        s = s .* x4;
      case 11
        s = s - x3;
    endswitch
  endfor
endfunction
