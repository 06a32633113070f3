## bench_train -- time per training epoch of the demo's two digit
## classifiers (docs/examples/demo_digits.m), double precision, Adam (lr
## 3e-3), batches of 64:
##
##   mlp   64-128-10, ReLU, softmax cross-entropy
##   cnn   conv 3x3 with 32 filters ("same" padding), ReLU, 2x2 max pool
##         (stride 2), linear 512-10, softmax cross-entropy
##
## One epoch = the same 22 batches of 64 images (the first 1408 images of
## data/digits.csv, in order: no shuffling, so every candidate sees the
## same batches).  Timed in one run (median of interleaved epochs):
##   dfg         dfg.nn + dfg.optim.adam: one plan call per step (forward,
##               backward and the update in place, in C)
##   Octave      the same steps hand-written in vectorised Octave (forward,
##               hand-derived backward, Adam), im2col by an index matrix
##   PyTorch     torch.nn.functional + torch.optim.Adam on CPU (Debian's
##               python3-torch), float64
## Before timing, one epoch of dfg and of Octave from the same start must
## agree (losses and parameters).  No targets: the issue asks for ratios.
##
## Runnable alone: octave bench/bench_train.m, or bench_train with bench/
## on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
root = bench_setup ();
bench_header ("bench_train: training epochs of the demo's digit classifiers (MLP, CNN), dfg vs hand-written Octave vs PyTorch");

csv = fullfile (root, "data", "digits.csv");
if (! exist (csv, "file"))
  csv = fullfile (root, "..", "shared", "data", "digits.csv");
