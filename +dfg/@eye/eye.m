## -*- texinfo -*-
## @deftypefn  {dfg} {@var{c} =} dfg.eye (@var{n})
## @deftypefnx {dfg} {@var{c} =} dfg.eye (@var{m}, @var{n}, @dots{})
## @deftypefnx {dfg} {@var{c} =} dfg.eye (@dots{}, @var{class})
## A constant tensor equal to Octave's @code{eye} with the same arguments
## (sizes, and @qcode{"double"}, @qcode{"single"} or @qcode{"logical"}).
## @seealso{dfg.constant}
## @end deftypefn
function c = eye (varargin)
  c = dfg.Tensor (dfg_mex ("fill", "eye", varargin{:}));
endfunction

%!assert (dfg.value (dfg.eye (2, 3)), eye (2, 3))
%!assert (dfg.value (dfg.eye (3)), eye (3))
%!assert (dfg.value (dfg.eye ([2 2], "single")), eye ([2 2], "single"))
%!assert (class (dfg.eye (2, "logical")), "logical")
%!error id=dfg:badClass dfg.eye (2, "int8")
%!error id=dfg:outOfMemory dfg.value (dfg.eye (1e6, 1e6))
%!test
%! ## the size forms of Octave's eye, through dfg
%! forms = {{}, {3}, {2, 3}, {[2 3]}, {[2; 3]}, {0}, {-1}, {2, []}, {int8(2)}, ...
%!          {2, 3, "single"}, {2, "logical"}};
%! for k = 1:numel (forms)
%!   a = forms{k};
%!   dfg_assert_same (dfg.value (dfg.eye (a{:})), eye (a{:}));
%! endfor
%!error id=dfg:badArgument dfg.eye ([])
%!error id=dfg:badArgument dfg.eye (zeros (1, 0))
%!error id=dfg:badArgument dfg.eye (zeros (0, 1))
%!error id=dfg:badArgument dfg.eye ([2 3 4])
%!error id=dfg:badArgument dfg.eye (2, 3, 4)
%!error id=dfg:badArgument dfg.eye (NaN)
%!error id=dfg:badArgument dfg.eye (2.5)
