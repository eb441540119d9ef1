#!/bin/bash
# usage: mk.sh NAME : build the worktree's mojibake test binary with TestZZInstr in /tmp/h33a/NAME.test
cd /work/wt-h33a/mojibake && cp ../bench/results/mojispeed-2026-11-29-h25a/instr_test.go.txt ./zz_instr_test.go && go test -c -o /tmp/h33a/$1.test . ; rm -f zz_instr_test.go
