## -*- texinfo -*-
## @deftypefn  {} {} dfg_assert_same (@var{got}, @var{expected})
## @deftypefnx {} {} dfg_assert_same (@var{got}, @var{expected}, @var{tol})
## @deftypefnx {} {} dfg_assert_same (@var{got}, @var{expected}, @var{tol}, @var{what})
## Check that a native array returned by dfg equals what Octave computed.
##
## @var{got} must not be a @code{dfg.Tensor}: it must be a native Octave
## array whose class (as @code{builtin ("class", @var{got})} reports it) and
## size equal those of @var{expected}.  It must be real.
##
## Logical and non-numeric values must be equal exactly.  Floating-point
## values are compared element by element: NaN must sit where @var{expected}
## has NaN, Inf and -Inf where @var{expected} has them, and every finite
## element must satisfy
##
## @example
## abs (got - expected) <= tol * max (abs (expected), 1)
## @end example
##
## @noindent
## that is, a relative tolerance for elements of magnitude 1 or more and an
## absolute one below.  @var{tol} is a scalar used for every class, or a pair
## @code{[@var{tol_double}, @var{tol_single}]} chosen by the class of
## @var{expected}; empty or absent means @code{[1e-12, 1e-5]}.  With every
## plan on a GPU (@env{DFG_DEVICE} is @qcode{"gpu"}) no tolerance is below
## those.
##
## @var{what} names the compared value in the error message.  On a mismatch
## the function throws an error with identifier
## @code{dfg_check_parity:mismatch}.
## @seealso{dfg_check_parity}
## @end deftypefn

function dfg_assert_same (got, expected, tol, what)

  if (nargin < 2)
    print_usage ();
  endif
  if (nargin < 3 || isempty (tol))
    tol = [1e-12, 1e-5];
  endif
  ## plans on a GPU (DFG_DEVICE=gpu, the pass matrix's "device gpu" run):
  ## its math library and cuBLAS round differently, so a comparison asked
  ## to be bitwise allows the stated tolerances (docs/gpu.md)
  if (strcmp (getenv ("DFG_DEVICE"), "gpu"))
    tol = max ([tol(1), tol(end)], [1e-12, 1e-5]);
  endif
  if (nargin < 4 || isempty (what))
    what = "result";
  endif

  if (isa (got, "dfg.Tensor"))
    fail_ (what, "is a dfg.Tensor, expected a native %s %s array",
           class (expected), dims_ (expected));
  endif
  cg = builtin ("class", got);
  ce = builtin ("class", expected);
  if (! strcmp (cg, ce))
    fail_ (what, "has class %s, expected %s", cg, ce);
  endif
  if (! isequal (size (got), size (expected)))
    fail_ (what, "is %s, expected %s", dims_ (got), dims_ (expected));
  endif

  if (! (isnumeric (expected) || islogical (expected)) || islogical (expected)
      || isinteger (expected))
    if (! isequal (got, expected))
      fail_ (what, "differs from the expected %s value", ce);
    endif
    return;
  endif

  if (! isreal (got))
    fail_ (what, "is complex, expected a real %s array", ce);
  endif
  if (! isreal (expected))
    fail_ (what, "reference is complex: the test case is wrong");
  endif

  if (numel (tol) > 1)
    tol = merge (strcmp (ce, "single"), tol(2), tol(1));
  endif

  g = double (got(:));
  e = double (expected(:));
  nan_g = isnan (g);
  nan_e = isnan (e);
  k = find (nan_g != nan_e, 1);
  if (! isempty (k))
    fail_ (what, "element %d is %.17g, expected %.17g", k, g(k), e(k));
  endif
  inf_e = isinf (e);
  k = find ((isinf (g) != inf_e) | (inf_e & (g != e)), 1);
  if (! isempty (k))
    fail_ (what, "element %d is %.17g, expected %.17g", k, g(k), e(k));
  endif
  fin = ! (nan_e | inf_e);
  err = abs (g - e);
  bound = tol * max (abs (e), 1);
  bad = fin & (err > bound);
  if (any (bad))
    k = find (bad, 1);
    [worst, w] = max (err(fin) ./ max (abs (e(fin)), 1));
    fail_ (what, ["element %d is %.17g, expected %.17g (%d elements off; ", ...
                  "worst scaled error %.3g, tolerance %.3g)"],
           k, g(k), e(k), nnz (bad), worst, tol);
  endif

endfunction

function fail_ (what, fmt, varargin)
  error ("dfg_check_parity:mismatch", ["%s " fmt], what, varargin{:});
endfunction

function s = dims_ (x)
  s = sprintf ("%dx", size (x));
  s = s(1:end-1);
endfunction


## Self-tests of the comparison rules (these need no dfg).
%!test dfg_assert_same ([1 2 NaN Inf -Inf], [1 2 NaN Inf -Inf]);
%!test dfg_assert_same (single (1 + 1e-7), single (1));
%!test dfg_assert_same (1e6 * (1 + 1e-13), 1e6);
%!test dfg_assert_same (true (2), true (2));
%!test dfg_assert_same (zeros (0, 3), zeros (0, 3));
%!error <class single, expected double> dfg_assert_same (single (1), 1);
%!error <class double, expected logical> dfg_assert_same (1, true);
%!error <is 3x1, expected 1x3> dfg_assert_same ([1; 2; 3], [1 2 3]);
%!error <is 0x3, expected 3x0> dfg_assert_same (zeros (0, 3), zeros (3, 0));
%!error <element 2> dfg_assert_same ([1 1 + 1e-9], [1 1]);
%!error <element 1> dfg_assert_same (single (1.001), single (1));
%!error <element 1> dfg_assert_same (NaN, 1);
%!error <element 1> dfg_assert_same (1, NaN);
%!error <element 1> dfg_assert_same (Inf, -Inf);
%!error <element 1> dfg_assert_same (1e300, Inf);
%!error <complex> dfg_assert_same (complex (1, 0), 1);
%!error <differs> dfg_assert_same ([true false], [true true]);
%!error id=dfg_check_parity:mismatch dfg_assert_same (2, 1);
