#!/bin/sh
# tools/pass-matrix.sh -- the Octave parity and gradient suites under
# combinations of graph passes (DFG_PASSES, applied on top of every plan's
# own setting).  Prints one line per combination and a closing line
# "pass-matrix: N passed, N failed".  Exits non-zero if anything failed.
#
#   sh tools/pass-matrix.sh          none, all, all with fast, each pass alone
#                                    (8 runs; part of `make test`; each pass off,
#                                    all,-PASS, is among the full set's subsets),
#                                    one run with every plan on the sim device,
#                                    and three with mixed graphs: every plan on
#                                    sim with the ops of odd, then even, codes
#                                    on the host (DFG_SIM_HOST_OPS), then those
#                                    the CUDA backend lacks (placed as on a
#                                    GPU, without fusion), joined by copy nodes
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
    for p in $passes; do combos="$combos none,$p"; done
fi
top=$(pwd)
mkdir -p build
# DFG_MATRIX_JOBS (default: the number of cores, at most 4) combinations
# run at once, each an Octave of its own with its own log
jobs=${DFG_MATRIX_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
[ "$jobs" -le 4 ] || jobs=4
tmp=$(mktemp -d) || exit 2
# the runs: "passes:COMBINATION" (the parity and gradient suites),
# "device:sim" (those, the control-flow and jit suites and the +dfg/+nn
# tests with every plan on the emulated device, docs/gpu.md) and
# "mixed:odd", "mixed:even", "mixed:gpu" (the same with half the ops, or
# the ops a GPU lacks, on the host)
runs=""
for c in $combos; do runs="$runs passes:$c"; done
runs="$runs device:sim mixed:odd mixed:even mixed:gpu"
# with a GPU that can be used, the same suites with every plan there
# (dfg_assert_same's tolerances: 1e-12 double, 1e-5 single); else a line
# saying why not
gpu=$(cd build && octave --no-gui --no-window-system -q --eval \
      "warning ('off', 'all'); addpath ('$top'); s = dfg.device ('info'); \
       if (s.available), disp ('ok'), else, disp (s.reason), end" 2>/dev/null | tail -n 1)
if [ "$gpu" = ok ]; then runs="$runs device:gpu"; else gpu_skip="device gpu: skipped (${gpu:-no answer from Octave})"; fi
run_one() {  # run, its number: output in $tmp/N.out
    case "$1" in
        passes:*) set -- "$2" "DFG_PASSES=${1#passes:}" "test_parity_*,test_grad_*" ;;
        device:*) set -- "$2" "DFG_DEVICE=${1#device:}" \
                        "test_parity_*,test_grad_*,test_control_flow,test_function_jit,+dfg/+nn/*" ;;
        mixed:*) set -- "$2" "DFG_DEVICE=sim DFG_SIM_HOST_OPS=${1#mixed:}" \
                        "test_parity_*,test_grad_*,test_control_flow,test_function_jit,+dfg/+nn/*" ;;
    esac
    # shellcheck disable=SC2086  # $2: one or two assignments
    (cd build && env $2 DFG_OCTAVE_SUITES="$3" DFG_TEST_LOG="$tmp/$1.log" \
        octave --no-gui --no-window-system -q "$top/tools/run_octave_tests.m" > "$tmp/$1.out" 2>&1)
}
n=0
for r in $runs; do
    n=$((n + 1))
    run_one "$r" $n &
    [ $((n % jobs)) -ne 0 ] || wait
done
wait
pass=0; fail=0; n=0
for r in $runs; do
    n=$((n + 1))
    out=$(cat "$tmp/$n.out")
    line=$(echo "$out" | grep -E '^octave: [0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(echo "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    [ -n "$p" ] || p=0
    [ -n "$f" ] || { f=1; echo "$out" | tail -n 5; }
    echo "${r%%:*} ${r#*:}: $p passed, $f failed"
    if [ "$f" != 0 ]; then cp "$tmp/$n.log" "build/octave-tests-matrix-$(echo "$r" | tr ',+:' '___').log"; fi
    pass=$((pass + p)); fail=$((fail + f))
done
rm -rf "$tmp"
[ -z "$gpu_skip" ] || echo "$gpu_skip"
echo "pass-matrix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
