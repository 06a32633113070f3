## -*- texinfo -*-
## @deftypefn  {bench} {} bench_all ()
## @deftypefnx {bench} {@var{results} =} bench_all ()
## Runs every dfg benchmark in bench/ (bench_build_overhead, bench_branch,
## bench_scalar_plan, bench_dispatch, bench_symbolic, bench_compile, bench_alloc,
## bench_fused_expr, bench_grad, bench_passes, bench_mlp, bench_train,
## bench_rnn, bench_sim_copies, bench_gpu, bench_signal, bench_elem,
## bench_ode, bench_interp), each in a
## workspace of its own, and prints a summary of every ratio they report
## with its target and verdict.  A benchmark that fails is reported and
## the others still run.
## Returns the benchmarks' result structs.  @code{make bench} calls this.
## @end deftypefn
function out = bench_all ()
  here = fileparts (mfilename ("fullpath"));
  if (! exist ("bench_setup", "file"))
    addpath (here);
  endif
  bench_setup ();
  names = {"bench_build_overhead", "bench_branch", "bench_scalar_plan", "bench_dispatch", "bench_symbolic", "bench_compile", "bench_alloc", "bench_fused_expr", "bench_grad", "bench_passes", "bench_mlp", "bench_train", "bench_rnn", "bench_sim_copies", "bench_gpu", "bench_signal", "bench_elem", "bench_ode", "bench_interp"};
  results = {};
  failed = {};
  t_all = tic ();
  for k = 1:numel (names)
    try
      results{end+1} = run_one (names{k});
    catch err
      failed{end+1} = names{k};
      printf ("\n%s FAILED: %s\n\n", names{k}, err.message);
    end_try_catch
  endfor

  bar = repmat ("=", 1, 72);
  printf ("%s\nbench_all: summary of every ratio (%.0f s)\n%s\n", bar, toc (t_all), bar);
  printf ("  %-22s %-52s %9s  %-9s %s\n", "benchmark", "ratio", "value", "target", "verdict");
  for k = 1:numel (results)
    r = results{k};
    for j = 1:numel (r.ratios)
      q = r.ratios(j);
      if (isnan (q.met))
        verdict = "(info)";
      else
        verdict = {"NOT MET", "met"}{q.met + 1};
      endif
      printf ("  %-22s %-52s %8.2fx  %-9s %s\n", r.name, q.label, q.value, q.target, verdict);
    endfor
  endfor
  for k = 1:numel (failed)
    printf ("  %-22s FAILED (see above)\n", failed{k});
  endfor
endfunction

## Runs script NAME in this function's fresh workspace and returns the
## bench_result it leaves behind.
function bench_result = run_one (name)
  bench_result = [];
  eval (name);
  if (isempty (bench_result))
    error ("bench_all: %s left no bench_result", name);
  endif
endfunction
