#!/bin/bash
# mk.sh name: build /tmp/h24y/name.test from the worktree with s8s compare test and h24ys instr test (s8s plus ZZ_ONLY) copied in (then removed)
set -e
S=/work/wt-h24y/bench/results/mojispeed-2026-11-29-s8
cd ${DIR:-/work/wt-h24y}/mojibake   # DIR: another checkout (main for the base)
cp $S/compare_test.go.txt zz_compare_test.go; cp /work/wt-h24y/bench/results/mojispeed-2026-11-29-h24y/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h24y/$1.test . ; rc=$?
rm -f zz_compare_test.go zz_instr_test.go
exit $rc
