## -*- texinfo -*-
## @deftypefn {} {} test_branch
## Branches on tensors: every if, while, && and || whose condition is a
## logical tensor either evaluates (top level, closed graph) or raises
## dfg:branchOnTensor naming the construct; casts inside traces stay in the
## graph; logical tensors (dfg_logical) behave as dfg.Tensor everywhere.
## Run with test ("test_branch").
## @end deftypefn
function test_branch ()
endfunction

%!shared d
%! d = fullfile (fileparts (which ("test_branch")), "branch");
%! addpath (d);

## ---- traced branches are refused, naming the construct ---------------------
%!error <the condition of an 'if' at branch_relu_if line 3> f = dfg.jit (@branch_relu_if); f (3)
%!error id=dfg:branchOnTensor f = dfg.jit (@branch_relu_if); f (-3)
%!error id=dfg:branchOnTensor g = dfg.grad (@branch_relu_if); g (3)
%!error id=dfg:branchOnTensor g = dfg.value_and_grad (@branch_relu_if); g (3)
%!error <the condition of a 'while' at branch_halve line 3> f = dfg.jit (@branch_halve); f (3)
%!error <an operand of '&&' or '\|\|' at branch_in_range line 4> f = dfg.jit (@branch_in_range); f (3)
%!error <dfg.cond for branches> f = dfg.jit (@(x) merge (x > 0 || x < -1, x, 0)); f (3)
%!error id=dfg:branchOnTensor f = dfg.jacobian (@branch_relu_if); f (3)
%!error id=dfg:branchOnTensor dfg.scan (@(c, x) branch_relu_if (c + x), 0, [1 2 3])
%!error id=dfg:branchOnTensor dfg.while (@(x) x < 3, @(x) branch_relu_if (x), 0)
%!error id=dfg:branchOnTensor dfg.cond (true, @(x) branch_relu_if (x), @(x) x, dfg.input ([1 1]))
## a graph with free inputs cannot decide a branch at top level either
%!error id=dfg:branchOnTensor x = dfg.input ([1 1]); if (x > 0) end
%!error id=dfg:branchOnTensor x = dfg.input ([1 1]); while (x > 0) break; end
%!error id=dfg:branchOnTensor x = dfg.input ([1 1]); true && (x > 0);
%!error id=dfg:branchOnTensor x = dfg.input ([1 1]); false || (x > 0);
## && in an anonymous function, where no source line can be read
%!error id=dfg:branchOnTensor f = dfg.jit (@(x) (x > 0) && (x < 2)); f (1)
## logical () of a logical tensor at the command line cannot be told from
## an if there: refused; in a function or a traced anonymous function
## without && or || it is the tensor itself
%!error id=dfg:branchOnTensor x = dfg.input ([1 1]); eval ("logical (x > 0);");
## an if after another statement on its line, and an if inside a string
## given to eval (no source line shows it: Octave asks again and again for
## the value; this crashed Octave by recursion before)
%!error <the condition of an 'if' at branch_inline_if line 4> f = dfg.jit (@branch_inline_if); f (3)
%!error id=dfg:branchOnTensor x = dfg.input ([1 1]); eval ("if (x > 0) end");
%!error id=dfg:branchOnTensor x = dfg.input ([1 1]); eval ("while (x > 0) break; end");
%!error id=dfg:branchOnTensor f = dfg.jit (@(x) branch_eval_if (x)); f (3)
%!test
%! f = dfg.jit (@(x) logical (x));
%! assert (f ([true false]), [true false]);
%! f = dfg.jit (@(x) logical (x > 1) | false);
%! assert (f ([1 2]), [false true]);
%! x = dfg.input ([1 2]);
%! m = branch_explicit_logical (x > 0);
%! assert (strcmp (builtin ("class", m), "dfg_logical"));

## ---- top level, closed graph: the branch follows the value ----------------
%!test
%! c = dfg.constant (3);
%! hit = 0;
%! if (c > 2) hit = 1; else hit = 2; endif
%! assert (hit, 1);
%! if (c < 2) hit = 1; else hit = 2; endif
%! assert (hit, 2);
%! assert ((c > 2) && (c < 4));
%! assert (! ((c > 4) || (c < 2)));
%!test
%! x = dfg.constant (40);
%! n = 0;
%! while (x > 1)
%!   x = x / 2;  n++;
%! endwhile
%! assert ([n, double(x)], [6, 40 / 64]);
%!test
%! assert (branch_relu_if (dfg.constant (-2)) == 0);    # closed: evaluates, like Octave
%! assert (double (branch_relu_if (dfg.constant (3))), 3);
%!test
%! m = dfg.constant ([1 0 2]) > 0;
%! assert (logical (m), [true false true]);
%! assert (! all (m));
%! assert (any (m));

