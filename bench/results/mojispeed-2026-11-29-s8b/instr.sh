#!/bin/bash
# usage: instr.sh dir -> instructions per round of the mangled corpus (Ir(R=3)-Ir(R=1))/2
# s8's instr.sh with its scratch directory renamed; the test is s8's instr_test.go.txt.
# The figure moves by +-30 million between runs of the same binary (see README).
export UTF8X_CORPUS=/work/shared/corpus
mkdir -p /tmp/h24t && cp /work/wt-h24t/bench/results/mojispeed-2026-11-29-s8/instr_test.go.txt /tmp/h24t/zz_instr_test.go
cd "$1/mojibake" && cp /tmp/h24t/zz_instr_test.go . && go test -c -o /tmp/h24t/instr.$$.test . && rm zz_instr_test.go || exit 1
ir() { ZZ_R=$1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/h24t/instr.$$.test -test.run ZZInstr 2>&1 | awk '/I *refs/ {gsub(",","",$NF); print $NF}'; }
a=$(ir 1); b=$(ir 3)
echo "$1: $(( (b-a)/2 )) instructions per round"
rm -f /tmp/h24t/instr.$$.test
