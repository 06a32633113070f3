## -*- texinfo -*-
## @deftypefn  {dfg} {} dfg.show (@var{y}, @var{file})
## @deftypefnx {dfg} {} dfg.show (@var{f}, @var{file})
## @deftypefnx {dfg} {} dfg.show (@var{dot_text}, @var{file})
## @deftypefnx {dfg} {} dfg.show (@var{m}, @var{file})
## Draws a picture into @var{file}, a PNG or an SVG by its extension.
##
## A tensor, a cell array of tensors, or a plan (@var{f}, made by
## @code{dfg.function}) is drawn as @code{dfg.dot} writes it; DOT text is
## drawn as it is.  These need Graphviz's @command{dot} (Debian:
## @code{apt-get install graphviz}); without it @code{dfg.show} raises
## @code{dfg:noGraphviz} saying so (@code{dfg.dot} still writes the text).
##
## @var{m}, a memory report (@code{dfg.memory (f)}), is drawn as a memory
## timeline without any external program (PNG only): one rectangle per
## intermediate buffer, from the first step that writes it to the last
## that reads it (x, the plan's steps) and over the bytes it takes in the
## arena (y); buffers reused in place share a colour with the buffer they
## reuse.
##
## @example
## f = dfg.function (@{x@}, @{dfg.grad(loss, x)@});
## dfg.show (f, "plan.svg");
## dfg.show (dfg.memory (f), "memory.png");
## @end example
## @seealso{dfg.dot, dfg.memory, dfg.explain}
## @end deftypefn
function show (y, file)
  if (nargin != 2)
    print_usage ();
  endif
  if (! ischar (file) || isempty (file))
    error ("dfg:badArgument", "dfg.show: FILE must be a file name ending in .png or .svg");
  endif
  [~, ~, ext] = fileparts (file);
  ext = lower (ext);
  if (isstruct (y) && isfield (y, "buffers") && isfield (y, "arena_bytes"))
    if (! strcmp (ext, ".png"))
      error ("dfg:badArgument", "dfg.show: a memory timeline is drawn as a PNG, not '%s'", ext);
    endif
    memory_png (y, file);
    return;
  endif
  if (! any (strcmp (ext, {".png", ".svg"})))
    error ("dfg:badArgument", "dfg.show: FILE must end in .png or .svg, not '%s'", file);
  endif
  if (ischar (y))
    txt = y;
  else
    txt = dfg.dot (y);
  endif
  [st, ~] = system ("command -v dot >/dev/null 2>&1");
  if (st != 0)
    error ("dfg:noGraphviz", "dfg.show: Graphviz's dot is not installed (Debian: apt-get install graphviz); dfg.dot (Y, FILE) writes the DOT text");
  endif
  src = [tempname(), ".dot"];
  fid = fopen (src, "w");
  fputs (fid, txt);
  fclose (fid);
  q = @(f) ["'", strrep(f, "'", "'\\''"), "'"];     # a shell word, quotes escaped
  unwind_protect
    [st, out] = system (sprintf ("dot -T%s -o %s %s 2>&1", ext(2:end), q (file), q (src)));
  unwind_protect_cleanup
    delete (src);
  end_unwind_protect
  if (st != 0)
    error ("dfg:io", "dfg.show: dot failed: %s", strtrim (out));
  endif
endfunction

## The memory timeline: a figure off screen (axes labelled) when a
## graphics toolkit can draw one, else a raster of the same rectangles.
function memory_png (m, file)
  if (! dfg.internal.figure_png (@() draw_memory (m), file))
    memory_raster (m, file);
  endif
endfunction

function draw_memory (m)
  b = m.buffers;
  hold on;
  pal = [0.12 0.47 0.71; 1 0.5 0.05; 0.17 0.63 0.17; 0.84 0.15 0.16; 0.58 0.4 0.74;
         0.55 0.34 0.29; 0.89 0.47 0.76; 0.5 0.5 0.5; 0.74 0.74 0.13; 0.09 0.75 0.81];
  for k = 1:numel (b)
    x = [b(k).first, b(k).last + 1];
    y = [b(k).offset, b(k).offset + b(k).bytes] / 1024;
    patch (x([1 2 2 1]), y([1 1 2 2]), pal(mod (k - 1, rows (pal)) + 1, :), "edgecolor", "k");
  endfor
  xlabel ("step of the plan");
  ylabel ("offset in the arena (KiB)");
  title (sprintf ("arena %.1f KiB, lower bound %.1f KiB, naive %.1f KiB",
                  m.arena_bytes / 1024, m.lower_bound / 1024, m.naive_bytes / 1024));
