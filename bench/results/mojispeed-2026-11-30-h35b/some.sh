#!/bin/bash
# usage: some.sh NAME [inputs...] -> per-input M instr per round ((R=4 - R=2)/2, package mojibake), /tmp/h35b/per.NAME.txt
names=${NAMES:-"czech korean hebrew vietnamese persan russian chinese"}
out=/tmp/h35b/per.$1.txt; : > $out
for e in 0 3; do for n in $names; do
a=$(/tmp/h35b/cg.sh /tmp/h35b/$1.test 2 $n:$e | awk '{print $5}')
b=$(/tmp/h35b/cg.sh /tmp/h35b/$1.test 4 $n:$e | awk '{print $5}')
echo "$n:$e $a $b $(echo "($b-$a)/2/1000000" | bc -l | xargs printf %.3f)" >> $out
done; done
