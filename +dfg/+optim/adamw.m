## -*- texinfo -*-
## @deftypefn  {dfg} {@var{opt} =} dfg.optim.adamw (@var{params})
## @deftypefnx {dfg} {@var{opt} =} dfg.optim.adamw (@var{params}, @var{name}, @var{value}, @dots{})
## Adam with decoupled weight decay (Loshchilov and Hutter), as an update of the plan that computes the loss.
##
## @var{params} is a @code{dfg.variable} or a cell array of them.  Options:
## @table @asis
## @item "lr"
## learning rate (default 0.001);
## @item "beta1", "beta2"
## decay rates of the moment estimates, in [0, 1) (defaults 0.9, 0.999);
## @item "eps"
## added to the denominator (default 1e-8);
## @item "weight_decay"
## decoupled weight decay (default 0.01).
## @end table
##
## The step is PyTorch's (@code{torch.optim.AdamW}): @code{p = p .* (1 -
## lr * weight_decay)}, then Adam's step (@code{dfg.optim.adam}) on the
## plain gradient.
##
## @var{opt} works as @code{dfg.optim.sgd}'s: @code{opt.updates
## (@var{loss})} gives the update rows for @code{dfg.function (...,
## "updates", ...)} (one call of the plan is a whole training step, in
## place, in C), @code{opt.lr} is the learning-rate variable (set it with
## @code{dfg.assign} between calls), @code{opt.t} the step count and
## @code{opt.state} the state variables.
## @seealso{dfg.optim.sgd, dfg.optim.adam, dfg.optim.adamw, dfg.optim.rmsprop, dfg.optim.adagrad}
## @end deftypefn
function opt = adamw (params, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  opt = dfg.internal.optim_make ("adamw", params, struct ("lr", 0.001, "beta1", 0.9, "beta2", 0.999, "eps", 1e-8, "weight_decay", 0.01), varargin);
endfunction

%!function [w, S] = ref (w, g, S, h, t)
%!  w = w * (1 - h.lr * h.weight_decay);
%!  S.s1 = h.beta1 * S.s1 + (1 - h.beta1) * g;
%!  S.s2 = h.beta2 * S.s2 + (1 - h.beta2) * g .^ 2;
%!  w = w - h.lr / (1 - h.beta1 ^ t) * S.s1 ./ (sqrt (S.s2) / sqrt (1 - h.beta2 ^ t) + h.eps);
%!endfunction

%!test
%! ## three steps against the formulas, double and single
%! dfg_check_optim ("adamw", {{}, {"lr", 0.1, "weight_decay", 0.5}, {"lr", 0.05, "beta2", 0.5, "eps", 1e-3}}, @ref);
%!error <PARAMS\{2\} must be a dfg.variable> dfg.optim.adamw ({dfg.variable(1), 2})
%!error <unknown option 'nesterov'> dfg.optim.adamw (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.adamw (dfg.variable (1), "lr", NaN)
