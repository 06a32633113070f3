## -*- texinfo -*-
## @deftypefn {} {} test_not_traceable
## Functions a tensor cannot go through raise a dfg error naming the
## function and what to write instead: dfg:dataDependentSize where the
## result's size depends on values (find, unique, x(mask), a:b, ...),
## dfg:notTraceable where Octave's function needs values while it runs
## (ode45, fzero, arrayfun, ...), dfg:badClass for integer classes.  The
## table (dfg.internal.untraceable) and docs/user-guide.md's agree.
## Run with test ("test_not_traceable").
## @end deftypefn
function test_not_traceable ()
endfunction

## every function of the table, with a tensor in each argument position
## Octave dispatches on, raises the table's id naming the function
%!test
%! t = dfg.internal.untraceable ();
%! x = dfg.input ([3 1]);
%! for k = 1:rows (t)
%!   fn = t{k,1};
%!   for args = {{x}, {@(v) v, x}, {@(t, y) y, [0 1], x}}
%!     try
%!       feval (fn, args{1}{:});
%!       error ("test_not_traceable: %s did not raise", fn);
%!     catch err
%!       assert (err.identifier, t{k,2}, fn);
%!       assert (! isempty (strfind (err.message, ["dfg: " fn " (argument "])), err.message);
%!     end_try_catch
%!   endfor
%! endfor
## logical tensors too (the generated forwarders)
%!error id=dfg:dataDependentSize find (dfg.input ([3 1]) > 0)
%!error <argument 1 is a 3x1 logical dfg.Tensor> unique (dfg.input ([3 1]) > 0)
## a range with a tensor limit
%!error id=dfg:dataDependentSize x = dfg.input ([1 1]); 1:x;
%!error id=dfg:dataDependentSize x = dfg.input ([1 1]); x:3;
%!error id=dfg:dataDependentSize x = dfg.input ([1 1]); 1:x:3;
## through jit and the transforms, as at top level
%!error id=dfg:dataDependentSize f = dfg.jit (@(x) find (x)); f ([1 0 2])
%!error id=dfg:notTraceable g = dfg.grad (@(x) sum (arrayfun (@(v) v^2, x))); g ([1 2])
## Octave's own functions given plain arguments but a function that makes
## tensors: their if on a value names them (logical of a logical tensor)
%!error <dfg: fzero: Octave's fzero needs the values> f = dfg.jit (@(p) fzero (@(y) y - p, [-5 5])); f (1)
%!error id=dfg:notTraceable f = dfg.jit (@(p) quadgk (@(t) p * t, 0, 1)); f (2)
## printing: values where they exist, else the error
%!assert (num2str (dfg.constant (pi)), num2str (pi))
%!assert (sprintf ("%g,", dfg.constant ([1 2])), "1,2,")
%!assert (mat2str (dfg.constant ([1 2; 3 4])), "[1 2;3 4]")
%!error id=dfg:notTraceable num2str (dfg.input ([1 1]))
%!error id=dfg:notTraceable f = dfg.jit (@(x) num2str (x)); f (1)
## integer classes
%!error <dfg's tensors are double, single or logical> int32 (dfg.constant (1))
%!error id=dfg:badClass uint8 (dfg.input ([2 2]))

## docs/user-guide.md's table lists exactly the functions of the table
%!test
%! t = dfg.internal.untraceable ();
%! root = fileparts (fileparts (fileparts (which ("test_not_traceable"))));
%! txt = fileread (fullfile (root, "docs", "user-guide.md"));
%! k0 = strfind (txt, "<!-- untraceable table -->");
%! k1 = strfind (txt, "<!-- end untraceable table -->");
%! assert (numel (k0) == 1 && numel (k1) == 1);
%! tab = txt(k0:k1);
%! listed = regexp (tab, "`(\\w+)`", "tokens");
%! listed = unique (cellfun (@(c) c{1}, listed, "UniformOutput", false));
%! for k = 1:rows (t)
%!   assert (any (strcmp (listed, t{k,1})), sprintf ("%s is not in docs/user-guide.md's table", t{k,1}));
%! endfor
