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
pass=0; fail=0
for c in $combos; do
    out=$(cd build && DFG_PASSES="$c" DFG_OCTAVE_SUITES="test_parity_*,test_grad_*" \
          octave --no-gui --no-window-system -q "$top/tools/run_octave_tests.m" 2>&1)
    line=$(echo "$out" | grep -E '^octave: [0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$p" ] || p=0
    [ -n "$f" ] || { f=1; echo "$out" | tail -n 5; }
    echo "passes $c: $p passed, $f failed"
    if [ "$f" != 0 ]; then cp build/octave-tests-matrix.log "build/octave-tests-matrix-$(echo "$c" | tr ',+' '__').log"; fi
    pass=$((pass + p)); fail=$((fail + f))
done
echo "pass-matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
