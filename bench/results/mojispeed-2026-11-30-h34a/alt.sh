#!/bin/bash
# usage: alt.sh N : alternate base and branch bench binaries N rounds (order swapped each round), -benchtime 1s
# BenchmarkTransformerMangledCorpus on the slow inputs; outputs bs-base.txt, bs-br.txt, bs-uptime.txt
cd /work/wt-h34a/mojibake
export UTF8X_CORPUS=/work/shared/corpus
pat='TransformerMangledCorpus/windows-125[12]/(persan|korean|japanese|vietnamese|russian|chinese|hebrew|czech|hindi)$'
: > /tmp/h34a/bs-base.txt; : > /tmp/h34a/bs-br.txt; : > /tmp/h34a/bs-uptime.txt
for i in $(seq 1 $1); do
  if [ $((i % 2)) = 1 ]; then order="base br"; else order="br base"; fi
  for b in $order; do
    uptime >> /tmp/h34a/bs-uptime.txt
    /tmp/h34a/${b}bench.test -test.run XX -test.bench "$pat" -test.benchtime 1s >> /tmp/h34a/bs-$b.txt 2>&1
  done
done
uptime >> /tmp/h34a/bs-uptime.txt
