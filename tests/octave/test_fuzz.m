## A fixed-seed slice of the differential fuzzer (tests/fuzz/dfg_fuzz.m):
## random expressions over the documented ops, evaluated on plain arrays and
## through dfg (constants, dfg.jit, dfg.function with passes on and off) and
## differentiated, must agree with Octave.  Each block is one seed; a
## failure prints the fuzzer's reproducers.  `make fuzz` runs it longer.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_fuzz.m")

%!function fuzz_slice (seed, n)
%!  addpath (fullfile (fileparts (which ("test_fuzz")), "..", "fuzz"));
%!  r = dfg_fuzz ("seed", seed, "cases", n, "verbose", 0);
%!  for k = 1:numel (r.fails)
%!    printf ("==== %s in mode %s\n%s\n\n", r.fails(k).kind, r.fails(k).mode, ...
%!            r.fails(k).repro);
%!  endfor
%!  assert (r.cases, n);
%!  assert (numel (r.fails), 0);
%!endfunction

%!test fuzz_slice (101, 100);
%!test fuzz_slice (102, 100);
%!test fuzz_slice (103, 100);
%!test fuzz_slice (104, 100);
%!test fuzz_slice (105, 100);
