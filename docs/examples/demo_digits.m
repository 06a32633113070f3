## demo_digits.m -- dfg's main demo on real data: digit classifiers on the
## UCI hand-written digits (data/digits.csv, 1797 8x8 images).
##
##   1. a ridge-regression classifier (one-vs-all, closed form) built as one
##      dfg graph and checked against the same computation in plain Octave;
##   2. a 64-128-10 ReLU network (dfg.nn) trained with Adam (dfg.optim):
##      one call of the compiled plan is a whole training step (forward,
##      backward, the optimiser's in-place update), mini-batches of 64,
##      shuffled with a fixed seed, a progress line per epoch;
##   3. a small convolutional network on the 8x8 images: 3x3 convolution
##      (32 filters, "same" padding), ReLU, 2x2 max pooling, a linear layer;
##      trained the same way, by dfg.train.
##
## All use the same fixed 80/20 train/test split.  Layout as dfg.nn (and
## MATLAB's Deep Learning Toolbox) expect: one image per column (64 x N)
## for the network, H x W x C x N (8 x 8 x 1 x N) for the convolutional one.
##
## Run from the repository root:  make demo
## or in Octave:  addpath (<repo root>); run ("docs/examples/demo_digits.m")

root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
D = dlmread (fullfile (root, "data", "digits.csv"), ",");
X = D(:, 1:64) / 16;                  # grey levels to [0, 1], one image a row
labels = D(:, 65);
n = rows (X);
rand ("state", 42);
perm = randperm (n);
ntrain = round (0.8 * n);
tr = perm(1:ntrain);  te = perm(ntrain+1:end);
printf ("dfg demo: digit classifiers on the UCI digits (%d images, 8x8)\n", n);
printf ("  train %d / test %d images, fixed split\n\n", ntrain, numel (te));

## ---- 1. ridge regression: one graph, fit and predict ----------------------
Y = double (labels(tr) == (0:9));     # one-hot, ntrain x 10
lambda = 1e-2;
Xtr = dfg.input ([ntrain 64], "double", "Xtr");
Ytr = dfg.input ([ntrain 10], "double", "Ytr");
Xte = dfg.input ([numel(te) 64], "double", "Xte");
A  = [Xtr, dfg.ones(ntrain, 1)];                   # bias column
Wr = (A' * A + lambda * dfg.eye (65)) \ (A' * Ytr); # ridge solution, 65 x 10
S  = [Xte, dfg.ones(numel (te), 1)] * Wr;          # scores
[~, pred] = max (S, [], 2);                        # predicted class index
f = dfg.function ({Xtr, Ytr, Xte}, {Wr, pred - 1});
Xa = X(tr, :);  Xb = X(te, :);
## timed: the median of 15 calls of the compiled plan (fit and predict)
## against the same computation written in Octave; both are the same
## BLAS and LAPACK calls, so the same time is what to expect
t_dfg = zeros (1, 15);  t_oct = t_dfg;
for r = 1:15
  t0 = tic ();
  [Wd, pd] = f (Xa, Y, Xb);
  t_dfg(r) = toc (t0);
  t0 = tic ();
  Ao = [Xa, ones(ntrain, 1)];
  Wo = (Ao' * Ao + lambda * eye (65)) \ (Ao' * Y);
  [~, po] = max ([Xb, ones(numel (te), 1)] * Wo, [], 2);
  t_oct(r) = toc (t0);
endfor
acc_ridge = mean (pd == labels(te));
printf ("1. ridge regression (one dfg graph, closed form)\n");
printf ("  test accuracy %.2f %%; max |W_dfg - W_octave| %.3g; predictions equal Octave: %s\n",
        100 * acc_ridge, max (abs (Wd(:) - Wo(:))), mat2str (isequal (pd, po - 1)));
printf ("  fit and predict, median of 15 calls: dfg plan %.2f ms, the same in Octave %.2f ms\n",
        1e3 * median (t_dfg), 1e3 * median (t_oct));
printf ("  (the same BLAS/LAPACK calls on both sides: dfg is for the gradients below)\n\n");
if (acc_ridge < 0.9 || ! isequal (pd, po - 1))
  error ("demo_digits: unexpected ridge result");
endif

