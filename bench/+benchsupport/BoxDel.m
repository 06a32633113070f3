## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.BoxDel
## Like @code{benchsupport.Box} but shaped like @code{dfg.Tensor}'s
## lifetime code: the constructor checks its argument's class and there is
## a @code{delete} method (which does no MEX call).  Measures what a
## destructor and the argument check add to the new-object floor.
## @end deftypefn
classdef BoxDel < handle
  properties (SetAccess = private)
    id = uint64 (0);
  endproperties
  methods
    function b = BoxDel (id)
      if (nargin > 0)
        if (! isa (id, "uint64"))
          error ("benchsupport.BoxDel: ID must be uint64");
        endif
        b.id = id;
      endif
    endfunction

    function delete (b)
      if (b.id)
        b.id = uint64 (0);
      endif
    endfunction

    function r = plus (a, b)
      r = benchsupport.BoxDel (uint64 (7));
    endfunction
  endmethods
endclassdef
