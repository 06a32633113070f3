## demo_digits.m -- dfg's main demo on real data: a ridge-regression digit
## classifier (one-vs-all, closed form) on the UCI hand-written digits,
## built as one dfg graph, compiled once, run on the training split, and
## checked against the same computation in plain Octave.
##
## Run from the repository root:  make demo
## or in Octave:  addpath (<repo root>); run ("docs/examples/demo_digits.m")

root = fileparts (fileparts (fileparts (mfilename ("fullpath"))));
D = dlmread (fullfile (root, "data", "digits.csv"), ",");
X = D(:, 1:64) / 16;                  # grey levels to [0, 1]
labels = D(:, 65);
n = rows (X);
rand ("seed", 42);
perm = randperm (n);
ntrain = round (0.8 * n);
tr = perm(1:ntrain);  te = perm(ntrain+1:end);
Y = double (labels(tr) == (0:9));     # one-hot, ntrain x 10
lambda = 1e-2;

## ---- the graph: fit on the training split, predict on the test split ----
Xtr = dfg.input ([ntrain 64], "double", "Xtr");
Ytr = dfg.input ([ntrain 10], "double", "Ytr");
Xte = dfg.input ([numel(te) 64], "double", "Xte");
A  = [Xtr, dfg.ones(ntrain, 1)];                  # bias column
W  = (A' * A + lambda * dfg.eye (65)) \ (A' * Ytr); # ridge solution, 65 x 10
S  = [Xte, dfg.ones(numel (te), 1)] * W;          # scores
[~, pred] = max (S, [], 2);                       # predicted class index
f = dfg.function ({Xtr, Ytr, Xte}, {W, pred - 1});

t0 = tic ();
[Wd, pd] = f (X(tr, :), Y, X(te, :));
t_dfg = toc (t0);
acc = mean (pd == labels(te));

## ---- the same in plain Octave ----------------------------------------------
t0 = tic ();
Ao = [X(tr, :), ones(ntrain, 1)];
Wo = (Ao' * Ao + lambda * eye (65)) \ (Ao' * Y);
[~, po] = max ([X(te, :), ones(numel (te), 1)] * Wo, [], 2);
t_oct = toc (t0);

printf ("dfg demo: ridge-regression digit classifier (UCI digits, %d images)\n", n);
printf ("  train %d / test %d images, 64 pixels + bias, 10 classes\n", ntrain, numel (te));
printf ("  test accuracy:            %.2f %%\n", 100 * acc);
printf ("  max |W_dfg - W_octave|:   %.3g\n", max (abs (Wd(:) - Wo(:))));
printf ("  predictions equal Octave: %s\n", mat2str (isequal (pd, po - 1)));
printf ("  time: dfg %.2f ms, Octave %.2f ms\n", 1e3 * t_dfg, 1e3 * t_oct);
if (acc < 0.9 || ! isequal (pd, po - 1))
  error ("demo_digits: unexpected result");
endif

