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
    case "value_and_jacobian"
      outs = [{y}, cellfun(@(x) dfg.jacobian (y, x), xs, "UniformOutput", false)];
    case "hessian"
      if (numel (xs) == 1)
        outs = {dfg.hessian(y, xs{1})};
      else
        ## every block, the mixed ones too, in reading order: H11, H12,
        ## ..., H1n, H21, ...; block (i, j) is the Jacobian of the
        ## gradient with respect to x_i taken with respect to x_j
        if (numel (y) != 1)
          error ("dfg:nonconformant", "dfg.hessian: FUN must return a scalar, not %s",
                 strjoin (arrayfun (@num2str, size (y), "UniformOutput", false), "x"));
        endif
        g = cell (1, numel (xs));
        [g{:}] = dfg.grad (y, xs);
        n = numel (xs);
        outs = cell (1, n * n);
        for i = 1:n
          for j = 1:n
            outs{(i - 1) * n + j} = dfg.jacobian (reshape (g{i}, [], 1), xs{j}, "forward");
          endfor
        endfor
      endif
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
%!test
%! ## the Hessian blocks of two arguments, the mixed ones too
%! a = dfg.input ([2 1]); b = dfg.input ([1 1]);
%! o = dfg.internal.ad_outputs ("hessian", [1 2], @(u, v) sum (u .^ 2) * v ^ 2, {a, b}, {a, b});
%! f = dfg.function ({a, b}, o);
%! [h11, h12, h21, h22] = f ([1; 2], 3);
%! assert ({h11, h12, h21, h22}, {18 * eye(2), [12; 24], [12 24], 10}, 1e-13);
%!error <ARGNUMS names argument 2> x = dfg.input (1); dfg.internal.ad_outputs ("grad", 2, @(a) a, {x}, {x})
%!error <must return a real array> x = dfg.input (1); dfg.internal.ad_outputs ("grad", 1, @(a) "s", {x}, {x})
