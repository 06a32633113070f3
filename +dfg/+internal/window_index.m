## -*- texinfo -*-
## @deftypefn {} {[@var{I}, @var{Ho}, @var{Wo}] =} dfg.internal.window_index (@var{H}, @var{W}, @var{k}, @var{s}, @var{p}, @var{d})
## Internal (dfg.nn.conv2d and the pooling layers): the sliding windows of
## an @var{H} x @var{W} image as linear indices.  @var{k} = [kh kw] is the
## window, @var{s} the stride, @var{p} = [top bottom left right] the
## padding, @var{d} the dilation.  @var{I} is (kh*kw) x (Ho*Wo): column
## i + Ho*(j-1) holds the window of output (i, j), window offsets (u, v)
## with u fastest; a position in the padding is 0.
## @end deftypefn
function [I, Ho, Wo] = window_index (H, W, k, s, p, d)
  Ho = floor ((H + p(1) + p(2) - d(1) * (k(1) - 1) - 1) / s(1)) + 1;
  Wo = floor ((W + p(3) + p(4) - d(2) * (k(2) - 1) - 1) / s(2)) + 1;
  if (Ho < 1 || Wo < 1)
    I = [];
    return;
  endif
  [u, v] = ndgrid (0:k(1)-1, 0:k(2)-1);          # window offsets
  [i, j] = ndgrid (0:Ho-1, 0:Wo-1);              # output positions
  r = u(:) * d(1) + i(:)' * s(1) + 1 - p(1);     # input rows, (kh*kw) x (Ho*Wo)
  q = v(:) * d(2) + j(:)' * s(2) + 1 - p(3);
  I = r + H * (q - 1);
  I(r < 1 | r > H | q < 1 | q > W) = 0;
endfunction
