## -*- texinfo -*-
## @deftypefn {} {@var{upd} =} dfg.internal.optim_updates (@var{opt}, @var{loss})
## Internal: the update rows (variable, new value; one row per parameter,
## state variable and step counter) of one optimiser step on @var{loss}, as
## graph; dfg.function (..., "updates", @var{upd}) runs them in C, all
## computed from the values before the step.  The formulas are PyTorch's
## (torch.optim, 1.13) for the same options.
## @end deftypefn
function upd = optim_updates (opt, loss)
  if (! isa (loss, "dfg.Tensor") || numel (loss) != 1)
    error ("dfg:badArgument", "dfg.optim: %s.updates: LOSS must be a scalar dfg tensor", opt.kind);
  endif
  P = opt.params;
  G = dfg.grad (loss, P);            # a cell: one gradient per parameter
  h = opt.hyper;
  lr = opt.lr;
  t1 = opt.t + 1;
  upd = cell (0, 2);
  for k = 1:numel (P)
    p = P{k};
    g = G{k};
    c = class (p);
    cs = @(v) cast (v, c);
    switch (opt.kind)
      case "sgd"
        if (h.weight_decay > 0)
          g = g + cs (h.weight_decay) .* p;
        endif
        d = g;
        if (h.momentum > 0)
          b = opt.state.momentum_buffer{k};
          if (h.dampening > 0)
            ## the first step takes the gradient undamped (PyTorch's buffer
            ## starts as a copy of it)
            nb = cs (h.momentum) .* b + cast (1 - h.dampening + h.dampening .* (opt.t == 0), c) .* g;
          else
            nb = cs (h.momentum) .* b + g;
          endif
          upd(end+1, :) = {b, nb};
          if (h.nesterov)
            d = g + cs (h.momentum) .* nb;
          else
            d = nb;
          endif
        endif
        np = p - cast (lr, c) .* d;
      case {"adam", "adamw"}
        if (strcmp (opt.kind, "adamw"))
          p0 = p .* (1 - cast (lr, c) .* cs (h.weight_decay));
        else
          p0 = p;
          if (h.weight_decay > 0)
            g = g + cs (h.weight_decay) .* p;
          endif
        endif
        m = opt.state.m{k};
        v = opt.state.v{k};
        nm = cs (h.beta1) .* m + cs (1 - h.beta1) .* g;
        nv = cs (h.beta2) .* v + cs (1 - h.beta2) .* (g .* g);
        upd(end+1, :) = {m, nm};
        upd(end+1, :) = {v, nv};
        bc1 = 1 - h.beta1 .^ t1;          # double scalars
        bc2 = 1 - h.beta2 .^ t1;
        step = cast (lr ./ bc1, c);
        denom = sqrt (nv) ./ cast (sqrt (bc2), c) + cs (h.eps);
        np = p0 - step .* nm ./ denom;
      case "rmsprop"
        if (h.weight_decay > 0)
          g = g + cs (h.weight_decay) .* p;
        endif
        s = opt.state.square_avg{k};
        ns = cs (h.alpha) .* s + cs (1 - h.alpha) .* (g .* g);
        upd(end+1, :) = {s, ns};
        d = g ./ (sqrt (ns) + cs (h.eps));
        if (h.momentum > 0)
          b = opt.state.momentum_buffer{k};
          d = cs (h.momentum) .* b + d;
          upd(end+1, :) = {b, d};
        endif
        np = p - cast (lr, c) .* d;
      case "adagrad"
        if (h.weight_decay > 0)
          g = g + cs (h.weight_decay) .* p;
        endif
        s = opt.state.sum{k};
        ns = s + g .* g;
        upd(end+1, :) = {s, ns};
        np = p - cast (lr, c) .* g ./ (sqrt (ns) + cs (h.eps));
    endswitch
    upd(end+1, :) = {p, np};
  endfor
  upd(end+1, :) = {opt.t, t1};
endfunction
