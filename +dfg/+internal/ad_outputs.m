## -*- texinfo -*-
## @deftypefn {dfg} {@var{outs} =} dfg.internal.ad_outputs (@var{kind}, @var{argnums}, @var{fun}, @var{targs}, @var{tens})
## The outputs of a functional autodiff transform, traced: @var{fun} is
## called on the traced arguments @var{targs}; @var{tens}@{k@} is the input
## tensor of argument k (empty for a non-array argument).  @var{kind} is
## @qcode{"grad"}, @qcode{"value_and_grad"}, @qcode{"jacobian"} or
## @qcode{"hessian"}.  Internal.
## @end deftypefn
function outs = ad_outputs (kind, argnums, fun, targs, tens)
  fname = ["dfg.", kind];
  if (any (argnums > numel (targs)))
    error ("dfg:badArgument", "%s: ARGNUMS names argument %d but FUN was called with %d",
           fname, max (argnums), numel (targs));
  endif
  xs = tens(argnums);
  for k = 1:numel (xs)
    if (isempty (xs{k}))
      error ("dfg:badArgument", "%s: argument %d is a %s, not an array to differentiate",
             fname, argnums(k), class (targs{argnums(k)}));
    endif
  endfor
  y = fun (targs{:});
  if (! isa (y, "dfg.Tensor"))
    if (! ((isnumeric (y) || islogical (y)) && isreal (y)))
      error ("dfg:badArgument", "%s: FUN must return a real array, not %s", fname, class (y));
    endif
    y = dfg.constant (y);
  endif
  switch (kind)
    case "grad"
      outs = grads (y, xs);
    case "value_and_grad"
      outs = [{y}, grads(y, xs)];
    case "jacobian"
      outs = cellfun (@(x) dfg.jacobian (y, x), xs, "UniformOutput", false);
    case "hessian"
      outs = cellfun (@(x) dfg.hessian (y, x), xs, "UniformOutput", false);
  endswitch
endfunction

function g = grads (y, xs)
  if (numel (y) != 1)
    error ("dfg:nonconformant", "dfg.grad: FUN must return a scalar, not %s (use dfg.jacobian or dfg.vjp)",
           strjoin (arrayfun (@num2str, size (y), "UniformOutput", false), "x"));
  endif
  g = dfg.grad (y, xs);      # a cell X gives a cell
endfunction

%!test
%! x = dfg.input ([1 2]);
%! o = dfg.internal.ad_outputs ("value_and_grad", 1, @(a) sum (a .* a), {x}, {x});
%! assert (numel (o), 2);
%! assert (size (o{2}), [1 2]);
%!error <ARGNUMS names argument 2> x = dfg.input (1); dfg.internal.ad_outputs ("grad", 2, @(a) a, {x}, {x})
%!error <must return a real array> x = dfg.input (1); dfg.internal.ad_outputs ("grad", 1, @(a) "s", {x}, {x})
