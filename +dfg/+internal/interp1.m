## -*- texinfo -*-
## @deftypefn  {} {@var{yi} =} dfg.internal.interp1 (@var{x}, @var{y}, @var{xi})
## @deftypefnx {} {@var{yi} =} dfg.internal.interp1 (@var{y}, @var{xi})
## @deftypefnx {} {@var{yi} =} dfg.internal.interp1 (@dots{}, @var{method})
## @deftypefnx {} {@var{yi} =} dfg.internal.interp1 (@dots{}, @var{extrap})
## Internal: @code{interp1} when @var{y} or @var{xi} is a @code{dfg.Tensor}
## (the method @code{dfg.Tensor/interp1} forwards here), with Octave 7.3's
## interp1.m semantics: methods @qcode{"linear"} (default),
## @qcode{"nearest"}, @qcode{"previous"}, @qcode{"next"}, @qcode{"pchip"}
## (@qcode{"cubic"}), @qcode{"spline"} and their @qcode{"*"} forms, the
## @qcode{"left"} / @qcode{"right"} continuity options, NaN (NA) outside
## the range, @qcode{"extrap"} or a scalar value there.  @var{y} may be a
## vector or an array whose columns are interpolated.
##
## @var{x} is the table of sample points.  A plain @var{x} is known when
## the graph is built (sorted here if it is not monotonic, as Octave
## does): everything that depends on it alone (breaks, the spline's linear
## map from @var{y} to its coefficients) is computed in Octave.  A tensor
## @var{x} takes interp1.m's orders when the graph runs (sorted unless
## monotonic, flipped for "left" / "right" against its direction and for
## "next": permutations chosen by @code{merge} and applied by TAKE), and
## the pieces are tensor ops of it (pchip.m's and spline.m's formulas,
## spline.m's tridiagonal system solved densely by @code{mldivide}).
## What depends on @var{y} and @var{xi} is made of tensor ops, so
## gradients come from their rules: with respect to @var{y} for every
## method, with respect to @var{xi} and a tensor @var{x} for the linear and
## cubic methods (zero for the piecewise constant ones).  Where Octave's
## interp1 errors on a tensor @var{x}'s values (repeated points for the
## cubic and previous/next methods, all points equal) the result is NaN.
## The interval of each query is @code{lookup (b, xi, "lr")} (the LOOKUP
## op: a binary search, O(@var{m} log breaks)); the pieces' coefficients
## are moved to the queries by those positions (the TAKE op, whose
## gradient is a scatter-add).  The spline of a plain @var{x} is dense:
## four @var{ny}-by-@var{ny} matrices (memory and time O(@var{ny}^2) per
## column of @var{y}).
## @end deftypefn
function yi = interp1 (varargin)

  if (nargin < 2 || nargin > 6)
    error ("dfg:badArgument", "dfg.interp1: called with %d arguments (expected 2 to 6)", nargin);
  endif
  dfg.internal.refuse_symbolic ("interp1", varargin);
  x = varargin{1};
  y = varargin{2};
  method = "linear";
  extrap = [];
  xi = [];
  have_xi = false;
  rightcontinuous = NaN;
  for i = 3:nargin
    arg = varargin{i};
    if (ischar (arg))
      switch (tolower (arg))
        case "extrap"
          extrap = "extrap";
        case "pp"
          error ("dfg:badArgument", "dfg.interp1: the \"pp\" form (a piecewise polynomial struct) is not available for tensors: give XI");
        case {"right", "-right"}
          rightcontinuous = true;
        case {"left", "-left"}
          rightcontinuous = false;
        otherwise
          method = tolower (arg);
      endswitch
    elseif (i == 3)
      xi = arg;
      have_xi = true;
    else
      extrap = arg;
    endif
  endfor
  if (! have_xi)
    xi = y;
    y = x;
    if (isvector (y))
      x = 1:numel (y);
    else
      x = 1:rows (y);
    endif
  endif
  methods = {"nearest", "previous", "next", "linear", "pchip", "cubic", "spline"};
  if (! any (strcmp (method, [methods, strcat("*", methods)])))
    error ("dfg:badArgument", "dfg.interp1: invalid METHOD '%s'", method);
  endif
  tx = isa (x, "dfg.Tensor");
  if (! tx && ! ((isnumeric (x) || islogical (x)) && isreal (x)))
    error ("dfg:badClass", "dfg.interp1: X must be a real numeric array, not %s", class (x));
  endif
  if (isempty (extrap))
    extrap = NA;
  elseif (islogical (extrap))
    extrap = "extrap";      # (interp1.m replaces outliers by a numeric value only)
  elseif (! ischar (extrap))
    if (isa (extrap, "dfg.Tensor") || ! isscalar (extrap) || ! (isnumeric (extrap) || islogical (extrap)))
      error ("dfg:badArgument", "dfg.interp1: the extrapolation value must be \"extrap\" or a plain numeric scalar");
    endif
  endif

  if (strcmp (class (xi), "logical"))
    error ("dfg:badClass", "dfg.interp1: XI must be numeric, not logical (Octave's lookup refuses a logical XI)");
  endif

  xclass = class (x);
  if (tx)
    x = reshape (x, [], 1);
    if (strcmp (xclass, "logical"))
      x = double (x);
    endif
  else
    x = double (x(:));   # Octave's breaks are x's class; only dx's class matters (below)
  endif
  nx = numel (x);
  szx = size (xi);
  xi_vector = isvector (zeros (szx));
  y_vector = isvector (y);
  ysize = dfg.internal.size_str (y);      # (for messages)
  if (y_vector)
    y = y(:);
  endif
  szy = size (y);
  ny = szy(1);
  y = reshape (y, ny, []);
  nc = columns (y);
  xi = xi(:);

  if (nc == 0)
    error ("dfg:badArgument", "dfg.interp1: Y (%s) has no columns to interpolate (Octave 7.3's interp1 fails on it)", ysize);
  endif
  if (nx < 2 || ny < 2)
    error ("dfg:badArgument", "dfg.interp1: a minimum of 2 points is required in each dimension (X has %d, Y has %d rows)", nx, ny);
  endif
  spline_m = any (strcmp (method, {"spline", "*spline"}));
  if (ny != nx && ! (spline_m && ny == nx + 2) && ! (nx == 2 && any (strcmp (method, {"pchip", "cubic", "*pchip", "*cubic", "spline", "*spline"}))))
    error ("dfg:nonconformant", "dfg.interp1: X has %d points but Y has %d rows (size %s)", nx, ny, ysize);
  endif
  if (strcmp (class (y), "logical"))
    if (any (strcmp (method, {"nearest", "previous", "next", "*nearest", "*previous", "*next"})))
      error ("dfg:badClass", "dfg.interp1: a logical Y with METHOD '%s' (a logical result, or an error where a query is out of range) is not supported on tensors: use double (Y)", method);
    endif
    y = double (y);
  endif

  if (tx)
    if (ny != nx && nx != 2)
      error ("dfg:badArgument", "dfg.interp1: with X a dfg.Tensor, Y must have as many rows as X has points (X has %d, Y has %d rows; the spline's end slopes need a plain X)", nx, ny);
    endif
    [b, C, x1, xn, bad, lohi] = tensor_pieces_ (x, y, method, rightcontinuous);
  else
  if (! issorted (x, "either"))
    [x, p] = sort (x);
    y = y(p,:);
  endif
  if (any (strcmp (method, {"previous", "*previous", "next", "*next"})))
    rightcontinuous = NaN;
  endif
  if (isnan (rightcontinuous))
    rightcontinuous = ! (x(end) < x(1));
  elseif ((rightcontinuous && (x(end) < x(1))) || (! rightcontinuous && (x(end) > x(1))))
    x = flipud (x);
    y = flipud (y);
  endif
  if (strcmp (method, "next"))
    x = flipud (x);
    y = flipud (y);
    method = "previous";
  elseif (strcmp (method, "*next"))
    x = flipud (x);
    y = flipud (y);
    method = "*previous";
  endif

  starmethod = method(1) == "*";
  if (starmethod)
    dx = x(2) - x(1);
  else
    jumps = x(1:end-1) == x(2:end);
    if (any (jumps))
      if (any (strcmp (method, {"linear", "nearest"})))
        if (any (jumps(1:nx-2) & jumps(2:nx-1)))
          warning ("interp1: multiple discontinuities at the same X value");
        endif
      else
        error ("dfg:badArgument", "dfg.interp1: discontinuities (repeated values in X) are not supported for METHOD '%s'", method);
      endif
    endif
  endif

  ## The piecewise polynomial: breaks b (a plain column) and coefficient
  ## arrays C{1..k} (pieces x columns, highest power first), as interp1.m
  ## gives mkpp.
  switch (method)
    case "nearest"
      b = [x(1); (x(1:nx-1)+x(2:nx))/2; x(nx)];
      C = {y};
    case "*nearest"
      b = [x(1), x(1)+[0.5:(nx-1)]*dx, x(nx)].';
      C = {y};
    case "previous"
      b = [x(1:nx); 2*x(nx)-x(nx-1)];
      C = {y};
    case "*previous"
      b = (x(1)+[0:nx]*dx).';
      C = {y};
    case "linear"
      keep = ! jumps;
      xx = x([keep; true]);
      yy = y(find ([keep; true]),:);
      dy = y(2:nx,:) - y(1:nx-1,:);
      dy = dy(find (keep),:);
      b = xx;
      C = {dy ./ diff(xx), yy(1:end-1,:)};
    case "*linear"
      dy = y(2:nx,:) - y(1:nx-1,:);
      b = x;
      C = {dy / dx, y(1:nx-1,:)};
    case {"pchip", "*pchip", "cubic", "*cubic"}
      if (nx == 2 || starmethod)
        x = linspace (x(1), x(nx), ny).';
      endif
      [b, C] = pchip_ (x, y);
    case {"spline", "*spline"}
      if (nx == 2 || starmethod)
        x = linspace (x(1), x(nx), ny).';
      endif
      ## the spline is linear in y: its coefficients are M{o} * y, M{o}
      ## the coefficients of the splines through the unit vectors
      pp = spline (x.', eye (ny));
      [b, P, np, k] = unmkpp (pp);
      b = b(:);
      C = cell (1, k);
      for o = 1:k
        C{o} = reshape (P(:,o), ny, np).' * y;
      endfor
  endswitch
  x1 = x(1);
  xn = x(nx);
  bad = false;
  lohi = {};
  endif
  nb = numel (b);
  np = nb - 1;

  ## the piece of each query: lookup (b, xi, "lr") (NaN: the last piece);
  ## a tensor X's linear pieces between repeated values have no width:
  ## the queries stay off them, as Octave's removal of the jumps does
  if (tx || isa (xi, "dfg.Tensor"))
    if (strcmp (xclass, "single") && ! tx)
      b = single (b);
    endif
    idx = lookup (b, xi, "lr");
    if (! isempty (lohi))
      idx = min (max (idx, lohi{1}), lohi{2});
    endif
  else
    idx = lookup (b, xi, "lr");
    idx = idx(:);
  endif

  yi = pick_ (C{1}, idx, np);
  if (numel (C) > 1)
    if (strcmp (xclass, "single"))
      bb = single (b(1:np));
    else
      bb = b(1:np);
    endif
    d = xi - pick_ (bb, idx, np);
    for o = 2:numel (C)
      yi = yi .* d + pick_ (C{o}, idx, np);
    endfor
  endif

  ## the result's shape: the values are query-major (m x nc) in every
  ## form; the shape is what interp1.m's ppval (or pchip / spline, then
  ## shiftdim) gives, found by running them on a dummy of that structure
  ## (ppval drops a trailing singleton before its shiftdim, so a scalar XI
  ## with a 3-D Y is not [1, size(Y)(2:end)])
  if (any (strcmp (method, {"pchip", "*pchip", "cubic", "*cubic", "spline", "*spline"})))
    shape = size (ppval (mkpp ([0 1], zeros (nc, 1), nc), zeros (szx)));
    if (! isvector (zeros (nc, ny)))
      shape = size (shiftdim (zeros (shape), 1));
    endif
  else
    pp = mkpp ([0 1], zeros (nc, 1), szy(2:end));
    pp.orient = "first";
    shape = size (ppval (pp, zeros (szx)));
  endif
  yi = reshape (yi, shape);

  if (! ischar (extrap) && numel (xi) > 0)     # (no query: nothing is outside)
    minx = min (x1, xn);
    maxx = max (x1, xn);
    out = reshape ((xi < minx) | ! (xi <= maxx), szx);   # (NaN is outside)
    v = cast (extrap, class (yi));
    if (isequal (szx, shape))
      ## interp1.m: yi(outliers) = extrap
      if (isa (out, "dfg.Tensor") || isa (yi, "dfg.Tensor"))
        yi = merge (out, v, yi);
      else
        yi(out) = v;
      endif
    elseif (! isa (out, "dfg.Tensor"))
      ## interp1.m: yi(outliers, :) = extrap, an XI-shaped mask on the
      ## rows of yi (whole rows set, or an error, as Octave does)
      yi(out, :) = v;
    elseif (numel (out) <= shape(1))
      ## (a mask shorter than the rows leaves the rows past it alone)
      rows_out = [reshape(out, [], 1); false(shape(1) - numel (out), 1)];
      rows_out = repmat (rows_out, 1, prod (shape(2:end)));
      yi = reshape (merge (rows_out, v, reshape (yi, shape(1), [])), shape);
    else
      error ("dfg:badArgument", "dfg.interp1: an array XI (%s) that is a tensor, with an array Y (%s) and an extrapolation value: Octave 7.3's interp1.m applies XI's mask of outliers to the rows of the result (an error or whole rows set, depending on the values); give \"extrap\", a vector XI, or a vector Y",
             dfg.internal.size_str (zeros (szx)), ysize);
    endif
  endif
  if (tx)
    yi = merge (bad & true (size (yi)), cast (NaN, class (yi)), yi);
  endif

endfunction

## The pieces of a tensor X (a column of nx points) and Y (nx rows, or
## any number for nx == 2), with interp1.m's orders chosen when the graph
## runs: X sorted (stably) unless it is monotonic either way; flipped for
## "left" on an increasing X or "right" on a decreasing one; flipped for
## "next".  b: the breaks, C: the coefficients (as the plain path's),
## x1, xn: the first and last points (the range for the extrapolation
## value), bad: a logical tensor, true where Octave's interp1 errors
## (repeated X values for previous/next/pchip/spline, every X equal for
## linear): the result is NaN then; lohi: {first, last} usable linear
## piece (the ends of the pieces Octave keeps after removing the jumps).
function [b, C, x1, xn, bad, lohi] = tensor_pieces_ (x, y, method, rightcontinuous)
  nx = numel (x);
  ny = rows (y);
  d = x(2:nx) - x(1:nx-1);
  P = merge (all (d >= 0) | all (d <= 0), (1:nx).', sort_perm_ (x));
  if (any (strcmp (method, {"previous", "*previous", "next", "*next"})))
    rightcontinuous = NaN;
  endif
  if (! isnan (rightcontinuous))
    x0 = take_ (x, P);
    if (rightcontinuous)
      flip = x0(nx) < x0(1);
    else
      flip = x0(nx) > x0(1);
    endif
    P = merge (flip, flipud (P), P);
  endif
  if (any (strcmp (method, {"next", "*next"})))
    P = flipud (P);
    method = strrep (method, "next", "previous");
  endif
  x = take_ (x, P);
  if (ny == nx)
    y = pick_ (y, P, nx);
  else
    ## (nx == 2: interp1.m flips all of Y's rows with X's two points)
    y = pick_ (y, merge (P(1) == 2, (ny:-1:1).', (1:ny).'), ny);
  endif
  x1 = x(1);
  xn = x(nx);
  bad = false;
  lohi = {};
  starmethod = method(1) == "*";
  if (starmethod)
    dx = x(2) - x(1);
  elseif (! any (strcmp (method, {"linear", "nearest"})))
    bad = any (x(1:nx-1) == x(2:nx));
  endif
  switch (method)
    case "nearest"
      b = [x(1); (x(1:nx-1)+x(2:nx))/2; x(nx)];
      C = {y};
    case "*nearest"
      ## (interp1.m's [0.5:(nx-1)]*dx is a range: 0.5*dx + k*dx)
      b = [x(1); x(1)+(0.5*dx+(0:nx-2).'*dx); x(nx)];
      C = {y};
    case "previous"
      b = [x; 2*x(nx)-x(nx-1)];
      C = {y};
    case "*previous"
      b = x(1)+(0:nx).'*dx;
      C = {y};
    case "linear"
      h = x(2:nx) - x(1:nx-1);
      dy = y(2:nx,:) - y(1:nx-1,:);
      b = x;
      C = {dy ./ (h + (h == 0)), y(1:nx-1,:)};    # (no 0/0 on the unused pieces' gradients)
      lo = sum (x == x(1));
      hi = nx - sum (x == x(nx));
      bad = lo > hi;
      lohi = {min(lo, nx - 1), max(hi, 1)};
    case "*linear"
      dy = y(2:nx,:) - y(1:nx-1,:);
      b = x;
      C = {dy / dx, y(1:nx-1,:)};
    case {"pchip", "*pchip", "cubic", "*cubic"}
      if (nx == 2 || starmethod)
        x = linspace (x(1), x(nx), ny).';
        xn = x(nx);     # (interp1.m's range: the nx-th of the new points)
      endif
      ## pchip.m: a decreasing X flipped, else strictly increasing
      h = x(2:ny) - x(1:ny-1);
      fl = all (h < 0);
      bad = bad | ! (fl | all (h > 0));
      Q = merge (fl, (ny:-1:1).', (1:ny).');
      [b, C] = pchip_ (take_ (x, Q), pick_ (y, Q, ny), false);
    case {"spline", "*spline"}
      if (nx == 2 || starmethod)
        x = linspace (x(1), x(nx), ny).';
        xn = x(nx);
      endif
      ## spline.m: X sorted (increasing; Octave's interp1 refused repeated
      ## values above)
      Q = sort_perm_ (x);
      [b, C] = spline_ (take_ (x, Q), pick_ (y, Q, ny));
  endswitch
endfunction

## spline.m's not-a-knot spline through the columns of y at the increasing
## points x (a tensor column), as tensor ops: breaks b and coefficients C
## (highest power first), the tridiagonal system solved densely (mldivide;
## Octave solves it as a sparse tridiagonal one: values agree to rounding).
function [b, C] = spline_ (x, a)
  n = numel (x);
  h = x(2:n) - x(1:n-1);
  if (n == 2)
    b = x;
    C = {(a(2,:) - a(1,:)) / (x(2) - x(1)), a(1,:)};
  elseif (n == 3)
    c = (a(1,:) - a(3,:)) / ((x(3) - x(1)) * (x(2) - x(3))) ...
        + (a(2,:) - a(1,:)) / ((x(2) - x(1)) * (x(2) - x(3)));
    bb = (a(2,:) - a(1,:)) * (x(3) - x(1)) ...
         / ((x(2) - x(1)) * (x(3) - x(2))) ...
         + (a(1,:) - a(3,:)) * (x(2) - x(1)) ...
         / ((x(3) - x(1)) * (x(3) - x(2)));
    b = [x(1); x(3)];
    C = {c, bb, a(1,:)};
  else
    g1 = 3 / (h(1) + h(2)) ...
         * (a(3,:) - a(2,:) - h(2) / h(1) * (a(2,:) - a(1,:)));
    gn = 3 / (h(n-1) + h(n-2)) ...
         * (h(n-2) / h(n-1) * (a(n,:) - a(n-1,:)) - (a(n-1,:) - a(n-2,:)));
    if (n > 4)
      gm = 3 * (a(4:n-1,:) - a(3:n-2,:)) ./ h(3:n-2) ...
           - 3 * (a(3:n-2,:) - a(2:n-3,:)) ./ h(2:n-3);
      g = [g1; gm; gn];
      dg = 2 * (h(1:n-2) + h(2:n-1));
      dg = [dg(1) - h(1); dg(2:n-3); dg(n-2) - h(n-1)];
      ud = h(2:n-2);
      ld = [ud(1:n-4); ud(n-3) - h(n-1)];
      ud = [ud(1) - h(1); ud(2:n-3)];
      T = diag (dg) + diag (ld, -1) + diag (ud, 1);
    else
      g = [g1; gn];
      T = [h(1) + 2 * h(2), h(2) - h(1); h(2) - h(3), 2 * h(2) + h(3)];
    endif
    cm = T \ g;
    c1 = cm(1,:) + h(1) / h(2) * (cm(1,:) - cm(2,:));
    cn = cm(n-2,:) + h(n-1) / h(n-2) * (cm(n-2,:) - cm(n-3,:));
    c = [c1; cm; cn];
    bb = (a(2:n,:) - a(1:n-1,:)) ./ h ...
         - h / 3 .* (c(2:n,:) + 2 * c(1:n-1,:));
    d = (c(2:n,:) - c(1:n-1,:)) ./ (3 * h);
    b = x;
    C = {d, c(1:n-1,:), bb, a(1:n-1,:)};
  endif
endfunction

function p = sort_perm_ (x)
  [~, p] = sort (x);
endfunction

## x(p) of a column x by a tensor of positions p of its size
function r = take_ (x, p)
  r = dfg.Tensor (dfg_mex ("take", x, p, 1));
endfunction

## Rows idx of the pieces-by-columns array c: c(idx,:).  A tensor idx
## moves the rows with TAKE (padded to a common length: TAKE's positions
## have the size of what it reads), whose gradient is TAKE_ADD, a
## scatter-add into c's rows.
function r = pick_ (c, idx, np)
  if (! isa (idx, "dfg.Tensor"))
    r = c(idx,:);
    return;
  endif
  m = rows (idx);
  nc = columns (c);
  L = max (np, m);
  if (np < L)
    c = [c; zeros(L - np, nc, class (c))];
  endif
  p = idx;
  if (m < L)
    p = [p; ones(L - m, 1)];
  endif
  if (nc != 1)
    p = repmat (p, 1, nc);
  endif
  r = dfg.Tensor (dfg_mex ("take", c, p, 1));
  if (m < L)
    r = r(1:m,:);
  endif
endfunction

## pchip.m's breaks and coefficients for the columns of y at the points x
## (a plain column), with the slopes of SLATEC's DPCHIM (Octave's
## __pchip_deriv__) written as tensor ops.
function [b, C] = pchip_ (x, y, check = true)
  n = numel (x);
  h = diff (x);
  if (! check)
    ## (a tensor X: ordered by the caller)
  elseif (all (h < 0))
    x = flipud (x);
    y = flipud (y);
    h = diff (x);
  elseif (any (h <= 0))
    error ("dfg:badArgument", "dfg.interp1: X must be strictly monotonic for METHOD 'pchip'");
  endif
  del = (y(2:n,:) - y(1:n-1,:)) ./ h;
  if (n == 2)
    d = [del; del];
  else
    h1 = h(1:n-2);
    h2 = h(2:n-1);
    hsum = h1 + h2;
    del1 = del(1:n-2,:);
    del2 = del(2:n-1,:);
    s = sign (del1) .* sign (del2);
    hsumt3 = hsum + hsum + hsum;
    w1 = (hsum + h1) ./ hsumt3;
    w2 = (hsum + h2) ./ hsumt3;
    a1 = abs (del1);
    a2 = abs (del2);
    pos = s > 0;
    one = ones (1, 1, class (del));
    ## max and min of a1, a2 chosen by one test, so that at a tie (a1 ==
    ## a2) each gets one of them: dmin / (.. / dmax) is dmin * dmax / (..),
    ## smooth in a1, a2, and its gradient is right only if the two are not
    ## the same one (max and min would both give the first)
    big = a1 >= a2;
    dmax = merge (pos, merge (big, a1, a2), one);   # 1 where unused: no 0/0 in the gradient
    dmin = merge (big, a2, a1);
    den = merge (pos, w1 .* (del1 ./ dmax) + w2 .* (del2 ./ dmax), one);
    di = merge (pos, dmin ./ den, 0 * one);
    ## the ends: three-point formulas, shape-preserving
    d1 = end_slope_ (h(1), h(2), del(1,:), del(2,:), s(1,:), 1);
    dn = end_slope_ (h(n-2), h(n-1), del(n-2,:), del(n-1,:), s(end,:), 0);
    d = [d1; di; dn];
  endif
  f1 = y(1:n-1,:);
  dl = d(1:n-1,:);
  dr = d(2:n,:);
  delta = del;
  e1 = (dl - delta) ./ h;
  e2 = (dr - delta) ./ h;
  c3 = e1 + e2;
  c2 = -c3 - e1;
  c3 = c3 ./ h;
  b = x;
  C = {c3, c2, dl, f1};
endfunction

function d = end_slope_ (h1, h2, del1, del2, s12, first)
  hsum = h1 + h2;
  if (first)
    w1 = (h1 + hsum) / hsum;
    w2 = -h1 / hsum;
    dd = del1;
  else
    w1 = -h2 / hsum;
    w2 = (h2 + hsum) / hsum;
    dd = del2;
  endif
  d = w1 .* del1 + w2 .* del2;
  dmax = 3 .* dd;
  d = merge (s12 < 0 & abs (d) > abs (dmax), dmax, d);
  d = merge (sign (d) .* sign (dd) <= 0, zeros (1, 1, class (d)), d);
endfunction

%!test
%! ## a tensor x: sorted when the graph runs; gradient to x
%! x = dfg.input ([1 4]);
%! f = dfg.function (x, interp1 (x, [1 4 2 3], [1.5 2.5 3.5], "pchip"));
%! assert (f ([4 1 3 2]), interp1 ([4 1 3 2], [1 4 2 3], [1.5 2.5 3.5], "pchip"));
%! g = dfg.function (x, dfg.grad (sum (interp1 (x, [1 4 2 3], [1.5 2.5])), x));
%! assert (g ([1 2 3 4]), [-1.5 -0.5 1 0], 1e-12);   # d yi / d x of the two pieces
