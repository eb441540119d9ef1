#!/bin/bash
# usage: cg.sh NAME.test R [ONLY] -> cachegrind out $W/cg.NAME.R[.ONLY] (W default /tmp/instr40);
# prints "tag total N mojibake M tries K"; retried on valgrind's SIGILL
W=${W:-/tmp/instr40}; mkdir -p $W
here=$(cd "$(dirname "$0")" && pwd)
export UTF8X_CORPUS=${UTF8X_CORPUS:-/work/shared/corpus} GOMAXPROCS=1 GOGC=off GODEBUG=cpu.rdtscp=off
b=$(basename $1 .test); tag=$b.$2${3:+.$3}
for try in 1 2 3 4 5 6 7 8; do
ZZ_ONLY=$3 ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$W/cg.$tag $1 -test.run ZZInstr -test.v > $W/cg.$tag.log 2>&1
grep -q -- '--- PASS' $W/cg.$tag.log && ! grep -q SIGILL $W/cg.$tag.log && break
done
echo "$tag total $(awk '/I *refs/ {gsub(",","",$NF); print $NF}' $W/cg.$tag.log) mojibake $($here/../../mojispeed-2026-11-29-h25a/sum.sh $W/cg.$tag) tries $try"
