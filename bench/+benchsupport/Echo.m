## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.Echo
## A trivial handle class with no properties whose methods return their
## argument: the floor of a classdef method call (bench_build_overhead,
## case (i)).  @code{pass (o, x)} returns @var{x}; @code{o + x} returns
## @var{x} (operator dispatch, as for @code{dfg.Tensor}).
## @end deftypefn
classdef Echo < handle
  methods
    function y = pass (o, x)
      y = x;
    endfunction

    function r = plus (a, b)
      r = b;
    endfunction
  endmethods
endclassdef
