## -*- texinfo -*-
## @deftypefn {dfg} {@var{ok} =} dfg.internal.figure_png (@var{draw}, @var{file})
## Draws into a figure off screen with @code{@var{draw} ()} and prints it to
## the PNG @var{file}; @var{ok} is false when no graphics toolkit could (the
## caller then draws a raster of its own).  The figure is closed either
## way.  Internal: dfg.train's plot, dfg.show's memory timeline.
## @end deftypefn
function ok = figure_png (draw, file)
  ok = false;
  ws = warning ("off", "Octave:gnuplot-graphics");
  restore = onCleanup (@() warning (ws));
  try
    h = figure ("visible", "off");
    unwind_protect
      draw ();
      print (h, file, "-dpng");
    unwind_protect_cleanup
      close (h);
    end_unwind_protect
    ok = exist (file, "file") == 2;
  catch
  end_try_catch
endfunction

%!test
%! f = [tempname(), ".png"];
%! ok = dfg.internal.figure_png (@() plot (1:3), f);
%! assert (ok, exist (f, "file") == 2);
%! if (ok)
%!   delete (f);
%! endif
