## -*- texinfo -*-
## @deftypefn  {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals})
## @deftypefnx {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals}, @var{sz})
## @deftypefnx {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals}, @var{sz}, @var{func})
## @deftypefnx {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals}, @var{sz}, @var{func}, @var{fillval})
## Internal: @code{accumarray} for tensor @var{vals} (the method
## @code{dfg.Tensor/accumarray} forwards here), with Octave 7.3's
## accumarray.m semantics for @var{func} @code{@@sum} (the default),
## @code{@@max} and @code{@@min} (NaN ignored; an empty bin is 0 when
## @var{fillval} is 0 and every value is >= 0 (<= 0 for @code{@@min}), else
## NaN, as Octave's neutral value gives) and @var{fillval} (for
## @code{@@sum}).
##
## @var{subs} (a matrix of subscripts, one column per dimension, or a cell
## of vectors), @var{sz}, @var{func} and @var{fillval} must be plain
## values known when the graph is built, so the output size is known then.
## @code{@@sum} is a scatter-add (the TAKE_ADD op, adding in the order of
## @var{subs} as Octave does; O(n)), whose gradient gathers the output's
## adjoint.  For @code{@@max} / @code{@@min} the values of each bin are
## gathered (a constant index, padded with NaN to the largest bin) and
## reduced along the bin, the gradient going to the winners as @code{max}
## and @code{min} give it; memory: the largest bin's count times the
## number of output elements.
## @end deftypefn
function A = accumarray (subs, vals, sz = [], func = [], fillval = [], issparse = [])

  if (nargin < 2 || nargin > 6)
    error ("dfg:badArgument", "dfg.accumarray: called with %d arguments (expected 2 to 6)", nargin);
  endif
  dfg.internal.refuse_symbolic ("accumarray", {subs, vals});
  if (isa (subs, "dfg.Tensor"))
    error ("dfg:badArgument", "dfg.accumarray: SUBS (argument 1) is a dfg.Tensor of size %s; the subscripts must be a plain array known when the graph is built (they fix the output size), VALS may be a tensor",
           dfg.internal.size_str (subs));
  endif
  for a = {sz, func, fillval, issparse}
    if (isa (a{1}, "dfg.Tensor"))
      error ("dfg:badArgument", "dfg.accumarray: SZ, FUNC, FILLVAL and ISSPARSE must be plain values, not dfg.Tensor");
    endif
  endfor
  if (! isempty (issparse) && issparse)
    error ("dfg:badArgument", "dfg.accumarray: a sparse result is not available for tensors (dfg has no sparse arrays)");
  endif
  if (isempty (func))
    fname = "sum";
  elseif (! is_function_handle (func))
    error ("dfg:badArgument", "dfg.accumarray: FUNC must be a function handle");
  else
    fname = regexprep (func2str (func), '^@', "");
    if (! any (strcmp (fname, {"sum", "max", "min"})))
      error ("dfg:badArgument", "dfg.accumarray: FUNC %s is not available for tensor VALS (use @sum, @max or @min)", func2str (func));
    endif
  endif
  if (isempty (fillval))
    fillval = 0;
  elseif (! (isscalar (fillval) && (isnumeric (fillval) || islogical (fillval))))
    error ("dfg:badArgument", "dfg.accumarray: FILLVAL must be a numeric scalar");
  endif

  ## the linear index of each value and the output size, as accumarray.m
  nvals = numel (vals);
  if (iscell (subs))
    subs = cellfun (@(s) s(:), subs, "uniformoutput", false);
    nd = numel (subs);
    lens = cellfun (@numel, subs);
    if (any (lens != lens(1)))
      error ("dfg:nonconformant", "dfg.accumarray: the subscript vectors of SUBS have different lengths");
    endif
    nsubs = lens(1);
    subs = [subs{:}];
  else
    nd = columns (subs);
    nsubs = rows (subs);
  endif
  if (nvals > 1 && nvals != nsubs)
    error ("dfg:nonconformant", "dfg.accumarray: VALS has %d elements but SUBS has %d rows (dimension mismatch)", nvals, nsubs);
  endif
  if (! isempty (subs) && ! all (isindex (subs(:))))
    error ("dfg:index", "dfg.accumarray: SUBS must be positive integers");
  endif
  if (nd > 1)
    if (isempty (sz))
      sz = max (subs, [], 1);
    elseif (nd != numel (sz))
      error ("dfg:nonconformant", "dfg.accumarray: SZ has %d elements but SUBS has %d columns (dimensions mismatch)", numel (sz), nd);
    endif
    s = num2cell (subs, 1);
    lin = sub2ind (sz, s{:});
  else
    if (! isempty (sz) && numel (sz) < 2)
      error ("dfg:badArgument", "dfg.accumarray: SZ needs at least 2 dimensions");
    endif
    lin = subs(:);
    if (isempty (sz))
      sz = [max([lin; 0]), 1];
    elseif (max ([lin; 0]) > prod (sz))
      error ("dfg:index", "dfg.accumarray: a subscript (%d) is out of bound for SZ (%d elements)", max (lin), prod (sz));
    endif
  endif
  lin = double (lin(:));
  N = prod (sz);

  cls = class (vals);
  if (strcmp (cls, "logical"))
    if (! strcmp (fname, "sum"))
      error ("dfg:badClass", "dfg.accumarray: logical VALS with @%s are not supported on tensors: use double (VALS)", fname);
    endif
    cls = "double";
  endif
  if (nvals == 1)
    vals = repmat (vals, nsubs, 1);
  else
    vals = reshape (vals, [], 1);
  endif

  cnt = accumarray (lin, 1, [N, 1]);
  empty = reshape (cnt == 0, sz);

  switch (fname)
    case "sum"
      ## a scatter-add (TAKE_ADD: y(p(k)) += v(k), in the order of k, as
      ## Octave's __accumarray_sum__ adds) into max (n, N) slots, padded
      ## with zeros at position 1; its gradient gathers the adjoint
      L = max (nsubs, N);
      v = vals;
      if (strcmp (class (v), "logical"))
        v = double (v);
      endif
      p = lin;
      if (L > nsubs)
        v = [v; zeros(L - nsubs, 1, cls)];
        p = [p; ones(L - nsubs, 1)];
      endif
      A = dfg.Tensor (dfg_mex ("take_add", v, p, 1));
      A = reshape (A(1:N), sz);
      if (fillval != 0 && any (empty(:)))
        A = merge (empty, cast (fillval, cls), A);
      endif
    otherwise
      ## G(r, j): the position in [vals; NaN] of the r-th value of bin j
      ## (NaN pads the bins to the largest count, max and min skip it)
      [sl, ord] = sort (lin);
      K = max ([cnt; 0]);
      first = cumsum ([1; cnt(1:end-1)]);
      r = (1:nsubs).' - first(sl) + 1;
      G = repmat (nsubs + 1, max (K, 1), N);
      G(sub2ind (size (G), r, sl)) = ord;
      v = [vals; NaN(1, 1, cls)];
      M = reshape (v(G(:)), size (G));  # (v(G) of vectors v, G would take v's orientation)
      if (strcmp (fname, "max"))
        A = reshape (max (M, [], 1), sz);
        nonneg = all (vals >= 0);
      else
        A = reshape (min (M, [], 1), sz);
        nonneg = all (vals <= 0);
      endif
      ## an empty bin holds accumarray.m's neutral value: 0 when FILLVAL
      ## is 0 and every value is >= 0 (<= 0 for min), else NaN
      if (any (empty(:)))
        if (fillval == 0)
          z = merge (nonneg, zeros (1, 1, cls), NaN (1, 1, cls));
        else
          z = NaN (1, 1, cls);
        endif
        A = merge (empty, z, A);
      endif
  endswitch

endfunction
