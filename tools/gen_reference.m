## -*- texinfo -*-
## @deftypefn  {} {} gen_reference ()
## @deftypefnx {} {} gen_reference (@var{root})
## @deftypefnx {} {} gen_reference (@var{root}, @var{outdir})
## @deftypefnx {} {[@var{names}, @var{problems}] =} gen_reference (@dots{})
## Writes the function reference of dfg, one Markdown page per public
## function, converted from its texinfo help, and an index.
##
## @var{root} is the repository root (default: the parent of the folder
## holding this file); @var{outdir} the folder written (default
## @file{@var{root}/docs/reference}).  The public functions are the .m
## files directly in +dfg, +dfg/+nn and +dfg/+optim (dfg.NAME,
## dfg.nn.NAME, dfg.optim.NAME; +dfg/+internal is private; Contents.m is
## the overview @code{help dfg.Contents} prints), those named like built-ins
## in folders of their own (+dfg/@@zeros/zeros.m is dfg.zeros), the classdef
## dfg.Tensor, and dfg.while (+dfg/while.m holds its help only: the MEX
## file +dfg/while.mex runs, since @code{while} is a keyword).  Each
## gets @file{@var{outdir}/@var{name}.md}; @file{@var{outdir}/README.md}
## lists them by package with the first sentence of each help text.
## Pages of functions that no longer exist are deleted.  The output only
## depends on the help texts, so regenerating gives identical files
## (tests/octave/test_reference.m checks that the committed pages are
## current).
##
## @var{names} lists the functions documented; @var{problems} has the
## fields @code{no_texinfo} (files without a texinfo help block, shown
## as plain text) and @code{unknown} (texinfo the converter could not
## convert: unknown commands, braces not written @@@{ @@@}, as
## @qcode{"file: what"}); both are also reported as warnings.
##
## From the repository root:
## @example
## octave-cli --no-gui -q --eval "addpath ('tools'); gen_reference ()"
## @end example
## @end deftypefn

