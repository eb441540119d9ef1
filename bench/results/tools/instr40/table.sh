#!/bin/bash
# usage: table.sh BASE.txt NEW.txt: markdown table of col 4 (M instr a round), per input and over all
join <(sort $1) <(sort $2) | awk '{d=($7-$4)/$4*100; printf "| %s | %.3f | %.3f | %+.2f%% |\n", $1, $4, $7, d; a+=$4; b+=$7} END {printf "| **all %d** | %.2f | %.2f | %+.2f%% |\n", NR, a, b, (b-a)/a*100}'
