#!/bin/bash
# usage: cgm.sh name R -> cachegrind of TestZZInstr (s8's instr_test.go.txt), GOMAXPROCS=1
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
ZZ_R=$2 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/h24v/cgm.$1.$2 /tmp/h24v/$1.test -test.run ZZInstr > /tmp/h24v/cgm.$1.$2.log 2>&1
cg_annotate --threshold=0 /tmp/h24v/cgm.$1.$2 2>/dev/null | awk '/file:function/{p=1;next} p && /mojibake\./ && !/_test\.go:/ && !/mojibake\.misread/ && !/TestZZ/ {v=$1; gsub(",","",v); s+=v} END {printf "'$1' R='$2' mojibake %.0f\n", s}'
