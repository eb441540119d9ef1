#!/bin/bash
# usage: alt.sh N : alternate base and branch bench binaries N rounds (order swapped each round), -benchtime 1s
# BenchmarkTransformerMangledCorpus on the slow inputs; outputs bs-base.txt, bs-br.txt, bs-uptime.txt
cd /work/wt-h35b/mojibake
export UTF8X_CORPUS=/work/shared/corpus
pat='TransformerMangledCorpus/windows-125[12]/(persan|korean|vietnamese|russian|chinese|hebrew|czech)$'
: > /tmp/h35b/bs-base.txt; : > /tmp/h35b/bs-br.txt; : > /tmp/h35b/bs-uptime.txt
for i in $(seq 1 $1); do
  if [ $((i % 2)) = 1 ]; then order="base br"; else order="br base"; fi
  for b in $order; do
    uptime >> /tmp/h35b/bs-uptime.txt
    /tmp/h35b/${b}bench.test -test.run XX -test.bench "$pat" -test.benchtime 1s >> /tmp/h35b/bs-$b.txt 2>&1
  done
done
uptime >> /tmp/h35b/bs-uptime.txt
