## -*- texinfo -*-
## @deftypefn  {} {@var{res} =} dfg_fuzz ()
## @deftypefnx {} {@var{res} =} dfg_fuzz (@var{name}, @var{value}, @dots{})
## Differential fuzzer: random Octave expressions evaluated on plain arrays
## and through dfg, compared for value, class, size, errors and gradients.
##
## Each case is a short statement list over variables @code{x1},
## @code{x2}, @dots{} of random class (double, single, logical) and shape
## (scalars, vectors, matrices, 3-D and empty arrays, broadcasting-
## compatible with each other), built from the documented ops
## (docs/user-guide.md).  It runs on the plain arrays (the reference) and
## in each of these modes:
##
## @table @asis
## @item @qcode{"const"}
## arguments as @code{dfg.constant}, results through @code{dfg.value};
## @item @qcode{"jit"}
## through @code{dfg.jit};
## @item @qcode{"fn"}, @qcode{"fn0"}
## @code{dfg.input}s compiled with @code{dfg.function}, graph passes on
## (the default) and off (@qcode{"passes", "none"});
## @item @qcode{"sym"}
## as @qcode{"fn"}, but the arguments with the largest number of rows (2
## or more) take it as a symbolic size (@code{dfg.input ([NaN @dots{}])},
## docs/symbolic.md): any error is accepted (a symbolic size refuses what
## needs the number), a result must be Octave's;
## @item @qcode{"grad"}
## for double cases, the gradient of @code{sum (y(:) .* W(:))} (random
## weights @code{W}) through @code{dfg.grad}, against central differences.
## @end table
##
## Values are compared bitwise (NaN positions and the sign of zero
## included) except after BLAS/LAPACK ops (a relative tolerance) and, when
## the environment variable @env{DFG_VMATH} is not @qcode{"0"}, after the
## functions dfg computes with libmvec (a few ulp).  Where Octave errors
## dfg must error with a @code{dfg:} identifier; where Octave returns a
## complex result dfg must raise @code{dfg:complexResult}.
##
## A difference is shrunk (subtrees replaced by their operands or by
## variables holding their values, variables simplified and made smaller)
## and printed as a self-contained reproducer.  Differences matching the
## list of known differences (@code{fz_known}, in this file) are counted
## as known and not reported.
##
## Options (name/value pairs or one struct):
## @table @asis
## @item seed
## random seed (default 1);
## @item cases
## number of cases (default 100);
## @item seconds
## stop after this many seconds (default Inf);
## @item ops
## cell array of op names or group names (@qcode{"unary"},
## @qcode{"binary"}, @qcode{"reduce"}, @qcode{"shape"}, @qcode{"index"},
## @qcode{"assign"}, @qcode{"linalg"}); default all;
## @item modes
## default @code{@{"const", "jit", "fn", "fn0", "sym", "grad"@}};
## @item depth
## maximum expression depth (default 3);
## @item verbose
## 0 silent, 1 reproducers and summary (default), 2 every case;
## @item shrink
## minimise differences (default true);
## @item known
## skip the known differences (default true);
## @item lastcase
## a file written with each case before it runs (for crashes).
## @end table
##
## @var{res} has fields @code{cases}, @code{errcases} (cases where Octave
## errors), @code{gradcases}, @code{fails} (a struct array: @code{kind},
## @code{mode}, @code{code}, @code{repro}), @code{known} and @code{seconds}.
## @end deftypefn

function res = dfg_fuzz (varargin)
  opts = struct ("seed", 1, "cases", 100, "seconds", Inf, "ops", {{}}, ...
                 "modes", {{"const", "jit", "fn", "fn0", "sym", "grad"}}, ...
                 "depth", 3, "verbose", 1, "shrink", true, "known", true, ...
                 "lastcase", "");
  if (numel (varargin) == 1 && isstruct (varargin{1}))
    in = varargin{1};
    for f = fieldnames (in).'
      opts.(f{1}) = in.(f{1});
    endfor
  else
    if (mod (numel (varargin), 2))
      error ("dfg_fuzz: options come in name/value pairs");
    endif
    for k = 1:2:numel (varargin)
      if (! isfield (opts, varargin{k}))
        error ("dfg_fuzz: unknown option '%s'", varargin{k});
      endif
      opts.(varargin{k}) = varargin{k+1};
    endfor
  endif
  if (ischar (opts.ops))
    opts.ops = strsplit (opts.ops, ",");
  endif
  if (ischar (opts.modes))
    opts.modes = strsplit (opts.modes, ",");
  endif
  bad = setdiff (opts.modes, {"const", "jit", "fn", "fn0", "sym", "grad"});
  if (! isempty (bad))
    error ("dfg_fuzz: unknown mode '%s' (modes: const, jit, fn, fn0, sym, grad)", bad{1});
  endif
  vm = getenv ("DFG_VMATH");
  opts.vmath = ! (numel (vm) && vm(1) == "0");
  opts.table = fz_ops (opts.ops);

  rand ("state", opts.seed);  randn ("state", opts.seed);
  ws = warning ();
  warning ("off", "all");
  cleanup = onCleanup (@() warning (ws));

  res = struct ("cases", 0, "errcases", 0, "gradcases", 0, "known", 0, ...
                "fails", struct ("kind", {}, "mode", {}, "code", {}, ...
                                 "repro", {}, "msg", {}), "seconds", 0);
  seen = {};
  t0 = tic ();
  while (res.cases < opts.cases && toc (t0) < opts.seconds)
    C = fz_case (opts);
    res.cases++;
    code = fz_code (C);
    if (! isempty (opts.lastcase))
      fid = fopen (opts.lastcase, "w");
      fprintf (fid, "%% dfg_fuzz seed %d, case %d\n%s", opts.seed, ...
               res.cases, fz_repro (C, "const", ""));
      fclose (fid);
    endif
    if (opts.verbose > 1)
      printf ("---- case %d\n%s\n", res.cases, code);
    endif
    [D, info] = fz_check (C, opts.modes, opts);
    res.errcases += info.referr;
    res.gradcases += info.grad;
    ## one report per kind of difference, naming every mode that shows it
    kinds = unique ({D.kind});
    for q = 1:numel (kinds)
      Dq = D(strcmp ({D.kind}, kinds{q}));
      d = Dq(1);
      modes = strjoin ({Dq.mode}, ",");
      if (opts.known && fz_is_known (C, d))
        res.known++;
        continue;
      endif
      Cs = C;
      if (opts.shrink)
        Cs = fz_shrink (C, d, opts);
      endif
      key = [d.kind ":" fz_code(Cs)];
      if (any (strcmp (seen, key)))
        continue;
      endif
      seen{end+1} = key;
      if (opts.known && fz_is_known (Cs, d))
        res.known++;
        continue;
      endif
      [~, Dm] = fz_fails (Cs, d, opts);
      if (opts.known && fz_is_known (Cs, Dm))   # the shrunk case's own message
        res.known++;
        continue;
      endif
      rp = fz_repro (Cs, d.mode, Dm.msg);
      res.fails(end+1) = struct ("kind", d.kind, "mode", modes, ...
                                 "code", fz_code (Cs), "repro", rp, ...
                                 "msg", Dm.msg);
      if (opts.verbose)
        printf ("==== difference %d (seed %d, case %d): %s in mode %s\n%s\n\n", ...
                numel (res.fails), opts.seed, res.cases, d.kind, modes, rp);
      endif
    endfor
  endwhile
  res.seconds = toc (t0);
  if (opts.verbose)
    printf ("dfg_fuzz: seed %d, %d cases (%d where Octave errors, %d gradient checks), %d differences, %d known, %.1f s\n", ...
            opts.seed, res.cases, res.errcases, res.gradcases, ...
            numel (res.fails), res.known, res.seconds);
  endif
endfunction

