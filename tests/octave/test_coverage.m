## -*- texinfo -*-
## @deftypefn {} {} test_coverage
## The list of Octave functions that take tensors (docs/coverage.md,
## written by tools/gen_coverage.m from +dfg/Tensor.m and the test
## suites): every function has parity cases, and gradient cases or a
## stated reason for none, and the committed list is current (run
## @code{make reference} after adding a function).
## Run with test ("test_coverage").
## @end deftypefn
function test_coverage ()
endfunction

%!shared root, txt, gaps
%! root = fileparts (fileparts (fileparts (which ("test_coverage"))));
%! addpath (fullfile (root, "tools"));
%! [txt, gaps] = gen_coverage (root);
%!assert (gaps.no_parity, {}, "functions without a parity case")
%!assert (gaps.no_grad, {}, "functions without a gradient case or a reason for none")
%!test
%! ## docs/coverage.md is current
%! assert (fileread (fullfile (root, "docs", "coverage.md")), txt);
%!test
%! ## a function added without tests is caught: the table lists every
%! ## method of dfg.Tensor that computes
%! assert (! isempty (strfind (txt, "| `sort` |")));
%! assert (! isempty (strfind (txt, "| `trapz` (Octave's m-file) |")));
%! assert (isempty (strfind (txt, "| `find` |")));          # refused (user guide)
