#!/bin/bash
# usage: cgrun.sh test-binary file enc(0|3) off  -> instructions per round (M)
bin=$1; f=$2; e=$3; off=$4
r() { ZZ_ENC=$e ZZ_OFF=$off ZZ_FILE=$f GOGC=off GOMAXPROCS=1 GODEBUG=cpu.rdtscp=off valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null $bin -test.run XXX -test.bench ZZProf -test.benchtime ${1}x 2>&1 | grep 'I *refs' | awk '{gsub(",","",$4); print $4}'; }
a=$(r 2); b=$(r 4)
echo "$f:$e off=$off $(python3 -c "print(round(($b-$a)/2/1e6,3))")"
