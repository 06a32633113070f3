## Logical and char arguments: for the functions of docs/coverage.md, each
## called on plain logical and char arguments in Octave, then with one
## argument a tensor (dfg.constant, and dfg.jit with that argument as its
## input): the same value, class and size, or an error from both.  A char
## argument stays plain (dfg has no char tensors: a char array is read as
## its character codes, where Octave's result is numeric); with a char
## argument the tensor is another argument.  Table-driven (class_cases);
## the differences left to others' files are the KNOWN list, checked to
## still differ (so that a fix removes its entry).  Not a test_parity_*
## file: the pass-matrix repeats those under every pass set and device;
## this one runs once per CI run (about 5 s of CPU).

%!function r = cls_subst (args, p, a)
%!  r = args;
%!  r{p} = a;
%!endfunction

%!function r = cls_asg (a, b)
%!  r = a;
%!  r(1) = b;
%!endfunction

%!function r = cls_asg2 (a, b)
%!  r = b;
%!  r(2, :) = a(1, :);
%!endfunction

## {name, function, arguments, tensor position}
%!function C = class_cases ()
%!  L = logical ([1 0; 1 1]);  D = [0.5 2; 3 1.5];  S = "ab";  M = ["ab"; "cd"];
%!  E = logical (eye (2));  l = logical ([1 0 1 1]);  d = [0.5 2 3 1.5];
%!  C = {};
%!  U = {"abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "conj", ...
%!       "cos", "cosh", "cummax", "cummin", "cumprod", "cumsum", "deg2rad", "double", "erf", ...
%!       "erfc", "erfcinv", "erfinv", "exp", "expm1", "fix", "flip", "fliplr", "flipud", ...
%!       "floor", "gamma", "gammaln", "imag", "isfinite", "isinf", "isnan", "log", "log10", ...
%!       "log1p", "log2", "logical", "real", "round", "sign", "sin", "sinh", "single", "sqrt", ...
%!       "squeeze", "tan", "tanh", "transpose", "ctranspose", "uminus", "uplus", "not", "nnz", ...
%!       "sum", "sumsq", "prod", "mean", "median", "mode", "max", "min", "any", "all", "sort", ...
%!       "std", "var", "vecnorm", "diff", "range", "rad2deg", "trace", "diag", "tril", "triu", ...
%!       "norm", "trapz", "cumtrapz", "psi", "polyval", "chol", "cond", "det", "eig", "expm", ...
%!       "inv", "logm", "lu", "pinv", "qr", "rank", "sqrtm", "svd", "cbrt", "nthroot"};
%!  for k = 1:numel (U)
%!    f = str2func (U{k});
%!    if (strcmp (U{k}, "nthroot"))
%!      f = @(a) nthroot (a, 3);
%!    endif
%!    C(end+1, :) = {U{k}, f, {L}, 1};
%!    C(end+1, :) = {U{k}, f, {E}, 1};
%!    C(end+1, :) = {U{k}, f, {M}, 0};       # char: dfg.jit only
%!  endfor
%!  R = {"sum", "sumsq", "prod", "mean", "median", "mode", "any", "all", "cumsum", "cumprod", ...
%!       "cummax", "cummin", "sort", "flip", "diff", "vecnorm", "circshift", "diag", "tril", "triu"};
%!  for k = 1:numel (R)
%!    f = str2func (R{k});
%!    C(end+1, :) = {[R{k} " dim"], @(a) f (a, 2), {L}, 1};
%!  endfor
%!  B = {"plus", "minus", "times", "rdivide", "ldivide", "power", "eq", "ne", "lt", "le", "gt", ...
%!       "ge", "and", "or", "xor", "atan2", "hypot", "mod", "rem", "max", "min", "mtimes", ...
%!       "mrdivide", "mldivide", "mpower", "kron", "dot", "nthroot", "horzcat", "vertcat", ...
%!       "conv", "conv2", "polyval", "psi", "gammainc", "trapz", "cumtrapz", "meshgrid", ...
%!       "ndgrid", "cls_asg", "cls_asg2"};
%!  for k = 1:numel (B)
%!    f = str2func (B{k});
%!    x = D;  y = D;
%!    if (any (strcmp (B{k}, {"mpower", "psi", "nthroot"})))
%!      y = 2;
%!    endif
%!    if (any (strcmp (B{k}, {"polyval", "conv", "trapz", "cumtrapz", "meshgrid", "ndgrid"})))
%!      x = d;  y = d;
%!    endif
%!    Lx = merge (isscalar (x), true, L);  Ly = merge (isscalar (y), true, L);
%!    Sx = merge (isscalar (x), "a", M);  Sy = merge (isscalar (y), "a", M);
%!    if (numel (x) == 4 && isvector (x))
%!      Lx = l;  Sx = "abcd";
%!    endif
%!    if (numel (y) == 4 && isvector (y))
%!      Ly = l;  Sy = "abcd";
%!    endif
%!    C(end+1, :) = {B{k}, f, {Lx, y}, 1};
%!    C(end+1, :) = {B{k}, f, {x, Ly}, 2};
%!    C(end+1, :) = {[B{k} " char 1"], f, {Sx, y}, 2};
%!    C(end+1, :) = {[B{k} " char 2"], f, {x, Sy}, 1};
%!  endfor
%!  C(end+1, :) = {"cat", @(a, b) cat (1, a, b), {L, D}, 1};
%!  C(end+1, :) = {"cat char", @(a, b) cat (1, a, b), {D, M}, 1};
%!  C(end+1, :) = {"horzcat 3", @(a, b) [a, b, a], {L, D}, 1};
%!  C(end+1, :) = {"cast", @(a) cast (a, "single"), {L}, 1};
%!  C(end+1, :) = {"cast like", @(a, b) cast (a, "like", b), {D, L}, 2};
%!  C(end+1, :) = {"cast like 1", @(a, b) cast (a, "like", b), {L, D}, 1};
%!  C(end+1, :) = {"permute", @(a) permute (a, [2 1]), {L}, 1};
%!  C(end+1, :) = {"ipermute", @(a) ipermute (a, [2 1]), {L}, 1};
%!  C(end+1, :) = {"repmat", @(a) repmat (a, 2, 1), {L}, 1};
%!  C(end+1, :) = {"reshape", @(a) reshape (a, 1, 4), {L}, 1};
%!  C(end+1, :) = {"circshift", @(a) circshift (a, 1), {L}, 1};
%!  C(end+1, :) = {"subsref", @(a) a(2, :), {L}, 1};
%!  C(end+1, :) = {"subsref mask", @(a, b) b(a), {L, D}, 1};
%!  C(end+1, :) = {"merge", @(a, b) merge (a, b, -b), {L, D}, 1};
%!  C(end+1, :) = {"merge 2", @(a, b) merge (a, b, -b), {L, D}, 2};
%!  C(end+1, :) = {"merge char", @(a, b) merge (a, b, "x"), {L, M}, 1};
%!  C(end+1, :) = {"ifelse logical", @(a, b) merge (a, b, ! b), {L, L}, 2};
%!  C(end+1, :) = {"linspace", @(a) linspace (a, 5, 3), {true}, 1};
%!  C(end+1, :) = {"linspace char", @(a, b) linspace (a, b, 3), {"a", 5}, 2};
%!  C(end+1, :) = {"norm 1", @(a) norm (a, 1), {L}, 1};
%!  C(end+1, :) = {"norm fro", @(a) norm (a, "fro"), {L}, 1};
%!  C(end+1, :) = {"std dim", @(a) std (a, 0, 2), {L}, 1};
%!  C(end+1, :) = {"var dim", @(a) var (a, 1, 2), {L}, 1};
%!  C(end+1, :) = {"max 2", @(a) nthargout (2, @max, a), {L}, 1};
%!  C(end+1, :) = {"sort 2", @(a) nthargout (2, @sort, a), {L}, 1};
%!  C(end+1, :) = {"max dim", @(a) max (a, [], 2), {L}, 1};
%!  C(end+1, :) = {"pinv tol", @(a) pinv (a, 0.1), {L}, 1};
%!  C(end+1, :) = {"rank tol", @(a) rank (a, 0.1), {L}, 1};
%!  C(end+1, :) = {"cond 1", @(a) cond (a, 1), {L}, 1};
%!  C(end+1, :) = {"qr 2", @(a) nthargout (2, @qr, a), {L}, 1};
%!  C(end+1, :) = {"lu 2", @(a) nthargout (2, @lu, a), {L}, 1};
%!  C(end+1, :) = {"svd 3", @(a) nthargout (3, @svd, a), {L}, 1};
%!  C(end+1, :) = {"eig 2", @(a) nthargout (2, @eig, a), {L}, 1};
%!  C(end+1, :) = {"chol lower", @(a) chol (a, "lower"), {E}, 1};
%!  C(end+1, :) = {"filter", @(a, b, x) filter (a, b, x), {l, 1, d}, 1};
%!  C(end+1, :) = {"filter x", @(a, b, x) filter (a, b, x), {d, 1, l}, 3};
%!  C(end+1, :) = {"filter char", @(a, b, x) filter (a, b, x), {"ab", 1, d}, 3};
%!  C(end+1, :) = {"conv2 3", @(a, b, m) conv2 (a, b, m), {l, d, D}, 1};
%!  C(end+1, :) = {"interp1", @(x, y, xi) interp1 (x, y, xi), {1:4, l, 2.5}, 2};
%!  C(end+1, :) = {"interp1 xi", @(x, y, xi) interp1 (x, y, xi), {1:4, d, true}, 3};
%!  C(end+1, :) = {"interp1 char", @(x, y, xi) interp1 (x, y, xi), {1:4, "abcd", 2.5}, 3};
%!  C(end+1, :) = {"accumarray", @(s, v) accumarray (s, v), {[1; 2; 1], logical([1; 0; 1])}, 2};
%!  C(end+1, :) = {"histc", @(x, e) histc (x, e), {l, [0 1]}, 1};
%!  C(end+1, :) = {"histc edges", @(x, e) histc (x, e), {d, logical([0 1])}, 2};
%!  C(end+1, :) = {"polyfit", @(x, y) polyfit (x, y, 1), {d, l}, 2};
%!  C(end+1, :) = {"polyfit x", @(x, y) polyfit (x, y, 1), {logical([0 1 1 0]), d}, 1};
%!  C(end+1, :) = {"betainc", @(x, a, b) betainc (x, a, b), {l, 2, 3}, 1};
%!  C(end+1, :) = {"gammainc a", @(x, a) gammainc (x, a), {d, l}, 2};
%!  C(end+1, :) = {"dot dim", @(a, b) dot (a, b, 2), {L, D}, 1};
%!  C(end+1, :) = {"hypot 3", @(a, b) hypot (a, b, a), {L, D}, 1};
%!  C(end+1, :) = {"and 3", @(a, b) and (a, b, a), {L, D}, 1};
%!  C(end+1, :) = {"plus 3", @(a, b) plus (a, b, a), {L, L}, 1};
%!endfunction

