## -*- texinfo -*-
## @deftypefn  {bench} {} bench_header (@var{title})
## @deftypefnx {bench} {@var{m} =} bench_header (@var{title})
## Prints a benchmark header: @var{title} and the machine it runs on
## (nproc, CPU model and cache from /proc/cpuinfo, Octave version, BLAS,
## OMP_NUM_THREADS and the dfg commit).  Returns the machine description as
## a struct.
## @end deftypefn
function m = bench_header (title)
  m.nproc = nproc ();
  m.cpu = cpuinfo_field ("model name");
  m.cache = cpuinfo_field ("cache size");
  m.octave = version ();
  try
    m.blas = strtrim (version ("-blas"));
  catch
    m.blas = "unknown";
  end_try_catch
  m.omp = getenv ("OMP_NUM_THREADS");
  if (isempty (m.omp))
    m.omp = "(unset)";
  endif
  root = fileparts (fileparts (mfilename ("fullpath")));
  [st, rev] = system (sprintf ("git -C '%s' rev-parse --short HEAD 2>/dev/null", root));
  [~, dirty] = system (sprintf ("git -C '%s' status --porcelain -- lib kernels mex +dfg 2>/dev/null", root));
  m.commit = strtrim (rev);
  if (st != 0)
    m.commit = "unknown";
  elseif (! isempty (strtrim (dirty)))
    m.commit = [m.commit " (+ local changes)"];
  endif
  bar = repmat ("=", 1, 72);
  printf ("%s\n%s\n%s\n", bar, title, bar);
  printf ("machine : %d cores (nproc), %s, cache %s\n", m.nproc, m.cpu, m.cache);
  printf ("octave  : %s;  BLAS: %s\n", m.octave, m.blas);
  printf ("threads : OMP_NUM_THREADS=%s;  dfg commit %s;  %s\n", m.omp, m.commit,
          datestr (now (), "yyyy-mm-dd HH:MM"));
  printf ("%s\n", repmat ("-", 1, 72));
endfunction

function v = cpuinfo_field (name)
  v = "unknown";
  fid = fopen ("/proc/cpuinfo", "r");
  if (fid < 0)
    return;
  endif
  unwind_protect
    while (ischar (line = fgetl (fid)))
      if (strncmp (line, name, numel (name)))
        v = strtrim (line(index (line, ":") + 1:end));
        return;
      endif
    endwhile
  unwind_protect_cleanup
    fclose (fid);
  end_unwind_protect
endfunction
