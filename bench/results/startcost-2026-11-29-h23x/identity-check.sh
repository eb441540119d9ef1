#!/bin/bash
# identity-check.sh BIN TAG: every file of /tmp/h23x/allfiles (make-inputs.sh)
# through `utf8x detect --all` and `--all --read-all`, 500 files a process,
# and each of fr.txt, ru.txt, el.txt alone; prints the outputs' md5.
B=$1; T=$2
cd /tmp/h23x
( xargs -d '\n' -n 500 $B detect --all < allfiles; for f in fr.txt ru.txt el.txt; do $B detect --all $f; done ) > out.$T.all 2>&1
( xargs -d '\n' -n 500 $B detect --all --read-all < allfiles; for f in fr.txt ru.txt el.txt; do $B detect --all --read-all $f; done ) > out.$T.readall 2>&1
md5sum out.$T.all out.$T.readall; wc -l < out.$T.all
