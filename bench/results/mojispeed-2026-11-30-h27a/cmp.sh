#!/bin/bash
# cmp.sh name: compare harness outputs against base
cd /work/wt-h27a/mojibake
UTF8X_CORPUS=/work/shared/corpus ZZ_OUT=/tmp/h27a/cmp.$1.txt /tmp/h27a/$1.test -test.run ZZCompare 2>&1 | tail -1
UTF8X_CORPUS=/work/shared/corpus ZZ_CORPUS=/tmp/h27a/corp.$1.txt /tmp/h27a/$1.test -test.run ZZCorpus 2>&1 | tail -1
cmp /tmp/h27a/cmp.base.txt /tmp/h27a/cmp.$1.txt && echo "IDENTICAL $(wc -l < /tmp/h27a/cmp.$1.txt) lines"
cmp /tmp/h27a/corp.base.txt /tmp/h27a/corp.$1.txt && echo "CORPUS IDENTICAL $(wc -l < /tmp/h27a/corp.$1.txt) lines"
