## -*- texinfo -*-
## @deftypefn  {} {} dfg_check_grad (@var{fun}, @var{args})
## @deftypefnx {} {} dfg_check_grad (@var{fun}, @var{args}, @var{name}, @var{value}, @dots{})
## Check dfg's derivatives of @var{fun} against finite differences of the
## same function on plain Octave arrays.
##
## Every double or single argument is differentiated (the others are passed
## as they are).  With a fixed random weight W of the output's size, the
## checked scalar is @code{s = sum (W(:) .* fun (@dots{})(:))}, so
## functions with array outputs are covered too.  Checks:
##
## @enumerate
## @item gradient: @code{dfg.grad (s, x)} in double against central
## differences (step 1e-6 relative), within @qcode{"tol"} (default 1e-6,
## relative to the largest gradient entry);
## @item single: the same graph built on single inputs gives single
## gradients of the right size, within @qcode{"tol_single"} (default 2e-3)
## of the double finite differences;
## @item second order (unless @qcode{"order"} is 1): the Hessian-vector
## product @code{dfg.jvp (dfg.grad (s, x), x, v)} against central
## differences of dfg's own gradient, within @qcode{"tol2"} (default 1e-5);
## @item forward vs reverse: @code{u' * (J v) == (J' u)' * v} for random u,
## v, using @code{dfg.jvp} and @code{dfg.grad} with a seed.
## @end enumerate
##
## A failure raises an error naming the function, the check and the
## argument sizes.
## @end deftypefn
function dfg_check_grad (fun, args, varargin)
  opt = struct ("tol", 1e-6, "tol_single", 2e-3, "tol2", 1e-5, "order", 2, "single", true, "argnums", []);
  for k = 1:2:numel (varargin)
    opt.(varargin{k}) = varargin{k+1};
  endfor
  isf = cellfun (@(a) isfloat (a) && ! isa (a, "dfg.Tensor"), args);
  wrt = find (isf);
  if (! isempty (opt.argnums))
    wrt = opt.argnums;
  endif
  label = sprintf ("%s on %s", func2str (fun), describe (args));
  args = cellfun (@(a) merge (isfloat (a), double (a), a), args, "UniformOutput", false);

  ## the weights: fixed per output size
  y0 = fun (args{:});
  st = rand ("state");
  rand ("state", 42);
  W = rand (size (y0)) + 0.5;
  V = cellfun (@(a) rand (size (a)) - 0.5, args, "UniformOutput", false);
  U = rand (size (y0)) - 0.5;
  rand ("state", st);

  ## 1. gradient in double vs central differences
  [ins, targs] = trace (args, wrt, "double");
  s = sum (W(:) .* reshape (fun (targs{:}), [], 1));
  g = dfg.grad (s, ins);          # a cell X gives a cell
  gf = dfg.function (ins, g);
  G = cell (1, numel (wrt));
  [G{:}] = gf (args{wrt});
  F = @(a) sum (W(:) .* reshape (fun (a{:}), [], 1));
  for q = 1:numel (wrt)
    k = wrt(q);
    fd = central (F, args, k);
    check (G{q}, fd, opt.tol, label, sprintf ("gradient of argument %d", k));
    assert (size (G{q}), size (args{k}));
    assert (class (G{q}), "double");
  endfor

  ## 2. single
  if (opt.single)
    sargs = args;
    for k = wrt
      sargs{k} = single (args{k});
    endfor
    [ins1, targs1] = trace (sargs, wrt, "single");
    s1 = sum (single (W(:)) .* reshape (fun (targs1{:}), [], 1));
    g1 = dfg.grad (s1, ins1);
    G1 = cell (1, numel (wrt));
    f1 = dfg.function (ins1, g1);
    [G1{:}] = f1 (sargs{wrt});
    for q = 1:numel (wrt)
      if (! strcmp (class (G1{q}), "single") || ! isequal (size (G1{q}), size (args{wrt(q)})))
        error ("dfg_check_grad:mismatch", "%s: single gradient %d is %s %s", label, wrt(q),
               class (G1{q}), mat2str (size (G1{q})));
      endif
      check (double (G1{q}), G{q}, opt.tol_single, label, sprintf ("single gradient of argument %d", wrt(q)));
    endfor
  endif

  ## 3. Hessian-vector products vs differences of dfg's gradient
  if (opt.order >= 2)
    hvs = cell (1, numel (g));
    for q = 1:numel (g)
      hvs{q} = dfg.jvp (g{q}, ins, V(wrt));
    endfor
    Hf = dfg.function (ins, hvs);
    HV = cell (1, numel (wrt));
    [HV{:}] = Hf (args{wrt});
    h = 1e-5;
    ap = args; am = args;
    for k = wrt
      ap{k} = args{k} + h * V{k};
      am{k} = args{k} - h * V{k};
    endfor
    Gp = cell (1, numel (wrt)); Gm = Gp;
    [Gp{:}] = gf (ap{wrt});
    [Gm{:}] = gf (am{wrt});
    for q = 1:numel (wrt)
      fd = (Gp{q} - Gm{q}) / (2 * h);
      check (HV{q}, fd, opt.tol2, label, sprintf ("Hessian-vector product, argument %d", wrt(q)));
    endfor
  endif

  ## 4. forward vs reverse: u' (J v) == (J' u)' v
  [ins2, targs2] = trace (args, wrt, "double");
  y = fun (targs2{:});
  if (! isa (y, "dfg.Tensor"))
    y = dfg.constant (y);
  endif
  t = dfg.jvp (y, ins2, V(wrt));
  r = dfg.grad (y, ins2, U);
  R = cell (1, numel (wrt));
  f2 = dfg.function (ins2, [{t}, r]);
  [T, R{:}] = f2 (args{wrt});
  lhs = sum (U(:) .* T(:));
  rhs = 0;
  for q = 1:numel (wrt)
    rhs += sum (R{q}(:) .* V{wrt(q)}(:));
  endfor
  if (abs (lhs - rhs) > 1e-10 * max (1, abs (lhs)))
    error ("dfg_check_grad:mismatch", "%s: JVP/VJP disagree: u'Jv = %.17g, (J'u)'v = %.17g",
           label, lhs, rhs);
  endif
endfunction

function [ins, targs] = trace (args, wrt, cls)
  targs = args;
  ins = cell (1, numel (wrt));
  for q = 1:numel (wrt)
    k = wrt(q);
    ins{q} = dfg.input (size (args{k}), cls);
    targs{k} = ins{q};
  endfor
endfunction

function fd = central (F, args, k)
  x = args{k};
  fd = zeros (size (x));
  for i = 1:numel (x)
    h = 1e-6 * max (1, abs (x(i)));
    ap = args; am = args;
    ap{k}(i) = x(i) + h;
    am{k}(i) = x(i) - h;
    fd(i) = (F (ap) - F (am)) / (2 * h);
  endfor
endfunction

function check (got, want, tol, label, what)
  scale = max (1, max (abs (want(:))));
  err = max (abs (got(:) - want(:)));
  if (isempty (err))
    err = 0;
  endif
  if (! (err <= tol * scale))
    error ("dfg_check_grad:mismatch", "%s: %s off by %.3g (tolerance %.3g)\n got  %s\n want %s",
           label, what, err, tol * scale, mat2str (got, 6), mat2str (want, 6));
  endif
endfunction

function s = describe (args)
  p = cellfun (@(a) sprintf ("%s %s", class (a), mat2str (size (a))), args, "UniformOutput", false);
  s = strjoin (p, ", ");
endfunction

