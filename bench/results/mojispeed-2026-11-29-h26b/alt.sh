#!/bin/bash
# alt.sh N T B: alternate base.test and brF.test, N rounds, order swapped each round
N=$1; T=$2; B=$3
cd /work/wt-h26b/mojibake
export UTF8X_CORPUS=/work/shared/corpus
: > /tmp/h26b/bs-base.txt; : > /tmp/h26b/bs-head.txt; : > /tmp/h26b/bs-uptime.txt
for r in $(seq 1 $N); do
  uptime >> /tmp/h26b/bs-uptime.txt
  if [ $((r % 2)) = 1 ]; then order="base brF"; else order="brF base"; fi
  for b in $order; do
    out=/tmp/h26b/bs-head.txt; [ $b = base ] && out=/tmp/h26b/bs-base.txt
    /tmp/h26b/$b.test -test.run XXX -test.bench "$B" -test.benchtime $T >> $out 2>&1
  done
done
uptime >> /tmp/h26b/bs-uptime.txt
