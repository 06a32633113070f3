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

%!test
%! ## three steps on a least-squares problem against the formulas, double
%! ## and single
%! randn ("state", 5);
%! A = randn (6, 3); y = randn (6, 1); w0 = randn (3, 1);
%! cases = {{}, {"lr", 0.1, "weight_decay", 0.5}, {"lr", 0.05, "beta2", 0.5, "eps", 1e-3}};
%! for cl = {"double", "single"}
%!   for c = 1:numel (cases)
%!     w = dfg.variable (cast (w0, cl{1}));
%!     loss = sum ((cast (A, cl{1}) * w - cast (y, cl{1})) .^ 2);
%!     opt = dfg.optim.adamw (w, cases{c}{:});
%!     step = dfg.function ({}, {loss}, "updates", opt.updates (loss));
%!     h = struct ("lr", 0.001, "beta1", 0.9, "beta2", 0.999, "eps", 1e-8, "weight_decay", 0.01);
%!     for k = 1:2:numel (cases{c})
%!       h.(cases{c}{k}) = cases{c}{k+1};
%!     endfor
%!     wr = w0;  s1 = zeros (3, 1);  s2 = zeros (3, 1);
%!     for t = 1:3
%!       L = step ();
%!       g = 2 * A' * (A * wr - y);
%!       wr = wr * (1 - h.lr * h.weight_decay);
%!       s1 = h.beta1 * s1 + (1 - h.beta1) * g;
%!       s2 = h.beta2 * s2 + (1 - h.beta2) * g .^ 2;
%!       wr = wr - h.lr / (1 - h.beta1 ^ t) * s1 ./ (sqrt (s2) / sqrt (1 - h.beta2 ^ t) + h.eps);
%!     endfor
%!     tol = -1e-4 * strcmp (cl{1}, "single") - 1e-12;
%!     assert (class (dfg.value (w)), cl{1});
%!     assert (dfg.value (w), cast (wr, cl{1}), tol);
%!     assert (dfg.value (opt.t), 3);
%!   endfor
%! endfor
%!error <PARAMS\{2\} must be a dfg.variable> dfg.optim.adamw ({dfg.variable(1), 2})
%!error <unknown option 'nesterov'> dfg.optim.adamw (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.adamw (dfg.variable (1), "lr", NaN)
