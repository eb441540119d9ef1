#!/bin/bash
# Alternating runs of test binaries, N rounds (default 6), one run of each
# binary per round, in turn. Binaries: /tmp/h24v/<name>.test, built with
#   (cd <tree>/mojibake && go test -c -o /tmp/h24v/<name>.test .)
# usage: alternate.sh name1 name2 ...  -> /tmp/h24v/bs-<name>.txt, /tmp/h24v/bs-uptime.txt
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h24v/mojibake
N=${N:-6}
BENCH=${BENCH:-'TransformerCleanCorpus|FixClean|TransformerMangled(French|Russian|Chinese|Emoji)$'}
OUT=${OUT:-bs}
for b in "$@"; do : > /tmp/h24v/$OUT-$b.txt; done
: > /tmp/h24v/$OUT-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h24v/$OUT-uptime.txt
  for b in "$@"; do
    /tmp/h24v/$b.test -test.run XXX -test.bench "$BENCH" -test.benchtime 100ms -test.count 1 >> /tmp/h24v/$OUT-$b.txt 2>&1
  done
done
uptime >> /tmp/h24v/$OUT-uptime.txt
echo done
