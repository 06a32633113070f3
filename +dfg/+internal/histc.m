## -*- texinfo -*-
## @deftypefn  {} {@var{n} =} dfg.internal.histc (@var{x}, @var{edges})
## @deftypefnx {} {@var{n} =} dfg.internal.histc (@var{x}, @var{edges}, @var{dim})
## @deftypefnx {} {[@var{n}, @var{idx}] =} dfg.internal.histc (@dots{})
## Internal: @code{histc} of a tensor @var{x} (the method
## @code{dfg.Tensor/histc} forwards here), as Octave 7.3's histc.m: the
## double count of the elements of @var{x} in [edges(k), edges(k+1)) along
## @var{dim} (default the first non-singleton dimension), the last bin
## counting x == edges(end); @var{idx} is the bin of each element (0
## outside).  @var{edges} (sorted here, with histc.m's warning, if it is
## not) and @var{dim} must be plain values.
##
## Counts are piecewise constant in @var{x}: their gradient is zero (no
## gradient flows through the positions).  Each element's bin comes from
## @code{lookup} (the LOOKUP op: a binary search, O(n log edges)); the
## counts are a scatter-add of ones at those bins along @var{dim}.
## @end deftypefn
function [n, idx] = histc (x, edges, dim)

  if (nargin < 2 || nargin > 3)
    error ("dfg:badArgument", "dfg.histc: called with %d arguments (expected 2 to 3)", nargin);
  endif
  dfg.internal.refuse_symbolic ("histc", {x, edges});
  if (isa (edges, "dfg.Tensor") || (nargin > 2 && isa (dim, "dfg.Tensor")))
    error ("dfg:badArgument", "dfg.histc: EDGES and DIM must be plain arrays known when the graph is built, not dfg.Tensor (X may be a tensor)");
  endif
  if (! ((isnumeric (edges) || islogical (edges)) && isreal (edges)))
    error ("dfg:badArgument", "dfg.histc: EDGES must be real-valued numbers");
  endif
  ne = numel (edges);
  if (ne == 0)
    warning ("histc: empty EDGES specified\n");
    n = idx = [];
    return;
  endif
  edges = double (edges(:));
  if (! issorted (edges) || edges(1) > edges(end))
    warning ("histc: edge values not sorted on input");
    edges = sort (edges);
  endif

  sz = size (x);
  nd = numel (sz);
  if (nargin < 3)
    (dim = find (sz > 1, 1)) || (dim = 1);
  elseif (! (isscalar (dim) && isnumeric (dim) && dim == fix (dim)) || ! (1 <= dim && dim <= nd))
    error ("dfg:badArgument", "dfg.histc: DIM must be an integer and a valid dimension (X is %s)", dfg.internal.size_str (x));
  endif
  nsz = sz;
  nsz(dim) = ne;

  ## the bin of each element (0 outside [edges(1), edges(end)], NaN
  ## included), then the counts along dim: a scatter-add (TAKE_ADD) of
  ## ones at the bins of each slice, bin 0 sent to a spare bin ne+1
  k = lookup (edges, double (x));
  idx = merge (x <= edges(end), k, 0);
  perm = [dim, 1:dim-1, dim+1:nd];
  nd_ = sz(dim);
  nrest = prod (sz(perm(2:end)));
  P = reshape (permute (idx, perm), nd_, nrest);
  P = P + (ne + 1) .* (P == 0);
  G = ones (nd_, nrest);
  L = max (nd_, ne + 1);
  if (L > nd_)
    P = [P; ones(L - nd_, nrest)];
    G = [G; zeros(L - nd_, nrest)];
  endif
  cnt = dfg.Tensor (dfg_mex ("take_add", G, P, 1));
  n = ipermute (reshape (cnt(1:ne,:), [ne, sz(perm(2:end))]), perm);
endfunction
