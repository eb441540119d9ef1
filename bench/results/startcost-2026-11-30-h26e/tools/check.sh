#!/bin/bash
# check.sh BIN TAG: detect --json, --all, --all --read-all over h23y's 4,034 files (500 a process),
# and --json one process per file over the corpus pieces and salads (first window of a process)
B=$1; T=$2; O=/tmp/h26e/out
cd /tmp/h23y
xargs -d '\n' -n 500 $B detect --json < allfiles > $O/$T.json 2>&1
xargs -d '\n' -n 500 $B detect --all < allfiles > $O/$T.all 2>&1
xargs -d '\n' -n 500 $B detect --all --read-all < allfiles > $O/$T.readall 2>&1
grep -E 'mine/|salad/' allfiles | while read f; do $B detect --json "$f"; done > $O/$T.single 2>&1
cd $O && md5sum $T.json $T.all $T.readall $T.single && wc -l $T.json $T.all $T.readall $T.single
