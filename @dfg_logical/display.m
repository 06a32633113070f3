## -*- texinfo -*-
## @deftypefn {dfg} {} display (@var{m})
## Shows a logical tensor as @code{dfg.Tensor} does.
## @end deftypefn
function display (m)
  printf ("%s =\n\n", inputname (1));
  disp (m.t);
  printf ("\n");
endfunction
