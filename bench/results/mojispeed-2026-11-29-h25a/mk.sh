#!/bin/bash
# (h25a: also its corpus_test.go.txt)
# mk.sh name: build /tmp/h25a/name.test from the worktree with s8s compare test and h24xs instr test (s8s plus ZZ_ONLY) copied in (then removed)
set -e
S=/work/wt-h25a/bench/results/mojispeed-2026-11-29-s8
cd ${DIR:-/work/wt-h25a}/mojibake   # DIR: another checkout (main for the base)
cp $S/compare_test.go.txt zz_compare_test.go; cp /work/wt-h25a/bench/results/mojispeed-2026-11-29-h25a/corpus_test.go.txt zz_corpus_test.go; cp /work/wt-h25a/bench/results/mojispeed-2026-11-29-h25a/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h25a/$1.test . ; rc=$?
rm -f zz_compare_test.go zz_instr_test.go zz_corpus_test.go
exit $rc
