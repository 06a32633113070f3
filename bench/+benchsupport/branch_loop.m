## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.branch_loop (@var{kind}, @var{k}, @var{a}, @var{b})
## Runs @var{k} iterations of one graph-building call of kind @var{kind}
## (see bench_branch), each overwriting the previous result so that its
## node is released in the loop, as in real code.  Kinds:
## @table @asis
## @item "empty"      @code{r = b;} (loop overhead)
## @item "plus"       @code{r = a + b;} (a numeric op on two dfg.Tensor)
## @item "gt"         @code{r = a > b;} (a comparison: a logical tensor)
## @item "gt_raw"     @code{r = dfg.Tensor (dfg_mex ("gt", a, b));} (the
##                    same without the logical-tensor wrapper)
## @item "and"        @code{r = a & b;} (two logical tensors)
## @item "times"      @code{r = a .* b;} (a logical tensor times a tensor)
## @item "reshape"    @code{r = reshape (a, [], 1);} (a class-preserving op)
## @item "size"       @code{r = size (a);}
## @end table
## @end deftypefn
function branch_loop (kind, k, a, b)
  switch (kind)
    case "empty"
      for i = 1:k
        r = b;
      endfor
    case "plus"
      for i = 1:k
        r = a + b;
      endfor
    case "gt"
      for i = 1:k
        r = a > b;
      endfor
    case "gt_raw"
      for i = 1:k
        r = dfg.Tensor (dfg_mex ("gt", a, b));
      endfor
    case "and"
      for i = 1:k
        r = a & b;
      endfor
    case "times"
      for i = 1:k
        r = a .* b;
      endfor
    case "reshape"
      for i = 1:k
        r = reshape (a, [], 1);
      endfor
    case "size"
      for i = 1:k
        r = size (a);
      endfor
    otherwise
      error ("branch_loop: unknown kind '%s'", kind);
  endswitch
endfunction
