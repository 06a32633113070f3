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

%!test
%! ## three steps on a least-squares problem against the formulas, double
%! ## and single
%! randn ("state", 5);
%! A = randn (6, 3); y = randn (6, 1); w0 = randn (3, 1);
%! cases = {{}, {"lr", 0.05, "alpha", 0.5, "momentum", 0.9}, {"weight_decay", 0.3, "eps", 1e-2}};
%! for cl = {"double", "single"}
%!   for c = 1:numel (cases)
%!     w = dfg.variable (cast (w0, cl{1}));
%!     loss = sum ((cast (A, cl{1}) * w - cast (y, cl{1})) .^ 2);
%!     opt = dfg.optim.rmsprop (w, cases{c}{:});
%!     step = dfg.function ({}, {loss}, "updates", opt.updates (loss));
%!     h = struct ("lr", 0.01, "alpha", 0.99, "eps", 1e-8, "momentum", 0, "weight_decay", 0);
%!     for k = 1:2:numel (cases{c})
%!       h.(cases{c}{k}) = cases{c}{k+1};
%!     endfor
%!     wr = w0;  s1 = zeros (3, 1);  s2 = zeros (3, 1);
%!     for t = 1:3
%!       L = step ();
%!       g = 2 * A' * (A * wr - y);
%!       g = g + h.weight_decay * wr;
%!       s1 = h.alpha * s1 + (1 - h.alpha) * g .^ 2;
%!       d = g ./ (sqrt (s1) + h.eps);
%!       if (h.momentum > 0)
%!         s2 = h.momentum * s2 + d;
%!         d = s2;
%!       endif
%!       wr = wr - h.lr * d;
%!     endfor
%!     tol = -1e-4 * strcmp (cl{1}, "single") - 1e-12;
%!     assert (class (dfg.value (w)), cl{1});
%!     assert (dfg.value (w), cast (wr, cl{1}), tol);
%!     assert (dfg.value (opt.t), 3);
%!   endfor
%! endfor
%!error <PARAMS\{2\} must be a dfg.variable> dfg.optim.rmsprop ({dfg.variable(1), 2})
%!error <unknown option 'nesterov'> dfg.optim.rmsprop (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.rmsprop (dfg.variable (1), "lr", NaN)
