## The function reference in docs/reference: one page per public function
## (the .m files directly in +dfg, +dfg/+nn and +dfg/+optim, those in
## +dfg/@NAME/NAME.m, the classdef dfg.Tensor, and dfg.while, whose
## +dfg/while.m holds help only), generated
## from its texinfo help by tools/gen_reference.m and identical to what the
## generator writes from the help texts as they are now.  When a test here
## fails after a help text changed, regenerate from the repository root:
##   octave-cli --no-gui -q --eval "addpath ('tools'); gen_reference ()"
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_reference.m")

%!function [names, files, root] = public_functions ()
%!  ## the public functions, found here independently of the generator
%!  root = fileparts (fileparts (which ("dfg.grad")));
%!  addpath (fullfile (root, "tools"));
%!  names = {}; files = {};
%!  sub = {"+dfg", "dfg"; "+dfg/+nn", "dfg.nn"; "+dfg/+optim", "dfg.optim"};
%!  for p = 1:rows (sub)
%!    d = dir (fullfile (root, sub{p,1}, "*.m"));
%!    for k = 1:numel (d)
%!      if (! strcmp (d(k).name, "Contents.m"))
%!        names{end+1} = [sub{p,2} "." d(k).name(1:end-2)];
%!        files{end+1} = fullfile (root, sub{p,1}, d(k).name);
%!      endif
%!    endfor
%!    ## named like a built-in: +dfg/@zeros/zeros.m is dfg.zeros
%!    d = dir (fullfile (root, sub{p,1}, "@*"));
%!    for k = 1:numel (d)
%!      names{end+1} = [sub{p,2} "." d(k).name(2:end)];
%!      files{end+1} = fullfile (root, sub{p,1}, d(k).name, [d(k).name(2:end) ".m"]);
%!    endfor
%!  endfor
%!endfunction

%!function forms = call_forms (file)
%!  ## the call forms of the @deftypefn/@deftypefnx lines of a file's help
%!  ## (its leading comment block) as plain Octave, e.g.
%!  ## "Y = dfg.nn.linear (X, W)"
%!  src = strsplit (fileread (file), "\n", "collapsedelimiters", false);
%!  code = cellfun (@isempty, regexp (src, '^\s*([#%]|$)', "once"));
%!  n = find (code, 1);
%!  if (! isempty (n) && all (cellfun (@isempty, regexp (src(1:n-1), '\S', "once"))))
%!    src = src(n+1:end);               # help after the function line
%!    code = code(n+1:end);
%!    n = find (code, 1);
%!  endif
%!  if (! isempty (n))
%!    src = src(1:n-1);
%!  endif
%!  def = regexp (src, '^\s*[#%]+\s*@deftypefnx?\s+(.*?)\s*$', "tokens", "once");
%!  def = def(! cellfun (@isempty, def));
%!  forms = cell (1, numel (def));
%!  for k = 1:numel (def)
%!    s = strrep (strrep (strrep (def{k}{1}, "@@", "\x01"), "@{", "\x02"), "@}", "\x03");
%!    s = strrep (s, "@dots{}", "...");
%!    s = regexprep (s, '@[a-z]+\{([^{}]*)\}', '$1');
%!    s = regexprep (s, '^\{[^{}]*\}\s*', "");          # the category
%!    t = regexp (s, '^\{([^{}]*)\}\s*(.*)$', "tokens", "once");
%!    if (! isempty (t))
%!      s = [t{1} " " t{2}];
%!    endif
%!    s = strtrim (regexprep (s, '\s+', " "));
%!    forms{k} = strrep (strrep (strrep (s, "\x01", "@"), "\x02", "{"), "\x03", "}");
%!  endfor
%!endfunction

%!function remove_dir (d)
%!  if (isfolder (d))
%!    f = dir (d);
%!    f = f(! [f.isdir]);
%!    for k = 1:numel (f)
%!      delete (fullfile (d, f(k).name));
%!    endfor
%!    rmdir (d);
%!  endif
%!endfunction

