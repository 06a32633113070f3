## bench_passes -- what the graph passes buy: value and gradient of
##
##   f (x) = sum (exp (sin (x) .* x + x .^ 2 * 0.01)),  x: 1e6 doubles
##
## Timed in one run (median of interleaved calls):
##   dfg, all passes    dfg.value_and_grad (f), the default (one fused kernel)
##   dfg, passes off    the same with dfg.passes ("none") (one kernel per op)
##   dfg, 1 thread      all passes with dfg.threads (1) (timed after the
##                      others; the default is one thread per core)
##   dfg plan alone     the fused plan from C (no Octave call), from the
##                      plan's own report: see "kernel" below
##   Octave hand        value plus hand-derived gradient, vectorised Octave
##   PyTorch            torch.autograd on CPU (Debian's python3-torch)
##   C loop (limit)     one hand-written C loop, same math, one pass over x:
##                      glibc scalar libm and libmvec SIMD (the limit)
##   MEX copy-out      a dfg plan that only returns its 1e6 input: the cost
##                      of handing 8 MB back to Octave through the MEX API
##                      (one thread: a copy into a fresh array)
## Targets (issue 4): dfg all >= 10x faster than Octave hand, >= 2x faster
## than PyTorch, within 2x of the C loop.
##
## Runnable alone: octave bench/bench_passes.m, or bench_passes with bench/
## on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
n = 1e6;
N = 21;
bench_header (sprintf ("bench_passes: value and gradient of sum (exp (sin (x) .* x + x .^ 2 * 0.01)), %d doubles", n));

rand ("state", 7);
x = 2 * rand (n, 1) - 1;
fun = @(x) sum (exp (sin (x) .* x + x .^ 2 * 0.01));

function [f, g] = hand (x)
  s = sin (x);
  e = exp (s .* x + x .^ 2 * 0.01);
  f = sum (e);
  g = e .* (cos (x) .* x + s + 0.02 * x);
endfunction

old = dfg.passes ();
unwind_protect
  dfg.passes ("all");
  vg_all = dfg.value_and_grad (fun);
  vg_all (x);
  dfg.passes ("none");
  vg_off = dfg.value_and_grad (fun);
  vg_off (x);
unwind_protect_cleanup
  dfg.passes (old);
end_unwind_protect
xi = dfg.input ([n 1]);
floor_f = dfg.function ({xi}, {xi .* 1});

[v1, g1] = vg_all (x);
[v2, g2] = vg_off (x);
[v3, g3] = hand (x);
printf ("passes on vs off: value %s, gradient %s\n",
        merge (isequal (v1, v2), "bitwise equal", "DIFFERENT"),
        merge (isequal (g1, g2), "bitwise equal", "DIFFERENT"));
err = max (abs (v1 - v3) / abs (v3), norm (g1 - g3, 1) / norm (g3, 1));
printf ("agreement with the hand-written gradient: max relative difference %.2g\n", err);
if (err > 1e-12 || ! isequal (v1, v2) || ! isequal (g1, g2))
  error ("bench_passes: results disagree");
endif
printf ("\n");
dfg.explain (vg_all);

t = bench_time ({@() vg_all(x), @() vg_off(x), @() hand(x), @() floor_f(x)}, N);
[t_all, t_off, t_hand, t_floor] = num2cell (t){:};
nth = dfg.threads (1);
unwind_protect
  t_one = bench_time ({@() vg_all(x)}, N);
unwind_protect_cleanup
  dfg.threads (nth);
end_unwind_protect

## the C loop: compiled here, with the machine's gcc
t_cs = NaN; t_cv = NaN; kind = "";
src = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "limit_loop.c");
exe = [tempname() "_limit"];
[st, txt] = system (sprintf ("gcc -O2 -std=c11 '%s' -o '%s' -lmvec -lm 2>&1 && '%s' %d %d",
                             src, exe, exe, n, N));
if (exist (exe, "file"))
  unlink (exe);
endif
v = strsplit (strtrim (txt));
if (st == 0 && numel (v) >= 3)
  t_cs = str2double (v{1}) / 1e3;  t_cv = str2double (v{2}) / 1e3;  kind = v{3};
else
  printf ("C loop: could not build or run it:\n%s\n", txt);
endif

t_torch = NaN;
pycmd = benchsupport.torch_python ();
if (! isempty (pycmd))
  py = fullfile (fileparts (which ("bench_setup")), "+benchsupport", "torch_passes.py");
  [st, txt] = system (sprintf ("%s '%s' %d %d %d", pycmd, py, n, N, nproc ()));
  w = strsplit (strtrim (txt));
  if (st == 0 && numel (w) >= 3)
    t_torch = str2double (w{1});
    printf ("\nPyTorch %s on CPU, %s threads\n", w{2}, w{3});
  else
    printf ("\nPyTorch: the timing run failed:\n%s\n", txt);
  endif
else
  printf ("\nPyTorch: not installed (Debian's python3-torch)\n");
endif

printf ("\nmedian of %d calls:\n", N);
printf ("  dfg, all passes        %8.2f ms\n", t_all * 1e3);
printf ("  dfg, passes off        %8.2f ms\n", t_off * 1e3);
printf ("  dfg, all, 1 thread     %8.2f ms   (default: %d threads)\n", t_one * 1e3, nth);
printf ("  Octave hand grad       %8.2f ms\n", t_hand * 1e3);
printf ("  PyTorch autograd       %8.2f ms\n", t_torch * 1e3);
printf ("  C loop, scalar libm    %8.2f ms\n", t_cs * 1e3);
printf ("  C loop, libmvec %-6s %8.2f ms\n", kind, t_cv * 1e3);
printf ("  MEX copy-out (8 MB)    %8.2f ms\n", t_floor * 1e3);

printf ("\nRatios:\n");
bench_result.name = "bench_passes";
bench_result.ratios = [
  benchsupport.ratio("Octave hand / dfg all passes (> 1: dfg faster)", t_hand / t_all, ">=", 10)
  benchsupport.ratio("dfg passes off / dfg all passes", t_off / t_all)
  benchsupport.ratio("dfg all passes / C loop (limit)", t_all / t_cv, "<=", 2)
  benchsupport.ratio("Octave hand / dfg all passes, 1 thread", t_hand / t_one)
  benchsupport.ratio("dfg all passes, 1 thread / C loop (limit)", t_one / t_cv)
];
if (! isnan (t_torch))
  bench_result.ratios(end+1) = benchsupport.ratio("PyTorch / dfg all passes (> 1: dfg faster)", t_torch / t_all, ">=", 2);
endif
bench_result.ms = structfun (@(v) v * 1e3, struct ("all", t_all, "off", t_off, "hand", t_hand,
                             "one_thread", t_one, "torch", t_torch, "c_scalar", t_cs, "c_simd", t_cv, "mex_floor", t_floor),
                             "UniformOutput", false);
printf ("\n");
