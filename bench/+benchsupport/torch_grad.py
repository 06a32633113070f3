"""Times the value, and the value and gradient (autograd), of
f(W1, W2) = sum((tanh(X W1) W2 - Y)^2) + 1e-3 sum(W1^2) with PyTorch on CPU
in float64; prints: value_s value_and_grad_s torch_version threads.
Usage: python3 torch_grad.py N D H REPS THREADS   (run by bench_grad)."""
import statistics
import sys
import time

import torch

n, d, h, reps, threads = (int(a) for a in sys.argv[1:6])
torch.set_num_threads(threads)
g = torch.Generator().manual_seed(3)
X = torch.rand(n, d, dtype=torch.float64, generator=g)
Y = torch.rand(n, 1, dtype=torch.float64, generator=g)
W1 = (torch.rand(d, h, dtype=torch.float64, generator=g) - 0.5).requires_grad_()
W2 = (torch.rand(h, 1, dtype=torch.float64, generator=g) - 0.5).requires_grad_()


def value():
    with torch.no_grad():
        return torch.sum((torch.tanh(X @ W1) @ W2 - Y) ** 2) + 1e-3 * torch.sum(W1 ** 2)


def value_and_grad():
    f = torch.sum((torch.tanh(X @ W1) @ W2 - Y) ** 2) + 1e-3 * torch.sum(W1 ** 2)
    g1, g2 = torch.autograd.grad(f, (W1, W2))
    return f, g1, g2


def median_time(fn):
    for _ in range(3):
        fn()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


print(median_time(value), median_time(value_and_grad), torch.__version__, torch.get_num_threads())
