## -*- texinfo -*-
## @deftypefn {} {@var{y} =} fz_exec (@var{code}, @var{x1}, @var{x2}, @dots{})
## Run the fuzzer's statement list @var{code} with the variables
## @code{x1}, @code{x2}, @dots{} set to the arguments and return the
## variable @code{y} it assigns.  The arguments may be plain arrays or
## dfg tensors: the same code runs on both (tests/fuzz/dfg_fuzz.m).
## @end deftypefn

function y = fz_exec (code, varargin)
  for k = 1:numel (varargin)
    eval (sprintf ("x%d = varargin{%d};", k, k));
  endfor
  eval (code);
endfunction

%!test
%! assert (fz_exec ("y = x1 + x2;", 1, 2), 3);
