## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.zeros (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.zeros (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.zeros (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{zeros} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = zeros (varargin)
  k = find (cellfun (@(a) strcmp (builtin ("class", a), "dfg_logical"), varargin));
  for j = k                  # a logical tensor after "like": its tensor
    varargin{j} = dfg_tensor (varargin{j});
  endfor
  c = dfg.Tensor (dfg_mex ("fill", "zeros", varargin{:}));
endfunction

%!assert (dfg.value (dfg.zeros (2, 3)), zeros (2, 3))
%!assert (dfg.value (dfg.zeros (3)), zeros (3))
%!assert (dfg.value (dfg.zeros ([2 2], "single")), zeros ([2 2], "single"))
%!assert (class (dfg.zeros (2, "logical")), "logical")
%!error id=dfg:badClass dfg.zeros (2, "int8")
%!error id=dfg:outOfMemory dfg.value (dfg.zeros (1e6, 1e6))
%!test
%! ## every size form of Octave's zeros and ones, through dfg: same class and size
%! forms = {{}, {3}, {2, 3, 4}, {[2 3]}, {[2; 3]}, {0}, {-1}, {2, -3}, {zeros(1, 0)}, {zeros(0, 1)}, ...
%!          {int8(2)}, {true, 2}, {sparse([2 3])}, {2, sparse(3)}, {2, []}, {[], 2}, {2, [3 4]}, ...
%!          {2, "single"}, {[2 3], "logical"}, {2, "like", single(1)}, {"like", true}, {"single"}};
%! for k = 1:numel (forms)
%!   a = forms{k};
%!   for f = {"zeros", "ones"}
%!     dfg_assert_same (dfg.value (feval (["dfg." f{1}], a{:})), feval (f{1}, a{:}));
%!   endfor
%! endfor
%!error <must be a vector, not a 0x0> dfg.zeros ([])
%!error <must be a vector, not a 0x0> dfg.ones ([])
%!error id=dfg:badArgument dfg.zeros ([2 3; 4 5])
%!error id=dfg:badArgument dfg.zeros (zeros (2, 0))
%!error <SIZE \(argument 1\) must be integers, not 2.5> dfg.zeros (2.5)
%!error <must be integers, not nan> dfg.zeros (NaN)
%!error <must be integers, not inf> dfg.ones (Inf)
%!error <must be integers, not nan> dfg.zeros ([2 NaN])
%!error <dimension \(argument 2\) must be an integer, not 2.5> dfg.zeros (2, 2.5)
%!error <must be real, not complex> dfg.zeros (1+2i)
%!error <not cell> dfg.zeros ({2})
%!error id=dfg:badClass dfg.zeros (2, "like", int8 (1))
%!error id=dfg:badArgument dfg.zeros (2, "like", {1})
%!error <dfg.zeros: out of memory> dfg.zeros (1e10, 1e10)
%!error <dfg.zeros: out of memory> dfg.zeros ([2^40 2^40])
%!test
%! ## a sparse size vector is read as its values (it was read as dense data)
%! assert (size (dfg.zeros (sparse ([2 0 3]))), [2 0 3]);
%! assert (size (dfg.ones (sparse ([0 2]))), [0 2]);
%!test
%! ## "like" a logical tensor: logical, as Octave's zeros (..., "like", true)
%! x = dfg.input ([2 2], "logical");
%! assert (class (dfg.zeros (2, "like", x)), "logical");
%! assert (dfg.value (dfg.zeros (2, "like", x)), zeros (2, "like", true));
