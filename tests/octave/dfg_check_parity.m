## -*- texinfo -*-
## @deftypefn  {} {} dfg_check_parity (@var{fun}, @var{args})
## @deftypefnx {} {} dfg_check_parity (@var{fun}, @var{args}, @var{tol})
## @deftypefnx {} {} dfg_check_parity (@var{fun}, @var{args}, @var{tol}, @var{nout})
## @deftypefnx {} {} dfg_check_parity (@var{fun}, @var{args}, @var{tol}, @var{nout}, @var{modes})
## Check that @var{fun} gives the same results on plain Octave arrays and
## through dfg.
##
## @var{args} is a cell array of arguments.  The reference is
## @code{[R@{1:@var{nout}@}] = @var{fun} (@var{args}@{:@})} on plain arrays.
## The same call is then made through dfg in each of @var{modes} (a cell
## array of strings; default all three):
##
## @table @asis
## @item @qcode{"jit"}
## @code{g = dfg.jit (@var{fun})} and @code{g (@var{args}@{:@})}, called twice
## (the second call runs the cached plan).
##
## @item @qcode{"function"}
## every numeric or logical argument becomes
## @code{dfg.input (size (a), class (a))}; other arguments are passed as they
## are.  The symbolic results must already have the reference's class and
## size (static inference); they are compiled with @code{dfg.function} and
## the plan is run on @var{args}.
##
## @item @qcode{"constant"}
## every numeric or logical argument becomes @code{dfg.constant (a)} and the
## results are evaluated with @code{dfg.value}.
## @end table
##
## In every mode a result that @var{fun} returns as a native array (for
## example @code{size (x)}) is compared as it is.  Each result must be a
## native array of the reference's class and size, with values equal within
## @var{tol} (see @code{dfg_assert_same}: a scalar, or
## @code{[@var{tol_double}, @var{tol_single}]}; default @code{[1e-12, 1e-5]}).
## The arguments must be left unchanged.  A mismatch raises an error with
## identifier @code{dfg_check_parity:mismatch} that names the function, the
## mode and the argument classes and sizes.
##
## The environment variable @env{DFG_PARITY_MODES} (e.g. @qcode{"jit"})
## restricts the modes when @var{modes} is not given.
## @seealso{dfg_assert_same, dfg.jit, dfg.function}
## @end deftypefn

function dfg_check_parity (fun, args, tol, nout, modes)

  if (nargin < 2 || ! is_function_handle (fun) || ! iscell (args))
    print_usage ();
  endif
  if (nargin < 3)
    tol = [];
  endif
  if (nargin < 4 || isempty (nout))
    nout = 1;
  endif
  if (nargin < 5 || isempty (modes))
    env = getenv ("DFG_PARITY_MODES");
    if (isempty (env))
      modes = {"jit", "function", "constant"};
    else
      modes = strsplit (env, ",");
    endif
  endif
  if (ischar (modes))
    modes = {modes};
  endif

  label = sprintf ("%s on (%s)", func2str (fun), describe_ (args));
  snapshot = cellfun (@deep_copy_, args, "uniformoutput", false);

  R = cell (1, nout);
  [R{:}] = fun (args{:});

  for m = 1:numel (modes)
    mode = modes{m};
    switch (mode)
      case "jit"
        g = dfg.jit (fun);
        for call = 1:2
          D = cell (1, nout);
          [D{:}] = g (args{:});
          compare_ (D, R, tol, sprintf ("%s [jit, call %d]", label, call));
        endfor

      case "function"
        targs = args;
        ins = {};
        vals = {};
        for k = 1:numel (args)
          if (is_array_ (args{k}))
            targs{k} = dfg.input (size (args{k}), class (args{k}));
            ins{end+1} = targs{k};
            vals{end+1} = args{k};
          endif
        endfor
        T = cell (1, nout);
        [T{:}] = fun (targs{:});
        is_t = cellfun (@(t) isa (t, "dfg.Tensor"), T);
        for k = find (is_t)
          what = sprintf ("%s [function, output %d, symbolic]", label, k);
          if (! strcmp (class (T{k}), class (R{k})))
            error ("dfg_check_parity:mismatch", "%s has class %s, expected %s",
                   what, class (T{k}), class (R{k}));
          endif
          if (! isequal (size (T{k}), size (R{k})))
            error ("dfg_check_parity:mismatch", "%s has size %s, expected %s",
                   what, mat2str (size (T{k})), mat2str (size (R{k})));
          endif
        endfor
        D = T;
        if (any (is_t))
          f = dfg.function (ins, T(is_t));
          Dt = cell (1, nnz (is_t));
          [Dt{:}] = f (vals{:});
          D(is_t) = Dt;
        endif
        compare_ (D, R, tol, sprintf ("%s [function]", label));

      case "constant"
        targs = args;
        for k = 1:numel (args)
          if (is_array_ (args{k}))
            targs{k} = dfg.constant (args{k});
          endif
        endfor
        T = cell (1, nout);
        [T{:}] = fun (targs{:});
        for k = 1:nout
          if (isa (T{k}, "dfg.Tensor"))
            T{k} = dfg.value (T{k});
          endif
        endfor
        compare_ (T, R, tol, sprintf ("%s [constant]", label));

      otherwise
        error ("dfg_check_parity: unknown mode '%s'", mode);
    endswitch

    for k = 1:numel (args)
      if (! strcmp (builtin ("class", args{k}), builtin ("class", snapshot{k}))
          || ! isequaln (args{k}, snapshot{k}))
        error ("dfg_check_parity:mismatch",
               "%s [%s]: argument %d was modified", label, mode, k);
      endif
    endfor
  endfor

endfunction

function compare_ (D, R, tol, label)
  for k = 1:numel (R)
    dfg_assert_same (D{k}, R{k}, tol, sprintf ("%s: output %d", label, k));
  endfor
endfunction

function tf = is_array_ (a)
  tf = (isnumeric (a) || islogical (a)) && ! isa (a, "dfg.Tensor");
endfunction

## A copy that shares no data with a, so that a write into a's buffer
## (through a MEX file) is seen as a difference.
function c = deep_copy_ (a)
  c = a;
  if ((isnumeric (a) || islogical (a)) && numel (a) > 0)
    c(1) = a(1);
  endif
endfunction

function s = describe_ (args)
  parts = cell (1, numel (args));
  for k = 1:numel (args)
    a = args{k};
    if (ischar (a))
      parts{k} = sprintf ("'%s'", a);
    else
      sz = sprintf ("%dx", size (a));
      parts{k} = sprintf ("%s %s", class (a), sz(1:end-1));
    endif
  endfor
  s = strjoin (parts, ", ");
endfunction

## Self-tests: these need dfg.
%!test dfg_check_parity (@(x) x + 1, {[1 2 3]});
%!test dfg_check_parity (@(x, y) deal (x .* y, x - y), {[1 2], [3 4]}, [], 2);
%!error <\[jit, call 1\]: output 1 element 1> dfg_check_parity (@(x) double (isa (x, "dfg.Tensor")), {1}, [], 1, {"jit"});
%!error <\[constant\]: output 1 element 1> dfg_check_parity (@(x) double (isa (x, "dfg.Tensor")), {1}, [], 1, {"constant"});