## The differences left to the files of other helpers (see the report):
## {pattern matching the difference's description, reason}.  Each must
## match a difference found (so that a fix removes its entry).
%!function K = class_known ()
%!  K = {
%!    '^acosh \(', "Octave's result is complex (acosh (0)): dfg:complexResult, as documented"
%!    'jit, argument 1 char\): .*output 1 is a char array', "char in, char out (flip, sort, ...): a plan has no char outputs (dfg:badClass; no tensor is involved: call the function itself)"
%!    '^(meshgrid|ndgrid) char 1 \(jit.*char array', "a char grid computed from no tensor: a plan has no char outputs (dfg:badClass)"
%!    '^mpower', "the exponent of a matrix power must be a plain number when the graph is built (a tensor or char exponent is refused)"
%!    '^(horzcat|vertcat|cat|merge) char', "Octave's result is char (concatenation, merge): dfg has no char arrays (dfg:badClass)"
%!    '^psi \(', "psi's K selects the function: it must be a plain integer when the graph is built"
%!    '^(gammainc|betainc) \(.*X is logical', "Octave 7.3's gammainc.m/betainc.m give a logical result for a logical X; dfg refuses with dfg:badClass (left: a logical result of an incomplete gamma is a quirk, the refusal is clear)"
%!    '^cls_asg2', "a tensor assigned into a plain array: Octave's own error (no hook), as documented"
%!    '^subsref mask', "a plain array indexed by a logical tensor: dfg:notTraceable, as documented"
%!    '^histc edges', "histc's EDGES must be plain (a tensor is refused when the graph is built: they fix the counts' layout)"
%!  };
%!endfunction

