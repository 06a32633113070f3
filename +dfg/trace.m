## -*- texinfo -*-
## @deftypefn  {dfg} {} dfg.trace (@var{fun}, @var{a1}, @var{a2}, @dots{})
## @deftypefnx {dfg} {} dfg.trace (@var{y}, @var{x1}, @var{v1}, @var{x2}, @var{v2}, @dots{})
## @deftypefnx {dfg} {} dfg.trace (@dots{}, "reverse")
## @deftypefnx {dfg} {} dfg.trace (@dots{}, "forward")
## @deftypefnx {dfg} {} dfg.trace (@dots{}, "forward", @var{dx})
## @deftypefnx {dfg} {@var{s} =} dfg.trace (@dots{})
## @deftypefnx {dfg} {[@var{s}, @var{t}] =} dfg.trace (@dots{})
## The evaluation trace of a computation, numbered as in the textbooks of
## automatic differentiation (Griewank and Walther; Baydin et al.):
## inputs are @math{v_{1-n}, @dots{}, v_0}, intermediates @math{v_1, v_2,
## @dots{}}, each line the elementary operation and its value.
##
## @var{fun} is a function handle, traced on tensors standing for the
## arguments @var{a1}, @var{a2}, @dots{} (plain values), whose names it
## takes from @var{fun}'s parameter list; or @var{y} is a tensor and the
## inputs @var{x1}, @var{x2}, @dots{} it depends on are given with their
## values.  Variables the graph reads count as inputs too.
##
## @example
## >> dfg.trace (@@(x1, x2) log (x1) + x1 .* x2 - sin (x2), 2, 5)
## forward primal trace
##   v_-1 = x1          = 2
##   v_0  = x2          = 5
##   v_1  = log(v_-1)   = 0.693147
##   v_2  = v_-1 .* v_0 = 10
##   v_3  = sin(v_0)    = -0.958924
##   v_4  = v_1 + v_2   = 10.6931
##   v_5  = v_4 - v_3   = 11.6521
##   y    = v_5         = 11.6521
## @end example
##
## Intermediates are numbered by depth (the longest path from an input),
## then in the order they were recorded, which is the textbooks' order.
## Constants are written into the expressions.  Scalars show their value,
## arrays a summary (size, class, min, max, norm).
##
## @qcode{"reverse"} adds the reverse adjoint trace for the seed
## @math{\bar y = 1} (a scalar @var{y}; for an array, the gradient of
## @code{sum (y(:))}): from the last intermediate to the inputs, each
## adjoint @math{\bar v_j} is written as the sum of its partial adjoints
## @math{\bar v_i \partial v_i / \partial v_j} over every node @math{v_i}
## that reads @math{v_j}, with their values (the local partial derivative
## too, where both are scalars).  The last lines give the gradient,
## @math{\bar x_k = \bar v_{k-n}}.
##
## @qcode{"forward"} adds the forward tangent trace for the seed
## @var{dx}: a cell with one tangent per input (default: ones for the
## first input, zeros for the others, @math{\dot x_1 = 1}); each tangent
## @math{\dot v_i} is the sum of @math{\partial v_i / \partial v_j \dot
## v_j} over @math{v_i}'s inputs.
##
## Without outputs the trace is printed.  @var{s} is the same text (a
## char row with newlines); @var{t} is a struct array, one element per
## line, with fields @code{section} (@qcode{"primal"}, @qcode{"adjoint"},
## @qcode{"tangent"}), @code{name}, @code{expr}, @code{terms} (the
## partial terms written out), and @code{value}.
##
## The graph traced is the one recorded, before any optimisation pass;
## every value is computed by dfg (plans with the passes off).
## @seealso{dfg.grad, dfg.jvp, dfg.dot, dfg.explain}
## @end deftypefn
function [s, t] = trace (varargin)
  if (nargin < 1)
    print_usage ();
  endif
  [args, modes, dx] = split_modes (varargin);
  [y, xs, vals, names] = setup (args);
  if (strcmp (class (y), "logical") && ! isempty (modes))
    error ("dfg:badClass", "dfg.trace: Y is logical: it has no derivatives to trace");
  endif
  ## every given input is in the graph, read or not
  g = dfg_mex ("graph", dfg.internal.untag ([xs, {y}]), true);
  ts = arrayfun (@(r) dfg.Tensor (r.id), g, "uniformoutput", false);
  n = numel (g);
  for k = 1:numel (xs)
    for q = 1:k-1
      if (xs{q}.id == xs{k}.id)
        error ("dfg:badArgument", "dfg.trace: input %d is given twice (as input %d too)", k, q);
      endif
    endfor
  endfor
  ## numbering: inputs v_{1-m}..v_0 (given order, then variables), the
  ## intermediates by depth, then recording order
  is_in = false (n, 1);
  in_pos = zeros (n, 1);
  for k = 1:numel (xs)
    r = find_row (g, ts, xs{k});
    is_in(r) = true;
    in_pos(r) = k;
  endfor
  vars = find (strcmp ({g.kind}, "variable"))(:);
  [~, o] = sort ([g(vars).seq]);
  vars = vars(o);
  m = numel (xs) + numel (vars);
  label = cell (n, 1);
  order_in = zeros (0, 1);
  for k = 1:numel (xs)
    order_in(end+1, 1) = find (in_pos == k);
  endfor
  order_in = [order_in; vars];
  inname = cell (n, 1);
  for q = 1:numel (order_in)
    r = order_in(q);
    label{r} = sprintf ("v_%d", q - numel (order_in));
    if (q <= numel (xs))
      inname{r} = names{in_pos(r)};
    else
      inname{r} = merge (isempty (g(r).name), sprintf ("w%d", q - numel (xs)), g(r).name);
    endif
  endfor
  if (any (strcmp ({g.kind}, "input") & ! is_in'))
    r = find (strcmp ({g.kind}, "input") & ! is_in', 1);
    error ("dfg:freeInput", "dfg.trace: Y depends on the input '%s' (%s), which was not given a value",
           g(r).name, dims_str (g(r).size));
  endif
  depth = zeros (n, 1);
  for r = 1:n
    if (strcmp (g(r).kind, "op"))
      d = 0;
      for i = g(r).inputs
        if (! strcmp (g(i).kind, "constant"))
          d = max (d, depth(i));
        endif
      endfor
      depth(r) = d + 1;
    endif
  endfor
  ops = find (strcmp ({g.kind}, "op"))(:);
  [~, o] = sortrows ([depth(ops), [g(ops).seq]']);
  ops = ops(o);
  for q = 1:numel (ops)
    label{ops(q)} = sprintf ("v_%d", q);
  endfor
  ## values: one plan with every node as an output, passes off
  yr = find_row (g, ts, y);
  all_nodes = [order_in; ops];
  if (! any (all_nodes == yr))
    all_nodes(end+1) = yr;        # y is a constant
  endif
  f = dfg.function (xs, ts(all_nodes), "passes", "none");
  val = cell (n, 1);
  [val(all_nodes){1:numel(all_nodes)}] = f (vals{:});
  for r = ops(:)'
    if (any (strcmp (g(r).op, {"loop", "cond"})))
      val{r} = "(its outputs follow)";     # a packed buffer, read by ctrl_out
    endif
  endfor
  rows = struct ("section", {}, "name", {}, "expr", {}, "terms", {}, "value", {});
  for q = 1:numel (order_in)
    r = order_in(q);
    rows(end+1) = row_ ("primal", label{r}, inname{r}, "", val{r});
  endfor
  for r = ops(:)'
    rows(end+1) = row_ ("primal", label{r}, expr_of (g, r, label), "", val{r});
  endfor
  rows(end+1) = row_ ("primal", "y", node_ref (g, yr, label), "", val{yr});
  ## partial derivatives of scalar nodes, and the adjoints
  if (any (strcmp (modes, "reverse")) || any (strcmp (modes, "forward")))
    part = local_partials (g, ts, xs, vals, ops, val);
  endif
  if (any (strcmp (modes, "reverse")))
    rows = [rows, adjoint_rows(g, ts, xs, vals, ops, order_in, label, inname, val, part, yr)];
  endif
  if (any (strcmp (modes, "forward")))
    rows = [rows, tangent_rows(g, y, ts, xs, vals, ops, order_in, label, inname, val, part, dx, yr)];
  endif
  txt = format_rows (rows);
  if (nargout == 0)
    printf ("%s", txt);
  else
    s = txt;
    t = rows;
  endif
endfunction

## ---------------------------------------------------------------- parsing

function [args, modes, dx] = split_modes (a)
  modes = {};
  dx = [];
  args = {};
  k = 1;
  while (k <= numel (a))
    if (ischar (a{k}))
      m = lower (a{k});
      if (! any (strcmp (m, {"reverse", "forward"})))
        error ("dfg:badArgument", "dfg.trace: unknown option '%s' (\"reverse\" or \"forward\")", a{k});
      endif
      modes{end+1} = m;
      if (strcmp (m, "forward") && k < numel (a) && ! ischar (a{k+1}))
        dx = a{k+1};              # the tangents: a cell, one per input
        if (! iscell (dx))
          dx = {dx};
        endif
        k++;
      endif
    elseif (! isempty (modes))
      error ("dfg:badArgument", "dfg.trace: the values come before the options");
    else
      args{end+1} = a{k};
    endif
    k++;
  endwhile
  if (isempty (args))
    print_usage ("dfg.trace");
  endif
endfunction

function [y, xs, vals, names] = setup (args)
  if (is_function_handle (args{1}))
    fun = args{1};
    vals = args(2:end);
    names = param_names (fun, numel (vals));
    xs = cell (1, numel (vals));
    for k = 1:numel (vals)
      v = vals{k};
      if (! (isnumeric (v) || islogical (v)) || ! isreal (v))
        error ("dfg:badArgument", "dfg.trace: argument %d must be a real array", k);
      endif
      xs{k} = dfg.input (size (v), class (v), names{k});
    endfor
    y = fun (xs{:});
    if (! isa (y, "dfg.Tensor"))
      y = dfg.constant (y);
    endif
  else
    y = args{1};
    if (! isa (y, "dfg.Tensor"))
      error ("dfg:badArgument", "dfg.trace: the first argument must be a function handle or a tensor");
    endif
    rest = args(2:end);
    if (mod (numel (rest), 2))
      error ("dfg:badArgument", "dfg.trace: give each input with its value: dfg.trace (Y, X1, V1, X2, V2, ...)");
    endif
    xs = rest(1:2:end);
    vals = rest(2:2:end);
    names = cell (1, numel (xs));
    for k = 1:numel (xs)
      if (! isa (xs{k}, "dfg.Tensor"))
        error ("dfg:badArgument", "dfg.trace: X%d must be a tensor (an input)", k);
      endif
      nm = dfg_mex ("describe", dfg.internal.untag (xs{k})).name;
      names{k} = merge (isempty (nm), sprintf ("x%d", k), nm);
    endfor
  endif
endfunction

function names = param_names (fun, n)
  names = arrayfun (@(k) sprintf ("x%d", k), 1:n, "uniformoutput", false);
  s = func2str (fun);
  tok = regexp (s, '^@\(([^)]*)\)', "tokens", "once");
  if (! isempty (tok))
    p = strtrim (strsplit (tok{1}, ","));
    for k = 1:min (n, numel (p))
      if (! isempty (p{k}) && ! strcmp (p{k}, "varargin"))
        names{k} = p{k};
      endif
    endfor
  endif
endfunction

## ---------------------------------------------------------------- formatting

function r = row_ (section, name, expr, terms, value)
  r = struct ("section", section, "name", name, "expr", expr, "terms", terms, "value", {value});
endfunction

function r = find_row (g, ts, x)
  r = find ([g.id] == x.id, 1);
endfunction

function s = node_ref (g, r, label)
  if (strcmp (g(r).kind, "constant"))
    v = g(r).value;
    if (numel (v) == 1)
      s = num_str (v);
    else
      s = sprintf ("[%s constant]", dims_str (g(r).size));
    endif
  else
    s = label{r};
  endif
endfunction

function s = dims_str (d)
  s = sprintf ("%dx", d);
  s = s(1:end-1);
endfunction

function s = num_str (v)
  if (v == fix (v) && abs (v) < 1e15)
    s = sprintf ("%d", v);
  else
    s = sprintf ("%.6g", v);
  endif
endfunction

function s = expr_of (g, r, label)
  infix = struct ("plus", "+", "minus", "-", "times", ".*", "rdivide", "./", "ldivide", ".\\",
                  "power", ".^", "mtimes", "*", "mrdivide", "/", "mldivide", "\\",
                  "lt", "<", "le", "<=", "gt", ">", "ge", ">=", "eq", "==", "ne", "!=",
                  "and", "&", "or", "|");
  a = arrayfun (@(i) node_ref (g, i, label), g(r).inputs, "uniformoutput", false);
  op = g(r).op;
  if (isfield (infix, op) && numel (a) == 2)
    s = sprintf ("%s %s %s", a{1}, infix.(op), a{2});
  elseif (strcmp (op, "uminus"))
    s = sprintf ("-%s", a{1});
  elseif (strcmp (op, "cast"))
    s = sprintf ("%s(%s)", g(r).class, a{1});
  else
    s = sprintf ("%s(%s)", op, strjoin (a, ", "));
  endif
endfunction

function s = value_str (v)
  if (ischar (v))
    s = v;
  elseif (isempty (v))
    s = "[]";
  elseif (numel (v) == 1)
    s = sprintf ("%.6g", double (v) + 0);     # + 0: no "-0"
  else
    d = double (v(:));
    s = sprintf ("%s %s, min %.4g, max %.4g, norm %.4g", dims_str (size (v)),
                 class (v), min (d), max (d), norm (d));
  endif
endfunction

## the width a UTF-8 string takes on screen: characters, combining marks
## (the bar and the dot over a name) taking none
function w = dispw (s)
  s = double (s);
  cont = s >= 128 & s < 192;
  comb = [false, (s(1:end-1) == 204 & s(2:end) >= 128) | (s(1:end-1) == 205 & s(2:end) < 176)];
  w = numel (s) - nnz (cont) - nnz (comb);
endfunction

function s = pad (s, w)
  s = [s, repmat(" ", 1, max (0, w - dispw (s)))];
endfunction

function txt = format_rows (rows)
  heads = struct ("primal", "forward primal trace", "adjoint", "reverse adjoint trace",
                  "tangent", "forward tangent trace");
  w = 4;
  e = 0;
  for k = 1:numel (rows)
    w = max (w, dispw (rows(k).name));
    e = max (e, dispw (rows(k).expr));
  endfor
  e = min (e, 40);
  txt = "";
  sec = "";
  for k = 1:numel (rows)
    r = rows(k);
    if (! strcmp (r.section, sec))
      sec = r.section;
      txt = [txt, heads.(sec), "\n"];
    endif
    line = sprintf ("  %s = %s", pad (r.name, w), pad (r.expr, e));
    if (! isempty (r.terms))
      line = [line, " = ", r.terms];
    endif
    txt = [txt, sprintf("%s = %s\n", line, value_str (r.value))];
  endfor
endfunction

## a name with a mark over its first letter: x1 -> x̄1
function s = marked (name, mark)
  s = [name(1), mark, name(2:end)];
endfunction

## ---------------------------------------------------------------- derivatives

## The values of one node's partial adjoints for seed: out{q} for the
## inputs want(q) that get one (dfg_local_vjp), computed by a plan on the
## inputs' values.
function [out, want] = local_vjp_values (t, seed, xs, vals)
  h = dfg_mex ("local_vjp", t, seed);
  got = cell (1, numel (h));
  for q = 1:numel (h)
    if (h(q) != 0)
      got{q} = dfg.Tensor (h(q));
    endif
  endfor
  want = find (! cellfun (@isempty, got));
  out = cell (1, numel (want));
  if (! isempty (want))
    f = dfg.function (xs, got(want), "passes", "none");
    [out{:}] = f (vals{:});
  endif
endfunction

## part{r}{q}: d v_r / d (its q-th input) where both are scalars, else []
function part = local_partials (g, ts, xs, vals, ops, val)
  part = cell (numel (g), 1);
  for r = ops(:)'
    part{r} = cell (1, numel (g(r).inputs));
    if (ischar (val{r}) || numel (val{r}) != 1 || islogical (val{r}) || strcmp (g(r).op, "ctrl_out"))
      continue;                   # (a loop's outputs have no rule of their own)
    endif
    [out, want] = local_vjp_values (ts{r}, cast (1, class (val{r})), xs, vals);
    for q = 1:numel (want)
      i = g(r).inputs(want(q));
      if (numel (val{i}) == 1)
        part{r}{want(q)} = double (out{q});
      endif
    endfor
  endfor
endfunction

function rows = adjoint_rows (g, ts, xs, vals, ops, order_in, label, inname, val, part, yr)
  n = numel (g);
  adj = cell (n, 1);
  terms = cell (n, 1);       # {consumer row, input position} pairs
  seed = ones (size (val{yr}), class (val{yr}));
  adj{yr} = double (seed);
  for r = flipud (ops(:))'
    if (isempty (adj{r}))
      continue;
    endif
    if (any (strcmp (g(r).op, {"loop", "cond", "ctrl_out"})))
      error ("dfg:unsupported", "dfg.trace: the reverse trace does not go through a loop or cond (dfg.grad does)");
    endif
    [out, want] = local_vjp_values (ts{r}, cast (adj{r}, class (val{r})), xs, vals);
    for q = 1:numel (want)
      i = g(r).inputs(want(q));
      if (strcmp (g(i).kind, "constant"))
        continue;
      endif
      c = double (out{q});
      if (isempty (adj{i}))
        adj{i} = c;
      else
        adj{i} = adj{i} + c;
      endif
      terms{i}(end+1, :) = [r, want(q)];
    endfor
  endfor
  bar = @(r) strrep (label{r}, "v_", "v̄_");
  rows = struct ("section", {}, "name", {}, "expr", {}, "terms", {}, "value", {});
  if (! isempty (label{yr}))
    rows(end+1) = row_ ("adjoint", bar (yr), "ȳ", "", adj{yr});
  endif
  for r = order_in(:)'
    if (isempty (adj{r}))
      adj{r} = zeros (size (val{r}));     # an input y does not read
    endif
  endfor
  for r = [flipud(ops(:)); flipud(order_in(:))]'
    if (r == yr || isempty (terms{r}))
      continue;
    endif
    tm = terms{r};
    ex = {};
    nums = {};
    for k = 1:size (tm, 1)
      c = tm(k, 1);
      ex{end+1} = sprintf ("%s ∂%s/∂%s", bar (c), label{c}, label{r});
      p = part{c}{tm(k, 2)};
      if (numel (adj{c}) == 1 && ! isempty (p))
        nums{end+1} = sprintf ("(%s)(%s)", num_str6 (adj{c}), num_str6 (p));
      endif
    endfor
    rows(end+1) = row_ ("adjoint", bar (r), strjoin (ex, " + "), terms_str (ex, nums), adj{r});
  endfor
  for r = order_in(:)'
    rows(end+1) = row_ ("adjoint", marked (inname{r}, "̄"), bar (r), "", adj{r});
  endfor
endfunction

## the partial terms written out with numbers, when every one has them
function t = terms_str (ex, nums)
  t = "";
  if (numel (nums) == numel (ex) && ! isempty (nums))
    t = strjoin (nums, " + ");
  endif
endfunction

function s = num_str6 (v)
  s = sprintf ("%.6g", v + 0);
endfunction

function rows = tangent_rows (g, y, ts, xs, vals, ops, order_in, label, inname, val, part, dx, yr)
  nin = numel (order_in);
  ngiven = numel (xs);
  if (isempty (dx))
    dx = cell (1, 0);
    if (nin)
      dx = {ones(size (val{order_in(1)}))};      # along the first input
    endif
  elseif (numel (dx) > nin || (numel (dx) != ngiven && numel (dx) != nin))
    error ("dfg:badArgument", "dfg.trace: DX must give one tangent per input (%d), not %d",
           ngiven, numel (dx));
  endif
  tan = cell (numel (g), 1);
  for q = 1:nin
    r = order_in(q);
    if (q > numel (dx))
      dx{q} = 0;                    # variables and inputs not given: zero
    endif
    if (! (isnumeric (dx{q}) || islogical (dx{q})) ||
        (! isequal (size (dx{q}), size (val{r})) && numel (dx{q}) != 1))
      error ("dfg:nonconformant", "dfg.trace: tangent %d must be a %s array (or a scalar)", q,
             dims_str (size (val{r})));
    endif
    tan{r} = double (dx{q}) .* ones (size (val{r}));
    dx{q} = tan{r};
  endfor
  ## every node's tangent at once: the derivative of each along dx
  ins = ts(order_in);
  tv = dx;
  outs = cell (1, numel (ops));
  for k = 1:numel (ops)
    if (any (strcmp (g(ops(k)).op, {"loop", "cond"})))
      outs{k} = dfg.constant (0);       # a packed buffer: its outputs carry the tangents
    else
      outs{k} = dfg.jvp (ts{ops(k)}, ins, tv);
    endif
  endfor
  if (! isempty (ops))
    f = dfg.function (xs, outs, "passes", "none");
    res = cell (1, numel (ops));
    [res{:}] = f (vals{:});
    for k = 1:numel (ops)
      tan{ops(k)} = double (res{k});
    endfor
  endif
  dot_ = @(r) strrep (label{r}, "v_", "v̇_");
  rows = struct ("section", {}, "name", {}, "expr", {}, "terms", {}, "value", {});
  for q = 1:nin
    r = order_in(q);
    rows(end+1) = row_ ("tangent", dot_ (r), marked (inname{r}, "̇"), "", tan{r});
  endfor
  for r = ops(:)'
    if (any (strcmp (g(r).op, {"loop", "cond"})))
      continue;
    endif
    ex = {};
    nums = {};
    ins_r = g(r).inputs;
    for q = 1:numel (ins_r)
      i = ins_r(q);
      if (strcmp (g(i).kind, "constant") || isempty (tan{i}))
        continue;
      endif
      ex{end+1} = sprintf ("∂%s/∂%s %s", label{r}, label{i}, dot_ (i));
      p = part{r}{q};
      if (! isempty (p) && numel (tan{i}) == 1)
        nums{end+1} = sprintf ("(%s)(%s)", num_str6 (p), num_str6 (tan{i}));
      endif
    endfor
    rows(end+1) = row_ ("tangent", dot_ (r), strjoin (ex, " + "), terms_str (ex, nums), tan{r});
  endfor
  if (isempty (tan{yr}))
    tan{yr} = zeros (size (val{yr}));     # a constant y
  endif
  if (isempty (label{yr}))
    rows(end+1) = row_ ("tangent", "ẏ", "0 (y is a constant)", "", tan{yr});
  else
    rows(end+1) = row_ ("tangent", "ẏ", dot_ (yr), "", tan{yr});
  endif
endfunction

%!test
%! ## the textbook example: f (x1, x2) = ln (x1) + x1 x2 - sin (x2) at (2, 5)
%! [s, t] = dfg.trace (@(x1, x2) log (x1) + x1 .* x2 - sin (x2), 2, 5, "reverse", "forward");
%! p = t(strcmp ({t.section}, "primal"));
%! assert ({p.name}, {"v_-1", "v_0", "v_1", "v_2", "v_3", "v_4", "v_5", "y"});
%! assert ({p.expr}, {"x1", "x2", "log(v_-1)", "v_-1 .* v_0", "sin(v_0)", "v_1 + v_2", "v_4 - v_3", "v_5"});
%! assert ([p.value], [2, 5, log(2), 10, sin(5), log(2) + 10, log(2) + 10 - sin(5), log(2) + 10 - sin(5)], 1e-15);
%! assert (round (1000 * p(end).value) / 1000, 11.652);
%! a = t(strcmp ({t.section}, "adjoint"));
%! assert ({a.name}, {"v̄_5", "v̄_4", "v̄_3", "v̄_2", "v̄_1", "v̄_0", "v̄_-1", "x̄1", "x̄2"});
%! assert ([a.value], [1, 1, -1, 1, 1, 2 - cos(5), 5.5, 5.5, 2 - cos(5)], 1e-15);
%! assert (a(6).expr, "v̄_3 ∂v_3/∂v_0 + v̄_2 ∂v_2/∂v_0");
%! assert (a(6).terms, sprintf ("(-1)(%.6g) + (1)(2)", cos (5)));
%! d = t(strcmp ({t.section}, "tangent"));
%! assert ([d.value], [1, 0, 0.5, 5, 0, 5.5, 5.5, 5.5], 1e-15);
%! assert (! isempty (strfind (s, "reverse adjoint trace")));
%!test
%! ## the seed's second example with a tensor and its input, L = exp (c) + sin (c)
%! x = dfg.input ([1 1], "double", "x");
%! a = exp (x);  c = a + a .^ 2;  L = exp (c) + sin (c);
%! [~, t] = dfg.trace (L, x, 0.3, "reverse");
%! p = t(strcmp ({t.section}, "primal"));
%! assert ({p.expr}, {"x", "exp(v_0)", "v_1 .^ 2", "v_1 + v_2", "exp(v_3)", "sin(v_3)", "v_4 + v_5", "v_6"});
%! e = exp (0.3);  cc = e + e^2;
%! g = (exp (cc) + cos (cc)) * (e + 2 * e^2);
%! a = t(strcmp ({t.section}, "adjoint"));
%! assert (a(end).value, g, 1e-12);
%!test
%! ## arrays are summarised; a variable counts as an input
%! w = dfg.variable ([1 2; 3 4], "w");
%! s = dfg.trace (@(x) sum (sum (w * x)), [1; 1]);
%! assert (! isempty (strfind (s, "2x2 double, min 1, max 4")));
%! assert (! isempty (strfind (s, "= w ")));
%!error <give each input with its value> dfg.trace (dfg.input ([1 1]), dfg.input ([1 1]))
%!error <unknown option 'backward'> dfg.trace (@(x) x, 1, "backward")
%!error <which was not given a value> x = dfg.input ([1 1], "double", "q"); dfg.trace (x + 1)
