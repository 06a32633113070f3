## -*- texinfo -*-
## @deftypefn {dfg} {[@dots{}] =} dfg.internal.run_region (@var{fun}, @dots{})
## Calls @var{fun} with the remaining arguments inside a checkpoint region
## (see @code{dfg.checkpoint}).  Internal.
## @end deftypefn
function varargout = run_region (fun, varargin)
  prev = dfg_mex ("region", "begin");
  unwind_protect
    [varargout{1:max (nargout, 1)}] = fun (varargin{:});
  unwind_protect_cleanup
    dfg_mex ("region", "end", prev);
  end_unwind_protect
endfunction
