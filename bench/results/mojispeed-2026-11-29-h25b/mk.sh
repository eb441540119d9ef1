#!/bin/bash
# mk.sh name: build /tmp/h25b/name.test from the worktree with s8s compare test and h25bs instr test (s8s plus ZZ_ONLY) copied in (then removed)
set -e
S=/work/wt-h25b/bench/results/mojispeed-2026-11-29-s8
cd ${DIR:-/work/wt-h25b}/mojibake   # DIR: another checkout (main for the base)
cp $S/compare_test.go.txt zz_compare_test.go; cp /work/wt-h25b/bench/results/mojispeed-2026-11-29-h25b/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h25b/$1.test . ; rc=$?
rm -f zz_compare_test.go zz_instr_test.go
exit $rc
