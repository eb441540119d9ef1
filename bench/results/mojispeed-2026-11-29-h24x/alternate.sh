#!/bin/bash
# Alternating runs of main's and the branch's test binaries, N each (default 8).
# h24w/h24u alternate.sh, scratch dir renamed.
#   /tmp/h24x/base.test: main ffb21c1's mojibake tests (mk.sh in a copy of main)
#   /tmp/h24x/br.test:   this branch's (mk.sh br)
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h24x/mojibake
N=${N:-8}
: > /tmp/h24x/bs-main.txt; : > /tmp/h24x/bs-br.txt; : > /tmp/h24x/bs-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h24x/bs-uptime.txt
  /tmp/h24x/base.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24x/bs-main.txt 2>&1
  /tmp/h24x/br.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24x/bs-br.txt 2>&1
done
uptime >> /tmp/h24x/bs-uptime.txt
echo done
