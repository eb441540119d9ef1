#!/bin/bash
# Alternating runs of main's and the branch's test binaries, N each (default 8).
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h24t/mojibake
N=${N:-8}
: > /tmp/h24t/bs-main.txt; : > /tmp/h24t/bs-br.txt; : > /tmp/h24t/bs-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h24t/bs-uptime.txt
  /tmp/h24t/bs-main.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24t/bs-main.txt 2>&1
  /tmp/h24t/bs-br.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24t/bs-br.txt 2>&1
done
uptime >> /tmp/h24t/bs-uptime.txt
echo done
