## Parity of dfg's shape queries, reshaping, indexing, indexed assignment,
## concatenation and re-ordering functions with Octave's (values, class and
## size), plus dfg.zeros / dfg.ones / dfg.eye and class conversions.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_parity_shape.m")

%!shared A, B, As, LA, R3, Rv, Cv, S, M, E03, E30, E00, MASK
%! randn ("state", 3);  rand ("state", 3);
%! A = randn (3, 4);  B = randn (3, 4);  As = single (randn (3, 4));
%! LA = rand (3, 4) > 0.5;  R3 = randn (2, 3, 4);
%! Rv = randn (1, 5);  Cv = randn (5, 1);  S = randn ();  M = randn (4);
%! E03 = zeros (0, 3);  E30 = zeros (3, 0);  E00 = [];
%! MASK = logical ([1 0 1 1; 0 0 1 0; 1 1 0 1]);

## indexed assignment helpers (traced by dfg.jit like any other function)
%!function y = asg_elem (x)
%!  y = x;
%!  y(2, 3) = 7;
%!endfunction
%!function y = asg_row (x)
%!  y = x;
%!  y(2, :) = [1 2 3 4];
%!endfunction
%!function y = asg_col_scalar (x)
%!  y = x;
%!  y(:, 1) = 0;
%!endfunction
%!function y = asg_from_self (x)
%!  y = x;
%!  y(1, :) = 2 * x(3, :);
%!endfunction
%!function y = asg_linear (x)
%!  y = x;
%!  y([1 5 9]) = -1;
%!endfunction
%!function y = asg_mask (x)
%!  y = x;
%!  y(logical ([1 0 1 1; 0 0 1 0; 1 1 0 1])) = 0;
%!endfunction
%!function y = asg_grow_row (x)
%!  y = x;
%!  y(end+1, :) = 1;
%!endfunction
%!function y = asg_grow_elem (x)
%!  y = x;
%!  y(5, 6) = 1;
%!endfunction
%!function y = asg_page (x)
%!  y = x;
%!  y(:, :, 2) = 0;
%!endfunction
%!function y = asg_block (x)
%!  y = x;
%!  y(2:3, [1 4]) = [1 2; 3 4];
%!endfunction
%!function y = asg_single_rhs (x)
%!  y = x;
%!  y(1) = single (5);
%!endfunction
%!function y = asg_logical_rhs (x)
%!  y = x;
%!  y(2) = true;
%!endfunction
%!function y = asg_double_into_logical (x)
%!  y = x;
%!  y(1) = 2;
%!endfunction
%!function y = asg_colon_scalar (x)
%!  y = x;
%!  y(:) = 3;
%!endfunction
%!function y = asg_colon_vector (x)
%!  y = x;
%!  y(:) = 1:numel (x);
%!endfunction
%!function y = asg_two (x, v)
%!  y = x;
%!  y(2, :) = v;
%!endfunction
%!function y = asg_native_lhs (x)
%!  y = zeros (3, 4);
%!  y(2, :) = x(1, :);
%!endfunction
%!function y = asg_loop (x)
%!  y = x;
%!  for k = 1:3
%!    y(k, k) = -k;
%!  endfor
%!endfunction
%!function y = asg_end (x)
%!  y = x;
%!  y(end, end) = 100;
%!  y(end) = y(end) + 1;
%!endfunction
%!function y = asg_repeat_index (x)
%!  y = x;
%!  y([2 2], 1) = [5; 6];
%!endfunction
%!function y = asg_delete_col (x)
%!  y = x;
%!  y(:, 2) = [];
%!endfunction
%!function y = asg_empty_index (x)
%!  y = x;
%!  y([], 1) = 5;
%!endfunction
%!function [a, b] = two_views (x)
%!  a = x(:, 1:2);
%!  b = x(end, :);
%!endfunction

