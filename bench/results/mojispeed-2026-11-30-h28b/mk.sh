#!/bin/bash
# mk.sh name rev: git archive rev into /tmp/h28b/src-name, build name.test with the zz tests (compare, corpus, instr)
set -e
S=/work/wt-h28b/bench/results
d=/tmp/h28b/src-$1; rm -rf $d; mkdir -p $d
(cd /work/wt-h28b && git archive $2) | tar -x -C $d
cd $d/mojibake
cp $S/mojispeed-2026-11-29-s8/compare_test.go.txt zz_compare_test.go
cp $S/mojispeed-2026-11-29-h25a/corpus_test.go.txt zz_corpus_test.go
cp $S/mojispeed-2026-11-29-h25a/instr_test.go.txt zz_instr_test.go
go test -c -o /tmp/h28b/$1.test .
rm -f zz_compare_test.go zz_corpus_test.go zz_instr_test.go
