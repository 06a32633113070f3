## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.Box
## A one-property handle class whose methods construct and return a new
## Box: the floor of any method that returns a new object
## (bench_build_overhead, case (ii)).  @code{a + b} returns
## @code{benchsupport.Box (uint64 (7))}.  No destructor.
## @end deftypefn
classdef Box < handle
  properties (SetAccess = private)
    id = uint64 (0);
  endproperties
  methods
    function b = Box (id)
      if (nargin > 0)
        b.id = id;
      endif
    endfunction

    function r = plus (a, b)
      r = benchsupport.Box (uint64 (7));
    endfunction
  endmethods
endclassdef
