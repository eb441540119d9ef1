#!/bin/bash
# alt.sh N T B: alternate base.test and v3.test, N rounds, order swapped each round
N=$1; T=$2; B=$3
cd /work/wt-h27b/mojibake
export UTF8X_CORPUS=/work/shared/corpus
: > /tmp/h27b/bs-base.txt; : > /tmp/h27b/bs-head.txt; : > /tmp/h27b/bs-uptime.txt
for r in $(seq 1 $N); do
  uptime >> /tmp/h27b/bs-uptime.txt
  if [ $((r % 2)) = 1 ]; then order="base v3"; else order="v3 base"; fi
  for b in $order; do
    out=/tmp/h27b/bs-head.txt; [ $b = base ] && out=/tmp/h27b/bs-base.txt
    /tmp/h27b/$b.test -test.run XXX -test.bench "$B" -test.benchtime $T >> $out 2>&1
  done
done
uptime >> /tmp/h27b/bs-uptime.txt
