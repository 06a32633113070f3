## -*- texinfo -*-
## @deftypefn {dfg} {@var{b} =} logical (@var{m})
## The value of the logical tensor @var{m} where Octave needs one: in the
## condition of @code{if} and @code{while} and in the operands of
## @code{&&} and @code{||} (Octave calls this method there).
##
## At top level on a graph with no free inputs @var{b} is the evaluated
## logical array, so the branch is decided by the value.  Inside a trace
## (@code{dfg.jit}, the functional transforms, the bodies of loops and
## conditionals) or on a graph with free inputs the value is not known
## when the code runs, and @code{dfg:branchOnTensor} is raised; its message
## names the construct and the file and line.
##
## Octave calls the same method for an explicit @code{logical (@var{m})},
## which converts nothing (@var{m} is logical): where the caller's source
## line shows no @code{if}, @code{while}, @code{&&} or @code{||}, @var{m}
## itself is returned.  Where there is no source to read (the command line,
## an anonymous function whose trace contains @code{&&} or @code{||}) the
## error is raised.
## @seealso{dfg_logical, dfg.cond, dfg.while, dfg.fori, merge}
## @end deftypefn
function b = logical (m)
  if (dfg_mex ("tracing") == 0)
    try
      b = dfg_mex ("value", m.t);
      return;
    catch err
      if (! strcmp (err.identifier, "dfg:freeInput"))
        rethrow (err);
      endif
    end_try_catch
  endif
  octave_fn = octave_caller ();
  if (! isempty (octave_fn))
    ## one of Octave's own functions (fzero, quadgk, ...) branches on a
    ## value it computed from a tensor: it cannot be traced
    dfg.internal.untraceable (octave_fn, {});
  endif
  [branch, msg] = caller_construct ();
  if (! branch && m.depth < 8)
    ## An explicit conversion of a logical tensor: m itself.  Where the
    ## source line hides a branch (a string given to eval), Octave asks the
    ## returned tensor for its value again, and again: after a few rounds
    ## (no one writes logical (logical (...)) eight deep) it is a branch.
    b = m;
    b.depth = m.depth + 1;
    return;
  endif
  error ("dfg:branchOnTensor", "%s", msg);
endfunction

## The name of the Octave function (one of Octave's own m-files) that the
## user's code called and whose code asks for the value, or "".
function fn = octave_caller ()
  fn = "";
  s = dbstack ("-completenames");
  root = fullfile (OCTAVE_HOME (), "share", "octave");
  k = 3;                        # 1: this function, 2: logical, 3: the caller
  while (k <= numel (s) && strncmp (s(k).file, root, numel (root)))
    [~, fn] = fileparts (s(k).file);
    k++;
  endwhile
endfunction

## Whether the caller of logical is a branch (if, while, &&, ||), read from
## its source line; and the error's text naming it.
function [branch, msg] = caller_construct ()
  branch = true;
  where = "";
  what = "an if, while, && or || condition";
  s = dbstack ("-completenames");
  if (numel (s) >= 3)
    c = s(3);                   # 1: this function, 2: logical, 3: the caller
    where = sprintf (" at %s line %d", c.name, c.line);
    src = source_line (c.file, c.line);
    if (! isempty (src))
      if (! isempty (regexp (src, '(^|[,;])\s*(if|elseif)\>', "once")))
        what = "the condition of an 'if'";
      elseif (! isempty (regexp (src, '(^|[,;])\s*while\>', "once")))
        what = "the condition of a 'while'";
      elseif (has_shortcircuit (src))
        what = "an operand of '&&' or '||'";
      else
        branch = false;
      endif
    elseif (strncmp (c.name, "@<anonymous>", 12)
            && ! any (cellfun (@has_shortcircuit, dfg.internal.tracing ())))
      branch = false;           # an anonymous function cannot hold if or while
    endif
  endif
  msg = sprintf (["dfg: %s%s needs the value of a logical tensor, which is known only when the graph runs; ", ...
                  "put the choice in the graph: merge (mask, a, b) to select values, dfg.cond for branches, ", ...
                  "dfg.while or dfg.fori for loops"], what, where);
endfunction

function tf = has_shortcircuit (src)
  tf = ! isempty (strfind (src, "&&")) || ! isempty (strfind (src, "||"));
endfunction

function src = source_line (file, line)
  src = "";
  if (isempty (file) || ! exist (file, "file"))
    return;
  endif
  fid = fopen (file, "r");
  if (fid < 0)
    return;
  endif
  unwind_protect
    for k = 1:line
      src = fgetl (fid);
      if (! ischar (src))
        src = "";
        break;
      endif
    endfor
  unwind_protect_cleanup
    fclose (fid);
  end_unwind_protect
endfunction
