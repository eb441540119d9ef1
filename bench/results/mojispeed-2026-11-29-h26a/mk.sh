#!/bin/bash
# mk.sh name: build /tmp/h26a/name.test from ${DIR:-/work/wt-h26a} with the compare, corpus and instr tests copied in (then removed)
set -e
R=/work/wt-h26a/bench/results
cd ${DIR:-/work/wt-h26a}/mojibake
cp $R/mojispeed-2026-11-29-s8/compare_test.go.txt zz_compare_test.go
cp $R/mojispeed-2026-11-29-h25a/corpus_test.go.txt zz_corpus_test.go
cp $R/mojispeed-2026-11-29-h25b/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h26a/$1.test . ; rc=$?
rm -f zz_compare_test.go zz_instr_test.go zz_corpus_test.go
exit $rc
