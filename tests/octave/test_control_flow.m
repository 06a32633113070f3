## -*- texinfo -*-
## @deftypefn {} {} test_control_flow ()
## Control flow inside graphs (dfg.scan, dfg.fori, dfg.while, dfg.cond):
## the examples of docs/control-flow.md, checked against the same loops
## unrolled in plain Octave and against finite differences, in every mode
## of differentiation.  Run with @code{test test_control_flow}.
## @end deftypefn
function test_control_flow ()
  test ("test_control_flow");
endfunction

## Newton's method for a scalar root (while): x^3 = a
%!function [x, n] = newton_ref (a)
%!  x = a; n = 0;
%!  while (abs (x.^3 - a) > 1e-12 * a)
%!    x = x - (x.^3 - a) ./ (3 * x.^2); n++;
%!  endwhile
%!endfunction
%!test
%! a = dfg.input ([1 1]);
%! x = dfg.while (@(x) abs (x.^3 - a) > 1e-12 * a, @(x) x - (x.^3 - a) ./ (3 * x.^2), a);
%! f = dfg.function ({a}, {x});
%! for av = [0.5 2 27 1000]
%!   assert (f (av), newton_ref (av), 0);
%! endfor

## gradient of the fixed point of a while loop vs finite differences, in
## reverse and forward mode, and the second derivative
%!test
%! a = dfg.input ([1 1]);
%! x = dfg.while (@(x) abs (x.^3 - a) > 1e-12 * a, @(x) x - (x.^3 - a) ./ (3 * x.^2), a);
%! f = dfg.function ({a}, {dfg.grad(x, a), dfg.jvp(x, {a}, {1}), dfg.hessian(x, a)});
%! for av = [0.5 2 27]
%!   [g, t, h] = f (av);
%!   e = 1e-6 * av;
%!   fd = (newton_ref (av + e) - newton_ref (av - e)) / (2 * e);
%!   assert (g, fd, 1e-7 * abs (fd));
%!   assert (t, g, 1e-15);
%!   assert (g, av^(-2/3) / 3, 1e-12);          % d/da of a^(1/3)
%!   assert (h, -2/9 * av^(-5/3), 1e-9);
%! endfor

