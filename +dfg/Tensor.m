classdef Tensor < handle
  ## -*- texinfo -*-
  ## @deftypefn  {dfg} {} dfg.Tensor
  ## A symbolic tensor: a node of a dfg dataflow graph.
  ##
  ## Tensors are made by @code{dfg.input}, @code{dfg.constant},
  ## @code{dfg.variable} and by applying Octave operators and functions to
  ## other tensors; they hold only a handle (a @code{uint64} id) into the C
  ## library.  Every method records one op (one MEX call) and returns a new
  ## tensor whose class and size are known at once, following Octave's rules,
  ## so @code{size}, @code{class}, @code{end} and friends work before anything
  ## runs.  A tensor whose graph has no free inputs evaluates on demand with
  ## @code{double}, @code{single}, @code{logical} or @code{dfg.value}.
  ##
  ## Do not call the constructor yourself: it adopts a handle from the
  ## library.  Clearing the last copy of a tensor releases its node.
  ## @code{methods ("dfg.Tensor")} lists the Octave operators and functions
  ## that tensors overload; @code{help dfg.Contents} lists the functions of
  ## the package by topic.
  ## @seealso{dfg.input, dfg.constant, dfg.variable, dfg.function, dfg.jit}
  ## @end deftypefn

  properties (SetAccess = private)
    ## Handle of the node in the C library (uint64; 0 when empty).
    id = uint64 (0);
  endproperties

  methods

    function t = Tensor (id)
      if (nargin > 0)
        if (! isa (id, "uint64"))
          error ("dfg:badArgument", "dfg.Tensor: tensors are made by dfg.input, dfg.constant, dfg.variable and operations on tensors, not from %s", class (id));
        endif
        t.id = id;
      endif
    endfunction

    function delete (t)
      ## Never throws: a stale handle (after clear all) is already gone.
      ## The gateway reads the id itself: indexing t here would go through
      ## the overloaded subsref.
      try
        dfg_mex ("release", t);
      catch
      end_try_catch
    endfunction

    ## ---- functions a tensor cannot go through -------------------------------
    ## Their result's size depends on values, or Octave's function needs
    ## values while it runs: a dfg error naming the function and what to
    ## write instead (dfg.internal.untraceable has the table).

    function varargout = find (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("find", varargin, nargout);
    endfunction

    function varargout = nonzeros (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("nonzeros", varargin, nargout);
    endfunction

    function varargout = unique (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("unique", varargin, nargout);
    endfunction

    function varargout = setdiff (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("setdiff", varargin, nargout);
    endfunction

    function varargout = intersect (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("intersect", varargin, nargout);
    endfunction

    function varargout = union (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("union", varargin, nargout);
    endfunction

    function varargout = setxor (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("setxor", varargin, nargout);
    endfunction

    function varargout = colon (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("colon", varargin, nargout);
    endfunction

    function varargout = arrayfun (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("arrayfun", varargin, nargout);
    endfunction

    function varargout = cellfun (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("cellfun", varargin, nargout);
    endfunction

    function varargout = ode45 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("ode45", varargin, nargout);
    endfunction

    function varargout = ode23 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("ode23", varargin, nargout);
    endfunction

    function varargout = ode23s (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("ode23s", varargin, nargout);
    endfunction

    function varargout = ode15s (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("ode15s", varargin, nargout);
    endfunction

    function varargout = ode15i (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("ode15i", varargin, nargout);
    endfunction

    function varargout = lsode (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("lsode", varargin, nargout);
    endfunction

    function varargout = fsolve (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("fsolve", varargin, nargout);
    endfunction

    function varargout = fzero (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("fzero", varargin, nargout);
    endfunction

    function varargout = fminsearch (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("fminsearch", varargin, nargout);
    endfunction

    function varargout = fminbnd (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("fminbnd", varargin, nargout);
    endfunction

    function varargout = fminunc (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("fminunc", varargin, nargout);
    endfunction

    function varargout = lsqnonneg (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("lsqnonneg", varargin, nargout);
    endfunction

    function varargout = sqp (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("sqp", varargin, nargout);
    endfunction

    function varargout = quadgk (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("quadgk", varargin, nargout);
    endfunction

    function varargout = quad (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("quad", varargin, nargout);
    endfunction

    function varargout = quadl (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("quadl", varargin, nargout);
    endfunction

    function varargout = quadv (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("quadv", varargin, nargout);
    endfunction

    function varargout = quadcc (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("quadcc", varargin, nargout);
    endfunction

    function varargout = integral (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("integral", varargin, nargout);
    endfunction

    function varargout = integral2 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("integral2", varargin, nargout);
    endfunction

    function varargout = integral3 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("integral3", varargin, nargout);
    endfunction

    function varargout = ismember (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("ismember", varargin, nargout);
    endfunction

    function varargout = sprintf (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("sprintf", varargin, nargout);
    endfunction

    function varargout = fprintf (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("fprintf", varargin, nargout);
    endfunction

    function varargout = printf (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("printf", varargin, nargout);
    endfunction

    function varargout = num2str (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("num2str", varargin, nargout);
    endfunction

    function varargout = mat2str (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("mat2str", varargin, nargout);
    endfunction

    function varargout = int2str (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("int2str", varargin, nargout);
    endfunction

    function varargout = int8 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("int8", varargin, nargout);
    endfunction

    function varargout = uint8 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("uint8", varargin, nargout);
    endfunction

    function varargout = int16 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("int16", varargin, nargout);
    endfunction

    function varargout = uint16 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("uint16", varargin, nargout);
    endfunction

    function varargout = int32 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("int32", varargin, nargout);
    endfunction

    function varargout = uint32 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("uint32", varargin, nargout);
    endfunction

    function varargout = int64 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("int64", varargin, nargout);
    endfunction

    function varargout = uint64 (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("uint64", varargin, nargout);
    endfunction

    function r = subsindex (t)
      ## a plain array indexed by a tensor: A(t), A(t) = v
      error ("dfg:notTraceable", ["dfg: a plain array indexed by a %s dfg.Tensor: Octave indexes plain arrays ", ...
                                  "with values, known only when the graph runs; make the array a tensor ", ...
                                  "(A = dfg.constant (A)): then A(mask) = scalar is merge (mask, scalar, A), ", ...
                                  "and merge (mask, A, 0) keeps the selected values in place"], class (t));
    endfunction

    ## ---- display and size -------------------------------------------------

    function disp (t)
      d = dfg_mex ("describe", t);
      sz = sprintf ("%dx", size (t));
      nm = "";
      if (! isempty (d.name))
        nm = sprintf (" '%s'", d.name);
      endif
      printf ("  dfg.Tensor%s: %s %s (%s)\n", nm, sz(1:end-1), class (t), d.op);
    endfunction

    function display (t)
      printf ("%s =\n\n", inputname (1));
      disp (t);
      printf ("\n");
    endfunction

    function varargout = size (t, varargin)
      varargout = cell (1, max (nargout, 1));
      [varargout{:}] = dfg_mex ("size", t, varargin{:});
    endfunction

    function c = class (t)
      c = dfg_mex ("class", t);
    endfunction

    function n = numel (t, varargin)
      if (nargin > 1)
        n = 1;          # t(idx) yields one tensor
      else
        n = prod (dfg_mex ("size", t));
      endif
    endfunction

    function n = ndims (t)
      n = numel (dfg_mex ("size", t));
    endfunction

    function n = length (t)
      sz = dfg_mex ("size", t);
      n = (! any (sz == 0)) * max (sz);
    endfunction

    function n = rows (t)
      n = dfg_mex ("size", t, 1);
    endfunction

    function n = columns (t)
      n = dfg_mex ("size", t, 2);
    endfunction

    function b = isempty (t)
      b = any (dfg_mex ("size", t) == 0);
    endfunction

    function b = isscalar (t)
      b = all (dfg_mex ("size", t) == 1);
    endfunction

    function b = isvector (t)
      sz = dfg_mex ("size", t);
      b = numel (sz) == 2 && any (sz == 1);     # (Octave 7: 0x1 and 1x0 too)
    endfunction

    function b = isrow (t)
      sz = dfg_mex ("size", t);
      b = numel (sz) == 2 && sz(1) == 1;
    endfunction

    function b = iscolumn (t)
      sz = dfg_mex ("size", t);
      b = numel (sz) == 2 && sz(2) == 1;
    endfunction

    function b = isreal (t)
      b = true;
    endfunction

    function b = isfloat (t)
      b = ! strcmp (dfg_mex ("class", t), "logical");
    endfunction

    function b = islogical (t)
      b = strcmp (dfg_mex ("class", t), "logical");
    endfunction

    function e = end (t, k, n)
      sz = dfg_mex ("size", t);
      if (k < n)
        if (k <= numel (sz))
          e = sz(k);
        else
          e = 1;
        endif
      else
        e = prod (sz(k:end));
      endif
    endfunction

    ## ---- indexing --------------------------------------------------------------

    function r = subsref (t, s)
      switch (s(1).type)
        case "()"
          r = dfg.Tensor (dfg_mex ("subsref", t, s(1).subs{:}));
        case "."
          r = builtin ("subsref", t, s(1));
        otherwise
          error ("dfg:badArgument", "dfg.subsref: '{}' indexing is not defined for dfg.Tensor");
      endswitch
      if (numel (s) > 1)
        r = subsref (r, s(2:end));
      endif
    endfunction

    function r = subsasgn (t, s, v)
      if (numel (s) != 1 || ! strcmp (s(1).type, "()"))
        error ("dfg:badArgument", "dfg.subsasgn: only x(i, ...) = v assignment is defined for dfg.Tensor");
      endif
      if (strcmp (builtin ("class", v), "dfg_logical"))
        v = dfg_tensor (v);
      endif
      if (isscalar (s(1).subs) && strcmp (builtin ("class", s(1).subs{1}), "dfg_logical"))
        s(1).subs{1} = dfg_tensor (s(1).subs{1});       # x(mask) = v
      endif
      r = dfg.Tensor (dfg_mex ("subsasgn", t, v, s(1).subs{:}));
      if (numel (s(1).subs) == 1 && unit_range_ (s(1).subs{1})
          && isnumeric (v) && ! isa (v, "dfg.Tensor") && isequal (size (v), [0 0])
          && strcmp (builtin ("class", v), "double") && ! isvector_2d_ (t))
        ## x(a:b) = [] deletes one contiguous run, which Octave returns as
        ## a row unless x is a column; the gateway sees a plain array and
        ## keeps a matrix's or N-d vector's x(complement) shape.
        r = reshape (r, 1, []);
      endif
    endfunction

    ## ---- class conversion ------------------------------------------------------

    function r = double (t)
      r = dfg.internal.adopt (dfg_mex ("double", t, "double"));
    endfunction

    function r = single (t)
      r = dfg.internal.adopt (dfg_mex ("single", t, "single"));
    endfunction

    function r = logical (t)
      r = dfg.internal.adopt (dfg_mex ("logical", t, "logical"));
    endfunction

    function r = cast (t, cls, varargin)
      ## cast (x, CLASS) and cast (x, "like", y), y a tensor or an array
      if (nargin == 3 && ischar (cls) && strcmp (cls, "like"))
        cls = class (varargin{1});
      elseif (nargin != 2)
        error ("dfg:badArgument", "dfg.cast: expected cast (x, CLASS) or cast (x, \"like\", y), got %d arguments", nargin);
      endif
      if (! isa (t, "dfg.Tensor"))
        r = cast (t, cls);            # x plain, y a tensor: a plain array
      else
        r = dfg.internal.adopt (dfg_mex ("cast", t, cls));
      endif
    endfunction

    ## ---- operators and functions (one MEX call each) ------------------------

    function r = uminus (a)
      r = dfg.Tensor (dfg_mex ("uminus", a));
    endfunction

    function r = uplus (a)
      r = dfg.Tensor (dfg_mex ("uplus", a));
    endfunction

    function r = not (a)
      r = dfg_logical (dfg.Tensor (dfg_mex ("not", a)));
    endfunction

    function r = real (varargin)
      ## real (x): x itself (tensors are real; double for logical x)
      r = dfg.Tensor (dfg_mex ("real", varargin{:}));
    endfunction

    function r = imag (varargin)
      ## imag (x): zeros of x's size (tensors are real; double for logical x)
      r = dfg.Tensor (dfg_mex ("imag", varargin{:}));
    endfunction

    function r = conj (varargin)
      ## conj (x): x itself (tensors are real; double for logical x)
      r = dfg.Tensor (dfg_mex ("conj", varargin{:}));
    endfunction

    function r = nnz (varargin)
      ## nnz (x): the number of nonzero elements, a double scalar
      r = dfg.Tensor (dfg_mex ("nnz", varargin{:}));
    endfunction

    function r = isnan (varargin)
      ## isnan (x): logical, true where x is NaN (false for logical x)
      r = dfg_logical (dfg.Tensor (dfg_mex ("isnan", varargin{:})));
    endfunction

    function r = isinf (varargin)
      ## isinf (x): logical, true where x is Inf or -Inf
      r = dfg_logical (dfg.Tensor (dfg_mex ("isinf", varargin{:})));
    endfunction

    function r = isfinite (varargin)
      ## isfinite (x): logical, true where x is neither NaN nor +-Inf
      r = dfg_logical (dfg.Tensor (dfg_mex ("isfinite", varargin{:})));
    endfunction

    function r = exp (a)
      r = dfg.Tensor (dfg_mex ("exp", a));
    endfunction

    function r = log (a)
      r = dfg.Tensor (dfg_mex ("log", a));
    endfunction

    function r = log1p (a)
      r = dfg.Tensor (dfg_mex ("log1p", a));
    endfunction

    function r = expm1 (a)
      r = dfg.Tensor (dfg_mex ("expm1", a));
    endfunction

    function [r, e] = log2 (a)
      if (nargout > 1)
        error ("dfg:unsupported", "dfg.log2: the form [F, E] = log2 (X) (mantissa and exponent) is not supported; use log2 (X)");
      endif
      r = dfg.Tensor (dfg_mex ("log2", a));
    endfunction

    function r = log10 (a)
      r = dfg.Tensor (dfg_mex ("log10", a));
    endfunction

    function r = sqrt (a)
      r = dfg.Tensor (dfg_mex ("sqrt", a));
    endfunction

    function r = abs (a)
      r = dfg.Tensor (dfg_mex ("abs", a));
    endfunction

    function r = sign (a)
      r = dfg.Tensor (dfg_mex ("sign", a));
    endfunction

    function r = sin (a)
      r = dfg.Tensor (dfg_mex ("sin", a));
    endfunction

    function r = cos (a)
      r = dfg.Tensor (dfg_mex ("cos", a));
    endfunction

    function r = tan (a)
      r = dfg.Tensor (dfg_mex ("tan", a));
    endfunction

    function r = asin (a)
      r = dfg.Tensor (dfg_mex ("asin", a));
    endfunction

    function r = acos (a)
      r = dfg.Tensor (dfg_mex ("acos", a));
    endfunction

    function r = atan (a)
      r = dfg.Tensor (dfg_mex ("atan", a));
    endfunction

    function r = sinh (a)
      r = dfg.Tensor (dfg_mex ("sinh", a));
    endfunction

    function r = cosh (a)
      r = dfg.Tensor (dfg_mex ("cosh", a));
    endfunction

    function r = tanh (a)
      r = dfg.Tensor (dfg_mex ("tanh", a));
    endfunction

    function r = asinh (a)
      r = dfg.Tensor (dfg_mex ("asinh", a));
    endfunction

    function r = acosh (a)
      r = dfg.Tensor (dfg_mex ("acosh", a));
    endfunction

    function r = atanh (a)
      r = dfg.Tensor (dfg_mex ("atanh", a));
    endfunction

    function r = floor (a)
      r = dfg.Tensor (dfg_mex ("floor", a));
    endfunction

    function r = ceil (a)
      r = dfg.Tensor (dfg_mex ("ceil", a));
    endfunction

    function r = round (a)
      r = dfg.Tensor (dfg_mex ("round", a));
    endfunction

    function r = fix (a)
      r = dfg.Tensor (dfg_mex ("fix", a));
    endfunction

    function r = erf (a)
      r = dfg.Tensor (dfg_mex ("erf", a));
    endfunction

    function r = erfc (a)
      r = dfg.Tensor (dfg_mex ("erfc", a));
    endfunction

    function r = gamma (a)
      r = dfg.Tensor (dfg_mex ("gamma", a));
    endfunction

    function r = gammaln (a)
      r = dfg.Tensor (dfg_mex ("gammaln", a));
    endfunction

    function r = psi (varargin)
      r = dfg.Tensor (dfg_mex ("psi", varargin{:}));
    endfunction

    function r = transpose (a)
      r = dfg.Tensor (dfg_mex ("transpose", a));
    endfunction

    function r = ctranspose (a)
      r = dfg.Tensor (dfg_mex ("ctranspose", a));
    endfunction

    function [r, rc] = inv (a)
      if (nargout > 1)
        error ("dfg:unsupported", "dfg.inv: the form [X, RCOND] = inv (A) is not supported (LAPACK's condition estimate is not a graph op); use X = inv (A) and, if needed, rcond (double (A)) on the value");
      endif
      r = dfg.Tensor (dfg_mex ("inv", a));
    endfunction

    function r = det (a)
      r = dfg.Tensor (dfg_mex ("det", a));
    endfunction

    function r = pinv (varargin)
      r = dfg.Tensor (dfg_mex ("pinv", varargin{:}));
    endfunction

    function r = plus (a, b, varargin)
      ## plus (a, b, c, ...) is plus (plus (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("plus", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("plus", r, varargin{k}));
      endfor
    endfunction

    function r = minus (a, b)
      r = dfg.Tensor (dfg_mex ("minus", a, b));
    endfunction

    function r = times (a, b, varargin)
      ## times (a, b, c, ...) is times (times (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("times", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("times", r, varargin{k}));
      endfor
    endfunction

    function r = rdivide (a, b)
      r = dfg.Tensor (dfg_mex ("rdivide", a, b));
    endfunction

    function r = ldivide (a, b)
      r = dfg.Tensor (dfg_mex ("ldivide", a, b));
    endfunction

    function r = power (a, b)
      r = dfg.Tensor (dfg_mex ("power", a, b));
    endfunction

    function r = eq (a, b)
      r = dfg_logical (dfg.Tensor (dfg_mex ("eq", a, b)));
    endfunction

    function r = ne (a, b)
      r = dfg_logical (dfg.Tensor (dfg_mex ("ne", a, b)));
    endfunction

    function r = lt (a, b)
      r = dfg_logical (dfg.Tensor (dfg_mex ("lt", a, b)));
    endfunction

    function r = le (a, b)
      r = dfg_logical (dfg.Tensor (dfg_mex ("le", a, b)));
    endfunction

    function r = gt (a, b)
      r = dfg_logical (dfg.Tensor (dfg_mex ("gt", a, b)));
    endfunction

    function r = ge (a, b)
      r = dfg_logical (dfg.Tensor (dfg_mex ("ge", a, b)));
    endfunction

    function r = and (a, b, varargin)
      ## and (a, b, c, ...) is and (and (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("and", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("and", r, varargin{k}));
      endfor
      r = dfg_logical (r);
    endfunction

    function r = or (a, b, varargin)
      ## or (a, b, c, ...) is or (or (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("or", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("or", r, varargin{k}));
      endfor
      r = dfg_logical (r);
    endfunction

    function r = xor (a, b, varargin)
      ## xor (a, b, c, ...) is xor (xor (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("xor", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("xor", r, varargin{k}));
      endfor
      r = dfg_logical (r);
    endfunction

    function r = atan2 (a, b)
      r = dfg.Tensor (dfg_mex ("atan2", a, b));
    endfunction

    function r = hypot (a, b, varargin)
      ## hypot (a, b, c, ...) is hypot (hypot (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("hypot", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("hypot", r, varargin{k}));
      endfor
    endfunction

    function r = mod (a, b)
      r = dfg.Tensor (dfg_mex ("mod", a, b));
    endfunction

    function r = rem (a, b)
      r = dfg.Tensor (dfg_mex ("rem", a, b));
    endfunction

    function r = mtimes (a, b, varargin)
      ## mtimes (a, b, c, ...) is mtimes (mtimes (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("mtimes", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("mtimes", r, varargin{k}));
      endfor
    endfunction

    function r = mrdivide (a, b)
      r = dfg.Tensor (dfg_mex ("mrdivide", a, b));
    endfunction

    function r = mldivide (a, b)
      r = dfg.Tensor (dfg_mex ("mldivide", a, b));
    endfunction

    function r = mpower (a, b)
      r = dfg.Tensor (dfg_mex ("mpower", a, b));
    endfunction

    function r = kron (a, b, varargin)
      ## kron (a, b, c, ...) is kron (kron (a, b), c, ...), as in Octave
      r = dfg.Tensor (dfg_mex ("kron", a, b));
      for k = 1:numel (varargin)
        r = dfg.Tensor (dfg_mex ("kron", r, varargin{k}));
      endfor
    endfunction

    function r = sum (varargin)
      r = dfg.Tensor (dfg_mex ("sum", varargin{:}));
    endfunction

    function r = sumsq (varargin)
      ## sumsq (x [, dim]): the sum of squares along DIM (default: the first
      ## non-singleton dimension), sum (x .* x, dim), as Octave's for real x
      r = dfg.Tensor (dfg_mex ("sumsq", varargin{:}));
    endfunction

    function r = prod (varargin)
      r = dfg.Tensor (dfg_mex ("prod", varargin{:}));
    endfunction

    function r = any (varargin)
      r = dfg_logical (dfg.Tensor (dfg_mex ("any", varargin{:})));
    endfunction

    function r = all (varargin)
      r = dfg_logical (dfg.Tensor (dfg_mex ("all", varargin{:})));
    endfunction

    function r = cumsum (varargin)
      r = dfg.Tensor (dfg_mex ("cumsum", varargin{:}));
    endfunction

    function r = cumprod (varargin)
      r = dfg.Tensor (dfg_mex ("cumprod", varargin{:}));
    endfunction

    function varargout = sort (varargin)
      ## [s, i] = sort (x [, dim] [, mode]): Octave's values, class and
      ## stable order (NaN last for "ascend", first for "descend"); i is
      ## double; the gradient of s goes back through the permutation.
      varargout = multi_out_ ("sort", nargout, 2, varargin);
    endfunction

    function varargout = cummax (varargin)
      ## [w, iw] = cummax (x [, dim]): the gradient of w goes to the element
      ## iw names (the first of ties; Octave's NaN rule).
      varargout = multi_out_ ("cummax", nargout, 2, varargin);
    endfunction

    function varargout = cummin (varargin)
      ## [w, iw] = cummin (x [, dim]), as cummax.
      varargout = multi_out_ ("cummin", nargout, 2, varargin);
    endfunction

    function r = median (varargin)
      ## median (x [, dim]) as Octave 7.3's median.m (NaN where a slice has
      ## one); the gradient goes to the middle element, or half to each of
      ## the two middle ones.
      r = dfg.Tensor (dfg_mex ("median", varargin{:}));
    endfunction

    ## ---- more element-wise and reduction functions (mex/cmd-elem.c) ----
    function r = diff (varargin)
      ## diff (x [, k [, dim]]): Octave 7.3's builtin (order K >= the size
      ## along the default DIM goes on along the next dimensions as Octave
      ## does); logical x gives double; linear, so its gradient is exact.
      r = dfg.Tensor (dfg_mex ("diff", varargin{:}));
    endfunction

    function r = cbrt (a)
      ## cbrt (x): libm's cube root (real for negative x); derivative
      ## 1 / (3 cbrt (x)^2), Inf at 0 as sqrt's
      r = dfg.Tensor (dfg_mex ("cbrt", a));
    endfunction

    function r = nthroot (varargin)
      ## nthroot (x, n): Octave 7.3's nthroot.m, n a plain real nonzero
      ## scalar (odd integer n: real for negative x; other n: negative x is
      ## a complex-result error when the graph runs)
      r = dfg.Tensor (dfg_mex ("nthroot", varargin{:}));
    endfunction

    function r = vecnorm (varargin)
      ## vecnorm (x [, p [, dim]]): Octave 7.3's vecnorm.m, p > 0 (2 by
      ## default, 1, Inf, other); gradient 0 at a zero slice, as norm's
      r = dfg.Tensor (dfg_mex ("vecnorm", varargin{:}));
    endfunction

    function r = erfinv (a)
      ## erfinv (x): Octave 7.3's algorithm; derivative sqrt(pi)/2 exp(y^2)
      r = dfg.Tensor (dfg_mex ("erfinv", a));
    endfunction

    function r = erfcinv (a)
      ## erfcinv (x): Octave 7.3's algorithm; derivative -sqrt(pi)/2 exp(y^2)
      r = dfg.Tensor (dfg_mex ("erfcinv", a));
    endfunction
    function varargout = mode (varargin)
      ## [m, f] = mode (x [, dim]): Octave 7.3's mode.m (m the smallest most
      ## frequent value, f its count as double); the third output, a cell,
      ## is refused (dfg:dataDependentSize).  m's gradient goes to the first
      ## occurrence of m in x; f has none.
      varargout = multi_out_ ("mode", nargout, 3, varargin);
    endfunction
    function r = gammainc (varargin)
      ## gammainc (x, a [, tail]): Octave 7.3's gammainc.m, tail "lower",
      ## "upper", "scaledlower" or "scaledupper"; gradients in x (the
      ## integrand) and a (jets through gammainc.m's cases), second order
      r = dfg.Tensor (dfg_mex ("gammainc", varargin{:}));
    endfunction
    function r = betainc (varargin)
      ## betainc (x, a, b [, tail]): Octave 7.3's betainc.m, tail "lower"
      ## or "upper"; gradients in x (the integrand), a and b (jets through
      ## betainc.m's continued fraction), second order
      r = dfg.Tensor (dfg_mex ("betainc", varargin{:}));
    endfunction
    ## ---- end of the element-wise and reduction functions

    ## ---- interpolation, fitting and assembly ---------------------------
    ## Octave dispatches here when any argument is a tensor; the work is
    ## in +dfg/+internal (compositions of tensor ops: the gradients come
    ## from their rules).

    function yi = interp1 (varargin)
      ## interp1 (x, y, xi [, method] [, extrap]), interp1 (y, xi, ...):
      ## Octave 7.3's interp1.m for a plain x and tensor y and/or xi
      yi = dfg.internal.interp1 (varargin{:});
    endfunction

    function r = accumarray (varargin)
      ## accumarray (subs, vals [, sz [, func [, fillval]]]): plain subs,
      ## tensor vals; func @sum (default), @max or @min, as accumarray.m
      r = dfg.internal.accumarray (varargin{:});
    endfunction

    function varargout = polyfit (varargin)
      ## [p, S, mu] = polyfit (x, y, n) as polyfit.m (S needs a plain x)
      varargout = cell (1, max (nargout, 1));
      if (nargout == 3 && ! isargout (2))
        [varargout{1}, ~, varargout{3}] = dfg.internal.polyfit (varargin{:});
      else
        [varargout{:}] = dfg.internal.polyfit (varargin{:});
      endif
    endfunction

    function varargout = histc (varargin)
      ## [n, idx] = histc (x, edges [, dim]): double counts (zero gradient)
      varargout = cell (1, max (nargout, 1));
      [varargout{:}] = dfg.internal.histc (varargin{:});
    endfunction

    function idx = lookup (varargin)
      ## idx = lookup (table, y [, opt]): Octave's builtin (a binary
      ## search; decreasing tables; options "m", "b", "l", "r"), either
      ## argument a tensor; double (logical for "b") of y's size; no
      ## gradient (integer values: zero)
      idx = dfg.Tensor (dfg_mex ("lookup", varargin{:}));
    endfunction

    ## ---- signal processing: conv, conv2, filter ----

    function r = conv (varargin)
      ## conv (a, b [, shape]) as Octave 7.3's conv.m ("full", "same",
      ## "valid"; the orientation and empties of its results); single if
      ## either is; gradients to both arguments (correlations).
      r = dfg.Tensor (dfg_mex ("conv", varargin{:}));
    endfunction

    function r = conv2 (varargin)
      ## conv2 (a, b [, shape]) and conv2 (v1, v2, m [, shape]) as Octave's
      ## (sizes, class, conv2's order of sums); gradients to every argument.
      r = dfg.Tensor (dfg_mex ("conv2", varargin{:}));
    endfunction

    function varargout = filter (varargin)
      ## [y, sf] = filter (b, a, x [, si [, dim]]): Octave's IIR/FIR filter
      ## (normalised by a(1), which must be nonzero when the graph runs),
      ## along the first non-singleton dimension or DIM, with initial and
      ## final states; gradients to b, a, x and si.
      varargout = multi_out_ ("filter", nargout, 2, varargin);
    endfunction

    function r = mean (varargin)
      r = dfg.Tensor (dfg_mex ("mean", varargin{:}));
    endfunction

    function r = var (varargin)
      r = dfg.Tensor (dfg_mex ("var", varargin{:}));
    endfunction

    function r = std (varargin)
      r = dfg.Tensor (dfg_mex ("std", varargin{:}));
    endfunction

    function r = norm (varargin)
      r = dfg.Tensor (dfg_mex ("norm", varargin{:}));
    endfunction

    function r = dot (varargin)
      r = dfg.Tensor (dfg_mex ("dot", varargin{:}));
    endfunction

    function r = linspace (varargin)
      r = dfg.Tensor (dfg_mex ("linspace", varargin{:}));
    endfunction

    function r = reshape (varargin)
      r = dfg.Tensor (dfg_mex ("reshape", varargin{:}));
    endfunction

    function r = squeeze (varargin)
      r = dfg.Tensor (dfg_mex ("squeeze", varargin{:}));
    endfunction

    function r = permute (varargin)
      r = dfg.Tensor (dfg_mex ("permute", varargin{:}));
    endfunction

    function r = ipermute (varargin)
      r = dfg.Tensor (dfg_mex ("ipermute", varargin{:}));
    endfunction

    function r = cat (varargin)
      r = dfg.Tensor (dfg_mex ("cat", varargin{:}));
    endfunction

    function r = horzcat (varargin)
      ## Octave 7 replaces an error inside [...] by "horzcat method failed":
      ## the reason is shown as a warning first
      try
        r = dfg.Tensor (dfg_mex ("horzcat", varargin{:}));
      catch err
        warning (err.identifier, "%s", err.message);
        rethrow (err);
      end_try_catch
    endfunction

    function r = vertcat (varargin)
      ## Octave 7 replaces an error inside [...] by "vertcat method failed":
      ## the reason is shown as a warning first
      try
        r = dfg.Tensor (dfg_mex ("vertcat", varargin{:}));
      catch err
        warning (err.identifier, "%s", err.message);
        rethrow (err);
      end_try_catch
    endfunction

    function r = repmat (varargin)
      r = dfg.Tensor (dfg_mex ("repmat", varargin{:}));
    endfunction

    function r = flip (varargin)
      r = dfg.Tensor (dfg_mex ("flip", varargin{:}));
    endfunction

    function r = fliplr (varargin)
      r = dfg.Tensor (dfg_mex ("fliplr", varargin{:}));
    endfunction

    function r = flipud (varargin)
      r = dfg.Tensor (dfg_mex ("flipud", varargin{:}));
    endfunction

    function r = circshift (varargin)
      r = dfg.Tensor (dfg_mex ("circshift", varargin{:}));
    endfunction

    function r = diag (varargin)
      r = dfg.Tensor (dfg_mex ("diag", varargin{:}));
    endfunction

    function r = tril (varargin)
      r = dfg.Tensor (dfg_mex ("tril", varargin{:}));
    endfunction

    function r = triu (varargin)
      r = dfg.Tensor (dfg_mex ("triu", varargin{:}));
    endfunction

    function r = trace (varargin)
      r = dfg.Tensor (dfg_mex ("trace", varargin{:}));
    endfunction

    function r = merge (varargin)
      r = dfg.Tensor (dfg_mex ("merge", varargin{:}));
    endfunction

    function varargout = max (varargin)
      varargout = multi_out_ ("max", nargout, 2, varargin);
    endfunction

    function varargout = min (varargin)
      varargout = multi_out_ ("min", nargout, 2, varargin);
    endfunction

    function varargout = lu (varargin)
      varargout = multi_out_ ("lu", nargout, 3, varargin);
    endfunction

    function varargout = qr (varargin)
      varargout = multi_out_ ("qr", nargout, 3, varargin);
    endfunction

    function varargout = eig (varargin)
      varargout = multi_out_ ("eig", nargout, 3, varargin);
    endfunction

    function varargout = svd (varargin)
      varargout = multi_out_ ("svd", nargout, 3, varargin);
    endfunction

    function varargout = chol (varargin)
      varargout = multi_out_ ("chol", nargout, 3, varargin);
    endfunction

    ## ---- issue 22: matrix functions, cond, rank, null, orth ----------------
    function r = expm (a)
      r = dfg.Tensor (dfg_mex ("expm", a));
    endfunction

    function varargout = sqrtm (a)
      ## [s, err] = sqrtm (A): err = norm (s*s - A, "fro") / norm (A, "fro")
      ## as Octave's sqrtm; the third output, the condition estimate, is the
      ## double -1, as Octave 7.3 gives it (it computes none either)
      if (nargout > 3)
        error ("dfg:badArgument", "dfg.sqrtm: called with too many outputs (%d; sqrtm has at most 3)", nargout);
      endif
      varargout{1} = dfg.Tensor (dfg_mex ("sqrtm", a));
      if (nargout > 1)
        s = varargout{1};
        varargout{2} = norm (s * s - a, "fro") / norm (a, "fro");
      endif
      if (nargout > 2)
        varargout{3} = -1;
      endif
    endfunction

    function varargout = logm (a, varargin)
      ## [s, iters] = logm (A [, opt_iters]) as Octave 7.3's logm.m:
      ## opt_iters (plain numbers) bounds the square roots taken; iters (a
      ## double, no gradient) counts them, undefined for a diagonal A
      if (nargin > 2)
        error ("dfg:badArgument", "dfg.logm: called with too many inputs (%d; logm takes A [, OPT_ITERS])", nargin);
      endif
      varargout = multi_out_ ("logm", nargout, 2, [{a}, varargin]);
    endfunction

    function r = cond (varargin)
      r = dfg.Tensor (dfg_mex ("cond", varargin{:}));
    endfunction

    function r = rank (varargin)
      r = dfg.Tensor (dfg_mex ("rank", varargin{:}));
    endfunction

    function varargout = null (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("null", varargin, nargout);
    endfunction

    function varargout = orth (varargin)
      [varargout{1:nargout}] = dfg.internal.untraceable ("orth", varargin, nargout);
    endfunction

  endmethods
endclassdef

## The outputs of a multi-output function (one MEX call).  Asking for more
## outputs than Octave's function has is an error, as in Octave; asking for
## a form Octave has but dfg does not build is dfg:unsupported.
function out = multi_out_ (fn, nout, octave_max, args)
  nout = max (nout, 1);
  if (nout > octave_max)
    error ("dfg:badArgument", "dfg.%s: called with too many outputs (%d; %s has at most %d)",
           fn, nout, fn, octave_max);
  endif
  ids = cell (1, nout);
  try
    [ids{:}] = dfg_mex (fn, args{:});
  catch err
    if (! strncmp (err.identifier, "dfg:", 4))
      error ("dfg:unsupported", "dfg.%s: the form with %d outputs is not supported", fn, nout);
    endif
    rethrow (err);
  end_try_catch
  if (any (cellfun ("isempty", ids)))
    error ("dfg:unsupported", "dfg.%s: the form with %d outputs is not supported", fn, nout);
  endif
  out = cellfun (@dfg.Tensor, ids, "UniformOutput", false);
endfunction

## True for an index that Octave stores as a range with step 1 and at
## least two elements (a:b): Octave treats its deletion as one contiguous
## run, which an equal plain array is not.
function b = unit_range_ (ix)
  b = (! isobject (ix) && ! isempty (strfind (typeinfo (ix), "range"))
       && numel (ix) > 1 && ix(2) - ix(1) == 1);
endfunction

function b = isvector_2d_ (t)
  sz = size (t);
  b = numel (sz) == 2 && any (sz == 1);
endfunction

%!test
%! x = dfg.input ([2 3 4], "single");
%! assert (size (x), [2 3 4]);
%! assert (numel (x), 24);
%! assert (ndims (x), 3);
%! [r, c] = size (x);
%! assert ([r, c], [2 12]);
%! assert (size (x, 3), 4);
%! assert (class (x), "single");
%! assert (length (x), 4);
%!test
%! x = dfg.input ([1 5]);
%! assert (isrow (x) && isvector (x) && ! iscolumn (x) && ! isscalar (x));
%! assert (isempty (dfg.input ([0 3])));
%!test
%! c = dfg.constant (reshape (1:24, 2, 3, 4));
%! assert (double (c(end, end, end)), 24);
%! assert (double (c(2, end)), 24);
%! assert (double (c(:, 2, 1)), [3; 4]);
%!test
%! c = dfg.constant (magic (4));
%! d = c;
%! d(2, :) = 0;
%! assert (double (d(2, :)), zeros (1, 4));
%! assert (double (c), magic (4));
%!test
%! c = dfg.constant ([1 2 3]);
%! assert (class (c > 2), "logical");
%! assert (double (c > 2), [0 0 1]);
%! assert (class (single (c)), "single");
%! x = dfg.input ([1 3]);
%! assert (isa (double (x), "dfg.Tensor"));
%!test
%! [m, i] = max (dfg.constant ([3 9 2]));
%! assert (double (m), 9);
%! assert (double (i), 2);
%!test
%! a = dfg.constant ([4 1; 1 3]);
%! [V, D] = eig (a);
%! assert (double (V * D * V'), [4 1; 1 3], 1e-12);
%!test
%! [s, i] = sort (dfg.constant ([3 NaN 1 1]), "descend");
%! assert (double (s), [NaN 3 1 1]);
%! assert (double (i), [2 1 3 4]);
%! [w, iw] = cummin (dfg.constant ([2 NaN 1 1]));
%! assert ({double(w), double(iw)}, {[2 2 1 1], [1 1 3 3]});
%! assert (double (median (dfg.constant ([4 1 3 2]))), 2.5);
%! assert (class (sort (dfg.constant (single ([2 1])))), "single");
%!error <MODE must be either> sort (dfg.constant ([2 1]), "up")
%!error id=dfg:symbolicSize sort (dfg.input ([NaN 3]))
%!error id=dfg:badArgument dfg.Tensor ("abc")
%!error id=dfg:invalidHandle dfg.value (dfg.Tensor (uint64 (12345)))
%!error <'{}' indexing> x = dfg.input ([2 2]); x{1}
