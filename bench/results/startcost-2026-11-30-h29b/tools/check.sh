#!/bin/bash
# check.sh BIN TAG (h26d's check.sh, output to /tmp/h29b/out)
B=$1; T=$2; O=/tmp/h29b/out
cd /tmp/h23y
xargs -d '\n' -n 500 $B detect --json < allfiles > $O/$T.json 2>&1
xargs -d '\n' -n 500 $B detect --all < allfiles > $O/$T.all 2>&1
xargs -d '\n' -n 500 $B detect --all --read-all < allfiles > $O/$T.readall 2>&1
grep -E 'mine/|salad/' allfiles | while read f; do $B detect --json "$f"; done > $O/$T.single 2>&1
cd $O && md5sum $T.json $T.all $T.readall $T.single && wc -l $T.json $T.all $T.readall $T.single
