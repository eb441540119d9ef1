#!/bin/bash
# cmp.sh name: run TestZZCompare of name.test and cmp its output with main's (cmp.base.txt)
cd /work/wt-h25a/mojibake
UTF8X_CORPUS=/work/shared/corpus ZZ_OUT=/tmp/h25a/cmp.$1.txt /tmp/h25a/$1.test -test.run ZZCompare -test.v 2>&1 | grep -E 'lines|PASS|FAIL' | head -3
cmp /tmp/h25a/cmp.base.txt /tmp/h25a/cmp.$1.txt && echo "IDENTICAL $(wc -l < /tmp/h25a/cmp.$1.txt) lines"
UTF8X_CORPUS=/work/shared/corpus ZZ_CORPUS=/tmp/h25a/corpus.$1.txt /tmp/h25a/$1.test -test.run ZZCorpus -test.v 2>&1 | grep -E 'inputs|PASS|FAIL' | head -3
cmp /tmp/h25a/corpus.base.txt /tmp/h25a/corpus.$1.txt && echo "CORPUS IDENTICAL $(wc -l < /tmp/h25a/corpus.$1.txt) inputs"
