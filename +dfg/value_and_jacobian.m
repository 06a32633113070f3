## -*- texinfo -*-
## @deftypefn  {dfg} {@var{vj} =} dfg.value_and_jacobian (@var{fun})
## @deftypefnx {dfg} {@var{vj} =} dfg.value_and_jacobian (@var{fun}, @var{argnums})
## @deftypefnx {dfg} {@var{vj} =} dfg.value_and_jacobian (@var{fun}, @dots{}, @var{name}, @var{value})
## Returns a function handle computing @var{fun}'s value and its Jacobian
## with respect to the arguments at @var{argnums} (default 1) in one plan:
## @code{[r, J1, J2, @dots{}] = vj (@dots{})}, each @var{J} a
## @code{numel (r)} x @code{numel (x)} matrix as @code{dfg.jacobian} makes
## it.  This is the @code{[r, J]} form that @code{fsolve} (with
## @code{optimset ("Jacobian", "on")}), @code{lsqnonlin} and
## @code{lsqcurvefit} call.  Options as @code{dfg.jit} (@qcode{"passes"},
## @qcode{"fast"}, @qcode{"device"}); @var{argnums} may be left out before
## them.  The plan is traced and cached per class and size of the
## arguments, as @code{dfg.jit}.
## @seealso{dfg.jacobian, dfg.value_and_grad, dfg.jit}
## @end deftypefn
function vj = value_and_jacobian (fun, argnums, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (nargin < 2)
    argnums = [];
  endif
  vj = dfg.internal.transform ("value_and_jacobian", fun, argnums, varargin{:});
endfunction

%!test
%! vj = dfg.value_and_jacobian (@(x) [x(1)^2 - x(2); x(1) * x(2)]);
%! [r, J] = vj ([2; 3]);
%! assert (r, [1; 6]);
%! assert (J, [4 -1; 3 2], 1e-14);
%! assert (vj ([2; 3]), [1; 6]);
%!test
%! ## single, and two argument positions
%! vj = dfg.value_and_jacobian (@(a, b) a .* b(1) + b(2), [1 2]);
%! [r, Ja, Jb] = vj (single ([1; 2]), single ([3; 4]));
%! assert (class (r), "single");
%! assert ({r, Ja, Jb}, {single([7; 10]), single(3 * eye (2)), single([1 1; 2 1])});
%!test
%! ## fsolve with the Jacobian on: the root of x.^2 = [4; 9]
%! vj = dfg.value_and_jacobian (@(x) x .^ 2 - [4; 9]);
%! [x, fval, info] = fsolve (vj, [1; 1], optimset ("Jacobian", "on", "TolFun", 1e-14));
%! assert (info > 0);
%! assert (x, [2; 3], 1e-8);
%!error <FUN must be a function handle> dfg.value_and_jacobian (1)
%!error <ARGNUMS must be positive integers> dfg.value_and_jacobian (@(x) x, 0)
%!error <not an array to differentiate> f = dfg.value_and_jacobian (@(x) x); f ("a")
