#!/bin/bash
# usage: alt.sh N : N alternating rounds of ab-base.test and ab-br.test (order swapped each round)
export UTF8X_CORPUS=/work/shared/corpus
B='BenchmarkTransformerMangledCorpus/windows-125[12]/(persan|czech|hebrew|chinese)$'
cd /tmp/h33a
: > bs-base.txt; : > bs-br.txt; : > bs-uptime.txt
for i in $(seq 1 $1); do
  uptime >> bs-uptime.txt
  if [ $((i % 2)) = 1 ]; then order="base br"; else order="br base"; fi
  for v in $order; do ./ab-$v.test -test.run '^$' -test.bench "$B" -test.benchtime 1s | grep '^Benchmark' >> bs-$v.txt; done
done
uptime >> bs-uptime.txt
