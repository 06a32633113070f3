## -*- texinfo -*-
## @deftypefn {bench} {} benchsupport.write_chain (@var{file}, @var{fname}, @var{nops})
## Writes @var{file}, an Octave function @code{s = @var{fname} (x1, x2, x3,
## x4)} of @var{nops} straight-line statements: the operations of
## benchsupport.scalar_chain unrolled, with no loop and no branch, which
## is plain Octave's fastest form of the chain.
## @end deftypefn
function write_chain (file, fname, nops)
  ops = benchsupport.chain_ops ();
  fid = fopen (file, "w");
  if (fid < 0)
    error ("benchsupport.write_chain: cannot write %s", file);
  endif
  unwind_protect
    fprintf (fid, "function s = %s (x1, x2, x3, x4)\n  s = x1;\n", fname);
    for k = 0:nops-1
      fprintf (fid, "  %s\n", ops{mod(k, numel (ops)) + 1});
    endfor
    fprintf (fid, "endfunction\n");
  unwind_protect_cleanup
    fclose (fid);
  end_unwind_protect
endfunction
