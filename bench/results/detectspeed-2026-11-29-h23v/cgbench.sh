#!/bin/bash
# cgbench.sh TESTBIN BENCH -> instructions per op (difference of 20x and 10x runs / 10)
run() { GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/h23v/cgb.$$ $1 -test.run '^$' -test.bench "$2" -test.benchtime $3 2>&1 >/dev/null | grep "refs:" | awk '{gsub(",","",$4); print $4}'; rm -f /tmp/h23v/cgb.$$; }
a=$(run $1 "$2" 10x); b=$(run $1 "$2" 20x)
echo $(( (b-a)/10 ))
