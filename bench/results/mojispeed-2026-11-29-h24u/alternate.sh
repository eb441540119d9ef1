#!/bin/bash
# Alternating runs of main's and the branch's test binaries, N each (default 8).
# s8b's alternate.sh with its scratch directory renamed.
#   (cd <main copy>/mojibake && go test -c -o /tmp/h24u/bs-main.test .)
#   (cd /work/wt-h24u/mojibake && go test -c -o /tmp/h24u/bs-br.test .)
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h24u/mojibake
N=${N:-8}
: > /tmp/h24u/bs-main.txt; : > /tmp/h24u/bs-br.txt; : > /tmp/h24u/bs-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h24u/bs-uptime.txt
  /tmp/h24u/bs-main.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24u/bs-main.txt 2>&1
  /tmp/h24u/bs-br.test -test.run XXX -test.bench 'TransformerMangledCorpus|FixClean' -test.benchtime 200ms -test.count 1 >> /tmp/h24u/bs-br.txt 2>&1
done
uptime >> /tmp/h24u/bs-uptime.txt
echo done
