## bench_build_overhead -- what one graph-building call costs on top of a
## bare Octave classdef method call.
##
## Measured in the same run, interleaved round by round (bench_time), each
## as a loop of K calls in its own function (benchsupport.overhead_loop),
## net of the empty loop:
##   (i)   bare classdef method call: o + x on benchsupport.Echo, whose plus
##         returns its argument (the dispatch dfg's operators use); also
##         pass (o, x) and o.pass (x) for reference
##   (ii)  a trivial method that constructs and returns a new object of a
##         one-property handle class (benchsupport.Box): the floor for any
##         method that returns a new object; also benchsupport.Empty (no
##         property, no constructor) and benchsupport.BoxDel (argument
##         check and a delete method, like dfg.Tensor)
##   (iii) dfg's a + b on two dfg tensors (graph building: one MEX call and
##         wrapping the new id in a dfg.Tensor; the previous result is
##         released when overwritten, as in real code)
##   (iv)  a bare MEX call, dfg_mex ("size", t), for reference; also the
##         raw dfg_mex ("plus") + dfg_mex ("release") pair and the wrap
##         dfg.Tensor (dfg_mex ("plus", a, b)) without method dispatch
## Target: (iii)/(i) and (iii)/(ii) <= 1.2x.
##
## Runnable alone: octave bench/bench_build_overhead.m, or bench_build_overhead
## with bench/ on the path.  Leaves its ratios in bench_result.

if (! exist ("bench_setup", "file"))
  addpath (fileparts (mfilename ("fullpath")));
endif
bench_setup ();
bench_header ("bench_build_overhead: graph-building call vs bare classdef method call");

K = 2000;          # calls per timed loop
N = 21;            # timed loops per case (median reported)

echo_obj = benchsupport.Echo ();
box = benchsupport.Box (uint64 (1));
boxdel = benchsupport.BoxDel (uint64 (1));
empty_obj = benchsupport.Empty ();
ta = dfg.input ([1 1]);
tb = dfg.input ([1 1]);

cases = {
  # key        label                                                  kind         a          b
  "empty",   "loop overhead (r = b), subtracted from all below",     "empty",     echo_obj,  1
  "i",       "(i)    bare method call  o + x  (Echo, returns x)",    "op",        echo_obj,  1
  "i_fn",    "(i')   bare method call  pass (o, x)",                 "method",    echo_obj,  1
  "i_dot",   "(i'')  bare method call  o.pass (x)",                  "dotmethod", echo_obj,  1
  "ii0",     "(ii0)  new object, no property, no ctor  (Empty)",     "op",        empty_obj, empty_obj
  "ii",      "(ii)   new one-property object  a + b  (Box)",         "op",        box,       box
  "ii_del",  "(ii+)  same with isa check + delete  (BoxDel)",        "op",        boxdel,    boxdel
  "iii",     "(iii)  dfg  a + b  on two dfg.Tensor",                 "op",        ta,        tb
  "wrap",    "       dfg.Tensor (dfg_mex (""plus"", a, b)), no dispatch", "wrap", ta,        tb
  "mexplus", "       dfg_mex (""plus"") + dfg_mex (""release""), raw ids", "mex_plus", ta,    tb
  "iv",      "(iv)   bare MEX call  dfg_mex (""size"", t)",          "mex_size",  ta,        tb
};
nc = rows (cases);
fns = cell (1, nc);
for c = 1:nc
  fns{c} = @() benchsupport.overhead_loop (cases{c, 3}, K, cases{c, 4}, cases{c, 5});
endfor
[t, st] = bench_time (fns, N, 2);

us = @(x) x / K * 1e6;
loop_us = us (t(1));
net = struct ();
printf ("%d calls per loop, median of %d loops, net of the empty loop (%.3f us/iter)\n\n",
        K, N, loop_us);
printf ("  %-58s %9s %19s\n", "case", "us/call", "p25 .. p75");
for c = 1:nc
  key = cases{c, 1};
  v = us (t(c)) - loop_us * (c > 1);
  net.(key) = v;
  printf ("  %-58s %9.3f %8.3f .. %8.3f\n", cases{c, 2}, v,
          us (st(c).p25) - loop_us * (c > 1), us (st(c).p75) - loop_us * (c > 1));
endfor

printf ("\nBreakdown of (iii), per call (us):\n");
printf ("  method dispatch (i) %.2f + MEX plus/release %.2f + new Tensor incl. ctor check and delete %.2f\n",
        net.i, net.mexplus, net.iii - net.i - net.mexplus);
printf ("  new-object floor (ii) %.2f of which constructing an Empty (ii0) %.2f; a delete method adds %.2f (ii+ - ii)\n",
        net.ii, net.ii0, net.ii_del - net.ii);

printf ("\nRatios:\n");
bench_result.name = "bench_build_overhead";
bench_result.ratios = [
  benchsupport.ratio("(iii)/(i)  dfg a+b vs bare method call", net.iii / net.i, "<=", 1.2)
  benchsupport.ratio("(iii)/(ii) dfg a+b vs method returning new object", net.iii / net.ii, "<=", 1.2)
  benchsupport.ratio("(iii)/(ii+) vs new object with delete method", net.iii / net.ii_del)
  benchsupport.ratio("(iii)/(iv) dfg a+b vs bare MEX call", net.iii / net.iv)
];
bench_result.us = net;
printf ("\n");
