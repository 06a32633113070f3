## tools/run_octave_tests.m -- runs Octave's test () on every file of the
## +dfg package and on the suites in tests/octave, and prints
## "octave: N passed, N failed".
root = fileparts (fileparts (mfilename ("fullpath")));
addpath (root);
addpath (fullfile (root, "tests", "octave"));
files = [glob(fullfile (root, "+dfg", "*.m")); glob(fullfile (root, "+dfg", "+internal", "*.m")); ...
         glob(fullfile (root, "tests", "octave", "test_*.m"))];
logfile = fullfile (root, "build", "octave-tests.log");
[~, ~] = mkdir (fullfile (root, "build"));
fid = fopen (logfile, "w");
pass = 0; total = 0;
for k = 1:numel (files)
  f = files{k};
  fprintf (fid, "==== %s\n", f);
  [n, nmax] = test (f, "quiet", fid);
  if (nmax == 0)
    continue;
  endif
  printf ("%-60s %4d of %4d\n", strrep (f, [root "/"], ""), n, nmax);
  pass += n; total += nmax;
endfor
fclose (fid);
if (pass < total)
  printf ("failures are logged in %s\n", logfile);
endif
printf ("octave: %d passed, %d failed\n", pass, total - pass);
