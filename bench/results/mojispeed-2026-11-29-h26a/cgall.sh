#!/bin/bash
# cgall.sh name R -> cachegrind of all 40 inputs (TestZZInstr), GOMAXPROCS=1
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
cd /work/wt-h26a/mojibake
ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h26a/cga.$1.$2 /tmp/h26a/$1.test -test.run ZZInstr > /tmp/h26a/cga.$1.$2.log 2>&1
echo "$1 R=$2 total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h26a/cga.$1.$2.log) mojibake $(/tmp/h26a/sum.sh /tmp/h26a/cga.$1.$2)"
