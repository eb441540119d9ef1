#!/bin/bash
# usage: cachegrind.sh : per-run instruction counts of /tmp/h32b-base.test and /tmp/h32b-new.test
# (count at 11x - count at 1x) / 10; runs that did not finish are retried.
cd "$(dirname "$0")/../../../mojibake"
one() { # bin file bench n enc
  for try in 1 2 3 4 5 6; do
    out=$(ZZE=$5 ZZF=$2 GOGC=off GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/h32b-$1.test -test.run XXX -test.bench "$3\$" -test.benchtime=${4}x 2>&1)
    if echo "$out" | grep -q "ns/op" && ! echo "$out" | grep -q SIGILL; then echo "$out" | grep 'I *refs' | awk '{print $NF}' | tr -d ,; return; fi
  done
  echo 0
}
for spec in "french.utf8.txt 1252" "persan.utf8.txt 1252" "russian.utf8.txt 1251" "french.utf8.txt 1251" "russian.utf8.txt clean" "english.utf8.txt clean"; do
  set -- $spec; f=$1; e=$2
  for b in ZZTr ZZFix; do for v in base new; do
    a=$(one $v $f $b 1 $e); c=$(one $v $f $b 11 $e)
    echo "$f $e $b $v $a $c" | awk '{printf "%s %s %s %s per-run %.3f M (1x %d, 11x %d)\n",$1,$2,$3,$4,($6-$5)/10/1e6,$5,$6}'
  done; done
done
