#!/bin/bash
# usage: mk.sh NAME [TREE]: TREE's (default /work/wt-h35b) mojibake test binary with h25a's TestZZInstr -> /tmp/h35b/NAME.test
t=${2:-/work/wt-h35b}
cd $t/mojibake && cp /work/wt-h35b/bench/results/mojispeed-2026-11-29-h25a/instr_test.go.txt ./zz_instr_test.go && go test -c -o /tmp/h35b/$1.test . ; rm -f zz_instr_test.go
