#!/bin/bash
# cmp.sh name: run TestZZCompare of name.test and cmp its output with main's (cmp.base.txt)
cd /work/wt-h25b/mojibake
UTF8X_CORPUS=/work/shared/corpus ZZ_OUT=/tmp/h25b/cmp.$1.txt /tmp/h25b/$1.test -test.run ZZCompare -test.v 2>&1 | grep -E 'lines|PASS|FAIL' | head -3
cmp /tmp/h25b/cmp.base.txt /tmp/h25b/cmp.$1.txt && echo "IDENTICAL $(wc -l < /tmp/h25b/cmp.$1.txt) lines"
