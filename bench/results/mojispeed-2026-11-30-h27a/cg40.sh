#!/bin/bash
# cg40.sh build R: cachegrind over the 40 inputs
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
cd /work/wt-h27a/mojibake
ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h27a/cg.$1-all.$2 /tmp/h27a/$1.test -test.run ZZInstr > /tmp/h27a/cg.$1-all.$2.log 2>&1
echo "$1 all R=$2 mojibake $(/tmp/h27a/sum.sh /tmp/h27a/cg.$1-all.$2)"
