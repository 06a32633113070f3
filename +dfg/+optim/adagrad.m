## -*- texinfo -*-
## @deftypefn  {dfg} {@var{opt} =} dfg.optim.adagrad (@var{params})
## @deftypefnx {dfg} {@var{opt} =} dfg.optim.adagrad (@var{params}, @var{name}, @var{value}, @dots{})
## Adagrad (Duchi, Hazan and Singer), as an update of the plan that computes the loss.
##
## @var{params} is a @code{dfg.variable} or a cell array of them.  Options:
## @table @asis
## @item "lr"
## learning rate (default 0.01);
## @item "eps"
## added to the denominator (default 1e-10);
## @item "weight_decay"
## L2 penalty added to the gradient (default 0).
## @end table
##
## The step is PyTorch's (@code{torch.optim.Adagrad}, no learning-rate
## decay): with @var{g} the gradient plus @code{weight_decay * p}, @code{s =
## s + g .^ 2} and @code{p = p - lr * g ./ (sqrt (s) + eps)}.
##
## @var{opt} works as @code{dfg.optim.sgd}'s: @code{opt.updates
## (@var{loss})} gives the update rows for @code{dfg.function (...,
## "updates", ...)} (one call of the plan is a whole training step, in
## place, in C), @code{opt.lr} is the learning-rate variable (set it with
## @code{dfg.assign} between calls), @code{opt.t} the step count and
## @code{opt.state} the state variables.
## @seealso{dfg.optim.sgd, dfg.optim.adam, dfg.optim.adamw, dfg.optim.rmsprop, dfg.optim.adagrad}
## @end deftypefn
function opt = adagrad (params, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  opt = dfg.internal.optim_make ("adagrad", params, struct ("lr", 0.01, "eps", 1e-10, "weight_decay", 0), varargin);
endfunction

%!function [w, S] = ref (w, g, S, h, t)
%!  g = g + h.weight_decay * w;
%!  S.s1 = S.s1 + g .^ 2;
%!  w = w - h.lr * g ./ (sqrt (S.s1) + h.eps);
%!endfunction

%!test
%! ## three steps against the formulas, double and single
%! dfg_check_optim ("adagrad", {{}, {"lr", 0.5}, {"lr", 0.1, "weight_decay", 0.3, "eps", 1e-2}}, @ref);
%!error <PARAMS\{2\} must be a dfg.variable> dfg.optim.adagrad ({dfg.variable(1), 2})
%!error <unknown option 'nesterov'> dfg.optim.adagrad (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.adagrad (dfg.variable (1), "lr", NaN)
