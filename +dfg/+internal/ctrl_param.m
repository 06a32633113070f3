## -*- texinfo -*-
## @deftypefn {dfg} {@var{p} =} dfg.internal.ctrl_param (@var{v}, @var{name}, @var{fn})
## An input of the class and size of @var{v} (a tensor or a double, single
## or logical array) for tracing the body of a loop or conditional; @var{fn}
## names the caller in errors.  Internal.
## @end deftypefn
function p = ctrl_param (v, name, fn)
  if (isa (v, "dfg.Tensor"))
    cls = class (v);
  elseif ((isnumeric (v) || islogical (v)) && isreal (v) && ! issparse (v)
          && any (strcmp (class (v), {"double", "single", "logical"})))
    cls = class (v);
  else
    error ("dfg:badClass", "dfg.%s: a %s must be a tensor or a real double, single or logical array, not %s",
           fn, name, class (v));
  endif
  p = dfg.input (size (v), cls, name);
endfunction
