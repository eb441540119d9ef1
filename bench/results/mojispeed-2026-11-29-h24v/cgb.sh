#!/bin/bash
# usage: cgb.sh bin 'bench regexp' N -> total instructions of N iterations in scanFrom+helpers (mojibake.*) 
export UTF8X_CORPUS=/work/shared/corpus GOMAXPROCS=1
out=/tmp/h24v/cg.$1.$(echo "$2" | tr -c 'A-Za-z0-9' _).$3
valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$out /tmp/h24v/$1.test -test.run XXX -test.bench "$2" -test.benchtime ${3}x > $out.log 2>&1
s=$(cg_annotate --threshold=0 $out 2>/dev/null | awk '/file:function/{p=1;next} p && /(mojibake|utf8kernel)\./ && !/_test\.go:/ {v=$1; gsub(",","",v); s+=v} END {printf "%.0f\n", s}')
echo "$1 $2 x$3 mojibake+utf8kernel Ir: $s"
