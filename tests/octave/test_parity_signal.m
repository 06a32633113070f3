## Parity of dfg's signal processing with Octave's: conv (full, same, valid;
## row and column orientation, scalars, empties, single and logical), conv2
## (matrices and the separable form) and
## filter (FIR and IIR, a(1) normalisation, initial and final states, DIM,
## matrices column-wise, 3-D, empties, single and logical).
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_parity_signal.m")

%!shared Ar, Ac, Br, Bc, S, As, LA, X, Xs, X3, B3, A2, Ai
%! randn ("state", 7);  rand ("state", 7);
%! Ar = randn (1, 6);  Ac = randn (6, 1);  Br = randn (1, 3);  Bc = randn (4, 1);
%! S = randn ();  As = single (randn (1, 5));  LA = rand (1, 4) > 0.5;
%! X = randn (7, 3);  Xs = single (randn (6, 2));  X3 = randn (3, 4, 2);
%! B3 = [0.5 0.3 0.2];  A2 = [1 -0.5];  Ai = [2 -0.6 0.08];

## conv: every shape, orientation rule, class
%!test
%! for shape = {"full", "same", "valid"}
%!   sh = shape{1};
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Ar, Br});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Ac, Br});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Br, Ac});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Bc, Ar});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Br, Bc});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Bc, Br});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {S, Ar});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Ar, S});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {S, S});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {As, Br});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {LA, Br});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {LA, LA});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {zeros(1, 0), Br});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {Ar, zeros(0, 1)});
%!   dfg_check_parity (@(a, b) conv (a, b, sh), {zeros(1, 0), zeros(1, 0)});
%! endfor
%!test dfg_check_parity (@(a) conv (a, [1 2 3]), {Ar});
%!test dfg_check_parity (@(a) conv ([1 2 3]', a), {Ar});
%!test dfg_check_parity (@(b) conv (Ar, b, "valid"), {Bc});
%!test dfg_check_parity (@(a, b) conv (a, b), {[1 2 3 4], [1 10 100]}, 0);
%!test dfg_check_parity (@(a, b) conv (a, b, "same"), {[1 2 3 4 5], [1 2 3 4]}, 0);
%!test dfg_check_parity (@(a, b) conv (a, b, "valid"), {3, [1 2]}, 0);
%!test dfg_check_parity (@(a, b) conv (a, b, "valid"), {[1 2 3]', [1 2]}, 0);
%!test dfg_check_parity (@(a, b) conv (a, b), {single([1 2]), [1 2 3]'}, 0);
%!test dfg_check_parity (@(a, b) conv (a, b), {[1 NaN 3], [1 Inf]});

## conv2: matrices and the separable form, every shape, class, empties
%!test
%! M = randn (4, 5);  K = randn (2, 3);  Ks = single (randn (3, 2));
%! for shape = {"full", "same", "valid"}
%!   sh = shape{1};
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {M, K});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {K, M});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {M, Ks});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {Ar, Bc});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {S, M});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {M > 0, K > 0});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {zeros(0, 3), K});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {M, zeros(2, 0)});
%!   dfg_check_parity (@(a, b) conv2 (a, b, sh), {ones(2, 3), ones(3, 3)});
%!   dfg_check_parity (@(u, v, m) conv2 (u, v, m, sh), {[1 2 3], [1; 2], M});
%!   dfg_check_parity (@(u, v, m) conv2 (u, v, m, sh), {Bc, Br, M});
%!   dfg_check_parity (@(u, v, m) conv2 (u, v, m, sh), {Br, single([2 1]), M});
%!   dfg_check_parity (@(u, v, m) conv2 (u, v, m, sh), {[1 2], [1 2], zeros(0, 3)});
%!   dfg_check_parity (@(u, v, m) conv2 (u, v, m, sh), {zeros(1, 0), [1 2], M});
%! endfor
%!test dfg_check_parity (@(a, b) conv2 (a, b), {magic(3), [1 2; 3 4]}, 0);
%!test dfg_check_parity (@(a, b) conv2 (a, b, "same"), {magic(3), [1 2; 3 4]}, 0);
%!test dfg_check_parity (@(u, v, m) conv2 (u, v, m), {[1 2], [1; 3], magic(3)}, 0);
%!test dfg_check_parity (@(u, v, m) conv2 (u, v, m), {[1 2 3], [1 2], magic(4)});
%!test dfg_check_parity (@(u, v, m) conv2 (u, v, m), {1, [1 2], reshape(1:8, 2, 2, 2)}, 0);
%!test dfg_check_parity (@(u, v, m) conv2 (u, v, m, "same"), {[1 2], [1 2], randn(2, 2, 2)});
%!test dfg_check_parity (@(u, v, m) conv2 (u, v, m), {1, 1, zeros(0, 1, 2)});
%!test dfg_check_parity (@(a, b) conv2 (a, b), {NaN, 0});
%!test dfg_check_parity (@(a, b) conv2 (a, b), {0, NaN});
%!test dfg_check_parity (@(u, v, m) conv2 (u, v, m), {[1 2], [3 4], NaN});
%!error <dfg.conv2: A and B must be 1-D vectors or 2-D matrices> conv2 (dfg.constant (ones (2, 2, 2)), 1)
%!error <dfg.conv2: SHAPE type not valid> conv2 (dfg.constant (ones (2)), 1, "x")
%!error <dfg.conv2: SHAPE type not valid> conv2 (dfg.constant (ones (2)), 1, ones (2), "SAME")
%!error <dfg.conv2: arguments must be vectors for separable option> conv2 ([1 2], ones (2), dfg.constant (ones (2)))
%!error <dfg.conv2: called with 5 arguments> conv2 (dfg.constant (1), 2, 3, "full", 4)

