## -*- texinfo -*-
## @deftypefn {} {@var{k} =} dfg.internal.locate (@var{b}, @var{xi})
## Internal: Octave's @code{lookup (@var{b}, @var{xi})} for a tensor
## @var{xi} and a monotonic plain vector @var{b}: for each element of
## @var{xi}, the number of elements of @var{b} that are <= it (>= it for a
## decreasing @var{b}); NaN comes after every element.  @var{k} is a
## double tensor of @var{xi}'s size (no gradient flows through it).
##
## It comes from the stable order of [@var{b}; @var{xi}] (@code{sort}'s
## positions, inverted by a scatter of 1:n): an element's position in it
## less its rank among the queries, so ties count as <= and the time is
## O((n + m) log (n + m)).  The comparisons are made in double, as
## Octave's lookup makes them for single queries.
## @end deftypefn
function k = locate (b, xi)
  nb = numel (b);
  q = reshape (double (xi), [], 1);
  b = double (b(:));
  if (nb > 1 && b(end) < b(1))
    b = -b;
    q = -q;
  endif
  m = numel (q);
  [~, p] = sort ([b; q]);
  [~, s] = sort (q);
  ## the inverse permutations: pos(p(i)) = i (TAKE_ADD of 1:n at p)
  pos = inverse_ (p, nb + m);
  rk = inverse_ (s, m);
  k = reshape (pos(nb+1:end) - rk, size (xi));
endfunction

function v = inverse_ (p, n)
  if (isa (p, "dfg.Tensor"))
    v = dfg.Tensor (dfg_mex ("take_add", (1:n).', p, 1));
  else
    v = zeros (n, 1);
    v(p) = 1:n;
  endif
endfunction

%!function k = run_locate (b, xi)
%!  t = dfg.input (size (xi), class (xi));
%!  f = dfg.function (t, dfg.internal.locate (b, t));
%!  k = f (xi);
%!endfunction
%!test
%! b = [1 2 2 4 7];
%! xi = [0 1 1.5 2 3 4 7 8 NaN -Inf Inf 2 -0];
%! assert (run_locate (b, xi), lookup (b, xi));
%! assert (run_locate (fliplr (b), xi.'), lookup (fliplr (b), xi.'));
%! assert (run_locate (b, single (xi)), lookup (b, xi));
%! assert (run_locate (b, zeros (0, 3)), zeros (0, 3));
%! x3 = reshape (xi(1:12), 2, 3, 2);
%! assert (run_locate (b, x3), lookup (b, x3));
%! assert (run_locate (5, [4 5 6]), [0 1 1]);
