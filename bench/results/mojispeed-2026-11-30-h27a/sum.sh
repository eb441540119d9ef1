#!/bin/bash
# usage: sum.sh cachegrind.out -> Ir summed over the mojibake package's functions
# (file:function rows whose function is in package mojibake, but not the test's own
# set-up: misread, misreadBytes, TestZZInstr and what is inlined into them).
cg_annotate --threshold=0 "$1" 2>/dev/null | awk '/file:function/{p=1;next} p && /mojibake\./ && !/_test\.go:/ && !/mojibake\.misread/ && !/TestZZ/ {v=$1; gsub(",","",v); s+=v} END {printf "%.0f\n", s}'
