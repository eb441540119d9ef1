#!/bin/bash
# alt.sh N T B: alternate base.test and v2.test, N rounds, order swapped each round
N=$1; T=$2; B=$3
cd /work/wt-h27a/mojibake
export UTF8X_CORPUS=/work/shared/corpus
: > /tmp/h27a/cl-base.txt; : > /tmp/h27a/cl-head.txt; : > /tmp/h27a/cl-uptime.txt
for r in $(seq 1 $N); do
  uptime >> /tmp/h27a/cl-uptime.txt
  if [ $((r % 2)) = 1 ]; then order="base v2"; else order="v2 base"; fi
  for b in $order; do
    out=/tmp/h27a/cl-head.txt; [ $b = base ] && out=/tmp/h27a/cl-base.txt
    /tmp/h27a/$b.test -test.run XXX -test.bench "$B" -test.benchtime $T >> $out 2>&1
  done
done
uptime >> /tmp/h27a/cl-uptime.txt
