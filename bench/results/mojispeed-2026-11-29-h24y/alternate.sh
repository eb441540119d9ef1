#!/bin/bash
# alternate.sh A B [bench-regexp]: N (default 6) alternating runs of /tmp/h24y/A.test and B.test, -test.benchtime 200ms;
# out /tmp/h24y/bs-A.txt, bs-B.txt, bs-A-B-uptime.txt
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h24y/mojibake
N=${N:-6}; A=$1; B=$2; RE=${3:-'TransformerMangledCorpus/.*/(Emoji|korean|Korean|vietnamese)'}
: > /tmp/h24y/bs-$A.txt; : > /tmp/h24y/bs-$B.txt; U=/tmp/h24y/bs-$A-$B-uptime.txt; : > $U
for n in $(seq $N); do
  uptime >> $U
  /tmp/h24y/$A.test -test.run XXX -test.bench "$RE" -test.benchtime 200ms -test.count 1 >> /tmp/h24y/bs-$A.txt 2>&1
  /tmp/h24y/$B.test -test.run XXX -test.bench "$RE" -test.benchtime 200ms -test.count 1 >> /tmp/h24y/bs-$B.txt 2>&1
done
uptime >> $U
echo done
