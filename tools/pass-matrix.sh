#!/bin/sh
# tools/pass-matrix.sh -- the Octave parity and gradient suites under
# combinations of graph passes (DFG_PASSES, applied on top of every plan's
# own setting).  Prints one line per combination and a closing line
# "pass-matrix: N passed, N failed".  Exits non-zero if anything failed.
#
#   sh tools/pass-matrix.sh          none, all, all with fast, each pass alone,
#                                    each pass off (13 runs; part of `make test`)
#   sh tools/pass-matrix.sh full     every subset of the 5 passes (32 runs)
passes="cse fold simplify gemm fuse"
if [ "$1" = full ]; then
    combos=""
    for m in $(seq 0 31); do
        c="none"; k=0
        for p in $passes; do
            [ $(( (m >> k) & 1 )) -eq 1 ] && c="$c,$p"
            k=$((k + 1))
        done
        combos="$combos $c"
    done
else
    combos="none all all,fast"
    for p in $passes; do combos="$combos none,$p all,-$p"; done
fi
top=$(pwd)
mkdir -p build
# DFG_MATRIX_JOBS (default: the number of cores, at most 4) combinations
# run at once, each an Octave of its own with its own log
jobs=${DFG_MATRIX_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
[ "$jobs" -le 4 ] || jobs=4
tmp=$(mktemp -d) || exit 2
run_one() {  # combination, its number: output in $tmp/N.out
    (cd build && DFG_PASSES="$1" DFG_OCTAVE_SUITES="test_parity_*,test_grad_*" \
        DFG_TEST_LOG="$tmp/$2.log" octave --no-gui --no-window-system -q "$top/tools/run_octave_tests.m" \
        > "$tmp/$2.out" 2>&1)
}
n=0
for c in $combos; do
    n=$((n + 1))
    run_one "$c" $n &
    [ $((n % jobs)) -ne 0 ] || wait
done
wait
pass=0; fail=0; n=0
for c in $combos; do
    n=$((n + 1))
    out=$(cat "$tmp/$n.out")
    line=$(echo "$out" | grep -E '^octave: [0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$p" ] || p=0
    [ -n "$f" ] || { f=1; echo "$out" | tail -n 5; }
    echo "passes $c: $p passed, $f failed"
    if [ "$f" != 0 ]; then cp "$tmp/$n.log" "build/octave-tests-matrix-$(echo "$c" | tr ',+' '__').log"; fi
    pass=$((pass + p)); fail=$((fail + f))
done
rm -rf "$tmp"
echo "pass-matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
