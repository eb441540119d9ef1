#!/bin/bash
# deci.sh name sub: instructions of decodeWindow (+fast, step) per pass over input sub, from cachegrind of 10x vs 30x
cd /tmp/h26a
for n in 10 30; do
UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h26a/dcg.$1.$n ./dec.$1.test -test.run XXX -test.bench "ZZDecode/$2\$" -test.benchtime ${n}x >/dev/null 2>&1
done
python3 fn.py dcg.$1.10 dcg.$1.30 100 | grep -E "decodeWindow|windowDecoder" | awk '{s+=$1*2/20} {print} END {printf "per pass %.3fM\n", s}'
