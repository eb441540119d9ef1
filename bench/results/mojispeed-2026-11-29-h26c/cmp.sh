#!/bin/bash
# cmp.sh name: run ZZCompare and ZZCorpus of name.test, cmp with base's
cd /work/wt-h26c/mojibake
export UTF8X_CORPUS=/work/shared/corpus
ZZ_OUT=/tmp/h26c/cmp.$1.txt /tmp/h26c/$1.test -test.run ZZCompare -test.v 2>&1 | grep -E 'lines|PASS|FAIL' | head -3
ZZ_CORPUS=/tmp/h26c/corp.$1.txt /tmp/h26c/$1.test -test.run ZZCorpus -test.v 2>&1 | grep -E 'inputs|PASS|FAIL' | head -3
cmp /tmp/h26c/cmp.base.txt /tmp/h26c/cmp.$1.txt && echo "IDENTICAL $(wc -l < /tmp/h26c/cmp.$1.txt) lines"
cmp /tmp/h26c/corp.base.txt /tmp/h26c/corp.$1.txt && echo "IDENTICAL corpus $(wc -l < /tmp/h26c/corp.$1.txt) inputs"
