## -*- texinfo -*-
## @deftypefn  {dfg} {@var{S} =} dfg.load (@var{file})
## @deftypefnx {dfg} {@var{S} =} dfg.load (@var{file}, @var{into})
## Reads a file written by @code{dfg.save} (or by Octave's @code{save}) and
## returns its contents as a struct of plain arrays.
##
## With @var{into}, a struct of the same layout as the one saved (variables,
## cells and structs of variables, optimisers from @code{dfg.optim.*},
## generators from @code{dfg.nn.rng}),
## every variable in @var{into} is set to its saved value with
## @code{dfg.assign}: the parameters, and an optimiser's learning rate,
## step count and state.  A training run continued after this gives the
## same results as if it had not stopped.  A variable or a cell of
## variables as @var{into} is matched with the field @code{params} (how
## @code{dfg.save} stores them).  A missing field, a different class or
## size is an error naming the field; nothing is assigned then.
## @seealso{dfg.save, dfg.assign}
## @end deftypefn
function S = load (file, into)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (! ischar (file) || isempty (file))
    error ("dfg:badArgument", "dfg.load: FILE (argument 1) must be a file name");
  endif
  if (! exist (file, "file"))
    error ("dfg:io", "dfg.load: no file '%s'", file);
  endif
  if (exist (file, "dir") == 7)
    error ("dfg:io", "dfg.load: '%s' is a directory, not a file", file);
  endif
  try
    S = builtin ("load", file);
  catch err
    error ("dfg:io", "dfg.load: cannot read '%s' (not a file written by dfg.save or save, or damaged): %s",
           file, err.message);
  end_try_catch
  if (! isstruct (S))
    error ("dfg:io", "dfg.load: '%s' holds a plain %s matrix, not variables written by dfg.save or save",
           file, class (S));
  endif
  if (nargin < 2)
    return;
  endif
  if (! isstruct (into) || isfield (into, "updates"))
    into = struct ("params", {into});
  endif
  pending = cell (0, 2);
  for f = fieldnames (into)'
    if (! isfield (S, f{1}))
      error ("dfg:badArgument", "dfg.load: '%s' has no field '%s'", file, f{1});
    endif
    pending = pairs (into.(f{1}), S.(f{1}), f{1}, pending);
  endfor
  for k = 1:rows (pending)            # all checked first: all or nothing
    dfg.assign (pending{k, 1}, pending{k, 2});
  endfor
endfunction

