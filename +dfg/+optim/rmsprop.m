## -*- texinfo -*-
## @deftypefn  {dfg} {@var{opt} =} dfg.optim.rmsprop (@var{params})
## @deftypefnx {dfg} {@var{opt} =} dfg.optim.rmsprop (@var{params}, @var{name}, @var{value}, @dots{})
## RMSprop (Hinton), as an update of the plan that computes the loss.
##
## @var{params} is a @code{dfg.variable} or a cell array of them.  Options:
## @table @asis
## @item "lr"
## learning rate (default 0.01);
## @item "alpha"
## decay rate of the squared-gradient average, in [0, 1) (default 0.99);
## @item "eps"
## added to the denominator (default 1e-8);
## @item "momentum"
## in [0, 1) (default 0);
## @item "weight_decay"
## L2 penalty added to the gradient (default 0).
## @end table
##
## The step is PyTorch's (@code{torch.optim.RMSprop}, not centred): with
## @var{g} the gradient plus @code{weight_decay * p}, @code{s = alpha * s +
## (1 - alpha) * g .^ 2}, @code{d = g ./ (sqrt (s) + eps)}, with momentum
## @code{buf = momentum * buf + d} and @code{d = buf}; then @code{p = p - lr
## * d}.
##
## @var{opt} works as @code{dfg.optim.sgd}'s: @code{opt.updates
## (@var{loss})} gives the update rows for @code{dfg.function (...,
## "updates", ...)} (one call of the plan is a whole training step, in
## place, in C), @code{opt.lr} is the learning-rate variable (set it with
## @code{dfg.assign} between calls), @code{opt.t} the step count and
## @code{opt.state} the state variables.
## @seealso{dfg.optim.sgd, dfg.optim.adam, dfg.optim.adamw, dfg.optim.rmsprop, dfg.optim.adagrad}
## @end deftypefn
function opt = rmsprop (params, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  opt = dfg.internal.optim_make ("rmsprop", params, struct ("lr", 0.01, "alpha", 0.99, "eps", 1e-8, "momentum", 0, "weight_decay", 0), varargin);
endfunction

%!function [w, S] = ref (w, g, S, h, t)
%!  g = g + h.weight_decay * w;
%!  S.s1 = h.alpha * S.s1 + (1 - h.alpha) * g .^ 2;
%!  d = g ./ (sqrt (S.s1) + h.eps);
%!  if (h.momentum > 0)
%!    S.s2 = h.momentum * S.s2 + d;
%!    d = S.s2;
%!  endif
%!  w = w - h.lr * d;
%!endfunction

%!test
%! ## three steps against the formulas, double and single
%! dfg_check_optim ("rmsprop", {{}, {"lr", 0.05, "alpha", 0.5, "momentum", 0.9}, {"weight_decay", 0.3, "eps", 1e-2}}, @ref);
%!error <PARAMS\{2\} must be a dfg.variable> dfg.optim.rmsprop ({dfg.variable(1), 2})
%!error <unknown option 'nesterov'> dfg.optim.rmsprop (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.rmsprop (dfg.variable (1), "lr", NaN)
