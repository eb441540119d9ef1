#!/bin/bash
# Alternating runs of main's (base.test) and the branch's ($BR.test) test binaries, N each.
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h26a/mojibake
N=${N:-8}; OUT=${OUT:-bs}; BR=${BR:-br}; BENCH=${BENCH:-'TransformerMangledCorpus|TransformerCleanCorpus'}; T=${T:-150ms}
: > /tmp/h26a/$OUT-main.txt; : > /tmp/h26a/$OUT-$BR.txt; : > /tmp/h26a/$OUT-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h26a/$OUT-uptime.txt
  /tmp/h26a/base.test -test.run XXX -test.bench "$BENCH" -test.benchtime $T -test.count 1 >> /tmp/h26a/$OUT-main.txt 2>&1
  /tmp/h26a/$BR.test -test.run XXX -test.bench "$BENCH" -test.benchtime $T -test.count 1 >> /tmp/h26a/$OUT-$BR.txt 2>&1
done
uptime >> /tmp/h26a/$OUT-uptime.txt
echo done
