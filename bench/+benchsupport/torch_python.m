## -*- texinfo -*-
## @deftypefn {} {@var{cmd} =} benchsupport.torch_python ()
## The python interpreter that can import torch (Debian's python3-torch
## installs for /usr/bin/python3, which need not be the first python3 on
## the path), or "" when none can.  Never installs anything.
## @end deftypefn
function cmd = torch_python ()
  cmd = "";
  for c = {"/usr/bin/python3", "python3"}
    [st, ~] = system (sprintf ("%s -c 'import torch' 2>/dev/null", c{1}));
    if (st == 0)
      cmd = c{1};
      return;
    endif
  endfor
endfunction
