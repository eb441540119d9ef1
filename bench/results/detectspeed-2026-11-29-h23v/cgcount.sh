#!/bin/bash
# cgcount.sh BIN LIST: instructions (callgrind) of one `BIN detect` process on
# the files LIST names.
GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/h23v/cg.tmp.$$ $1 detect $(cat $2) 2>&1 >/dev/null | grep "refs:" | awk '{gsub(",","",$4); print $4}'
rm -f /tmp/h23v/cg.tmp.$$
