## -*- texinfo -*-
## @deftypefn  {dfg} {@var{hist} =} dfg.train (@var{step}, @var{X}, @var{Y})
## @deftypefnx {dfg} {@var{hist} =} dfg.train (@dots{}, @var{name}, @var{value}, @dots{})
## Trains with mini-batches: calls @code{@var{L} = @var{step} (@var{Xb},
## @var{Yb})} for every batch of every epoch and reports the progress.
##
## @var{step} is a compiled training step (a @code{dfg.function} whose
## updates change the parameters, e.g. built with
## @code{opt.updates (loss)}) or any function handle returning the batch's
## loss.  Observations run along the last dimension of @var{X} (64 x N,
## or H x W x C x N for images) and of @var{Y} (1 x N class indices, or
## C x N targets); batches take all the other dimensions.
##
## Options:
## @table @asis
## @item "epochs"
## the number of passes over the data (default 10);
## @item "batch_size"
## observations per step (default 64).  The last partial batch of an
## epoch is a step of its own when @var{step} is a @code{dfg.function}
## plan whose inputs have a symbolic batch size (@code{dfg.input ([3
## NaN])}, docs/symbolic.md) and it holds at least 2 observations;
## else it is left out (another one each epoch when shuffling), as a plan
## of one batch size cannot take it;
## @item "shuffle", "seed"
## shuffle the observations each epoch (default true) with Octave's
## @code{randperm} from the state @var{seed} (default 0); the caller's
## random state is left as it was;
## @item "validate"
## a function handle called after each epoch that returns a score (e.g.
## the accuracy of a prediction plan built in inference mode, so that
## dropout and batch normalisation behave as at test time);
## @item "on_epoch"
## a function handle @code{f (epoch)} called before each epoch (e.g. a
## learning-rate schedule: @code{@@(e) dfg.assign (opt.lr, 0.1 * 0.9 ^ e)});
## @item "verbose"
## print a line per epoch (default true): loss, score, time, samples/s;
## @item "plot"
## a file name: the loss per epoch (and the score) saved there as a PNG
## image at the end (headless: Octave's gnuplot toolkit off screen, or, if
## no toolkit can draw, a plain raster of the curve through
## @code{imwrite}).
## @end table
##
## @var{hist} is a struct of rows, one element per epoch: @code{epoch},
## @code{loss} (the mean of the epoch's batch losses, each weighted by its
## batch's size), @code{score} (NaN
## without @qcode{"validate"}), @code{seconds}, @code{samples_per_s}.
## @seealso{dfg.function, dfg.optim.adam, dfg.nn.cross_entropy}
## @end deftypefn
function hist = train (step, X, Y, varargin)
  if (nargin < 3)
    print_usage ();
  endif
  if (! is_function_handle (step))
    error ("dfg:badArgument", "dfg.train: STEP (argument 1) must be a function handle (a dfg.function plan)");
  endif
  o = struct ("epochs", 10, "batch_size", 64, "shuffle", true, "seed", 0, "validate", [],
              "on_epoch", [], "verbose", true, "plot", "");
  if (mod (numel (varargin), 2))
    error ("dfg:badArgument", "dfg.train: options come in name/value pairs");
  endif
  for k = 1:2:numel (varargin)
    name = varargin{k};  v = varargin{k+1};
    if (! ischar (name) || ! isfield (o, lower (name)))
      error ("dfg:badArgument", "dfg.train: unknown option '%s' (%s)", dfg.internal.option_name (name), strjoin (fieldnames (o)', ", "));
    endif
    name = lower (name);
    switch (name)
      case {"epochs", "batch_size"}
        if (! (isnumeric (v) && isscalar (v) && isfinite (v) && v >= 1 && v == fix (v)))
          error ("dfg:badArgument", "dfg.train: \"%s\" must be a positive integer", name);
        endif
        v = double (v);
      case "seed"
        ## rand ("state", s) uses 32 bits of s: larger seeds would collide
        if (! (isnumeric (v) && isscalar (v) && v >= 0 && v == fix (v) && v < 2^32))
          error ("dfg:badArgument", "dfg.train: \"seed\" must be an integer from 0 to 2^32-1");
        endif
      case {"shuffle", "verbose"}
        if (! (isscalar (v) && (islogical (v) || isnumeric (v))))
          error ("dfg:badArgument", "dfg.train: \"%s\" must be true or false", name);
        endif
        v = logical (v);
      case {"validate", "on_epoch"}
        if (! is_function_handle (v))
          error ("dfg:badArgument", "dfg.train: \"%s\" must be a function handle", name);
        endif
      case "plot"
        if (! ischar (v))
          error ("dfg:badArgument", "dfg.train: \"plot\" must be a file name");
        endif
    endswitch
    o.(name) = v;
  endfor
  N = size (X, ndims (X));
  if (size (Y, ndims (Y)) != N && ! (isvector (Y) && numel (Y) == N))
    error ("dfg:nonconformant", "dfg.train: X has %d observations (its last dimension), Y %d", N, size (Y, ndims (Y)));
  endif
  B = o.batch_size;
  nb = floor (N / B);
  if (nb < 1)
    error ("dfg:badArgument", "dfg.train: batch_size %d is larger than the %d observations", B, N);
  endif
  partial = N - nb * B;
  if (partial < 2 || ! any_batch (step))
    partial = 0;
  endif
  cx = repmat ({':'}, 1, ndims (X) - 1);
  if (isvector (Y))
    Y = reshape (Y, 1, N);
  endif
  cy = repmat ({':'}, 1, ndims (Y) - 1);
  ## the shuffles' own random state, the caller's kept
  saved = rand ("state");
  rand ("state", o.seed);
  mine = rand ("state");
  rand ("state", saved);
  hist = struct ("epoch", {}, "loss", {}, "score", {}, "seconds", {}, "samples_per_s", {});
  for epoch = 1:o.epochs
    if (! isempty (o.on_epoch))
      o.on_epoch (epoch);
    endif
    order = 1:N;
    if (o.shuffle)
      saved = rand ("state");
      rand ("state", mine);
      order = randperm (N);
      mine = rand ("state");
      rand ("state", saved);
    endif
    t0 = tic ();
    L = 0;
    for k = 1:nb + (partial > 0)
      idx = order((k-1)*B+1:min (k*B, nb*B + partial));
      l = step (X(cx{:}, idx), Y(cy{:}, idx));
      L += double (l) * numel (idx);
    endfor
    L /= nb * B + partial;
    dt = toc (t0);
    score = NaN;
    if (! isempty (o.validate))
      score = double (o.validate ());
    endif
    hist(epoch) = struct ("epoch", epoch, "loss", L, "score", score, "seconds", dt,
                          "samples_per_s", (nb * B + partial) / dt);
    if (o.verbose)
      line = sprintf ("epoch %3d/%d  loss %.4f", epoch, o.epochs, L);
      if (! isnan (score))
        line = [line sprintf("  score %.4f", score)];
      endif
      printf ("%s  %.3f s  %.0f samples/s\n", line, dt, (nb * B + partial) / dt);
      fflush (stdout);
    endif
  endfor
  if (! isempty (o.plot))
    try
      plot_history (hist, o.plot);
    catch err
      ## the history is the result: a failed picture only warns
      warning ("dfg:train", "dfg.train: could not write the plot '%s': %s", o.plot, err.message);
    end_try_catch
  endif
endfunction

## Whether STEP is a dfg.function plan whose first two inputs (the batch
## of X and of Y) have a symbolic size: it takes a batch of any size >= 2.
function b = any_batch (step)
  b = false;
  try
    ids = dfg.internal.plan_ids (step, "train");
  catch
    return;
  end_try_catch
  if (numel (ids) == 1)
    info = dfg_mex ("plan_info", ids{1});
    b = numel (info.inputs) >= 2 && any (isnan (info.inputs{1})) && any (isnan (info.inputs{2}));
  endif
endfunction

## The loss (and score) per epoch as a PNG: a figure off screen when a
## graphics toolkit can draw one, else a raster of the curves.
function plot_history (hist, file)
  e = [hist.epoch];  l = [hist.loss];  s = [hist.score];
  if (dfg.internal.figure_png (@() draw_history (e, l, s), file))
    return;
  endif
  ## no toolkit: a 480 x 640 white image, the loss in blue, the score in
  ## red, each scaled to the plot's height, axes in black
  H = 480;  W = 640;  m = 40;
  img = 255 * ones (H, W, 3, "uint8");
  img(m:H-m, m, :) = 0;  img(H-m, m:W-m, :) = 0;
  curves = {l, [0 0 255]; s, [255 0 0]};
  for c = 1:2
    y = curves{c, 1};
    if (all (isnan (y)))
      continue;
    endif
    lo = min (y);  hi = max (y);
    if (hi == lo), hi = lo + 1; endif
    xs = m + (W - 2 * m) * (e - e(1)) / max (e(end) - e(1), 1);
    ys = (H - m) - (H - 2 * m) * (y - lo) / (hi - lo);
    if (numel (xs) == 1)           # one epoch: a short mark at its value
      xs = xs + [-3 3];  ys = ys([1 1]);
    endif
    t = linspace (0, 1, 2000);
    px = interp1 (1:numel (xs), xs, 1 + t * (numel (xs) - 1));
    py = interp1 (1:numel (ys), ys, 1 + t * (numel (ys) - 1));
    ok = isfinite (px) & isfinite (py);
    r = round (py(ok));  q = round (px(ok));
    for ch = 1:3
      idx = sub2ind ([H W 3], r, q, ch * ones (size (r)));
      img(idx) = curves{c, 2}(ch);
    endfor
  endfor
  imwrite (img, file);
endfunction

function draw_history (e, l, s)
  if (all (isnan (s)))
    plot (e, l, "-o");
    ylabel ("loss");
  else
    [ax, ~, ~] = plotyy (e, l, e, s);
    ylabel (ax(1), "loss");  ylabel (ax(2), "score");
  endif
  xlabel ("epoch");
  title ("dfg.train");
endfunction

%!test
%! ## a least-squares fit: losses fall, the history has a row per epoch
%! randn ("state", 1);
%! A = randn (3, 200);  t = [1 -2 0.5] * A + 0.01 * randn (1, 200);
%! w = dfg.variable (zeros (1, 3));
%! x = dfg.input ([3 20]);  y = dfg.input ([1 20]);
%! loss = dfg.nn.mse (w * x, y);
%! opt = dfg.optim.sgd (w, "lr", 0.1);
%! step = dfg.function ({x, y}, {loss}, "updates", opt.updates (loss));
%! state = rand ("state");
%! h = dfg.train (step, A, t, "epochs", 8, "batch_size", 20, "verbose", false,
%!                "validate", @() norm (dfg.value (w) - [1 -2 0.5]));
%! assert (isequal (rand ("state"), state));        # the caller's state kept
%! assert (numel (h), 8);
%! assert ([h.epoch], 1:8);
%! assert (h(end).loss < h(1).loss / 10);
%! assert (h(end).score < 0.05);
%! assert (dfg.value (opt.t), 80);
%! ## the same seed: the same run
%! dfg.assign (w, zeros (1, 3));
%! h2 = dfg.train (step, A, t, "epochs", 8, "batch_size", 20, "verbose", false);
%! assert ([h2.loss], [h.loss]);
%!test
%! ## a PNG of the losses, and the progress lines
%! w = dfg.variable (0);
%! x = dfg.input ([1 4]);  y = dfg.input ([1 4]);
%! loss = dfg.nn.mse (w * x, y);
%! opt = dfg.optim.sgd (w, "lr", 0.1);
%! step = dfg.function ({x, y}, {loss}, "updates", opt.updates (loss));
%! f = [tempname() ".png"];
%! unwind_protect
%!   out = evalc ("dfg.train (step, 1:8, 2 * (1:8), 'epochs', 3, 'batch_size', 4, 'plot', f);");
%!   assert (numel (strfind (out, "loss")), 3);
%!   assert (! isempty (strfind (out, "samples/s")));
%!   img = imread (f);
%!   assert (ndims (img) >= 2 && rows (img) > 100);
%! unwind_protect_cleanup
%!   if (exist (f, "file"))
%!     unlink (f);
%!   endif
%! end_unwind_protect
%!error <"seed" must be an integer from 0 to 2\^32-1> dfg.train (@(a, b) 0, ones (2, 5), ones (1, 5), "seed", 2^32)
%!error <"epochs" must be a positive integer> dfg.train (@(a, b) 0, ones (2, 5), ones (1, 5), "epochs", Inf)
%!error <batch_size 10 is larger> dfg.train (@(a, b) 0, ones (2, 5), ones (1, 5), "batch_size", 10)
%!error <X has 5 observations> dfg.train (@(a, b) 0, ones (2, 5), ones (1, 4))
%!error <unknown option 'epoch'> dfg.train (@(a, b) 0, ones (2, 5), ones (1, 5), "epoch", 1)
%!error <STEP \(argument 1\)> dfg.train (1, ones (2, 5), ones (1, 5))
