## -*- texinfo -*-
## @deftypefn {dfg} {@var{m} =} dfg_logical (@var{t})
## A logical tensor: what comparisons, logical operators, @code{any},
## @code{all} and @code{logical} give on @code{dfg.Tensor}s.
##
## It behaves as a @code{dfg.Tensor} of class logical (every method of
## @code{dfg.Tensor} works on it, @code{isa (@var{m}, "dfg.Tensor")} is
## true, @code{class (@var{m})} is @qcode{"logical"}), with one difference:
## Octave asks it for its value where a branch needs one, in @code{if},
## @code{while}, @code{&&} and @code{||}.  At top level, on a graph with no
## free inputs, it then evaluates, so the branch is decided by the value;
## inside a trace (@code{dfg.jit}, the functional transforms, the bodies of
## @code{dfg.scan}, @code{dfg.fori}, @code{dfg.while}, @code{dfg.cond}) or
## on a graph with free inputs it raises @code{dfg:branchOnTensor}, which
## names the construct and what to write instead (@code{merge},
## @code{dfg.cond}, @code{dfg.while}, @code{dfg.fori}).  See
## docs/limitations.md for what Octave gives no hook for.
##
## Do not call the constructor yourself; @var{t} is a @code{dfg.Tensor} of
## class logical.
## @seealso{dfg.Tensor, dfg.cond, dfg.while, merge}
## @end deftypefn
function m = dfg_logical (t)
  persistent ranked = false;
  if (! ranked)
    ## every call with a logical tensor among its arguments comes here, so
    ## that no dfg.Tensor method ever sees one (the MEX gateway cannot)
    superiorto ("dfg.Tensor");
    ranked = true;
  endif
  if (! isa (t, "dfg.Tensor"))
    error ("dfg:badArgument", "dfg_logical: logical tensors are made by comparisons and logical operators on dfg.Tensor");
  endif
  ## depth: how many explicit logical () conversions returned this tensor
  ## in a row (see logical.m: Octave's if calls logical again on what it
  ## returns, so a branch read as an explicit conversion would recurse)
  m = class (struct ("t", t, "depth", 0), "dfg_logical");
endfunction
