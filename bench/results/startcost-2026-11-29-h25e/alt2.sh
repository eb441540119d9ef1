#!/bin/bash
# alt2.sh N FILE A B: N rounds, one run of binary A and one of B each (order alternating)
n=$1; f=$2; A=$3; B=$4
for i in $(seq $n); do
  if [ $((i%2)) = 0 ]; then order="$A $B"; else order="$B $A"; fi
  for b in $order; do
    o=$(perf stat -x, -e page-faults,task-clock ./$b-utf8x detect $f.txt 2>&1 >/dev/null)
    echo "$b $(echo "$o" | grep page-faults | cut -d, -f1) $(echo "$o" | grep task-clock | cut -d, -f1)"
  done
done
