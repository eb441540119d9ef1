#!/bin/bash
# mk.sh name dir
set -e
R=/work/wt-h27a/bench/results
cd $2/mojibake
cp $R/mojispeed-2026-11-29-s8/compare_test.go.txt zz_compare_test.go
cp $R/mojispeed-2026-11-29-h25a/corpus_test.go.txt zz_corpus_test.go
cp $R/mojispeed-2026-11-29-h25b/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h27a/$1.test . ; rc=$?
rm -f zz_compare_test.go zz_corpus_test.go zz_instr_test.go
exit $rc
