## tutorial_3_compare.m -- docs/tutorial.md, section 6: numerical,
## symbolic and automatic differentiation of the same function,
## L(x) = exp(exp(x) + exp(x)^2) + sin(exp(x) + exp(x)^2) at x = 0.5.
## Run:  addpath (<repo root>); run ("docs/examples/tutorial_3_compare.m")

Lf = @(x) exp (exp (x) + exp (x) .^ 2) + sin (exp (x) + exp (x) .^ 2);
dLf = @(x) (exp (x) + 2 * exp (2 * x)) .* (exp (exp (x) + exp (2 * x)) + cos (exp (x) + exp (2 * x)));
x0 = 0.5;
exact = dLf (x0);                        # derived by hand: the reference

## automatic: exact to rounding
x = dfg.input ([1 1]);
g = dfg.function ({x}, {dfg.grad(Lf (x), x)});
ad = g (x0);
printf ("automatic (dfg.grad):  %.15g, relative error %.1e\n", ad, abs (ad - exact) / exact);

## numerical: the step size trades truncation against cancellation
printf ("\n%8s  %22s  %22s\n", "h", "forward difference", "central difference");
best = Inf;
for h = 10 .^ -(1:2:13)
  fd = (Lf (x0 + h) - Lf (x0)) / h;
  cd = (Lf (x0 + h) - Lf (x0 - h)) / (2 * h);
  printf ("%8.0e  %22.1e  %22.1e\n", h, abs (fd - exact) / exact, abs (cd - exact) / exact);
  best = min (best, abs (cd - exact) / exact);
endfor
printf ("best finite difference: relative error %.1e; automatic: %.1e\n", best, abs (ad - exact) / exact);
assert (abs (ad - exact) / exact < 1e-14);
assert (best > 1e-12);

## symbolic: exact, but the derivative's expression swells.  f_n nests
## n products h <- h .* sin (h); its derivative repeats the inner
## expressions (the product rule copies them), where automatic
## differentiation reuses each intermediate once: its graph grows like f_n's.
have_sym = ! isempty (pkg ("list", "symbolic"));
if (have_sym)
  pkg load symbolic
  printf ("\n%3s  %26s  %30s\n", "n", "symbolic: f_n, f_n' (chars)", "dfg: f_n, gradient plan (nodes)");
else
  printf ("\n(octave-symbolic is not installed, apt-get install octave-symbolic adds the symbolic column)\n");
  printf ("%3s  %30s\n", "n", "dfg: f_n, gradient plan (nodes)");
endif
x = dfg.input ([1 1]);
h = x;
if (have_sym)
  s = sym ("x");
  e = s;
endif
for n = 1:6
  h = h .* sin (h);
  p = dfg.function ({x}, {dfg.grad(h, x)});
  nf = numel (dfg_mex ("graph", {h}));
  ng = numel (dfg.nodes (p));
  if (have_sym)
    e = e * sin (e);
    printf ("%3d  %12d  %12d  %14d  %14d\n", n, numel (char (e)), numel (char (diff (e, s))), nf, ng);
  else
    printf ("%3d  %14d  %14d\n", n, nf, ng);
  endif
endfor
if (have_sym)
  sympref reset            # ends the Python process behind octave-symbolic
endif
