## A quiet start: adding dfg to the path prints nothing.  dfg.zeros,
## dfg.ones, dfg.eye, dfg.dot, dfg.save, dfg.input and dfg.load are named
## like Octave built-ins; they live in +dfg/@NAME/NAME.m, where Octave 7's
## load path does not compare them with the built-ins (a plain +dfg/zeros.m
## gets "function ... shadows a built-in function" twice at every addpath),
## and no warning is turned off for it (docs/packaging.md).  The children
## are Octave processes of their own, started from a temporary folder.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_quiet_start.m")

%!function out = child (code, dir_)
%!  ## runs CODE in a fresh octave-cli started in DIR_; returns what it
%!  ## printed (stdout and stderr) without Octave 7.3's own line at exit
%!  cmd = sprintf ("cd '%s' && '%s' --no-gui --no-window-system -q --no-init-file --eval \"%s\" 2>&1", ...
%!                 dir_, fullfile (OCTAVE_HOME, "bin", "octave-cli"), code);
%!  [st, out] = system (cmd);
%!  assert (st, 0, sprintf ("exit status %d: %s", st, out));
%!  out = regexprep (out, '(^|\n)error: ignoring const execution_exception& while preparing to exit\n?', "$1");
%!endfunction

%!function root = dfg_root ()
%!  root = fileparts (fileparts (which ("dfg.grad")));
%!endfunction

%!testif ; isempty (getenv ("DFG_ASAN"))
%! ## addpath alone prints nothing, nor does a call of each function
%! tmp = tempname (); mkdir (tmp);
%! unwind_protect
%!   out = child (sprintf ("addpath ('%s');", dfg_root ()), tmp);
%!   assert (out, "");
%!   out = child (sprintf (["addpath ('%s'); x = dfg.zeros (3, 'single'); y = dfg.input ([3 4]);" ...
%!                          "z = dfg.ones (2) + dfg.eye (2); printf ('%%s %%s %%s\\n', class (x), " ...
%!                          "mat2str (size (y)), mat2str (dfg.value (z)));"], dfg_root ()), tmp);
%!   assert (out, "single [3 4] [2 1;1 2]\n");
%! unwind_protect_cleanup
%!   confirm_recursive_rmdir (false, "local");
%!   rmdir (tmp, "s");
%! end_unwind_protect

%!testif ; isempty (getenv ("DFG_ASAN"))
%! ## the same inside a script run with run (), and inside a function it
%! ## defines; PKG_ADD leaves Octave's shadowing notice on for other code
%! tmp = tempname (); mkdir (tmp);
%! unwind_protect
%!   script = fullfile (tmp, "quiet_script.m");
%!   fid = fopen (script, "w");
%!   fprintf (fid, "1;\nfunction t = make_ ()\n  t = dfg.input ([3 4], 'single');\nendfunction\n");
%!   fprintf (fid, "addpath ('%s');\nt = make_ ();\nx = dfg.zeros (2);\n", dfg_root ());
%!   fprintf (fid, "printf ('%%s %%s %%s\\n', class (t), class (x), warning ('query', 'Octave:shadowed-function').state);\n");
%!   fclose (fid);
%!   out = child (sprintf ("run ('%s');", script), tmp);
%!   assert (out, "single double on\n");
%! unwind_protect_cleanup
%!   confirm_recursive_rmdir (false, "local");
%!   rmdir (tmp, "s");
%! end_unwind_protect

%!testif ; isempty (getenv ("DFG_ASAN"))
%! ## the check works: a plain file named like a built-in still gets
%! ## Octave's notice (so the quiet start is not a silenced warning)
%! tmp = tempname (); mkdir (tmp); mkdir (fullfile (tmp, "+pk"));
%! unwind_protect
%!   fid = fopen (fullfile (tmp, "+pk", "zeros.m"), "w");
%!   fprintf (fid, "function x = zeros ()\n  x = 1;\nendfunction\n");
%!   fclose (fid);
%!   out = child (sprintf ("addpath ('%s'); addpath ('%s');", dfg_root (), tmp), tmp);
%!   assert (! isempty (strfind (out, "zeros.m shadows a built-in function")), out);
%!   assert (isempty (strfind (out, "+dfg")), out);
%! unwind_protect_cleanup
%!   confirm_recursive_rmdir (false, "local");
%!   rmdir (tmp, "s");
%! end_unwind_protect

%!test
%! ## which, help and function handles find them where they live
%! for n = {"zeros", "ones", "eye", "dot", "save", "input", "load"}
%!   w = which (["dfg." n{1}]);
%!   assert (w, fullfile (dfg_root (), "+dfg", ["@" n{1}], [n{1} ".m"]));
%!   [txt, fmt] = get_help_text (["dfg." n{1}]);
%!   assert (fmt, "texinfo");
%!   assert (! isempty (strfind (txt, ["dfg." n{1} " ("])), n{1});
%! endfor
%! f = @dfg.zeros;
%! assert (dfg.value (f (2, 3)), zeros (2, 3));
%! assert (class (feval ("dfg.ones", 2, "single")), "single");
%! assert (size (str2func ("dfg.input") ([3 4])), [3 4]);
%! assert (zeros (2, "single"), single ([0 0; 0 0]));   # the built-ins are untouched
%! assert (dot ([1 2], [3 4]), 11);
