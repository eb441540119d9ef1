#!/bin/bash
# table.sh BASE BR -> markdown table of per-input M instr a round, base vs branch, with instr/byte for inputs of known size
declare -A size=( [czech:0]=171804 [korean:0]=143469 [vietnamese:0]=385686 [hebrew:0]=295881 )
join <(awk '{print $1, $4}' /tmp/h36b/per.$1.txt | sort) <(awk '{print $1, $4}' /tmp/h36b/per.$2.txt | sort) > /tmp/h36b/j.txt
echo "| input | base | branch | change |"
echo "| --- | ---: | ---: | ---: |"
awk '{printf "| %s | %.3f | %.3f | %+.2f%% |\n", $1, $2, $3, ($3-$2)/$2*100; a+=$2; b+=$3} END {printf "| **all 40** | %.2f | %.2f | %+.2f%% |\n", a, b, (b-a)/a*100}' /tmp/h36b/j.txt
