## dfg.function and dfg.jit: multiple outputs, outputs that are inputs or
## repeated, plans run many times with new data, retracing of dfg.jit for
## new sizes and classes, trace-time constant arguments, and variables
## (dfg.variable, dfg.assign, dfg.value) read by compiled plans.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_function_jit.m")

%!shared A, B, C, Rv, W, W2
%! randn ("state", 5);  rand ("state", 5);
%! A = randn (3, 4);  B = randn (3, 4);  C = randn (4, 2);  Rv = randn (1, 4);
%! W = randn (4, 2);  W2 = randn (4, 2);

%!function [s, d, p] = three_outputs (a, b)
%!  s = a + b;
%!  d = a - b;
%!  p = a .* b;
%!endfunction
%!function y = apply_op (x, op)
%!  switch (op)
%!    case "sin"
%!      y = sin (x);
%!    case "square"
%!      y = x .^ 2;
%!    otherwise
%!      y = -x;
%!  endswitch
%!endfunction
%!function y = scaled (x, opts)
%!  y = opts.scale * x + opts.shift;
%!endfunction
%!function y = shape_dependent (x)
%!  if (rows (x) > 2)
%!    y = sum (x, 1);
%!  else
%!    y = sum (x, 2);
%!  endif
%!endfunction

## ---- dfg.function: outputs --------------------------------------------------
%!test
%! x = dfg.input ([3 4]);  y = dfg.input ([3 4]);
%! f = dfg.function ({x, y}, {x + y, x .* y, sum(x(:))});
%! [a, b, c] = f (A, B);
%! dfg_assert_same (a, A + B);
%! dfg_assert_same (b, A .* B);
%! dfg_assert_same (c, sum (A(:)));
%!test
%! x = dfg.input ([3 4]);  y = dfg.input ([3 4]);
%! f = dfg.function ({x, y}, {x + y, x .* y, sum(x(:))});
%! a = f (A, B);
%! dfg_assert_same (a, A + B);
%! [a, b] = f (A, B);
%! dfg_assert_same (b, A .* B);
%!test
%! ## outputs of different classes and sizes
%! x = dfg.input ([3 4]);  y = dfg.input ([1 4], "single");
%! f = dfg.function ({x, y}, {x > 0, x .* y, sum(x, 2)});
%! [a, b, c] = f (A, single (Rv));
%! dfg_assert_same (a, A > 0);
%! dfg_assert_same (b, A .* single (Rv), 1e-6);
%! dfg_assert_same (c, sum (A, 2));
%!test
%! ## an output that is an input
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x});
%! dfg_assert_same (f (A), A);
%! dfg_assert_same (f (B), B);
%!test
%! x = dfg.input ([3 4]);  y = dfg.input ([3 4]);
%! f = dfg.function ({x, y}, {y, x});
%! [a, b] = f (A, B);
%! dfg_assert_same (a, B);
%! dfg_assert_same (b, A);
%!test
%! ## an input returned next to values computed from it (in-place reuse
%! ## must not overwrite the returned input or the caller's array)
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x, exp(x), x + 1, -x});
%! A0 = A;  A0(1) = A(1);
%! [a, b, c, d] = f (A);
%! dfg_assert_same (a, A);
%! dfg_assert_same (b, exp (A));
%! dfg_assert_same (c, A + 1);
%! dfg_assert_same (d, -A);
%! assert (isequal (A, A0));
%!test
%! ## the same node twice
%! x = dfg.input ([3 4]);
%! z = tanh (x) * 2;
%! f = dfg.function ({x}, {z, z});
%! [a, b] = f (A);
%! dfg_assert_same (a, tanh (A) * 2);
%! dfg_assert_same (b, tanh (A) * 2);
%! a(1) = 100;
%! dfg_assert_same (b, tanh (A) * 2);
%!test
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x, x, x});
%! [a, b, c] = f (A);
%! assert (isequal (a, A) && isequal (b, A) && isequal (c, A));
%!test
%! ## equal expressions built twice
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {sin(x) + 1, sin(x) + 1});
%! [a, b] = f (A);
%! dfg_assert_same (a, sin (A) + 1);
%! dfg_assert_same (b, sin (A) + 1);
%!test
%! ## outputs that do not depend on the inputs
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {dfg.constant(5), dfg.constant(magic(3)) * 2, x(1)});
%! [a, b, c] = f (A);
%! dfg_assert_same (a, 5);
%! dfg_assert_same (b, magic (3) * 2);
%! dfg_assert_same (c, A(1));
%!test
%! ## an input no output uses
%! x = dfg.input ([3 4]);  y = dfg.input ([1 4]);
%! f = dfg.function ({x, y}, {2 * x});
%! dfg_assert_same (f (A, Rv), 2 * A);
%!test
%! ## no inputs at all
%! f = dfg.function ({}, {dfg.constant([1 2 3]) + 1});
%! dfg_assert_same (f (), [2 3 4]);
%!test
%! ## an input of each class
%! x = dfg.input ([3 4]);  y = dfg.input ([3 4], "single");  m = dfg.input ([3 4], "logical");
%! f = dfg.function ({m, x, y}, {merge(m, x, 0) + y, m & (x > 0)});
%! [a, b] = f (A > 0, A, single (B));
%! dfg_assert_same (a, merge (A > 0, A, 0) + single (B), 1e-6);
%! dfg_assert_same (b, (A > 0) & (A > 0));
%! [a, b] = f (B > 0, A, single (B));
%! dfg_assert_same (a, merge (B > 0, A, 0) + single (B), 1e-6);
%! dfg_assert_same (b, (B > 0) & (A > 0));
%!test
%! ## symbolic class and size are known before anything runs
%! x = dfg.input ([3 4]);  y = dfg.input ([1 4], "single");
%! z = x .* y;
%! assert (class (z), "single");
%! assert (size (z), [3 4]);
%! assert (size (z, 1), 3);
%! assert (numel (z), 12);
%! assert (ndims (z), 2);
%! assert (class (x > 0), "logical");
%! assert (class ((x > 0) + (x > 0)), "double");
%! assert (size (sum (x)), [1 4]);
%! assert (size (x'), [4 3]);
%! assert (size (dfg.input ([2 3 4])), [2 3 4]);
%! assert (size (dfg.input ([2 3 1 1])), [2 3]);
%! assert (size (dfg.input ([0 3])), [0 3]);
%! assert (class (dfg.input ([2 2])), "double");
%! assert (class (dfg.input ([2 2], "logical")), "logical");
%!test
%! ## one plan run many times with new data gives new results
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {cumsum(x) .* 2});
%! for k = 1:25
%!   X = randn (3, 4);
%!   dfg_assert_same (f (X), cumsum (X) .* 2);
%! endfor
%!test
%! ## two plans over the same nodes
%! x = dfg.input ([3 4]);
%! z = exp (x);
%! f = dfg.function ({x}, {z});
%! g = dfg.function ({x}, {z, z + 1});
%! dfg_assert_same (f (A), exp (A));
%! [a, b] = g (B);
%! dfg_assert_same (a, exp (B));
%! dfg_assert_same (b, exp (B) + 1);
%! dfg_assert_same (f (B), exp (B));
%!test
%! ## a plan outlives the tensors it was built from
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x * 2 + 1});
%! clear x
%! dfg_assert_same (f (A), A * 2 + 1);
%!test
%! ## larger sizes
%! randn ("state", 11);
%! X = randn (300, 200);  Y = randn (200, 100);
%! x = dfg.input (size (X));  y = dfg.input (size (Y));
%! f = dfg.function ({x, y}, {tanh(x * y), sum(x, 2)});
%! [a, b] = f (X, Y);
%! dfg_assert_same (a, tanh (X * Y), 1e-12);
%! dfg_assert_same (b, sum (X, 2), 1e-12);
%!test
%! ## empty inputs and outputs
%! x = dfg.input ([0 3]);
%! f = dfg.function ({x}, {x + 1, sum(x), x'});
%! [a, b, c] = f (zeros (0, 3));
%! dfg_assert_same (a, zeros (0, 3));
%! dfg_assert_same (b, zeros (1, 3));
%! dfg_assert_same (c, zeros (3, 0));

## ---- dfg.jit ---------------------------------------------------------------
%!test
%! g = dfg.jit (@(a, b) a * b + 1);
%! dfg_assert_same (g (A, C), A * C + 1);
%!test
%! ## retracing for new sizes and classes; old signatures still right
%! g = dfg.jit (@(a, b) a * b + 1);
%! dfg_assert_same (g (A, C), A * C + 1);
%! X = randn (5, 2);  Y = randn (2, 1);
%! dfg_assert_same (g (X, Y), X * Y + 1);
%! dfg_assert_same (g (single (A), C), single (A) * C + 1, 1e-5);
%! dfg_assert_same (g (A, single (C)), A * single (C) + 1, 1e-5);
%! dfg_assert_same (g (2, 3), 7);
%! dfg_assert_same (g (A > 0, C), (A > 0) * C + 1);
%! dfg_assert_same (g (B, C), B * C + 1);
%! dfg_assert_same (g (Y', X'), Y' * X' + 1);
%!test
%! ## a signature is class and size: the same values in another class retrace
%! g = dfg.jit (@(a) a + a);
%! dfg_assert_same (g (true), 2);
%! dfg_assert_same (g (1), 2);
%! dfg_assert_same (g (single (1)), single (2));
%! dfg_assert_same (g ([true false]), [2 0]);
%! dfg_assert_same (g (true), 2);
%!test
%! ## the shape can steer tracing
%! g = dfg.jit (@shape_dependent);
%! dfg_assert_same (g (A), sum (A, 1));
%! dfg_assert_same (g (A(1:2, :)), sum (A(1:2, :), 2));
%! dfg_assert_same (g (B), sum (B, 1));
%!function y = sort_free (a)
%!  y = max (a, [], 2) - min (a, [], 2);
%!endfunction
%!test
%! ## new data, same signature: the cached plan sees the new values
%! g = dfg.jit (@sort_free);
%! for k = 1:20
%!   X = randn (3, 4);
%!   dfg_assert_same (g (X), max (X, [], 2) - min (X, [], 2));
%! endfor
%!test
%! ## multiple outputs, and nargout reaches the traced function
%! g = dfg.jit (@three_outputs);
%! [s, d, p] = g (A, B);
%! dfg_assert_same (s, A + B);
%! dfg_assert_same (d, A - B);
%! dfg_assert_same (p, A .* B);
%! s1 = g (A, B);
%! dfg_assert_same (s1, A + B);
%! [s2, d2] = g (B, A);
%! dfg_assert_same (s2, B + A);
%! dfg_assert_same (d2, B - A);
%!test
%! ## the output count is the call's nargout (the MEX file's nlhs): a
%! ## plan per count for dfg.jit, 0 (a statement) counted as 1; one plan
%! ## for any count for a transform; the handle evaluates no nargout
%! g = dfg.jit (@three_outputs);
%! c = functions (g).workspace{1}.p{1};
%! g (A, B);
%! s = g (A, B);
%! assert (numel (c.plans ()), 1);
%! [s, d] = g (A, B);
%! o = cell (1, 3);
%! [o{:}] = g (A, B);
%! assert (numel (c.plans ()), 3);
%! dfg_assert_same (o{3}, A .* B);
%! [q, r] = cellfun (g, {A}, {B}, "UniformOutput", false);
%! dfg_assert_same (r{1}, A - B);
%! assert (numel (c.plans ()), 3);
%! assert (strcmp (c.keys (), {"1|d3x4|d3x4|", "3|d3x4|d3x4|", "2|d3x4|d3x4|"}));
%! assert (isempty (strfind (func2str (g), "nargout")));
%! h = dfg.value_and_grad (@(x) sum (x .^ 2));
%! h ([1 2]);
%! [v, w] = h ([1 2]);
%! assert ([v, w], [5, 2, 4]);
%! assert (numel (functions (h).workspace{1}.p{1}.plans ()), 1);
%! assert (isempty (strfind (func2str (h), "nargout")));
%!test
%! g = dfg.jit (@(x) max (x, [], 2));
%! [m, i] = g (A);
%! [mo, io] = max (A, [], 2);
%! dfg_assert_same (m, mo);
%! dfg_assert_same (i, io);
%! m1 = g (B);
%! dfg_assert_same (m1, max (B, [], 2));
%!test
%! g = dfg.jit (@(x) size (x));
%! [r, c] = g (zeros (2, 3, 4));
%! assert (r, 2);
%! assert (c, 12);
%! dfg_assert_same (g (A), [3 4]);
%!test
%! ## plain function handles to overloaded functions
%! g = dfg.jit (@sin);
%! dfg_assert_same (g (A), sin (A));
%! g = dfg.jit (@plus);
%! dfg_assert_same (g (A, B), A + B);
%! g = dfg.jit (@cumsum);
%! dfg_assert_same (g (A), cumsum (A));
%!test
%! ## trace-time constants: char arguments select the computation
%! g = dfg.jit (@apply_op);
%! dfg_assert_same (g (A, "sin"), sin (A));
%! dfg_assert_same (g (A, "square"), A .^ 2);
%! dfg_assert_same (g (A, "other"), -A);
%! dfg_assert_same (g (B, "sin"), sin (B));
%!test
%! ## trace-time constants: cell and struct arguments
%! g = dfg.jit (@(x, c) x * c{1} + c{2});
%! dfg_assert_same (g (A, {2, 3}), A * 2 + 3);
%! dfg_assert_same (g (A, {5, -1}), A * 5 - 1);
%! dfg_assert_same (g (A, {2, 3}), A * 2 + 3);
%! h = dfg.jit (@scaled);
%! dfg_assert_same (h (A, struct ("scale", 2, "shift", 1)), 2 * A + 1);
%! dfg_assert_same (h (A, struct ("scale", -1, "shift", 0)), -A);
%!test
%! ## trace-time constant that is a function handle
%! g = dfg.jit (@(x, fn) fn (x));
%! dfg_assert_same (g (A, @exp), exp (A));
%! dfg_assert_same (g (A, @cos), cos (A));
%!test
%! ## captured values: a native array and a dfg constant
%! K = randn (4, 3);
%! g = dfg.jit (@(x) x * K);
%! dfg_assert_same (g (A), A * K);
%! k = dfg.constant (K);
%! h = dfg.jit (@(x) x * k);
%! dfg_assert_same (h (A), A * K);
%!test
%! ## the caller's arrays are never written
%! g = dfg.jit (@(x) exp (x) + x);
%! X = randn (3, 4);  X0 = X;  X0(1) = X(1);
%! Y = g (X);
%! assert (isequal (X, X0));
%! dfg_assert_same (Y, exp (X0) + X0);
%!test
%! ## a traced function that errors: the error reaches the caller, and the
%! ## next call (with valid arguments) works
%! g = dfg.jit (@(a, b) a + b);
%! fail_msg = "";
%! try
%!   g (A, ones (5, 5));
%! catch err
%!   fail_msg = err.identifier;
%! end_try_catch
%! assert (fail_msg, "dfg:nonconformant");
%! dfg_assert_same (g (A, B), A + B);
%!test
%! ## outputs that are inputs, repeated, or constant
%! g = dfg.jit (@(a, b) deal (a, a, b, 7));
%! [p, q, r, s] = g (A, B);
%! assert (isequal (p, A) && isequal (q, A) && isequal (r, B));
%! dfg_assert_same (s, 7);
%!test
%! ## jit results match across many signatures in a row
%! g = dfg.jit (@(x) sum (x .^ 2, 1));
%! for n = 1:6
%!   X = randn (n, 3);
%!   dfg_assert_same (g (X), sum (X .^ 2, 1));
%!   dfg_assert_same (g (single (X)), sum (single (X) .^ 2, 1), 1e-5);
%! endfor

## ---- variables -------------------------------------------------------------
%!test
%! w = dfg.variable (W, "w");
%! dfg_assert_same (dfg.value (w), W);
%! assert (isa (w, "dfg.Tensor"));
%! assert (class (w), "double");
%! assert (size (w), [4 2]);
%!test
%! w = dfg.variable (single (W));
%! assert (class (w), "single");
%! dfg_assert_same (dfg.value (w), single (W));
%!test
%! w = dfg.variable (W, "w");
%! dfg.assign (w, W2);
%! dfg_assert_same (dfg.value (w), W2);
%! dfg.assign (w, W);
%! dfg_assert_same (dfg.value (w), W);
%!test
%! ## a plan reads the variable's current value at every run
%! w = dfg.variable (W, "w");
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x * w});
%! dfg_assert_same (f (A), A * W);
%! dfg.assign (w, W2);
%! dfg_assert_same (f (A), A * W2);
%! dfg_assert_same (f (B), B * W2);
%! dfg.assign (w, W);
%! dfg_assert_same (f (A), A * W);
%!test
%! ## ... also through dfg.jit
%! w = dfg.variable (W, "w");
%! g = dfg.jit (@(x) x * w);
%! dfg_assert_same (g (A), A * W);
%! dfg.assign (w, W2);
%! dfg_assert_same (g (A), A * W2);
%!test
%! ## ... and in graphs evaluated with dfg.value and double
%! w = dfg.variable (W, "w");
%! z = sum (w .^ 2);
%! dfg_assert_same (dfg.value (z), sum (W .^ 2));
%! dfg.assign (w, W2);
%! dfg_assert_same (dfg.value (z), sum (W2 .^ 2));
%! dfg_assert_same (double (z), sum (W2 .^ 2));
%!test
%! ## one variable, two plans
%! w = dfg.variable (W);
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x * w});
%! h = dfg.function ({}, {sum(w(:))});
%! dfg.assign (w, W2);
%! dfg_assert_same (f (A), A * W2);
%! dfg_assert_same (h (), sum (W2(:)));
%!test
%! ## a variable returned as an output is a snapshot, not an alias
%! w = dfg.variable (W);
%! f = dfg.function ({}, {w});
%! a = f ();
%! dfg.assign (w, W2);
%! dfg_assert_same (a, W);
%! dfg_assert_same (f (), W2);
%! v = dfg.value (w);
%! dfg.assign (w, W);
%! dfg_assert_same (v, W2);
%!test
%! ## the array given to dfg.variable / dfg.assign is copied
%! M = magic (4);
%! w = dfg.variable (M);
%! M(1) = 100;
%! dfg_assert_same (dfg.value (w), magic (4));
%! N = ones (4);
%! dfg.assign (w, N);
%! N(2) = -5;
%! dfg_assert_same (dfg.value (w), ones (4));
%!test
%! ## a variable and an input side by side, logical variable
%! m = dfg.variable (logical ([1 0 1 1]));
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x .* m});
%! dfg_assert_same (f (A), A .* logical ([1 0 1 1]));
%! dfg.assign (m, logical ([0 1 0 0]));
%! dfg_assert_same (f (A), A .* logical ([0 1 0 0]));
%!test
%! ## dfg.constant is not changed by later edits of the source array
%! M = magic (3);
%! c = dfg.constant (M);
%! M(:) = 0;
%! dfg_assert_same (dfg.value (c), magic (3));
%! dfg_assert_same (double (c * 2), 2 * magic (3));