## ---- 2. a ReLU network trained with Adam ------------------------------------
Xc = X';                              # 64 x n: one image per column
yc = labels' + 1;                     # class indices 1..10
randn ("state", 1);
h = 128;  B = 64;  epochs = 30;
W1 = dfg.variable (randn (h, 64) * sqrt (2 / 64), "W1");  b1 = dfg.variable (zeros (h, 1), "b1");
W2 = dfg.variable (randn (10, h) * sqrt (1 / h), "W2");   b2 = dfg.variable (zeros (10, 1), "b2");
net = @(x) dfg.nn.linear (dfg.nn.relu (dfg.nn.linear (x, W1, b1)), W2, b2);
x = dfg.input ([64 B], "double", "x");
y = dfg.input ([1 B], "double", "y");
loss = dfg.nn.cross_entropy (net (x), y);
opt = dfg.optim.adam ({W1, b1, W2, b2}, "lr", 3e-3);
step = dfg.function ({x, y}, {loss}, "updates", opt.updates (loss));
xt = dfg.input ([64 numel(te)], "double", "xt");
[~, guess] = max (net (xt), [], 1);
predict = dfg.function ({xt}, {guess});

printf ("2. 64-%d-10 ReLU network, softmax cross-entropy, Adam (lr 3e-3), batches of %d\n", h, B);
nb = floor (ntrain / B);              # the last partial batch is left out
t_all = tic ();
for epoch = 1:epochs
  t0 = tic ();
  order = tr(randperm (ntrain));
  L = 0;
  for k = 1:nb
    idx = order((k-1)*B+1:k*B);
    L += step (Xc(:, idx), yc(idx));
  endfor
  dt = toc (t0);
  acc = mean (predict (Xc(:, te)) == yc(te));
  if (epoch <= 3 || mod (epoch, 5) == 0)
    printf ("  epoch %2d  loss %.4f  test accuracy %6.2f %%  %.3f s  %.0f samples/s\n",
            epoch, L / nb, 100 * acc, dt, nb * B / dt);
  endif
endfor
printf ("  trained in %.2f s; final test accuracy %.2f %%\n\n", toc (t_all), 100 * acc);
if (acc < 0.97)
  error ("demo_digits: the network's test accuracy %.2f %% is below 97 %%", 100 * acc);
endif

## ---- 3. a convolutional network -------------------------------------------
Ximg = permute (reshape (X', 8, 8, 1, n), [2 1 3 4]);   # 8 x 8 x 1 x n images
randn ("state", 1);
F = 32;  hc = 4 * 4 * F;
K1 = dfg.variable (randn (3, 3, 1, F) * sqrt (2 / 9), "K1");  c1 = dfg.variable (zeros (F, 1), "c1");
W3 = dfg.variable (randn (10, hc) * sqrt (1 / hc), "W3");     b3 = dfg.variable (zeros (10, 1), "b3");
cnn = @(x, m) dfg.nn.linear (reshape (dfg.nn.maxpool2d (dfg.nn.relu (dfg.nn.conv2d (x, K1, c1, "padding", "same")),
                                                         2, "stride", 2), hc, m), W3, b3);
xi = dfg.input ([8 8 1 B], "double", "xi");
loss = dfg.nn.cross_entropy (cnn (xi, B), y);
opt = dfg.optim.adam ({K1, c1, W3, b3}, "lr", 3e-3);
step = dfg.function ({xi, y}, {loss}, "updates", opt.updates (loss));
xti = dfg.input ([8 8 1 numel(te)], "double", "xti");
[~, guess] = max (cnn (xti, numel (te)), [], 1);
predict = dfg.function ({xti}, {guess});

printf ("3. convolutional network: conv 3x3x%d (same), ReLU, max pool 2x2, linear %d-10; Adam, batches of %d\n", F, hc, B);
printf ("   (the loop of 2. as one call: dfg.train; score = test accuracy)\n");
t_all = tic ();
hist = dfg.train (step, Ximg(:, :, :, tr), yc(tr), "epochs", epochs, "batch_size", B, "seed", 42,
                  "validate", @() mean (predict (Ximg(:, :, :, te)) == yc(te)));
acc = hist(end).score;
printf ("  trained in %.2f s; final test accuracy %.2f %%\n", toc (t_all), 100 * acc);
if (acc < 0.98)
  error ("demo_digits: the convolutional network's test accuracy %.2f %% is below 98 %%", 100 * acc);
endif
