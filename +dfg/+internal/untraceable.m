## -*- texinfo -*-
## @deftypefn  {} {@var{t} =} dfg.internal.untraceable ()
## @deftypefnx {} {} dfg.internal.untraceable (@var{fn}, @var{args})
## @deftypefnx {} {[@dots{}] =} dfg.internal.untraceable (@var{fn}, @var{args}, @var{nout})
## Internal: the Octave functions a tensor cannot go through, and the error
## for one of them.
##
## With no argument, @var{t} is the table: an N x 3 cell of the function's
## name, the error id (@qcode{"dfg:dataDependentSize"}: the size of the
## result depends on values; @qcode{"dfg:notTraceable"}: Octave's function
## needs values while it runs; @qcode{"dfg:badClass"}: a class dfg does
## not have) and what to write instead.  docs/user-guide.md's table is
## checked against it (tests/octave/test_coverage.m).
##
## With @var{fn} and its arguments @var{args} (a cell) it raises the error
## of @var{fn}, naming the first argument that is a tensor.  The methods
## of @code{dfg.Tensor} of these names call it, and so does
## @code{logical} of a logical tensor when its caller is one of Octave's
## own functions (an @code{if} inside @code{fzero}, say: @var{args} is
## empty then).
##
## The printing functions (sprintf, num2str, ...) print values where they
## exist: at top level, tensors whose graphs have no free inputs are
## evaluated and Octave's function is called on the values (@var{nout} of
## its results are returned).
## @end deftypefn
function varargout = untraceable (fn, args, nout)
  persistent table = build_table ();
  if (nargin == 0)
    varargout{1} = table;
    return;
  endif
  k = find (strcmp (table(:,1), fn), 1);
  if (! isempty (k) && strcmp (table{k,2}, "dfg:notTraceable") && any (strcmp (fn, printing ()))
      && dfg_mex ("tracing") == 0)
    vals = args;
    ok = true;
    for j = 1:numel (args)
      if (isa (args{j}, "dfg.Tensor"))
        try
          vals{j} = dfg.value (args{j});
        catch err
          if (! strcmp (err.identifier, "dfg:freeInput"))
            rethrow (err);
          endif
          ok = false;
          break;
        end_try_catch
      endif
    endfor
    if (ok)
      [varargout{1:nout}] = builtin (fn, vals{:});
      return;
    endif
  endif
  if (isempty (k))
    id = "dfg:notTraceable";
    instead = "write the computation with dfg's operations, or call the function on plain arrays outside the graph";
  else
    id = table{k,2};
    instead = table{k,3};
  endif
  which = "";
  for j = 1:numel (args)
    if (isa (args{j}, "dfg.Tensor"))
      sz = sprintf ("%dx", dfg.internal.size_of (args{j}));
      which = sprintf (" (argument %d is a %s %s dfg.Tensor)", j, sz(1:end-1), class (args{j}));
      break;
    endif
  endfor
  switch (id)
    case "dfg:dataDependentSize"
      why = "the size of its result depends on the values, known only when the graph runs";
    case "dfg:badClass"
      why = "dfg's tensors are double, single or logical";
    otherwise
      why = sprintf ("Octave's %s needs the values of its arguments while it runs, so it cannot be traced into a graph", fn);
  endswitch
  error (id, "dfg: %s%s: %s; %s", fn, which, why, instead);
endfunction

function p = printing ()
  p = {"sprintf", "fprintf", "printf", "num2str", "mat2str", "int2str"};
endfunction

