## -*- texinfo -*-
## @deftypefn {bench} {@var{root} =} bench_setup ()
## Makes a benchmark script runnable on its own: puts the dfg repository
## root (the parent of bench/) on the path unless dfg is already reachable,
## checks that the MEX gateway is built, and returns the root.
## @end deftypefn
function root = bench_setup ()
  root = fileparts (fileparts (mfilename ("fullpath")));
  if (exist ("dfg_mex") != 3)
    if (! exist (fullfile (root, "dfg_mex.mex"), "file"))
      error ("bench: %s/dfg_mex.mex is missing; run make in %s first", root, root);
    endif
    addpath (root);
  endif
endfunction
