#!/bin/bash
# fndiff.sh cg2 cg4 -> per file:function (R4-R2)/2
fn(){ cg_annotate --threshold=0 $1 2>/dev/null | awk '/file:function/{p=1;next} p && /^-----/{if(c++) exit} p && NF>=3 {v=$1; gsub(",","",v); print v"\t"$NF}' ; }
fn $1 > /tmp/f2.$$; fn $2 > /tmp/f4.$$
awk -F'\t' 'NR==FNR{a[$2]=$1;next}{d=($1-a[$2])/2; if(d>20000 || d < -20000) printf "%9.0f %s\n", d, $2}' /tmp/f2.$$ /tmp/f4.$$ | sort -rn
rm /tmp/f2.$$ /tmp/f4.$$
