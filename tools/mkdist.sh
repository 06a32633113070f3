#!/bin/sh
# tools/mkdist.sh -- writes dfg-<version>.tar.gz in the repository root
# (make dist): an Octave package that `pkg install` builds from source
# (docs/packaging.md).  The version is DESCRIPTION's; the Date field
# becomes the date of the last commit.  Layout of the tarball:
#
#   dfg-<version>/DESCRIPTION COPYING README.md INSTALL
#   dfg-<version>/INDEX   the functions by topic, from +dfg/Contents.m
#                         (what `pkg describe -verbose dfg` lists)
#   dfg-<version>/inst/   what the repository root holds for Octave:
#                         +dfg/, @dfg_logical/, PKG_ADD, doc-cache (what
#                         lookfor searches, tools/gen_doc_cache.m), and for the
#                         in-file tests tools/run_octave_tests.m and the
#                         helpers tests/octave/dfg_*.m
#   dfg-<version>/src/    Makefile (tools/pkg-src.mk) and dfg/: the
#                         project's Makefile, lib/, kernels/, mex/ and
#                         tools/deps.sh, built by that Makefile
#
# Files are the ones git tracks, as they are in the working tree.
set -e
cd "$(dirname "$0")/.."
version=$(sed -n 's/^Version: *//p' DESCRIPTION)
[ -n "$version" ] || { echo "mkdist: DESCRIPTION has no Version" >&2; exit 1; }
name=dfg-$version
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
top=$tmp/$name

# copy FILES... (paths relative to the root) under DEST, keeping their paths
copy() {
    dest=$1; shift
    git ls-files -- "$@" | while read -r f; do
        mkdir -p "$dest/$(dirname "$f")"
        cp -p "$f" "$dest/$f"
    done
}

mkdir -p "$top/inst" "$top/src/dfg"
date=$(git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)
sed "s/^Date:.*/Date: $date/" DESCRIPTION > "$top/DESCRIPTION"
cp COPYING README.md INSTALL "$top/"

# INDEX: a heading line of +dfg/Contents.m's help is followed by lines
# that name functions ("##   dfg.input  ..."); each becomes a category
awk 'BEGIN { print "dfg >> Dataflow graphs and automatic differentiation" }
     /^$/ && started { exit }
     /^##/ { started = 1 }
     /^##   dfg\./ {
         if (head != "") { print head; head = "" }
         line = ""
         n = split (substr ($0, 3), w, /[ \t]+/)
         for (i = 1; i <= n; i++) if (w[i] ~ /^dfg\./) line = line " " w[i]
         if (line != "") print line
         next }
     /^## [A-Z]/ { head = substr ($0, 4) }' +dfg/Contents.m > "$top/INDEX"

copy "$top/inst" '+dfg' '@dfg_logical' PKG_ADD doc-cache tools/run_octave_tests.m 'tests/octave/dfg_*.m'
copy "$top/src/dfg" Makefile lib kernels mex tools/deps.sh
cp tools/pkg-src.mk "$top/src/Makefile"

tar -C "$tmp" -czf "$name.tar.gz" "$name"
echo "mkdist: $name.tar.gz ($(git ls-files -- '+dfg' '@dfg_logical' | wc -l) package files; build with pkg install $name.tar.gz)"
