"""PyTorch anchor for bench_train.m: epochs of training of the demo's two
digit classifiers, float64, CPU, torch.optim.Adam (lr 3e-3).

Usage: python3 torch_train.py THREADS DIGITS_CSV EPOCHS_TIMED
Prints "mlp median_seconds_per_epoch final_loss", "cnn ...", then a line
"torch_version threads".

The data and the models are bench_train's: the first 1408 images (22
batches of 64, in order, no shuffling: the same batches for every
candidate), pixels / 16.
  mlp: 64-128-10, ReLU, softmax cross-entropy (mean over the batch)
  cnn: conv 3x3, 32 filters, padding 1, ReLU, 2x2 max pool (stride 2),
       linear 512-10, softmax cross-entropy
"""
import statistics
import sys
import time

import torch
import torch.nn.functional as F

from torch_mlp import load_digits     # (this script's folder is on sys.path)

B, NB = 64, 22


def load(path):
    X, y = load_digits(path)
    return X[: B * NB], y[: B * NB]


def main():
    threads, csv, reps = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    torch.set_num_threads(threads)
    X, y = load(csv)
    g = torch.Generator().manual_seed(1)
    dt = torch.float64
    W1 = (torch.randn(128, 64, dtype=dt, generator=g) * (2 / 64) ** 0.5).requires_grad_()
    b1 = torch.zeros(128, dtype=dt, requires_grad=True)
    W2 = (torch.randn(10, 128, dtype=dt, generator=g) * (1 / 128) ** 0.5).requires_grad_()
    b2 = torch.zeros(10, dtype=dt, requires_grad=True)
    K = (torch.randn(32, 1, 3, 3, dtype=dt, generator=g) * (2 / 9) ** 0.5).requires_grad_()
    c = torch.zeros(32, dtype=dt, requires_grad=True)
    W3 = (torch.randn(10, 512, dtype=dt, generator=g) * (1 / 512) ** 0.5).requires_grad_()
    b3 = torch.zeros(10, dtype=dt, requires_grad=True)
    Ximg = X.reshape(-1, 1, 8, 8)

    def mlp(xb):
        return F.linear(F.relu(F.linear(xb, W1, b1)), W2, b2)

    def cnn(xb):
        h = F.max_pool2d(F.relu(F.conv2d(xb, K, c, padding=1)), 2)
        return F.linear(h.flatten(1), W3, b3)

    out = []
    for name, model, params, data in (("mlp", mlp, [W1, b1, W2, b2], X),
                                      ("cnn", cnn, [K, c, W3, b3], Ximg)):
        opt = torch.optim.Adam(params, lr=3e-3)

        def epoch():
            total = 0.0
            for k in range(NB):
                xb, yb = data[k * B:(k + 1) * B], y[k * B:(k + 1) * B]
                opt.zero_grad()
                loss = F.cross_entropy(model(xb), yb)
                loss.backward()
                opt.step()
                total += float(loss)
            return total / NB

        epoch()
        ts = []
        for _ in range(reps):
            t0 = time.perf_counter()
            loss = epoch()
            ts.append(time.perf_counter() - t0)
        out.append("%s %.9f %.6g" % (name, statistics.median(ts), loss))
    print("\n".join(out))
    print(torch.__version__, torch.get_num_threads())


if __name__ == "__main__":
    main()