## "" when the two results agree (or both are errors), else a description.
%!function why = cls_compare (ref, rerr, got, gerr)
%!  why = "";
%!  if (! isempty (rerr) || ! isempty (gerr))
%!    if (isempty (rerr))
%!      why = ["dfg errors where Octave computes: " gerr];
%!    elseif (isempty (gerr))
%!      why = ["dfg computes where Octave errors: " rerr];
%!    endif
%!    return;
%!  endif
%!  if (isa (got, "dfg.Tensor"))
%!    got = dfg.value (got);
%!  endif
%!  if (! strcmp (class (ref), class (got)))
%!    why = sprintf ("class %s, Octave %s", class (got), class (ref));
%!  elseif (! isequal (size (ref), size (got)))
%!    why = sprintf ("size %s, Octave %s", mat2str (size (got)), mat2str (size (ref)));
%!  elseif (isnumeric (ref) || islogical (ref) || ischar (ref))
%!    r = double (ref(:));  g = double (got(:));
%!    tol = merge (isa (ref, "single"), 1e-5, 1e-10) * max ([1; abs(r(isfinite (r)))]);
%!    same = (isnan (r) & isnan (g)) | r == g | abs (r - g) <= tol;
%!    if (! all (same))
%!      why = sprintf ("values %s, Octave %s", mat2str (g', 5), mat2str (r', 5));
%!    endif
%!  endif
%!endfunction

