#!/bin/bash
# usage: cg.sh name.test R -> cachegrind out file /tmp/h25b/cg.name.R, GOMAXPROCS=1 (h24u's cg.sh, scratch dir renamed)
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
b=$(basename $1 .test)
ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h25b/cg.$b.$2 $1 -test.run ZZInstr > /tmp/h25b/cg.$b.$2.log 2>&1
echo "$b R=$2 total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h25b/cg.$b.$2.log) mojibake $(/tmp/h25b/sum.sh /tmp/h25b/cg.$b.$2)"
