#!/bin/bash
# usage: three.sh NAME: czech:0 korean:0 hebrew:0, M instr a round
for i in czech:0 korean:0 hebrew:0; do
a=$(/tmp/h37a/cg.sh /tmp/h37a/$1.test 2 $i | awk '{print $5}')
b=$(/tmp/h37a/cg.sh /tmp/h37a/$1.test 4 $i | awk '{print $5}')
echo "$1 $i $(echo "($b-$a)/2/1000000" | bc -l | xargs printf %.3f)"
done
