## bench_mlp -- training an MLP: the memory planner and the executor.
##
## One SGD training step (forward, backward, update of every W and b) of a
## tanh MLP with softmax cross-entropy (mean over the batch), double
## precision, row-major samples (X is batch x features, H = tanh (H*W + b)):
##
##   digits   64-256-256-10, all 1797 images of data/digits.csv (pixels / 16)
##   large    784-1024-1024-10, batch 512, random data (GEMM-bound)
##   tiny     64-32-32-10, batch 64, the first 64 digits (overhead-bound)
##   chain    100 layers tanh (H*W + b), width 512, batch 256, loss
##            sum ((H - Y).^2) / (2 batch): the memory case, with and
##            without dfg.function's 'checkpoint', 'sqrt'
##
## Timed (median of interleaved calls, bench_time):
##   dfg         dfg.function ({X, Y}, {loss}, 'updates', {W, W - lr*dW; ...}):
##               one call is one training step, updated in C.  Where
##               'updates' is not available yet: the plan returns the loss
##               and the new parameter values and dfg.assign writes them back
##               (printed as "fallback").
##   Octave      the same step written by hand in vectorised Octave (one
##               matmul per layer and pass, 1 - H.^2, max-shifted softmax)
##   PyTorch     the same model in float64 on CPU, autograd and a manual SGD
##               step, nproc threads (Debian's python3-torch), where installed
##   roofline    the step's GEMMs alone (every forward, weight-gradient and
##               input-gradient product with the step's own shapes, A*B, A'*B,
##               A*B' in Octave, back to back): the step's matmul FLOPs over
##               the BLAS rate on those shapes.  A large DGEMM's rate is
##               printed beside it.
## Before timing, three steps of dfg and of the hand-written step, from the
## same parameters, must give the same losses and parameters (1e-10).
##
## Targets (memory/executor issue):
##   digits: dfg <= 0.5x Octave, >= 70% of the GEMM roofline
##   large:  dfg <= 0.9x Octave, >= 85% of the GEMM roofline
##   tiny:   dfg >= 5x faster than Octave (printed beside it, the floor: a
##           plan of the step's products alone, and a plan call that does
##           nothing, both with the step's inputs)
##   chain:  arena <= 1.1x the lower bound and <= 0.5x the naive total
##           (dfg.memory); with 'checkpoint', 'sqrt': arena <= 4 sqrt(100)
##           layers' activations (512*256*8 bytes each), time <= 1.4x the
##           step without checkpointing
##
## Runnable alone: octave bench/bench_mlp.m, or bench_mlp with bench/ on the
## path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
root = bench_setup ();
bench_header ("bench_mlp: MLP training step (forward, backward, SGD), dfg vs hand-written Octave vs PyTorch vs GEMM roofline");
t_start = tic ();

## ---------------------------------------------------------------- helpers

## The dfg graph of the MLP: X*W + b and tanh for all but the last layer,
## softmax cross-entropy mean over the batch.  The max shift goes through
## dfg.stop_gradient: log-sum-exp's gradient does not depend on it.
function [loss, P] = mlp_graph_ (X, Y, W0, b0)
  nl = numel (W0);
  P = cell (1, 2 * nl);
  H = X;
  for k = 1:nl
    P{2*k-1} = dfg.variable (W0{k}, sprintf ("W%d", k));
    P{2*k} = dfg.variable (b0{k}, sprintf ("b%d", k));
    H = H * P{2*k-1} + P{2*k};
    if (k < nl)
      H = tanh (H);
    endif
  endfor
  Z = H;
  n = size (Z, 1);
  m = dfg.stop_gradient (max (Z, [], 2));
  lse = m + log (sum (exp (Z - m), 2));
  loss = sum (lse - sum (Z .* Y, 2)) / n;
endfunction