endfunction

## 900 x 520 pixels, white, a frame, one filled rectangle per buffer
## (outlined in black), bytes up, steps right.
function memory_raster (m, file)
  b = m.buffers;
  H = 520;  W = 900;  ml = 60;  mr = 20;  mt = 20;  mb = 40;
  img = 255 * ones (H, W, 3, "uint8");
  steps = max ([1, [b.last]]);
  top = max ([1, m.arena_bytes]);
  pal = uint8 ([ 31 119 180; 255 127  14;  44 160  44; 214  39  40; 148 103 189;
                140  86  75; 227 119 194; 127 127 127; 188 189  34;  23 190 207]);
  xs = @(s) round (ml + (W - ml - mr) * (s - 1) / max (steps, 1));
  ys = @(v) round ((H - mb) - (H - mt - mb) * v / top);
  root = 1:numel (b);
  for k = 1:numel (b)
    r = k;
    while (b(r).shares > 0 && b(r).shares != r)
      r = b(r).shares;
    endwhile
    root(k) = r;
  endfor
  for k = 1:numel (b)
    x0 = xs (b(k).first);  x1 = max (xs (b(k).last + 1) - 1, x0 + 1);
    y1 = ys (b(k).offset);  y0 = min (ys (b(k).offset + b(k).bytes), y1 - 1);
    x0 = max (x0, 1);  x1 = min (x1, W);  y0 = max (y0, 1);  y1 = min (y1, H);
    c = pal(mod (root(k) - 1, rows (pal)) + 1, :);
    for ch = 1:3
      img(y0:y1, x0:x1, ch) = c(ch);
    endfor
    img([y0 y1], x0:x1, :) = 0;
    img(y0:y1, [x0 x1], :) = 0;
  endfor
  img(mt:H-mb, ml, :) = 0;            # axes: bytes up, steps right
  img(H-mb, ml:W-mr, :) = 0;
  imwrite (img, file);
endfunction

%!test
%! x = dfg.input ([64 64]);
%! y = tanh (tanh (x * x) * x);
%! f = dfg.function ({x}, {dfg.grad(sum (y(:)), x)});
%! t = [tempname(), ".png"];
%! dfg.show (dfg.memory (f), t);
%! img = imread (t);
%! assert (ndims (img), 3);
%! assert (any (img(:) != 255));
%! delete (t);
%!test
%! [st, ~] = system ("command -v dot >/dev/null 2>&1");
%! x = dfg.input ([1 1], "double", "x");
%! t = [tempname(), ".svg"];
%! if (st == 0)
%!   dfg.show (exp (x) .* x, t);
%!   assert (! isempty (strfind (fileread (t), "<svg")));
%!   delete (t);
%! else
%!   fail ("dfg.show (exp (x) .* x, t)", "Graphviz's dot is not installed");
%! endif
%!test
%! ## a file name with a quote is a file name, not shell syntax
%! [st, ~] = system ("command -v dot >/dev/null 2>&1");
%! if (st == 0)
%!   d = tempname ();
%!   mkdir (d);
%!   f = fullfile (d, "it's; touch x.svg");
%!   dfg.show (dfg.input ([1 1]) + 1, f);
%!   assert (exist (f, "file") == 2);
%!   assert (! exist (fullfile (d, "x.svg"), "file"));
%!   confirm_recursive_rmdir (false, "local");
%!   rmdir (d, "s");
%! endif
%!error <FILE must end in .png or .svg> dfg.show (dfg.input ([1 1]), "a.pdf")
%!error <drawn as a PNG> x = dfg.input ([2 2]); dfg.show (dfg.memory (dfg.function ({x}, {x * x})), "m.svg")
