"""PyTorch anchor for bench_mlp.m: one SGD training step (forward,
backward, update) of a tanh MLP with softmax cross-entropy, float64, CPU.

Usage: python3 torch_mlp.py THREADS DIGITS_CSV CASE [CASE ...]
  CASE = DATA:DIMS:BATCH:REPS:INNER, e.g. digits:64,256,256,10:1797:21:1
    DATA   "digits" (the first BATCH rows of DIGITS_CSV, pixels / 16) or
           "random" (standard normal pixels, random labels)
    DIMS   layer widths, input first, classes last
    REPS   timed repetitions (after 3 warm-up ones)
    INNER  training steps per repetition (> 1 for steps of microseconds)
Prints one line per case, "median_seconds_per_step final_loss", then a
line "torch_version threads".

The model is the one bench_mlp builds in dfg and in Octave:
H = tanh(H @ W + b) for all layers but the last, Z = H @ W + b,
loss = cross_entropy(Z, labels) (mean over the batch), then
p -= lr * p.grad for every W and b (a manual SGD step, no optimizer object).
"""
import statistics
import sys
import time

import torch
import torch.nn.functional as F

LR = 0.1


def load_digits(path):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                rows.append([float(v) for v in line.split(",")])
    d = torch.tensor(rows, dtype=torch.float64)
    return d[:, :64] / 16, d[:, 64].to(torch.int64)


def run_case(spec, digits_csv):
    data, dims, batch, reps, inner = spec.split(":")
    dims = [int(v) for v in dims.split(",")]
    batch, reps, inner = int(batch), int(reps), int(inner)
    g = torch.Generator().manual_seed(5)
    if data == "digits":
        X, labels = load_digits(digits_csv)
        X, labels = X[:batch].contiguous(), labels[:batch].contiguous()
    else:
        X = torch.randn(batch, dims[0], dtype=torch.float64, generator=g)
        labels = torch.randint(0, dims[-1], (batch,), generator=g)
    params = []
    for din, dout in zip(dims[:-1], dims[1:]):
        W = torch.randn(din, dout, dtype=torch.float64, generator=g) / din ** 0.5
        b = torch.zeros(1, dout, dtype=torch.float64)
        params += [W.requires_grad_(), b.requires_grad_()]

    def step():
        H = X
        nl = len(params) // 2
        for k in range(nl):
            H = H @ params[2 * k] + params[2 * k + 1]
            if k < nl - 1:
                H = torch.tanh(H)
        loss = F.cross_entropy(H, labels)
        loss.backward()
        with torch.no_grad():
            for p in params:
                p -= LR * p.grad
                p.grad = None
        return loss

    def many():
        for _ in range(inner):
            loss = step()
        return loss

    for _ in range(3):
        many()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        loss = many()
        ts.append((time.perf_counter() - t0) / inner)
    return statistics.median(ts), float(loss)


def main():
    threads, digits_csv = int(sys.argv[1]), sys.argv[2]
    torch.set_num_threads(threads)
    for spec in sys.argv[3:]:
        t, loss = run_case(spec, digits_csv)
        print("%.9f %.6g" % (t, loss))
    print(torch.__version__, torch.get_num_threads())


if __name__ == "__main__":
    main()
