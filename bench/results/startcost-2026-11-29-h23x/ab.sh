#!/bin/bash
# ab.sh FILE BIN... : for each binary, `BIN detect FILE`: callgrind median of
# 5 (irmed.sh) and page-fault quantiles over 100 runs (fq.sh), the binaries
# taken in turn; then the load average.
cd "$(dirname "$0")"
f=$1; shift
for b in "$@"; do echo "$b ir: $(./irmed.sh 5 $b detect $f)"; done
for b in "$@"; do echo "$b faults: $(./fq.sh 100 $b detect $f)"; done
uptime
