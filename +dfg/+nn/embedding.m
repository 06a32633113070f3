## -*- texinfo -*-
## @deftypefn {dfg} {@var{Y} =} dfg.nn.embedding (@var{idx}, @var{W})
## Embedding lookup: column @var{idx}(j) of the table @var{W} (D x V: V
## vectors of D elements) for each of the N indices, a D x N result.
##
## @var{idx} holds integers from 1 to V: a plain array (checked) or a
## tensor (a @code{dfg.input} of token indices: values known only when a
## plan runs).  The lookup is @code{W * (idx == (1:V)')}, a product with
## the one-hot matrix, so its gradient with respect to @var{W} adds each
## column's gradient into the row it came from; an index outside 1..V (in a
## tensor) gives a column of NaN rather than a silently wrong vector.
## @seealso{dfg.nn.linear}
## @end deftypefn
function Y = embedding (idx, W)
  if (nargin != 2)
    print_usage ();
  endif
  if (ndims (W) > 2)
    error ("dfg:badArgument", "dfg.nn.embedding: W must be a D x V matrix");
  endif
  V = columns (W);
  N = numel (idx);
  if (! isvector (idx) && N > 0)
    error ("dfg:badArgument", "dfg.nn.embedding: IDX must be a vector of indices");
  endif
  if (! isa (idx, "dfg.Tensor") && (any (idx(:) != fix (idx(:))) || any (idx(:) < 1 | idx(:) > V)))
    error ("dfg:index", "dfg.nn.embedding: indices must be integers from 1 to %d (the columns of W)", V);
  endif
  O = reshape (idx, 1, N) == (1:V)';                    # V x N one-hot
  cls = class (W);
  Y = W * cast (O, cls);
  if (isa (idx, "dfg.Tensor"))
    ## a column without a match: NaN, not the zero vector
    Y = Y + cast (0, cls) .* log (cast (any (O, 1), cls));
  endif
endfunction

%!test
%! W = magic (4)(1:3, :);                # 3 x 4
%! i = dfg.input ([1 5]);
%! f = dfg.function ({i}, {dfg.nn.embedding(i, W)});
%! assert (f ([2 4 4 1 3]), W(:, [2 4 4 1 3]));
%! assert (dfg.nn.embedding ([2 1], W), W(:, [2 1]));
%! y = f ([2 5 1 1 1]);
%! assert (all (isnan (y(:, 2))) && ! any (isnan (y(:, [1 3 4 5])(:))));
%! assert (class (dfg.nn.embedding ([1 2], single (W))), "single");
%!test
%! ## gradient: the column gradients summed into their rows
%! w = dfg.variable (zeros (2, 3));
%! y = dfg.nn.embedding ([3 1 3], w);
%! G = dfg.value (dfg.grad (sum (y(:) .* (1:6)'), w));
%! assert (G, [3 0 1+5; 4 0 2+6]);
%! dfg_check_grad (@(w) dfg.nn.embedding ([2 1 2], w), {randn(3, 2)});
%!error <indices must be integers from 1 to 4> dfg.nn.embedding ([1 5], ones (3, 4))
