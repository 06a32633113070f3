## tools/run_octave_tests.m -- runs Octave's test () on every file of the
## +dfg package and on the suites in tests/octave, and prints
## "octave: N passed, N failed".  It also runs in a package installed with
## pkg install (docs/packaging.md), whose folder has the root's layout
## (+dfg, and tests/octave with the helpers only):
##   pkg load dfg; p = pkg ("list", "dfg");
##   run (fullfile (p{1}.dir, "tools", "run_octave_tests.m"))
root = fileparts (fileparts (mfilename ("fullpath")));
addpath (root);
addpath (fullfile (root, "tests", "octave"));
## DFG_MEX_DIR: a directory whose dfg_mex.mex is used instead of the root's
## (make asan: the gateway built with AddressSanitizer)
if (! isempty (getenv ("DFG_MEX_DIR")))
  addpath (getenv ("DFG_MEX_DIR"));
  printf ("dfg_mex: %s\n", which ("dfg_mex"));
endif
## DFG_OCTAVE_SUITES (e.g. "test_parity_*,test_grad_*,+dfg/+nn/*") restricts
## the run to those suites of tests/octave, or files of the package for a
## pattern that starts with "+" (tools/pass-matrix.sh uses it); "+dfg/NAME"
## also finds +dfg/@NAME/NAME.m ("+dfg/*": every function of the package)
only = getenv ("DFG_OCTAVE_SUITES");
if (isempty (only))
  ## +dfg/@zeros/zeros.m & co.: dfg.zeros, dfg.input, ... (functions named
  ## like built-ins live in folders of their own, docs/packaging.md)
  files = [glob(fullfile (root, "+dfg", "*.m")); glob(fullfile (root, "+dfg", "@*", "*.m")); ...
           glob(fullfile (root, "+dfg", "+internal", "*.m")); ...
           glob(fullfile (root, "+dfg", "+nn", "*.m")); glob(fullfile (root, "+dfg", "+optim", "*.m")); ...
           glob(fullfile (root, "tests", "octave", "test_*.m"))];
  logfile = fullfile (root, "build", "octave-tests.log");
else
  files = {};
  for pat = strsplit (only, ",")
    if (pat{1}(1) == "+")      # a package folder, e.g. "+dfg/+nn/*"
      [d, n] = fileparts (pat{1});
      files = [files; glob(fullfile (root, [pat{1} ".m"])); ...
               glob(fullfile (root, d, ["@" n], [n ".m"]))];
    else
      files = [files; glob(fullfile (root, "tests", "octave", [pat{1} ".m"]))];
    endif
  endfor
  logfile = fullfile (root, "build", "octave-tests-matrix.log");
endif
## DFG_TEST_LOG: the log file instead (tools/pass-matrix.sh runs several)
if (! isempty (getenv ("DFG_TEST_LOG")))
  logfile = getenv ("DFG_TEST_LOG");
endif
[~, ~] = mkdir (fullfile (root, "build"));
fid = fopen (logfile, "w");
if (fid < 0)            # an installed package's folder may not be writable
  logfile = fullfile (tempdir (), "dfg-octave-tests.log");
  fid = fopen (logfile, "w");
endif
pass = 0; fail = 0; known = 0;
for k = 1:numel (files)
  f = files{k};
  fprintf (fid, "==== %s\n", f);
  [n, nmax, nxfail, nbug, nskip, nrtskip, nreg] = test (f, "quiet", fid);
  if (nmax == 0)
    continue;
  endif
  ## nmax counts the tests that ran: expected failures (xtest, known
  ## bugs) among them, skipped ones (testif) not; a regression is a failure
  nk = nxfail + nbug + nskip + nrtskip;
  printf ("%-60s %4d of %4d", strrep (f, [root "/"], ""), n, nmax);
  if (nk)
    printf ("  (%d known failures or skipped)", nk);
  endif
  printf ("\n");
  pass += n; fail += nmax - n - nxfail - nbug; known += nk;
endfor
fclose (fid);
if (fail)
  printf ("failures are logged in %s\n", logfile);
endif
printf ("octave: %d passed, %d failed, %d skipped\n", pass, fail, known);
