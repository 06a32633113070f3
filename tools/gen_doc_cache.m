## -*- texinfo -*-
## @deftypefn  {} {} gen_doc_cache ()
## @deftypefnx {} {} gen_doc_cache (@var{root})
## @deftypefnx {} {@var{cache} =} gen_doc_cache (@var{root}, "")
## Writes @file{@var{root}/doc-cache}, the cache through which Octave's
## @code{lookfor} finds dfg's public functions.
##
## Octave 7's @code{lookfor} reads a file named @file{doc-cache} in each
## folder of the load path that has one, and searches the folders without
## one file by file; neither way reaches the functions of a package
## (+dfg), so without this file @code{lookfor gradient} finds nothing of
## dfg.  The file is what Octave's @code{doc_cache_create} writes (a
## 3-by-N cell @code{cache} of names, help texts as plain text and first
## sentences, saved as text), with the package's names: dfg.Contents
## (the overview @code{help dfg.Contents} prints), then the public
## functions of docs/reference (the .m files directly in +dfg, +dfg/+nn
## and +dfg/+optim, those in +dfg/@@NAME/NAME.m, dfg.Tensor and dfg.while),
## by package and name.  It is committed, travels in the package (make
## dist copies it into inst/, where @code{pkg install}, which writes
## doc-cache files of its own, leaves it alone: the folder holds no
## function of its own), and is regenerated from the repository root after
## a help text changed:
## @example
## octave-cli --no-gui -q --eval "addpath ('tools'); gen_doc_cache ()"
## @end example
## tests/octave/test_help.m checks that it is current.  With a second
## argument "", nothing is written and the cache is returned.
## @end deftypefn

function varargout = gen_doc_cache (root, outfile)
  if (nargin < 1 || isempty (root))
    root = fileparts (fileparts (mfilename ("fullpath")));
  endif
  if (nargin < 2)
    outfile = fullfile (root, "doc-cache");
  endif
  old = path ();
  ## makeinfo writes typographic quotes in a UTF-8 locale: the C locale
  ## makes the text the same wherever it is generated
  lc_all = getenv ("LC_ALL");
  unwind_protect
    setenv ("LC_ALL", "C");
    addpath (root);
    names = [{"dfg.Contents"}, public_names(root)];
    cache = cell (3, numel (names));
    for k = 1:numel (names)
      [text, format] = get_help_text (names{k});
      switch (lower (format))
        case "plain text"
          status = 0;
        case "texinfo"
          [text, status] = __makeinfo__ (text, "plain text");
        otherwise
          status = 1;
      endswitch
      if (status != 0 || isempty (text))
        error ("gen_doc_cache: no usable help text for %s", names{k});
      endif
      cache(:,k) = {names{k}; text; get_first_help_sentence(names{k})};
    endfor
  unwind_protect_cleanup
    path (old);
    if (isempty (lc_all))
      unsetenv ("LC_ALL");
    else
      setenv ("LC_ALL", lc_all);
    endif
  end_unwind_protect
  if (! isempty (outfile))
    ## the header doc_cache_create writes (no date: the file only depends
    ## on the help texts)
    save_header_format_string (["# doc-cache created by Octave " OCTAVE_VERSION], "local");
    save ("-text", outfile, "cache");
  endif
  if (nargout > 0 || isempty (outfile))
    varargout{1} = cache;
  endif
endfunction

## dfg.NAME, dfg.nn.NAME and dfg.optim.NAME for the public functions, by
## package, then by name (case-insensitive), as tools/gen_reference.m finds
## them
function names = public_names (root)
  names = {};
  sub = {"+dfg", "dfg"; "+dfg/+nn", "dfg.nn"; "+dfg/+optim", "dfg.optim"};
  for p = 1:rows (sub)
    d = dir (fullfile (root, sub{p,1}, "*.m"));
    d = d(! [d.isdir]);
    base = regexprep ({d.name}, '\.m$', "");
    at = dir (fullfile (root, sub{p,1}, "@*"));
    for k = 1:numel (at)
      b = at(k).name(2:end);
      if (at(k).isdir && isfile (fullfile (root, sub{p,1}, at(k).name, [b ".m"])))
        base{end+1} = b;
      endif
    endfor
    base = base(! strcmp (base, "Contents"));
    [~, order] = sort (lower (base));
    full = strcat ([sub{p,2} "."], base(order));
    names = [names, full];
  endfor
endfunction
