## -*- texinfo -*-
## @deftypefn {dfg} {@var{h} =} dfg.internal.transform (@var{kind}, @var{fun}, @var{argnums})
## The function handle returned by @code{dfg.grad (@var{fun})} & co.: it
## traces @var{fun} once per call signature (class and size of each
## argument), builds the derivative graph, compiles it, and runs the plan.
## Internal.
## @end deftypefn
function h = transform (kind, fun, argnums)
  fname = ["dfg.", kind];
  if (! is_function_handle (fun))
    error ("dfg:badArgument", "%s: FUN must be a function handle", fname);
  endif
  if (nargin < 3 || isempty (argnums))
    argnums = 1;
  endif
  if (! (isnumeric (argnums) && isreal (argnums) && all (argnums(:) >= 1)
         && all (argnums(:) == fix (argnums(:)))))
    error ("dfg:badArgument", "%s: ARGNUMS must be positive integers (argument positions)", fname);
  endif
  argnums = argnums(:).';
  cache = dfg.internal.JitCache (fun, @(f, targs, tens) dfg.internal.ad_outputs (kind, argnums, f, targs, tens));
  h = @(varargin) cache.call (nargout, varargin{:});
endfunction

%!test
%! h = dfg.internal.transform ("grad", @(x) sum (x .^ 2), []);
%! assert (h ([1 2]), [2 4]);
%!error <FUN must be a function handle> dfg.internal.transform ("grad", 1, 1)
%!error <ARGNUMS must be positive integers> dfg.internal.transform ("grad", @(x) x, 1.5)
