#!/bin/sh
# tools/check-layers.sh [BUILD [ROOT]] -- the dependency rule of
# docs/design.md: a file uses what is below it, never what is above.
#
#   7 mex/                 the gateway
#   6 lib/control          loops and conditionals
#   5 lib/runtime          plans, memory planner, executor, backends
#   4 lib/passes           graph rewrites
#   3 lib/autodiff         gradient rules and transforms
#   2 lib/core             node store, registry, inference, graph walks
#   1 kernels/cpu, cuda    compute on buffers; each includes only lib/base,
#                          lib/dfg.h (the public types), kernels/*.h and its
#                          own folder
#   0 lib/base, lib/dfg.h  dtypes, shapes, allocation, status, threads, ops
#
# Two checks: every #include "..." of every source and header (resolved
# against the including file's folder), and every symbol an object of
# BUILD/libdfg.a (default build) uses from another of its objects (nm).
# Prints one line per violation and closes with
# "check-layers: N passed, N failed" (N: files checked); exits 1 on a
# violation.
#
# check-layers.sh --self-test builds a two-file tree with one upward
# include and one upward call in a temporary folder and checks that both
# are reported (so the check itself can fail).
if [ "$1" = "--self-test" ]; then
    t=$(mktemp -d) || exit 2
    mkdir -p "$t/lib/base" "$t/lib/core" "$t/build/lib/base" "$t/build/lib/core"
    printf '#include "../core/b.h"\nint a_fn(void) { return b_fn(); }\n' > "$t/lib/base/a.c"
    printf 'int b_fn(void);\n' > "$t/lib/core/b.h"
    printf '#include "b.h"\nint b_fn(void) { return 1; }\n' > "$t/lib/core/b.c"
    ${CC:-cc} -c "$t/lib/base/a.c" -o "$t/build/lib/base/a.o" &&
        ${CC:-cc} -c "$t/lib/core/b.c" -o "$t/build/lib/core/b.o" || { rm -rf "$t"; exit 2; }
    out=$(sh "$0" build "$t")
    rm -rf "$t"
    n=$(echo "$out" | grep -c -e 'lib/base/a.c (layer 0) includes lib/core/b.h (layer 2)' \
                              -e 'lib/base/a.c (layer 0) calls b_fn of lib/core/b.c (layer 2)')
    if [ "$n" = 2 ] && echo "$out" | grep -q '^check-layers: 3 passed, 2 failed$'; then
        echo "check-layers self-test: 1 passed, 0 failed"
        exit 0
    fi
    echo "$out"
    echo "check-layers self-test: 0 passed, 1 failed"
    exit 1
fi
build=${1:-build}
cd "${2:-$(dirname "$0")/..}" || exit 2

# layer of a repository path ("" for a path outside the layers)
layer() {
    case "$1" in
        lib/dfg.h|lib/base/*) echo 0 ;;
        kernels/*)            echo 1 ;;
        lib/core/*)           echo 2 ;;
        lib/autodiff/*)       echo 3 ;;
        lib/passes/*)         echo 4 ;;
        lib/runtime/*)        echo 5 ;;
        lib/control/*)        echo 6 ;;
        mex/*)                echo 7 ;;
        *)                    echo "" ;;
    esac
}

# 0 when file (layer lf) may use target (layer lt)
allowed() {
    [ -n "$4" ] || return 0
    [ "$4" -le "$3" ] || return 1
    if [ "$3" = 1 ] && [ "$4" = 1 ]; then
        # a kernel folder uses itself and kernels/*.h, not the other folder
        case "$2" in
            kernels/*/*) [ "$(echo "$1" | cut -d/ -f2)" = "$(echo "$2" | cut -d/ -f2)" ] || return 1 ;;
        esac
    fi
    return 0
}

pass=0
fail=0
bad() { echo "check-layers: $1"; }
# edge FROM TO VERB: FROM's use of TO ("includes", "calls SYM of"), reported
# and ok=0 when the layers forbid it
edge() {
    el=$(layer "$1")
    et=$(layer "$2")
    allowed "$1" "$2" "$el" "$et" && return 0
    bad "$1 (layer $el) $3 $2 (layer $et)"
    ok=0
}
# one file checked: counts it by ok
tally() { if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi; }

files=$(find lib kernels mex \( -name '*.[ch]' -o -name '*.cu' -o -name '*.def' \) 2>/dev/null | sort)
for f in $files; do
    lf=$(layer "$f")
    [ -n "$lf" ] || continue
    ok=1
    dir=$(dirname "$f")
    for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f"); do
        edge "$f" "$(realpath -m --relative-to=. "$dir/$inc")" includes
    done
    tally
done

# symbols: which object defines each global symbol, which objects use it
objs=$(find "$build/lib" "$build/kernels" -name '*.o' 2>/dev/null | sort)
if [ -z "$objs" ]; then
    echo "check-layers: no objects under $build (run make first)"
    fail=$((fail + 1))
else
    defs=$(for o in $objs; do
               nm --defined-only -g "$o" | awk -v o="$o" 'NF == 3 { print $3, o }'
           done)
    for o in $objs; do
        src=${o#"$build"/}
        src=${src%.o}.c
        ok=1
        for line in $(nm -u "$o" | awk '{ print $2 }' | sort -u |
                      awk -v defs="$defs" 'BEGIN { n = split (defs, a, "\n");
                                                   for (i = 1; i <= n; i++) { split (a[i], p, " "); d[p[1]] = p[2] } }
                                           ($1 in d) { print $1 "@" d[$1] }'); do
            sym=${line%@*}
            to=${line#*@}
            [ "$to" = "$o" ] && continue
            tsrc=${to#"$build"/}
            edge "$src" "${tsrc%.o}.c" "calls $sym of"
        done
        tally
    done
fi
echo "check-layers: $pass passed, $fail failed"
[ $fail = 0 ]
