#!/bin/sh
# tools/deps.sh -- install (or, with --check, look for) what dfg needs on
# Debian: Octave with its headers (mkoctfile) and OpenBLAS/LAPACK.
# As root it installs what is missing with apt-get; otherwise it says
# what to run.  Graphviz (dfg.show's pictures, and the test that DOT
# output parses) is optional: installed as root, only mentioned otherwise.
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
if [ -n "$optional" ]; then
    if [ "$(id -u)" = 0 ]; then
        missing="$missing$optional"
    else
        echo "dfg: optional, for dfg.show's pictures:  apt-get install$optional" >&2
    fi
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "dfg: installing missing Debian packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq $missing >/dev/null
    exit 0
fi
if [ "$1" = "--check" ] && command -v mkoctfile >/dev/null 2>&1 && [ -e /usr/include/cblas.h ]; then
    exit 0   # not Debian packages, but the tools are there
fi
echo "dfg: missing packages:$missing" >&2
echo "dfg: run as root:  apt-get install$missing" >&2
exit 1
