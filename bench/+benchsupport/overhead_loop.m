## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.overhead_loop (@var{kind}, @var{k}, @var{a}, @var{b})
## Runs @var{k} iterations of one call of kind @var{kind} on @var{a} and
## @var{b} (see bench_build_overhead), in a loop of its own per kind so
## that no dispatch sits inside the timed loop.  Each iteration overwrites
## the previous result, so objects made by the previous iteration are
## destroyed in the loop, as in real code.  Kinds:
## @table @asis
## @item "empty"       @code{r = b;} (loop overhead)
## @item "op"          @code{r = a + b;} (operator dispatch to a method)
## @item "method"      @code{r = pass (a, b);} (function-syntax method call)
## @item "dotmethod"   @code{r = a.pass (b);}
## @item "mex_size"    @code{r = dfg_mex ("size", a);}
## @item "mex_plus"    @code{r = dfg_mex ("plus", a, b); dfg_mex ("release", r);}
## @item "wrap"        @code{r = dfg.Tensor (dfg_mex ("plus", a, b));}
## @end table
## @end deftypefn
function overhead_loop (kind, k, a, b)
  switch (kind)
    case "empty"
      for i = 1:k
        r = b;
      endfor
    case "op"
      for i = 1:k
        r = a + b;
      endfor
    case "method"
      for i = 1:k
        r = pass (a, b);
      endfor
    case "dotmethod"
      for i = 1:k
        r = a.pass (b);
      endfor
    case "mex_size"
      for i = 1:k
        r = dfg_mex ("size", a);
      endfor
    case "mex_plus"
      for i = 1:k
        r = dfg_mex ("plus", a, b);
        dfg_mex ("release", r);
      endfor
    case "wrap"
      for i = 1:k
        r = dfg.Tensor (dfg_mex ("plus", a, b));
      endfor
    otherwise
      error ("benchsupport.overhead_loop: unknown KIND '%s'", kind);
  endswitch
endfunction
