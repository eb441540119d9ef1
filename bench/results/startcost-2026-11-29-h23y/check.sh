#!/bin/bash
# check.sh BIN TAG: detect --all and --all --read-all over allfiles, 500 files a process
B=$1; T=$2
cd /tmp/h23y
xargs -d '\n' -n 500 $B detect --all < allfiles > out.$T.all 2>&1
xargs -d '\n' -n 500 $B detect --all --read-all < allfiles > out.$T.readall 2>&1
# and every Russian/Greek/CJK piece alone (first windows of a process)
grep -E 'mine/|salad/s0[0-4]' allfiles | while read f; do $B detect --all "$f"; done > out.$T.single 2>&1
md5sum out.$T.all out.$T.readall out.$T.single; wc -l out.$T.all out.$T.readall out.$T.single | head -3
