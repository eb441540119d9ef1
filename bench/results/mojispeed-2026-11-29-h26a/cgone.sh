#!/bin/bash
# cgone.sh name only R -> cachegrind of one input (ZZ_ONLY=only, e.g. persan:0), GOMAXPROCS=1
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
b=$1-${2/:/_}
cd /work/wt-h26a/mojibake
ZZ_ONLY=$2 ZZ_R=$3 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h26a/cg.$b.$3 /tmp/h26a/$1.test -test.run ZZInstr > /tmp/h26a/cg.$b.$3.log 2>&1
echo "$b R=$3 total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h26a/cg.$b.$3.log) mojibake $(/tmp/h26a/sum.sh /tmp/h26a/cg.$b.$3)"
