#!/bin/sh
# tools/deps.sh -- install (or, with --check, look for) what dfg needs on
# Debian: Octave with its headers (mkoctfile) and OpenBLAS/LAPACK.
# As root it installs what is missing with apt-get; otherwise it says
# what to run.  Graphviz (dfg.show's pictures, and the test that DOT
# output parses) is optional: as root it is installed too, but a failure
# to install it only warns; otherwise it is only mentioned.
set -e
PKGS="octave liboctave-dev libopenblas-dev liblapack-dev gcc make"
OPTIONAL="graphviz"
missing=""
for p in $PKGS; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
optional=""
if [ "$1" != "--check" ]; then
    for p in $OPTIONAL; do
        dpkg -s "$p" >/dev/null 2>&1 || optional="$optional $p"
    done
fi
root=0
[ "$(id -u)" = 0 ] && root=1
if [ -n "$missing" ] && [ $root = 1 ]; then
    echo "dfg: installing missing Debian packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq $missing >/dev/null
    missing=""
fi
if [ -n "$optional" ]; then
    if [ $root = 1 ]; then
        echo "dfg: installing optional Debian packages:$optional"
        export DEBIAN_FRONTEND=noninteractive
        { apt-get install -y -qq $optional >/dev/null 2>&1 ||
          { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq $optional >/dev/null 2>&1; }; } ||
            echo "dfg: could not install$optional (optional: dfg.show needs it; its tests are skipped)" >&2
    else
        echo "dfg: optional, for dfg.show's pictures:  apt-get install$optional" >&2
    fi
fi
[ -z "$missing" ] && exit 0
if [ "$1" = "--check" ] && command -v mkoctfile >/dev/null 2>&1 && [ -e /usr/include/cblas.h ]; then
    exit 0   # not Debian packages, but the tools are there
fi
echo "dfg: missing packages:$missing" >&2
echo "dfg: run as root:  apt-get install$missing" >&2
exit 1
