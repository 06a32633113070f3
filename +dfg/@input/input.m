## -*- texinfo -*-
## @deftypefn  {dfg} {@var{x} =} dfg.input (@var{sz})
## @deftypefnx {dfg} {@var{x} =} dfg.input (@var{sz}, @var{class})
## @deftypefnx {dfg} {@var{x} =} dfg.input (@var{sz}, @var{class}, @var{name})
## A symbolic input (placeholder) of size @var{sz} and class @var{class}
## (@qcode{"double"} by default, @qcode{"single"} or @qcode{"logical"}).
##
## A scalar @var{sz} means @var{sz} x @var{sz}, as for @code{zeros}.  The
## input gets its value when a plan made by @code{dfg.function} runs.
##
## A @code{NaN} in @var{sz} is a symbolic size, the one named @qcode{"n"};
## a cell gives sizes and size names (@code{@{"batch", 64@}}), a name being
## the same size in every input.  One plan then serves every value of
## at least 2 of the symbolic sizes (docs/symbolic.md).
## @example
## x = dfg.input ([NaN 64]);     # n x 64
## y = dfg.input (@{"n", 1@});      # n x 1, the same n
## @end example
## @seealso{dfg.function, dfg.constant, dfg.variable}
## @end deftypefn
function x = input (sz, varargin)
  x = dfg.internal.adopt (dfg_mex ("input", sz, varargin{:}));
endfunction

%!test
%! x = dfg.input ([3 4]);
%! assert (size (x), [3 4]);
%! assert (class (x), "double");
%!test
%! y = dfg.input ([1 4], "single", "y");
%! assert (class (y), "single");
%! assert (size (y), [1 4]);
%!test
%! assert (size (dfg.input (3)), [3 3]);
%! assert (size (dfg.input ([2 3 1 1])), [2 3]);
%! assert (size (dfg.input ([2 3 4])), [2 3 4]);
%!error <CLASS must be> dfg.input ([2 2], "int8")
%!error <SIZE> dfg.input ([-1 2])
%!error <SIZE> dfg.input ([1.5 2])
%!error id=dfg:badClass dfg.input ([2 2], "uint8")
%!test
%! ## SIZE as Octave's zeros (SIZE) reads it: an empty vector is 0x0, any
%! ## real class, sparse read as its values
%! assert (size (dfg.input (zeros (1, 0))), [0 0]);
%! assert (size (dfg.input (int8 ([2 3]))), [2 3]);
%! assert (size (dfg.input (sparse ([2 0 3]))), [2 0 3]);
%!error <SIZE \(argument 1\) must be a vector, not a 0x0 array> dfg.input ([])
%!error <must be a vector, not a 2x2 array> dfg.input (sparse ([1 0; 0 1]))
%!test
%! ## NaN and names: symbolic sizes
%! assert (size (dfg.input ([2 NaN])), [2 NaN]);
%! assert (size (dfg.input ({"batch", 3, "n"})), [NaN 3 NaN]);
%! assert (size (dfg.input ({"k"})), [NaN NaN]);
%!error <must be integers, not inf> dfg.input ([2 Inf])
%!error <size name> dfg.input ({"a b", 2})
%!error <element 2 of SIZE> dfg.input ({"n", [2 3]})
%!error <must be real, not complex> dfg.input ([2 3] + 1i)
%!error id=dfg:unsupported dfg.input (dfg.constant ([2 3]))
