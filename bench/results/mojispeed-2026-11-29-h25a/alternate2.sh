#!/bin/bash
# alternate2.sh: N rounds (default 6) of main's and the branch's test binaries,
# the order swapped every round (base first in odd rounds, branch first in even ones).
#   /tmp/h25a/base.test: main d38f639's mojibake tests (mk.sh with DIR= a copy of main)
#   /tmp/h25a/br.test:   this branch's (mk.sh)
export UTF8X_CORPUS=/work/shared/corpus
cd /work/wt-h25a/mojibake
N=${N:-6}
B=${B:-TransformerMangledCorpus}
T=${T:-200ms}
: > /tmp/h25a/bs2-main.txt; : > /tmp/h25a/bs2-br.txt; : > /tmp/h25a/bs2-uptime.txt
for n in $(seq $N); do
  uptime >> /tmp/h25a/bs2-uptime.txt
  if [ $((n % 2)) = 1 ]; then
    /tmp/h25a/base.test -test.run XXX -test.bench $B -test.benchtime $T -test.count 1 >> /tmp/h25a/bs2-main.txt 2>&1
    /tmp/h25a/br.test -test.run XXX -test.bench $B -test.benchtime $T -test.count 1 >> /tmp/h25a/bs2-br.txt 2>&1
  else
    /tmp/h25a/br.test -test.run XXX -test.bench $B -test.benchtime $T -test.count 1 >> /tmp/h25a/bs2-br.txt 2>&1
    /tmp/h25a/base.test -test.run XXX -test.bench $B -test.benchtime $T -test.count 1 >> /tmp/h25a/bs2-main.txt 2>&1
  fi
done
uptime >> /tmp/h25a/bs2-uptime.txt
echo done