## the gradient is that of the iterations made: against the loop unrolled
## by hand with its derivative carried along
%!test
%! c = dfg.input ([2 1]);
%! [x, k] = dfg.while (@(x, k) k < 5, @(x, k) deal (sin (x) .* c + 0.5 * x, k + 1), [0.3; -0.2], 0);
%! L = sum (x .^ 2);
%! f = dfg.function ({c}, {L, dfg.grad(L, c)});
%! cv = [1.3; 0.7];
%! [l, g] = f (cv);
%! xv = [0.3; -0.2]; J = zeros (2);          % J = dx/dc
%! for k = 1:5
%!   J = diag (cos (xv) .* cv + 0.5) * J + diag (sin (xv));
%!   xv = sin (xv) .* cv + 0.5 * xv;
%! endfor
%! assert (l, sum (xv .^ 2), -1e-14);
%! assert (g, J' * (2 * xv), 1e-14);

## a piecewise function (cond) on both sides of the switch
%!test
%! x = dfg.input ([1 1]);
%! y = dfg.cond (x < 1, @(x) x.^2, @(x) 2 * sqrt (x) - 1, x);
%! f = dfg.function ({x}, {y, dfg.grad(y, x), dfg.jvp(y, {x}, {1}), dfg.hessian(y, x)});
%! for xv = [-2 0.5 0.999 1 1.5 4]
%!   [v, g, t, h] = f (xv);
%!   if (xv < 1)
%!     assert ([v g t h], [xv^2, 2*xv, 2*xv, 2], 1e-15);
%!   else
%!     assert ([v g t h], [2*sqrt(xv)-1, 1/sqrt(xv), 1/sqrt(xv), -0.5*xv^-1.5], 1e-15);
%!   endif
%! endfor

## a vanilla RNN over a sequence (scan), trained a few SGD steps: the same
## losses and weights as the loop written out in Octave
%!function [l, gWx, gWh, gb] = rnn_ref (Wx, Wh, b, X, Y)
%!  [H, B, T] = deal (rows (Wh), size (X, 2), size (X, 3));
%!  hs = zeros (H, B, T + 1);
%!  for t = 1:T
%!    hs(:,:,t+1) = tanh (Wx * X(:,:,t) + Wh * hs(:,:,t) + b);
%!  endfor
%!  r = hs(:,:,T+1) - Y;
%!  l = 0.5 * sum (r(:) .^ 2) / B;
%!  dh = r / B; gWx = 0 * Wx; gWh = 0 * Wh; gb = 0 * b;
%!  for t = T:-1:1
%!    dz = dh .* (1 - hs(:,:,t+1) .^ 2);
%!    gWx += dz * X(:,:,t)'; gWh += dz * hs(:,:,t)'; gb += sum (dz, 2);
%!    dh = Wh' * dz;
%!  endfor
%!endfunction
%!test
%! randn ("state", 7);
%! [H, D, B, T] = deal (5, 3, 4, 6);
%! Wx0 = 0.3 * randn (H, D); Wh0 = 0.3 * randn (H); b0 = 0.1 * randn (H, 1);
%! X = randn (D, B, T); Y = 0.5 * randn (H, B);
%! Wx = dfg.variable (Wx0); Wh = dfg.variable (Wh0); b = dfg.variable (b0);
%! xs = dfg.input ([D B T]); y = dfg.input ([H B]);
%! h = dfg.scan (@(h, x) tanh (Wx * x + Wh * h + b), zeros (H, B), xs);
%! loss = 0.5 * sum (sum ((h - y) .^ 2)) / B;
%! opt = dfg.optim.sgd ({Wx, Wh, b}, "lr", 0.5);
%! step = dfg.function ({xs, y}, {loss}, "updates", opt.updates (loss));
%! [wx, wh, bb] = deal (Wx0, Wh0, b0);
%! for k = 1:4
%!   l = step (X, Y);
%!   [l2, gx, gh, gb] = rnn_ref (wx, wh, bb, X, Y);
%!   assert (l, l2, 1e-14);
%!   wx -= 0.5 * gx; wh -= 0.5 * gh; bb -= 0.5 * gb;
%! endfor
%! assert (dfg.value (Wx), wx, 1e-13);
%! assert (dfg.value (Wh), wh, 1e-13);
%! assert (dfg.value (b), bb, 1e-13);
%! assert (l < rnn_ref (Wx0, Wh0, b0, X, Y));

## a nested loop: fori inside scan, capturing the outer weights; gradient,
## tangent and Hessian against finite differences of the plain loops
%!function l = nested_ref (W, X)
%!  h = [0.1; -0.2];
%!  for t = 1:columns (X)
%!    s = h;
%!    for i = 1:3
%!      s = tanh (W * s + X(:,t) / i);
%!    endfor
%!    h = s;
%!  endfor
%!  l = sum (h .^ 2);
%!endfunction
%!test
%! W = dfg.input ([2 2]); xs = dfg.input ([2 3]);
%! h = dfg.scan (@(h, x) dfg.fori (1, 3, @(i, s) tanh (W * s + x / i), h), [0.1; -0.2], xs);
%! L = sum (h .^ 2);
%! f = dfg.function ({W, xs}, {L, dfg.grad(L, W), dfg.grad(L, xs), dfg.hessian(L, W)});
%! Wv = [0.3 -0.2; 0.5 0.1]; Xv = [0.5 -1 2; 0.1 0.3 -0.7];
%! [l, gw, gx, H] = f (Wv, Xv);
%! assert (l, nested_ref (Wv, Xv), 1e-15);
%! e = 1e-6; G = zeros (2); Gx = zeros (2, 3);
%! for i = 1:4
%!   D = zeros (2); D(i) = e;
%!   G(i) = (nested_ref (Wv + D, Xv) - nested_ref (Wv - D, Xv)) / (2 * e);
%! endfor
%! for i = 1:6
%!   D = zeros (2, 3); D(i) = e;
%!   Gx(i) = (nested_ref (Wv, Xv + D) - nested_ref (Wv, Xv - D)) / (2 * e);
%! endfor
%! assert (gw, G, 1e-8);
%! assert (gx, Gx, 1e-8);
%! e = 1e-4; Hn = zeros (4);
%! for i = 1:4
%!   for j = 1:4
%!     Di = zeros (2); Di(i) = e; Dj = zeros (2); Dj(j) = e;
%!     Hn(i,j) = (nested_ref (Wv+Di+Dj, Xv) - nested_ref (Wv+Di-Dj, Xv) ...
%!                - nested_ref (Wv-Di+Dj, Xv) + nested_ref (Wv-Di-Dj, Xv)) / (4*e*e);
%!   endfor
%! endfor
%! assert (H, Hn, 1e-6);

## scan: the general checker (reverse, single, Hessian-vector, forward vs
## reverse) on a loop with a per-step output and a captured tensor
%!function y = scan_both (W, X)
%!  if (isa (W, "dfg.Tensor") || isa (X, "dfg.Tensor"))
%!    [h, hs] = dfg.scan (@(h, x) deal (tanh (W * h + x), h .* x), ones (3, 1, class (X)), X);
%!  else
%!    h = ones (3, 1); hs = zeros (3, columns (X));
%!    for t = 1:columns (X)
%!      hs(:,t) = h .* X(:,t); h = tanh (W * h + X(:,t));
%!    endfor
%!  endif
%!  y = [h; hs(:)];
%!endfunction
%!test
%! dfg_check_grad (@(W, X) scan_both (W, X), {0.4 * randn(3), randn(3, 4)});

## cond and while through the general checker (while: first order there,
## its Hessian above)
%!function y = cond_fun (x)
%!  if (isa (x, "dfg.Tensor"))
%!    y = dfg.cond (x > 0, @(x) sin (x) .* x, @(x) x.^3, x);
%!  elseif (x > 0)
%!    y = sin (x) .* x;
%!  else
%!    y = x.^3;
%!  endif
%!endfunction
%!test
%! dfg_check_grad (@(x) cond_fun (x), {0.7}, "tol", 1e-6);
%! dfg_check_grad (@(x) cond_fun (x), {-0.7});
%!function x = while_fun (c)
%!  if (isa (c, "dfg.Tensor"))
%!    [x, k] = dfg.while (@(x, k) k < 4, @(x, k) deal (cos (x) .* c, k + 1), c, 0);
%!  else
%!    x = c;
%!    for k = 1:4
%!      x = cos (x) .* c;
%!    endfor
%!  endif
%!endfunction
%!test
%! dfg_check_grad (@(c) while_fun (c), {[0.8; 1.1]}, "order", 1);   # its Hessian: below

## a while loop with two coupled state values (and a counter), in both
## orders: tangents and Hessians against finite differences of the loop
%!function [x, y] = twostate_ref (a)
%!  x = 1.3; y = 0;
%!  for i = 1:5
%!    y = y + x;  x = x .* a;
%!  endfor
%!endfunction
%!test
%! a = dfg.input ([1 1]);
%! [x, y] = dfg.while (@(x, y, i) i < 5, @(x, y, i) deal (x .* a, y + x, i + 1), 1.3, 0, 0);
%! [y2, x2] = dfg.while (@(y, x, i) i < 5, @(y, x, i) deal (y + x, x .* a, i + 1), 0, 1.3, 0);
%! f = dfg.function ({a}, {dfg.jvp(x, {a}, {1}), dfg.jvp(y2, {a}, {1}), dfg.hessian(x, a), ...
%!                         dfg.hessian(y2, a), dfg.grad(dfg.grad(y, a), a)});
%! av = 1.2;  e = 1e-5;
%! [xp, yp] = twostate_ref (av + e);  [xm, ym] = twostate_ref (av - e);  [x0, y0] = twostate_ref (av);
%! [jx, jy, hx, hy, gg] = f (av);
%! assert (jx, (xp - xm) / (2 * e), 1e-8);
%! assert (jy, (yp - ym) / (2 * e), 1e-8);
%! assert (hx, (xp - 2 * x0 + xm) / e^2, 1e-4);
%! assert (hy, (yp - 2 * y0 + ym) / e^2, 1e-4);
%! assert (gg, hy, 1e-12);
%!test
%! ## a condition that reads no state: the gradient needs no stack of it
%! a = dfg.input ([1 1]);  n = dfg.input ([1 1]);
%! x = dfg.while (@(x) n > 0, @(x) 2 * x, a);
%! f = dfg.function ({a, n}, {x, dfg.grad(x, a)});
%! [v, g] = f (3, 0);
%! assert ([v g], [3 1]);
%!error <forward mode through the gradient of a while loop> a = dfg.input ([1 1]); x = dfg.while (@(x) abs (x.^2 - a) > 1e-12, @(x) (x + a ./ x) / 2, a); dfg.jvp (dfg.grad (x, a), {a}, {1})

## fori with plain and tensor bounds; reverse scan; several carries and
## sequences in cells; logical state; zero steps
%!test
%! x = dfg.input ([1 1]);
%! p = dfg.fori (1, 5, @(i, s) s .* x + i, 0);           % Horner: 1 2 3 4 5
%! n = dfg.input ([1 1]);
%! q = dfg.fori (1, n, @(i, s) s .* x + i, 0);
%! f = dfg.function ({x, n}, {p, q, dfg.grad(p, x), dfg.grad(q, x)});
%! [a, b, g1, g2] = f (2, 5);
%! assert ([a b g1 g2], [57 57 72 72]);
%! [a, b] = f (2, 0);
%! assert ([a b], [57 0]);
%!test
%! xs = dfg.input ([2 4]);
%! [c, ys] = dfg.scan (@(c, x) deal ({c{1} + x{1}, c{2} .* x{2}}, {c{1}, c{2} > 1}), ...
%!                     {zeros(2, 1), ones(1, 1)}, {xs, 1:4}, "reverse", true);
%! f = dfg.function ({xs}, {c{1}, c{2}, ys{1}, ys{2}});
%! X = [1 2 3 4; 5 6 7 8];
%! [c1, c2, y1, y2] = f (X);
%! assert (c1, sum (X, 2));
%! assert (c2, 24);
%! assert (y1, [sum(X(:,2:4), 2), sum(X(:,3:4), 2), X(:,4), [0; 0]]);
%! assert (y2, logical ([1 1 1 0]));
%! assert (class (y2), "logical");
%!test
%! xs = dfg.input ([3 0]);
%! [c, ys] = dfg.scan (@(c, x) deal (c + x, c), ones (3, 1), xs);
%! f = dfg.function ({xs}, {c, ys, dfg.grad(sum (c), xs)});
%! [a, b, g] = f (zeros (3, 0));
%! assert (a, ones (3, 1));
%! assert (size (b), [3 0]);
%! assert (size (g), [3 0]);

## memory: the tape of a scan is a planned buffer; a while loop's stack
## and the bodies' plans are reported in loop_bytes
%!test
%! W = dfg.input ([4 4]); xs = dfg.input ([4 50]);
%! h = dfg.scan (@(h, x) tanh (W * h + x), zeros (4, 1), xs);
%! f = dfg.function ({W, xs}, {dfg.grad(sum (h), W)});
%! m = dfg.memory (f);
%! assert (any ([m.buffers.bytes] >= 50 * 4 * 8));
%! assert (m.loop_bytes > 0);
%! a = dfg.input ([1 1]);
%! x = dfg.while (@(x) x > 1, @(x) x / 2, a);
%! g = dfg.function ({a}, {dfg.grad(x, a)});
%! assert (g (1024), 2^-10);
%! m1 = dfg.memory (g);
%! assert (g (2^20), 2^-20);
%! m2 = dfg.memory (g);
%! assert (m2.loop_bytes > m1.loop_bytes);   % the stack grew for 20 steps

## RSS flat over 10^4 calls of a plan with loops and their gradients (the
## stack of a while loop's gradient is kept, not allocated per call); not
## under make asan, whose quarantine holds freed memory
%!testif ; isempty (getenv ("DFG_ASAN"))
%! a = dfg.input ([1 1]);
%! x = dfg.while (@(x) abs (x.^3 - a) > 1e-12 * a, @(x) x - (x.^3 - a) ./ (3 * x.^2), a);
%! W = dfg.input ([4 4]); xs = dfg.input ([4 30]);
%! h = dfg.scan (@(h, x) tanh (W * h + x), zeros (4, 1), xs);
%! f = dfg.function ({a, W, xs}, {x, dfg.grad(x, a), dfg.grad(sum (h), W)});
%! Wv = 0.3 * randn (4); X = randn (4, 30);
%! for it = 1:500
%!   f (27, Wv, X);
%! endfor
%! t = fileread ("/proc/self/status");
%! r0 = str2double (regexp (t, 'VmRSS:\s*(\d+)', "tokens", "once"){1});
%! for it = 1:10000
%!   f (27, Wv, X);
%! endfor
%! t = fileread ("/proc/self/status");
%! r1 = str2double (regexp (t, 'VmRSS:\s*(\d+)', "tokens", "once"){1});
%! assert (r1 - r0 < 1024, sprintf ("RSS grew by %d KiB over 10^4 calls", r1 - r0));

## on a device (the sim device, whose memory the host cannot touch): loops
## and conditionals run there with their plan, their bodies compiled for it
%!test
%! ## the RNN's training step: the scan and its gradient run on sim, the
%! ## weights stay there, each step copies its mini-batch in and its loss
%! ## out and nothing else; values bitwise those of the same step on the CPU
%! randn ("state", 3);
%! [H, D, B, T] = deal (4, 3, 5, 6);
%! W0 = {0.3 * randn(H, D), 0.3 * randn(H), 0.1 * randn(H, 1)};
%! X = randn (D, B, T); Y = 0.5 * randn (H, B);
%! for dev = {"cpu", "sim"}
%!   Wx = dfg.variable (W0{1}); Wh = dfg.variable (W0{2}); b = dfg.variable (W0{3});
%!   xs = dfg.input ([D B T]); y = dfg.input ([H B]);
%!   h = dfg.scan (@(h, x) tanh (Wx * x + Wh * h + b), zeros (H, B), xs);
%!   loss = 0.5 * sum (sum ((h - y) .^ 2)) / B;
%!   opt = dfg.optim.sgd ({Wx, Wh, b}, "lr", 0.5);
%!   dfg.device ("sim", "host_ops", "");     # (the counts: every op on sim)
%!   unwind_protect
%!     step = dfg.function ({xs, y}, {loss}, "updates", opt.updates (loss), "device", dev{1});
%!   unwind_protect_cleanup
%!     dfg.device ("sim", "host_ops", getenv ("DFG_SIM_HOST_OPS"));
%!   end_unwind_protect
%!   l.(dev{1}) = step (X, Y);
%!   dfg.device ("sim", "reset");
%!   for k = 2:4
%!     l.(dev{1})(k) = step (X, Y);
%!   endfor
%!   st.(dev{1}) = dfg.device ("sim", "stats");
%!   n = dfg.nodes (step);
%!   loops.(dev{1}) = {n(strcmp ({n.op}, "loop")).device};
%!   w.(dev{1}) = {dfg.value(Wx), dfg.value(Wh), dfg.value(b)};
%! endfor
%! assert (isequal (l.cpu, l.sim) && isequal (w.cpu, w.sim));
%! assert (l.sim(end) < l.sim(1));
%! s = st.sim;
%! assert ([s.to_device, s.to_host], [6, 3]);
%! assert ([s.to_device_bytes, s.to_host_bytes], [3 * 8 * (D * B * T + H * B), 3 * 8]);
%! assert (numel (loops.sim) >= 2 && all (strcmp (loops.sim, "sim")));
%! assert (all (strcmp (loops.cpu, "cpu")));
%!test
%! ## a conditional on sim: its predicate comes back to choose the branch
%! x = dfg.input ([3 1]);
%! y = dfg.cond (sum (x) > 0, @(x) sin (x) .* x, @(x) x .^ 3, x);
%! dfg.device ("sim", "host_ops", "");
%! unwind_protect
%!   f = dfg.function ({x}, {y}, "device", "sim");
%! unwind_protect_cleanup
%!   dfg.device ("sim", "host_ops", getenv ("DFG_SIM_HOST_OPS"));
%! end_unwind_protect
%! g = dfg.function ({x}, {y}, "device", "cpu");
%! n = dfg.nodes (f);
%! assert (n(strcmp ({n.op}, "cond")).device, "sim");
%! for v = {[1; 2; 3], [-1; -2; 0.5]}
%!   dfg.device ("sim", "reset");
%!   assert (isequal (f (v{1}), g (v{1})));
%!   s = dfg.device ("sim", "stats");
%!   assert ([s.to_device, s.to_host], [1, 2]);
%! endfor
%!test
%! ## a nested loop on sim whose body has an op the device lacks (on the
%! ## host, joined by copies inside the bodies): values, gradient and a
%! ## second-order gradient bitwise those of the CPU
%! W = dfg.input ([2 2]); xs = dfg.input ([2 3]);
%! dfg.device ("sim", "host_ops", "tanh");
%! unwind_protect
%!   h = dfg.scan (@(h, x) dfg.fori (1, 3, @(i, s) tanh (W * s + x / i), h), [0.1; -0.2], xs);
%!   L = sum (h .^ 2);
%!   G = dfg.grad (L, W);
%!   G2 = dfg.grad (sum (G(:) .^ 2), W);
%!   f = dfg.function ({W, xs}, {L, G, G2}, "device", "sim");
%!   g = dfg.function ({W, xs}, {L, G, G2}, "device", "cpu");
%! unwind_protect_cleanup
%!   dfg.device ("sim", "host_ops", getenv ("DFG_SIM_HOST_OPS"));
%! end_unwind_protect
%! W0 = [0.5 -0.3; 0.2 0.8]; X0 = [1 -1 0.5; 0.3 0.2 -0.7];
%! [a, b, e] = f (W0, X0);
%! [c, d, k] = g (W0, X0);
%! assert (isequal (a, c) && isequal (b, d) && isequal (e, k));
%! assert (a, nested_ref (W0, X0), 1e-14);
%! assert (all (isfinite (e(:))) && any (e(:) != 0));
%!test
%! ## a while loop's gradient keeps its tape in host memory: on sim it
%! ## runs on the host side of the plan (the forward loop on the device)
%! a = dfg.input ([1 1]);
%! x = dfg.while (@(x) abs (x.^3 - a) > 1e-12 * a, @(x) x - (x.^3 - a) ./ (3 * x.^2), a);
%! ga = dfg.grad (x, a);
%! dfg.device ("sim", "host_ops", "");
%! unwind_protect
%!   f = dfg.function ({a}, {x, ga}, "device", "sim");
%! unwind_protect_cleanup
%!   dfg.device ("sim", "host_ops", getenv ("DFG_SIM_HOST_OPS"));
%! end_unwind_protect
%! g = dfg.function ({a}, {x, ga}, "device", "cpu");
%! [u, v] = f (8);
%! [p, q] = g (8);
%! assert (isequal ([u, v], [p, q]));
%! assert ([u, v], [2, 1 / 12], 1e-12);
%! n = dfg.nodes (f);
%! dev = {n(strcmp ({n.op}, "loop")).device};
%! assert (any (strcmp (dev, "sim")) && any (strcmp (dev, "cpu")));

## errors
%!error <dfg.scan: FN must be a function handle> dfg.scan (1, 0, 1:3)
%!error <loop state must keep its class and size.*double 1x1.*single 1x1> dfg.scan (@(c, x) single (c + x), 0, dfg.input ([1 3]))
%!error <loop state must keep its class and size.*2x1> dfg.scan (@(c, x) [c; x], 0, dfg.input ([1 3]))
%!error <sequence 2 .* has 4 steps> dfg.scan (@(c, x) c + x{1} + x{2}, 0, {dfg.input([1 3]), dfg.input([1 4])})
%!error <give the number of steps> dfg.scan (@(c, x) c, 0, [])
%!error <unknown option> dfg.scan (@(c, x) c, 0, 1:3, "backwards", true)
%!error <FN must return the carry as it was given> dfg.scan (@(c, x) {c}, 0, 1:3)
%!error <output 1 is double 1x1 from the then branch but double 2x1> dfg.cond (dfg.input ([1 1]) > 0, @() 1, @() [1; 2])
%!error <PRED must be a scalar> dfg.cond (dfg.input ([2 1]) > 0, @() 1, @() 2)
%!error <PRED is NaN> dfg.cond (NaN, @() 1, @() 2)
%!error <the condition must be a scalar> dfg.while (@(x) x > 0, @(x) x - 1, dfg.input ([2 1]))
%!error <MAXITER = 3> f = dfg.function ({}, {dfg.while(@(x) x > 0, @(x) x - 1, dfg.constant (10), "maxiter", 3)}); f ()
%!error <the condition is NaN> f = dfg.function ({}, {dfg.while(@(x) x - 1, @(x) x, dfg.constant (NaN))}); f ()
%!error <a state must be a tensor or a real double> dfg.while (@(x) true, @(x) x, "abc")
%!error <LO and HI must be real scalars> dfg.fori ([1 2], 3, @(i, s) s, 0)

## the example of docs/examples runs and its RNN learns
%!test
%! root = fileparts (fileparts (which ("dfg.scan")));
%! out = evalc ("run (fullfile (root, 'docs', 'examples', 'control_flow.m'))");
%! assert (! isempty (strfind (out, "reverse - exact")));
%! l = [regexp(out, 'held-out loss ([0-9.]+)', "tokens"){:}];
%! l = str2double (l);
%! assert (l(end) < l(1) / 4);
%!error <dimension too large> [c, y] = dfg.scan (@(c, x) deal (c, c), zeros (1000), [], "length", 1e15);
