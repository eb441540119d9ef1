#!/bin/bash
# cgone.sh name.test only R -> cachegrind of one input (ZZ_ONLY=only, or all when "all")
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
b=$(basename $1 .test)-${2/:/_}
o=$2; [ "$o" = all ] && o=
cd /work/wt-h26c/mojibake
ZZ_ONLY=$o ZZ_R=$3 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h26c/cg.$b.$3 $1 -test.run ZZInstr > /tmp/h26c/cg.$b.$3.log 2>&1
echo "$b R=$3 total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h26c/cg.$b.$3.log) mojibake $(/tmp/h26c/sum.sh /tmp/h26c/cg.$b.$3)"
