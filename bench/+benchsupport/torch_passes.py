# bench/+benchsupport/torch_passes.py -- PyTorch anchor for bench_passes.m:
# value and gradient (autograd) of sum(exp(sin(x)*x + x**2*0.01)) on n
# doubles, CPU.  Usage: python3 torch_passes.py N REPS THREADS
# Prints "median_seconds torch_version threads".
import sys, time
import torch

n, reps, threads = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
torch.set_num_threads(threads)
torch.manual_seed(1)
x0 = torch.rand(n, dtype=torch.float64) * 2 - 1

def step():
    x = x0.clone().requires_grad_(True)
    f = torch.exp(torch.sin(x) * x + x ** 2 * 0.01).sum()
    f.backward()
    return f.item(), x.grad

for _ in range(3):
    step()
ts = []
for _ in range(reps):
    t = time.perf_counter()
    step()
    ts.append(time.perf_counter() - t)
ts.sort()
print("%.9f %s %d" % (ts[len(ts) // 2], torch.__version__, torch.get_num_threads()))
