#!/bin/bash
# Alternating runs of main's and the branch's test binaries, 8 each.
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h24s/mojibake
: > /tmp/h24s/bs-main.txt; : > /tmp/h24s/bs-br.txt
for n in 1 2 3 4 5 6 7 8; do
  uptime >> /tmp/h24s/bs-uptime.txt
  /tmp/h24s/bs-main.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24s/bs-main.txt 2>&1
  /tmp/h24s/bs-br.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24s/bs-br.txt 2>&1
done
uptime >> /tmp/h24s/bs-uptime.txt
echo done