%!test
%! ## (a) every public function has a page
%! [names, ~, root] = public_functions ();
%! refdir = fullfile (root, "docs", "reference");
%! assert (numel (names) > 50);
%! missing = names(! cellfun (@(n) isfile (fullfile (refdir, [n ".md"])), names));
%! if (! isempty (missing))
%!   error ("docs/reference has no page for %s: regenerate it with tools/gen_reference.m",
%!          strjoin (missing, ", "));
%! endif

%!test
%! ## (b) regenerating gives byte-identical pages and index: the reference
%! ## is consistent with the help texts
%! [names, ~, root] = public_functions ();
%! refdir = fullfile (root, "docs", "reference");
%! tmp = tempname ();
%! unwind_protect
%!   warning ("off", "gen_reference:unknown", "local");
%!   warning ("off", "gen_reference:noTexinfo", "local");
%!   gen = gen_reference (root, tmp);
%!   assert (sort (gen), sort (names));
%!   new = dir (fullfile (tmp, "*.md"));
%!   old = dir (fullfile (refdir, "*.md"));
%!   stale = setxor ({new.name}, {old.name});
%!   for f = intersect ({new.name}, {old.name})
%!     if (! strcmp (fileread (fullfile (tmp, f{1})), fileread (fullfile (refdir, f{1}))))
%!       stale{end+1} = f{1};
%!     endif
%!   endfor
%!   if (! isempty (stale))
%!     error ("docs/reference is out of date (%s): regenerate it with tools/gen_reference.m",
%!            strjoin (sort (stale), ", "));
%!   endif
%! unwind_protect_cleanup
%!   remove_dir (tmp);
%! end_unwind_protect

%!test
%! ## (c) every function has texinfo help with @deftypefn lines, and its
%! ## page lists each call form they give
%! [names, files, root] = public_functions ();
%! refdir = fullfile (root, "docs", "reference");
%! for k = 1:numel (names)
%!   forms = call_forms (files{k});
%!   if (isempty (forms))
%!     error ("%s (%s) has no texinfo help with @deftypefn lines", names{k}, files{k});
%!   endif
%!   page = fullfile (refdir, [names{k} ".md"]);
%!   if (! isfile (page))
%!     continue;                       # reported by (a)
%!   endif
%!   lines = strsplit (fileread (page), "\n");
%!   assert (lines{1}, ["# " names{k}]);
%!   absent = forms(! ismember (forms, lines));
%!   if (! isempty (absent))
%!     error ("docs/reference/%s.md lacks the call form '%s' of its help",
%!            names{k}, absent{1});
%!   endif
%! endfor

%!test
%! ## (d) no page for a function that no longer exists
%! [names, ~, root] = public_functions ();
%! pages = dir (fullfile (root, "docs", "reference", "*.md"));
%! pages = regexprep ({pages.name}, '\.md$', "");
%! extra = setdiff (pages, [names {"README"}]);
%! if (! isempty (extra))
%!   error ("docs/reference has pages of no public function: %s", strjoin (extra, ", "));
%! endif
%! idx = fileread (fullfile (root, "docs", "reference", "README.md"));
%! for k = 1:numel (names)
%!   assert (! isempty (strfind (idx, sprintf ("- [%s](%s.md)", names{k}, names{k}))));
%! endfor

%!test
%! ## every help text is texinfo the generator converts in full (makeinfo
%! ## agrees: it rejects the same constructs, e.g. braces in an @example
%! ## not written @{ @})
%! [~, ~, root] = public_functions ();
%! tmp = tempname ();
%! unwind_protect
%!   warning ("off", "gen_reference:unknown", "local");
%!   warning ("off", "gen_reference:noTexinfo", "local");
%!   [~, problems] = gen_reference (root, tmp);
%!   if (! isempty (problems.unknown))
%!     error ("texinfo not converted: %s", strjoin (problems.unknown, "; "));
%!   endif
%! unwind_protect_cleanup
%!   remove_dir (tmp);
%! end_unwind_protect

