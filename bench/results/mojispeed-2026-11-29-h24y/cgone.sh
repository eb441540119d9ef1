#!/bin/bash
# cgone.sh name.test only R -> /tmp/h24y/cg.name.only.R
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
b=$(basename $1 .test); o=${2/:/_}
ZZ_ONLY=$2 ZZ_R=$3 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h24y/cg.$b.$o.$3 $1 -test.run ZZInstr > /tmp/h24y/cg.$b.$o.$3.log 2>&1
echo "$b $2 R=$3 total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h24y/cg.$b.$o.$3.log) mojibake $(/tmp/h24y/sum.sh /tmp/h24y/cg.$b.$o.$3)"
