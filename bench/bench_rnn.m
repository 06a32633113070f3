## bench_rnn -- control flow in graphs (docs/control-flow.md):
##
##   rnn    value and gradient of a vanilla RNN, hidden 64, sequence 100,
##          batch 32, 16 input features, double: h_t = tanh (Wx x_t +
##          Wh h_t-1 + b), loss = 0.5 sum ((h_T - y).^2) / 32, gradient
##          with respect to Wx, Wh, b.
##            dfg      dfg.scan over the sequence; one plan call computes
##                     the loss and the gradient (the loop and its reverse
##                     run in C)
##            Octave   the same, hand-written: a for loop keeping the
##                     states, then the backward loop
##            PyTorch  autograd through a Python loop (Debian's
##                     python3-torch, float64, CPU)
##          Before timing, dfg and Octave must agree.
##   while  the cost of one iteration of dfg.while (a plan running
##          i = i + 1; s = s + i while i < n) against the same Octave
##          while loop, per iteration, n = 200000.
##
## Runnable alone: octave bench/bench_rnn.m, or bench_rnn with bench/ on
## the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
root = bench_setup ();
bench_header ("bench_rnn: an RNN through dfg.scan (value and gradient) and dfg.while's per-iteration cost, dfg vs hand-written Octave vs PyTorch");

H = 64; T = 100; B = 32; D = 16;
randn ("state", 11);
wx = 0.1 * randn (H, D); wh = 0.1 * randn (H, H); bb = 0.1 * randn (H, 1);
X = randn (D, B, T); Y = 0.5 * randn (H, B);

function [l, gx, gh, gb] = rnn_octave_ (wx, wh, bb, X, Y)
  [H, B, T] = deal (rows (wh), columns (X), size (X, 3));
  hs = zeros (H, B, T + 1);
  for t = 1:T
    hs(:,:,t+1) = tanh (wx * X(:,:,t) + wh * hs(:,:,t) + bb);
  endfor
  r = hs(:,:,T+1) - Y;
  l = 0.5 * sum (r(:) .^ 2) / B;
  dh = r / B; gx = zeros (size (wx)); gh = zeros (size (wh)); gb = zeros (size (bb));
  for t = T:-1:1
    dz = dh .* (1 - hs(:,:,t+1) .^ 2);
    gx += dz * X(:,:,t)'; gh += dz * hs(:,:,t)'; gb += sum (dz, 2);
    dh = wh' * dz;
  endfor
endfunction

Wx = dfg.input ([H D]); Wh = dfg.input ([H H]); b = dfg.input ([H 1]);
xs = dfg.input ([D B T]); y = dfg.input ([H B]);
h = dfg.scan (@(h, x) tanh (Wx * x + Wh * h + b), zeros (H, B), xs);
L = 0.5 * sum (sum ((h - y) .^ 2)) / B;
g = dfg.grad (L, {Wx, Wh, b});
f = dfg.function ({Wx, Wh, b, xs, y}, {L, g{:}});
fv = dfg.function ({Wx, Wh, b, xs, y}, {L});

[l1, a1, a2, a3] = f (wx, wh, bb, X, Y);
[l2, b1, b2, b3] = rnn_octave_ (wx, wh, bb, X, Y);
rel = @(a, b) norm (a(:) - b(:), 1) / norm (b(:), 1);
err = max ([rel(l1, l2), rel(a1, b1), rel(a2, b2), rel(a3, b3)]);
printf ("dfg and hand-written Octave agree: largest relative difference %.2g\n", err);
if (err > 1e-12)
  error ("bench_rnn: dfg and Octave disagree (%g)", err);
endif
m = dfg.memory (f);
printf ("memory: arena %.0f kB (holding the tape: each step's starting and ending state, 2 x %d x %.0f kB), loops %.0f kB\n",
        m.arena_bytes / 1024, T, H * B * 8 / 1024, m.loop_bytes / 1024);

t = bench_time ({@() f(wx, wh, bb, X, Y), @() rnn_octave_(wx, wh, bb, X, Y), @() fv(wx, wh, bb, X, Y)}, 15, 3);
t_torch = NaN;
pycmd = benchsupport.torch_python ();
torch_note = "PyTorch: not installed (Debian's python3-torch)";
if (! isempty (pycmd))
  py = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "torch_rnn.py");
  [st, txt] = system (sprintf ("%s '%s' %d 15 %d %d %d %d", pycmd, py, nproc (), H, D, B, T));
  tok = regexp (txt, 'rnn ([0-9.e+-]+)', "tokens", "once");
  ver = regexp (txt, '\n(\S+) (\d+)\s*$', "tokens", "once");
  if (st == 0 && ! isempty (tok))
    t_torch = str2double (tok{1});
    torch_note = sprintf ("PyTorch %s on CPU, %s threads, float64, autograd", ver{1}, ver{2});
  else
    torch_note = sprintf ("PyTorch: the timing run failed:\n%s", txt);
  endif
endif
printf ("\n%s\n", torch_note);
printf ("\nRNN H=%d T=%d B=%d D=%d, ms per call (median of 15)\n", H, T, B, D);
printf ("  %-28s %9.3f\n", "dfg value and gradient", 1e3 * t(1));
printf ("  %-28s %9.3f\n", "dfg value only", 1e3 * t(3));
printf ("  %-28s %9.3f\n", "Octave value and gradient", 1e3 * t(2));
printf ("  %-28s %9.3f\n", "PyTorch value and gradient", 1e3 * t_torch);

## dfg.while's cost per iteration against Octave's while loop
N = 200000;
n = dfg.input ([1 1]);
[i, s] = dfg.while (@(i, s) i < n, @(i, s) deal (i + 1, s + i), 0, 0);
fw = dfg.function ({n}, {i, s});
function [i, s] = while_octave_ (n)
  i = 0; s = 0;
  while (i < n)
    s = s + i; i = i + 1;
  endwhile
endfunction
[i1, s1] = fw (N); [i2, s2] = while_octave_ (N);
if (i1 != i2 || s1 != s2)
  error ("bench_rnn: dfg.while and Octave's while disagree");
endif
tw = bench_time ({@() fw(N), @() while_octave_(N)}, 7, 1);
printf ("\nwhile loop, %d iterations: dfg.while %.3f us/iteration, Octave while %.3f us/iteration\n",
        N, 1e6 * tw(1) / N, 1e6 * tw(2) / N);

printf ("\nRatios:\n");
bench_result.name = "bench_rnn";
bench_result.ratios = [
  benchsupport.ratio("rnn: Octave hand / dfg, value+grad (> 1: dfg faster)", t(2) / t(1))
];
if (! isnan (t_torch))
  bench_result.ratios(end+1) = benchsupport.ratio("rnn: PyTorch / dfg, value+grad (> 1: dfg faster)", t_torch / t(1));
endif
bench_result.ratios(end+1) = benchsupport.ratio("rnn: value+grad / value only (dfg)", t(1) / t(3));
bench_result.ratios(end+1) = benchsupport.ratio("while: Octave / dfg, per iteration (> 1: dfg faster)", tw(2) / tw(1));
bench_result.ms = struct ("rnn", 1e3 * [t(1), t(2), t_torch, t(3)], "while_us", 1e6 * tw / N);
printf ("\n");
