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

## ---- deletion: subscripts name x's own dimensions (not folded ones)
%!function y = del_row (x)
%!  y = x;
%!  y(2, :) = [];
%!endfunction
%!function y = del_row1 (x)
%!  y = x;
%!  y(1, :) = [];
%!endfunction
%!function y = del_col (x)
%!  y = x;
%!  y(:, [1 3]) = [];
%!endfunction
%!function y = del_page (x)
%!  y = x;
%!  y(:, :, 1) = [];
%!endfunction
%!function y = del_all2 (x)
%!  y = x;
%!  y(:, :) = [];
%!endfunction
%!function y = del_range (x)
%!  y = x;
%!  y(2:3) = [];
%!endfunction
%!function y = del_list (x)
%!  y = x;
%!  y([2 3]) = [];
%!endfunction
%!function y = del_scalar (x)
%!  y = x;
%!  y(2) = [];
%!endfunction
%!function y = del_last (x)
%!  y = x;
%!  y(end) = [];
%!endfunction
%!function y = del_by_mask (x)
%!  y = x;
%!  y(logical (mod (1:numel (x), 2))) = [];
%!endfunction
%!function y = del_empty_slice (x)
%!  y = x;
%!  y([], 2) = [];
%!endfunction
%!test dfg_check_parity (@del_row, {R3});
%!test dfg_check_parity (@del_row1, {Z3});
%!test dfg_check_parity (@del_row, {A});
%!test dfg_check_parity (@del_col, {R3});
%!test dfg_check_parity (@del_page, {R3});
%!test dfg_check_parity (@del_all2, {R3});
%!test dfg_check_parity (@del_all2, {S});
%!test dfg_check_parity (@del_range, {A});
%!test dfg_check_parity (@del_range, {R3});
%!test dfg_check_parity (@del_range, {Z3});
%!test dfg_check_parity (@del_range, {Cv});
%!test dfg_check_parity (@del_list, {A});
%!test dfg_check_parity (@del_list, {R3});
%!test dfg_check_parity (@del_list, {Z3});
%!test dfg_check_parity (@del_list, {Rv});
%!test dfg_check_parity (@del_scalar, {A});
%!test dfg_check_parity (@del_scalar, {Z3});
%!test dfg_check_parity (@del_last, {R3});
%!test dfg_check_parity (@del_last, {Cv});
%!test dfg_check_parity (@del_by_mask, {A});
%!test dfg_check_parity (@del_by_mask, {Z3});
%!test dfg_check_parity (@del_empty_slice, {A});
%!test
%! ## a systematic sweep over source shapes and 1, 2 and 3 subscripts
%! shapes = {[1 1], [1 4], [4 1], [3 4], [1 1 3], [1 3 1], [2 3 2], ...
%!           [0 0], [1 0], [0 3], [2 1 3]};
%! cand = {":", [], 1, 2, [1 2], [2 1], 3, [1 3], false, true, 6};
%! subsets = {};
%! for a = 1:numel (cand)
%!   subsets{end+1} = cand(a);
%!   for b = 1:numel (cand)
%!     subsets{end+1} = cand([a b]);
%!     for c = [1 2 3 5 7]
%!       subsets{end+1} = cand([a b c]);
%!     endfor
%!   endfor
%! endfor
%! for si = 1:numel (shapes)
%!   x = reshape (1:prod (shapes{si}), shapes{si});
%!   for k = [subsets, {{true(size (x))}, {logical(mod (x, 2))}}]
%!     S = k{1};
%!     try
%!       r = x;
%!       r(S{:}) = [];
%!     catch
%!       r = [];
%!       t = dfg.constant (x);
%!       fail ("t(S{:}) = []", "dfg.subsasgn");
%!       continue;
%!     end_try_catch
%!     t = dfg.constant (x);
%!     t(S{:}) = [];
%!     dfg_assert_same (dfg.value (t), r, 0, sprintf ("x %s, %d subscripts",
%!                      mat2str (size (x)), numel (S)));
%!   endfor
%! endfor
%!test
%! ## sparse masks (at most 1/16 true) delete like index lists
%! x = reshape (1:20, 4, 5);
%! for m = {1, [1 2], 2, 20, [1 20]}
%!   M = false (size (x));
%!   M(m{1}) = true;
%!   r = x;
%!   r(M) = [];
%!   t = dfg.constant (x);
%!   t(M) = [];
%!   dfg_assert_same (dfg.value (t), r, 0, mat2str (m{1}));
%! endfor
%!error <one non-colon index> t = dfg.constant (magic (3)); t(1, 2) = [];
%!error <out of bound> t = dfg.constant (magic (3)); t(:, 4) = [];
%!error <out of bound> t = dfg.constant (magic (3)); t(10) = [];
%!error <past the 2 dimensions> t = dfg.constant (magic (3)); t(:, :, 1) = [];

