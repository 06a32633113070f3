## Parity of dfg's reductions and scans with Octave's: sumsq sum prod mean max min
## (with index outputs) any all cumsum cumprod norm dot var std, sort cummax
## cummin (with index outputs) median, over default
## and explicit dimensions, double, single, logical, 3-D and empty arrays.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_parity_reduce.m")

%!shared A, B, As, Bs, R3, Rs3, Rv, Rv2, Cv, Cv2, S, LA, K, N, E03, E30, E00, P
%! randn ("state", 2);  rand ("state", 2);
%! A = randn (3, 4);  B = randn (3, 4);
%! As = single (randn (3, 4));  Bs = single (randn (3, 4));
%! R3 = randn (2, 3, 4);  Rs3 = single (randn (2, 3, 4));
%! Rv = randn (1, 5);  Rv2 = randn (1, 5);  Cv = randn (5, 1);  Cv2 = randn (5, 1);
%! S = randn ();  LA = rand (3, 4) > 0.5;  P = rand (3, 4) + 0.5;
%! K = [1 3 3 0; 2 -1 3 0; 2 3 -4 0];          # ties in every column and row
%! N = [NaN 1 NaN; 2 NaN NaN; -1 5 NaN];       # NaN in every column, one all-NaN
%! E03 = zeros (0, 3);  E30 = zeros (3, 0);  E00 = [];

## sumsq
%!test dfg_check_parity (@(x) sumsq (x), {A});
%!test dfg_check_parity (@(x) sumsq (x, 2), {A});
%!test dfg_check_parity (@(x) sumsq (x, 3), {A});
%!test dfg_check_parity (@(x) sumsq (x), {As});
%!test dfg_check_parity (@(x) sumsq (x, 2), {Rs3});
%!test dfg_check_parity (@(x) sumsq (x, 3), {R3});
%!test dfg_check_parity (@(x) sumsq (x), {Rv});
%!test dfg_check_parity (@(x) sumsq (x), {S});
%!test dfg_check_parity (@(x) sumsq (x), {LA});
%!test dfg_check_parity (@(x) sumsq (x), {N});
%!test dfg_check_parity (@(x) sumsq (x), {E03});
%!test dfg_check_parity (@(x) sumsq (x), {E30});
%!test dfg_check_parity (@(x) sumsq (x), {E00});
%!test dfg_check_parity (@(x) sumsq (x, 2), {E03});
%!error <DIM must be a valid dimension> sumsq (dfg.input ([2 2]), 0)
%!error <dfg.sumsq: called with 3 arguments \(expected 1 to 2\)> sumsq (dfg.input ([2 2]), 1, 2)

## sum
%!test dfg_check_parity (@(x) sum (x), {A});
%!test dfg_check_parity (@(x) sum (x, 1), {A});
%!test dfg_check_parity (@(x) sum (x, 2), {A});
%!test dfg_check_parity (@(x) sum (x, 3), {A});
%!test dfg_check_parity (@(x) sum (x), {As});
%!test dfg_check_parity (@(x) sum (x, 2), {As});
%!test dfg_check_parity (@(x) sum (x), {R3});
%!test dfg_check_parity (@(x) sum (x, 2), {R3});
%!test dfg_check_parity (@(x) sum (x, 3), {R3});
%!test dfg_check_parity (@(x) sum (x, 3), {Rs3});
%!test dfg_check_parity (@(x) sum (x), {Rv});
%!test dfg_check_parity (@(x) sum (x), {Cv});
%!test dfg_check_parity (@(x) sum (x, 1), {Rv});
%!test dfg_check_parity (@(x) sum (x), {S});
%!test dfg_check_parity (@(x) sum (x), {LA});
%!test dfg_check_parity (@(x) sum (x, 2), {LA});
%!test dfg_check_parity (@(x) sum (x), {E03});
%!test dfg_check_parity (@(x) sum (x), {E30});
%!test dfg_check_parity (@(x) sum (x), {E00});
%!test dfg_check_parity (@(x) sum (x, 2), {E03});
%!test dfg_check_parity (@(x) sum (x, 2), {E30});
%!test dfg_check_parity (@(x) sum (x), {N});
%!test dfg_check_parity (@(x) sum (x(:)), {R3});
%!test dfg_check_parity (@(x) sum (sum (x)), {A});
%!test dfg_check_parity (@sum, {A});
%!test dfg_check_parity (@(x) sum (x, 5), {R3});

