## -*- texinfo -*-
## @deftypefn {dfg} {[@dots{}] =} dfg.internal.while_loop (@var{cond_fn}, @var{body_fn}, @var{init}@dots{})
## The implementation of @code{dfg.while} (see @code{help dfg.while}):
## @code{while} is an Octave keyword, so +dfg/while.mex forwards here.
## Internal.
## @end deftypefn
function varargout = while_loop (cond_fn, body_fn, varargin)
  if (nargin < 3)
    print_usage ();
  endif
  if (! is_function_handle (cond_fn) || ! is_function_handle (body_fn))
    error ("dfg:badArgument", "dfg.while: COND_FN and BODY_FN must be function handles");
  endif
  maxiter = 0;
  init = varargin;
  if (numel (init) >= 3 && ischar (init{end-1}))
    if (! strcmpi (init{end-1}, "maxiter"))
      error ("dfg:badArgument", "dfg.while: unknown option '%s'", init{end-1});
    endif
    v = init{end};
    if (! (isscalar (v) && isnumeric (v) && isreal (v) && v >= 1 && v == fix (v)))
      error ("dfg:badArgument", "dfg.while: MAXITER must be a positive integer");
    endif
    maxiter = double (v);
    init(end-1:end) = [];
  endif
  if (isempty (init))
    error ("dfg:badArgument", "dfg.while: give at least one initial state value");
  endif
  nm = struct ("fn", "while", "cond", "COND_FN", "body", "BODY_FN");
  varargout = dfg.internal.while_impl (nm, 0, maxiter, cond_fn, body_fn, init{:});
endfunction
