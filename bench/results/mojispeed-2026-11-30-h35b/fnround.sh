#!/bin/bash
# usage: fnround.sh A B  (A,B = name.R2/name.R4 prefixes: cg.A.2.ONLY, cg.A.4.ONLY) -> per-function per-round cost, B - A
# args: tagA2 tagA4 tagB2 tagB4
f() { cg_annotate --threshold=0 "$1" 2>/dev/null | awk '/file:function/{p=1;next} p && /mojibake\./ {v=$1; gsub(",","",v); n=$NF; sub(/.*mojibake\./,"",n); s[n]+=v} END {for (k in s) print k, s[k]}' | sort; }
join -a1 -a2 -e0 -o 0,1.2,2.2 <(f $1) <(f $2) > /tmp/h35b/fa.txt
join -a1 -a2 -e0 -o 0,1.2,2.2 <(f $3) <(f $4) > /tmp/h35b/fb.txt
join -a1 -a2 -e0 -o 0,1.2,1.3,2.2,2.3 /tmp/h35b/fa.txt /tmp/h35b/fb.txt | awk '{a=($3-$2)/2; b=($5-$4)/2; d=b-a; t+=d; ta+=a; printf "%10.0f %10.0f %10.0f %s\n", a, b, d, $1} END {printf "%10.0f %10.0f %10.0f TOTAL\n", ta, ta+t, t}' | sort -k3 -n
