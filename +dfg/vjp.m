## -*- texinfo -*-
## @deftypefn {dfg} {[@var{y}, @var{g1}, @var{g2}, @dots{}] =} dfg.vjp (@var{fun}, @var{args}, @var{cotangent})
## Reverse-mode vector-Jacobian product of a function: @var{fun}'s value at
## @var{args} (a cell array, or a single array) and, for each argument, the
## gradient of @code{sum (@var{cotangent}(:) .* @var{fun} (@dots{})(:))}.
## @var{cotangent} has the size of @var{fun}'s output.  The symbolic
## equivalent is @code{dfg.grad (@var{y}, @var{x}, @var{dy})}.
## @seealso{dfg.jvp, dfg.grad}
## @end deftypefn
function varargout = vjp (fun, args, cotangent)
  if (nargin != 3)
    print_usage ();
  endif
  if (! is_function_handle (fun))
    error ("dfg:badArgument", "dfg.vjp: FUN must be a function handle (for tensors use dfg.grad (Y, X, DY))");
  endif
  if (! iscell (args))
    args = {args};
  endif
  [ins, targs] = dfg.internal.trace_args ("vjp", args);
  out = fun (targs{:});
  if (! isa (out, "dfg.Tensor"))
    out = dfg.constant (out);
  endif
  g = dfg.grad (out, ins, cotangent);   # a cell X gives a cell
  f = dfg.function (ins, [{out}, g]);
  varargout = cell (1, max (nargout, 1));
  [varargout{:}] = f (args{:});
endfunction

%!test
%! [y, g] = dfg.vjp (@(x) x .^ 2, {[1 2 3]}, [1 1 2]);
%! assert (y, [1 4 9]);
%! assert (g, [2 4 12]);
%!test
%! [y, ga, gb] = dfg.vjp (@(a, b) a * b, {[1 2], [3; 4]}, 2);
%! assert (y, 11);
%! assert (ga, [6 8]);
%! assert (gb, [2; 4]);
%!error <DY must have the size of Y> dfg.vjp (@(x) x, {[1 2]}, [1 2 3])
%!error <FUN must be a function handle> dfg.vjp (1, {1}, 1)
