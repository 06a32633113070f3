## -*- texinfo -*-
## @deftypefn  {dfg} {@var{s} =} dfg.fori (@var{lo}, @var{hi}, @var{body}, @var{init})
## A counted loop inside the graph, @var{body} applied for @var{i} from
## @var{lo} to @var{hi}.  It is the graph form of
##
## @example
## s = init;
## for i = lo:hi
##   s = body (i, s);
## endfor
## @end example
##
## (@var{lo} and @var{hi} included, as Octave's @code{for}).  @var{init}
## may be a cell array of several state values: @var{body} then takes
## and returns a cell.  The state keeps its class and size.  @var{i} is a
## double scalar.  With plain numbers for @var{lo} and @var{hi} the loop
## is a @code{dfg.scan} over the indices (a fixed trip count); with
## tensors it is a @code{dfg.while} loop whose trip count is decided when
## the plan runs.  Differentiable like both.
##
## @example
## x = dfg.input ([1 1]);
## p = dfg.fori (1, 5, @@(i, s) s .* x + i, 0);   % Horner's rule
## @end example
## @seealso{dfg.scan, dfg.while}
## @end deftypefn
function s = fori (lo, hi, body, init)
  if (nargin != 4)
    print_usage ();
  endif
  if (! is_function_handle (body))
    error ("dfg:badArgument", "dfg.fori: BODY must be a function handle");
  endif
  for v = {lo, hi}
    b = v{1};
    if (! (isscalar (b) && (isa (b, "dfg.Tensor") || ((isnumeric (b) || islogical (b)) && isreal (b)))))
      error ("dfg:badArgument", "dfg.fori: LO and HI must be real scalars");
    endif
  endfor
  if (iscell (init) && isempty (init))
    error ("dfg:badArgument", "dfg.fori: INIT must hold at least one state value");
  endif
  if (! isa (lo, "dfg.Tensor") && ! isa (hi, "dfg.Tensor"))
    lo_d = double (lo);
    hi_d = double (hi);
    if ((isinf (lo_d) || isinf (hi_d)) && ! (hi_d < lo_d))
      error ("dfg:badArgument", "dfg.fori: the range LO:HI (%g:%g) has infinitely many steps", lo_d, hi_d);
    endif
    idx = lo_d:hi_d;                         # Octave's range, as for's
    try
      ## the index vector must fit: past 2^37 doubles (1 TiB) do not ask
      if (numel (idx) > 2^37)
        error ("dfg:outOfMemory", "too large");
      endif
      probe = zeros (1, numel (idx));
      clear probe;
    catch
      error ("dfg:outOfMemory", "dfg.fori: out of memory: the range LO:HI (%g:%g) has %g steps",
             lo_d, hi_d, numel (idx));
    end_try_catch
    if (isempty (idx))
      s = as_tensors (init);                 # no step: the state as it was
      return;
    endif
    nm = struct ("fn", "fori", "body", "BODY", "carry", "state");
    s = dfg.internal.scan_impl (nm, 1, @(s, i) body (i, s), init, idx);
    return;
  endif
  ## a trip count decided when the plan runs: a counter k, i = lo + k as
  ## Octave's ranges compute it, while i <= hi
  lo = cast_double (lo);
  hi = cast_double (hi);
  cell_s = iscell (init);
  if (cell_s)
    st = init(:).';
  else
    st = {init};
  endif
  nm = struct ("fn", "fori", "cond", "HI", "body", "BODY");
  out = dfg.internal.while_impl (nm, 1, 0, @(k, varargin) lo + k <= hi,
                                 @(k, varargin) step (body, lo + k, k, cell_s, varargin),
                                 0, st{:});
  if (cell_s)
    s = out(2:end);
  else
    s = out{2};
  endif
endfunction

function x = cast_double (x)
  if (isa (x, "dfg.Tensor"))
    x = cast (x, "double");
  else
    x = double (x);
  endif
endfunction

function s = as_tensors (init)
  if (iscell (init))
    s = cellfun (@as_tensors, init, "uniformoutput", false);
  elseif (isa (init, "dfg.Tensor"))
    s = init;
  else
    s = dfg.constant (init);
  endif
endfunction

function varargout = step (body, i, k, cell_s, s)
  if (cell_s)
    r = dfg.internal.ctrl_apply (body, 1, "dfg.fori", "BODY", i, s);
    r = r{1};
    if (! iscell (r) || numel (r) != numel (s))
      error ("dfg:badArgument", "dfg.fori: BODY must return the state as it was given (a cell of %d values)",
             numel (s));
    endif
    varargout = [{k + 1}, r(:).'];
  else
    r = dfg.internal.ctrl_apply (body, 1, "dfg.fori", "BODY", i, s{1});
    varargout = {k + 1, r{1}};
  endif
endfunction

%!test
%! x = dfg.input ([1 1]);
%! s = dfg.fori (2, 4, @(i, s) s * x + i, 1);      % ((x + 2) x + 3) x + 4
%! f = dfg.function ({x}, {s, dfg.grad(s, x)});
%! [v, g] = f (2);
%! assert ([v g], [26, 3*4 + 4*2 + 3]);
%!test
%! ## a tensor bound: a while loop; several state values in a cell
%! n = dfg.input ([1 1]);
%! s = dfg.fori (1, n, @(i, s) {s{1} + i, s{2} * 2}, {0, single(1)});
%! f = dfg.function ({n}, {s{1}, s{2}});
%! [a, b] = f (4);
%! assert ({a, b}, {10, single(16)});
%! e = dfg.fori (3, 1, @(i, s) s + 1, 5);       # no step: the state, as a tensor
%! assert (isa (e, "dfg.Tensor"));
%! assert (dfg.value (e), 5);
%!test
%! ## i = lo + k, as Octave's range computes it
%! lo = dfg.input ([1 1]);
%! s = dfg.fori (lo, 4.001, @(i, s) i, 0);
%! f = dfg.function ({lo}, {s});
%! r = 0.001:4.001;
%! assert (f (0.001), r(end));
%!error <INIT must hold at least one state value> dfg.fori (1, 3, @(i, s) s, {})
%!error <BODY must be a function handle> dfg.fori (1, 2, 3, 0)
%!error <dfg.fori: the loop state must keep its class and size: state 1 is double 3x3 on entry but the body returns double 6x3> dfg.fori (1, 3, @(i, x) [x; x], zeros (3))
%!error <dfg.fori: the loop state must keep its class and size: state 2 is double 1x1 on entry but the body returns double 2x1> dfg.fori (1, dfg.constant (3), @(i, s) {s{1}, [s{2}; 1]}, {zeros(3), 0})
%!error <dfg.fori: a state must be a tensor or a real double, single or logical array, not char> dfg.fori (1, 3, @(i, x) x, "a")
%!error <dfg.fori: a state must be a tensor> dfg.fori (1, dfg.constant (3), @(i, x) x, {0, "a"})
%!error <dfg.fori: BODY must return the state as it was given> dfg.fori (1, 3, @(i, s) s{1}, {0, 1})