## ---------------------------------------------------------------- known
## Known differences, skipped until the defect is fixed.  Each entry: a
## name, the mode(s) and kind it applies to (regular expressions), a
## regular expression on the case's code, and the reproducer.  Delete an
## entry when its fix lands; `make fuzz` then reports it again if not.
function K = fz_known_list ()
  K = struct ("name", {}, "mode", {}, "kind", {}, "code", {}, "msg", {}, "repro", {}, "pred", {});
  ## mode, kind, code and msg are regular expressions ("" matches anything);
  ## each entry is a documented convention or limitation, not a defect
  K(end+1) = kn ("gradient NaN or Inf where an infinite or NaN partial derivative meets a zero or tiny adjoint (0 * Inf, x .* NaN, acos (erf (6))), or at a singular matrix (docs/autodiff.md)", ...
                 "grad", "gradient value", ...
                 '(sqrt|log|log1p|log2|log10|gamma|gammaln|psi|acosh|atanh|asin|acos|atan2|norm|std|var|det|inv|pinv|lu|qr|chol|\.\\|\./|\\|/|\^ *-|\.\^|NaN|Inf)', ...
                 "dfg (NaN|-?Inf)", ...
                 "x = dfg.input ([1 2]); g = dfg.grad (sum ((2 ./ x)(2)), x); dfg.function ({x}, {g}) ([0 1])  % [NaN -2]; differences: [0 -2]");
  ## (lu and qr of a square matrix of rank n-1 are differentiable and
  ## dfg's gradient is their derivative there, tests/octave/test_grad_linalg.m;
  ## the predicate, on the case's inputs only, cannot tell those points
  ## from the ones this entry is for)
  K(end+1) = kn ("lu, qr at a rank-deficient matrix where the factors are not differentiable (a column of Q or L jumps with the sign of a zero pivot: a tall A, dependent leading columns, tied pivots), so dfg's one-sided value and central differences disagree (docs/autodiff.md)", ...
                 "grad", "gradient value", '(qr|lu) \(', "", ...
                 "x = dfg.input ([3 2]); [q, ~] = qr (x, 0); g = dfg.grad (sum (q(:) .* (1:6)'), x); f = dfg.function ({x}, {g}); f (ones (3, 2))  % dfg [1.7 1.7; -2.0 -2.0; 0.2 0.2]; central differences [-3.5 0; 4.1 0; -4.7 0], while Q(:, 2) jumps with the direction of the step", ...
                 @fz_any_singular);
  K(end+1) = kn ("least squares with a rank-deficient A: the gradient holds the rank fixed (docs/autodiff.md, pinv), differences do not", ...
                 "grad", "gradient value", '( \\ | / |pinv \()', "", ...
                 "x = dfg.input ([3 3]); g = dfg.grad (sum (x \\ [1; 2; 3]), x); dfg.function ({x}, {g}) (ones (3))");
  K(end+1) = kn ("min / max of -0 and +0: which zero Octave returns depends on its scalar or array code path", ...
                 "", "signed zero", '(min|max) \(', "", ...
                 "signbit (dfg.value (min (dfg.constant (0), dfg.constant (single (-0)))))  % Octave: true; min ([0 0], [-0 -0]): false");
  K(end+1) = kn ("Octave's diagonal-matrix type keeps the zeros off diag (v) +0 under negation; dfg's full diag gives -0 (docs/user-guide.md)", ...
                 "", "signed zero", 'diag \(', "", ...
                 "signbit (dfg.value (-diag (dfg.constant ([2 3]))))  % Octave: -diag ([2 3]) has +0 off the diagonal");
  K(end+1) = kn ("psi's derivative is Octave's psi (1, x), defined for x >= 0 only (docs/autodiff.md)", ...
                 "grad", "gradient error", 'psi \(', "polygamma", ...
                 "x = dfg.input ([1 1]); g = dfg.grad (psi (x), x); dfg.function ({x}, {g}) (-0.5)");
  K(end+1) = kn ("LAPACK results from Inf or NaN entries (least squares, inverses) are not specified", ...
                 "", "value", '( / | \\ |inv \(|pinv \(|\^ -)', "NaN|Inf", ...
                 "dfg.value (dfg.constant (1) / dfg.constant ([Inf; NaN]))  % Octave: [NaN 0]");
  K(end+1) = kn ("an empty block assigned a non-scalar X: Octave 7.3's Array<T>::assign reads past X's dimensions in its 'both empty' test and then errors or leaves the array alone, depending on that memory; the rule it means, and dfg's, is an error (tests/octave/test_parity_shape.m)", ...
                 "", "error where Octave succeeds", '\) = ', 'nonconformant arguments \(op1 is ([0-9]+x)*0(x[0-9]+)*, op2 is', ...
                 "x = zeros (2, 0); x(logical ([false true true]), logical ([]), 4) = ones (3, 4)  % Octave 7.3: x unchanged, no error");
  K(end+1) = kn ("expm, sqrtm, logm of single matrices: dfg computes them in double and rounds (docs/user-guide.md); Octave's single arithmetic loses accuracy (expm's squarings multiply its rounding), so large or ill-conditioned cases differ beyond the single tolerance", ...
                 "", "value", '(expm|sqrtm|logm) \(', "", ...
                 "M = single (magic (4)) / 4; [expm(M)(1), dfg.value(expm (dfg.constant (M)))(1), expm(double (M))(1)]  % Octave's single expm against dfg's (double, rounded) and the double value; a fuzz case with a 4x4 single of entries ~5 (x.' * flipud (x) / 5) differed by 2%", ...
                 @(vars) any (cellfun (@(v) isa (v, "single"), vars)));
  K(end+1) = kn ("cond of a single matrix with a zero singular value: Octave 7.3's cond.m returns the double Inf there (its literal), single elsewhere; dfg's class cannot depend on values: single Inf (docs/user-guide.md)", ...
                 "", "class", 'cond \(', "", ...
                 "cond (single ([1 0; 0 0]))  % Octave: double Inf; dfg: single Inf");
  K(end+1) = kn ("eigenvalues equal to rounding feeding a function that jumps there (gammaln, log, sign of a zero eigenvalue)", ...
                 "", "error where|value|no dfg", 'eig \(', "", ...
                 "[~, d] = eig (dfg.constant ([1 1; 1 1])); dfg.value (gammaln (d))");
  K(end+1) = kn ("gammainc's scaled tails: Octave 7.3's values carry errors near 1e-8 relative (its series for \"scaledlower\" at moderate a), so central differences of Octave's function are off by percents; dfg's derivatives are the analytic ones (in x: a/x - S (a/x - 1); in a: jets through the series, within 1e-13 of a quadrature)", ...
                 "grad", "gradient value", 'gammainc \(.*scaled', "", ...
                 "x = 1.3199720085303237; a = 12; h = 1e-6; (gammainc (x + h, a, \"scaledlower\") - gammainc (x - h, a, \"scaledlower\")) / (2 * h)  % 0.09654; the series of 1F1 (1; a + 1; x) gives 0.09358, dfg's gradient");
  K(end+1) = kn ("a solve with the logarithm of eye plus a low-rank matrix (the fuzzer's logm operand): the logarithm has that low rank, so the system is singular and both results are rounding noise (Octave warns: singular to machine precision)", ...
                 "", "value", '(?s)logm \(.*( \\ | / |inv \(|\^ -)', "", ...
                 "t = logm (eye (3) + [4 1 4].' * [4 1 4] / 100); t \\ [1; 0; 1]  % rank 1: Octave -3.6e14, dfg -1.1e15 (fuzz seed 701)");
  K(end+1) = kn ("interp1 \"spline\" with NaN in Y: Octave's spline.m replaces each NaN sample by a spline through the others (which ones depends on the values; with fewer than 2 left it errors: \"requires at least 2 points\", fuzz seed 802); dfg's spline is one linear map of Y fixed when the graph is built, so the NaN spreads (docs/user-guide.md)", ...
                 "", "value|success where Octave errors", 'spline', "", ...
                 "dfg.value (interp1 (dfg.constant ([1 NaN 3 4]), 1.5, \"spline\"))  % Octave: 1.5; dfg: NaN", ...
                 @(vars) any (cellfun (@(v) isfloat (v) && any (isnan (v(:))), vars)));
endfunction

## dfg:unsupported errors for what docs/user-guide.md lists as not built
function tf = fz_not_built (msg)
  tf = ! isempty (regexp (msg, ["MASK is a scalar dfg.Tensor|one-output form is supported for square" ...
                                "|is not supported|form with \\d+ outputs"], "once"));
endfunction

function tf = rx (str, pat)
  tf = isempty (pat) || ! isempty (regexp (str, pat, "once"));
endfunction

## pred (optional): a function of the case's input values that must hold too
function k = kn (name, mode, kind, code, msg, repro, pred)
  if (nargin < 7)
    pred = [];
  endif
  k = struct ("name", name, "mode", mode, "kind", kind, "code", code, ...
              "msg", msg, "repro", repro, "pred", {pred});
endfunction

## true when some input is a rank-deficient matrix (rank below its size);
## an N-d array counts as the matrix Octave's linear algebra makes of it
## (size (v, 1) x the rest: qr of a 2x1x2 array factors a 2x2 matrix)
function tf = fz_any_singular (vars)
  tf = false;
  for k = 1:numel (vars)
    v = vars{k};
    if (! ismatrix (v))
      v = reshape (v, size (v, 1), []);
    endif
    if (isfloat (v) && min (size (v)) > 1 && all (isfinite (v(:))))
      tf = tf || rank (double (v)) < min (size (v));
    endif
  endfor
endfunction

function tf = fz_is_known (C, d)
  persistent K;
  if (isempty (K))
    K = fz_known_list ();
  endif
  code = fz_code (C);
  tf = false;
  for k = 1:numel (K)
    if (rx (d.mode, K(k).mode) && rx (d.kind, K(k).kind) ...
        && rx (code, K(k).code) && rx (d.msg, K(k).msg)
        && (isempty (K(k).pred) || K(k).pred (C.vars)))
      tf = true;
      return;
    endif
  endfor
endfunction

## ---------------------------------------------------------------- ops
function T = fz_ops (sel)
  U = {"exp", "log", "log1p", "expm1", "log2", "log10", "sqrt", "abs", ...
       "sign", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", ...
       "tanh", "asinh", "acosh", "atanh", "floor", "ceil", "round", "fix", ...
       "erf", "erfc", "gamma", "gammaln", "psi", "uminus", "uplus", "not", ...
       "isnan", "isinf", "isfinite", "real", "imag", "conj", "nnz", ...
       "deg2rad", "rad2deg", "range", "trapz", "cumtrapz", ...
       "cbrt", "erfinv", "erfcinv", "nthroot", ...
       "transpose", "ctranspose", "double", "single", "logical", "cast"};
  B = {"plus", "minus", "times", "rdivide", "ldivide", "power", "eq", "ne", ...
       "lt", "le", "gt", "ge", "and", "or", "xor", "atan2", "hypot", "mod", ...
       "rem", "max2", "min2", "merge", "mtimes", "kron", "dot", "linspace", "gammainc", "betainc"};
  R = {"sum", "sumsq", "prod", "mean", "max", "min", "any", "all", "maxi", "mini", ...
       "cumsum", "cumprod", "norm", "var", "std", "trace", "sort", "sorti", ...
       "cummax", "cummin", "cummaxi", "cummini", "median", ...
       "diff", "vecnorm", "mode", "modef", "conv", "conv2", "filter", "filtersf"};
  S = {"reshape", "permute", "ipermute", "squeeze", "repmat", "cat", ...
       "horzcat", "vertcat", "brackets", "flip", "fliplr", "flipud", ...
       "circshift", "diag", "tril", "triu", "colon"};
  I = {"index"};
  A = {"assign", "delete", "maskassign"};
  L = {"mldivide", "mrdivide", "mpower", "inv", "det", "chol", "lu", "qr", ...
       "eig", "svd", "pinv", ...
       "svd3", "qr1", "eigg", "eigc", "expm", "sqrtm", "logm", "cond", "rank", "pinvtol", ...
       "fsolve", "argmin", "logmi", "ode45", "ode23", "integral"};
  P = {"interp1", "interp1x", "meshgrid", "ndgrid", "accumarray", "polyfit", "histc", ...
       "interp1t", "lookup"};
  groups = struct ("unary", {U}, "binary", {B}, "reduce", {R}, "shape", {S}, ...
                   "index", {I}, "assign", {A}, "linalg", {L}, "interp", {P});
  W = struct ("unary", 3, "binary", 4, "reduce", 3, "shape", 3, "index", 3, ...
              "assign", 2, "linalg", 1.5, "interp", 1.5);
  T = struct ("name", {}, "group", {}, "w", {});
  for g = fieldnames (groups).'
    ops = groups.(g{1});
    for k = 1:numel (ops)
      if (isempty (sel) || any (strcmp (sel, ops{k})) || any (strcmp (sel, g{1})))
        T(end+1) = struct ("name", ops{k}, "group", g{1}, ...
                           "w", W.(g{1}) / numel (ops));
      endif
    endfor
  endfor
  if (isempty (T))
    error ("dfg_fuzz: no op selected");
  endif
endfunction

## ---------------------------------------------------------------- cases
## A case: C.vars (cell of plain arrays), C.tree (node), C.W (weights or []).
## A node: kind "var" (idx), "lit" (txt), "op" (op, tpl, stmt, kids).
function C = fz_case (opts)
  for attempt = 1:20
    G.vars = {};
    G.err = false;
    G.opts = opts;
    [node, G] = fz_gen (G, 1 + randi (opts.depth));
    if (! strcmp (node.kind, "op") || isempty (G.vars))
      continue;
    endif
    C = struct ("vars", {G.vars}, "tree", node);
    C = fz_prune (C);
    if (! isempty (C.vars))
      return;
    endif
  endfor
  C = struct ("vars", {{randn(2)}}, "tree", fz_opnode ("exp", "exp ($1)", false, {fz_var(1)}));
endfunction

