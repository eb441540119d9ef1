#!/bin/bash
# usage: cg.sh name.test R [ONLY] -> cachegrind out /tmp/h37a/cg.name.R[.ONLY]; retried on valgrind's SIGILL
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1 GOGC=off GODEBUG=cpu.rdtscp=off
b=$(basename $1 .test); tag=$b.$2${3:+.$3}
for try in 1 2 3 4 5 6 7 8; do
ZZ_ONLY=$3 ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h37a/cg.$tag $1 -test.run ZZInstr -test.v > /tmp/h37a/cg.$tag.log 2>&1
grep -q -- '--- PASS' /tmp/h37a/cg.$tag.log && ! grep -q SIGILL /tmp/h37a/cg.$tag.log && break
done
echo "$tag total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' /tmp/h37a/cg.$tag.log) mojibake $(/work/main/bench/results/mojispeed-2026-11-29-h25a/sum.sh /tmp/h37a/cg.$tag) tries $try"
