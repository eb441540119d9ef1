#!/bin/bash
# alt.sh N FILE BIN... : N rounds; each round runs every BIN once (rotating order) under perf stat; prints "bin faults taskclock"
n=$1; f=$2; shift 2
bins=("$@"); k=${#bins[@]}
for i in $(seq $n); do
  for j in $(seq 0 $((k-1))); do
    b=${bins[$(( (i+j) % k ))]}
    o=$(perf stat -x, -e page-faults,task-clock $b detect $f 2>&1 >/dev/null)
    echo "$(basename $b) $(echo "$o" | grep page-faults | cut -d, -f1) $(echo "$o" | grep task-clock | cut -d, -f1)"
  done
done
