## -*- texinfo -*-
## @deftypefn  {} {@var{p} =} dfg.internal.polyfit (@var{x}, @var{y}, @var{n})
## @deftypefnx {} {[@var{p}, @var{S}] =} dfg.internal.polyfit (@var{x}, @var{y}, @var{n})
## @deftypefnx {} {[@var{p}, @var{S}, @var{mu}] =} dfg.internal.polyfit (@var{x}, @var{y}, @var{n})
## Internal: @code{polyfit} when @var{x} or @var{y} is a @code{dfg.Tensor}
## (the method @code{dfg.Tensor/polyfit} forwards here), as Octave 7.3's
## polyfit.m: the least-squares fit of degree @var{n} (or of the powers
## a logical mask @var{n} selects) through the Vandermonde matrix and an
## economy QR, @code{p = r \ (q' * y)}.  The gradient flows to @var{y}
## and to @var{x} through the QR and the solve.
##
## @var{n} must be a plain value.  With a plain @var{x} the QR is
## Octave's pivoted one on plain data, and @var{S} (yf, X, C, R, df,
## normr) is given as Octave's (yf and normr are tensors).  With a tensor
## @var{x} the QR is unpivoted (the same least-squares solution where the
## Vandermonde matrix has full rank) and @var{S} is refused; @var{mu} =
## [mean(x), std(x)] is given in both cases.
## @end deftypefn
function [p, s, mu] = polyfit (x, y, n)

  if (nargin != 3)
    error ("dfg:badArgument", "dfg.polyfit: called with %d arguments (expected 3)", nargin);
  endif
  dfg.internal.refuse_symbolic ("polyfit", {x, y, n});
  if (isa (n, "dfg.Tensor"))
    error ("dfg:badArgument", "dfg.polyfit: N (argument 3) must be a plain value, not a dfg.Tensor");
  endif
  tx = isa (x, "dfg.Tensor");
  if (tx && isargout (2))
    error ("dfg:badArgument", "dfg.polyfit: the structure S (output 2) needs a plain X; X is a dfg.Tensor of size %s (ask for p or [p, ~, mu], or give a plain X)",
           dfg.internal.size_str (x));
  endif

  y_is_row_vector = isrow (y);
  x = reshape (x, [], 1);
  y = reshape (y, [], 1);
  nx = numel (x);
  ny = numel (y);
  if (nx != ny)
    error ("dfg:nonconformant", "dfg.polyfit: X and Y must have the same number of points (X has %d, Y has %d)", nx, ny);
  endif
  if (nargout > 2)
    mu = [mean(x), std(x)];
    x = (x - mu(1)) / mu(2);
  endif

  if (islogical (n))
    polymask = n(:).';
    n = numel (polymask) - 1;
    m = sum (polymask) - 1;
    pad_output = true;
  else
    if (! (isscalar (n) && isnumeric (n) && n >= 0 && ! isinf (n) && n == fix (n)))
      error ("dfg:badArgument", "dfg.polyfit: N must be a non-negative integer");
    endif
    polymask = true (1, n+1);
    m = n;
    pad_output = false;
  endif
  if (m >= nx)
    warning ("polyfit: degree of polynomial N is >= number of data points; solution is not unique");
    m = nx;
    pad_output = true;
    idx = find (polymask);
    idx((end-m+1):end) = [];
    polymask(idx) = false;
  endif

  if (tx)
    ## vander (x, n+1), built as vander.m does (repeated products)
    cols = cell (1, n+1);
    d = ones (nx, 1, class (x));
    for i = n+1:-1:1
      cols{i} = d;
      d = d .* x;
    endfor
    X = [cols{:}];
    v = X(:, polymask);
    [q, r] = qr (v, 0);
    p = r \ (q' * y);
  else
    X = vander (x, n+1);
    v = X(:, polymask);
    [q, r, k] = qr (v, 0);
    p = r \ (q' * y);
    ik = zeros (1, numel (k));
    ik(k) = 1:numel (k);
    p = p(ik);           # p(k) = p
  endif

  if (isargout (2))
    yf = v * p;
    if (y_is_row_vector)
      s.yf = yf.';
    else
      s.yf = yf;
    endif
    s.X = X;
    try
      C = cholinv (r.'*r)(k, k);
    catch
      C = NaN (m, m);
    end_try_catch
    if (pad_output)
      s.X(:, ! polymask) = 0;
      s.R = zeros (rows (r), n+1); s.R(:, polymask) = r;
      s.C = zeros (rows (C), n+1); s.C(:, polymask) = C;
    else
      s.R = r;
      s.C = C;
    endif
    s.df = max (0, nx - m - 1);
    s.normr = norm (yf - y);
  endif

  if (pad_output)
    ## p = zeros (n+1, 1); p(polymask) = q: double, as Octave's
    ## assignment into a double array gives
    sel = zeros (n+1, 1);
    sel(polymask) = 1:nnz (polymask);
    p = [0; double(p)](sel + 1);
  endif
  p = reshape (p, 1, []);

endfunction
