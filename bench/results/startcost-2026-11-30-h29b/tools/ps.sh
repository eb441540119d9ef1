#!/bin/bash
# ps.sh rounds: perf stat -r 200 task-clock,page-faults; base, new, uchardet in turn
for r in $(seq $1); do for f in fr4k ru4k el4k; do for b in ./u8base ./u8e /usr/bin/uchardet; do
  if [ $b = /usr/bin/uchardet ]; then cmd="$b $f.txt"; else cmd="$b detect $f.txt"; fi
  o=$(perf stat -x, -e task-clock,page-faults -r 200 $cmd 2>&1 >/dev/null)
  tc=$(echo "$o" | grep task-clock | cut -d, -f1); pf=$(echo "$o" | grep page-faults | cut -d, -f1)
  echo "$r $f $b $tc $pf"
done; done; done