## One case through dfg.constant and dfg.jit: the differences found.
%!function out = cls_run (name, f, args, p)
%!  out = {};
%!  try
%!    ref = f (args{:});  rerr = "";
%!  catch e
%!    ref = [];  rerr = e.message;
%!  end_try_catch
%!  routes = {"jit"};
%!  if (p > 0)
%!    routes = {"constant", "jit"};
%!  else
%!    p = 1;
%!  endif
%!  for r = routes
%!    got = [];  gerr = "";
%!    try
%!      if (strcmp (r{1}, "constant"))
%!        got = f (cls_subst (args, p, dfg.constant (args{p})){:});
%!        if (isa (got, "dfg.Tensor"))
%!          got = dfg.value (got);
%!        endif
%!      else
%!        g = dfg.jit (@(a) f (cls_subst (args, p, a){:}));
%!        got = g (args{p});
%!      endif
%!    catch e
%!      gerr = e.message;
%!      if (isempty (gerr))
%!        gerr = "(empty message)";
%!      endif
%!    end_try_catch
%!    why = cls_compare (ref, rerr, got, gerr);
%!    if (! isempty (why))
%!      out{end+1} = sprintf ("%s (%s, argument %d %s): %s", name, r{1}, p, class (args{p}), why);
%!    endif
%!  endfor
%!endfunction

%!test
%! warning ("off", "all", "local");
%! C = class_cases ();
%! K = class_known ();
%! bad = {};
%! used = false (rows (K), 1);
%! for k = 1:rows (C)
%!   for d = cls_run (C{k, :})
%!     hit = ! cellfun ("isempty", regexp (d{1}, K(:, 1), "once"));
%!     used |= hit;
%!     if (! any (hit))
%!       bad{end+1} = d{1};
%!     endif
%!   endfor
%! endfor
%! for k = find (! used)'
%!   bad{end+1} = sprintf ("known difference /%s/ (%s) agrees now: drop it from class_known", K{k, :});
%! endfor
%! if (! isempty (bad))
%!   error ("test_class_sweep: %d differences:\n  %s", numel (bad), strjoin (bad, "\n  "));
%! endif
