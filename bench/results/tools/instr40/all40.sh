#!/bin/bash
# usage: all40.sh NAME [INPUT:CHAIN...] -> per input, M instructions a round of package
# mojibake ((R=4 - R=2)/2), into $W/per.NAME.txt (W default /tmp/instr40); without
# inputs, the 40 of the misread benchmark (:0 windows-1252, :3 windows-1251)
W=${W:-/tmp/instr40}; mkdir -p $W
here=$(cd "$(dirname "$0")" && pwd)
names="Arabic-Lipsum Chinese-Lipsum Emoji-Lipsum Hebrew-Lipsum Hindi-Lipsum Japanese-Lipsum Korean-Lipsum Russian-Lipsum arabic chinese czech greek hebrew hindi japanese korean persan russian thai vietnamese"
inputs=${@:2}
[ -z "$inputs" ] && inputs=$(for e in 0 3; do for n in $names; do echo $n:$e; done; done)
out=$W/per.$1.txt; : > $out
for i in $inputs; do
a=$($here/cg.sh $W/$1.test 2 $i | awk '{print $5}')
b=$($here/cg.sh $W/$1.test 4 $i | awk '{print $5}')
echo "$i $a $b $(echo "($b-$a)/2/1000000" | bc -l | xargs printf %.3f)" | tee -a $out
done
rm -f $W/cg.$1.[24].*
