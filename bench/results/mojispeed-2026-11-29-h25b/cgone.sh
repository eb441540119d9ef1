#!/bin/bash
# cgone.sh name.test only R -> cachegrind of one input (ZZ_ONLY=only), /tmp/h25b/cg.name-only.R
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
b=$(basename $1 .test)-${2/:/_}
cd /work/wt-h25b/mojibake
ZZ_ONLY=$2 ZZ_R=$3 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h25b/cg.$b.$3 $1 -test.run ZZInstr > /tmp/h25b/cg.$b.$3.log 2>&1
echo "$b R=$3 total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h25b/cg.$b.$3.log) mojibake $(/tmp/h25b/sum.sh /tmp/h25b/cg.$b.$3)"
