## -*- texinfo -*-
## @deftypefn {dfg} {[@var{c}, @var{ys}] =} dfg.internal.scan_impl (@var{nm}, @var{nout}, @var{fn}, @var{carry0}, @var{xs}, @dots{})
## The implementation of @code{dfg.scan} (see @code{help dfg.scan}), also
## used by @code{dfg.fori}: @var{nm} names the caller in errors (fields
## @code{fn}, the function, e.g. @qcode{"scan"}; @code{body}, its function
## argument, e.g. @qcode{"FN"}; @code{carry}, what the carry is called);
## @var{nout} is the caller's @code{nargout}.  Internal.
## @end deftypefn
function varargout = scan_impl (nm, nout, fn, carry0, xs, varargin)
  if (! is_function_handle (fn))
    error ("dfg:badArgument", "dfg.%s: %s must be a function handle", nm.fn, nm.body);
  endif
  reverse = false;
  len = -1;
  for k = 1:2:numel (varargin)
    opt = dfg.internal.option_name (varargin{k});
    v = varargin{k+1};
    switch (lower (opt))
      case "reverse"
        if (! (isscalar (v) && (islogical (v) || isnumeric (v)) && ! isnan (v)))
          error ("dfg:badArgument", "dfg.%s: REVERSE must be true or false", nm.fn);
        endif
        reverse = logical (v);
      case "length"
        if (! (isscalar (v) && isnumeric (v) && isreal (v) && v >= 0 && v == fix (v) && isfinite (v)))
          error ("dfg:badArgument", "dfg.%s: LENGTH must be a non-negative integer", nm.fn);
        endif
        len = double (v);
      otherwise
        error ("dfg:badArgument", "dfg.%s: unknown option '%s'", nm.fn, opt);
    endswitch
  endfor
  cell_c = iscell (carry0);
  cell_x = iscell (xs);
  cs = ifelse_cell (carry0);
  if (cell_x)
    seqs = xs;
  elseif (! isa (xs, "dfg.Tensor") && isnumeric (xs) && isequal (size (xs), [0 0]))
    seqs = {};              # [] : no sequence (a 3x0 array is 0 steps of 3x1)
  else
    seqs = {xs};
  endif
  if (isempty (seqs) && len < 0)
    error ("dfg:badArgument", "dfg.%s: give the number of steps with \"length\" when XS is empty", nm.fn);
  endif
  pc = cell (1, numel (cs));
  for k = 1:numel (cs)
    pc{k} = dfg.internal.ctrl_param (cs{k}, nm.carry, nm.fn);
  endfor
  px = cell (1, numel (seqs));
  for k = 1:numel (seqs)
    v = seqs{k};
    if (! (isa (v, "dfg.Tensor") || isnumeric (v) || islogical (v)))
      error ("dfg:badClass", "dfg.%s: sequence %d must be a tensor or an array, not %s", nm.fn, k, class (v));
    endif
    sz = size (v);
    if (numel (sz) == 2)
      ssz = [sz(1), 1];
    else
      ssz = sz(1:end-1);
    endif
    px{k} = dfg.input (ssz, class (v), "slice");
  endfor
  carg = pack (pc, cell_c);
  if (isempty (px) && ! cell_x)
    xarg = [];
  else
    xarg = pack (px, cell_x);
  endif
  want_y = nout >= 2;
  if (want_y)
    r = dfg.internal.ctrl_apply (fn, 2, ["dfg." nm.fn], [nm.body " (asked for the " nm.carry " and a per-step output)"],
                                 carg, xarg);
    [c1, y] = deal (r{:});
    ys = ifelse_cell (y);
    cell_y = iscell (y);
  else
    r = dfg.internal.ctrl_apply (fn, 1, ["dfg." nm.fn], nm.body, carg, xarg);
    c1 = r{1};
    ys = {};
    cell_y = false;
  endif
  if (cell_c != iscell (c1) || numel (ifelse_cell (c1)) != numel (cs))
    if (cell_c)
      error ("dfg:badArgument", "dfg.%s: %s must return the %s as it was given (a cell of %d values)",
             nm.fn, nm.body, nm.carry, numel (cs));
    endif
    error ("dfg:badArgument", "dfg.%s: %s must return the %s as it was given (one value, not a cell)",
           nm.fn, nm.body, nm.carry);
  endif
  c1 = ifelse_cell (c1);
  outs = dfg.internal.ctrl_call ("scan", nm.fn, [pc, px], [cs, seqs], numel (cs), [],
                                 [c1, ys], {}, len, reverse, 0);
  nc = numel (cs);
  varargout{1} = pack (outs(1:nc), cell_c);
  if (want_y)
    varargout{2} = pack (outs(nc+1:end), cell_y);
  endif
endfunction

function c = ifelse_cell (v)
  if (iscell (v))
    c = v(:).';
  else
    c = {v};
  endif
endfunction

function v = pack (c, as_cell)
  if (as_cell)
    v = c;
  else
    v = c{1};
  endif
endfunction

%!test
%! nm = struct ("fn", "fori", "body", "BODY", "carry", "state");
%! assert (dfg.value (dfg.internal.scan_impl (nm, 1, @(s, i) s + i, 0, 1:4)), 10);
%!error <dfg.fori: BODY must be a function handle> dfg.internal.scan_impl (struct ("fn", "fori", "body", "BODY", "carry", "state"), 1, 3, 0, 1:4)
