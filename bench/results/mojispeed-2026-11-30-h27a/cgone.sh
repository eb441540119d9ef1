#!/bin/bash
# cgone.sh name only R
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
b=$1-${2/:/_}
cd /work/wt-h27a/mojibake
ZZ_ONLY=$2 ZZ_R=$3 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h27a/cg.$b.$3 /tmp/h27a/$1.test -test.run ZZInstr > /tmp/h27a/cg.$b.$3.log 2>&1
echo "$b R=$3 total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h27a/cg.$b.$3.log) mojibake $(/tmp/h27a/sum.sh /tmp/h27a/cg.$b.$3)"
