## -*- texinfo -*-
## @deftypefn  {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals})
## @deftypefnx {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals}, @var{sz})
## @deftypefnx {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals}, @var{sz}, @var{func})
## @deftypefnx {} {@var{A} =} dfg.internal.accumarray (@var{subs}, @var{vals}, @var{sz}, @var{func}, @var{fillval})
## Internal: @code{accumarray} for tensor @var{vals} (the method
## @code{dfg.Tensor/accumarray} forwards here), with Octave 7.3's
## accumarray.m semantics for @var{func} @code{@@sum} (the default),
## @code{@@max} and @code{@@min} (NaN ignored; an empty bin is 0 when
## @var{fillval} is 0 and every value is >= 0 (<= 0 for @code{@@min}), else
## NaN, as Octave's neutral value gives) and @var{fillval} (for
## @code{@@sum}).
##
## @var{subs} (a matrix of subscripts, one column per dimension, or a cell
## of vectors), @var{sz}, @var{func} and @var{fillval} must be plain
## values known when the graph is built, so the output size is known then.
## The work is @code{dfg_accumarray} (lib/core/compose-interp.c): @code{@@sum}
## is a scatter-add (the TAKE_ADD op, adding in the order of @var{subs} as
## Octave does; O(n)), whose gradient gathers the output's adjoint.  For
## @code{@@max} / @code{@@min} the values of each bin are gathered (a
## constant index, padded with NaN to the largest bin) and reduced along
## the bin, the gradient going to the winners as @code{max} and @code{min}
## give it; memory: the largest bin's count times the number of output
## elements.  This file only passes @var{func} as its text.
## @end deftypefn
function A = accumarray (varargin)
  if (nargin >= 4 && is_function_handle (varargin{4}))
    varargin{4} = func2str (varargin{4});
  elseif (nargin >= 4 && ! isempty (varargin{4}) && ! isa (varargin{4}, "dfg.Tensor"))
    varargin{4} = 0;       # (not a handle: the gateway's error)
  endif
  A = dfg.Tensor (dfg_mex ("accumarray", varargin{:}));
endfunction

%!test
%! v = dfg.input ([4 1]);
%! f = dfg.function (v, {accumarray([1;3;1;2], v), accumarray([1;3;1;2], v, [4 1], @max)});
%! [a, b] = f ([1; -2; 3; 4]);
%! assert (a, accumarray ([1;3;1;2], [1; -2; 3; 4]));
%! assert (b, accumarray ([1;3;1;2], [1; -2; 3; 4], [4 1], @max));