function t = build_table ()
  size_ = "dfg:dataDependentSize";
  trace = "dfg:notTraceable";
  cls = "dfg:badClass";
  mask = "use a mask: merge (mask, x, 0) keeps the selected values in place, sum (mask) counts them, sort (x) and max (x) give positions with a fixed count";
  sets = "use masks: any (x(:) == s(:).', 2) marks the elements of x found in a fixed set s";
  ode45 = "use dfg.ode45 / dfg.ode23 (the same solvers inside the graph, with output times, differentiable)";
  ode = "write a fixed-step integrator with dfg.fori or dfg.scan (RK4 steps), or call it on plain arrays with a right-hand side made by dfg.jit (and dfg.jacobian for its Jacobian)";
  solve = "call it on plain arrays with dfg.value_and_grad (f) or dfg.jit (f) as the objective; inside a graph, use dfg.fsolve (roots), dfg.argmin (minimisers) or dfg.implicit (a root found any way), differentiable by the implicit function theorem";
  quad = "use dfg.integral (quadgk in the graph, differentiable), trapz on a fixed grid inside the graph, or call it on plain values with an integrand made by dfg.jit";
  each = "write the function element-wise (operators broadcast over arrays), or loop over slices with dfg.fori or dfg.scan";
  show = "print the value of a plan's result, or dfg.value (x) at top level";
  ints = "convert the result of a plan, or use round, floor or fix to keep integer values in a double tensor";
  t = {
    "find",       size_, mask
    "nonzeros",   size_, mask
    "unique",     size_, "sort (x) gives a sorted copy of fixed size; diff (sort (x)) != 0 marks where a new value starts"
    "setdiff",    size_, sets
    "intersect",  size_, sets
    "union",      size_, sets
    "setxor",     size_, sets
    "colon",      size_, "a range needs plain-number limits: use a + step * (0:n-1) with a fixed count n"
    "null",       size_, "its column count is the nullity of A: use [U, S, V] = svd (A) and V(:, r+1:end) for a rank r known in advance"
    "orth",       size_, "its column count is the rank of A: use [U, S, V] = svd (A) and U(:, 1:r) for a rank r known in advance"
    "arrayfun",   trace, each
    "cellfun",    trace, each
    "ode45",      trace, ode45
    "ode23",      trace, ode45
    "ode23s",     trace, ode
    "ode15s",     trace, ode
    "ode15i",     trace, ode
    "lsode",      trace, ode
    "fsolve",     trace, solve
    "fzero",      trace, solve
    "fminsearch", trace, solve
    "fminbnd",    trace, solve
    "fminunc",    trace, solve
    "lsqnonneg",  trace, solve
    "sqp",        trace, solve
    "quadgk",     trace, quad
    "quad",       trace, quad
    "quadl",      trace, quad
    "quadv",      trace, quad
    "quadcc",     trace, quad
    "integral",   trace, quad
    "integral2",  trace, quad
    "integral3",  trace, quad
    "ismember",   trace, sets
    "sprintf",    trace, show
    "fprintf",    trace, show
    "printf",     trace, show
    "num2str",    trace, show
    "mat2str",    trace, show
    "int2str",    trace, show
    "int8",       cls, ints
    "uint8",      cls, ints
    "int16",      cls, ints
    "uint16",     cls, ints
    "int32",      cls, ints
    "uint32",     cls, ints
    "int64",      cls, ints
    "uint64",     cls, ints
  };
endfunction

%!test
%! t = dfg.internal.untraceable ();
%! assert (size (t, 2), 3);
%! assert (numel (unique (t(:,1))), rows (t));
%!error <dfg: find \(argument 1 is a 2x3 double dfg.Tensor\): the size of its result depends> dfg.internal.untraceable ("find", {dfg.input([2 3])})
%!error id=dfg:notTraceable dfg.internal.untraceable ("ode45", {@(t, y) y, [0 1], dfg.input([2 1])})
%!error id=dfg:badClass dfg.internal.untraceable ("int32", {dfg.input([2 1])})
%!error <Octave's quadgk needs the values> dfg.internal.untraceable ("quadgk", {})
%!error id=dfg:notTraceable dfg.internal.untraceable ("num2str", {dfg.input([1 1])}, 1)
%!assert (dfg.internal.untraceable ("num2str", {dfg.constant(pi)}, 1), num2str (pi))
%!assert (dfg.internal.untraceable ("sprintf", {"%d,", dfg.constant([1 2])}, 1), "1,2,")
