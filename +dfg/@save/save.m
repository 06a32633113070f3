## -*- texinfo -*-
## @deftypefn {dfg} {} dfg.save (@var{file}, @var{what})
## Saves the current values of variables, and of whole training states, to
## @var{file} in Octave's binary format, so that plain Octave's
## @code{load} reads them as arrays and @code{dfg.load} restores them.
##
## @var{what} is a struct whose fields become the variables of the file
## (each as @code{save} would write them), or a variable or a cell array
## of variables (saved as the field @code{params}).  Field values may be:
## @itemize
## @item a @code{dfg.variable}: its current contents (a plain array);
## @item a cell array or a struct: converted element by element;
## @item an optimiser from @code{dfg.optim.*}: a struct with its
## @code{kind}, @code{hyper}, the learning rate @code{lr}, the step count
## @code{t}, the parameters @code{params} and the state @code{state} (its
## moment or momentum buffers), all as values;
## @item a generator from @code{dfg.nn.rng}: its @code{seed} and
## @code{counter};
## @item a plain array, string or logical: saved as it is.
## @end itemize
## Other tensors (inputs, expressions) are an error: only variables hold
## state.  To resume a run exactly, save the model's parameters and the
## optimiser together, e.g. @code{dfg.save (f, struct ("model", @{@{W, b@}@},
## "opt", opt))}, and restore with @code{dfg.load (f, struct ("model", @{@{W, b@}@},
## "opt", opt))} in a session that built the same model and optimiser.
## @seealso{dfg.load, dfg.assign, dfg.value, dfg.optim.sgd}
## @end deftypefn
function save (file, what)
  if (nargin != 2)
    print_usage ();
  endif
  if (! ischar (file) || isempty (file))
    error ("dfg:badArgument", "dfg.save: FILE (argument 1) must be a file name");
  endif
  if (! isstruct (what) || isfield (what, "updates"))
    what = struct ("params", {what});
  endif
  if (! isscalar (what))
    error ("dfg:badArgument", "dfg.save: WHAT (argument 2) must be a scalar struct, a variable or a cell of variables");
  endif
  S = struct ();
  for f = fieldnames (what)'
    S.(f{1}) = values_of (what.(f{1}), f{1});
  endfor
  try
    builtin ("save", "-binary", file, "-struct", "S");
  catch err
    error ("dfg:io", "dfg.save: cannot write '%s': %s", file, err.message);
  end_try_catch
endfunction

## The value form of x: variables by their contents, optimisers by their
## state, containers element by element.
function v = values_of (x, where)
  if (isa (x, "dfg.Tensor"))
    if (! strcmp (dfg_mex ("describe", dfg.internal.untag (x)).op, "variable"))
      error ("dfg:badArgument", "dfg.save: %s is a tensor that is not a dfg.variable (only variables hold state)", where);
    endif
    v = dfg.value (x);
  elseif (iscell (x))
    v = cell (size (x));
    for k = 1:numel (x)
      v{k} = values_of (x{k}, sprintf ("%s{%d}", where, k));
    endfor
  elseif (isstruct (x) && isfield (x, "kind") && strcmp (x.kind, "rng") && isfield (x, "counter"))
    v = struct ("kind", "rng", "seed", x.seed, "counter", dfg.value (x.counter));
  elseif (isstruct (x) && isfield (x, "updates") && isfield (x, "kind"))
    v = struct ("kind", x.kind, "hyper", x.hyper, "lr", dfg.value (x.lr), "t", dfg.value (x.t),
                "params", {values_of(x.params, [where ".params"])},
                "state", values_of (x.state, [where ".state"]));
  elseif (isstruct (x))
    v = x;
    for k = 1:numel (x)
      for f = fieldnames (x)'
        v(k).(f{1}) = values_of (x(k).(f{1}), sprintf ("%s.%s", where, f{1}));
      endfor
    endfor
  elseif (isnumeric (x) || islogical (x) || ischar (x))
    v = x;
  else
    error ("dfg:badArgument", "dfg.save: %s is a %s, which dfg.save does not store", where, class (x));
  endif
endfunction

%!test
%! f = [tempname() ".dfg"];
%! unwind_protect
%!   W = dfg.variable (magic (3)); b = dfg.variable (single ([1; 2; 3]));
%!   dfg.save (f, struct ("W", W, "b", b, "note", "run 1", "layers", {{W, b}}));
%!   S = load (f);                      # plain Octave reads the arrays
%!   assert (S.W, magic (3));
%!   assert (S.b, single ([1; 2; 3]));
%!   assert (S.note, "run 1");
%!   assert (S.layers, {magic(3), single([1; 2; 3])});
%!   dfg.save (f, {W, b});
%!   S = load (f);
%!   assert (S.params, {magic(3), single([1; 2; 3])});
%! unwind_protect_cleanup
%!   unlink (f);
%! end_unwind_protect
%!error <is a tensor that is not a dfg.variable> dfg.save (tempname (), struct ("x", dfg.input ([1 1])))
%!error <is a function_handle> dfg.save (tempname (), struct ("x", @sin))
%!error <FILE \(argument 1\)> dfg.save (1, struct ())
%!error <dfg.save: cannot write '/nonexistent/dir/f.bin'> dfg.save ("/nonexistent/dir/f.bin", dfg.variable (1))
%!error id=dfg:io dfg.save ("/nonexistent/dir/f.bin", dfg.variable (1))
