## -*- texinfo -*-
## @deftypefn  {dfg} {@var{opt} =} dfg.optim.sgd (@var{params})
## @deftypefnx {dfg} {@var{opt} =} dfg.optim.sgd (@var{params}, @var{name}, @var{value}, @dots{})
## Stochastic gradient descent, with momentum, Nesterov momentum and weight
## decay, as an update of the plan that computes the loss.
##
## @var{params} is a @code{dfg.variable} or a cell array of them.  Options:
## @table @asis
## @item "lr"
## learning rate (default 0.01);
## @item "momentum"
## in [0, 1) (default 0);
## @item "dampening"
## in [0, 1) (default 0);
## @item "nesterov"
## true for Nesterov momentum (default false; needs momentum > 0 and no
## dampening);
## @item "weight_decay"
## L2 penalty added to the gradient (default 0).
## @end table
##
## The step is PyTorch's (@code{torch.optim.SGD}): with @var{g} the gradient
## plus @code{weight_decay * p}, @code{buf = momentum * buf + (1 -
## dampening) * g} (the first step: @code{buf = g}), the direction @var{d}
## is @code{g + momentum * buf} (Nesterov) or @code{buf}, and @code{p = p -
## lr * d}.
##
## @var{opt} is a struct: @code{opt.updates (@var{loss})} returns the
## update rows for @code{dfg.function}, so that one call of the plan is a
## whole training step, run in C with the parameters and the state updated
## in place:
##
## @example
## opt = dfg.optim.sgd (@{W, b@}, "lr", 0.1, "momentum", 0.9);
## step = dfg.function (@{X, Y@}, @{loss@}, "updates", opt.updates (loss));
## for epoch = 1:10
##   L = step (Xbatch, Ybatch);
##   dfg.assign (opt.lr, 0.1 * 0.9 ^ epoch);   # a learning-rate schedule
## endfor
## @end example
##
## @code{opt.lr} is a variable holding the learning rate (change it with
## @code{dfg.assign} between calls), @code{opt.t} counts the steps taken,
## @code{opt.state} holds the momentum buffers (@code{dfg.variable}s of each
## parameter's class and size), @code{opt.params} the parameters and
## @code{opt.hyper} the other options.
## @seealso{dfg.optim.adam, dfg.optim.adamw, dfg.optim.rmsprop, dfg.optim.adagrad, dfg.function}
## @end deftypefn
function opt = sgd (params, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  opt = dfg.internal.optim_make ("sgd", params, struct ("lr", 0.01, "momentum", 0, "dampening", 0,
                                 "nesterov", false, "weight_decay", 0), varargin);
endfunction

%!function [w, S] = ref (w, g, S, h, t)
%!  g = g + h.weight_decay * w;
%!  d = g;
%!  if (h.momentum > 0)
%!    if (t == 1)
%!      S.s1 = g;
%!    else
%!      S.s1 = h.momentum * S.s1 + (1 - h.dampening) * g;
%!    endif
%!    d = S.s1;
%!    if (h.nesterov)
%!      d = g + h.momentum * S.s1;
%!    endif
%!  endif
%!  w = w - h.lr * d;
%!endfunction

%!test
%! ## three steps against the formulas, for plain, momentum, Nesterov,
%! ## dampening and weight decay; double and single
%! dfg_check_optim ("sgd", {{"lr", 0.05}, {"lr", 0.05, "momentum", 0.9}, ...
%!                          {"lr", 0.05, "momentum", 0.8, "nesterov", true}, ...
%!                          {"lr", 0.05, "momentum", 0.5, "dampening", 0.3, "weight_decay", 0.1}}, @ref);
%!test
%! ## the learning rate is a variable: a schedule between calls
%! w = dfg.variable (1);
%! loss = w .* w;
%! opt = dfg.optim.sgd ({w}, "lr", 0.5);
%! step = dfg.function ({}, {loss}, "updates", opt.updates (loss));
%! step ();
%! assert (dfg.value (w), 0);
%! dfg.assign (w, 1);
%! dfg.assign (opt.lr, 0.25);
%! step ();
%! assert (dfg.value (w), 0.5);
%!test
%! ## several parameters of different sizes and classes in one step
%! randn ("state", 4);
%! W0 = randn (3, 4); b0 = single (randn (3, 1)); X = randn (4, 5);
%! W = dfg.variable (W0); b = dfg.variable (b0);
%! loss = sum (sum ((W * X + cast (b, "double")) .^ 2));
%! opt = dfg.optim.sgd ({W, b}, "lr", 0.01, "momentum", 0.9);
%! step = dfg.function ({}, {loss}, "updates", opt.updates (loss));
%! step ();
%! R = W0 * X + double (b0);
%! assert (dfg.value (W), W0 - 0.01 * 2 * R * X', 1e-12);
%! assert (dfg.value (b), single (double (b0) - 0.01 * 2 * sum (R, 2)), 1e-5);
%! assert (class (dfg.value (b)), "single");
%! assert (class (dfg.value (opt.state.momentum_buffer{2})), "single");
%! assert (numel (opt.params), 2);
%!error <PARAMS\{1\} must be a dfg.variable> dfg.optim.sgd ({dfg.input([1 1])})
%!error <PARAMS must be> dfg.optim.sgd (1)
%!error <PARAMS\{2\} is PARAMS\{1\} again> w = dfg.variable (1); dfg.optim.sgd ({w, w})
%!error <unknown option 'beta'> dfg.optim.sgd (dfg.variable (1), "beta", 1)
%!error <'momentum' must be in> dfg.optim.sgd (dfg.variable (1), "momentum", 1)
%!error <'nesterov' needs> dfg.optim.sgd (dfg.variable (1), "nesterov", true)
%!error <'lr' must be a nonnegative> dfg.optim.sgd (dfg.variable (1), "lr", -1)
%!error <name/value pairs> dfg.optim.sgd (dfg.variable (1), "lr")
%!error <LOSS must be a scalar> opt = dfg.optim.sgd (dfg.variable ([1 2])); opt.updates (dfg.variable ([1 2]))
