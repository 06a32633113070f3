"""Times sum(exp(sin(x)*x + x**2*0.01)) on n float64 values with PyTorch on
CPU; prints one line: median_seconds torch_version threads.
Usage: python3 torch_fused.py N REPS THREADS   (run by bench_fused_expr)."""
import statistics
import sys
import time

import torch

n, reps, threads = (int(a) for a in sys.argv[1:4])
torch.set_num_threads(threads)
x = torch.rand(n, dtype=torch.float64)


def f():
    return torch.sum(torch.exp(torch.sin(x) * x + x ** 2 * 0.01))


for _ in range(3):
    f()
times = []
for _ in range(reps):
    t0 = time.perf_counter()
    f()
    times.append(time.perf_counter() - t0)
print(statistics.median(times), torch.__version__, torch.get_num_threads())
