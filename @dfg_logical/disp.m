## -*- texinfo -*-
## @deftypefn {dfg} {} disp (@var{m})
## Shows a logical tensor as @code{dfg.Tensor} does.
## @end deftypefn
function disp (m)
  disp (m.t);
endfunction
