## bench_gpu -- plans on the GPU against the GPU's own limits and against
## dfg on the CPU (docs/gpu.md).  Runs where a GPU can be used; elsewhere
## it prints why not and times the same plans on the emulated device "sim"
## placed exactly as on a GPU (the ops the CUDA backend lacks on the host,
## no fused kernels), which checks the plans and their copies but says
## nothing about GPU speed.
##
## With a GPU, timed in the same run (median of bench_time):
##   anchors   a single and a double matrix product of the MLP's largest
##             size through a one-node plan on the GPU (cuBLAS's rate as
##             dfg reaches it), and x + 1 on 10^7 singles (the device's
##             memory bandwidth as a plan of one element-wise op sees it)
##   MLP step  a 1024-2048-2048-10 tanh MLP, batch 1024, SGD with
##             "updates": flops per second of the step against the product
##             rate (target: single at 70 % or more), double and single
##   fused     sum (exp (sin (x) .* x + x .^ 2 * 0.01)) and its gradient on
##             10^7 and 10^8 singles: bytes per second (x read once, the
##             gradient written once) against the bandwidth anchor
##             (target: 70 % or more)
##   CPU       the same plans on the CPU: GPU / CPU speed-ups
## PyTorch on the GPU: Debian's python3-torch is built without CUDA, so it
## is not run here (the script says so).
##
## Runnable alone: octave bench/bench_gpu.m, or bench_gpu with bench/ on
## the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_gpu: plans on the GPU against cuBLAS and the device bandwidth");

info = dfg.device ("info");
have_gpu = info.available;
if (have_gpu)
  dev = "gpu";
  printf ("  GPU: %s (compute %s, %.1f GiB)\n", info.name, info.compute_capability,
          info.total_memory / 2^30);
else
  dev = "sim";
  printf ("  no GPU can be used: %s\n", info.reason);
  printf ("  timing the plans on \"sim\" placed as on a GPU instead (no GPU speed measured)\n");
  dfg.device ("sim", "host_ops", "gpu");
endif
quick = ! have_gpu;            # sim: small sizes, the plans and copies only

## ---- the MLP step -----------------------------------------------------------
if (quick)
  sz = [64 128 128 10];  B = 64;
else
  sz = [1024 2048 2048 10];  B = 1024;
endif
res = struct ();
for c = {"single", "double"}
  cls = c{1};
  randn ("state", 1);
  P = {};
  for k = 1:numel (sz) - 1
    P{end+1} = dfg.variable (cast (randn (sz(k+1), sz(k)) / sqrt (sz(k)), cls));
    P{end+1} = dfg.variable (zeros (sz(k+1), 1, cls));
  endfor
  x = dfg.input ([sz(1) B], cls);
  t = dfg.input ([sz(end) B], cls);
  h = x;
  for k = 1:numel (sz) - 1
    h = P{2*k-1} * h + P{2*k};
    if (k < numel (sz) - 1)
      h = tanh (h);
    endif
  endfor
  loss = sum (sum ((h - t) .^ 2)) / B;
  upd = {};
  for k = 1:numel (P)
    upd(end+1:end+2) = {P{k}, P{k} - cast(0.01, cls) * dfg.grad(loss, P{k})};
  endfor
  X = cast (randn (sz(1), B), cls);  T = cast (randn (sz(end), B), cls);
  step_d = dfg.function ({x, t}, {loss}, "updates", upd, "device", dev);
  step_c = dfg.function ({x, t}, {loss}, "updates", upd, "device", "cpu");
  flops = 0;
  for k = 1:numel (sz) - 1
    flops += 3 * 2 * sz(k) * sz(k+1) * B;      # forward, two backward products
  endfor
  a = dfg.input ([sz(2) sz(1)], cls);  b = dfg.input ([sz(1) B], cls);
  mm = dfg.function ({a, b}, {a * b}, "device", dev);
  A = cast (randn (sz(2), sz(1)), cls);  Bm = cast (randn (sz(1), B), cls);
  [tt, ~] = bench_time ({@() step_d(X, T), @() step_c(X, T), @() mm(A, Bm)}, 7, 2);
  res.(cls) = struct ("step_dev", tt(1), "step_cpu", tt(2), "gemm", tt(3),
                      "flops", flops, "gemm_flops", 2 * sz(2) * sz(1) * B);
  printf ("  MLP step (%s): %s %.3f ms (%.1f GFLOP/s), cpu %.3f ms; product %.1f GFLOP/s\n",
          cls, dev, 1e3 * tt(1), flops / tt(1) / 1e9, 1e3 * tt(2),
          res.(cls).gemm_flops / tt(3) / 1e9);
endfor

## ---- fused value and gradient -------------------------------------------------
if (quick)
  ns = 1e5;
else
  ns = [1e7 1e8];
endif
fused = [];
for n = ns
  x = dfg.input ([n 1], "single");
  y = sum (exp (sin (x) .* x + x .^ 2 * single (0.01)));
  f_d = dfg.function ({x}, {y, dfg.grad(y, x)}, "device", dev);
  f_c = dfg.function ({x}, {y, dfg.grad(y, x)}, "device", "cpu");
  add1 = dfg.function ({x}, {x + 1}, "device", dev);
  Xs = single (rand (n, 1));
  tt = bench_time ({@() f_d(Xs), @() f_c(Xs), @() add1(Xs)}, 7, 2);
  bytes = 2 * 4 * n;                 # x read once, the gradient written once
  bw = 2 * 4 * n / tt(3);            # x + 1: read and write
  fused(end+1, :) = [n, tt(1), tt(2), bytes / tt(1) / bw];
  printf ("  fused value+gradient, %g singles: %s %.3f ms (%.1f GB/s), cpu %.3f ms; x + 1 %.1f GB/s\n",
          n, dev, 1e3 * tt(1), bytes / tt(1) / 1e9, 1e3 * tt(2), bw / 1e9);
endfor
if (! have_gpu)
  dfg.device ("sim", "host_ops", "");
endif
printf ("  PyTorch on the GPU: not run (Debian's python3-torch has no CUDA)\n");

bench_result.name = "bench_gpu";
if (have_gpu)
  s = res.single;  d = res.double;
  bench_result.ratios = [
    benchsupport.ratio("single MLP step rate / product rate", (s.flops / s.step_dev) / (s.gemm_flops / s.gemm), ">=", 0.7)
    benchsupport.ratio("double MLP step rate / product rate", (d.flops / d.step_dev) / (d.gemm_flops / d.gemm))
    benchsupport.ratio("single MLP step: GPU speed-up over dfg CPU", s.step_cpu / s.step_dev)
    benchsupport.ratio("fused value+gradient 1e7: fraction of x+1 bandwidth", fused(1, 4), ">=", 0.7)
    benchsupport.ratio("fused value+gradient 1e8: fraction of x+1 bandwidth", fused(end, 4), ">=", 0.7)
    benchsupport.ratio("fused value+gradient 1e7: GPU speed-up over dfg CPU", fused(1, 3) / fused(1, 2))
  ];
else
  bench_result.ratios = [
    benchsupport.ratio("(no GPU) sim as a GPU / cpu time, single MLP step", res.single.step_dev / res.single.step_cpu)
    benchsupport.ratio("(no GPU) sim as a GPU / cpu time, fused value+gradient", fused(1, 2) / fused(1, 3))
  ];
endif
bench_result.agreement = 0;
printf ("\n");
