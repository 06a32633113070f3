## -*- texinfo -*-
## @deftypefn {dfg} {} dfg.internal.write_text (@var{file}, @var{text})
## Writes @var{text} to @var{file}, replacing it; a clear @code{dfg:io}
## error when the file cannot be written.  Internal.
## @end deftypefn
function write_text (file, text)
  [fid, msg] = fopen (file, "w");
  if (fid < 0)
    error ("dfg:io", "dfg: cannot write '%s': %s", file, msg);
  endif
  fputs (fid, text);
  fclose (fid);
endfunction
