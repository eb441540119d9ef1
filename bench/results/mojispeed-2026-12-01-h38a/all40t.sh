#!/bin/bash
# all40t.sh NAME [inputs]: like all40.sh, but records both the mojibake package's
# instructions a round and the whole process's ((R=4 - R=2)/2, M) -> $W/pert.NAME.txt
W=${W:-/tmp/instr40}
cg=/work/main/bench/results/tools/instr40/cg.sh
names="Arabic-Lipsum Chinese-Lipsum Emoji-Lipsum Hebrew-Lipsum Hindi-Lipsum Japanese-Lipsum Korean-Lipsum Russian-Lipsum arabic chinese czech greek hebrew hindi japanese korean persan russian thai vietnamese"
inputs=${@:2}
[ -z "$inputs" ] && inputs=$(for e in 0 3; do for n in $names; do echo $n:$e; done; done)
out=$W/pert.$1.txt; : > $out
for i in $inputs; do
a=($($cg $W/$1.test 2 $i)); b=($($cg $W/$1.test 4 $i))
echo "$i $(echo "(${b[4]}-${a[4]})/2/1000000" | bc -l | xargs printf %.3f) $(echo "(${b[2]}-${a[2]})/2/1000000" | bc -l | xargs printf %.3f)" | tee -a $out
done
rm -f $W/cg.$1.[24].*
