## bench_alloc -- what handing a large result to Octave costs, with glibc's
## allocator as it comes and as dfg sets it (mex/dfg_mex.c, malloc_tune:
## blocks up to 32 MiB from the heap and reused, 256 MiB of free heap kept).
##
## Timed in the same run under both settings, each in a child Octave
## started with DFG_MALLOC_TUNE=0 (glibc as it comes) or 1 (benchsupport.
## alloc_times), median of 15 samples of 20 calls each, 10^6 doubles (8 MB):
##   dfg            f (X), a plan of exp (x) .* 2 (one fused kernel, a new
##                  8 MB result each call)
##   dfg floor      a plan whose result is its input (x + 0 folded away: the
##                  MEX call and the copy into the new result only)
##   Octave         exp (X) .* 2 on doubles (two temporaries of 8 MB)
##   Octave x + 1   X + 1 (one new array: the allocation and one pass)
##   memcpy rate    the machine's copy rate on 8 MB (the bandwidth limit
##                  for writing a result: Octave's X(:) = X(:) copy)
## The ratios are default / tuned for each (> 1: the setting helps).
## Target (issue: output allocation): the dfg call at least 1.3x faster
## with the setting; hand-written Octave not slower.
##
## Runnable alone: octave bench/bench_alloc.m, or bench_alloc with bench/
## on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_alloc: handing 8 MB results to Octave, glibc's malloc settings as they come vs as dfg sets them");

## each setting in a child Octave of its own (glibc's settings are fixed
## when dfg loads), in turn, twice, the better of the two runs kept
here = fileparts (mfilename ("fullpath"));
root = fileparts (here);
octv = fullfile (OCTAVE_HOME (), "bin", "octave-cli");
cmd = @(tune) sprintf (["cd %s && DFG_MALLOC_TUNE=%d %s -q --no-window-system --eval ", ...
                        "\"warning ('off', 'all'); addpath ('%s'); addpath ('%s'); ", ...
                        "benchsupport.alloc_times (1e6, 20, 15)\""],
                       tempdir (), tune, octv, root, here);
t = inf (2, 4);
for rep = 1:2
  for tune = [0 1]
    [rc, out] = system (cmd (tune));
    v = str2double (regexp (out, 'alloc: (\S+) (\S+) (\S+) (\S+)', "tokens", "once"));
    if (rc != 0 || numel (v) != 4 || any (isnan (v)))
      error ("bench_alloc: the child Octave failed:\n%s", out);
    endif
    t(tune + 1, :) = min (t(tune + 1, :), v(:)');
  endfor
endfor
function memcpy_like (X)
  Y = X;
  Y(1) = 0;          # copy on write: one 8 MB copy into a new array
endfunction
X = rand (1e6, 1);
tc = bench_time (@() memcpy_like (X), 15, 1);
names = {"dfg plan exp (x) .* 2", "dfg plan x + 0 (floor)", "Octave exp (X) .* 2", "Octave X + 1"};
printf ("per call, ms (glibc as it comes | as dfg sets it):\n");
for c = 1:4
  printf ("  %-28s %8.2f  %8.2f\n", names{c}, t(1, c) * 1e3, t(2, c) * 1e3);
endfor
printf ("  8 MB copy (bandwidth floor) %8.2f\n", tc * 1e3);

printf ("\nRatios (time as glibc comes / time as dfg sets it):\n");
bench_result.name = "bench_alloc";
bench_result.ratios = [
  benchsupport.ratio("dfg plan exp (x) .* 2", t(1, 1) / t(2, 1), ">=", 1.3)
  benchsupport.ratio("dfg plan floor (copy into a new result)", t(1, 2) / t(2, 2))
  benchsupport.ratio("Octave exp (X) .* 2", t(1, 3) / t(2, 3), ">=", 1)
  benchsupport.ratio("Octave X + 1", t(1, 4) / t(2, 4), ">=", 1)
];
bench_result.ms = struct ("default", t(1, :) * 1e3, "tuned", t(2, :) * 1e3, "copy", tc * 1e3);
printf ("\n");
