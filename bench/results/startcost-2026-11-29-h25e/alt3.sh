#!/bin/bash
# alt3.sh N FILE: N rounds of main2, head2 (linker-fresh go builds) and uchardet, rotating order; perf stat of each run
n=$1; f=$2
for i in $(seq $n); do
  case $((i%3)) in 0) order="main2 head2 uchardet";; 1) order="head2 uchardet main2";; 2) order="uchardet main2 head2";; esac
  for b in $order; do
    if [ $b = uchardet ]; then cmd="uchardet $f.txt"; else cmd="./$b-utf8x detect $f.txt"; fi
    o=$(perf stat -x, -e page-faults,task-clock $cmd 2>&1 >/dev/null)
    echo "$b $(echo "$o" | grep page-faults | cut -d, -f1) $(echo "$o" | grep task-clock | cut -d, -f1)"
  done
done
