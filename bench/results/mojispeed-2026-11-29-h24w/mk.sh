#!/bin/bash
# mk.sh name: build /tmp/h24w/name.test from the worktree with s8's compare and instr tests copied in (then removed)
set -e
S=/work/wt-h24w/bench/results/mojispeed-2026-11-29-s8
cd /work/wt-h24w/mojibake
cp $S/compare_test.go.txt zz_compare_test.go; cp $S/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h24w/$1.test . ; rc=$?
rm -f zz_compare_test.go zz_instr_test.go
exit $rc
