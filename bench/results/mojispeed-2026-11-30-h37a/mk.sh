#!/bin/bash
# usage: mk.sh NAME [TREE]: TREE's (default /work/main) mojibake test binary with h25a's TestZZInstr -> /tmp/h37a/NAME.test
t=${2:-/work/main}
cd $t/mojibake && cp /work/main/bench/results/mojispeed-2026-11-29-h25a/instr_test.go.txt ./zz_instr_test.go && go test -c -o /tmp/h37a/$1.test . ; rm -f zz_instr_test.go
