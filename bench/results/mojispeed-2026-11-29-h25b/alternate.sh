#!/bin/bash
# Alternating runs of main's and the branch's test binaries, N each (default 8).
# h24x/h24w/h24u alternate.sh, scratch dir renamed; OUT, BR, BENCH, T settable.
#   /tmp/h25b/base.test: main d38f639s mojibake tests (DIR=/work/main mk.sh base)
#   /tmp/h25b/br.test:   this branch's (mk.sh $BR)
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h25b/mojibake
N=${N:-8}; OUT=${OUT:-bs}; BR=${BR:-br}; BENCH=${BENCH:-'TransformerMangledCorpus|FixClean'}; T=${T:-200ms}
: > /tmp/h25b/$OUT-main.txt; : > /tmp/h25b/$OUT-$BR.txt; : > /tmp/h25b/$OUT-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h25b/$OUT-uptime.txt
  /tmp/h25b/base.test -test.run XXX -test.bench "$BENCH" -test.benchtime $T -test.count 1 >> /tmp/h25b/$OUT-main.txt 2>&1
  /tmp/h25b/$BR.test -test.run XXX -test.bench "$BENCH" -test.benchtime $T -test.count 1 >> /tmp/h25b/$OUT-$BR.txt 2>&1
done
uptime >> /tmp/h25b/$OUT-uptime.txt
echo done
