## Help for dfg in Octave (docs/packaging.md, "Help"): help of the package
## overview, of the class and of the functions, and lookfor through the
## doc-cache file of the root (tools/gen_doc_cache.m), which must be
## current.  When the doc-cache test fails after a help text changed,
## regenerate it from the repository root:
##   octave-cli --no-gui -q --eval "addpath ('tools'); gen_doc_cache ()"
## Run with the repository root and tests/octave on the path:
##   test ("tests/octave/test_help.m")

%!function root = dfg_root ()
%!  root = fileparts (fileparts (which ("dfg.grad")));
%!endfunction

%!function s = squash (s)
%!  s = strtrim (regexprep (s, '\s+', " "));
%!endfunction

%!test
%! ## help dfg.Contents: the public functions by topic
%! out = evalc ("help dfg.Contents");
%! assert (! isempty (strfind (out, "dfg: dataflow graphs and automatic differentiation")));
%! for topic = {"Tensors", "Compiling and running plans", "Automatic differentiation", ...
%!              "Control flow inside graphs", "Neural networks and training"}
%!   assert (! isempty (strfind (out, topic{1})), "no topic %s", topic{1});
%! endfor
%! assert (! isempty (strfind (out, "dfg.value_and_grad")));

%!test
%! ## help dfg: Octave 7.3 does not read a package's Contents.m.  Its
%! ## get_help_text finds the package itself, whose help text is empty
%! ## ("Not documented"), and help.m stops there with an error before it
%! ## would look for a Contents.m.  Should a later Octave print the
%! ## overview, it must be the one in +dfg/Contents.m.
%! try
%!   out = evalc ("help dfg");
%!   assert (! isempty (strfind (out, "dfg: dataflow graphs and automatic differentiation")));
%! catch err
%!   assert (strtrim (err.message), "help: 'dfg' is not documented");
%!   [~, format] = get_help_text ("dfg");
%!   assert (format, "Not documented");
%! end_try_catch

%!test
%! ## the class and the functions have help of their own
%! out = evalc ("help dfg.Tensor");
%! assert (! isempty (strfind (out, "A symbolic tensor")));
%! out = evalc ("help dfg.jit");
%! assert (! isempty (strfind (out, "dfg.jit (FUN)")));
%! out = evalc ("help dfg.zeros");
%! assert (! isempty (strfind (out, "dfg.zeros (N)")));
%! out = evalc ("help dfg.nn.relu");
%! assert (! isempty (strfind (out, "Rectified linear unit")));

%!test
%! ## lookfor finds dfg's functions through the root's doc-cache
%! assert (isfile (fullfile (dfg_root (), "doc-cache")));
%! f = lookfor ("gradient");
%! assert (any (strcmp (f, "dfg.grad")));
%! f = lookfor ("jacobian");
%! assert (all (ismember ({"dfg.jacobian", "dfg.value_and_jacobian"}, f)));
%! [f, s] = lookfor ("rectified linear unit");
%! assert (any (strcmp (f, "dfg.nn.relu")));
%! f = lookfor ("-all", "checkpointing");
%! assert (any (strcmp (f, "dfg.checkpoint")));

%!test
%! ## the doc-cache is current: the public functions (those with a page in
%! ## docs/reference), each with its help text as Octave shows it now
%! root = dfg_root ();
%! c = load (fullfile (root, "doc-cache"));
%! cache = c.cache;
%! pages = dir (fullfile (root, "docs", "reference", "dfg.*.md"));
%! names = regexprep ({pages.name}, '\.md$', "");
%! assert (sort (cache(1,2:end)), sort (names));
%! assert (cache{1,1}, "dfg.Contents");
%! addpath (fullfile (root, "tools"));
%! fresh = gen_doc_cache (root, "");
%! assert (cache(1,:), fresh(1,:));
%! for k = 1:columns (cache)
%!   assert (strcmp (squash (cache{2,k}), squash (fresh{2,k})), ...
%!           "doc-cache: the help text of %s is not current", cache{1,k});
%!   assert (strcmp (squash (cache{3,k}), squash (fresh{3,k})), ...
%!           "doc-cache: the first sentence of %s is not current", cache{1,k});
%! endfor
