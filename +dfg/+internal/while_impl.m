## -*- texinfo -*-
## @deftypefn {dfg} {@var{outs} =} dfg.internal.while_impl (@var{nm}, @var{nhidden}, @var{maxiter}, @var{cond_fn}, @var{body_fn}, @var{init}@dots{})
## Records a while loop (lib/ctrl.c) and returns its final states as a
## cell of tensors: the implementation of @code{dfg.while}, also used by
## @code{dfg.fori}.  @var{nm} names the caller in errors (fields @code{fn},
## e.g. @qcode{"while"}; @code{cond} and @code{body}, its function
## arguments); the first @var{nhidden} states are the caller's own (fori's
## counter) and errors number the states after them.  @var{maxiter} 0: no
## limit.  Internal.
## @end deftypefn
function outs = while_impl (nm, nhidden, maxiter, cond_fn, body_fn, varargin)
  init = varargin;
  n = numel (init);
  par = cell (1, n);
  for k = 1:n
    par{k} = dfg.internal.ctrl_param (init{k}, "state", nm.fn);
  endfor
  c = dfg.internal.ctrl_apply (cond_fn, 1, ["dfg." nm.fn], nm.cond, par{:});
  c = c{1};
  body = dfg.internal.ctrl_apply (body_fn, n, ["dfg." nm.fn], [nm.body " (one value per state)"], par{:});
  outs = dfg.internal.ctrl_call ("while", nm.fn, par, init, n, [], body, {c}, -1, 0, maxiter, nhidden);
endfunction

%!test
%! nm = struct ("fn", "fori", "cond", "HI", "body", "BODY");
%! s = dfg.internal.while_impl (nm, 1, 0, @(k, x) k < 3, @(k, x) deal (k + 1, 2 * x), 0, 1);
%! assert (dfg.value (s{2}), 8);
%!error <dfg.fori: a state must be a tensor> dfg.internal.while_impl (struct ("fn", "fori", "cond", "HI", "body", "BODY"), 1, 0, @(k, x) k < 3, @(k, x) deal (k + 1, x), 0, "a")