## sort: values and indices, both directions, ties (stable), NaN, -0
%!test
%! T = [3 NaN 1 NaN 1 -0 0 2; 2 2 2 NaN -Inf Inf 0 -0];
%! for x = {A, As, R3, Rs3, Rv, Cv, S, LA, K, N, T, single(T), E03, E30, E00, false(0, 3)}
%!   dfg_check_parity (@(x) sort (x), x, 0, 2);
%!   dfg_check_parity (@(x) sort (x, "descend"), x, 0, 2);
%!   dfg_check_parity (@(x) sort (x, 2), x, 0, 2);
%!   dfg_check_parity (@(x) sort (x, 1, "ascend"), x, 0, 2);
%!   dfg_check_parity (@(x) sort (x, 2, "descend"), x, 0, 2);
%!   dfg_check_parity (@(x) sort (x), x, 0, 1);
%! endfor
%!test dfg_check_parity (@(x) sort (x, 3), {R3}, 0, 2);
%!test dfg_check_parity (@(x) sort (x, 3, "descend"), {Rs3}, 0, 2);
%!test
%! randn ("state", 3);
%! X = round (randn (3000, 7) * 3);  X(rand (size (X)) < 0.05) = NaN;
%! dfg_check_parity (@(x) sort (x), {X}, 0, 2);
%! dfg_check_parity (@(x) sort (x, 2, "descend"), {X}, 0, 2);
%! dfg_check_parity (@(x) sort (x(:)), {X}, 0, 2);
%!error <MODE must be either> sort (dfg.input ([2 2]), "ASCEND")
%!error <MODE must be either> sort (dfg.input ([2 2]), 1, "up")
%!error <DIM must be a valid dimension> sort (dfg.input ([2 2]), 3)
%!error <DIM must be a valid dimension> sort (dfg.input ([2 2]), 0)
%!error <too many outputs> [a, b, c] = sort (dfg.input ([2 2]))

## cummax, cummin: values and indices, ties (the first), NaN (leading: 1)
%!test
%! T = [NaN 1 NaN 3 3 2; NaN NaN -Inf NaN 0 0];
%! for x = {A, As, R3, Rs3, Rv, Cv, S, LA, K, N, T, single(T), E03, E30, E00}
%!   for f = {@cummax, @cummin}
%!     dfg_check_parity (@(x) f{1} (x), x, 0, 2);
%!     dfg_check_parity (@(x) f{1} (x, 2), x, 0, 2);
%!     dfg_check_parity (@(x) f{1} (x, 1), x, 0, 1);
%!     dfg_check_parity (@(x) f{1} (x, 3), x, 0, 2);
%!   endfor
%! endfor
%!error <DIM must be a valid dimension> cummax (dfg.input ([2 2]), 0)
%!error <too many outputs> [a, b, c] = cummin (dfg.input ([2 2]))

## median: odd and even counts, NaN, Inf, logical, DIM past ndims
%!test
%! T = [1 NaN 3 4; Inf -Inf 2 1; 5 6 Inf Inf];
%! for x = {A, As, R3, Rs3, Rv, Cv, S, LA, K, N, T, single(T), [true false], [true; false; false; true]}
%!   dfg_check_parity (@(x) median (x), x, 0);
%!   dfg_check_parity (@(x) median (x, 1), x, 0);
%!   dfg_check_parity (@(x) median (x, 2), x, 0);
%!   dfg_check_parity (@(x) median (x, 3), x, 0);
%! endfor
%!test
%! ## long slices (selection, not a sort): many ties, +-0, sorted runs, NaN
%! randn ("state", 22);
%! L = round (randn (301, 4) * 3);  L(1:150, 4) = -0;  L(:, 3) = (1:301)';
%! E = round (randn (4, 200) * 2);  E(2, 77) = NaN;
%! for x = {L, single(L), E, -L(1:300, :), L > 0}
%!   dfg_check_parity (@(x) median (x), x, 0);
%!   dfg_check_parity (@(x) median (x, 2), x, 0);
%! endfor
%!error <X cannot be an empty matrix> median (dfg.input ([0 3]))
%!error <X cannot be an empty matrix> median (dfg.input ([NaN 0]), 3)
%!error <DIM must be a valid dimension> median (dfg.input ([2 2]), 0)
%!error <too many outputs> [a, b] = median (dfg.input ([2 2]))

## prod
%!test dfg_check_parity (@(x) prod (x), {A});
%!test dfg_check_parity (@(x) prod (x, 2), {A});
%!test dfg_check_parity (@(x) prod (x), {As});
%!test dfg_check_parity (@(x) prod (x, 3), {R3});
%!test dfg_check_parity (@(x) prod (x), {Rv});
%!test dfg_check_parity (@(x) prod (x), {LA});
%!test dfg_check_parity (@(x) prod (x), {E03});
%!test dfg_check_parity (@(x) prod (x), {E00});
%!test dfg_check_parity (@(x) prod (x, 2), {E30});
%!test dfg_check_parity (@(x) prod (x), {K});
%!test dfg_check_parity (@(x) prod (x), {N});
%!test dfg_check_parity (@(x) prod (x, 1), {S});

## mean
%!test dfg_check_parity (@(x) mean (x), {A});
%!test dfg_check_parity (@(x) mean (x, 2), {A});
%!test dfg_check_parity (@(x) mean (x), {As});
%!test dfg_check_parity (@(x) mean (x, 2), {As});
%!test dfg_check_parity (@(x) mean (x), {R3});
%!test dfg_check_parity (@(x) mean (x, 3), {R3});
%!test dfg_check_parity (@(x) mean (x), {Rv});
%!test dfg_check_parity (@(x) mean (x), {Cv});
%!test dfg_check_parity (@(x) mean (x), {LA});
%!test dfg_check_parity (@(x) mean (x), {S});
%!test dfg_check_parity (@(x) mean (x(:)), {Rs3});
%!test dfg_check_parity (@(x) mean (x), {N});
%!test dfg_check_parity (@(x) mean (x, 3), {A});

