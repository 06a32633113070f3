## control_flow.m -- loops and branches inside dfg graphs
## (docs/control-flow.md), each checked against plain Octave:
##
##   1. Newton's method for a cube root (dfg.while): the root, and its
##      derivative with respect to the data by reverse and forward mode,
##      against d/da a^(1/3) = a^(-2/3) / 3;
##   2. a piecewise function (dfg.cond) on both sides of its switch;
##   3. a vanilla RNN over a sequence (dfg.scan) learning to give the
##      running mean of its input, trained with Adam: one plan call is a
##      whole step (forward loop, backward loop, update) in C.
##
## Run in Octave:  addpath (<repo root>); run ("docs/examples/control_flow.m")
## (tests/octave/test_control_flow.m runs it too.)

printf ("1. Newton's method for a^(1/3) in dfg.while\n");
a = dfg.input ([1 1]);
x = dfg.while (@(x) abs (x.^3 - a) > 1e-12 * a, @(x) x - (x.^3 - a) ./ (3 * x.^2), a);
f = dfg.function ({a}, {x, dfg.grad(x, a), dfg.jvp(x, {a}, {1})});
for av = [2 27 1000]
  [r, g, t] = f (av);
  printf ("   a = %6g: root %.15g (error %.1g), d/da %.12g, reverse - exact %.1g, forward - exact %.1g\n",
          av, r, r - nthroot (av, 3), g, g - av^(-2/3) / 3, t - av^(-2/3) / 3);
endfor

printf ("2. a piecewise function in dfg.cond: x^2 below 1, 2 sqrt(x) - 1 above\n");
x = dfg.input ([1 1]);
y = dfg.cond (x < 1, @(x) x.^2, @(x) 2 * sqrt (x) - 1, x);
f = dfg.function ({x}, {y, dfg.grad(y, x)});
for xv = [0.5 0.999 1 4]
  [v, g] = f (xv);
  if (xv < 1)
    ref = [xv^2, 2 * xv];
  else
    ref = [2 * sqrt(xv) - 1, 1 / sqrt(xv)];
  endif
  printf ("   x = %5g: y %.6f, dy/dx %.6f (Octave: %.6f, %.6f)\n", xv, v, g, ref);
endfor

printf ("3. an RNN (dfg.scan) learning a running mean, Adam\n");
randn ("state", 1);
[H, B, T] = deal (16, 16, 20);
Wx = dfg.variable (0.5 * randn (H, 1)); Wh = dfg.variable (0.1 * randn (H));
b = dfg.variable (zeros (H, 1)); Wo = dfg.variable (0.1 * randn (1, H));
xs = dfg.input ([1 B T]); ys = dfg.input ([1 B T]);
[~, hs] = dfg.scan (@(h, x) deal (tanh (Wx * x + Wh * h + b), tanh (Wx * x + Wh * h + b)), ...
                    zeros (H, B), xs);
pred = reshape (Wo * reshape (hs, H, B * T), 1, B, T);
loss = sum ((pred(:) - ys(:)) .^ 2) / (B * T);
opt = dfg.optim.adam ({Wx, Wh, b, Wo}, "lr", 0.02);
step = dfg.function ({xs, ys}, {loss}, "updates", opt.updates (loss));
evaluate = dfg.function ({xs, ys}, {loss});          # the same graph, no update
running_mean = @(X) cumsum (X, 3) ./ reshape (1:T, 1, 1, T);
Xv = randn (1, B, T);                                 # a held-out batch
printf ("   before training: held-out loss %.4f\n", evaluate (Xv, running_mean (Xv)));
for it = 1:600
  X = randn (1, B, T);
  step (X, running_mean (X));
  if (mod (it, 200) == 0)
    printf ("   after %3d steps: held-out loss %.4f\n", it, evaluate (Xv, running_mean (Xv)));
  endif
endfor
