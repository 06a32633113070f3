## -*- texinfo -*-
## @deftypefn  {dfg} {@var{opt} =} dfg.optim.adam (@var{params})
## @deftypefnx {dfg} {@var{opt} =} dfg.optim.adam (@var{params}, @var{name}, @var{value}, @dots{})
## Adam (Kingma and Ba), as an update of the plan that computes the loss.
##
## @var{params} is a @code{dfg.variable} or a cell array of them.  Options:
## @table @asis
## @item "lr"
## learning rate (default 0.001);
## @item "beta1", "beta2"
## decay rates of the first and second moment estimates, in [0, 1)
## (defaults 0.9, 0.999);
## @item "eps"
## added to the denominator (default 1e-8);
## @item "weight_decay"
## L2 penalty added to the gradient (default 0; for decoupled weight
## decay use @code{dfg.optim.adamw}).
## @end table
##
## The step is PyTorch's (@code{torch.optim.Adam}): with @var{g} the
## gradient plus @code{weight_decay * p}, @code{m = beta1 * m + (1 - beta1) *
## g}, @code{v = beta2 * v + (1 - beta2) * g .^ 2}, and at step @var{t}
## @code{p = p - lr / (1 - beta1 ^ t) * m ./ (sqrt (v) / sqrt (1 - beta2 ^ t)
## + eps)}.
##
## @var{opt} works as @code{dfg.optim.sgd}'s: @code{opt.updates
## (@var{loss})} gives the update rows for @code{dfg.function (...,
## "updates", ...)} (one call of the plan is a whole training step, in
## place, in C), @code{opt.lr} is the learning-rate variable (set it with
## @code{dfg.assign} between calls), @code{opt.t} the step count and
## @code{opt.state} the state variables.
## @seealso{dfg.optim.sgd, dfg.optim.adam, dfg.optim.adamw, dfg.optim.rmsprop, dfg.optim.adagrad}
## @end deftypefn
function opt = adam (params, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  opt = dfg.internal.optim_make ("adam", params, struct ("lr", 0.001, "beta1", 0.9, "beta2", 0.999, "eps", 1e-8, "weight_decay", 0), varargin);
endfunction

%!function [w, S] = ref (w, g, S, h, t)
%!  g = g + h.weight_decay * w;
%!  S.s1 = h.beta1 * S.s1 + (1 - h.beta1) * g;
%!  S.s2 = h.beta2 * S.s2 + (1 - h.beta2) * g .^ 2;
%!  w = w - h.lr / (1 - h.beta1 ^ t) * S.s1 ./ (sqrt (S.s2) / sqrt (1 - h.beta2 ^ t) + h.eps);
%!endfunction

%!test
%! ## three steps against the formulas, double and single
%! dfg_check_optim ("adam", {{}, {"lr", 0.1, "beta1", 0.5, "beta2", 0.9}, {"lr", 0.05, "weight_decay", 0.2, "eps", 1e-3}}, @ref);
%!error <PARAMS\{2\} must be a dfg.variable> dfg.optim.adam ({dfg.variable(1), 2})
%!error <unknown option 'nesterov'> dfg.optim.adam (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.adam (dfg.variable (1), "lr", NaN)
