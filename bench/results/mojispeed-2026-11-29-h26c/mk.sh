#!/bin/bash
# mk.sh name: build /tmp/h26c/name.test from DIR (default the worktree) with s8's compare test, h25a's corpus test, h25b's instr test copied in (then removed)
set -e
S=/work/wt-h26c/bench/results
cd ${DIR:-/work/wt-h26c}/mojibake
cp $S/mojispeed-2026-11-29-s8/compare_test.go.txt zz_compare_test.go
cp $S/mojispeed-2026-11-29-h25a/corpus_test.go.txt zz_corpus_test.go
cp $S/mojispeed-2026-11-29-h25b/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h26c/$1.test . ; rc=$?
rm -f zz_compare_test.go zz_corpus_test.go zz_instr_test.go
exit $rc
