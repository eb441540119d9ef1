#!/bin/bash
# usage: instr.sh dir -> instructions per round of the mangled corpus (Ir(R=3)-Ir(R=1))/2
export UTF8X_CORPUS=/work/shared/corpus
cd "$1/mojibake" && cp /tmp/h24s/zz_instr_test.go . && go test -c -o /tmp/h24s/instr.$$.test . && rm zz_instr_test.go || exit 1
ir() { ZZ_R=$1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/h24s/instr.$$.test -test.run ZZInstr 2>&1 | awk '/I *refs/ {gsub(",","",$NF); print $NF}'; }
a=$(ir 1); b=$(ir 3)
echo "$1: $(( (b-a)/2 )) instructions per round"
rm -f /tmp/h24s/instr.$$.test
