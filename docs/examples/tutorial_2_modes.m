## tutorial_2_modes.m -- docs/tutorial.md, sections 3 to 5: reverse mode
## (adjoints as sums of partial adjoints), forward mode (tangents), and
## higher order, on the lecture notes' two examples.
## Run:  addpath (<repo root>); run ("docs/examples/tutorial_2_modes.m")

fun = @(x1, x2) log (x1) + x1 .* x2 - sin (x2);

## 3. Reverse mode: one backward sweep gives the whole gradient
dfg.trace (fun, 2, 5, "reverse")
g = dfg.grad (fun, [1 2]);           # the gradient as a function of (x1, x2)
[g1, g2] = g (2, 5);
printf ("dfg.grad: [%.4f, %.4f]   by hand: [1/x1 + x2, x1 - cos(x2)] = [%.4f, %.4f]\n",
        g1, g2, 1/2 + 5, 2 - cos (5));

## 4. Forward mode: one sweep per input direction
dfg.trace (fun, 2, 5, "forward", {1, 0})
x1 = dfg.input ([1 1]);  x2 = dfg.input ([1 1]);
t = dfg.jvp (fun (x1, x2), {x1, x2}, {1, 0});
tf = dfg.function ({x1, x2}, {t});
printf ("dfg.jvp along x1: %.4f\n", tf (2, 5));

## the second example: L(x) = exp(exp(x) + exp(x)^2) + sin(exp(x) + exp(x)^2),
## written with its intermediates as in the notes (a, b, c, d, e)
x = dfg.input ([1 1], "double", "x");
a = exp (x);  b = a .^ 2;  c = a + b;  d = exp (c);  e = sin (c);  L = d + e;
dfg.trace (L, x, 1, "reverse")

## 5. Higher order: the derivative is a graph, so it can be differentiated
dL = dfg.grad (L, x);
d2L = dfg.grad (dL, x);
H = dfg.hessian (L, x);
h = dfg.function ({x}, {dL, d2L, H});
[v1, v2, v3] = h (1);
printf ("L'(1) = %.6f, L''(1) = %.6f (dfg.hessian: %.6f)\n", v1, v2, v3);
printf ("graph sizes: L %d nodes, L' %d, L'' %d\n", numel (dfg_mex ("graph", {L})),
        numel (dfg_mex ("graph", {dL})), numel (dfg_mex ("graph", {d2L})));
assert (abs (v2 - v3) < 1e-9 * abs (v3));
