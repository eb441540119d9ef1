#!/bin/bash
# usage: mk.sh NAME [TREE] : build TREE's (default /work/wt-h35a) mojibake test binary with h25a's TestZZInstr in /tmp/h35a/NAME.test
t=${2:-/work/wt-h35a}
cd $t/mojibake && cp /work/wt-h35a/bench/results/mojispeed-2026-11-29-h25a/instr_test.go.txt ./zz_instr_test.go && go test -c -o /tmp/h35a/$1.test . ; rm -f zz_instr_test.go