## ---- casts inside traces stay in the graph ---------------------------------
%!test
%! w = dfg.variable ([1 2 3]);
%! f = dfg.jit (@(x) x + double (sum (w .^ 2)));
%! assert (f (1), 15);
%! dfg.assign (w, [2 2 2]);
%! assert (f (1), 13);           # the cast read w when the plan ran
%!test
%! w = dfg.variable ([1; 2; 3]);
%! c = dfg.scan (@(c, x) c + sum (double (w) .* x), 0, [1 2; 3 4; 5 6]);
%! g = dfg.grad (c, w);
%! assert (dfg.value (g), [3; 7; 11]);    # the gradient passes through double (w)
%!test
%! w = dfg.variable (single ([1 2]));
%! f = dfg.value_and_grad (@(x) sum (double (w) .* x) + sum (single (x) .^ 2));
%! [v, g] = f ([3 4]);
%! assert (v, 11 + 25, 1e-12);
%! assert (g, [1 2] + 2 * [3 4], 1e-12);
%!test
%! f = dfg.jit (@(x) logical (x) & true);
%! assert (f ([0 2]), [false true]);
%! assert (class (f ([0 2])), "logical");
%!test
%! ## at top level a closed graph still evaluates
%! w = dfg.variable ([1 2]);
%! assert (double (w), [1 2]);
%! assert (single (w), single ([1 2]));
%! assert (logical (w - 1), [false true]);

## ---- logical tensors are tensors ------------------------------------------
%!test
%! x = dfg.input ([2 3]);
%! m = x > 0;
%! assert (isa (m, "dfg.Tensor"));
%! assert (isa (m, {"dfg.Tensor", "double"}), [true false]);
%! assert (class (m), "logical");
%! assert (size (m), [2 3]);
%! assert ([numel(m), ndims(m), rows(m), columns(m)], [6 2 2 3]);
%! assert (islogical (m) && ! isfloat (m) && ! isempty (m));
%! f = dfg.function ({x}, {m, m(:, end), [m; ~m], transpose(reshape(m, 3, 2)), merge(m, x, -x), sum(m(:)), m & (x < 2), m .* x});
%! X = [1 -2 3; -4 5 0];
%! [a, b, c, e, g, h, k, l] = f (X);
%! M = X > 0;
%! assert (a, M); assert (b, M(:, end)); assert (c, [M; ~M]); assert (e, transpose (reshape (M, 3, 2)));
%! assert (g, merge (M, X, -X)); assert (h, sum (M(:))); assert (k, M & (X < 2)); assert (l, M .* X);
%!test
%! c = dfg.constant (true (2));
%! assert (strcmp (builtin ("class", c), "dfg_logical"));
%! x = dfg.input ([1 2], "logical");
%! assert (strcmp (builtin ("class", x), "dfg_logical"));
%! f = dfg.function ({x}, {~x, x | c(1, :)});
%! [a, b] = f ([true false]);
%! assert (a, [false true]); assert (b, [true true]);
%!test
%! m = dfg.constant ([1 2 3]) > 1;
%! m(1) = true;
%! assert (class (m), "logical");
%! assert (logical (m), [true true true]);
%! y = dfg.constant ([5 5 5]);
%! y(2) = m(1);
%! assert (double (y), [5 1 5]);
%! assert (dfg.value (m), [true true true]);
%! assert (double (m), [1 1 1]);
%! assert (class (single (m)), "single");
%!test
%! ## logical carries, conditions and predicates of the control-flow constructs
%! s = dfg.scan (@(c, x) c | (x > 2), false, [1 2 3]);
%! assert (logical (s), true);
%! k = dfg.while (@(i) i < 5, @(i) i + 1, 0);
%! assert (double (k), 5);
%! x = dfg.input ([1 1]);
%! y = dfg.cond (x > 1, @(a) a + 1, @(a) a - 1, x);
%! f = dfg.function ({x}, {y});
%! assert ([f(3), f(0)], [4, -1]);
%! g = dfg.function ({x}, {dfg.grad(y .* y, x), dfg.stop_gradient(x > 0)});
%! [gx, s0] = g (3);
%! assert ([gx, s0], [8, 1]);
%!test
%! f = dfg.jit (@(x) merge (x > 0, x, 0));
%! assert (f ([-2 3]), [0 3]);
%! g = dfg.grad (@(x) sum (x .* (x > 0)));
%! assert (g ([1 -2 3]), [1 0 1]);
%!error <subscript 1 is a logical tensor> x = dfg.constant ([1 2 3]); x(x > 1)
%!test
%! x = dfg.constant ([1 2 3]);
%! x(x > 1) = 0;                # a merge (test_parity_index.m)
%! assert (dfg.value (x), [1 0 0]);
%!error id=dfg:badArgument dfg_logical (3)
%!test
%! ## every method of dfg.Tensor has a forwarder in @dfg_logical
%! ## (tools/gen-logical-methods.sh writes them)
%! dir_ = fileparts (which ("dfg_logical"));
%! files = dir (fullfile (dir_, "*.m"));
%! have = regexprep ({files.name}, '\.m$', "");
%! want = setdiff (methods ("dfg.Tensor"), {"Tensor", "delete"});
%! assert (setdiff (want, have), cell (0, 1));
## Octave evaluates if / while on a classdef object as false without a
## call: a double tensor as the whole condition is not caught
## (docs/limitations.md); a comparison is.
%!xtest
%! f = dfg.jit (@(x) branch_relu_if (x - 0));     # caught: x - 0 > 0
%! g = dfg.jit (@branch_numeric_if);
%! try
%!   v = g (3);
%! catch err
%!   assert (err.identifier, "dfg:branchOnTensor");
%!   return;
%! end_try_catch
%! assert (v, branch_numeric_if (3));
%!test
%! rmpath (d);