## max and min reductions, with index outputs
%!test dfg_check_parity (@(x) max (x), {A});
%!test dfg_check_parity (@(x) max (x), {As});
%!test dfg_check_parity (@(x) max (x, [], 2), {A});
%!test dfg_check_parity (@(x) max (x, [], 1), {As});
%!test dfg_check_parity (@(x) max (x), {Rv});
%!test dfg_check_parity (@(x) max (x), {Cv});
%!test dfg_check_parity (@(x) max (x, [], 3), {R3});
%!test dfg_check_parity (@(x) max (x), {R3});
%!test dfg_check_parity (@(x) max (x), {LA});
%!test dfg_check_parity (@(x) max (x), {K});
%!test dfg_check_parity (@(x) max (x, [], 2), {K});
%!test dfg_check_parity (@(x) max (x), {N});
%!test dfg_check_parity (@(x) max (x, [], 2), {N});
%!test dfg_check_parity (@(x) max (x), {S});
%!test dfg_check_parity (@(x) max (x, [], 3), {A});
%!test dfg_check_parity (@(x) max (x), {[-Inf Inf 0]});
%!test dfg_check_parity (@(x) max (x(:)), {Rs3});
%!test dfg_check_parity (@(x) max (x), {A}, [], 2);
%!test dfg_check_parity (@(x) max (x), {As}, [], 2);
%!test dfg_check_parity (@(x) max (x, [], 2), {A}, [], 2);
%!test dfg_check_parity (@(x) max (x), {Rv}, [], 2);
%!test dfg_check_parity (@(x) max (x), {Cv}, [], 2);
%!test dfg_check_parity (@(x) max (x, [], 3), {R3}, [], 2);
%!test dfg_check_parity (@(x) max (x, [], 2), {R3}, [], 2);
%!test dfg_check_parity (@(x) max (x), {K}, [], 2);
%!test dfg_check_parity (@(x) max (x, [], 2), {K}, [], 2);
%!test dfg_check_parity (@(x) max (x), {N}, [], 2);
%!test dfg_check_parity (@(x) max (x, [], 2), {N}, [], 2);
%!test dfg_check_parity (@(x) max (x), {LA}, [], 2);
%!test dfg_check_parity (@(x) max (x), {S}, [], 2);
%!test dfg_check_parity (@(x) max (x, [], 3), {A}, [], 2);
%!test dfg_check_parity (@(x) max (x(:)), {Rs3}, [], 2);
%!test dfg_check_parity (@(x) max (x), {[NaN NaN]}, [], 2);
%!test dfg_check_parity (@(x) max (x), {E03});
%!test dfg_check_parity (@(x) max (x, [], 2), {E30});
%!test dfg_check_parity (@(x) max (x), {E00});
%!test dfg_check_parity (@(x) min (x), {A});
%!test dfg_check_parity (@(x) min (x), {As});
%!test dfg_check_parity (@(x) min (x, [], 2), {A});
%!test dfg_check_parity (@(x) min (x, [], 1), {As});
%!test dfg_check_parity (@(x) min (x), {Rv});
%!test dfg_check_parity (@(x) min (x), {Cv});
%!test dfg_check_parity (@(x) min (x, [], 3), {R3});
%!test dfg_check_parity (@(x) min (x), {R3});
%!test dfg_check_parity (@(x) min (x), {LA});
%!test dfg_check_parity (@(x) min (x), {K});
%!test dfg_check_parity (@(x) min (x, [], 2), {K});
%!test dfg_check_parity (@(x) min (x), {N});
%!test dfg_check_parity (@(x) min (x, [], 2), {N});
%!test dfg_check_parity (@(x) min (x), {S});
%!test dfg_check_parity (@(x) min (x, [], 3), {A});
%!test dfg_check_parity (@(x) min (x), {[-Inf Inf 0]});
%!test dfg_check_parity (@(x) min (x(:)), {Rs3});
%!test dfg_check_parity (@(x) min (x), {A}, [], 2);
%!test dfg_check_parity (@(x) min (x), {As}, [], 2);
%!test dfg_check_parity (@(x) min (x, [], 2), {A}, [], 2);
%!test dfg_check_parity (@(x) min (x), {Rv}, [], 2);
%!test dfg_check_parity (@(x) min (x), {Cv}, [], 2);
%!test dfg_check_parity (@(x) min (x, [], 3), {R3}, [], 2);
%!test dfg_check_parity (@(x) min (x, [], 2), {R3}, [], 2);
%!test dfg_check_parity (@(x) min (x), {K}, [], 2);
%!test dfg_check_parity (@(x) min (x, [], 2), {K}, [], 2);
%!test dfg_check_parity (@(x) min (x), {N}, [], 2);
%!test dfg_check_parity (@(x) min (x, [], 2), {N}, [], 2);
%!test dfg_check_parity (@(x) min (x), {LA}, [], 2);
%!test dfg_check_parity (@(x) min (x), {S}, [], 2);
%!test dfg_check_parity (@(x) min (x, [], 3), {A}, [], 2);
%!test dfg_check_parity (@(x) min (x(:)), {Rs3}, [], 2);
%!test dfg_check_parity (@(x) min (x), {[NaN NaN]}, [], 2);
%!test dfg_check_parity (@(x) min (x), {E03});
%!test dfg_check_parity (@(x) min (x, [], 2), {E30});
%!test dfg_check_parity (@(x) min (x), {E00});