function n = fz_var (k)
  n = struct ("kind", "var", "idx", k, "txt", "", "op", "", "tpl", "", ...
              "stmt", false, "kids", {{}});
endfunction

function n = fz_lit (txt)
  n = struct ("kind", "lit", "idx", 0, "txt", txt, "op", "", "tpl", "", ...
              "stmt", false, "kids", {{}});
endfunction

function n = fz_opnode (op, tpl, stmt, kids)
  n = struct ("kind", "op", "idx", 0, "txt", "", "op", op, "tpl", tpl, ...
              "stmt", stmt, "kids", {kids});
endfunction

function s = fz_randsize ()
  r = rand ();
  if (r < 0.07)
    s = 0;
  elseif (r < 0.2)
    s = 1;
  else
    s = randi ([2 4]);
  endif
endfunction

function sz = fz_randshape ()
  r = rand ();
  if (r < 0.15)
    sz = [1 1];
  elseif (r < 0.3)
    sz = [1 fz_randsize()];
  elseif (r < 0.45)
    sz = [fz_randsize() 1];
  elseif (r < 0.82)
    sz = [fz_randsize() fz_randsize()];
  else
    sz = [fz_randsize() fz_randsize() randi([2 3])];
  endif
endfunction

## a shape that broadcasts with sz
function s2 = fz_compat (sz)
  s2 = sz;
  for d = 1:numel (sz)
    r = rand ();
    if (sz(d) == 1 && r < 0.3)
      s2(d) = randi ([2 3]);
    elseif (r < 0.3)
      s2(d) = 1;
    endif
  endfor
  if (rand () < 0.1)
    s2 = [1 1];
  endif
  while (numel (s2) > 2 && s2(end) == 1)
    s2(end) = [];
  endwhile
endfunction

function cls = fz_randclass ()
  r = rand ();
  if (r < 0.62)
    cls = "double";
  elseif (r < 0.85)
    cls = "single";
  else
    cls = "logical";
  endif
endfunction

function v = fz_randval (sz, cls)
  if (strcmp (cls, "logical"))
    v = rand (sz) > 0.5;
    return;
  endif
  r = rand ();
  if (r < 0.4)
    v = 2 * randn (sz);
  elseif (r < 0.55)
    v = randi ([-3 3], sz);
  elseif (r < 0.75)
    v = 0.1 + 3 * rand (sz);
  elseif (r < 0.85)
    v = round (4 * randn (sz)) / 2;
  else
    v = 2 * randn (sz);
    sp = [0, -0, NaN, Inf, -Inf, 1, -1, 0.5];
    m = rand (sz) < 0.3;
    v(m) = sp(randi (numel (sp), nnz (m), 1));
  endif
  v = cast (v, cls);
endfunction

## interpolation, fitting and assembly (issue 22): $1 is y, xi, a grid
## vector, accumarray's vals, polyfit's y or histc's x; the other
## arguments are plain literals made to fit va (the forms where Octave
## 7.3's own m-files fail on valid input are not drawn: see
## tests/octave/test_parity_interp.m)
function n = fz_interp_node (op, va, a)
  sz = size (va);
  N = numel (va);
  lit = @(v) mat2str (v, 4);
  switch (op)
    case "interp1"
      ## y-only form: x = 1:numel (y) for a vector, 1:rows (y) for an array
      meths = {"linear", "nearest", "previous", "next", "pchip", "spline"};
      if (islogical (va))
        meths = {"linear", "pchip", "spline"};
      endif
      ny = ifelse_ (isvector (va), N, sz(1));
      xi = round ((ny + 1) * rand (1, randi ([1 4])) * 8) / 8;
      if (rand () < 0.2)
        xi(randi (numel (xi))) = NaN;
      endif
      ex = fz_pick ({"", ", \"extrap\"", ", 0"});
      if (rand () < 0.3)
        xi = xi.';
      endif
      n = fz_opnode (op, sprintf ('interp1 ($1, %s, "%s"%s)', lit (xi), fz_pick (meths), ex), false, {a});
    case "interp1x"
      ## a tensor XI in a fixed table
      meths = {"linear", "nearest", "previous", "next", "pchip", "spline"};
      ys = {"[3 -1 2 5]", "[3 -1 2 5; 0 1 0.5 -2].'"};
      y = fz_pick (ys);
      ex = fz_pick ({"", ", \"extrap\"", ", -1"});
      if (! isvector (va) && ! isempty (va) && ! strcmp (ex, ", \"extrap\""))
        y = ys{1};
      endif
      n = fz_opnode (op, sprintf ('interp1 ([0.3 1.7 2.9 4.1], %s, $1, "%s"%s)', y, fz_pick (meths), ex), false, {a});
    case "interp1t"
      ## a tensor X made monotonic from $1 (increasing or decreasing; no
      ## repeated values but for rounding), y a literal of its length, or
      ## $1 itself as X with linear / nearest (repeated values allowed)
      meths = {"linear", "nearest", "previous", "next", "pchip", "spline", "*linear", "*nearest"};
      ex = fz_pick ({"", ", \"extrap\"", ", -1", ", \"left\"", ", \"right\""});
      if (N < 2)
        n = fz_opnode (op, sprintf ('interp1 ([1 2], [3 4], $1, "%s"%s)', fz_pick (meths), ex), false, {a});
      else
        xi = lit (round (randn (1, randi ([1 5])) * 8) / 2);
        nc = 1 + (rand () < 0.3);
        if (rand () < 0.3)
          ## (one point past the others: Octave's interp1 fails when all
          ## are equal, where dfg gives NaN)
          x = ifelse_ (islogical (va), "double ([$1(:); 2])", "[$1(:); max($1(:)) + 1]");
          meths = {"linear", "nearest"};
          N++;
        else
          x = fz_pick ({"cumsum (abs ($1(:)) + 0.5)", "-cumsum (abs ($1(:)) + 0.5)"});
        endif
        y = lit (round (randn (N, nc) * 8) / 4);
        n = fz_opnode (op, sprintf ('interp1 (%s, %s, %s, "%s"%s)', x, y, xi, fz_pick (meths), ex), false, {a});
      endif
    case "lookup"
      ## $1 as the queries (a sorted literal table, either direction) or
      ## as the table (sorted)
      o = fz_pick ({"", ", \"m\"", ", \"b\"", ", \"lr\"", ", \"l\"", ", \"r\""});
      v = ifelse_ (islogical (va), "double ($1)", "$1");
      if (rand () < 0.6)
        t = sort (round (randn (1, randi ([0 6])) * 4) / 2);
        if (rand () < 0.3)
          t = fliplr (t);
        endif
        n = fz_opnode (op, sprintf ("lookup (%s, %s%s)", lit (t), v, o), false, {a});
      else
        n = fz_opnode (op, sprintf ("lookup (sort (%s(:)), %s%s)", v, lit (round (randn (2, 3) * 4) / 2), o), false, {a});
      endif
    case "meshgrid"
      if (N == 0)
        n = fz_opnode (op, "meshgrid ($1(:), [2 3])", false, {a});
      elseif (rand () < 0.5)
        n = fz_opnode (op, "[~, $T] = meshgrid ([1 2 3], $1(:));", true, {a});
      else
        n = fz_opnode (op, "[~, ~, $T] = meshgrid ($1(:), [0.5 1], [1 2 3]);", true, {a});
      endif
    case "ndgrid"
      if (rand () < 0.5)
        n = fz_opnode (op, "ndgrid ($1(:), [1 2 3])", false, {a});
      else
        n = fz_opnode (op, "[~, ~, $T] = ndgrid ([2 1], [0.5 1 1.5], $1(:));", true, {a});
      endif
    case "accumarray"
      subs = randi (4, N, 1);
      r = rand ();
      if (r < 0.3)
        n = fz_opnode (op, sprintf ("accumarray (%s, $1(:))", lit (subs)), false, {a});
      elseif (r < 0.45)
        subs2 = [subs, randi(2, N, 1)];
        n = fz_opnode (op, sprintf ("accumarray (%s, $1(:), [4 2])", lit (subs2)), false, {a});
      elseif (r < 0.6)
        n = fz_opnode (op, sprintf ("accumarray (%s, $1(:), [5 1], [], %s)", lit (subs), fz_pick ({"2", "NaN", "0"})), false, {a});
      else
        f = fz_pick ({"@max", "@min"});
        v = ifelse_ (islogical (va), "double ($1(:))", "$1(:)");
        n = fz_opnode (op, sprintf ("accumarray (%s, %s, [5 1], %s%s)", lit (subs), v, f, fz_pick ({"", ", 0", ", 7"})), false, {a});
      endif
    case "polyfit"
      x = linspace (-1, 2, N) + 0.1 * (1:N) .^ 2 / max (N, 1);
      d = randi ([0 max(0, min (3, N - 1))]);
      n = fz_opnode (op, sprintf ("polyfit (%s, $1(:), %d)", lit (x), d), false, {a});
    case "histc"
      ## (Octave's histc fails for 3-D x with <= 3 edges, and for logical
      ## x with > 3, which its lookup refuses)
      ne = randi ([1 6]);
      x = "$1";
      if (ndims (va) > 2)
        ne = max (ne, 4);
        if (islogical (va))
          x = "double ($1)";
        endif
      elseif (islogical (va))
        ne = min (ne, 3);
      endif
      e = sort (round (8 * randn (1, ne)) / 2);
      if (! isvector (va) && ndims (va) == 2 && rand () < 0.5)
        n = fz_opnode (op, sprintf ("histc (%s, %s, %d)", x, lit (e), randi (2)), false, {a});
      else
        n = fz_opnode (op, sprintf ("histc (%s, %s)", x, lit (e)), false, {a});
      endif
  endswitch
endfunction

function [n, G] = fz_newvar (G, sz, cls)
  if (nargin < 3)
    cls = fz_randclass ();
  endif
  G.vars{end+1} = fz_randval (sz, cls);
  n = fz_var (numel (G.vars));
endfunction

function n = fz_randlit ()
  c = {"2", "0.5", "(-1)", "3", "0", "1.5", "(-2.5)", "NaN", "Inf", ...
       "single (2)", "true", "1e-3"};
  w = [3 2 2 2 1 2 1 0.3 0.3 1 0.5 0.5];
  n = fz_lit (c{fz_pickw(w)});
endfunction

function k = fz_pickw (w)
  c = cumsum (w(:)) / sum (w);
  k = find (rand () <= c, 1);
  if (isempty (k))
    k = numel (w);
  endif
endfunction

function x = fz_pick (c)
  x = c{randi (numel (c))};
endfunction

function [n, G] = fz_leaf (G)
  if (rand () < 0.12)
    n = fz_randlit ();
  elseif (! isempty (G.vars) && rand () < 0.3)
    n = fz_var (randi (numel (G.vars)));
  else
    [n, G] = fz_newvar (G, fz_randshape ());
  endif
endfunction

