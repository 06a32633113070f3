## -*- texinfo -*-
## @deftypefn {dfg} {@var{outs} =} dfg.internal.ctrl_call (@var{kind}, @var{fn}, @var{par}, @var{args}, @var{ncarry}, @var{pred}, @var{res1}, @var{res2}, @var{len}, @var{reverse}, @var{maxiter}, @var{nhidden})
## Records a loop or conditional from traced bodies (lib/ctrl.c) and
## returns its outputs as a cell of tensors.  @var{fn} is the function its
## errors name (@qcode{"scan"}, @qcode{"fori"}, ...); @var{nhidden}
## (default 0) counts leading carries the user did not give (dfg.fori's
## counter), which errors do not number.  Internal: see dfg.scan,
## dfg.fori, dfg.while and dfg.cond.
## @end deftypefn
function outs = ctrl_call (kind, fn, par, args, ncarry, pred, res1, res2, len, reverse, maxiter, nhidden = 0)
  ids = dfg_mex ("ctrl", kind, dfg.internal.untag (par), dfg.internal.untag (args), ncarry, dfg.internal.untag (pred), res1, res2, len, reverse, maxiter, fn, nhidden);
  outs = cell (1, numel (ids));
  for k = 1:numel (ids)
    outs{k} = dfg.internal.adopt (ids(k));
  endfor
endfunction
