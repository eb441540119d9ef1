#!/bin/bash
# cg40.sh build R: cachegrind over the 40 inputs
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
cd /work/wt-h27b/mojibake
ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h27b/cg.$1-all.$2 /tmp/h27b/$1.test -test.run ZZInstr > /tmp/h27b/cg.$1-all.$2.log 2>&1
echo "$1 all R=$2 mojibake $(/tmp/h27b/sum.sh /tmp/h27b/cg.$1-all.$2)"
