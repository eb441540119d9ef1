#!/bin/bash
# cmp.sh name: compare harness of name.test against base's outputs
cd /work/wt-h26a/mojibake
UTF8X_CORPUS=/work/shared/corpus ZZ_OUT=/tmp/h26a/cmp.$1.txt /tmp/h26a/$1.test -test.run ZZCompare -test.v 2>&1 | grep -E 'lines|PASS|FAIL' | head -3
cmp /tmp/h26a/cmp.base.txt /tmp/h26a/cmp.$1.txt && echo "IDENTICAL $(wc -l < /tmp/h26a/cmp.$1.txt) lines"
UTF8X_CORPUS=/work/shared/corpus ZZ_CORPUS=/tmp/h26a/corpus.$1.txt /tmp/h26a/$1.test -test.run ZZCorpus -test.v 2>&1 | grep -E 'inputs|PASS|FAIL' | head -3
cmp /tmp/h26a/corpus.base.txt /tmp/h26a/corpus.$1.txt && echo "CORPUS IDENTICAL $(wc -l < /tmp/h26a/corpus.$1.txt) inputs"
