"""PyTorch anchor for bench_rnn.m: value and gradient of a vanilla RNN,
float64, CPU, autograd through a Python loop over the sequence.

Usage: python3 torch_rnn.py THREADS REPS H D B T
Prints "rnn median_seconds loss", then "torch_version threads".

Model (bench_rnn's): h_0 = 0, h_t = tanh(Wx x_t + Wh h_{t-1} + b) for
t = 1..T over batches of B columns, loss = 0.5 sum((h_T - y)^2) / B, and
its gradient with respect to Wx, Wh and b.  Data: fixed pseudo-random
values (the timing does not depend on them).
"""
import statistics
import sys
import time

import torch


def main():
    threads, reps = int(sys.argv[1]), int(sys.argv[2])
    H, D, B, T = (int(v) for v in sys.argv[3:7])
    torch.set_num_threads(threads)
    dt = torch.float64
    g = torch.Generator().manual_seed(3)
    Wx = (0.1 * torch.randn(H, D, dtype=dt, generator=g)).requires_grad_()
    Wh = (0.1 * torch.randn(H, H, dtype=dt, generator=g)).requires_grad_()
    b = (0.1 * torch.randn(H, 1, dtype=dt, generator=g)).requires_grad_()
    X = torch.randn(T, D, B, dtype=dt, generator=g)
    Y = 0.5 * torch.randn(H, B, dtype=dt, generator=g)

    def step():
        h = torch.zeros(H, B, dtype=dt)
        for t in range(T):
            h = torch.tanh(Wx @ X[t] + Wh @ h + b)
        loss = 0.5 * ((h - Y) ** 2).sum() / B
        gx, gh, gb = torch.autograd.grad(loss, (Wx, Wh, b))
        return loss.item()

    for _ in range(3):
        loss = step()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        loss = step()
        times.append(time.perf_counter() - t0)
    print("rnn %.9f %.12g" % (statistics.median(times), loss))
    print(torch.__version__, threads)


if __name__ == "__main__":
    main()
