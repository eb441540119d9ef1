#!/bin/bash
# fn.sh build: per-round (R3-R1)/2 by function (mojibake package), from cg.<build>-all.{1,3}
for r in 1 3; do cg_annotate --threshold=0 cg.$1-all.$r 2>/dev/null | awk '/file:function/{p=1;next} p && /mojibake\./ {v=$1; gsub(",","",v); n=$NF; sub(/.*:/,"",n); s[n]+=v} END{for(k in s) print k, s[k]}' | sort > fn.$1.$r; done
join fn.$1.1 fn.$1.3 | awk '{printf "%s %.3f\n", $1, ($3-$2)/2e6}' | sort -k2 -nr > fn.$1
