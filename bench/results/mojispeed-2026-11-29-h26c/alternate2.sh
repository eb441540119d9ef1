#!/bin/bash
# alternate.sh: base.test and $BR.test in turn (order swapped every round), N rounds each
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h26c/mojibake
N=${N:-6}; OUT=${OUT:-bs}; BR=${BR:-br}; BENCH=${BENCH:-'TransformerMangledCorpus'}; T=${T:-200ms}
: > /tmp/h26c/$OUT-main.txt; : > /tmp/h26c/$OUT-$BR.txt; : > /tmp/h26c/$OUT-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h26c/$OUT-uptime.txt
  if [ $((n % 2)) = 1 ]; then order="base $BR"; else order="$BR base"; fi
  for b in $order; do bb=$b; [ $b = base ] && bb=${BASE:-base}
    o=/tmp/h26c/$OUT-$b.txt; [ $b = base ] && o=/tmp/h26c/$OUT-main.txt
    /tmp/h26c/$bb.test -test.run XXX -test.bench "$BENCH" -test.benchtime $T -test.count 1 >> $o 2>&1
  done
done
uptime >> /tmp/h26c/$OUT-uptime.txt
echo done