## value of a node on the plain variables: [ok, v, msg]
function [ok, v, msg] = fz_plain (node, vars)
  C = struct ("vars", {vars}, "tree", node);
  fz_trace (C);
  try
    v = fz_exec (fz_code (C), vars{:});
    ok = true;  msg = "";
  catch e
    ok = false;  v = [];  msg = e.message;
  end_try_catch
endfunction

## With DFG_FUZZ_TRACE=FILE, the code and inputs Octave is about to run
## while a case is generated (so a hang inside Octave itself, as LAPACK's
## sbdsqr in pinv of some single matrices, leaves its input behind).
function fz_trace (C)
  persistent file;
  if (isempty (file))
    file = getenv ("DFG_FUZZ_TRACE");
    if (isempty (file))
      file = false;
    endif
  endif
  if (ischar (file))
    fid = fopen (file, "w");
    for k = 1:numel (C.vars)
      v = C.vars{k};
      fprintf (fid, "x%d = reshape (%s, %s);\n", k, mat2str (v(:).', 17, "class"), ...
               mat2str (size (v)));
    endfor
    fprintf (fid, "%s\n", fz_code (C));
    fclose (fid);
  endif
endfunction

function [n, G] = fz_gen (G, depth)
  if (depth <= 0 || G.err)
    [n, G] = fz_leaf (G);
    return;
  endif
  T = G.opts.table;
  for attempt = 1:6
    op = T(fz_pickw ([T.w]));
    G0 = G;
    [n, G] = fz_make (op.name, G, depth);
    if (G.err)
      return;
    endif
    [ok, v] = fz_plain (n, G.vars);
    if (ok && (isnumeric (v) || islogical (v)) && numel (v) <= 400)
      return;
    elseif (! ok && rand () < 0.08)
      G.err = true;      # keep one case where Octave errors
      return;
    endif
    G = G0;
  endfor
  [n, G] = fz_leaf (G);
endfunction

## the value of a freshly generated kid (for shape decisions)
function [n, v, G] = fz_kid (G, depth)
  [n, G] = fz_gen (G, depth - 1);
  [ok, v] = fz_plain (n, G.vars);
  if (! ok)
    v = [];
  endif
endfunction

## a second operand for a binary op with a first operand of size sz
function [n, G] = fz_other (G, depth, sz)
  r = rand ();
  if (r < 0.55)
    [n, G] = fz_newvar (G, fz_compat (sz));
  elseif (r < 0.75)
    n = fz_randlit ();
  else
    [n, G] = fz_gen (G, depth - 1);
  endif
endfunction

## a parameter of gammainc / betainc: a constant from consts, or (half the
## time) c + k * abs (e) ./ (1 + abs (e)) for an expression e (operand
## $slot) of a size compatible with sz, c > 0 (p.kids: {} or {e})
function [p, G] = fz_param (G, depth, sz, consts, slot)
  p = struct ("txt", fz_pick (consts), "kids", {{}});
  if (rand () < 0.5)
    [e, G] = fz_other (G, depth, sz);
    p.txt = sprintf ("%s + %s * abs ($%d) ./ (1 + abs ($%d))", fz_pick ({"0.5", "1", "2.5", "12"}), ...
                     fz_pick ({"1", "4"}), slot, slot);
    p.kids = {e};
  endif
endfunction

function [n, G] = fz_make (op, G, depth)
  persistent infix = struct ("plus", "+", "minus", "-", "times", ".*", ...
                             "rdivide", "./", "ldivide", ".\\", "power", ".^", ...
                             "eq", "==", "ne", "~=", "lt", "<", "le", "<=", ...
                             "gt", ">", "ge", ">=", "and", "&", "or", "|");
  [a, va, G] = fz_kid (G, depth);
  if (G.err)
    n = a;
    return;
  endif
  sz = size (va);
  nd = ndims (va);
  ## Octave's own pinv never returns for some single matrices with an Inf
  ## (LAPACK's sbdsqr loops: pinv (single ([-Inf 2 0.6; -2.6 2.3 -0.4;
  ## -0.4 -2 -0.4])) hangs Octave 7.3; dfg's gives NaN): never ask it
  ## (and Octave 7.3's expm: xGEBAL's scaling loops for ever on some
  ## matrices with an Inf; dfg's expm gives NaN for every Inf there; and
  ## its logm: the complex Schur form, LAPACK's cgees, loops for ever on
  ## single ([1 0 NaN 0; 0 1 NaN 0; NaN NaN NaN NaN; 0 0 NaN 1]), where
  ## dfg's logm gives NaN: fuzz seed 2201; sqrtm takes the same Schur form)
  if (any (strcmp (op, {"pinv", "pinvtol", "expm", "sqrtm", "logm", "logmi"})) && isfloat (va) ...
      && ! all (isfinite (va(:))))
    op = "abs";
  endif
  switch (op)
    case {"exp", "log", "log1p", "expm1", "log2", "log10", "sqrt", "abs", ...
          "sign", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", ...
          "cosh", "tanh", "asinh", "acosh", "atanh", "floor", "ceil", ...
          "round", "fix", "erf", "erfc", "gamma", "gammaln", "psi", ...
          "double", "single", "logical", "squeeze", "fliplr", "flipud", ...
          "inv", "det", "svd", "pinv", "trace", "isnan", "isinf", "isfinite", ...
          "real", "imag", "conj", "nnz", "deg2rad", "rad2deg", "range", "trapz", "cumtrapz", ...
          "cbrt", "erfinv", "erfcinv"}
      n = fz_opnode (op, [op " ($1)"], false, {a});
    case "nthroot"
      n = fz_opnode (op, sprintf ("nthroot ($1, %d)", fz_pick ({3, -3, 5, -5, 1, 7})), false, {a});
    case "diff"
      r = rand ();
      if (r < 0.3)
        n = fz_opnode (op, "diff ($1)", false, {a});
      elseif (r < 0.6)
        n = fz_opnode (op, sprintf ("diff ($1, %d)", randi ([0 4])), false, {a});
      else
        n = fz_opnode (op, sprintf ("diff ($1, %d, %d)", randi ([0 3]), randi (nd)), false, {a});
      endif
    case "vecnorm"
      p = fz_pick ({"1", "2", "Inf", "3", "0.5", "4"});
      if (rand () < 0.35)
        n = fz_opnode (op, sprintf ("vecnorm ($1, %s)", p), false, {a});
      else
        n = fz_opnode (op, sprintf ("vecnorm ($1, %s, %d)", p, randi (nd + 1)), false, {a});
      endif
    case {"mode", "modef"}
      dim = "";
      if (rand () < 0.6)
        dim = sprintf (", %d", randi (nd + 1));
      endif
      if (strcmp (op, "mode"))
        n = fz_opnode (op, sprintf ("mode ($1%s)", dim), false, {a});
      else
        n = fz_opnode (op, sprintf ("[~, $T] = mode ($1%s);", dim), true, {a});
      endif
    case "uminus"
      n = fz_opnode (op, "(-$1)", false, {a});
    case "uplus"
      n = fz_opnode (op, "(+$1)", false, {a});
    case "not"
      n = fz_opnode (op, "(~$1)", false, {a});
    case "transpose"
      n = fz_opnode (op, "$1.'", true, {a});
      n.tpl = "$T = $1.';";
    case "ctranspose"
      n = fz_opnode (op, "$T = $1';", true, {a});
    case "cast"
      n = fz_opnode (op, sprintf ('cast ($1, "%s")', fz_randclass ()), false, {a});
    case fieldnames (infix).'
      [b, G] = fz_other (G, depth, sz);
      n = fz_opnode (op, ["($1 " infix.(op) " $2)"], false, {a, b});
    case {"xor", "atan2", "hypot", "mod", "rem", "max2", "min2", "kron"}
      [b, G] = fz_other (G, depth, sz);
      f = op;
      if (any (strcmp (op, {"max2", "min2"})))
        f = op(1:3);
      endif
      n = fz_opnode (op, [f " ($1, $2)"], false, {a, b});
    case "fsolve"
      ## implicit functions (docs/implicit.md): x.^3 + x = a has one real
      ## root for every a, Newton's method from 0 finds it; the same code on
      ## plain arrays runs the same steps (plain results).  $1 once (nested
      ## cases would double in size), x0 of its class: a single residual
      ## has a root to single precision only (fuzz seeds 805, 806)
      n = fz_opnode (op, "feval (@(a) dfg.fsolve (@(x) x.^3 + x - a, zeros (size (a), class (a + 0)), optimset (\"TolFun\", 1e-13)), $1)", false, {a});
    case {"ode45", "ode23"}
      ## dfg.ode45 / dfg.ode23 (docs/ode.md) against Octave's solvers: the
      ## same steps (fz_ode.m: a linear system whose rates come from $1)
      n = fz_opnode (op, sprintf ("fz_ode ($1, %d)", 2 * (op(end) == "5") + 3), false, {a});
    case "argmin"
      ## the minimiser of sum (cosh (x - a) + x.^2 / 2): cosh is convex
      n = fz_opnode (op, "feval (@(a) dfg.argmin (@(x) sum (cosh (x(:) - a(:)) + x(:).^2 / 2), zeros (size (a), class (a + 0)), optimset (\"TolFun\", 1e-13)), $1)", false, {a});
    case "integral"
      ## dfg.integral (docs/integral.md): a smooth integrand and an upper
      ## limit that read $1 (once, through an anonymous function), f in
      ## double; tolerances it meets, so central differences see no
      ## change of subdivision; or a decaying integrand over the line
      n = fz_opnode (op, fz_pick ({"feval (@(a) dfg.integral (@(t) cos (t * double (tanh (sum (a(:))))) + t.^2, 0, 1 + double (tanh (sum (a(:)))).^2, \"AbsTol\", 1e-12, \"RelTol\", 1e-12), $1)", ...
                                   "feval (@(a) dfg.integral (@(t) exp (-(1 + double (tanh (sum (a(:)))).^2) * t.^2), -Inf, Inf, \"AbsTol\", 1e-12, \"RelTol\", 1e-12), $1)"}), false, {a});
    case "linspace"
      [b, G] = fz_other (G, depth, sz);
      n = fz_opnode (op, sprintf ("linspace ($1(1), $2(end), %d)", randi ([0 7])), false, {a, b});
    case "betainc"
      ## x mapped into [0, 1] element-wise; a and b constants or expressions
      ## mapped into [c, c + k] (so the grad mode differentiates in them)
      t = fz_pick ({"", ', "upper"', ', "lower"'});
      [pa, G] = fz_param (G, depth, sz, {"0.5", "1", "2", "3.5", "20"}, 2);
      [pb, G] = fz_param (G, depth, sz, {"0.7", "1", "2.5", "6"}, 2 + numel (pa.kids));
      n = fz_opnode (op, sprintf ("betainc (abs ($1) ./ (1 + abs ($1)), %s, %s%s)", pa.txt, pb.txt, t), ...
                     false, [{a}, pa.kids, pb.kids]);
    case "gammainc"
      ## a a constant or an expression mapped into [c, c + k], as for betainc
      t = fz_pick ({"", ', "upper"', ', "scaledlower"', ', "scaledupper"', ', "lower"'});
      [pa, G] = fz_param (G, depth, sz, {"0", "0.5", "1", "1.5", "3", "12", "25"}, 2);
      n = fz_opnode (op, sprintf ("gammainc (abs ($1), %s%s)", pa.txt, t), false, [{a}, pa.kids]);
    case "dot"
      [b, G] = fz_newvar (G, sz);
      if (rand () < 0.5)
        n = fz_opnode (op, "dot ($1, $2)", false, {a, b});
      else
        n = fz_opnode (op, sprintf ("dot ($1, $2, %d)", randi (3)), false, {a, b});
      endif
    case "merge"
      [b, G] = fz_other (G, depth, sz);
      if (rand () < 0.5)
        [c, G] = fz_newvar (G, sz);
      else
        c = fz_randlit ();
      endif
      n = fz_opnode (op, "merge ($1 > 0, $2, $3)", false, {a, b, c});
    case "mtimes"
      if (rand () < 0.15)
        b = fz_randlit ();
      else
        [b, G] = fz_newvar (G, [sz(2) randi([0 3])]);
      endif
      n = fz_opnode (op, "($1 * $2)", false, {a, b});
    case "mldivide"
      [b, G] = fz_newvar (G, [sz(1) randi([1 3])]);
      n = fz_opnode (op, "($1 \\ $2)", false, {a, b});
    case "mrdivide"
      [b, G] = fz_newvar (G, [randi([1 3]) sz(2)]);
      n = fz_opnode (op, "($2 / $1)", false, {a, b});
    case "mpower"
      n = fz_opnode (op, sprintf ("($1 ^ %d)", randi ([-1 3])), false, {a});
    case {"sum", "sumsq", "prod", "mean", "any", "all", "cumsum", "cumprod", "max", "min"}
      r = rand ();
      if (r < 0.35)
        n = fz_opnode (op, [op " ($1)"], false, {a});
      else
        d = randi (nd + 1);
        if (any (strcmp (op, {"max", "min"})))
          n = fz_opnode (op, sprintf ("%s ($1, [], %d)", op, d), false, {a});
        else
          n = fz_opnode (op, sprintf ("%s ($1, %d)", op, d), false, {a});
        endif
      endif
    case {"sort", "sorti"}
      mode = fz_pick ({"", ", \"ascend\"", ", \"descend\""});
      dim = "";
      if (rand () < 0.6)
        dim = sprintf (", %d", randi (nd));
      endif
      if (strcmp (op, "sort"))
        n = fz_opnode (op, sprintf ("sort ($1%s%s)", dim, mode), false, {a});
      else
        n = fz_opnode (op, sprintf ("[~, $T] = sort ($1%s%s);", dim, mode), true, {a});
      endif
    case "conv"
      ## signal processing (issue 22): a vector, or a matrix (both refuse)
      if (rand () < 0.6)
        a = fz_opnode ("colon", "$1(:).'", false, {a});
      endif
      [b, G] = fz_newvar (G, fz_pick ({[1 randi(4)], [randi(4) 1], [1 1]}));
      shape = fz_pick ({"", ", \"full\"", ", \"same\"", ", \"valid\""});
      if (rand () < 0.15)
        ## a char operand: Octave converts it beside a single one, else errors
        n = fz_opnode (op, sprintf ("conv ($1, \"%s\"%s)", fz_pick ({"a", "ab", "abc"}), shape), false, {a});
      elseif (rand () < 0.5)
        n = fz_opnode (op, sprintf ("conv ($1, $2%s)", shape), false, {a, b});
      else
        n = fz_opnode (op, sprintf ("conv ($2, $1%s)", shape), false, {a, b});
      endif
    case "conv2"
      shape = fz_pick ({"", ", \"full\"", ", \"same\"", ", \"valid\""});
      if (rand () < 0.6)
        [b, G] = fz_newvar (G, [randi([0 3]) randi([1 3])]);
        n = fz_opnode (op, sprintf ("conv2 ($1, $2%s)", shape), false, {a, b});
      else
        [b, G] = fz_newvar (G, fz_pick ({[1 randi(3)], [randi(3) 1]}));
        [c, G] = fz_newvar (G, fz_pick ({[1 randi(3)], [randi(3) 1]}));
        n = fz_opnode (op, sprintf ("conv2 ($2, $3, $1%s)", shape), false, {a, b, c});
      endif
    case {"filter", "filtersf"}
      [b, G] = fz_newvar (G, [1 randi(3)]);
      c = fz_lit (fz_pick ({"1", "[2 -0.5]", "[1.5 0.3 -0.2]", "single ([1 0.4])"}));
      dim = "";
      if (rand () < 0.5)
        dim = sprintf (", [], %d", randi (nd));
      endif
      if (strcmp (op, "filter"))
        n = fz_opnode (op, sprintf ("filter ($2, $3, $1%s)", dim), false, {a, b, c});
      else
        n = fz_opnode (op, sprintf ("[~, $T] = filter ($2, $3, $1%s);", dim), true, {a, b, c});
      endif
    case {"cummax", "cummin", "median"}
      if (rand () < 0.35)
        n = fz_opnode (op, [op " ($1)"], false, {a});
      else
        n = fz_opnode (op, sprintf ("%s ($1, %d)", op, randi (nd + 1)), false, {a});
      endif
    case {"cummaxi", "cummini"}
      f = op(1:6);
      if (rand () < 0.35)
        n = fz_opnode (op, sprintf ("[~, $T] = %s ($1);", f), true, {a});
      else
        n = fz_opnode (op, sprintf ("[~, $T] = %s ($1, %d);", f, randi (nd + 1)), true, {a});
      endif
    case {"maxi", "mini"}
      f = op(1:3);
      if (rand () < 0.35)
        n = fz_opnode (op, sprintf ("[~, $T] = %s ($1);", f), true, {a});
      else
        n = fz_opnode (op, sprintf ("[~, $T] = %s ($1, [], %d);", f, randi (nd + 1)), true, {a});
      endif
    case "norm"
      if (isvector (va) || rand () < 0.2)
        p = fz_pick ({"1", "2", "Inf", "-Inf", "3", "0.5", '"fro"', ""});
      else
        p = fz_pick ({"1", "2", "Inf", '"fro"', ""});
      endif
      if (isempty (p))
        n = fz_opnode (op, "norm ($1)", false, {a});
      else
        n = fz_opnode (op, ["norm ($1, " p ")"], false, {a});
      endif
    case {"var", "std"}
      r = rand ();
      if (r < 0.3)
        n = fz_opnode (op, [op " ($1)"], false, {a});
      elseif (r < 0.5)
        n = fz_opnode (op, sprintf ("%s ($1, %d)", op, randi ([0 1])), false, {a});
      else
        n = fz_opnode (op, sprintf ("%s ($1, %d, %d)", op, randi ([0 1]), randi (nd + 1)), false, {a});
      endif
    case "reshape"
      m = numel (va);
      f = factor (max (m, 1));
      if (m <= 1)
        f = [];
      endif
      dims = ones (1, randi ([2 3]));
      for k = 1:numel (f)
        j = randi (numel (dims));
        dims(j) *= f(k);
      endfor
      if (m == 0)
        dims(randi (numel (dims))) = 0;
      endif
      if (rand () < 0.3)
        j = randi (numel (dims));
        s = arrayfun (@(x) sprintf ("%d", x), dims, "uniformoutput", false);
        s{j} = "[]";
        n = fz_opnode (op, ["reshape ($1, " strjoin(s, ", ") ")"], false, {a});
      else
        n = fz_opnode (op, ["reshape ($1, " mat2str(dims) ")"], false, {a});
      endif
    case {"permute", "ipermute"}
      p = randperm (max (nd, randi ([2 4])));
      n = fz_opnode (op, sprintf ("%s ($1, %s)", op, mat2str (p)), false, {a});
    case "repmat"
      if (rand () < 0.5)
        n = fz_opnode (op, sprintf ("repmat ($1, %d, %d)", randi ([0 2]), randi ([1 2])), false, {a});
      else
        n = fz_opnode (op, sprintf ("repmat ($1, %s)", mat2str (randi ([1 2], 1, randi ([1 3])))), false, {a});
      endif
    case {"cat", "horzcat", "vertcat", "brackets"}
      switch (op)
        case "horzcat", d = 2;
        case "vertcat", d = 1;
        case "brackets", d = randi (2);
        otherwise, d = randi (3);
      endswitch
      s2 = [sz ones(1, 3)];
      s2(d) = randi ([0 3]);
      if (rand () < 0.1)
        s2 = zeros (1, max (nd, 3));
      endif
      [b, G] = fz_newvar (G, s2(1:max (nd, d)));
      switch (op)
        case "cat", tpl = sprintf ("cat (%d, $1, $2)", d);
        case "brackets"
          if (d == 1) tpl = "[($1); ($2)]"; else tpl = "[($1), ($2)]"; endif
        otherwise, tpl = [op " ($1, $2)"];
      endswitch
      n = fz_opnode (op, tpl, false, {a, b});
    case "flip"
      if (rand () < 0.4)
        n = fz_opnode (op, "flip ($1)", false, {a});
      else
        n = fz_opnode (op, sprintf ("flip ($1, %d)", randi (nd + 1)), false, {a});
      endif
    case "circshift"
      if (rand () < 0.4)
        n = fz_opnode (op, sprintf ("circshift ($1, %d)", randi ([-3 3])), false, {a});
      else
        n = fz_opnode (op, sprintf ("circshift ($1, %d, %d)", randi ([-3 3]), randi (nd)), false, {a});
      endif
    case {"diag", "tril", "triu"}
      if (rand () < 0.5)
        n = fz_opnode (op, [op " ($1)"], false, {a});
      else
        n = fz_opnode (op, sprintf ("%s ($1, %d)", op, randi ([-2 2])), false, {a});
      endif
    case "colon"
      n = fz_opnode (op, "$T = $1(:);", true, {a});
    case {"interp1", "interp1x", "meshgrid", "ndgrid", "accumarray", "polyfit", "histc", ...
          "interp1t", "lookup"}
      n = fz_interp_node (op, va, a);
    case "index"
      n = fz_opnode (op, ["$T = $1(" fz_randidx(sz, false) ");"], true, {a});
    case "assign"
      idx = fz_randidx (sz, true);
      r = rand ();
      if (r < 0.45)
        b = fz_randlit ();
      else
        z = zeros (sz);
        try
          z(eval (["{" strrep(idx, ":", "':'") "}"]){:}) = 1;
          rs = size (z(eval (["{" strrep(idx, ":", "':'") "}"]){:}));
        catch
          rs = [1 1];
        end_try_catch
        if (r < 0.85)
          [b, G] = fz_newvar (G, rs);
        else
          [b, G] = fz_gen (G, depth - 1);
        endif
      endif
      [okb, vb] = fz_plain (b, G.vars);
      if (okb && isa (vb, "double") && isequal (size (vb), [0 0]))
        b = fz_randlit ();     # = zeros (0, 0) reads as a deletion (limitations.md)
      endif
      n = fz_opnode (op, ["$T = $1; $T(" idx ") = $2;"], true, {a, b});
    case "maskassign"
      ## x(mask) = scalar with a mask computed from tensors (a merge); a
      ## plain x indexed by a tensor is refused (dfg:notTraceable)
      if (strcmp (a.kind, "lit"))
        [a, G] = fz_newvar (G, sz);
      endif
      if (rand () < 0.5)
        [m, G] = fz_newvar (G, sz);
      else
        m = a;
      endif
      if (rand () < 0.5)
        b = fz_randlit ();
      else
        [b, G] = fz_newvar (G, [1 1]);
      endif
      cmp = fz_pick ({">", "<", ">=", "!="});
      n = fz_opnode (op, sprintf ("$T = $1; $T($2 %s %s) = $3;", cmp, fz_pick ({"0", "0.5", "(-1)"})), true, {a, m, b});
    case "delete"
      k = randi (max (nd, 1));
      s = repmat ({":"}, 1, nd);
      if (rand () < 0.2)
        s = {fz_sub(numel (va), false)};
      else
        s{k} = fz_sub (sz(k), false);
      endif
      n = fz_opnode (op, ["$T = $1; $T(" strjoin(s, ", ") ") = [];"], true, {a});
    case "chol"
      n = fz_opnode (op, sprintf ("$T = chol ($1.' * $1 + %d * eye (%d));", sz(2) + 1, sz(2)), true, {a});
    case "lu"
      outs = fz_pick ({"$T", "[$T, ~]", "[~, $T]", "[~, ~, $T]", "[$T, ~, ~]", "[~, $T, ~]"});
      n = fz_opnode (op, [outs " = lu ($1);"], true, {a});
    case "qr"
      outs = fz_pick ({"[$T, ~]", "[~, $T]"});
      z = fz_pick ({"", ", 0"});
      n = fz_opnode (op, [outs " = qr ($1" z ");"], true, {a});
    case "eig"
      outs = fz_pick ({"$T", "$T", "[~, $T]"});
      n = fz_opnode (op, [outs " = eig ($1 + $1.');"], true, {a});
    ## issue 22 (i22-linalg): svd with vectors, one-output qr, eig of a
    ## matrix that is not symmetric (a real spectrum: S \ D with S SPD and D
    ## positive diagonal; or any product: complex spectra must be
    ## dfg:complexResult), the matrix functions, cond, rank, pinv (A, tol)
    case "svd3"
      ## S, or U S V' of the economy SVD: singular vectors are not unique
      ## where singular values repeat (a rank-deficient operand from an
      ## earlier op), and rounding there decides them; the vectors
      ## themselves are in tests/octave/test_parity_linalg.m
      z = fz_pick ({"", ", 0", ', "econ"'});
      if (rand () < 0.5)
        outs = fz_pick ({"[~, $T, ~]", "[~, $T]"});
        n = fz_opnode (op, [outs " = svd ($1" z ");"], true, {a});
      else
        n = fz_opnode (op, "[U_$T, S_$T, V_$T] = svd ($1, \"econ\"); $T = U_$T * S_$T * V_$T';", true, {a});
      endif
    case "qr1"
      z = fz_pick ({"", ", 0"});
      n = fz_opnode (op, ["$T = qr ($1" z ");"], true, {a});
    case {"eigg", "eigc"}
      ## the values (as for eig above: vectors of repeated eigenvalues are
      ## not unique; they are in tests/octave/test_parity_linalg.m)
      outs = fz_pick ({"$T", "[~, $T]"});
      if (strcmp (op, "eigg"))
        m = sprintf ('(($1.'' * $1 + eye (%d)) \\ diag (1:%d))', sz(2), sz(2));
      else
        m = "($1.' * flipud ($1))";
      endif
      n = fz_opnode (op, [outs " = eig " m ";"], true, {a});
    case {"expm", "sqrtm", "logm"}
      ## sqrtm and logm away from their branch points (an eigenvalue near 0
      ## or the negative axis: there the result is ill-conditioned, and
      ## rounding, magnified by 1 / lambda, decides): eigenvalues in a disc
      ## of radius < 1 around 1 (real or complex pairs), around -1 (a
      ## complex result: dfg:complexResult), or those of S D (S SPD, D > 0)
      r = rand ();
      p = sprintf ("($1.' * flipud ($1)) / (1 + sum (abs ($1(:)))) ^ 2");
      if (strcmp (op, "expm"))
        m = sprintf ("($1.' * flipud ($1)) / %d", sz(2) + 1);
      elseif (r < 0.3)
        m = sprintf ("eye (%d) + %s", sz(2), p);
      elseif (r < 0.4)
        m = sprintf ("-eye (%d) - %s", sz(2), p);
      else
        m = sprintf ("($1.' * $1 + eye (%d)) * diag (1:%d)", sz(2), sz(2));
      endif
      n = fz_opnode (op, ["$T = " op " (" m ");"], true, {a});
    case "logmi"
      ## [s, iters] = logm (A, opt_iters): the bound on square roots (read
      ## as logm.m's loop reads any array) and the count; A as logm's
      ## operand above (iters is undefined for a diagonal A: both error)
      m = sprintf ("eye (%d) + ($1.' * flipud ($1)) / (1 + sum (abs ($1(:)))) ^ 2", sz(2));
      if (rand () < 0.5)
        m = sprintf ("($1.' * $1 + eye (%d)) * diag (1:%d)", sz(2), sz(2));
      endif
      o = fz_pick ({"", ", 100", ", 0", ", 2", ", [3 1]", ", 1.5", ", []"});
      outs = fz_pick ({"$T", "[~, $T]", "[$T, k_$T]"});
      tail = "";
      if (strcmp (outs, "[$T, k_$T]"))
        tail = " $T = $T * k_$T;";
      endif
      n = fz_opnode (op, [outs " = logm (" m o ");" tail], true, {a});
    case "cond"
      if (rand () < 0.5)
        n = fz_opnode (op, "$T = cond ($1);", true, {a});
      else
        p = fz_pick ({"1", "Inf", '"fro"', "2"});
        n = fz_opnode (op, sprintf ("$T = cond ($1.' * $1 + eye (%d), %s);", sz(2), p), true, {a});
      endif
    case "rank"
      z = fz_pick ({"", ", 0.5", ", 1e-3"});
      n = fz_opnode (op, ["$T = rank ($1" z ");"], true, {a});
    case "pinvtol"
      z = fz_pick ({"0.1", "1e-6", "2"});
      n = fz_opnode (op, ["$T = pinv ($1, " z ");"], true, {a});
    otherwise
      error ("dfg_fuzz: no generator for %s", op);
  endswitch
endfunction

## one random subscript for a dimension of extent m
function s = fz_sub (m, grow)
  r = rand ();
  top = m + grow * 2;
  if (m == 0 && ! grow)
    s = fz_pick ({":", "[]", "1:0", "1"});
    return;
  endif
  top = max (top, 1);
  if (r < 0.2)
    s = ":";
  elseif (r < 0.4)
    s = sprintf ("%d", randi (top));
  elseif (r < 0.48 && ! grow)
    s = fz_pick ({"end", "end-1", "end:-1:1", "2:end", "end+0"});
  elseif (r < 0.62)
    a = randi (top);  b = randi (top);
    s = sprintf ("%d:%d", min (a, b), max (a, b));
  elseif (r < 0.68)
    s = sprintf ("%d:%d:%d", top, -1 - (rand () < 0.3), 1);
  elseif (r < 0.82)
    s = mat2str (randi (top, 1, randi (3)));
  elseif (r < 0.95)
    s = ["logical (" mat2str(rand (1, m) > 0.5) ")"];
  elseif (r < 0.98)
    s = sprintf ("%d", m + 1);       # out of range on reading
  else
    s = fz_pick ({"0", "1.5", "[]"});
  endif
endfunction

## a random subscript list for an array of size sz
function idx = fz_randidx (sz, grow)
  r = rand ();
  if (r < 0.25)
    idx = fz_sub (prod (sz), grow);
  elseif (r < 0.85 || numel (sz) == 2)
    idx = [fz_sub(sz(1), grow) ", " fz_sub(prod (sz(2:end)), grow)];
    if (numel (sz) == 2)
      idx = [fz_sub(sz(1), grow) ", " fz_sub(sz(2), grow)];
    endif
  else
    s = arrayfun (@(m) fz_sub (m, grow), sz, "uniformoutput", false);
    idx = strjoin (s, ", ");
  endif
endfunction

## drop the variables the tree does not use, renumbering the rest
function C = fz_prune (C)
  used = false (1, numel (C.vars));
  used = fz_used (C.tree, used);
  map = cumsum (used);
  C.vars = C.vars(used);
  C.tree = fz_renum (C.tree, map);
endfunction

function used = fz_used (n, used)
  if (strcmp (n.kind, "var"))
    used(n.idx) = true;
  endif
  for k = 1:numel (n.kids)
    used = fz_used (n.kids{k}, used);
  endfor
endfunction

function n = fz_renum (n, map)
  if (strcmp (n.kind, "var"))
    n.idx = map(n.idx);
  endif
  for k = 1:numel (n.kids)
    n.kids{k} = fz_renum (n.kids{k}, map);
  endfor
endfunction

## ---------------------------------------------------------------- rendering
function code = fz_code (C)
  st = struct ("n", 0, "lines", {{}});
  [e, st] = fz_render (C.tree, st);
  code = strjoin ([st.lines, {["y = " e ";"]}], "\n");
endfunction

function [e, st] = fz_render (n, st)
  switch (n.kind)
    case "var"
      e = sprintf ("x%d", n.idx);
      return;
    case "lit"
      e = n.txt;
      return;
  endswitch
  ek = cell (1, numel (n.kids));
  for k = 1:numel (n.kids)
    [ek{k}, st] = fz_render (n.kids{k}, st);
    if (n.stmt && isempty (regexp (ek{k}, '^[xt]\d+$', "once")))
      st.n++;
      t = sprintf ("t%d", st.n);
      st.lines{end+1} = [t " = " ek{k} ";"];
      ek{k} = t;
    endif
  endfor
  e = n.tpl;
  for k = numel (n.kids):-1:1
    e = strrep (e, sprintf ("$%d", k), ek{k});
  endfor
  if (n.stmt)
    st.n++;
    t = sprintf ("t%d", st.n);
    st.lines{end+1} = strrep (e, "$T", t);
    e = t;
  endif
endfunction

function s = fz_num (x, cls)
  if (isnan (x))
    s = "NaN";
  elseif (isinf (x))
    s = ifelse_ (x > 0, "Inf", "-Inf");
  elseif (strcmp (cls, "single"))
    s = sprintf ("%.9g", x);
  else
    s = sprintf ("%.17g", x);
  endif
  if (x == 0 && signbit (x))
    s = "-0";
  endif
endfunction

function s = ifelse_ (c, a, b)
  if (c) s = a; else s = b; endif
endfunction

function s = fz_valtext (v)
  cls = class (v);
  sz = size (v);
  if (isempty (v))
    s = sprintf ("zeros (%s)", mat2str (sz));
  elseif (islogical (v))
    if (ndims (v) > 2)
      s = sprintf ("reshape (%s, %s)", mat2str (v(:).'), mat2str (sz));
    else
      s = mat2str (v);
    endif
    return;
  else
    m = reshape (v, sz(1), []);
    rows = cell (1, sz(1));
    for i = 1:sz(1)
      rows{i} = strjoin (arrayfun (@(x) fz_num (x, cls), double (m(i, :)), "uniformoutput", false), " ");
    endfor
    s = ["[" strjoin(rows, "; ") "]"];
    if (ndims (v) > 2)
      s = sprintf ("reshape (%s, %s)", s, mat2str (sz));
    endif
  endif
  if (! strcmp (cls, "double"))
    s = sprintf ("%s (%s)", cls, s);
  endif
endfunction

function r = fz_repro (C, mode, msg)
  code = fz_code (C);
  nv = numel (C.vars);
  L = {};
  for k = 1:nv
    L{end+1} = sprintf ("X%d = %s;", k, fz_valtext (C.vars{k}));
  endfor
  xs = strjoin (arrayfun (@(k) sprintf ("x%d", k), 1:nv, "uniformoutput", false), ", ");
  Xs = strjoin (arrayfun (@(k) sprintf ("X%d", k), 1:nv, "uniformoutput", false), ", ");
  plain = strjoin (arrayfun (@(k) sprintf ("x%d = X%d;", k, k), 1:nv, "uniformoutput", false), " ");
  L{end+1} = ["% Octave:  " plain];
  L{end+1} = code;
  L{end+1} = "ref = y";
  switch (mode)
    case "const"
      L{end+1} = ["% dfg:  " strjoin(arrayfun (@(k) sprintf ("x%d = dfg.constant (X%d);", k, k), 1:nv, "uniformoutput", false), " ")];
      L{end+1} = code;
      L{end+1} = "got = dfg.value (y)";
    case "sym"
      rows = cellfun (@(v) size (v, 1), C.vars);
      L{end+1} = ["% dfg:  " strjoin(arrayfun (@(k) ifelse_ (fz_symrow (rows, k), ...
                  sprintf ("x%d = dfg.input ([NaN size(X%d)(2:end)], class (X%d));", k, k, k), ...
                  sprintf ("x%d = dfg.input (size (X%d), class (X%d));", k, k, k)), 1:nv, "uniformoutput", false), " ")];
      L{end+1} = code;
      L{end+1} = sprintf ("f = dfg.function ({%s}, {y});", xs);
      L{end+1} = sprintf ("got = f (%s)", Xs);
    case {"fn", "fn0", "jit", "grad"}
      L{end+1} = ["% dfg:  " strjoin(arrayfun (@(k) sprintf ("x%d = dfg.input (size (X%d), class (X%d));", k, k, k), 1:nv, "uniformoutput", false), " ")];
      L{end+1} = code;
      pas = ifelse_ (strcmp (mode, "fn0"), ', "passes", "none"', "");
      if (strcmp (mode, "grad"))
        L{end+1} = "W = reshape (cos ((1:numel (ref)) * 1.7 + 0.3), size (ref));";
        if (nv == 1)
          L{end+1} = "g = {dfg.grad(sum (y(:) .* W(:)), x1)};";
        else
          L{end+1} = sprintf ("g = cell (1, %d); [g{:}] = dfg.grad (sum (y(:) .* W(:)), {%s});", nv, xs);
        endif
        L{end+1} = sprintf ("f = dfg.function ({%s}, g);", xs);
        L{end+1} = sprintf ("G = cell (1, %d); [G{:}] = f (%s)", nv, Xs);
        L{end+1} = "% compare with central differences of sum (y(:) .* W(:)) on plain arrays";
      else
        L{end+1} = sprintf ("f = dfg.function ({%s}, {y}%s);", xs, pas);
        L{end+1} = sprintf ("got = f (%s)", Xs);
        if (strcmp (mode, "jit"))
          L{end+1} = "% (found through dfg.jit, which traces the same code on dfg.input tensors)";
        endif
      endif
  endswitch
  if (! isempty (msg))
    L{end+1} = ["% " strrep(msg, "\n", "\n% ")];
  endif
  r = strjoin (L, "\n");
endfunction

## ---------------------------------------------------------------- checking
function names = fz_opnames (n, names)
  if (nargin < 2)
    names = {};
  endif
  if (strcmp (n.kind, "op"))
    names{end+1} = n.op;
  endif
  for k = 1:numel (n.kids)
    names = fz_opnames (n.kids{k}, names);
  endfor
endfunction

## relative tolerance for comparing the case's results (0: bitwise)
function tol = fz_tol (C, cls, opts)
  ops = fz_opnames (C.tree);
  blas = {"mtimes", "mldivide", "mrdivide", "mpower", "inv", "det", "chol", ...
          "lu", "qr", "eig", "svd", "pinv", "norm", "dot", "polyfit", ...
          "interp1", "interp1x", "accumarray", "interp1t", ...
          "svd3", "qr1", "eigg", "eigc", "expm", "sqrtm", "logm", "cond", "rank", "pinvtol", ...
       "fsolve", "argmin", "logmi", "integral"};
  vmath = {"exp", "log", "sin", "cos", "tan", "expm1", "log1p", "log2", ...
           "log10", "sinh", "cosh", "tanh", "atan", "asinh", "erf", "erfc", ...
           "var", "std", "mean"};
  tol = 0;
  sgl = strcmp (cls, "single") || any (cellfun (@(v) isa (v, "single"), C.vars));
  if (opts.vmath && any (ismember (ops, vmath(1:16))))
    tol = ifelse_ (sgl, 1e-5, 1e-13);
  endif
  ## sums in another order than Octave's (conv2's loops; filter's final
  ## state as windows of convolutions): rounding, as BLAS
  sums = {"conv", "conv2", "filtersf"};
  if (any (ismember (ops, blas)) || any (ismember (ops, sums)))
    tol = ifelse_ (sgl, 1e-3, 1e-8);
  endif
endfunction

function kind = fz_compare (R, G, tol)
  kind = "";
  if (! strcmp (class (R), class (G)))
    kind = "class";
  elseif (! isequal (size (R), size (G)))
    kind = "size";
  elseif (! (isnumeric (G) || islogical (G)) || ! isreal (G))
    kind = "value";
  elseif (tol == 0 || islogical (R))
    if (! isequaln (R, G))
      kind = "value";
    elseif (isfloat (R))
      z = (R == 0);
      if (any (signbit (R(z)) != signbit (G(z))))
        kind = "signed zero";
      endif
    endif
  else
    r = double (R(:));  g = double (G(:));
    nr = isnan (r);  ng = isnan (g);
    if (any (nr != ng))
      kind = "value";
      return;
    endif
    r = r(! nr);  g = g(! nr);
    fin = isfinite (r);
    if (any (r(! fin) != g(! fin)))
      kind = "value";
      return;
    endif
    r = r(fin);  g = g(fin);
    scale = max ([abs(r); 0]);
    if (any (! isfinite (g)) || any (abs (r - g) > tol * (abs (r) + abs (g)) + tol * scale))
      kind = "value";
    endif
  endif
endfunction

function [ok, y, msg, id] = fz_run (code, mode, vars)
  ok = true;  y = [];  msg = "";  id = "";
  nv = numel (vars);
  xs = strjoin (arrayfun (@(k) sprintf ("x%d", k), 1:nv, "uniformoutput", false), ", ");
  try
    switch (mode)
      case "plain"
        y = fz_exec (code, vars{:});
      case "const"
        X = cellfun (@(v) dfg.constant (v), vars, "uniformoutput", false);
        y = fz_exec (code, X{:});
        if (isa (y, "dfg.Tensor"))
          y = dfg.value (y);
        endif
      case "jit"
        fh = eval (sprintf ("@(%s) fz_exec (code, %s);", xs, xs));
        g = dfg.jit (fh);
        y = g (vars{:});
      case "sym"
        rows = cellfun (@(v) size (v, 1), vars);
        X = cell (size (vars));
        for k = 1:nv
          sz = size (vars{k});
          if (fz_symrow (rows, k))
            sz(1) = NaN;
          endif
          X{k} = dfg.input (sz, class (vars{k}));
        endfor
        y = fz_exec (code, X{:});
        if (isa (y, "dfg.Tensor"))
          cls = class (y);
          f = dfg.function (X, {y});
          y = f (vars{:});
          if (! strcmp (cls, class (y)))
            error ("fuzz:static", "the tensor was %s, the plan returned %s", cls, class (y));
          endif
        endif
      case {"fn", "fn0"}
        X = cellfun (@(v) dfg.input (size (v), class (v)), vars, "uniformoutput", false);
        y = fz_exec (code, X{:});
        if (isa (y, "dfg.Tensor"))
          cls = class (y);  sz = size (y);
          if (strcmp (mode, "fn0"))
            f = dfg.function (X, {y}, "passes", "none");
          else
            f = dfg.function (X, {y});
          endif
          y = f (vars{:});
          if (! strcmp (cls, class (y)) || ! isequal (sz, size (y)))
            error ("fuzz:static", "the tensor was %s %s, the plan returned %s %s", ...
                   cls, mat2str (sz), class (y), mat2str (size (y)));
          endif
        endif
    endswitch
  catch e
    ok = false;  msg = e.message;  id = e.identifier;
  end_try_catch
endfunction

## D: struct array (mode, kind, msg); info: referr, grad
function [D, info] = fz_check (C, modes, opts)
  D = struct ("mode", {}, "kind", {}, "msg", {});
  info = struct ("referr", 0, "grad", 0);
  code = fz_code (C);
  [rok, R, rmsg] = fz_run (code, "plain", C.vars);
  if (rok && ! (isnumeric (R) || islogical (R)))
    return;
  endif
  info.referr = ! rok;
  rcomplex = rok && ! isreal (R);
  tol = 0;
  if (rok)
    tol = fz_tol (C, class (R), opts);
  endif
  for m = 1:numel (modes)
    mode = modes{m};
    if (strcmp (mode, "grad"))
      if (rok && ! rcomplex && strcmp (class (R), "double") && ! isempty (R) ...
          && all (isfinite (R(:))) && all (cellfun (@(v) isa (v, "double") && all (isfinite (v(:))), C.vars)) ...
          && sum (cellfun (@numel, C.vars)) <= 30 && sum (cellfun (@numel, C.vars)) > 0)
        info.grad = 1;
        [kind, msg] = fz_gradcheck (C, code, R);
        if (! isempty (kind))
          D(end+1) = struct ("mode", mode, "kind", kind, "msg", msg);
        endif
      endif
      continue;
    endif
    [ok, G, msg, id] = fz_run (code, mode, C.vars);
    kind = "";
    rows = cellfun (@(v) size (v, 1), C.vars);
    if (strcmp (mode, "sym") && (! ok || ! any (arrayfun (@(k) fz_symrow (rows, k), 1:numel (rows)))))
      continue;        # refused for a symbolic size, or none was symbolic
    endif
    if (! rok)
      if (ok)
        kind = "success where Octave errors";
        msg = ["Octave: " rmsg];
      elseif (! strncmp (id, "dfg:", 4) && ! strcmp (msg, rmsg)
              && isempty (regexp (msg, "(horz|vert)cat method failed|no conversion for assignment of '(object|class)'", "once")))
        ## (docs/limitations.md: errors inside [a, b] lose their identifier;
        ## a top-level cast evaluates, and Octave's own function then
        ## raises Octave's own error)
        ## (docs/limitations.md: errors inside [a, b] lose their identifier)
        kind = "error without dfg: id";
        msg = sprintf ("Octave: %s\ndfg: [%s] %s", rmsg, id, msg);
      endif
    elseif (rcomplex)
      if (ok)
        ## (a top-level cast evaluates: Octave's own function then gives
        ## Octave's complex result, which is the same)
        if (! isequal (G, R))
          kind = "no dfg:complexResult for a complex result";
        endif
      elseif (! strncmp (id, "dfg:", 4)
              && isempty (regexp (msg, "(horz|vert)cat method failed|no conversion for assignment of '(object|class)'", "once")))
        ## (the same two Octave limitations as above: a complex operand
        ## refused inside [a, b] loses the dfg: identifier there too)
        kind = "complex result, error without dfg: id";
        msg = sprintf ("dfg: [%s] %s", id, msg);
      endif
    elseif (! ok && (strcmp (id, "dfg:complexResult") || ! isempty (strfind (msg, "complex"))) ...
            && fz_complex_inside (C))
      kind = "";       # documented: an intermediate value would be complex
    elseif (! ok && ! isempty (regexp (msg, "no conversion for assignment of '(object|class)'", "once")))
      kind = "";       # documented: a tensor cannot be assigned into a plain array
    elseif (! ok && strcmp (id, "dfg:notTraceable") && ! isempty (strfind (msg, "a plain array indexed by")))
      kind = "";       # documented: a plain array cannot be indexed by a tensor
    elseif (! ok && ! isempty (strfind (msg, "transpose not defined for N-D")) ...
            && ! isempty (regexp (code, "'\\s*\\*", "once")))
      kind = "";       # documented: Octave splits A' * B for objects (limitations.md)
    elseif (! ok && strcmp (id, "dfg:unsupported") && fz_not_built (msg))
      kind = "";       # documented in docs/user-guide.md, "Not built"
    elseif (! ok)
      if (strcmp (id, "fuzz:static"))
        kind = "static class/size";
      else
        kind = "error where Octave succeeds";
        msg = sprintf ("dfg: [%s] %s", id, msg);
      endif
    else
      kind = fz_compare (R, G, tol);
      if (! isempty (kind))
        msg = sprintf ("Octave: %s %s, dfg: %s %s", class (R), mat2str (size (R)), ...
                       class (G), mat2str (size (G)));
        if (strcmp (kind, "value") || strcmp (kind, "signed zero"))
          msg = sprintf ("%s; first differing element %s", msg, fz_firstdiff (R, G));
        endif
      endif
    endif
    if (! isempty (kind))
      D(end+1) = struct ("mode", mode, "kind", kind, "msg", msg);
    endif
  endfor
endfunction

## whether argument k takes its rows as a symbolic size in mode "sym":
## it has the most rows of all arguments, and at least 2
function tf = fz_symrow (rows, k)
  tf = rows(k) >= 2 && rows(k) == max (rows);
endfunction

## whether some subexpression of the case is complex on plain arrays
function tf = fz_complex_inside (C)
  tf = false;
  P = fz_paths (C.tree);
  for i = 1:numel (P)
    [ok, v] = fz_plain (fz_get (C.tree, P{i}), C.vars);
    if (ok && (isnumeric (v) && ! isreal (v)))
      tf = true;
      return;
    endif
  endfor
endfunction

function s = fz_firstdiff (R, G)
  r = double (R(:));  g = double (G(:));
  d = find (! ((r == g & signbit (r) == signbit (g)) | (isnan (r) & isnan (g))), 1);
  if (isempty (d))
    s = "(none)";
  else
    s = sprintf ("(%d): %.17g vs %.17g", d, r(d), g(d));
  endif
endfunction

function W = fz_weights (R)
  W = reshape (cos ((1:numel (R)) * 1.7 + 0.3), size (R));
endfunction

function [kind, msg] = fz_gradcheck (C, code, R)
  kind = "";  msg = "";
  W = fz_weights (R);
  nv = numel (C.vars);
  try
    X = cellfun (@(v) dfg.input (size (v), class (v)), C.vars, "uniformoutput", false);
    y = fz_exec (code, X{:});
  catch
    return;        # the forward error is the other modes' to report
  end_try_catch
  try
    L = sum (y(:) .* W(:));
    if (nv == 1)
      g = {dfg.grad(L, X{1})};
    else
      g = cell (1, nv);
      [g{:}] = dfg.grad (L, X);
    endif
    Gd = g;        # a gradient dfg.grad knows to be constant may be an array
    t = cellfun (@(v) isa (v, "dfg.Tensor"), g);
    if (any (t))
      f = dfg.function (X, g(t));
      [Gd{t}] = f (C.vars{:});
    endif
  catch e
    if (strcmp (e.identifier, "dfg:noGradient"))
      return;      # documented: ops and forms without a gradient
    endif
    if (strcmp (e.identifier, "dfg:complexResult") && fz_complex_inside (C))
      return;      # documented: an intermediate value would be complex
    endif
    kind = "gradient error";
    msg = sprintf ("dfg: [%s] %s", e.identifier, e.message);
    return;
  end_try_catch
  loss = @(vs) sum (fz_exec (code, vs{:})(:) .* W(:));
  L0 = loss (C.vars);
  for k = 1:nv
    if (! strcmp (class (Gd{k}), "double") || ! isequal (size (Gd{k}), size (C.vars{k})))
      kind = "gradient class/size";
      msg = sprintf ("gradient %d is %s %s", k, class (Gd{k}), mat2str (size (Gd{k})));
      return;
    endif
    for i = 1:numel (C.vars{k})
      x = C.vars{k}(i);
      h = 1e-5 * max (1, abs (x));
      ## central differences with steps h and h/3, and one-sided ones: all
      ## must agree, else x is not a point where the loss is differentiable
      ## (a kink, a tie of max/min, a jump, a pole)
      fd = zeros (1, 4);
      try
        for j = 1:2
          hj = h / (3 ^ (j - 1));
          vp = C.vars;  vp{k}(i) = x + hj;
          vm = C.vars;  vm{k}(i) = x - hj;
          lp = loss (vp);  lm = loss (vm);
          fd(j) = (lp - lm) / (2 * hj);
          if (j == 1)
            fd(3) = (lp - L0) / hj;  fd(4) = (L0 - lm) / hj;
          endif
        endfor
      catch
        continue;
      end_try_catch
      if (! isreal (fd) || ! all (isfinite (fd)) || abs (fd(1) - fd(2)) > 1e-4 * max (1, abs (fd(2))) ...
          || abs (fd(3) - fd(4)) > 1e-3 * max (1, abs (fd(2))))
        continue;
      endif
      gi = Gd{k}(i);
      if (! (abs (gi - fd(2)) <= 1e-5 * max (1, abs (fd(2))) + 1e-9 * abs (L0) / h))
        kind = "gradient value";
        msg = sprintf ("d/dx%d(%d): dfg %.10g, central differences %.10g", k, i, gi, fd(2));
        return;
      endif
    endfor
  endfor
endfunction

function [tf, Dm] = fz_fails (C, d, opts)
  [D, ~] = fz_check (C, {d.mode}, opts);
  tf = false;
  Dm = d;
  for k = 1:numel (D)
    if (strcmp (D(k).kind, d.kind))
      tf = true;
      Dm = D(k);
      return;
    endif
  endfor
endfunction

## ---------------------------------------------------------------- shrinking
function P = fz_paths (n, p, P)
  if (nargin < 2)
    p = [];  P = {};
  endif
  if (strcmp (n.kind, "op"))
    P{end+1} = p;
    for k = 1:numel (n.kids)
      P = fz_paths (n.kids{k}, [p k], P);
    endfor
  endif
endfunction

function n = fz_get (n, p)
  for k = p
    n = n.kids{k};
  endfor
endfunction

function n = fz_set (n, p, m)
  if (isempty (p))
    n = m;
  else
    n.kids{p(1)} = fz_set (n.kids{p(1)}, p(2:end), m);
  endif
endfunction

function C = fz_shrink (C, d, opts)
  budget = 200;
  progress = true;
  while (progress && budget > 0)
    progress = false;
    ## the tree: a node by one of its operands, or by a variable holding its value
    P = fz_paths (C.tree);
    cands = {};
    for i = 1:numel (P)
      n = fz_get (C.tree, P{i});
      for k = 1:numel (n.kids)
        c = C;  c.tree = fz_set (C.tree, P{i}, n.kids{k});
        cands{end+1} = c;
      endfor
    endfor
    for i = 2:numel (P)
      n = fz_get (C.tree, P{i});
      [ok, v] = fz_plain (n, C.vars);
      if (ok && (isnumeric (v) || islogical (v)) && isreal (v))
        c = C;  c.vars{end+1} = full (v);   # no special matrix types (diagonal, range)
        c.tree = fz_set (C.tree, P{i}, fz_var (numel (c.vars)));
        cands{end+1} = c;
      endif
    endfor
    ## the variables: smaller, simpler values
    for k = 1:numel (C.vars)
      v = C.vars{k};
      for dd = 1:ndims (v)
        if (size (v, dd) > 1 || (size (v, dd) == 1 && numel (v) > 1))
          s = repmat ({':'}, 1, ndims (v));
          s{dd} = 1:size (v, dd) - 1;
          c = C;  c.vars{k} = v(s{:});
          cands{end+1} = c;
        endif
      endfor
      if (isfloat (v))
        for w = {round(v), round(v * 10) / 10, abs(v)}
          if (! isequaln (w{1}, v))
            c = C;  c.vars{k} = w{1};
            cands{end+1} = c;
          endif
        endfor
      endif
    endfor
    for i = 1:numel (cands)
      if (budget <= 0)
        break;
      endif
      c = fz_prune (cands{i});
      if (isempty (c.vars))
        continue;
      endif
      budget--;
      if (fz_fails (c, d, opts))
        C = c;
        progress = true;
        break;
      endif
    endfor
  endwhile
endfunction
