## -*- texinfo -*-
## @deftypefn  {dfg} {@var{vg} =} dfg.value_and_grad (@var{fun})
## @deftypefnx {dfg} {@var{vg} =} dfg.value_and_grad (@var{fun}, @var{argnums})
## @deftypefnx {dfg} {@var{vg} =} dfg.value_and_grad (@var{fun}, @dots{}, @var{name}, @var{value})
## Returns a function handle computing @var{fun}'s value and its gradient
## with respect to the arguments at @var{argnums} (default 1) in one plan:
## @code{[v, g1, g2, @dots{}] = vg (@dots{})}.  @var{fun} must return a
## real scalar.  The value comes first, so @var{vg} plugs straight into
## @code{fminunc} with @code{optimset ("GradObj", "on")}.  Options as
## @code{dfg.jit} (@qcode{"passes"}, @qcode{"fast"}, @qcode{"device"});
## @var{argnums} may be left out before them.
## @seealso{dfg.grad, dfg.jit}
## @end deftypefn
function vg = value_and_grad (fun, argnums, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (nargin < 2)
    argnums = [];
  endif
  vg = dfg.internal.transform ("value_and_grad", fun, argnums, varargin{:});
endfunction

%!test
%! vg = dfg.value_and_grad (@(x) sum (x .^ 3));
%! [v, g] = vg ([1 2]);
%! assert (v, 9);
%! assert (g, [3 12]);
%! assert (vg ([1 2]), 9);
%!test
%! rosen = @(x) sum (100*(x(2:end) - x(1:end-1).^2).^2 + (1 - x(1:end-1)).^2);
%! fg = dfg.value_and_grad (rosen);
%! x = fminunc (fg, -ones (10, 1), optimset ("GradObj", "on", "TolFun", 1e-14, "TolX", 1e-14, "MaxIter", 2000));
%! assert (x, ones (10, 1), 1e-6);
%!error <FUN must be a function handle> dfg.value_and_grad (3)
%!error <not an array to differentiate> f = dfg.value_and_grad (@(s, x) x, 1); f ("a", 2)