## The hand-written step of a 3-layer MLP: what an experienced Octave user
## writes (same layout and the same math as the dfg graph).
function [L, W1, b1, W2, b2, W3, b3] = hand_step3_ (X, Y, lr, W1, b1, W2, b2, W3, b3)
  n = rows (X);
  H1 = tanh (X * W1 + b1);
  H2 = tanh (H1 * W2 + b2);
  Z = H2 * W3 + b3;
  m = max (Z, [], 2);
  E = exp (Z - m);
  s = sum (E, 2);
  L = sum (m + log (s) - sum (Z .* Y, 2)) / n;
  dZ = (E ./ s - Y) / n;
  gW3 = H2' * dZ;  gb3 = sum (dZ, 1);
  dA = (dZ * W3') .* (1 - H2 .^ 2);
  gW2 = H1' * dA;  gb2 = sum (dA, 1);
  dA = (dA * W2') .* (1 - H1 .^ 2);
  gW1 = X' * dA;   gb1 = sum (dA, 1);
  W1 -= lr * gW1;  b1 -= lr * gb1;
  W2 -= lr * gW2;  b2 -= lr * gb2;
  W3 -= lr * gW3;  b3 -= lr * gb3;
endfunction

## The 100-layer chain by hand: P = {W1, b1, W2, b2, ...}.
function [L, P] = hand_chain_step_ (X, Y, lr, P)
  nl = numel (P) / 2;
  n = rows (X);
  H = cell (1, nl + 1);
  H{1} = X;
  for k = 1:nl
    H{k+1} = tanh (H{k} * P{2*k-1} + P{2*k});
  endfor
  R = H{end} - Y;
  L = sum (sum (R .^ 2)) / (2 * n);
  dA = (R / n) .* (1 - H{end} .^ 2);
  for k = nl:-1:1
    gW = H{k}' * dA;
    gb = sum (dA, 1);
    if (k > 1)
      dA = (dA * P{2*k-1}') .* (1 - H{k} .^ 2);
    endif
    P{2*k-1} -= lr * gW;
    P{2*k} -= lr * gb;
  endfor
endfunction

## A training step from LOSS and parameters P: with 'updates' when
## dfg.function has it, else the fallback (plan outputs the loss and the
## new values, dfg.assign writes them).  OPTS are more dfg.function options
## (e.g. 'checkpoint'); an error they cause propagates.  RUN (X, Y) does
## one step and returns the loss; PLAN is the dfg.function handle (for
## dfg.memory); MODE says which it is.
function [run, plan, mode] = make_step_ (X, Y, loss, P, lr, opts)
  g = cell (1, numel (P));
  [g{:}] = dfg.grad (loss, P);
  upd = cell (numel (P), 2);
  for k = 1:numel (P)
    upd{k, 1} = P{k};
    upd{k, 2} = P{k} - lr * g{k};
  endfor
  why = "";
  try
    plan = dfg.function ({X, Y}, {loss}, "updates", upd, opts{:});
    run = plan;
    mode = "updates (in place, in C)";
    return;
  catch err
    if (isempty (strfind (err.message, "unknown option 'updates'")))
      if (! isempty (opts))
        rethrow (err);
      endif
      why = sprintf ("'updates' failed: %s", err.message);
    else
      why = "'updates' not available yet";
    endif
  end_try_catch
  plan = dfg.function ({X, Y}, [{loss}, upd(:, 2).'], opts{:});
  run = @(x, y) fallback_run_ (plan, P, x, y);
  mode = sprintf ("fallback: plan returns loss and new parameters, dfg.assign writes them (%s)", why);
endfunction

function L = fallback_run_ (plan, P, x, y)
  out = cell (1, numel (P) + 1);
  [out{:}] = plan (x, y);
  for k = 1:numel (P)
    dfg.assign (P{k}, out{k+1});
  endfor
  L = out{1};
endfunction

function L = dfg_loop_ (run, X, Y, inner)
  for i = 1:inner
    L = run (X, Y);
  endfor
endfunction

function L = hand_loop_ (X, Y, lr, P, inner)
  for i = 1:inner
    [L, P{:}] = hand_step3_ (X, Y, lr, P{:});
  endfor
endfunction

## The step's GEMMs, with its shapes: per layer k (d(k) -> d(k+1)) the
## forward H*W (n x d(k) times d(k) x d(k+1)), the weight gradient H'*G
## and, for k > 1, the input gradient G*W'.  Returns operand pairs, the
## kind of each product and the total FLOPs (2 m k n each).
function G = step_gemms_ (dims, n)
  G.A = {};  G.B = {};  G.kind = [];  G.flops = 0;
  for k = 1:numel (dims) - 1
    a = dims(k);  b = dims(k+1);
    H = rand (n, a) - 0.5;  W = rand (a, b) - 0.5;  D = rand (n, b) - 0.5;
    G.A(end+1:end+2) = {H, H};  G.B(end+1:end+2) = {W, D};  G.kind(end+1:end+2) = [1 2];
    G.flops += 2 * (2 * n * a * b);
    if (k > 1)
      G.A{end+1} = D;  G.B{end+1} = W;  G.kind(end+1) = 3;
      G.flops += 2 * n * a * b;
    endif
  endfor
endfunction

## The overhead-bound case's floor: a dfg plan that runs only the step's
## products (every variable updated in place with one product, so no
## output is made) and a plan that does next to nothing, both called with
## the step's inputs.  The first is what a plan of the step cannot go
## below with these BLAS calls; the second is the Octave / MEX cost of one
## call.  'fast' turns A' * B into one product with a BLAS transpose flag,
## as autodiff's products of the step are; the plan must have one step
## per product.
function [gemms, nothing] = floor_plans_ (G, X, Y)
  upd = cell (numel (G.kind), 2);
  for j = 1:numel (G.kind)
    A = dfg.variable (G.A{j});  B = dfg.variable (G.B{j});
    switch (G.kind(j))
      case 1
        C = A * B;
      case 2
        C = A' * B;
      otherwise
        C = A * B';
    endswitch
    V = dfg.variable (zeros (size (C)));
    upd(j, :) = {V, C};
  endfor
  gemms = dfg.function ({X, Y}, {}, "updates", upd, "fast", true);
  m = dfg.memory (gemms);
  if (m.steps != numel (G.kind))
    error ("bench_mlp: the plan of the step's %d products has %d steps", numel (G.kind), m.steps);
  endif
  nothing = dfg.function ({X, Y}, {X(1) + Y(1)});
endfunction

function floor_loop_ (f, X, Y, inner)
  for i = 1:inner
    f (X, Y);
  endfor
endfunction

function gemm_run_ (G, inner)
  for i = 1:inner
    for j = 1:numel (G.kind)
      switch (G.kind(j))
        case 1
          C = G.A{j} * G.B{j};
        case 2
          C = G.A{j}' * G.B{j};
        otherwise
          C = G.A{j} * G.B{j}';
      endswitch
    endfor
  endfor
endfunction

function e = rel_ (a, b)
  e = norm (a(:) - b(:)) / max (norm (b(:)), realmin);
endfunction

## Runs the dfg step and the hand step NSTEP times from the same parameters
## and returns the largest relative difference of the losses and of the
## final parameters; errors above 1e-10.  Returns the hand parameters.
function [err, Ph] = agree_ (name, run, P, Ph, handfn, X, Y, nstep)
  err = 0;
  for s = 1:nstep
    Ld = run (X, Y);
    [Lh, Ph] = handfn (Ph);
    err = max (err, rel_ (Ld, Lh));
  endfor
  for k = 1:numel (P)
    err = max (err, rel_ (dfg.value (P{k}), Ph{k}));
  endfor
  printf ("  %-8s dfg vs hand-written step: %d steps, max relative difference of losses and parameters %.2g\n",
          name, nstep, err);
  if (! (err <= 1e-10))
    error ("bench_mlp: %s: the dfg step disagrees with the hand-written step (%.3g)", name, err);
  endif
endfunction

function [L, Ph] = hand3_state_ (X, Y, lr, Ph)
  [L, Ph{:}] = hand_step3_ (X, Y, lr, Ph{:});
endfunction

## dfg.memory of PLAN, or [] (printing why) where it is not available.
function m = memory_ (plan, what)
  m = [];
  try
    m = dfg.memory (plan);
  catch err
    printf ("  dfg.memory (%s): not available (%s)\n", what, err.message);
    return;
  end_try_catch
  for f = fieldnames (m).'
    if (isnumeric (m.(f{1})) && isscalar (m.(f{1})))
      m.(f{1}) = double (m.(f{1}));
    endif
  endfor
  printf ("  dfg.memory (%s): arena %.2f MB, naive %.2f MB, lower bound %.2f MB",
          what, m.arena_bytes / 2^20, m.naive_bytes / 2^20, m.lower_bound / 2^20);
  for f = {"inplace", "views", "steps", "recomputed"}
    if (isfield (m, f{1}))
      printf (", %s %g", f{1}, m.(f{1}));
    endif
  endfor
  if (isfield (m, "flops") && isfield (m, "recompute_flops"))
    printf (", %.3g GFLOP + %.3g GFLOP recomputed", m.flops / 1e9, m.recompute_flops / 1e9);
  endif
  printf ("\n");
endfunction

## V formatted with FMT, or "-" where it is NaN (not measured).
function s = num_ (v, fmt)
  if (isnan (v))
    s = "-";
  else
    s = sprintf (fmt, v);
  endif
endfunction

## One ratio line with a PASS / NOT MET verdict (a NaN value: not measured,
## NOT MET), returned as benchsupport.ratio's struct for bench_all.
function r = target_ (label, value, rel = "", tgt = NaN, note = "")
  r = struct ("label", label, "value", value, "target", "", "met", NaN);
  if (isempty (rel))
    printf ("  %-54s %9.3fx\n", label, value);
    return;
  endif
  r.target = sprintf ("%s %gx", rel, tgt);
  if (isnan (value))
    r.met = false;
    printf ("  %-54s %10s   (target %s: NOT MET, %s)\n", label, "n/a", r.target, note);
    return;
  endif
  if (strcmp (rel, "<="))
    r.met = value <= tgt;
  else
    r.met = value >= tgt;
  endif
  printf ("  %-54s %9.3fx   (target %s: %s)\n", label, value, r.target, {"NOT MET", "PASS"}{r.met + 1});
endfunction

## The 1-minute load average (other processes share the cores; timings
## taken under load are not comparable with a quiet machine's).
function s = load_ ()
  s = "unknown";
  fid = fopen ("/proc/loadavg", "r");
  if (fid >= 0)
    s = strtok (fgetl (fid));
    fclose (fid);
  endif
endfunction

## ------------------------------------------------------------- set-up

printf ("load average (1 min) at start: %s\n", load_ ());

try
  dfg.threads (nproc ());
  printf ("dfg.threads (%d)\n", nproc ());
catch err
  printf ("dfg.threads: not available (%s)\n", err.message);
end_try_catch

csv = fullfile (root, "data", "digits.csv");
if (! exist (csv, "file"))
  csv = fullfile (root, "..", "shared", "data", "digits.csv");
endif
D = dlmread (csv, ",");
Xdig = D(:, 1:64) / 16;
Ydig = double (D(:, 65) == (0:9));
printf ("data: %s (%d images)\n", csv, rows (D));

## A large DGEMM for reference: the machine's BLAS rate at its best.
ng = 1536;
Ag = rand (ng) - 0.5;  Bg = rand (ng) - 0.5;
t_big = bench_time (@() Ag * Bg, 5, 1);
rate_big = 2 * ng^3 / t_big;
clear Ag Bg;
printf ("BLAS: a %dx%d DGEMM (Octave A*B) runs at %.1f GFLOP/s\n", ng, ng, rate_big / 1e9);

lr = 0.1;
cases = struct ("name", {"digits", "large", "tiny"},
                "label", {"digits 64-256-256-10, N 1797", "large 784-1024-1024-10, N 512", "tiny 64-32-32-10, N 64"},
                "dims", {[64 256 256 10], [784 1024 1024 10], [64 32 32 10]},
                "n", {1797, 512, 64},
                "data", {"digits", "random", "digits"},
                "reps", {21, 11, 21},
                "inner", {1, 1, 100});
res = struct ();

## --------------------------------------------------------- MLP cases

for c = 1:numel (cases)
  cs = cases(c);
  printf ("\n%s\n", cs.label);
  randn ("state", 11 + c);  rand ("state", 11 + c);
  if (strcmp (cs.data, "digits"))
    Xd = Xdig(1:cs.n, :);  Yd = Ydig(1:cs.n, :);
  else
    Xd = randn (cs.n, cs.dims(1));
    Yd = double (randi (cs.dims(end), cs.n, 1) - 1 == (0:cs.dims(end)-1));
  endif
  nl = numel (cs.dims) - 1;
  W0 = cell (1, nl);  b0 = cell (1, nl);  P0 = cell (1, 2 * nl);
  for k = 1:nl
    W0{k} = randn (cs.dims(k), cs.dims(k+1)) / sqrt (cs.dims(k));
    b0{k} = zeros (1, cs.dims(k+1));
    P0(2*k-1:2*k) = {W0{k}, b0{k}};
  endfor

  X = dfg.input ([cs.n cs.dims(1)]);
  Y = dfg.input ([cs.n cs.dims(end)]);
  [loss, P] = mlp_graph_ (X, Y, W0, b0);
  [run, plan, mode] = make_step_ (X, Y, loss, P, lr, {});
  printf ("  dfg step: %s\n", mode);
  [err, Ph] = agree_ (cs.name, run, P, P0, @(Ph) hand3_state_ (Xd, Yd, lr, Ph), Xd, Yd, 3);
  mem = memory_ (plan, cs.name);

  G = step_gemms_ (cs.dims, cs.n);
  inner = cs.inner;
  fns = {@() dfg_loop_ (run, Xd, Yd, inner), @() hand_loop_ (Xd, Yd, lr, Ph, inner), ...
         @() gemm_run_ (G, inner)};
  if (inner > 1)       # overhead-bound: time the floor too
    [fg, fz] = floor_plans_ (G, X, Y);
    fns(end+1:end+2) = {@() floor_loop_ (fg, Xd, Yd, inner), @() floor_loop_ (fz, Xd, Yd, inner)};
  endif
  t = bench_time (fns, cs.reps, 2) / inner;
  r.t_dfg = t(1);  r.t_oct = t(2);  r.t_roof = t(3);
  r.t_floor_gemm = NaN;  r.t_floor_call = NaN;
  if (inner > 1)
    r.t_floor_gemm = t(4);  r.t_floor_call = t(5);
    printf ("  floor: a dfg plan of the step's %d products alone %.3f ms, a plan call that does nothing %.3f ms (Octave / 5 = %.3f ms)\n",
            numel (G.kind), r.t_floor_gemm * 1e3, r.t_floor_call * 1e3, r.t_oct / 5 * 1e3);
    clear fg fz;
  endif
  r.flops = G.flops;
  r.rate = G.flops / r.t_roof;
  r.t_roof_big = G.flops / rate_big;
  r.t_torch = NaN;
  r.mode = mode;  r.err = err;  r.mem = mem;
  printf ("  dfg %.3f ms, Octave %.3f ms; the step's GEMMs alone %.3f ms (%.3g MFLOP, %.1f GFLOP/s; at the large DGEMM's rate %.3f ms)\n",
          r.t_dfg * 1e3, r.t_oct * 1e3, r.t_roof * 1e3, G.flops / 1e6, r.rate / 1e9, r.t_roof_big * 1e3);
  res.(cs.name) = r;
  clear run plan loss P X Y G;
endfor

## ------------------------------------------------------ memory: the chain

L = 100;  wc = 512;  nc = 256;
layer_bytes = wc * nc * 8;
lrc = 0.01;
printf ("\nchain: %d layers tanh (H*W + b), width %d, batch %d; one layer's activations %.2f MB\n",
        L, wc, nc, layer_bytes / 2^20);
randn ("state", 21);
Xc = randn (nc, wc);  Yc = tanh (randn (nc, wc));
Pc0 = cell (1, 2 * L);
for k = 1:L
  Pc0{2*k-1} = randn (wc) / sqrt (wc);
  Pc0{2*k} = zeros (1, wc);
endfor
X = dfg.input ([nc wc]);  Y = dfg.input ([nc wc]);
Pc = cell (1, 2 * L);
H = X;
for k = 1:L
  Pc{2*k-1} = dfg.variable (Pc0{2*k-1}, sprintf ("W%d", k));
  Pc{2*k} = dfg.variable (Pc0{2*k}, sprintf ("b%d", k));
  H = tanh (H * Pc{2*k-1} + Pc{2*k});
endfor
loss = sum (sum ((H - Y) .^ 2)) / (2 * nc);
[run_c, plan_c, mode_c] = make_step_ (X, Y, loss, Pc, lrc, {});
printf ("  dfg step: %s\n", mode_c);
run_k = [];  plan_k = [];
try
  [run_k, plan_k] = make_step_ (X, Y, loss, Pc, lrc, {"checkpoint", "sqrt"});
catch err
  printf ("  'checkpoint', 'sqrt': not available (%s)\n", err.message);
end_try_catch
## two steps against two hand steps: the second one checkpointed where
## 'checkpoint' is available (both plans update the same variables)
run_2 = run_c;
if (! isempty (run_k))
  run_2 = run_k;
endif
[Lh, Ph] = hand_chain_step_ (Xc, Yc, lrc, Pc0);
err_c = rel_ (run_c (Xc, Yc), Lh);
[Lh, Ph] = hand_chain_step_ (Xc, Yc, lrc, Ph);
err_c = max (err_c, rel_ (run_2 (Xc, Yc), Lh));
for k = 1:numel (Pc)
  err_c = max (err_c, rel_ (dfg.value (Pc{k}), Ph{k}));
endfor
printf ("  chain    dfg vs hand-written step: 2 steps%s, max relative difference of losses and parameters %.2g\n",
        {"", " (the second checkpointed)"}{1 + ! isempty (run_k)}, err_c);
if (! (err_c <= 1e-10))
  error ("bench_mlp: chain: the dfg step disagrees with the hand-written step (%.3g)", err_c);
endif
mem_c = memory_ (plan_c, "chain");
mem_k = [];
if (! isempty (plan_k))
  mem_k = memory_ (plan_k, "chain, checkpoint sqrt");
endif
Gc = step_gemms_ ([wc * ones(1, L + 1)], nc);
fn = {@() run_c(Xc, Yc), @() hand_chain_step_ (Xc, Yc, lrc, Ph), @() gemm_run_ (Gc, 1)};
if (! isempty (run_k))
  fn{end+1} = @() run_k (Xc, Yc);
endif
t = bench_time (fn, 7, 1);
rc.t_dfg = t(1);  rc.t_oct = t(2);  rc.t_roof = t(3);  rc.t_ckpt = NaN;
if (! isempty (run_k))
  rc.t_ckpt = t(4);
endif
rc.flops = Gc.flops;  rc.mode = mode_c;  rc.err = err_c;  rc.mem = mem_c;  rc.mem_ckpt = mem_k;
printf ("  dfg %.1f ms, dfg checkpointed %s ms, Octave %.1f ms; the step's GEMMs alone %.1f ms (%.3g GFLOP, %.1f GFLOP/s)\n",
        rc.t_dfg * 1e3, num_ (rc.t_ckpt * 1e3, "%.1f"), rc.t_oct * 1e3, rc.t_roof * 1e3, Gc.flops / 1e9, Gc.flops / rc.t_roof / 1e9);
clear run_c run_2 plan_c run_k plan_k loss Pc X Y H Gc Ph Pc0;

## ------------------------------------------------------------- PyTorch

pycmd = benchsupport.torch_python ();
if (isempty (pycmd))
  printf ("\nPyTorch: not installed (Debian's python3-torch)\n");
else
  py = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "torch_mlp.py");
  specs = "";
  for c = 1:numel (cases)
    cs = cases(c);
    specs = [specs sprintf(" %s:%s:%d:%d:%d", cs.data, strjoin (arrayfun (@num2str, cs.dims, "UniformOutput", false), ","),
                           cs.n, cs.reps, cs.inner)];
  endfor
  [st, txt] = system (sprintf ("%s '%s' %d '%s'%s", pycmd, py, nproc (), csv, specs));
  w = strsplit (strtrim (txt), "\n");
  if (st == 0 && numel (w) == numel (cases) + 1)
    for c = 1:numel (cases)
      v = sscanf (w{c}, "%f");
      res.(cases(c).name).t_torch = v(1);
    endfor
    v = strsplit (w{end});
    printf ("\nPyTorch %s on CPU, %s threads, float64, autograd + manual SGD step\n", v{1}, v{end});
  else
    printf ("\nPyTorch: the timing run failed:\n%s\n", txt);
  endif
endif

## --------------------------------------------------------------- table

printf ("\nper training step, median (ms); roofline = the step's GEMMs with its own shapes, timed alone in this run\n");
printf ("  %-31s %9s %9s %9s %9s %8s %8s %8s\n", "case", "dfg", "Octave", "PyTorch", "roofline",
        "dfg/Oct", "dfg/PyT", "roof/dfg");
for c = 1:numel (cases)
  r = res.(cases(c).name);
  printf ("  %-31s %9.3f %9.3f %9s %9.3f %8.2f %8s %7.0f%%\n", cases(c).label, r.t_dfg * 1e3,
          r.t_oct * 1e3, num_ (r.t_torch * 1e3, "%9.3f"), r.t_roof * 1e3, r.t_dfg / r.t_oct,
          num_ (r.t_dfg / r.t_torch, "%8.2f"), 100 * r.t_roof / r.t_dfg);
endfor
printf ("  %-31s %9.1f %9.1f %9s %9.1f %8.2f %8s %7.0f%%\n", "chain 100x512, N 256", rc.t_dfg * 1e3,
        rc.t_oct * 1e3, "-", rc.t_roof * 1e3, rc.t_dfg / rc.t_oct, "-", 100 * rc.t_roof / rc.t_dfg);
printf ("  %-31s %9s\n", "chain, checkpoint 'sqrt'", num_ (rc.t_ckpt * 1e3, "%9.1f"));
printf ("dfg step mode: %s\n", res.digits.mode);

## ---------------------------------------------------------------- targets

printf ("\nTargets and ratios:\n");
d = res.digits;  g = res.large;  s = res.tiny;
R = [
  target_("digits: dfg / Octave", d.t_dfg / d.t_oct, "<=", 0.5)
  target_("digits: roofline / dfg (GEMM efficiency)", d.t_roof / d.t_dfg, ">=", 0.7)
  target_("digits: roofline (large-DGEMM rate) / dfg", d.t_roof_big / d.t_dfg)
  target_("large: dfg / Octave", g.t_dfg / g.t_oct, "<=", 0.9)
  target_("large: roofline / dfg (GEMM efficiency)", g.t_roof / g.t_dfg, ">=", 0.85)
  target_("large: roofline (large-DGEMM rate) / dfg", g.t_roof_big / g.t_dfg)
  target_("tiny: Octave / dfg (> 1: dfg faster)", s.t_oct / s.t_dfg, ">=", 5)
  target_("tiny: Octave / (the step's products alone in a plan)", s.t_oct / s.t_floor_gemm)
  target_("tiny: Octave / (a plan call that does nothing)", s.t_oct / s.t_floor_call)
];
for c = 1:numel (cases)
  r = res.(cases(c).name);
  if (! isnan (r.t_torch))
    R(end+1) = target_(sprintf ("%s: dfg / PyTorch", cases(c).name), r.t_dfg / r.t_torch);
  endif
endfor
mem_note = "dfg.memory not available";
if (isempty (rc.mem))
  R(end+1) = target_("chain: arena / lower bound", NaN, "<=", 1.1, mem_note);
  R(end+1) = target_("chain: arena / naive total", NaN, "<=", 0.5, mem_note);
else
  R(end+1) = target_("chain: arena / lower bound", rc.mem.arena_bytes / rc.mem.lower_bound, "<=", 1.1);
  R(end+1) = target_("chain: arena / naive total", rc.mem.arena_bytes / rc.mem.naive_bytes, "<=", 0.5);
endif
if (isempty (rc.mem_ckpt))
  if (isnan (rc.t_ckpt))
    note = "'checkpoint' not available";
  else
    note = mem_note;
  endif
  R(end+1) = target_("chain ckpt: arena / one layer's activations", NaN, "<=", 4 * sqrt (L), note);
else
  R(end+1) = target_("chain ckpt: arena / one layer's activations", rc.mem_ckpt.arena_bytes / layer_bytes,
                     "<=", 4 * sqrt (L));
endif
R(end+1) = target_("chain ckpt: time / time without", rc.t_ckpt / rc.t_dfg, "<=", 1.4,
                   "'checkpoint' not available");
R(end+1) = target_("chain: dfg / Octave", rc.t_dfg / rc.t_oct);
R(end+1) = target_("chain: roofline / dfg (GEMM efficiency)", rc.t_roof / rc.t_dfg);

bench_result.name = "bench_mlp";
bench_result.ratios = R;
bench_result.mode = res.digits.mode;
bench_result.ms = struct ();
for c = 1:numel (cases)
  r = res.(cases(c).name);
  bench_result.ms.(cases(c).name) = struct ("dfg", r.t_dfg * 1e3, "octave", r.t_oct * 1e3,
                                            "torch", r.t_torch * 1e3, "roofline", r.t_roof * 1e3);
endfor
bench_result.ms.chain = struct ("dfg", rc.t_dfg * 1e3, "checkpointed", rc.t_ckpt * 1e3,
                                "octave", rc.t_oct * 1e3, "roofline", rc.t_roof * 1e3);
bench_result.blas_gflops = rate_big / 1e9;
printf ("\nbench_mlp: %.0f s; load average (1 min) at the end: %s\n\n", toc (t_start), load_ ());
