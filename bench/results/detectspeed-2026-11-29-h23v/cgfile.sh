#!/bin/bash
# cgfile.sh BIN FILE...: instructions of one `BIN detect --read-all FILE` process each
for f in "$@"; do
  n=$(GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/tmp/h23v/cgf.$$ $BIN detect --read-all "$f" 2>&1 >/dev/null | grep "refs:" | awk '{gsub(",","",$4); print $4}')
  rm -f /tmp/h23v/cgf.$$
  echo "$f $n"
done