%!test
%! ## the converter on every construct it knows, in a package made here
%! [~, ~, root] = public_functions ();
%! tmp = tempname ();
%! mkdir (fullfile (tmp, "+dfg", "+nn"));
%! src = {"## -*- texinfo -*-"
%!        "## @deftypefn  {dfg} {@var{y} =} dfg.nn.foo (@var{x}, @{@var{a}, @dots{}@})"
%!        "## @deftypefnx {dfg} {} dfg.nn.foo (@dots{}, \"opt\", @var{v})"
%!        "## Does @emph{foo} to @var{x}: @code{y = f (@var{x})}, @qcode{\"on\"},"
%!        "## @strong{bold}, @env{DFG_X}, @file{a.txt}, @math{\\bar v_{k-n}}, 1@@2,"
%!        "## a*b_c and @uref{https://example.org, a link}."
%!        "##"
%!        "## @table @code"
%!        "## @item a_b"
%!        "## first"
%!        "## @item c"
%!        "## @itemx d"
%!        "## second"
%!        "## @end table"
%!        "## @itemize"
%!        "## @item one"
%!        "## @item two, with"
%!        "## @example"
%!        "## z = @{1, 2@};   % @@(x) x"
%!        "## @end example"
%!        "## @end itemize"
%!        "## @enumerate"
%!        "## @item first"
%!        "## @item second"
%!        "## @end enumerate"
%!        "## @c a comment"
%!        "## @seealso{dfg.nn.foo, sin}"
%!        "## @end deftypefn"
%!        "function y = foo (x)"
%!        "  y = x;"
%!        "endfunction"};
%! fid = fopen (fullfile (tmp, "+dfg", "+nn", "foo.m"), "w");
%! fputs (fid, strjoin (src', "\n"));
%! fclose (fid);
%! fid = fopen (fullfile (tmp, "+dfg", "bar.m"), "w");
%! fputs (fid, "function bar ()\n  ## plain help, no texinfo\nendfunction\n");
%! fclose (fid);
%! out = fullfile (tmp, "ref");
%! unwind_protect
%!   warning ("off", "gen_reference:noTexinfo", "local");
%!   mkdir (out);
%!   fid = fopen (fullfile (out, "dfg.gone.md"), "w"); fclose (fid);
%!   [names, problems] = gen_reference (tmp, out);
%!   assert (names, {"dfg.bar", "dfg.nn.foo"});
%!   assert (problems.no_texinfo, {"+dfg/bar.m"});
%!   assert (isempty (problems.unknown));
%!   assert (! isfile (fullfile (out, "dfg.gone.md")));
%!   p = fileread (fullfile (out, "dfg.nn.foo.md"));
%!   flat = regexprep (p, '(?<=\S)\n(?=\S)', " ");   # wrapped lines joined
%!   expect = {"# dfg.nn.foo\n"
%!             "in `+dfg/+nn/foo.m` by `tools/gen_reference.m`"
%!             "```octave\ny = dfg.nn.foo (x, {a, ...})\ndfg.nn.foo (..., \"opt\", v)\n```\n"
%!             "- `a_b`: first\n- `c`, `d`: second\n\n* one\n* two, with\n\n  ```octave\n  z = {1, 2};   % @(x) x\n  ```\n"
%!             "1. first\n2. second\n"
%!             "**See also:** [dfg.nn.foo](dfg.nn.foo.md), `sin`\n"};
%!   for k = 1:numel (expect)
%!     if (isempty (strfind (p, expect{k})))
%!       error ("page lacks:\n%s\n--- page:\n%s", expect{k}, p);
%!     endif
%!   endfor
%!   para = ["Does *foo* to *x*: `y = f (x)`, `\"on\"`, **bold**, `DFG_X`, `a.txt`, ", ...
%!           "`\\bar v_{k-n}`, 1@2, a\\*b_c and [a link](https://example.org)."];
%!   assert (! isempty (strfind (flat, ["\n" para "\n"])));
%!   assert (isempty (strfind (p, "comment")));
%!   p = fileread (fullfile (out, "dfg.bar.md"));
%!   assert (! isempty (strfind (p, "```text\nplain help, no texinfo\n```")));
%!   idx = fileread (fullfile (out, "README.md"));
%!   assert (! isempty (strfind (idx, ["## dfg.nn\n\n- [dfg.nn.foo](dfg.nn.foo.md): " para "\n"])));
%! unwind_protect_cleanup
%!   remove_dir (out);
%!   remove_dir (fullfile (tmp, "+dfg", "+nn"));
%!   remove_dir (fullfile (tmp, "+dfg"));
%!   remove_dir (tmp);
%! end_unwind_protect
