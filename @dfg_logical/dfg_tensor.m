## -*- texinfo -*-
## @deftypefn {dfg} {@var{t} =} dfg_tensor (@var{m})
## The @code{dfg.Tensor} inside the logical tensor @var{m}.  Internal: dfg's
## own functions use it (through @code{dfg.internal.untag}) before handing
## a tensor to the MEX gateway.
## @end deftypefn
function t = dfg_tensor (m)
  t = m.t;
endfunction