function [names, problems] = gen_reference (root, outdir)
  if (nargin < 1 || isempty (root))
    root = fileparts (fileparts (mfilename ("fullpath")));
  endif
  if (nargin < 2 || isempty (outdir))
    outdir = fullfile (root, "docs", "reference");
  endif
  fns = public_functions (root);
  names = {fns.name};
  problems = struct ("no_texinfo", {{}}, "unknown", {{}});
  if (! isfolder (outdir))
    [ok, msg] = mkdir (outdir);
    if (! ok)
      error ("gen_reference: cannot create %s: %s", outdir, msg);
    endif
  endif

  summaries = cell (size (names));
  for k = 1:numel (fns)
    f = fns(k);
    [lines, is_tex] = help_block (fullfile (root, f.file));
    if (! is_tex)
      problems.no_texinfo{end+1} = f.file;
      warning ("gen_reference:noTexinfo", "gen_reference: %s has no texinfo help", f.file);
    endif
    d = texinfo_to_md (lines, is_tex, names);
    for u = unique (d.unknown(:)')
      problems.unknown{end+1} = sprintf ("%s: %s", f.file, u{1});
      warning ("gen_reference:unknown", "gen_reference: %s: texinfo not converted: %s", f.file, u{1});
    endfor
    summaries{k} = d.summary;
    write_text (fullfile (outdir, [f.name ".md"]), page_text (f, d));
  endfor

  ## pages of functions that are gone
  old = dir (fullfile (outdir, "dfg*.md"));
  for k = 1:numel (old)
    if (! any (strcmp ([names "README"], old(k).name(1:end-3))))
      delete (fullfile (outdir, old(k).name));
    endif
  endfor

  write_text (fullfile (outdir, "README.md"), index_text (fns, summaries));
endfunction

## The public functions: struct array with fields name (dfg.nn.linear),
## pkg (dfg.nn), file (path relative to root, "/"-separated) and alias
## (true for dfg.while, a MEX file beside its help-only .m file), by
## package, then by name.
function fns = public_functions (root)
  fns = struct ("name", {}, "pkg", {}, "file", {}, "alias", {});
  sub = {"+dfg", "dfg"; "+dfg/+nn", "dfg.nn"; "+dfg/+optim", "dfg.optim"};
  for p = 1:rows (sub)
    d = dir (fullfile (root, sub{p,1}, "*.m"));
    d = d(! [d.isdir]);
    base = regexprep ({d.name}, '\.m$', "");
    files = strcat ([sub{p,1} "/"], base, ".m");
    ## functions named like Octave built-ins: +dfg/@zeros/zeros.m is dfg.zeros
    at = dir (fullfile (root, sub{p,1}, "@*"));
    for k = 1:numel (at)
      b = at(k).name(2:end);
      if (at(k).isdir && isfile (fullfile (root, sub{p,1}, at(k).name, [b ".m"])))
        base{end+1} = b;
        files{end+1} = [sub{p,1} "/" at(k).name "/" b ".m"];
      endif
    endfor
    keep = ! strcmp (base, "Contents");   # the package's overview
    base = base(keep);
    files = files(keep);
    [~, order] = sort (lower (base));
    for k = order
      fns(end+1) = struct ("name", [sub{p,2} "." base{k}], "pkg", sub{p,2}, ...
                           "file", files{k}, "alias", p == 1 && strcmp (base{k}, "while"));
    endfor
  endfor
endfunction

## The help text of a .m file, as Octave finds it: the first comment block,
## before the function (or classdef) line or right after it, skipping a
## copyright notice.  Comment markers and one space after them removed.
function [lines, is_tex] = help_block (file)
  src = strsplit (strrep (fileread (file), "\r", ""), "\n", "collapsedelimiters", false);
  iscom = ! cellfun (@isempty, regexp (src, '^\s*[#%]', "once"));
  blank = cellfun (@isempty, regexp (src, '\S', "once"));
  n = numel (src);
  lines = {};
  is_tex = false;
  i = find (! blank, 1);
  if (isempty (i))
    return;
  endif
  if (! iscom(i))
    i += 1;
    if (i > n || ! iscom(i))
      return;
    endif
  endif
  j = i;
  while (j <= n && iscom(j))
    j += 1;
  endwhile
  lines = regexprep (src(i:j-1), '^\s*[#%]+ ?', "", "once");
  if (! isempty (regexp (strjoin (lines, " "), '^\s*Copyright', "once")))
    while (j <= n && blank(j))
      j += 1;
    endwhile
    i = j;
    while (j <= n && iscom(j))
      j += 1;
    endwhile
    lines = regexprep (src(i:j-1), '^\s*[#%]+ ?', "", "once");
  endif
  tex = ! cellfun (@isempty, regexp (lines, '-\*-\s*texinfo\s*-\*-', "once"));
  is_tex = any (tex);
  lines(tex) = [];
endfunction

## ---- texinfo -> Markdown ---------------------------------------------------

## d.forms: the call forms of the @deftypefn lines; d.body: Markdown lines;
## d.seealso: the "See also" line or ""; d.summary: the first sentence;
## d.unknown: texinfo commands not converted.
function d = texinfo_to_md (lines, is_tex, names)
  st = struct ("out", {{}}, "para", {{}}, "forms", {{}}, "seealso", "", ...
               "first", "", "unknown", {{}}, "names", {names});
  st.stack = struct ("kind", {}, "fmt", {}, "marker", {}, "delim", {}, "parent", {}, ...
                     "content", {}, "label", {}, "pending", {}, "count", {});
  st.closed = struct ("at", -1, "parent", "", "delim", "");   # the list that ended last
  if (! is_tex)
    ## plain help: shown as it is
    while (! isempty (lines) && isempty (strtrim (lines{end})))
      lines(end) = [];
    endwhile
    if (isempty (lines))
      st.out = {"*No help text.*"};
    else
      st.out = [{"```text"}, lines, {"```"}];
      st.first = strtrim (lines{find (! cellfun (@isempty, strtrim (lines)), 1)});
    endif
    d = finish (st);
    return;
  endif

  n = numel (lines);
  i = 1;
  while (i <= n)
    line = lines{i};
    t = strtrim (line);
    i += 1;
    cmd = regexp (t, '^@([a-zA-Z]+)(?=\s|$)', "tokens", "once");
    if (isempty (cmd))
      cmd = "";
    else
      cmd = cmd{1};
    endif
    rest = strtrim (regexprep (t, '^@[a-zA-Z]+', "", "once"));

    if (isempty (t))
      st = flush_para (st);
    elseif (any (strcmp (cmd, {"c", "comment", "cindex", "findex", "vindex", ...
                               "kindex", "pindex", "tindex", "anchor", "node", ...
                               "group", "noindent", "need", "page", ...
                               "ifnottex", "ifinfo", "ifplaintext", "quotation"})))
      ## dropped; conditionals kept for Info are kept here too
    elseif (strcmp (cmd, "sp"))
      st = flush_para (st);
    elseif (any (strcmp (cmd, {"deftypefn", "deftypefnx", "deffn", "deffnx"})))
      st = flush_para (st);
      [form, st.unknown] = def_form (rest, st.unknown);
      st.forms{end+1} = form;
    elseif (strncmp (t, "@seealso", 8) && (numel (t) == 8 || any (t(9) == " {")))
      st = flush_para (st);
      while (sum (t == "{") - numel (strfind (t, "@{")) ...
             > sum (t == "}") - numel (strfind (t, "@}")) && i <= n)
        t = [t " " strtrim(lines{i})];
        i += 1;
      endwhile
      st = see_also (st, t);
    elseif (any (strcmp (cmd, {"example", "smallexample", "lisp", "display", ...
                               "smalldisplay", "format", "smallformat", "verbatim"})))
      st = flush_para (st);
      body = {};
      while (i <= n && isempty (regexp (lines{i}, ['^\s*@end\s+' cmd '\s*$'], "once")))
        body{end+1} = lines{i};
        i += 1;
      endwhile
      if (i > n)
        st.unknown{end+1} = ["@" cmd " without @end " cmd];
      endif
      i += 1;
      st = emit_code (st, body, ! strcmp (cmd, "verbatim"));
    elseif (any (strcmp (cmd, {"tex", "iftex", "ifhtml", "html", "iflatex", ...
                               "latex", "ifdocbook", "docbook", "ifxml", "xml"})))
      ## output for other formats: skipped
      while (i <= n && isempty (regexp (lines{i}, ['^\s*@end\s+' cmd '\s*$'], "once")))
        i += 1;
      endwhile
      i += 1;
    elseif (any (strcmp (cmd, {"table", "vtable", "ftable", "itemize", "enumerate"})))
      st = flush_para (st);
      st = open_list (st, cmd, rest);
    elseif (strcmp (cmd, "item") || strcmp (cmd, "itemx"))
      st = item (st, cmd, rest);
    elseif (strcmp (cmd, "end"))
      what = strtok (rest);
      st = flush_para (st);
      if (any (strcmp (what, {"table", "vtable", "ftable", "itemize", "enumerate"})) ...
          && ! isempty (st.stack) && strcmp (st.stack(end).kind, what))
        st = close_list (st);
      elseif (! any (strcmp (what, {"deftypefn", "deffn", "group", "ifnottex", ...
                                    "ifinfo", "ifplaintext", "quotation"})))
        st.unknown{end+1} = ["@end " what];
      endif
    elseif (! isempty (cmd) && ! is_inline (cmd))
      st.unknown{end+1} = ["@" cmd];
      st.para{end+1} = rest;
    else
      st.para{end+1} = t;
    endif
  endwhile
  st = flush_para (st);
  while (! isempty (st.stack))
    st.unknown{end+1} = ["@" st.stack(end).kind " without @end"];
    st = close_list (st);
  endwhile
  d = finish (st);
endfunction

function d = finish (st)
  d.forms = st.forms;
  d.body = st.out;
  d.seealso = st.seealso;
  d.summary = first_sentence (st.first);
  d.unknown = st.unknown;
endfunction

## "@deftypefn {category} {ret =} name (args)" -> "ret = name (args)"
function [form, unk] = def_form (s, unk)
  [~, s] = brace_group (s);                 # the category
  s = strtrim (s);
  ret = "";
  if (! isempty (s) && s(1) == "{")
    [ret, s] = brace_group (s);
  endif
  [ret, ~, unk] = inl (ret, 1, true, unk);
  [call, ~, unk] = inl (strtrim (s), 1, true, unk);
  form = strtrim (regexprep ([strtrim(ret) " " call], '\s+', " "));
endfunction

## The text of the leading {...} group of s (commands inside kept) and what
## follows it; a leading word when s does not start with "{".
function [g, rest] = brace_group (s)
  s = strtrim (s);
  if (isempty (s) || s(1) != "{")
    [g, rest] = strtok (s);
    return;
  endif
  depth = 0;
  k = 1;
  while (k <= numel (s))
    if (s(k) == "@")
      k += 2;
      continue;
    elseif (s(k) == "{")
      depth += 1;
    elseif (s(k) == "}")
      depth -= 1;
      if (depth == 0)
        break;
      endif
    endif
    k += 1;
  endwhile
  g = s(2:min (k, numel (s) + 1) - 1);
  rest = s(k+1:end);
endfunction

function st = see_also (st, t)
  [arg, ~, st.unknown] = inl (regexprep (t, '^@seealso\s*\{', "", "once"), 1, true, st.unknown);
  refs = strtrim (strsplit (arg, ","));
  refs = refs(! cellfun (@isempty, refs));
  for k = 1:numel (refs)
    if (any (strcmp (st.names, refs{k})))
      refs{k} = sprintf ("[%s](%s.md)", refs{k}, refs{k});
    else
      refs{k} = code_span (refs{k});
    endif
  endfor
  if (! isempty (refs))
    st.seealso = ["**See also:** " strjoin(refs, ", ")];
  endif
endfunction

## ---- block output -----------------------------------------------------------

function ind = indent_of (st)
  if (isempty (st.stack))
    ind = "";
  else
    ind = st.stack(end).content;
  endif
endfunction

## Appends lines to the page, after a blank line unless tight.
function st = emit (st, lines, tight)
  if (! tight && ! isempty (st.out) && ! isempty (st.out{end}))
    st.out{end+1} = "";
  endif
  st.out = [st.out lines];
endfunction

function st = flush_para (st)
  if (isempty (st.para))
    return;
  endif
  [md, ~, st.unknown] = inl (strjoin (st.para, " "), 1, false, st.unknown);
  st.para = {};
  md = strtrim (regexprep (md, '\s+', " "));
  if (isempty (md))
    return;
  endif
  if (isempty (st.stack))
    if (isempty (st.first) && isempty (st.out))
      st.first = md;
    endif
    st = emit (st, wrap (md, "", ""), false);
    return;
  endif
  top = st.stack(end);
  if (top.pending)
    if (! isempty (top.label))
      md = strtrim ([top.label ": " md]);
    endif
    st = emit (st, wrap (md, [top.parent top.marker], top.content), top.count > 0);
    st.stack(end).pending = false;
    st.stack(end).count += 1;
  else
    st = emit (st, wrap (md, top.content, top.content), false);
  endif
endfunction

## An item with a label but no text yet: the label on its own.
function st = close_item (st)
  if (! isempty (st.stack) && st.stack(end).pending)
    top = st.stack(end);
    st = emit (st, {strtrim([top.parent top.marker top.label])}, top.count > 0);
    st.stack(end).pending = false;
    st.stack(end).count += 1;
  endif
endfunction

function st = open_list (st, kind, rest)
  parent = indent_of (st);
  st = close_item (st);
  ## a list right after another at the same level takes the other marker,
  ## or Markdown would join them
  after = numel (st.out) == st.closed.at && strcmp (parent, st.closed.parent);
  if (strcmp (kind, "enumerate"))
    delim = ".";
    if (after && strcmp (st.closed.delim, "."))
      delim = ")";
    endif
    marker = ["1" delim " "];
  else
    delim = "-";
    if (after && strcmp (st.closed.delim, "-"))
      delim = "*";
    endif
    marker = [delim " "];
  endif
  fmt = strtrim (rest);
  if (any (strcmp (kind, {"itemize", "enumerate"})))
    fmt = "";                       # @bullet, @minus, a start number: all "-" / "1."
  endif
  st.stack(end+1) = struct ("kind", kind, "fmt", fmt, "marker", marker, "delim", delim, ...
                            "parent", parent, "content", [parent blanks(numel (marker))], ...
                            "label", "", "pending", false, "count", 0);
endfunction

function st = close_list (st)
  st = close_item (st);
  st.closed = struct ("at", numel (st.out), "parent", st.stack(end).parent, ...
                      "delim", st.stack(end).delim);
  st.stack(end) = [];
endfunction

function st = item (st, cmd, rest)
  st = flush_para (st);
  if (isempty (st.stack))
    st.unknown{end+1} = ["@" cmd " outside a list"];
    st.para{end+1} = rest;
    return;
  endif
  top = st.stack(end);
  if (any (strcmp (top.kind, {"itemize", "enumerate"})))
    st = close_item (st);
    if (strcmp (top.kind, "enumerate"))
      st.stack(end).marker = sprintf ("%d%s ", st.stack(end).count + 1, top.delim);
    endif
    st.stack(end).label = "";
    st.stack(end).pending = true;
    if (! isempty (rest))
      st.para{end+1} = rest;
    endif
    return;
  endif
  ## a table: the label, formatted by the table's command
  if (isempty (top.fmt) || strcmp (top.fmt, "@asis"))
    src = rest;
  else
    src = [top.fmt "{" rest "}"];
  endif
  [label, ~, st.unknown] = inl (src, 1, false, st.unknown);
  label = strtrim (regexprep (label, '\s+', " "));
  if (strcmp (cmd, "itemx") && top.pending)
    st.stack(end).label = [top.label ", " label];
  else
    st = close_item (st);
    st.stack(end).label = label;
    st.stack(end).pending = true;
  endif
endfunction

## An @example (or similar) block as fenced code, commands converted
## (not in @verbatim).
function st = emit_code (st, body, convert)
  st = close_item (st);
  ind = indent_of (st);
  for k = 1:numel (body)
    if (convert)
      [body{k}, ~, st.unknown] = inl (body{k}, 1, true, st.unknown);
    endif
    body{k} = regexprep (body{k}, '\s+$', "");
    if (! isempty (body{k}))
      body{k} = [ind body{k}];
    endif
  endfor
  st = emit (st, [{[ind "```octave"]}, body, {[ind "```"]}], false);
endfunction

## Splits a paragraph into lines of at most 79 characters where it can,
## never starting a line with something Markdown would read as a list
## item, quote, heading, rule or fence.
function lines = wrap (md, first, cont)
  w = strsplit (md, " ");
  if (unsafe_start (w{1}))
    t = regexp (w{1}, '^(\d+)([.)].*)$', "tokens", "once");
    if (isempty (t))
      w{1} = ["\\" w{1}];
    else
      w{1} = [t{1} "\\" t{2}];
    endif
  endif
  lines = {};
  cur = [first w{1}];
  for k = 2:numel (w)
    if (numel (cur) + 1 + numel (w{k}) > 79 && ! unsafe_start (w{k}))
      lines{end+1} = cur;
      cur = [cont w{k}];
    else
      cur = [cur " " w{k}];
    endif
  endfor
  lines{end+1} = cur;
endfunction

function tf = unsafe_start (w)
  tf = isempty (w) || any (w(1) == "=>#<|~") ...
       || (any (w(1) == "-+*") && all (w == w(1))) ...
       || ! isempty (regexp (w, '^(\d+[.)]|```)', "once"));
endfunction

## ---- inline commands -----------------------------------------------------

function tf = is_inline (cmd)
  tf = ! isempty (inline_kind (cmd));
endfunction

function kind = inline_kind (cmd)
  switch (cmd)
    case {"code", "qcode", "samp", "command", "option", "env", "file", "kbd", ...
          "key", "t", "indicateurl", "math"}
      kind = "code";
    case {"var", "emph", "i", "dfn", "cite"}
      kind = "emph";
    case {"strong", "b"}
      kind = "strong";
    case {"w", "r", "asis", "sc", "acronym", "abbr", "ref", "xref", "pxref", "titlefont"}
      kind = "plain";
    case {"url", "uref", "email"}
      kind = "url";
    case {"dots", "ldots", "enddots", "result", "print", "error", "equiv", ...
          "expansion", "minus", "bullet", "comma", "tie", "copyright", ...
          "registeredsymbol", "TeX", "LaTeX", "arrow"}
      kind = "symbol";
    otherwise
      kind = "";
  endswitch
endfunction

function s = symbol (cmd)
  switch (cmd)
    case {"dots", "ldots", "enddots"}
      s = "...";
    case {"result", "arrow"}
      s = "=>";
    case "print"
      s = "-|";
    case "error"
      s = "error->";
    case "equiv"
      s = "==";
    case "expansion"
      s = "==>";
    case "minus"
      s = "-";
    case "bullet"
      s = "*";
    case "comma"
      s = ",";
    case "tie"
      s = " ";
    case "copyright"
      s = "(C)";
    case "registeredsymbol"
      s = "(R)";
    otherwise
      s = cmd;                      # TeX, LaTeX
  endswitch
endfunction

## Converts s from pos to the end or to an unmatched "}" (consumed).  In
## code mode (code 1: inside @code, @example, call forms; 2: inside @math,
## where braces are TeX's groups) text is literal and commands give plain
## text; in text mode (code 0) Markdown's special characters are escaped.
function [out, pos, unk] = inl (s, pos, code, unk)
  out = "";
  n = numel (s);
  while (pos <= n)
    k = regexp (s(pos:n), '[@{}]', "once");
    if (isempty (k))
      out = [out lit(s(pos:n), code)];
      pos = n + 1;
      return;
    endif
    k += pos - 1;
    out = [out lit(s(pos:k-1), code)];
    c = s(k);
    if (c == "}")
      pos = k + 1;
      return;
    elseif (c == "{")
      ## a group: TeX's in @math, else braces that should be written @{ @}
      if (code != 2)
        unk{end+1} = "unescaped { } (write @{ @})";
      endif
      [g, pos, unk] = inl (s, k + 1, code, unk);
      out = [out lit("{", code) g lit("}", code)];
      continue;
    endif
    if (k == n)
      out = [out lit("@", code)];
      pos = n + 1;
      return;
    endif
    d = s(k+1);
    if (any (d == "@{}"))
      out = [out lit(d, code)];
      pos = k + 2;
      continue;
    elseif (! isletter (d))
      switch (d)
        case "*"
          out = [out " "];
        case {".", "?", "!", " ", "\t"}
          out = [out d];
        case {":", "-", "/"}
        otherwise
          unk{end+1} = ["@" d];
          out = [out lit(d, code)];
      endswitch
      pos = k + 2;
      continue;
    endif
    name = regexp (s(k+1:n), '^[a-zA-Z]+', "match", "once");
    pos = k + 1 + numel (name);
    kind = inline_kind (name);
    arg = "";
    if (pos <= n && s(pos) == "{")
      if (strcmp (name, "math"))
        argmode = 2;
      elseif (code || any (strcmp (kind, {"code", "url"})))
        argmode = max (code, 1);
      else
        argmode = 0;
      endif
      [arg, pos, unk] = inl (s, pos + 1, argmode, unk);
    endif
    switch (kind)
      case "code"
        if (code)
          out = [out arg];
        else
          out = [out code_span(arg)];
        endif
      case {"emph", "strong"}
        if (code || isempty (strtrim (arg)))
          out = [out arg];
        elseif (strcmp (kind, "emph"))
          out = [out "*" arg "*"];
        else
          out = [out "**" arg "**"];
        endif
      case "plain"
        out = [out arg];
      case "symbol"
        out = [out lit(symbol (name), code)];
      case "url"
        [u, txt] = strtok (arg, ",");
        u = strtrim (u);
        txt = strtrim (regexprep (txt, '^,', ""));
        if (code)
          out = [out u];
        elseif (strcmp (name, "email"))
          out = [out "<" u ">"];
        elseif (isempty (txt))
          out = [out "<" u ">"];
        else
          out = [out "[" txt "](" u ")"];
        endif
      otherwise
        unk{end+1} = ["@" name];
        out = [out arg];
    endswitch
  endwhile
endfunction

function s = lit (s, code)
  if (! code)
    s = regexprep (s, '([\\`*<])', '\\$1');
    ## "_" only where it could start or end emphasis (not inside a word)
    s = regexprep (s, '(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])', '\\_');
  endif
endfunction

function s = code_span (s)
  if (isempty (s))
    return;
  endif
  runs = regexp (s, '`+', "match");
  if (isempty (runs))
    s = ["`" s "`"];
  else
    f = repmat ("`", 1, max (cellfun (@numel, runs)) + 1);
    s = [f " " s " " f];
  endif
endfunction

## The first sentence of a Markdown paragraph: up to the first . ! or ?
## followed by a space (not in a code span, not after e.g. or i.e.).
function s = first_sentence (md)
  s = md;
  for k = regexp (md, '[.!?](?=\s|$)')
    if (mod (sum (md(1:k) == "`"), 2) == 0 ...
        && isempty (regexp (md(1:k), '(\<e\.g|\<i\.e|\<etc|\<cf|\<vs)\.$', "once")))
      s = md(1:k);
      return;
    endif
  endfor
  if (! isempty (s) && ! any (s(end) == ".!?:"))
    s = [s " ..."];
  endif
endfunction

## ---- pages ------------------------------------------------------------------

function txt = page_text (f, d)
  t = {["# " f.name], "", ...
       sprintf("*Generated from the texinfo help in `%s` by `tools/gen_reference.m`; do not edit by hand.*", f.file)};
  if (f.alias)
    t = [t {"", ...
            sprintf("`%s` is a MEX file: `while` is an Octave keyword, so", f.name), ...
            "`+dfg/while.mex` forwards the call to `dfg.internal.while_loop`;", ...
            "`+dfg/while.m` holds only this help (`help dfg.while`)."}];
  endif
  if (! isempty (d.forms))
    t = [t {"", "```octave"} d.forms {"```"}];
  endif
  if (! isempty (d.body))
    t = [t {""} d.body];
  endif
  if (! isempty (d.seealso))
    t = [t {"", d.seealso}];
  endif
  txt = [strjoin(t, "\n") "\n"];
endfunction

function txt = index_text (fns, summaries)
  t = {"# dfg function reference", "", ...
       "*Generated from the texinfo help of every public function by", ...
       "`tools/gen_reference.m`; do not edit by hand.*  Each page shows what", ...
       "`help NAME` shows in Octave.  After changing a help text, regenerate", ...
       "from the repository root with", "", ...
       "    octave-cli --no-gui -q --eval \"addpath ('tools'); gen_reference ()\"", "", ...
       "(tests/octave/test_reference.m fails while the pages are out of date)."};
  for pkg = unique ({fns.pkg}, "stable")
    t = [t {"", ["## " pkg{1}], ""}];
    for k = find (strcmp ({fns.pkg}, pkg{1}))
      line = sprintf ("- [%s](%s.md)", fns(k).name, fns(k).name);
      if (! isempty (summaries{k}))
        line = [line ": " summaries{k}];
      endif
      t{end+1} = line;
    endfor
  endfor
  txt = [strjoin(t, "\n") "\n"];
endfunction

function write_text (file, txt)
  [fid, msg] = fopen (file, "w");
  if (fid < 0)
    error ("gen_reference: cannot write %s: %s", file, msg);
  endif
  fputs (fid, txt);
  fclose (fid);
endfunction
