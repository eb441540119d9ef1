#!/bin/bash
# fq.sh N cmd... : page-fault quantiles over N runs
n=$1; shift
for i in $(seq $n); do perf stat -x, -e page-faults "$@" 2>&1 >/dev/null | cut -d, -f1; done | python3 -c '
import sys; v=sorted(int(x) for x in sys.stdin); n=len(v)
print(f"min {v[0]} p10 {v[n//10]} p50 {v[n//2]} p90 {v[9*n//10]} mean {sum(v)/n:.1f}")'
