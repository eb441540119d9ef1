#!/bin/bash
# usage: mk.sh NAME [TREE]: TREE's (default /work/main) mojibake test binary with
# h25a's TestZZInstr -> $W/NAME.test (W: the work directory, default /tmp/instr40)
W=${W:-/tmp/instr40}; mkdir -p $W
here=$(cd "$(dirname "$0")" && pwd)
t=${2:-/work/main}
cd $t/mojibake && cp $here/../../mojispeed-2026-11-29-h25a/instr_test.go.txt ./zz_instr_test.go && go test -c -o $W/$1.test . ; rm -f zz_instr_test.go
