## -*- texinfo -*-
## @deftypefn  {dfg} {@var{t} =} dfg.jvp (@var{y}, @var{x}, @var{v})
## @deftypefnx {dfg} {[@var{y}, @var{t}] =} dfg.jvp (@var{fun}, @var{args}, @var{tangents})
## Forward-mode automatic differentiation: the Jacobian-vector product.
##
## Symbolic form: the directional derivative of @var{y} along tangent
## @var{v} of @var{x} (or along @var{v}@{k@} of each @var{x}@{k@} of a cell
## @var{x}): a tensor of @var{y}'s size.  Functional form: @var{args} and
## @var{tangents} are cell arrays of the same length (or single arrays);
## returns @var{fun}'s value at @var{args} and its derivative along
## @var{tangents}.
##
## The tangent graph is built by transposing the reverse-mode graph (it is
## linear in the cotangent), so it costs about one forward sweep.
## @seealso{dfg.vjp, dfg.jacobian, dfg.grad}
## @end deftypefn
function varargout = jvp (y, x, v)
  if (nargin != 3)
    print_usage ();
  endif
  if (! is_function_handle (y))
    varargout{1} = dfg.Tensor (dfg_mex ("jvp", dfg.internal.untag (y), dfg.internal.untag (x), dfg.internal.untag (v)));
    return;
  endif
  [args, v] = dfg.internal.primal_args ("jvp", x, v, "TANGENTS");
  [ins, targs] = dfg.internal.trace_args ("jvp", args);
  out = y (targs{:});
  if (! isa (out, "dfg.Tensor"))
    out = dfg.constant (out);
  endif
  t = dfg.Tensor (dfg_mex ("jvp", dfg.internal.untag (out), dfg.internal.untag (ins), dfg.internal.untag (v)));
  f = dfg.function (ins, {out, t});
  [varargout{1:2}] = f (args{:});
endfunction

%!test
%! x = dfg.input ([2 1]);
%! t = dfg.jvp (x .^ 2, x, [1; 0]);
%! f_ = dfg.function ({x}, {t});
%! assert (f_ ([3; 4]), [6; 0]);
%!test
%! [y, t] = dfg.jvp (@(a, b) a .* b, {2, 3}, {1, 0});
%! assert ([y, t], [6, 3]);
%!test
%! [y, t] = dfg.jvp (@(x) sin (x), pi, 1);
%! assert (t, -1, 1e-15);
%!error <one tangent per> x = dfg.input ([1 1]); dfg.jvp (x, {x}, {1, 2})
%!error <tangent 1 must have the size> x = dfg.input ([2 1]); dfg.jvp (x, x, [1 2 3])
