## bench_scalar_plan -- a traced function of 1000 scalar operations run as
## a compiled dfg plan vs the same Octave code on doubles.
##
## The chain (benchsupport.scalar_chain) applies 1000 operations cycling
## through + .* sin - exp ./ tanh abs sqrt cos .* - to a state started
## from x1, with four scalar inputs x1..x4.  Timed, interleaved:
##   Octave, loop form      benchsupport.scalar_chain (1000, x1, .., x4) on
##                          doubles: the very code that is traced
##   Octave, straight-line  the same 1000 operations unrolled into a
##                          generated function (no loop, no switch):
##                          plain Octave's fastest form of this chain
##   dfg.function plan      traced once from the loop form on dfg.input
##                          scalars, then f (x1, .., x4)
##   dfg.jit                g = dfg.jit (@(a,b,c,d) scalar_chain (1000, ..))
##   dfg.function, 1 op     floor: a plan of one operation on the same inputs
## then the plan alone back to back (dfg.jit's overhead over its plan:
## bench_dispatch).
## Results must agree with Octave's to 1e-12 relative (checked on several
## input draws).  Target: speedup >= 10x.
##
## Runnable alone: octave bench/bench_scalar_plan.m, or bench_scalar_plan
## with bench/ on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_scalar_plan: 1000-op scalar chain, compiled dfg plan vs Octave on doubles");

NOPS = 1000;
N = 41;            # timed calls per case (median reported)

## Straight-line form, generated into a private temporary directory.
gen_dir = tempname ();
mkdir (gen_dir);
benchsupport.write_chain (fullfile (gen_dir, "bench_chain_unrolled.m"), "bench_chain_unrolled", NOPS);
addpath (gen_dir);

chain = @(a, b, c, d) benchsupport.scalar_chain (NOPS, a, b, c, d);

## Trace and compile (one-off costs).
ins = {dfg.input([1 1]), dfg.input([1 1]), dfg.input([1 1]), dfg.input([1 1])};
t0 = tic ();
out = chain (ins{:});
t_trace = toc (t0);
t0 = tic ();
f = dfg.function (ins, {out});
t_compile = toc (t0);
clear out;
f1 = dfg.function (ins, {ins{1} + ins{2}});
g = dfg.jit (chain);
x = {0.75, 1.25, 0.9, 1.1};
t0 = tic ();
g (x{:});
t_jit_first = toc (t0);

## Agreement with Octave, several draws (and the unrolled form is bit-identical
## to the loop form on doubles, which checks the generator).
rand ("state", 42);
worst = 0;
for trial = 1:5
  xs = num2cell (0.5 + rand (1, 4));
  ref = chain (xs{:});
  if (bench_chain_unrolled (xs{:}) != ref)
    error ("bench_scalar_plan: unrolled chain differs from the loop form");
  endif
  for got = {f(xs{:}), g(xs{:})}
    worst = max (worst, abs (got{1} - ref) / abs (ref));
  endfor
endfor
printf ("agreement: max relative difference dfg vs Octave over 5 draws x {function, jit} = %.3g (%s 1e-12)\n",
        worst, {"FAILS", "within"}{(worst <= 1e-12) + 1});
if (worst > 1e-12)
  warning ("bench_scalar_plan: dfg and Octave disagree by %.3g relative", worst);
endif
printf ("one-off: trace %.1f ms (%.1f us/op), compile %.2f ms; first jit call (trace+compile+run) %.1f ms\n\n",
        t_trace * 1e3, t_trace / NOPS * 1e6, t_compile * 1e3, t_jit_first * 1e3);

cases = {"Octave, loop form (the traced code, on doubles)",  @() chain (x{:})
         "Octave, straight-line (unrolled, generated)",      @() bench_chain_unrolled (x{:})
         "dfg.function plan  f (x1, .., x4)",                @() f (x{:})
         "dfg.jit  g (x1, .., x4)",                          @() g (x{:})
         "dfg.function plan of 1 op (call floor)",           @() f1 (x{:})};
[t, st] = bench_time (cases(:, 2)', N, 3);
printf ("  %-52s %10s %21s\n", "case", "us/call", "p25 .. p75");
for c = 1:rows (cases)
  printf ("  %-52s %10.1f %10.1f .. %8.1f\n", cases{c, 1}, t(c) * 1e6, st(c).p25 * 1e6, st(c).p75 * 1e6);
endfor
[t_loop, t_line, t_fun, t_jit, t_floor] = num2cell (t){:};

## The plan alone, back to back: interleaved with the Octave cases above its
## data is evicted from the caches between calls; here it is not.
t_fun_alone = bench_time (@() f (x{:}), N, 3);
printf ("  %-52s %10.1f\n", "dfg.function plan, back to back (not interleaved)", t_fun_alone * 1e6);

printf ("\nper op: Octave loop %.0f ns, Octave straight-line %.0f ns, dfg plan %.0f ns interleaved, %.0f ns back to back\n",
        t_loop / NOPS * 1e9, t_line / NOPS * 1e9, (t_fun - t_floor) / NOPS * 1e9, (t_fun_alone - t_floor) / NOPS * 1e9);
printf ("        (dfg net of the 1-op call floor)\n");
printf ("dfg.jit overhead per call over dfg.function: %.1f us (signature and look-up in C)\n",
        (t_jit - t_fun) * 1e6);
printf ("break-even (trace + compile vs straight-line Octave): %.0f calls\n",
        (t_trace + t_compile) / max (t_line - t_fun, eps));

printf ("\nSpeedups (Octave time / dfg time):\n");
bench_result.name = "bench_scalar_plan";
bench_result.ratios = [
  benchsupport.ratio("dfg.function vs Octave loop form", t_loop / t_fun, ">=", 10)
  benchsupport.ratio("dfg.function vs Octave straight-line", t_line / t_fun, ">=", 10)
  benchsupport.ratio("dfg.jit vs Octave loop form", t_loop / t_jit, ">=", 10)
  benchsupport.ratio("dfg.jit vs Octave straight-line", t_line / t_jit, ">=", 10)
];
bench_result.agreement = worst;
bench_result.us = struct ("loop", t_loop, "line", t_line, "fun", t_fun, "fun_alone", t_fun_alone,
                          "jit", t_jit, "floor", t_floor);
bench_result.us = structfun (@(v) v * 1e6, bench_result.us, "UniformOutput", false);
printf ("\n");

rmpath (gen_dir);
confirm_recursive_rmdir (false, "local");
rmdir (gen_dir, "s");
