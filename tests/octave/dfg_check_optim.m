## -*- texinfo -*-
## @deftypefn {} {} dfg_check_optim (@var{kind}, @var{cases}, @var{ref})
## Check an optimiser of dfg.optim against its formulas: for each option
## list in @var{cases} and in double and single, three steps of
## @code{dfg.optim.@var{kind}} on a least-squares problem (one plan call
## each, the update in place) against the same steps written out in
## plain Octave by @var{ref}.
##
## @code{[w, S] = ref (w, g, S, h, t)} takes the parameter @var{w}, its
## gradient @var{g}, a state struct @var{S} (fields @code{s1}, @code{s2},
## zeros at first), the hyper-parameters @var{h} (@code{opt.hyper} with
## @code{lr}) and the step number @var{t} (from 1), and returns the new
## parameter and state.  Checks the parameter's class and value (1e-12
## double, 1e-4 single, relative), the losses, and the step count.
## @end deftypefn
function dfg_check_optim (kind, cases, ref)
  randn ("state", 5);
  A = randn (6, 3);  y = randn (6, 1);  w0 = randn (3, 1);
  for cl = {"double", "single"}
    tol = -1e-4 * strcmp (cl{1}, "single") - 1e-12;
    for c = 1:numel (cases)
      w = dfg.variable (cast (w0, cl{1}));
      loss = sum ((cast (A, cl{1}) * w - cast (y, cl{1})) .^ 2);
      opt = dfg.optim.(kind) (w, cases{c}{:});
      step = dfg.function ({}, {loss}, "updates", opt.updates (loss));
      h = opt.hyper;
      h.lr = dfg.value (opt.lr);
      wr = w0;
      S = struct ("s1", zeros (3, 1), "s2", zeros (3, 1));
      for t = 1:3
        L = step ();
        what = sprintf ("dfg.optim.%s (%s) in %s, step %d", kind, disp_opts (cases{c}), cl{1}, t);
        if (abs (L - sum ((A * wr - y) .^ 2)) > -tol * max (1, abs (L)))
          error ("dfg_check_optim: %s: loss %g, expected %g", what, L, sum ((A * wr - y) .^ 2));
        endif
        [wr, S] = ref (wr, 2 * A' * (A * wr - y), S, h, t);
      endfor
      got = dfg.value (w);
      if (! strcmp (class (got), cl{1}))
        error ("dfg_check_optim: %s: the parameter became %s", what, class (got));
      endif
      if (norm (double (got) - wr) > -tol * max (1, norm (wr)))
        error ("dfg_check_optim: %s: parameter %s, expected %s", what, mat2str (double (got'), 6), mat2str (wr', 6));
      endif
      if (dfg.value (opt.t) != 3)
        error ("dfg_check_optim: %s: step count %d, expected 3", what, dfg.value (opt.t));
      endif
    endfor
  endfor
endfunction

function s = disp_opts (c)
  s = "";
  for k = 1:2:numel (c)
    s = [s sprintf(" %s=%s", c{k}, num2str (c{k+1}))];
  endfor
  s = strtrim (s);
endfunction
