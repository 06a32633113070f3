## -*- texinfo -*-
## @deftypefn  {dfg} {@var{s} =} dfg.passes ()
## @deftypefnx {dfg} {@var{old} =} dfg.passes (@var{passes})
## Gets or sets the optimisation passes new plans run by default.
##
## @var{s} is a struct with fields @code{passes} (a cell array of the pass
## names switched on, in the order they run: @qcode{"cse"},
## @qcode{"fold"}, @qcode{"simplify"}, @qcode{"gemm"}, @qcode{"fuse"}) and
## @code{fast} (true when rewrites that may change rounding, NaN, Inf or
## the sign of zero are allowed).  @code{dfg.passes (@var{passes})} applies
## a pass list (as for @code{dfg.function}: e.g. @qcode{"-fuse"},
## @code{@{"none", "cse"@}}, @qcode{"all"}) to the default and returns the
## old setting, which @code{dfg.passes (@var{old})} restores; plans
## compiled earlier keep theirs.  The environment
## variable @env{DFG_PASSES} (a comma-separated pass list) is applied on
## top of every plan's own setting when it compiles, to switch passes for a
## whole session when debugging.
## @seealso{dfg.function, dfg.explain}
## @end deftypefn
function s = passes (p)
  if (nargin == 0)
    s = dfg_mex ("passes");
  else
    if (isstruct (p) && isfield (p, "passes") && isfield (p, "fast"))
      ## a setting returned earlier: restore it exactly
      fast = {"-fast", "fast"};
      p = [{"none"}, p.passes(:)', fast(1 + logical (p.fast))];
    endif
    s = dfg_mex ("passes", p);
  endif
endfunction

%!test
%! old = dfg.passes ("-fuse");
%! unwind_protect
%!   s = dfg.passes ();
%!   assert (! any (strcmp (s.passes, "fuse")));
%!   assert (any (strcmp (s.passes, "cse")));
%!   x = dfg.input ([3 3]);
%!   f = dfg.function ({x}, {exp(sin(x)) + x});
%!   s = dfg.nodes (f);
%!   assert (! any ([s.group]));
%!   dfg.passes ({"none", "fast"});
%!   assert (dfg.passes (), struct ("passes", {cell(1, 0)}, "fast", true));
%! unwind_protect_cleanup
%!   dfg.passes (old);
%! end_unwind_protect
%! assert (dfg.passes (), old);
%!error <unknown pass 'bogus'> dfg.passes ("bogus")
%!error <PASSES must be a string> dfg.passes (3)