endif
D = dlmread (csv, ",");
B = 64;  NB = 22;  lr = 3e-3;
X = D(1:B*NB, 1:64)' / 16;                    # 64 x 1408, one image a column
y = D(1:B*NB, 65)' + 1;                       # class indices 1..10
Y1 = double (y == (1:10)');                   # one-hot, 10 x 1408
Ximg = permute (reshape (X, 8, 8, 1, []), [2 1 3 4]);
N_EPOCH = 7;

## ---------------------------------------------------------------- Adam

function [p, m, v] = adam_ (p, g, m, v, t, lr)
  m = 0.9 * m + 0.1 * g;
  v = 0.999 * v + 0.001 * (g .* g);
  p = p - lr / (1 - 0.9 ^ t) * m ./ (sqrt (v) / sqrt (1 - 0.999 ^ t) + 1e-8);
endfunction

function S = adam_state_ (P)
  S.t = 0;
  for f = fieldnames (P)'
    S.m.(f{1}) = zeros (size (P.(f{1})));
    S.v.(f{1}) = zeros (size (P.(f{1})));
  endfor
endfunction

function [P, S] = adam_all_ (P, G, S, lr)
  S.t += 1;
  for f = fieldnames (P)'
    k = f{1};
    [P.(k), S.m.(k), S.v.(k)] = adam_ (P.(k), G.(k), S.m.(k), S.v.(k), S.t, lr);
  endfor
endfunction

## softmax cross-entropy (mean over the batch) and its gradient w.r.t. Z
function [L, dZ] = xent_ (Z, T)
  m = max (Z);
  E = exp (Z - m);
  s = sum (E);
  L = -sum (sum (T .* (Z - m - log (s)))) / columns (Z);
  dZ = (E ./ s - T) / columns (Z);
endfunction

## ---------------------------------------------------- hand-written steps

function [P, S, L] = hand_mlp_step_ (P, S, x, T, lr)
  Z1 = P.W1 * x + P.b1;
  A1 = max (Z1, 0);
  Z2 = P.W2 * A1 + P.b2;
  [L, dZ2] = xent_ (Z2, T);
  G.W2 = dZ2 * A1';
  G.b2 = sum (dZ2, 2);
  dZ1 = (P.W2' * dZ2) .* (Z1 >= 0);            # max's rule: ties to Z1
  G.W1 = dZ1 * x';
  G.b1 = sum (dZ1, 2);
  [P, S] = adam_all_ (P, G, S, lr);
endfunction

## im2col of 8 x 8 x 1 x n images for a 3x3 window, padding 1: the rows of
## [images(:); 0] to gather, 9 x 64 (window offset x position)
function J = im2col_index_ ()
  [u, v] = ndgrid (0:2, 0:2);
  [i, j] = ndgrid (0:7, 0:7);
  r = u(:) + i(:)';  q = v(:) + j(:)';         # 1-based rows/cols in the padded image, minus 1
  J = r + 8 * (q - 1);
  J(r < 1 | r > 8 | q < 1 | q > 8) = 65;
endfunction

function [P, S, L] = hand_cnn_step_ (P, S, ximg, T, J, lr)
  n = size (ximg, 4);
  F = size (P.K, 4);
  xz = [reshape(ximg, 64, n); zeros(1, n)];
  cols = reshape (xz(J(:), :), 9, 64 * n);               # 9 x (64 n)
  Kmat = reshape (P.K, 9, F);
  Z = Kmat' * cols + P.c;                                # F x (64 n)
  A = max (Z, 0);
  ## 2x2 max pool: positions (i, j) -> (2a + s, 2b + t)
  A5 = reshape (A, F, 2, 4, 2, 4, n);                   # F, s, a, t, b, n
  W4 = reshape (permute (A5, [2 4 1 3 5 6]), 4, F * 16 * n);
  [Pm, arg] = max (W4, [], 1);                           # 1 x (F*16*n)
  H = reshape (permute (reshape (Pm, F, 4, 4, n), [2 3 1 4]), 512, n);   # 4 x 4 x F flattened
  Zo = P.W3 * H + P.b3;
  [L, dZo] = xent_ (Zo, T);
  G.W3 = dZo * H';
  G.b3 = sum (dZo, 2);
  dH = P.W3' * dZo;                                      # 512 x n
  dPm = reshape (permute (reshape (dH, 4, 4, F, n), [3 1 2 4]), 1, F * 16 * n);
  dW4 = zeros (4, F * 16 * n);
  dW4(arg + 4 * (0:F*16*n-1)) = dPm;
  dA = reshape (ipermute (reshape (dW4, 2, 2, F, 4, 4, n), [2 4 1 3 5 6]), F, 64 * n);
  dZ = dA .* (Z >= 0);
  G.K = reshape (cols * dZ', 3, 3, 1, F);
  G.c = sum (dZ, 2);
  [P, S] = adam_all_ (P, G, S, lr);
endfunction

function [P, S, L] = hand_epoch_ (kind, P, S, X, Ximg, Y1, J, B, NB, lr)
  L = 0;
  for k = 1:NB
    idx = (k-1)*B+1:k*B;
    if (strcmp (kind, "mlp"))
      [P, S, l] = hand_mlp_step_ (P, S, X(:, idx), Y1(:, idx), lr);
    else
      [P, S, l] = hand_cnn_step_ (P, S, Ximg(:, :, :, idx), Y1(:, idx), J, lr);
    endif
    L += l;
  endfor
  L /= NB;
endfunction

function L = dfg_epoch_ (step, data, y, B, NB)
  L = 0;
  for k = 1:NB
    idx = (k-1)*B+1:k*B;
    if (ndims (data) == 4)
      L += step (data(:, :, :, idx), y(idx));
    else
      L += step (data(:, idx), y(idx));
    endif
  endfor
  L /= NB;
endfunction

## ------------------------------------------------------------ the models

randn ("state", 1);
P0.mlp = struct ("W1", randn (128, 64) * sqrt (2 / 64), "b1", zeros (128, 1),
                 "W2", randn (10, 128) * sqrt (1 / 128), "b2", zeros (10, 1));
P0.cnn = struct ("K", randn (3, 3, 1, 32) * sqrt (2 / 9), "c", zeros (32, 1),
                 "W3", randn (10, 512) * sqrt (1 / 512), "b3", zeros (10, 1));
J = im2col_index_ ();

function [step, V] = dfg_model_ (kind, P, B)
  V = structfun (@(a) dfg.variable (a), P, "UniformOutput", false);
  y = dfg.input ([1 B]);
  if (strcmp (kind, "mlp"))
    x = dfg.input ([64 B]);
    Z = dfg.nn.linear (dfg.nn.relu (dfg.nn.linear (x, V.W1, V.b1)), V.W2, V.b2);
  else
    x = dfg.input ([8 8 1 B]);
    h = dfg.nn.maxpool2d (dfg.nn.relu (dfg.nn.conv2d (x, V.K, V.c, "padding", "same")), 2, "stride", 2);
    Z = dfg.nn.linear (reshape (h, 512, B), V.W3, V.b3);
  endif
  loss = dfg.nn.cross_entropy (Z, y);
  opt = dfg.optim.adam (struct2cell (V)', "lr", 3e-3);
  step = dfg.function ({x, y}, {loss}, "updates", opt.updates (loss));
endfunction

kinds = {"mlp", "cnn"};
res = struct ();
for q = 1:2
  kind = kinds{q};
  [step, V] = dfg_model_ (kind, P0.(kind), B);
  data = X;
  if (strcmp (kind, "cnn"))
    data = Ximg;
  endif
  ## agreement: one epoch from the same start
  Ld = dfg_epoch_ (step, data, y, B, NB);
  S0 = adam_state_ (P0.(kind));
  [Ph, Sh, Lh] = hand_epoch_ (kind, P0.(kind), S0, X, Ximg, Y1, J, B, NB, lr);
  err = abs (Ld - Lh) / abs (Lh);
  for f = fieldnames (Ph)'
    a = dfg.value (V.(f{1}));
    err = max (err, norm (a(:) - Ph.(f{1})(:)) / max (norm (Ph.(f{1})(:)), 1e-300));
  endfor
  printf ("%s: dfg and hand-written Octave after one epoch: mean loss %.6f vs %.6f, max relative difference %.2g\n",
          kind, Ld, Lh, err);
  if (err > 1e-9)
    error ("bench_train: %s: dfg and the hand-written step disagree (%.3g)", kind, err);
  endif
  ## timed: each call one epoch (dfg's state moves on, the hand-written one
  ## restarts from the same state: the same work either way)
  t = bench_time ({@() dfg_epoch_(step, data, y, B, NB), ...
                   @() hand_epoch_(kind, P0.(kind), S0, X, Ximg, Y1, J, B, NB, lr)}, N_EPOCH, 1);
  res.(kind) = struct ("t_dfg", t(1), "t_oct", t(2), "t_torch", NaN, "err", err);
  clear step V;
endfor

pycmd = benchsupport.torch_python ();
torch_note = "PyTorch: not installed (Debian's python3-torch)";
if (! isempty (pycmd))
  py = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "torch_train.py");
  [st, txt] = system (sprintf ("%s '%s' %d '%s' %d", pycmd, py, nproc (), csv, N_EPOCH));
  w = strsplit (strtrim (txt), "\n");
  if (st == 0 && numel (w) == 3)
    for k = 1:2
      v = strsplit (w{k});
      res.(v{1}).t_torch = str2double (v{2});
    endfor
    v = strsplit (w{3});
    torch_note = sprintf ("PyTorch %s on CPU, %s threads, float64, torch.optim.Adam", v{1}, v{end});
  else
    torch_note = sprintf ("PyTorch: the timing run failed:\n%s", txt);
  endif
endif

printf ("\n%s\n", torch_note);
printf ("\nms per epoch (22 steps of 64 images), median of %d\n", N_EPOCH);
printf ("  %-36s %9s %9s %9s %9s %9s\n", "model", "dfg", "Octave", "PyTorch", "Oct/dfg", "PyT/dfg");
labels = struct ("mlp", "MLP 64-128-10 ReLU", "cnn", "CNN conv3x3x32, pool 2, linear");
for q = 1:2
  r = res.(kinds{q});
  printf ("  %-36s %9.2f %9.2f %9.2f %8.2fx %8.2fx\n", labels.(kinds{q}), 1e3 * r.t_dfg, 1e3 * r.t_oct,
          1e3 * r.t_torch, r.t_oct / r.t_dfg, r.t_torch / r.t_dfg);
endfor

printf ("\nRatios:\n");
bench_result.name = "bench_train";
bench_result.ratios = [
  benchsupport.ratio("mlp: Octave hand / dfg (> 1: dfg faster)", res.mlp.t_oct / res.mlp.t_dfg)
  benchsupport.ratio("cnn: Octave hand / dfg (> 1: dfg faster)", res.cnn.t_oct / res.cnn.t_dfg)
];
if (! isnan (res.mlp.t_torch))
  bench_result.ratios(end+1) = benchsupport.ratio("mlp: PyTorch / dfg (> 1: dfg faster)", res.mlp.t_torch / res.mlp.t_dfg);
  bench_result.ratios(end+1) = benchsupport.ratio("cnn: PyTorch / dfg (> 1: dfg faster)", res.cnn.t_torch / res.cnn.t_dfg);
endif
bench_result.ms = struct ("mlp", 1e3 * [res.mlp.t_dfg, res.mlp.t_oct, res.mlp.t_torch],
                          "cnn", 1e3 * [res.cnn.t_dfg, res.cnn.t_oct, res.cnn.t_torch]);
printf ("\n");
