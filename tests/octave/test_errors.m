## Error handling of dfg.  Every error path must give a clean error with an
## identifier dfg:<id> and a message that starts with the dfg function's
## name (never a crash or a wrong result), and dfg must be usable after it.
## NaN and Inf are data, not errors: they flow through as in Octave.
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_errors.m")

## A small computation through every entry point; fails if dfg is broken.
%!function check_usable ()
%!  c = dfg.constant ([1 2; 3 4]);
%!  assert (dfg.value (c * 2 + 1), [3 5; 7 9]);
%!  x = dfg.input ([2 2]);
%!  f = dfg.function ({x}, {x' * c});
%!  assert (f (eye (2)), [1 2; 3 4]);
%!  assert (f ([0 1; 1 0]), [3 4; 1 2]);
%!  assert (f ([1 0; 1 0]), [4 6; 0 0]);
%!  g = dfg.jit (@(a) sum (a(:)));
%!  assert (g ([1 2 3]), 6);
%!endfunction

## fn () must raise an error whose identifier matches the regular
## expression id and whose message starts with "dfg."; dfg must work after.
%!function expect_error (fn, id)
%!  failed = false;
%!  try
%!    fn ();
%!  catch err
%!    failed = true;
%!  end_try_catch
%!  if (! failed)
%!    error ("expected an error with identifier %s, got none", id);
%!  endif
%!  if (isempty (regexp (err.identifier, ["^(" id ")$"], "once")))
%!    error ("expected identifier %s, got '%s' (message: %s)", id, err.identifier, err.message);
%!  endif
%!  if (isempty (regexp (err.message, '^dfg\.', "once")))
%!    error ("message of %s does not start with 'dfg.': %s", err.identifier, err.message);
%!  endif
%!  check_usable ();
%!endfunction

## fn () must either return expected (class, size and value) or raise an
## error whose identifier matches id; dfg must work after.
%!function expect_value_or_error (fn, expected, id)
%!  try
%!    v = fn ();
%!  catch err
%!    if (isempty (regexp (err.identifier, ["^(" id ")$"], "once")))
%!      error ("expected a result or identifier %s, got '%s' (message: %s)", id, err.identifier, err.message);
%!    endif
%!    check_usable ();
%!    return;
%!  end_try_catch
%!  dfg_assert_same (v, expected, 1e-12);
%!  check_usable ();
%!endfunction

%!function y = bad_assign_size (x)
%!  y = x;
%!  y(1:2, 1) = [1 2 3];
%!endfunction
%!function y = bad_assign_index (x)
%!  y = x;
%!  y(0) = 1;
%!endfunction
%!function y = bad_assign_fraction (x)
%!  y = x;
%!  y(1.5, 1) = 2;
%!endfunction
%!function v = huge_intermediate (a)
%!  x = dfg.input ([1 1]);
%!  y = repmat (x, 2e5, 2e5);   # 320 GB
%!  f = dfg.function ({x}, {sum(y(:))});
%!  v = f (a);
%!endfunction
%!function y = data_dependent_branch (x)
%!  if (sum (x(:)) > 0)
%!    y = x;
%!  else
%!    y = -x;
%!  endif
%!endfunction

%!test check_usable ();

## ---- dfg:nonconformant ------------------------------------------------
%!error id=dfg:nonconformant dfg.input ([3 4]) + dfg.input ([5 4])
%!error <dfg\.plus: nonconformant arguments \(A is 3x4, B is 5x4\)> dfg.input ([3 4]) + dfg.input ([5 4])
%!error <dfg\.plus.*3x4.*5x4> dfg.input ([3 4]) + dfg.input ([5 4])
%!error <dfg\.minus.*3x4.*3x5> dfg.input ([3 4]) - dfg.input ([3 5])
%!error id=dfg:nonconformant dfg.input ([3 4]) - dfg.input ([3 5])
%!error id=dfg:nonconformant dfg.input ([3 4]) .* dfg.input ([4 3])
%!error id=dfg:nonconformant dfg.input ([3 4]) ./ ones (2, 4)
%!error id=dfg:nonconformant ones (2, 4) .^ dfg.input ([3 4])
%!error id=dfg:nonconformant ones (2, 4) + dfg.constant (ones (3, 4))
%!error id=dfg:nonconformant dfg.input ([3 4]) == dfg.input ([2 4])
%!error id=dfg:nonconformant dfg.input ([3 4]) < dfg.input ([3 2])
%!error id=dfg:nonconformant dfg.input ([3 4], "logical") & dfg.input ([2 4], "logical")
%!error id=dfg:nonconformant xor (dfg.input ([3 4], "logical"), dfg.input ([1 3], "logical"))
%!error id=dfg:nonconformant max (dfg.input ([3 4]), dfg.input ([2 4]))
%!error id=dfg:nonconformant min (dfg.input ([3 4]), ones (4, 3))
%!error id=dfg:nonconformant atan2 (dfg.input ([3 4]), dfg.input ([3 2]))
%!error id=dfg:nonconformant hypot (dfg.input ([3 4]), dfg.input ([3 2]))
%!error id=dfg:nonconformant mod (dfg.input ([3 4]), dfg.input ([3 2]))
%!error id=dfg:nonconformant dfg.input ([2 3 4]) + dfg.input ([2 3 5])
%!error id=dfg:nonconformant dfg.input ([3 4]) * dfg.input ([3 4])
%!error <dfg\.mtimes.*3x4.*3x4> dfg.input ([3 4]) * dfg.input ([3 4])
%!error id=dfg:nonconformant dfg.input ([3 4]) * ones (3, 1)
%!error id=dfg:nonconformant dfg.input ([3 4]) \ dfg.input ([4 1])
%!error id=dfg:nonconformant dfg.input ([3 4]) / dfg.input ([3 3])
## Octave 7 replaces any error raised by a classdef horzcat/vertcat called
## from [a, b] / [a; b] syntax with "<class>/horzcat method failed" and an
## empty identifier, so only the function-call forms can carry dfg's id;
## the bracket forms must still fail, and are kept as known failures.
%!error [dfg.input([3 4]), dfg.input([2 4])]
%!error [dfg.input([3 4]); dfg.input([3 5])]
%!error [dfg.input([3 4]), ones(2, 1)]
%!xtest expect_error (@() [dfg.input([3 4]), dfg.input([2 4])], "dfg:nonconformant");
%!xtest expect_error (@() [dfg.input([3 4]); dfg.input([3 5])], "dfg:nonconformant");
%!error id=dfg:nonconformant horzcat (dfg.input ([3 4]), ones (2, 1))
%!error id=dfg:nonconformant vertcat (ones (1, 3), dfg.input ([3 4]))
%!error id=dfg:nonconformant horzcat (dfg.input ([3 4]), dfg.input ([2 4]))
%!error id=dfg:nonconformant vertcat (dfg.input ([3 4]), dfg.input ([3 5]))
%!error id=dfg:nonconformant cat (3, dfg.input ([3 4]), dfg.input ([3 5]))
%!error id=dfg:nonconformant dot (dfg.input ([3 1]), dfg.input ([4 1]))
%!error id=dfg:nonconformant merge (dfg.input ([3 4], "logical"), dfg.input ([3 4]), dfg.input ([2 4]))
%!error id=dfg:nonconformant kron (dfg.input ([2 2]), dfg.input ([2 2])) * dfg.input ([3 3])
%!error id=dfg:nonconformant g = dfg.jit (@bad_assign_size); g (ones (3, 4))
%!error id=dfg:nonconformant x = dfg.input ([2 2]); f = dfg.function ({x}, {x + ones(3)}); f (ones (2))
%!test expect_error (@() dfg.input ([3 4]) ^ 2, "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() inv (dfg.input ([3 4])), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() det (dfg.input ([3 4])), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() chol (dfg.input ([3 4])), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() trace (dfg.input ([3 4 2])), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() eig (dfg.input ([3 4])), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() reshape (dfg.input ([3 4]), 5, 5), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() reshape (dfg.input ([3 4]), [], 5), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() dfg.input ([3 4]) + dfg.input ([5 4]), "dfg:nonconformant");
%!test expect_error (@() dfg.input ([3 4]) * dfg.input ([3 4]), "dfg:nonconformant");

## ---- dfg:badClass: int8, complex, cell, struct, char data ---------------
%!error id=dfg:badClass dfg.constant (int8 (1))
%!error id=dfg:badClass dfg.constant (uint16 ([1 2]))
%!error id=dfg:badClass dfg.constant (int64 (magic (3)))
%!error id=dfg:badClass dfg.constant (complex (1, 0))
%!error id=dfg:badClass dfg.constant ([1 2] + 1i)
%!error id=dfg:badClass dfg.constant (single (1i))
%!error id=dfg:badClass dfg.constant ({1})
%!error id=dfg:badClass dfg.constant (struct ("a", 1))
%!error id=dfg:badClass dfg.constant ("abc")
%!error id=dfg:badClass dfg.constant (@sin)
%!error id=dfg:badClass dfg.variable (int32 (1))
%!error id=dfg:badClass dfg.variable (1i)
%!error id=dfg:badClass dfg.variable ({1, 2})
%!error id=dfg:badClass dfg.variable ("w")
%!error id=dfg:badClass dfg.input ([2 2], "int8")
%!error id=dfg:badClass dfg.input ([2 2], "uint32")
%!error id=dfg:badClass dfg.zeros (2, "int8")
%!error id=dfg:badClass dfg.ones (2, 2, "uint8")
%!error id=dfg:badClass dfg.eye (2, "int32")
%!error id=dfg:badClass dfg.input ([2 2]) + int8 (1)
%!error id=dfg:badClass int16 ([1 2]) .* dfg.input ([1 2])
%!error id=dfg:badClass dfg.input ([2 2]) .* (1 + 2i)
%!error id=dfg:badClass atan2 (dfg.input ([1 3]), "abc")
%!error id=dfg:badClass horzcat (dfg.input ([1 3]), "abc")
%!error id=dfg:badClass dfg.input ([1 1]) + {1}
%!error [dfg.input([1 2]), int8(1)]
%!error id=dfg:badClass horzcat (dfg.input ([1 2]), int8 (1))
%!error id=dfg:badClass vertcat (dfg.input ([1 2]), {1, 2})
%!error id=dfg:badClass dfg.input ([2 2]) * int8 (eye (2))
%!error id=dfg:badClass v = dfg.variable ([1 2]); dfg.assign (v, int8 ([1 2]))
%!error id=dfg:badClass v = dfg.variable ([1 2]); dfg.assign (v, [1 2] + 1i)
%!error id=dfg:badClass v = dfg.variable ([1 2]); dfg.assign (v, {1, 2})
%!error id=dfg:badClass x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (int8 (ones (2)))
%!error id=dfg:badClass x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (complex (ones (2)))
%!error id=dfg:badClass x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (ones (2) + 1i)
%!error id=dfg:badClass x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f ({1, 2; 3, 4})
%!error id=dfg:badClass x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (struct ("a", {1, 2; 3, 4}))
%!error id=dfg:badClass x = dfg.input ([1 3]); f = dfg.function ({x}, {x + 1}); f ("abc")
%!error id=dfg:badClass x = dfg.input ([1 1]); f = dfg.function ({x}, {x + 1}); f (uint8 (1))
%!test expect_error (@() dfg.constant (int8 (1)), "dfg:badClass");
%!test expect_error (@() dfg.constant ({1}), "dfg:badClass");
%!test
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {x * 2});
%! expect_error (@() f (int8 (ones (2))), "dfg:badClass");
%! assert (f (ones (2)), 2 * ones (2));
## int8 and complex arguments to jit: a clean badClass, or Octave's result
## if the argument is treated as a trace-time constant; never a wrong value.
%!test
%! g = dfg.jit (@(a) a + 1);
%! expect_value_or_error (@() g (int8 ([1 2])), int8 ([2 3]), "dfg:badClass");
%! assert (g ([1 2]), [2 3]);
%!test
%! g = dfg.jit (@(a) a .* 2);
%! expect_value_or_error (@() g ([1 2] + 1i), [2 4] + 2i, "dfg:badClass");
%! assert (g ([1 2]), [2 4]);

## ---- dfg:badArgument: plan inputs, bad options ---------------------------
%!error id=dfg:badArgument x = dfg.input ([2 2]); y = dfg.input ([1 2]); f = dfg.function ({x, y}, {x + y}); f (ones (2))
%!error id=dfg:badArgument x = dfg.input ([2 2]); y = dfg.input ([1 2]); f = dfg.function ({x, y}, {x + y}); f (ones (2), ones (1, 2), 3)
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f ()
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (ones (3))
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (ones (2, 2, 2))
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (ones (1, 4))
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f ([])
%!error id=dfg:badArgument x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (1)
%!error id=dfg:badArgument x = dfg.input ([0 3]); f = dfg.function ({x}, {x + 1}); f (zeros (3, 0))
%!error id=dfg:badArgument x = dfg.input ([2 2]); y = dfg.input ([1 2]); f = dfg.function ({x, y}, {x + y}); f (ones (1, 2), ones (2))
%!error <3x3> x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); f (ones (3))
%!error id=dfg:badArgument dfg.input ([-1 2])
%!error id=dfg:badArgument dfg.input ([2 2.5])
%!error id=dfg:badArgument dfg.input ([2 -Inf])
%!error id=dfg:badArgument dfg.input ([2 Inf])
%!error id=dfg:badArgument dfg.input ([2 2], "double", 123)
%!error id=dfg:badArgument x = dfg.input ([2 2]); dfg.function ({x + 1}, {x})
%!error id=dfg:badArgument x = dfg.input ([2 2]); dfg.function ({dfg.constant(1)}, {x})
%!error id=dfg:badArgument x = dfg.input ([2 2]); dfg.function ({x, x}, {x})
%!error id=dfg:badArgument dfg.assign (dfg.constant ([1 2]), [3 4])
%!error id=dfg:badArgument dfg.assign (dfg.input ([1 2]), [3 4])
%!error id=dfg:badArgument sum (dfg.input ([3 4]), 0)
%!error id=dfg:badArgument sum (dfg.input ([3 4]), 1.5)
%!error id=dfg:badArgument sum (dfg.input ([3 4]), -1)
%!error id=dfg:badArgument prod (dfg.input ([3 4]), 0)
%!error id=dfg:badArgument mean (dfg.input ([3 4]), 0)
%!error id=dfg:badArgument cumsum (dfg.input ([3 4]), 0)
%!error id=dfg:badArgument max (dfg.input ([3 4]), [], 0)
%!error id=dfg:badArgument any (dfg.input ([3 4]), 0)
%!error id=dfg:badArgument norm (dfg.input ([3 1]), "bad")
%!error id=dfg:badArgument permute (dfg.input ([3 4]), [1 1])
%!error id=dfg:badArgument permute (dfg.input ([3 4 2]), [2 1])
%!error id=dfg:badArgument var (dfg.input ([3 4]), 2)
%!test expect_error (@() dfg.input ("abc"), "dfg:badArgument|dfg:badClass");
%!test expect_error (@() dfg.input ([2 2], "float"), "dfg:badArgument|dfg:badClass");
%!test expect_error (@() dfg.input ({2, {2}}), "dfg:badArgument|dfg:badClass");
%!test expect_error (@() dfg.function ({dfg.input([2 2])}, {"abc"}), "dfg:badArgument|dfg:badClass");
%!test expect_error (@() dfg.assign (dfg.variable ([1 2]), [1 2 3]), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() dfg.assign (dfg.variable (ones (2)), ones (1, 4)), "dfg:nonconformant|dfg:badArgument");
%!test expect_error (@() dfg.input ([3 3]) ^ 0.5, "dfg:badArgument|dfg:unsupported");
%!test expect_error (@() dfg.input ([3 3]) ^ dfg.input ([1 1]), "dfg:badArgument|dfg:unsupported");
%!test expect_error (@() circshift (dfg.input ([3 4]), 1.5), "dfg:badArgument|dfg:index");
%!test expect_error (@() dfg.Tensor ("abc") + 1, "dfg:badArgument|dfg:invalidHandle|dfg:badClass");
%!test expect_error (@() dfg.value (dfg.Tensor (-1)), "dfg:badArgument|dfg:invalidHandle|dfg:badClass");
%!test
%! x = dfg.input ([2 2]);
%! y = dfg.input ([1 2]);
%! f = dfg.function ({x, y}, {x + y});
%! expect_error (@() f (ones (2)), "dfg:badArgument");
%! expect_error (@() f (ones (3), ones (1, 2)), "dfg:badArgument");
%! expect_error (@() f (ones (2), ones (2, 1)), "dfg:badArgument");
%! assert (f (ones (2), [1 2]), [2 3; 2 3]);
## more outputs than the plan has
%!error x = dfg.input ([2 2]); f = dfg.function ({x}, {x + 1}); [a, b] = f (ones (2));

## ---- dfg:invalidHandle: forged, stale and freed handles ------------------
%!error id=dfg:invalidHandle dfg.value (dfg.Tensor (uint64 (123456789)))
%!error id=dfg:invalidHandle dfg.Tensor (uint64 (123456789)) + 1
%!error id=dfg:invalidHandle 1 + dfg.Tensor (uint64 (123456789))
%!error id=dfg:invalidHandle exp (dfg.Tensor (uint64 (987654321)))
%!error id=dfg:invalidHandle size (dfg.Tensor (uint64 (5)))
%!error id=dfg:invalidHandle double (dfg.Tensor (intmax ("uint64")))
%!error id=dfg:invalidHandle dfg.value (dfg.Tensor (uint64 (0)))
%!error id=dfg:invalidHandle dfg.value (dfg.Tensor (bitshift (uint64 (1), 40) + 1))
%!error id=dfg:invalidHandle dfg.Tensor (uint64 (123456789)) * dfg.constant (1)
%!error [dfg.Tensor(uint64(123456789)), dfg.constant(1)]
%!error id=dfg:invalidHandle horzcat (dfg.Tensor (uint64 (123456789)), dfg.constant (1))
%!error id=dfg:invalidHandle vertcat (dfg.constant (1), dfg.Tensor (uint64 (123456789)))
%!error id=dfg:invalidHandle dfg.function ({dfg.Tensor(uint64(123456789))}, {dfg.constant(1)})
%!error id=dfg:invalidHandle x = dfg.input ([1 1]); dfg.function ({x}, {dfg.Tensor(uint64(123456789))})
%!error id=dfg:invalidHandle dfg.assign (dfg.Tensor (uint64 (123456789)), 1)
%!error id=dfg:invalidHandle t = dfg.constant ([1 2]); delete (t); t + 1
%!error id=dfg:invalidHandle t = dfg.constant ([1 2]); delete (t); dfg.value (t)
%!test expect_error (@() dfg.Tensor (uint64 (123456789)) + 1, "dfg:invalidHandle");
%!test
%! ## deleting twice is safe: no crash, at most a clean error
%! t = dfg.constant ([1 2]);
%! delete (t);
%! try
%!   delete (t);
%! catch err
%!   assert (err.identifier, "dfg:invalidHandle");
%! end_try_catch
%! clear t
%! check_usable ();
%!test
%! ## a released node's id, reused in a new handle, is stale
%! t = dfg.constant ([1 2 3]);
%! s = struct (t);
%! names = fieldnames (s);
%! k = find (cellfun (@(n) isa (s.(n), "uint64") && isscalar (s.(n)), names), 1);
%! assert (! isempty (k), "dfg.Tensor has no scalar uint64 property");
%! id = s.(names{k});
%! assert (dfg.value (dfg.Tensor (id)), [1 2 3]);
%! clear t s
%! expect_error (@() dfg.value (dfg.Tensor (id)), "dfg:invalidHandle");
%! expect_error (@() dfg.Tensor (id) + 1, "dfg:invalidHandle");
%! ## new nodes must not be reachable through the old id
%! u = dfg.constant ([4 5 6]);
%! expect_error (@() dfg.value (dfg.Tensor (id)), "dfg:invalidHandle");
%! assert (dfg.value (u), [4 5 6]);
%!test
%! ## forged ids next to a live one
%! t = dfg.constant (7);
%! s = struct (t);
%! names = fieldnames (s);
%! k = find (cellfun (@(n) isa (s.(n), "uint64") && isscalar (s.(n)), names), 1);
%! id = s.(names{k});
%! expect_error (@() dfg.value (dfg.Tensor (id + 1)), "dfg:invalidHandle");
%! expect_error (@() dfg.value (dfg.Tensor (bitxor (id, bitshift (uint64 (1), 40)))), "dfg:invalidHandle");
%! expect_error (@() dfg.value (dfg.Tensor (bitxor (id, bitshift (uint64 (1), 63)))), "dfg:invalidHandle");
%! assert (dfg.value (t), 7);

## ---- dfg:complexResult: real-only results ----------------------------------
%!error id=dfg:complexResult dfg.value (log (dfg.constant (-1)))
%!error <dfg\.log> dfg.value (log (dfg.constant ([1 -1])))
%!error id=dfg:complexResult dfg.value (sqrt (dfg.constant (-1)))
%!error id=dfg:complexResult dfg.value (sqrt (dfg.constant ([4 -4 9])))
%!error id=dfg:complexResult dfg.value (dfg.constant (-8) ^ (1/3))
%!error id=dfg:complexResult dfg.value (dfg.constant (-8) .^ (1/3))
%!error id=dfg:complexResult dfg.value (power (dfg.constant ([2 -2]), 0.5))
%!error id=dfg:complexResult dfg.value ((-8) .^ dfg.constant (1/3))
%!error id=dfg:complexResult dfg.value (asin (dfg.constant (2)))
%!error id=dfg:complexResult dfg.value (acos (dfg.constant (-1.5)))
%!error id=dfg:complexResult dfg.value (acosh (dfg.constant (0.5)))
%!error id=dfg:complexResult dfg.value (atanh (dfg.constant (2)))
%!error id=dfg:complexResult dfg.value (log2 (dfg.constant (-1)))
%!error id=dfg:complexResult dfg.value (log10 (dfg.constant (-1)))
%!error id=dfg:complexResult dfg.value (log1p (dfg.constant (-2)))
%!error id=dfg:complexResult dfg.value (gammaln (dfg.constant (-0.5)))
%!error id=dfg:complexResult dfg.value (log (dfg.constant (single (-1))))
%!error id=dfg:complexResult g = dfg.jit (@(a) sqrt (a)); g (-1)
%!error id=dfg:complexResult g = dfg.jit (@(a, b) a .^ b); g ([-2 2], [0.5 0.5])
%!error id=dfg:complexResult x = dfg.input ([2 2]); f = dfg.function ({x}, {log(x)}); f ([1 -2; 3 4])
%!test
%! x = dfg.input ([2 2]);
%! f = dfg.function ({x}, {log(x)});
%! assert (f ([1 2; 3 4]), log ([1 2; 3 4]), 1e-15);
%! expect_error (@() f ([1 -2; 3 4]), "dfg:complexResult");
%! assert (f ([1 2; 3 4]), log ([1 2; 3 4]), 1e-15);
%! assert (f ([0 NaN; Inf 1]), log ([0 NaN; Inf 1]));
%!test
%! g = dfg.jit (@(a) acos (a));
%! assert (g ([0.5 1]), acos ([0.5 1]), 1e-15);
%! expect_error (@() g ([0.5 1.5]), "dfg:complexResult");
%! assert (g ([-1 0]), acos ([-1 0]), 1e-15);
## boundary values stay real in Octave and must not raise
%!test dfg_check_parity (@(x) log (x), {[0 -0 Inf NaN]});
%!test dfg_check_parity (@(x) sqrt (x), {[0 -0 Inf NaN]});
%!test dfg_check_parity (@(x) acos (x), {[-1 1 NaN]});
%!test dfg_check_parity (@(x) acosh (x), {[1 Inf NaN]});
%!test dfg_check_parity (@(x) atanh (x), {[-1 1 NaN]});
%!test dfg_check_parity (@(x) log1p (x), {[-1 NaN]});
%!test dfg_check_parity (@(x) x .^ 0.5, {[0 Inf NaN]});
%!test dfg_check_parity (@(x) x .^ 2, {[-Inf -3 NaN]});
%!test dfg_check_parity (@(x) x .^ (1/3), {[0 8 NaN]});
%!test dfg_check_parity (@(x) gammaln (x), {[0 Inf NaN -1.5]});

## ---- dfg:dataDependentSize: data-dependent sizes; control flow -------------
%!error id=dfg:dataDependentSize x = dfg.input ([3 4]); x(x > 0)
%!error id=dfg:dataDependentSize x = dfg.input ([3 4]); y = x(x(:, 1) > 0, :)
%!error id=dfg:dataDependentSize g = dfg.jit (@(a) a(a > 0)); g (randn (3, 4))
%!test expect_error (@() subsref (dfg.input ([3 4]), substruct ("()", {dfg.input([3 4]) > 0})), "dfg:dataDependentSize");
## A branch on traced values (a comparison's logical tensor in an "if"):
## dfg:branchOnTensor, never Octave's silent else branch (test_branch.m).
%!test
%! ## a branch on traced values: each call must raise an error or give
%! ## Octave's result, whatever branch the trace took
%! g = dfg.jit (@data_dependent_branch);
%! for X = {[1 2 3], [-1 -2 -3], [4 5 6], [-4 -5 -6]}
%!   try
%!     v = g (X{1});
%!   catch
%!     continue;
%!   end_try_catch
%!   dfg_assert_same (v, data_dependent_branch (X{1}), 0, sprintf ("g (%s)", mat2str (X{1})));
%! endfor
%! check_usable ();
## a mask computed from the data but used in an assignment keeps the size:
## dfg may support it (then it must be right) or refuse it cleanly
%!function y = mask_assign (x)
%!  y = x;
%!  y(x > 0) = 0;
%!endfunction
%!test
%! X = [1 -2; -3 4];
%! g = dfg.jit (@mask_assign);
%! expect_value_or_error (@() g (X), mask_assign (X), "dfg:unsupported");

## ---- dfg:freeInput -------------------------------------------------------
%!error id=dfg:freeInput dfg.value (dfg.input ([2 2]))
%!error id=dfg:freeInput dfg.value (dfg.input ([2 2]) + 1)
%!error id=dfg:freeInput dfg.value (sum (dfg.input ([2 2]) .* dfg.constant (ones (2))))
%!error <myinput> dfg.value (dfg.input ([2 2], "double", "myinput") * 2)
%!error id=dfg:freeInput x = dfg.input ([2 2]); y = dfg.input ([2 2]); f = dfg.function ({x}, {x + y}); f (ones (2))
%!error <other> x = dfg.input ([2 2]); y = dfg.input ([2 2], "double", "other"); f = dfg.function ({x}, {x + y}); f (ones (2))
%!test expect_error (@() dfg.value (dfg.input ([2 2]) + 1), "dfg:freeInput");
%!test
%! ## the message names the function once and describes the input
%! try
%!   dfg.value (dfg.input ([2 5]) + 1);
%! catch err
%! end_try_catch
%! assert (err.identifier, "dfg:freeInput");
%! assert (numel (strfind (err.message, "dfg.value")), 1, err.message);
%! assert (! isempty (strfind (err.message, "2x5")), err.message);
%!test
%! try
%!   dfg.value (dfg.input ([2 2], "double", "myinput") * 2);
%! catch err
%! end_try_catch
%! assert (err.identifier, "dfg:freeInput");
%! assert (numel (strfind (err.message, "dfg.value")), 1, err.message);
%! assert (! isempty (regexp (err.message, "'myinput'", "once")), err.message);
%!test
%! ## on a graph with a free input, double/single/logical record a conversion
%! x = dfg.input ([2 3]);
%! t = double (x + 1);
%! assert (isa (t, "dfg.Tensor"));
%! assert (class (t), "double");
%! assert (size (t), [2 3]);
%! t = single (x);
%! assert (isa (t, "dfg.Tensor"));
%! assert (class (t), "single");
%! t = logical (x);
%! assert (isa (t, "dfg.Tensor"));
%! assert (class (t), "logical");
%!test
%! ## a closed graph of variables and constants needs no input
%! w = dfg.variable ([1 2; 3 4]);
%! assert (dfg.value (w * 2 + dfg.constant (1)), [3 5; 7 9]);
%! assert (double (w' * w), [1 2; 3 4]' * [1 2; 3 4]);

## ---- dfg:index -------------------------------------------------------------
%!error id=dfg:index x = dfg.input ([3 4]); x(4, 1)
%!error id=dfg:index x = dfg.input ([3 4]); x(1, 5)
%!error id=dfg:index x = dfg.input ([3 4]); x(0)
%!error id=dfg:index x = dfg.input ([3 4]); x(13)
%!error id=dfg:index x = dfg.input ([3 4]); x(1.5)
%!error id=dfg:index x = dfg.input ([3 4]); x(-1)
%!error id=dfg:index x = dfg.input ([3 4]); x(NaN)
%!error id=dfg:index x = dfg.input ([3 4]); x(:, 5)
%!error id=dfg:index x = dfg.input ([3 4]); x(end + 1)
%!error id=dfg:index x = dfg.input ([3 4]); x(end, end + 1)
%!error id=dfg:index x = dfg.input ([3 4]); x(2, 0)
%!error id=dfg:index x = dfg.input ([3 4]); x(1, 1, 2)
%!error id=dfg:index x = dfg.input ([3 4]); x([1 2 3 13])
%!error id=dfg:index x = dfg.input ([3 4]); x(logical ([1 0 0 0 0 0 0 0 0 0 0 0 1]))
%!error id=dfg:index x = dfg.input ([3 4]); x(:, logical ([1 0 0 0 1]))
%!error id=dfg:index x = dfg.input ([2 3 4]); x(1, 1, 5)
%!error id=dfg:index x = dfg.input ([2 3 4]); x(3, 1)
%!error id=dfg:index x = dfg.input ([2 3 4]); x(1, 13)
%!error id=dfg:index c = dfg.constant ([1 2 3]); c(4)
%!error id=dfg:index c = dfg.constant ([1 2 3]); c(1, 0)
%!error id=dfg:index g = dfg.jit (@bad_assign_index); g (ones (3, 4))
%!error id=dfg:index g = dfg.jit (@bad_assign_fraction); g (ones (3, 4))
%!error id=dfg:index g = dfg.jit (@(a) a(5)); g (ones (2, 2))
%!test expect_error (@() subsref (dfg.input ([3 4]), substruct ("()", {4, 1})), "dfg:index");
%!test expect_error (@() subsref (dfg.input ([3 4]), substruct ("()", {0.5})), "dfg:index");
%!test
%! g = dfg.jit (@(a) a(2, :));
%! assert (g ([1 2; 3 4]), [3 4]);
%! expect_error (@() g ([1 2]), "dfg:index");
%! assert (g ([5 6; 7 8]), [7 8]);

## ---- NaN and Inf are data: Octave's results, no error ----------------------
%!test dfg_check_parity (@(x) x + 1, {[NaN Inf -Inf 0]});
%!test dfg_check_parity (@(x, y) x - y, {[Inf Inf -Inf NaN], [Inf -Inf -Inf 1]});
%!test dfg_check_parity (@(x) 0 * x, {[Inf -Inf NaN 1]});
%!test dfg_check_parity (@(x) x ./ x, {[0 Inf -Inf NaN 2]});
%!test dfg_check_parity (@(x) 1 ./ x, {[0 -0 Inf -Inf NaN]});
%!test dfg_check_parity (@(x) exp (x), {[-Inf Inf NaN 1000]});
%!test dfg_check_parity (@(x) log (x), {[0 Inf NaN]});
%!test dfg_check_parity (@(x) tanh (x), {[-Inf Inf NaN]});
%!test dfg_check_parity (@(x) atan (x), {[-Inf Inf NaN]});
%!test dfg_check_parity (@(x) sign (x), {[-Inf Inf NaN -0]});
%!test dfg_check_parity (@(x) abs (x), {[-Inf Inf NaN]});
%!test dfg_check_parity (@(x) round (x), {[-Inf Inf NaN]});
%!test dfg_check_parity (@(x) floor (x), {[-Inf Inf NaN]});
%!test dfg_check_parity (@(x) mod (x, 2), {[NaN Inf -Inf 3]});
%!test dfg_check_parity (@(x) rem (x, 2), {[NaN Inf -Inf 3]});
%!test dfg_check_parity (@(x) gamma (x), {[0 -1 -2 NaN Inf 200]});
%!test dfg_check_parity (@(x) gammaln (x), {[0 -1 NaN Inf]});
%!test dfg_check_parity (@(x) erf (x), {[-Inf Inf NaN]});
%!test dfg_check_parity (@(x) sqrt (x), {[Inf NaN]});
%!test dfg_check_parity (@(x) x .^ 0, {[NaN Inf -Inf]});
%!test dfg_check_parity (@(x) 1 .^ x, {[NaN Inf -Inf]});
%!test dfg_check_parity (@(x, y) max (x, y), {[NaN 1 NaN], [2 NaN NaN]});
%!test dfg_check_parity (@(x, y) min (x, y), {[NaN 1 NaN], [2 NaN NaN]});
%!test dfg_check_parity (@(x) x == x, {[NaN 1 Inf]});
%!test dfg_check_parity (@(x) x ~= x, {[NaN 1 Inf]});
%!test dfg_check_parity (@(x) x < Inf, {[NaN 1 Inf -Inf]});
%!test dfg_check_parity (@(x) sum (x), {[1 NaN 2]});
%!test dfg_check_parity (@(x) sum (x), {[Inf -Inf]});
%!test dfg_check_parity (@(x) sum (x), {[1e308 1e308]});
%!test dfg_check_parity (@(x) prod (x), {[0 Inf]});
%!test dfg_check_parity (@(x) cumsum (x), {[1 NaN 2]});
%!test dfg_check_parity (@(x) mean (x), {[1 NaN 2]});
%!test dfg_check_parity (@(x) max (x), {[NaN 1 3 NaN]}, [], 2);
%!test dfg_check_parity (@(x) min (x), {[NaN NaN]}, [], 2);
%!test dfg_check_parity (@(x) max (x, [], 2), {[NaN 1; NaN NaN; Inf NaN]}, [], 2);
%!test dfg_check_parity (@(x) norm (x), {[Inf 1]});
%!test dfg_check_parity (@(x) norm (x), {[NaN 1]});
%!test dfg_check_parity (@(x) norm (x, 1), {[NaN 1]});
%!test dfg_check_parity (@(x, y) x * y, {[NaN 1; 2 3], [1; 1]});
%!test dfg_check_parity (@(x, y) x * y, {[Inf 1; 2 3], [0; 1]});
%!test dfg_check_parity (@(x) any (x), {[0 NaN]});
%!test dfg_check_parity (@(x) x(2), {[1 NaN 3]});
%!test
%! ## logical () of NaN is an error in Octave: dfg must not return a value
%! failed = false;
%! try
%!   dfg.value (logical (dfg.constant ([1 NaN])));
%! catch err
%!   failed = true;
%!   assert (strncmp (err.identifier, "dfg:", 4), "identifier '%s'", err.identifier);
%! end_try_catch
%! assert (failed, "logical (NaN) through dfg gave a value; Octave raises an error");
%! check_usable ();

## ---- impossible sizes and allocations: errors, not crashes -----------------
%!error id=dfg:outOfMemory dfg.value (dfg.zeros (1e6, 1e6))
%!test expect_error (@() dfg.value (dfg.zeros (1e6, 1e6)), "dfg:outOfMemory");
%!test expect_error (@() dfg.value (dfg.ones (1e6, 1e6, "single") * 2), "dfg:outOfMemory");
%!test
%! ## a huge intermediate with a small result: folded to the right value, or
%! ## a clean outOfMemory
%! ## (2e5 x 2e5 doubles are 320 GB)
%! expect_value_or_error (@() dfg.value (sum (dfg.zeros (2e5, 2e5) + 1, 1)(1:3)), [2e5 2e5 2e5], "dfg:outOfMemory");
%!test
%! ## numel * 8 overflows size_t; numel alone does not overflow int64
%! expect_error (@() dfg.value (dfg.zeros (2^31, 2^31)), "dfg:outOfMemory|dfg:badArgument");
%!test
%! ## numel overflows int64: an error at creation or when run
%! failed = false;
%! try
%!   x = dfg.input ([1e10 1e10]);
%!   f = dfg.function ({x}, {sum(x(:))});
%!   f (ones (2));
%! catch err
%!   failed = true;
%!   assert (strncmp (err.identifier, "dfg:", 4), "identifier '%s': %s", err.identifier, err.message);
%! end_try_catch
%! assert (failed);
%! check_usable ();
%!test
%! failed = false;
%! try
%!   dfg.value (dfg.zeros (1e10, 1e10) + 1);
%! catch err
%!   failed = true;
%!   assert (strncmp (err.identifier, "dfg:", 4), "identifier '%s': %s", err.identifier, err.message);
%! end_try_catch
%! assert (failed);
%! check_usable ();
%!test
%! ## a small input, a huge intermediate, a small output: right or outOfMemory
%! expect_value_or_error (@() huge_intermediate (2), 8e10, "dfg:outOfMemory");

## ---- dfg is still usable after all of the above ----------------------------
%!test check_usable ();
%!test
%! x = dfg.input ([3 4]);
%! for k = 1:20
%!   try
%!     x + dfg.input ([5 4]);
%!   catch
%!   end_try_catch
%!   try
%!     dfg.value (log (dfg.constant (-k)));
%!   catch
%!   end_try_catch
%! endfor
%! f = dfg.function ({x}, {2 * x});
%! assert (f (ones (3, 4)), 2 * ones (3, 4));

## ---- handles from before the MEX file was cleared (clear all / clear mex) --
%!test
%! x = dfg.constant ([1 2 3]);
%! y = x * 2;
%! x2 = dfg.input ([1 1]);
%! f = dfg.function ({x2}, {x2 + 1});
%! clear functions
%! try
%!   dfg.value (y);
%!   error ("no error");
%! catch err
%!   assert (err.identifier, "dfg:invalidHandle");
%! end_try_catch
%! try
%!   f (1);
%!   error ("no error");
%! catch err
%!   assert (err.identifier, "dfg:invalidHandle");
%! end_try_catch
%! assert (double (dfg.constant (2) * 3), 6);   # and dfg is usable again
%! ## once dfg is loaded again, old tensors in operators, indexing and
%! ## concatenation are stale handles too
%! for c = {@() x + 1, @() x(2), @() sum (x), @() horzcat (x, x), @() dfg.grad (sum (x), x)}
%!   try
%!     c{1} ();
%!     error ("no error");
%!   catch err
%!     assert (err.identifier, "dfg:invalidHandle");
%!   end_try_catch
%! endfor

## ---- size, dim, count, shift and index arguments: one checked reader ----
%!shared C, x
%! x = [1 2 3; 4 5 6];
%! C = dfg.constant (x);
%!test
%! ## sparse and integer-class arguments are read as their values, as Octave reads them
%! dfg_assert_same (dfg.value (repmat (C, sparse ([0 2]))), repmat (x, sparse ([0 2])));
%! dfg_assert_same (dfg.value (repmat (C, int8 (2))), repmat (x, int8 (2)));
%! dfg_assert_same (dfg.value (reshape (C, sparse ([3 2]))), reshape (x, sparse ([3 2])));
%! dfg_assert_same (dfg.value (reshape (C, int8 ([3 2]))), reshape (x, int8 ([3 2])));
%! dfg_assert_same (dfg.value (permute (C, sparse ([2 1]))), permute (x, sparse ([2 1])));
%! dfg_assert_same (dfg.value (permute (C, int8 ([2 1]))), permute (x, int8 ([2 1])));
%! dfg_assert_same (dfg.value (circshift (C, int8 (1))), circshift (x, int8 (1)));
%! dfg_assert_same (dfg.value (circshift (C, true)), circshift (x, true));
%! dfg_assert_same (dfg.value (circshift (C, sparse ([0 1]))), circshift (x, sparse ([0 1])));
%! dfg_assert_same (dfg.value (circshift (C, 1, [])), circshift (x, 1, []));
%! dfg_assert_same (dfg.value (sum (C, int8 (2))), sum (x, int8 (2)));
%! dfg_assert_same (dfg.value (sum (C, sparse (2))), sum (x, sparse (2)));
%! dfg_assert_same (dfg.value (std (C, 0, [])), std (x, 0, []));
%! dfg_assert_same (dfg.value (cat (sparse (1), C, C)), cat (sparse (1), x, x));
%! assert (size (C, sparse (1)), size (x, sparse (1)));
%!test
%! ## sparse subscripts, numeric and logical masks, index exactly as Octave
%! m = sparse (logical ([1 0 1 0 1 0]));
%! dfg_assert_same (dfg.value (C(m)), x(m));
%! dfg_assert_same (dfg.value (C(sparse ([1 2]))), x(sparse ([1 2])));
%! dfg_assert_same (dfg.value (C(1, sparse (logical ([1 0 1])))), x(1, sparse (logical ([1 0 1]))));
%! dfg_assert_same (dfg.value (C(int8 (2))), x(int8 (2)));
%! y = C; y(sparse ([1 2])) = 7; z = x; z(sparse ([1 2])) = 7;
%! dfg_assert_same (dfg.value (y), z);
%!error <N \(argument 2\) must be real, not complex> circshift (C, 1+2i)
%!error <N \(argument 2\) must be integers, not nan> circshift (C, NaN)
%!error <must be integers, not inf> circshift (C, Inf)
%!error <N must be a vector> circshift (C, [])
%!error <DIM \(argument 2\) must be a positive integer, not an empty array> sum (C, [])
%!error <dfg.prod: DIM> prod (C, [])
%!error <dfg.any: DIM> any (C, [])
%!error <dfg.all: DIM> all (C, [])
%!error <dfg.cumsum: DIM> cumsum (C, [])
%!error <dfg.cumprod: DIM> cumprod (C, [])
%!error <DIM \(argument 3\) must be a positive integer, not an empty array> max (C, [], [])
%!error <dfg.min: DIM> min (C, [], [])
%!error <dfg.mean: DIM> mean (C, [])
%!error id=dfg:badArgument sum (C, NaN)
%!error <must be integers, not nan> repmat (C, [2 NaN])
%!error <must be real, not complex> repmat (C, 1+1i)
%!error <must be integers, not nan> reshape (C, [3 NaN])
%!error <PERM \(argument 2\) must be integers, not nan> permute (C, [2 NaN])
%!error <DIM \(argument 2\) must be integers, not nan> size (C, NaN)
%!error id=dfg:index C(NaN)
%!error id=dfg:index C(Inf)
%!error id=dfg:index C(1+2i)
%!error id=dfg:index C({1})
%!error id=dfg:unsupported C(dfg.constant (1))
%!error id=dfg:unsupported repmat (C, dfg.constant (2))

## ---- sizes that do not fit: dfg:outOfMemory naming the function ----
%!error <dfg.repmat: out of memory> repmat (C, 1e10)
%!error <dfg.repmat: out of memory> repmat (C, 1e10, 1e10)
%!error <dfg.repmat: out of memory> repmat (C, [2^40 2^40])
%!error id=dfg:outOfMemory dfg.value (repmat (C, 1e5, 1e5))
%!error <dfg.diag: out of memory> diag (dfg.constant ([1 2]), 1e18)
%!error <dfg.fori: out of memory> dfg.fori (1, 1e15, @(i, s) s + 1, 0)
%!error <dfg.fori: the range LO:HI \(1:Inf\) has infinitely many steps> dfg.fori (1, Inf, @(i, s) s + 1, 0)
%!error id=dfg:badArgument dfg.fori (-Inf, 1, @(i, s) s + 1, 0)
%!test
%! ## NaN bounds run as Octave's for runs them: one step with i = NaN
%! for b = {{1, NaN}, {NaN, 3}}
%!   s = 0;
%!   for i = b{1}{1}:b{1}{2}
%!     s = s + i;
%!   endfor
%!   dfg_assert_same (dfg.value (dfg.fori (b{1}{1}, b{1}{2}, @(i, s) s + i, 0)), s);
%! endfor
%! assert (dfg.value (dfg.fori (Inf, 1, @(i, s) s + i, 0)), 0);

## ---- an error inside [a, b] / [a; b] is shown as a warning first ----
%!test
%! lastwarn ("");
%! try
%!   [dfg.constant([1 2 3]); dfg.constant([1 2])];
%! catch
%! end_try_catch
%! [msg, id] = lastwarn ();
%! assert (id, "dfg:nonconformant");
%! assert (! isempty (strfind (msg, "1x3 vs 1x2")));
%!test
%! lastwarn ("");
%! try
%!   [dfg.constant([1 2 3]), ones(2)];
%! catch
%! end_try_catch
%! [msg, id] = lastwarn ();
%! assert (id, "dfg:nonconformant");
%! assert (! isempty (strfind (msg, "1x3 vs 2x2")));

## more outputs than dfg builds: dfg:unsupported naming the form; more than
## Octave's function has: dfg:badArgument
%!error <form with 3 outputs is not supported> [q, r, p] = qr (dfg.constant (magic (3)));
%!error <form with 3 outputs is not supported> [v, d, w] = eig (dfg.constant (eye (3)));
%!error <too many outputs \(4; lu has at most 3\)> [a, b, c, d] = lu (dfg.constant (magic (3)));
%!error <too many outputs \(3; max has at most 2\)> [m, i, j] = max (dfg.constant (magic (3)));
%!error <too many outputs \(3; min has at most 2\)> [m, i, j] = min (dfg.constant (magic (3)));
%!error id=dfg:badArgument [r, p, q] = chol (dfg.constant (eye (3)));
%!error id=dfg:dataDependentSize [r, p] = chol (dfg.constant (eye (3)));
%!error id=dfg:dataDependentSize null (dfg.constant (eye (3)));
%!error id=dfg:dataDependentSize orth (dfg.constant (eye (3)));
%!error id=dfg:complexResult dfg.value (sqrtm (dfg.constant ([1 2; 3 4])));
%!error id=dfg:complexResult dfg.value (eig (dfg.constant ([0 1; -1 0])));
%!error id=dfg:noGradient x = dfg.input ([3 2]); [u, s, v] = svd (x); dfg.grad (sum (s(:)), x);
%!error <\[X, RCOND\] = inv \(A\) is not supported> [x, rc] = inv (dfg.constant (magic (3)));
%!error <\[F, E\] = log2 \(X\)> [f, e] = log2 (dfg.constant (magic (3)));
%!error id=dfg:badClass cast (dfg.constant (1), "like")
%!error id=dfg:badArgument cast (dfg.constant (1), "single", 2)
