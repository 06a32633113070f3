## The op registry (lib/base/ops.def) against the Octave side: the
## gateway's command table (mex/dfg_mex.c, listed by dfg_mex ("commands")
## as {name, kind}, kind "unary" or "binary" for entries handled by
## cmd_unary and cmd_binary) and the methods of dfg.Tensor (+dfg/Tensor.m).
## A new element-wise op line in ops.def must get a gateway command and a
## Tensor method; a gateway entry handled by cmd_unary or cmd_binary must
## name an op of that family (the handlers look the op up by name and fail
## with "no such op" otherwise).  tests/c/test-registry.c ties ops.def to
## the gradient table, inference and the kernels.
##
## Documented exceptions:
##   commands of another handler for unary and binary ops: cast (cmd_cast:
##     takes a class name), psi (cmd_psi: takes the order k), max and min
##     (cmd_minmax: also the reductions MAX, MIN, ARGMAX, ARGMIN),
##     gammainc (cmd_gammainc: takes the tail)
##   cmd_unary and cmd_binary entries that are no op of ops.def: uplus (x
##     itself, logical made double) and ldivide (rdivide, operands swapped)
##   ops no Octave function names: gammainc_da (gammainc's derivatives in
##     a, built by gammainc's gradient rule only)

%!function ops = read_ops ()
%!  ## {NAME, octave name, FAMILY} of every DFG_OP line of lib/base/ops.def
%!  root = fileparts (fileparts (fileparts (which ("test_registry"))));
%!  txt = fileread (fullfile (root, "lib", "base", "ops.def"));
%!  t = regexp (txt, '^DFG_OP\((\w+),\s*"([^"]*)",\s*(\w+),', "tokens", "lineanchors");
%!  ops = vertcat (t{:});
%!endfunction

%!function names = ew_names (ops, fam)
%!  names = unique (ops(strcmp (ops(:, 3), fam), 2));
%!  names = setdiff (names, {"gammainc_da"});
%!endfunction

%!test
%! ## ops.def is read: every line, the families known
%! ops = read_ops ();
%! assert (rows (ops) > 90);
%! assert (any (strcmp (ops(:, 1), "ADD")) && any (strcmp (ops(:, 1), "CTRL_OUT")));
%! assert (numel (ew_names (ops, "UNARY")) > 25);
%! assert (numel (ew_names (ops, "BINARY")) > 15);

%!test
%! ## the command table: sorted and without repeats (find_cmd bisects it)
%! c = dfg_mex ("commands");
%! assert (columns (c), 2);
%! assert (isequal (c(:, 1), sort (c(:, 1))));
%! assert (numel (unique (c(:, 1))), rows (c));
%! assert (all (ismember (c(:, 2), {"", "unary", "binary"})));
%! assert (any (strcmp (c(:, 1), "commands")));

%!test
%! ## every unary and binary op is a gateway command, of its family's
%! ## handler unless documented above
%! ops = read_ops ();
%! c = dfg_mex ("commands");
%! other = {"cast", "psi", "max", "min", "gammainc"};
%! for fam = {"UNARY", "BINARY"}
%!   kind = lower (fam{1});
%!   for n = ew_names (ops, fam{1}).'
%!     k = find (strcmp (c(:, 1), n{1}));
%!     assert (! isempty (k), "ops.def: %s op '%s' is no command of mex/dfg_mex.c", kind, n{1});
%!     if (! any (strcmp (n{1}, other)))
%!       assert (strcmp (c{k, 2}, kind), "mex/dfg_mex.c: '%s' is handled by cmd_%s, not cmd_%s", ...
%!               n{1}, c{k, 2}, kind);
%!     endif
%!   endfor
%! endfor

%!test
%! ## every cmd_unary / cmd_binary entry is an op of that family in ops.def
%! ops = read_ops ();
%! c = dfg_mex ("commands");
%! for fam = {"UNARY", "BINARY"}
%!   kind = lower (fam{1});
%!   names = ew_names (ops, fam{1});
%!   for n = c(strcmp (c(:, 2), kind), 1).'
%!     if (! any (strcmp (n{1}, {"uplus", "ldivide"})))
%!       assert (any (strcmp (n{1}, names)), ...
%!               "mex/dfg_mex.c: '%s' (cmd_%s) is no %s op of lib/base/ops.def", n{1}, kind, kind);
%!     endif
%!   endfor
%! endfor

%!test
%! ## every unary and binary op, and every command of their handlers, is a
%! ## method of dfg.Tensor
%! ops = read_ops ();
%! c = dfg_mex ("commands");
%! m = methods ("dfg.Tensor");
%! want = [ew_names(ops, "UNARY"); ew_names(ops, "BINARY"); ...
%!         c(strcmp (c(:, 2), "unary") | strcmp (c(:, 2), "binary"), 1)];
%! for n = unique (want).'
%!   assert (any (strcmp (n{1}, m)), "+dfg/Tensor.m: no method '%s'", n{1});
%! endfor

%!test
%! ## each of those methods records its own op: the op of the result is
%! ## the ops.def line of that Octave name
%! ops = read_ops ();
%! x = dfg.input ([2 3]);
%! y = dfg.input ([2 3]);
%! for n = ew_names (ops, "UNARY").'
%!   if (strcmp (n{1}, "cast"))
%!     r = cast (x, "single");
%!   else
%!     r = feval (n{1}, x);
%!   endif
%!   d = dfg_mex ("describe", dfg.internal.untag (r));
%!   assert ({n{1}, d.op, d.ninputs}, {n{1}, n{1}, 1});
%! endfor
%! for n = ew_names (ops, "BINARY").'
%!   r = feval (n{1}, x, y);
%!   d = dfg_mex ("describe", dfg.internal.untag (r));
%!   assert ({n{1}, d.op, d.ninputs}, {n{1}, n{1}, 2});
%! endfor
