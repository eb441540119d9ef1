#!/bin/bash
# usage: h31b-cg2.sh tag : per-run instruction counts (runs that did not finish are retried)
cd /work/wt-h31b/mojibake
one() { # bin file bench n
  for try in 1 2 3 4 5 6; do
    out=$(ZZF=$2 GOGC=off GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/h31b-$1.test -test.run XXX -test.bench "$3\$" -test.benchtime=${4}x 2>&1)
    if echo "$out" | grep -q "ns/op" && ! echo "$out" | grep -q SIGILL; then echo "$out" | grep 'I *refs' | awk '{print $NF}' | tr -d ,; return; fi
  done
  echo 0
}
for f in french.utf8.txt persan.utf8.txt; do for b in ZZTr ZZFix; do for v in base $1; do
  a=$(one $v $f $b 1); c=$(one $v $f $b 11)
  echo "$f $b $v $a $c" | awk '{printf "%s %s %s per-run %.3f M (1x %d, 11x %d)\n",$1,$2,$3,($5-$4)/10/1e6,$4,$5}'
done; done; done