## any and all
%!test dfg_check_parity (@(x) any (x > 0), {A});
%!test dfg_check_parity (@(x) any (x), {K});
%!test dfg_check_parity (@(x) any (x, 2), {K});
%!test dfg_check_parity (@(x) any (x), {LA});
%!test dfg_check_parity (@(x) any (x, 2), {LA});
%!test dfg_check_parity (@(x) any (x), {single(K)});
%!test dfg_check_parity (@(x) any (x > 0, 3), {R3});
%!test dfg_check_parity (@(x) any (x > 0), {R3});
%!test dfg_check_parity (@(x) any (x), {Rv > 0});
%!test dfg_check_parity (@(x) any (x), {E03});
%!test dfg_check_parity (@(x) any (x), {E00});
%!test dfg_check_parity (@(x) any (x, 2), {E30});
%!test dfg_check_parity (@(x) any (x), {N});
%!test dfg_check_parity (@(x) any (x(:)), {LA});
%!test dfg_check_parity (@(x) any (x), {[0 0 0]});
%!test dfg_check_parity (@(x) any (x), {[1 2 3]});
%!test dfg_check_parity (@(x) any (any (x)), {LA});
%!test dfg_check_parity (@(x) any (x, 3), {LA});
%!test dfg_check_parity (@(x) all (x > 0), {A});
%!test dfg_check_parity (@(x) all (x), {K});
%!test dfg_check_parity (@(x) all (x, 2), {K});
%!test dfg_check_parity (@(x) all (x), {LA});
%!test dfg_check_parity (@(x) all (x, 2), {LA});
%!test dfg_check_parity (@(x) all (x), {single(K)});
%!test dfg_check_parity (@(x) all (x > 0, 3), {R3});
%!test dfg_check_parity (@(x) all (x > 0), {R3});
%!test dfg_check_parity (@(x) all (x), {Rv > 0});
%!test dfg_check_parity (@(x) all (x), {E03});
%!test dfg_check_parity (@(x) all (x), {E00});
%!test dfg_check_parity (@(x) all (x, 2), {E30});
%!test dfg_check_parity (@(x) all (x), {N});
%!test dfg_check_parity (@(x) all (x(:)), {LA});
%!test dfg_check_parity (@(x) all (x), {[0 0 0]});
%!test dfg_check_parity (@(x) all (x), {[1 2 3]});
%!test dfg_check_parity (@(x) all (all (x)), {LA});
%!test dfg_check_parity (@(x) all (x, 3), {LA});

## cumsum and cumprod
%!test dfg_check_parity (@(x) cumsum (x), {A});
%!test dfg_check_parity (@(x) cumsum (x, 2), {A});
%!test dfg_check_parity (@(x) cumsum (x), {As});
%!test dfg_check_parity (@(x) cumsum (x, 2), {As});
%!test dfg_check_parity (@(x) cumsum (x), {R3});
%!test dfg_check_parity (@(x) cumsum (x, 3), {R3});
%!test dfg_check_parity (@(x) cumsum (x), {Rv});
%!test dfg_check_parity (@(x) cumsum (x), {Cv});
%!test dfg_check_parity (@(x) cumsum (x), {LA});
%!test dfg_check_parity (@(x) cumsum (x), {E03});
%!test dfg_check_parity (@(x) cumsum (x, 2), {E30});
%!test dfg_check_parity (@(x) cumsum (x), {N});
%!test dfg_check_parity (@(x) cumsum (x, 3), {A});
%!test dfg_check_parity (@(x) cumsum (x), {S});
%!test dfg_check_parity (@(x) cumprod (x), {A});
%!test dfg_check_parity (@(x) cumprod (x, 2), {A});
%!test dfg_check_parity (@(x) cumprod (x), {As});
%!test dfg_check_parity (@(x) cumprod (x, 2), {As});
%!test dfg_check_parity (@(x) cumprod (x), {R3});
%!test dfg_check_parity (@(x) cumprod (x, 3), {R3});
%!test dfg_check_parity (@(x) cumprod (x), {Rv});
%!test dfg_check_parity (@(x) cumprod (x), {Cv});
%!test dfg_check_parity (@(x) cumprod (x), {LA});
%!test dfg_check_parity (@(x) cumprod (x), {E03});
%!test dfg_check_parity (@(x) cumprod (x, 2), {E30});
%!test dfg_check_parity (@(x) cumprod (x), {N});
%!test dfg_check_parity (@(x) cumprod (x, 3), {A});
%!test dfg_check_parity (@(x) cumprod (x), {S});

