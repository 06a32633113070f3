## -*- texinfo -*-
## @deftypefn {bench} {@var{r} =} benchsupport.ratio (@var{label}, @var{value}, @var{rel}, @var{target})
## Prints one ratio line and returns it as a struct (fields @code{label},
## @code{value}, @code{target}, @code{met}) for bench_all's summary.
## @var{rel} is @qcode{"<="} or @qcode{">="}; with an empty @var{rel} the
## ratio is informative only (@code{met} is NaN).
## @end deftypefn
function r = ratio (label, value, rel = "", target = NaN)
  r.label = label;
  r.value = value;
  if (isempty (rel))
    r.target = "";
    r.met = NaN;
    printf ("  %-52s %9.2fx\n", label, value);
  else
    r.target = sprintf ("%s %gx", rel, target);
    if (strcmp (rel, "<="))
      r.met = value <= target;
    else
      r.met = value >= target;
    endif
    verdict = {"NOT MET", "met"}{r.met + 1};
    printf ("  %-52s %9.2fx   (target %s: %s)\n", label, value, r.target, verdict);
  endif
endfunction
