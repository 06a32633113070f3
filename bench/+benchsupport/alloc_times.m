## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.alloc_times (@var{n}, @var{k}, @var{reps})
## bench_alloc's measurement, run in a child Octave of its own (so that
## glibc's allocator settings are the ones the environment gives dfg when
## it loads: DFG_MALLOC_TUNE).  Prints one line "alloc: t1 t2 t3 t4", the
## median seconds per call over @var{reps} samples of @var{k} calls, on
## @var{n} doubles, of: a dfg plan of exp (x) .* 2; a plan whose result is
## its input (x + 0); Octave's exp (X) .* 2; Octave's X + 1.
## @end deftypefn
function alloc_times (n, k, reps)
  X = rand (n, 1);
  x = dfg.input ([n 1]);
  f = dfg.function ({x}, {exp(x) .* 2});
  f0 = dfg.function ({x}, {x + 0});
  if (max (abs (f (X) - exp (X) .* 2)) > 1e-15 * max (abs (exp (X) .* 2)) || ! isequal (f0 (X), X))
    error ("benchsupport.alloc_times: dfg disagrees with Octave");
  endif
  fns = {@() loop_k(f, k, X), @() loop_k(f0, k, X), @() loop_k(@(v) exp (v) .* 2, k, X), ...
         @() loop_k(@(v) v + 1, k, X)};
  for c = 1:numel (fns)      # warm: the heap grows to what a loop needs
    fns{c} ();
  endfor
  t = zeros (reps, numel (fns));
  for r = 1:reps
    for c = 1:numel (fns)
      id = tic ();
      fns{c} ();
      t(r, c) = toc (id) / k;
    endfor
  endfor
  printf ("alloc: %.9g %.9g %.9g %.9g\n", median (t, 1));
endfunction

function loop_k (fn, k, X)
  for i = 1:k
    y = fn (X);
  endfor
endfunction
