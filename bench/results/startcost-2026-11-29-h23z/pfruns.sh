#!/bin/bash
# pfruns.sh N OUTDIR BIN ARGS...: N runs under `perf record -e page-faults -c 1 -d -g`
# (OUTDIR/pf.1.data ...), then pfcat.py's mean breakdown of them.
n=$1; out=$2; shift 2
mkdir -p $out
for i in $(seq $n); do perf record -q -e page-faults -c 1 -d -g -o $out/pf.$i.data "$@" >/dev/null 2>&1; done
python3 "$(dirname "$0")/pfcat.py" "$1" $out/pf.*.data
