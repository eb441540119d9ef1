#!/bin/bash
# Alternating runs of main's and the branch's test binaries, N each (default 8).
# h24u's alternate.sh with its scratch directory renamed.
#   /tmp/h24w/base.test: main ffb21c1's mojibake tests (mk.sh in a copy of main)
#   /tmp/h24w/br.test:   this branch's (mk.sh br)
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h24w/mojibake
N=${N:-8}
: > /tmp/h24w/bs-main.txt; : > /tmp/h24w/bs-br.txt; : > /tmp/h24w/bs-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h24w/bs-uptime.txt
  /tmp/h24w/base.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24w/bs-main.txt 2>&1
  /tmp/h24w/br.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24w/bs-br.txt 2>&1
done
uptime >> /tmp/h24w/bs-uptime.txt
echo done
