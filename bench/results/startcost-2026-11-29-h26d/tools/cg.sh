#!/bin/bash
# cg.sh N BIN FILE: median of N callgrind instruction counts of BIN detect FILE
n=$1; b=$2; f=$3
for i in $(seq $n); do GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null $b detect $f 2>&1 | grep "refs:" | awk '{gsub(",","",$4); print $4}'; done | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)], "(min", a[1]", max", a[NR]")"}'
