## -*- texinfo -*-
## @deftypefn {dfg} {@var{tf} =} isa (@var{m}, @var{classname})
## True for @qcode{"dfg.Tensor"} and @qcode{"dfg_logical"}: a logical
## tensor is a @code{dfg.Tensor}.  @var{classname} may be a cell array of
## names.
## @end deftypefn
function tf = isa (m, classname)
  if (! (ischar (classname) || iscellstr (classname)))
    error ("isa: CLASSNAME must be a string or cell array of strings");
  endif
  tf = ismember (classname, {"dfg.Tensor", "dfg_logical"});
endfunction