## The (variable, value) pairs of x against its saved form v, checked.
function pending = pairs (x, v, where, pending)
  if (isa (x, "dfg.Tensor"))
    if (! strcmp (dfg_mex ("describe", dfg.internal.untag (x)).op, "variable"))
      error ("dfg:badArgument", "dfg.load: %s is a tensor that is not a dfg.variable", where);
    endif
    if (! strcmp (class (v), class (x)) || ! isequal (size (v), size (x)))
      error ("dfg:badArgument", "dfg.load: %s: the file has a %s %s, the variable is a %s %s", where,
             dfg.internal.size_str (v), class (v), dfg.internal.size_str (x), class (x));
    endif
    if (! isreal (v) || issparse (v))
      error ("dfg:badArgument", "dfg.load: %s: the file has a %s value, the variable is real and full", where,
             merge (issparse (v), "sparse", "complex"));
    endif
    pending(end+1, :) = {x, v};
  elseif (iscell (x))
    if (! iscell (v) || numel (v) != numel (x))
      error ("dfg:badArgument", "dfg.load: %s: the file has no cell array of %d elements there", where, numel (x));
    endif
    for k = 1:numel (x)
      pending = pairs (x{k}, v{k}, sprintf ("%s{%d}", where, k), pending);
    endfor
  elseif (isstruct (x) && isfield (x, "kind") && strcmp (x.kind, "rng") && isfield (x, "counter"))
    if (! isstruct (v) || ! isfield (v, "counter") || ! isfield (v, "seed") || v.seed != x.seed)
      error ("dfg:badArgument", "dfg.load: %s: the file has no generator of seed %d there", where, x.seed);
    endif
    pending = pairs (x.counter, v.counter, [where ".counter"], pending);
  elseif (isstruct (x) && isfield (x, "updates") && isfield (x, "kind"))
    if (! isstruct (v) || ! all (isfield (v, {"kind", "hyper", "lr", "t", "params", "state"})) || ! strcmp (v.kind, x.kind))
      error ("dfg:badArgument", "dfg.load: %s: the file has no %s optimiser there", where, x.kind);
    endif
    if (! isequal (v.hyper, x.hyper))
      error ("dfg:badArgument", "dfg.load: %s: the file's %s has other options (%s) than this one (%s)", where,
             x.kind, opts_str (v.hyper), opts_str (x.hyper));
    endif
    pending = pairs (x.lr, v.lr, [where ".lr"], pending);
    pending = pairs (x.t, v.t, [where ".t"], pending);
    pending = pairs (x.params, v.params, [where ".params"], pending);
    pending = pairs (x.state, v.state, [where ".state"], pending);
  elseif (isstruct (x))
    if (! isstruct (v) || numel (v) != numel (x))
      error ("dfg:badArgument", "dfg.load: %s: the file has no struct of %d elements there", where, numel (x));
    endif
    for k = 1:numel (x)
      at = where;
      if (numel (x) > 1)
        at = sprintf ("%s(%d)", where, k);
      endif
      for f = fieldnames (x)'
        if (! isfield (v, f{1}))
          error ("dfg:badArgument", "dfg.load: %s: the file has no field '%s'", at, f{1});
        endif
        pending = pairs (x(k).(f{1}), v(k).(f{1}), sprintf ("%s.%s", at, f{1}), pending);
      endfor
    endfor
  endif
  ## plain values in INTO are not assigned to
endfunction

