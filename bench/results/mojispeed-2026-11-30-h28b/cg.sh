#!/bin/bash
# cg.sh name R [only] -> instructions (total, mojibake package) for R rounds
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
o=/tmp/h28b/cg.$1.$2.${3:-all}; o=${o/:/_}
ZZ_ONLY=$3 ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$o /tmp/h28b/$1.test -test.run ZZInstr > $o.log 2>&1
echo "$1 R=$2 ${3:-all} total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' $o.log) mojibake $(/work/wt-h28b/bench/results/mojispeed-2026-11-29-h25a/sum.sh $o)"
