## bench_fused_expr -- sum (exp (sin (x) .* x + x.^2 * 0.01)) on 1e6
## doubles: dfg.function vs plain Octave, with the machine's memory
## bandwidth as anchor and PyTorch on CPU where installed.
##
## Timed (median; each case in its own block of calls, repeated in three
## passes, because interleaving single calls that allocate 8 MB makes the
## C allocator return and re-fault memory and distorts the times):
##   Octave           the expression on doubles (7 passes, temporaries)
##   dfg.function     plan compiled from dfg.input ([1e6 1])
##   dfg.jit          the same expression through dfg.jit
##   dfg, x.*x        the plan with x .* x in place of x.^2 (diagnostic)
##   anchors          Octave y = x + 1 (16e6 bytes moved), Octave sum (x)
##                    (8e6 bytes read), Octave sin (x) and exp (x)
## Effective GB/s of a run = 8e6 bytes (what the minimal fused computation
## must read: x once; the output is a scalar) / time.
## PyTorch: Debian's python3-torch if python3 can import it; otherwise the
## script says so (it never installs anything).
##
## Runnable alone: octave bench/bench_fused_expr.m, or bench_fused_expr
## with bench/ on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_fused_expr: sum (exp (sin (x) .* x + x.^2 * 0.01)), x = 1e6 doubles");

n = 1e6;
PASSES = 3;
N = 11;            # timed calls per case and pass (median of PASSES*N)
MIN_BYTES = 8 * n; # minimal fused computation: read x once

rand ("state", 7);
X = rand (n, 1);
expr = @(x) sum (exp (sin (x) .* x + x.^2 * 0.01));

x = dfg.input ([n 1]);
f = dfg.function ({x}, {expr(x)});
f_sq = dfg.function ({x}, {sum(exp (sin (x) .* x + (x .* x) * 0.01))});
g = dfg.jit (expr);

ref = expr (X);
err = max (abs ([f(X), g(X)] - ref)) / abs (ref);
printf ("agreement: relative difference dfg vs Octave = %.3g (%s 1e-12)\n",
        err, {"FAILS", "within"}{(err <= 1e-12) + 1});

cases = {"Octave  sum (exp (sin (x) .* x + x.^2 * 0.01))", @() expr (X)
         "dfg.function  f (x)",                            @() f (X)
         "dfg.jit  g (x)",                                 @() g (X)
         "dfg.function, x .* x in place of x.^2",          @() f_sq (X)
         "anchor: Octave  y = x + 1",                      @() X + 1
         "anchor: Octave  sum (x)",                        @() sum (X)
         "anchor: Octave  sin (x)",                        @() sin (X)
         "anchor: Octave  exp (x)",                        @() exp (X)};
nc = rows (cases);
samples = zeros (PASSES * N, nc);
for pass = 1:PASSES
  for c = 1:nc
    [~, s] = bench_time (cases{c, 2}, N, 2);
    samples((pass - 1) * N + (1:N), c) = s.all;
  endfor
endfor
t = median (samples, 1);
q = sort (samples, 1);
p25 = q(round (0.25 * rows (q)), :);
p75 = q(round (0.75 * rows (q)), :);

gbs = @(bytes, sec) bytes / sec / 1e9;
bytes = [MIN_BYTES, MIN_BYTES, MIN_BYTES, MIN_BYTES, 16 * n, 8 * n, 16 * n, 16 * n];
printf ("\n  %-50s %9s %19s %10s\n", "case", "ms", "p25 .. p75", "GB/s");
for c = 1:nc
  printf ("  %-50s %9.2f %8.2f .. %8.2f %10.2f\n", cases{c, 1}, t(c) * 1e3,
          p25(c) * 1e3, p75(c) * 1e3, gbs (bytes(c), t(c)));
endfor
printf ("  (GB/s: 8e6 bytes for the expression rows, 16e6 for x + 1, sin, exp (read + write), 8e6 for sum)\n");
[t_oct, t_fun, t_jit, t_sq, t_copy, t_sum] = num2cell (t(1:6)){:};
printf ("\nbandwidth: Octave x + 1 moves %.2f GB/s, sum (x) reads %.2f GB/s; dfg's run reaches %.2f GB/s effective\n",
        gbs (16 * n, t_copy), gbs (8 * n, t_sum), gbs (MIN_BYTES, t_fun));
printf ("           (%.1f%% of the x + 1 rate, %.1f%% of the sum (x) rate: this expression is bound by sin and exp, not memory)\n",
        100 * gbs (MIN_BYTES, t_fun) / gbs (16 * n, t_copy), 100 * gbs (MIN_BYTES, t_fun) / gbs (8 * n, t_sum));

## PyTorch on CPU, in a subprocess, only if already installed.
t_torch = NaN;
pycmd = benchsupport.torch_python ();
if (isempty (pycmd))
  printf ("\nPyTorch: not installed (python3 cannot import torch; Debian's python3-torch is the only allowed source)\n");
else
  py = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "torch_fused.py");
  [st, txt] = system (sprintf ("%s '%s' %d %d %d", pycmd, py, n, PASSES * N, nproc ()));
  v = strsplit (strtrim (txt));
  if (st == 0 && numel (v) >= 3)
    t_torch = str2double (v{1});
    printf ("\nPyTorch %s on CPU, %s threads: %.2f ms (%.2f GB/s effective)\n",
            v{2}, v{3}, t_torch * 1e3, gbs (MIN_BYTES, t_torch));
  else
    printf ("\nPyTorch: import works but the timing run failed:\n%s\n", txt);
  endif
endif

printf ("\nRatios:\n");
bench_result.name = "bench_fused_expr";
bench_result.ratios = [
  benchsupport.ratio("Octave / dfg.function  (speedup, > 1: dfg faster)", t_oct / t_fun)
  benchsupport.ratio("Octave / dfg.jit", t_oct / t_jit)
  benchsupport.ratio("Octave / dfg.function with x .* x", t_oct / t_sq)
  benchsupport.ratio("dfg.function / Octave x + 1 (bandwidth anchor)", t_fun / t_copy)
  benchsupport.ratio("dfg.function / minimal 8e6-byte read at sum (x) rate", t_fun / t_sum)
];
if (! isnan (t_torch))
  bench_result.ratios(end+1) = benchsupport.ratio("dfg.function / PyTorch CPU", t_fun / t_torch);
endif
bench_result.ms = struct ("octave", t_oct, "fun", t_fun, "jit", t_jit, "fun_xx", t_sq,
                          "copy", t_copy, "sum", t_sum, "torch", t_torch);
bench_result.ms = structfun (@(v) v * 1e3, bench_result.ms, "UniformOutput", false);
bench_result.agreement = err;
printf ("\n");
