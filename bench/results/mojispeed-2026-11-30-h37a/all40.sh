#!/bin/bash
# usage: all40.sh NAME -> per-input M instr per round ((R=4 - R=2)/2, package mojibake) for the 40 inputs, into /tmp/h37a/per.NAME.txt
names="Arabic-Lipsum Chinese-Lipsum Emoji-Lipsum Hebrew-Lipsum Hindi-Lipsum Japanese-Lipsum Korean-Lipsum Russian-Lipsum arabic chinese czech greek hebrew hindi japanese korean persan russian thai vietnamese"
out=/tmp/h37a/per.$1.txt; : > $out
for e in 0 3; do for n in $names; do
a=$(/tmp/h37a/cg.sh /tmp/h37a/$1.test 2 $n:$e | awk '{print $5}')
b=$(/tmp/h37a/cg.sh /tmp/h37a/$1.test 4 $n:$e | awk '{print $5}')
echo "$n:$e $a $b $(echo "($b-$a)/2/1000000" | bc -l | xargs printf %.3f)" >> $out
done; done
rm -f /tmp/h37a/cg.$1.[24].*
