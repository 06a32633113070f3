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

%!test
%! ## three steps on a least-squares problem against the formulas, double
%! ## and single
%! randn ("state", 5);
%! A = randn (6, 3); y = randn (6, 1); w0 = randn (3, 1);
%! cases = {{}, {"lr", 0.5}, {"lr", 0.1, "weight_decay", 0.3, "eps", 1e-2}};
%! for cl = {"double", "single"}
%!   for c = 1:numel (cases)
%!     w = dfg.variable (cast (w0, cl{1}));
%!     loss = sum ((cast (A, cl{1}) * w - cast (y, cl{1})) .^ 2);
%!     opt = dfg.optim.adagrad (w, cases{c}{:});
%!     step = dfg.function ({}, {loss}, "updates", opt.updates (loss));
%!     h = struct ("lr", 0.01, "eps", 1e-10, "weight_decay", 0);
%!     for k = 1:2:numel (cases{c})
%!       h.(cases{c}{k}) = cases{c}{k+1};
%!     endfor
%!     wr = w0;  s1 = zeros (3, 1);  s2 = zeros (3, 1);
%!     for t = 1:3
%!       L = step ();
%!       g = 2 * A' * (A * wr - y);
%!       g = g + h.weight_decay * wr;
%!       s1 = s1 + g .^ 2;
%!       wr = wr - h.lr * g ./ (sqrt (s1) + h.eps);
%!     endfor
%!     tol = -1e-4 * strcmp (cl{1}, "single") - 1e-12;
%!     assert (class (dfg.value (w)), cl{1});
%!     assert (dfg.value (w), cast (wr, cl{1}), tol);
%!     assert (dfg.value (opt.t), 3);
%!   endfor
%! endfor
%!error <PARAMS\{2\} must be a dfg.variable> dfg.optim.adagrad ({dfg.variable(1), 2})
%!error <unknown option 'nesterov'> dfg.optim.adagrad (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.adagrad (dfg.variable (1), "lr", NaN)
