#!/bin/bash
# irmed.sh N cmd... -> median and all of N callgrind counts
n=$1; shift
v=""
for i in $(seq $n); do v="$v $(./ir.sh "$@")"; done
echo "$v" | python3 -c 'import sys,statistics; x=[int(a) for a in sys.stdin.read().split()]; print(f"median {int(statistics.median(x)):,} (min {min(x):,} max {max(x):,})")'