## ---- the class of an assignment that assigns nothing: x(S) = X with an
## empty block or an empty X takes Octave's class all the same (a logical
## x given a single X becomes double, every other x keeps its class), also
## when the block and X are both empty and nothing else changes
%!function y = asgn_sub (x, v, S)
%!  y = x;
%!  y(S{:}) = v;
%!endfunction
%!function y = ifelse_cast (c, a)
%!  if (strcmp (c, "logical"))
%!    y = logical (a);
%!  else
%!    y = cast (a, c);
%!  endif
%!endfunction
%!test
%! cls = {"double", "single", "logical"};
%! targets = {[1 1], 5, zeros(0, 0), zeros(1, 0), zeros(2, 3)};
%! subs = {{[]}, {zeros(1, 0)}, {1:0}, {[], 1}, {":", []}, {[], []}, ...
%!         {1, []}, {[], ":"}, {zeros(0, 1), 1}};
%! vals = {1, zeros(1, 0), zeros(0, 0), zeros(0, 1), zeros(0, 3)};
%! n = 0;
%! for tc = cls
%!   for vc = cls
%!     for ti = 1:numel (targets)
%!       for si = 1:numel (subs)
%!         for vi = 1:numel (vals)
%!           x = ifelse_cast (tc{1}, targets{ti});  v = ifelse_cast (vc{1}, vals{vi});
%!           if (isa (v, "double") && isequal (size (v), [0 0]))
%!             continue;          # x(S) = zeros (0, 0) deletes
%!           endif
%!           try
%!             asgn_sub (x, v, subs{si});
%!           catch
%!             continue;          # Octave's errors: test_parity_shape.m
%!           end_try_catch
%!           dfg_check_parity (@(a, b) asgn_sub (a, b, subs{si}), {x, v}, 0, 1, ...
%!                             {"function", "constant"});   # jit: same C rule, slow
%!           n++;
%!         endfor
%!       endfor
%!     endfor
%!   endfor
%! endfor
%! assert (n > 500);

## ---- x(mask) = scalar with a logical tensor mask (a merge) -------------------
%!function y = mask_set (x, m, v)
%!  y = x;
%!  y(m) = v;
%!endfunction
%!function y = relu_set (x)
%!  y = x;
%!  y(y < 0) = 0;
%!endfunction
%!test
%! randn ("state", 3);
%! X = randn (3, 4);  X(2) = NaN;  X(5) = -0;
%! for cx = {"double", "single", "logical"}
%!   for cv = {"double", "single", "logical"}
%!     x = cast (X > 0.2, "double");
%!     if (! strcmp (cx{1}, "logical"))
%!       x = cast (X, cx{1});
%!     endif
%!     v = cast (1, cv{1});
%!     ## the mask from another tensor; of x's size, of another shape with as
%!     ## many elements, and shorter (the rest false, as Octave pads it)
%!     dfg_check_parity (@(a, m, b) mask_set (a, m > 0, b), {x, X, v}, 0);
%!     dfg_check_parity (@(a, m, b) mask_set (a, m > 0, b), {x, reshape(X, 2, 6), v}, 0);
%!     dfg_check_parity (@(a, m, b) mask_set (a, m > 0, b), {x, X(1:5), v}, 0);
%!   endfor
%! endfor
%! dfg_check_parity (@relu_set, {X}, 0);
%! dfg_check_parity (@relu_set, {single(randn (2, 3, 2))}, 0);
%! dfg_check_parity (@relu_set, {zeros(0, 3)}, 0);
%! dfg_check_parity (@(a) mask_set (a, isnan (a), -1), {X}, 0);
%!error id=dfg:dataDependentSize mask_set (dfg.input ([2 2]), dfg.input ([2 2]) > 0, [1 2])
%!error id=dfg:dataDependentSize mask_set (dfg.input ([2 2]), dfg.input ([1 5]) > 0, 1)
%!error id=dfg:dataDependentSize mask_set (dfg.input ([2 2]), dfg.input ([2 2]) > 0, [])
%!error <known only when the graph runs> x = dfg.input ([2 2]); x(x > 0)
%!error id=dfg:dataDependentSize x = dfg.input ([2 2]); x(x > 0, 1)
%!error id=dfg:unsupported x = dfg.input ([2 2]); x(dfg.constant (1))
## a plain array indexed by a logical tensor (Octave asks subsindex)
%!error id=dfg:notTraceable x = dfg.input ([1 3]); A = [1 2 3]; A(x > 0)
%!error id=dfg:notTraceable x = dfg.input ([1 3]); A = [1 2 3]; A(x > 0) = 0;
