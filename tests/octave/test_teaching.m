## Teaching material (docs/tutorial.md): every example in docs/examples
## runs, the traces reproduce the lecture notes' values, and the DOT
## output of graphs, plans and pass stages parses with Graphviz's dot
## (skipped when dot is not installed).
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_teaching.m")

%!function root = repo_root ()
%!  root = fileparts (fileparts (which ("dfg.scan")));
%!endfunction

%!function ok = dot_parses (txt)
%!  f = [tempname(), ".dot"];
%!  fid = fopen (f, "w");  fputs (fid, txt);  fclose (fid);
%!  [st, out] = system (sprintf ("dot -Tsvg -o /dev/null '%s' 2>&1", f));
%!  delete (f);
%!  ok = st == 0 && isempty (strtrim (out));
%!  if (! ok)
%!    printf ("dot said: %s\n", out);
%!  endif
%!endfunction

## every example script runs (each checks its own results with assert),
## each in a workspace of its own
%!function run_example (file)
%!  evalc (sprintf ("run ('%s')", file));
%!endfunction
%!test
%! d = dir (fullfile (repo_root (), "docs", "examples", "*.m"));
%! assert (numel (d) >= 5);
%! for k = 1:numel (d)
%!   try
%!     run_example (fullfile (d(k).folder, d(k).name));
%!   catch err
%!     error ("docs/examples/%s failed: %s", d(k).name, err.message);
%!   end_try_catch
%! endfor

## the lecture notes' worked examples, value by value
%!test
%! [~, t] = dfg.trace (@(x1, x2) log (x1) + x1 .* x2 - sin (x2), 2, 5, "reverse", "forward");
%! v = [t(strcmp ({t.section}, "primal")).value];
%! assert (round (v * 1000) / 1000, [2 5 0.693 10 -0.959 10.693 11.652 11.652]);
%! a = [t(strcmp ({t.section}, "adjoint")).value];
%! assert (round (a * 1000) / 1000, [1 1 -1 1 1 1.716 5.5 5.5 1.716]);
%! d = [t(strcmp ({t.section}, "tangent")).value];
%! assert (d, [1 0 0.5 5 0 5.5 5.5 5.5], 1e-15);
%!test
%! x = dfg.input ([1 1], "double", "x");
%! a = exp (x);  b = a .^ 2;  c = a + b;  d = exp (c);  e = sin (c);  L = d + e;
%! [~, t] = dfg.trace (L, x, 1, "reverse");
%! p = t(strcmp ({t.section}, "primal"));
%! assert ({p(2:end-1).expr}, {"exp(v_0)", "v_1 .^ 2", "v_1 + v_2", "exp(v_3)", "sin(v_3)", "v_4 + v_5"});
%! ad = t(strcmp ({t.section}, "adjoint"));
%! ## dL/dc = exp(c) + cos(c); dL/da = dL/dc (1 + 2a); dL/dx = dL/da exp(x)
%! ea = exp (1); cc = ea + ea^2;
%! assert (ad(end).value, (exp (cc) + cos (cc)) * (1 + 2 * ea) * ea, -1e-14);

## DOT parses: a recorded graph with its gradient, a plan with fused
## kernels, the pass stages, a loop
%!test
%! [st, ~] = system ("command -v dot >/dev/null 2>&1");
%! if (st != 0)
%!   return;          # Graphviz is optional (tools/deps.sh installs it as root)
%! endif
%! x = dfg.input ([50 1], "double", "x \"quoted\"");
%! y = sum (exp (sin (x) .* x + x .^ 2 * 0.01));
%! g = dfg.grad (y, x);
%! assert (dot_parses (dfg.dot ({y, g})));
%! f = dfg.function ({x}, {y, g});
%! assert (dot_parses (dfg.dot (f)));
%! for s = dfg.explain (f, "dot")
%!   assert (dot_parses (s.dot));
%! endfor
%! W = dfg.input ([3 3]); xs = dfg.input ([3 5]);
%! h = dfg.scan (@(h, x) tanh (W * h + x), zeros (3, 1), xs);
%! assert (dot_parses (dfg.dot ({h, dfg.grad(sum (h), W)})));
