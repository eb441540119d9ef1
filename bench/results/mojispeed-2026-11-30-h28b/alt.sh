#!/bin/bash
# alt.sh a b N: alternating BenchmarkTransformerMangledCorpus runs of a.test and b.test (thread CPU is in the benchmark's MB/s? see README), N each
export UTF8X_CORPUS=/work/shared/corpus
a=$1; b=$2; N=${3:-6}
cd /tmp/h28b/src-base/mojibake
: > /tmp/h28b/bs-$a.txt; : > /tmp/h28b/bs-$b.txt; : > /tmp/h28b/bs-uptime-$a-$b.txt
for n in $(seq $N); do
  uptime >> /tmp/h28b/bs-uptime-$a-$b.txt
  /tmp/h28b/$a.test -test.run XXX -test.bench 'TransformerMangledCorpus' -test.benchtime 200ms -test.count 1 >> /tmp/h28b/bs-$a.txt 2>&1
  /tmp/h28b/$b.test -test.run XXX -test.bench 'TransformerMangledCorpus' -test.benchtime 200ms -test.count 1 >> /tmp/h28b/bs-$b.txt 2>&1
done
uptime >> /tmp/h28b/bs-uptime-$a-$b.txt