## ---- caches are per jit object and per captured value ------------------------
%!test
%! ## two handles with the same text but different captured values
%! k = 2;
%! g1 = dfg.jit (@(x) x * k);
%! k = 3;
%! g2 = dfg.jit (@(x) x * k);
%! dfg_assert_same (g1 (A), A * 2);
%! dfg_assert_same (g2 (A), A * 3);
%! dfg_assert_same (g1 (A), A * 2);
%!test
%! ## two jit objects of different functions, same signature
%! g1 = dfg.jit (@sin);
%! g2 = dfg.jit (@cos);
%! dfg_assert_same (g1 (A), sin (A));
%! dfg_assert_same (g2 (A), cos (A));
%! dfg_assert_same (g1 (B), sin (B));
%!test
%! ## the same function wrapped twice
%! f = @(x) cumprod (x, 2);
%! g1 = dfg.jit (f);
%! g2 = dfg.jit (f);
%! dfg_assert_same (g1 (A), cumprod (A, 2));
%! dfg_assert_same (g2 (B), cumprod (B, 2));
%!test
%! ## called without an output: the result goes to ans, as for plain calls
%! g = dfg.jit (@(x) x + 1);
%! g (A);
%! dfg_assert_same (ans, A + 1);
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x * 3});
%! f (B);
%! dfg_assert_same (ans, B * 3);
%!test
%! ## plans feeding plans
%! x = dfg.input ([3 4]);
%! f = dfg.function ({x}, {x', sum(x)});
%! y = dfg.input ([4 3]);
%! h = dfg.function ({y}, {y * 2});
%! [t, s] = f (A);
%! dfg_assert_same (h (t), A' * 2);
%! g = dfg.jit (@(a) a .^ 2);
%! dfg_assert_same (g (h (f (B))), (B' * 2) .^ 2);
%!test
%! ## a jit'd function calling another jit'd function while tracing
%! inner = dfg.jit (@(a) exp (a));
%! outer = dfg.jit (@(a) sum (a, 1));
%! dfg_assert_same (outer (inner (A)), sum (exp (A), 1));
%!test
%! ## arguments of many classes and sizes in one signature
%! g = dfg.jit (@(a, b, c, d) a .* b + sum (c(:)) * double (d));
%! dfg_assert_same (g (A, single (Rv), A > 0, true), A .* single (Rv) + sum (A(:) > 0), 1e-5);
%! dfg_assert_same (g (B, Rv, B > 0, false), B .* Rv);
