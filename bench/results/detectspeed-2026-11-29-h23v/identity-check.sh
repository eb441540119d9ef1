#!/bin/bash
# identity-check.sh BIN TAG: every file of /tmp/h23v/allfiles (make-inputs.sh)
# through `utf8x detect --all` and `--all --read-all`, 500 files a process;
# prints the outputs' md5.
B=$1; T=$2
cd /tmp/h23v
xargs -d '\n' -n 500 $B detect --all < allfiles > out.$T.all 2>&1
xargs -d '\n' -n 500 $B detect --all --read-all < allfiles > out.$T.readall 2>&1
md5sum out.$T.all out.$T.readall
