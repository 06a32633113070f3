#!/bin/sh
# tools/run-tests.sh -- runs the layer check (tools/check-layers.sh), the C
# unit tests given as arguments and the Octave suites, then prints one
# closing line "N passed, N failed".
# Exits non-zero if anything failed.
#
# The Octave suites run in an Octave of their own while the C tests run.
# Then the Octave parity and gradient suites run again under combinations of
# graph passes (tools/pass-matrix.sh, several at once).
#
# The C tests run under valgrind (memcheck, definite leaks are errors) when it
# is installed and DFG_NO_VALGRIND is unset; a valgrind error is a failure.
# tools/valgrind.supp hides the kernels' thread pool, alive at exit.
# --fair-sched=yes: valgrind runs one thread at a time, and with its default
# lock a pool worker spinning for work could keep the thread it waits for
# off the core (test-threads took 932 s instead of 40 s on an idle machine).
pass=0
fail=0
k=0
vg=""
if [ -z "${DFG_NO_VALGRIND+set}" ] && command -v valgrind >/dev/null 2>&1; then
    vg="valgrind -q --fair-sched=yes --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=tools/valgrind.supp"
fi
# count OUT RC WHAT [PREFIX]: adds the last "PREFIXN passed, N failed" line
# of OUT to the totals (PREFIX: an anchored pattern such as "^octave: ");
# no such line, or a non-zero RC with no failure counted, is one failure of
# WHAT
count() {
    line=$(echo "$1" | grep -E "${4:-}[0-9]+ passed, [0-9]+ failed" | tail -n 1)
    if [ -z "$line" ]; then
        echo "$3 did not finish (status $2)"
        fail=$((fail + 1))
        return
    fi
    p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    if [ "$2" -ne 0 ] && [ "$f" = 0 ]; then f=1; echo "$3: exited with status $2"; fi
    pass=$((pass + p)); fail=$((fail + f))
}
# the layer rule (tools/check-layers.sh) and the check's own self-test
for c in "--self-test" ""; do
    out=$(sh tools/check-layers.sh $c 2>&1)
    rc=$?
    echo "$out" | grep -v '^$'
    count "$out" $rc "check-layers $c"
done
# the Octave suites run while the C tests do (valgrind keeps one core busy);
# run from build/, a folder of their own (the script adds the root to the path)
top=$(pwd)
mkdir -p build
oct=$(mktemp) || exit 2
(cd build && octave --no-gui --no-window-system -q "$top/tools/run_octave_tests.m" > "$oct" 2>&1; echo $? >> "$oct.rc") &
octpid=$!
for t in "$@"; do
    if [ -n "$vg" ]; then
        # one BLAS thread: valgrind serialises threads anyway
        out=$(OPENBLAS_NUM_THREADS=1; export OPENBLAS_NUM_THREADS; $vg "$t" 2>&1)
    else
        out=$("$t" 2>&1)
    fi
    rc=$?
    echo "$out" | tail -n 20 | grep -v '^$'
    if [ -n "$vg" ] && [ $rc -eq 99 ]; then echo "$t: valgrind reported errors"; fi
    count "$out" $rc "$t"
done
wait $octpid
out=$(cat "$oct")
rc=$(cat "$oct.rc" 2>/dev/null)
rm -f "$oct" "$oct.rc"
echo "$out" | grep -v '^$' | grep -v 'ignoring const execution_exception'
count "$out" "${rc:-1}" "octave suite" "^octave: "
k=$(echo "$out" | grep -E '^octave: [0-9]+ passed, [0-9]+ failed' | tail -n 1 | sed -n -E 's/.* ([0-9]+) skipped.*/\1/p')
[ -n "$k" ] || k=0
# the parity and gradient suites again under pass combinations
# (tools/pass-matrix.sh; DFG_NO_PASS_MATRIX=1 skips it)
if [ -z "${DFG_NO_PASS_MATRIX+set}" ]; then
    out=$(sh tools/pass-matrix.sh 2>&1)
    rc=$?
    echo "$out"
    count "$out" $rc "pass matrix" "^pass-matrix: "
fi
echo "$pass passed, $fail failed, $k skipped"
[ "$fail" -eq 0 ]