## norm
%!test dfg_check_parity (@(x) norm (x), {Cv});
%!test dfg_check_parity (@(x) norm (x, 1), {Cv});
%!test dfg_check_parity (@(x) norm (x, 2), {Cv});
%!test dfg_check_parity (@(x) norm (x, Inf), {Cv});
%!test dfg_check_parity (@(x) norm (x, -Inf), {Cv});
%!test dfg_check_parity (@(x) norm (x, 3), {Cv});
%!test dfg_check_parity (@(x) norm (x, 1.5), {Cv});
%!test dfg_check_parity (@(x) norm (x, "fro"), {Cv});
%!test dfg_check_parity (@(x) norm (x), {Rv});
%!test dfg_check_parity (@(x) norm (x, 1), {Rv});
%!test dfg_check_parity (@(x) norm (x, Inf), {Rv});
%!test dfg_check_parity (@(x) norm (x, -Inf), {Rv});
%!test dfg_check_parity (@(x) norm (x, 4), {Rv});
%!test dfg_check_parity (@(x) norm (x), {single(Cv)});
%!test dfg_check_parity (@(x) norm (x, 1), {single(Rv)});
%!test dfg_check_parity (@(x) norm (x, Inf), {single(Cv)});
%!test dfg_check_parity (@(x) norm (x, 3), {single(Cv)});
%!test dfg_check_parity (@(x) norm (x), {S});
%!test dfg_check_parity (@(x) norm (x, 1), {S});
%!test dfg_check_parity (@(x) norm (x), {[3 4]});
%!test dfg_check_parity (@(x) norm (x), {[1e200 1e200]});
%!test dfg_check_parity (@(x) norm (x), {[0 0 0]});
%!test dfg_check_parity (@(x) norm (x), {E00});
%!test dfg_check_parity (@(x) norm (x, Inf), {[1 NaN 2]});
%!test dfg_check_parity (@(x) norm (x, 1), {A});
%!test dfg_check_parity (@(x) norm (x, Inf), {A});
%!test dfg_check_parity (@(x) norm (x, "fro"), {A});
%!test dfg_check_parity (@(x) norm (x, "inf"), {A});
%!test dfg_check_parity (@(x) norm (x, 1), {As});
%!test dfg_check_parity (@(x) norm (x, Inf), {As});
%!test dfg_check_parity (@(x) norm (x, "fro"), {As});
%!test dfg_check_parity (@(x) norm (x), {A}, [1e-10, 1e-4]);
%!test dfg_check_parity (@(x) norm (x, 2), {A}, [1e-10, 1e-4]);
%!test dfg_check_parity (@(x) norm (x), {A.'}, [1e-10, 1e-4]);
%!test dfg_check_parity (@(x) norm (x, 2), {As}, [1e-10, 1e-4]);
%!test dfg_check_parity (@(x) norm (x, "fro"), {E03});
## norms with NaN and Inf elements, p = 0, negative p, as Octave 7.3
%!test dfg_check_parity (@(x) norm (x, Inf), {[1 NaN; 2 3]});
%!test dfg_check_parity (@(x) norm (x, 1), {[1 NaN; 2 3]});
%!test dfg_check_parity (@(x) norm (x, 1), {[NaN 1; 1 1]});
%!test dfg_check_parity (@(x) norm (x, Inf), {[1 1; NaN 1]});
%!test dfg_check_parity (@(x) norm (x, 1), {[Inf NaN; 1 2]});
%!test dfg_check_parity (@(x) norm (x), {[Inf NaN 1]});
%!test dfg_check_parity (@(x) norm (x, "fro"), {[Inf NaN 1]});
%!test dfg_check_parity (@(x) norm (x, "fro"), {[Inf NaN; 1 2]});
%!test dfg_check_parity (@(x) norm (x), {[Inf 1]});
%!test dfg_check_parity (@(x) norm (x), {[1 NaN; 2 3]});
%!test dfg_check_parity (@(x) norm (x), {[1 Inf; 2 3]});
%!test dfg_check_parity (@(x) norm (x, 2), {single([1 Inf; 2 3])});
%!test dfg_check_parity (@(x) norm (x, 0), {[1 0 0 0 1]});
%!test dfg_check_parity (@(x) norm (x, 0), {[1; NaN; 0; Inf]});
%!test dfg_check_parity (@(x) norm (x, 0), {single([0 0 0])});
%!test dfg_check_parity (@(x) norm (x, 0), {0});
%!test dfg_check_parity (@(x) norm (x, 3), {[NaN Inf]});
%!test dfg_check_parity (@(x) norm (x, 3), {[Inf 1]});
%!test dfg_check_parity (@(x) norm (x, 3), {[1e200 1e200]});
%!test dfg_check_parity (@(x) norm (x, 0.5), {[0 1 4]});
%!test dfg_check_parity (@(x) norm (x, -1), {[3 4]});
%!test dfg_check_parity (@(x) norm (x, -2), {[Inf Inf]});
%!test dfg_check_parity (@(x) norm (x, -1), {[1 NaN]});
%!test dfg_check_parity (@(x) norm (x, -1), {[0 1]});
%!test dfg_check_parity (@(x) norm (x, -1), {single([Inf 2])});
%!test dfg_check_parity (@(x) norm (x, -Inf), {[3 NaN]});
%!test dfg_check_parity (@(x) norm (x, "Inf"), {A});
%!test dfg_check_parity (@(x) norm (x, 3), {zeros(0, 3)});
%!error <matrix norm with P = 3> norm (dfg.input ([3 3]), 3)
%!error id=dfg:unsupported norm (dfg.input ([3 3]), 0)
%!error <P must not be NaN> norm (dfg.input ([1 3]), NaN)

## dot
%!test dfg_check_parity (@(x, y) dot (x, y), {Cv, Cv2});
%!test dfg_check_parity (@(x, y) dot (x, y), {Rv, Rv2});
%!test dfg_check_parity (@(x, y) dot (x, y), {Rv, Cv});
%!test dfg_check_parity (@(x, y) dot (x, y), {A, B});
%!test dfg_check_parity (@(x, y) dot (x, y, 2), {A, B});
%!test dfg_check_parity (@(x, y) dot (x, y, 1), {Rv, Rv2});
%!test dfg_check_parity (@(x, y) dot (x, y), {As, B});
%!test dfg_check_parity (@(x, y) dot (x, y), {As, Bs});
%!test dfg_check_parity (@(x, y) dot (x, y), {R3, 2 * R3});
%!test dfg_check_parity (@(x, y) dot (x, y, 3), {R3, R3});
%!test dfg_check_parity (@(x, y) dot (x, y), {S, 2});
%!test dfg_check_parity (@(x) dot (x, x), {Cv});
%!test dfg_check_parity (@(x, y) dot (x, y), {E03, E03});

## var and std
%!test dfg_check_parity (@(x) var (x), {A});
%!test dfg_check_parity (@(x) var (x, 1), {A});
%!test dfg_check_parity (@(x) var (x, 0), {A});
%!test dfg_check_parity (@(x) var (x, 0, 2), {A});
%!test dfg_check_parity (@(x) var (x, [], 2), {A});
%!test dfg_check_parity (@(x) var (x, 1, 2), {A});
%!test dfg_check_parity (@(x) var (x), {As});
%!test dfg_check_parity (@(x) var (x, 1, 2), {As});
%!test dfg_check_parity (@(x) var (x), {Rv});
%!test dfg_check_parity (@(x) var (x), {Cv});
%!test dfg_check_parity (@(x) var (x, 1), {Rv});
%!test dfg_check_parity (@(x) var (x), {S});
%!test dfg_check_parity (@(x) var (x, 0, 3), {R3});
%!test dfg_check_parity (@(x) var (x), {R3});
%!test dfg_check_parity (@(x) var (x), {[1 1 1] * 0.1});
%!test dfg_check_parity (@(x) var (x, 0, 3), {A});
%!test dfg_check_parity (@(x) var (x), {LA});
%!test dfg_check_parity (@(x) std (x), {A});
%!test dfg_check_parity (@(x) std (x, 1), {A});
%!test dfg_check_parity (@(x) std (x, 0), {A});
%!test dfg_check_parity (@(x) std (x, 0, 2), {A});
%!test dfg_check_parity (@(x) std (x, [], 2), {A});
%!test dfg_check_parity (@(x) std (x, 1, 2), {A});
%!test dfg_check_parity (@(x) std (x), {As});
%!test dfg_check_parity (@(x) std (x, 1, 2), {As});
%!test dfg_check_parity (@(x) std (x), {Rv});
%!test dfg_check_parity (@(x) std (x), {Cv});
%!test dfg_check_parity (@(x) std (x, 1), {Rv});
%!test dfg_check_parity (@(x) std (x), {S});
%!test dfg_check_parity (@(x) std (x, 0, 3), {R3});
%!test dfg_check_parity (@(x) std (x), {R3});
%!test dfg_check_parity (@(x) std (x), {[1 1 1] * 0.1});
%!test dfg_check_parity (@(x) std (x, 0, 3), {A});
%!test dfg_check_parity (@(x) std (x), {LA});

## compositions
%!test dfg_check_parity (@(x) exp (x - max (x)) ./ sum (exp (x - max (x))), {A});
%!test dfg_check_parity (@(x) exp (x - max (x, [], 2)) ./ sum (exp (x - max (x, [], 2)), 2), {As});
%!test dfg_check_parity (@(x) max (x, [], 2) + log (sum (exp (x - max (x, [], 2)), 2)), {10 * A});
%!test dfg_check_parity (@(x) x - mean (x), {A});
%!test dfg_check_parity (@(x) (x - mean (x, 2)) ./ std (x, 0, 2), {A});
%!test dfg_check_parity (@(x) x ./ sum (x), {P});
%!test dfg_check_parity (@(x) sum (x .^ 2) - norm (x) ^ 2, {Cv});
%!test dfg_check_parity (@(x) cumsum (x) ./ cumsum (ones (size (x))), {A});
%!test dfg_check_parity (@(x) mean (x(:)) + var (x(:)), {R3});
%!test dfg_check_parity (@(x, y) sum ((x - y) .^ 2, 2), {A, B(1, :)});
%!test dfg_check_parity (@(x) deal (sum (x), prod (x), max (x), min (x)), {A}, [], 4);
%!test dfg_check_parity (@(x) any (x > 0) & all (x > -3), {A});
%!test dfg_check_parity (@(x) sum (x > 0, 2), {A});
%!test dfg_check_parity (@(x) mean (x > 0), {As});
%!test dfg_check_parity (@(x) cumsum (x > 0, 2), {A});


## larger arrays (threaded and blocked kernels)
%!test
%! randn ("state", 31);
%! X = randn (1000, 800);
%! dfg_check_parity (@(x) sum (x), {X});
%! dfg_check_parity (@(x) sum (x, 2), {X});
%! dfg_check_parity (@(x) sum (x(:)), {X});
%!test
%! randn ("state", 32);
%! X = randn (700, 900);
%! dfg_check_parity (@(x) max (x, [], 2), {X}, [], 2);
%! dfg_check_parity (@(x) min (x), {X}, [], 2);
%!test
%! randn ("state", 33);
%! X = randn (300, 400);
%! dfg_check_parity (@(x) cumsum (x, 2), {X});
%! dfg_check_parity (@(x) cumprod (1 + x / 1000), {X});
%!test
%! randn ("state", 34);
%! X = randn (30, 40, 50);
%! dfg_check_parity (@(x) sum (x, 3), {X});
%! dfg_check_parity (@(x) mean (x, 2), {X});
%! dfg_check_parity (@(x) prod (1 + x / 100, 3), {X});
%! dfg_check_parity (@(x) any (x > 3, 3), {X});
%!test
%! randn ("state", 35);
%! X = randn (2000, 50);
%! dfg_check_parity (@(x) var (x), {X});
%! dfg_check_parity (@(x) std (x, 0, 2), {X});
%! dfg_check_parity (@(x) norm (x(:)), {X});
%! dfg_check_parity (@(x) norm (x, 1), {X});


## empty arguments, as Octave 7.3
%!test dfg_check_parity (@(x) mean (x), {zeros(0)});
%!test dfg_check_parity (@(x) mean (x, 1), {zeros(0)});
%!test dfg_check_parity (@(x) mean (x, 3), {zeros(0)});
%!test dfg_check_parity (@(x) var (x), {single(zeros(0, 3))});
%!test dfg_check_parity (@(x) std (x, 0, 2), {single(zeros(0, 3))});
%!test dfg_check_parity (@(x) norm (x), {single(zeros(0, 3))});
%!error <not logical> norm (dfg.input ([2 2], "logical"))
%!test
%! ## a systematic sweep of reductions over empty shapes and classes
%! X = {zeros(0), zeros(0, 3), zeros(3, 0), zeros(1, 0), zeros(0, 1), ...
%!      zeros(1, 1, 0), zeros(0, 3, 2), single(zeros(0, 3)), false(0, 3)};
%! F = {@sum, @prod, @max, @min, @mean, @cumsum, @cumprod, @any, @all, ...
%!      @var, @std, @(x) sum (x, 1), @(x) sum (x, 2), @(x) mean (x, 1), ...
%!      @(x) mean (x, 2), @(x) mean (x, 3), @(x) sum (x, 3), ...
%!      @(x) max (x, [], 1), @(x) var (x, 0, 1), @(x) std (x, 0, 2), ...
%!      @(x) prod (x, 2), @(x) any (x, 2), @(x) all (x, 1), ...
%!      @(x) cumsum (x, 2), @(x) norm (x), @det, @eig};
%! for j = 1:numel (F)
%!   for i = 1:numel (X)
%!     x = X{i};
%!     try
%!       r = F{j} (x);
%!     catch
%!       continue;      # Octave refuses (norm of logical): checked above
%!     end_try_catch
%!     d = dfg.value (F{j} (dfg.constant (x)));
%!     dfg_assert_same (d, r, 0, sprintf ("%s (%s %s)", func2str (F{j}),
%!                      class (x), mat2str (size (x))));
%!   endfor
%! endfor

## Octave 7.3: one-output max / min of an empty logical array return it as
## it is, along any DIM; with the index output they reduce
%!test
%! for x = {false(0, 3), false(3, 0), false(0, 0), false(1, 0), false(0, 3, 2)}
%!   dfg_check_parity (@(x) max (x, [], 2), x);
%!   dfg_check_parity (@(x) min (x, [], 1), x);
%!   dfg_check_parity (@(x) max (x), x);
%! endfor
%!test
%! x = dfg.constant (false (0, 3));
%! [m, i] = max (x, [], 2);
%! [M, I] = max (false (0, 3), [], 2);
%! dfg_assert_same (dfg.value (m), M);
%! dfg_assert_same (dfg.value (i), I);

## ---- issue 22: diff, vecnorm, max/min options ----
## diff: Octave 7.3's builtin; an order >= the size along the default DIM
## goes on along the next dimensions, each time from the original array
%!test
%! X = [1 4 9; 16 25 36];
%! for x = {X, single(X), A, As, R3, Rs3, Rv, Cv, S, LA, K, N, E03, E30, E00, ...
%!          zeros(1, 0), ones(1, 1, 3), randn(2, 1, 3), true, single(5), logical([1; 0])}
%!   for k = 0:5
%!     dfg_check_parity (@(x) diff (x, k), x, 0);
%!   endfor
%!   dfg_check_parity (@(x) diff (x), x, 0);
%!   dfg_check_parity (@(x) diff (x, []), x, 0);
%!   for dim = 1:ndims (x{1})
%!     dfg_check_parity (@(x) diff (x, 1, dim), x, 0);
%!     dfg_check_parity (@(x) diff (x, 2, dim), x, 0);
%!     dfg_check_parity (@(x) diff (x, 4, dim), x, 0);
%!   endfor
%! endfor
%! dfg_check_parity (@(x) diff (x, 70), {randn(100, 2)}, 0);
%! dfg_check_parity (@(x) diff (x, true), {A}, 0);
%! dfg_check_parity (@(x) diff (x, single (2), 2), {A}, 0);
%!error <order K must be non-negative> diff (dfg.input ([2 3]), -1)
%!error <order K must be a non-negative integer> diff (dfg.input ([2 3]), 1.5)
%!error <order K must be a scalar or \[\]> diff (dfg.input ([2 3]), [1 2])
%!error <DIM must be a valid dimension> diff (dfg.input ([2 3]), 1, 3)
%!error <DIM must be a valid dimension> diff (dfg.input ([2 3]), 1, 0)
%!error <DIM must be a valid dimension> diff (dfg.input ([2 3]), 1, [])
%!error id=dfg:unsupported diff (dfg.input ([2 3]), dfg.constant (1))
%!error <diff: called with 4 arguments> diff (dfg.input ([2 3]), 1, 1, 1)
%!error id=dfg:symbolicSize diff (dfg.input ([NaN 3]))
## vecnorm: vecnorm.m (default DIM the first dimension larger than 1)
%!test
%! for x = {A, As, R3, Rs3, Rv, Cv, S, K, N, E03, E30, E00, zeros(3, 2), [1e200 1e200]}
%!   for p = {1, 2, Inf, 3, 4, 0.5, 1.5, true}
%!     dfg_check_parity (@(x) vecnorm (x, p{1}), x);
%!     for dim = 1:3
%!       dfg_check_parity (@(x) vecnorm (x, p{1}, dim), x);
%!     endfor
%!   endfor
%!   dfg_check_parity (@(x) vecnorm (x), x);
%! endfor
%!error <A must be numeric> vecnorm (dfg.input ([2 3], "logical"))
%!error <P must be positive real scalar or Inf> vecnorm (dfg.input ([2 3]), 0)
%!error <P must be positive real scalar or Inf> vecnorm (dfg.input ([2 3]), -1)
%!error <P must be positive real scalar or Inf> vecnorm (dfg.input ([2 3]), NaN)
%!error <P must be positive real scalar or Inf> vecnorm (dfg.input ([2 3]), [1 2])
%!error <DIM must be a positive integer> vecnorm (dfg.input ([2 3]), 2, 0)
%!error <DIM must be a positive integer> vecnorm (dfg.input ([2 3]), 2, 1.5)
%!error id=dfg:unsupported vecnorm (dfg.input ([2 3]), dfg.constant (2))
## Octave 7.3's max and min accept no "omitnan" / "includenan" (they always
## omit NaN): dfg refuses them the same way
%!error <accepts no options> max (dfg.input ([2 3]), [], "omitnan")
%!error <accepts no options> min (dfg.input ([2 3]), [], 2, "omitnan")
%!error <accepts no options> max (dfg.input ([2 3]), "includenan")
%!error id=dfg:badArgument min (dfg.input ([2 3]), [], "includenan")
%!test
%! ## and the plain Octave calls fail too
%! fail ('max ([1 NaN], [], "omitnan")');
%! fail ('min ([1 NaN], [], 2, "omitnan")');
## mode: mode.m's m (the smallest most frequent value; NaN only where all
## are NaN) and f (its count, double), every DIM, empty and NaN slices
%!test
%! X = {[1 2 2 3 3], [NaN NaN 1], [NaN NaN], logical([1 0 1]), single([1 2 2]), ...
%!      zeros(0, 3), zeros(3, 0), [], zeros(1, 0), 5, [3 1 2; 1 1 2; 3 2 2], ...
%!      [-0 0 0], [0 -0 -0], K, N, A, As, LA, R3, Rv, Cv, S, zeros(2, 0, 3), ...
%!      randi(3, 4, 5, 3), single(randi(3, 5, 4))};
%! for i = 1:numel (X)
%!   F = {@(x) mode (x), @(x) mode (x, 1), @(x) mode (x, 2), @(x) mode (x, 3), @(x) mode (x, 4)};
%!   for j = 1:numel (F)
%!     try
%!       F{j} (X{i});
%!     catch
%!       continue;         # Octave's own mode fails (an empty DIM with other slices)
%!     end_try_catch
%!     dfg_check_parity (F{j}, X(i), 0, 2);
%!     dfg_check_parity (F{j}, X(i), 0, 1);
%!   endfor
%! endfor
## repeated infinities: mode.m's runs start where diff (sort (x)) != 0, and
## Inf - Inf is NaN, so each Inf is a run of its own (fuzz seed 602)
%!test
%! for X = {single([Inf Inf]), [-Inf -Inf 1], [NaN NaN 1], [Inf Inf -Inf -Inf 2 2 2], [1 1 Inf Inf Inf]'}
%!   dfg_check_parity (@(x) mode (x), X, 0);
%!   dfg_check_parity (@(x) mode (x), X, 0, 2);
%! endfor
%!error id=dfg:dataDependentSize [m, f, c] = mode (dfg.input ([2 3]))
%!error <DIM must be an integer and a valid dimension> mode (dfg.input ([2 3]), 0)
%!error <DIM must be an integer and a valid dimension> mode (dfg.input ([2 3]), 1.5)
%!error <DIM must be an integer and a valid dimension> mode (dfg.input ([2 3]), [1 2])
%!error <no elements along DIM> mode (dfg.input ([0 3]), 1)
%!error <mode: called with 3 arguments> mode (dfg.input ([2 3]), 1, 1)
%!error id=dfg:symbolicSize mode (dfg.input ([NaN 3]))
