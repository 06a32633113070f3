## bench_sim_copies -- copies per training step on the emulated device
## "sim" (docs/gpu.md, "Where variables live").
##
## A 64-128-10 tanh MLP (W1, b1, W2, b2: 9546 doubles) trained by SGD with
## one dfg.function call per step ("updates" for the four parameters) on
## batches of 64 random inputs, compiled for "sim".  The sim's counters
## (dfg.device ("sim", "stats")) over 20 steps after the first: copies
## into and out of the device per step, and the bytes of them that are not
## the mini-batch (64 x 64 inputs and 10 x 64 targets in) or the loss (one
## double out), i.e. parameter bytes.  Target: no parameter copies.  The
## parameters after the steps must equal those of the same steps on the
## CPU bit for bit.
##
## Runnable alone: octave bench/bench_sim_copies.m, or bench_sim_copies
## with bench/ on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_sim_copies: copies per SGD step of an MLP on the sim device");

B = 64;  NS = 21;  lr = 0.05;
randn ("state", 7);
X = randn (64, B * NS);  T = randn (10, B * NS);
P0 = {randn(128, 64) / 8, zeros(128, 1), randn(10, 128) / 11, zeros(10, 1)};
final = {};
for dev = {"cpu", "sim"}
  W1 = dfg.variable (P0{1});  b1 = dfg.variable (P0{2});
  W2 = dfg.variable (P0{3});  b2 = dfg.variable (P0{4});
  x = dfg.input ([64 B]);  t = dfg.input ([10 B]);
  loss = sum (sum ((W2 * tanh (W1 * x + b1) + b2 - t) .^ 2)) / B;
  P = {W1, b1, W2, b2};
  upd = {};
  for k = 1:4
    upd(end+1:end+2) = {P{k}, P{k} - lr * dfg.grad(loss, P{k})};
  endfor
  step = dfg.function ({x, t}, {loss}, "updates", upd, "device", dev{1});
  step (X(:, 1:B), T(:, 1:B));                  # the first call copies the parameters in
  dfg.device ("sim", "reset");
  for s = 2:NS
    i = (s - 1) * B + (1:B);
    L = step (X(:, i), T(:, i));
  endfor
  st = dfg.device ("sim", "stats");
  final{end+1} = cellfun (@dfg.value, P, "UniformOutput", false);
endfor
if (! isequal (final{1}, final{2}))
  error ("bench_sim_copies: the parameters after the sim steps are not the CPU's");
endif
n = NS - 1;
batch = 8 * (64 + 10) * B;
param = (st.to_device_bytes - n * batch) + (st.to_host_bytes - n * 8);
printf ("  per step: %g copies in (%g bytes), %g out (%g bytes); parameters: %d bytes\n",
        st.to_device / n, st.to_device_bytes / n, st.to_host / n, st.to_host_bytes / n,
        8 * sum (cellfun (@numel, P0)));
bench_result.name = "bench_sim_copies";
bench_result.ratios = [
  benchsupport.ratio("parameter bytes copied per sim step", param / n, "<=", 0)
  benchsupport.ratio("copies per sim step (batch in, loss out)", (st.to_device + st.to_host) / n)
];
bench_result.agreement = 0;
printf ("\n");