## shape queries (native results)
%!test dfg_check_parity (@(x) size (x), {A});
%!test dfg_check_parity (@(x) size (x), {R3});
%!test dfg_check_parity (@(x) size (x), {E03});
%!test dfg_check_parity (@(x) size (x), {S});
%!test dfg_check_parity (@(x) size (x), {As});
%!test dfg_check_parity (@(x) size (x, 1), {A});
%!test dfg_check_parity (@(x) size (x, 2), {A});
%!test dfg_check_parity (@(x) size (x, 3), {A});
%!test dfg_check_parity (@(x) size (x, 3), {R3});
%!test dfg_check_parity (@(x) size (x, [1 3]), {R3});
%!test dfg_check_parity (@(x) size (x), {R3}, [], 2);
%!test dfg_check_parity (@(x) size (x), {A}, [], 3);
%!test dfg_check_parity (@(x) size (x), {R3}, [], 3);
%!test dfg_check_parity (@(x) numel (x), {A});
%!test dfg_check_parity (@(x) numel (x), {R3});
%!test dfg_check_parity (@(x) numel (x), {E03});
%!test dfg_check_parity (@(x) ndims (x), {A});
%!test dfg_check_parity (@(x) ndims (x), {R3});
%!test dfg_check_parity (@(x) length (x), {A});
%!test dfg_check_parity (@(x) length (x), {Cv});
%!test dfg_check_parity (@(x) length (x), {E03});
%!test dfg_check_parity (@(x) length (x), {R3});
%!test dfg_check_parity (@(x) isempty (x), {A});
%!test dfg_check_parity (@(x) isempty (x), {E03});
%!test dfg_check_parity (@(x) isempty (x), {E00});
%!test dfg_check_parity (@(x) isscalar (x), {S});
%!test dfg_check_parity (@(x) isscalar (x), {A});
%!test dfg_check_parity (@(x) isvector (x), {Rv});
%!test dfg_check_parity (@(x) isvector (x), {Cv});
%!test dfg_check_parity (@(x) isvector (x), {A});
%!test dfg_check_parity (@(x) isvector (x), {S});
%!test dfg_check_parity (@(x) isvector (x), {zeros(0, 1)});
%!test dfg_check_parity (@(x) isvector (x), {zeros(1, 0)});
%!test dfg_check_parity (@(x) isvector (x), {zeros(0, 0)});
%!test dfg_check_parity (@(x) isvector (x), {zeros(1, 1, 0)});
%!test dfg_check_parity (@(x) rows (x), {A});
%!test dfg_check_parity (@(x) columns (x), {A});
%!test dfg_check_parity (@(x) columns (x), {R3});
%!test dfg_check_parity (@(x) x + numel (x), {A});
%!test dfg_check_parity (@(x) x * size (x, 2), {LA});

