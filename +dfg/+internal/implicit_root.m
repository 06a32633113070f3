## -*- texinfo -*-
## @deftypefn {dfg} {[@var{x}, @var{fval}] =} dfg.internal.implicit_root (@var{fn}, @var{F}, @var{xs})
## Records the implicit function of @var{F} at @var{xs} (a tensor or a
## double or single array; lib/control/ctrl-implicit.c): @var{F} is traced
## once on an input standing for the root, and the root's derivatives come
## from the implicit function theorem.  @var{fn} names the caller in errors
## (@qcode{"fsolve"}).  Internal: see dfg.implicit, dfg.fsolve, dfg.argmin.
## @end deftypefn
function [x, fval] = implicit_root (fn, F, xs)
  u = dfg.input (size (xs), class (xs), "root");
  r = dfg.internal.ctrl_apply (F, 1, ["dfg." fn], "F", u);
  [x, fval] = dfg_mex ("implicit", dfg.internal.untag (xs), u, dfg.internal.untag (r{1}), fn);
  x = dfg.internal.adopt (x);
  fval = dfg.internal.adopt (fval);
endfunction
