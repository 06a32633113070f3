## -*- texinfo -*-
## @deftypefn {} {@var{Y} =} dfg.internal.pool2d (@var{fn}, @var{X}, @var{poolsize}, @var{args})
## Internal: dfg.nn.maxpool2d and dfg.nn.avgpool2d.  Puts every window
## into a column of a (ph*pw) x (Ho*Wo*C*N) array and takes max or mean
## along dimension 1: by a reshape and permute when the windows tile the
## image (stride = pool size, no padding), else by a gather with indices
## fixed when the graph is built (padding reads an appended row of -Inf for
## max, 0 for mean).
## @end deftypefn
function Y = pool2d (fn, X, k, args)
  if (! (isnumeric (k) && any (numel (k) == [1 2]) && all (k >= 1 & k == fix (k))))
    error ("dfg:badArgument", "dfg.nn.%s: POOLSIZE (argument 2) must be a positive integer or two", fn);
  endif
  k = double ([k(1), k(end)]);
  s = [1 1];  p = [0 0 0 0];
  if (mod (numel (args), 2))
    error ("dfg:badArgument", "dfg.nn.%s: options come in name/value pairs", fn);
  endif
  for q = 1:2:numel (args)
    name = args{q};  v = args{q+1};
    if (! ischar (name))
      error ("dfg:badArgument", "dfg.nn.%s: option names must be strings", fn);
    endif
    switch (lower (name))
      case "stride"
        if (! (isnumeric (v) && any (numel (v) == [1 2]) && all (v >= 1 & v == fix (v))))
          error ("dfg:badArgument", "dfg.nn.%s: \"stride\" must be a positive integer or two", fn);
        endif
        s = double ([v(1), v(end)]);
      case "padding"
        if (! (isnumeric (v) && any (numel (v) == [1 2 4]) && all (v >= 0 & v == fix (v))))
          error ("dfg:badArgument", "dfg.nn.%s: \"padding\" must be a nonnegative integer, [ph pw] or [top bottom left right]", fn);
        endif
        v = double (v(:)');
        p = v([1 1 1 1]);
        if (numel (v) == 2), p = v([1 1 2 2]); elseif (numel (v) == 4), p = v; endif
      otherwise
        error ("dfg:badArgument", "dfg.nn.%s: unknown option '%s' (stride, padding)", fn, name);
    endswitch
  endfor
  if (any (p([1 2]) >= k(1)) || any (p([3 4]) >= k(2)))
    ## a window could then hold padding only
    error ("dfg:badArgument", "dfg.nn.%s: \"padding\" must be less than the pool size (%dx%d)", fn, k);
  endif
  if (ndims (X) > 4)
    error ("dfg:badArgument", "dfg.nn.%s: X must be H x W x C x N", fn);
  endif
  [H, W, C, N] = size (X);
  ismax = strcmp (fn, "maxpool2d");
  if (isequal (s, k) && ! any (p) && ! mod (H, k(1)) && ! mod (W, k(2)))
    ## windows that tile the image: a permute instead of a gather (and of
    ## a scatter in the gradient)
    Ho = H / k(1);  Wo = W / k(2);
    cols = reshape (permute (reshape (X, k(1), Ho, k(2), Wo, C * N), [1 3 2 4 5]),
                    k(1) * k(2), Ho * Wo * C * N);
    Y = reshape (reduce_ (cols, ismax, k, class (X)), Ho, Wo, C, N);
    return;
  endif
  [I, Ho, Wo] = dfg.internal.window_index (H, W, k, s, p, [1 1]);
  if (isempty (I))
    error ("dfg:nonconformant", "dfg.nn.%s: the %dx%d window does not fit the padded %dx%d image",
           fn, k, H + p(1) + p(2), W + p(3) + p(4));
  endif
  fillv = cast (merge (ismax, -Inf, 0), class (X));
  Xz = reshape (X, H * W, C * N);
  if (any (I(:) == 0))             # padding: an appended row of fill values
    I(I == 0) = H * W + 1;
    Xz = [Xz; fillv * ones(1, C * N, class (X))];
  endif
  cols = reshape (Xz(I(:), :), k(1) * k(2), Ho * Wo * C * N);
  Y = reshape (reduce_ (cols, ismax, k, class (X)), Ho, Wo, C, N);
endfunction

## max or mean of each column (a window)
function Y = reduce_ (cols, ismax, k, cls)
  if (ismax)
    Y = max (cols, [], 1);
  else
    Y = sum (cols, 1) / cast (k(1) * k(2), cls);
  endif
endfunction

