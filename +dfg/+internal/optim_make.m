## -*- texinfo -*-
## @deftypefn {} {@var{opt} =} dfg.internal.optim_make (@var{kind}, @var{params}, @var{defaults}, @var{args})
## Internal: the optimiser struct behind dfg.optim.sgd, adam, adamw,
## rmsprop and adagrad.  Checks @var{params} (variables) and the options
## (name/value pairs in @var{args} against the fields of @var{defaults}),
## makes the learning-rate variable and the state variables (zeros of
## each parameter's class and size), and a handle @code{updates (loss)}
## that returns the update rows for @code{dfg.function (..., "updates",
## ...)}.
## @end deftypefn
function opt = optim_make (kind, params, defaults, args)
  fn = sprintf ("dfg.optim.%s", kind);
  if (isa (params, "dfg.Tensor"))
    params = {params};
  endif
  if (! iscell (params) || isempty (params))
    error ("dfg:badArgument", "%s: PARAMS must be a dfg.variable or a cell array of them", fn);
  endif
  params = params(:).';
  for k = 1:numel (params)
    p = params{k};
    if (! isa (p, "dfg.Tensor") || ! strcmp (dfg_mex ("describe", dfg.internal.untag (p)).op, "variable"))
      error ("dfg:badArgument", "%s: PARAMS{%d} must be a dfg.variable", fn, k);
    endif
    if (! any (strcmp (class (p), {"double", "single"})))
      error ("dfg:badClass", "%s: PARAMS{%d} must be double or single, not %s", fn, k, class (p));
    endif
  endfor
  for k = 2:numel (params)           # each parameter once (ids are uint64)
    for j = 1:k-1
      if (params{k}.id == params{j}.id)
        error ("dfg:badArgument", "%s: PARAMS{%d} is PARAMS{%d} again", fn, k, j);
      endif
    endfor
  endfor
  if (mod (numel (args), 2))
    error ("dfg:badArgument", "%s: options come in name/value pairs", fn);
  endif
  hyper = defaults;
  for k = 1:2:numel (args)
    name = args{k};
    if (! ischar (name) || ! isfield (defaults, lower (name)))
      error ("dfg:badArgument", "%s: unknown option '%s' (options: %s)", fn, dfg.internal.option_name (name),
             strjoin (fieldnames (defaults)', ", "));
    endif
    name = lower (name);
    v = args{k+1};
    if (islogical (defaults.(name)))
      if (! (isscalar (v) && (islogical (v) || isnumeric (v))))
        error ("dfg:badArgument", "%s: '%s' must be true or false", fn, name);
      endif
      v = logical (v);
    elseif (! (isnumeric (v) && isreal (v) && isscalar (v) && isfinite (v) && v >= 0))
      error ("dfg:badArgument", "%s: '%s' must be a nonnegative real scalar", fn, name);
    endif
    hyper.(name) = double (v);
  endfor
  check_ranges (fn, hyper);
  opt.kind = kind;
  opt.params = params;
  opt.hyper = rmfield (hyper, "lr");
  ## the learning rate is a variable: dfg.assign (opt.lr, v) between calls
  ## changes the rate plans built with it use (schedules)
  opt.lr = dfg.variable (hyper.lr, "lr");
  ## steps taken (bias correction of adam and adamw)
  opt.t = dfg.variable (0, "t");
  names = state_names (kind, hyper);
  opt.state = struct ();
  for s = 1:numel (names)
    opt.state.(names{s}) = cellfun (@(p) dfg.variable (zeros (size (p), class (p)),
                                                        sprintf ("%s_%s", names{s}, name_of (p))),
                                    params, "UniformOutput", false);
  endfor
  opt.updates = @(loss) dfg.internal.optim_updates (opt, loss);
endfunction

function n = name_of (p)
  n = dfg_mex ("describe", dfg.internal.untag (p)).name;
  if (isempty (n))
    n = "param";
  endif
endfunction

function check_ranges (fn, h)
  for f = {"momentum", "beta1", "beta2", "alpha", "dampening"}
    if (isfield (h, f{1}) && ! (h.(f{1}) < 1))
      error ("dfg:badArgument", "%s: '%s' must be in [0, 1)", fn, f{1});
    endif
  endfor
  if (isfield (h, "nesterov") && h.nesterov && (h.momentum == 0 || h.dampening != 0))
    error ("dfg:badArgument", "%s: 'nesterov' needs a 'momentum' > 0 and no 'dampening'", fn);
  endif
endfunction

function names = state_names (kind, h)
  switch (kind)
    case "sgd"
      names = {};
      if (h.momentum > 0)
        names = {"momentum_buffer"};
      endif
    case {"adam", "adamw"}
      names = {"m", "v"};
    case "rmsprop"
      names = {"square_avg"};
      if (h.momentum > 0)
        names{end+1} = "momentum_buffer";
      endif
    case "adagrad"
      names = {"sum"};
  endswitch
endfunction
