#!/bin/bash
A=$1; B=$2
# per.sh A B inputs... : per-round M instr (package mojibake) of builds A and B
shift 2; for n in "$@"; do
 a2=$(grep -h "^$A.2.$n " /tmp/h35a/res/*.txt | head -1 | awk '{print $2}'); a4=$(grep -h "^$A.4.$n " /tmp/h35a/res/*.txt | head -1| awk '{print $2}')
 b2=$(grep -h "^$B.2.$n " /tmp/h35a/res/*.txt | head -1| awk '{print $2}'); b4=$(grep -h "^$B.4.$n " /tmp/h35a/res/*.txt | head -1| awk '{print $2}')
 echo "$n $a2 $a4 $b2 $b4" | awk '{a=($3-$2)/2e6; b=($5-$4)/2e6; printf "%-14s %8.3f %8.3f %+6.2f%%\n", $1, a, b, (b/a-1)*100}'
done
