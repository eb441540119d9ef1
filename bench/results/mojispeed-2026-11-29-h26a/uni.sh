#!/bin/bash
# uni.sh name sub: instructions of the unit finders per pass over input sub (cachegrind, 10x vs 30x)
cd /tmp/h26a
for n in 10 30; do
UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h26a/ucg.$1.$n ./dec.$1.test -test.run XXX -test.bench "ZZUnits/$2\$" -test.benchtime ${n}x >/dev/null 2>&1
done
python3 fn.py ucg.$1.10 ucg.$1.30 100 | grep -E "mojibake\." | grep -v ZZ | awk '{s+=$1*2/20; printf "%8.3fM/pass %s\n", $1*2/20, $2} END {printf "total %.3fM\n", s}' | head -14