## filter: FIR, IIR, normalisation, class
%!test dfg_check_parity (@(x) filter (B3, 1, x), {Ar});
%!test dfg_check_parity (@(x) filter (B3, 1, x), {Ac});
%!test dfg_check_parity (@(x) filter (1, A2, x), {Ar});
%!test dfg_check_parity (@(x) filter (B3, Ai, x), {Ac});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, Ai, X});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {Br, [3 0.4], Ar});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {[1 2 3], [2 1], [1 2 3 4]}, 0);
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {2, 4, X});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {[], 1, Ar});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {ones(2), 1, Ar});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {1, [1 0.5; 0.2 0.1], Ar});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, A2, Xs});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {single(B3), A2, X});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, single(A2), X});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, A2, LA});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {LA, A2, Ar});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, A2, X3});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, A2, S});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {[1 2], [Inf 3], 1:3});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {[1 2], [NaN 3], 1:3});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, A2, zeros(0, 3)});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, A2, []});
%!test dfg_check_parity (@(b, a, x) filter (b, a, x), {B3, A2, zeros(1, 0)});

## filter: DIM, initial and final states
%!test dfg_check_parity (@(x) filter (B3, Ai, x, [], 2), {X}, [], 2);
%!test dfg_check_parity (@(x) filter (B3, Ai, x, [], 1), {X}, [], 2);
%!test dfg_check_parity (@(x) filter (B3, Ai, x, [], 3), {X3}, [], 2);
%!test dfg_check_parity (@(x) filter (B3, Ai, x, [], 2), {X3}, [], 2);
%!test dfg_check_parity (@(x) filter (B3, Ai, x, [], 1), {Ar}, [], 2);
%!test dfg_check_parity (@(x) filter (B3, Ai, x), {X}, [], 2);
%!test dfg_check_parity (@(x) filter (B3, 1, x), {Ar}, [], 2);
%!test dfg_check_parity (@(x) filter (1, 1, x), {Ar}, [], 2);
%!test dfg_check_parity (@(x) filter ([1 2], [1 2 3 4], x), {[1 2]}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, Ai, x, si), {Ar, [0.5 -1]}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, Ai, x, si), {Ac, [0.5 -1]}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, Ai, x, si), {Ar, [0.5; -1]}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, Ai, x, si), {X, randn(2, 3)}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, Ai, x, si, 2), {X, randn(2, 7)}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, 1, x, si, 2), {X, randn(2, 7)}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, A2, x, si, 3), {X3, randn(2, 3, 4)}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, A2, x, si), {X3, randn(2, 4, 2)}, [], 2);
%!test dfg_check_parity (@(x, si) filter ([0.5 0.2], [1 0.3], x, si, 3), {X3, randn(1, 3, 4)}, [], 2);
%!test dfg_check_parity (@(x) filter ([0.5 0.2], [1 0.3], x, [], 3), {X3}, [], 2);
%!error <dimensionality of SI and X must agree> filter (1, 2, dfg.constant (ones (2, 1, 3)), [], 3)
%!test dfg_check_parity (@(x, si) filter ([1 2 3], 1, x, si, 2), {ones(2, 3), [1 2 3; 4 5 6]}, 0, 2);
%!test dfg_check_parity (@(x, si) filter ([1 2 3], [2 1], x, si), {[1 2 3 4]', [1 2]}, [], 2);
%!test dfg_check_parity (@(x, si) filter ([1 2 3], [2 1], x, si), {zeros(1, 0), [1 2]}, [], 2);
%!test dfg_check_parity (@(x, si) filter ([1 2 3], [2 1], x, si), {[1 2], [3 4]}, [], 2);
%!test dfg_check_parity (@(x, si) filter ([1 2 3 4], [2 1], x, si), {[1 2], [3 4 5]}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, Ai, x, si), {Xs, single(randn(2, 2))}, [], 2);
%!test dfg_check_parity (@(x, si) filter (B3, Ai, x, si), {X, single(randn(2, 3))}, [], 2);
%!test dfg_check_parity (@(b, a, x, si) filter (b, a, x, si), {[0.2 0.3], [1.5 0.2], Ar, 0.7}, [], 2);
%!test dfg_check_parity (@(x, si) filter ([1 2], 1, x, si), {zeros(0, 1), 3}, [], 2);

## errors
%!error <dfg.conv: both arguments A and B must be vectors> conv (dfg.constant (ones (2)), [1 2])
%!error <dfg.conv: both arguments A and B must be vectors> conv ([], dfg.constant ([1 2]))
%!error <dfg.conv: SHAPE argument must be> conv (dfg.constant ([1 2]), [1 2], "SAME")
%!error <dfg.conv: SHAPE argument must be> conv (dfg.constant ([1 2]), [1 2], "foo")
%!error <dfg.conv: SHAPE argument must be> conv (dfg.constant ([1 2]), [1 2], 1)
%!error <dfg.conv: called with 4 arguments> conv (dfg.constant ([1 2]), [1 2], "full", 1)
%!error <dfg.conv: invalid conversion from string to real matrix \(A, argument 1, is char> conv ("ab", dfg.constant ([1 2]))
%!error <dfg.conv: invalid conversion from string to real matrix \(B, argument 2, is char> conv (dfg.constant (true (1, 2)), "ab")
%!error <dfg.conv2: invalid conversion from string to real matrix \(M, argument 3, is char> conv2 ([1 2], dfg.constant ([1 2]), "ab", "full")
%!error <dfg.filter: SI \(argument 4\) must be a numeric array \(Octave converts char> filter (1, [1 2], dfg.constant ([1 2]), "c")

## char beside a single argument: Octave's float path converts the codes
## (a char operand is a constant: no gradient); without one, its error
%!test
%! Ms = single (magic (3));
%! dfg_check_parity (@(a) conv (a, "ab"), {As});
%! dfg_check_parity (@(a) conv ("abc", a, "same"), {As});
%! dfg_check_parity (@(a) conv2 (a, "ab"), {Ms});
%! dfg_check_parity (@(a) conv2 ("ab", a, "valid"), {Ms});
%! dfg_check_parity (@(m) conv2 ("ab", "c", m), {Ms});
%! dfg_check_parity (@(b) filter (b, 1, "abc"), {single([1 0.5])});
%! dfg_check_parity (@(x) filter (1, [1 0.5], x, "c"), {single([1 2 3])});
%! dfg_check_parity (@(x) filter ("a", single (1), x), {[1 2 3]});
%!error <the first element of A must be nonzero> double (filter ([1 2], [0 1], dfg.constant ([1 2])))
%!error <the first element of A must be nonzero> f = dfg.jit (@(x) filter ([1 2], [0 1], x)); f ([1 2])
%!error <dfg.filter: A must not be empty> filter (1, [], dfg.constant ([1 2]))
%!error <dfg.filter: DIM must be a valid dimension> filter (1, 1, dfg.constant (ones (2, 3)), [], 3)
%!error <dfg.filter: DIM must be a valid dimension> filter (1, 1, dfg.constant (ones (2, 3)), [], 0)
%!error <first dimension of SI must be of length> filter ([1 2], 1, dfg.constant ([1 2]), [1 2])
%!error <dimensionality of SI and X must agree> filter ([1 2], 1, dfg.constant (ones (2, 2, 2)), [1 2])
%!error <dimensionality of SI and X must agree> filter ([1 2 3], 1, dfg.constant (ones (3, 2)), [1 2]')
%!error <dimensionality of SI and X must agree> filter (1, 1, dfg.constant (ones (1, 1, 3)))
%!error <dfg.filter: X \(argument 3\) must be a numeric array> filter (1, dfg.constant (1), "ab")
%!error <dfg.filter: called with too many outputs> [a, b, c] = filter (1, 1, dfg.constant ([1 2]))
%!error <dfg.filter: called with 6 arguments> filter (1, 1, dfg.constant ([1 2]), [], 1, 2)
%!error id=dfg:badArgument conv (dfg.constant (ones (2)), [1 2])
%!error id=dfg:badArgument conv2 (dfg.constant (ones (2, 2, 2)), 1)
%!error id=dfg:badArgument filter ([1 2], 1, dfg.constant ([1 2]), [1 2])
%!error id=dfg:nonconformant filter ([1 2], 1, dfg.constant (ones (2, 2, 2)), [1 2])
%!error id=dfg:badArgument f = dfg.jit (@(x) filter ([1 2], [0 1], x)); f ([1 2])
%!error id=dfg:symbolicSize filter ([1 2], 1, dfg.input ([NaN 2]))
%!error id=dfg:symbolicSize conv (dfg.input ([NaN 1]), [1 2])