function s = opts_str (h)
  f = fieldnames (h);
  s = strjoin (cellfun (@(k) sprintf ("%s=%g", k, double (h.(k))), f', "UniformOutput", false), " ");
endfunction

%!test
%! ## a training run resumed from a checkpoint gives the same losses
%! f = [tempname() ".dfg"];
%! unwind_protect
%!   randn ("state", 9);
%!   A = randn (8, 3); y = randn (8, 1); w0 = randn (3, 1);
%!   function [step, w, opt] = model_ (A, y, w0)
%!     w = dfg.variable (w0, "w");
%!     loss = sum ((A * w - y) .^ 2);
%!     opt = dfg.optim.adam (w, "lr", 0.05);
%!     step = dfg.function ({}, {loss}, "updates", opt.updates (loss));
%!   endfunction
%!   [step, w, opt] = model_ (A, y, w0);
%!   gen = dfg.nn.rng (5);
%!   dfg.assign (gen.counter, 17);
%!   dfg.save (f, struct ("g", gen));
%!   gen2 = dfg.nn.rng (5);
%!   dfg.load (f, struct ("g", gen2));
%!   assert (dfg.value (gen2.counter), 17);
%!   assert (load (f).g.counter, 17);
%!   fail ("dfg.load (f, struct ('g', dfg.nn.rng (6)))", "no generator of seed 6");
%!   for k = 1:3, step (); endfor
%!   dfg.assign (opt.lr, 0.02);              # a schedule's change, saved too
%!   dfg.save (f, struct ("model", {{w}}, "opt", opt));
%!   L1 = zeros (1, 4);
%!   for k = 1:4, L1(k) = step (); endfor
%!   ## a fresh model and optimiser, restored
%!   [step2, w2, opt2] = model_ (A, y, zeros (3, 1));
%!   S = dfg.load (f, struct ("model", {{w2}}, "opt", opt2));
%!   assert (S.opt.t, 3);
%!   assert (dfg.value (opt2.lr), 0.02);
%!   L2 = zeros (1, 4);
%!   for k = 1:4, L2(k) = step2 (); endfor
%!   assert (L2, L1);
%!   assert (dfg.value (w2), dfg.value (w));
%!   ## a mismatch: an error naming the place, nothing assigned
%!   v = dfg.variable (zeros (2, 1));
%!   before = dfg.value (opt2.t);
%!   fail ("dfg.load (f, struct ('model', {{v}}, 'opt', opt2))", "model\\{1\\}: the file has a 3x1 double, the variable is a 2x1 double");
%!   assert (dfg.value (opt2.t), before);
%!   fail ("dfg.load (f, struct ('net', {{w2}}))", "has no field 'net'");
%!   ## other options: no exact resume, an error
%!   [~, w3, opt3] = model_ (A, y, w0);
%!   opt3 = dfg.optim.adam (w3, "lr", 0.05, "beta1", 0.5);
%!   fail ("dfg.load (f, struct ('model', {{w3}}, 'opt', opt3))", "other options");
%!   ## struct arrays; complex values refused before anything is assigned
%!   s = struct ("w", {dfg.variable(1), dfg.variable(2)});
%!   dfg.save (f, struct ("s", s));
%!   dfg.assign (s(2).w, 5);
%!   dfg.load (f, struct ("s", s));
%!   assert (dfg.value (s(2).w), 2);
%!   a = 5;  b = [1+2i 3];
%!   save ("-binary", f, "a", "b");
%!   va = dfg.variable (0);  vb = dfg.variable ([0 0]);
%!   fail ("dfg.load (f, struct ('a', va, 'b', vb))", "b: the file has a complex value");
%!   assert (dfg.value (va), 0);
%! unwind_protect_cleanup
%!   unlink (f);
%! end_unwind_protect
%!error <no file> dfg.load ("/nonexistent/dfg-checkpoint")
%!error id=dfg:io dfg.load ("/nonexistent/dfg-checkpoint")
%!test
%! ## a file that is not a checkpoint, or a damaged one: dfg:io naming the file
%! d = tempname ();
%! mkdir (d);
%! unwind_protect
%!   v = dfg.variable ([1 2 3]);
%!   f = fullfile (d, "ok.bin");
%!   dfg.save (f, v);
%!   fid = fopen (f); b = fread (fid, Inf, "uint8=>uint8"); fclose (fid);
%!   bad = {fullfile(d, "text.txt"), "hello\n"; fullfile(d, "num.txt"), "1 2 3\n"};
%!   for k = 1:rows (bad)
%!     fid = fopen (bad{k, 1}, "w"); fprintf (fid, bad{k, 2}); fclose (fid);
%!   endfor
%!   cut = fullfile (d, "cut.bin");
%!   fid = fopen (cut, "w"); fwrite (fid, b(1:floor (end / 2))); fclose (fid);
%!   junk = fullfile (d, "junk.bin");
%!   c = b; c(20:end) = 255;
%!   fid = fopen (junk, "w"); fwrite (fid, c); fclose (fid);
%!   for f2 = {bad{:, 1}, cut, junk, d}
%!     try
%!       dfg.load (f2{1}, v);
%!       error ("no error for %s", f2{1});
%!     catch err
%!       assert (err.identifier, "dfg:io");
%!       assert (! isempty (strfind (err.message, f2{1})));
%!     end_try_catch
%!   endfor
%!   a = 1;
%!   save (fullfile (d, "plain.mat"), "a");           # a foreign file: no 'params'
%!   assert (dfg.load (fullfile (d, "plain.mat")), struct ("a", 1));
%!   fail ("dfg.load (fullfile (d, 'plain.mat'), v)", "has no field 'params'");
%!   assert (dfg.value (v), [1 2 3]);                 # untouched
%! unwind_protect_cleanup
%!   confirm_recursive_rmdir (false, "local");
%!   rmdir (d, "s");
%! end_unwind_protect
