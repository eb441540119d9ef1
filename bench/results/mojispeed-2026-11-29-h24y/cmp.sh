#!/bin/bash
# cmp.sh name: run TestZZCompare of name.test and cmp its output with main's (cmp.base.txt)
cd /work/wt-h24y/mojibake
UTF8X_CORPUS=/work/shared/corpus ZZ_OUT=/tmp/h24y/cmp.$1.txt /tmp/h24y/$1.test -test.run ZZCompare -test.v 2>&1 | grep -E 'lines|PASS|FAIL' | head -3
cmp /tmp/h24y/cmp.base.txt /tmp/h24y/cmp.$1.txt && echo "IDENTICAL $(wc -l < /tmp/h24y/cmp.$1.txt) lines"
