## -*- texinfo -*-
## @deftypefn  {bench} {@var{t} =} bench_time (@var{fn})
## @deftypefnx {bench} {@var{t} =} bench_time (@var{fn}, @var{n})
## @deftypefnx {bench} {@var{t} =} bench_time (@var{fn}, @var{n}, @var{warm})
## @deftypefnx {bench} {[@var{t}, @var{s}] =} bench_time (@dots{})
## Median wall-clock time, in seconds, of calling @var{fn} with no arguments.
##
## @var{fn} is a function handle or a cell array of them.  Each is called
## @var{warm} times first (default 3) and then timed @var{n} times (default
## 21).  With several handles the timed calls are interleaved round by
## round (f1, f2, @dots{}, f1, f2, @dots{}), so that slow drifts of the
## machine (frequency, other processes) hit every candidate alike and their
## ratios stay meaningful.  @var{t} is a row of medians, one per handle.
##
## @var{s} is a struct array, one element per handle, with fields
## @code{median}, @code{min}, @code{p25}, @code{p75} (seconds) and
## @code{all} (the @var{n} times).  Times include the cost of calling the
## handle (a few microseconds): time a loop of many calls inside @var{fn}
## when one call is shorter than that.
## @end deftypefn
function [t, s] = bench_time (fn, n = 21, warm = 3)
  if (nargin < 1)
    print_usage ();
  endif
  if (is_function_handle (fn))
    fn = {fn};
  endif
  if (! iscell (fn) || ! all (cellfun (@is_function_handle, fn)))
    error ("bench_time: FN must be a function handle or a cell array of them");
  endif
  m = numel (fn);
  for k = 1:m
    for w = 1:warm
      fn{k} ();
    endfor
  endfor
  all_t = zeros (n, m);
  for r = 1:n
    for k = 1:m
      id = tic ();
      fn{k} ();
      all_t(r, k) = toc (id);
    endfor
  endfor
  t = median (all_t, 1);
  s = struct ("median", num2cell (t), "min", num2cell (min (all_t, [], 1)),
              "p25", num2cell (quantile_ (all_t, 0.25)),
              "p75", num2cell (quantile_ (all_t, 0.75)),
              "all", num2cell (all_t, 1));
endfunction

## Quantile by linear interpolation between order statistics (column-wise);
## avoids depending on the statistics package.
function q = quantile_ (x, p)
  x = sort (x, 1);
  n = rows (x);
  h = (n - 1) * p + 1;
  lo = floor (h);
  hi = min (lo + 1, n);
  q = x(lo, :) + (h - lo) * (x(hi, :) - x(lo, :));
endfunction

%!test
%! [t, s] = bench_time ({@() 1, @() sum (1:10)}, 5, 1);
%! assert (size (t), [1 2]);
%! assert (numel (s), 2);
%! assert (numel (s(1).all), 5);
%! assert (all (t >= 0));
%! assert (s(2).min <= s(2).median && s(2).median <= max (s(2).all));
%!error <FN must be> bench_time (3)
