#!/bin/sh
# tools/pkg-check.sh TARBALL [--tests] -- checks the Octave package that
# `make dist` wrote: installs it with pkg install into a temporary prefix
# (pkg prefix, local_list and global_list all in a temporary folder, so
# nothing outside it is touched), checks that pkg load dfg prints nothing,
# and runs a smoke test on the installed package (a dfg.jit call and a
# gradient, against plain Octave; lookfor and help dfg.Contents find
# dfg's functions).  With --tests it also runs the in-file tests of the
# installed functions (tools/run_octave_tests.m of the
# installed package, DFG_OCTAVE_SUITES="+dfg/*").  Prints one line
# "pkg-check: ..." saying what worked, or what failed with the output;
# exits non-zero on any failure.  Runs from the temporary folder, so the
# repository is not on Octave's path.  OCTAVE (octave-cli) picks Octave.
set -u
[ $# -ge 1 ] || { echo "usage: tools/pkg-check.sh dfg-<version>.tar.gz [--tests]" >&2; exit 2; }
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[ -f "$tarball" ] || { echo "pkg-check: FAILED: no file $1" >&2; exit 1; }
octave=${OCTAVE:-octave-cli}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
setup="pkg ('prefix', '$tmp/share', '$tmp/lib'); pkg ('local_list', '$tmp/octave_packages'); pkg ('global_list', '$tmp/global_packages');"
# Octave 7.3 prints this line at exit here whatever it ran; it is not dfg's
quirk='^error: ignoring const execution_exception& while preparing to exit$'
run() {
    "$octave" --no-gui --no-window-system -q --no-init-file --eval "$setup $1" 2>&1 | grep -v "$quirk"
}
fail() {
    echo "$2"
    echo "pkg-check: FAILED: $1"
    exit 1
}

out=$(run "pkg install -local '$tarball'; printf ('installed=%d\n', numel (pkg ('list', 'dfg')));")
echo "$out" | grep -q '^installed=1$' || fail "pkg install $(basename "$tarball") did not install dfg" "$out"

out=$(run "pkg load dfg;")
[ -z "$out" ] || fail "pkg load dfg printed something" "$out"

out=$(run "pkg load dfg;
  w = which ('dfg_mex'); assert (strncmp (w, '$tmp', numel ('$tmp')), 'dfg_mex is %s, not the installed one', w);
  f = dfg.jit (@(a, b) a' * (b .^ 2) - max (a, [], 2)');
  A = reshape (1:15, 5, 3) / 7;  B = (1:5)' / 3;
  assert (f (A, B), A' * (B .^ 2) - max (A, [], 2)', 1e-12);
  vg = dfg.value_and_grad (@(x) sum ((x - 1) .^ 4));
  [v, g] = vg ([2; 3]);
  assert ([v; g], [17; 4; 32], 1e-12);
  assert (any (strcmp (lookfor ('gradient'), 'dfg.grad')), 'lookfor does not find dfg.grad');
  assert (! isempty (strfind (evalc ('help dfg.Contents'), 'Automatic differentiation')), 'help dfg.Contents');
  p = pkg ('list', 'dfg');
  printf ('smoke=%s %s\n', p{1}.version, p{1}.dir);")
line=$(echo "$out" | grep '^smoke=' | tail -n 1)
[ -n "$line" ] || fail "the installed package failed its smoke test" "$out"
version=$(echo "$line" | sed 's/^smoke=\([^ ]*\) .*/\1/')
msg="dfg $version built and installed with pkg install in a temporary prefix, pkg load quiet, dfg.jit and dfg.value_and_grad correct, lookfor and help dfg.Contents find dfg"

if [ "${2:-}" = "--tests" ]; then
    out=$(DFG_OCTAVE_SUITES='+dfg/*' DFG_TEST_LOG="$tmp/tests.log" run "pkg load dfg; p = pkg ('list', 'dfg');
      run (fullfile (p{1}.dir, 'tools', 'run_octave_tests.m'));")
    tl=$(echo "$out" | grep -E '^octave: [0-9]+ passed, [0-9]+ failed' | tail -n 1)
    echo "$tl" | grep -q ' 0 failed' || fail "the in-file tests of the installed package failed" "$out
$(cat "$tmp/tests.log" 2>/dev/null | grep -B2 -A12 '!!!!!' | head -n 80)"
    msg="$msg, its in-file tests: $(echo "$tl" | sed 's/^octave: //')"
fi
echo "pkg-check: $msg"
