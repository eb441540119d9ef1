#!/bin/bash
# cmp.sh name: compare harness, run from the name's tree mojibake dir, cmp against base
cd /tmp/h28b/src-$1/mojibake
UTF8X_CORPUS=/work/shared/corpus ZZ_OUT=/tmp/h28b/cmp.$1.txt /tmp/h28b/$1.test -test.run ZZCompare 2>&1 | tail -1
UTF8X_CORPUS=/work/shared/corpus ZZ_CORPUS=/tmp/h28b/corpus.$1.txt /tmp/h28b/$1.test -test.run ZZCorpus 2>&1 | tail -1
[ $1 = base ] && exit 0
cmp /tmp/h28b/cmp.base.txt /tmp/h28b/cmp.$1.txt && echo "IDENTICAL $(wc -l < /tmp/h28b/cmp.$1.txt) lines"
cmp /tmp/h28b/corpus.base.txt /tmp/h28b/corpus.$1.txt && echo "CORPUS IDENTICAL $(wc -l < /tmp/h28b/corpus.$1.txt) lines"
