## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.Empty
## A handle class with no properties and no constructor; @code{a + b}
## returns a new Empty.  The absolute floor of making a classdef object.
## @end deftypefn
classdef Empty < handle
  methods
    function r = plus (a, b)
      r = benchsupport.Empty ();
    endfunction
  endmethods
endclassdef
