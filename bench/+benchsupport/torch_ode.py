"""PyTorch anchor for bench_ode.m: the loss and gradient of the
Lotka-Volterra fit of docs/examples/lotka_volterra.m, float64, CPU.

Usage: python3 torch_ode.py THREADS REPS DATAFILE
Prints "ode median_seconds loss steps", "grad g1 g2 g3 g4", then
"torch_version threads".

DATAFILE (written by bench_ode.m, whitespace-separated numbers): RelTol
AbsTol, then nt, the nt output times, the 2 initial states, the 4
parameters, and the nt x 2 observations row by row.

The solver is a hand-written adaptive Dormand-Prince RK45 following
Octave 7.3's ode45 (integrate_adaptive.m, runge_kutta_45_dorpri.m,
starting_stepsize.m, AbsRel_norm.m, the Kahan sum of the times, the
Hermite quartic dense output at the output times), so that it takes the
same steps as Octave's ode45 and dfg.ode45.  The step-size decisions are
made on plain floats (detached), so the gradient, by autograd through
the stages, the updates and the dense output, is that of the computed
solution with the steps held fixed: dfg's discrete adjoint.
"""
import statistics
import sys
import time

import torch

A = [[],
     [1 / 5],
     [3 / 40, 9 / 40],
     [44 / 45, -56 / 15, 32 / 9],
     [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
     [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656]]
B = [0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1]
C = [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84]
CP = [5179 / 57600, 0, 7571 / 16695, 393 / 640, -92097 / 339200,
      187 / 2100, 1 / 40]
U_HALF = [6025192743 / 30085553152, 0, 51252292925 / 65400821598,
          -2691868925 / 45128329728, 187940372067 / 1594534317056,
          -1776094331 / 19743644256, 11237099 / 235043384]
ORDER = 5


def absrel_norm(x, x_old, atol, rtol, y=None):
    """AbsRel_norm.m without NormControl, on detached tensors."""
    sc = torch.clamp(rtol * torch.maximum(x.abs(), x_old.abs()), min=atol)
    d = x if y is None else x - y
    return float((d.abs() / sc).max())


def dorpri(f, t, x, dt, k1, t_next):
    """One Dormand-Prince step from (t, x): x_next, x_est, the 7 stages."""
    k = [k1]
    for j in range(1, 6):
        xs = x
        for i, a in enumerate(A[j]):
            if a != 0:
                xs = xs + (dt * a) * k[i]
        k.append(f(t + dt * B[j], xs))
    x_next = x
    for i in range(6):
        if C[i] != 0:
            x_next = x_next + (dt * C[i]) * k[i]
    k.append(f(t_next, x_next))
    with torch.no_grad():
        x_est = x.detach()
        for i in range(7):
            if CP[i] != 0:
                x_est = x_est + (dt * CP[i]) * k[i].detach()
    return x_next, x_est, k


def hermite_quartic(t0, t1, x0, x1, k, tout):
    dt = t1 - t0
    u_half = x0
    for i in range(7):
        if U_HALF[i] != 0:
            u_half = u_half + (0.5 * dt * U_HALF[i]) * k[i]
    s = (tout - t0) / dt
    return ((1 - 11 * s**2 + 18 * s**3 - 8 * s**4) * x0
            + (s - 4 * s**2 + 5 * s**3 - 2 * s**4) * (dt * k[0])
            + (16 * s**2 - 32 * s**3 + 16 * s**4) * u_half
            + (-5 * s**2 + 14 * s**3 - 8 * s**4) * x1
            + (s**2 - 3 * s**3 + 2 * s**4) * (dt * k[6]))


def ode45(f, ts, x0, rtol, atol):
    """Octave's integrate_adaptive with output times ts (increasing)."""
    t_end = ts[-1]
    max_step = 0.1 * abs(t_end - ts[0])
    # starting_stepsize.m
    with torch.no_grad():
        xd = x0.detach()
        d0 = absrel_norm(xd, xd, atol, rtol)
        y = f(ts[0], xd)
        d1 = absrel_norm(y, y, atol, rtol)
        h0 = 1e-6 if (d0 < 1e-5 or d1 < 1e-5) else 0.01 * (d0 / d1)
        yh = f(ts[0] + h0, xd + h0 * y)
        d2 = absrel_norm(yh - y, yh - y, atol, rtol) / h0
        h1 = (max(1e-6, h0 * 1e-3) if max(d1, d2) <= 1e-15
              else (1e-2 / max(d1, d2)) ** (1 / (ORDER + 1)))
        dt = min(100 * h0, h1)
    dt = min(abs(dt), max_step)
    fac = 0.38 ** (1 / (ORDER + 1))
    out = [x0]
    iout = 0
    t_old, comp, x_old = ts[0], 0.0, x0
    k1 = f(t_old, x_old)
    t_last = ts[0]
    steps = 0
    while t_old < t_end:
        yk = dt - comp           # kahan
        t_new = t_old + yk
        comp_new = (t_new - t_old) - yk
        x_new, x_est, k = dorpri(f, t_old, x_old, dt, k1, t_new)
        err = absrel_norm(x_new.detach(), x_old.detach(), atol, rtol, x_est)
        comp = comp_new          # Octave updates it on every attempt
        if err <= 1:
            steps += 1
            caught = [j for j in range(iout + 1, len(ts))
                      if t_old < ts[j] <= t_new]
            if caught:
                for j in caught:
                    out.append(hermite_quartic(t_old, t_new, x_old, x_new,
                                               k, ts[j]))
                iout = caught[-1]
                t_last = ts[iout]
            t_old, x_old, k1 = t_new, x_new, k[6]
        err += 2.220446049250313e-16
        dt *= min(1.5, max(0.8, fac * (1 / err) ** (1 / (ORDER + 1))))
        dt = min(abs(dt), max_step)
        if not abs(dt) > spacing(t_last):
            raise RuntimeError("the step size became too small")
        dt = min(abs(dt), abs(t_end - t_old))
    return torch.stack(out), steps


def spacing(t):
    import math
    t = abs(t)
    if t == 0:
        return 5e-324
    m, e = math.frexp(t)
    return 2.0 ** (e - 53)


def main():
    threads, reps, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    torch.set_num_threads(threads)
    dt = torch.float64
    v = [float(s) for s in open(path).read().split()]
    rtol, atol, nt = v[0], v[1], int(v[2])
    ts = v[3:3 + nt]
    pos = 3 + nt
    y0 = torch.tensor(v[pos:pos + 2], dtype=dt)
    p0 = torch.tensor(v[pos + 2:pos + 6], dtype=dt)
    data = torch.tensor(v[pos + 6:pos + 6 + 2 * nt], dtype=dt).reshape(nt, 2)

    def loss_grad():
        p = p0.clone().requires_grad_()

        def f(t, y):
            return torch.stack([p[0] * y[0] - p[1] * y[0] * y[1],
                                p[3] * y[0] * y[1] - p[2] * y[1]])

        Y, steps = ode45(f, ts, y0, rtol, atol)
        loss = ((Y - data) ** 2).sum()
        (g,) = torch.autograd.grad(loss, (p,))
        return loss.item(), g, steps

    for _ in range(2):
        loss, g, steps = loss_grad()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        loss, g, steps = loss_grad()
        times.append(time.perf_counter() - t0)
    print("ode %.9f %.17g %d" % (statistics.median(times), loss, steps))
    print("grad " + " ".join("%.17g" % x for x in g.tolist()))
    print(torch.__version__, threads)


if __name__ == "__main__":
    main()