## reshape and colon
%!test dfg_check_parity (@(x) reshape (x, 4, 3), {A});
%!test dfg_check_parity (@(x) reshape (x, [2 6]), {A});
%!test dfg_check_parity (@(x) reshape (x, [], 2), {A});
%!test dfg_check_parity (@(x) reshape (x, 2, []), {A});
%!test dfg_check_parity (@(x) reshape (x, 12, 1), {A});
%!test dfg_check_parity (@(x) reshape (x, 1, 1, 12), {A});
%!test dfg_check_parity (@(x) reshape (x, [3 4 1 1]), {A});
%!test dfg_check_parity (@(x) reshape (x, 4, []), {R3});
%!test dfg_check_parity (@(x) reshape (x, 2, [], 2), {R3});
%!test dfg_check_parity (@(x) reshape (x, [6 4]), {R3});
%!test dfg_check_parity (@(x) reshape (x, 6, 2), {As});
%!test dfg_check_parity (@(x) reshape (x, 2, 6), {LA});
%!test dfg_check_parity (@(x) reshape (x, 3, 0), {E03});
%!test dfg_check_parity (@(x) reshape (x, 0, []), {E30});
%!test dfg_check_parity (@(x) reshape (x, size (x, 2), []), {A});
%!test dfg_check_parity (@(x) x(:), {A});
%!test dfg_check_parity (@(x) x(:), {R3});
%!test dfg_check_parity (@(x) x(:), {LA});
%!test dfg_check_parity (@(x) x(:), {E03});
%!test dfg_check_parity (@(x) x(:), {Rv});
%!test dfg_check_parity (@(x) x(:), {As});
%!test dfg_check_parity (@(x) x(:).', {A});
%!test dfg_check_parity (@(x) reshape (x(:), size (x)), {A});

## indexing
%!test dfg_check_parity (@(x) x(2, 3), {A});
%!test dfg_check_parity (@(x) x(2, :), {A});
%!test dfg_check_parity (@(x) x(:, end), {A});
%!test dfg_check_parity (@(x) x(end, end), {A});
%!test dfg_check_parity (@(x) x(1:2, [3 1]), {A});
%!test dfg_check_parity (@(x) x([1 3], 2:end), {A});
%!test dfg_check_parity (@(x) x(end:-1:1, :), {A});
%!test dfg_check_parity (@(x) x(:, end:-1:1), {A});
%!test dfg_check_parity (@(x) x(5), {A});
%!test dfg_check_parity (@(x) x(end), {A});
%!test dfg_check_parity (@(x) x(end - 1, 1), {A});
%!test dfg_check_parity (@(x) x([1 5 9]), {A});
%!test dfg_check_parity (@(x) x([1 5 9]'), {A});
%!test dfg_check_parity (@(x) x([1 2; 3 4]), {A});
%!test dfg_check_parity (@(x) x(:, :), {A});
%!test dfg_check_parity (@(x) x(:)', {A});
%!test dfg_check_parity (@(x) x([3 3 1], :), {A});
%!test dfg_check_parity (@(x) x(:, [1 1 1]), {A});
%!test dfg_check_parity (@(x) x(logical ([1 0 1 1; 0 0 1 0; 1 1 0 1])), {A});
%!test dfg_check_parity (@(x) x(:, logical ([1 0 1 1])), {A});
%!test dfg_check_parity (@(x) x(logical ([1 0 1]), :), {A});
%!test dfg_check_parity (@(x) x(logical ([1 0 1]), logical ([0 1 1 0])), {A});
%!test dfg_check_parity (@(x) x([], 1), {A});
%!test dfg_check_parity (@(x) x(1, []), {A});
%!test dfg_check_parity (@(x) x([]), {A});
%!test dfg_check_parity (@(x) x(zeros (1, 0)), {A});
%!test dfg_check_parity (@(x) x(:, []), {A});
%!test dfg_check_parity (@(x) x(1, 2, 1), {A});
%!test dfg_check_parity (@(x) x(2:3, :)(1, 2), {A});
%!test dfg_check_parity (@(x) x(min (2, end), :), {A});
%!test dfg_check_parity (@(x) x(1:2:end, 2:2:end), {A});
%!test dfg_check_parity (@(x) x(end, :)(end), {A});
%!test dfg_check_parity (@(x) x(:, 2)(:), {A});
%!test dfg_check_parity (@(x) x(:, 2)', {A});
%!test dfg_check_parity (@(x) x(2, :), {As});
%!test dfg_check_parity (@(x) x(2, :), {LA});
%!test dfg_check_parity (@(x) x(:, end), {As});
%!test dfg_check_parity (@(x) x(:, end), {LA});
%!test dfg_check_parity (@(x) x([1 5 9]), {As});
%!test dfg_check_parity (@(x) x([1 5 9]), {LA});
%!test dfg_check_parity (@(x) x(logical ([1 0 1 1; 0 0 1 0; 1 1 0 1])), {As});
%!test dfg_check_parity (@(x) x(logical ([1 0 1 1; 0 0 1 0; 1 1 0 1])), {LA});
%!test dfg_check_parity (@(x) x(end:-1:1, :), {As});
%!test dfg_check_parity (@(x) x(end:-1:1, :), {LA});
%!test dfg_check_parity (@(x) x(1, :, 2), {R3});
%!test dfg_check_parity (@(x) x(:, :, end), {R3});
%!test dfg_check_parity (@(x) x(2, 5), {R3});
%!test dfg_check_parity (@(x) x(:, 4), {R3});
%!test dfg_check_parity (@(x) x(2, :), {R3});
%!test dfg_check_parity (@(x) x(:, :), {R3});
%!test dfg_check_parity (@(x) x(:, 2, :), {R3});
%!test dfg_check_parity (@(x) x(end), {R3});
%!test dfg_check_parity (@(x) x(end, end, end), {R3});
%!test dfg_check_parity (@(x) x(:, :, [4 1]), {R3});
%!test dfg_check_parity (@(x) x(2, 3, 4), {R3});
%!test dfg_check_parity (@(x) x(7), {R3});
%!test dfg_check_parity (@(x) x(:, 2:3, 2:3), {R3});
%!test dfg_check_parity (@(x) x(1, :, :), {R3});
%!test dfg_check_parity (@(x) x(:, end), {R3});
%!test dfg_check_parity (@(x) x(2:end), {Rv});
%!test dfg_check_parity (@(x) x(2:end), {Cv});
%!test dfg_check_parity (@(x) x([3 3 1]), {Rv});
%!test dfg_check_parity (@(x) x([3 3 1]), {Cv});
%!test dfg_check_parity (@(x) x(logical ([1 0 1 1 0])), {Rv});
%!test dfg_check_parity (@(x) x(logical ([1 0 1 1 0])), {Cv});
%!test dfg_check_parity (@(x) x(end:-1:1), {Rv});
%!test dfg_check_parity (@(x) x(end:-1:1), {Cv});
%!test dfg_check_parity (@(x) x([1 2; 3 4]), {Rv});
%!test dfg_check_parity (@(x) x([1 2; 3 4]), {Cv});
%!test dfg_check_parity (@(x) x(:), {Rv});
%!test dfg_check_parity (@(x) x(:), {Cv});
%!test dfg_check_parity (@(x) x([]), {Rv});
%!test dfg_check_parity (@(x) x([]), {Cv});
%!test dfg_check_parity (@(x) x(1, [2 4]), {Rv});
%!test dfg_check_parity (@(x) x([2 4], 1), {Cv});
%!test dfg_check_parity (@(x) x(1), {S});
%!test dfg_check_parity (@(x) x(1, 1, 1), {S});
%!test dfg_check_parity (@(x) x([1 1 1]), {S});
%!test dfg_check_parity (@(x) x([1; 1]), {S});
%!test dfg_check_parity (@(x) x(:), {S});
%!test dfg_check_parity (@(x) x(end), {S});
%!test dfg_check_parity (@(x) x(true), {S});
%!test dfg_check_parity (@(x) x(false), {S});
%!test dfg_check_parity (@(x) x(:, 1), {E03});
%!test dfg_check_parity (@(x) x(1, :), {E30});

## indexed assignment
%!test dfg_check_parity (@asg_elem, {A});
%!test dfg_check_parity (@asg_row, {A});
%!test dfg_check_parity (@asg_col_scalar, {A});
%!test dfg_check_parity (@asg_from_self, {A});
%!test dfg_check_parity (@asg_linear, {A});
%!test dfg_check_parity (@asg_mask, {A});
%!test dfg_check_parity (@asg_grow_row, {A});
%!test dfg_check_parity (@asg_grow_elem, {A});
%!test dfg_check_parity (@asg_block, {A});
%!test dfg_check_parity (@asg_single_rhs, {A});
%!test dfg_check_parity (@asg_logical_rhs, {A});
%!test dfg_check_parity (@asg_colon_scalar, {A});
%!test dfg_check_parity (@asg_colon_vector, {A});
%!test dfg_check_parity (@asg_loop, {A});
%!test dfg_check_parity (@asg_end, {A});
%!test dfg_check_parity (@asg_repeat_index, {A});
%!test dfg_check_parity (@asg_delete_col, {A});
%!test dfg_check_parity (@asg_empty_index, {A});
## A tensor assigned into part of a native array: Octave 7 itself refuses
## ("operator =: no conversion for assignment of 'object' to indexed
## 'matrix'"), which a classdef cannot change; kept as a known failure.
%!xtest dfg_check_parity (@asg_native_lhs, {A});
%!test dfg_check_parity (@asg_elem, {As});
%!test dfg_check_parity (@asg_row, {As});
%!test dfg_check_parity (@asg_col_scalar, {As});
%!test dfg_check_parity (@asg_linear, {As});
%!test dfg_check_parity (@asg_grow_row, {As});
%!test dfg_check_parity (@asg_col_scalar, {LA});
%!test dfg_check_parity (@asg_logical_rhs, {LA});
%!test dfg_check_parity (@asg_mask, {LA});
%!test
%! warning ("off", "all", "local");
%! dfg_check_parity (@asg_elem, {LA});
%!test
%! warning ("off", "all", "local");
%! dfg_check_parity (@asg_double_into_logical, {LA});
%!test dfg_check_parity (@asg_page, {R3});
%!test dfg_check_parity (@asg_elem, {R3});
%!test dfg_check_parity (@asg_linear, {R3});
%!test dfg_check_parity (@asg_two, {A, B(1, :)});
%!test dfg_check_parity (@asg_two, {A, single(B(1, :))});
%!test dfg_check_parity (@asg_two, {As, B(1, :)});
%!test dfg_check_parity (@asg_two, {A, 5});
%!test dfg_check_parity (@two_views, {A}, [], 2);
%!test dfg_check_parity (@two_views, {R3}, [], 2);

## concatenation
%!test dfg_check_parity (@(x, y) [x, y], {A, B});
%!test dfg_check_parity (@(x, y) [x; y], {A, B});
%!test dfg_check_parity (@(x, y) [x, y; y, x], {A, B});
%!test dfg_check_parity (@(x, y) cat (3, x, y), {A, B});
%!test dfg_check_parity (@(x, y) cat (1, x, y), {A, B});
%!test dfg_check_parity (@(x, y) cat (2, x, y), {A, B});
%!test dfg_check_parity (@(x, y) cat (4, x, y), {A, B});
%!test dfg_check_parity (@(x, y) horzcat (x, y, x), {A, B});
%!test dfg_check_parity (@(x, y) vertcat (x, y, x), {A, B});
%!test dfg_check_parity (@(x) horzcat (x), {A});
%!test dfg_check_parity (@(x) [x, ones(3, 1)], {A});
%!test dfg_check_parity (@(x) [ones(1, 4); x], {A});
%!test dfg_check_parity (@(x) [x, []], {A});
%!test dfg_check_parity (@(x) [[], x], {A});
%!test dfg_check_parity (@(x) [x; zeros(0, 4)], {A});
%!test dfg_check_parity (@(x, y) [x, y], {As, B});
%!test dfg_check_parity (@(x, y) [x; y], {A, As});
%!test dfg_check_parity (@(x, y) [x, y], {LA, A});
%!test dfg_check_parity (@(x, y) [x; y], {LA, LA});
%!test dfg_check_parity (@(x, y) [x, y], {LA, As});
%!test dfg_check_parity (@(x) [x, x, 2], {S});
%!test dfg_check_parity (@(x) [1, x; x, 2], {S});
%!test dfg_check_parity (@(x) [x(:, 1), x(:, end)], {A});
%!test dfg_check_parity (@(x) cat (3, x, x), {R3});
%!test dfg_check_parity (@(x) cat (2, x, x), {R3});
%!test dfg_check_parity (@(x) cat (1, x, 2 * x), {R3});
%!test dfg_check_parity (@(x, y) [x, y], {Rv, Rv});
%!test dfg_check_parity (@(x, y) [x; y], {Cv, Cv});
%!test dfg_check_parity (@(x, y) [x, y], {E03.', A});
%!test dfg_check_parity (@(x, y) [x; y], {E03, E03});
%!test dfg_check_parity (@(x) [x, single(1)], {S});
%!test dfg_check_parity (@(x) [x, true], {S});
%!test dfg_check_parity (@(x) [true, x], {LA(1, :)});
%!test dfg_check_parity (@(x) cat (3, x, []), {A});

## permute, squeeze, repmat
%!test dfg_check_parity (@(x) permute (x, [3 1 2]), {R3});
%!test dfg_check_parity (@(x) permute (x, [2 1 3]), {R3});
%!test dfg_check_parity (@(x) permute (x, [1 2 3]), {R3});
%!test dfg_check_parity (@(x) permute (x, [2 1]), {A});
%!test dfg_check_parity (@(x) permute (x, [3 1 2]), {A});
%!test dfg_check_parity (@(x) permute (x, [1 3 2]), {A});
%!test dfg_check_parity (@(x) permute (x, [2 1]), {LA});
%!test dfg_check_parity (@(x) permute (x, [3 2 1]), {As});
%!test dfg_check_parity (@(x) ipermute (x, [3 1 2]), {R3});
%!test dfg_check_parity (@(x) ipermute (permute (x, [2 3 1]), [2 3 1]), {R3});
%!test dfg_check_parity (@(x) permute (x, [2 1]), {E03});
%!test dfg_check_parity (@(x) squeeze (x(1, :, :)), {R3});
%!test dfg_check_parity (@(x) squeeze (x(:, 1, :)), {R3});
%!test dfg_check_parity (@(x) squeeze (x(1, 2, :)), {R3});
%!test dfg_check_parity (@(x) squeeze (x), {A});
%!test dfg_check_parity (@(x) squeeze (x), {Rv});
%!test dfg_check_parity (@(x) squeeze (x), {R3});
%!test dfg_check_parity (@(x) squeeze (permute (x, [3 1 2])), {A});
%!test dfg_check_parity (@(x) repmat (x, 2, 3), {A});
%!test dfg_check_parity (@(x) repmat (x, [1 1 2]), {A});
%!test dfg_check_parity (@(x) repmat (x, 3, 1), {Rv});
%!test dfg_check_parity (@(x) repmat (x, 2), {S});
%!test dfg_check_parity (@(x) repmat (x, 2), {A});
%!test dfg_check_parity (@(x) repmat (x, 1, 2), {LA});
%!test dfg_check_parity (@(x) repmat (x, 0, 1), {A});
%!test dfg_check_parity (@(x) repmat (x, [1 2]), {R3});
%!test dfg_check_parity (@(x) repmat (x, 2, 2), {As});
%!test dfg_check_parity (@(x) repmat (x, [2 1 3]), {Cv});

## flips and circular shifts
%!test dfg_check_parity (@(x) fliplr (x), {A});
%!test dfg_check_parity (@(x) flipud (x), {A});
%!test dfg_check_parity (@(x) flip (x), {A});
%!test dfg_check_parity (@(x) flip (x, 2), {A});
%!test dfg_check_parity (@(x) flip (x, 3), {R3});
%!test dfg_check_parity (@(x) flip (x), {Rv});
%!test dfg_check_parity (@(x) flip (x), {LA});
%!test dfg_check_parity (@(x) fliplr (x), {As});
%!test dfg_check_parity (@(x) flipud (x), {Cv});
%!test dfg_check_parity (@(x) flip (x), {R3});
%!test dfg_check_parity (@(x) fliplr (x), {R3});
%!test dfg_check_parity (@(x) flip (x), {E03});
%!test dfg_check_parity (@(x) circshift (x, 1), {A});
%!test dfg_check_parity (@(x) circshift (x, -1), {A});
%!test dfg_check_parity (@(x) circshift (x, 1, 2), {A});
%!test dfg_check_parity (@(x) circshift (x, [1 2]), {A});
%!test dfg_check_parity (@(x) circshift (x, 2), {Rv});
%!test dfg_check_parity (@(x) circshift (x, 1, 3), {R3});
%!test dfg_check_parity (@(x) circshift (x, 5), {A});
%!test dfg_check_parity (@(x) circshift (x, -7, 2), {A});
%!test dfg_check_parity (@(x) circshift (x, 1), {LA});
%!test dfg_check_parity (@(x) circshift (x, [0 1]), {As});
%!test dfg_check_parity (@(x) circshift (x, 0), {A});

## diag, tril, triu, trace, kron
%!test dfg_check_parity (@(x) diag (x), {Cv});
%!test dfg_check_parity (@(x) diag (x), {Rv});
%!test dfg_check_parity (@(x) diag (x), {A});
%!test dfg_check_parity (@(x) diag (x, 1), {A});
%!test dfg_check_parity (@(x) diag (x, -1), {A});
%!test dfg_check_parity (@(x) diag (x, 2), {Cv});
%!test dfg_check_parity (@(x) diag (x, -1), {Rv});
%!test dfg_check_parity (@(x) diag (x), {A.'});
%!test dfg_check_parity (@(x) diag (x), {S});
%!test dfg_check_parity (@(x) diag (x), {LA});
%!test dfg_check_parity (@(x) diag (x), {single(Cv)});
%!test dfg_check_parity (@(x) diag (x), {M});
%!test dfg_check_parity (@(x) diag (diag (x)), {M});
%!test dfg_check_parity (@(x) diag (x, 5), {A});
%!test dfg_check_parity (@(x) tril (x), {A});
%!test dfg_check_parity (@(x) tril (x, 1), {A});
%!test dfg_check_parity (@(x) tril (x, -1), {A});
%!test dfg_check_parity (@(x) triu (x), {A});
%!test dfg_check_parity (@(x) triu (x, 2), {A});
%!test dfg_check_parity (@(x) triu (x, -1), {A});
%!test dfg_check_parity (@(x) tril (x), {LA});
%!test dfg_check_parity (@(x) triu (x), {As});
%!test dfg_check_parity (@(x) tril (x), {M});
%!test dfg_check_parity (@(x) triu (x, 1), {M});
%!test dfg_check_parity (@(x) tril (x) + triu (x, 1), {M});
%!test dfg_check_parity (@(x) tril (x, -5), {A});
%!test dfg_check_parity (@(x) trace (x), {M});
%!test dfg_check_parity (@(x) trace (x), {single(M)});
%!test dfg_check_parity (@(x) trace (x), {S});
%!test dfg_check_parity (@(x) trace (x), {M > 0});
%!test dfg_check_parity (@(x, y) kron (x, y), {A(1:2, 1:3), B(1:3, 1:2)});
%!test dfg_check_parity (@(x, y) kron (x, y), {Cv, Rv});
%!test dfg_check_parity (@(x, y) kron (x, y), {As, B(1:2, 1:2)});
%!test dfg_check_parity (@(x, y) kron (x, y), {S, A});
%!test dfg_check_parity (@(x, y) kron (x, y), {LA(1:2, 1:2), A});
%!test dfg_check_parity (@(x) kron (x, eye (2)), {M});
%!test dfg_check_parity (@(x) kron (eye (2), x), {M});

## transposes
%!test dfg_check_parity (@(x) x', {A});
%!test dfg_check_parity (@(x) x.', {A});
%!test dfg_check_parity (@(x) x', {Rv});
%!test dfg_check_parity (@(x) x.', {Cv});
%!test dfg_check_parity (@(x) x', {As});
%!test dfg_check_parity (@(x) x', {LA});
%!test dfg_check_parity (@(x) x', {E03});
%!test dfg_check_parity (@(x) x', {S});
%!test dfg_check_parity (@(x) transpose (x), {A});
%!test dfg_check_parity (@(x) ctranspose (x), {As});
%!test dfg_check_parity (@(x) x''', {A});
%!test dfg_check_parity (@(x) (x')', {A});

## class conversions
%!test dfg_check_parity (@(x) double (x), {As});
%!test dfg_check_parity (@(x) single (x), {A});
%!test dfg_check_parity (@(x) double (x), {LA});
%!test dfg_check_parity (@(x) single (x), {LA});
%!test dfg_check_parity (@(x) logical (x), {round(A)});
%!test dfg_check_parity (@(x) logical (x), {single(round(A))});
%!test dfg_check_parity (@(x) logical (x), {LA});
%!test dfg_check_parity (@(x) double (x), {A});
%!test dfg_check_parity (@(x) single (x), {As});
%!test dfg_check_parity (@(x) cast (x, "single"), {A});
%!test dfg_check_parity (@(x) cast (x, "double"), {As});
%!test dfg_check_parity (@(x) cast (x, "single"), {LA});
%!test dfg_check_parity (@(x) cast (x, "logical"), {round(A)});
%!test dfg_check_parity (@(x) single (x) + 1, {A});
%!test dfg_check_parity (@(x) double (single (x)), {A});
%!test dfg_check_parity (@(x) single (x) * 2 + x, {A});
%!test dfg_check_parity (@(x) double (x > 0), {A});
%!test dfg_check_parity (@(x) single (x), {[1e300 -1e300 1e-300 NaN]});
%!test dfg_check_parity (@(x) double (x), {E03});
%!test dfg_check_parity (@(x) single (x(:, 1)), {A});

## dfg.zeros, dfg.ones, dfg.eye: class and size of the tensor, then value
%!function check_fill (t, expected)
%!  assert (isa (t, "dfg.Tensor"));
%!  assert (class (t), class (expected));
%!  assert (size (t), size (expected));
%!  dfg_assert_same (dfg.value (t), expected);
%!endfunction
%!test check_fill (dfg.zeros (2, 3), zeros (2, 3));
%!test check_fill (dfg.zeros (3), zeros (3));
%!test check_fill (dfg.zeros ([2 3 4]), zeros ([2 3 4]));
%!test check_fill (dfg.zeros (2, 3, "single"), zeros (2, 3, "single"));
%!test check_fill (dfg.zeros (0, 3), zeros (0, 3));
%!test check_fill (dfg.zeros (1, 1), 0);
%!test check_fill (dfg.zeros (2, 3, 1), zeros (2, 3));
%!test check_fill (dfg.ones (2, 3), ones (2, 3));
%!test check_fill (dfg.ones (3, "single"), ones (3, "single"));
%!test check_fill (dfg.ones ([1 4]), ones (1, 4));
%!test check_fill (dfg.ones (2, 3, 2), ones (2, 3, 2));
%!test check_fill (dfg.eye (3), eye (3));
%!test check_fill (dfg.eye (2, 3), eye (2, 3));
%!test check_fill (dfg.eye ([3 2]), eye (3, 2));
%!test check_fill (dfg.eye (3, "single"), eye (3, "single"));
%!test check_fill (dfg.eye (0), eye (0));
%!test check_fill (dfg.zeros (2) + dfg.ones (2), ones (2));
%!test check_fill (dfg.eye (3) * 5 - dfg.ones (3, "single"), eye (3) * 5 - ones (3, "single"));
%!test
%! x = dfg.input ([3 3]);
%! f = dfg.function ({x}, {x + dfg.eye(3), x .* dfg.zeros(3, 3)});
%! X = magic (3);
%! [a, b] = f (X);
%! dfg_assert_same (a, X + eye (3));
%! dfg_assert_same (b, zeros (3));
%!test dfg_check_parity (@(x) x + zeros (size (x)), {A});
%!test dfg_check_parity (@(x) x + ones (size (x), "single"), {A});
%!test dfg_check_parity (@(x) x * eye (size (x, 2)), {A});


## larger arrays (threaded and blocked kernels)
%!test
%! randn ("state", 41);
%! X = randn (100, 200, 30);
%! dfg_check_parity (@(x) permute (x, [3 1 2]), {X});
%! dfg_check_parity (@(x) permute (x, [2 3 1]), {X});
%! dfg_check_parity (@(x) x(:, end:-1:1, 2:2:end), {X});
%!test
%! randn ("state", 42);
%! X = randn (1000, 700);
%! dfg_check_parity (@(x) x', {X});
%! dfg_check_parity (@(x) x(2:2:end, [700 1 350]), {X});
%! dfg_check_parity (@(x) [x, x; x, x], {X(1:300, 1:200)});
%! dfg_check_parity (@(x) repmat (x, 3, 2), {X(1:200, 1:100)});
%! dfg_check_parity (@(x) circshift (x, [7 -3]), {X});


## an empty X into an empty block changes nothing; concatenation takes the
## class of every operand, skipped empties included
%!function y = asg_empty_block (x, v)
%!  y = x;
%!  y(:, 1) = v;
%!endfunction
%!function y = asg_empty_block3 (x, v)
%!  y = x;
%!  y(:, 3) = v;
%!endfunction
%!test dfg_check_parity (@asg_empty_block, {zeros(0, 1), zeros(0, 3)});
%!test dfg_check_parity (@asg_empty_block3, {zeros(0, 1), zeros(0, 3)});
%!test dfg_check_parity (@asg_empty_block, {zeros(0, 2), single(zeros(3, 0))});
%!error <nonconformant> t = dfg.constant (zeros (2, 1)); t(:, 1) = zeros (0, 3);
%!test dfg_check_parity (@(a, b) [a, b], {ones(2), single(zeros(1, 0))});
%!test dfg_check_parity (@(a, b) horzcat (a, b), {ones(2), single(zeros(1, 0))});
%!test dfg_check_parity (@(a, b) cat (1, a, b), {true(2), single(zeros(0, 2))});
%!test dfg_check_parity (@(a, b) [a; b], {true(2), zeros(0, 2)});
%!test dfg_check_parity (@(a, b) [a, b], {true(2), true(1, 0)});
%!test dfg_check_parity (@(a, b, c) [a, b, c], {single(zeros(1, 0)), ones(2), zeros(0, 0)});

## assignment into empty arrays: into an array whose dimensions are all
## zero a colon takes its extent from X (Octave's zero_dims_inquire);
## linear growth of 0xN, 1xN and Nx1 arrays, and its refusal for others
%!test
%! shapes = {[0 0], [0 3], [2 0], [1 0], [0 1], [0 0 0]};
%! subs = {{2, ":"}, {":", 2}, {1, ":"}, {":", ":"}, {2}, {[1 2], ":"}, {":", 1, 2}, {":", [1 2], ":"}, {4}};
%! vals = {5, [1 2], [1; 2], single([1 2; 3 4]), true};
%! for i = 1:numel (shapes)
%!   for j = 1:numel (subs)
%!     for v = 1:numel (vals)
%!       A = zeros (shapes{i});
%!       what = sprintf ("A = zeros (%s); A(%s) = %s", mat2str (shapes{i}),
%!                       strjoin (cellfun (@num2str, subs{j}, "uniformoutput", false), ", "), mat2str (vals{v}));
%!       try
%!         A(subs{j}{:}) = vals{v};
%!         ok = true;
%!       catch
%!         ok = false;
%!       end_try_catch
%!       ## an empty block and a non-scalar X that do not match: Octave 7.3's
%!       ## Array<T>::assign then reads past X's dimensions for its "both
%!       ## empty" test, so it errors or leaves A alone depending on that
%!       ## memory (it errors under AddressSanitizer); the rule it means,
%!       ## and dfg's, is an error
%!       if (ok && numel (vals{v}) > 1 && isequal (A, zeros (shapes{i})))
%!         ok = false;
%!       endif
%!       T = dfg.constant (zeros (shapes{i}));
%!       try
%!         T(subs{j}{:}) = vals{v};
%!         D = dfg.value (T);
%!         assert (ok, "%s: dfg succeeds where Octave errors", what);
%!         dfg_assert_same (D, A, 0, what);
%!       catch err
%!         assert (! ok, "%s: %s", what, err.message);
%!       end_try_catch
%!     endfor
%!   endfor
%! endfor
%!test
%! ## Octave 7.3: diag of 0x0 is 0x0 for any K
%! dfg_check_parity (@(x) diag (x), {zeros(0, 0)});
%! dfg_check_parity (@(x) diag (x, 1), {single(zeros (0, 0))});
%! dfg_check_parity (@(x) diag (x, -2), {zeros(0, 0)});

## concatenation with empty operands: Octave's dimension rules
## (dim_vector::concat for cat, ::hvcat for horzcat and vertcat) and its
## class rule (every operand counts, left-out empties too)
%!test
%! E = {zeros(0,0), zeros(1,0), zeros(0,1), zeros(0,3), zeros(2,0), zeros(3,0), single(zeros(1,0)), ...
%!      false(0,0), zeros(0,0,2), zeros(1,0,2), 5, [1 2], [1;2], ones(2,2), true(1, 2)};
%! for i = 1:numel (E)
%!   for j = 1:numel (E)
%!     for op = {@horzcat, @vertcat, @(a, b) cat (3, a, b), @(a, b) cat (2, a, b, a)}
%!       what = sprintf ("%s (%s %s, %s %s)", func2str (op{1}), class (E{i}), mat2str (size (E{i})),
%!                       class (E{j}), mat2str (size (E{j})));
%!       try
%!         R = op{1} (E{i}, E{j});
%!         ok = true;
%!       catch
%!         ok = false;
%!       end_try_catch
%!       try
%!         D = dfg.value (op{1} (dfg.constant (E{i}), dfg.constant (E{j})));
%!         assert (ok, "%s: dfg succeeds where Octave errors", what);
%!         dfg_assert_same (D, R, 0, what);
%!       catch err
%!         assert (! ok, "%s: %s", what, err.message);
%!       end_try_catch
%!     endfor
%!   endfor
%! endfor

## an empty X into an empty selection changes nothing, even where a
## growth would be refused; N-d arrays are not resized by fewer subscripts
%!test
%! x = single (zeros ([1 0 2]));
%! dfg_check_parity (@(x) subsasgn (x, substruct ("()", {5, ":"}), x), {x});
%! dfg_check_parity (@(x, v) subsasgn (x, substruct ("()", {logical([]), 8:-2:1}), v), {zeros(0, 1, 2), single(zeros (1, 0))});
%!error <Invalid resizing> y = dfg.constant (ones (2, 2, 2)); y(5, :) = 1;
%!test
%! ## an N-d array whose folded view is 0x0 takes X through covering subscripts
%! dfg_check_parity (@(x, v) subsasgn (x, substruct ("()", {1, ":"}), v), {single(zeros ([0 0 2])), zeros(1, 0)});
%!error <Invalid resizing> y = dfg.constant (zeros (0, 0, 2)); y(2, :) = 5;

## ---- linspace with tensor limits (Octave 7.3's construction: from both
## ends for scalar limits, from the start for vector ones) --------------
%!test
%! C = {{0, 1, 7}, {0.1, 0.73, 9}, {-Inf, Inf, 5}, {1, Inf, 4}, {Inf, Inf, 4}, ...
%!      {-0, 0, 3}, {0, -0, 3}, {1, 2, 1}, {NaN, 1, 4}, {-realmax, realmax, 4}, ...
%!      {3, -3, 5}, {0, 1, 2.7}, {0, 1, NaN}, {0, 1, 0}, {0, 1, -2}, ...
%!      {[1; 2], 3, 3}, {[1 2], [3 4], 3}, {[1; 2], [3; 4], 0}, {zeros(1, 0), 1, 3}, ...
%!      {single(1), 2, 4}, {true, false, 3}, {0, 1}, {single(0.1), single(0.7), 10}, ...
%!      {[1 2 3], 5, 6}, {[0.1; -0.3; Inf; 2], [0.73; 0.2; Inf; 2], 11}, ...
%!      {single([0.1 0.2]), single([0.7 -3]), 13}, {[1 2], 1, 1}, {[-Inf 1], [Inf NaN], 5}};
%! for k = 1:numel (C)
%!   c = C{k};
%!   n = c(3:end);
%!   dfg_check_parity (@(a, b) linspace (a, b, n{:}), c(1:2), 0);
%! endfor
%!error id=dfg:dataDependentSize linspace (0, 1, dfg.input ([1 1]))
%!error <START, END must be scalars or vectors> linspace (dfg.input ([2 2]), 1, 3)
%!error <vectors must be of equal length> linspace (dfg.input ([2 1]), [1 2 3], 3)
%!error <N must be a scalar> linspace (dfg.input ([1 1]), 1, [2 3])
%!error <called with 1 argument> linspace (dfg.input ([1 1]))
