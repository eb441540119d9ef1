#!/bin/bash
# Alternating runs of main's and the branch's test binaries, N each (default 8).
# h24w/h24u alternate.sh, scratch dir renamed.
#   /tmp/h25a/base.test: main ffb21c1's mojibake tests (mk.sh in a copy of main)
#   /tmp/h25a/br.test:   this branch's (mk.sh br)
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h25a/mojibake
N=${N:-8}
: > /tmp/h25a/bs-main.txt; : > /tmp/h25a/bs-br.txt; : > /tmp/h25a/bs-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h25a/bs-uptime.txt
  /tmp/h25a/base.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h25a/bs-main.txt 2>&1
  /tmp/h25a/br.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h25a/bs-br.txt 2>&1
done
uptime >> /tmp/h25a/bs-uptime.txt
echo done
