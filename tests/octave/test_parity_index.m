## Parity of dfg's linear indexing (result shapes) and deletion
## (x(...) = []) with Octave's, for 2-d and N-d arrays, vectors along any
## dimension, ranges, colon, logical masks and empty indices.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_parity_index.m")

%!shared Z3, Y3, Rv, Cv, A, R3, S, E10, E00, E113
%! Z3 = reshape ([4 5 6], 1, 1, 3);  Y3 = reshape (1:5, 1, 5, 1);
%! Rv = [1 2 3 4];  Cv = [1; 2; 3; 4];  A = magic (4)(1:3, :);
%! R3 = reshape (1:12, 2, 3, 2);  S = 7;  E10 = zeros (1, 0);  E00 = [];
%! E113 = zeros (1, 1, 0);

## ---- linear indexing: a vector indexed by a vector keeps its orientation,
## along whichever dimension it lies; anything else takes the index's shape
%!test dfg_check_parity (@(x) x([3 3]), {Z3});
%!test dfg_check_parity (@(x) x(end:-1:1), {Z3});
%!test dfg_check_parity (@(x) x([1; 2]), {Z3});
%!test dfg_check_parity (@(x) x(ones (1, 1, 2)), {Rv});
%!test dfg_check_parity (@(x) x(ones (1, 1, 2)), {Cv});
%!test dfg_check_parity (@(x) x(ones (1, 1, 2)), {A});
%!test dfg_check_parity (@(x) x(ones (2, 2)), {Z3});
%!test dfg_check_parity (@(x) x(zeros (1, 0)), {Z3});
%!test dfg_check_parity (@(x) x(zeros (0, 1)), {Z3});
%!test dfg_check_parity (@(x) x([]), {Z3});
%!test dfg_check_parity (@(x) x(:), {Z3});
%!test dfg_check_parity (@(x) x(2), {Z3});
%!test dfg_check_parity (@(x) x(logical ([1 0 1])), {Z3});
%!test dfg_check_parity (@(x) x(logical ([1; 0; 1])), {Z3});
%!test dfg_check_parity (@(x) x(true (1, 1, 3)), {Z3});
%!test dfg_check_parity (@(x) x(false (1, 1, 3)), {Z3});
%!test dfg_check_parity (@(x) x(true (0, 0)), {Z3});
%!test dfg_check_parity (@(x) x(true (1, 1, 12)), {A});
%!test dfg_check_parity (@(x) x(true (1, 1, 12)), {R3});
%!test dfg_check_parity (@(x) x(true (3, 4)), {A});
%!test dfg_check_parity (@(x) x([1 2 3]), {Y3});
%!test dfg_check_parity (@(x) x([1 2 3]), {R3});
%!test dfg_check_parity (@(x) x([1; 2; 3]), {R3});
%!test dfg_check_parity (@(x) x(zeros (1, 0)), {E113});
%!test dfg_check_parity (@(x) x(zeros (0, 1)), {E10});
%!test dfg_check_parity (@(x) x([1 1]), {S});
%!test dfg_check_parity (@(x) x(ones (1, 1, 2)), {S});
%!test dfg_check_parity (@(x) x(zeros (0, 3)), {E00});
%!test
%! ## a systematic sweep over source shapes and index shapes
%! shapes = {[1 1], [1 4], [4 1], [3 4], [1 1 3], [1 3 1], [2 3 2], ...
%!           [0 0], [1 0], [0 1], [0 3], [1 1 0]};
%! for si = 1:numel (shapes)
%!   x = reshape (1:prod (shapes{si}), shapes{si});
%!   n = numel (x);
%!   ix = {":", [], zeros(1, 0), zeros(0, 1), zeros(0, 3), true(0, 0)};
%!   if (n > 0)
%!     ix = [ix, {1, [1 1], [1; 1], ones(2, 2), ones(1, 1, 2), n:-1:1, ...
%!                (n:-1:1)', true(size (x)), true(1, n), true(n, 1), ...
%!                true(1, 1, n), false(size (x)), false, true}];
%!   endif
%!   for k = 1:numel (ix)
%!     r = x(ix{k});
%!     t = dfg.constant (x);
%!     d = dfg.value (t(ix{k}));
%!     dfg_assert_same (d, r, 0, sprintf ("x %s, index %s %s", mat2str (size (x)),
%!                      class (ix{k}), mat2str (size (ix{k}))));
%!   endfor
%! endfor
