## -*- texinfo -*-
## @deftypefn {dfg} {@var{x} =} dfg.internal.untag (@var{x})
## @var{x} with every logical tensor (@code{dfg_logical}) replaced by the
## @code{dfg.Tensor} inside it; @var{x} is a value or a cell of values
## (nested cells too).
## dfg's functions call it on the tensors they hand to the MEX gateway,
## which cannot read old-style objects.  Internal.
## @end deftypefn
function x = untag (x)
  if (iscell (x))
    for k = 1:numel (x)
      if (iscell (x{k}))
        x{k} = dfg.internal.untag (x{k});
      elseif (strcmp (builtin ("class", x{k}), "dfg_logical"))
        x{k} = dfg_tensor (x{k});
      endif
    endfor
  elseif (strcmp (builtin ("class", x), "dfg_logical"))
    x = dfg_tensor (x);
  endif
endfunction

%!test
%! c = dfg.constant ([1 2 3]);
%! m = c > 1;
%! assert (strcmp (builtin ("class", dfg.internal.untag (m)), "dfg.Tensor"));
%! u = dfg.internal.untag ({m, 3, c});
%! assert (strcmp (builtin ("class", u{1}), "dfg.Tensor"));
%! assert (u{2}, 3);
%! assert (u{3}.id, c.id);
%! u = dfg.internal.untag ({{m}});
%! assert (strcmp (builtin ("class", u{1}{1}), "dfg.Tensor"));
