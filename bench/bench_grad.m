## bench_grad -- the cheap-gradient principle: value and gradient of a
## chain of matrix and element-wise ops cost a small multiple of the value.
##
##   f (W1, W2) = sum ((tanh (X * W1) * W2 - Y) .^ 2) + 1e-3 * sum (W1(:) .^ 2)
##   X: n x d data, W1: d x h, W2: h x 1 (a one-hidden-layer regression)
##
## Timed (median of calls):
##   dfg value            dfg.function of f alone
##   dfg value+grad       dfg.function of {f, df/dW1, df/dW2}, built by dfg.grad
##   dfg value_and_grad   dfg.value_and_grad (f, [1 2]) (the functional form)
##   Octave value         f written in Octave
##   Octave hand grad     f and its gradient written by hand in Octave (the
##                        seeds' "write every gradient yourself" baseline)
##   PyTorch              torch.autograd on CPU, float64, same sizes, where
##                        Debian's python3-torch is installed
##   anchor               one BLAS GEMM of X * W1 (the dominant op)
## Targets: dfg value+grad / dfg value <= 3 (cheap gradient).
##
## Runnable alone: octave bench/bench_grad.m, or bench_grad with bench/ on
## the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
n = 4000; d = 100; h = 100;
bench_header (sprintf ("bench_grad: value and gradient of sum ((tanh (X*W1)*W2 - Y).^2) + 1e-3*sum (W1(:).^2), X %dx%d, W1 %dx%d", n, d, d, h));
N = 21;

rand ("state", 3);
X = rand (n, d);  Y = rand (n, 1);
W1 = rand (d, h) - 0.5;  W2 = rand (h, 1) - 0.5;

fun = @(w1, w2) sum ((tanh (X * w1) * w2 - Y) .^ 2) + 1e-3 * sum (w1(:) .^ 2);

w1 = dfg.input ([d h]);  w2 = dfg.input ([h 1]);
xt = dfg.constant (X);  yt = dfg.constant (Y);
ft = sum ((tanh (xt * w1) * w2 - yt) .^ 2) + 1e-3 * sum (w1(:) .^ 2);
[g1, g2] = dfg.grad (ft, {w1, w2});
f_val = dfg.function ({w1, w2}, {ft});
f_vg = dfg.function ({w1, w2}, {ft, g1, g2});
vg = dfg.value_and_grad (fun, [1 2]);

function [f, g1, g2] = hand (X, Y, W1, W2)
  Z = X * W1;
  H = tanh (Z);
  R = H * W2 - Y;
  f = sum (R .^ 2) + 1e-3 * sum (W1(:) .^ 2);
  gP = 2 * R;
  g2 = H' * gP;
  g1 = X' * ((gP * W2') .* (1 - H .^ 2)) + 2e-3 * W1;
endfunction

## agreement
[v1, a1, b1] = f_vg (W1, W2);
[v2, a2, b2] = hand (X, Y, W1, W2);
[v3, a3, b3] = vg (W1, W2);
rel = @(a, b) norm (a(:) - b(:), 1) / norm (b(:), 1);
err = max ([rel(v1, v2), rel(a1, a2), rel(b1, b2), rel(a3, a2), rel(b3, b2)]);
printf ("agreement with the hand-written gradient: max relative difference %.2g\n", err);
if (err > 1e-10)
  error ("bench_grad: dfg's gradient disagrees with the hand-written one (%.3g)", err);
endif

t = bench_time ({@() f_val(W1, W2), @() f_vg(W1, W2), @() vg(W1, W2), ...
                 @() fun(W1, W2), @() hand(X, Y, W1, W2), @() X * W1}, N);
[t_val, t_vg, t_fvg, t_oval, t_hand, t_gemm] = num2cell (t){:};
printf ("\nmedian of %d calls:\n", N);
printf ("  dfg value              %8.2f ms\n", t_val * 1e3);
printf ("  dfg value+grad         %8.2f ms\n", t_vg * 1e3);
printf ("  dfg.value_and_grad     %8.2f ms\n", t_fvg * 1e3);
printf ("  Octave value           %8.2f ms\n", t_oval * 1e3);
printf ("  Octave hand grad       %8.2f ms\n", t_hand * 1e3);
printf ("  GEMM X*W1 (anchor)     %8.2f ms  (%.1f GFLOP/s)\n", t_gemm * 1e3, 2 * n * d * h / t_gemm / 1e9);

t_tv = NaN; t_tg = NaN;
pycmd = benchsupport.torch_python ();
if (isempty (pycmd))
  printf ("\nPyTorch: not installed (no python3 can import torch; Debian's python3-torch is the only allowed source)\n");
else
  py = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "torch_grad.py");
  [st, txt] = system (sprintf ("%s '%s' %d %d %d %d %d", pycmd, py, n, d, h, N, nproc ()));
  v = strsplit (strtrim (txt));
  if (st == 0 && numel (v) >= 4)
    t_tv = str2double (v{1});  t_tg = str2double (v{2});
    printf ("\nPyTorch %s on CPU, %s threads: value %.2f ms, value+grad (autograd) %.2f ms\n",
            v{3}, v{4}, t_tv * 1e3, t_tg * 1e3);
  else
    printf ("\nPyTorch: import works but the timing run failed:\n%s\n", txt);
  endif
endif

printf ("\nRatios:\n");
bench_result.name = "bench_grad";
bench_result.ratios = [
  benchsupport.ratio("dfg value+grad / dfg value (cheap gradient)", t_vg / t_val, "<=", 3)
  benchsupport.ratio("dfg.value_and_grad / dfg value", t_fvg / t_val, "<=", 3)
  benchsupport.ratio("Octave hand grad / dfg value+grad (> 1: dfg faster)", t_hand / t_vg)
  benchsupport.ratio("Octave hand grad / Octave value", t_hand / t_oval)
  benchsupport.ratio("dfg value+grad / GEMM X*W1", t_vg / t_gemm)
];
if (! isnan (t_tg))
  bench_result.ratios(end+1) = benchsupport.ratio("dfg value+grad / PyTorch autograd", t_vg / t_tg);
  bench_result.ratios(end+1) = benchsupport.ratio("PyTorch value+grad / PyTorch value", t_tg / t_tv);
endif
bench_result.ms = struct ("value", t_val, "value_grad", t_vg, "value_and_grad_fn", t_fvg,
                          "octave_value", t_oval, "octave_hand", t_hand, "gemm", t_gemm,
                          "torch_value", t_tv, "torch_value_grad", t_tg);
bench_result.ms = structfun (@(v) v * 1e3, bench_result.ms, "UniformOutput", false);
bench_result.agreement = err;
printf ("\n");
