#!/bin/bash
# usage: fn.sh cgfileA cgfileB -> per-function (B-A) Ir in package mojibake, sorted
f() { cg_annotate --threshold=0 "$1" 2>/dev/null | awk '/file:function/{p=1;next} p && /mojibake\./ {v=$1; gsub(",","",v); n=$NF; s[n]+=v} END {for (k in s) print k, s[k]}' | sort; }
join -a1 -a2 -e0 -o 0,1.2,2.2 <(f $1) <(f $2) | awk '{d=$3-$2; t+=d; printf "%12.0f %s\n", d, $1} END {printf "%12.0f TOTAL\n", t}' | sort -n -r
